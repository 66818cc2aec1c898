//! The Objectives section of the scenario panels: each objective with exactly the fields its
//! kind uses, its targets picked from the scenario's own tokens.

use super::bench::Tool;
use egui::{Color32, RichText, Ui};
use megahex_schema::limits::{MAX_COUNT, MAX_ROUNDS};
use megahex_schema::rulesets::sentinel_tactics::{Objective, ObjectiveKind, Scenario, Token};

use crate::rulesets::sentinel_tactics::paint::PaintTarget;
use crate::rulesets::sentinel_tactics::panel_edit::{IdList, PanelEdit};
use crate::rulesets::sentinel_tactics::scenario_edits::{fresh_id, id_problem};
use crate::rulesets::sentinel_tactics::scenario_widgets::{
    Env, hint, required_mark, team_combo, team_ids, typed,
};
use megahex_schema::rulesets::sentinel_tactics::objective_rules::{Need, fields, fits};

/// Every objective kind, in the order the kind menu lists them.
pub(crate) const KINDS: [ObjectiveKind; 6] = [
    ObjectiveKind::Incapacitate,
    ObjectiveKind::Destroy,
    ObjectiveKind::Collect,
    ObjectiveKind::Hold,
    ObjectiveKind::Reach,
    ObjectiveKind::Survive,
];

fn kind_help(kind: ObjectiveKind) -> &'static str {
    match kind {
        ObjectiveKind::Incapacitate => {
            "Incapacitate characters `count` times; characters recover, so one can count again. Without targets: every enemy character."
        }
        ObjectiveKind::Destroy => {
            "Destroy `count` of the listed targets: minions, environment figures or tokens with health."
        }
        ObjectiveKind::Collect => "Collect `count` of the listed tokens by moving onto them.",
        ObjectiveKind::Hold => "Occupy the listed hexes, for `rounds` rounds if given.",
        ObjectiveKind::Reach => "Get a figure onto one of the listed hexes.",
        ObjectiveKind::Survive => "Have a figure still standing after `rounds` rounds.",
    }
}

pub(crate) fn objectives(ui: &mut Ui, scenario: &Scenario, env: &mut Env<'_>) {
    for (index, o) in scenario.objectives.iter().enumerate() {
        let header = format!("{}: {} for {}", o.id, o.kind.as_str(), o.team);
        egui::CollapsingHeader::new(header)
            .id_salt(("objective", index))
            .default_open(true)
            .show(ui, |ui| {
                objective_fields(ui, scenario, index, env);
                if ui.button("Remove objective").clicked() {
                    env.send(PanelEdit::RemoveObjective { index });
                    env.stop_painting();
                }
            });
    }
    let first_team = scenario.teams.first().map(|t| t.id.clone());
    let add = ui
        .add_enabled(first_team.is_some(), egui::Button::new("Add objective"))
        .on_hover_text(
            "A new objective for the first team; then pick its team, kind and what it asks for",
        )
        .on_disabled_hover_text("Add a team first: every objective belongs to a team");
    if add.clicked()
        && let Some(team) = first_team
    {
        let id = fresh_id(
            "objective",
            scenario.objectives.len() + 1,
            scenario.objectives.iter().map(|o| o.id.as_str()),
        );
        env.send(PanelEdit::AddObjective(Box::new(Objective {
            id,
            team,
            kind: ObjectiveKind::Incapacitate,
            targets: Vec::new(),
            tokens: Vec::new(),
            hexes: Vec::new(),
            count: None,
            rounds: None,
            description: None,
        })));
    }
}

