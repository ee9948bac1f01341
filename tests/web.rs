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

/// A list field of a record; a missing list is empty (see docs/FORMATS.md, Wire format).
fn list(object: &JsValue, name: &str) -> js_sys::Array {
    let value = field(object, name);
    if value.is_undefined() {
        js_sys::Array::new()
    } else {
        js_sys::Array::from(&value)
    }
}

/// Text as JavaScript passes it.
fn js(text: &str) -> JsValue {
    JsValue::from_str(text)
}

/// Bytes as a `Uint8Array`, as the page passes values.
fn bytes(values: &[u8]) -> JsValue {
    js_sys::Uint8Array::from(values).into()
}

/// Bit masks as a `Uint32Array`, as the page passes pencil marks.
fn masks(masks: &[u32]) -> JsValue {
    js_sys::Uint32Array::from(masks).into()
}

fn text(object: &JsValue, name: &str) -> String {
    field(object, name).as_string().unwrap_or_default()
}

#[wasm_bindgen_test]
fn solve_returns_the_solution() {
    assert_eq!(wasm::solve(&js(EASY)).unwrap(), EASY_SOLUTION);
}

#[wasm_bindgen_test]
fn solve_throws_a_structured_error() {
    let error = wasm::solve(&js("5..5")).unwrap_err();
    assert_eq!(text(&error, "status"), "invalid");
    assert!(text(&error, "message").starts_with("Wrong length"));
    let duplicate = format!("5..5{}", ".".repeat(77));
    let error = wasm::solve(&js(&duplicate)).unwrap_err();
    assert_eq!(
        text(&error, "message"),
        "Duplicate given: r1c1 and r1c4 both hold 5 in row 1."
    );
}

#[wasm_bindgen_test]
fn analyze_shows_two_solutions() {
    let verdict = wasm::analyze(&js(SEVERAL), &JsValue::UNDEFINED).unwrap();
    assert_eq!(text(&verdict, "status"), "several");
    assert_ne!(text(&verdict, "solution"), text(&verdict, "second"));
    let verdict = wasm::analyze(&js(&".".repeat(625)), &JsValue::UNDEFINED).unwrap();
    assert_eq!(text(&verdict, "status"), "several");
}

#[wasm_bindgen_test]
fn rate_stops_at_its_deadline() {
    // Rating an empty 25×25 grid takes hundreds of steps and a uniqueness count, far more
    // than the one millisecond allowed, however fast the machine.
    let rating = wasm::rate(&js(&".".repeat(625)), &JsValue::from(1)).unwrap();
    assert_eq!(
        Reflect::get(&rating, &"truncated".into()).unwrap(),
        JsValue::TRUE
    );
    assert_throws(
        wasm::rate(&js(SEVERAL), &JsValue::from(-5)),
        "RangeError",
        "The maxMs of rate must be a whole number from 1 to 9007199254740991, not -5.",
    );
}

#[wasm_bindgen_test]
fn analyze_within_a_budget_of_nodes() {
    // The first of forum_hardest_1106 needs dozens of nodes.
    let hard = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
    let verdict = wasm::analyze(&js(hard), &JsValue::from(3)).unwrap();
    assert_eq!(text(&verdict, "status"), "undecided");
    assert_eq!(
        text(&verdict, "message"),
        "Undecided: the search gave up after 3 nodes with no solution found so far."
    );
    let verdict = wasm::analyze(&js(hard), &JsValue::from(1_000_000)).unwrap();
    assert_eq!(text(&verdict, "status"), "unique");
}

#[wasm_bindgen_test]
fn counts_single_and_batch() {
    assert_eq!(wasm::count_solutions(&js(EASY), &2.into()).unwrap(), 1);
    assert_eq!(wasm::count_solutions(&js(SEVERAL), &2.into()).unwrap(), 2);
    let batch = format!("{EASY}\n\n{SEVERAL}\nnot a puzzle\n");
    assert_eq!(
        wasm::count_solutions_batch(&js(&batch), &2.into()).unwrap(),
        vec![1, 2, 0]
    );
    assert_eq!(
        wasm::count_solutions_bytes(&bytes(batch.as_bytes()), &2.into()).unwrap(),
        vec![1, 2, 0]
    );
}

