//! The named edits the scenario panels make: one per field or button ("rename team villains to
//! blades", "add 3 hexes to the deployment zone of heroes"). Each knows its undo name and how
//! to apply itself to plain data; the panels read the scenario and send these, so no panel
//! copies the scenario to change it.

use megahex_schema::rulesets::sentinel_tactics::{
    EnvironmentCard, Objective, ObjectiveKind, Rules, Scenario,
};
use megahex_schema::{HexRef, LosBlocking, LosEdges, Team};

use crate::rulesets::sentinel_tactics::paint::{PaintTarget, target_name};
use crate::rulesets::sentinel_tactics::scenario_edits::{remove_team, rename_team};

/// Which id list of an objective a token is added to or taken from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IdList {
    /// `targets`: what to incapacitate or destroy.
    Targets,
    /// `tokens`: what to collect.
    Tokens,
}

impl IdList {
    fn name(self) -> &'static str {
        match self {
            IdList::Targets => "targets",
            IdList::Tokens => "tokens",
        }
    }
}

/// One change made in the scenario panels or by the painting brush.
#[derive(Debug, Clone, PartialEq)]
pub enum PanelEdit {
    /// The title; `None` removes it.
    SetTitle(Option<String>),
    /// The description; `None` removes it.
    SetDescription(Option<String>),
    /// The round limit; `None` removes it.
    SetRoundLimit(Option<u32>),
    /// A new team at the end of `teams`.
    AddTeam(Team),
    /// A team's id, with every reference to it ([`rename_team`]).
    RenameTeam {
        /// Position in `teams`.
        index: usize,
        /// The new id.
        to: String,
    },
    /// A team's display name; `None` removes it.
    SetTeamName {
        /// Position in `teams`.
        index: usize,
        /// The new name.
        name: Option<String>,
    },
    /// A team's colour (`#rrggbb`); `None` lets the editor pick one by position.
    SetTeamColour {
        /// Position in `teams`.
        index: usize,
        /// The new colour.
        colour: Option<String>,
    },
    /// Removes a team with its turns and zones ([`remove_team`]).
    RemoveTeam {
        /// Position in `teams`.
        index: usize,
    },
    /// A team at the end of the turn order.
    AddTurn(String),
    /// The team taking one turn of the round.
    SetTurn {
        /// Position in `turn-order`.
        index: usize,
        /// The team id.
        team: String,
    },
    /// Swaps a turn with the one after it.
    SwapTurnWithNext {
        /// Position in `turn-order`.
        index: usize,
    },
    /// Removes one turn of the round.
    RemoveTurn {
        /// Position in `turn-order`.
        index: usize,
    },
    /// A new objective at the end of `objectives`.
    AddObjective(Box<Objective>),
    /// Removes an objective.
    RemoveObjective {
        /// Position in `objectives`.
        index: usize,
    },
    /// An objective's id (nothing in the format names objectives).
    RenameObjective {
        /// Position in `objectives`.
        index: usize,
        /// The new id.
        to: String,
    },
    /// The team an objective belongs to.
    SetObjectiveTeam {
        /// Position in `objectives`.
        index: usize,
        /// The team id.
        team: String,
    },
    /// An objective's kind; fields the kind does not use go ([`megahex_schema::rulesets::sentinel_tactics::objective_rules::set_kind`]).
    SetObjectiveKind {
        /// Position in `objectives`.
        index: usize,
        /// The new kind.
        kind: ObjectiveKind,
    },
    /// Adds a token id to an objective's targets or tokens.
    AddObjectiveToken {
        /// Position in `objectives`.
        index: usize,
        /// Which list.
        list: IdList,
        /// The token id.
        id: String,
    },
    /// Takes one entry out of an objective's targets or tokens.
    RemoveObjectiveToken {
        /// Position in `objectives`.
        index: usize,
        /// Which list.
        list: IdList,
        /// Position in that list.
        at: usize,
    },
    /// Takes one hex out of an objective's hexes.
    RemoveObjectiveHex {
        /// Position in `objectives`.
        index: usize,
        /// Position in `hexes`.
        at: usize,
    },
    /// An objective's count; `None` means all.
    SetObjectiveCount {
        /// Position in `objectives`.
        index: usize,
        /// The new count.
        count: Option<u32>,
    },
    /// An objective's rounds.
    SetObjectiveRounds {
        /// Position in `objectives`.
        index: usize,
        /// The new number of rounds.
        rounds: Option<u32>,
    },
    /// An objective's text for the players; `None` removes it.
    SetObjectiveDescription {
        /// Position in `objectives`.
        index: usize,
        /// The new text.
        text: Option<String>,
    },
    /// One brush stroke: references added to a target, or (erasing) the written references
    /// taken out of it. Worked out against the board when the stroke ends
    /// ([`crate::rulesets::sentinel_tactics::deployment::stroke_edit`]), so applying it needs no board.
    Paint {
        /// What was painted.
        target: PaintTarget,
        /// The stroke removed hexes.
        erase: bool,
        /// The references added or removed.
        hexes: Vec<HexRef>,
    },
    /// Removes every zone of a team.
    ClearZone {
        /// The team id.
        team: String,
    },
    /// Gives a zone to another team (for zones whose team is gone).
    SetZoneTeam {
        /// Position in `deployment`.
        index: usize,
        /// The team id.
        team: String,
    },
    /// Removes one deployment zone.
    RemoveZone {
        /// Position in `deployment`.
        index: usize,
    },
    /// The rule options, as the Rules section left them.
    SetRules(Box<Rules>),
}

