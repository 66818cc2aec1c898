//! End-to-end tests of the `megahex` binary: the fixture corpus and the CLI contract
//! (DESIGN §5: exit codes, the `--format json` document, file discovery, `schema`, `tiles`).

// Test code: a failed unwrap is a failed test, also in the helpers outside `#[test]` functions.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use std::collections::BTreeSet;
use std::path::Path;

use common::{
    code_lines, expectation, fixture_text, fixtures, fixtures_dir, json_shape_problems, line_count,
    megahex, megahex_in, relative, scenario_files, scratch_dir, workspace_root,
};

/// Validates one fixture with `--format json` and lists every way the result differs from the
/// fixture's header.
fn fixture_problems(path: &Path) -> Vec<String> {
    let name = relative(path, &fixtures_dir());
    let expected = match expectation(path) {
        Ok(expected) => expected,
        Err(e) => return vec![format!("{name}: bad header: {e}")],
    };
    let run = megahex(["validate", name.as_str(), "--format", "json"]);
    let mut problems = Vec::new();
    if run.code != expected.exit {
        problems.push(format!(
            "exit status {} (expected {}); stderr: {}",
            run.code,
            expected.exit,
            run.stderr.trim()
        ));
    }
    let Ok(report) = serde_json::from_str::<serde_json::Value>(&run.stdout) else {
        problems.push(format!("stdout is not JSON: {}", run.stdout.trim()));
        return problems
            .into_iter()
            .map(|p| format!("{name}: {p}"))
            .collect();
    };
    problems.extend(json_shape_problems(&report));
    let files = report["files"].as_array().cloned().unwrap_or_default();
    if files.len() != 1 {
        problems.push(format!("{} file entries, expected 1", files.len()));
    }
    if let Some(file) = files.first() {
        if file["path"] != name.as_str() {
            problems.push(format!("path is {}, expected {name:?}", file["path"]));
        }
        let found = code_lines(file);
        if found != expected.diagnostics {
            problems.push(format!(
                "diagnostics (code, line) are {found:?}, expected {:?}; full report: {}",
                expected.diagnostics,
                serde_json::to_string_pretty(&file["diagnostics"]).unwrap_or_default()
            ));
        }
        let lines = line_count(&fixture_text(path)).max(1);
        for d in file["diagnostics"].as_array().into_iter().flatten() {
            if d["line"].as_u64().is_some_and(|l| l as usize > lines) {
                problems.push(format!(
                    "`{}` points at line {}, past the end of the {lines}-line file",
                    d["code"].as_str().unwrap_or_default(),
                    d["line"]
                ));
            }
        }
    }
    if run.stderr.contains("internal error") {
        problems.push(format!("internal error: {}", run.stderr.trim()));
    }
    problems
        .into_iter()
        .map(|p| format!("{name}: {p}"))
        .collect()
}

/// Runs every fixture of a corpus directory and fails once, listing all mismatches.
fn check_corpus(kind: &str, check_header: impl Fn(&common::Expectation) -> Option<String>) {
    let mut problems = Vec::new();
    for path in fixtures(kind) {
        if let Ok(expected) = expectation(&path)
            && let Some(problem) = check_header(&expected)
        {
            problems.push(format!("{}: {problem}", relative(&path, &fixtures_dir())));
        }
        problems.extend(fixture_problems(&path));
    }
    assert!(
        problems.is_empty(),
        "{} problem(s):\n{}",
        problems.len(),
        problems.join("\n\n")
    );
}

#[test]
fn valid_fixtures_pass_without_diagnostics() {
    check_corpus("valid", |e| {
        (e.exit != 0 || !e.diagnostics.is_empty())
            .then(|| "a valid fixture must say `# exit: 0` and expect nothing".to_owned())
    });
}

#[test]
fn warning_fixtures_pass_with_their_warnings() {
    check_corpus("warning", |e| {
        (e.exit != 0 || e.diagnostics.is_empty())
            .then(|| "a warning fixture must say `# exit: 0` and expect a warning".to_owned())
    });
    for path in fixtures("warning") {
        let name = relative(&path, &fixtures_dir());
        let report = megahex(["validate", name.as_str(), "--format", "json"]).json();
        for d in report["files"][0]["diagnostics"]
            .as_array()
            .into_iter()
            .flatten()
        {
            // Warnings, and information such as `effect-not-simulated`: never an error.
            assert_ne!(d["severity"], "error", "{name}: {d}");
        }
    }
}

