//! The WebAssembly exports, run in headless Chromium by wasm-bindgen-test.
#![cfg(target_arch = "wasm32")]

#[path = "common/generated.rs"]
mod generated;

use generated::{generated_cases, GeneratedCase};
use js_sys::Reflect;
use stepdoku::wasm;
use wasm_bindgen::{JsCast, JsValue};
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

/// A list field of a record; a missing list is empty (see the README's Wire format).
fn list(object: &JsValue, name: &str) -> js_sys::Array {
    let value = field(object, name);
    if value.is_undefined() {
        js_sys::Array::new()
    } else {
        js_sys::Array::from(&value)
    }
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
    let verdict = wasm::analyze(SEVERAL, None);
    assert_eq!(text(&verdict, "status"), "several");
    assert_ne!(text(&verdict, "solution"), text(&verdict, "second"));
    let verdict = wasm::analyze(&".".repeat(625), None);
    assert_eq!(text(&verdict, "status"), "several");
}

#[wasm_bindgen_test]
fn counts_single_and_batch() {
    assert_eq!(wasm::count_solutions(EASY, 2).unwrap(), 1);
    assert_eq!(wasm::count_solutions(SEVERAL, 2).unwrap(), 2);
    let batch = format!("{EASY}\n\n{SEVERAL}\nnot a puzzle\n");
    assert_eq!(wasm::count_solutions_batch(&batch, 2), vec![1, 2, 0]);
    assert_eq!(
        wasm::count_solutions_bytes(batch.as_bytes(), 2),
        vec![1, 2, 0]
    );
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
            let changes = list(&step, "changes");
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
    assert_eq!(wasm::format_puzzle(&[0; 16], None).unwrap(), ".".repeat(16));
}

#[wasm_bindgen_test]
fn the_lists_the_page_needs_come_from_the_core() {
    let techniques = js_sys::Array::from(&wasm::techniques());
    assert!(techniques.length() > 40);
    let first = techniques.get(0);
    assert_eq!(text(&first, "id"), "full-house");
    assert_eq!(field(&first, "isSearch").as_bool(), Some(false));
    let last = techniques.get(techniques.length() - 1);
    assert_eq!(field(&last, "isSearch").as_bool(), Some(true));
    let strategies = js_sys::Array::from(&wasm::strategies());
    let ids: Vec<String> = strategies.iter().map(|s| text(&s, "id")).collect();
    assert_eq!(ids, ["backtracking", "singles", "human"]);
    assert_eq!(text(&strategies.get(1), "name"), "Singles + search");
    let kinds: Vec<String> = js_sys::Array::from(&wasm::verdict_kinds())
        .iter()
        .map(|k| k.as_string().unwrap())
        .collect();
    assert_eq!(kinds, ["unique", "several", "none", "invalid"]);
    assert_eq!(wasm::rating_max_steps(), 100_000);
}

#[wasm_bindgen_test]
fn pencil_marks_cross_as_bit_masks_and_survive_an_edit() {
    // Every cell allows every digit but r1c1, which allows 1 and 2.
    let line = format!("12.......{}", "123456789".repeat(80));
    let parsed = wasm::parse_puzzle(&line).unwrap();
    assert_eq!(text(&parsed, "line"), line);
    let marks = js_sys::Array::from(&field(&parsed, "marks"));
    assert_eq!(marks.length(), 81);
    assert_eq!(marks.get(0).as_f64(), Some(3.0));
    assert_eq!(marks.get(1).as_f64(), Some(511.0));
    let candidates = js_sys::Array::from(&field(&parsed, "candidates"));
    assert_eq!(candidates.get(0).as_f64(), Some(3.0));
    // A digit in r1c2 keeps r1c1's marks; a cell out of range is refused.
    let edited = wasm::set_cell(&line, 1, 5).unwrap();
    assert_eq!(&edited[..18], "12...........5....");
    assert!(wasm::set_cell(&line, 81, 1).is_err());
    assert!(field(&wasm::parse_puzzle(&".".repeat(81)).unwrap(), "marks").is_null());
}

