//! Megahex against the real third-party clients its users run beside it: check-jsonschema (an
//! independent JSON Schema validator), yaml-language-server (the engine of VS Code's YAML
//! extension and of most editors' YAML support) and Microsoft's SARIF multitool with GitHub's
//! code scanning rules.
//!
//! The tools are not Rust crates, so these tests are ignored by default. `.ci/run` installs the
//! tools (`.ci/install-clients.sh`) and runs them:
//! `cargo test -p megahex --test e2e -- --ignored clients::`. Without the tools they fail and
//! say how to install them.

// Test code: a failed unwrap is a failed test, also in the helpers outside `#[test]` functions.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::lsp;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::{expectation, megahex_in, relative, scratch_dir, workspace_root};
use megahex::{CatalogFile, Checker, Code};
use megahex_schema::Catalog;
use megahex_schema::rulesets::sentinel_tactics::TokenKind;
use serde_json::{Value, json};

/// The codes that say "this file is not what the schema describes". For every file,
/// check-jsonschema accepts it exactly when megahex reports none of them. `unsupported-format`
/// is one: the schema allows only `format: 1`.
const SCHEMA_LEVEL: [Code; 3] = [Code::YamlSyntax, Code::Schema, Code::UnsupportedFormat];

/// The codes JSON Schema cannot express: they need the tile catalog, the map's geometry, the
/// other entries of the file, or the rules played out. A file with only these is valid JSON
/// Schema-wise, so check-jsonschema accepts it. docs/ci.md lists them.
const BEYOND_JSON_SCHEMA: [Code; 33] = [
    Code::CatalogInvalid,
    Code::TileUnknown,
    Code::TileDuplicate,
    Code::TileOverlap,
    Code::MapDisconnected,
    Code::TokenOffMap,
    Code::HexOffMap,
    Code::HexOccupied,
    Code::FootprintInvalid,
    Code::DuplicateId,
    Code::UnknownReference,
    Code::ObjectiveUnreachable,
    Code::ObjectiveImpossible,
    Code::PlaytestIllegal,
    Code::TurnOrderUneven,
    Code::TerrainUnknown,
    Code::HexImpassable,
    Code::AttacksOverActions,
    Code::SpellUnaffordable,
    Code::ComponentCount,
    Code::RankSetup,
    Code::MandatoryEnemy,
    Code::EnemyUnbeatable,
    Code::BossUnbeatable,
    Code::NoLegalDice,
    Code::EffectNotSimulated,
    Code::ObjectiveDistance,
    Code::TurnOneExposure,
    Code::StatsMissing,
    Code::AssertionFailed,
    Code::PlaytestWon,
    Code::CharacterDuplicate,
    Code::PowerCards,
];

/// A tool's command: the environment variable `.ci/install-clients.sh` sets, or `default`.
fn tool(variable: &str, default: &str) -> String {
    std::env::var(variable).unwrap_or_else(|_| default.to_owned())
}

fn require(path: &str, what: &str) {
    assert!(
        Path::new(path).exists(),
        "{what} not found at {path}: run `bash .ci/install-clients.sh` and source the file it names"
    );
}

/// Every scenario-shaped file: the fixtures (not the catalogs in `support/`) and the bundled
/// scenarios, relative to the workspace root.
fn corpus() -> Vec<PathBuf> {
    let root = workspace_root();
    let mut files = Vec::new();
    for dir in ["valid", "warning", "invalid", "known-bugs", "queries"] {
        files.extend(common::yaml_files(&common::fixtures_dir().join(dir)));
    }
    files.extend(common::scenario_files());
    files
        .into_iter()
        .map(|f| PathBuf::from(relative(&f, &root)))
        .collect()
}

/// The codes megahex reports for a file, read the way the CLI reads it.
fn megahex_codes(checker: &Checker, file: &Path) -> BTreeSet<Code> {
    let path = workspace_root().join(file);
    let bytes = std::fs::read(&path).unwrap();
    let base = path.parent().unwrap().to_path_buf();
    let read = |relative: &str| CatalogFile::read(&base, relative, checker.max_file_bytes());
    checker
        .check_bytes(&bytes, &read)
        .diagnostics
        .iter()
        .map(|d| d.code)
        .collect()
}

