//! Seeded self-play (DESIGN §6): whole games played by simple policies, to see whether a
//! scenario ends, how long it takes and which side it favours.
//!
//! Each game follows the turn order (or the teams in turn), one figure a turn, round-robin
//! within a team. A figure spends each action on the first of these that helps:
//!
//! 1. attack the enemy it can hit now with the best expected damage (exact odds), rolling the
//!    dice;
//! 2. move toward its team's nearest objective hex, or else toward the nearest enemy;
//! 3. Aim if it has attacks and no Aim token, else Dodge (spent when it is next attacked).
//!
//! Characters knocked to 0 health are incapacitated and come back at full health on their next
//! turn (rulebook "Incapacitation"); minions and other targets are destroyed. Objectives are
//! checked at the end of every turn and, for `hold` and `survive`, at the end of every round.
//! Games are independent and seeded from the run's seed and their number, so a seed gives the
//! same report whatever the number of threads.

use std::collections::HashMap;

use megahex_schema::{
    AttackStats, Catalog, FigureMovement, FigureStats, Movement, ObjectiveKind, Scenario, TokenKind,
};

use crate::board::{Axial, Board};
use crate::dice::{self, Attack, Defense, Faces};
use crate::fairness::{all_costs, hit_range};
use crate::scene::{Placed, Scene};

/// Rounds played when the scenario sets no `round-limit`.
pub const DEFAULT_ROUNDS: u32 = 20;

/// SplitMix64: a small, well-studied generator kept in-tree so a seed gives the same games on
/// every machine and with every dependency version.
#[derive(Debug, Clone)]
struct Rng(u64);

impl Rng {
    fn new(seed: u64, game: u64) -> Rng {
        let mut rng = Rng(seed ^ game.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        rng.next();
        rng
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A fair die, by rejection so every face is exactly 1/6.
    fn die(&mut self) -> u8 {
        loop {
            let x = self.next() >> 61;
            if x < 6 {
                return x as u8 + 1;
            }
        }
    }

    fn dice(&mut self, n: u32) -> Vec<u8> {
        (0..n).map(|_| self.die()).collect()
    }
}

/// Why a scenario cannot be simulated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SimulateError {
    /// Stats the simulation needs, by figure.
    #[error("stats missing for the simulation: {0}")]
    MissingStats(String),
    /// More hexes than self-play handles.
    #[error("the map has {0} hexes; self-play handles maps up to {max} (the eight tiles make 152)", max = crate::fairness::MAX_REPORT_HEXES)]
    MapTooLarge(usize),
    /// Fewer than two teams with figures.
    #[error("the simulation needs two teams with figures on the map")]
    NoOpponents,
}

/// One game's result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameResult {
    /// The winning team, if any.
    pub winner: Option<String>,
    /// The objective that decided the game.
    pub objective: Option<String>,
    /// Rounds played.
    pub rounds: u32,
    /// The round limit ended it.
    pub hit_limit: bool,
}

/// Everything a game needs that does not change between games.
struct Setup<'a> {
    scenario: &'a Scenario,
    scene: Scene,
    figures: Vec<FigureSetup>,
    order: Vec<String>,
    costs: [Vec<Vec<u32>>; 2],
    limit: u32,
    /// Who sees whom, by board slot, worked out once: games ask it thousands of times.
    visible: Vec<Vec<bool>>,
    /// Expected damage by (attack, defence dice, range to make clamped to 1..=7), from the
    /// exact odds.
    expected: HashMap<(usize, u32, u32), f64>,
    attacks: Vec<AttackStats>,
}

struct FigureSetup {
    placed: Placed,
    /// How it moves when it covers several hexes.
    movement: FigureMovement,
    team: String,
    character: bool,
    stats: FigureStats,
    /// Indices into `Setup::attacks`.
    attacks: Vec<usize>,
}

/// A figure during a game.
#[derive(Debug, Clone)]
struct Piece {
    hexes: Vec<Axial>,
    health: u32,
    out: bool,
    aim: bool,
    dodge: bool,
    move_value: u32,
}

