//! Reachability and fairness (DESIGN §6): how far each team is from its objectives, how many
//! turns that takes with its movement dice, who can hit whom on turn 1, and objectives that no
//! figure of the team can ever reach.
//!
//! The report is about the starting position. Other figures are ignored when moving (they move
//! too), a multi-hex figure moves as its first hex, and "turns" count a figure that spends every
//! action on Move, choosing each move after seeing that turn's move value.

use megahex_schema::Catalog;
use megahex_schema::rulesets::sentinel_tactics::{
    AttackKind, AttackStats, FigureStats, Movement, ObjectiveKind, Pick, Scenario, TokenKind,
};

use crate::board::los;
use crate::board::movement::{self, MoveAction, Mover, World};
use crate::board::{Axial, Board, distance};
use crate::diagnostic::{Code, Diagnostic};
use crate::rulesets::sentinel_tactics::dice::{self, Attack, Defense, Faces};
use crate::rulesets::sentinel_tactics::game::objectives::standing_hexes;
use crate::rulesets::sentinel_tactics::game::{Basic, TurnPlan};
use crate::rulesets::sentinel_tactics::scene::kind_of;
use crate::scene::{Placed, Scene};

/// The largest map the report and self-play work on: they compare every hex with every other,
/// so time grows with the square of the map. The game's eight tiles make 152 hexes.
pub const MAX_REPORT_HEXES: usize = 1000;

/// A figure at its start, with its team and stats.
struct Figure<'a> {
    /// Position in `tokens`, for pointing at it.
    index: usize,
    placed: &'a Placed,
    team: &'a str,
    stats: Option<FigureStats>,
}

/// The move values a figure can have in a turn, with their probabilities.
pub fn move_values(movement: &Movement) -> Vec<(u32, f64)> {
    match movement {
        Movement::Static(s) => vec![(s.value, 1.0)],
        Movement::Rolled(r) => {
            let n = r.dice.clamp(1, 6) as usize;
            let mut ways = [0u64; 7];
            let total = 6u64.pow(n as u32);
            for index in 0..total {
                let mut roll: Vec<u32> = (0..n)
                    .map(|k| (index / 6u64.pow(k as u32) % 6) as u32 + 1)
                    .collect();
                roll.sort_unstable();
                let kept = match r.pick {
                    Pick::Highest => roll[n - 1],
                    Pick::Lowest => roll[0],
                    // The middle die; with an even number, the lower of the two middle ones.
                    Pick::Median => roll[(n - 1) / 2],
                };
                ways[kept as usize] += 1;
            }
            (1..=6u32)
                .filter(|&v| ways[v as usize] > 0)
                .map(|v| (v, ways[v as usize] as f64 / total as f64))
                .collect()
        }
    }
}

/// Least Move cost from every hex to every hex (`u32::MAX` where there is no way), in board
/// order, ignoring other figures.
pub(crate) fn all_costs(board: &Board, mobility: bool) -> Vec<Vec<u32>> {
    let none = |_: Axial| false;
    let world = World {
        occupied: &none,
        hazard: &none,
    };
    let action = MoveAction::Move {
        budget: u32::MAX / 4,
        mobility,
    };
    board
        .hexes()
        .iter()
        .map(|h| {
            let mut row = vec![u32::MAX; board.hexes().len()];
            for d in movement::reach(board, &Mover::single(h.at), action, &world) {
                if let Some(slot) = board.slot(d.at) {
                    row[slot] = d.cost;
                }
            }
            if let Some(slot) = board.slot(h.at) {
                row[slot] = 0;
            }
            row
        })
        .collect()
}

