//! Seeded self-play for hex-skirmish: whole games played by a simple policy, to see whether a
//! scenario ends, how long it takes and which side it favours.
//!
//! Every rule comes from the game's own `check` and `apply`, as in playtest replay; what is here
//! is only choice. On its turn a unit attacks while it can (the blow with the most expected
//! damage, from the exact odds); otherwise it opens a chest its team wants if it stands by one,
//! or walks the cheapest way towards the nearest place it can attack from, a hex its team must
//! reach, or a chest its team must open. Games are independent and seeded from the run's seed
//! and their number, so a seed gives the same report whatever the number of threads.

use megahex_schema::rulesets::hex_skirmish::Scenario;

use super::action::{Action, Dice, Illegal, Roll};
use super::game::{Game, Goal, Means};
use super::moves;
use super::state::{End, State};
use super::{Damage, blow_odds};
use crate::board::hex::distance;
use crate::rng::Rng;
use crate::simulate::skill::{self, Player};
use crate::simulate::{GameResult, SimulateError};

/// The policy in one line, for the simulation report.
pub const POLICY: &str = "each unit strikes with the blow of most expected damage while it may attack (exact odds), else opens a chest its team wants beside it, else walks the cheapest way toward the nearest hex it can attack from, a hex to reach or a chest to open";

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
    /// Expected damage of each blow, by unit, by its means (weapons, then spells), by target.
    expected: Vec<Vec<Vec<f64>>>,
}

/// Plays `games` games from `seed`, calling `progress` after each (for a progress bar).
pub fn simulate(
    scenario: &Scenario,
    games: u32,
    seed: u64,
    progress: &(dyn Fn() + Sync),
) -> Result<Vec<GameResult>, SimulateError> {
    simulate_seated(scenario, games, seed, &[], progress)
}

/// [`simulate`] with a player for each team, in the scenario's team order; teams not named
/// play the simple policy.
pub fn simulate_seated(
    scenario: &Scenario,
    games: u32,
    seed: u64,
    seats: &[Player],
    progress: &(dyn Fn() + Sync),
) -> Result<Vec<GameResult>, SimulateError> {
    let setup = prepare(scenario)?;
    let mut game_seats: Vec<Player> = setup
        .game
        .teams
        .iter()
        .map(|team| {
            scenario
                .teams
                .iter()
                .position(|t| &t.id == team)
                .and_then(|i| seats.get(i).copied())
                .unwrap_or(Player::Simple)
        })
        .collect();
    game_seats.resize(setup.game.teams.len(), Player::Simple);
    Ok(crate::simulate::play_games(games, seed, progress, |rng| {
        let mut state = setup.game.start();
        play_out(&setup, &mut state, &game_seats, rng)
    }))
}