/// Plays `games` games from `seed`, calling `progress` after each (for a progress bar).
pub fn simulate(
    scenario: &Scenario,
    catalog: &Catalog,
    games: u32,
    seed: u64,
    progress: &(dyn Fn() + Sync),
) -> Result<Vec<GameResult>, SimulateError> {
    use rayon::prelude::*;
    let setup = prepare(scenario, catalog)?;
    Ok((0..games)
        .into_par_iter()
        .map(|g| {
            let result = play(&setup, &mut Rng::new(seed, u64::from(g)));
            progress();
            result
        })
        .collect())
}

fn prepare<'a>(scenario: &'a Scenario, catalog: &Catalog) -> Result<Setup<'a>, SimulateError> {
    let scene = Scene::new(scenario, catalog);
    if scene.board.hexes().len() > crate::fairness::MAX_REPORT_HEXES {
        return Err(SimulateError::MapTooLarge(scene.board.hexes().len()));
    }
    let mut attacks = Vec::new();
    let mut figures = Vec::new();
    let mut missing = Vec::new();
    for token in &scenario.tokens {
        if !matches!(token.kind, TokenKind::Character | TokenKind::Minion) {
            continue;
        }
        let (Some(team), Some(figure_id)) = (token.team.as_ref(), token.character.as_deref())
        else {
            continue;
        };
        let Some(placed) = scene.tokens.iter().find(|p| p.id == token.id) else {
            continue;
        };
        let stats = crate::scene::figure_stats(scenario, catalog, figure_id);
        let Some(stats) = stats else {
            missing.push(format!("`{}` (all stats)", token.id));
            continue;
        };
        let mut lacks = Vec::new();
        if stats.health.is_none() && token.health.is_none() {
            lacks.push("health");
        }
        for (key, absent) in [
            ("actions", stats.actions.is_none()),
            ("defense", stats.defense.is_none()),
            ("movement", stats.movement.is_none()),
        ] {
            if absent {
                lacks.push(key);
            }
        }
        if !lacks.is_empty() {
            missing.push(format!("`{}` ({})", token.id, lacks.join(", ")));
            continue;
        }
        let mine: Vec<usize> = stats
            .attacks
            .iter()
            .map(|a| {
                attacks.push(a.clone());
                attacks.len() - 1
            })
            .collect();
        figures.push(FigureSetup {
            placed: placed.clone(),
            movement: catalog
                .figure(figure_id)
                .map(|f| f.movement)
                .unwrap_or_default(),
            team: team.clone(),
            character: token.kind == TokenKind::Character,
            stats,
            attacks: mine,
        });
    }
    if !missing.is_empty() {
        return Err(SimulateError::MissingStats(missing.join("; ")));
    }
    let mut teams: Vec<String> = Vec::new();
    for f in &figures {
        if !teams.contains(&f.team) {
            teams.push(f.team.clone());
        }
    }
    if teams.len() < 2 {
        return Err(SimulateError::NoOpponents);
    }
    let order = if scenario.turn_order.is_empty() {
        teams.clone()
    } else {
        scenario.turn_order.clone()
    };
    let costs = [
        all_costs(&scene.board, false),
        all_costs(&scene.board, true),
    ];
    // Dice only care about the range less Reach, and nothing under 1 or over 6 differs from 1
    // or 7 (no die makes it), so seven ranges per attack and distinct defence cover every case.
    let mut defenses: Vec<u32> = figures
        .iter()
        .map(|f| f.stats.defense.unwrap_or(0))
        .collect();
    defenses.sort_unstable();
    defenses.dedup();
    let mut expected = HashMap::new();
    for (i, a) in attacks.iter().enumerate() {
        for &defense in &defenses {
            for need in 1..=7 {
                let odds = dice::odds(
                    &attack_dice(a, need + a.reach, false),
                    &Defense {
                        dice: defense,
                        ..Defense::default()
                    },
                );
                expected.insert((i, defense, need), odds.map_or(0.0, |o| o.expected()));
            }
        }
    }
    let visible = crate::board::los::visibility_matrix(&scene.board, scene.rules);
    Ok(Setup {
        scenario,
        visible,
        limit: scenario.round_limit.unwrap_or(DEFAULT_ROUNDS),
        scene,
        figures,
        order,
        costs,
        expected,
        attacks,
    })
}

fn attack_dice(a: &AttackStats, range: u32, aim: bool) -> Attack {
    Attack {
        dice: a.dice,
        auto_miss: Faces::of(&a.auto_miss).unwrap_or_default(),
        range,
        reach: a.reach,
        aim,
        ..Attack::default()
    }
}

