//! The WebAssembly exports: the only module that knows about wasm-bindgen. Three modules are
//! built from them (scripts/build-wasm.sh): the page module (`puzzle`: reading and writing
//! puzzles, the lists a page shows; no search), the verdict module (the `verdict` feature:
//! verdicts and exact solving, at full speed) and the full module (the `explainer` feature:
//! every export, the stepping solver and every technique too).
//!
//! Results cross to JavaScript as small, copied values (strings, numbers, plain objects,
//! `Uint32Array`s); nothing hands out a view into wasm memory. Steps, ratings, verdicts and
//! techniques are the records of docs/FORMATS.md ("Wire format"), the very ones `stepdoku
//! explain --format jsonl` writes: this file serialises the core's types and adds no field of
//! its own.

use serde::Serialize;
use wasm_bindgen::prelude::*;

#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

/// Routes a panic's message to the console. The page module (neither feature) leaves it out:
/// its calls cannot panic on any argument (each is checked), and the hook's formatting would
/// be a tenth of it.
#[cfg(feature = "verdict")]
#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

/// Turns a serialisable value into a plain JavaScript object, as `JSON.parse` would make it
/// from the record's JSON (objects, not `Map`s; `null` for a `None`).
pub(crate) fn to_js<T: Serialize + ?Sized>(value: &T) -> JsValue {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .expect("the records always serialise")
}

mod args;
#[cfg(feature = "explainer")]
mod explainer;
mod puzzle;
#[cfg(feature = "verdict")]
mod verdict;

pub use args::{MAX_LIMIT, MAX_POSITION, MAX_STEPS_PER_CALL, MAX_TRIES_PER_CALL, SLICE_MS};
#[cfg(feature = "explainer")]
pub use explainer::{
    import_puzzle, rate, rating_max_steps, seed_of_date, Generator, Solver, Timeline,
};
pub use puzzle::*;
#[cfg(feature = "verdict")]
pub use verdict::*;