/// Expected turns for a figure at `start` to stand on one of `goals`, moving with its actions
/// each turn as `plan` allows: a Move of the move value drawn from `values` (costs in `moves`)
/// or a Sprint of two hexes ignoring elevation (costs in `sprints`). `None` if it never gets
/// there. Value iteration over the hexes: a turn's best moves are the ones that leave the
/// fewest expected turns.
pub(crate) fn expected_turns(
    moves: &[Vec<u32>],
    sprints: &[Vec<u32>],
    start: usize,
    goals: &[usize],
    values: &[(u32, f64)],
    plan: TurnPlan,
) -> Option<f64> {
    let n = moves.len();
    if goals.contains(&start) {
        return Some(0.0);
    }
    let step = |from: &[bool], table: &[Vec<u32>], most: u32| -> Vec<bool> {
        let mut out = vec![false; n];
        for (h, _) in from.iter().enumerate().filter(|(_, b)| **b) {
            for (t, flag) in out.iter_mut().enumerate() {
                *flag |= table[h][t] <= most;
            }
        }
        out
    };
    let union =
        |a: &[bool], b: &[bool]| -> Vec<bool> { a.iter().zip(b).map(|(x, y)| *x || *y).collect() };
    // Where a turn can end for each move value.
    let ends: Vec<Vec<Vec<usize>>> = values
        .iter()
        .map(|&(m, _)| {
            (0..n)
                .map(|h| {
                    let mut here = vec![false; n];
                    here[h] = true;
                    let reached = plan.move_ends(
                        here,
                        |from, basic| match basic {
                            Basic::Move => step(from, moves, m),
                            Basic::Sprint => step(from, sprints, 2),
                            Basic::Aim | Basic::Dodge => from.to_vec(),
                        },
                        |a, b| union(a, b),
                    );
                    (0..n).filter(|&t| reached[t]).collect()
                })
                .collect()
        })
        .collect();
    // Hexes from which the goal can be reached at all (one move of the largest value at a
    // time); elsewhere the expected turns are infinite.
    let most = values.iter().map(|&(m, _)| m).max().unwrap_or(0);
    let mut hopeful = vec![false; n];
    let mut stack: Vec<usize> = goals.to_vec();
    for &g in goals {
        hopeful[g] = true;
    }
    while let Some(t) = stack.pop() {
        for h in 0..n {
            if !hopeful[h] && (moves[h][t] <= most || sprints[h][t] <= 2) {
                hopeful[h] = true;
                stack.push(h);
            }
        }
    }
    if !hopeful[start] {
        return None;
    }
    // Value iteration from zero: each sweep is a lower bound that rises to the expected turns
    // (a turn with a poor roll may be spent standing still, so the values are a fixed point,
    // not a shortest path).
    let mut turns = vec![f64::INFINITY; n];
    for h in 0..n {
        if hopeful[h] {
            turns[h] = 0.0;
        }
    }
    for _ in 0..100_000 {
        let mut change: f64 = 0.0;
        for h in 0..n {
            if !hopeful[h] || goals.contains(&h) {
                continue;
            }
            let mut next = 1.0;
            for (k, &(_, p)) in values.iter().enumerate() {
                let best = ends[k][h]
                    .iter()
                    .map(|&t| turns[t])
                    .fold(f64::INFINITY, f64::min);
                next += p * best;
            }
            change = change.max((next - turns[h]).abs());
            turns[h] = next;
        }
        if change < 1e-12 {
            break;
        }
    }
    turns[start].is_finite().then_some(turns[start])
}

fn figures<'a>(scenario: &'a Scenario, catalog: &Catalog, scene: &'a Scene) -> Vec<Figure<'a>> {
    scenario
        .tokens
        .iter()
        .enumerate()
        .filter(|(_, t)| matches!(t.kind, TokenKind::Character | TokenKind::Minion))
        .filter_map(|(index, token)| {
            let team = token.team.as_deref()?;
            let placed = scene.tokens.iter().find(|p| p.id == token.id)?;
            let figure_id = token.character.as_deref()?;
            let stats = crate::rulesets::sentinel_tactics::scene::figure_stats(
                scenario, catalog, figure_id,
            );
            Some(Figure {
                index,
                placed,
                team,
                stats,
            })
        })
        .collect()
}