fn roll_move(setup: &FigureSetup, rng: &mut Rng) -> u32 {
    match setup.stats.movement {
        Some(Movement::Static(s)) => s.value,
        Some(Movement::Rolled(r)) => {
            let mut roll = rng.dice(r.dice.clamp(1, 6));
            roll.sort_unstable();
            let n = roll.len();
            u32::from(match r.pick {
                megahex_schema::Pick::Highest => roll[n - 1],
                megahex_schema::Pick::Lowest => roll[0],
                megahex_schema::Pick::Median => roll[(n - 1) / 2],
            })
        }
        None => 0,
    }
}

/// Progress toward the objectives during a game.
#[derive(Default)]
struct Score {
    incapacitations: HashMap<String, u32>,
    destroyed: Vec<String>,
    collected: Vec<String>,
    held_rounds: HashMap<usize, u32>,
}

fn play(setup: &Setup, rng: &mut Rng) -> GameResult {
    let mut pieces: Vec<Piece> = setup
        .figures
        .iter()
        .map(|f| Piece {
            hexes: f.placed.hexes.clone(),
            health: f.stats.health.unwrap_or(1),
            out: false,
            aim: false,
            dodge: false,
            move_value: roll_move(f, rng),
        })
        .collect();
    let mut score = Score::default();
    let mut next_of_team: HashMap<&str, usize> = HashMap::new();
    for round in 1..=setup.limit {
        for team in &setup.order {
            let members: Vec<usize> = (0..setup.figures.len())
                .filter(|&i| setup.figures[i].team == *team)
                .collect();
            if members.is_empty() {
                continue;
            }
            let turn = next_of_team.entry(team.as_str()).or_insert(0);
            let me = members[*turn % members.len()];
            *turn += 1;
            take_turn(setup, &mut pieces, &mut score, me, rng);
            if let Some((winner, objective)) = decided(setup, &pieces, &mut score, false) {
                return GameResult {
                    winner: Some(winner),
                    objective: Some(objective),
                    rounds: round,
                    hit_limit: false,
                };
            }
        }
        if let Some((winner, objective)) = decided(setup, &pieces, &mut score, true) {
            return GameResult {
                winner: Some(winner),
                objective: Some(objective),
                rounds: round,
                hit_limit: false,
            };
        }
        // Survive objectives are won when their rounds have passed.
        for o in &setup.scenario.objectives {
            if o.kind == ObjectiveKind::Survive
                && o.rounds.is_some_and(|r| round >= r)
                && alive(setup, &pieces, &o.team)
            {
                return GameResult {
                    winner: Some(o.team.clone()),
                    objective: Some(o.id.clone()),
                    rounds: round,
                    hit_limit: false,
                };
            }
        }
    }
    GameResult {
        winner: None,
        objective: None,
        rounds: setup.limit,
        hit_limit: true,
    }
}

fn alive(setup: &Setup, pieces: &[Piece], team: &str) -> bool {
    setup
        .figures
        .iter()
        .zip(pieces)
        .any(|(f, p)| f.team == team && !p.out)
}

fn take_turn(setup: &Setup, pieces: &mut [Piece], score: &mut Score, me: usize, rng: &mut Rng) {
    let figure = &setup.figures[me];
    if pieces[me].out {
        if !figure.character {
            return;
        }
        // Power Up: an incapacitated character returns with all its health.
        pieces[me].out = false;
        pieces[me].health = figure.stats.health.unwrap_or(1);
    }
    pieces[me].aim = false;
    pieces[me].dodge = false;
    for _ in 0..figure.stats.actions.unwrap_or(1) {
        if attack(setup, pieces, score, me, rng) {
            continue;
        }
        if advance(setup, pieces, score, me) {
            continue;
        }
        if !figure.attacks.is_empty() && !pieces[me].aim {
            pieces[me].aim = true;
        } else {
            pieces[me].dodge = true;
        }
    }
    // To Be Continued: roll the next move value.
    pieces[me].move_value = roll_move(figure, rng);
}

