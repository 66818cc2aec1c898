//! The designer's claims (`assert:`) as a checklist beside the problems: each claim in words
//! with whether the last check found it true, false, or not yet shown either way. The claim
//! kinds every game shares are worded here; each game words its own list with these.

use egui::{Color32, RichText};
use megahex::claims::Verdict;
use megahex_schema::claims::{
    BalanceClaim, Bounds, OddsClaim, RangeClaim, ReachClaim, ReachMeasure, SightClaim,
};

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
    // Problems carry the library's codes by name; a name it does not know counts as an
    // error of the file, not of a claim.
    let findings = problems.iter().map(|p| {
        let code = megahex::Code::from_name(&p.code).unwrap_or(megahex::Code::Schema);
        (code, p.severity, p.pointer.as_deref())
    });
    match megahex::claims::verdict(index, findings) {
        Verdict::NotChecked => ClaimStatus::NotChecked,
        Verdict::Holds => ClaimStatus::Holds,
        Verdict::Fails => ClaimStatus::Fails,
        Verdict::Unsettled => ClaimStatus::Unsettled,
    }
}

/// A sight claim in a line.
pub fn sight_text(c: &SightClaim) -> String {
    match c.visible {
        true => format!("{} sees {}", c.from, c.to),
        false => format!("{} does not see {}", c.from, c.to),
    }
}

/// A range claim in a line.
pub fn range_text(c: &RangeClaim) -> String {
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

/// A reach claim in a line.
pub fn reach_text(c: &ReachClaim) -> String {
    let measure = match c.by {
        ReachMeasure::WorstCase => "",
        ReachMeasure::Expected => " on average",
    };
    format!(
        "{} reaches {} within {} turn(s){measure}",
        c.figure, c.hex, c.within_turns
    )
}

/// An odds claim in a line.
pub fn odds_text(c: &OddsClaim) -> String {
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

/// A team's balance claim in a line.
pub fn balance_text(c: &BalanceClaim) -> String {
    format!(
        "{} wins {:.0}% to {:.0}% ({} games, seed {})",
        c.team,
        c.win_rate[0] * 100.0,
        c.win_rate[1] * 100.0,
        c.games,
        c.seed
    )
}

/// Bounds in words.
pub fn bounds_text(bounds: &Bounds) -> String {
    match (bounds.at_least, bounds.at_most) {
        (Some(low), Some(high)) => format!("{low} to {high}"),
        (Some(low), None) => format!("at least {low}"),
        (None, Some(high)) => format!("at most {high}"),
        (None, None) => "anything".to_owned(),
    }
}

/// One line per claim, in words, with where it stands after the last check.
pub fn checklist(ui: &mut egui::Ui, claims: &[String], problems: &[Problem], checking: bool) {
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
    use megahex::Severity;

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