#[wasm_bindgen_test]
fn a_position_gives_its_candidates_clashes_and_a_solver() {
    // The 4×4 `12.. / .... / .... / ....` with the person's 1 in r2c3 and r1c3 marked {3, 4}.
    let mut values = [0u8; 16];
    values[..2].copy_from_slice(&[1, 2]);
    values[6] = 1;
    let mut marks = [0u32; 16];
    marks[2] = 0b1100;
    let plain = wasm::candidates(&values, &[], None).unwrap();
    assert_eq!(plain[2], 0b1100, "r1c3 sees 1 and 2");
    assert_eq!(plain[3], 0b1100);
    assert_eq!(plain[0], 0, "a filled cell has none");
    let marked = wasm::candidates(&values, &marks, None).unwrap();
    assert_eq!(marked[2], 0b1100);
    assert_eq!(marked[4], 0b1100, "r2c1 sees 1 and 2 in its box");
    assert!(wasm::candidates(&values[..15], &[], None).is_err());
    assert!(wasm::candidates(&values, &marks[..3], None).is_err());
    assert!(wasm::conflicts(&values, None).unwrap().is_empty());
    values[3] = 2;
    assert_eq!(wasm::conflicts(&values, None).unwrap(), [1, 3]);
    values[3] = 0;
    // The solver keeps within the marks: r1c3 gets the one digit it is marked with.
    for digit in [3u8, 4] {
        marks[2] = 1 << (digit - 1);
        let mut solver = wasm::Solver::from_position(&values, &marks, "human", None).unwrap();
        let mut placed = None;
        loop {
            let step = solver.step();
            if step.is_undefined() {
                break;
            }
            for change in list(&step, "changes").iter() {
                if text(&change, "op") == "place" && field(&change, "cell").as_f64() == Some(2.0) {
                    placed = field(&change, "digit").as_f64();
                }
            }
        }
        assert_eq!(placed, Some(f64::from(digit)));
    }
    assert!(wasm::Solver::from_position(&values, &marks, "fastest", None).is_err());
}

#[wasm_bindgen_test]
fn a_layout_crosses_with_its_houses_and_comes_back_by_its_tag() {
    // An X-Sudoku 4×4: r1c1 and r4c4 share the diagonal ↘ but no row, column or box.
    let parsed = wasm::parse_puzzle("x:1...............").unwrap();
    let layout = field(&parsed, "layout");
    assert_eq!(text(&layout, "tag"), "x:");
    assert_eq!(text(&layout, "variant"), "x");
    assert_eq!(js_sys::Array::from(&field(&layout, "regions")).length(), 16);
    let extras = js_sys::Array::from(&field(&layout, "extras"));
    assert_eq!(extras.length(), 2);
    assert_eq!(text(&extras.get(0), "kind"), "diagonal");
    assert_eq!(text(&extras.get(0), "name"), "diagonal ↘");
    let diagonal: Vec<f64> = js_sys::Array::from(&field(&extras.get(0), "cells"))
        .iter()
        .filter_map(|c| c.as_f64())
        .collect();
    assert_eq!(diagonal, [0.0, 5.0, 10.0, 15.0]);
    let values: [u8; 16] = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1];
    assert!(wasm::conflicts(&values, None).unwrap().is_empty());
    assert_eq!(
        wasm::conflicts(&values, Some("x:".into())).unwrap(),
        [0, 15]
    );
    let candidates = wasm::candidates(&values[..], &[], Some("x:".into())).unwrap();
    assert_eq!(candidates[10], 0b1110, "r3c3 sees the 1s on its diagonal");
    assert!(wasm::format_puzzle(&values, Some("x:".into()))
        .unwrap()
        .starts_with("x:1"));
    // A jigsaw map comes back whole; a tag of another size or no tag at all is refused.
    let jigsaw = "jigsaw:AABBAABBCCDDCCDD:";
    let line = wasm::format_puzzle(&[0; 16], Some(jigsaw.into())).unwrap();
    assert_eq!(line, format!("{jigsaw}{}", ".".repeat(16)));
    assert!(wasm::format_puzzle(&[0; 16], Some("windoku:".into())).is_err());
    assert!(wasm::format_puzzle(&[0; 16], Some("magic".into())).is_err());
    assert!(wasm::Solver::from_position(&values, &[], "human", Some("x:".into())).is_ok());
    let offered: Vec<String> = js_sys::Array::from(&wasm::variants())
        .iter()
        .map(|v| text(&v, "tag"))
        .collect();
    assert_eq!(offered, ["", "x:", "windoku:"]);
}

