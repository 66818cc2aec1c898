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
fn reading_a_watched_catalog_does_not_set_off_another_check() {
    let root = folder_with(
        "lsp-catalog-quiet",
        &[
            "valid/custom-catalog.yaml",
            "support/tile-nine-catalog.yaml",
        ],
    );
    let path = root.join("valid/custom-catalog.yaml");
    let uri = uri_of(&path);
    let mut server = start();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(server.open_version(&uri, &text, 1).is_empty());
    // The catalog is watched from the first check on; the edit's check reads it again. A
    // watcher that took that read for a change would check, and publish, again and again.
    assert!(server.change(&uri, 2, json!([{"text": text}])).is_empty());
    server.listen(std::time::Duration::from_millis(1500));
    assert_eq!(server.publications[&uri], 2);
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
    // Hovering in the bomb itself answers at once (nothing to show), and so does a scenario.
    assert_eq!(server.hover(&bomb_uri, 3, 2), "");
    let file = workspace_root().join("scenarios/city-blades-gambit.yaml");
    let text = std::fs::read_to_string(&file).unwrap();
    let uri = uri_of(&file);
    assert!(server.open_version(&uri, &text, 1).is_empty());
    let line = text.lines().position(|l| l.contains("at: 1/10")).unwrap();
    let column = text.lines().nth(line).unwrap().find("1/10").unwrap();
    assert!(server.hover(&uri, line, column).contains("hex 1/10"));
}

/// A document opened in a fresh server and checked.
struct Opened {
    server: Server,
    uri: String,
    text: String,
}

fn open(path: &Path) -> Opened {
    let mut server = start();
    let uri = uri_of(path);
    let text = std::fs::read_to_string(path).unwrap();
    server.open_version(&uri, &text, 1);
    Opened { server, uri, text }
}

impl Opened {
    /// The 0-based line and character of the `nth` (0-based) match of `needle`, plus `past`
    /// characters.
    fn at(&self, needle: &str, nth: usize, past: usize) -> (usize, usize) {
        let offset = self.text.match_indices(needle).nth(nth).unwrap().0 + past;
        let before = &self.text[..offset];
        let line = before.matches('\n').count();
        let character = before.len() - before.rfind('\n').map_or(0, |n| n + 1);
        (line, character)
    }

    fn ask(&mut self, method: &str, (line, character): (usize, usize), extra: Value) -> Value {
        let mut params = json!({
            "textDocument": {"uri": self.uri},
            "position": {"line": line, "character": character},
        });
        if let (Some(params), Value::Object(extra)) = (params.as_object_mut(), extra) {
            params.extend(extra);
        }
        self.server.request(method, params)
    }

    fn hover(&mut self, at: (usize, usize)) -> String {
        self.server.hover(&self.uri, at.0, at.1)
    }

    /// The 1-based lines of the locations in a result.
    fn lines(result: &Value) -> Vec<u64> {
        let mut lines: Vec<u64> = result
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["range"]["start"]["line"].as_u64().unwrap() + 1)
            .collect();
        lines.sort_unstable();
        lines
    }
}

/// The 1-based lines, outside comments, where `id` is written as a YAML value or key (after
/// `:`, `[`, `,`, `-` or `{`, before `,`, `]`, `}`, `:`, a comment or the line's end, so prose
/// in a description does not count): the places a designer would find with a search.
pub fn id_lines(text: &str, id: &str) -> Vec<u64> {
    let is_id_char = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
    text.lines()
        .zip(1..)
        .filter(|(line, _)| !line.trim_start().starts_with('#'))
        .filter(|(line, _)| {
            line.match_indices(id).any(|(at, _)| {
                let before = line[..at].trim_end();
                let after = line[at + id.len()..].trim_start();
                let opens = before.is_empty() || before.ends_with([':', '[', ',', '-', '{']);
                let closes = after.is_empty() || after.starts_with([',', ']', '}', ':', '#']);
                let whole = !line[..at].ends_with(is_id_char)
                    && !line[at + id.len()..].starts_with(is_id_char);
                opens && closes && whole
            })
        })
        .map(|(_, n)| n)
        .collect()
}

