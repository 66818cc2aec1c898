//! `megahex lsp` driven over standard input and output as an editor drives it: what it
//! publishes is what `megahex validate --format json` reports on the same text.

// Test code: a failed unwrap is a failed test, also in the helpers outside `#[test]` functions.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::lsp::Server;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{
    fixtures, fixtures_dir, megahex_bin, megahex_in, relative, scratch_dir, workspace_root,
};
use serde_json::{Value, json};

fn start() -> Server {
    let mut command = Command::new(megahex_bin());
    command.arg("lsp");
    Server::start(command, json!({}))
}

fn uri_of(path: &Path) -> String {
    let path = path.canonicalize().unwrap();
    format!("file://{}", path.display()).replace(' ', "%20")
}

/// A finding as both sides can tell it: code, severity, 1-based line and column, and the
/// message with its help as `validate` prints it.
type Seen = (String, String, u64, u64, String);

fn from_validate(diagnostic: &Value) -> Seen {
    let message = diagnostic["message"].as_str().unwrap().to_owned();
    let message = match diagnostic["help"].as_str() {
        Some(help) => format!("{message}\nhelp: {help}"),
        None => message,
    };
    (
        diagnostic["code"].as_str().unwrap().to_owned(),
        diagnostic["severity"].as_str().unwrap().to_owned(),
        diagnostic["line"].as_u64().unwrap_or(1),
        diagnostic["column"].as_u64().unwrap_or(1),
        message,
    )
}

fn from_server(diagnostic: &Value) -> Seen {
    let severity = match diagnostic["severity"].as_u64() {
        Some(1) => "error",
        Some(2) => "warning",
        Some(3) => "info",
        other => panic!("severity {other:?}"),
    };
    let code = diagnostic["code"].as_str().unwrap().to_owned();
    let href = diagnostic["codeDescription"]["href"].as_str().unwrap();
    assert!(
        href.ends_with(&format!("docs/diagnostics.md#{code}")),
        "{code} links to {href}"
    );
    (
        code,
        severity.to_owned(),
        diagnostic["range"]["start"]["line"].as_u64().unwrap() + 1,
        diagnostic["range"]["start"]["character"].as_u64().unwrap() + 1,
        diagnostic["message"].as_str().unwrap().to_owned(),
    )
}

/// `validate --format json` on `files` (relative to `dir`), as one list of findings per file.
fn validated(dir: &Path, files: &[String]) -> Vec<Vec<Seen>> {
    let mut args = vec!["validate".to_owned(), "--format".into(), "json".into()];
    args.extend(files.iter().cloned());
    let run = megahex_in(dir, &args);
    let report = run.json();
    let reported = report["files"].as_array().unwrap();
    assert_eq!(reported.len(), files.len(), "stderr: {}", run.stderr);
    reported
        .iter()
        .map(|file| {
            file["diagnostics"]
                .as_array()
                .unwrap()
                .iter()
                .map(from_validate)
                .collect()
        })
        .collect()
}

