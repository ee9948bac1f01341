//! `explain --verbose`: the chain of each forcing step, one numbered implication a line under
//! the step, and otherwise the very text `explain` prints.

mod tool;

use serde_json::Value;
use tool::run;

/// The first puzzle of our own forcing collection: its Human trace takes Nishio chains.
fn forcing_puzzle() -> String {
    let line = include_str!("../../tests/data/forcing.txt")
        .lines()
        .find(|l| !l.starts_with('#') && !l.trim().is_empty())
        .expect("a puzzle");
    format!("{line}\n")
}

#[test]
fn explain_verbose_prints_the_chain_of_a_forcing_step() {
    let input = forcing_puzzle();
    let jsonl = run(&["explain", "--format", "jsonl"], &input);
    assert_eq!(jsonl.code, 0, "{}", jsonl.stderr);
    let forcing: Vec<Value> = jsonl
        .stdout
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("JSON"))
        .filter(|r| {
            r["techniqueId"]
                .as_str()
                .is_some_and(|id| id.ends_with("forcing-chain"))
        })
        .collect();
    assert!(!forcing.is_empty(), "the puzzle takes a forcing chain");

    let plain = run(&["explain"], &input);
    let verbose = run(&["explain", "--verbose"], &input);
    assert_eq!(verbose.code, 0, "{}", verbose.stderr);
    let lines = verbose.lines();
    for step in &forcing {
        let n = step["step"].as_u64().unwrap() + 1;
        let text = step["text"].as_str().unwrap();
        let at = lines
            .iter()
            .position(|l| l.starts_with(&format!("  {n:>4}. {text}  [")))
            .unwrap_or_else(|| panic!("step {n} in\n{}", verbose.stdout));
        let implications = step["implications"].as_array().expect("a chain");
        assert!(implications.len() > 1);
        for (k, implication) in implications.iter().enumerate() {
            let from: Vec<String> = implication["from"]
                .as_array()
                .map(|from| {
                    from.iter()
                        .map(|p| (p.as_u64().unwrap() + 1).to_string())
                        .collect()
                })
                .unwrap_or_default();
            let mut expected = format!(
                "        {:>3}. {}",
                k + 1,
                implication["text"].as_str().unwrap()
            );
            if !from.is_empty() {
                expected += &format!("  ({})", from.join(", "));
            }
            assert_eq!(lines[at + 1 + k], expected);
        }
        assert!(lines[at + 1].contains(". Suppose r"), "{}", lines[at + 1]);
        assert!(
            lines[at + 1 + implications.len()].starts_with(&format!("  {:>4}. ", n + 1)),
            "the next step follows the chain"
        );
    }
    // Without --verbose, the same text without the chains.
    let without_chains: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| !l.starts_with("        "))
        .collect();
    assert_eq!(without_chains, plain.lines());
    assert!(!plain.stdout.contains("Suppose r"));
}