#[test]
fn invalid_fixtures_report_the_expected_codes_at_the_expected_lines() {
    check_corpus("invalid", |e| {
        (e.exit != 1 || e.diagnostics.is_empty())
            .then(|| "an invalid fixture must say `# exit: 1` and expect a diagnostic".to_owned())
    });
}

/// Fixtures showing validator bugs that are not fixed yet. Each one's `# bug:` lines say what is
/// wrong; when a fix lands, this test starts passing for it and the fixture moves to `invalid/`
/// or `valid/`.
#[test]
#[ignore = "known validator bugs, see tests/fixtures/known-bugs/*.yaml"]
fn known_bug_fixtures_match_their_expectations() {
    let mut problems = Vec::new();
    for path in fixtures("known-bugs") {
        problems.extend(fixture_problems(&path));
    }
    assert!(
        problems.is_empty(),
        "{} problem(s):\n{}",
        problems.len(),
        problems.join("\n\n")
    );
}

#[test]
fn every_implemented_code_has_a_fixture() {
    // Information that only `--fairness` reports (never an error or a warning).
    let not_implemented_yet = ["objective-distance", "turn-one-exposure", "stats-missing"];
    // Codes that are only ever warnings have theirs among the warning fixtures.
    let covered: BTreeSet<String> = fixtures("invalid")
        .iter()
        .chain(&fixtures("warning"))
        .flat_map(|p| expectation(p).map(|e| e.diagnostics).unwrap_or_default())
        .map(|(code, _)| code)
        .collect();
    let missing: Vec<&str> = megahex::Code::ALL
        .iter()
        .map(|c| c.as_str())
        .filter(|c| !covered.contains(*c) && !not_implemented_yet.contains(c))
        .collect();
    assert!(missing.is_empty(), "no fixture expects {missing:?}");
}

