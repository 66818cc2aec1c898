//! Seeded self-play (DESIGN §6): whole games played by simple policies, to see whether a
//! scenario ends, how long it takes and which side it favours.
//!
//! Every rule comes from [`super::game`], as in playtest replay: rounds and the turn order,
//! the action budget with each ability and basic action once a turn, movement, attacks on one
//! or several targets with effect tokens, incapacitation and destruction, push, hazards and
//! reinforcements. What is here is only choice: which figure of a team takes a team's turn (the
//! first in token order that has not gone), and what it does with each action ([`policy`]).
//! Objectives are checked at the end of every turn and, for `hold` and `survive`, at the end of
//! every round. Games are independent and seeded from the run's seed and their number, so a
//! seed gives the same report whatever the number of threads.

pub mod against_best;
mod policy;
pub use policy::POLICY;

use std::collections::HashMap;

use megahex_schema::Catalog;
use megahex_schema::rulesets::sentinel_tactics::{AttackStats, Movement, Scenario};

use super::dice::{self, Attack, Defense, Faces};
use super::fairness::{MAX_REPORT_HEXES, all_costs};
use super::game::{Game, Progress, State, Won};
use crate::rng::Rng;
use crate::simulate::skill::Player;
pub use crate::simulate::{GameResult, SimulateError, Summary};

/// Rounds played when the scenario sets no `round-limit`.
pub const DEFAULT_ROUNDS: u32 = 20;

/// Everything the games need that does not change between them.
struct Setup {
    game: Game,
    /// Least Move cost between hexes by board slot, without and with Mobility.
    costs: [Vec<Vec<u32>>; 2],
    limit: u32,
    /// Expected damage by (attack, defence dice, range to make clamped to 1..=7), from the
    /// exact odds; attacks are numbered by [`Setup::attack_index`].
    expected: HashMap<(usize, u32, u32), f64>,
    attacks: Vec<AttackStats>,
    /// Index into `attacks` of each figure's attacks, by figure.
    attack_index: Vec<Vec<usize>>,
}

/// Plays `games` games from `seed`, calling `progress` after each (for a progress bar).
pub fn simulate(
    scenario: &Scenario,
    catalog: &Catalog,
    games: u32,
    seed: u64,
    progress: &(dyn Fn() + Sync),
) -> Result<Vec<GameResult>, SimulateError> {
    simulate_seated(scenario, catalog, games, seed, &[], progress)
}

/// [`simulate`] with a player for each team, in the scenario's team order; teams not named
/// play the simple policy.
pub fn simulate_seated(
    scenario: &Scenario,
    catalog: &Catalog,
    games: u32,
    seed: u64,
    seats: &[Player],
    progress: &(dyn Fn() + Sync),
) -> Result<Vec<GameResult>, SimulateError> {
    let setup = prepare(scenario, catalog)?;
    let seat_of: Vec<Player> = setup
        .game
        .figures
        .iter()
        .map(|f| {
            scenario
                .teams
                .iter()
                .position(|t| f.team.as_deref() == Some(t.id.as_str()))
                .and_then(|i| seats.get(i).copied())
                .unwrap_or(Player::Simple)
        })
        .collect();
    Ok(crate::simulate::play_games(games, seed, progress, |rng| {
        play(&setup, &seat_of, rng)
    }))
}

fn prepare(scenario: &Scenario, catalog: &Catalog) -> Result<Setup, SimulateError> {
    let game = Game::new(scenario, catalog);
    let hexes = game.scene.board.hexes().len();
    if hexes > MAX_REPORT_HEXES {
        return Err(SimulateError::MapTooLarge {
            hexes,
            max: MAX_REPORT_HEXES,
        });
    }
    let mut missing = Vec::new();
    for figure in game
        .figures
        .iter()
        .filter(|f| f.takes_turns() && f.team.is_some())
    {
        let Some(stats) = &figure.stats else {
            missing.push(format!("`{}` (all stats)", figure.id));
            continue;
        };
        let mut lacks = Vec::new();
        if figure.health.is_none() {
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
            missing.push(format!("`{}` ({})", figure.id, lacks.join(", ")));
        }
    }
    for hazard in game.hazards.iter().filter(|h| h.attack.is_none()) {
        let entry = if hazard.name.starts_with("the lava") {
            "lava hexes (`rules: {lava-attack: ...}`)".to_owned()
        } else {
            format!("hazard {} (`hazard-attack`)", hazard.name)
        };
        if !missing.contains(&entry) {
            missing.push(entry);
        }
    }
    if !missing.is_empty() {
        return Err(SimulateError::MissingStats(missing.join("; ")));
    }
    let mut teams: Vec<&str> = Vec::new();
    for team in game.figures.iter().filter_map(|f| f.team.as_deref()) {
        if !teams.contains(&team) {
            teams.push(team);
        }
    }
    if teams.len() < 2 {
        return Err(SimulateError::NoOpponents);
    }
    let board = &game.scene.board;
    let costs = [all_costs(board, false), all_costs(board, true)];
    let mut attacks = Vec::new();
    let attack_index = game
        .figures
        .iter()
        .map(|f| {
            f.stats
                .iter()
                .flat_map(|s| s.attacks.iter())
                .map(|a| {
                    attacks.push(a.clone());
                    attacks.len() - 1
                })
                .collect()
        })
        .collect();
    // Dice only care about the range less Reach, and nothing under 1 or over 6 differs from 1
    // or 7 (no die makes it), so seven ranges per attack and distinct defence cover every case.
    let mut defenses: Vec<u32> = game
        .figures
        .iter()
        .map(|f| f.stats.as_ref().and_then(|s| s.defense).unwrap_or(0))
        .collect();
    defenses.sort_unstable();
    defenses.dedup();
    let mut expected = HashMap::new();
    for (i, a) in attacks.iter().enumerate() {
        for &defense in &defenses {
            for need in 1..=7 {
                let odds = dice::odds(
                    &Attack {
                        dice: a.dice,
                        auto_miss: Faces::of(&a.auto_miss).unwrap_or_default(),
                        range: need + a.reach,
                        reach: a.reach,
                        ..Attack::default()
                    },
                    &Defense {
                        dice: defense,
                        ..Defense::default()
                    },
                );
                expected.insert((i, defense, need), odds.map_or(0.0, |o| o.expected()));
            }
        }
    }
    Ok(Setup {
        game: game.with_sight_matrix(),
        costs,
        limit: scenario.round_limit.unwrap_or(DEFAULT_ROUNDS),
        expected,
        attacks,
        attack_index,
    })
}

