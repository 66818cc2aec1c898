//! The command line's Sentinel Tactics answers: the map queries, the die code's odds,
//! self-play, and the commands only a map of tiles has (the inventory, the setup sheet, the
//! picture of a diff).

pub mod inventory;
pub mod odds;
pub mod queries;
pub mod sheet;

use megahex::rulesets::sentinel_tactics::selfplay;
use megahex::simulate::{GameResult, SimulateError};
use megahex_schema::Catalog;
use megahex_schema::rulesets::sentinel_tactics::scenario::Scenario;

/// The policy that plays, and how its choice of attack compares with the attack most likely to
/// fell each enemy.
pub fn policy(scenario: &Scenario, catalog: &Catalog) -> megahex::simulate::PolicyNote {
    use megahex::rulesets::sentinel_tactics::selfplay::against_best::{
        attack_gaps, attack_gaps_line,
    };
    megahex::simulate::PolicyNote {
        summary: selfplay::POLICY,
        against_best: attack_gaps_line(&attack_gaps(scenario, catalog)),
    }
}

/// Plays seeded games; the teams in the scenario's order, and each game's result.
pub fn self_play(
    scenario: &Scenario,
    catalog: &Catalog,
    games: u32,
    seed: u64,
    progress: &(dyn Fn() + Sync),
) -> Result<(Vec<String>, Vec<GameResult>), SimulateError> {
    let results = selfplay::simulate(scenario, catalog, games, seed, progress)?;
    Ok((
        scenario.teams.iter().map(|t| t.id.clone()).collect(),
        results,
    ))
}