/// The name of an environment card as written in files.
pub(crate) fn card_name(card: EnvironmentCard) -> &'static str {
    match card {
        EnvironmentCard::FlowOfFieryLava => "flow-of-fiery-lava",
        EnvironmentCard::Monorail => "monorail",
        EnvironmentCard::Velociraptors => "velociraptors",
        EnvironmentCard::TyrannosaurusRex => "tyrannosaurus-rex",
    }
}

fn blocking_name(blocking: LosBlocking) -> &'static str {
    match blocking {
        LosBlocking::HigherThanEither => "higher-than-either",
        LosBlocking::HigherThanBoth => "higher-than-both",
    }
}

fn edges_name(edges: LosEdges) -> &'static str {
    match edges {
        LosEdges::Strict => "strict",
        LosEdges::Permissive => "permissive",
    }
}

/// "set los-edges to permissive", "turn on monorail": what changed between two rule sets.
fn rules_change(before: &Rules, after: &Rules) -> String {
    let mut parts = Vec::new();
    if before.los_blocking != after.los_blocking {
        parts.push(format!(
            "set los-blocking to {}",
            blocking_name(after.los_blocking)
        ));
    }
    if before.los_edges != after.los_edges {
        parts.push(format!("set los-edges to {}", edges_name(after.los_edges)));
    }
    for card in &after.environment {
        if !before.environment.contains(card) {
            parts.push(format!("turn on {}", card_name(*card)));
        }
    }
    for card in &before.environment {
        if !after.environment.contains(card) {
            parts.push(format!("turn off {}", card_name(*card)));
        }
    }
    if before.repeat_basic_actions != after.repeat_basic_actions {
        let state = if after.repeat_basic_actions {
            "on"
        } else {
            "off"
        };
        parts.push(format!("turn {state} repeat-basic-actions"));
    }
    if before.lava_attack != after.lava_attack {
        parts.push(match after.lava_attack {
            Some(_) if before.lava_attack.is_some() => "edit lava-attack".to_owned(),
            Some(_) => "add lava-attack".to_owned(),
            None => "remove lava-attack".to_owned(),
        });
    }
    match parts.as_slice() {
        [] => "edit rules".to_owned(),
        [one] => one.clone(),
        [first, rest @ ..] => format!("{first} and {} more rule changes", rest.len()),
    }
}

/// The undo name of a field that is set or cleared: "set round limit to 6", "clear count of
/// objective hold-1".
fn set_or_clear(what: &str, value: Option<impl std::fmt::Display>) -> String {
    match value {
        Some(value) => format!("set {what} to {value}"),
        None => format!("clear {what}"),
    }
}

