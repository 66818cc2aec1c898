//! `megahex diff` through the real binary: known edits give the expected change lists, and the
//! sight pairs it reports are exactly the pairs whose verdict differs between `los --matrix` of
//! the two files (a second, independent computation: the per-pair search with witnesses against
//! the diff's table-driven matrix).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use std::collections::BTreeSet;
use std::path::Path;

use common::{megahex_in, scratch_dir, workspace_root};
use serde_json::Value;

type Pair = ([i64; 2], [i64; 2]);

fn axial(v: &Value) -> [i64; 2] {
    [v[0].as_i64().unwrap(), v[1].as_i64().unwrap()]
}

/// Every ordered pair of distinct hexes with its verdict, from `los --matrix --json`.
fn matrix(dir: &Path, file: &str) -> Vec<(Pair, bool)> {
    let run = megahex_in(dir, ["los", file, "--matrix", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    run.json()
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                (axial(&r["from"]), axial(&r["to"])),
                r["visible"].as_bool().unwrap(),
            )
        })
        .filter(|((a, b), _)| a != b)
        .collect()
}

/// The pairs on both maps whose verdict differs, by comparing the two matrices.
fn flipped_by_matrices(dir: &Path, old: &str, new: &str) -> BTreeSet<(Pair, bool)> {
    let before: std::collections::HashMap<Pair, bool> = matrix(dir, old).into_iter().collect();
    matrix(dir, new)
        .into_iter()
        .filter(|(pair, now)| before.get(pair).is_some_and(|was| was != now))
        .collect()
}

fn diff_json(dir: &Path, old: &str, new: &str) -> Value {
    let run = megahex_in(dir, ["diff", old, new, "--format", "json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    run.json()
}

fn flipped_by_diff(diff: &Value) -> BTreeSet<(Pair, bool)> {
    diff["consequences"]["sight"]["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                (axial(&p["from"]), axial(&p["to"])),
                p["now"].as_bool().unwrap(),
            )
        })
        .collect()
}

/// A bundled scenario and a copy with one line replaced, in a scratch folder.
fn edited(name: &str, scenario: &str, from: &str, to: &str) -> std::path::PathBuf {
    let dir = scratch_dir(name);
    let text = std::fs::read_to_string(workspace_root().join("scenarios").join(scenario)).unwrap();
    assert!(text.contains(from), "the edit's text is in {scenario}");
    std::fs::write(dir.join("old.yaml"), &text).unwrap();
    std::fs::write(dir.join("new.yaml"), text.replacen(from, to, 1)).unwrap();
    dir
}

const TILE_THREE: &str = "{tile: 3, side: megalopolis, at: [5, -2], rotation: 0}";

#[test]
fn turning_a_tile_is_one_tile_change_and_flips_exactly_the_pairs_los_matrix_flips() {
    let dir = edited(
        "diff-turn",
        "city-blades-gambit.yaml",
        TILE_THREE,
        "{tile: 3, side: megalopolis, at: [5, -2], rotation: 2}",
    );
    let diff = diff_json(&dir, "old.yaml", "new.yaml");
    let tiles = diff["tiles"].as_array().unwrap();
    assert_eq!(tiles.len(), 1, "{tiles:?}");
    assert_eq!(tiles[0]["tile"], 3);
    assert_eq!(tiles[0]["kinds"], serde_json::json!(["turned"]));
    assert_eq!(tiles[0]["old"]["rotation"], 0);
    assert_eq!(tiles[0]["new"]["rotation"], 2);
    // Turning in place keeps every hex on the map; only tile 3's hexes can change.
    assert!(diff["hexes"]["added"].as_array().unwrap().is_empty());
    assert!(diff["hexes"]["removed"].as_array().unwrap().is_empty());
    let changed = diff["hexes"]["changed"].as_array().unwrap();
    assert!(!changed.is_empty());
    assert!(changed.iter().all(|h| h["new"]["tile"] == 3));
    let expected = flipped_by_matrices(&dir, "old.yaml", "new.yaml");
    assert!(!expected.is_empty(), "turning tile 3 changes some sight");
    assert_eq!(flipped_by_diff(&diff), expected);
    let compared = diff["consequences"]["sight"]["compared_pairs"]
        .as_u64()
        .unwrap();
    let hexes = matrix(&dir, "new.yaml").len() as u64;
    assert_eq!(
        compared, hexes,
        "every ordered pair of distinct hexes is compared"
    );
}

