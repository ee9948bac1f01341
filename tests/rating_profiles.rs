//! The rating profiles against the peers' measured ratings: Sudoku Explainer's ER and
//! HoDoKu's level for the puzzles of `../shared/data/se_hodoku_ratings.tsv` (and a small copy
//! of our own in `tests/data/`, so the test also runs without `../shared`).

mod common;

use stepdoku::rating::agreement::{parse_peer_table, PeerRow};
use stepdoku::rating::hodoku::HodokuRating;

fn peer_rows() -> Vec<PeerRow> {
    let shared = common::data_path("se_hodoku_ratings").with_extension("tsv");
    let text = match std::fs::read_to_string(&shared) {
        Ok(text) => text,
        Err(_) => {
            eprintln!(
                "note: {} is absent: using tests/data/se_hodoku_ratings.tsv",
                shared.display()
            );
            include_str!("data/se_hodoku_ratings.tsv").to_string()
        }
    };
    parse_peer_table(&text).expect("a well-formed table")
}

#[test]
fn hodoku_levels_agree() {
    let rows = peer_rows();
    let mut equal = 0;
    for row in &rows {
        let ours = HodokuRating::of_puzzle(&row.puzzle, 10_000);
        let same = ours.level == row.hodoku_level;
        equal += usize::from(same);
        println!(
            "{} {:8} {:5} | {:8} {:5} {} | {:?}",
            if same { " " } else { "x" },
            ours.level.name(),
            ours.score,
            row.hodoku_level.name(),
            row.hodoku_score,
            row.hodoku_hardest,
            ours.hardest,
        );
    }
    let share = equal as f64 / rows.len() as f64;
    println!(
        "HoDoKu level equal on {equal} of {} ({:.0}%)",
        rows.len(),
        share * 100.0
    );
    assert!(share >= 0.9, "HoDoKu level agreement {share:.2}");
}

#[test]
fn se_ratings_agree() {
    use stepdoku::rating::agreement::ErAgreement;
    use stepdoku::rating::se::SeRating;
    let rows = peer_rows();
    let mut pairs = Vec::new();
    for row in &rows {
        let Some(theirs) = row.se else { continue };
        let ours = SeRating::of_puzzle(&row.puzzle);
        pairs.push((ours.er, theirs));
        let diff = ours.er - theirs.er();
        println!(
            "{} {:4.1} {:?}/{:?} {:45} | {:?} {} ",
            if diff.abs() <= 0.21 { " " } else { "x" },
            ours.er,
            ours.ep,
            ours.ed,
            format!("{:?}", ours.hardest),
            theirs,
            row.se_hardest,
        );
    }
    for prefix in ["magictour", "forum"] {
        let part: Vec<_> = rows
            .iter()
            .zip(&pairs)
            .filter(|(row, _)| row.collection.starts_with(prefix))
            .map(|(_, pair)| *pair)
            .collect();
        println!("{prefix}: {:?}", ErAgreement::of(&part));
    }
    let agreement = ErAgreement::of(&pairs);
    println!("{agreement:?}");
}
