//! End-to-end tests of `megahex validate` for CI: the `github`, `sarif` and `junit` report
//! formats.
//!
//! The expected outputs are written out by hand from the fixture files: the line and column of
//! each finding are read off the fixture text (the comment above each expectation says where),
//! and the messages are the checks' wording. The scenarios sit in a folder whose name has a
//! space and a comma, the two characters CI formats most often get wrong.

// Test code: a failed unwrap is a failed test, also in the helpers outside `#[test]` functions.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::{Path, PathBuf};

use common::{fixtures_dir, megahex_in, scratch_dir};
use serde_json::json;

/// The folder name every format test uses.
const DIR: &str = "my scenarios, v2";

/// Copies fixtures (`kind/name.yaml`) into `dir/DIR/`, keeping their names.
fn folder_with(test: &str, fixtures: &[&str]) -> PathBuf {
    let root = scratch_dir(test);
    let dir = root.join(DIR);
    std::fs::create_dir_all(&dir).unwrap();
    for fixture in fixtures {
        let from = fixtures_dir().join(fixture);
        let name = Path::new(fixture).file_name().unwrap();
        std::fs::copy(&from, dir.join(name)).unwrap();
    }
    root
}

/// Three files: a clean one, one warning, one error. Sorted, they are checked in the order
/// minimal, minion-kind-mismatch, tile-overlap.
fn three_files(test: &str) -> PathBuf {
    folder_with(
        test,
        &[
            "valid/minimal.yaml",
            "warning/minion-kind-mismatch.yaml",
            "invalid/tile-overlap.yaml",
        ],
    )
}

// minion-kind-mismatch.yaml, line 11: `  - {id: legacy, kind: minion, ...}`; the finding is on the
// value of `kind`, whose `m` is the 24th character of the line.
const WARNING_MESSAGE: &str =
    "token `legacy` is a minion but `legacy` is a character in the roster";
const WARNING_HELP: &str = "write `kind: character`";

// tile-overlap.yaml, line 13: `      at: [3, -1]`; the finding is on the value of `at`, whose `[`
// is the 11th character. Tile 2's centre is 3 hexes from tile 1's, so they share 6 hexes.
const ERROR_MESSAGE: &str = "tile 2 overlaps tile 1 (map.tiles[0]) on 6 hex(es)";
const ERROR_HELP: &str =
    "move the tile so its centre is at least 5 hexes from the other tile's centre";

#[test]
fn github_annotations_escape_the_comma_in_the_path() {
    let root = three_files("formats-github");
    let run = megahex_in(&root, ["validate", "--format", "github", DIR]);
    assert_eq!(run.code, 1, "stderr: {}", run.stderr);
    let expected = format!(
        "::warning file=my scenarios%2C v2/minion-kind-mismatch.yaml,line=11,col=24,title=unknown-reference::{WARNING_MESSAGE}%0Ahelp: {WARNING_HELP}\n\
         ::error file=my scenarios%2C v2/tile-overlap.yaml,line=13,col=11,title=tile-overlap::{ERROR_MESSAGE}%0Ahelp: {ERROR_HELP}\n\
         3 files checked: 1 error, 1 warning\n"
    );
    assert_eq!(run.stdout, expected);
    assert_eq!(run.stderr, "");
}

#[test]
fn github_output_of_a_clean_run_is_the_summary_alone() {
    let root = folder_with("formats-github-clean", &["valid/minimal.yaml"]);
    let run = megahex_in(&root, ["validate", "--format", "github", DIR]);
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert_eq!(run.stdout, "1 file checked: 0 errors, 0 warnings\n");
}

