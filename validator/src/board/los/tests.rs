//! Hand-worked line-of-sight cases. Every expected value here was worked out on paper from the
//! rulebook's wording and the hex geometry, not taken from the code.

use megahex_schema::{Catalog, Side, TilePlacement};

use super::*;

/// A one-tile test board with some hexes raised and some in cover.
fn board(raised: &[(Axial, u8)], cover: &[Axial]) -> Board {
    crate::board::test_tile(raised, cover)
}

fn rules(blocking: LosBlocking, edges: LosEdges) -> LosRules {
    LosRules { blocking, edges }
}

const DEFAULT: LosRules = LosRules {
    blocking: LosBlocking::HigherThanEither,
    edges: LosEdges::Permissive,
};
const STRICT: LosRules = LosRules {
    blocking: LosBlocking::HigherThanEither,
    edges: LosEdges::Strict,
};

#[test]
fn range_examples_from_the_rulebook() {
    let catalog = Catalog::builtin();
    let (board, _) = Board::build(
        &[TilePlacement {
            tile: 1,
            side: Side::Megalopolis,
            at: [0, 0],
            rotation: 0,
        }],
        &catalog,
    );
    // M1 hex 1 (0,-2) is elevation 4; hex 15 (0,1) is elevation 1, three hexes away:
    // "3 hexes away ... difference in their elevation is 3" -> range 6.
    assert_eq!(range(&board, [0, -2], [0, 1], 0), Some(6));
    // M1 hex 3 (1,-2) is elevation 1 and adjacent to hex 1: "adjacent, but still at range 4".
    assert_eq!(range(&board, [0, -2], [1, -2], 0), Some(4));
    // Same elevation (hexes 4 and 7 are both 1), two hexes apart... (-2,0) to (0,0): range 2.
    assert_eq!(range(&board, [-2, 0], [0, 0], 0), Some(2));
    // Reach 2 treats range 6 as 4.
    assert_eq!(range(&board, [0, -2], [0, 1], 2), Some(4));
}

#[test]
fn a_higher_hex_between_blocks_only_lines_through_it() {
    // A wall of three elevation-2 hexes across the tile: (-1,0), (0,0), (1,-1) separate the
    // north hex (0,-2) from the south hex (0,2)? Not quite: the east and west edges stay open.
    let open_board = board(&[([0, 0], 2)], &[]);
    // A single raised hex between (0,-1) and (0,1): a line from the west corner of one to the
    // west corner of the other only grazes its west corner, so the permissive rule sees past it
    // and the strict rule does not.
    assert!(sees(&open_board, [0, -1], [0, 1], DEFAULT));
    assert!(!sees(&open_board, [0, -1], [0, 1], STRICT));
    // The same hex with its two side neighbours raised closes the gap in both modes.
    let wall = board(
        &[
            ([0, 0], 2),
            ([-1, 0], 2),
            ([1, -1], 2),
            ([-1, 1], 2),
            ([1, 0], 2),
        ],
        &[],
    );
    assert!(!sees(&wall, [0, -1], [0, 1], DEFAULT));
    let s = sight(&wall, [0, -1], [0, 1], DEFAULT).unwrap();
    assert!(!s.visible && !s.reverse_visible && s.witness.is_none());
    assert!(s.blocked_by.contains(&[0, 0]), "{:?}", s.blocked_by);
}

#[test]
fn slipping_between_two_blockers_along_their_shared_edge_is_blocked() {
    // (0,-1) to (1,1): the straight path crosses hexes (0,0) and (1,0), which share an edge.
    // With both raised, a line along that shared edge is inside their union and blocked;
    // with only one raised, the line past its corner is clear.
    let both = board(&[([0, 0], 3), ([1, 0], 3), ([1, -1], 3), ([0, 1], 3)], &[]);
    assert!(!sees(&both, [0, -1], [1, 1], DEFAULT));
    let one = board(&[([0, 0], 3)], &[]);
    assert!(sees(&one, [0, -1], [1, 1], DEFAULT));
}

#[test]
fn higher_than_either_is_the_rulebook_rule_and_both_is_the_variant() {
    // Bunker on elevation 3, the drone on elevation 1, elevation-2 hexes between: the rulebook
    // says no line of sight, because 2 is higher than the drone's 1.
    let raised = [
        ([0, -2], 3),
        ([-1, 0], 2),
        ([0, 0], 2),
        ([1, -1], 2),
        ([-1, 1], 2),
        ([1, 0], 2),
    ];
    let b = board(&raised, &[]);
    assert!(!sees(&b, [0, -2], [0, 2], DEFAULT));
    // Under higher-than-both, elevation 2 is not higher than Bunker's 3, so nothing blocks.
    let both = rules(LosBlocking::HigherThanBoth, LosEdges::Permissive);
    assert!(sees(&b, [0, -2], [0, 2], both));
}

#[test]
fn adjacent_hexes_always_see_each_other() {
    let b = board(&[([0, 0], 4)], &[[0, 1]]);
    for n in super::super::neighbours([0, 0]) {
        assert!(sees(&b, [0, 0], n, STRICT));
        assert!(sees(&b, n, [0, 0], DEFAULT));
    }
    // Even into cover.
    let s = sight(&b, [0, 0], [0, 1], DEFAULT).unwrap();
    assert!(s.visible && s.reverse_visible);
}

#[test]
fn cover_blocks_between_and_hides_the_figure_standing_in_it() {
    // A cover hex between blocks whatever its elevation (it is elevation 1 like the ends).
    let between = board(&[], &[[0, 0], [-1, 0], [1, -1], [-1, 1], [1, 0]]);
    assert!(!sees(&between, [0, -1], [0, 1], DEFAULT));
    // A figure in cover two hexes away: it sees out, but cannot be seen.
    let hidden = board(&[], &[[0, 2]]);
    let s = sight(&hidden, [0, 0], [0, 2], DEFAULT).unwrap();
    assert!(!s.visible, "the viewer must not see the figure in cover");
    assert!(s.reverse_visible, "the figure in cover sees out");
    assert!(s.witness.is_some() && s.blocked_by.is_empty());
    assert_eq!(s.notes.len(), 1);
}

#[test]
fn witness_segments_run_between_the_two_hexes() {
    let b = board(&[([0, 0], 2)], &[]);
    let s = sight(&b, [0, -2], [0, 2], DEFAULT).unwrap();
    let [p, q] = s.witness.unwrap();
    // Both ends lie within the circumradius (1) of their hex centres.
    let near = |p: [f64; 2], at: Axial| {
        let c = geom::pixel_centre(at);
        ((p[0] - c[0]).powi(2) + (p[1] - c[1]).powi(2)).sqrt() <= 1.0 + 1e-9
    };
    assert!((near(p, [0, -2]) && near(q, [0, 2])) || (near(q, [0, -2]) && near(p, [0, 2])));
    assert_eq!(s.range, 4);
    assert_eq!(s.distance, 4);
}
