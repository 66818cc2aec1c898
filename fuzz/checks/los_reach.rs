//! The `los_reach` fuzz input and the invariants it checks, in one file included with `#[path]`
//! by the fuzz target (`fuzz/fuzz_targets/los_reach.rs`) and by the regression replay
//! (`tests/e2e/fuzz_regressions.rs`), so a saved input is decoded and judged the same way by
//! both. Only `arbitrary`, `megahex` and `megahex-schema` are used, which both crates have.
//!
//! An input is a list of tile placements (known and unknown tiles, either side, centres within
//! ±30 and mostly near the previous tile, any rotation byte, overlaps allowed), the two
//! line-of-sight options, and a few queries on the board they build: pairs of hexes (sometimes
//! off the map), pairs of figures, and movement reach from a figure with other figures and
//! hazards around.

use std::collections::HashSet;

use arbitrary::{Result, Unstructured};
use megahex::board::los::{self, LosRules};
use megahex::board::movement::{self, Destination, Gait, MoveAction, Mover, World};
use megahex::board::{Axial, Board, distance, geom};
use megahex_schema::Catalog;
use megahex_schema::rulesets::sentinel_tactics::{FigureMovement, Side, TilePlacement};
use megahex_schema::{LosBlocking, LosEdges};

/// How far from the origin a tile centre may be.
const SPREAD: i32 = 30;

/// A hex to ask about: a board hex by its position in `hexes()` (wrapped), or any position.
#[derive(Debug, Clone, Copy)]
pub enum Pick {
    /// `board.hexes()[i % len]`.
    Hex(u16),
    /// Any position near the map, usually off it.
    Anywhere(Axial),
}

/// One question put to the board.
#[derive(Debug, Clone)]
pub enum Query {
    /// `sight` and `sees` between two hexes, both ways.
    Pair(Pick, Pick),
    /// `best_sight` between two figures' hexes.
    Figures(Vec<Pick>, Vec<Pick>),
    /// `reach` for a figure, with other figures and hazard spaces on the board.
    Reach {
        /// The figure's hexes (board hexes only, as scenes pass them), head first.
        hexes: Vec<u16>,
        /// How its footprint moves.
        movement: FigureMovement,
        /// Move, Sprint or Push.
        action: MoveAction,
        /// Hexes other figures stand on.
        occupied: Vec<u16>,
        /// Hazard spaces.
        hazards: Vec<u16>,
    },
}

/// A whole fuzz case.
#[derive(Debug, Clone)]
pub struct Case {
    /// The map.
    pub tiles: Vec<TilePlacement>,
    /// The line-of-sight options.
    pub rules: LosRules,
    /// What is asked of the board.
    pub queries: Vec<Query>,
}

impl Case {
    /// Reads a case from fuzz bytes; short input gives small cases, never an error that matters.
    pub fn decode(u: &mut Unstructured<'_>) -> Result<Case> {
        let mut tiles: Vec<TilePlacement> = Vec::new();
        for _ in 0..u.int_in_range(0..=9u8)? {
            // Mostly near the previous tile, so tiles touch and overlap and sight lines cross
            // several of them; sometimes anywhere in the square.
            let at = match tiles.last() {
                Some(last) if !u.ratio(1, 4)? => {
                    let mut near = |c: i32| -> Result<i32> {
                        Ok((c + u.int_in_range(-5..=5)?).clamp(-SPREAD, SPREAD))
                    };
                    [near(last.at[0])?, near(last.at[1])?]
                }
                _ => [
                    u.int_in_range(-SPREAD..=SPREAD)?,
                    u.int_in_range(-SPREAD..=SPREAD)?,
                ],
            };
            tiles.push(TilePlacement {
                // 1..=8 are the built-in tiles; 0, 9 and 10 are unknown to the catalog.
                tile: u.int_in_range(0..=10)?,
                side: if u.arbitrary()? {
                    Side::Megalopolis
                } else {
                    Side::InsulaPrimalis
                },
                at,
                rotation: u.arbitrary()?,
            });
        }
        let rules = LosRules {
            blocking: if u.arbitrary()? {
                LosBlocking::HigherThanBoth
            } else {
                LosBlocking::HigherThanEither
            },
            edges: if u.arbitrary()? {
                LosEdges::Strict
            } else {
                LosEdges::Permissive
            },
        };
        let mut queries = Vec::new();
        for _ in 0..u.int_in_range(1..=6u8)? {
            queries.push(match u.int_in_range(0..=3u8)? {
                0 | 1 => Query::Pair(pick(u)?, pick(u)?),
                2 => Query::Figures(picks(u)?, picks(u)?),
                _ => {
                    let movement = match u.int_in_range(0..=2u8)? {
                        0 => FigureMovement::Single,
                        1 => FigureMovement::AnyConfiguration,
                        _ => FigureMovement::Tail,
                    };
                    let action = match u.int_in_range(0..=2u8)? {
                        0 => MoveAction::Move {
                            budget: u.int_in_range(0..=9)?,
                            mobility: u.arbitrary()?,
                        },
                        1 => MoveAction::Sprint,
                        _ => MoveAction::Push(u.int_in_range(0..=6)?),
                    };
                    Query::Reach {
                        hexes: indices(u, 1, 3)?,
                        movement,
                        action,
                        occupied: indices(u, 0, 8)?,
                        hazards: indices(u, 0, 8)?,
                    }
                }
            });
        }
        Ok(Case {
            tiles,
            rules,
            queries,
        })
    }
}