impl PanelEdit {
    /// The undo menu's name for this edit, made to `before`: "rename team villains to blades".
    pub fn label(&self, before: &Scenario) -> String {
        let team = |i: usize| before.teams.get(i).map_or("?", |t| t.id.as_str());
        let objective = |i: usize| before.objectives.get(i).map_or("?", |o| o.id.as_str());
        let turn = |i: usize| before.turn_order.get(i).map_or("?", |t| t.as_str());
        match self {
            PanelEdit::SetTitle(title) => match title {
                Some(_) if before.title.is_some() => "edit title".to_owned(),
                Some(_) => "add title".to_owned(),
                None => "remove title".to_owned(),
            },
            PanelEdit::SetDescription(text) => match text {
                Some(_) if before.description.is_some() => "edit description".to_owned(),
                Some(_) => "add description".to_owned(),
                None => "remove description".to_owned(),
            },
            PanelEdit::SetRoundLimit(limit) => set_or_clear("round limit", *limit),
            PanelEdit::AddTeam(new) => format!("add team {}", new.id),
            PanelEdit::RenameTeam { index, to } => {
                format!("rename team {} to {to}", team(*index))
            }
            PanelEdit::SetTeamName { index, name } => {
                set_or_clear(&format!("name of team {}", team(*index)), name.as_ref())
            }
            PanelEdit::SetTeamColour { index, colour } => match colour {
                Some(colour) => format!("colour team {} {colour}", team(*index)),
                None => format!("colour team {} automatically", team(*index)),
            },
            PanelEdit::RemoveTeam { index } => format!("remove team {}", team(*index)),
            PanelEdit::AddTurn(id) => format!("add {id} to the turn order"),
            PanelEdit::SetTurn { index, team } => {
                format!("set turn {} to {team}", index + 1)
            }
            PanelEdit::SwapTurnWithNext { index } => format!(
                "move {} after {} in the turn order",
                turn(*index),
                turn(index + 1)
            ),
            PanelEdit::RemoveTurn { index } => {
                format!("remove {} from the turn order", turn(*index))
            }
            PanelEdit::AddObjective(new) => format!("add objective {}", new.id),
            PanelEdit::RemoveObjective { index } => {
                format!("remove objective {}", objective(*index))
            }
            PanelEdit::RenameObjective { index, to } => {
                format!("rename objective {} to {to}", objective(*index))
            }
            PanelEdit::SetObjectiveTeam { index, team } => {
                format!("give objective {} to {team}", objective(*index))
            }
            PanelEdit::SetObjectiveKind { index, kind } => {
                format!("set objective {} to {}", objective(*index), kind.as_str())
            }
            PanelEdit::AddObjectiveToken { index, list, id } => format!(
                "add {id} to the {} of objective {}",
                list.name(),
                objective(*index)
            ),
            PanelEdit::RemoveObjectiveToken { index, list, at } => {
                let id = before
                    .objectives
                    .get(*index)
                    .and_then(|o| match list {
                        IdList::Targets => o.targets.get(*at),
                        IdList::Tokens => o.tokens.get(*at),
                    })
                    .map_or("?", |id| id.as_str());
                format!(
                    "remove {id} from the {} of objective {}",
                    list.name(),
                    objective(*index)
                )
            }
            PanelEdit::RemoveObjectiveHex { index, at } => {
                let hex = before
                    .objectives
                    .get(*index)
                    .and_then(|o| o.hexes.get(*at))
                    .map_or_else(|| "?".to_owned(), |h| h.to_string());
                format!("remove hex {hex} from objective {}", objective(*index))
            }
            PanelEdit::SetObjectiveCount { index, count } => {
                set_or_clear(&format!("count of objective {}", objective(*index)), *count)
            }
            PanelEdit::SetObjectiveRounds { index, rounds } => set_or_clear(
                &format!("rounds of objective {}", objective(*index)),
                *rounds,
            ),
            PanelEdit::SetObjectiveDescription { index, .. } => {
                format!("edit description of objective {}", objective(*index))
            }
            PanelEdit::Paint {
                target,
                erase,
                hexes,
            } => {
                let n = hexes.len();
                let noun = if n == 1 { "hex" } else { "hexes" };
                let what = target_name(before, *target);
                if *erase {
                    format!("remove {n} {noun} from {what}")
                } else {
                    format!("paint {n} {noun} onto {what}")
                }
            }
            PanelEdit::ClearZone { team } => format!("clear the deployment zone of {team}"),
            PanelEdit::SetZoneTeam { index, team } => {
                let old = before
                    .deployment
                    .get(*index)
                    .map_or("?", |z| z.team.as_str());
                format!("give the zone of {old} to {team}")
            }
            PanelEdit::RemoveZone { index } => {
                let old = before
                    .deployment
                    .get(*index)
                    .map_or("?", |z| z.team.as_str());
                format!("remove a zone of {old}")
            }
            PanelEdit::SetRules(rules) => rules_change(&before.rules, rules),
        }
    }