/// A move value rolled from a figure's movement (the To Be Continued phase).
fn roll_move(movement: Option<Movement>, rng: &mut Rng) -> Option<u32> {
    match movement? {
        Movement::Static(s) => Some(s.value),
        Movement::Rolled(r) => {
            let roll = rng.dice(r.dice.clamp(1, 6));
            crate::rulesets::sentinel_tactics::game::figure::move_value_of(r.pick, &roll)
        }
    }
}

fn play(setup: &Setup, seat_of: &[Player], rng: &mut Rng) -> GameResult {
    let game = &setup.game;
    let mut state: State = game.start();
    for (piece, figure) in state.pieces.iter_mut().zip(&game.figures) {
        piece.move_value = roll_move(figure.stats.as_ref().and_then(|s| s.movement), rng);
    }
    play_from(setup, &mut state, &mut Progress::default(), seat_of, rng)
}

/// Plays on from the start of a turn to the end of the game, each figure by its seat (the
/// simple policy where none is given).
fn play_from(
    setup: &Setup,
    state: &mut State,
    score: &mut Progress,
    seat_of: &[Player],
    rng: &mut Rng,
) -> GameResult {
    let game = &setup.game;
    loop {
        let round = state.round.number;
        if round > setup.limit {
            break;
        }
        let Some(due) = game.due(state) else {
            // Nobody takes turns: rounds pass with nothing happening.
            state.round = state.round.next_round();
            game.arrivals(state);
            if let Some(won) = score.round_over(game, state, round) {
                return won_in(won, round);
            }
            continue;
        };
        let me = due.figures[0];
        let seat = seat_of.get(me).copied().unwrap_or(Player::Simple);
        policy::take_turn(setup, state, score, me, seat, rng);
        if let Some(result) = after_turn(setup, state, score, round) {
            return result;
        }
    }
    GameResult {
        winner: None,
        objective: None,
        rounds: setup.limit,
        hit_limit: true,
    }
}

fn won_in(won: Won, rounds: u32) -> GameResult {
    GameResult {
        winner: Some(won.team),
        objective: Some(won.objective),
        rounds,
        hit_limit: false,
    }
}

/// Objectives after a turn, and at the end of the round when the turn ended one.
fn after_turn(
    setup: &Setup,
    state: &mut State,
    score: &mut Progress,
    round: u32,
) -> Option<GameResult> {
    let game = &setup.game;
    if let Some(won) = score.decided(game, state, false) {
        return Some(won_in(won, round));
    }
    if game.end_turn(state)
        && let Some(won) = score.round_over(game, state, round)
    {
        return Some(won_in(won, round));
    }
    None
}

/// For the stronger player's playouts: ends figure `me`'s turn and plays the game on with the
/// simple policy on every side.
fn finish_turn_and_play_on(
    setup: &Setup,
    state: &mut State,
    score: &mut Progress,
    me: usize,
    rng: &mut Rng,
) -> GameResult {
    let round = state.round.number;
    policy::end_of_turn(setup, state, score, me, rng);
    if let Some(result) = after_turn(setup, state, score, round) {
        return result;
    }
    play_from(setup, state, score, &[], rng)
}

/// Summarises results. Wilson's interval, because it behaves near 0 and 1 where the plain
/// normal interval does not.
pub fn summarise(scenario: &Scenario, results: &[GameResult]) -> Summary {
    crate::simulate::summarise(
        scenario.teams.iter().map(|t| t.id.clone()).collect(),
        results,
    )
}

#[cfg(test)]
mod tests;