fn pick(u: &mut Unstructured<'_>) -> Result<Pick> {
    Ok(if u.ratio(1, 8)? {
        let far = SPREAD + 4;
        Pick::Anywhere([u.int_in_range(-far..=far)?, u.int_in_range(-far..=far)?])
    } else {
        Pick::Hex(u.arbitrary()?)
    })
}

fn picks(u: &mut Unstructured<'_>) -> Result<Vec<Pick>> {
    (0..u.int_in_range(1..=3u8)?).map(|_| pick(u)).collect()
}

fn indices(u: &mut Unstructured<'_>, min: u8, max: u8) -> Result<Vec<u16>> {
    (0..u.int_in_range(min..=max)?)
        .map(|_| u.arbitrary())
        .collect()
}

/// Decodes fuzz bytes and checks every invariant; panics (with the case) when one fails.
pub fn run(data: &[u8], catalog: &Catalog) {
    if let Ok(case) = Case::decode(&mut Unstructured::new(data)) {
        check(&case, catalog);
    }
}

/// Builds the case's board and checks every query's answers.
pub fn check(case: &Case, catalog: &Catalog) {
    let (board, _problems) = megahex::rulesets::sentinel_tactics::map::build(&case.tiles, catalog);
    let hexes: Vec<Axial> = board.hexes().iter().map(|h| h.at).collect();
    for h in &hexes {
        assert!(
            board.contains(*h),
            "{case:?}: {h:?} in hexes() but not on the board"
        );
    }
    let at = |p: Pick| match p {
        Pick::Hex(i) => hexes.get(usize::from(i) % hexes.len().max(1)).copied(),
        Pick::Anywhere(at) => Some(at),
    };
    let hex = |i: u16| hexes.get(usize::from(i) % hexes.len().max(1)).copied();
    for query in &case.queries {
        match query {
            Query::Pair(a, b) => {
                if let (Some(a), Some(b)) = (at(*a), at(*b)) {
                    check_pair(&board, a, b, case.rules);
                    check_pair(&board, b, a, case.rules);
                }
            }
            Query::Figures(from, to) => {
                let from: Vec<Axial> = from.iter().filter_map(|&p| at(p)).collect();
                let to: Vec<Axial> = to.iter().filter_map(|&p| at(p)).collect();
                check_figures(&board, &from, &to, case.rules);
            }
            Query::Reach {
                hexes: mover,
                movement,
                action,
                occupied,
                hazards,
            } => {
                let mover: Vec<Axial> = mover.iter().filter_map(|&i| hex(i)).collect();
                if mover.is_empty() {
                    continue;
                }
                let occupied: HashSet<Axial> = occupied.iter().filter_map(|&i| hex(i)).collect();
                let hazards: HashSet<Axial> = hazards.iter().filter_map(|&i| hex(i)).collect();
                let mover = Mover {
                    hexes: mover,
                    movement: (*movement).into(),
                };
                check_reach(&board, &mover, *action, &occupied, &hazards);
            }
        }
    }
}