#[test]
fn hovers_tell_a_hex_a_token_a_claim_and_a_key() {
    let mut opened = open(&fixtures_dir().join("invalid/assertion-failed.yaml"));
    // The header's hand count: tile 1's hex 10 is at elevation 1, and legacy stands on it.
    let hex = opened.hover(opened.at("at: 1/10", 0, 6));
    assert!(hex.contains("hex 1/10"), "{hex}");
    assert!(
        hex.contains("tile 1 megalopolis side, elevation 1"),
        "{hex}"
    );
    assert!(hex.contains("`legacy`"), "{hex}");
    // Hex 19 at elevation 1, nobody there.
    let empty = opened.hover(opened.at("to: 1/19", 0, 5));
    assert!(
        empty.contains("elevation 1") && empty.contains("Nobody"),
        "{empty}"
    );

    let token = opened.hover(opened.at("from: legacy", 0, 7));
    assert!(token.contains("token `legacy`"), "{token}");
    assert!(token.contains("team `heroes`"), "{token}");
    assert!(token.contains("Sprint"), "{token}");

    // The first claim holds: 1/1 and 1/19 are 4 apart and 3 apart in elevation.
    let holds = opened.hover(opened.at("is: 7", 0, 1));
    assert!(holds.contains("holds"), "{holds}");
    assert!(holds.contains("is 7: 4 hex(es) apart"), "{holds}");
    assert!(holds.contains("plus 3"), "{holds}");
    // Its twin with `at-most: 6` does not.
    let fails = opened.hover(opened.at("at-most: 6", 0, 1));
    assert!(fails.contains("does not hold"), "{fails}");

    // A key: the schema's words.
    let key = opened.hover(opened.at("ruleset:", 0, 2));
    assert!(key.contains("Which game's rules apply"), "{key}");
}

