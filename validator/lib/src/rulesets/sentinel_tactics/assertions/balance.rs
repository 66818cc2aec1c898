//! The `balance` claim: a team's win rate in seeded self-play, judged by the 95% Wilson
//! interval of its share so that a claim does not flip with the luck of one run.

use megahex_schema::Catalog;
use megahex_schema::claims::BalanceClaim;
use megahex_schema::rulesets::sentinel_tactics::Scenario;

use crate::diagnostic::Diagnostic;
use crate::rulesets::sentinel_tactics::selfplay::{simulate, summarise};

#[cfg(test)]
mod tests;

/// The claim's failure (an error when the interval lies outside the claimed range, a warning
/// when it straddles an edge), if any.
pub(super) fn fails(
    scenario: &Scenario,
    catalog: &Catalog,
    claim: &BalanceClaim,
    pointer: String,
) -> Option<Diagnostic> {
    if !scenario.teams.iter().any(|t| t.id == claim.team) {
        return None;
    }
    let results = match simulate(
        scenario,
        catalog,
        claim.games,
        u64::from(claim.seed),
        &|| {},
    ) {
        Ok(results) => results,
        Err(e) => return Some(crate::simulate::cannot_play(&claim.team, &e, pointer)),
    };
    crate::simulate::balance_finding(claim, &summarise(scenario, &results), pointer)
}