/// Takes the attack with the best expected damage, if any enemy can be hit.
fn attack(
    setup: &Setup,
    pieces: &mut [Piece],
    score: &mut Score,
    me: usize,
    rng: &mut Rng,
) -> bool {
    let figure = &setup.figures[me];
    let board = &setup.scene.board;
    let sees = |a: Axial, b: Axial| match (board.slot(a), board.slot(b)) {
        (Some(i), Some(j)) => setup.visible[i][j],
        _ => false,
    };
    let mut best: Option<(f64, usize, usize, u32)> = None;
    for (t, target) in setup.figures.iter().enumerate() {
        if target.team == figure.team || pieces[t].out {
            continue;
        }
        let defense = target.stats.defense.unwrap_or(0);
        for &a in &figure.attacks {
            let Some(range) = hit_range(
                &setup.scene,
                &pieces[me].hexes,
                &pieces[t].hexes,
                &setup.attacks[a],
                &sees,
            ) else {
                continue;
            };
            let need = range.saturating_sub(setup.attacks[a].reach).clamp(1, 7);
            let value = setup
                .expected
                .get(&(a, defense, need))
                .copied()
                .unwrap_or(0.0);
            if best.is_none_or(|b| value > b.0) {
                best = Some((value, a, t, range));
            }
        }
    }
    let Some((value, a, t, range)) = best else {
        return false;
    };
    if value <= 0.0 {
        return false;
    }
    let attack = &setup.attacks[a];
    let aim = pieces[me].aim;
    pieces[me].aim = false;
    let spec = attack_dice(attack, range, aim);
    let defense = Defense {
        dice: setup.figures[t].stats.defense.unwrap_or(0),
        dodge: pieces[t].dodge,
        ..Defense::default()
    };
    pieces[t].dodge = false;
    let roll = rng.dice(spec.rolled());
    let block = rng.dice(defense.rolled());
    let damage = dice::resolve(&roll, &spec, &block, &defense).map_or(0, |r| r.damage);
    pieces[t].health = pieces[t].health.saturating_sub(damage);
    if pieces[t].health == 0 {
        pieces[t].out = true;
        let target = &setup.figures[t];
        if target.character {
            *score
                .incapacitations
                .entry(setup.figures[me].team.clone())
                .or_default() += 1;
        } else {
            score.destroyed.push(target.placed.id.clone());
        }
    }
    true
}

/// Moves toward the team's nearest objective hex, or the nearest enemy. Returns false when no
/// move gets closer.
fn advance(setup: &Setup, pieces: &mut [Piece], score: &mut Score, me: usize) -> bool {
    let figure = &setup.figures[me];
    let board = &setup.scene.board;
    let costs = &setup.costs[usize::from(figure.stats.mobility)];
    let hexes = pieces[me].hexes.clone();
    // Omnitron-V starts from any of its hexes and may end in any shape; others move from
    // their first hex and keep their shape.
    let any_configuration = hexes.len() > 1 && figure.movement == FigureMovement::AnyConfiguration;
    let starts: Vec<usize> = if any_configuration {
        hexes.iter().filter_map(|&h| board.slot(h)).collect()
    } else {
        hexes
            .first()
            .and_then(|&h| board.slot(h))
            .into_iter()
            .collect()
    };
    let goals = goals(setup, pieces, score, me);
    if starts.is_empty() || goals.is_empty() {
        return false;
    }
    let left = |from: usize| {
        goals
            .iter()
            .map(|&g| costs[from][g])
            .min()
            .unwrap_or(u32::MAX)
    };
    let cost_to = |end: usize| {
        starts
            .iter()
            .map(|&s| costs[s][end])
            .min()
            .unwrap_or(u32::MAX)
    };
    let now = starts.iter().map(|&s| left(s)).min().unwrap_or(u32::MAX);
    let taken: Vec<Axial> = pieces
        .iter()
        .enumerate()
        .filter(|(i, p)| *i != me && !p.out)
        .flat_map(|(_, p)| p.hexes.iter().copied())
        .collect();
    let free = |at: Axial| board.contains(at) && !taken.contains(&at);
    let budget = pieces[me].move_value;
    // End hexes that get closer, best first (ties by cost, then board order). A figure that
    // keeps its shape tries only the best; Omnitron-V the best where a shape fits.
    let closer = (0..costs.len())
        .filter(|&h| cost_to(h) <= budget)
        .filter(|&h| !taken.contains(&board.hexes()[h].at))
        .filter(|&h| left(h) < now);
    let ends: Vec<usize> = if any_configuration {
        let mut ends: Vec<usize> = closer.collect();
        ends.sort_by_key(|&h| (left(h), cost_to(h), h));
        ends
    } else {
        closer
            .min_by_key(|&h| (left(h), cost_to(h)))
            .into_iter()
            .collect()
    };
    // Where the figure stands with a hex on `end`: its shape moved along from the cheapest
    // start, or for Omnitron-V any free shape around `end`.
    let placement = |end: usize| -> Option<Vec<Axial>> {
        let at = board.hexes()[end].at;
        let from = starts.iter().copied().min_by_key(|&s| costs[s][end])?;
        let from_at = board.hexes()[from].at;
        let kept: Vec<Axial> = hexes
            .iter()
            .map(|h| [h[0] + at[0] - from_at[0], h[1] + at[1] - from_at[1]])
            .collect();
        if kept.iter().all(|&h| free(h)) {
            Some(kept)
        } else if any_configuration {
            crate::board::movement::shape_around(at, hexes.len(), &free)
        } else {
            None
        }
    };
    let Some(moved) = ends.iter().find_map(|&end| placement(end)) else {
        return false;
    };
    pieces[me].hexes = moved;
    collect(setup, pieces, score, me);
    true
}