/// `sight` and `sees` from `a` to `b` agree with each other and explain themselves.
pub fn check_pair(board: &Board, a: Axial, b: Axial, rules: LosRules) {
    let sees = los::sees(board, a, b, rules);
    let Some(s) = los::sight(board, a, b, rules) else {
        assert!(
            !board.contains(a) || !board.contains(b),
            "no sight answer between two board hexes {a:?} and {b:?}"
        );
        assert!(!sees, "{a:?} sees {b:?} though one is off the map");
        return;
    };
    let (Some(ha), Some(hb)) = (board.get(a), board.get(b)) else {
        panic!("a sight answer between {a:?} and {b:?}, not both on the map: {s:?}");
    };
    let ctx = format!("{a:?} -> {b:?} ({}): {s:?}", rules.name());
    assert_eq!((s.from, s.to), (a, b), "{ctx}");
    assert_eq!(s.visible, sees, "sight and sees disagree, {ctx}");
    assert_eq!(
        s.reverse_visible,
        los::sees(board, b, a, rules),
        "reverse_visible and sees(b, a) disagree, {ctx}"
    );
    let d = distance(a, b);
    let climb = u32::from(ha.elevation.abs_diff(hb.elevation));
    assert_eq!(
        (s.distance, s.elevation_difference, s.range),
        (d, climb, d + climb),
        "{ctx}"
    );
    assert_eq!(los::range(board, a, b, 0), Some(d + climb), "{ctx}");
    if d <= 1 {
        assert!(
            s.visible && s.reverse_visible,
            "adjacent hexes must see each other, {ctx}"
        );
    }
    match s.witness {
        Some([p, q]) => {
            assert!(s.blocked_by.is_empty(), "a clear line and blockers, {ctx}");
            for (point, end) in [(p, a), (q, b)] {
                let c = geom::pixel_centre(end);
                let off = ((point[0] - c[0]).powi(2) + (point[1] - c[1]).powi(2)).sqrt();
                assert!(
                    off.is_finite() && off <= 1.0 + 1e-6,
                    "witness end {point:?} is not on hex {end:?}, {ctx}"
                );
            }
        }
        None => {
            assert!(
                !s.visible && !s.reverse_visible,
                "visible without a witness, {ctx}"
            );
            assert!(!s.blocked_by.is_empty(), "blocked by nothing, {ctx}");
            let mut seen = HashSet::new();
            for h in &s.blocked_by {
                assert!(seen.insert(*h), "{h:?} listed twice, {ctx}");
                assert!(*h != a && *h != b, "an end blocks its own line, {ctx}");
                let Some(blocker) = board.get(*h) else {
                    panic!("blocked by {h:?}, which is off the map, {ctx}");
                };
                assert!(
                    rules.obstructs(blocker, ha.elevation, hb.elevation),
                    "blocked by {h:?}, which does not obstruct, {ctx}"
                );
            }
        }
    }
    // The geometry is the same both ways; only cover at the ends differs.
    if let Some(back) = los::sight(board, b, a, rules) {
        assert_eq!(
            (back.visible, back.reverse_visible, back.witness.is_some()),
            (s.reverse_visible, s.visible, s.witness.is_some()),
            "sight is not symmetric, {ctx} / {back:?}"
        );
    }
}

/// `best_sight` picks a pair of the figures' hexes whose answer is as good as any pair's.
pub fn check_figures(board: &Board, from: &[Axial], to: &[Axial], rules: LosRules) {
    let best = los::best_sight(board, from, to, rules);
    let verdicts = los::best_verdicts(board, from, to, rules);
    let on = |hexes: &[Axial]| hexes.iter().any(|&h| board.contains(h));
    let Some(best) = best else {
        assert!(
            !on(from) || !on(to),
            "no best sight between {from:?} and {to:?}"
        );
        assert_eq!(verdicts, None);
        return;
    };
    let ctx = format!("{from:?} -> {to:?}: {best:?}");
    assert!(
        from.contains(&best.from) && to.contains(&best.to),
        "best pair is not from the figures, {ctx}"
    );
    assert_eq!(
        verdicts,
        Some((best.visible, best.reverse_visible)),
        "{ctx}"
    );
    check_pair(board, best.from, best.to, rules);
    for &a in from {
        for &b in to {
            if board.contains(a) && board.contains(b) {
                let key = (los::sees(board, a, b, rules), los::sees(board, b, a, rules));
                assert!(
                    key <= (best.visible, best.reverse_visible),
                    "{a:?} -> {b:?} does better, {ctx}"
                );
            }
        }
    }
}

