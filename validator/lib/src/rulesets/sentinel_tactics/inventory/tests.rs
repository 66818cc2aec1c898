#![allow(clippy::unwrap_used, clippy::expect_used)]

use megahex_schema::Catalog;
use megahex_schema::rulesets::sentinel_tactics::{Scenario, Side, TilePlacement};

use super::{Owned, candidates, must_change, propose, score};

use crate::rulesets::sentinel_tactics::parsed as parse;

/// Tiles 1 and 2 side by side, and tile 1 again where tile 3 would go.
fn duplicated(tokens: &str) -> Scenario {
    parse(&format!(
        "format: 1
ruleset: sentinel-tactics
map:
  tiles:
    - {{tile: 1, side: megalopolis, at: [0, 0]}}
    - {{tile: 2, side: megalopolis, at: [5, -2]}}
    - {{tile: 1, side: insula-primalis, at: [2, 3]}}
teams:
  - {{id: heroes}}
tokens:
{tokens}"
    ))
}

#[test]
fn the_later_use_of_a_tile_and_tiles_not_owned_must_change() {
    let scenario = duplicated("  []\n");
    let whole = Owned::whole_box(&Catalog::builtin());
    let found: Vec<usize> = must_change(&scenario, &whole).iter().map(|c| c.0).collect();
    assert_eq!(found, [2], "the first tile 1 keeps it");
    let two_boxes = Owned::from_list([1, 1, 2]);
    assert!(must_change(&scenario, &two_boxes).is_empty());
    let without_two = Owned::from_list([1, 3, 4]);
    let found: Vec<(usize, String)> = must_change(&scenario, &without_two);
    assert_eq!(found.len(), 2);
    assert_eq!(found[0].0, 1);
    assert!(found[0].1.contains("not among the tiles owned"));
    assert_eq!(found[1].0, 2);
}

#[test]
fn candidates_are_every_side_and_rotation_of_the_tiles_given_at_the_same_centre() {
    let scenario = duplicated("  []\n");
    let found = candidates(&scenario, &Catalog::builtin(), 2, &[3, 4]);
    // Two tiles, two sides each, six rotations.
    assert_eq!(found.len(), 2 * 2 * 6);
    assert!(found.iter().all(|p| p.at == [2, 3]));
}

/// The score of an unturned replacement, from the catalog's own hexes by their place on the
/// tile: elevation levels plus twice each terrain tag gained or lost (no token, so weight 1,
/// and no figures, so no sight pairs).
fn by_hand(catalog: &Catalog, from: (u32, Side), to: (u32, Side)) -> f64 {
    let a = catalog.side(from.0, from.1).unwrap();
    let b = catalog.side(to.0, to.1).unwrap();
    let mut total = 0.0;
    for hex in &a.hexes {
        let other = b
            .hexes
            .iter()
            .find(|h| h.q == hex.q && h.r == hex.r)
            .unwrap();
        total += f64::from(hex.elevation.abs_diff(other.elevation));
        let tags = hex
            .terrain
            .iter()
            .filter(|t| !other.terrain.contains(t))
            .count()
            + other
                .terrain
                .iter()
                .filter(|t| !hex.terrain.contains(t))
                .count();
        total += 2.0 * tags as f64;
    }
    total
}

#[test]
fn an_unturned_replacement_scores_its_elevation_and_terrain_differences_by_hand() {
    let catalog = Catalog::builtin();
    let scenario = duplicated("  []\n");
    for (tile, side) in [
        (3, Side::Megalopolis),
        (3, Side::InsulaPrimalis),
        (8, Side::InsulaPrimalis),
    ] {
        let placement = TilePlacement {
            tile,
            side,
            at: [2, 3],
            rotation: 0,
        };
        let found = score(&scenario, &catalog, 2, placement);
        let expected = by_hand(&catalog, (1, Side::InsulaPrimalis), (tile, side));
        assert!(
            (found.total - expected).abs() < 1e-9,
            "tile {tile} {side:?}: {found:?} against {expected}"
        );
        assert_eq!(found.sight_pairs, 0);
    }
}

#[test]
fn the_proposals_are_legal_by_the_judge_given_and_ranked_least_change_first() {
    let catalog = Catalog::builtin();
    let scenario = duplicated("  []\n");
    let whole = Owned::whole_box(&catalog);
    let all = propose(&scenario, &catalog, &whole, 200, &|_| true);
    assert_eq!(all.len(), 1);
    let proposals = &all[0].proposals;
    // Tiles 3 to 8 are free: six tiles, two sides, six rotations.
    assert_eq!(proposals.len(), 6 * 2 * 6);
    assert!(
        proposals
            .windows(2)
            .all(|w| w[0].score.total <= w[1].score.total)
    );
    assert!(
        proposals
            .iter()
            .all(|p| ![1, 2].contains(&p.placement.tile))
    );
    // A judge that refuses the best one: the next is proposed first.
    let refused = proposals[0].placement;
    let judged = propose(&scenario, &catalog, &whole, 1, &|s| {
        s.map.tiles[2] != refused
    });
    assert_eq!(judged[0].proposals.len(), 1);
    assert_eq!(judged[0].proposals[0], proposals[1]);
}

#[test]
fn a_tile_with_a_twin_is_told_by_its_place_among_them() {
    let tile = |number: u32| -> TilePlacement {
        serde_yaml::from_str(&format!(
            "{{tile: {number}, side: megalopolis, at: [0, 0]}}"
        ))
        .unwrap()
    };
    let tiles = [tile(3), tile(1), tile(3), tile(3)];
    assert_eq!(super::which_tile(&tiles, 0), "the first tile 3");
    assert_eq!(super::which_tile(&tiles, 2), "the second tile 3");
    assert_eq!(super::which_tile(&tiles, 3), "the third tile 3");
    assert_eq!(super::which_tile(&tiles, 1), "tile 1");
    assert_eq!(super::which_tile(&tiles, 9), "a tile no longer on the map");
}