#[test]
fn every_code_is_either_schema_level_or_beyond_json_schema() {
    let mut listed: Vec<Code> = SCHEMA_LEVEL
        .iter()
        .chain(&BEYOND_JSON_SCHEMA)
        .copied()
        .collect();
    listed.sort();
    let mut all = Code::ALL.to_vec();
    all.sort();
    assert_eq!(listed, all, "classify every code in exactly one list");
    let doc = std::fs::read_to_string(workspace_root().join("docs/ci.md")).unwrap();
    for code in BEYOND_JSON_SCHEMA {
        assert!(
            doc.contains(&format!("`{}`", code.as_str())),
            "docs/ci.md does not list `{}` among the codes JSON Schema cannot express",
            code.as_str()
        );
    }
}

#[test]
#[ignore = "needs check-jsonschema; .ci/run installs it"]
fn check_jsonschema_and_megahex_agree_on_every_file() {
    let files = corpus();
    let command = tool("MEGAHEX_CHECK_JSONSCHEMA", "check-jsonschema");
    let output = Command::new(&command)
        .current_dir(workspace_root())
        .args(["--schemafile", "schema/scenario.schema.json", "-o", "json"])
        .args(&files)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {command}: {e}; `pip install check-jsonschema`"));
    let report: Value = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("check-jsonschema printed no JSON report ({e}): {output:?}"));
    let refused: BTreeSet<String> = ["errors", "parse_errors"]
        .iter()
        .flat_map(|key| report[key].as_array().cloned().unwrap_or_default())
        .filter_map(|e| e["filename"].as_str().map(str::to_owned))
        .collect();

    let checker = Checker::new(Catalog::builtin()).unwrap();
    let mut disagreements = Vec::new();
    let (mut accepted, mut rejected) = (0, 0);
    for file in &files {
        let codes = megahex_codes(&checker, file);
        let megahex_refuses = codes.iter().any(|c| SCHEMA_LEVEL.contains(c));
        let name = file.to_string_lossy().into_owned();
        let schema_refuses = refused.contains(&name);
        if schema_refuses {
            rejected += 1;
        } else {
            accepted += 1;
        }
        if megahex_refuses != schema_refuses {
            let codes: Vec<&str> = codes.iter().map(|c| c.as_str()).collect();
            disagreements.push(format!(
                "{name}: check-jsonschema {}, megahex reports {codes:?}",
                if schema_refuses { "refuses" } else { "accepts" }
            ));
        }
    }
    assert!(
        disagreements.is_empty(),
        "{} disagreement(s):\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
    // Both sides of the equivalence are exercised: at least 20 files each way.
    assert!(
        accepted >= 20 && rejected >= 20,
        "{accepted} accepted, {rejected} refused"
    );
}

/// The yaml-language-server, configured as the docs tell an editor to: the scenario schema for
/// every `.yaml` file.
fn yaml_language_server() -> lsp::Server {
    let server = tool(
        "MEGAHEX_YAML_LANGUAGE_SERVER",
        "target/ci-clients/node_modules/yaml-language-server/bin/yaml-language-server",
    );
    let server = if Path::new(&server).is_relative() {
        workspace_root().join(server).to_string_lossy().into_owned()
    } else {
        server
    };
    require(&server, "yaml-language-server");
    let schema = file_uri(&workspace_root().join("schema/scenario.schema.json"));
    let mut command = Command::new("node");
    command.args([server.as_str(), "--stdio"]);
    lsp::Server::start(
        command,
        json!({
            "validate": true,
            "hover": true,
            "completion": true,
            "schemas": { schema: ["*.yaml"] }
        }),
    )
}

fn file_uri(path: &Path) -> String {
    let text = path.to_string_lossy().replace('\\', "/");
    let encoded = megahex::report::sarif::encode_path(&text);
    if encoded.starts_with('/') {
        format!("file://{encoded}")
    } else {
        format!("file:///{encoded}")
    }
}