#[test]
fn definition_references_and_rename_follow_an_id_through_the_scenario() {
    let root = folder_with("lsp-rename", &["invalid/assertion-failed.yaml"]);
    let path = root.join("invalid/assertion-failed.yaml");
    let mut opened = open(&path);
    let legacy = opened.at("from: legacy", 0, 7);

    let definition = opened.ask("textDocument/definition", legacy, json!({}));
    let id_line = id_lines(&opened.text, "legacy")[0];
    assert_eq!(Opened::lines(&definition), [id_line]);

    let all = opened.ask(
        "textDocument/references",
        legacy,
        json!({"context": {"includeDeclaration": true}}),
    );
    assert_eq!(Opened::lines(&all), id_lines(&opened.text, "legacy"));
    let uses = opened.ask(
        "textDocument/references",
        legacy,
        json!({"context": {"includeDeclaration": false}}),
    );
    assert_eq!(Opened::lines(&uses).len(), Opened::lines(&all).len() - 1);

    // Renamed: every token id `legacy` becomes `paragon`; the roster's `character: legacy`
    // stays. The file then reads as it did, findings and all.
    let prepared = opened.ask("textDocument/prepareRename", legacy, json!({}));
    assert_eq!(prepared["start"]["line"], legacy.0);
    let edit = opened.ask("textDocument/rename", legacy, json!({"newName": "paragon"}));
    let edits = edit["changes"][&opened.uri].as_array().unwrap().clone();
    assert_eq!(edits.len(), id_lines(&opened.text, "legacy").len());
    let mut renamed = opened.text.clone();
    let mut by_offset: Vec<(usize, usize, String)> = edits
        .iter()
        .map(|e| {
            let offset = |p: &Value| {
                let line = p["line"].as_u64().unwrap() as usize;
                let start: usize = opened
                    .text
                    .split_inclusive('\n')
                    .take(line)
                    .map(str::len)
                    .sum();
                start + p["character"].as_u64().unwrap() as usize
            };
            (
                offset(&e["range"]["start"]),
                offset(&e["range"]["end"]),
                e["newText"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    by_offset.sort();
    for (start, end, text) in by_offset.into_iter().rev() {
        renamed.replace_range(start..end, &text);
    }
    assert!(renamed.contains("character: legacy"));
    assert!(!renamed.contains("from: legacy"));
    let before = validated(&root, &["invalid/assertion-failed.yaml".to_owned()]);
    std::fs::write(&path, &renamed).unwrap();
    let after = validated(&root, &["invalid/assertion-failed.yaml".to_owned()]);
    let codes_lines = |found: &[Seen]| found.iter().map(|s| (s.0.clone(), s.2)).collect::<Vec<_>>();
    assert_eq!(codes_lines(&after[0]), codes_lines(&before[0]));

    // A name that is not an id, or one already taken, is refused.
    let refused = opened.server.request_error(
        "textDocument/rename",
        json!({"textDocument": {"uri": opened.uri}, "position": {"line": legacy.0, "character": legacy.1}, "newName": "two words"}),
    );
    assert!(refused.contains("not an id"), "{refused}");
}

#[test]
fn a_tile_reference_leads_to_the_tile_on_the_map() {
    let mut opened = open(&workspace_root().join("scenarios/city-blades-gambit.yaml"));
    let target = opened.ask(
        "textDocument/definition",
        opened.at("at: 5/7", 0, 5),
        json!({}),
    );
    let tile_line = opened.at("{tile: 5, side", 0, 0).0 as u64 + 1;
    assert_eq!(Opened::lines(&target), [tile_line]);
    let hex = opened.hover(opened.at("at: {tile: 5, hex: 12}", 0, 19));
    assert!(hex.contains("hex 5/12"), "{hex}");
}

#[test]
fn completion_offers_the_ids_a_place_expects() {
    let mut opened = open(&workspace_root().join("scenarios/city-blades-gambit.yaml"));
    let teams = opened.server.completion(
        &opened.uri,
        opened.at("team: heroes, at: 1/10", 0, 7).0,
        opened.at("team: heroes, at: 1/10", 0, 7).1,
    );
    assert_eq!(teams, ["heroes", "villains"]);
    let targets_at = opened.at("targets: [relay-north", 0, 11);
    let tokens = opened
        .server
        .completion(&opened.uri, targets_at.0, targets_at.1);
    assert!(
        tokens.contains(&"legacy".to_owned()) && tokens.contains(&"relay-east".to_owned()),
        "{tokens:?}"
    );
    assert!(!tokens.contains(&"heroes".to_owned()));
    // After `team: ` with nothing written yet.
    let edited = opened
        .text
        .replacen("  - team: heroes\n    hexes", "  - team: \n    hexes", 1);
    assert_ne!(edited, opened.text);
    opened
        .server
        .change(&opened.uri, 2, json!([{"text": edited}]));
    opened.text = edited;
    let blank = opened.at("  - team: \n", 0, 10);
    let offered = opened.server.completion(&opened.uri, blank.0, blank.1);
    assert_eq!(offered, ["heroes", "villains"]);
}

#[test]
fn cards_and_units_are_followed_in_the_other_games() {
    let mut deck = open(&fixtures_dir().join("valid/solar-playtest.yaml"));
    let warden = deck.at("activate: [warden]", 0, 12);
    let all = deck.ask(
        "textDocument/references",
        warden,
        json!({"context": {"includeDeclaration": true}}),
    );
    assert_eq!(Opened::lines(&all), id_lines(&deck.text, "warden"));
    let hover = deck.hover(warden);
    assert!(hover.contains("card `warden`"), "{hover}");

    let mut arena = open(&fixtures_dir().join("valid/hex-skirmish-playtest.yaml"));
    let mage = arena.at("target: mage", 0, 9);
    let all = arena.ask(
        "textDocument/references",
        mage,
        json!({"context": {"includeDeclaration": true}}),
    );
    assert_eq!(Opened::lines(&all), id_lines(&arena.text, "mage"));
    let definition = arena.ask("textDocument/definition", mage, json!({}));
    assert_eq!(
        Opened::lines(&definition),
        [arena.at("id: mage", 0, 0).0 as u64 + 1]
    );
    // The file's own lines: the mage has 8 hit points and Firebolt, and stands at [2, 0].
    let unit = arena.hover(mage);
    assert!(
        unit.contains("unit `mage`") && unit.contains("8 hit points"),
        "{unit}"
    );
    assert!(unit.contains("spells: Firebolt"), "{unit}");
    let hex = arena.hover(arena.at("at: [2, 0]", 0, 5));
    assert!(
        hex.contains("hex `[2, 0]`") && hex.contains("`mage`"),
        "{hex}"
    );
    // A skirmish arena's claims, by its header's hand count: runner and target are eight hexes
    // apart (the range claim holds), and the bushes at q = 0 stand between them (the sight
    // claim is false).
    let mut claims = open(&fixtures_dir().join("invalid/assertion-failed-skirmish.yaml"));
    let range = claims.hover(claims.at("is: 8", 0, 1));
    assert!(range.contains("holds") && range.contains("is 8"), "{range}");
    let sight = claims.hover(claims.at("visible: true", 0, 1));
    assert!(sight.contains("does not hold"), "{sight}");
    assert!(
        sight.contains("does not see target") && sight.contains("blocked at [0, 0]"),
        "{sight}"
    );

    // The deck's own line: the warden is level 2, Health 5, mandatory.
    let card = deck.hover(deck.at("- id: warden", 0, 7));
    assert!(
        card.contains("level 2, Health 5") && card.contains("mandatory"),
        "{card}"
    );
}

/// `text` with a workspace edit's changes to `uri` made.
fn with_edits(text: &str, edit: &Value, uri: &str) -> String {
    let offset = |p: &Value| {
        let line = p["line"].as_u64().unwrap() as usize;
        let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
        start + p["character"].as_u64().unwrap() as usize
    };
    let mut edits: Vec<(usize, usize, &str)> = edit["changes"][uri]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                offset(&e["range"]["start"]),
                offset(&e["range"]["end"]),
                e["newText"].as_str().unwrap(),
            )
        })
        .collect();
    edits.sort();
    let mut out = text.to_owned();
    for (start, end, new) in edits.into_iter().rev() {
        out.replace_range(start..end, new);
    }
    out
}

/// A quick fix applied: its title, whether it is preferred, what `validate` then says of the
/// file, and the lines that changed (before, after).
type Applied = (String, bool, Vec<Seen>, Vec<(String, String)>);

/// The quick fixes offered over the whole of a fixture copied to a scratch folder, each
/// applied alone.
fn fixes_of(name: &str, fixture: &str) -> Vec<Applied> {
    let root = folder_with(name, &[fixture]);
    let path = root.join(fixture);
    let mut opened = open(&path);
    let lines = opened.text.lines().count();
    let actions = opened.ask(
        "textDocument/codeAction",
        (0, 0),
        json!({"range": {"start": {"line": 0, "character": 0}, "end": {"line": lines, "character": 0}}, "context": {"diagnostics": []}}),
    );
    let original = opened.text.clone();
    actions
        .as_array()
        .unwrap()
        .iter()
        .map(|action| {
            assert_eq!(action["kind"], "quickfix");
            let fixed = with_edits(&original, &action["edit"], &opened.uri);
            std::fs::write(&path, &fixed).unwrap();
            let after = validated(&root, &[fixture.to_owned()]).remove(0);
            let changed = original
                .lines()
                .zip(fixed.lines())
                .filter(|(a, b)| a != b)
                .map(|(a, b)| (a.to_owned(), b.to_owned()))
                .collect();
            assert_eq!(original.lines().count(), fixed.lines().count());
            (
                action["title"].as_str().unwrap().to_owned(),
                action["isPreferred"] == true,
                after,
                changed,
            )
        })
        .collect()
}

#[test]
fn a_tile_placed_twice_is_fixed_by_the_inventory_s_proposals_in_one_line() {
    let fixes = fixes_of("lsp-fix-tile", "invalid/tile-duplicate-blades.yaml");
    assert!(fixes.len() >= 2, "{fixes:?}");
    assert!(fixes[0].1, "the first fix is preferred");
    assert!(fixes[1..].iter().all(|f| !f.1));
    for (title, _, after, changed) in &fixes {
        assert!(title.contains("instead of the second tile 1"), "{title}");
        assert_eq!(after, &Vec::<Seen>::new(), "{title}");
        assert_eq!(changed.len(), 1, "{title}: {changed:?}");
    }
    // The preferred one is the help's proposal.
    let report = megahex_in(
        &fixtures_dir(),
        [
            "validate",
            "--format",
            "json",
            "invalid/tile-duplicate-blades.yaml",
        ],
    )
    .json();
    let help = report["files"][0]["diagnostics"][0]["help"]
        .as_str()
        .unwrap()
        .to_owned();
    let proposed = help.split('`').nth(1).unwrap();
    let tile = proposed.split(',').next().unwrap().trim_start_matches('{');
    assert!(fixes[0].3[0].1.contains(tile), "{help} / {:?}", fixes[0].3);
}

#[test]
fn a_misspelt_key_and_a_wrong_kind_are_fixed_as_their_help_says() {
    let fixes = fixes_of("lsp-fix-keys", "invalid/schema-unknown-key-typo.yaml");
    let titles: Vec<&str> = fixes.iter().map(|f| f.0.as_str()).collect();
    assert_eq!(titles.len(), 2, "{titles:?}");
    assert!(
        titles.iter().any(|t| t.contains("to `rotation`")),
        "{titles:?}"
    );
    assert!(
        titles.iter().any(|t| t.contains("to `turn-order`")),
        "{titles:?}"
    );
    for (title, _, after, changed) in &fixes {
        // One of the two misspellings left, on its own line.
        assert_eq!(after.len(), 1, "{title}: {after:?}");
        assert_eq!(changed.len(), 1, "{title}");
    }
    // `team: heros` for `heroes`; the file's other unknown references stay.
    let fixes = fixes_of(
        "lsp-fix-id",
        "invalid/unknown-reference-team-and-roster.yaml",
    );
    assert_eq!(fixes.len(), 1, "{fixes:?}");
    assert_eq!(fixes[0].0, "write `heroes`");
    assert!(fixes[0].3[0].0.contains("team: heros") && fixes[0].3[0].1.contains("team: heroes"));
    let before = megahex_in(
        &fixtures_dir(),
        [
            "validate",
            "--format",
            "json",
            "invalid/unknown-reference-team-and-roster.yaml",
        ],
    )
    .json();
    let count = before["files"][0]["diagnostics"].as_array().unwrap().len();
    assert_eq!(fixes[0].2.len(), count - 1);

    let fixes = fixes_of("lsp-fix-kind", "warning/minion-kind-mismatch.yaml");
    assert_eq!(fixes.len(), 1);
    assert_eq!(fixes[0].0, "write `kind: character`");
    assert!(
        fixes[0].2.iter().all(|f| f.0 != "unknown-reference"),
        "{:?}",
        fixes[0].2
    );
    assert!(fixes[0].3[0].1.contains("kind: character"));
}
