//! Designer assertions (`assert:`): each claim is asked of the rules' own homes (sight and
//! range of `board::los`, turns and turn-one attacks of the fairness report, games of
//! self-play), so a claim and the report or query it echoes never disagree; a false one is an
//! `assertion-failed` error at its line.

use megahex_schema::Catalog;
use megahex_schema::rulesets::sentinel_tactics::Scenario;
use megahex_schema::rulesets::sentinel_tactics::assertions::{
    Assertion, BalanceClaim, ExposureClaim, OddsClaim, Place, RangeClaim, ReachClaim, SightClaim,
};

use crate::board::los::{self, Sight};
use crate::board::{Axial, Board};
use crate::claims::{claim_failed, query_arg, range_broken};
use crate::diagnostic::{Code, Diagnostic};
use crate::ids::unknown;
use crate::scene::Scene;

use super::checks::resolve_problem;

pub(crate) mod attacks;
mod balance;
mod reach;

/// The findings of `megahex validate` for a scenario's text: the claims' tests check through
/// the whole checker, as a user's file is.
#[cfg(test)]
fn findings_of(text: &str) -> Vec<Diagnostic> {
    #[allow(clippy::unwrap_used)]
    let checker = crate::check::Checker::new(megahex_schema::Catalog::builtin()).unwrap();
    checker
        .check_text(text, &|_| Err("no catalog".into()))
        .diagnostics
}

/// The claims' ends that name no token or no hex of the map: reported with the other
/// references, whether or not the claims can be checked.
pub fn check_places(scenario: &Scenario, board: &Board, out: &mut Vec<Diagnostic>) {
    let ids: Vec<&str> = scenario.tokens.iter().map(|t| t.id.as_str()).collect();
    for (i, claim) in scenario.assertions.iter().enumerate() {
        let kind = kind_of(claim);
        for (end, place) in ends(claim) {
            let pointer = format!("/assert/{i}/{kind}/{end}");
            match place {
                Place::Token(id) if !ids.contains(&id.as_str()) => out.push(unknown(
                    pointer,
                    &id,
                    format!("assert[{i}] names token `{id}`, which this scenario does not have"),
                    &ids,
                )),
                Place::Token(_) => {}
                Place::Hex(hex) => {
                    if let Err(e) = board.resolve(&hex) {
                        let owner = format!("assert[{i}] {kind} {end}");
                        out.push(resolve_problem(&e, pointer, Code::HexOffMap, &owner));
                    }
                }
            }
        }
        if let Assertion::Exposure(ExposureClaim { team, .. })
        | Assertion::Balance(BalanceClaim { team, .. }) = claim
        {
            let teams: Vec<&str> = scenario.teams.iter().map(|t| t.id.as_str()).collect();
            if !teams.contains(&team.as_str()) {
                out.push(unknown(
                    format!("/assert/{i}/{kind}/team"),
                    team,
                    format!("assert[{i}] names team `{team}`, which this scenario does not have"),
                    &teams,
                ));
            }
        }
    }
}

/// Every claim that does not hold, at its line. Claims whose ends do not resolve are left to
/// [`check_places`].
pub fn check(scenario: &Scenario, catalog: &Catalog) -> Vec<Diagnostic> {
    if scenario.assertions.is_empty() {
        return Vec::new();
    }
    check_in(scenario, catalog, &Scene::new(scenario, catalog))
}

/// [`check`] on the scenario's scene, already built.
pub fn check_in(scenario: &Scenario, catalog: &Catalog, scene: &Scene) -> Vec<Diagnostic> {
    if scenario.assertions.is_empty() {
        return Vec::new();
    }
    let mut costs = reach::Costs::default();
    scenario
        .assertions
        .iter()
        .enumerate()
        .filter_map(|(i, claim)| {
            let pointer = format!("/assert/{i}");
            match claim {
                Assertion::Sight(claim) => sight_fails(scene, claim, pointer),
                Assertion::Range(claim) => range_fails(scene, claim, pointer),
                Assertion::Reach(claim) => {
                    let asked = reach::Asked {
                        scenario,
                        catalog,
                        scene,
                    };
                    reach::fails(&asked, &mut costs, claim, pointer)
                }
                Assertion::Odds(claim) => {
                    attacks::odds_fails(scenario, catalog, scene, claim, pointer)
                }
                Assertion::Balance(claim) => balance::fails(scenario, catalog, claim, pointer),
                Assertion::Exposure(claim) => {
                    attacks::exposure_fails(scenario, catalog, scene, claim, pointer)
                }
            }
        })
        .collect()
}

/// The claim's key, as written.
pub(crate) fn kind_of(claim: &Assertion) -> &'static str {
    match claim {
        Assertion::Sight(_) => "sight",
        Assertion::Range(_) => "range",
        Assertion::Reach(_) => "reach",
        Assertion::Odds(_) => "odds",
        Assertion::Exposure(_) => "exposure",
        Assertion::Balance(_) => "balance",
    }
}

