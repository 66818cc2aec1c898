//! The games' seam, checked from the sources: in the schema crate and the rules library, the
//! folders import each other in no circle, no game imports another, and shared code reaches a
//! game only through its crate's registry. The CLI's files import each other in no circle.
//! Files are read as text, with comments and `#[cfg(test)]` items left out: a test may use
//! anything.

// Helpers here only run inside tests, where a missing source file should fail loudly.
#![allow(clippy::expect_used, clippy::unwrap_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::common::workspace_root as root;

/// The games: one folder each under the library's `rulesets`.
fn games() -> BTreeSet<String> {
    std::fs::read_dir(root().join("validator/lib/src/rulesets"))
        .expect("the registry's folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.is_dir())
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect()
}

/// A source without comments and without the items under `#[cfg(test)]`.
fn code_of(text: &str) -> String {
    without_tests(text)
        .lines()
        // A `//` inside a string (a URL) is rare in this code; cutting there only loses text.
        .map(|line| line.split("//").next().unwrap_or(""))
        .fold(String::new(), |mut out, code| {
            out.push_str(code);
            out.push('\n');
            out
        })
}

/// A source with its `#[cfg(test)]` items left out, comments kept.
fn without_tests(text: &str) -> String {
    let mut out = String::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.trim_start().starts_with("#[cfg(test)]") {
            skip_item(&mut lines);
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// Skips the item after an attribute: up to its `;`, or its balanced braces.
fn skip_item<'a>(lines: &mut impl Iterator<Item = &'a str>) {
    let mut depth = 0i32;
    let mut opened = false;
    for line in lines.by_ref() {
        let code = without_strings(line.split("//").next().unwrap_or(""));
        let code = code.as_str();
        if code.trim_start().starts_with("#[") && !opened {
            continue;
        }
        depth += code.matches('{').count() as i32 - code.matches('}').count() as i32;
        opened |= code.contains('{');
        if (opened && depth <= 0) || (!opened && code.trim_end().ends_with(';')) {
            return;
        }
    }
}

/// A line with the insides of its string literals taken out, so that braces in text
/// (`"{name}"`) are not counted as blocks.
fn without_strings(line: &str) -> String {
    let mut out = String::new();
    let mut in_string = false;
    let mut escaped = false;
    for c in line.chars() {
        match (in_string, escaped, c) {
            (true, true, _) => escaped = false,
            (true, false, '\\') => escaped = true,
            (true, false, '"') => {
                in_string = false;
                out.push(c);
            }
            (true, false, _) => {}
            (false, _, '"') => {
                in_string = true;
                out.push(c);
            }
            (false, _, _) => out.push(c),
        }
    }
    out
}

/// One source file: its module path (`["check", "schema"]`; a `mod.rs` is its folder's module)
/// and its code.
struct Source {
    module: Vec<String>,
    code: String,
    path: PathBuf,
}

fn sources(src: &Path, skip: &[&str]) -> Vec<Source> {
    let mut out = Vec::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("a readable folder") {
            let path = entry.expect("an entry").path();
            let rel = path
                .strip_prefix(src)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            if skip
                .iter()
                .any(|s| rel == *s || rel.starts_with(&format!("{s}/")))
            {
                continue;
            }
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let mut module: Vec<String> = rel
                .trim_end_matches(".rs")
                .split('/')
                .map(str::to_owned)
                .collect();
            let last = module.last().cloned().unwrap_or_default();
            // Test files (`tests.rs`, `x/tests/*.rs`) are tests.
            if last == "tests" || module.iter().any(|m| m == "tests") {
                continue;
            }
            if matches!(last.as_str(), "mod" | "lib" | "main") {
                module.pop();
            }
            let text = std::fs::read_to_string(&path).expect("a readable source");
            out.push(Source {
                module,
                code: code_of(&text),
                path,
            });
        }
    }
    out
}

/// Every module path a source names: `crate::a::b::C`, `super::x` and `self::y`, resolved to
/// absolute paths of identifiers (the last ones may be items, not modules).
fn named_paths(source: &Source) -> Vec<Vec<String>> {
    let code = &source.code;
    let ident = |text: &str| -> String {
        text.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut found = Vec::new();
    for root in ["crate::", "super::", "self::"] {
        for (at, _) in code.match_indices(root) {
            // A path's first segment: not the tail of a longer path or identifier.
            let before = code[..at].chars().next_back();
            if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            found.extend(resolve(source, &code[at..], &ident));
        }
    }
    // A module declared here (`mod x;`) is one this module reaches: the parent that dispatches
    // to its files imports them.
    for line in code.lines() {
        let line = line.trim();
        let declared = ["mod ", "pub mod ", "pub(crate) mod ", "pub(super) mod "]
            .iter()
            .find_map(|prefix| line.strip_prefix(prefix))
            .and_then(|rest| rest.strip_suffix(';'));
        if let Some(name) = declared {
            let mut path = source.module.clone();
            path.push(name.trim().to_owned());
            found.push(path);
        }
    }
    found
}

/// The absolute paths one path names, from its text on: `crate::a::{b, c::D}` is two.
fn resolve(source: &Source, text: &str, ident: &dyn Fn(&str) -> String) -> Vec<Vec<String>> {
    {
        let mut segments: Vec<String> = Vec::new();
        let mut rest = text;
        loop {
            let name = ident(rest);
            if name.is_empty() {
                break;
            }
            rest = &rest[name.len()..];
            segments.push(name);
            match rest.strip_prefix("::") {
                Some(after) => rest = after,
                None => break,
            }
        }
        // `use a::{b, c}`: each name in the braces continues the path.
        let tails: Vec<Vec<String>> = match rest.strip_prefix('{') {
            Some(inner) => inner
                .split('}')
                .next()
                .unwrap_or("")
                .split(',')
                .map(|part| {
                    part.trim()
                        .split("::")
                        .map(|s| ident(s.trim()))
                        .take_while(|s| !s.is_empty())
                        .collect()
                })
                .collect(),
            None => vec![Vec::new()],
        };
        let base = match segments.first().map(String::as_str) {
            Some("crate") => segments[1..].to_vec(),
            Some("super") => {
                let mut here = source.module.clone();
                let mut rest = &segments[..];
                while rest.first().map(String::as_str) == Some("super") {
                    here.pop();
                    rest = &rest[1..];
                }
                here.extend(rest.iter().cloned());
                here
            }
            Some("self") => {
                let mut here = source.module.clone();
                here.extend(segments[1..].iter().cloned());
                here
            }
            _ => return Vec::new(),
        };
        tails
            .into_iter()
            .map(|tail| {
                let mut path = base.clone();
                path.extend(tail);
                path
            })
            .collect()
    }
}

/// The node of the structure a module belongs to: its top-level module, or `folder::game` for
/// a game's folder inside `games_in` (the registry's folder; empty for the crate root).
fn node(module: &[String], games_in: &[&str], games: &BTreeSet<String>) -> String {
    let depth = games_in.len();
    if module.len() > depth
        && module[..depth]
            .iter()
            .map(String::as_str)
            .eq(games_in.iter().copied())
        && games.contains(&module[depth])
    {
        return module[..=depth].join("::");
    }
    module.first().cloned().unwrap_or_else(|| "lib".to_owned())
}

/// The folder-level import graph of a crate's sources.
fn graph(src: &Path, skip: &[&str], games_in: &[&str]) -> BTreeMap<String, BTreeSet<String>> {
    let games = games();
    graph_of(sources(src, skip), &|module| node(module, games_in, &games))
}

/// The import graph of some sources, each module standing for the node `node_of` gives it.
/// The crate root only declares modules and re-exports items: a path through one of its
/// re-exports (`crate::Checker`) is an import of the module the item comes from.
fn graph_of(
    sources: Vec<Source>,
    node_of: &dyn Fn(&[String]) -> String,
) -> BTreeMap<String, BTreeSet<String>> {
    let modules: BTreeSet<String> = sources
        .iter()
        .filter_map(|s| s.module.first().cloned())
        .collect();
    let (named, glob) = sources
        .iter()
        .find(|s| s.module.is_empty())
        .map(|root| reexports(&root.code))
        .unwrap_or_default();
    let origin = |path: &[String]| -> Vec<String> {
        let Some(first) = path.first() else {
            return Vec::new();
        };
        if modules.contains(first) {
            return path.to_vec();
        }
        let from = named.get(first).or(glob.as_ref());
        from.map(|m| vec![m.clone()]).unwrap_or_default()
    };
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for source in sources.iter().filter(|s| !s.module.is_empty()) {
        let from = node_of(&source.module);
        let uses = graph.entry(from.clone()).or_default();
        for path in named_paths(source) {
            let path = origin(&path);
            if path.is_empty() {
                continue;
            }
            let to = node_of(&path);
            if to != from {
                uses.insert(to);
            }
        }
    }
    graph
}

/// The crate root's re-exports: each item's name with the module it comes from, and the module
/// a glob re-export (`pub use m::*`) brings everything else from.
fn reexports(root: &str) -> (BTreeMap<String, String>, Option<String>) {
    let mut named = BTreeMap::new();
    let mut glob = None;
    for statement in root.split(';') {
        let Some(path) = statement.trim().strip_prefix("pub use ") else {
            continue;
        };
        let path = path.trim_start_matches("crate::");
        let Some((module, rest)) = path.split_once("::") else {
            continue;
        };
        let names = rest.rsplit("::").next().unwrap_or("");
        for name in names.trim_matches(|c| c == '{' || c == '}').split(',') {
            let name = name.trim().split(" as ").last().unwrap_or("").trim();
            match name {
                "*" => glob = Some(module.to_owned()),
                "" | "self" => {}
                name => {
                    named.insert(name.to_owned(), module.to_owned());
                }
            }
        }
        // `pub use m::{self, A}` names the module itself too.
        named.insert(module.to_owned(), module.to_owned());
    }
    (named, glob)
}

/// A cycle of the graph, if it has one.
fn cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        name: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        done: &mut BTreeSet<String>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|p| p == name) {
            let mut cycle = path[start..].to_vec();
            cycle.push(name.to_owned());
            return Some(cycle);
        }
        if done.contains(name) {
            return None;
        }
        path.push(name.to_owned());
        for next in graph.get(name).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, done, path) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(name.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|name| visit(name, graph, &mut done, &mut Vec::new()))
}