    /// True for edits that take an entry out of a list, so the positions after it shift.
    pub fn removes(&self) -> bool {
        matches!(
            self,
            PanelEdit::RemoveTeam { .. }
                | PanelEdit::RemoveTurn { .. }
                | PanelEdit::RemoveObjective { .. }
                | PanelEdit::RemoveObjectiveToken { .. }
                | PanelEdit::RemoveObjectiveHex { .. }
                | PanelEdit::RemoveZone { .. }
                | PanelEdit::ClearZone { .. }
        )
    }

    /// Applies the edit, or says why it cannot be made.
    pub fn apply(&self, scenario: &mut Scenario) -> Result<(), String> {
        match self {
            PanelEdit::SetTitle(title) => scenario.title.clone_from(title),
            PanelEdit::SetDescription(text) => scenario.description.clone_from(text),
            PanelEdit::SetRoundLimit(limit) => scenario.round_limit = *limit,
            PanelEdit::AddTeam(team) => {
                if scenario.teams.iter().any(|t| t.id == team.id) {
                    return Err(format!("a team called `{}` already exists", team.id));
                }
                scenario.teams.push(team.clone());
            }
            PanelEdit::RenameTeam { index, to } => rename_team(scenario, *index, to)?,
            PanelEdit::SetTeamName { index, name } => {
                team_mut(scenario, *index)?.name.clone_from(name)
            }
            PanelEdit::SetTeamColour { index, colour } => {
                team_mut(scenario, *index)?.color.clone_from(colour);
            }
            PanelEdit::RemoveTeam { index } => {
                team_mut(scenario, *index)?;
                remove_team(scenario, *index);
            }
            PanelEdit::AddTurn(team) => scenario.turn_order.push(team.clone()),
            PanelEdit::SetTurn { index, team } => {
                let slot = scenario.turn_order.get_mut(*index).ok_or("no such turn")?;
                team.clone_into(slot);
            }
            PanelEdit::SwapTurnWithNext { index } => {
                if index + 1 >= scenario.turn_order.len() {
                    return Err("no turn after it to swap with".to_owned());
                }
                scenario.turn_order.swap(*index, index + 1);
            }
            PanelEdit::RemoveTurn { index } => {
                if *index >= scenario.turn_order.len() {
                    return Err("no such turn".to_owned());
                }
                scenario.turn_order.remove(*index);
            }
            PanelEdit::AddObjective(objective) => {
                if scenario.objectives.iter().any(|o| o.id == objective.id) {
                    return Err(format!(
                        "an objective called `{}` already exists",
                        objective.id
                    ));
                }
                scenario.objectives.push((**objective).clone());
            }
            PanelEdit::RemoveObjective { index } => {
                objective_mut(scenario, *index)?;
                scenario.objectives.remove(*index);
            }
            PanelEdit::RenameObjective { index, to } => {
                if let Some(problem) =
                    crate::rulesets::sentinel_tactics::scenario_edits::id_problem(to)
                {
                    return Err(problem);
                }
                let clash = scenario
                    .objectives
                    .iter()
                    .enumerate()
                    .any(|(i, o)| i != *index && o.id == *to);
                if clash {
                    return Err(format!("an objective called `{to}` already exists"));
                }
                to.clone_into(&mut objective_mut(scenario, *index)?.id);
            }
            PanelEdit::SetObjectiveTeam { index, team } => {
                team.clone_into(&mut objective_mut(scenario, *index)?.team);
            }
            PanelEdit::SetObjectiveKind { index, kind } => {
                let round_limit = scenario.round_limit;
                let objective = objective_mut(scenario, *index)?;
                megahex_schema::rulesets::sentinel_tactics::objective_rules::set_kind(
                    objective,
                    *kind,
                    round_limit,
                );
            }
            PanelEdit::AddObjectiveToken { index, list, id } => {
                let list = id_list(objective_mut(scenario, *index)?, *list);
                if !list.contains(id) {
                    list.push(id.clone());
                }
            }
            PanelEdit::RemoveObjectiveToken { index, list, at } => {
                let list = id_list(objective_mut(scenario, *index)?, *list);
                if *at >= list.len() {
                    return Err("no such entry".to_owned());
                }
                list.remove(*at);
            }
            PanelEdit::RemoveObjectiveHex { index, at } => {
                let hexes = &mut objective_mut(scenario, *index)?.hexes;
                if *at >= hexes.len() {
                    return Err("no such hex".to_owned());
                }
                hexes.remove(*at);
            }
            PanelEdit::SetObjectiveCount { index, count } => {
                objective_mut(scenario, *index)?.count = *count;
            }
            PanelEdit::SetObjectiveRounds { index, rounds } => {
                objective_mut(scenario, *index)?.rounds = *rounds;
            }
            PanelEdit::SetObjectiveDescription { index, text } => {
                objective_mut(scenario, *index)?
                    .description
                    .clone_from(text);
            }
            PanelEdit::Paint {
                target,
                erase,
                hexes,
            } => paint(scenario, *target, *erase, hexes)?,
            PanelEdit::ClearZone { team } => scenario.deployment.retain(|z| z.team != *team),
            PanelEdit::SetZoneTeam { index, team } => {
                let zone = scenario.deployment.get_mut(*index).ok_or("no such zone")?;
                team.clone_into(&mut zone.team);
            }
            PanelEdit::RemoveZone { index } => {
                if *index >= scenario.deployment.len() {
                    return Err("no such zone".to_owned());
                }
                scenario.deployment.remove(*index);
            }
            PanelEdit::SetRules(rules) => scenario.rules.clone_from(rules),
        }
        Ok(())
    }
}

