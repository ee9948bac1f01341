//! The WebAssembly exports, run in headless Chromium by wasm-bindgen-test.
#![cfg(target_arch = "wasm32")]

use js_sys::Reflect;
use stepdoku::wasm;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const EASY: &str =
    "850002400720000009004000000000107002305000900040000000000080070017000000000036040";
const EASY_SOLUTION: &str =
    "859612437723854169164379528986147352375268914241593786432981675617425893598736241";
const SEVERAL: &str =
    "000000401000000000210000030059813000601090000000004000030006018000020905006500002";

fn field(object: &JsValue, name: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(name)).expect("a plain object")
}

fn text(object: &JsValue, name: &str) -> String {
    field(object, name).as_string().unwrap_or_default()
}

#[wasm_bindgen_test]
fn solve_returns_the_solution() {
    assert_eq!(wasm::solve(EASY).unwrap(), EASY_SOLUTION);
}

#[wasm_bindgen_test]
fn solve_throws_a_structured_error() {
    let error = wasm::solve("5..5").unwrap_err();
    assert_eq!(text(&error, "status"), "invalid");
    assert!(text(&error, "message").starts_with("Wrong length"));
    let duplicate = format!("5..5{}", ".".repeat(77));
    let error = wasm::solve(&duplicate).unwrap_err();
    assert_eq!(
        text(&error, "message"),
        "Duplicate given: r1c1 and r1c4 both hold 5 in row 1."
    );
}

#[wasm_bindgen_test]
fn analyze_shows_two_solutions() {
    let verdict = wasm::analyze(SEVERAL);
    assert_eq!(text(&verdict, "status"), "several");
    assert_ne!(text(&verdict, "solution"), text(&verdict, "second"));
    let verdict = wasm::analyze(&".".repeat(625));
    assert_eq!(text(&verdict, "status"), "several");
}

#[wasm_bindgen_test]
fn counts_single_and_batch() {
    assert_eq!(wasm::count_solutions(EASY, 2).unwrap(), 1);
    assert_eq!(wasm::count_solutions(SEVERAL, 2).unwrap(), 2);
    let batch = format!("{EASY}\n\n{SEVERAL}\nnot a puzzle\n");
    assert_eq!(wasm::count_solutions_batch(&batch, 2), vec![1, 2, 0]);
}

#[wasm_bindgen_test]
fn solver_steps_replay_to_the_solution() {
    for strategy in ["backtracking", "singles", "human"] {
        let mut solver = wasm::Solver::new(EASY, strategy).unwrap();
        let mut values: Vec<u8> = EASY.bytes().map(|b| b - b'0').collect();
        let mut last_kind = String::new();
        loop {
            let step = solver.step();
            if step.is_undefined() {
                break;
            }
            last_kind = text(&step, "kind");
            let changes = js_sys::Array::from(&field(&step, "changes"));
            for change in changes.iter() {
                let cell = field(&change, "cell").as_f64().unwrap() as usize;
                let digit = field(&change, "digit").as_f64().unwrap() as u8;
                match text(&change, "op").as_str() {
                    "place" => values[cell] = digit,
                    "unplace" => values[cell] = 0,
                    _ => {}
                }
            }
        }
        assert_eq!(last_kind, "solved", "{strategy}");
        let line: String = values.iter().map(|v| (b'0' + v) as char).collect();
        assert_eq!(line, EASY_SOLUTION, "{strategy}");
    }
    assert!(wasm::Solver::new(EASY, "magic").is_err());
}

#[wasm_bindgen_test]
fn parse_and_format_round_trip() {
    let parsed = wasm::parse_puzzle(&".".repeat(256)).unwrap();
    assert_eq!(field(&parsed, "size").as_f64(), Some(16.0));
    assert_eq!(wasm::format_puzzle(&[0; 16]).unwrap(), ".".repeat(16));
    let techniques = js_sys::Array::from(&wasm::techniques());
    assert!(techniques.length() > 40);
}
