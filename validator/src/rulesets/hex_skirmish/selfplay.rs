//! Seeded self-play for hex-skirmish: whole games played by a simple policy, to see whether a
//! scenario ends, how long it takes and which side it favours.
//!
//! Every rule comes from the game's own `check` and `apply`, as in playtest replay; what is here
//! is only choice. On its turn a unit attacks while it can (the blow with the most expected
//! damage, from the exact odds); otherwise it opens a chest its team wants if it stands by one,
//! or walks the cheapest way towards the nearest place it can attack from, a hex its team must
//! reach, or a chest its team must open. Games are independent and seeded from the run's seed
//! and their number, so a seed gives the same report whatever the number of threads.

use megahex_schema::hex_skirmish::{ResistanceCheck, Scenario};

use super::action::{Action, Dice, Illegal, Roll};
use super::game::{Game, Goal};
use super::moves;
use super::state::{End, State};
use super::{Damage, Strike, hit_ways, odds};
use crate::board::hex::distance;
use crate::rng::Rng;
use crate::simulate::{GameResult, SimulateError};

/// Rounds played when the scenario sets no `round-limit`.
pub const DEFAULT_ROUNDS: u32 = 20;
/// Largest map self-play takes on: sight between every pair of hexes is worked out first.
pub const MAX_HEXES: usize = 2000;

/// Dice rolled as the game asks for them.
struct Rolled<'a>(&'a mut Rng);

impl Dice for Rolled<'_> {
    fn die(&mut self, _roll: Roll, sides: u32) -> Result<u32, Illegal> {
        Ok(self.0.roll(sides))
    }

    fn total(&mut self, _roll: Roll, damage: &Damage) -> Result<u32, Illegal> {
        Ok(match *damage {
            Damage::Fixed(n) => n,
            Damage::Dice { count, sides, .. } => (0..count).map(|_| self.0.roll(sides)).sum(),
        })
    }
}

/// What the games share.
struct Setup {
    game: Game,
    /// Expected damage of each blow, by unit: its weapons, then its spells, then by target.
    expected: Vec<Vec<Vec<f64>>>,
}

/// Plays `games` games from `seed`, calling `progress` after each (for a progress bar).
pub fn simulate(
    scenario: &Scenario,
    games: u32,
    seed: u64,
    progress: &(dyn Fn() + Sync),
) -> Result<Vec<GameResult>, SimulateError> {
    use rayon::prelude::*;
    let setup = prepare(scenario)?;
    Ok((0..games)
        .into_par_iter()
        .map(|g| {
            let result = play(&setup, &mut Rng::new(seed, u64::from(g)));
            progress();
            result
        })
        .collect())
}

fn prepare(scenario: &Scenario) -> Result<Setup, SimulateError> {
    let mut game = Game::new(scenario);
    let hexes = game.arena.hexes().len();
    if hexes > MAX_HEXES {
        return Err(SimulateError::MapTooLarge(hexes));
    }
    let mut teams: Vec<usize> = game.units.iter().filter_map(|u| u.team).collect();
    teams.sort_unstable();
    teams.dedup();
    if teams.len() < 2 {
        return Err(SimulateError::NoOpponents);
    }
    game.round_limit = Some(game.round_limit.unwrap_or(DEFAULT_ROUNDS));
    game.remember_sight();
    let expected = (0..game.units.len())
        .map(|a| {
            let me = &game.units[a];
            let weapons = me
                .weapons
                .iter()
                .map(|w| (w.damage, me.attributes.damage_bonus, true, true, false));
            let spells = me
                .spells
                .iter()
                .map(|s| (s.damage, 0, s.soak, s.strike, s.resistance));
            weapons
                .chain(spells)
                .map(|(damage, bonus, soaked, contested, resistible)| {
                    game.units
                        .iter()
                        .map(|them| {
                            let them = &them.attributes;
                            let strike = Strike {
                                strike: if contested { me.attributes.strike } else { 99 },
                                defense: if contested { them.defense } else { 0 },
                                damage,
                                bonus,
                                soak: if soaked { them.soak } else { 0 },
                            };
                            let landed = if resistible
                                && game.rules.resistance_check == ResistanceCheck::Opposed
                            {
                                hit_ways(me.attributes.strike, them.resistance + 1) as f64 / 100.0
                            } else {
                                1.0
                            };
                            odds(&strike).map_or(0.0, |o| o.expected() * landed)
                        })
                        .collect()
                })
                .collect()
        })
        .collect();
    Ok(Setup { game, expected })
}

fn play(setup: &Setup, rng: &mut Rng) -> GameResult {
    let game = &setup.game;
    let mut state = game.start();
    while let Some(unit) = game.begin_turn(&mut state) {
        take_turn(setup, &mut state, unit, rng);
    }
    let (winner, objective) = match state.end {
        Some(End::Won { team, objective }) => (
            Some(game.teams[team].clone()),
            Some(game.objectives[objective].id.clone()),
        ),
        _ => (None, None),
    };
    GameResult {
        winner,
        objective,
        rounds: state.round,
        hit_limit: state.end == Some(End::RoundLimit),
    }
}

