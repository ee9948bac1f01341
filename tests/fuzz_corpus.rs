//! The fuzz corpus (`tests/fuzz/corpus/`) through every fuzz target once, so that each
//! committed input, including any failure the soak harness found and saved there, is
//! checked by every `cargo test`. The soak harness itself is `examples/soak.rs`.

mod common;
mod fuzz;

use fuzz::{corpus, Outcome, Target};

#[test]
fn every_corpus_file_passes_every_target() {
    let files = corpus();
    assert!(files.len() >= 30, "the corpus has {} files", files.len());
    let mut failures = Vec::new();
    let mut n_checked = 0;
    for (name, bytes) in &files {
        for target in Target::ALL {
            match std::panic::catch_unwind(|| target.run(bytes)) {
                Ok(Outcome::Checked) => n_checked += 1,
                Ok(_) => {}
                Err(_) => failures.push(format!("{name} in {}", target.name())),
            }
        }
    }
    assert!(failures.is_empty(), "failed: {}", failures.join("; "));
    // Most files are puzzles that every target checks whole, not just reads.
    assert!(
        n_checked * 2 > files.len() * Target::ALL.len(),
        "only {n_checked} checked"
    );
}

#[test]
fn the_corpus_has_every_size_variant_and_form() {
    let files = corpus();
    let read: Vec<stepdoku::Grid> = files
        .iter()
        .filter_map(|(_, bytes)| stepdoku::Grid::parse(std::str::from_utf8(bytes).ok()?).ok())
        .collect();
    for shape in stepdoku::Shape::ALL {
        assert!(
            read.iter().any(|g| g.shape() == shape),
            "no {} puzzle",
            shape.name()
        );
    }
    for slug in ["x", "windoku", "jigsaw"] {
        assert!(
            read.iter().any(|g| g.geometry().variant().slug() == slug),
            "no {slug} puzzle"
        );
    }
    assert!(read.iter().any(|g| g.marks().is_some()), "no pencil marks");
    let unreadable = files.len() - read.len();
    assert!(unreadable >= 5, "only {unreadable} unreadable files");
}

/// Inputs are made alike from the same seed, so a soak run repeats.
#[test]
fn inputs_repeat_with_their_seed() {
    let files: Vec<Vec<u8>> = corpus().into_iter().map(|(_, bytes)| bytes).collect();
    let take = |seed| {
        let mut inputs = fuzz::Inputs::new(seed, files.clone());
        (0..50).map(|_| inputs.next_input()).collect::<Vec<_>>()
    };
    assert_eq!(take(7), take(7));
    assert_ne!(take(7), take(8));
}
