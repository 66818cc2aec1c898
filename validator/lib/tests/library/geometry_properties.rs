//! Property tests of the rules geometry on random real-tile layouts, and a differential test
//! against a brute-force sampling oracle written independently in floating point.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use megahex::board::Board;
use megahex::board::hex::{Axial, distance, neighbours};
use megahex::board::los::{self, LosRules};
use megahex::board::movement::{self, MoveAction, Mover, World};
use megahex_schema::Catalog;
use megahex_schema::rulesets::sentinel_tactics::{Side, TilePlacement};
use megahex_schema::{LosBlocking, LosEdges};
use proptest::prelude::*;

/// Offsets between the centres of touching tiles that never overlap (the megahex tiling).
const TILE_STEPS: [Axial; 6] = [[5, -2], [2, 3], [-3, 5], [-5, 2], [-2, -3], [3, -5]];

prop_compose! {
    fn layout()(
        n in 1usize..=4,
        order in Just((1u32..=8).collect::<Vec<u32>>()).prop_shuffle(),
        sides in proptest::collection::vec(any::<bool>(), 8),
        rotations in proptest::collection::vec(0u8..6, 8),
        steps in proptest::collection::vec((0usize..8, 0usize..6), 8),
    ) -> Vec<TilePlacement> {
        let mut centres: Vec<Axial> = vec![[0, 0]];
        for &(base, step) in &steps {
            if centres.len() == n {
                break;
            }
            // Walk the tiling from an already placed tile; skip steps onto a used place.
            let from = centres[base % centres.len()];
            let at = [from[0] + TILE_STEPS[step][0], from[1] + TILE_STEPS[step][1]];
            if !centres.contains(&at) {
                centres.push(at);
            }
        }
        centres
            .iter()
            .enumerate()
            .map(|(i, &at)| TilePlacement {
                tile: order[i],
                side: if sides[i] { Side::Megalopolis } else { Side::InsulaPrimalis },
                at,
                rotation: rotations[i],
            })
            .collect()
    }
}

fn build(tiles: &[TilePlacement]) -> Board {
    let (board, problems) =
        megahex::rulesets::sentinel_tactics::map::build(tiles, &Catalog::builtin());
    assert!(problems.is_empty(), "{problems:?}");
    board
}

fn pick(board: &Board, i: usize) -> Axial {
    board.hexes()[i % board.hexes().len()].at
}