/// The hexes a team must stand on for an objective, if it is about moving somewhere.
fn goal_hexes(scenario: &Scenario, scene: &Scene, objective: usize) -> Option<Vec<Axial>> {
    let objective = &scenario.objectives[objective];
    match objective.kind {
        ObjectiveKind::Reach | ObjectiveKind::Hold | ObjectiveKind::Collect => {
            standing_hexes(objective, scene, &[])
        }
        ObjectiveKind::Incapacitate | ObjectiveKind::Destroy => {
            // Standing next to a target: where a melee attack can start.
            let targets: Vec<&Placed> = scene
                .tokens
                .iter()
                .filter(|t| {
                    if objective.targets.is_empty() {
                        objective.kind == ObjectiveKind::Incapacitate
                            && kind_of(scenario, t) == Some(TokenKind::Character)
                            && scenario
                                .tokens
                                .iter()
                                .any(|s| s.id == t.id && s.team.as_deref() != Some(&objective.team))
                    } else {
                        objective.targets.contains(&t.id)
                    }
                })
                .collect();
            let taken: Vec<Axial> = scene
                .tokens
                .iter()
                .filter(|t| t.target)
                .flat_map(|t| t.hexes.iter().copied())
                .collect();
            Some(
                targets
                    .iter()
                    .flat_map(|t| t.hexes.iter().flat_map(|&h| crate::board::neighbours(h)))
                    .filter(|h| scene.board.contains(*h) && !taken.contains(h))
                    .collect(),
            )
        }
        ObjectiveKind::Survive => None,
    }
}

/// Errors for objectives that no figure of their team can reach, however long it moves.
/// "Sprinting ignores elevation changes", so every hex of the piece of the map a figure stands
/// on is within its reach, a Sprint at a time; only hexes on another piece are not. Checked
/// even when the map is in pieces (`map-disconnected`), since that is the only way it happens.
pub fn unreachable_objectives(scenario: &Scenario, catalog: &Catalog) -> Vec<Diagnostic> {
    let scene = Scene::new(scenario, catalog);
    let components = scene.board.connected_components();
    unreachable_objectives_in(scenario, catalog, &scene, &components)
}

/// [`unreachable_objectives`] on the scenario's scene and the pieces of its map, already
/// worked out.
pub fn unreachable_objectives_in(
    scenario: &Scenario,
    catalog: &Catalog,
    scene: &Scene,
    components: &[Vec<Axial>],
) -> Vec<Diagnostic> {
    let figures = figures(scenario, catalog, scene);
    let board = &scene.board;
    // The piece of the map each hex is on.
    let mut piece = vec![usize::MAX; board.hexes().len()];
    for (p, component) in components.iter().enumerate() {
        for &h in component {
            if let Some(slot) = board.slot(h) {
                piece[slot] = p;
            }
        }
    }
    let piece_of = |h: Axial| board.slot(h).map(|s| piece[s]);
    let mut out = Vec::new();
    for (i, objective) in scenario.objectives.iter().enumerate() {
        // Only objectives won by standing somewhere; attacks reach from afar.
        if !matches!(
            objective.kind,
            ObjectiveKind::Reach | ObjectiveKind::Hold | ObjectiveKind::Collect
        ) {
            continue;
        }
        let Some(goals) = goal_hexes(scenario, scene, i) else {
            continue;
        };
        let goals: Vec<usize> = goals.iter().filter_map(|&g| piece_of(g)).collect();
        let team: Vec<&Figure> = figures
            .iter()
            .filter(|f| f.team == objective.team)
            .collect();
        if goals.is_empty() || team.is_empty() {
            continue;
        }
        let reachable = team.iter().any(|f| {
            f.placed
                .hexes
                .iter()
                .any(|&h| piece_of(h).is_some_and(|p| goals.contains(&p)))
        });
        if !reachable {
            out.push(
                Diagnostic::error(
                    Code::ObjectiveUnreachable,
                    format!("/objectives/{i}"),
                    format!(
                        "objective `{}`: no figure of team `{}` can ever reach its hexes, which are on a piece of the map cut off from the team's figures",
                        objective.id, objective.team
                    ),
                )
                .with_help("join the pieces of the map, or put the objective's hexes on the piece where the team's figures stand"),
            );
        }
    }
    out
}

/// The fairness report, as information: per objective the team's least movement cost and
/// expected turns, per figure who it can hit on turn 1, and which stats are missing for that.
pub fn report(scenario: &Scenario, catalog: &Catalog) -> Vec<Diagnostic> {
    analyse(scenario, catalog).0
}

/// Which team the starting position favours, and by how much: the report's figures side by
/// side, from the same computation.
pub fn verdict(scenario: &Scenario, catalog: &Catalog) -> Verdict {
    Verdict::from_facts(scenario, analyse(scenario, catalog).1)
}

