//! The library's layering, checked on its sources: only the binding layer (`src/wasm/`) knows
//! about wasm-bindgen, `js_sys` or `web_sys`; the rest of the core is sans-IO.

use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).expect("the source folder can be read") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files
}

#[test]
fn only_the_binding_layer_names_wasm_bindgen_js_sys_or_web_sys() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let binding = src.join("wasm");
    let files = rust_files(&src);
    assert!(files.len() > 20, "the sources are found: {}", files.len());
    assert!(
        files.iter().any(|f| f.starts_with(&binding)),
        "the binding layer is found"
    );
    let offenders: Vec<String> = files
        .iter()
        .filter(|f| !f.starts_with(&binding))
        .filter(|f| {
            let text = fs::read_to_string(f).expect("a source file can be read");
            ["wasm_bindgen", "js_sys", "web_sys"]
                .iter()
                .any(|name| text.contains(name))
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(offenders.is_empty(), "outside src/wasm/: {offenders:?}");
}