const EITHER_PERMISSIVE: LosRules = LosRules {
    blocking: LosBlocking::HigherThanEither,
    edges: LosEdges::Permissive,
};

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn sight_is_symmetric_when_neither_end_is_in_cover(tiles in layout(), i in 0usize..1000, j in 0usize..1000) {
        let board = build(&tiles);
        let (a, b) = (pick(&board, i), pick(&board, j));
        prop_assume!(!board.get(a).unwrap().is_cover() && !board.get(b).unwrap().is_cover());
        let s = los::sight(&board, a, b, EITHER_PERMISSIVE).unwrap();
        prop_assert_eq!(s.visible, s.reverse_visible);
        prop_assert_eq!(los::sees(&board, a, b, EITHER_PERMISSIVE), los::sees(&board, b, a, EITHER_PERMISSIVE));
    }

    #[test]
    fn adjacent_hexes_always_see_each_other(tiles in layout(), i in 0usize..1000) {
        let board = build(&tiles);
        let a = pick(&board, i);
        let strict = LosRules { blocking: LosBlocking::HigherThanEither, edges: LosEdges::Strict };
        for n in neighbours(a).into_iter().filter(|&n| board.contains(n)) {
            for rules in [EITHER_PERMISSIVE, strict] {
                prop_assert!(los::sees(&board, a, n, rules));
                prop_assert!(los::sees(&board, n, a, rules));
            }
        }
    }

    #[test]
    fn raising_a_hex_between_never_creates_sight(tiles in layout(), i in 0usize..1000, j in 0usize..1000, k in 0usize..1000) {
        let board = build(&tiles);
        let (a, b, h) = (pick(&board, i), pick(&board, j), pick(&board, k));
        prop_assume!(h != a && h != b);
        let before = los::sees(&board, a, b, EITHER_PERMISSIVE);
        let raised = board.with_elevation(h, (board.get(h).unwrap().elevation + 1).min(4));
        let after = los::sees(&raised, a, b, EITHER_PERMISSIVE);
        prop_assert!(!after || before, "raising {:?} created sight from {:?} to {:?}", h, a, b);
    }

    #[test]
    fn looser_rules_see_at_least_as_much(tiles in layout(), i in 0usize..1000, j in 0usize..1000) {
        let board = build(&tiles);
        let (a, b) = (pick(&board, i), pick(&board, j));
        for edges in [LosEdges::Permissive, LosEdges::Strict] {
            let either = los::sees(&board, a, b, LosRules { blocking: LosBlocking::HigherThanEither, edges });
            let both = los::sees(&board, a, b, LosRules { blocking: LosBlocking::HigherThanBoth, edges });
            prop_assert!(!either || both, "higher-than-both must see what higher-than-either sees");
        }
        for blocking in [LosBlocking::HigherThanEither, LosBlocking::HigherThanBoth] {
            let strict = los::sees(&board, a, b, LosRules { blocking, edges: LosEdges::Strict });
            let permissive = los::sees(&board, a, b, LosRules { blocking, edges: LosEdges::Permissive });
            prop_assert!(!strict || permissive, "permissive must see what strict sees");
        }
    }

    #[test]
    fn move_costs_obey_the_triangle_inequality(tiles in layout(), i in 0usize..1000, j in 0usize..1000) {
        let board = build(&tiles);
        let none = |_: Axial| false;
        let world = World { occupied: &none, hazard: &none };
        let all = MoveAction::Move { budget: 1000, mobility: false };
        let cost_from = |from: Axial| -> std::collections::HashMap<Axial, u32> {
            movement::reach(&board, &Mover::single(from), all, &world).into_iter().map(|d| (d.at, d.cost)).collect()
        };
        let (a, b) = (pick(&board, i), pick(&board, j));
        let from_a = cost_from(a);
        let from_b = cost_from(b);
        for hex in board.hexes() {
            let c = hex.at;
            if let (Some(ab), Some(bc), Some(ac)) = (from_a.get(&b), from_b.get(&c), from_a.get(&c)) {
                prop_assert!(*ac <= ab + bc, "{:?}->{:?} costs {} > {} + {} via {:?}", a, c, ac, ab, bc, b);
            }
            // A path costs at least one per hex crossed.
            if let Some(ac) = from_a.get(&c) {
                prop_assert!(*ac >= distance(a, c));
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The oracle: sample many points of both hexes and test every segment between them, in plain
// floating point pixel geometry, with its own hex polygons and its own obstruction test.

fn pixel_centre(at: Axial) -> [f64; 2] {
    let (q, r) = (f64::from(at[0]), f64::from(at[1]));
    [1.5 * q, 3f64.sqrt() * (r + q / 2.0)]
}

fn pixel_corners(at: Axial) -> [[f64; 2]; 6] {
    let [cx, cy] = pixel_centre(at);
    std::array::from_fn(|k| {
        let angle = (60.0 * k as f64).to_radians();
        [cx + angle.cos(), cy + angle.sin()]
    })
}

fn sample_points(at: Axial) -> Vec<[f64; 2]> {
    let corners = pixel_corners(at);
    let centre = pixel_centre(at);
    let mut points = vec![centre];
    for k in 0..6 {
        let (p, n) = (corners[k], corners[(k + 1) % 6]);
        for s in 0..4 {
            let f = f64::from(s) / 4.0;
            points.push([p[0] + f * (n[0] - p[0]), p[1] + f * (n[1] - p[1])]);
        }
        for scale in [0.35, 0.7] {
            points.push([
                centre[0] + scale * (p[0] - centre[0]),
                centre[1] + scale * (p[1] - centre[1]),
            ]);
        }
    }
    points
}

/// Does segment p→q pass through the inside of the hex, deeper than `margin`?
fn enters_inside(p: [f64; 2], q: [f64; 2], at: Axial, margin: f64) -> bool {
    let corners = pixel_corners(at);
    let centre = pixel_centre(at);
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for k in 0..6 {
        let (a, b) = (corners[k], corners[(k + 1) % 6]);
        // Unit normal of edge a→b, turned to point at the centre.
        let mut n = [-(b[1] - a[1]), b[0] - a[0]];
        let len = n[0].hypot(n[1]);
        n = [n[0] / len, n[1] / len];
        if (centre[0] - a[0]) * n[0] + (centre[1] - a[1]) * n[1] < 0.0 {
            n = [-n[0], -n[1]];
        }
        let depth = (p[0] - a[0]) * n[0] + (p[1] - a[1]) * n[1] - margin;
        let slope = (q[0] - p[0]) * n[0] + (q[1] - p[1]) * n[1];
        if slope.abs() < 1e-15 {
            if depth <= 0.0 {
                return false;
            }
        } else if slope > 0.0 {
            lo = lo.max(-depth / slope);
        } else {
            hi = hi.min(-depth / slope);
        }
    }
    lo < hi
}

/// Does segment p→q run along a hex edge shared by two obstacles?
fn runs_between(p: [f64; 2], q: [f64; 2], obstacles: &[Axial]) -> bool {
    let same = |x: [f64; 2], y: [f64; 2]| (x[0] - y[0]).hypot(x[1] - y[1]) < 1e-9;
    for &o in obstacles {
        let corners = pixel_corners(o);
        for k in 0..6 {
            let (a, b) = (corners[k], corners[(k + 1) % 6]);
            let shared = neighbours(o).iter().any(|n| {
                let c = pixel_corners(*n);
                obstacles.contains(n)
                    && c.iter().any(|&x| same(x, a))
                    && c.iter().any(|&x| same(x, b))
            });
            if !shared {
                continue;
            }
            let d = [b[0] - a[0], b[1] - a[1]];
            let off_line = |v: [f64; 2]| (d[0] * (v[1] - a[1]) - d[1] * (v[0] - a[0])).abs() > 1e-9;
            if off_line(p) || off_line(q) {
                continue;
            }
            let t = |v: [f64; 2]| {
                ((v[0] - a[0]) * d[0] + (v[1] - a[1]) * d[1]) / (d[0] * d[0] + d[1] * d[1])
            };
            let (s0, s1) = (t(p).min(t(q)), t(p).max(t(q)));
            if s0.max(0.0) < s1.min(1.0) - 1e-9 {
                return true;
            }
        }
    }
    false
}

fn clear(p: [f64; 2], q: [f64; 2], obstacles: &[Axial], margin: f64) -> bool {
    obstacles.iter().all(|&o| !enters_inside(p, q, o, margin)) && !runs_between(p, q, obstacles)
}

/// Hexes that obstruct a line between `a` and `b` under the rulebook rule (higher than either
/// end, or cover), written out again here rather than taken from the engine.
fn oracle_obstacles(board: &Board, a: Axial, b: Axial) -> Vec<Axial> {
    let low = board
        .get(a)
        .unwrap()
        .elevation
        .min(board.get(b).unwrap().elevation);
    board
        .hexes()
        .iter()
        .filter(|h| h.at != a && h.at != b && (h.is_cover() || h.elevation > low))
        .map(|h| h.at)
        .collect()
}

fn oracle_sees(board: &Board, a: Axial, b: Axial) -> bool {
    let obstacles = oracle_obstacles(board, a, b);
    let (pa, pb) = (sample_points(a), sample_points(b));
    pa.iter()
        .any(|&p| pb.iter().any(|&q| clear(p, q, &obstacles, 1e-7)))
}

/// Strict edges: touching an obstacle at all blocks, so the oracle grows each hex a little.
fn oracle_sees_strict(board: &Board, a: Axial, b: Axial) -> bool {
    let obstacles = oracle_obstacles(board, a, b);
    let (pa, pb) = (sample_points(a), sample_points(b));
    pa.iter().any(|&p| {
        pb.iter()
            .any(|&q| obstacles.iter().all(|&o| !enters_inside(p, q, o, -1e-7)))
    })
}

fn real_layouts() -> Vec<(String, Board)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios");
    let checker = megahex::Checker::new(Catalog::builtin()).unwrap();
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    let mut out = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap();
        let outcome = checker.check_text(&text, &|_| Err("no catalog".into()));
        if let Some(megahex_schema::AnyScenario::SentinelTactics(scenario)) = outcome.scenario {
            let (board, _) = megahex::rulesets::sentinel_tactics::map::build(
                &scenario.map.tiles,
                &Catalog::builtin(),
            );
            out.push((path.display().to_string(), board));
        }
    }
    assert!(out.len() >= 4, "expected the bundled scenarios");
    out
}

#[test]
fn exact_sight_agrees_with_a_sampling_oracle_on_real_layouts() {
    let mut state = 0x2545_F491_4F6C_DD1D_u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state as usize
    };
    let (mut pairs, mut oracle_visible, mut exact_visible) = (0usize, 0usize, 0usize);
    // MEGAHEX_ORACLE_PAIRS raises the sample for a long soak run.
    let per_map: usize = std::env::var("MEGAHEX_ORACLE_PAIRS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(120);
    for (name, board) in real_layouts() {
        let n = board.hexes().len();
        for _ in 0..per_map {
            let a = board.hexes()[next() % n].at;
            let b = board.hexes()[next() % n].at;
            if distance(a, b) <= 1 {
                continue;
            }
            pairs += 1;
            let sight = los::sight(&board, a, b, EITHER_PERMISSIVE).unwrap();
            let exact = sight.witness.is_some();
            let oracle = oracle_sees(&board, a, b);
            oracle_visible += usize::from(oracle);
            exact_visible += usize::from(exact);
            // Whatever the oracle finds clear really is clear, so the exact search must find it.
            assert!(
                !oracle || exact,
                "{name}: oracle sees {a:?} -> {b:?}, the exact search does not"
            );
            if oracle_sees_strict(&board, a, b) {
                let strict = LosRules {
                    blocking: LosBlocking::HigherThanEither,
                    edges: LosEdges::Strict,
                };
                assert!(
                    los::sees(&board, a, b, strict) || board.get(b).unwrap().is_cover(),
                    "{name}: strict oracle sees {a:?} -> {b:?}, the exact search does not"
                );
            }
            // Whatever the exact search offers as a witness must pass the oracle's own test.
            if let Some([p, q]) = sight.witness {
                let obstacles = oracle_obstacles(&board, a, b);
                assert!(
                    clear(p, q, &obstacles, 1e-6),
                    "{name}: witness {p:?}->{q:?} for {a:?} -> {b:?} is obstructed"
                );
            }
        }
    }
    // Sampling misses only thin bundles of lines, so the two must nearly always agree.
    assert!(pairs > 400, "{pairs}");
    let missed = exact_visible - oracle_visible;
    println!(
        "{pairs} pairs: exact search sees {exact_visible}, sampling oracle sees {oracle_visible}"
    );
    assert!(
        missed * 20 <= pairs,
        "the oracle missed {missed} of {pairs} visible pairs"
    );
}