/// The verdict, with how far each figure is from each objective of its team: what a change to
/// the map moves, for `megahex diff`.
pub fn measures(scenario: &Scenario, catalog: &Catalog) -> (Verdict, Vec<FigureReach>) {
    let facts = analyse(scenario, catalog).1;
    let reach = facts.reach.clone();
    (Verdict::from_facts(scenario, facts), reach)
}

/// The report's lines, and the figures behind them for the verdict.
fn analyse(scenario: &Scenario, catalog: &Catalog) -> (Vec<Diagnostic>, Facts) {
    let mut facts = Facts::default();
    let scene = Scene::new(scenario, catalog);
    if scene.board.hexes().len() > MAX_REPORT_HEXES {
        facts.too_large = true;
        let line = Diagnostic::info(
            Code::ObjectiveDistance,
            "/map",
            format!(
                "the map has {} hexes; the fairness report covers maps up to {MAX_REPORT_HEXES} (the eight tiles make 152)",
                scene.board.hexes().len()
            ),
        );
        return (vec![line], facts);
    }
    let figures = figures(scenario, catalog, &scene);
    let mut out = Vec::new();
    let mut costs: [Option<Vec<Vec<u32>>>; 2] = [None, None];
    let any_stats = figures.iter().any(|f| f.stats.is_some());
    for (i, objective) in scenario.objectives.iter().enumerate() {
        let Some(goals) = goal_hexes(scenario, &scene, i) else {
            continue;
        };
        let goals: Vec<usize> = goals.iter().filter_map(|&g| scene.board.slot(g)).collect();
        let mut best: Option<(f64, TurnPlan, String)> = None;
        let mut nearest: Option<(u32, &str)> = None;
        for f in figures.iter().filter(|f| f.team == objective.team) {
            let mobility = f.stats.as_ref().is_some_and(|s| s.mobility);
            for (slot, free) in costs.iter_mut().zip([false, true]) {
                slot.get_or_insert_with(|| all_costs(&scene.board, free));
            }
            let (Some(plain), Some(free)) = (&costs[0], &costs[1]) else {
                continue;
            };
            // A Sprint costs what a Move with Mobility costs: one a hex.
            let (table, sprints) = (if mobility { free } else { plain }, free);
            // A figure on several hexes is measured from the one nearest the goals (Omnitron-V
            // starts its move from any of them).
            let starts: Vec<usize> = f
                .placed
                .hexes
                .iter()
                .filter_map(|&h| scene.board.slot(h))
                .collect();
            let cost = starts
                .iter()
                .flat_map(|&start| goals.iter().map(move |&g| (start, g)))
                .map(|(start, g)| table[start][g])
                .min()
                .unwrap_or(u32::MAX);
            if cost < nearest.map_or(u32::MAX, |n| n.0) {
                nearest = Some((cost, f.placed.id.as_str()));
            }
            let mut reach = FigureReach {
                figure: f.placed.id.clone(),
                objective: objective.id.clone(),
                movement: (cost != u32::MAX).then_some(cost),
                turns: None,
            };
            if let (Some(movement), Some(actions)) = (
                f.stats.as_ref().and_then(|s| s.movement),
                f.stats.as_ref().and_then(|s| s.actions),
            ) {
                let values = move_values(&movement);
                let plan = TurnPlan {
                    actions,
                    repeat: scenario.rules.repeat_basic_actions,
                };
                reach.turns = starts
                    .iter()
                    .filter_map(|&start| {
                        expected_turns(table, sprints, start, &goals, &values, plan)
                    })
                    .min_by(f64::total_cmp);
                if let Some(turns) = reach.turns
                    && best.as_ref().is_none_or(|b| turns < b.0)
                {
                    best = Some((turns, plan, f.placed.id.clone()));
                }
            }
            facts.reach.push(reach);
        }
        let Some((cost, id)) = nearest.filter(|n| n.0 != u32::MAX) else {
            continue;
        };
        facts.objectives.push(ObjectiveFact {
            team: objective.team.clone(),
            nearest: cost,
            turns: best.as_ref().map(|b| b.0),
        });
        let what = match objective.kind {
            ObjectiveKind::Incapacitate | ObjectiveKind::Destroy => {
                " from standing next to a target"
            }
            _ => "",
        };
        let mut message = format!(
            "objective `{}` (team `{}`): `{id}` is nearest, {cost} movement away{what}",
            objective.id, objective.team
        );
        match best {
            Some((turns, plan, fastest)) => {
                message.push_str(&format!(
                    "; expected {turns:.2} turns for `{fastest}` moving with {}",
                    plan.describe()
                ));
            }
            None if any_stats => message.push_str(
                "; no figure of the team has `movement` and `actions` stats, so no turn estimate",
            ),
            None => {}
        }
        out.push(Diagnostic::info(
            Code::ObjectiveDistance,
            format!("/objectives/{i}"),
            message,
        ));
    }
    for attacker in &figures {
        let Some(stats) = attacker.stats.as_ref().filter(|s| !s.attacks.is_empty()) else {
            continue;
        };
        facts.armed.push(attacker.team.to_owned());
        let mut damage = 0.0;
        let hits: Vec<String> = figures
            .iter()
            .filter(|d| d.team != attacker.team)
            .filter_map(|defender| {
                let hit = turn_one_hit(&scene, attacker.placed, stats, defender)?;
                let mut text = format!(
                    "`{}` with {} (range {}",
                    defender.placed.id, hit.attack.name, hit.range
                );
                if let (Some(expected), Some(defense)) = (hit.expected, hit.defense) {
                    damage += expected;
                    text.push_str(&format!(
                        ", expected damage {expected:.2} against {defense} defence dice"
                    ));
                }
                text.push(')');
                Some(text)
            })
            .collect();
        if !hits.is_empty() {
            facts.exposure.push(ExposureFact {
                team: attacker.team.to_owned(),
                targets: hits.len(),
                damage,
            });
            out.push(Diagnostic::info(
                Code::TurnOneExposure,
                format!("/tokens/{}", attacker.index),
                format!(
                    "turn 1, without moving, `{}` can hit {}",
                    attacker.placed.id,
                    hits.join(", ")
                ),
            ));
        }
    }
    if any_stats {
        let missing: Vec<String> = figures
            .iter()
            .filter_map(|f| {
                let names = missing_stats(f.stats.as_ref());
                (!names.is_empty()).then(|| format!("`{}` ({})", f.placed.id, names.join(", ")))
            })
            .collect();
        facts.missing.clone_from(&missing);
        if !missing.is_empty() {
            out.push(
                Diagnostic::info(
                    Code::StatsMissing,
                    "/stats",
                    format!("stats missing for the report: {}", missing.join("; ")),
                )
                .with_help("give them under `stats:` by figure id; Megahex never fills in official numbers"),
            );
        }
    } else {
        facts.no_stats = !figures.is_empty();
    }
    (out, facts)
}