/// Errors and warnings, as `line: message` (1-based lines).
fn problems(diagnostics: &[Value]) -> Vec<(usize, String)> {
    diagnostics
        .iter()
        .filter(|d| d["severity"].as_u64().is_none_or(|s| s <= 2))
        .map(|d| {
            let line = d["range"]["start"]["line"].as_u64().unwrap_or_default() as usize + 1;
            (line, d["message"].as_str().unwrap_or_default().to_owned())
        })
        .collect()
}

#[test]
#[ignore = "needs yaml-language-server; .ci/run installs it"]
fn yaml_language_server_is_clean_on_valid_files_and_flags_each_schema_error() {
    let mut server = yaml_language_server();
    let root = workspace_root();
    let mut failures = Vec::new();
    let mut checked_lines = 0;
    for file in corpus() {
        let path = root.join(&file);
        let name = file.to_string_lossy().into_owned();
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue; // A fixture that is deliberately not UTF-8 is no editor document.
        };
        let uri = file_uri(&path);
        let found = problems(&server.open(&uri, &text));
        server.close(&uri);
        let kind = file
            .iter()
            .nth(2)
            .and_then(|k| k.to_str())
            .unwrap_or("scenarios");
        if name.starts_with("scenarios/") || matches!(kind, "valid" | "warning") {
            if !found.is_empty() {
                failures.push(format!("{name}: a valid file gets {found:?}"));
            }
            continue;
        }
        let Ok(expected) = expectation(&path) else {
            continue;
        };
        for (code, line) in expected.diagnostics.iter().filter(|(c, _)| c == "schema") {
            checked_lines += 1;
            if !found.iter().any(|(l, _)| l.abs_diff(*line) <= 1) {
                failures.push(format!(
                    "{name}: no diagnostic within a line of the `{code}` at line {line}; got {found:?}"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        checked_lines >= 15,
        "only {checked_lines} schema lines checked"
    );
}

/// Whitespace-insensitive text, as Markdown renders it.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A scenario in block style, so each key and value has its own line.
const HOVER_SCENARIO: &str = "\
format: 1
ruleset: sentinel-tactics
map:
  tiles:
    - tile: 1
      side: megalopolis
      at: [0, 0]
tokens:
  - id: relay
    kind: pylon
    health: 3
    at: [0, 0]
objectives:
  - id: wreck
    team: heroes
    kind: destroy
    targets: [relay]
teams:
  - id: heroes
rules:
  los-edges: strict
  los-blocking: higher-than-either
  environment:
    - velociraptors
stats:
  legacy:
    movement:
      dice: 3
      pick: median
    attacks:
      - name: Punch
        kind: melee
        dice: 4
";

/// The 0-based line of the first `key:` line after `after` lines, and the key's column.
fn key_at(text: &str, key: &str, after: usize) -> (usize, usize) {
    text.lines()
        .enumerate()
        .skip(after)
        .find_map(|(n, line)| line.find(&format!("{key}:")).map(|c| (n, c + 1)))
        .unwrap_or_else(|| panic!("no `{key}:` line"))
}

/// The 0-based line and column of a list item's value.
fn value_at(text: &str, item: &str) -> (usize, usize) {
    text.lines()
        .enumerate()
        .find_map(|(n, line)| {
            (line.trim_start() == format!("- {item}")).then(|| (n, line.len() - item.len() + 1))
        })
        .unwrap_or_else(|| panic!("no `- {item}` line"))
}

#[test]
#[ignore = "needs yaml-language-server; .ci/run installs it"]
fn each_ruleset_completes_its_own_top_level_keys() {
    let mut server = yaml_language_server();
    let dir = scratch_dir("clients-completion");
    for (ruleset, body, own, foreign) in [
        (
            "hex-skirmish",
            "map: {hexagon: {radius: 2}}\n",
            ["units", "terrain", "chests"],
            ["tokens", "turn-order", "deployment"],
        ),
        (
            "sentinel-tactics",
            "map: {tiles: [{tile: 1, side: megalopolis, at: [0, 0]}]}\n",
            ["tokens", "turn-order", "deployment"],
            ["units", "terrain", "chests"],
        ),
    ] {
        let text = format!("format: 1\nruleset: {ruleset}\n{body}\n");
        let path = dir.join(format!("{ruleset}.yaml"));
        std::fs::write(&path, &text).unwrap();
        let uri = file_uri(&path);
        server.open(&uri, &text);
        // On the empty last line: the keys the scenario does not have yet.
        let offered = server.completion(&uri, text.lines().count(), 0);
        for key in own {
            assert!(
                offered.iter().any(|o| o == key),
                "{ruleset}: no {key} in {offered:?}"
            );
        }
        for key in foreign {
            assert!(
                !offered.iter().any(|o| o == key),
                "{ruleset}: {key} offered: {offered:?}"
            );
        }
        server.close(&uri);
    }
}

#[test]
#[ignore = "needs yaml-language-server; .ci/run installs it"]
fn hover_shows_the_key_description_and_every_value_with_its_text() {
    let mut server = yaml_language_server();
    let dir = scratch_dir("clients-hover");
    let path = dir.join("hover.yaml");
    std::fs::write(&path, HOVER_SCENARIO).unwrap();
    let uri = file_uri(&path);
    let found = problems(&server.open(&uri, HOVER_SCENARIO));
    assert!(found.is_empty(), "{found:?}");

    // Written out from the types' doc comments in schema/src/scenario.rs.
    let (line, column) = key_at(HOVER_SCENARIO, "los-edges", 0);
    let hover = words(&server.hover(&uri, line, column));
    for part in [
        "Whether a line that only touches a blocking hex's edge or corner is blocked.",
        "* `strict`: The rulebook (default): a line touching any blocking hex",
        "* `permissive`: A house rule: a line is blocked only if it enters the inside",
    ] {
        assert!(
            hover.contains(part),
            "los-edges hover lacks {part:?}:\n{hover}"
        );
    }
    let (line, column) = key_at(HOVER_SCENARIO, "kind", 8);
    let hover = words(&server.hover(&uri, line, column));
    assert!(hover.contains("What kind of token this is."), "{hover}");
    assert!(hover.contains("* `pylon`: A pylon token."), "{hover}");
    let listed = hover.matches("* `").count();
    assert_eq!(listed, TokenKind::ALL.len(), "token kinds listed:\n{hover}");

    // Every key whose value is one of a documented list: the key's own description first,
    // then each value once with its text, the list exactly the schema's.
    let schema: Value = serde_json::from_str(megahex_schema::COMMITTED_SCHEMA).unwrap();
    let definition = |name: &str| schema["$defs"][name].clone();
    let cases = [
        (
            "side",
            0,
            definition("TilePlacement")["properties"]["side"].clone(),
            "Side",
        ),
        (
            "kind",
            8,
            definition("Token")["properties"]["kind"].clone(),
            "TokenKind",
        ),
        (
            "kind",
            13,
            definition("Objective")["properties"]["kind"].clone(),
            "ObjectiveKind",
        ),
        (
            "los-edges",
            0,
            definition("Rules")["properties"]["los-edges"].clone(),
            "LosEdges",
        ),
        (
            "los-blocking",
            0,
            definition("Rules")["properties"]["los-blocking"].clone(),
            "LosBlocking",
        ),
        (
            "ruleset",
            0,
            schema["properties"]["ruleset"].clone(),
            "Ruleset",
        ),
        (
            "pick",
            0,
            definition("RolledMovement")["properties"]["pick"].clone(),
            "Pick",
        ),
        (
            "kind",
            30,
            definition("AttackStats")["properties"]["kind"].clone(),
            "AttackKind",
        ),
        // A list item has no key of its own: its text is the value list's.
        (
            "- velociraptors",
            0,
            definition("EnvironmentCard"),
            "EnvironmentCard",
        ),
    ];
    for (key, after, property, list) in cases {
        let (line, column) = match key.strip_prefix("- ") {
            Some(item) => value_at(HOVER_SCENARIO, item),
            None => key_at(HOVER_SCENARIO, key, after),
        };
        let hover = words(&server.hover(&uri, line, column));
        let description = words(property["description"].as_str().unwrap());
        assert!(hover.contains(&description), "{key}: {hover}");
        let values = definition(list)["enum"].as_array().cloned().unwrap();
        let texts = definition(list)["markdownEnumDescriptions"]
            .as_array()
            .cloned()
            .unwrap();
        assert_eq!(hover.matches("* `").count(), values.len(), "{key}: {hover}");
        for (value, text) in values.iter().zip(&texts) {
            let entry = words(&format!(
                "* `{}`: {}",
                value.as_str().unwrap(),
                text.as_str().unwrap()
            ));
            assert!(hover.contains(&entry), "{key}: no {entry:?} in {hover}");
        }
    }
}

/// The Microsoft SARIF multitool's folder, which also ships the official SARIF 2.1.0 schema.
fn sarif_multitool() -> PathBuf {
    let dir = tool(
        "MEGAHEX_SARIF_MULTITOOL",
        "target/ci-clients/node_modules/@microsoft/sarif-multitool-linux",
    );
    let dir = workspace_root().join(dir);
    require(
        &dir.join("Sarif.Multitool").to_string_lossy(),
        "the SARIF multitool",
    );
    dir
}

/// The errors and warnings of the multitool's `validate` with the SARIF and GitHub rules.
fn multitool_findings(multitool: &Path, log: &Path) -> Vec<String> {
    let out = log.with_extension("validation.sarif");
    let _ = std::fs::remove_file(&out);
    let run = Command::new(multitool.join("Sarif.Multitool"))
        .arg("validate")
        .arg(log)
        .args(["--rule-kind", "Gh;Sarif", "--level", "Error;Warning", "-o"])
        .arg(&out)
        .output()
        .expect("run the SARIF multitool");
    let text = std::fs::read_to_string(&out)
        .unwrap_or_else(|e| panic!("the multitool wrote no log ({e}): {run:?}"));
    let validation: Value = serde_json::from_str(&text).unwrap();
    validation["runs"][0]["results"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|r| format!("{} {}", r["ruleId"], r["message"]))
        .collect()
}

#[test]
#[ignore = "needs the SARIF multitool and check-jsonschema; .ci/run installs them"]
fn the_sarif_log_passes_the_sarif_schema_and_githubs_rules() {
    let multitool = sarif_multitool();
    let dir = scratch_dir("clients-sarif");
    // Errors, warnings, a finding in another file (a broken catalog) and a clean file.
    let run = megahex_in(
        &workspace_root(),
        [
            "validate",
            "--format",
            "sarif",
            "tests/fixtures/invalid/tile-overlap.yaml",
            "tests/fixtures/invalid/catalog-invalid-broken-file.yaml",
            "tests/fixtures/warning/minion-kind-mismatch.yaml",
            "scenarios/city-blades-gambit.yaml",
        ],
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    let log = dir.join("megahex.sarif");
    std::fs::write(&log, &run.stdout).unwrap();

    let schema = multitool.join("sarif-2.1.0.json");
    let command = tool("MEGAHEX_CHECK_JSONSCHEMA", "check-jsonschema");
    let check = Command::new(&command)
        .arg("--schemafile")
        .arg(&schema)
        .arg(&log)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {command}: {e}"));
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );

    let findings = multitool_findings(&multitool, &log);
    assert!(findings.is_empty(), "{}", findings.join("\n"));

    // The multitool does check GitHub's rules: without full descriptions it objects (GH2012).
    let mut stripped: Value = serde_json::from_str(&run.stdout).unwrap();
    for rule in stripped["runs"][0]["tool"]["driver"]["rules"]
        .as_array_mut()
        .unwrap()
    {
        rule.as_object_mut().unwrap().remove("fullDescription");
    }
    let bad = dir.join("stripped.sarif");
    std::fs::write(&bad, stripped.to_string()).unwrap();
    let findings = multitool_findings(&multitool, &bad);
    assert!(
        !findings.is_empty(),
        "the multitool accepted rules without fullDescription"
    );
}