#[test]
fn every_fixture_gets_the_findings_validate_reports() {
    let mut server = start();
    let mut files: Vec<PathBuf> = ["valid", "warning", "invalid"]
        .into_iter()
        .flat_map(fixtures)
        .collect();
    files.sort();
    let names: Vec<String> = files.iter().map(|f| relative(f, &fixtures_dir())).collect();
    let expected = validated(&fixtures_dir(), &names);
    let mut differ = Vec::new();
    for ((file, name), expected) in files.iter().zip(&names).zip(expected) {
        // A client sends text: a file that is not UTF-8 never reaches a language server.
        let Ok(text) = std::fs::read_to_string(file) else {
            continue;
        };
        let published = server.open_version(&uri_of(file), &text, 1);
        let seen: Vec<Seen> = published.iter().map(from_server).collect();
        if seen != expected {
            differ.push(format!(
                "{name}:\n  server:   {seen:?}\n  validate: {expected:?}"
            ));
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
    assert!(names.len() > 100, "only {} fixtures", names.len());
}

#[test]
fn the_bundled_scenarios_get_the_findings_validate_reports() {
    let mut server = start();
    let root = workspace_root();
    let files = common::scenario_files();
    let names: Vec<String> = files.iter().map(|f| relative(f, &root)).collect();
    let expected = validated(&root, &names);
    for ((file, name), expected) in files.iter().zip(&names).zip(expected) {
        let text = std::fs::read_to_string(file).unwrap();
        let seen: Vec<Seen> = server
            .open_version(&uri_of(file), &text, 1)
            .iter()
            .map(from_server)
            .collect();
        assert_eq!(seen, expected, "{name}");
    }
}

/// A scratch folder holding copies of fixtures, by their paths under the fixtures folder.
fn folder_with(name: &str, files: &[&str]) -> PathBuf {
    let root = scratch_dir(name);
    for file in files {
        let to = root.join(file);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(fixtures_dir().join(file), to).unwrap();
    }
    root
}

const BROKEN: &str = "invalid/catalog-invalid-broken-file.yaml";
const BROKEN_CATALOG: &str = "support/broken-catalog.yaml";

fn codes(diagnostics: &[Value]) -> Vec<&str> {
    diagnostics
        .iter()
        .map(|d| d["code"].as_str().unwrap_or_default())
        .collect()
}

#[test]
fn a_broken_catalog_is_reported_in_the_catalog_file_and_a_fix_on_disk_clears_it() {
    let root = folder_with("lsp-catalog", &[BROKEN, BROKEN_CATALOG]);
    let report = megahex_in(&root, ["validate", "--format", "json", BROKEN]).json();
    let expected = &report["files"][0]["diagnostics"][0];
    let mut server = start();
    let scenario = uri_of(&root.join(BROKEN));
    let catalog = uri_of(&root.join(BROKEN_CATALOG));
    let text = std::fs::read_to_string(root.join(BROKEN)).unwrap();
    let own = server.open_version(&scenario, &text, 1);
    assert_eq!(codes(&own), ["catalog-invalid"]);
    let related = &own[0]["relatedInformation"][0]["location"];
    assert_eq!(related["uri"], catalog.as_str());

    // In the catalog file, at the line `validate` gives as the finding's origin.
    let there = server.wait_for(&catalog, |found| !found.is_empty());
    assert_eq!(codes(&there), ["catalog-invalid"]);
    assert_eq!(
        there[0]["range"]["start"]["line"].as_u64().unwrap() + 1,
        expected["origin"]["line"].as_u64().unwrap()
    );
    assert_eq!(related["range"], there[0]["range"]);

    // The catalog fixed on disk, outside the editor: both files are checked again.
    let fixed = std::fs::read_to_string(root.join(BROKEN_CATALOG))
        .unwrap()
        .replace(
            "{id: sky-guard, name: Sky Guard Two",
            "{id: sky-guard-two, name: Sky Guard Two",
        );
    std::fs::write(root.join(BROKEN_CATALOG), fixed).unwrap();
    server.wait_for(&scenario, |found| {
        !codes(found).contains(&"catalog-invalid")
    });
    server.wait_for(&catalog, <[Value]>::is_empty);
}

#[test]
fn a_catalog_being_edited_is_read_as_the_editor_holds_it() {
    // The scenario as the legal twin: its catalog repaired on disk.
    let root = folder_with("lsp-catalog-open", &[BROKEN, BROKEN_CATALOG]);
    let broken = std::fs::read_to_string(root.join(BROKEN_CATALOG)).unwrap();
    let fixed = broken.replace(
        "{id: sky-guard, name: Sky Guard Two",
        "{id: sky-guard-two, name: Sky Guard Two",
    );
    assert_ne!(broken, fixed);
    std::fs::write(root.join(BROKEN_CATALOG), &fixed).unwrap();
    let mut server = start();
    let scenario = uri_of(&root.join(BROKEN));
    let catalog = uri_of(&root.join(BROKEN_CATALOG));
    let text = std::fs::read_to_string(root.join(BROKEN)).unwrap();
    assert_eq!(
        codes(&server.open_version(&scenario, &text, 1)),
        Vec::<&str>::new()
    );

    // The catalog opened and broken in the editor, unsaved: it says so itself, and the
    // scenario that names it is checked again against the unsaved text.
    assert!(server.open_version(&catalog, &fixed, 1).is_empty());
    let own = server.change(&catalog, 2, json!([{"text": broken}]));
    assert_eq!(codes(&own), ["catalog-invalid"]);
    server.wait_for(&scenario, |found| codes(found) == ["catalog-invalid"]);
}

#[test]
fn edits_by_range_are_checked_as_the_same_text_saved() {
    // valid/blades-gambit-style maps: the second tile's number changed to the first's.
    let file = fixtures_dir().join("valid/custom-catalog.yaml");
    let root = folder_with(
        "lsp-edits",
        &[
            "valid/custom-catalog.yaml",
            "support/tile-nine-catalog.yaml",
        ],
    );
    let path = root.join("valid/custom-catalog.yaml");
    let text = std::fs::read_to_string(&file).unwrap();
    let mut server = start();
    let uri = uri_of(&path);
    assert!(server.open_version(&uri, &text, 1).is_empty());
    // `- {tile: 9, ...` becomes `- {tile: 1, ...`: tile 1 twice.
    let (line, column) = text
        .lines()
        .enumerate()
        .find_map(|(i, l)| l.find("{tile: 9,").map(|c| (i, c + "{tile: ".len())))
        .unwrap();
    let range = json!({"start": {"line": line, "character": column}, "end": {"line": line, "character": column + 1}});
    let published = server.change(&uri, 2, json!([{"range": range, "text": "1"}]));
    let edited = text.replacen("{tile: 9,", "{tile: 1,", 1);
    std::fs::write(&path, &edited).unwrap();
    let expected = validated(&root, &["valid/custom-catalog.yaml".to_owned()]);
    let seen: Vec<Seen> = published.iter().map(from_server).collect();
    assert!(!seen.is_empty());
    assert_eq!(seen, expected[0]);
    // And back, by a second edit: clean again.
    let published = server.change(&uri, 3, json!([{"range": range, "text": "9"}]));
    assert!(published.is_empty(), "{published:?}");
}

#[test]
fn megahex_toml_above_the_scenario_sets_severities() {
    const SPLIT: &str = "invalid/map-disconnected.yaml";
    let root = folder_with("lsp-severity", &[SPLIT]);
    let text = std::fs::read_to_string(root.join(SPLIT)).unwrap();
    let uri = uri_of(&root.join(SPLIT));
    let mut server = start();
    let published = server.open_version(&uri, &text, 1);
    assert_eq!(codes(&published), ["map-disconnected"]);
    assert_eq!(published[0]["severity"], 1);

    // Written in the folder above, while the document is open: it is checked again.
    std::fs::write(
        root.join("megahex.toml"),
        "[severity]\nmap-disconnected = \"warn\"\n",
    )
    .unwrap();
    let published = server.change(&uri, 2, json!([{"text": text}]));
    assert_eq!(codes(&published), ["map-disconnected"]);
    assert_eq!(published[0]["severity"], 2);
    let expected = validated(&root, &[SPLIT.to_owned()]);
    let seen: Vec<Seen> = published.iter().map(from_server).collect();
    assert_eq!(seen, expected[0]);

    // Changed on disk: the open document follows without an edit.
    std::fs::write(
        root.join("megahex.toml"),
        "[severity]\nmap-disconnected = \"allow\"\n",
    )
    .unwrap();
    server.wait_for(&uri, <[Value]>::is_empty);
}

#[test]
fn a_yaml_bomb_gets_its_finding_and_the_server_goes_on() {
    let mut bomb = String::from(
        "format: 1\nruleset: sentinel-tactics\na: &a [x, x, x, x, x, x, x, x, x, x]\n",
    );
    for level in 0..12 {
        let from = if level == 0 {
            "a".to_owned()
        } else {
            format!("b{}", level - 1)
        };
        bomb.push_str(&format!(
            "b{level}: &b{level} [*{from}, *{from}, *{from}, *{from}, *{from}, *{from}, *{from}, *{from}, *{from}, *{from}]\n"
        ));
    }
    let mut server = start();
    let root = scratch_dir("lsp-bomb");
    let bomb_uri = uri_of(&root).replace("lsp-bomb", "lsp-bomb/bomb.yaml");
    let published = server.open_version(&bomb_uri, &bomb, 1);
    assert_eq!(codes(&published), ["yaml-syntax"], "{published:?}");
    let file = workspace_root().join("scenarios/city-blades-gambit.yaml");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(server.open_version(&uri_of(&file), &text, 1).is_empty());
}
