//! The catalogue of bad inputs (`tests/data/bad-inputs.json`) through the command-line tool:
//! each case's input on standard input, its exit status and its message on standard error.
//! The same catalogue runs through the wasm exports (`tests/js/catalogue.test.mjs`) and the
//! page (`tests/e2e/catalogue.test.mjs`).

mod tool;

use serde_json::Value;
use tool::run_bytes;

/// The catalogue's cases.
fn cases() -> Vec<Value> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/bad-inputs.json");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let catalogue: Value = serde_json::from_str(&text).expect("the catalogue is JSON");
    catalogue["cases"].as_array().expect("cases").clone()
}

/// A case's input as bytes: `text`, `bytesHex` (for bytes that are not UTF-8), or
/// `repeat: [text, count]` (for huge inputs, built here rather than stored).
pub fn input_of(case: &Value) -> Vec<u8> {
    if let Some(text) = case["text"].as_str() {
        return text.as_bytes().to_vec();
    }
    if let Some(hex) = case["bytesHex"].as_str() {
        return (0..hex.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex bytes"))
            .collect();
    }
    let repeat = case["repeat"].as_array().expect("text, bytesHex or repeat");
    let unit = repeat[0].as_str().expect("repeat's text");
    let count = repeat[1].as_u64().expect("repeat's count") as usize;
    unit.repeat(count).into_bytes()
}

#[test]
fn every_bad_input_gets_its_message_and_status() {
    let cases = cases();
    let mut n_checked = 0;
    for case in &cases {
        let name = case["name"].as_str().expect("a name");
        let Some(cli) = case.get("cli") else {
            continue;
        };
        let args: Vec<&str> = cli["args"]
            .as_array()
            .map(|a| a.iter().map(|v| v.as_str().expect("an argument")).collect())
            .unwrap_or_else(|| vec!["solve"]);
        let mut input = input_of(case);
        input.push(b'\n');
        let run = run_bytes(&args, &input);
        let status = cli["status"].as_i64().expect("a status") as i32;
        assert_eq!(
            run.code, status,
            "{name}: exit status; stderr {}",
            run.stderr
        );
        let expected = cli["stderr"].as_str().expect("the message");
        assert!(
            run.stderr.contains(expected),
            "{name}: expected {expected:?} on stderr, got {:?}",
            run.stderr
        );
        assert!(
            !run.stderr.contains("panicked"),
            "{name}: panicked: {}",
            run.stderr
        );
        n_checked += 1;
    }
    assert!(n_checked >= 30, "only {n_checked} cases through the CLI");
    assert!(
        cases.len() >= 40,
        "the catalogue holds {} cases",
        cases.len()
    );
}