/// The edges that break the seam: a game importing another game, and shared code importing a
/// game other than through `registries`.
fn seam_breaks(
    graph: &BTreeMap<String, BTreeSet<String>>,
    games_in: &[&str],
    registries: &[&str],
) -> Vec<String> {
    let games = games();
    let is_game = |n: &str| {
        let prefix = games_in.join("::");
        let name = match prefix.is_empty() {
            true => n,
            false => match n.strip_prefix(&format!("{prefix}::")) {
                Some(name) => name,
                None => return false,
            },
        };
        games.contains(name)
    };
    let mut breaks = Vec::new();
    for (from, uses) in graph {
        for to in uses.iter().filter(|to| is_game(to)) {
            if is_game(from) {
                breaks.push(format!("game {from} imports game {to}"));
            } else if !registries.contains(&from.as_str()) {
                breaks.push(format!("shared {from} imports game {to}"));
            }
        }
    }
    breaks
}

fn library() -> BTreeMap<String, BTreeSet<String>> {
    graph(&root().join("validator/lib/src"), &[], &["rulesets"])
}

/// The command line's files: `cli.rs` is `cli`, each file of `cli/` a node of its own, the
/// registry `cli/rulesets/mod.rs` is `cli::rulesets` and each game's folder under it one node.
fn command_line() -> BTreeMap<String, BTreeSet<String>> {
    let src = root().join("validator/src");
    let sources: Vec<Source> = sources(&src, &[])
        .into_iter()
        .filter(|s| s.module.first().is_some_and(|m| m == "cli"))
        .collect();
    graph_of(sources, &|module| match module {
        [first, second, game, ..] if first == "cli" && second == "rulesets" => {
            format!("cli::rulesets::{game}")
        }
        [first, second, ..] if first == "cli" => format!("cli::{second}"),
        _ => module.first().cloned().unwrap_or_else(|| "main".to_owned()),
    })
}