fn take_turn(setup: &Setup, state: &mut State, unit: usize, rng: &mut Rng) {
    let game = &setup.game;
    // Every action spends an action, so a turn ends; the bound only guards against a policy bug.
    for _ in 0..64 {
        let Some(turn) = state.turn else { return };
        if turn.actions == 0 || state.end.is_some() {
            return;
        }
        if let Some(action) = best_blow(setup, state, unit) {
            if game.apply(state, action, &mut Rolled(rng)).is_err() {
                return;
            }
            continue;
        }
        if turn.attacked {
            return;
        }
        if let Some(chest) = wanted_chest_here(game, state, unit)
            && game
                .apply(state, Action::Open(chest), &mut Rolled(rng))
                .is_ok()
        {
            continue;
        }
        if !walk(setup, state, unit, rng) {
            return;
        }
    }
}

/// The allowed attack or spell with the most expected damage.
fn best_blow(setup: &Setup, state: &State, unit: usize) -> Option<Action> {
    let game = &setup.game;
    let spec = &game.units[unit];
    let turn = state.turn?;
    if turn.attacks == 0 {
        return None;
    }
    let mut best: Option<(f64, Action)> = None;
    for (target, them) in state.units.iter().enumerate() {
        if !them.active() || target == unit || !spec.enemy_of(&game.units[target]) {
            continue;
        }
        let weapons = (0..spec.weapons.len()).map(|weapon| Action::Attack { target, weapon });
        let spells = (0..spec.spells.len()).map(|spell| Action::Cast { spell, target });
        for (blow, action) in weapons.chain(spells).enumerate() {
            let value = setup.expected[unit][blow][target];
            if best.as_ref().is_some_and(|(b, _)| *b >= value) {
                continue;
            }
            if game.check(state, action).is_ok() {
                best = Some((value, action));
            }
        }
    }
    best.map(|(_, action)| action)
}

/// A chest on or next to the unit that an objective of its team asks for.
fn wanted_chest_here(game: &Game, state: &State, unit: usize) -> Option<usize> {
    let here = state.units[unit].at?;
    let team = game.units[unit].team?;
    game.objectives
        .iter()
        .filter(|o| o.team == team)
        .filter_map(|o| match &o.goal {
            Goal::Open { chests, .. } => Some(chests),
            _ => None,
        })
        .flatten()
        .copied()
        .find(|&c| {
            let slot = game.chests[c].1;
            state.opened[c].is_none() && (slot == here || game.arena.adjacent(here).contains(&slot))
        })
}

/// Walks towards the nearest place worth being (its team's objective hexes and chests first,
/// then places to strike from); false when there is nowhere to go.
fn walk(setup: &Setup, state: &mut State, unit: usize, rng: &mut Rng) -> bool {
    let game = &setup.game;
    let paths = moves::paths(game, state, unit, u32::MAX / 2);
    let nearest = |goals: Vec<usize>| {
        goals
            .iter()
            .filter_map(|&s| paths.cost(s).map(|c| (c, s)))
            .min()
            .map(|(_, s)| s)
    };
    let Some(goal) = nearest(objective_goals(game, state, unit))
        .or_else(|| nearest(strike_goals(game, state, unit)))
    else {
        return false;
    };
    let path = paths.path_to(goal);
    if path.len() < 2 {
        return false;
    }
    let mut moved = false;
    for &next in &path[1..] {
        let Some(turn) = state.turn else { break };
        if turn.actions == 0 || game.check(state, Action::Step(next)).is_err() {
            break;
        }
        match game.apply(state, Action::Step(next), &mut Rolled(rng)) {
            Ok(outcome) => {
                moved = true;
                if outcome.monster_surfaced || outcome.killed || outcome.climb_started {
                    break;
                }
            }
            Err(_) => break,
        }
    }
    moved
}

/// Hexes the unit could strike an enemy from.
fn strike_goals(game: &Game, state: &State, unit: usize) -> Vec<usize> {
    let spec = &game.units[unit];
    let mut out = Vec::new();
    let reach = spec
        .weapons
        .iter()
        .map(|w| if w.ranged { w.range } else { 1 })
        .chain(spec.spells.iter().map(|s| s.range))
        .max()
        .unwrap_or(1);
    for (target, them) in state.units.iter().enumerate() {
        let Some(there) = them.at.filter(|_| them.active()) else {
            continue;
        };
        if target == unit || !spec.enemy_of(&game.units[target]) {
            continue;
        }
        if reach <= 1 {
            out.extend_from_slice(game.arena.adjacent(there));
            continue;
        }
        let at = game.arena.hex(there).at;
        for slot in 0..game.arena.hexes().len() {
            let d = distance(at, game.arena.hex(slot).at);
            if d >= 1 && d <= game.arena.ranged_reach(slot, reach) && game.sees(slot, there) {
                out.push(slot);
            }
        }
    }
    out
}

/// Hexes the unit's team must reach, and chests (or hexes beside them) it must open.
fn objective_goals(game: &Game, state: &State, unit: usize) -> Vec<usize> {
    let mut out = Vec::new();
    if let Some(team) = game.units[unit].team {
        for objective in game.objectives.iter().filter(|o| o.team == team) {
            match &objective.goal {
                Goal::Reach(slots) => out.extend_from_slice(slots),
                Goal::Open { chests, .. } => {
                    for &c in chests.iter().filter(|&&c| state.opened[c].is_none()) {
                        let slot = game.chests[c].1;
                        out.push(slot);
                        out.extend_from_slice(game.arena.adjacent(slot));
                    }
                }
                _ => {}
            }
        }
    }
    out
}
