//! Changes to a scenario's teams and ids that keep every reference to them whole. Plain data
//! in, plain data out, so the panels and the tests share them.

use megahex_schema::rulesets::sentinel_tactics::Scenario;

/// Why a text is not an id (the schema's `ID_PATTERN`: ASCII letters and digits, then also
/// `-`, `_` and `.`), or `None` when it is one.
pub fn id_problem(id: &str) -> Option<String> {
    let mut chars = id.chars();
    let Some(first) = chars.next() else {
        return Some("an id cannot be empty".to_owned());
    };
    let rest_ok = chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    (!first.is_ascii_alphanumeric() || !rest_ok).then(|| {
        format!(
            "`{id}` is not an id: use letters, digits, '-', '_' and '.', starting with a letter or digit"
        )
    })
}

pub use crate::ids::fresh_id;

/// Renames a team and every reference to it (tokens, objectives, turn order, deployment,
/// reinforcements, bonuses), so a rename never breaks the scenario.
pub fn rename_team(scenario: &mut Scenario, index: usize, new: &str) -> Result<(), String> {
    if let Some(problem) = id_problem(new) {
        return Err(problem);
    }
    let old = scenario
        .teams
        .get(index)
        .map(|t| t.id.clone())
        .ok_or("no such team")?;
    if old == new {
        return Ok(());
    }
    if scenario.teams.iter().any(|t| t.id == new) {
        return Err(format!("a team called `{new}` already exists"));
    }
    let rename = |id: &mut String| {
        if *id == old {
            *id = new.to_owned();
        }
    };
    if let Some(team) = scenario.teams.get_mut(index) {
        team.id = new.to_owned();
    }
    scenario
        .tokens
        .iter_mut()
        .filter_map(|t| t.team.as_mut())
        .for_each(rename);
    scenario
        .objectives
        .iter_mut()
        .for_each(|o| rename(&mut o.team));
    scenario.turn_order.iter_mut().for_each(rename);
    scenario
        .deployment
        .iter_mut()
        .for_each(|z| rename(&mut z.team));
    scenario
        .reinforcements
        .iter_mut()
        .for_each(|r| rename(&mut r.team));
    scenario
        .bonuses
        .iter_mut()
        .for_each(|b| rename(&mut b.team));
    Ok(())
}

/// Removes a team with its turn-order entries and deployment zones, which mean nothing without
/// it. Tokens, objectives and other references that still name it are left for the checks to
/// flag, so nothing the designer wrote disappears unseen.
pub fn remove_team(scenario: &mut Scenario, index: usize) {
    if index >= scenario.teams.len() {
        return;
    }
    let team = scenario.teams.remove(index);
    if scenario.teams.iter().any(|t| t.id == team.id) {
        return;
    }
    scenario.turn_order.retain(|id| *id != team.id);
    scenario.deployment.retain(|z| z.team != team.id);
}
