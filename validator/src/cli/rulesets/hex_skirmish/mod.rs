//! The command line's hex-skirmish answers: the map queries in its own rules, a strike's odds,
//! and self-play.

pub mod odds;
pub mod queries;

use megahex::rulesets::hex_skirmish::selfplay;
use megahex::simulate::{GameResult, SimulateError};
use megahex_schema::rulesets::hex_skirmish::Scenario;

/// Plays seeded games; the teams in the scenario's order, and each game's result.
pub fn self_play(
    scenario: &Scenario,
    games: u32,
    seed: u64,
    progress: &(dyn Fn() + Sync),
) -> Result<(Vec<String>, Vec<GameResult>), SimulateError> {
    let results = selfplay::simulate(scenario, games, seed, progress)?;
    Ok((
        scenario.teams.iter().map(|t| t.id.clone()).collect(),
        results,
    ))
}

/// The policy that plays, and how its weapon choice compares with the best in each pair's duel.
pub fn policy(scenario: &Scenario) -> megahex::simulate::PolicyNote {
    use megahex::rulesets::hex_skirmish::duel::{weapon_gaps, weapon_gaps_line};
    let game = megahex::rulesets::hex_skirmish::game::Game::new(scenario);
    megahex::simulate::PolicyNote {
        summary: selfplay::POLICY,
        against_best: weapon_gaps_line(&weapon_gaps(&game)),
    }
}