fn prepare(scenario: &Scenario) -> Result<Setup, SimulateError> {
    let mut game = Game::new(scenario);
    let hexes = game.arena.hexes().len();
    if hexes > MAX_HEXES {
        return Err(SimulateError::MapTooLarge {
            hexes,
            max: MAX_HEXES,
        });
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
        .map(|attacker| {
            game.means_of(attacker)
                .into_iter()
                .map(|means| {
                    (0..game.units.len())
                        .map(|target| {
                            game.blow(attacker, means, target)
                                .map_or(0.0, |blow| blow_odds(&blow).expected())
                        })
                        .collect()
                })
                .collect()
        })
        .collect();
    Ok(Setup { game, expected })
}

/// Plays the game on from `state` to its end, each team by its seat (the simple policy where
/// none is given).
fn play_out(setup: &Setup, state: &mut State, seats: &[Player], rng: &mut Rng) -> GameResult {
    let game = &setup.game;
    while let Some(unit) = game.begin_turn(state) {
        take_turn(setup, state, unit, seats, rng);
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

/// One thing a unit may do next in its turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Choice {
    /// An attack, a spell, or opening a chest.
    Do(Action),
    /// Walk as the simple policy walks: toward its team's goals, else the nearest place to
    /// strike from.
    Walk,
    /// Walk toward the nearest place to strike this enemy from.
    WalkToward(usize),
    /// End the turn.
    Stop,
}

fn take_turn(setup: &Setup, state: &mut State, unit: usize, seats: &[Player], rng: &mut Rng) {
    let seat = game_team(setup, unit)
        .and_then(|t| seats.get(t).copied())
        .unwrap_or(Player::Simple);
    // Every action spends an action, so a turn ends; the bound only guards against a policy bug.
    for _ in 0..64 {
        let Some(turn) = state.turn else { return };
        if turn.actions == 0 || state.end.is_some() {
            return;
        }
        let choice = match seat {
            Player::Simple => simple_choice(setup, state, unit),
            Player::Lookahead => lookahead_choice(setup, state, unit, rng),
        };
        if !perform(setup, state, unit, choice, rng) {
            return;
        }
    }
}

fn game_team(setup: &Setup, unit: usize) -> Option<usize> {
    setup.game.units[unit].team
}

/// The simple policy: strike while it may, else open a wanted chest beside it, else walk.
fn simple_choice(setup: &Setup, state: &State, unit: usize) -> Choice {
    if let Some(action) = best_blow(setup, state, unit) {
        return Choice::Do(action);
    }
    if state.turn.is_some_and(|t| t.attacked) {
        return Choice::Stop;
    }
    match wanted_chest_here(&setup.game, state, unit) {
        Some(chest) if setup.game.check(state, Action::Open(chest)).is_ok() => {
            Choice::Do(Action::Open(chest))
        }
        _ => Choice::Walk,
    }
}

/// Does `choice`; false when the turn ends with it (a stop, or nothing could be done).
fn perform(setup: &Setup, state: &mut State, unit: usize, choice: Choice, rng: &mut Rng) -> bool {
    match choice {
        Choice::Do(action) => setup.game.apply(state, action, &mut Rolled(rng)).is_ok(),
        Choice::Walk => walk(setup, state, unit, None, rng),
        Choice::WalkToward(target) => walk(setup, state, unit, Some(target), rng),
        Choice::Stop => false,
    }
}

/// Everything the unit could do next: each allowed blow at each enemy, a wanted chest beside
/// it, the simple walk, a walk toward each enemy, and stopping.
fn choices(setup: &Setup, state: &State, unit: usize) -> Vec<Choice> {
    let game = &setup.game;
    let spec = &game.units[unit];
    let mut out = vec![simple_choice(setup, state, unit)];
    let add = |choice: Choice, out: &mut Vec<Choice>| {
        if !out.contains(&choice) {
            out.push(choice);
        }
    };
    for (target, them) in state.units.iter().enumerate() {
        if !them.active() || target == unit || !spec.enemy_of(&game.units[target]) {
            continue;
        }
        for (blow, means) in game.means_of(unit).into_iter().enumerate() {
            let action = match means {
                Means::Weapon(weapon) => Action::Attack { target, weapon },
                Means::Spell(spell) => Action::Cast { spell, target },
            };
            if setup.expected[unit][blow][target] > 0.0 && game.check(state, action).is_ok() {
                add(Choice::Do(action), &mut out);
            }
        }
        if !state.turn.is_some_and(|t| t.attacked) {
            add(Choice::WalkToward(target), &mut out);
        }
    }
    if let Some(chest) = wanted_chest_here(game, state, unit)
        && game.check(state, Action::Open(chest)).is_ok()
    {
        add(Choice::Do(Action::Open(chest)), &mut out);
    }
    if !state.turn.is_some_and(|t| t.attacked) {
        add(Choice::Walk, &mut out);
    }
    add(Choice::Stop, &mut out);
    out
}

/// The stronger player's choice: each option played on by the simple policy on every side.
fn lookahead_choice(setup: &Setup, state: &State, unit: usize, rng: &mut Rng) -> Choice {
    let options = choices(setup, state, unit);
    let Some(team) = game_team(setup, unit).map(|t| setup.game.teams[t].clone()) else {
        return options[0];
    };
    let chosen = skill::choose(options.len(), rng, |i, rng| {
        let mut trial = state.clone();
        if perform(setup, &mut trial, unit, options[i], rng) {
            take_turn(setup, &mut trial, unit, &[], rng);
        }
        skill::worth(&play_out(setup, &mut trial, &[], rng), &team)
    });
    chosen.map_or(Choice::Stop, |i| options[i])
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
        for (blow, means) in game.means_of(unit).into_iter().enumerate() {
            let action = match means {
                Means::Weapon(weapon) => Action::Attack { target, weapon },
                Means::Spell(spell) => Action::Cast { spell, target },
            };
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
fn walk(
    setup: &Setup,
    state: &mut State,
    unit: usize,
    toward: Option<usize>,
    rng: &mut Rng,
) -> bool {
    let game = &setup.game;
    let paths = moves::paths(game, state, unit, u32::MAX / 2);
    let nearest = |goals: Vec<usize>| {
        goals
            .iter()
            .filter_map(|&s| paths.cost(s).map(|c| (c, s)))
            .min()
            .map(|(_, s)| s)
    };
    let goal = match toward {
        None => nearest(objective_goals(game, state, unit))
            .or_else(|| nearest(strike_goals(game, state, unit, None))),
        Some(target) => nearest(strike_goals(game, state, unit, Some(target))),
    };
    let Some(goal) = goal else {
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

/// Hexes the unit could strike an enemy from (only `target`, when given).
fn strike_goals(game: &Game, state: &State, unit: usize, only: Option<usize>) -> Vec<usize> {
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
        if target == unit
            || !spec.enemy_of(&game.units[target])
            || only.is_some_and(|o| o != target)
        {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn bundled(name: &str) -> Scenario {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../scenarios")
            .join(name);
        serde_yaml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    }

    #[test]
    fn the_same_seed_gives_the_same_games_on_any_number_of_threads() {
        let s = bundled("skirmish-drowned-arena.yaml");
        let many = simulate(&s, 300, 42, &|| {}).unwrap();
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap()
            .install(|| simulate(&s, 300, 42, &|| {}).unwrap());
        assert_eq!(many, one);
        assert_ne!(many, simulate(&s, 300, 43, &|| {}).unwrap());
    }

    #[test]
    fn a_sure_kill_wins_in_the_first_round_and_a_standoff_reaches_the_limit() {
        let yaml = |weapon: &str| {
            format!(
                "format: 1\nruleset: hex-skirmish\nmap: {{hexagon: {{radius: 1}}}}\nteams: [{{id: a}}, {{id: b}}]\nunits:\n  - {{id: x, team: a, at: [0, 0], initiative: 5, actions: 1, attacks: 1, strike: 9, hit-points: 5, weapons: [{weapon}]}}\n  - {{id: y, team: b, at: [1, 0], actions: 1, attacks: 1, hit-points: 4, soak: 3}}\nobjectives:\n  - {{id: win, team: a, kind: defeat}}\nround-limit: 4\n"
            )
        };
        // Strike 9 against Defense 0 always hits: a 7-damage maul, less 3 soak, takes all 4 of
        // y's hit points at once.
        let sure: Scenario = serde_yaml::from_str(&yaml("{name: Maul, damage: 7}")).unwrap();
        let results = simulate(&sure, 50, 1, &|| {}).unwrap();
        assert!(
            results
                .iter()
                .all(|r| r.winner.as_deref() == Some("a") && r.rounds == 1)
        );
        // A feather deals 1, all of it soaked; y is unarmed (1) against x's soak 0 but x has
        // 5 hit points and y hits at most once a round: no one can win in four rounds.
        let feather: Scenario = serde_yaml::from_str(&yaml("{name: Feather, damage: 1}")).unwrap();
        let results = simulate(&feather, 50, 1, &|| {}).unwrap();
        assert!(
            results
                .iter()
                .all(|r| r.hit_limit && r.rounds == 4 && r.winner.is_none())
        );
    }

    #[test]
    fn the_stronger_player_strikes_the_deadly_enemy_first_where_the_simple_one_strikes_the_soft_one()
     {
        // x strikes first and always hits (Strike 9 against Defense 0); its 7-damage maul
        // does 7 to the soft y1 (10 hit points) but, through Soak 2, only 5 to y2, so the
        // simple policy strikes y1 (5 is also more than y2's 3 hit points). y2 then always
        // hits x for 9, more than x's 5 hit points: b wins in round 1. Striking y2 first
        // kills it (5 >= 3); y1 needs two more blows (7 + 7 >= 10), one a round, and falls to
        // x's first move of round 3. Unarmed, it deals at most 1 in each of rounds 1 and 2,
        // less than x's 5 hit points: a wins every game, in round 3.
        let yaml = "format: 1\nruleset: hex-skirmish\nmap: {hexagon: {radius: 2}}\nteams: [{id: a}, {id: b}]\nunits:\n  - {id: x, team: a, at: [0, 0], initiative: 9, actions: 1, attacks: 1, strike: 9, hit-points: 5, weapons: [{name: Maul, damage: 7}]}\n  - {id: y1, team: b, at: [1, 0], initiative: 1, actions: 1, attacks: 1, hit-points: 10}\n  - {id: y2, team: b, at: [-1, 0], initiative: 2, actions: 1, attacks: 1, strike: 9, hit-points: 3, soak: 2, weapons: [{name: Blade, damage: 9}]}\nobjectives:\n  - {id: a-wins, team: a, kind: defeat}\n  - {id: b-wins, team: b, kind: defeat}\nround-limit: 4\n";
        let s: Scenario = serde_yaml::from_str(yaml).unwrap();
        let simple = simulate(&s, 20, 3, &|| {}).unwrap();
        assert!(
            simple
                .iter()
                .all(|r| r.winner.as_deref() == Some("b") && r.rounds == 1)
        );
        let strong = simulate_seated(&s, 20, 3, &[Player::Lookahead], &|| {}).unwrap();
        assert!(
            strong
                .iter()
                .all(|r| r.winner.as_deref() == Some("a") && r.rounds == 3),
            "{strong:?}"
        );
        // Seated second, the stronger player has no choice that saves b's y2.
        let b_strong =
            simulate_seated(&s, 20, 3, &[Player::Simple, Player::Lookahead], &|| {}).unwrap();
        assert!(b_strong.iter().all(|r| r.winner.as_deref() == Some("b")));
    }
}
