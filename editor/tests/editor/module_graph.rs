//! The editor's structure, checked from its sources: panels never reach into the shell
//! (`app`), no game's folder reaches into another game's, the modules' imports form no cycle,
//! and no file outgrows 800 lines of code (its
//! `#[cfg(test)]` part aside). Reads `src/*.rs` and `src/*/*.rs` as text: every use of another
//! module is written `crate::name` (or `crate::folder::name`, or `super::name` inside a
//! folder). A folder's files are modules of their own (`hex_skirmish::canvas`), its `mod.rs`
//! the folder's module.

// Helpers here only run inside tests, where a missing source file should fail loudly.
#![allow(clippy::expect_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The shell: the window that owns the panels. Only the binary may name it.
const SHELL: &str = "app";
const MAX_LINES: usize = 800;

/// A source file without its test part.
fn code_of(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("a readable source");
    match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => text[..at].to_owned(),
        None => text,
    }
}

/// Every source file under `src` (`x/y.rs` is module `x::y`, `x/mod.rs` module `x`): its
/// module and its code.
fn files() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("src is readable") {
        let path = entry.expect("an entry").path();
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("a UTF-8 name")
            .to_owned();
        if path.is_dir() {
            for inner in std::fs::read_dir(&path).expect("a readable folder") {
                let inner = inner.expect("an entry").path();
                if inner.extension().is_some_and(|e| e == "rs") {
                    let file = inner
                        .file_stem()
                        .and_then(|s| s.to_str())
                        .expect("a UTF-8 name");
                    let module = match file {
                        "mod" => stem.clone(),
                        file => format!("{stem}::{file}"),
                    };
                    files.push((module, code_of(&inner)));
                }
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push((stem, code_of(&path)));
        }
    }
    files
}

/// Each module's code, all its files together.
fn modules() -> BTreeMap<String, String> {
    let mut modules: BTreeMap<String, String> = BTreeMap::new();
    for (module, code) in files() {
        modules.entry(module).or_default().push_str(&code);
    }
    modules
}

/// The modules a source of module `within` names in code (comments and doc links aside):
/// `crate::name`, `crate::folder::name`, and `super::name` from a folder's file.
fn imports_of(code: &str, within: &str, known: &BTreeSet<String>) -> BTreeSet<String> {
    let mut found = imports(code, known);
    if let Some((folder, _)) = within.split_once("::") {
        let code = code.replace("super::", &format!("crate::{folder}::"));
        found.extend(imports(&code, known));
    }
    found
}

/// The modules a source names as `crate::name` or `crate::folder::name` in code (comments and
/// doc links aside).
fn imports(code: &str, known: &BTreeSet<String>) -> BTreeSet<String> {
    let code: String = code
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut found = BTreeSet::new();
    let mut rest = code.as_str();
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        let ident = |text: &str| -> String {
            text.chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect()
        };
        let name = ident(rest);
        let inner = rest[name.len()..]
            .strip_prefix("::")
            .map(|after| format!("{name}::{}", ident(after)));
        match inner {
            Some(inner) if known.contains(&inner) => {
                found.insert(inner);
            }
            _ if known.contains(&name) => {
                found.insert(name);
            }
            _ => {}
        }
    }
    found
}

/// Test-only modules (`#[cfg(test)] mod x;` in lib.rs) are tests, not structure.
fn test_modules(lib: &str) -> BTreeSet<String> {
    lib.split("#[cfg(test)]\nmod ")
        .skip(1)
        .filter_map(|s| s.split(';').next())
        .map(str::to_owned)
        .collect()
}

fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let modules = modules();
    let tests = test_modules(modules.get("lib").map_or("", String::as_str));
    let known: BTreeSet<String> = modules.keys().cloned().collect();
    modules
        .iter()
        .filter(|(name, _)| !["lib", "main"].contains(&name.as_str()) && !tests.contains(*name))
        .map(|(name, code)| {
            let mut uses = imports_of(code, name, &known);
            uses.remove(name);
            (name.clone(), uses)
        })
        .collect()
}

/// The shell's modules: `app` and the files of its folder.
fn is_shell(module: &str) -> bool {
    module == SHELL || module.starts_with(&format!("{SHELL}::"))
}

