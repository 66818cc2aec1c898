//! The designer's claims (`assert:`) as a checklist beside the problems: each claim with
//! whether the last check found it true, false, or not yet shown either way.

use egui::{Color32, RichText};
use megahex::Severity;
use megahex_schema::rulesets::sentinel_tactics::Scenario;
use megahex_schema::rulesets::sentinel_tactics::assertions::{Assertion, Bounds, ReachMeasure};

use crate::document::Problem;

/// Where one claim stands after the last check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClaimStatus {
    /// A check is running, or none has run since the last edit.
    Checking,
    /// The file has other errors, so the claims were not checked.
    NotChecked,
    /// The claim holds.
    Holds,
    /// The claim is false, or names something that does not exist.
    Fails,
    /// A balance claim whose interval straddles an edge: more games are needed to tell.
    Unsettled,
}

/// The status of claim `index` from the problems of the last check.
pub fn claim_status(index: usize, problems: &[Problem], checking: bool) -> ClaimStatus {
    if checking {
        return ClaimStatus::Checking;
    }
    let own = format!("/assert/{index}");
    let about = |p: &Problem| {
        p.pointer
            .as_deref()
            .is_some_and(|at| at == own || at.starts_with(&format!("{own}/")))
    };
    if problems
        .iter()
        .any(|p| about(p) && p.severity == Severity::Error)
    {
        return ClaimStatus::Fails;
    }
    if problems
        .iter()
        .any(|p| about(p) && p.code == "assertion-failed")
    {
        return ClaimStatus::Unsettled;
    }
    // The claims are checked when the file has no error but false claims.
    if problems
        .iter()
        .any(|p| p.severity == Severity::Error && p.code != "assertion-failed")
    {
        return ClaimStatus::NotChecked;
    }
    ClaimStatus::Holds
}

/// A claim in a line, as a designer reads it.
pub fn claim_text(claim: &Assertion) -> String {
    match claim {
        Assertion::Sight(c) => match c.visible {
            true => format!("{} sees {}", c.from, c.to),
            false => format!("{} does not see {}", c.from, c.to),
        },
        Assertion::Range(c) => {
            let mut parts = Vec::new();
            if let Some(is) = c.is {
                parts.push(format!("is {is}"));
            }
            if let Some(least) = c.at_least {
                parts.push(format!("at least {least}"));
            }
            if let Some(most) = c.at_most {
                parts.push(format!("at most {most}"));
            }
            format!("range {} to {} {}", c.from, c.to, parts.join(" and "))
        }
        Assertion::Reach(c) => {
            let measure = match c.by {
                ReachMeasure::WorstCase => "",
                ReachMeasure::Expected => " on average",
            };
            format!(
                "{} reaches {} within {} turn(s){measure}",
                c.figure, c.hex, c.within_turns
            )
        }
        Assertion::Odds(c) => {
            let mut parts = Vec::new();
            if let Some(b) = &c.expected_damage {
                parts.push(format!("expected damage {}", bounds_text(b)));
            }
            if let Some(b) = &c.at_least_one {
                parts.push(format!("1+ damage {}", bounds_text(b)));
            }
            format!(
                "{}'s {} on {}: {}",
                c.attacker,
                c.attack,
                c.defender,
                parts.join(", ")
            )
        }
        Assertion::Exposure(c) => format!(
            "{} takes {} expected damage on turn 1",
            c.team,
            bounds_text(&c.turn_1_expected_damage)
        ),
        Assertion::Balance(c) => format!(
            "{} wins {:.0}% to {:.0}% ({} games, seed {})",
            c.team,
            c.win_rate[0] * 100.0,
            c.win_rate[1] * 100.0,
            c.games,
            c.seed
        ),
    }
}

fn bounds_text(bounds: &Bounds) -> String {
    match (bounds.at_least, bounds.at_most) {
        (Some(low), Some(high)) => format!("{low} to {high}"),
        (Some(low), None) => format!("at least {low}"),
        (None, Some(high)) => format!("at most {high}"),
        (None, None) => "anything".to_owned(),
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
        checklist(ui, claims, problems, checking);
    }
}

/// The checklist of a hex-skirmish arena's claims, worded as Sentinel Tactics words them.
pub fn skirmish_claims_section(
    ui: &mut egui::Ui,
    scenario: Option<&megahex_schema::rulesets::hex_skirmish::Scenario>,
    problems: &[Problem],
    checking: bool,
) {
    let claims: Vec<Assertion> = scenario
        .map(|s| {
            s.assertions
                .iter()
                .cloned()
                .map(as_checklist_claim)
                .collect()
        })
        .unwrap_or_default();
    checklist(ui, &claims, problems, checking);
}

/// An arena's claim as the checklist words it: the shared claim kinds read alike in both games.
fn as_checklist_claim(
    claim: megahex_schema::rulesets::hex_skirmish::assertions::Assertion,
) -> Assertion {
    use megahex_schema::rulesets::hex_skirmish::assertions::Assertion as Arena;
    match claim {
        Arena::Sight(c) => Assertion::Sight(c),
        Arena::Range(c) => Assertion::Range(c),
        Arena::Reach(c) => Assertion::Reach(c),
        Arena::Odds(c) => Assertion::Odds(c),
        Arena::Balance(c) => Assertion::Balance(c),
    }
}

