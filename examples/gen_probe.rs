use std::time::Instant;
use stepdoku::generate::*;
use stepdoku::{Geometry, Shape, Variant};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size: usize = args[1].parse().unwrap();
    let variant = Variant::from_name(&args[2]).unwrap();
    let n: u64 = args[3].parse().unwrap();
    let layout = Geometry::new(Shape::from_size(size).unwrap(), variant).unwrap();
    let mut req = Request::new(layout);
    if let Some(g) = args.get(4) {
        req.target = Target::Er(ErRange::parse(g).unwrap());
    }
    let mut counts = std::collections::BTreeMap::new();
    let mut ers = vec![];
    let t = Instant::now();
    let mut g = Generator::new(req, 1).unwrap();
    let mut times = vec![];
    for _ in 0..n {
        let t0 = Instant::now();
        let p = g.next_puzzle();
        if n <= 20 {
            println!(
                "{} er {} tries {} {:.0} ms",
                p.puzzle.to_line(),
                p.rating.er,
                p.tries,
                t0.elapsed().as_secs_f64() * 1000.0
            );
        }
        times.push(t0.elapsed().as_secs_f64() * 1000.0);
        *counts.entry(p.rating.level).or_insert(0) += 1;
        ers.push(p.rating.er);
        if n <= 3 {
            println!("{} {}", p.puzzle.to_line(), p.puzzle.n_filled());
        }
    }
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!(
        "{:?} total {:.2}s median {:.2} ms max {:.2}",
        counts,
        t.elapsed().as_secs_f64(),
        times[times.len() / 2],
        times[times.len() - 1]
    );
    let ge = |x: f32| ers.iter().filter(|&&e| e >= x).count();
    println!(
        "er>=4: {} >=6: {} >=7: {} >=8: {} >=9: {}",
        ge(4.0),
        ge(6.0),
        ge(7.0),
        ge(8.0),
        ge(9.0)
    );
}
