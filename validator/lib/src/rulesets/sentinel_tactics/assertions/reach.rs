//! The `reach` claim: the turns a figure needs to stand on a hex, by the same count of turns
//! as the fairness report's `objective-distance` (each action a Move or a Sprint, moves chosen
//! after seeing the turn's move value), in the worst case or on average.

use megahex_schema::Catalog;
use megahex_schema::rulesets::sentinel_tactics::assertions::{ReachClaim, ReachMeasure};
use megahex_schema::rulesets::sentinel_tactics::{Scenario, TokenKind};

use crate::diagnostic::{Code, Diagnostic};
use crate::rulesets::sentinel_tactics::fairness::{
    MAX_REPORT_HEXES, all_costs, expected_turns, move_values,
};
use crate::rulesets::sentinel_tactics::game::TurnPlan;
use crate::rulesets::sentinel_tactics::scene::figure_stats;
use crate::scene::Scene;

use super::hexes_of;

#[cfg(test)]
mod tests;

/// What a reach claim is asked of.
pub(super) struct Asked<'a> {
    pub(super) scenario: &'a Scenario,
    pub(super) catalog: &'a Catalog,
    pub(super) scene: &'a Scene,
}

/// Move costs between every two hexes, worked out once for all the claims that need them:
/// without and with Mobility (a Sprint costs what a Move with Mobility costs).
#[derive(Default)]
pub(super) struct Costs {
    plain: Option<Vec<Vec<u32>>>,
    free: Option<Vec<Vec<u32>>>,
}

/// The claim's failure, if it fails or cannot be judged.
pub(super) fn fails(
    asked: &Asked<'_>,
    costs: &mut Costs,
    claim: &ReachClaim,
    pointer: String,
) -> Option<Diagnostic> {
    let scene = asked.scene;
    let token = scene.token(&claim.figure)?;
    let goal_hexes = hexes_of(scene, &claim.hex)?;
    let cannot = |why: String| {
        Some(
            Diagnostic::error(
                Code::AssertionFailed,
                pointer.clone(),
                format!("cannot check that `{}` reaches {}: {why}", claim.figure, claim.hex),
            )
            .with_help("a reach claim counts turns by the figure's `movement` and `actions` under `stats:`"),
        )
    };
    let written = asked
        .scenario
        .tokens
        .iter()
        .find(|t| t.id == claim.figure)?;
    let figure = match (written.kind, written.character.as_deref()) {
        (TokenKind::Character | TokenKind::Minion, Some(figure)) => figure,
        _ => return cannot(format!("`{}` is not a figure", claim.figure)),
    };
    let stats = figure_stats(asked.scenario, asked.catalog, figure);
    let (Some(movement), Some(actions)) = (
        stats.as_ref().and_then(|s| s.movement),
        stats.as_ref().and_then(|s| s.actions),
    ) else {
        return cannot(format!("`{figure}` has no `movement` and `actions` stats"));
    };
    let board = &scene.board;
    if board.hexes().len() > MAX_REPORT_HEXES {
        return cannot(format!(
            "the map has {} hexes, and turns are counted on maps up to {MAX_REPORT_HEXES}",
            board.hexes().len()
        ));
    }
    let plain = costs.plain.get_or_insert_with(|| all_costs(board, false));
    let free = costs.free.get_or_insert_with(|| all_costs(board, true));
    let mobility = stats.as_ref().is_some_and(|s| s.mobility);
    let table = if mobility { &*free } else { &*plain };
    let all_values = move_values(&movement);
    let values = match claim.by {
        ReachMeasure::Expected => all_values,
        ReachMeasure::WorstCase => all_values
            .iter()
            .map(|&(value, _)| value)
            .min()
            .map(|least| vec![(least, 1.0)])
            .unwrap_or_default(),
    };
    let plan = TurnPlan {
        actions,
        repeat: asked.scenario.rules.repeat_basic_actions,
    };
    let goals: Vec<usize> = goal_hexes.iter().filter_map(|&g| board.slot(g)).collect();
    let turns = token
        .hexes
        .iter()
        .filter_map(|&h| board.slot(h))
        .filter_map(|start| expected_turns(table, free, start, &goals, &values, plan))
        .min_by(f64::total_cmp);
    let measure = match claim.by {
        ReachMeasure::WorstCase => "in the worst case (every movement roll its lowest)",
        ReachMeasure::Expected => "on average",
    };
    let found = match turns {
        // The turns are a fixed point worked out to 1e-12; a claim at the exact number holds.
        Some(turns) if turns <= f64::from(claim.within_turns) + 1e-9 => return None,
        Some(turns) if (turns - turns.round()).abs() < 1e-9 => {
            format!("takes {turns:.0} turns {measure}")
        }
        Some(turns) => format!("takes {turns:.2} turns {measure}"),
        None => "can never get there".to_owned(),
    };
    Some(
        Diagnostic::error(
            Code::AssertionFailed,
            pointer,
            format!(
                "`{}` {found} to stand on {}, but the claim says within {} turn(s)",
                claim.figure, claim.hex, claim.within_turns
            ),
        )
        .with_help(format!(
            "`megahex reach FILE --from {} --move N` shows one Move's reach; `megahex validate --fairness` the turns to each objective",
            claim.figure
        ))
        .with_hexes(token.hexes.iter().chain(&goal_hexes).copied()),
    )
}
