//! `megahex inventory` on a map that uses tile 1 twice: its best proposal makes the scenario
//! valid by `megahex validate`, and no legal single-placement change scores better, by brute
//! force over every side of every tile in every rotation, each judged by `megahex validate`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use common::{megahex_in, scratch_dir, workspace_root};
use megahex::rulesets::sentinel_tactics::inventory;
use megahex_schema::AnyScenario;
use megahex_schema::Catalog;
use megahex_schema::rulesets::sentinel_tactics::{Side, TilePlacement};

/// Blade's Gambit with tile 1 placed a second time, east of tile 3, where nothing refers to it.
const EXTRA: &str = "    - {tile: 1, side: insula-primalis, at: [10, -4], rotation: 0}\n";

fn with_extra_placement(replacement: &str) -> String {
    let text = std::fs::read_to_string(workspace_root().join("scenarios/city-blades-gambit.yaml"))
        .unwrap();
    let last = "    - {tile: 5, side: megalopolis, at: [7, 1], rotation: 0}\n";
    assert!(text.contains(last));
    text.replacen(last, &format!("{last}{replacement}"), 1)
}

fn placement_line(p: &TilePlacement) -> String {
    format!(
        "    - {{tile: {}, side: {}, at: [{}, {}], rotation: {}}}\n",
        p.tile,
        p.side.as_str(),
        p.at[0],
        p.at[1],
        p.rotation
    )
}

#[test]
fn the_best_proposal_is_legal_and_no_legal_change_of_that_placement_scores_better() {
    let dir = scratch_dir("inventory-duplicate");
    let text = with_extra_placement(EXTRA);
    std::fs::write(dir.join("dup.yaml"), &text).unwrap();
    let broken = megahex_in(&dir, ["validate", "dup.yaml", "--format", "json"]);
    assert_eq!(broken.code, 1);
    let codes = common::code_lines(&broken.json()["files"][0]);
    assert_eq!(codes.len(), 1, "{codes:?}");
    assert_eq!(codes[0].0, "tile-duplicate");

    let answer = megahex_in(
        &dir,
        ["inventory", "dup.yaml", "--json", "--proposals", "1"],
    );
    assert_eq!(answer.code, 0, "{}", answer.stderr);
    let answer = answer.json();
    let changes = answer["changes"].as_array().unwrap();
    assert_eq!(changes.len(), 1);
    assert_eq!(changes[0]["index"], 4);
    let best: TilePlacement =
        serde_json::from_value(changes[0]["proposals"][0]["placement"].clone()).unwrap();
    let best_score = changes[0]["proposals"][0]["score"].as_f64().unwrap();

    // Applied, the proposal leaves a valid scenario.
    std::fs::write(
        dir.join("fixed.yaml"),
        with_extra_placement(&placement_line(&best)),
    )
    .unwrap();
    let fixed = megahex_in(&dir, ["validate", "fixed.yaml"]);
    assert_eq!(fixed.code, 0, "{}{}", fixed.stdout, fixed.stderr);

    // Every other side and rotation of every tile at that centre, judged by `validate`.
    let catalog = Catalog::builtin();
    let scenario = match megahex::Checker::new(catalog.clone())
        .unwrap()
        .check_text(&text, &|_| Err("no catalog".into()))
        .scenario
    {
        Some(AnyScenario::SentinelTactics(s)) => *s,
        _ => panic!("the scenario reads"),
    };
    let mut legal = 0;
    for tile in 1..=8 {
        for side in [Side::Megalopolis, Side::InsulaPrimalis] {
            for rotation in 0..6 {
                let candidate = TilePlacement {
                    tile,
                    side,
                    at: [10, -4],
                    rotation,
                };
                let file = format!("t{tile}-{}-{rotation}.yaml", side.as_str());
                std::fs::write(
                    dir.join(&file),
                    with_extra_placement(&placement_line(&candidate)),
                )
                .unwrap();
                if megahex_in(&dir, ["validate", &file]).code != 0 {
                    continue;
                }
                legal += 1;
                let score = inventory::score(&scenario, &catalog, 4, candidate);
                assert!(
                    best_score <= score.total + 1e-9,
                    "{candidate:?} scores {} against the proposal's {best_score}",
                    score.total
                );
            }
        }
    }
    // Tiles 2, 4, 7 and 8 are free: four tiles, two sides, six rotations.
    assert_eq!(
        legal,
        4 * 2 * 6,
        "the tiles on the map are refused as duplicates"
    );
    let own = megahex_in(
        &dir,
        ["inventory", "dup.yaml", "--own", "1,2,3,5,6", "--json"],
    );
    assert_eq!(own.code, 0, "{}", own.stderr);
    let proposals = own.json()["changes"][0]["proposals"].clone();
    assert!(
        proposals
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["placement"]["tile"] == 2)
    );
}

#[test]
fn the_tile_duplicate_help_names_the_best_proposal() {
    let dir = scratch_dir("inventory-help");
    std::fs::write(dir.join("dup.yaml"), with_extra_placement(EXTRA)).unwrap();
    let report = megahex_in(&dir, ["validate", "dup.yaml", "--format", "json"]).json();
    let help = report["files"][0]["diagnostics"][0]["help"]
        .as_str()
        .unwrap()
        .to_owned();
    let answer = megahex_in(
        &dir,
        ["inventory", "dup.yaml", "--json", "--proposals", "1"],
    )
    .json();
    let best: TilePlacement =
        serde_json::from_value(answer["changes"][0]["proposals"][0]["placement"].clone()).unwrap();
    let written = placement_line(&best);
    assert!(
        help.contains(written.trim().trim_start_matches("- ")),
        "{help}"
    );
}

#[test]
fn a_collection_file_lists_the_tiles_owned_and_a_broken_one_says_where() {
    let dir = scratch_dir("inventory-collection");
    std::fs::write(dir.join("dup.yaml"), with_extra_placement(EXTRA)).unwrap();
    std::fs::write(
        dir.join("mine.yaml"),
        "collection:\n  tiles: [1, 1, 3, 5, 6]\n",
    )
    .unwrap();
    let run = megahex_in(&dir, ["inventory", "dup.yaml", "--collection", "mine.yaml"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("nothing to change"),
        "two copies of tile 1: {}",
        run.stdout
    );
    std::fs::write(dir.join("bad.yaml"), "collection:\n  tiles: [1, x]\n").unwrap();
    let bad = megahex_in(&dir, ["inventory", "dup.yaml", "--collection", "bad.yaml"]);
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("bad.yaml:2:"), "{}", bad.stderr);
}
