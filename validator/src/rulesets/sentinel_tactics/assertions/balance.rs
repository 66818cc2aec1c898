//! The `balance` claim: a team's win rate in seeded self-play, judged by the 95% Wilson
//! interval of its share so that a claim does not flip with the luck of one run.

use megahex_schema::sentinel_tactics::assertions::BalanceClaim;
use megahex_schema::{Catalog, Scenario};

use crate::diagnostic::{Code, Diagnostic};
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
        Err(e) => {
            return Some(
                Diagnostic::error(
                    Code::AssertionFailed,
                    pointer,
                    format!(
                        "cannot check the balance of team `{}` by self-play: {e}",
                        claim.team
                    ),
                )
                .with_help("`megahex simulate FILE` says what self-play needs"),
            );
        }
    };
    crate::simulate::balance_finding(claim, &summarise(scenario, &results), pointer)
}