fn schema() -> BTreeMap<String, BTreeSet<String>> {
    graph(&root().join("schema/src"), &[], &["rulesets"])
}

#[test]
fn the_library_folders_import_each_other_in_no_circle() {
    let graph = library();
    assert_eq!(cycle(&graph), None, "an import circle in validator/lib/src");
}

#[test]
fn the_library_games_meet_only_in_the_registry() {
    let breaks = seam_breaks(&library(), &["rulesets"], &["rulesets"]);
    assert!(breaks.is_empty(), "{breaks:#?}");
}

#[test]
fn the_command_line_files_import_each_other_in_no_circle() {
    let graph = command_line();
    assert!(graph["cli"].contains("cli::validate"), "{graph:#?}");
    assert!(
        graph["cli::rulesets::hex_skirmish"].contains("cli::output"),
        "{graph:#?}"
    );
    assert_eq!(cycle(&graph), None, "an import circle in validator/src/cli");
}

#[test]
fn the_command_line_games_meet_only_in_its_registry() {
    let graph = command_line();
    assert!(graph["cli::rulesets"].contains("cli::rulesets::solar_sentinels"));
    let breaks = seam_breaks(&graph, &["cli", "rulesets"], &["cli::rulesets"]);
    assert!(breaks.is_empty(), "{breaks:#?}");
}

#[test]
fn the_schema_folders_import_each_other_in_no_circle() {
    assert_eq!(cycle(&schema()), None, "an import circle in schema/src");
}

