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
    let tests = ["#[cfg(test)]\nmod tests", "#[cfg(test)]\npub mod tests"]
        .iter()
        .filter_map(|start| text.find(start))
        .min();
    match tests {
        Some(at) => text[..at].to_owned(),
        None => text,
    }
}

/// Every source file under `src`, at any depth (`x/y.rs` is module `x::y`, `x/mod.rs` module
/// `x`): its module, whether it is a folder's `mod.rs`, and its code.
fn sources() -> Vec<(String, bool, String)> {
    fn walk(dir: &Path, prefix: &[String], found: &mut Vec<(String, bool, String)>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .expect("a readable folder")
            .map(|entry| entry.expect("an entry").path())
            .collect();
        entries.sort();
        for path in entries {
            let stem = path
                .file_stem()
                .and_then(|s| s.to_str())
                .expect("a UTF-8 name")
                .to_owned();
            if path.is_dir() {
                let mut inner = prefix.to_vec();
                inner.push(stem);
                walk(&path, &inner, found);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let is_mod = stem == "mod";
                let mut module = prefix.to_vec();
                if !is_mod {
                    module.push(stem);
                }
                found.push((module.join("::"), is_mod, code_of(&path)));
            }
        }
    }
    let mut found = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &[],
        &mut found,
    );
    found
}

/// Every source file's module and code.
fn files() -> Vec<(String, String)> {
    sources()
        .into_iter()
        .map(|(module, _, code)| (module, code))
        .collect()
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
/// `crate::a::b`, and `super::b` (the parent of a file, or of a folder's `mod.rs` when
/// `is_mod`).
fn imports_of(
    code: &str,
    within: &str,
    is_mod: bool,
    known: &BTreeSet<String>,
) -> BTreeSet<String> {
    let mut found = imports(code, known);
    let mut parent: Vec<&str> = within.split("::").collect();
    parent.pop();
    if is_mod {
        parent.pop();
    }
    if code.contains("super::") {
        let prefix = if parent.is_empty() {
            "crate::".to_owned()
        } else {
            format!("crate::{}::", parent.join("::"))
        };
        found.extend(imports(&code.replace("super::", &prefix), known));
    }
    if is_mod {
        // A folder's `mod.rs` names its own files by their bare names (`child::item`).
        let children = known
            .iter()
            .filter_map(|k| k.strip_prefix(&format!("{within}::")))
            .filter(|child| !child.contains("::"));
        for child in children {
            let bare = format!("{child}::");
            let mut rest = code;
            while let Some(at) = rest.find(&bare) {
                let before = rest[..at].chars().next_back();
                if !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':') {
                    let path = format!("crate::{within}::{}", &rest[at..]);
                    found.extend(imports(&path, known));
                }
                rest = &rest[at + bare.len()..];
            }
        }
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
    let ident = |text: &str| -> String {
        text.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        // The longest path of known modules: `crate::a::b::Item` names `a::b` if it exists.
        let mut path = String::new();
        let mut longest = None;
        let mut tail = rest;
        loop {
            let name = ident(tail);
            if name.is_empty() {
                break;
            }
            if !path.is_empty() {
                path.push_str("::");
            }
            path.push_str(&name);
            if known.contains(&path) {
                longest = Some(path.clone());
            }
            match tail[name.len()..].strip_prefix("::") {
                Some(after) => tail = after,
                None => break,
            }
        }
        found.extend(longest);
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
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (name, is_mod, code) in sources() {
        if ["lib", "main"].contains(&name.as_str()) || tests.contains(&name) {
            continue;
        }
        let mut uses = imports_of(&code, &name, is_mod, &known);
        uses.remove(&name);
        graph.entry(name).or_default().extend(uses);
    }
    graph
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
    // A folder's `mod.rs` declares its files and may use them; that a file uses its folder's
    // `mod.rs` back is how Rust folders work, not a circle of files.
    let mut graph = graph();
    for (module, uses) in &mut graph {
        uses.retain(|used| !used.starts_with(&format!("{module}::")));
    }
    if let Some(cycle) = first_cycle(&graph) {
        panic!("import cycle: {}", cycle.join(" -> "));
    }
}

/// A cycle in `graph`, if there is one, as the path that closes it.
fn first_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
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
    graph
        .keys()
        .find_map(|name| visit(name, graph, &mut marks, &mut Vec::new()))
}

/// The games' folders: each holds one game's panels, and none reaches into another's.
const GAMES: [&str; 3] = ["sentinel_tactics", "hex_skirmish", "solar_sentinels"];
/// The registry: the one module that names every game, above their folders.
const REGISTRY: &str = "rulesets";

/// The game whose folder holds `module`, if any.
fn game_of(module: &str) -> Option<&'static str> {
    let mut parts = module.split("::");
    if parts.next()? != REGISTRY {
        return None;
    }
    let folder = parts.next()?;
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

/// The folder (or top-level file) a module belongs to, the unit of the folder graph: a
/// game's folder, the shell, the registry's own file, or one shared file.
fn unit_of(module: &str) -> String {
    if let Some(game) = game_of(module) {
        return format!("{REGISTRY}::{game}");
    }
    module.split("::").next().unwrap_or(module).to_owned()
}

/// The graph of units: which folder or top-level file imports which.
fn folder_graph(graph: &BTreeMap<String, BTreeSet<String>>) -> BTreeMap<String, BTreeSet<String>> {
    let mut units: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, uses) in graph {
        let unit = unit_of(module);
        let entry = units.entry(unit.clone()).or_default();
        entry.extend(uses.iter().map(|u| unit_of(u)).filter(|u| *u != unit));
    }
    units
}