/// Every destination is on the board, within the budget, at the end of a real path of that
/// cost from the figure, and free to end on.
pub fn check_reach(
    board: &Board,
    mover: &Mover,
    action: MoveAction,
    occupied: &HashSet<Axial>,
    hazards: &HashSet<Axial>,
) {
    let is_occupied = |at: Axial| occupied.contains(&at);
    let is_hazard = |at: Axial| hazards.contains(&at);
    let world = World {
        occupied: &is_occupied,
        hazard: &is_hazard,
    };
    let out = movement::reach(board, mover, action, &world);
    let budget = match action {
        MoveAction::Move { budget, .. } => budget,
        MoveAction::Sprint => 2,
        MoveAction::Push(n) => n,
    };
    let ctx = format!("{mover:?} {action:?} occupied {occupied:?} hazards {hazards:?}");
    let tail = matches!(mover.movement, Gait::Tail) && mover.hexes.len() >= 2;
    for w in out.windows(2) {
        assert!(
            w[0].at < w[1].at,
            "destinations not sorted and unique, {ctx}"
        );
    }
    for d in &out {
        let here = format!("{d:?}, {ctx}");
        assert!(board.contains(d.at), "destination off the map, {here}");
        assert!(d.cost <= budget, "over budget, {here}");
        let own = mover.hexes.contains(&d.at);
        assert!(
            own || !occupied.contains(&d.at),
            "ends on another figure, {here}"
        );
        assert_eq!(d.path.last(), Some(&d.at), "{here}");
        let Some(first) = d.path.first() else {
            panic!("empty path, {here}");
        };
        match mover.movement {
            Gait::AnyConfiguration => assert!(mover.hexes.contains(first), "{here}"),
            _ => assert_eq!(Some(first), mover.hexes.first(), "{here}"),
        }
        let mut cost = 0;
        for step in d.path.windows(2) {
            let (Some(x), Some(y)) = (board.get(step[0]), board.get(step[1])) else {
                panic!("path leaves the map, {here}");
            };
            assert_eq!(distance(step[0], step[1]), 1, "path jumps, {here}");
            cost += action.step_cost(x.elevation, y.elevation);
        }
        assert_eq!(cost, d.cost, "path cost differs, {here}");
        let entered: Vec<Axial> = d
            .path
            .iter()
            .skip(1)
            .copied()
            .filter(|&h| is_hazard(h))
            .collect();
        assert_eq!(entered, d.hazards, "{here}");
        match d.tail {
            Some(t) => {
                assert!(tail, "a tail for a figure without one, {here}");
                // The tail ends in the hex the head left, or stays where it was.
                let left = match d.path.len() {
                    0 | 1 => mover.hexes.get(1).copied(),
                    n => Some(d.path[n - 2]),
                };
                assert_eq!(Some(t), left, "{here}");
                assert!(mover.hexes.contains(&t) || !occupied.contains(&t), "{here}");
            }
            None => assert!(!tail, "no tail for a T-rex, {here}"),
        }
    }
    let single = match mover.movement {
        Gait::Single => true,
        Gait::Tail => !tail,
        Gait::AnyConfiguration => false,
    };
    if single {
        check_single_closure(board, mover, action, &out, occupied, budget, &ctx);
    }
}

/// For a one-hex mover: it can stay put, and one more affordable step from any destination
/// reaches a hex that is a destination at most that cost (unless someone stands there).
fn check_single_closure(
    board: &Board,
    mover: &Mover,
    action: MoveAction,
    out: &[Destination],
    occupied: &HashSet<Axial>,
    budget: u32,
    ctx: &str,
) {
    let Some(&start) = mover.hexes.first() else {
        return;
    };
    let cost_of = |at: Axial| out.iter().find(|d| d.at == at).map(|d| d.cost);
    assert_eq!(
        cost_of(start),
        Some(0),
        "the start is not a destination, {ctx}"
    );
    for d in out {
        let Some(here) = board.get(d.at) else {
            continue;
        };
        for n in megahex::board::neighbours(d.at) {
            let Some(there) = board.get(n) else {
                continue;
            };
            let step = d.cost + action.step_cost(here.elevation, there.elevation);
            if step <= budget && (n == start || !occupied.contains(&n)) {
                assert!(
                    cost_of(n).is_some_and(|c| c <= step),
                    "{n:?} is {step} away through {:?} but reach says {:?}, {ctx}",
                    d.at,
                    cost_of(n)
                );
            }
        }
    }
}
