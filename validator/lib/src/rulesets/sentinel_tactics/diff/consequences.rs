//! What a change does to the game: sight between hexes and between figures, each figure's way
//! to its team's objectives, the claims under `assert:`, and the fairness report's figures. Each
//! is asked of the rules' own homes (`board::los`, `fairness`, `assertions`) on both versions.

use megahex_schema::rulesets::sentinel_tactics::{Scenario, TokenKind};

use crate::board::los;
use crate::diff::{
    ClaimChange, ClaimVerdict, Consequences, FairnessChange, FigureSightFlip, ReachChange,
    SightChanges, SightFlip,
};
use crate::rulesets::sentinel_tactics::assertions;
use crate::rulesets::sentinel_tactics::fairness::{self, MAX_REPORT_HEXES, Standing};
use crate::rulesets::sentinel_tactics::scene::kind_of;
use crate::scene::Scene;

use super::Version;

/// One version with its board built.
pub(super) struct Side<'a> {
    pub(super) version: &'a Version<'a>,
    pub(super) scene: &'a Scene,
}

/// Every consequence, or a sentence for what the maps are too large to weigh.
pub(super) fn weigh(old: &Side<'_>, new: &Side<'_>) -> Consequences {
    let too_large = [old, new]
        .iter()
        .map(|side| side.scene.board.hexes().len())
        .max()
        .filter(|&n| n > MAX_REPORT_HEXES);
    if let Some(n) = too_large {
        return Consequences {
            not_weighed: vec![format!(
                "the map has {n} hexes; consequences are weighed on maps up to {MAX_REPORT_HEXES} (the eight tiles make 152)"
            )],
            ..Consequences::default()
        };
    }
    let (old_verdict, old_reach) = fairness::measures(old.version.scenario, old.version.catalog);
    let (new_verdict, new_reach) = fairness::measures(new.version.scenario, new.version.catalog);
    Consequences {
        sight: SightChanges {
            figures: figure_sight(old.scene, new.scene, new.version.scenario),
            ..hex_sight(old.scene, new.scene)
        },
        reach: new_reach
            .iter()
            .filter_map(|now| {
                let was = old_reach
                    .iter()
                    .find(|r| r.figure == now.figure && r.objective == now.objective)?;
                let turns_moved = match (was.turns, now.turns) {
                    (Some(a), Some(b)) => (a - b).abs() > 1e-9,
                    (a, b) => a.is_some() != b.is_some(),
                };
                (was.movement != now.movement || turns_moved).then(|| ReachChange {
                    figure: now.figure.clone(),
                    objective: now.objective.clone(),
                    was_movement: was.movement,
                    now_movement: now.movement,
                    was_turns: was.turns,
                    now_turns: now.turns,
                })
            })
            .collect(),
        claims: claim_changes(old, new),
        fairness: fairness_changes(&old_verdict.standings, &new_verdict.standings),
        not_weighed: Vec::new(),
    }
}

/// Ordered pairs of hexes on both maps whose verdict changed, from each map's whole matrix.
fn hex_sight(old: &Scene, new: &Scene) -> SightChanges {
    let old_matrix = los::visibility_matrix(&old.board, old.rules);
    let new_matrix = los::visibility_matrix(&new.board, new.rules);
    let common: Vec<(usize, usize, crate::board::Axial)> = old
        .board
        .hexes()
        .iter()
        .enumerate()
        .filter_map(|(i, h)| new.board.slot(h.at).map(|j| (i, j, h.at)))
        .collect();
    let mut pairs = Vec::new();
    for &(ai, aj, from) in &common {
        for &(bi, bj, to) in &common {
            if from == to {
                continue;
            }
            let (was, now) = (old_matrix[ai][bi], new_matrix[aj][bj]);
            if was != now {
                pairs.push(SightFlip { from, to, was, now });
            }
        }
    }
    SightChanges {
        compared_pairs: common.len() * common.len().saturating_sub(1),
        pairs,
        figures: Vec::new(),
    }
}

fn is_figure(kind: Option<TokenKind>) -> bool {
    matches!(kind, Some(TokenKind::Character | TokenKind::Minion))
}