#[test]
fn sarif_has_a_rule_per_code_and_located_results() {
    let root = three_files("formats-sarif");
    let run = megahex_in(&root, ["validate", "--format", "sarif", DIR]);
    assert_eq!(run.code, 1, "stderr: {}", run.stderr);
    let log: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(log["version"], "2.1.0");
    assert_eq!(
        log["$schema"],
        "https://json.schemastore.org/sarif-2.1.0.json"
    );
    assert_eq!(log["runs"].as_array().unwrap().len(), 1);
    let run0 = &log["runs"][0];
    let driver = &run0["tool"]["driver"];
    assert_eq!(driver["name"], "megahex");
    assert_eq!(driver["version"], env!("CARGO_PKG_VERSION"));

    let rules = driver["rules"].as_array().unwrap();
    let ids: Vec<&str> = rules.iter().map(|r| r["id"].as_str().unwrap()).collect();
    let codes: Vec<&str> = megahex::Code::ALL.iter().map(|c| c.as_str()).collect();
    assert_eq!(ids, codes);
    for (rule, code) in rules.iter().zip(megahex::Code::ALL) {
        assert_eq!(rule["shortDescription"]["text"], code.summary());
        let uri = rule["helpUri"].as_str().unwrap();
        assert!(
            uri.ends_with(&format!("/docs/diagnostics.md#{}", code.as_str())),
            "{uri}"
        );
        assert!(rule["help"]["text"].as_str().unwrap().contains(uri));
    }
    // The rule indexes: tile-overlap is the 7th code and unknown-reference the 14th in
    // docs/diagnostics.md's order.
    assert_eq!(
        run0["results"],
        json!([
            {
                "ruleId": "unknown-reference",
                "ruleIndex": 13,
                "level": "warning",
                "message": {"text": format!("{WARNING_MESSAGE}\nhelp: {WARNING_HELP}")},
                "locations": [{"physicalLocation": {
                    "artifactLocation": {
                        "uri": "my%20scenarios,%20v2/minion-kind-mismatch.yaml",
                        "uriBaseId": "%SRCROOT%"
                    },
                    "region": {"startLine": 11, "startColumn": 24}
                }}]
            },
            {
                "ruleId": "tile-overlap",
                "ruleIndex": 6,
                "level": "error",
                "message": {"text": format!("{ERROR_MESSAGE}\nhelp: {ERROR_HELP}")},
                "locations": [{"physicalLocation": {
                    "artifactLocation": {
                        "uri": "my%20scenarios,%20v2/tile-overlap.yaml",
                        "uriBaseId": "%SRCROOT%"
                    },
                    "region": {"startLine": 13, "startColumn": 11}
                }}]
            }
        ])
    );
}

#[test]
fn junit_has_a_testcase_per_file_and_a_failure_per_error() {
    let root = three_files("formats-junit");
    let run = megahex_in(&root, ["validate", "--format", "junit", DIR]);
    assert_eq!(run.code, 1, "stderr: {}", run.stderr);
    // `'` in the help is escaped as &apos;, the line break between message and help as &#10;.
    let expected = r#"<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="megahex" tests="3" failures="1" errors="0">
  <testsuite name="megahex validate" tests="3" failures="1" errors="0" skipped="0">
    <testcase classname="megahex" name="my scenarios, v2/minimal.yaml" file="my scenarios, v2/minimal.yaml"/>
    <testcase classname="megahex" name="my scenarios, v2/minion-kind-mismatch.yaml" file="my scenarios, v2/minion-kind-mismatch.yaml">
      <system-out>my scenarios, v2/minion-kind-mismatch.yaml:11:24: warning [unknown-reference] token `legacy` is a minion but `legacy` is a character in the roster&#10;help: write `kind: character`</system-out>
    </testcase>
    <testcase classname="megahex" name="my scenarios, v2/tile-overlap.yaml" file="my scenarios, v2/tile-overlap.yaml">
      <failure type="tile-overlap" message="tile 2 overlaps tile 1 (map.tiles[0]) on 6 hex(es)">my scenarios, v2/tile-overlap.yaml:13:11: error [tile-overlap] tile 2 overlaps tile 1 (map.tiles[0]) on 6 hex(es)&#10;help: move the tile so its centre is at least 5 hexes from the other tile&apos;s centre</failure>
    </testcase>
  </testsuite>
</testsuites>
"#;
    assert_eq!(run.stdout, expected);
}

#[test]
fn junit_counts_warnings_as_failures_with_deny_warnings() {
    let root = three_files("formats-junit-deny");
    let run = megahex_in(
        &root,
        ["validate", "--format", "junit", "--deny-warnings", DIR],
    );
    assert_eq!(run.code, 1, "stderr: {}", run.stderr);
    assert!(
        run.stdout
            .contains(r#"<testsuites name="megahex" tests="3" failures="2" errors="0">"#),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains(
        "      <failure type=\"unknown-reference\" message=\"token `legacy` is a minion but `legacy` is a character in the roster\">my scenarios, v2/minion-kind-mismatch.yaml:11:24: warning [unknown-reference] "
    ));
    assert!(!run.stdout.contains("<system-out>"));
}

#[test]
fn human_output_without_colour_ends_with_the_summary() {
    let root = three_files("formats-human");
    let run = megahex_in(&root, ["validate", DIR]);
    assert_eq!(run.code, 1, "stderr: {}", run.stderr);
    assert!(!run.stdout.contains('\u{1b}'), "colour codes in a pipe");
    assert!(
        run.stdout
            .contains("[my scenarios, v2/tile-overlap.yaml:13:11]")
    );
    assert!(
        run.stdout
            .contains("[my scenarios, v2/minion-kind-mismatch.yaml:11:24]")
    );
    assert!(
        run.stdout
            .ends_with("\n3 files checked: 1 error, 1 warning\n"),
        "{}",
        run.stdout
    );
}

#[test]
fn an_unknown_format_is_a_usage_error_listing_the_formats() {
    let root = three_files("formats-unknown");
    let run = megahex_in(&root, ["validate", "--format", "xml", DIR]);
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr
            .contains("[possible values: human, json, github, sarif, junit]"),
        "{}",
        run.stderr
    );
}
