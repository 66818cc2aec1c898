//! The `odds` and `exposure` claims: what attacks do from where the figures stand, asked of the
//! same dice and the same "can it hit without moving" as the fairness report's turn-one
//! exposure.

use megahex_schema::Catalog;
use megahex_schema::rulesets::sentinel_tactics::Scenario;
use megahex_schema::rulesets::sentinel_tactics::assertions::{ExposureClaim, OddsClaim};

use crate::board::los;
use crate::claims::{broken, chance, claim_failed, damage, odds_broken};
use crate::diagnostic::{Code, Diagnostic};
use crate::rulesets::sentinel_tactics::fairness::{attack_odds, hit_range, turn_one_damage_taken};
use crate::rulesets::sentinel_tactics::scene::figure_stats;
use crate::scene::Scene;

#[cfg(test)]
mod tests;

/// The claim's figure stats, by the token's roster id.
fn stats_of(
    scenario: &Scenario,
    catalog: &Catalog,
    token: &str,
) -> Option<megahex_schema::rulesets::sentinel_tactics::FigureStats> {
    let written = scenario.tokens.iter().find(|t| t.id == token)?;
    figure_stats(scenario, catalog, written.character.as_deref()?)
}

/// The `odds` claim's failure, if it fails or cannot be judged.
pub(super) fn odds_fails(
    scenario: &Scenario,
    catalog: &Catalog,
    scene: &Scene,
    claim: &OddsClaim,
    pointer: String,
) -> Option<Diagnostic> {
    let attacker = scene.token(&claim.attacker)?;
    let defender = scene.token(&claim.defender)?;
    let cannot = |why: String| {
        Some(
            Diagnostic::error(
                Code::AssertionFailed,
                pointer.clone(),
                format!(
                    "cannot check the odds of `{}`'s {} on `{}`: {why}",
                    claim.attacker, claim.attack, claim.defender
                ),
            )
            .with_help("an odds claim reads the attack from the attacker's `stats:` and the `defense` from the defender's"),
        )
    };
    let Some(stats) = stats_of(scenario, catalog, &claim.attacker) else {
        return cannot(format!("`{}` has no stats", claim.attacker));
    };
    let Some(attack) = stats.attacks.iter().find(|a| a.name == claim.attack) else {
        let names: Vec<&str> = stats.attacks.iter().map(|a| a.name.as_str()).collect();
        return cannot(format!(
            "`{}` has no attack named {} (its attacks: {})",
            claim.attacker,
            claim.attack,
            if names.is_empty() {
                "none".to_owned()
            } else {
                names.join(", ")
            }
        ));
    };
    let Some(defense) = stats_of(scenario, catalog, &claim.defender).and_then(|s| s.defense) else {
        return cannot(format!("`{}` has no defense stats", claim.defender));
    };
    let range = hit_range(scene, &attacker.hexes, &defender.hexes, attack, &|x, y| {
        los::sees(&scene.board, x, y, scene.rules)
    });
    let (expected, at_least_one, how) = match range {
        None => (0.0, 0.0, "cannot hit from where they stand".to_owned()),
        Some(range) => match attack_odds(attack, range, defense) {
            Ok(odds) => {
                let none = odds.probabilities().first().copied().unwrap_or(1.0);
                (
                    odds.expected(),
                    1.0 - none,
                    format!("at range {range} against {defense} defence dice"),
                )
            }
            Err(e) => return cannot(e.to_string()),
        },
    };
    let wrong = odds_broken(claim, expected, at_least_one);
    claim_failed(pointer, &wrong, |says| {
        format!(
            "`{}`'s {} on `{}` {how}: expected damage {}, 1 damage or more {}; but the claim says {}",
            claim.attacker,
            claim.attack,
            claim.defender,
            damage(expected),
            chance(at_least_one),
            says
        )
    })
    .map(|failed| {
        failed
            .with_help("`megahex odds --dice N --range R --defense M` works out one attack; change the figures' places or stats, or correct the claim")
            .with_hexes(attacker.hexes.iter().chain(&defender.hexes).copied())
    })
}

/// The `exposure` claim's failure, if it fails or cannot be judged.
pub(super) fn exposure_fails(
    scenario: &Scenario,
    catalog: &Catalog,
    scene: &Scene,
    claim: &ExposureClaim,
    pointer: String,
) -> Option<Diagnostic> {
    if !scenario.teams.iter().any(|t| t.id == claim.team) {
        return None;
    }
    let (taken, uncounted) = turn_one_damage_taken(scenario, catalog, scene, &claim.team);
    if !uncounted.is_empty() {
        return Some(
            Diagnostic::error(
                Code::AssertionFailed,
                pointer,
                format!(
                    "cannot check the damage team `{}` can take on turn 1: {}",
                    claim.team,
                    uncounted.join(", ")
                ),
            )
            .with_help("an exposure claim needs every enemy figure's attacks and every hit figure's `defense` under `stats:`"),
        );
    }
    let wrong = broken(&claim.turn_1_expected_damage, taken, &damage);
    claim_failed(pointer, &wrong, |says| {
        format!(
            "team `{}` can expect to take {} damage on turn 1 from enemies that can hit it without moving, but the claim says {}",
            claim.team,
            damage(taken),
            says
        )
    })
    .map(|failed| {
        failed
            .with_help("`megahex validate --fairness FILE` lists who can hit whom on turn 1 (`turn-one-exposure`)")
    })
}