/// One objective's fields, as its kind needs them.
fn objective_fields(ui: &mut Ui, scenario: &Scenario, index: usize, env: &mut Env<'_>) {
    let teams = team_ids(scenario);
    let tokens = &scenario.tokens;
    let Some(o) = scenario.objectives.get(index) else {
        return;
    };
    let f = fields(o.kind);
    let fit = |t: &Token| fits(o.kind, &o.team, t);
    egui::Grid::new(("objective-grid", index))
        .num_columns(2)
        .spacing([8.0, 4.0])
        .show(ui, |ui| {
            ui.label("Id");
            if let Some(new) = env.text(ui, ("objective-id", index), &o.id, "id", 140.0, false) {
                let to = new.trim().to_owned();
                if let Some(problem) = id_problem(&to) {
                    env.refused = Some(problem);
                } else if to != o.id {
                    env.send(PanelEdit::RenameObjective { index, to });
                }
            }
            ui.end_row();

            ui.label("Team")
                .on_hover_text("The team that wins by completing it");
            if let Some(team) = team_combo(ui, ("objective-team", index), &o.team, &teams) {
                env.send(PanelEdit::SetObjectiveTeam { index, team });
            }
            ui.end_row();

            ui.label("Kind");
            let mut kind = o.kind;
            egui::ComboBox::from_id_salt(("objective-kind", index))
                .selected_text(kind.as_str())
                .show_ui(ui, |ui| {
                    for k in KINDS {
                        ui.selectable_value(&mut kind, k, k.as_str())
                            .on_hover_text(kind_help(k));
                    }
                })
                .response
                .on_hover_text(kind_help(o.kind));
            if kind != o.kind {
                env.send(PanelEdit::SetObjectiveKind { index, kind });
                // The brush may be painting hexes this kind no longer has.
                if matches!(*env.tool, Tool::Paint(b) if b.target == PaintTarget::Objective(index))
                {
                    env.stop_painting();
                }
            }
            ui.end_row();

            if f.targets != Need::Unused {
                ui.label("Targets");
                ui.vertical(|ui| {
                    token_list(ui, (index, IdList::Targets), &o.targets, tokens, fit, env);
                    if o.targets.is_empty() {
                        match f.targets {
                            Need::Required => required_mark(ui, true, "at least one target"),
                            _ => hint(ui, "none listed: every enemy character"),
                        }
                    }
                });
                ui.end_row();
            }
            if f.tokens != Need::Unused {
                ui.label("Tokens");
                ui.vertical(|ui| {
                    token_list(ui, (index, IdList::Tokens), &o.tokens, tokens, fit, env);
                    required_mark(ui, o.tokens.is_empty(), "at least one token to collect");
                });
                ui.end_row();
            }
            if f.hexes != Need::Unused {
                ui.label("Hexes");
                ui.vertical(|ui| {
                    hex_list(ui, index, &o.hexes, env);
                    ui.horizontal(|ui| {
                        env.paint_button(
                            ui,
                            PaintTarget::Objective(index),
                            "Click or drag over hexes on the map to add them; Shift removes",
                        );
                        required_mark(ui, o.hexes.is_empty(), "at least one hex");
                    });
                });
                ui.end_row();
            }
            if f.count != Need::Unused {
                ui.label("Count");
                ui.horizontal(|ui| {
                    if let Some(count) =
                        env.number(ui, ("objective-count", index), o.count, "all", MAX_COUNT)
                        && count != o.count
                    {
                        env.send(PanelEdit::SetObjectiveCount { index, count });
                    }
                    hint(ui, count_hint(o.kind));
                });
                ui.end_row();
            }
            if f.rounds != Need::Unused {
                ui.label("Rounds");
                ui.horizontal(|ui| {
                    if let Some(rounds) =
                        env.number(ui, ("objective-rounds", index), o.rounds, "-", MAX_ROUNDS)
                    {
                        if rounds.is_none() && f.rounds == Need::Required {
                            env.refused =
                                Some("a survive objective needs its number of rounds".to_owned());
                        } else if rounds != o.rounds {
                            env.send(PanelEdit::SetObjectiveRounds { index, rounds });
                        }
                    }
                    required_mark(
                        ui,
                        o.rounds.is_none() && f.rounds == Need::Required,
                        "rounds",
                    );
                });
                ui.end_row();
            }

            ui.label("Description");
            let description = o.description.as_deref().unwrap_or_default();
            if let Some(text) = env.text(
                ui,
                ("objective-description", index),
                description,
                "text for the players",
                200.0,
                true,
            ) {
                let text = typed(&text);
                if text != o.description {
                    env.send(PanelEdit::SetObjectiveDescription { index, text });
                }
            }
            ui.end_row();
        });
}

fn count_hint(kind: ObjectiveKind) -> &'static str {
    match kind {
        ObjectiveKind::Incapacitate => "incapacitations needed",
        ObjectiveKind::Destroy => "targets to destroy; empty: all",
        ObjectiveKind::Collect => "tokens to collect; empty: all",
        ObjectiveKind::Hold => "hexes to hold; empty: all",
        ObjectiveKind::Reach | ObjectiveKind::Survive => "",
    }
}

/// Token ids as removable chips, and a combo box offering the tokens that fit.
fn token_list(
    ui: &mut Ui,
    (index, list): (usize, IdList),
    ids: &[String],
    tokens: &[Token],
    fit: impl Fn(&Token) -> bool,
    env: &mut Env<'_>,
) {
    ui.horizontal_wrapped(|ui| {
        for (at, id) in ids.iter().enumerate() {
            let known = tokens.iter().any(|t| t.id == *id);
            let text = if known {
                RichText::new(format!("{id} ×"))
            } else {
                RichText::new(format!("{id} ×")).color(Color32::LIGHT_RED)
            };
            let hover = if known {
                format!("Remove {id} from the list")
            } else {
                format!("`{id}` is not a token of this scenario; click to remove it")
            };
            if ui.small_button(text).on_hover_text(hover).clicked() {
                env.send(PanelEdit::RemoveObjectiveToken { index, list, at });
            }
        }
    });
    let offered: Vec<&Token> = tokens
        .iter()
        .filter(|t| fit(t) && !ids.contains(&t.id))
        .collect();
    ui.add_enabled_ui(!offered.is_empty(), |ui| {
        egui::ComboBox::from_id_salt(("objective-token-list", index, list))
            .selected_text("Add a token…")
            .show_ui(ui, |ui| {
                for token in &offered {
                    if ui
                        .selectable_label(false, token.id.as_str())
                        .on_hover_text(token.kind.as_str())
                        .clicked()
                    {
                        let id = token.id.clone();
                        env.send(PanelEdit::AddObjectiveToken { index, list, id });
                    }
                }
            })
            .response
            .on_disabled_hover_text("No other token of this scenario fits this kind of objective");
    });
}

/// Hex references as removable chips, in the form they are written.
fn hex_list(ui: &mut Ui, index: usize, hexes: &[megahex_schema::HexRef], env: &mut Env<'_>) {
    ui.horizontal_wrapped(|ui| {
        for (at, hex) in hexes.iter().enumerate() {
            if ui
                .small_button(format!("{hex} ×"))
                .on_hover_text("Remove this hex")
                .clicked()
            {
                env.send(PanelEdit::RemoveObjectiveHex { index, at });
            }
        }
    });
}
