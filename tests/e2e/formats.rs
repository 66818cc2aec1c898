//! End-to-end tests of `megahex validate` for CI: the `github`, `sarif` and `junit` report
//! formats, the inputs (standard input, `--exclude`, `.megahexignore`, parallel checking in a
//! stable order), per-code severity overrides (`--allow`, `--warn`, `--deny`, `megahex.toml`),
//! and the CI integrations (shell completions, the pre-commit hook, the examples in
//! `docs/ci.md`).
//!
//! The expected outputs are written out by hand from the fixture files: the line and column of
//! each finding are read off the fixture text (the comment above each expectation says where),
//! and the messages are the checks' wording. The scenarios sit in a folder whose name has a
//! space and a comma, the two characters CI formats most often get wrong.

// Test code: a failed unwrap is a failed test, also in the helpers outside `#[test]` functions.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{Run, fixtures_dir, megahex_in, megahex_with_stdin, scratch_dir, workspace_root};
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

// ---------------------------------------------------------------------------------------------
// Inputs

/// The `files[].path` of a `--format json` run.
fn json_paths(run: &Run) -> Vec<String> {
    run.json()["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["path"].as_str().unwrap().to_owned())
        .collect()
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn fixture(name: &str) -> String {
    std::fs::read_to_string(fixtures_dir().join(name)).unwrap()
}

#[test]
fn a_dash_reads_a_scenario_from_standard_input() {
    let root = three_files("inputs-stdin");
    let text = fixture("warning/minion-kind-mismatch.yaml");
    let run = megahex_with_stdin(
        &root,
        ["validate", "--format", "github", "-"],
        text.as_bytes(),
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert_eq!(
        run.stdout,
        format!(
            "::warning file=<stdin>,line=11,col=24,title=unknown-reference::{WARNING_MESSAGE}%0Ahelp: {WARNING_HELP}\n\
             1 file checked: 0 errors, 1 warning\n"
        )
    );

    // Standard input takes its place among the other inputs, in the order given.
    let run = megahex_with_stdin(
        &root,
        ["validate", "--format", "json", "-", DIR],
        fixture("invalid/tile-overlap.yaml").as_bytes(),
    );
    assert_eq!(run.code, 1, "stderr: {}", run.stderr);
    assert_eq!(
        json_paths(&run),
        [
            "<stdin>",
            "my scenarios, v2/minimal.yaml",
            "my scenarios, v2/minion-kind-mismatch.yaml",
            "my scenarios, v2/tile-overlap.yaml",
        ]
    );
    let report = run.json();
    let stdin_file = &report["files"][0];
    assert_eq!(stdin_file["ok"], false);
    assert_eq!(stdin_file["diagnostics"][0]["code"], "tile-overlap");
    assert_eq!(stdin_file["diagnostics"][0]["line"], 13);
}

#[test]
fn standard_input_gets_the_human_snippet_and_the_size_limit() {
    let root = scratch_dir("inputs-stdin-human");
    let text = fixture("invalid/tile-overlap.yaml");
    let run = megahex_with_stdin(&root, ["validate", "-"], text.as_bytes());
    assert_eq!(run.code, 1, "stderr: {}", run.stderr);
    assert!(run.stdout.contains("[<stdin>:13:11]"), "{}", run.stdout);
    assert!(
        run.stdout.contains(" 13 │       at: [3, -1]"),
        "{}",
        run.stdout
    );

    let run = megahex_with_stdin(
        &root,
        [
            "validate",
            "--format",
            "json",
            "--max-file-bytes",
            "100",
            "-",
        ],
        text.as_bytes(),
    );
    assert_eq!(run.code, 1, "stderr: {}", run.stderr);
    let d = &run.json()["files"][0]["diagnostics"][0];
    assert_eq!(d["code"], "yaml-syntax");
    assert_eq!(
        d["message"],
        format!(
            "the file is {} bytes, over the 100-byte limit for scenario files",
            text.len()
        )
    );
}

/// A folder with scenarios at several depths, for the exclusion tests (paths sort folder by
/// folder, so `old/d.yaml` comes before `old/deeper/e.yaml`):
/// `maps/a.yaml`, `maps/draft-b.yaml`, `maps/wip/c.yaml`, `maps/old/d.yaml`,
/// `maps/old/deeper/e.yaml`.
fn folder_for_excludes(test: &str) -> PathBuf {
    let root = scratch_dir(test);
    let minimal = fixture("valid/minimal.yaml");
    for file in [
        "a.yaml",
        "draft-b.yaml",
        "wip/c.yaml",
        "old/d.yaml",
        "old/deeper/e.yaml",
    ] {
        write(&root.join("maps").join(file), &minimal);
    }
    root
}

#[test]
fn exclude_skips_files_and_folders_found_in_directories() {
    let root = folder_for_excludes("inputs-exclude");
    let run = megahex_in(&root, ["validate", "--format", "json", "maps"]);
    assert_eq!(
        json_paths(&run),
        [
            "maps/a.yaml",
            "maps/draft-b.yaml",
            "maps/old/d.yaml",
            "maps/old/deeper/e.yaml",
            "maps/wip/c.yaml",
        ]
    );
    // A name pattern matches at any depth; a folder name skips everything in it.
    let run = megahex_in(
        &root,
        [
            "validate",
            "--format",
            "json",
            "--exclude",
            "draft-*",
            "--exclude",
            "wip",
            "maps",
        ],
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert_eq!(
        json_paths(&run),
        ["maps/a.yaml", "maps/old/d.yaml", "maps/old/deeper/e.yaml"]
    );
    // A pattern with a slash matches from the current folder or from the searched one, and `*`
    // stays within one folder.
    for pattern in ["maps/old/*.yaml", "old/*.yaml"] {
        let run = megahex_in(
            &root,
            ["validate", "--format", "json", "--exclude", pattern, "maps"],
        );
        assert_eq!(
            json_paths(&run),
            [
                "maps/a.yaml",
                "maps/draft-b.yaml",
                "maps/old/deeper/e.yaml",
                "maps/wip/c.yaml",
            ],
            "--exclude {pattern}"
        );
    }
    // `**` crosses folders.
    let run = megahex_in(
        &root,
        [
            "validate",
            "--format",
            "json",
            "--exclude",
            "old/**",
            "maps",
        ],
    );
    assert_eq!(
        json_paths(&run),
        ["maps/a.yaml", "maps/draft-b.yaml", "maps/wip/c.yaml"]
    );
}

#[test]
fn exclude_applies_to_globs_but_not_to_named_files() {
    let root = folder_for_excludes("inputs-exclude-glob");
    let run = megahex_in(
        &root,
        [
            "validate",
            "--format",
            "json",
            "--exclude",
            "draft-*",
            "maps/*.yaml",
            "maps/draft-b.yaml",
        ],
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert_eq!(json_paths(&run), ["maps/a.yaml", "maps/draft-b.yaml"]);
    // A glob whose every match is excluded is not an error: it matched files.
    let run = megahex_in(
        &root,
        [
            "validate",
            "--format",
            "json",
            "--exclude",
            "wip",
            "maps/wip/*.yaml",
        ],
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert_eq!(json_paths(&run), Vec::<String>::new());
}

#[test]
fn megahexignore_in_the_current_folder_and_in_the_searched_folder() {
    let root = folder_for_excludes("inputs-ignore-file");
    write(
        &root.join(".megahexignore"),
        "# drafts are not ready\ndraft-*.yaml\n\n  maps/wip/  \n",
    );
    let run = megahex_in(&root, ["validate", "--format", "json", "maps"]);
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert_eq!(
        json_paths(&run),
        ["maps/a.yaml", "maps/old/d.yaml", "maps/old/deeper/e.yaml"]
    );
    // With no path, the current folder is searched and its ignore file is read once.
    let run = megahex_in(&root, ["validate", "--format", "json"]);
    assert_eq!(
        json_paths(&run),
        ["maps/a.yaml", "maps/old/d.yaml", "maps/old/deeper/e.yaml"]
    );

    // The searched folder's own file: its patterns are relative to that folder.
    std::fs::remove_file(root.join(".megahexignore")).unwrap();
    write(&root.join("maps/.megahexignore"), "old/deeper\n");
    let run = megahex_in(&root, ["validate", "--format", "json", "maps"]);
    assert_eq!(
        json_paths(&run),
        [
            "maps/a.yaml",
            "maps/draft-b.yaml",
            "maps/old/d.yaml",
            "maps/wip/c.yaml",
        ]
    );
}

#[test]
fn a_bad_ignore_pattern_is_a_usage_error() {
    let root = folder_for_excludes("inputs-ignore-bad");
    write(&root.join(".megahexignore"), "# keep\n!maps/a.yaml\n");
    let run = megahex_in(&root, ["validate", "maps"]);
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr.starts_with(
            "megahex: .megahexignore line 2: negated patterns (`!`) are not supported"
        ),
        "{}",
        run.stderr
    );
    let run = megahex_in(&root, ["validate", "--exclude", "[", "maps/a.yaml"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("--exclude `[`: bad pattern"),
        "{}",
        run.stderr
    );
}

#[test]
fn many_files_are_reported_in_sorted_order_every_time() {
    let root = scratch_dir("inputs-parallel");
    let mut expected = Vec::new();
    for (i, file) in common::fixtures("invalid").iter().enumerate() {
        // Spread the corpus over a few folders so sorting crosses folder boundaries.
        let folder = ["b", "a/z", "a"][i % 3];
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        std::fs::copy(file, root.join("corpus").join(folder).join(&name))
            .or_else(|_| {
                std::fs::create_dir_all(root.join("corpus").join(folder))?;
                std::fs::copy(file, root.join("corpus").join(folder).join(&name))
            })
            .unwrap();
        expected.push(format!("corpus/{folder}/{name}"));
    }
    // Path order compares folder by folder: `corpus/a/...` files come before `corpus/a/z/...`.
    expected.sort_by(|a, b| Path::new(a).cmp(Path::new(b)));
    let first = megahex_in(&root, ["validate", "--format", "json", "corpus"]);
    assert_eq!(first.code, 1, "stderr: {}", first.stderr);
    assert_eq!(json_paths(&first), expected);
    for _ in 0..3 {
        let again = megahex_in(&root, ["validate", "--format", "json", "corpus"]);
        assert_eq!(again.stdout, first.stdout);
    }
}

#[test]
fn a_file_named_twice_is_checked_once() {
    let root = three_files("inputs-twice");
    let run = megahex_in(
        &root,
        [
            "validate",
            "--format",
            "json",
            "my scenarios, v2/tile-overlap.yaml",
            DIR,
        ],
    );
    assert_eq!(
        json_paths(&run),
        [
            "my scenarios, v2/tile-overlap.yaml",
            "my scenarios, v2/minimal.yaml",
            "my scenarios, v2/minion-kind-mismatch.yaml",
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// Severity overrides

#[test]
fn warn_turns_an_error_into_a_warning_and_allow_drops_a_code() {
    let root = three_files("severity-flags");
    let run = megahex_in(
        &root,
        [
            "validate",
            "--format",
            "github",
            "--warn",
            "tile-overlap",
            DIR,
        ],
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert_eq!(
        run.stdout,
        format!(
            "::warning file=my scenarios%2C v2/minion-kind-mismatch.yaml,line=11,col=24,title=unknown-reference::{WARNING_MESSAGE}%0Ahelp: {WARNING_HELP}\n\
             ::warning file=my scenarios%2C v2/tile-overlap.yaml,line=13,col=11,title=tile-overlap::{ERROR_MESSAGE}%0Ahelp: {ERROR_HELP}\n\
             3 files checked: 0 errors, 2 warnings\n"
        )
    );
    // Warnings made from errors still fail under --deny-warnings.
    let run = megahex_in(
        &root,
        ["validate", "--deny-warnings", "--warn", "tile-overlap", DIR],
    );
    assert_eq!(run.code, 1);

    let run = megahex_in(
        &root,
        [
            "validate",
            "--format",
            "github",
            "--allow",
            "unknown-reference",
            "--allow",
            "tile-overlap",
            DIR,
        ],
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert_eq!(run.stdout, "3 files checked: 0 errors, 0 warnings\n");
}

#[test]
fn deny_turns_a_warning_into_an_error() {
    let root = folder_with("severity-deny", &["warning/minion-kind-mismatch.yaml"]);
    let run = megahex_in(
        &root,
        [
            "validate",
            "--format",
            "github",
            "--deny",
            "unknown-reference",
            DIR,
        ],
    );
    assert_eq!(run.code, 1, "stderr: {}", run.stderr);
    assert_eq!(
        run.stdout,
        format!(
            "::error file=my scenarios%2C v2/minion-kind-mismatch.yaml,line=11,col=24,title=unknown-reference::{WARNING_MESSAGE}%0Ahelp: {WARNING_HELP}\n\
             1 file checked: 1 error, 0 warnings\n"
        )
    );
}

// map-disconnected.yaml, line 10: `    - {tile: 3, side: insula-primalis, at: [-10, 4]}`, the
// tile cut off from the rest.
const SPLIT_MAP: &str = "invalid/map-disconnected.yaml";

#[test]
fn megahex_toml_beside_the_scenarios_sets_severities() {
    let root = folder_with("severity-toml", &[SPLIT_MAP]);
    let run = megahex_in(&root, ["validate", "--format", "json", DIR]);
    assert_eq!(run.code, 1);
    assert_eq!(run.json()["files"][0]["diagnostics"][0]["line"], 10);

    // In the folder given on the command line.
    write(
        &root.join(DIR).join("megahex.toml"),
        "# This campaign's maps are islands on purpose.\n[severity]\nmap-disconnected = \"allow\"\n",
    );
    let run = megahex_in(&root, ["validate", "--format", "json", DIR]);
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert_eq!(run.json()["files"][0]["diagnostics"], json!([]));
    assert_eq!(run.json()["summary"]["errors"], 0);

    // The command line wins over the file.
    let run = megahex_in(
        &root,
        [
            "validate",
            "--format",
            "json",
            "--deny",
            "map-disconnected",
            DIR,
        ],
    );
    assert_eq!(run.code, 1);
    let run = megahex_in(
        &root,
        [
            "validate",
            "--format",
            "json",
            "--warn",
            "map-disconnected",
            DIR,
        ],
    );
    assert_eq!(run.code, 0);
    let d = &run.json()["files"][0]["diagnostics"][0];
    assert_eq!(
        (d["code"].as_str(), d["severity"].as_str()),
        (Some("map-disconnected"), Some("warning"))
    );

    // In the current folder, when the scenarios are named one by one.
    std::fs::rename(
        root.join(DIR).join("megahex.toml"),
        root.join("megahex.toml"),
    )
    .unwrap();
    let run = megahex_in(
        &root,
        [
            "validate",
            "--format",
            "json",
            "my scenarios, v2/map-disconnected.yaml",
        ],
    );
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert_eq!(run.json()["files"][0]["diagnostics"], json!([]));
}

#[test]
fn unknown_codes_are_usage_errors_naming_the_valid_codes() {
    let root = folder_with("severity-unknown", &[SPLIT_MAP]);
    let all_codes = megahex::Code::ALL
        .iter()
        .map(|c| c.as_str())
        .collect::<Vec<_>>()
        .join(", ");

    let run = megahex_in(&root, ["validate", "--allow", "map-split", DIR]);
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr
            .contains("invalid value 'map-split' for '--allow <CODE>'"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains(&format!("[possible values: {all_codes}]")),
        "{}",
        run.stderr
    );

    write(
        &root.join(DIR).join("megahex.toml"),
        "[severity]\nmap-split = \"allow\"\n",
    );
    let run = megahex_in(&root, ["validate", DIR]);
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout, "");
    assert_eq!(
        run.stderr,
        format!(
            "megahex: my scenarios, v2/megahex.toml: [severity]: `map-split` is not a diagnostic code; the codes are: {all_codes}\n"
        )
    );

    write(
        &root.join(DIR).join("megahex.toml"),
        "[severity]\nmap-disconnected = \"ignore\"\n",
    );
    let run = megahex_in(&root, ["validate", DIR]);
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        "megahex: my scenarios, v2/megahex.toml: [severity]: `map-disconnected = \"ignore\"`: write \"allow\", \"warn\" or \"deny\"\n"
    );
}

#[test]
fn one_code_in_two_flags_is_a_usage_error() {
    let root = folder_with("severity-twice", &[SPLIT_MAP]);
    let run = megahex_in(
        &root,
        [
            "validate",
            "--allow",
            "map-disconnected",
            "--warn",
            "map-disconnected",
            DIR,
        ],
    );
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        "megahex: `map-disconnected` is given to both --allow and --warn; pick one\n"
    );
}

// ---------------------------------------------------------------------------------------------
// Integrations

#[test]
fn completions_know_the_commands_formats_and_codes() {
    let dir = scratch_dir("completions");
    for (shell, marker) in [
        ("bash", "complete -F _megahex"),
        ("zsh", "#compdef megahex"),
        ("fish", "complete -c megahex"),
    ] {
        let run = megahex_in(&dir, ["completions", shell]);
        assert_eq!(run.code, 0, "{shell}: {}", run.stderr);
        for expected in [marker, "validate", "github", "junit", "map-disconnected"] {
            assert!(
                run.stdout.contains(expected),
                "{shell} completions lack `{expected}`"
            );
        }
    }
    let run = megahex_in(&dir, ["completions", "tcsh"]);
    assert_eq!(run.code, 2);

    // The bash script is valid bash, and completes --format's values.
    let script = dir.join("megahex.bash");
    std::fs::write(&script, megahex_in(&dir, ["completions", "bash"]).stdout).unwrap();
    let Ok(output) = Command::new("bash")
        .arg("-c")
        .arg(format!(
            "source '{}' && COMP_WORDS=(megahex validate --format '') && COMP_CWORD=3 && _megahex megahex '' --format && echo \"${{COMPREPLY[@]}}\"",
            script.display()
        ))
        .output()
    else {
        eprintln!("no bash here; the bash completion script was not run");
        return;
    };
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "human json github sarif junit\n"
    );
}

#[test]
fn the_pre_commit_hook_runs_megahex_validate_on_yaml_files() {
    let text = std::fs::read_to_string(workspace_root().join(".pre-commit-hooks.yaml")).unwrap();
    let hooks: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    let hooks = hooks.as_sequence().unwrap();
    assert_eq!(hooks.len(), 1);
    let hook = &hooks[0];
    assert_eq!(hook["id"], "megahex-validate");
    assert_eq!(hook["entry"], "megahex validate");
    assert_eq!(hook["language"], "system");
    assert_eq!(
        hook["types"],
        serde_yaml::from_str::<serde_yaml::Value>("[yaml]").unwrap()
    );
}

/// The fenced blocks of one language in a Markdown file, with their first line number.
fn fenced_blocks(markdown: &str, language: &str) -> Vec<(usize, String)> {
    let mut blocks = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (n, line) in markdown.lines().enumerate() {
        let fence = line.trim_start();
        match current.as_mut() {
            Some(_) if fence == "```" => blocks.extend(current.take()),
            Some((_, text)) => {
                text.push_str(line);
                text.push('\n');
            }
            None if fence == format!("```{language}") => current = Some((n + 2, String::new())),
            None => {}
        }
    }
    blocks
}

#[test]
fn the_ci_examples_are_well_formed() {
    let doc = std::fs::read_to_string(workspace_root().join("docs/ci.md")).unwrap();
    let yaml = fenced_blocks(&doc, "yaml");
    assert!(
        yaml.len() >= 4,
        "docs/ci.md has {} YAML examples",
        yaml.len()
    );
    for (line, text) in &yaml {
        if let Err(e) = serde_yaml::from_str::<serde_yaml::Value>(text) {
            panic!("docs/ci.md line {line}: the YAML example does not parse: {e}");
        }
    }
    let workflows: Vec<&String> = yaml
        .iter()
        .map(|(_, t)| t)
        .filter(|t| t.contains("runs-on:"))
        .collect();
    assert!(workflows.iter().any(|t| t.contains("--format github")));
    assert!(
        workflows
            .iter()
            .any(|t| t.contains("--format sarif") && t.contains("upload-sarif"))
    );
    // The severity example is a megahex.toml that megahex accepts.
    for (line, text) in fenced_blocks(&doc, "toml") {
        let text: String = text
            .lines()
            .map(|l| format!("{}\n", l.trim_start()))
            .collect();
        if let Err(e) = megahex::severity::ProjectConfig::from_toml(&text) {
            panic!("docs/ci.md line {line}: megahex.toml example refused: {e}");
        }
    }
    for (page, link) in [("README.md", "docs/ci.md"), ("docs/cli.md", "(ci.md)")] {
        let text = std::fs::read_to_string(workspace_root().join(page)).unwrap();
        assert!(text.contains(link), "{page} does not link {link}");
    }
}

#[test]
fn every_install_address_in_the_ci_page_is_the_workspace_home() {
    let home = env!("CARGO_PKG_REPOSITORY");
    assert!(!home.contains("example.invalid"), "{home}");
    let doc = std::fs::read_to_string(workspace_root().join("docs/ci.md")).unwrap();
    let mut addresses = 0;
    for line in doc.lines() {
        let after = line
            .split_once("--git ")
            .or_else(|| line.split_once("repo: "))
            .map(|(_, rest)| rest.split_whitespace().next().unwrap_or_default());
        if let Some(address) = after.filter(|a| a.starts_with("http")) {
            assert_eq!(address, home, "docs/ci.md: {line}");
            addresses += 1;
        }
    }
    assert!(addresses >= 3, "only {addresses} install addresses found");
}

/// A scenario naming a catalog whose second figure repeats the first one's id.
fn folder_with_a_broken_catalog(test: &str) -> PathBuf {
    let root = scratch_dir(test);
    let dir = root.join(DIR);
    std::fs::create_dir_all(&dir).unwrap();
    write(
        &dir.join("house.yaml"),
        "format: 1\nfigures:\n  - {id: sky, name: Sky, kind: character, hexes: 1}\n  - {id: sky, name: Sky Two, kind: character, hexes: 1}\n",
    );
    write(
        &dir.join("scenario.yaml"),
        "format: 1\nruleset: sentinel-tactics\ncatalog: house.yaml\nmap:\n  tiles:\n    - {tile: 1, side: megalopolis, at: [0, 0]}\n",
    );
    root
}

// house.yaml, line 4: `  - {id: sky, ...}`; the repeated id `sky` is the 10th character.
// scenario.yaml, line 3: `catalog: house.yaml`; the value starts at the 10th character.
#[test]
fn a_broken_catalog_is_reported_in_the_catalog_file_in_every_format() {
    let root = folder_with_a_broken_catalog("formats-broken-catalog");
    let scenario = format!("{DIR}/scenario.yaml");
    let catalog = format!("{DIR}/house.yaml");

    let run = megahex_in(&root, ["validate", "--format", "json", &scenario]);
    assert_eq!(run.code, 1, "stderr: {}", run.stderr);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let finding = &report["files"][0]["diagnostics"][0];
    assert_eq!(finding["code"], "catalog-invalid");
    assert_eq!(
        (&finding["line"], &finding["column"]),
        (&json!(3), &json!(10))
    );
    assert_eq!(
        finding["origin"],
        json!({"path": catalog, "line": 4, "column": 10})
    );

    let run = megahex_in(&root, ["validate", "--format", "sarif", &scenario]);
    let log: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let result = &log["runs"][0]["results"][0];
    assert_eq!(
        result["locations"][0]["physicalLocation"],
        json!({
            "artifactLocation": {"uri": "my%20scenarios,%20v2/house.yaml", "uriBaseId": "%SRCROOT%"},
            "region": {"startLine": 4, "startColumn": 10}
        })
    );
    assert_eq!(
        result["relatedLocations"][0]["physicalLocation"],
        json!({
            "artifactLocation": {"uri": "my%20scenarios,%20v2/scenario.yaml", "uriBaseId": "%SRCROOT%"},
            "region": {"startLine": 3, "startColumn": 10}
        })
    );

    let run = megahex_in(&root, ["validate", "--format", "github", &scenario]);
    let first = run.stdout.lines().next().unwrap();
    assert!(
        first.starts_with(
            "::error file=my scenarios%2C v2/house.yaml,line=4,col=10,title=catalog-invalid::"
        ),
        "{first}"
    );
    assert!(
        first.contains("named at my scenarios, v2/scenario.yaml:3:10"),
        "{first}"
    );

    let run = megahex_in(&root, ["validate", "--format", "junit", &scenario]);
    assert!(
        run.stdout
            .contains(&format!("{catalog}:4:10: error [catalog-invalid]")),
        "{}",
        run.stdout
    );

    let run = megahex_in(&root, ["validate", &scenario]);
    assert!(
        run.stdout.contains(&format!("[{catalog}:4:10]")),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("  - {id: sky, name: Sky Two"),
        "{}",
        run.stdout
    );

    // The same file given with `--catalog` is a usage error shown at the same place.
    let run = megahex_in(&root, ["--catalog", &catalog, "tiles"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains(&format!("[{catalog}:4:10]")),
        "{}",
        run.stderr
    );
}