#[test]
fn the_schema_games_meet_only_in_its_registry() {
    let breaks = seam_breaks(&schema(), &["rulesets"], &["rulesets"]);
    assert!(breaks.is_empty(), "{breaks:#?}");
}

#[test]
fn the_checker_sees_imports_circles_and_breaks() {
    // The checks above only mean something if the reading sees real imports.
    let library = library();
    assert!(library["check"].contains("rulesets"), "{library:#?}");
    assert!(library["rulesets::hex_skirmish"].contains("board"));
    let schema = schema();
    assert!(
        schema["rulesets::hex_skirmish"].contains("claims"),
        "{schema:#?}"
    );
    assert!(
        schema["rulesets"].contains("rulesets::solar_sentinels"),
        "{schema:#?}"
    );
    let mut circle = library.clone();
    circle.get_mut("board").unwrap().insert("check".to_owned());
    assert!(cycle(&circle).is_some());
    let mut crossing = library;
    crossing
        .get_mut("rulesets::hex_skirmish")
        .unwrap()
        .insert("rulesets::solar_sentinels".to_owned());
    crossing
        .get_mut("report")
        .unwrap()
        .insert("rulesets::sentinel_tactics".to_owned());
    assert_eq!(
        seam_breaks(&crossing, &["rulesets"], &["rulesets"]),
        [
            "shared report imports game rulesets::sentinel_tactics",
            "game rulesets::hex_skirmish imports game rulesets::solar_sentinels",
        ]
    );
    // `super::` from a folder's file, braces, and test items left out.
    let source = Source {
        module: vec!["rulesets".into(), "hex_skirmish".into(), "view".into()],
        code: code_of(
            "use super::arena::Arena;\nuse crate::report::{decor, palette::Colour};\n#[cfg(test)]\nmod tests {\n    use crate::check::Checker;\n}\n// crate::diff\n",
        ),
        path: PathBuf::new(),
    };
    let paths = named_paths(&source);
    assert!(paths.contains(&vec![
        "rulesets".into(),
        "hex_skirmish".into(),
        "arena".into(),
        "Arena".into()
    ]));
    assert!(paths.contains(&vec!["report".into(), "palette".into(), "Colour".into()]));
    assert!(
        !paths.iter().any(|p| p[0] == "check" || p[0] == "diff"),
        "{paths:?}"
    );
}

/// Every spelling of a game's name in source: its folder's `snake_case`, the `kebab-case` files
/// write, its `CamelCase` type names and its words.
fn spellings(game: &str) -> [String; 4] {
    [
        game.to_owned(),
        game.replace('_', "-"),
        game.replace('_', ""),
        game.replace('_', " "),
    ]
}

/// The source files (under each package's `src/`) that name a game outside that game's own
/// folders, with the games each names.
fn files_naming_games() -> BTreeMap<String, BTreeSet<String>> {
    let games = games();
    let mut found: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for src in [
        "schema/src",
        "validator/lib/src",
        "validator/src",
        "editor/src",
    ] {
        // Test files are left out: a test of shared code needs some game's data. Comments
        // count: a doc comment naming a game in shared code says the code knows it.
        for source in sources(&root().join(src), &[]) {
            let rel = source
                .path
                .strip_prefix(root())
                .unwrap()
                .to_string_lossy()
                .into_owned();
            let text =
                without_tests(&std::fs::read_to_string(&source.path).unwrap()).to_lowercase();
            for game in &games {
                let in_own_folder = rel.split('/').any(|part| part.starts_with(game.as_str()));
                if !in_own_folder && spellings(game).iter().any(|s| text.contains(s.as_str())) {
                    found.entry(rel.clone()).or_default().insert(game.clone());
                }
            }
        }
    }
    found
}

/// Outside its own folders a game is named only by its crate's registry.
#[test]
fn outside_its_folders_a_game_is_named_only_by_the_registries() {
    let registries = [
        "schema/src/rulesets/mod.rs",
        "validator/lib/src/rulesets/mod.rs",
        "validator/src/cli/rulesets/mod.rs",
        "editor/src/rulesets/mod.rs",
    ];
    let naming = files_naming_games();
    let unexpected: Vec<String> = naming
        .iter()
        .filter(|(file, _)| !registries.contains(&file.as_str()))
        .map(|(file, games)| format!("{file} names {games:?}"))
        .collect();
    assert!(
        unexpected.is_empty(),
        "shared files name a game; reach it through the registry instead: {unexpected:#?}"
    );
    for registry in registries {
        assert_eq!(
            naming.get(registry).map(BTreeSet::len),
            Some(games().len()),
            "{registry} is a registry: it names every game"
        );
    }
}