/// The checklist of a Solar Sentinels deck's claims.
pub fn deck_claims_section(
    ui: &mut egui::Ui,
    deck: Option<&megahex_schema::rulesets::solar_sentinels::Scenario>,
    problems: &[Problem],
    checking: bool,
) {
    use megahex_schema::rulesets::solar_sentinels::assertions::Assertion as DeckAssertion;
    let texts: Vec<String> = deck
        .map(|d| {
            d.assertions
                .iter()
                .map(|claim| match claim {
                    DeckAssertion::Balance(c) => {
                        let who = c
                            .hero
                            .as_deref()
                            .map_or("the player".to_owned(), |h| format!("the player with {h}"));
                        format!(
                            "{who} wins {:.0}% to {:.0}% ({} games, seed {})",
                            c.win_rate[0] * 100.0,
                            c.win_rate[1] * 100.0,
                            c.games,
                            c.seed
                        )
                    }
                    DeckAssertion::Odds(c) => format!(
                        "{} defeats {} in one engagement: chance {}",
                        c.hero.as_deref().unwrap_or("the setup's hero"),
                        c.cards.join(", "),
                        bounds_text(&c.defeat_all)
                    ),
                })
                .collect()
        })
        .unwrap_or_default();
    checklist_of(ui, &texts, problems, checking);
}

fn checklist(ui: &mut egui::Ui, claims: &[Assertion], problems: &[Problem], checking: bool) {
    let texts: Vec<String> = claims.iter().map(claim_text).collect();
    checklist_of(ui, &texts, problems, checking);
}

/// One line per claim, in words, with where it stands after the last check.
fn checklist_of(ui: &mut egui::Ui, claims: &[String], problems: &[Problem], checking: bool) {
    if claims.is_empty() {
        return;
    }
    ui.separator();
    let held = (0..claims.len())
        .filter(|i| claim_status(*i, problems, checking) == ClaimStatus::Holds)
        .count();
    let title = format!("Claims: {held} of {} hold", claims.len());
    egui::CollapsingHeader::new(RichText::new(title).strong())
        .default_open(true)
        .show(ui, |ui| {
            for (index, claim) in claims.iter().enumerate() {
                let (mark, color, hover) = match claim_status(index, problems, checking) {
                    ClaimStatus::Checking => ("checking", Color32::GRAY, "being checked"),
                    ClaimStatus::NotChecked => (
                        "unchecked",
                        Color32::GRAY,
                        "not checked: the file has other errors",
                    ),
                    ClaimStatus::Holds => ("holds", Color32::LIGHT_GREEN, "the claim is true"),
                    ClaimStatus::Fails => (
                        "false",
                        Color32::LIGHT_RED,
                        "the claim is false: its problem above says why",
                    ),
                    ClaimStatus::Unsettled => (
                        "unsettled",
                        Color32::YELLOW,
                        "the interval straddles an edge: more games would tell",
                    ),
                };
                ui.horizontal_wrapped(|ui| {
                    ui.label(RichText::new(mark).color(color).strong())
                        .on_hover_text(hover);
                    ui.label(claim).on_hover_text(hover);
                });
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(code: &str, severity: Severity, pointer: &str) -> Problem {
        Problem {
            code: code.to_owned(),
            severity,
            line_column: None,
            message: String::new(),
            help: None,
            hexes: Vec::new(),
            pointer: Some(pointer.to_owned()),
        }
    }

    #[test]
    fn each_claim_reads_its_own_problems() {
        let problems = vec![
            problem("assertion-failed", Severity::Error, "/assert/1"),
            problem("unknown-reference", Severity::Error, "/assert/2/sight/from"),
            problem("assertion-failed", Severity::Warning, "/assert/3"),
        ];
        let status = |i| claim_status(i, &problems, false);
        // Claim 0 has no problem of its own, but the file has an error other than a false
        // claim: the claims were not checked at all, so it is not shown to hold.
        assert_eq!(status(0), ClaimStatus::NotChecked);
        assert_eq!(status(1), ClaimStatus::Fails);
        assert_eq!(status(2), ClaimStatus::Fails);
        assert_eq!(status(3), ClaimStatus::Unsettled);
        // Another claim being false does not stop this one from being checked; and
        // "/assert/1" is not a prefix match for claim 10.
        assert_eq!(claim_status(0, &problems[..1], false), ClaimStatus::Holds);
        assert_eq!(claim_status(10, &problems[..1], false), ClaimStatus::Holds);
        let only_warning = vec![problem("assertion-failed", Severity::Warning, "/assert/3")];
        assert_eq!(claim_status(0, &only_warning, false), ClaimStatus::Holds);
        assert_eq!(
            claim_status(3, &only_warning, false),
            ClaimStatus::Unsettled
        );
        assert_eq!(claim_status(3, &only_warning, true), ClaimStatus::Checking);
    }
}
