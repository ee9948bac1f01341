//! The library's layering, checked on its sources: only the binding layer (`src/wasm/`) knows
//! about wasm-bindgen, `js_sys` or `web_sys`; the rest of the core is sans-IO; the top-level
//! modules of the library and of the tool import one another without a circle.

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

/// The top-level modules of a crate's source folder (`foo.rs` or `foo/`), each with its
/// files; the crate root (`lib.rs`, `main.rs`) is not one.
fn modules(src: &Path) -> Vec<(String, Vec<PathBuf>)> {
    let mut found: Vec<(String, Vec<PathBuf>)> = Vec::new();
    for entry in fs::read_dir(src).expect("the source folder can be read") {
        let path = entry.expect("a folder entry").path();
        let stem = path
            .file_stem()
            .expect("a name")
            .to_string_lossy()
            .to_string();
        let files = if path.is_dir() {
            rust_files(&path)
        } else if path.extension().is_some_and(|e| e == "rs") && stem != "lib" && stem != "main" {
            vec![path]
        } else {
            continue;
        };
        match found.iter_mut().find(|(name, _)| *name == stem) {
            Some((_, all)) => all.extend(files),
            None => found.push((stem, files)),
        }
    }
    found.sort();
    found
}

/// The identifier at the start of `s`, after blanks.
fn ident(s: &str) -> String {
    s.trim_start()
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// The first segment of every path that starts with `crate::` in `text`, comments left out:
/// `use crate::{grid::Cell, trace}` gives `grid` and `trace`.
fn crate_paths(text: &str) -> Vec<String> {
    let code: String = text
        .lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let mut found = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        let Some(group) = rest.strip_prefix('{') else {
            found.push(ident(rest));
            continue;
        };
        // The items of the group at its top level.
        let mut depth = 0;
        let mut item_start = 0;
        for (i, ch) in group.char_indices() {
            match ch {
                '{' => depth += 1,
                '}' if depth == 0 => {
                    found.push(ident(&group[item_start..i]));
                    break;
                }
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    found.push(ident(&group[item_start..i]));
                    item_start = i + 1;
                }
                _ => {}
            }
        }
    }
    found
}

/// A circle of imports among the top-level modules of `src` and its crate root, if there is
/// one. A module's edges are the `crate::…` paths of its files (a name the root re-exports
/// counts for its module; one the root defines, for the root); the root's are its paths that
/// start with a module's name (`use input::Input`), its `mod` lines aside.
fn import_circle(src: &Path, root_file: &str) -> Option<Vec<String>> {
    let mut modules = modules(src);
    let root_path = src.join(root_file);
    let root = fs::read_to_string(&root_path).expect("the crate root can be read");
    let defined_at_root: Vec<String> = root
        .lines()
        .filter_map(|line| {
            let line = line.strip_prefix("pub ").unwrap_or(line);
            [
                "fn ", "struct ", "enum ", "const ", "static ", "type ", "trait ",
            ]
            .iter()
            .find_map(|kind| line.strip_prefix(kind))
            .map(ident)
        })
        .collect();
    let reexported_by = |name: &str| -> Option<String> {
        root.lines()
            .filter_map(|line| line.trim().strip_prefix("pub use ")?.split_once("::"))
            .find(|(_, items)| {
                items
                    .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .any(|item| item == name)
            })
            .map(|(module, _)| module.to_string())
    };
    let n_modules = modules.len();
    modules.push(("the crate root".to_string(), Vec::new()));
    let index_of = |name: &str| modules[..n_modules].iter().position(|(m, _)| m == name);
    let mut edges: Vec<Vec<usize>> = modules[..n_modules]
        .iter()
        .enumerate()
        .map(|(from, (_, files))| {
            let mut to: Vec<usize> = files
                .iter()
                .flat_map(|f| crate_paths(&fs::read_to_string(f).expect("a source file")))
                .filter_map(|name| {
                    if defined_at_root.contains(&name) {
                        return Some(n_modules);
                    }
                    index_of(&name).or_else(|| index_of(&reexported_by(&name)?))
                })
                .filter(|&to| to != from)
                .collect();
            to.sort_unstable();
            to.dedup();
            to
        })
        .collect();
    let root_code: String = root
        .lines()
        .filter(|line| !line.trim_start().starts_with("//") && !line.contains("mod "))
        .collect::<Vec<_>>()
        .join("\n");
    edges.push(
        (0..n_modules)
            .filter(|&m| {
                let path = format!("{}::", modules[m].0);
                root_code.match_indices(&path).any(|(at, _)| {
                    !root_code[..at]
                        .ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':')
                })
            })
            .collect(),
    );
    // Depth-first search; a module met again while still on the path closes a circle.
    fn visit(at: usize, edges: &[Vec<usize>], state: &mut [u8], path: &mut Vec<usize>) -> bool {
        state[at] = 1;
        path.push(at);
        for &next in &edges[at] {
            if state[next] == 1 {
                path.push(next);
                return true;
            }
            if state[next] == 0 && visit(next, edges, state, path) {
                return true;
            }
        }
        state[at] = 2;
        path.pop();
        false
    }
    let mut state = vec![0u8; modules.len()];
    for start in 0..modules.len() {
        let mut path = Vec::new();
        if state[start] == 0 && visit(start, &edges, &mut state, &mut path) {
            let closing = *path.last().expect("a circle has modules");
            let from = path
                .iter()
                .position(|&m| m == closing)
                .expect("on the path");
            return Some(path[from..].iter().map(|&m| modules[m].0.clone()).collect());
        }
    }
    None
}

#[test]
fn modules_form_no_import_circle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (src, root_file, n_modules) in [("src", "lib.rs", 15), ("cli/src", "main.rs", 9)] {
        let src = root.join(src);
        assert!(
            modules(&src).len() >= n_modules,
            "{}: modules found",
            src.display()
        );
        assert_eq!(import_circle(&src, root_file), None, "{}", src.display());
    }
}

#[test]
fn an_import_circle_is_found() {
    assert_eq!(
        crate_paths("use crate::{a::{B, C}, d};\nlet x = crate::e::f(); // crate::g"),
        ["a", "d", "e"]
    );
    let src = std::env::temp_dir().join(format!("stepdoku-layering-{}", std::process::id()));
    fs::create_dir_all(&src).expect("a temporary folder");
    let write = |name: &str, text: &str| fs::write(src.join(name), text).expect("a file");
    write(
        "main.rs",
        "mod a;\nmod b;\nuse a::run;\npub enum Failure {}\n",
    );
    write("a.rs", "use crate::b::Format;\n");
    write("b.rs", "pub enum Format {}\n");
    assert_eq!(import_circle(&src, "main.rs"), None);
    // b takes a name the root defines, and the root imports a, which imports b.
    write("b.rs", "use crate::Failure;\n");
    let circle = import_circle(&src, "main.rs").expect("a circle through the root");
    assert_eq!(circle.len(), 4, "{circle:?}");
    // a and b import each other.
    write("b.rs", "use crate::{a::Run, Failure as _};\n");
    write("main.rs", "mod a;\nmod b;\n");
    assert_eq!(
        import_circle(&src, "main.rs"),
        Some(vec!["a".to_string(), "b".to_string(), "a".to_string()])
    );
    fs::remove_dir_all(&src).expect("the temporary folder goes");
}
