//! Helpers every ruleset's designer claims share: how a broken claim is worded, how its bounds
//! are judged, and how its ends are written for the command line, so a claim reads the same in
//! every game.

use megahex_schema::HexRef;
use megahex_schema::claims::{Bounds, OddsClaim, Place, RangeClaim};

use crate::diagnostic::{Code, Diagnostic};

/// The `assertion-failed` finding for a claim with `broken` parts, or none when every part
/// holds; `message` gets the broken parts joined, as every claim kind words them. Shared by
/// every ruleset's claims.
pub fn claim_failed(
    pointer: String,
    broken: &[String],
    message: impl FnOnce(String) -> String,
) -> Option<Diagnostic> {
    (!broken.is_empty()).then(|| {
        Diagnostic::error(
            Code::AssertionFailed,
            pointer,
            message(broken.join(" and ")),
        )
    })
}

/// What a range claim says that `range` breaks, in words (`is at most 7`); empty when it holds.
pub fn range_broken(claim: &RangeClaim, range: u32) -> Vec<String> {
    let mut broken = Vec::new();
    if let Some(is) = claim.is.filter(|is| *is != range) {
        broken.push(format!("is {is}"));
    }
    if let Some(most) = claim.at_most.filter(|most| range > *most) {
        broken.push(format!("is at most {most}"));
    }
    if let Some(least) = claim.at_least.filter(|least| range < *least) {
        broken.push(format!("is at least {least}"));
    }
    broken
}

/// An end as the command line takes it: `q,r`, `T/I` or a token id.
pub fn query_arg(place: &Place) -> String {
    match place {
        Place::Hex(HexRef::Axial([q, r])) => format!("{q},{r}"),
        Place::Hex(hex) => hex
            .tile_hex()
            .map_or_else(|| hex.to_string(), |th| th.to_string()),
        Place::Token(id) => id.clone(),
    }
}

/// What `bounds` say that `value` breaks (`at least 55.0%`), shown with `show`; empty when it
/// holds. Exact figures computed in floating point meet a bound at the exact figure.
pub fn broken(bounds: &Bounds, value: f64, show: &dyn Fn(f64) -> String) -> Vec<String> {
    // The figures are exact fractions worked out in floating point: a claim at the exact
    // figure holds.
    let slack = 1e-9;
    let mut out = Vec::new();
    if let Some(least) = bounds.at_least.filter(|least| value < least - slack) {
        out.push(format!("at least {}", show(least)));
    }
    if let Some(most) = bounds.at_most.filter(|most| value > most + slack) {
        out.push(format!("at most {}", show(most)));
    }
    out
}

/// What an odds claim says that an attack's figures break, in words; empty when it holds.
pub fn odds_broken(claim: &OddsClaim, expected: f64, at_least_one: f64) -> Vec<String> {
    let mut wrong = Vec::new();
    if let Some(bounds) = &claim.expected_damage {
        wrong.extend(
            broken(bounds, expected, &damage)
                .into_iter()
                .map(|b| format!("the expected damage is {b}")),
        );
    }
    if let Some(bounds) = &claim.at_least_one {
        wrong.extend(
            broken(bounds, at_least_one, &chance)
                .into_iter()
                .map(|b| format!("the chance of 1 damage or more is {b}")),
        );
    }
    wrong
}

/// An expected damage as claims show it.
pub fn damage(value: f64) -> String {
    format!("{value:.3}")
}

/// A chance as claims show it, in percent.
pub fn chance(value: f64) -> String {
    format!("{:.1}%", value * 100.0)
}

/// Where a designer's claim stands after a check, read from the check's findings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The file has errors besides false claims, so the claims were not checked.
    NotChecked,
    /// The claim holds.
    Holds,
    /// The claim is false, or names something that does not exist.
    Fails,
    /// A balance claim whose interval straddles an edge: more games are needed to tell.
    Unsettled,
}

/// Whether a finding at `pointer` is about claim `index`: at `/assert/index` or a key under it.
pub fn is_about(index: usize, pointer: Option<&str>) -> bool {
    let own = format!("/assert/{index}");
    pointer.is_some_and(|at| {
        at.strip_prefix(own.as_str())
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
    })
}

/// The verdict on claim `index` (`/assert/index`) from a check's findings, each given as its
/// code, severity and pointer. One reading for the editor's checklist and the language server.
pub fn verdict<'a>(
    index: usize,
    findings: impl Iterator<Item = (Code, crate::diagnostic::Severity, Option<&'a str>)> + Clone,
) -> Verdict {
    use crate::diagnostic::Severity;
    let mut mine = findings
        .clone()
        .filter(|(_, _, pointer)| is_about(index, *pointer));
    if mine
        .clone()
        .any(|(_, severity, _)| severity == Severity::Error)
    {
        return Verdict::Fails;
    }
    if mine.any(|(code, _, _)| code == Code::AssertionFailed) {
        return Verdict::Unsettled;
    }
    // The claims are checked when the file has no error but false claims.
    if findings
        .into_iter()
        .any(|(code, severity, _)| severity == Severity::Error && code != Code::AssertionFailed)
    {
        return Verdict::NotChecked;
    }
    Verdict::Holds
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_finding_is_about_the_claim_at_its_pointer_or_under_it() {
        assert!(is_about(1, Some("/assert/1")));
        assert!(is_about(1, Some("/assert/1/sight/from")));
        // Claim 10 is not claim 1, though its pointer starts the same.
        assert!(!is_about(1, Some("/assert/10")));
        assert!(!is_about(1, Some("/assert/10/sight")));
        assert!(!is_about(1, Some("/assert")));
        assert!(!is_about(1, Some("/tokens/1")));
        assert!(!is_about(1, None));
    }
}