#[test]
fn moving_a_token_lists_it_with_both_places_and_the_figure_pairs_los_answers() {
    // tachyon stands at 0,1 on tile 1; put it on the rooftops of tile 3.
    let dir = edited(
        "diff-move",
        "city-blades-gambit.yaml",
        "team: heroes, at: [0, 1]}",
        "team: heroes, at: [5, -2]}",
    );
    let diff = diff_json(&dir, "old.yaml", "new.yaml");
    let tokens = diff["tokens"].as_array().unwrap();
    assert_eq!(tokens.len(), 1, "{tokens:?}");
    assert_eq!(tokens[0]["id"], "tachyon");
    assert_eq!(tokens[0]["kinds"], serde_json::json!(["moved"]));
    assert_eq!(tokens[0]["old_at"], serde_json::json!([[0, 1]]));
    assert_eq!(tokens[0]["new_at"], serde_json::json!([[5, -2]]));
    assert!(diff["tiles"].as_array().unwrap().is_empty());
    assert!(diff["hexes"]["changed"].as_array().unwrap().is_empty());
    // The map did not change, so no hex pair did.
    assert!(flipped_by_diff(&diff).is_empty());
    // Figure pairs with tachyon: each verdict asked of `los --from --to` in both files.
    let figures = ["legacy", "bunker", "baron-blade", "soldier-1", "soldier-2"];
    let sees = |file: &str, a: &str, b: &str| {
        let run = megahex_in(&dir, ["los", file, "--from", a, "--to", b, "--json"]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        run.json()["visible"].as_bool().unwrap()
    };
    let mut expected = BTreeSet::new();
    for other in figures {
        for (a, b) in [("tachyon", other), (other, "tachyon")] {
            let (was, now) = (sees("old.yaml", a, b), sees("new.yaml", a, b));
            if was != now {
                expected.insert((a.to_owned(), b.to_owned(), now));
            }
        }
    }
    let reported: BTreeSet<(String, String, bool)> = diff["consequences"]["sight"]["figures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["from"].as_str().unwrap().to_owned(),
                f["to"].as_str().unwrap().to_owned(),
                f["now"].as_bool().unwrap(),
            )
        })
        .filter(|(a, b, _)| {
            (a == "tachyon" && figures.contains(&b.as_str()))
                || (b == "tachyon" && figures.contains(&a.as_str()))
        })
        .collect();
    assert!(
        !expected.is_empty(),
        "the rooftop changes what tachyon sees"
    );
    assert_eq!(reported, expected);
}