/// Slots the figure heads for: its team's open objective hexes, else hexes next to enemies.
fn goals(setup: &Setup, pieces: &[Piece], score: &Score, me: usize) -> Vec<usize> {
    let figure = &setup.figures[me];
    let board = &setup.scene.board;
    let mut out = Vec::new();
    for o in setup
        .scenario
        .objectives
        .iter()
        .filter(|o| o.team == figure.team)
    {
        match o.kind {
            ObjectiveKind::Reach | ObjectiveKind::Hold => out.extend(
                o.hexes
                    .iter()
                    .filter_map(|r| board.resolve(r).ok())
                    .filter_map(|h| board.slot(h)),
            ),
            ObjectiveKind::Collect => out.extend(
                setup
                    .scene
                    .tokens
                    .iter()
                    .filter(|t| o.tokens.contains(&t.id) && !score.collected.contains(&t.id))
                    .flat_map(|t| t.hexes.iter().filter_map(|&h| board.slot(h))),
            ),
            _ => {}
        }
    }
    if out.is_empty() {
        for (t, target) in setup.figures.iter().enumerate() {
            if target.team != figure.team && !pieces[t].out {
                out.extend(
                    pieces[t]
                        .hexes
                        .iter()
                        .flat_map(|&h| crate::board::neighbours(h))
                        .filter_map(|h| board.slot(h)),
                );
            }
        }
    }
    out
}

/// Picks up collectable tokens under the figure.
fn collect(setup: &Setup, pieces: &[Piece], score: &mut Score, me: usize) {
    let team = &setup.figures[me].team;
    for o in setup
        .scenario
        .objectives
        .iter()
        .filter(|o| o.kind == ObjectiveKind::Collect && o.team == *team)
    {
        for t in setup
            .scene
            .tokens
            .iter()
            .filter(|t| o.tokens.contains(&t.id))
        {
            if !score.collected.contains(&t.id)
                && t.hexes.iter().any(|h| pieces[me].hexes.contains(h))
            {
                score.collected.push(t.id.clone());
            }
        }
    }
}

