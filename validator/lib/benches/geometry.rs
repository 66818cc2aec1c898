//! Geometry benchmarks: line of sight and movement on a full eight-tile map.

use criterion::{Criterion, criterion_group, criterion_main};
use megahex::board::Board;
use megahex::board::los::{self, LosRules};
use megahex::board::movement::{self, MoveAction, Mover, World};
use megahex_schema::Catalog;
use megahex_schema::LosEdges;
use megahex_schema::rulesets::sentinel_tactics::{Side, TilePlacement};
use std::hint::black_box;

/// All eight tiles in two rows of four, alternating sides, as a table would hold them.
pub fn full_map() -> Board {
    let centres = [
        [0, 0],
        [5, -2],
        [10, -4],
        [15, -6],
        [2, 3],
        [7, 1],
        [12, -1],
        [17, -3],
    ];
    let tiles: Vec<TilePlacement> = centres
        .iter()
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
        megahex::rulesets::sentinel_tactics::map::build(&tiles, &Catalog::builtin());
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(board.hexes().len(), 152);
    board
}

/// Two tiles a hundred hexes apart (38 hexes, in two pieces), as a designer gets by dragging a
/// tile away: what matters is the cost of sight between the far-apart pieces.
pub fn far_apart_map() -> Board {
    let tiles: Vec<TilePlacement> = [([0, 0], 1), ([100, -50], 2)]
        .iter()
        .map(|&(at, tile)| TilePlacement {
            tile,
            side: Side::Megalopolis,
            at,
            rotation: 0,
        })
        .collect();
    let (board, problems) =
        megahex::rulesets::sentinel_tactics::map::build(&tiles, &Catalog::builtin());
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(board.hexes().len(), 38);
    board
}

/// The first questions on a map, before any table is built: every hex asked of one, verdicts
/// alone and with their full explanations (witness or blocking set), as `megahex los --from`
/// answers them.
fn first_answers(c: &mut Criterion) {
    let rules = LosRules::default();
    for (name, board, from) in [
        ("8 tiles", full_map(), None),
        ("2 tiles 100 hexes apart", far_apart_map(), Some([0, 0])),
    ] {
        let hexes: Vec<[i32; 2]> = board.hexes().iter().map(|h| h.at).collect();
        let from = from.unwrap_or(hexes[hexes.len() / 2]);
        c.bench_function(
            &format!("los first answer, one to all verdicts, {name}"),
            |b| {
                b.iter(|| {
                    let mut seen = 0u32;
                    for &t in &hexes {
                        seen += u32::from(los::sees_by_search(&board, from, t, rules));
                    }
                    black_box(seen)
                })
            },
        );
        c.bench_function(
            &format!("los first answer, one to all explained, {name}"),
            |b| {
                b.iter(|| {
                    black_box(
                        hexes
                            .iter()
                            .filter_map(|&t| los::sight(&board, from, t, rules))
                            .count(),
                    )
                })
            },
        );
    }
}

fn all_pairs(c: &mut Criterion) {
    let board = full_map();
    los::warm(&board, LosRules::default());
    let hexes: Vec<[i32; 2]> = board.hexes().iter().map(|h| h.at).collect();
    let rules = LosRules::default();
    c.bench_function(
        "los all pairs, 8 tiles (152 hexes, 23104 ordered pairs)",
        |b| {
            b.iter(|| {
                let mut seen = 0u32;
                for &a in &hexes {
                    for &t in &hexes {
                        seen += u32::from(los::sees(&board, a, t, rules));
                    }
                }
                black_box(seen)
            })
        },
    );
}

fn all_pairs_matrix(c: &mut Criterion) {
    let board = full_map();
    let rules = LosRules::default();
    c.bench_function("los matrix (each pair once, all cores), 8 tiles", |b| {
        b.iter(|| black_box(los::visibility_matrix(&board, rules)))
    });
}

fn one_to_all(c: &mut Criterion) {
    let board = full_map();
    los::warm(&board, LosRules::default());
    let hexes: Vec<[i32; 2]> = board.hexes().iter().map(|h| h.at).collect();
    let rules = LosRules::default();
    let from = hexes[hexes.len() / 2];
    c.bench_function("los one to all, 8 tiles", |b| {
        b.iter(|| {
            let mut seen = 0u32;
            for &t in &hexes {
                seen += u32::from(los::sees(&board, from, t, rules));
            }
            black_box(seen)
        })
    });
    let none = |_: [i32; 2]| false;
    let world = World {
        occupied: &none,
        hazard: &none,
    };
    let action = MoveAction::Move {
        budget: 6,
        mobility: false,
    };
    c.bench_function("reach, move 6, 8 tiles", |b| {
        b.iter(|| {
            black_box(movement::reach(
                &board,
                &Mover::single(from),
                action,
                &world,
            ))
        })
    });
    c.bench_function("one to all LOS plus reach (move 6), 8 tiles", |b| {
        b.iter(|| {
            let mut seen = 0u32;
            for &t in &hexes {
                seen += u32::from(los::sees(&board, from, t, rules));
            }
            black_box((
                seen,
                movement::reach(&board, &Mover::single(from), action, &world),
            ))
        })
    });
}

fn cold_tables(c: &mut Criterion) {
    let board = full_map();
    let mut group = c.benchmark_group("sight tables from cold (once per process), 8 tiles");
    group.sample_size(10);
    for (name, edges) in [
        ("permissive", LosEdges::Permissive),
        ("strict", LosEdges::Strict),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| black_box(los::build_tables_uncached(&board, edges)))
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    first_answers,
    one_to_all,
    all_pairs_matrix,
    all_pairs,
    cold_tables
);
criterion_main!(benches);