/// The attack a figure can make on another on turn 1 without moving: of those that can hit,
/// the one at the shortest range.
struct TurnOneHit<'a> {
    attack: &'a AttackStats,
    range: u32,
    /// The defender's defence dice, when its stats give them.
    defense: Option<u32>,
    /// The attack's expected damage, when the defence is known.
    expected: Option<f64>,
}

/// What `attacker` (its stats `stats`) can do to `defender` on turn 1 without moving, if it can
/// hit at all: one home for the report's exposure and the designer's exposure claims.
fn turn_one_hit<'a>(
    scene: &Scene,
    attacker: &Placed,
    stats: &'a FigureStats,
    defender: &Figure<'_>,
) -> Option<TurnOneHit<'a>> {
    let (attack, range) = stats
        .attacks
        .iter()
        .filter_map(|a| {
            hit_range(
                scene,
                &attacker.hexes,
                &defender.placed.hexes,
                a,
                &|x, y| los::sees(&scene.board, x, y, scene.rules),
            )
            .map(|r| (a, r))
        })
        .min_by_key(|(_, r)| *r)?;
    let defense = defender.stats.as_ref().and_then(|s| s.defense);
    let expected = defense
        .and_then(|defense| attack_odds(attack, range, defense).ok())
        .map(|odds| odds.expected());
    Some(TurnOneHit {
        attack,
        range,
        defense,
        expected,
    })
}

