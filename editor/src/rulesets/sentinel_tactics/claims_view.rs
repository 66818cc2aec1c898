//! Sentinel Tactics' claims in words, for the shared checklist.

use megahex_schema::rulesets::sentinel_tactics::Scenario;
use megahex_schema::rulesets::sentinel_tactics::assertions::Assertion;

use crate::claims_view::{
    balance_text, bounds_text, checklist, odds_text, range_text, reach_text, sight_text,
};
use crate::document::Problem;

/// A claim in a line, as a designer reads it.
pub fn claim_text(claim: &Assertion) -> String {
    match claim {
        Assertion::Sight(c) => sight_text(c),
        Assertion::Range(c) => range_text(c),
        Assertion::Reach(c) => reach_text(c),
        Assertion::Odds(c) => odds_text(c),
        Assertion::Exposure(c) => format!(
            "{} takes {} expected damage on turn 1",
            c.team,
            bounds_text(&c.turn_1_expected_damage)
        ),
        Assertion::Balance(c) => balance_text(c),
    }
}

/// The checklist, when the scenario has claims.
pub fn claims_section(
    ui: &mut egui::Ui,
    scenario: Option<&Scenario>,
    problems: &[Problem],
    checking: bool,
) {
    if let Some(claims) = scenario.map(|s| &s.assertions) {
        let texts: Vec<String> = claims.iter().map(claim_text).collect();
        checklist(ui, &texts, problems, checking);
    }
}