/// "`a` imports `b`" for every module outside the games and the registry that uses a game.
fn shared_into_games(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut found = Vec::new();
    for (module, uses) in graph {
        if game_of(module).is_some() || module == REGISTRY {
            continue;
        }
        for used in uses.iter().filter(|u| game_of(u).is_some()) {
            found.push(format!("{module} imports {used}"));
        }
    }
    found
}

#[test]
fn no_game_folder_imports_another_game() {
    let graph = graph();
    for game in GAMES {
        assert!(
            graph.contains_key(&format!("{REGISTRY}::{game}")),
            "the game folder {game} exists"
        );
    }
    let found = crossings(&graph);
    assert!(
        found.is_empty(),
        "a game's panels reach into another game's; share the piece instead: {found:#?}"
    );
}

#[test]
fn the_folders_import_each_other_in_no_circle() {
    let folders = folder_graph(&graph());
    if let Some(cycle) = first_cycle(&folders) {
        panic!("folder import cycle: {}", cycle.join(" -> "));
    }
}

#[test]
fn shared_code_reaches_a_game_only_through_the_registry() {
    let found = shared_into_games(&graph());
    assert!(
        found.is_empty(),
        "shared code imports a game; reach it through the registry instead: {found:#?}"
    );
}

#[test]
fn the_checker_finds_a_cycle_and_a_shell_import() {
    // The checks above only mean something if the parsing sees real imports.
    let graph = graph();
    let registry_uses = &graph[REGISTRY];
    assert!(
        registry_uses.contains("rulesets::sentinel_tactics::commands")
            && registry_uses.contains("command"),
        "the registry's imports are seen: {registry_uses:?}"
    );
    let known: BTreeSet<String> = ["a", "b", "b::c"].map(str::to_owned).into();
    assert_eq!(
        imports("use crate::b::X; fn f() { crate::a::g() }", &known),
        ["a", "b"].map(str::to_owned).into()
    );
    assert_eq!(
        imports("use crate::b::c::X;", &known),
        ["b::c"].map(str::to_owned).into()
    );
    assert!(imports("/// See [`crate::a`].\nfn f() {}", &known).is_empty());
    let mut crossing = graph.clone();
    crossing
        .get_mut("rulesets::solar_sentinels")
        .expect("the deck folder")
        .insert("rulesets::sentinel_tactics::claims_view".to_owned());
    assert_eq!(
        crossings(&crossing),
        ["rulesets::solar_sentinels imports rulesets::sentinel_tactics::claims_view"]
    );
    let mut into_game = BTreeMap::new();
    into_game.insert(
        "workbench".to_owned(),
        BTreeSet::from(["rulesets::hex_skirmish::canvas".to_owned()]),
    );
    assert_eq!(
        shared_into_games(&into_game),
        ["workbench imports rulesets::hex_skirmish::canvas"]
    );
    let circle: BTreeMap<String, BTreeSet<String>> = [
        (
            "draw".to_owned(),
            BTreeSet::from(["rulesets::hex_skirmish::canvas".to_owned()]),
        ),
        (
            "rulesets::hex_skirmish::canvas".to_owned(),
            BTreeSet::from(["draw".to_owned()]),
        ),
    ]
    .into();
    assert!(first_cycle(&folder_graph(&circle)).is_some());
    let folder: BTreeSet<String> = ["f", "f::x", "f::y"].map(str::to_owned).into();
    assert_eq!(
        imports_of("use super::y::Z; use crate::f::x;", "f::x", false, &folder),
        ["f::x", "f::y"].map(str::to_owned).into()
    );
    assert_eq!(
        imports_of("use super::y::Z;", "f::g", true, &folder),
        BTreeSet::new(),
        "a folder's mod.rs looks one level further up"
    );
    assert_eq!(
        imports_of("fn g() { x::h(); crate::y::z(); }", "f", true, &folder),
        ["f::x"].map(str::to_owned).into(),
        "a folder's mod.rs names its files by their bare names"
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