#[wasm_bindgen_test]
fn solver_steps_replay_to_the_solution() {
    for strategy in ["backtracking", "singles", "human"] {
        let mut solver = wasm::Solver::new(&js(EASY), &js(strategy)).unwrap();
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
    assert!(wasm::Solver::new(&js(EASY), &js("magic")).is_err());
}

#[wasm_bindgen_test]
fn parse_and_format_round_trip() {
    let parsed = wasm::parse_puzzle(&js(&".".repeat(256))).unwrap();
    assert_eq!(field(&parsed, "size").as_f64(), Some(16.0));
    assert_eq!(
        wasm::format_puzzle(&bytes(&[0; 16]), &JsValue::UNDEFINED).unwrap(),
        ".".repeat(16)
    );
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
    assert_eq!(kinds, ["unique", "several", "none", "invalid", "undecided"]);
    assert_eq!(wasm::rating_max_steps(), 100_000);
}

#[wasm_bindgen_test]
fn pencil_marks_cross_as_bit_masks_and_survive_an_edit() {
    // Every cell allows every digit but r1c1, which allows 1 and 2.
    let line = format!("12.......{}", "123456789".repeat(80));
    let parsed = wasm::parse_puzzle(&js(&line)).unwrap();
    assert_eq!(text(&parsed, "line"), line);
    let marks = js_sys::Array::from(&field(&parsed, "marks"));
    assert_eq!(marks.length(), 81);
    assert_eq!(marks.get(0).as_f64(), Some(3.0));
    assert_eq!(marks.get(1).as_f64(), Some(511.0));
    let candidates = js_sys::Array::from(&field(&parsed, "candidates"));
    assert_eq!(candidates.get(0).as_f64(), Some(3.0));
    // A digit in r1c2 keeps r1c1's marks; a cell out of range is refused.
    let edited = wasm::set_cell(&js(&line), &1.into(), &5.into()).unwrap();
    assert_eq!(&edited[..18], "12...........5....");
    assert!(wasm::set_cell(&js(&line), &81.into(), &1.into()).is_err());
    assert!(field(&wasm::parse_puzzle(&js(&".".repeat(81))).unwrap(), "marks").is_null());
}

#[wasm_bindgen_test]
fn a_position_gives_its_candidates_clashes_and_a_solver() {
    // The 4×4 `12.. / .... / .... / ....` with the person's 1 in r2c3 and r1c3 marked {3, 4}.
    let mut values = [0u8; 16];
    values[..2].copy_from_slice(&[1, 2]);
    values[6] = 1;
    let mut marks = [0u32; 16];
    marks[2] = 0b1100;
    let plain = wasm::candidates(&bytes(&values), &masks(&[]), &JsValue::UNDEFINED).unwrap();
    assert_eq!(plain[2], 0b1100, "r1c3 sees 1 and 2");
    assert_eq!(plain[3], 0b1100);
    assert_eq!(plain[0], 0, "a filled cell has none");
    let marked = wasm::candidates(&bytes(&values), &masks(&marks), &JsValue::UNDEFINED).unwrap();
    assert_eq!(marked[2], 0b1100);
    assert_eq!(marked[4], 0b1100, "r2c1 sees 1 and 2 in its box");
    assert!(wasm::candidates(&bytes(&values[..15]), &masks(&[]), &JsValue::UNDEFINED).is_err());
    assert!(wasm::candidates(&bytes(&values), &masks(&marks[..3]), &JsValue::UNDEFINED).is_err());
    assert!(wasm::conflicts(&bytes(&values), &JsValue::UNDEFINED)
        .unwrap()
        .is_empty());
    values[3] = 2;
    assert_eq!(
        wasm::conflicts(&bytes(&values), &JsValue::UNDEFINED).unwrap(),
        [1, 3]
    );
    values[3] = 0;
    // The solver keeps within the marks: r1c3 gets the one digit it is marked with.
    for digit in [3u8, 4] {
        marks[2] = 1 << (digit - 1);
        let mut solver = wasm::Solver::from_position(
            &bytes(&values),
            &masks(&marks),
            &js("human"),
            &JsValue::UNDEFINED,
        )
        .unwrap();
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
    assert!(wasm::Solver::from_position(
        &bytes(&values),
        &masks(&marks),
        &js("fastest"),
        &JsValue::UNDEFINED
    )
    .is_err());
}

#[wasm_bindgen_test]
fn a_layout_with_rules_crosses_with_them_and_comes_back_by_its_key() {
    let row = "[{},{},{},{}]";
    let json = format!(
        r#"{{"size":4,"grid":[{row},{row},{row},{row}],"killercage":[{{"cells":["R1C1","R1C2"],"value":"3"}}],"ratio":[{{"cells":["R4C3","R4C4"]}}]}}"#
    );
    assert!(wasm::is_import(&js(&json)).unwrap());
    assert!(wasm::is_import(&js("https://www.f-puzzles.com/?load=N4Ig")).unwrap());
    assert!(!wasm::is_import(&js(&".".repeat(16))).unwrap());
    let line = wasm::import_puzzle(&js(&json)).unwrap();
    assert_eq!(
        line,
        format!("{};cage=3:r1c1,r1c2;black:r4c3,r4c4", ".".repeat(16))
    );
    let parsed = wasm::parse_puzzle(&js(&line)).unwrap();
    let layout = field(&parsed, "layout");
    assert_eq!(text(&layout, "tag"), ";cage=3:r1c1,r1c2;black:r4c3,r4c4");
    let rules = field(&layout, "rules");
    let cage = list(&rules, "cages").get(0);
    assert_eq!(field(&cage, "sum").as_f64(), Some(3.0));
    assert_eq!(text(&list(&rules, "dots").get(0), "kind"), "black");
    let notes = list(&rules, "notes");
    assert_eq!(notes.length(), 16);
    assert_eq!(notes.get(0).as_string().unwrap(), "cage of 3, 2 cells");
    assert_eq!(notes.get(15).as_string().unwrap(), "black dot with r4c3");
    // The key brings the rules back: a 1 in r1c1 leaves r1c2 only the 2 the cage needs,
    // once a solver reads the cage; the layout's houses alone leave 2, 3 and 4.
    let values: [u8; 16] = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    let tag = js(&text(&layout, "tag"));
    assert_eq!(
        wasm::format_puzzle(&bytes(&values), &tag).unwrap(),
        format!("1{};cage=3:r1c1,r1c2;black:r4c3,r4c4", ".".repeat(15))
    );
    assert!(wasm::candidates(&bytes(&values), &masks(&[]), &tag).is_ok());
    // Solving and rating read the rules too.
    let killer = format!("{};cage=3:r1c1,r1c2;cage=7:r1c3,r1c4", ".".repeat(16));
    assert!(wasm::solve(&js(&killer)).is_ok());
    assert!(wasm::rate(&js(&killer), &JsValue::UNDEFINED).is_ok());
    // A cage that cannot reach its sum is refused with the core's sentence.
    let bad = wasm::import_puzzle(&js(&json.replace(r#""3""#, r#""30""#))).unwrap_err();
    assert_eq!(text(&bad, "status"), "invalid");
    assert!(
        text(&bad, "message").contains("30"),
        "{}",
        text(&bad, "message")
    );
    assert!(wasm::parse_puzzle(&js(&format!("{};cage=30:r1c1,r1c2", ".".repeat(16)))).is_err());
}

#[wasm_bindgen_test]
fn a_layout_crosses_with_its_houses_and_comes_back_by_its_tag() {
    // An X-Sudoku 4×4: r1c1 and r4c4 share the diagonal ↘ but no row, column or box.
    let parsed = wasm::parse_puzzle(&js("x:1...............")).unwrap();
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
    assert!(wasm::conflicts(&bytes(&values), &JsValue::UNDEFINED)
        .unwrap()
        .is_empty());
    assert_eq!(
        wasm::conflicts(&bytes(&values), &js("x:")).unwrap(),
        [0, 15]
    );
    let candidates = wasm::candidates(&bytes(&values), &masks(&[]), &js("x:")).unwrap();
    assert_eq!(candidates[10], 0b1110, "r3c3 sees the 1s on its diagonal");
    assert!(wasm::format_puzzle(&bytes(&values), &js("x:"))
        .unwrap()
        .starts_with("x:1"));
    // A jigsaw map comes back whole; a tag of another size or no tag at all is refused.
    let jigsaw = "jigsaw:AABBAABBCCDDCCDD:";
    let line = wasm::format_puzzle(&bytes(&[0; 16]), &js(jigsaw)).unwrap();
    assert_eq!(line, format!("{jigsaw}{}", ".".repeat(16)));
    assert!(wasm::format_puzzle(&bytes(&[0; 16]), &js("windoku:")).is_err());
    assert!(wasm::format_puzzle(&bytes(&[0; 16]), &js("magic")).is_err());
    assert!(
        wasm::Solver::from_position(&bytes(&values), &masks(&[]), &js("human"), &js("x:")).is_ok()
    );
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
    let rating = wasm::rate(&js(XCHAIN), &JsValue::UNDEFINED).unwrap();
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
    let mut solver = wasm::Solver::new(&js(XCHAIN), &js("human")).unwrap();
    assert_eq!(solver.advance(&10.into()).unwrap(), 10);
    assert_eq!(field(&solver.rating(), "truncated").as_bool(), Some(true));
    while solver.advance(&16.into()).unwrap() == 16 {}
    assert_eq!(solver.step_count(), 73);
    let sliced = solver.rating();
    assert_eq!(
        js_sys::JSON::stringify(&sliced).unwrap(),
        js_sys::JSON::stringify(&rating).unwrap()
    );

    // A guess leaves EP and ED unknown (null); unreadable text throws the diagnosis.
    let empty = wasm::rate(&js(&".".repeat(16)), &JsValue::UNDEFINED).unwrap();
    assert_eq!(field(&empty, "needsGuessing").as_bool(), Some(true));
    assert!(field(&empty, "ed").is_null());
    assert_eq!(
        text(
            &wasm::rate(&js("5..5"), &JsValue::UNDEFINED).unwrap_err(),
            "status"
        ),
        "invalid"
    );
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
        let mut generator = wasm::Generator::new(request, &seed.into()).expect("a request");
        let made = (0..10_000)
            .map(|_| generator.run(&1.into()).unwrap())
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
        let error = wasm::Generator::new(request.clone(), &bad.into())
            .err()
            .expect("a RangeError");
        assert!(error.is_instance_of::<js_sys::RangeError>(), "{bad}");
    }
    for bad in [r#"{"level":"tricky"}"#, r#"{"technique":"guess"}"#] {
        let error = wasm::Generator::new(js_sys::JSON::parse(bad).unwrap(), &1.into())
            .err()
            .expect("a TypeError");
        assert!(error.is_instance_of::<js_sys::TypeError>(), "{bad}");
    }
    assert_eq!(
        wasm::seed_of_date(&js("2026-11-24")).unwrap(),
        Some(20_261_124.0)
    );
    assert_eq!(wasm::seed_of_date(&js("tomorrow")).unwrap(), None);
    assert_eq!(js_sys::Array::from(&wasm::levels()).length(), 5);
    assert_eq!(js_sys::Array::from(&wasm::symmetries()).length(), 5);
}

/// Checks that `result` is a thrown `kind` (`TypeError`, `RangeError`) saying `message`.
#[track_caller]
fn assert_throws<T>(result: Result<T, JsValue>, kind: &str, message: &str) {
    let Err(error) = result else {
        panic!("no error; expected a {kind}: {message}");
    };
    assert_eq!(
        (text(&error, "name"), text(&error, "message")),
        (kind.to_string(), message.to_string())
    );
}

/// The numbers a tester tried: −1, NaN, ±Infinity, 2^53, a fraction.
fn bad_numbers() -> [(JsValue, &'static str); 6] {
    [
        (JsValue::from(-1), "-1"),
        (JsValue::from(f64::NAN), "NaN"),
        (JsValue::from(f64::INFINITY), "Infinity"),
        (JsValue::from(f64::NEG_INFINITY), "-Infinity"),
        (JsValue::from(2f64.powi(53)), "9007199254740992"),
        (JsValue::from(1.5), "1.5"),
    ]
}

#[wasm_bindgen_test]
fn limits_are_whole_numbers_from_one() {
    for (bad, shown) in bad_numbers() {
        assert_throws(
            wasm::count_solutions(&js(EASY), &bad),
            "RangeError",
            &format!("The limit of countSolutions must be a whole number from 1 to 4294967295, not {shown}."),
        );
        assert_throws(
            wasm::count_solutions_batch(&js(EASY), &bad),
            "RangeError",
            &format!("The limit of countSolutionsBatch must be a whole number from 0 to 4294967295, not {shown}."),
        );
        assert_throws(
            wasm::count_solutions_bytes(&bytes(EASY.as_bytes()), &bad),
            "RangeError",
            &format!("The limit of countSolutionsBytes must be a whole number from 0 to 4294967295, not {shown}."),
        );
    }
    assert_throws(
        wasm::count_solutions(&js(EASY), &0.into()),
        "RangeError",
        "The limit of countSolutions must be a whole number from 1 to 4294967295, not 0.",
    );
    assert_throws(
        wasm::count_solutions(&js(EASY), &JsValue::UNDEFINED),
        "TypeError",
        "The limit of countSolutions must be a number, not undefined.",
    );
    assert_throws(
        wasm::count_solutions(&js(EASY), &js("2")),
        "TypeError",
        "The limit of countSolutions must be a number, not \"2\".",
    );
    assert_eq!(
        wasm::count_solutions(&js(EASY), &4294967295u32.into()).unwrap(),
        1
    );
}

#[wasm_bindgen_test]
fn strings_are_strings() {
    assert_throws(
        wasm::count_solutions(&12345.into(), &2.into()),
        "TypeError",
        "The puzzle of countSolutions must be a string, not 12345.",
    );
    assert_throws(
        wasm::solve(&JsValue::UNDEFINED),
        "TypeError",
        "The puzzle of solve must be a string, not undefined.",
    );
    assert_throws(
        wasm::analyze(&JsValue::NULL, &JsValue::UNDEFINED),
        "TypeError",
        "The puzzle of analyze must be a string, not null.",
    );
    for (nodes, kind, shown) in [
        (JsValue::from(-1), "RangeError", "-1"),
        (JsValue::from(0), "RangeError", "0"),
        (JsValue::from(f64::NAN), "RangeError", "NaN"),
        (JsValue::from(2.5), "RangeError", "2.5"),
        (JsValue::from_str("9"), "TypeError", "\"9\""),
    ] {
        let result = wasm::analyze(&js(SEVERAL), &nodes);
        let message = match kind {
            "TypeError" => format!("The nodes of analyze must be a number, not {shown}."),
            _ => format!(
                "The nodes of analyze must be a whole number from 1 to 9007199254740991, not {shown}."
            ),
        };
        assert_throws(result, kind, &message);
    }
    assert_throws(
        wasm::parse_puzzle(&js_sys::Object::new().into()),
        "TypeError",
        "The text of parsePuzzle must be a string, not an object.",
    );
    assert_throws(
        wasm::count_solutions_batch(&true.into(), &2.into()),
        "TypeError",
        "The puzzles of countSolutionsBatch must be a string, not a boolean.",
    );
    assert_throws(
        wasm::count_solutions_bytes(&js(EASY), &2.into()),
        "TypeError",
        &format!(
            "The bytes of countSolutionsBytes must be a Uint8Array, not \"{}…\".",
            &EASY[..20]
        ),
    );
    assert_throws(
        wasm::seed_of_date(&20261124.into()),
        "TypeError",
        "The date of seedOfDate must be a string, not 20261124.",
    );
    assert_throws(
        wasm::format_puzzle(&bytes(&[0; 16]), &5.into()),
        "TypeError",
        "The tag of formatPuzzle must be a string, not 5.",
    );
}

#[wasm_bindgen_test]
fn cells_and_digits_are_in_the_grid() {
    let set = |cell: JsValue, digit: JsValue| wasm::set_cell(&js(EASY), &cell, &digit);
    for (bad, shown) in bad_numbers() {
        assert_throws(
            set(bad.clone(), 5.into()),
            "RangeError",
            &format!("The cell of setCell must be a whole number from 0 to 80, not {shown}."),
        );
        assert_throws(
            set(2.into(), bad),
            "RangeError",
            &format!("The digit of setCell must be a whole number from 0 to 9, not {shown}."),
        );
    }
    assert_throws(
        set(2f64.powi(32).into(), 5.into()),
        "RangeError",
        "The cell of setCell must be a whole number from 0 to 80, not 4294967296.",
    );
    assert_throws(
        set(0.into(), 261.into()),
        "RangeError",
        "The digit of setCell must be a whole number from 0 to 9, not 261.",
    );
    assert_throws(
        set(JsValue::UNDEFINED, 5.into()),
        "TypeError",
        "The cell of setCell must be a number, not undefined.",
    );
    assert_eq!(&set(80.into(), 1.into()).unwrap()[80..], "1");
    // A 4×4 has 16 cells and digits up to 4.
    assert_throws(
        wasm::set_cell(&js(&".".repeat(16)), &16.into(), &1.into()),
        "RangeError",
        "The cell of setCell must be a whole number from 0 to 15, not 16.",
    );
}

#[wasm_bindgen_test]
fn positions_hold_one_whole_number_per_cell() {
    let array = |values: &[f64]| -> JsValue {
        values
            .iter()
            .map(|&v| JsValue::from(v))
            .collect::<js_sys::Array>()
            .into()
    };
    let mut values = [0.0; 16];
    values[3] = 5.0;
    assert_throws(
        wasm::format_puzzle(&array(&values), &JsValue::UNDEFINED),
        "RangeError",
        "The value of cell 3 of formatPuzzle must be a whole number from 0 to 4, not 5.",
    );
    values[3] = f64::NAN;
    assert_throws(
        wasm::conflicts(&array(&values), &JsValue::UNDEFINED),
        "RangeError",
        "The value of cell 3 of conflicts must be a whole number from 0 to 4, not NaN.",
    );
    assert_throws(
        wasm::format_puzzle(&array(&[0.0; 15]), &JsValue::UNDEFINED),
        "RangeError",
        "The values of formatPuzzle must hold one number per cell (16, 36, 64, 81, 144, 256, 625), not 15.",
    );
    assert_throws(
        wasm::format_puzzle(&bytes(&[0; 626]), &JsValue::UNDEFINED),
        "RangeError",
        "The values of formatPuzzle must hold at most 625 numbers, not 626.",
    );
    assert_throws(
        wasm::format_puzzle(&js("0000000000000000"), &JsValue::UNDEFINED),
        "TypeError",
        "The values of formatPuzzle must be an array or a typed array of numbers, not \"0000000000000000\".",
    );
    let mixed: js_sys::Array = (0..16)
        .map(|cell| if cell == 2 { js("1") } else { JsValue::from(0) })
        .collect();
    assert_throws(
        wasm::format_puzzle(&mixed, &JsValue::UNDEFINED),
        "TypeError",
        "The values of formatPuzzle must hold only numbers, not \"1\".",
    );
    let mut marks = [0u32; 16];
    marks[1] = 16;
    assert_throws(
        wasm::candidates(&bytes(&[0; 16]), &masks(&marks), &JsValue::UNDEFINED),
        "RangeError",
        "The mask of cell 1 of candidates must be a whole number from 0 to 15, not 16.",
    );
    assert_throws(
        wasm::candidates(&bytes(&[0; 16]), &masks(&marks[..3]), &JsValue::UNDEFINED),
        "RangeError",
        "The marks of candidates must be empty or hold one mask per cell (16), not 3.",
    );
    // A plain Array of whole numbers is as good as a typed array; `undefined` marks are none.
    assert_eq!(
        wasm::format_puzzle(&array(&[1.0; 16]), &JsValue::NULL).unwrap(),
        "1".repeat(16)
    );
    assert_eq!(
        wasm::candidates(&bytes(&[0; 16]), &JsValue::UNDEFINED, &JsValue::UNDEFINED).unwrap(),
        [15; 16]
    );
    assert_throws(
        wasm::format_puzzle(&bytes(&[0; 16]), &js("windoku:")),
        "RangeError",
        &format!(
            "The tag of formatPuzzle is not a layout of this grid: {}",
            wasm::format_puzzle(&bytes(&[0; 16]), &js("windoku:"))
                .err()
                .map(|e| text(&e, "message"))
                .unwrap_or_default()
                .trim_start_matches("The tag of formatPuzzle is not a layout of this grid: ")
        ),
    );
}

#[wasm_bindgen_test]
fn step_counts_are_bounded_per_call() {
    let mut solver = wasm::Solver::new(&js(EASY), &js("backtracking")).unwrap();
    let mut timeline = wasm::Timeline::new(&js(EASY), &js("backtracking")).unwrap();
    for (bad, shown) in bad_numbers() {
        let range = |what: &str| {
            format!("The {what} must be a whole number from 0 to 1000000, not {shown}.")
        };
        assert_throws(
            solver.step_many(&bad),
            "RangeError",
            &range("count of Solver.stepMany"),
        );
        assert_throws(
            solver.advance(&bad),
            "RangeError",
            &range("count of Solver.advance"),
        );
        assert_throws(
            timeline.make(&bad),
            "RangeError",
            &range("count of Timeline.make"),
        );
        assert_throws(
            timeline.rows(&0.into(), &bad),
            "RangeError",
            &format!(
                "The count of Timeline.rows must be a whole number from 0 to 1000, not {shown}."
            ),
        );
        let index = |what: &str| {
            format!("The {what} must be a whole number from 0 to 4294967295, not {shown}.")
        };
        assert_throws(
            timeline.seek(&bad),
            "RangeError",
            &index("target of Timeline.seek"),
        );
        assert_throws(
            timeline.step(&bad),
            "RangeError",
            &index("index of Timeline.step"),
        );
        assert_throws(
            timeline.rows(&bad, &1.into()),
            "RangeError",
            &index("start of Timeline.rows"),
        );
        assert_throws(
            timeline.first_with_filled(&bad),
            "RangeError",
            &index("count of Timeline.firstWithFilled"),
        );
    }
    assert_throws(
        solver.advance(&1_000_001.into()),
        "RangeError",
        "The count of Solver.advance must be a whole number from 0 to 1000000, not 1000001.",
    );
    assert_throws(
        solver.advance(&JsValue::UNDEFINED),
        "TypeError",
        "The count of Solver.advance must be a number, not undefined.",
    );
    assert_eq!(solver.step_count(), 0, "nothing was taken");
    assert_eq!(timeline.made(), 0, "nothing was made");
    assert_eq!(solver.advance(&0.into()).unwrap(), 0);
    let made = timeline.make(&1000.into()).unwrap();
    assert_eq!(made, 1000);
    assert_eq!(
        timeline.seek(&4294967295u32.into()).unwrap(),
        timeline.made()
    );

    let request = js_sys::JSON::parse(r#"{"size":4}"#).unwrap();
    let mut generator = wasm::Generator::new(request.clone(), &1.into()).unwrap();
    assert_throws(
        generator.run(&(-1).into()),
        "RangeError",
        "The count of Generator.run must be a whole number from 0 to 1000, not -1.",
    );
    assert_throws(
        generator.run(&1001.into()),
        "RangeError",
        "The count of Generator.run must be a whole number from 0 to 1000, not 1001.",
    );
    assert_throws(
        wasm::Generator::new(request, &JsValue::UNDEFINED),
        "TypeError",
        "The seed of new Generator must be a number, not undefined.",
    );
}

#[wasm_bindgen_test]
fn strategies_are_named() {
    assert_throws(
        wasm::Solver::new(&js(EASY), &JsValue::UNDEFINED),
        "TypeError",
        "The strategy of new Solver must be a string, not undefined.",
    );
    assert_throws(
        wasm::Timeline::new(&js(EASY), &js("magic")),
        "RangeError",
        "The strategy of new Timeline must be one of \"backtracking\", \"singles\", \"human\", not \"magic\".",
    );
    assert_throws(
        wasm::Solver::from_position(
            &bytes(&[0; 16]),
            &masks(&[]),
            &2.into(),
            &JsValue::UNDEFINED,
        ),
        "TypeError",
        "The strategy of Solver.fromPosition must be a string, not 2.",
    );
}

#[wasm_bindgen_test]
fn rate_throws_the_diagnosis_where_the_cli_fails() {
    let duplicate = format!("5..5{}", ".".repeat(77));
    let error =
        wasm::rate(&js(&duplicate), &JsValue::UNDEFINED).expect_err("a duplicate given throws");
    assert_eq!(text(&error, "status"), "invalid");
    assert_eq!(
        text(&error, "message"),
        "Duplicate given: r1c1 and r1c4 both hold 5 in row 1."
    );
    // r1c9 can hold no digit: 1–8 in its row, 9 in its column.
    let none = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    let error = wasm::rate(&js(&none), &JsValue::UNDEFINED).expect_err("no solution throws");
    assert_eq!(text(&error, "status"), "none");
    assert_eq!(
        text(&error, "message"),
        text(
            &wasm::analyze(&js(&none), &JsValue::UNDEFINED).unwrap(),
            "message"
        )
    );
    // Several solutions: rated along the path to the first found, as `stepdoku rate` does.
    let rating = wasm::rate(&js(SEVERAL), &JsValue::UNDEFINED).unwrap();
    assert_eq!(field(&rating, "solved").as_bool(), Some(true));
}

#[wasm_bindgen_test]
fn text_too_long_for_a_puzzle_is_refused_before_it_is_copied() {
    let memory = || {
        wasm_bindgen::memory()
            .unchecked_into::<js_sys::WebAssembly::Memory>()
            .buffer()
            .unchecked_into::<js_sys::ArrayBuffer>()
            .byte_length()
    };
    let huge: JsValue = js_sys::JsString::from("1").repeat(10_000_000).into();
    let before = memory();
    let error = wasm::parse_puzzle(&huge).expect_err("too long");
    assert_eq!(text(&error, "status"), "invalid");
    assert_eq!(
        text(&error, "message"),
        "Too long: the text has 10,000,000 bytes, but no puzzle needs more than 65,536."
    );
    let verdict = wasm::analyze(&huge, &JsValue::UNDEFINED).unwrap();
    assert_eq!(text(&verdict, "message"), text(&error, "message"));
    for result in [
        wasm::solve(&huge).err(),
        wasm::count_solutions(&huge, &2.into()).err(),
        wasm::set_cell(&huge, &0.into(), &1.into()).err(),
    ] {
        assert_eq!(
            text(&result.expect("too long"), "message"),
            text(&error, "message")
        );
    }
    assert!(wasm::rate(&huge, &JsValue::UNDEFINED).is_err());
    assert!(wasm::Solver::new(&huge, &js("human")).is_err());
    assert!(wasm::Timeline::new(&huge, &js("human")).is_err());
    assert!(
        memory() - before < 1 << 20,
        "wasm memory grew by {} bytes",
        memory() - before
    );
    // Bytes, not UTF-16 units: within the cap by units, past it by bytes; and a surrogate
    // pair across the slices the length is counted in.
    let accents: JsValue = js_sys::JsString::from("é").repeat(40_000).into();
    assert_eq!(
        text(
            &wasm::analyze(&accents, &JsValue::UNDEFINED).unwrap(),
            "message"
        ),
        "Too long: the text has 80,000 bytes, but no puzzle needs more than 65,536."
    );
    let faces: JsValue = js_sys::JsString::from("a")
        .concat(&js_sys::JsString::from("😀").repeat(40_000))
        .into();
    assert_eq!(
        text(
            &wasm::analyze(&faces, &JsValue::UNDEFINED).unwrap(),
            "message"
        ),
        "Too long: the text has 160,001 bytes, but no puzzle needs more than 65,536."
    );
    // A batch caps each line: a line too long counts 0, as an unreadable one does.
    let batch = format!("{}\n{EASY}\n", "1".repeat(70_000));
    assert_eq!(
        wasm::count_solutions_batch(&js(&batch), &2.into()).unwrap(),
        [0, 1]
    );
}
