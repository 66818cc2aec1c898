//! Hand-worked line-of-sight cases. Every expected value here was worked out on paper from the
//! rulebook's wording and the hex geometry, not taken from the code.

use megahex_schema::Catalog;
use megahex_schema::rulesets::sentinel_tactics::{Side, TilePlacement};

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
    let (board, _) = crate::rulesets::sentinel_tactics::map::build(
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

/// The first `count` tiles of the benchmarks' map (two rows of four, alternating sides), in an
/// order where each tile touches an earlier one.
fn tile_board(count: usize) -> Board {
    let centres = [
        [0, 0],
        [5, -2],
        [2, 3],
        [7, 1],
        [10, -4],
        [12, -1],
        [15, -6],
        [17, -3],
    ];
    let tiles: Vec<TilePlacement> = centres
        .iter()
        .take(count)
        .enumerate()
        .map(|(i, &at)| TilePlacement {
            tile: i as u32 + 1,
            side: if i % 2 == 0 {
                Side::Megalopolis
            } else {
                Side::InsulaPrimalis
            },
            at,
            rotation: (i % 6) as u8,
        })
        .collect();
    let (board, problems) =
        crate::rulesets::sentinel_tactics::map::build(&tiles, &Catalog::builtin());
    assert!(problems.is_empty(), "{problems:?}");
    board
}

/// A board with elevations reshuffled by a fixed pseudo-random sequence, for more patterns.
fn reshuffled(board: &Board, seed: u64) -> Board {
    let mut state = seed;
    let mut out = board.clone();
    for h in board.hexes() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        out = out.with_elevation(h.at, 1 + (state % 4) as u8);
    }
    out
}

/// The per-pair search and the tables against the reference search (a second implementation
/// of the same exact method), pair for pair, and every witness checked with plain floats.
fn tables_agree_with_the_direct_search(board: &Board, rules: LosRules, check_minimal: bool) {
    let hexes = board.hexes();
    let positions: Vec<Axial> = hexes.iter().map(|h| h.at).collect();
    table::warm(&positions, rules.edges);
    let mut visible = 0;
    for (i, ha) in hexes.iter().enumerate() {
        for hb in &hexes[i + 1..] {
            let (a, b) = (ha.at, hb.at);
            if distance(a, b) <= 1 {
                continue;
            }
            let blocks = |h: &BoardHex| rules.obstructs(h, ha.elevation, hb.elevation);
            let obstacles = pair::obstacles_between(board, a, b, blocks);
            let expected = direct::find_witness(a, b, &obstacles, rules.edges).is_some();
            // The tables (warmed above, so every pair here reads one).
            let probe = Probe::cached(a, b, rules.edges).expect("a table for every pair");
            let threshold = rules.threshold(ha.elevation, hb.elevation);
            let tabled = probe
                .first_clear(&obstruction(board, a, &probe, threshold))
                .is_some();
            assert_eq!(
                tabled,
                expected,
                "tables: {a:?} -> {b:?} under {}",
                rules.name()
            );
            // The per-pair search, through the full answer.
            let s = sight(board, a, b, rules).unwrap();
            let seen = s.witness.is_some();
            assert_eq!(
                seen,
                expected,
                "pair: {a:?} -> {b:?} under {}",
                rules.name()
            );
            if let Some([p, q]) = s.witness {
                visible += 1;
                witness_is_clear(a, b, [p, q], &obstacles, rules.edges);
            } else {
                // The blocking set is made of obstacles, still blocks on its own, and none of
                // its hexes can be spared.
                assert!(s.blocked_by.iter().all(|h| obstacles.contains(h)));
                assert!(direct::find_witness(a, b, &s.blocked_by, rules.edges).is_none());
                for spared in s.blocked_by.iter().filter(|_| check_minimal) {
                    let rest: Vec<Axial> = s
                        .blocked_by
                        .iter()
                        .copied()
                        .filter(|h| h != spared)
                        .collect();
                    assert!(
                        direct::find_witness(a, b, &rest, rules.edges).is_some(),
                        "{a:?} -> {b:?}: {spared:?} could be spared from {:?}",
                        s.blocked_by
                    );
                }
            }
        }
    }
    assert!(visible > 0);
}