#[test]
fn every_fixture_has_a_well_formed_header() {
    let mut bad = Vec::new();
    for kind in ["valid", "warning", "invalid", "known-bugs"] {
        for path in fixtures(kind) {
            if let Err(e) = expectation(&path) {
                bad.push(format!("{}: {e}", relative(&path, &fixtures_dir())));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn an_empty_file_is_a_yaml_syntax_error_on_line_1() {
    let dir = scratch_dir("empty-file");
    std::fs::write(dir.join("empty.yaml"), "").unwrap();
    let run = megahex_in(&dir, ["validate", "empty.yaml", "--format", "json"]);
    assert_eq!(run.code, 1, "{run:?}");
    let report = run.json();
    assert!(json_shape_problems(&report).is_empty(), "{report}");
    let d = &report["files"][0]["diagnostics"];
    assert_eq!(d.as_array().map(Vec::len), Some(1), "{d}");
    assert_eq!(d[0]["code"], "yaml-syntax");
    assert_eq!(
        (d[0]["line"].as_u64(), d[0]["column"].as_u64()),
        (Some(1), Some(1))
    );
}

#[test]
fn crlf_line_endings_give_the_same_diagnostics_and_lines() {
    let dir = scratch_dir("crlf");
    // Keep `catalog: ../support/...` working from the copies.
    std::fs::create_dir_all(dir.join("support")).unwrap();
    for path in common::yaml_files(&fixtures_dir().join("support")) {
        std::fs::copy(&path, dir.join("support").join(path.file_name().unwrap())).unwrap();
    }
    let mut problems = Vec::new();
    for kind in ["valid", "warning", "invalid"] {
        std::fs::create_dir_all(dir.join(kind)).unwrap();
        for path in fixtures(kind) {
            let bytes = std::fs::read(&path).unwrap();
            if bytes.contains(&b'\r') {
                continue;
            }
            let mut crlf = Vec::with_capacity(bytes.len() + 64);
            for &b in &bytes {
                if b == b'\n' {
                    crlf.push(b'\r');
                }
                crlf.push(b);
            }
            let name = relative(&path, &fixtures_dir());
            std::fs::write(dir.join(&name), crlf).unwrap();
            let expected = expectation(&path).unwrap();
            let run = megahex_in(&dir, ["validate", name.as_str(), "--format", "json"]);
            let found = code_lines(&run.json()["files"][0]);
            if run.code != expected.exit || found != expected.diagnostics {
                problems.push(format!(
                    "{name} with CRLF: exit {} and {found:?}, expected exit {} and {:?}",
                    run.code, expected.exit, expected.diagnostics
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn human_format_shows_code_location_help_and_summary() {
    let name = "invalid/tile-duplicate.yaml";
    let report = megahex(["validate", name, "--format", "json"]).json();
    let first = &report["files"][0]["diagnostics"][0];
    let run = megahex(["validate", name]);
    assert_eq!(run.code, 1, "{run:?}");
    let out = &run.stdout;
    assert!(out.contains("tile-duplicate"), "no code in:\n{out}");
    let location = format!("{name}:{}:{}", first["line"], first["column"]);
    assert!(out.contains(&location), "no `{location}` in:\n{out}");
    // Long messages and helps wrap, with a `│` gutter on a message's continuation lines.
    let flat = out
        .replace('│', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let help = first["help"].as_str().unwrap();
    assert!(
        flat.contains(&format!("help: {help}")),
        "no help line in:\n{out}"
    );
    let message = first["message"].as_str().unwrap();
    assert!(flat.contains(message), "no `{message}` in:\n{out}");
    assert!(
        !out.contains('\u{1b}'),
        "colour codes despite NO_COLOR:\n{out}"
    );
    assert_eq!(
        out.lines().last(),
        Some("1 file checked: 2 errors, 0 warnings"),
        "{out}"
    );

    let run = megahex(["validate", "valid/minimal.yaml"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(run.stdout.trim(), "1 file checked: 0 errors, 0 warnings");

    let run = megahex(["validate", "warning/minion-kind-mismatch.yaml"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stdout.contains("unknown-reference"), "{}", run.stdout);
    assert_eq!(
        run.stdout.lines().last(),
        Some("1 file checked: 0 errors, 1 warning")
    );
}

#[test]
fn several_paths_are_reported_in_argument_order_with_a_summary() {
    let run = megahex([
        "validate",
        "valid/minimal.yaml",
        "invalid/tile-overlap.yaml",
        "warning/minion-kind-mismatch.yaml",
        "--format",
        "json",
    ]);
    assert_eq!(run.code, 1, "{run:?}");
    let report = run.json();
    assert!(json_shape_problems(&report).is_empty(), "{report}");
    let files = report["files"].as_array().unwrap();
    let paths: Vec<&str> = files.iter().filter_map(|f| f["path"].as_str()).collect();
    assert_eq!(
        paths,
        [
            "valid/minimal.yaml",
            "invalid/tile-overlap.yaml",
            "warning/minion-kind-mismatch.yaml"
        ]
    );
    let ok: Vec<bool> = files.iter().filter_map(|f| f["ok"].as_bool()).collect();
    assert_eq!(ok, [true, false, true]);
    assert_eq!(
        report["summary"],
        serde_json::json!({"files": 3, "errors": 1, "warnings": 1})
    );
}

#[test]
fn a_missing_path_exits_2_with_a_message_on_stderr() {
    for format in ["human", "json"] {
        let run = megahex(["validate", "no/such/scenario.yaml", "--format", format]);
        assert_eq!(run.code, 2, "{run:?}");
        assert!(run.stderr.contains("no/such/scenario.yaml"), "{run:?}");
        assert!(run.stdout.is_empty(), "{run:?}");
    }
    // One missing path fails the run even next to a good one.
    let run = megahex(["validate", "valid/minimal.yaml", "missing.yaml"]);
    assert_eq!(run.code, 2, "{run:?}");
    assert!(run.stderr.contains("missing.yaml"), "{run:?}");
}

#[test]
fn usage_errors_exit_2() {
    let run = megahex(["validate", "valid/minimal.yaml", "--format", "xml"]);
    assert_eq!(run.code, 2, "{run:?}");
    assert!(!run.stderr.is_empty());
    let run = megahex(["no-such-command"]);
    assert_eq!(run.code, 2, "{run:?}");
}

/// A scratch corpus: scenarios under several names and depths, and files that are not scenarios.
fn scratch_corpus(name: &str, with_skipped_folders: bool) -> std::path::PathBuf {
    let dir = scratch_dir(name);
    let corpus = dir.join("corpus");
    let minimal = std::fs::read(fixtures_dir().join("valid/minimal.yaml")).unwrap();
    for file in [
        "z.yaml",
        "b.yaml",
        "a.yml",
        "sub/c.yaml",
        "sub/deeper/d.yml",
    ] {
        let path = corpus.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, &minimal).unwrap();
    }
    // Not scenarios: other extensions, hidden folders and build output.
    let skipped: &[&str] = if with_skipped_folders {
        &[".hidden/x.yaml", "target/y.yaml", "node_modules/z.yml"]
    } else {
        &[]
    };
    for skipped in skipped {
        let path = corpus.join(skipped);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, "format: nonsense").unwrap();
    }
    std::fs::write(corpus.join("notes.txt"), "format: nonsense").unwrap();
    std::fs::write(corpus.join("e.json"), "{}").unwrap();
    std::fs::write(corpus.join("sub/readme.md"), "# not a scenario").unwrap();
    dir
}

fn reported_paths(run: &common::Run) -> Vec<String> {
    let report = run.json();
    assert!(json_shape_problems(&report).is_empty(), "{report}");
    report["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["path"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn a_directory_is_searched_recursively_for_yaml_and_yml_in_sorted_order() {
    let dir = scratch_corpus("directory", true);
    let run = megahex_in(&dir, ["validate", "corpus", "--format", "json"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(
        reported_paths(&run),
        [
            "corpus/a.yml",
            "corpus/b.yaml",
            "corpus/sub/c.yaml",
            "corpus/sub/deeper/d.yml",
            "corpus/z.yaml",
        ]
    );
    // The default path is the current directory.
    let run = megahex_in(&dir.join("corpus"), ["validate", "--format", "json"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(reported_paths(&run).len(), 5);
}

/// DESIGN §5: a directory means every `*.yaml` and `*.yml` under it, so a scenario whose
/// `ruleset` key is misspelt, or that was emptied by accident, is reported, never skipped.
#[test]
fn a_directory_walk_reports_broken_scenarios_instead_of_skipping_them() {
    let dir = scratch_dir("directory-typo");
    let minimal = std::fs::read_to_string(fixtures_dir().join("valid/minimal.yaml")).unwrap();
    std::fs::create_dir_all(dir.join("corpus")).unwrap();
    std::fs::write(dir.join("corpus/good.yaml"), &minimal).unwrap();
    std::fs::write(
        dir.join("corpus/typo.yaml"),
        minimal.replace("ruleset:", "rulset:"),
    )
    .unwrap();
    std::fs::write(dir.join("corpus/emptied.yaml"), "").unwrap();
    let run = megahex_in(&dir, ["validate", "corpus", "--format", "json"]);
    assert_eq!(
        reported_paths(&run),
        [
            "corpus/emptied.yaml",
            "corpus/good.yaml",
            "corpus/typo.yaml"
        ]
    );
    assert_eq!(run.code, 1, "{run:?}");
}

#[test]
fn a_glob_selects_matching_files() {
    let dir = scratch_corpus("glob", false);
    let run = megahex_in(&dir, ["validate", "corpus/*.yaml", "--format", "json"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(reported_paths(&run), ["corpus/b.yaml", "corpus/z.yaml"]);

    let run = megahex_in(&dir, ["validate", "corpus/**/*.yml", "--format", "json"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(
        reported_paths(&run),
        ["corpus/a.yml", "corpus/sub/deeper/d.yml"]
    );

    let run = megahex_in(&dir, ["validate", "corpus/*.nothing"]);
    assert_eq!(run.code, 2, "{run:?}");
    assert!(run.stderr.contains("corpus/*.nothing"), "{run:?}");
}

#[test]
fn deny_warnings_turns_a_warning_into_exit_1() {
    let name = "warning/minion-kind-mismatch.yaml";
    let run = megahex(["validate", name, "--format", "json"]);
    assert_eq!(run.code, 0, "{run:?}");
    let report = run.json();
    assert_eq!(report["summary"]["warnings"], 1, "{report}");
    assert_eq!(report["summary"]["errors"], 0, "{report}");
    assert_eq!(report["files"][0]["ok"], true, "{report}");

    for format in ["json", "human"] {
        let run = megahex(["validate", name, "--format", format, "--deny-warnings"]);
        assert_eq!(run.code, 1, "--format {format}: {run:?}");
    }
    // Without warnings, --deny-warnings changes nothing.
    let run = megahex(["validate", "valid/minimal.yaml", "--deny-warnings"]);
    assert_eq!(run.code, 0, "{run:?}");
}

#[test]
fn schema_command_prints_the_committed_schema_byte_for_byte() {
    let committed = std::fs::read(workspace_root().join("schema/scenario.schema.json")).unwrap();
    let run = megahex(["schema"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stdout.as_bytes() == committed.as_slice(),
        "`megahex schema` differs from schema/scenario.schema.json"
    );

    let dir = scratch_dir("schema-output");
    let run = megahex_in(&dir, ["schema", "-o", "out.schema.json"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(std::fs::read(dir.join("out.schema.json")).unwrap() == committed);
}

#[test]
fn tiles_json_lists_the_sixteen_tile_sides() {
    let run = megahex(["tiles", "--json"]);
    assert_eq!(run.code, 0, "{run:?}");
    let catalog: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let tiles = catalog["tiles"].as_array().unwrap();
    assert_eq!(tiles.len(), 16);
    let faces: BTreeSet<(u64, &str)> = tiles
        .iter()
        .map(|t| (t["tile"].as_u64().unwrap(), t["side"].as_str().unwrap()))
        .collect();
    let expected: BTreeSet<(u64, &str)> = (1..=8)
        .flat_map(|n| [(n, "megalopolis"), (n, "insula-primalis")])
        .collect();
    assert_eq!(faces, expected);
    for tile in tiles {
        assert_eq!(
            tile["hexes"].as_array().map(Vec::len),
            Some(19),
            "{}",
            tile["id"]
        );
    }
    // The same catalog the library embeds.
    let builtin = serde_json::to_value(megahex_schema::Catalog::builtin()).unwrap();
    assert_eq!(catalog, builtin);
}

#[test]
fn no_corpus_file_crashes_the_binary() {
    let mut files = Vec::new();
    for kind in ["valid", "warning", "invalid", "support"] {
        files.extend(common::yaml_files(&fixtures_dir().join(kind)));
    }
    files.extend(scenario_files());
    assert!(files.len() > 40, "only {} corpus files found", files.len());
    let mut problems = Vec::new();
    for path in &files {
        for format in ["json", "human"] {
            let run = megahex_in(
                &workspace_root(),
                [
                    "validate".as_ref(),
                    path.as_os_str(),
                    "--format".as_ref(),
                    format.as_ref(),
                ],
            );
            let crashed = !(run.code == 0 || run.code == 1)
                || run.stdout.contains("internal error")
                || run.stderr.contains("internal error");
            if crashed {
                problems.push(format!(
                    "{} (--format {format}): exit {}\n{}{}",
                    relative(path, &workspace_root()),
                    run.code,
                    run.stdout,
                    run.stderr
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_whole_corpus_in_one_run_counts_every_file() {
    // Globs, not directories: a directory walk skips files that do not look like scenarios.
    let run = megahex([
        "validate",
        "valid/*.yaml",
        "warning/*.yaml",
        "invalid/*.yaml",
        "--format",
        "json",
    ]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let report = run.json();
    assert!(
        json_shape_problems(&report).is_empty(),
        "{:?}",
        json_shape_problems(&report)
    );
    let expected = fixtures("valid").len() + fixtures("warning").len() + fixtures("invalid").len();
    assert_eq!(report["summary"]["files"].as_u64(), Some(expected as u64));
}