fn team_mut(scenario: &mut Scenario, index: usize) -> Result<&mut Team, String> {
    scenario
        .teams
        .get_mut(index)
        .ok_or_else(|| "that team is no longer in the scenario".to_owned())
}

fn objective_mut(scenario: &mut Scenario, index: usize) -> Result<&mut Objective, String> {
    scenario
        .objectives
        .get_mut(index)
        .ok_or_else(|| "that objective is no longer in the scenario".to_owned())
}

fn id_list(objective: &mut Objective, list: IdList) -> &mut Vec<String> {
    match list {
        IdList::Targets => &mut objective.targets,
        IdList::Tokens => &mut objective.tokens,
    }
}

/// A stroke's references into its target: added ones go to the team's first zone (or a new
/// one), removed ones leave every zone of the team, and a zone left empty goes (the format has
/// no empty zones).
fn paint(
    scenario: &mut Scenario,
    target: PaintTarget,
    erase: bool,
    hexes: &[HexRef],
) -> Result<(), String> {
    match target {
        PaintTarget::Zone(team) => {
            let id =
                crate::rulesets::sentinel_tactics::paint::painted_team(scenario, team)?.to_owned();
            if erase {
                for zone in scenario.deployment.iter_mut().filter(|z| z.team == id) {
                    zone.hexes.retain(|r| !hexes.contains(r));
                }
                scenario
                    .deployment
                    .retain(|z| z.team != id || !z.hexes.is_empty());
            } else if let Some(zone) = scenario.deployment.iter_mut().find(|z| z.team == id) {
                zone.hexes.extend_from_slice(hexes);
            } else if !hexes.is_empty() {
                scenario.deployment.push(
                    megahex_schema::rulesets::sentinel_tactics::DeploymentZone {
                        team: id,
                        hexes: hexes.to_vec(),
                    },
                );
            }
        }
        PaintTarget::Objective(index) => {
            let objective = scenario
                .objectives
                .get_mut(index)
                .ok_or("the objective being painted is no longer in the scenario")?;
            if erase {
                objective.hexes.retain(|r| !hexes.contains(r));
            } else {
                objective.hexes.extend_from_slice(hexes);
            }
        }
    }
    Ok(())
}