#[test]
fn raising_a_hex_in_a_custom_catalog_is_that_hex_alone() {
    let dir = scratch_dir("diff-catalog");
    let catalog = std::fs::read_to_string(
        workspace_root().join("tests/fixtures/support/tile-nine-catalog.yaml"),
    )
    .unwrap();
    let centre = "{index: 10, q: 0, r: 0, elevation: 1}";
    assert!(catalog.contains(centre));
    std::fs::write(dir.join("old-catalog.yaml"), &catalog).unwrap();
    std::fs::write(
        dir.join("new-catalog.yaml"),
        catalog.replace(centre, "{index: 10, q: 0, r: 0, elevation: 4}"),
    )
    .unwrap();
    let scenario =
        std::fs::read_to_string(workspace_root().join("tests/fixtures/valid/custom-catalog.yaml"))
            .unwrap();
    let catalog_line = "catalog: ../support/tile-nine-catalog.yaml";
    assert!(scenario.contains(catalog_line));
    for side in ["old", "new"] {
        std::fs::write(
            dir.join(format!("{side}.yaml")),
            scenario.replace(catalog_line, &format!("catalog: {side}-catalog.yaml")),
        )
        .unwrap();
    }
    let diff = diff_json(&dir, "old.yaml", "new.yaml");
    // Tile 9 sits at [5, -2]: its centre hex (index 10) is that hex, by the tile contract.
    let changed = diff["hexes"]["changed"].as_array().unwrap();
    assert_eq!(changed.len(), 1, "{changed:?}");
    assert_eq!(axial(&changed[0]["at"]), [5, -2]);
    assert_eq!(changed[0]["old"]["elevation"], 1);
    assert_eq!(changed[0]["new"]["elevation"], 4);
    assert!(diff["tiles"].as_array().unwrap().is_empty());
    // Only the catalog file's name changed among the keys.
    let fields: Vec<&str> = diff["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["pointer"].as_str().unwrap())
        .collect();
    assert_eq!(fields, ["/catalog"]);
    let expected = flipped_by_matrices(&dir, "old.yaml", "new.yaml");
    assert!(!expected.is_empty(), "a tower of 4 blocks sight");
    assert_eq!(flipped_by_diff(&diff), expected);
}

#[test]
fn the_same_file_twice_has_no_changes_in_any_format() {
    let root = workspace_root();
    let file = "scenarios/volcano-omnitron-forge.yaml";
    let diff = diff_json(&root, file, file);
    assert_eq!(diff["changed"], false);
    let human = megahex_in(&root, ["diff", file, file]);
    assert_eq!(human.code, 0, "{}", human.stderr);
    assert!(human.stdout.contains("no changes"), "{}", human.stdout);
    let markdown = megahex_in(&root, ["diff", file, file, "--format", "markdown"]);
    assert!(
        markdown.stdout.contains("No changes."),
        "{}",
        markdown.stdout
    );
}

#[test]
fn a_revision_in_git_compares_like_the_two_files_and_git_can_call_it_as_a_driver() {
    let dir = edited(
        "diff-git",
        "city-blades-gambit.yaml",
        TILE_THREE,
        "{tile: 3, side: megalopolis, at: [5, -2], rotation: 4}",
    );
    let git = |args: &[&str]| {
        let out = std::process::Command::new("git")
            .current_dir(&dir)
            .args(args)
            .env("GIT_CONFIG_GLOBAL", "/dev/null")
            .output()
            .expect("git runs");
        assert!(out.status.success(), "git {args:?}: {out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    std::fs::copy(dir.join("old.yaml"), dir.join("scenario.yaml")).unwrap();
    git(&["init", "-q"]);
    git(&["add", "scenario.yaml"]);
    git(&[
        "-c",
        "user.name=t",
        "-c",
        "user.email=t@example.com",
        "commit",
        "-qm",
        "old",
    ]);
    std::fs::copy(dir.join("new.yaml"), dir.join("scenario.yaml")).unwrap();
    let two_files = megahex_in(&dir, ["diff", "old.yaml", "new.yaml", "--format", "json"]).json();
    let from_git = megahex_in(
        &dir,
        ["diff", "--git", "HEAD", "scenario.yaml", "--format", "json"],
    );
    assert_eq!(from_git.code, 0, "{}", from_git.stderr);
    let from_git = from_git.json();
    for key in ["tiles", "hexes", "tokens", "consequences"] {
        assert_eq!(from_git[key], two_files[key], "{key}");
    }
    assert_eq!(from_git["old"], "scenario.yaml@HEAD");
    let missing = megahex_in(&dir, ["diff", "--git", "no-such-rev", "scenario.yaml"]);
    assert_eq!(missing.code, 2);
    assert!(missing.stderr.contains("no-such-rev"), "{}", missing.stderr);
    // The seven arguments git gives an external diff command.
    let driver = megahex_in(
        &dir,
        [
            "diff",
            "--git-driver",
            "scenario.yaml",
            "old.yaml",
            "0000000",
            "100644",
            "new.yaml",
            "1111111",
            "100644",
        ],
    );
    assert_eq!(driver.code, 0, "{}", driver.stderr);
    assert!(
        driver.stdout.contains("tile 3 turned rotation 0 → 4"),
        "{}",
        driver.stdout
    );
    let added = megahex_in(
        &dir,
        [
            "diff",
            "--git-driver",
            "scenario.yaml",
            "/dev/null",
            ".",
            ".",
            "new.yaml",
            "1111111",
            "100644",
        ],
    );
    assert_eq!(added.stdout, "scenario.yaml: new scenario file\n");
}

#[test]
fn the_picture_is_the_new_map_with_the_changes_marked() {
    let dir = edited(
        "diff-picture",
        "city-blades-gambit.yaml",
        TILE_THREE,
        "{tile: 3, side: megalopolis, at: [5, -2], rotation: 2}",
    );
    let svg = megahex_in(&dir, ["diff", "old.yaml", "new.yaml", "--format", "svg"]);
    assert_eq!(svg.code, 0, "{}", svg.stderr);
    let render = megahex_in(&dir, ["render", "new.yaml", "-o", "new.svg"]);
    assert_eq!(render.code, 0, "{}", render.stderr);
    let plain = std::fs::read_to_string(dir.join("new.svg")).unwrap();
    // The same ground, hex for hex, with the marks added over it.
    let polygons = |text: &str| text.matches("<polygon").count();
    assert!(polygons(&svg.stdout) > polygons(&plain));
    let changed = diff_json(&dir, "old.yaml", "new.yaml")["hexes"]["changed"]
        .as_array()
        .unwrap()
        .len();
    assert!(
        svg.stdout.contains(&format!("{changed} hexes changed")),
        "the legend counts them"
    );
    // One orange outline edge at least per changed hex (six each, shared edges drawn twice).
    let orange = svg.stdout.matches("#ffaa28").count();
    assert!(
        orange >= 6 * changed,
        "{orange} orange strokes for {changed} hexes"
    );
    let png = megahex_in(&dir, ["diff", "old.yaml", "new.yaml", "--format", "png"]);
    assert_eq!(png.code, 2, "a PNG needs a file");
    let written = megahex_in(
        &dir,
        [
            "diff", "old.yaml", "new.yaml", "--format", "png", "-o", "d.png",
        ],
    );
    assert_eq!(written.code, 0, "{}", written.stderr);
    let bytes = std::fs::read(dir.join("d.png")).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
}

/// The `run:` script of the step named `step` in the yaml block of `docs/ci.md` that starts
/// with `first_line`, exactly as printed.
fn docs_workflow_step(first_line: &str, step: &str) -> String {
    let page = std::fs::read_to_string(workspace_root().join("docs/ci.md")).unwrap();
    let start = page.find(&format!("```yaml\n{first_line}\n")).unwrap() + "```yaml\n".len();
    let end = start + page[start..].find("```\n").unwrap();
    let workflow: serde_yaml::Value = serde_yaml::from_str(&page[start..end]).unwrap();
    let steps = workflow["jobs"]["describe"]["steps"].as_sequence().unwrap();
    steps
        .iter()
        .find(|s| s["name"].as_str() == Some(step))
        .and_then(|s| s["run"].as_str())
        .unwrap()
        .to_owned()
}

#[test]
fn the_pull_request_step_in_docs_ci_describes_each_changed_scenario() {
    let script = docs_workflow_step(
        "# .github/workflows/scenario-diff.yml",
        "Describe each changed scenario",
    );
    let dir = scratch_dir("diff-workflow");
    let git = |args: &[&str]| {
        let out = std::process::Command::new("git")
            .current_dir(&dir)
            .args(["-c", "user.name=t", "-c", "user.email=t@example.com"])
            .args(args)
            .env("GIT_CONFIG_GLOBAL", "/dev/null")
            .output()
            .expect("git runs");
        assert!(out.status.success(), "git {args:?}: {out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let scenarios = dir.join("scenarios");
    std::fs::create_dir_all(&scenarios).unwrap();
    let bundled = workspace_root().join("scenarios");
    std::fs::copy(
        bundled.join("city-blades-gambit.yaml"),
        scenarios.join("blades.yaml"),
    )
    .unwrap();
    std::fs::copy(
        bundled.join("jungle-raptor-run.yaml"),
        scenarios.join("raptors.yaml"),
    )
    .unwrap();
    git(&["init", "-q"]);
    git(&["add", "."]);
    git(&["commit", "-qm", "base"]);
    let base = git(&["rev-parse", "HEAD"]).trim().to_owned();
    std::fs::copy(
        workspace_root().join("docs/examples/diff/blades-turned.yaml"),
        scenarios.join("blades.yaml"),
    )
    .unwrap();
    git(&["commit", "-qam", "turn tile 3"]);
    let bin_dir = common::megahex_bin().parent().unwrap().to_owned();
    let path = format!("{}:{}", bin_dir.display(), std::env::var("PATH").unwrap());
    let run = std::process::Command::new("bash")
        .current_dir(&dir)
        .args(["-e", "-c", &script])
        .env("BASE", &base)
        .env("PATH", path)
        .output()
        .unwrap();
    assert!(run.status.success(), "{run:?}");
    let markdown = std::fs::read_to_string(dir.join("scenario-diff.md")).unwrap();
    assert!(
        markdown.starts_with("### Scenario changes: `scenarios/blades.yaml`"),
        "{markdown}"
    );
    assert!(
        markdown.contains("- tile 3 turned rotation 0 → 2"),
        "{markdown}"
    );
    assert!(
        !markdown.contains("raptors"),
        "the untouched scenario is left out"
    );
}