/// The claim's ends that must name a token or a hex of the map, by key.
fn ends(claim: &Assertion) -> Vec<(&'static str, Place)> {
    match claim {
        Assertion::Sight(SightClaim { from, to, .. })
        | Assertion::Range(RangeClaim { from, to, .. }) => {
            vec![("from", from.clone()), ("to", to.clone())]
        }
        Assertion::Reach(ReachClaim { figure, hex, .. }) => {
            vec![
                ("figure", Place::Token(figure.clone())),
                ("hex", hex.clone()),
            ]
        }
        Assertion::Odds(OddsClaim {
            attacker, defender, ..
        }) => vec![
            ("attacker", Place::Token(attacker.clone())),
            ("defender", Place::Token(defender.clone())),
        ],
        Assertion::Exposure(_) | Assertion::Balance(_) => Vec::new(),
    }
}

/// The hexes an end stands for: a token's, or the one hex.
fn hexes_of(scene: &Scene, place: &Place) -> Option<Vec<Axial>> {
    match place {
        Place::Token(id) => scene.token(id).map(|t| t.hexes.clone()),
        Place::Hex(hex) => scene.board.resolve(hex).ok().map(|at| vec![at]),
    }
}

fn sight_fails(scene: &Scene, claim: &SightClaim, pointer: String) -> Option<Diagnostic> {
    let from = hexes_of(scene, &claim.from)?;
    let to = hexes_of(scene, &claim.to)?;
    let sight = los::best_sight(&scene.board, &from, &to, scene.rules)?;
    if sight.visible == claim.visible {
        return None;
    }
    let rule = scene.rules.name();
    let (verdict, why, marked) = match sight.visible {
        true => (
            "sees",
            format!("a clear line runs from {:?} to {:?}", sight.from, sight.to),
            vec![sight.from, sight.to],
        ),
        false => (
            "does not see",
            blocked_text(&sight),
            [vec![sight.from, sight.to], sight.blocked_by.clone()].concat(),
        ),
    };
    let asserted = match claim.visible {
        true => "does",
        false => "does not",
    };
    Some(
        Diagnostic::error(
            Code::AssertionFailed,
            pointer,
            format!(
                "{} {verdict} {} under rule {rule} ({why}), but the claim says it {asserted}",
                claim.from, claim.to
            ),
        )
        .with_help(format!(
            "`megahex los FILE --from {} --to {}` explains the verdict; change the map or the figures, or correct the claim",
            query_arg(&claim.from),
            query_arg(&claim.to)
        ))
        .with_hexes(marked),
    )
}

/// What stops every line of a sight that fails.
fn blocked_text(sight: &Sight) -> String {
    match sight.blocked_by.len() {
        0 => "no line between them is clear".to_owned(),
        n => format!(
            "{n} hex(es) stop every line: {}",
            sight
                .blocked_by
                .iter()
                .map(|h| format!("{h:?}"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// The range between a claim's ends and the two hexes that give it: multi-hex figures are as
/// near as their nearest hexes.
fn nearest_range(scene: &Scene, claim: &RangeClaim) -> Option<(u32, Axial, Axial)> {
    let from = hexes_of(scene, &claim.from)?;
    let to = hexes_of(scene, &claim.to)?;
    from.iter()
        .flat_map(|&x| to.iter().map(move |&y| (x, y)))
        .filter_map(|(x, y)| los::range(&scene.board, x, y, 0).map(|r| (r, x, y)))
        .min()
}

/// What the map shows for a sight or range claim, true or false: the sight and what blocks
/// it, the range and the hexes it is counted between. A text editor shows it beside the claim.
pub fn witness(scene: &Scene, claim: &Assertion) -> Option<String> {
    match claim {
        Assertion::Sight(claim) => {
            let from = hexes_of(scene, &claim.from)?;
            let to = hexes_of(scene, &claim.to)?;
            let sight = los::best_sight(&scene.board, &from, &to, scene.rules)?;
            let rule = scene.rules.name();
            Some(match sight.visible {
                true => format!(
                    "{} sees {} under rule {rule}: a clear line runs from {:?} to {:?}",
                    claim.from, claim.to, sight.from, sight.to
                ),
                false => format!(
                    "{} does not see {} under rule {rule}: {}",
                    claim.from,
                    claim.to,
                    blocked_text(&sight)
                ),
            })
        }
        Assertion::Range(claim) => {
            let (range, near, far) = nearest_range(scene, claim)?;
            let apart = crate::board::hex::distance(near, far);
            Some(format!(
                "the range from {} to {} is {range}: {apart} hex(es) apart from {near:?} to {far:?}, plus {} for the difference in elevation",
                claim.from,
                claim.to,
                range.saturating_sub(apart)
            ))
        }
        _ => None,
    }
}

fn range_fails(scene: &Scene, claim: &RangeClaim, pointer: String) -> Option<Diagnostic> {
    let (range, near, far) = nearest_range(scene, claim)?;
    let broken = range_broken(claim, range);
    claim_failed(pointer, &broken, |says| {
        format!(
            "the range from {} to {} is {range} (hexes apart plus the difference in elevation), but the claim says it {}",
            claim.from,
            claim.to,
            says
        )
    })
    .map(|failed| {
        failed
            .with_help(format!(
                "`megahex los FILE --from {} --to {}` gives the range; change the map or the figures, or correct the claim",
                query_arg(&claim.from),
                query_arg(&claim.to)
            ))
            .with_hexes([near, far])
    })
}