/// The damage `team` can expect to take on turn 1 from every enemy figure that can hit it
/// without moving (each with its attack at the shortest range, as the report counts), and what
/// it could not count: enemy figures without stats, and hit figures without `defense`.
pub(crate) fn turn_one_damage_taken(
    scenario: &Scenario,
    catalog: &Catalog,
    scene: &Scene,
    team: &str,
) -> (f64, Vec<String>) {
    let figures = figures(scenario, catalog, scene);
    let mut total = 0.0;
    let mut uncounted = Vec::new();
    for attacker in figures.iter().filter(|f| f.team != team) {
        let Some(stats) = attacker.stats.as_ref() else {
            uncounted.push(format!("`{}` has no stats", attacker.placed.id));
            continue;
        };
        for defender in figures.iter().filter(|f| f.team == team) {
            let Some(hit) = turn_one_hit(scene, attacker.placed, stats, defender) else {
                continue;
            };
            match hit.expected {
                Some(expected) => total += expected,
                None => uncounted.push(format!("`{}` has no defense", defender.placed.id)),
            }
        }
    }
    uncounted.sort();
    uncounted.dedup();
    (total, uncounted)
}

fn missing_stats(stats: Option<&FigureStats>) -> Vec<&'static str> {
    let Some(s) = stats else {
        return vec!["all stats"];
    };
    let mut names = Vec::new();
    if s.health.is_none() {
        names.push("health");
    }
    if s.actions.is_none() {
        names.push("actions");
    }
    if s.defense.is_none() {
        names.push("defense");
    }
    if s.movement.is_none() {
        names.push("movement");
    }
    if s.attacks.is_empty() {
        names.push("attacks");
    }
    names
}

/// The damage distribution of `attack` at `range` against `defense` dice, with no token
/// spent: the turn-one exposure and the designer's odds claims ask it the same way.
pub(crate) fn attack_odds(
    attack: &AttackStats,
    range: u32,
    defense: u32,
) -> Result<crate::odds::Odds, dice::DiceError> {
    dice::odds(
        &Attack {
            dice: attack.dice,
            auto_miss: Faces::of(&attack.auto_miss).unwrap_or_default(),
            range,
            reach: attack.reach,
            ..Attack::default()
        },
        &Defense {
            dice: defense,
            ..Defense::default()
        },
    )
}

/// The range at which `attack` from `from` can hit `to` without moving, if it can at all: a
/// die must be able to make the range, and the target must be adjacent (melee), in sight
/// (range), or inside a template whose origin the attacker may pick.
pub(crate) fn hit_range(
    scene: &Scene,
    from: &[Axial],
    to: &[Axial],
    attack: &AttackStats,
    sees: &dyn Fn(Axial, Axial) -> bool,
) -> Option<u32> {
    let board = &scene.board;
    let can_make = |range: u32| {
        let need = range.saturating_sub(attack.reach);
        (1..=6u8).any(|f| u32::from(f) >= need && !attack.auto_miss.contains(&f))
    };
    // Melee and range attacks use one hex of each figure for both the rule and the range.
    let range = match attack.kind {
        AttackKind::Melee => {
            crate::rulesets::sentinel_tactics::game::best_pair(board, from, to, &|a, b| {
                distance(a, b) == 1
            })?
            .2
        }
        AttackKind::Range => {
            crate::rulesets::sentinel_tactics::game::best_pair(board, from, to, sees)?.2
        }
        AttackKind::Area | AttackKind::Vertex => {
            // Any origin the attacker may pick; dice check range from the origin.
            let spread = attack.origin
                + if attack.kind == AttackKind::Area {
                    attack.radius
                } else {
                    1
                };
            let closest = from
                .iter()
                .flat_map(|&a| to.iter().map(move |&b| distance(a, b)))
                .min()?;
            if closest > spread {
                return None;
            }
            let reach = if attack.kind == AttackKind::Area {
                attack.radius
            } else {
                1
            };
            board
                .hexes()
                .iter()
                .map(|h| h.at)
                .filter(|&o| {
                    from.iter()
                        .any(|&s| distance(s, o) <= attack.origin && (s == o || sees(s, o)))
                })
                .filter_map(|o| {
                    to.iter()
                        .filter(|&&t| {
                            distance(o, t) <= reach && !from.contains(&t) && (t == o || sees(o, t))
                        })
                        .filter_map(|&t| los::range(board, o, t, 0))
                        .min()
                })
                .min()?
        }
    };
    can_make(range).then_some(range)
}

mod verdict;
use verdict::{ExposureFact, Facts, ObjectiveFact};
pub use verdict::{FigureReach, Standing, Verdict};

#[cfg(test)]
mod tests;
