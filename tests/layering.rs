//! The house rules, checked on the sources (docs/ARCHITECTURE.md, "Invariants"):
//! - only the binding layer (`src/wasm/`) knows about wasm-bindgen, `js_sys` or `web_sys`; the
//!   rest of the core is sans-IO;
//! - no import circle: between the top-level modules of the library, of the CLI and of the
//!   bench (their crate roots included), and between the page's modules (`www/`);
//! - no source file over 1,000 lines (a Rust file counted up to its test module).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The most lines a source file may have.
const MAX_LINES: usize = 1000;

/// The repository's root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every file under `dir` whose name ends with one of `endings`, skipping the folders built
/// or installed rather than written (`node_modules`, `target`, `dist`, `pkg`).
fn files_under(dir: &Path, endings: &[&str]) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let Ok(entries) = fs::read_dir(dir) else {
        return files;
    };
    for entry in entries {
        let path = entry.expect("a folder entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() {
            if !["node_modules", "target", "dist", "pkg", ".git"].contains(&name) {
                files.extend(files_under(&path, endings));
            }
        } else if endings.iter().any(|e| name.ends_with(e)) {
            files.push(path);
        }
    }
    files.sort();
    files
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{} can be read: {e}", path.display()))
}

/// A file's path from the repository's root, for messages.
fn shown(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

#[test]
fn only_the_binding_layer_names_wasm_bindgen_js_sys_or_web_sys() {
    let src = root().join("src");
    let binding = src.join("wasm");
    let files = files_under(&src, &[".rs"]);
    assert!(files.len() > 20, "the sources are found: {}", files.len());
    assert!(
        files.iter().any(|f| f.starts_with(&binding)),
        "the binding layer is found"
    );
    let offenders: Vec<String> = files
        .iter()
        .filter(|f| !f.starts_with(&binding))
        .filter(|f| {
            let text = read(f);
            ["wasm_bindgen", "js_sys", "web_sys"]
                .iter()
                .any(|name| text.contains(name))
        })
        .map(|f| shown(f))
        .collect();
    assert!(offenders.is_empty(), "outside src/wasm/: {offenders:?}");
}

/// The lines of a source file that count: a Rust file's up to its test module.
fn counted_lines(path: &Path) -> usize {
    let text = read(path);
    let lines = text.lines();
    if path.extension().is_some_and(|e| e == "rs") {
        lines.take_while(|l| l.trim() != "#[cfg(test)]").count()
    } else {
        lines.count()
    }
}

#[test]
fn no_source_file_is_over_a_thousand_lines() {
    let endings = [".rs", ".js", ".mjs", ".css", ".html", ".sh"];
    let folders = [
        "src", "cli", "bench", "tests", "www", "scripts", "examples", ".ci",
    ];
    let mut files: Vec<PathBuf> = folders
        .iter()
        .flat_map(|f| files_under(&root().join(f), &endings))
        .collect();
    files.extend(
        files_under(&root(), &[".html"])
            .into_iter()
            .filter(|f| f.parent() == Some(root().as_path())),
    );
    assert!(files.len() > 100, "the sources are found: {}", files.len());
    let long: Vec<String> = files
        .iter()
        .map(|f| (f, counted_lines(f)))
        .filter(|(_, n)| *n > MAX_LINES)
        .map(|(f, n)| format!("{} ({n} lines)", shown(f)))
        .collect();
    assert!(long.is_empty(), "over {MAX_LINES} lines: {long:?}");
}

/// The code of a Rust file without its comment lines (doc links name modules without using
/// them).
fn rust_code(text: &str) -> String {
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The leading identifier of `text`.
fn ident(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..end]
}

/// The top-level modules `code` names through `crate::` paths, grouped ones
/// (`crate::{a::X, b}`) included.
fn crate_paths(code: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 0;
            let mut start = 0;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        names.insert(ident(group[start..i].trim()).to_string());
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        names.insert(ident(group[start..i].trim()).to_string());
                        start = i + 1;
                    }
                    _ => {}
                }
            }
        } else {
            names.insert(ident(rest).to_string());
        }
    }
    names
}

