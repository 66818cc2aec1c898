//! The arena's claims in words, for the shared checklist.

use megahex_schema::rulesets::hex_skirmish::Scenario;
use megahex_schema::rulesets::hex_skirmish::assertions::Assertion;

use crate::claims_view::{balance_text, checklist, odds_text, range_text, reach_text, sight_text};
use crate::document::Problem;

/// A claim in a line: the claim kinds the games share read alike in both.
pub fn claim_text(claim: &Assertion) -> String {
    match claim {
        Assertion::Sight(c) => sight_text(c),
        Assertion::Range(c) => range_text(c),
        Assertion::Reach(c) => reach_text(c),
        Assertion::Odds(c) => odds_text(c),
        Assertion::Balance(c) => balance_text(c),
    }
}

/// The checklist of an arena's claims.
pub fn claims_section(
    ui: &mut egui::Ui,
    scenario: Option<&Scenario>,
    problems: &[Problem],
    checking: bool,
) {
    let texts: Vec<String> = scenario
        .map(|s| s.assertions.iter().map(claim_text).collect())
        .unwrap_or_default();
    checklist(ui, &texts, problems, checking);
}