#[test]
fn no_module_imports_the_shell() {
    let graph = graph();
    assert!(graph.contains_key(SHELL), "the shell module exists");
    let offenders: Vec<&String> = graph
        .iter()
        .filter(|(name, uses)| !is_shell(name) && uses.iter().any(|u| is_shell(u)))
        .map(|(name, _)| name)
        .collect();
    assert!(
        offenders.is_empty(),
        "these modules import the shell: {offenders:?}"
    );
}

#[test]
fn the_module_graph_has_no_cycle() {
    let graph = graph();
    // Depth-first search with colours: a grey module reached again closes a cycle.
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Grey,
        Black,
    }
    fn visit(
        name: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        marks: &mut BTreeMap<String, Mark>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match marks.get(name) {
            Some(Mark::Black) => return None,
            Some(Mark::Grey) => {
                let start = path.iter().position(|p| p == name).unwrap_or(0);
                let mut cycle = path[start..].to_vec();
                cycle.push(name.to_owned());
                return Some(cycle);
            }
            None => {}
        }
        marks.insert(name.to_owned(), Mark::Grey);
        path.push(name.to_owned());
        for next in graph.get(name).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, marks, path) {
                return Some(cycle);
            }
        }
        path.pop();
        marks.insert(name.to_owned(), Mark::Black);
        None
    }
    let mut marks = BTreeMap::new();
    for name in graph.keys() {
        let cycle = visit(name, &graph, &mut marks, &mut Vec::new());
        assert!(
            cycle.is_none(),
            "import cycle: {}",
            cycle.unwrap_or_default().join(" -> ")
        );
    }
}

/// The games' folders: each holds one game's panels, and none reaches into another's.
const GAMES: [&str; 3] = ["sentinel_tactics", "hex_skirmish", "solar_sentinels"];

/// The game whose folder holds `module`, if any.
fn game_of(module: &str) -> Option<&'static str> {
    let folder = module.split("::").next()?;
    GAMES.into_iter().find(|g| *g == folder)
}

/// "`a` imports `b`" for every module of one game's folder that uses another game's module.
fn crossings(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut found = Vec::new();
    for (module, uses) in graph {
        let Some(game) = game_of(module) else {
            continue;
        };
        for used in uses {
            if game_of(used).is_some_and(|other| other != game) {
                found.push(format!("{module} imports {used}"));
            }
        }
    }
    found
}

#[test]
fn no_game_folder_imports_another_game() {
    let graph = graph();
    for game in GAMES {
        assert!(graph.contains_key(game), "the game folder {game} exists");
    }
    let found = crossings(&graph);
    assert!(
        found.is_empty(),
        "a game's panels reach into another game's; share the piece instead: {found:#?}"
    );
}

#[test]
fn the_checker_finds_a_cycle_and_a_shell_import() {
    // The checks above only mean something if the parsing sees real imports.
    let graph = graph();
    let shell_uses = &graph[SHELL];
    assert!(
        shell_uses.contains("workbench") && shell_uses.contains("sentinel_tactics::canvas"),
        "the shell's imports are seen: {shell_uses:?}"
    );
    let known: BTreeSet<String> = ["a", "b"].map(str::to_owned).into();
    assert_eq!(
        imports("use crate::b::X; fn f() { crate::a::g() }", &known),
        known
    );
    assert!(imports("/// See [`crate::a`].\nfn f() {}", &known).is_empty());
    let mut crossing = graph.clone();
    crossing
        .get_mut("solar_sentinels")
        .expect("the deck folder")
        .insert("sentinel_tactics::claims_view".to_owned());
    assert_eq!(
        crossings(&crossing),
        ["solar_sentinels imports sentinel_tactics::claims_view"]
    );
    let folder: BTreeSet<String> = ["f", "f::x", "f::y"].map(str::to_owned).into();
    assert_eq!(
        imports_of("use super::y::Z; use crate::f::x;", "f::x", &folder),
        ["f::x", "f::y"].map(str::to_owned).into()
    );
}

#[test]
fn no_source_file_is_over_800_lines_of_code() {
    let modules = modules();
    let tests = test_modules(modules.get("lib").map_or("", String::as_str));
    let long: Vec<(String, usize)> = files()
        .into_iter()
        .filter(|(name, _)| !tests.contains(name))
        .map(|(name, code)| (name, code.lines().count()))
        .filter(|(_, lines)| *lines > MAX_LINES)
        .collect();
    assert!(
        long.is_empty(),
        "files over {MAX_LINES} lines (tests aside): {long:?}"
    );
}
