#![allow(clippy::unwrap_used, clippy::expect_used)]

use megahex_schema::Catalog;
use megahex_schema::rulesets::sentinel_tactics::{Side, TilePlacement};

use super::{Version, diff, map};
use crate::diff::{ChangeKind, ClaimVerdict};

use crate::rulesets::sentinel_tactics::parsed as parse;

fn between(old: &str, new: &str) -> crate::diff::ScenarioDiff {
    let catalog = Catalog::builtin();
    let (old, new) = (parse(old), parse(new));
    diff(
        &Version {
            scenario: &old,
            catalog: &catalog,
        },
        &Version {
            scenario: &new,
            catalog: &catalog,
        },
    )
}

fn tile(tile: u32, at: [i32; 2], rotation: u8, side: Side) -> TilePlacement {
    TilePlacement {
        tile,
        side,
        at,
        rotation,
    }
}

const CITY: Side = Side::Megalopolis;

#[test]
fn a_tile_used_twice_pairs_each_copy_with_the_nearest_one() {
    let old = [tile(1, [0, 0], 0, CITY), tile(1, [10, 0], 0, CITY)];
    // The far copy moved one hex; the near one is the same, listed second.
    let new = [tile(1, [11, 0], 0, CITY), tile(1, [0, 0], 0, CITY)];
    let changes = map::tile_changes(&old, &new);
    assert_eq!(changes.len(), 1, "{changes:?}");
    assert_eq!(changes[0].kinds, [ChangeKind::Moved]);
    assert_eq!(changes[0].old.as_ref().map(|p| p.at), Some([10, 0]));
    assert_eq!(changes[0].new.as_ref().map(|p| p.at), Some([11, 0]));
}

#[test]
fn each_kind_of_tile_change_is_named_and_several_can_happen_at_once() {
    let old = [
        tile(1, [0, 0], 0, CITY),
        tile(2, [5, -2], 0, CITY),
        tile(3, [2, 3], 0, CITY),
    ];
    let new = [
        tile(1, [1, 0], 3, Side::InsulaPrimalis),
        tile(2, [5, -2], 0, CITY),
        tile(4, [7, 1], 0, CITY),
    ];
    let kinds: Vec<(u32, Vec<ChangeKind>)> = map::tile_changes(&old, &new)
        .into_iter()
        .map(|c| (c.tile, c.kinds))
        .collect();
    assert_eq!(
        kinds,
        [
            (
                1,
                vec![ChangeKind::Moved, ChangeKind::Turned, ChangeKind::Flipped]
            ),
            (4, vec![ChangeKind::Added]),
            (3, vec![ChangeKind::Removed]),
        ]
    );
}

/// Tile 1 alone; Legacy at the foot of its middle column, (0,2) at elevation 1. The column
/// rises to (0,-2) at elevation 4 through (0,1) and (0,0) at 1 and (0,-1) at 3 (as the reach
/// claims' tests lay it out).
fn one_tile(relic: &str, legacy: &str, claims: &str) -> String {
    format!(
        "format: 1
ruleset: sentinel-tactics
map:
  tiles:
    - {{tile: 1, side: megalopolis, at: [0, 0], rotation: 0}}
teams:
  - {{id: heroes}}
tokens:
  - {{id: legacy, kind: character, character: legacy, team: heroes, at: {legacy}}}
  - {{id: relic, kind: scenario-token, at: {relic}}}
assert:
{claims}"
    )
}

#[test]
fn a_token_written_another_way_on_the_same_hex_has_not_moved() {
    let claims = "  - sight: {from: legacy, to: relic, visible: true}\n";
    // Tile 1 at [0, 0] unturned: its centre hex, index 10, is (0,0).
    let found = between(
        &one_tile("[0, 0]", "[0, 2]", claims),
        &one_tile("1/10", "[0, 2]", claims),
    );
    assert!(found.is_empty(), "{found:?}");
}

#[test]
fn a_claim_that_failed_and_now_holds_is_reported_with_both_verdicts() {
    // Range from (0,2) to (0,-2): 4 hexes and 3 levels up, 7; to (0,0): 2 hexes, level, 2.
    let claims = "  - range: {from: legacy, to: relic, at-most: 3}\n";
    let found = between(
        &one_tile("[0, -2]", "[0, 2]", claims),
        &one_tile("[0, 0]", "[0, 2]", claims),
    );
    assert_eq!(found.tokens.len(), 1);
    assert_eq!(found.tokens[0].kinds, [ChangeKind::Moved]);
    let claims = &found.consequences.claims;
    assert_eq!(claims.len(), 1, "{claims:?}");
    assert_eq!(claims[0].kind, "range");
    assert!(
        matches!(&claims[0].was, ClaimVerdict::Fails(why) if why.contains("is 7 (hexes apart")),
        "{:?}",
        claims[0].was
    );
    assert_eq!(claims[0].now, ClaimVerdict::Holds);
}

#[test]
fn a_claim_rewritten_is_a_key_change_and_not_a_verdict_change() {
    let found = between(
        &one_tile(
            "[0, 0]",
            "[0, 2]",
            "  - range: {from: legacy, to: relic, at-most: 3}\n",
        ),
        &one_tile(
            "[0, 0]",
            "[0, 2]",
            "  - range: {from: legacy, to: relic, at-most: 1}\n",
        ),
    );
    assert!(found.consequences.claims.is_empty());
    let pointers: Vec<&str> = found.fields.iter().map(|f| f.pointer.as_str()).collect();
    assert_eq!(pointers, ["/assert/0/range/at-most"]);
}

#[test]
fn another_tile_at_the_same_centre_is_a_replacement() {
    let old = [tile(1, [0, 0], 0, CITY), tile(2, [5, -2], 0, CITY)];
    let new = [
        tile(1, [0, 0], 0, CITY),
        tile(4, [5, -2], 3, Side::InsulaPrimalis),
    ];
    let changes = map::tile_changes(&old, &new);
    assert_eq!(changes.len(), 1, "{changes:?}");
    assert_eq!(changes[0].tile, 4);
    assert_eq!(changes[0].kinds, [ChangeKind::Replaced]);
    assert_eq!(changes[0].old.as_ref().map(|p| p.tile), Some(2));
}