fn witness_is_clear(
    a: Axial,
    b: Axial,
    [p, q]: [[f64; 2]; 2],
    obstacles: &[Axial],
    edges: LosEdges,
) {
    let within = |p: [f64; 2], at: Axial| {
        let c = geom::pixel_centre(at);
        ((p[0] - c[0]).powi(2) + (p[1] - c[1]).powi(2)).sqrt() <= 1.0 + 1e-9
    };
    assert!(within(p, a) && within(q, b), "{a:?} -> {b:?}: {p:?} {q:?}");
    let lattice = |p: [f64; 2]| [p[0] * 2.0, p[1] * 2.0 / 3f64.sqrt()];
    // Permissive: the segment may graze obstacles but not cut into them.
    let margin = match edges {
        LosEdges::Permissive => -1e-7,
        LosEdges::Strict => 0.0,
    };
    for &o in obstacles {
        assert!(
            !lines::float_segment_touches_hex(lattice(p), lattice(q), o, margin),
            "{a:?} -> {b:?}: witness touches {o:?}"
        );
    }
}

#[test]
fn sight_tables_agree_with_the_direct_search_on_a_full_map() {
    let board = tile_board(8);
    tables_agree_with_the_direct_search(&board, DEFAULT, false);
    tables_agree_with_the_direct_search(&reshuffled(&board, 7), DEFAULT, false);
    tables_agree_with_the_direct_search(&board, STRICT, false);
}

#[test]
fn sight_tables_agree_with_the_direct_search_in_every_mode() {
    let board = tile_board(3);
    for seed in [3, 11] {
        let board = reshuffled(&board, seed);
        for blocking in [LosBlocking::HigherThanEither, LosBlocking::HigherThanBoth] {
            for edges in [LosEdges::Permissive, LosEdges::Strict] {
                tables_agree_with_the_direct_search(&board, rules(blocking, edges), true);
            }
        }
    }
}

#[test]
fn hexes_far_beyond_the_tables_are_answered_directly() {
    // Two flat tiles 90 hexes apart (beyond any table's reach): nothing between the
    // centres obstructs (the gap has no hexes at all), so the centres see each other.
    let open = crate::board::test_tiles(&[[0, 0], [90, 0]], &[], &[]);
    let s = sight(&open, [0, 0], [90, 0], DEFAULT).unwrap();
    assert!(s.visible && s.reverse_visible && s.blocked_by.is_empty());
    assert!(sees(&open, [90, 0], [0, 0], STRICT));
    // Raise the two western columns of each tile (local q = -2 and -1). Seen from the far west
    // every line into the second tile's centre crosses those columns, which run across the
    // whole tile; the first tile's raised columns lie behind the viewer.
    let wall: Vec<(Axial, u8)> = (-2i32..=2)
        .flat_map(|r| [([-2, r], 2u8), ([-1, r], 2u8)])
        .filter(|&([q, r], _)| distance([0, 0], [q, r]) <= 2)
        .collect();
    let walled = crate::board::test_tiles(&[[0, 0], [90, 0]], &wall, &[]);
    let s = sight(&walled, [0, 0], [90, 0], DEFAULT).unwrap();
    assert!(!s.visible && !s.reverse_visible);
    assert!(!s.blocked_by.is_empty());
    assert!(
        s.blocked_by.iter().all(|h| h[0] == 88 || h[0] == 89),
        "{:?}",
        s.blocked_by
    );
}

#[test]
fn walls_and_the_per_pair_search_agree_with_the_reference_on_random_maps() {
    // Two tiles of each side, elevations reshuffled many times: every pair's per-pair verdict
    // matches the reference search, and a wall is only ever found where the reference finds
    // every line blocked.
    let base = tile_board(4);
    let (mut walls, mut blocked) = (0, 0);
    for seed in 1..=12u64 {
        let board = reshuffled(&base, seed * 7919);
        for edges in [LosEdges::Strict, LosEdges::Permissive] {
            let rules = rules(LosBlocking::HigherThanEither, edges);
            let hexes = board.hexes();
            for (i, ha) in hexes.iter().enumerate().step_by(3) {
                for hb in &hexes[i + 1..] {
                    let (a, b) = (ha.at, hb.at);
                    if distance(a, b) <= 1 {
                        continue;
                    }
                    let blocks = |h: &BoardHex| rules.obstructs(h, ha.elevation, hb.elevation);
                    let obstacles = pair::obstacles_between(&board, a, b, blocks);
                    let expected = direct::find_witness(a, b, &obstacles, edges).is_some();
                    let got = matches!(
                        pair::search(a, b, &obstacles, edges, false),
                        pair::Answer::Clear(_)
                    );
                    assert_eq!(got, expected, "{a:?} -> {b:?} ({edges:?}, seed {seed})");
                    if wall::find(a, b, &obstacles, edges).is_some() {
                        walls += 1;
                        assert!(
                            !expected,
                            "a wall between {a:?} and {b:?} that lets a line through"
                        );
                    }
                    blocked += usize::from(!expected);
                }
            }
        }
    }
    // Walls explain most blocked pairs: the quick proof is doing its work.
    assert!(
        walls * 10 >= blocked * 7,
        "{walls} walls for {blocked} blocked pairs"
    );
}