/// Ordered pairs of figures in both files whose verdict changed, each measured between its
/// figures' best hexes (as `los --from ID --to ID` answers).
fn figure_sight(old: &Scene, new: &Scene, scenario: &Scenario) -> Vec<FigureSightFlip> {
    let figures: Vec<&str> = new
        .tokens
        .iter()
        .filter(|t| is_figure(kind_of(scenario, t)) && !t.hexes.is_empty())
        .filter(|t| old.token(&t.id).is_some_and(|o| !o.hexes.is_empty()))
        .map(|t| t.id.as_str())
        .collect();
    let sees = |scene: &Scene, a: &str, b: &str| {
        let (Some(a), Some(b)) = (scene.token(a), scene.token(b)) else {
            return false;
        };
        los::best_verdicts(&scene.board, &a.hexes, &b.hexes, scene.rules).is_some_and(|v| v.0)
    };
    let mut out = Vec::new();
    for &from in &figures {
        for &to in figures.iter().filter(|&&to| to != from) {
            let (was, now) = (sees(old, from, to), sees(new, from, to));
            if was != now {
                out.push(FigureSightFlip {
                    from: from.to_owned(),
                    to: to.to_owned(),
                    was,
                    now,
                });
            }
        }
    }
    out
}

/// Each claim's verdict in one version, by index.
fn claim_verdicts(side: &Side<'_>) -> Vec<ClaimVerdict> {
    let scenario: &Scenario = side.version.scenario;
    let mut unresolved = Vec::new();
    assertions::check_places(scenario, &side.scene.board, &mut unresolved);
    let failures = assertions::check(scenario, side.version.catalog);
    let at = |i: usize, found: &[crate::Diagnostic]| {
        let pointer = format!("/assert/{i}");
        found
            .iter()
            .find(|d| {
                d.pointer
                    .as_deref()
                    .is_some_and(|p| p == pointer || p.starts_with(&(pointer.clone() + "/")))
            })
            .map(|d| d.message.clone())
    };
    (0..scenario.assertions.len())
        .map(|i| match (at(i, &unresolved), at(i, &failures)) {
            (Some(why), _) => ClaimVerdict::Unchecked(why),
            (None, Some(why)) => ClaimVerdict::Fails(why),
            (None, None) => ClaimVerdict::Holds,
        })
        .collect()
}

/// Claims written the same in both files whose verdict (or failure) changed.
fn claim_changes(old: &Side<'_>, new: &Side<'_>) -> Vec<ClaimChange> {
    let (old_claims, new_claims) = (
        &old.version.scenario.assertions,
        &new.version.scenario.assertions,
    );
    if old_claims.is_empty() || new_claims.is_empty() {
        return Vec::new();
    }
    let (old_verdicts, new_verdicts) = (claim_verdicts(old), claim_verdicts(new));
    let mut used = vec![false; old_claims.len()];
    let mut out = Vec::new();
    for (j, claim) in new_claims.iter().enumerate() {
        let Some(i) = (0..old_claims.len()).find(|&i| !used[i] && old_claims[i] == *claim) else {
            continue;
        };
        used[i] = true;
        if old_verdicts[i] != new_verdicts[j] {
            out.push(ClaimChange {
                index: j,
                kind: assertions::kind_of(claim).to_owned(),
                was: old_verdicts[i].clone(),
                now: new_verdicts[j].clone(),
            });
        }
    }
    out
}

/// One of a team's fairness figures, when the report has it.
type Measure = fn(&Standing) -> Option<f64>;

/// The fairness figures of each team in both versions that moved.
fn fairness_changes(old: &[Standing], new: &[Standing]) -> Vec<FairnessChange> {
    let measures: [(&str, Measure); 4] = [
        ("movement to its nearest objective", |s| {
            s.nearest.map(f64::from)
        }),
        ("expected turns to its quickest objective", |s| s.turns),
        ("enemy figures it can hit on turn 1", |s| {
            s.armed.then_some(s.turn_one_hits as f64)
        }),
        ("expected damage it deals on turn 1", |s| {
            s.armed.then_some(s.turn_one_damage)
        }),
    ];
    let mut out = Vec::new();
    for now in new {
        let Some(was) = old.iter().find(|s| s.team == now.team) else {
            continue;
        };
        for (measure, of) in measures {
            let (a, b) = (of(was), of(now));
            let moved = match (a, b) {
                (Some(a), Some(b)) => (a - b).abs() > 1e-9,
                (a, b) => a.is_some() != b.is_some(),
            };
            if moved {
                out.push(FairnessChange {
                    team: now.team.clone(),
                    measure: measure.to_owned(),
                    was: a,
                    now: b,
                });
            }
        }
    }
    out
}