#[wasm_bindgen_test]
fn rate_matches_the_solver_rating() {
    // Its Human trace needs an X-Chain; on the peers' terms (`stepdoku rate` prints
    // 6.8 1.2 1.2 1476 Unfair) Sudoku Explainer's chain is longer and HoDoKu's order cheaper.
    const XCHAIN: &str =
        ".................1..2..3.4......52...1.....6.7..........3.8.5....52.....4..1....7";
    let rating = wasm::rate(XCHAIN).unwrap();
    assert_eq!(field(&rating, "er").as_f64().map(|v| v as f32), Some(6.8));
    assert_eq!(field(&rating, "ep").as_f64().map(|v| v as f32), Some(1.2));
    assert_eq!(field(&rating, "score").as_f64(), Some(1476.0));
    assert_eq!(text(&rating, "source"), "peerProfiles");
    assert_eq!(text(&rating, "level"), "Unfair");
    assert_eq!(text(&rating, "hardest"), "X-Chain");
    assert_eq!(text(&rating, "hardestId"), "xchain");
    assert_eq!(field(&rating, "needsGuessing").as_bool(), Some(false));
    assert_eq!(field(&rating, "solved").as_bool(), Some(true));

    // The same rating from a Solver advanced in slices, without handing out steps.
    let mut solver = wasm::Solver::new(XCHAIN, "human").unwrap();
    assert_eq!(solver.advance(10), 10);
    assert_eq!(field(&solver.rating(), "truncated").as_bool(), Some(true));
    while solver.advance(16) == 16 {}
    assert_eq!(solver.step_count(), 73);
    let sliced = solver.rating();
    assert_eq!(
        js_sys::JSON::stringify(&sliced).unwrap(),
        js_sys::JSON::stringify(&rating).unwrap()
    );

    // A guess leaves EP and ED unknown (null); unreadable text throws the diagnosis.
    let empty = wasm::rate(&".".repeat(16)).unwrap();
    assert_eq!(field(&empty, "needsGuessing").as_bool(), Some(true));
    assert!(field(&empty, "ed").is_null());
    assert_eq!(text(&wasm::rate("5..5").unwrap_err(), "status"), "invalid");
}

#[wasm_bindgen_test]
fn a_seed_gives_the_same_puzzle_in_wasm_as_natively() {
    let cases = generated_cases();
    for GeneratedCase {
        seed,
        request: json,
        puzzle,
    } in &cases
    {
        let request = js_sys::JSON::parse(json).expect("JSON");
        let seed = *seed as f64;
        let mut generator = wasm::Generator::new(request, seed).expect("a request");
        let made = (0..10_000)
            .map(|_| generator.run(1))
            .find(|made| !made.is_undefined())
            .expect("a puzzle");
        assert_eq!(text(&made, "puzzle"), *puzzle, "seed {seed}, {json}");
        assert_eq!(field(&made, "seed").as_f64(), Some(seed));
        assert_eq!(field(&made, "tries").as_f64(), Some(generator.tries()));
    }
    assert_eq!(cases.len(), 16);
}

#[wasm_bindgen_test]
fn generator_requests_and_seeds_are_checked() {
    let request = js_sys::JSON::parse(r#"{"level":"hard"}"#).unwrap();
    for bad in [-1.0, 0.5, f64::NAN, 2f64.powi(53)] {
        let error = wasm::Generator::new(request.clone(), bad)
            .err()
            .expect("a RangeError");
        assert!(error.is_instance_of::<js_sys::RangeError>(), "{bad}");
    }
    for bad in [r#"{"level":"tricky"}"#, r#"{"technique":"guess"}"#] {
        let error = wasm::Generator::new(js_sys::JSON::parse(bad).unwrap(), 1.0)
            .err()
            .expect("a TypeError");
        assert!(error.is_instance_of::<js_sys::TypeError>(), "{bad}");
    }
    assert_eq!(wasm::seed_of_date("2026-11-24"), Some(20_261_124.0));
    assert_eq!(wasm::seed_of_date("tomorrow"), None);
    assert_eq!(js_sys::Array::from(&wasm::levels()).length(), 5);
    assert_eq!(js_sys::Array::from(&wasm::symmetries()).length(), 5);
}