/// The module graph of a Rust crate's `src`: each top-level module (`src/x.rs` or `src/x/`)
/// to the other top-level modules its code names, and the crate root (`root_file`, named
/// "the crate root"). A name the root re-exports counts for its module; one the root defines,
/// for the root. The root's edges are its paths that start with a module's name
/// (`use input::Input`), its `mod` lines aside.
fn rust_graph(src: &Path, root_file: &str) -> BTreeMap<String, BTreeSet<String>> {
    const ROOT: &str = "the crate root";
    let top = |path: &Path| -> Option<String> {
        let rel = path.strip_prefix(src).ok()?;
        let first = rel.components().next()?.as_os_str().to_str()?;
        let name = first.strip_suffix(".rs").unwrap_or(first);
        (!["lib", "main"].contains(&name)).then(|| name.to_string())
    };
    let root = rust_code(&read(&src.join(root_file)));
    let defined_at_root: BTreeSet<String> = root
        .lines()
        .filter_map(|line| {
            let line = line.strip_prefix("pub ").unwrap_or(line);
            [
                "fn ", "struct ", "enum ", "const ", "static ", "type ", "trait ",
            ]
            .iter()
            .find_map(|kind| line.strip_prefix(kind))
            .map(|rest| ident(rest).to_string())
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
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files_under(src, &[".rs"]) {
        if let Some(module) = top(&file) {
            graph.entry(module).or_default();
        }
    }
    let modules: BTreeSet<String> = graph.keys().cloned().collect();
    for file in files_under(src, &[".rs"]) {
        let Some(module) = top(&file) else { continue };
        let targets: BTreeSet<String> = crate_paths(&rust_code(&read(&file)))
            .into_iter()
            .filter_map(|name| {
                if defined_at_root.contains(&name) {
                    Some(ROOT.to_string())
                } else if modules.contains(&name) {
                    Some(name)
                } else {
                    reexported_by(&name)
                }
            })
            .filter(|target| *target != module)
            .collect();
        graph
            .get_mut(&module)
            .expect("every module is in the graph")
            .extend(targets);
    }
    let root_code: Vec<&str> = root.lines().filter(|l| !l.contains("mod ")).collect();
    let root_code = root_code.join("\n");
    let used_by_root: BTreeSet<String> = modules
        .iter()
        .filter(|m| {
            let path = format!("{m}::");
            root_code.match_indices(&path).any(|(at, _)| {
                !root_code[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':')
            })
        })
        .cloned()
        .collect();
    graph.insert(ROOT.to_string(), used_by_root);
    graph
}

/// The circles of a graph, each as the path that closes it (`a → b → a`), one per strongly
/// connected part.
fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    // A node is on a circle with `start` when it reaches `start` and `start` reaches it.
    let reach = |from: &str| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.to_string()];
        while let Some(node) = stack.pop() {
            for next in graph.get(&node).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let mut found = Vec::new();
    let mut placed = BTreeSet::new();
    for start in graph.keys() {
        if placed.contains(start) || !reach(start).contains(start) {
            continue;
        }
        let part: Vec<String> = graph
            .keys()
            .filter(|n| *n == start || (reach(start).contains(*n) && reach(n).contains(start)))
            .cloned()
            .collect();
        placed.extend(part.iter().cloned());
        found.push(part.join(" ↔ "));
    }
    found
}

#[test]
fn the_rust_crates_have_no_import_circle() {
    let mut found = Vec::new();
    for (crate_src, root_file) in [
        ("src", "lib.rs"),
        ("cli/src", "main.rs"),
        ("bench/src", "main.rs"),
    ] {
        let graph = rust_graph(&root().join(crate_src), root_file);
        assert!(graph.len() > 1, "{crate_src}: the modules are found");
        found.extend(
            circles(&graph)
                .into_iter()
                .map(|c| format!("{crate_src}: {c}")),
        );
    }
    assert_eq!(found, Vec::<String>::new());
}

/// The `./x.js` modules a page module imports, statically or dynamically.
fn js_imports(text: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for quote in ['\'', '"'] {
        let opening = format!("{quote}./");
        for (at, _) in text.match_indices(&opening) {
            let before = text[..at].trim_end();
            let is_import = before.ends_with("from") || before.ends_with("import(");
            let rest = &text[at + opening.len()..];
            if let (true, Some(end)) = (is_import, rest.find(quote)) {
                names.insert(rest[..end].to_string());
            }
        }
    }
    names
}

#[test]
fn the_page_modules_have_no_import_circle() {
    let www = root().join("www");
    let mut graph = BTreeMap::new();
    for file in files_under(&www, &[".js"]) {
        let name = file
            .strip_prefix(&www)
            .expect("under www")
            .display()
            .to_string();
        let edges: BTreeSet<String> = js_imports(&read(&file))
            .into_iter()
            .map(|import| {
                let folder = Path::new(&name).parent().unwrap_or(Path::new(""));
                folder.join(import).display().to_string()
            })
            .collect();
        graph.insert(name, edges);
    }
    assert!(
        graph.len() > 30,
        "the page modules are found: {}",
        graph.len()
    );
    assert!(
        graph["stepdoku-board.js"].contains("playback.js"),
        "imports are read: {:?}",
        graph["stepdoku-board.js"]
    );
    assert_eq!(circles(&graph), Vec::<String>::new());
}

#[test]
fn a_circle_is_found_where_there_is_one() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a"]),
        ("d", vec!["a"]),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.into_iter().map(String::from).collect()))
    .collect();
    assert_eq!(circles(&graph), vec!["a ↔ b ↔ c".to_string()]);
    let src = std::env::temp_dir().join(format!("stepdoku-layering-{}", std::process::id()));
    fs::create_dir_all(&src).expect("a temporary folder");
    let write = |name: &str, text: &str| fs::write(src.join(name), text).expect("a file");
    write(
        "main.rs",
        "mod a;\nmod b;\nuse a::run;\npub enum Failure {}\n",
    );
    write("a.rs", "use crate::b::Format;\n");
    write("b.rs", "pub enum Format {}\n");
    assert_eq!(circles(&rust_graph(&src, "main.rs")), Vec::<String>::new());
    // b takes a name the root defines, and the root imports a, which imports b.
    write("b.rs", "use crate::Failure;\n");
    assert_eq!(
        circles(&rust_graph(&src, "main.rs")),
        vec!["a ↔ b ↔ the crate root".to_string()]
    );
    fs::remove_dir_all(&src).expect("the temporary folder goes");
    let grouped = crate_paths("use crate::{grid::Grid, search::{self, Budget}, util};");
    assert_eq!(
        grouped.into_iter().collect::<Vec<_>>(),
        ["grid", "search", "util"]
    );
    assert_eq!(
        js_imports("import { a } from './a.js';\nconst b = await import('./b.js');"),
        ["a.js", "b.js"].into_iter().map(String::from).collect()
    );
}
