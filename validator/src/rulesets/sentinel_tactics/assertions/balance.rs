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
    let [low, high] = claim.win_rate;
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
    let summary = summarise(scenario, &results);
    let (wins, share, (from, to)) = summary
        .teams
        .iter()
        .find(|(team, ..)| *team == claim.team)
        .map(|(_, wins, share, interval)| (*wins, *share, *interval))?;
    if low <= from && to <= high {
        return None;
    }
    let found = format!(
        "team `{}` won {wins} of {} games ({:.1}%, 95% interval {:.1}% to {:.1}%, seed {})",
        claim.team,
        claim.games,
        share * 100.0,
        from * 100.0,
        to * 100.0,
        claim.seed
    );
    let wanted = format!("{:.1}% to {:.1}%", low * 100.0, high * 100.0);
    let outside = to < low || from > high;
    let help = "`megahex simulate FILE --games N --seed S` plays the same games; more games narrow the interval";
    Some(match outside {
        true => Diagnostic::error(
            Code::AssertionFailed,
            pointer,
            format!("{found}, outside the claimed {wanted}"),
        )
        .with_help(help),
        false => Diagnostic::warning(
            Code::AssertionFailed,
            pointer,
            format!("{found}: it straddles an edge of the claimed {wanted}, so the claim is not shown true or false"),
        )
        .with_help(help),
    })
}
