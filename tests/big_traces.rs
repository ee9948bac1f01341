//! The Human strategy on big grids: a sparse 25×25 explained to the end, its trace replayed
//! and undone, each step outside search sound against the solution; and the same trace
//! whatever the finders kept from earlier boards (`logic::memo`, the forcing chains'
//! trials), on a warm thread and on a fresh one.

mod common;

use common::run_and_check;
use stepdoku::{search, Grid, Step, StepKind, Strategy};

/// A 25×25 with one solution and 300 givens (48%) whose Human trace takes forcing chains
/// (`stepdoku generate --size 25 --givens 300 --seed 7`).
const SPARSE_25: &str = "A.UV.RD.F.J..CQWTBN.XL..KMW.H..L.GJSBK..IF.....C..G..X..CW.NU.OMLH..AP..EYS..F.Q.BXUO.P.ENGMCK.W.DIVB...P.I.SH...FWL...U....N.X.LR.E.M...FH.BG...OKAT..K...U...Y..T....O..MEXB.E....K..OTRLP.A.U.X..Q...P.SITDGJQ..E..XA..RM.N....N.Q..V..RKM.Y.FC..T.I..W..Q..OM....C.A.....G.WJK...R.D.JFB...Y.....L...MC.F...LSR.C.M.WDPXYN...G...V.EC....D....L..HMJ.YX.A..I.W...HYX.J......B...LPD.F.S.......Q..RJB.GXU.I..Y..T.G.N.A...J...D...C..FRH.NU..Y.SE....C.WMVL....D.KAW.U..VYXCB..N.I.GRHS......BF..C..NKMSR.HYD.WOAICH.....NP..G.KT...DSA.VJS..M...OJ.BD..U..Y..Q....Q.GR.C.K..T...F..H.L..O...L..FW..A.H..VC..GO...K..W.DEXFS.HBO..Q..VU.AC.N.L";

/// A 16×16 with 20% of a solution's cells (`tests/data/big_grids.txt`, line 13): two
/// solutions, so its trace guesses and backtracks.
fn sparse_16() -> Grid {
    let text = include_str!("data/big_grids.txt");
    let line = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .find(|l| l.len() == 2 + 256)
        .expect("a 16×16 line");
    Grid::parse(&line[2..]).expect("a puzzle")
}

/// The Human trace of a puzzle, checked by [`run_and_check`].
fn trace(puzzle: &Grid, solution: Option<&Grid>) -> Vec<Step> {
    run_and_check(puzzle, Strategy::Human, solution, 100_000)
}

#[test]
fn a_sparse_25_by_25_is_explained_soundly_to_the_end() {
    let puzzle = Grid::parse(SPARSE_25).expect("a puzzle");
    let solution = search::solve(&puzzle, search::Budget::DEFAULT)
        .expect("decided")
        .expect("a solution");
    let steps = trace(&puzzle, Some(&solution));
    assert_eq!(steps.last().map(|s| s.kind), Some(StepKind::Solved));
    assert!(
        steps.iter().all(|s| s.kind != StepKind::Guess),
        "solved without a guess"
    );
    assert!(
        steps.iter().any(|s| s.technique.difficulty() >= 6.0),
        "the trace reaches the chains"
    );
}

#[test]
fn big_traces_do_not_depend_on_what_the_finders_kept() {
    let big = Grid::parse(SPARSE_25).expect("a puzzle");
    let small = sparse_16();
    // On this thread: the 25×25, then the 16×16 (another layout), then both again.
    let first = trace(&big, None);
    let other = trace(&small, None);
    assert_eq!(trace(&big, None), first, "the 25×25 again, after the 16×16");
    assert_eq!(trace(&small, None), other, "the 16×16 again");
    // On fresh threads, with nothing kept.
    let fresh = |puzzle: Grid| std::thread::spawn(move || trace(&puzzle, None));
    assert_eq!(fresh(big).join().expect("the thread ends"), first);
    assert_eq!(fresh(small).join().expect("the thread ends"), other);
}