/// A finished objective: `(team, objective id)`. Hold objectives count at the end of a round.
fn decided(
    setup: &Setup,
    pieces: &[Piece],
    score: &mut Score,
    end_of_round: bool,
) -> Option<(String, String)> {
    let board: &Board = &setup.scene.board;
    for (i, o) in setup.scenario.objectives.iter().enumerate() {
        let mine = |f: &FigureSetup| f.team == o.team;
        let done =
            match o.kind {
                ObjectiveKind::Incapacitate => {
                    score.incapacitations.get(&o.team).copied().unwrap_or(0) >= o.count.unwrap_or(1)
                }
                ObjectiveKind::Destroy => {
                    let n = o
                        .targets
                        .iter()
                        .filter(|t| score.destroyed.contains(t))
                        .count() as u32;
                    n >= o.count.unwrap_or(o.targets.len() as u32).max(1)
                }
                ObjectiveKind::Collect => {
                    let n = o
                        .tokens
                        .iter()
                        .filter(|t| score.collected.contains(t))
                        .count() as u32;
                    n >= o.count.unwrap_or(o.tokens.len() as u32).max(1)
                }
                ObjectiveKind::Reach => {
                    let hexes = objective_hexes(board, o);
                    setup.figures.iter().zip(pieces).any(|(f, p)| {
                        mine(f) && !p.out && p.hexes.iter().any(|h| hexes.contains(h))
                    })
                }
                ObjectiveKind::Hold => {
                    if !end_of_round {
                        continue;
                    }
                    let hexes = objective_hexes(board, o);
                    let held = hexes
                        .iter()
                        .filter(|h| {
                            setup
                                .figures
                                .iter()
                                .zip(pieces)
                                .any(|(f, p)| mine(f) && !p.out && p.hexes.contains(h))
                        })
                        .count() as u32;
                    let need = o.count.unwrap_or(1).max(1);
                    let streak = score.held_rounds.get(&i).copied().unwrap_or(0);
                    let streak = if held >= need { streak + 1 } else { 0 };
                    score.held_rounds.insert(i, streak);
                    streak >= o.rounds.unwrap_or(1).max(1)
                }
                ObjectiveKind::Survive => false,
            };
        if done {
            return Some((o.team.clone(), o.id.clone()));
        }
    }
    None
}

/// The objective's listed hexes that are on the map.
fn objective_hexes(board: &Board, o: &megahex_schema::Objective) -> Vec<Axial> {
    o.hexes
        .iter()
        .filter_map(|r| board.resolve(r).ok())
        .collect()
}

/// Win rates, lengths and deciding objectives over many games.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    /// Games played.
    pub games: u32,
    /// Per team: wins, share, and the 95% Wilson interval of the share.
    pub teams: Vec<(String, u32, f64, (f64, f64))>,
    /// Share of games ended by the round limit, undecided.
    pub round_limit_share: f64,
    /// Games by rounds played: `(rounds, games)`.
    pub lengths: Vec<(u32, u32)>,
    /// Games by deciding objective: `(objective id, games)`.
    pub objectives: Vec<(String, u32)>,
}

/// Summarises results. Wilson's interval, because it behaves near 0 and 1 where the plain
/// normal interval does not.
pub fn summarise(scenario: &Scenario, results: &[GameResult]) -> Summary {
    let n = results.len() as u32;
    let mut teams: Vec<String> = scenario.teams.iter().map(|t| t.id.clone()).collect();
    for r in results {
        if let Some(w) = &r.winner
            && !teams.contains(w)
        {
            teams.push(w.clone());
        }
    }
    let wilson = |wins: u32| -> (f64, f64) {
        if n == 0 {
            return (0.0, 0.0);
        }
        let (z, nf) = (1.959_963_984_540_054_f64, f64::from(n));
        let p = f64::from(wins) / nf;
        let centre = (p + z * z / (2.0 * nf)) / (1.0 + z * z / nf);
        let half = z / (1.0 + z * z / nf) * (p * (1.0 - p) / nf + z * z / (4.0 * nf * nf)).sqrt();
        ((centre - half).max(0.0), (centre + half).min(1.0))
    };
    let team_rows = teams
        .into_iter()
        .map(|t| {
            let wins = results
                .iter()
                .filter(|r| r.winner.as_deref() == Some(t.as_str()))
                .count() as u32;
            let share = if n == 0 {
                0.0
            } else {
                f64::from(wins) / f64::from(n)
            };
            (t, wins, share, wilson(wins))
        })
        .collect();
    let mut lengths: std::collections::BTreeMap<u32, u32> = Default::default();
    let mut objectives: std::collections::BTreeMap<String, u32> = Default::default();
    for r in results {
        *lengths.entry(r.rounds).or_default() += 1;
        if let Some(o) = &r.objective {
            *objectives.entry(o.clone()).or_default() += 1;
        }
    }
    let limited = results.iter().filter(|r| r.hit_limit).count() as u32;
    Summary {
        games: n,
        teams: team_rows,
        round_limit_share: if n == 0 {
            0.0
        } else {
            f64::from(limited) / f64::from(n)
        },
        lengths: lengths.into_iter().collect(),
        objectives: objectives.into_iter().collect(),
    }
}

#[cfg(test)]
mod tests;
