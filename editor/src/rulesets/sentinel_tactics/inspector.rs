//! The token inspector: the selected token's fields, each change one undoable edit. Text
//! fields are applied when the field is left (Enter, Tab or a click elsewhere), not on every
//! key, so one typed value is one undo step.

use super::bench::{MapBench, Selection};
use crate::rulesets::sentinel_tactics::held::MapDocument;
use egui::RichText;
use megahex_schema::limits::{MAX_HEALTH, MAX_HEXES};
use megahex_schema::rulesets::sentinel_tactics::{Figure, Token, TokenKind};

use crate::command::Command;
use crate::rulesets::sentinel_tactics::edit::Edit;
use crate::rulesets::sentinel_tactics::token_rules::{footprint_text, is_valid_id};
use crate::workbench::StatusKind;

/// An inspector text field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Field {
    /// `id`.
    Id,
    /// `label`.
    Label,
    /// `health`.
    Health,
    /// `radius`.
    Radius,
}

impl Field {
    fn name(self) -> &'static str {
        match self {
            Field::Id => "Id",
            Field::Label => "Label",
            Field::Health => "Health",
            Field::Radius => "Radius",
        }
    }

    fn help(self) -> &'static str {
        match self {
            Field::Id => {
                "Unique id, used by objectives and CLI queries: letters, digits, '-', '_' and '.'. Renaming it renames it in the objectives too."
            }
            Field::Label => "Label shown on the map; empty for none",
            Field::Health => {
                "Health, for a token that can be attacked (such as a destructible pylon); empty for none"
            }
            Field::Radius => {
                "Hazard radius in hexes, for hazard tokens; empty for none (its own hex only)"
            }
        }
    }

    fn value(self, token: &Token) -> String {
        let number = |n: Option<u32>| n.map(|n| n.to_string()).unwrap_or_default();
        match self {
            Field::Id => token.id.clone(),
            Field::Label => token.label.clone().unwrap_or_default(),
            Field::Health => number(token.health),
            Field::Radius => number(token.radius),
        }
    }
}

/// A text field being typed in. It is applied to the token it was opened for, when the field
/// is left, even if the selection changed meanwhile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draft {
    /// Position of the token in `tokens`.
    pub(crate) index: usize,
    /// The token's id when typing began; if it is not there any more, the draft is dropped.
    pub(crate) token_id: String,
    /// Which field.
    pub(crate) field: Field,
    /// The field's widget.
    pub(crate) widget: egui::Id,
    /// What has been typed.
    pub(crate) text: String,
}

/// Every token kind with the name the inspector shows; the match makes a new kind in the schema
/// a compile error here rather than a missing entry.
pub fn kind_name(kind: TokenKind) -> &'static str {
    match kind {
        TokenKind::Character => "Character",
        TokenKind::Minion => "Minion",
        TokenKind::ScenarioToken => "Scenario token",
        TokenKind::Pylon => "Pylon",
        TokenKind::Shard => "Shard",
        TokenKind::EffectMarker => "Effect marker",
        TokenKind::Hazard => "Hazard",
        TokenKind::MonorailTrack => "Monorail track",
        TokenKind::Environment => "Environment",
    }
}

/// A whole number, or nothing for an empty field.
fn parse_count(text: &str, what: &str, min: u32, max: u32) -> Result<Option<u32>, String> {
    if text.is_empty() {
        return Ok(None);
    }
    match text.parse::<u32>() {
        Ok(n) if (min..=max).contains(&n) => Ok(Some(n)),
        Ok(_) => Err(format!(
            "{what} must be from {min} to {max}; leave it empty for none"
        )),
        Err(_) => Err(format!(
            "{what} must be a whole number (`{text}` is not); leave it empty for none"
        )),
    }
}

/// The inspector's own state: the field being typed in.
#[derive(Debug, Default)]
pub struct Inspector {
    /// The field being typed in, until it is left.
    pub draft: Option<Draft>,
    /// The figure's stats section.
    pub stats: crate::rulesets::sentinel_tactics::stats_panel::StatsPanel,
}

impl Inspector {
    // --- inspector -------------------------------------------------------------------------

    /// The inspector of the selected token, at the top of the right panel.
    pub(crate) fn token_inspector(&mut self, wb: &mut MapBench<'_>, ui: &mut egui::Ui) {
        // A field that lost the keyboard without being drawn again (the selection changed
        // first) is applied here.
        let left = self
            .draft
            .as_ref()
            .is_some_and(|d| !ui.memory(|m| m.has_focus(d.widget)));
        if left && let Some(draft) = self.draft.take() {
            self.commit_draft(wb, draft);
        }
        let Some(Selection::Token(index)) = wb.map.selection else {
            return;
        };
        let Some(scenario) = wb.doc.scenario() else {
            return;
        };
        let Some(token) = scenario.tokens.get(index).cloned() else {
            return;
        };
        let teams: Vec<(String, String)> = scenario
            .teams
            .iter()
            .map(|t| (t.id.clone(), super::token_rules::team_label(t)))
            .collect();
        let figures: Vec<Figure> = wb.doc.catalog.figures.clone();
        egui::CollapsingHeader::new(RichText::new(format!("Token {}", token.id)).heading())
            .id_salt("token-inspector")
            .default_open(true)
            .show(ui, |ui| {
                egui::Grid::new("token-inspector-grid")
                    .num_columns(2)
                    .spacing([8.0, 4.0])
                    .show(ui, |ui| {
                        self.text_row(wb, ui, index, &token, Field::Id);
                        self.kind_row(wb, ui, index, &token);
                        self.figure_row(wb, ui, index, &token, &figures);
                        self.team_row(wb, ui, index, &token, &teams);
                        self.text_row(wb, ui, index, &token, Field::Label);
                        self.text_row(wb, ui, index, &token, Field::Health);
                        self.text_row(wb, ui, index, &token, Field::Radius);
                        ui.label("Hexes").on_hover_text(
                            "Where it stands; drag it on the map to move it. The first hex is the one it turns around (a T-rex's head).",
                        );
                        ui.label(footprint_text(&token.at));
                        ui.end_row();
                    });
                if let Some(figure) = &token.character {
                    self.stats.ui(wb, ui, figure);
                }
                ui.horizontal_wrapped(|ui| {
                    if token.at.hexes().len() > 1 {
                        // The selection is this token: the rotate commands turn it.
                        for (text, command) in [
                            ("Turn counter-clockwise", Command::RotateCounterClockwise),
                            ("Turn clockwise", Command::RotateClockwise),
                        ] {
                            let hover = format!(
                                "60° around its first hex ({})",
                                command.keys_text()
                            );
                            if ui.button(text).on_hover_text(hover).clicked() {
                                wb.send(command);
                            }
                        }
                    }
                    let hover = format!("Take it off the map ({})", Command::Delete.keys_text());
                    if ui.button("Remove token").on_hover_text(hover).clicked() {
                        wb.send(Command::Delete);
                    }
                });
            });
        ui.separator();
    }

    /// A text field: shows the token's value until typed in, then the typed text, which is
    /// applied when the field is left.
    fn text_row(
        &mut self,
        wb: &mut MapBench<'_>,
        ui: &mut egui::Ui,
        index: usize,
        token: &Token,
        field: Field,
    ) {
        let label = ui.label(field.name()).on_hover_text(field.help());
        let widget = egui::Id::unique(("megahex-token-field", index, field));
        let mut text = match &self.draft {
            Some(draft) if draft.widget == widget => draft.text.clone(),
            _ => field.value(token),
        };
        let response = ui
            .add(
                egui::TextEdit::singleline(&mut text)
                    .id(widget)
                    .desired_width(160.0),
            )
            .labelled_by(label.id)
            .on_hover_text(field.help());
        if response.has_focus() {
            match &mut self.draft {
                Some(draft) if draft.widget == widget => draft.text = text,
                _ => {
                    if let Some(other) = self.draft.take() {
                        self.commit_draft(wb, other);
                    }
                    // The id as it is now: committing the other field may have renamed it.
                    let token_id = wb
                        .doc
                        .scenario()
                        .and_then(|s| s.tokens.get(index))
                        .map_or_else(|| token.id.clone(), |t| t.id.clone());
                    self.draft = Some(Draft {
                        index,
                        token_id,
                        field,
                        widget,
                        text,
                    });
                }
            }
        } else if response.lost_focus()
            && let Some(mut draft) = self.draft.take_if(|d| d.widget == widget)
        {
            draft.text = text;
            self.commit_draft(wb, draft);
        }
        ui.end_row();
    }

    fn kind_row(&mut self, wb: &mut MapBench<'_>, ui: &mut egui::Ui, index: usize, token: &Token) {
        let label = ui
            .label("Kind")
            .on_hover_text("What the token is; figures (character, minion, environment) occupy hexes and need a roster figure");
        let mut chosen = None;
        egui::ComboBox::from_id_salt(("token-kind", index))
            .selected_text(kind_name(token.kind))
            .show_ui(ui, |ui| {
                for kind in TokenKind::ALL {
                    if ui
                        .selectable_label(kind == token.kind, kind_name(kind))
                        .clicked()
                    {
                        chosen = Some(kind);
                    }
                }
            })
            .response
            .labelled_by(label.id);
        ui.end_row();
        if let Some(kind) = chosen {
            self.update_token(wb, index, |t| t.kind = kind);
        }
    }

    fn figure_row(
        &mut self,
        wb: &mut MapBench<'_>,
        ui: &mut egui::Ui,
        index: usize,
        token: &Token,
        figures: &[Figure],
    ) {
        let label = ui
            .label("Figure")
            .on_hover_text("Roster figure (`character:`) for characters, minions and environment figures. Changing it keeps the hexes: the Problems list says if they no longer fit.");
        let shown = match &token.character {
            None => "(none)".to_owned(),
            Some(id) => figures
                .iter()
                .find(|f| f.id == *id)
                .map_or_else(|| format!("{id} (not in the roster)"), |f| f.name.clone()),
        };
        let mut chosen: Option<Option<&Figure>> = None;
        egui::ComboBox::from_id_salt(("token-figure", index))
            .selected_text(shown)
            .show_ui(ui, |ui| {
                if ui
                    .selectable_label(token.character.is_none(), "(none)")
                    .clicked()
                {
                    chosen = Some(None);
                }
                for figure in figures {
                    let current = token.character.as_deref() == Some(figure.id.as_str());
                    if ui
                        .selectable_label(current, &figure.name)
                        .on_hover_text(format!("`{}`", figure.id))
                        .clicked()
                    {
                        chosen = Some(Some(figure));
                    }
                }
            })
            .response
            .labelled_by(label.id);
        ui.end_row();
        if let Some(choice) = chosen {
            let figure = choice.map(|f| (f.id.clone(), f.kind.token_kind()));
            self.update_token(wb, index, |t| match figure {
                None => t.character = None,
                Some((id, kind)) => {
                    t.character = Some(id);
                    // A figure's kind follows the roster (the checker warns otherwise).
                    if t.kind.is_figure() {
                        t.kind = kind;
                    }
                }
            });
        }
    }

    fn team_row(
        &mut self,
        wb: &mut MapBench<'_>,
        ui: &mut egui::Ui,
        index: usize,
        token: &Token,
        teams: &[(String, String)],
    ) {
        let label = ui
            .label("Team")
            .on_hover_text("The side the token plays for; teams are defined in the scenario");
        let shown = match &token.team {
            None => "(none)".to_owned(),
            Some(id) => teams.iter().find(|(team, _)| team == id).map_or_else(
                || format!("{id} (not in teams)"),
                |(_, shown)| shown.clone(),
            ),
        };
        let mut chosen: Option<Option<String>> = None;
        egui::ComboBox::from_id_salt(("token-team", index))
            .selected_text(shown)
            .show_ui(ui, |ui| {
                if ui
                    .selectable_label(token.team.is_none(), "(none)")
                    .clicked()
                {
                    chosen = Some(None);
                }
                for (id, shown) in teams {
                    if ui
                        .selectable_label(token.team.as_ref() == Some(id), shown)
                        .clicked()
                    {
                        chosen = Some(Some(id.clone()));
                    }
                }
            })
            .response
            .labelled_by(label.id);
        ui.end_row();
        if let Some(team) = chosen {
            self.set_team(wb, index, team);
        }
    }

    /// Sets the team of the inspected token, and of every other token selected with it, as one
    /// undo step.
    fn set_team(&mut self, wb: &mut MapBench<'_>, index: usize, team: Option<String>) {
        let mut indices: Vec<usize> = super::group::selected(wb)
            .into_iter()
            .filter_map(|piece| match piece {
                Selection::Token(i) => Some(i),
                Selection::Tile(_) => None,
            })
            .collect();
        if !indices.contains(&index) {
            indices.push(index);
        }
        if indices.len() == 1 {
            self.update_token(wb, index, |t| t.team = team);
            return;
        }
        let Some(scenario) = wb.doc.scenario() else {
            return;
        };
        let edits: Vec<Edit> = indices
            .iter()
            .filter_map(|&i| {
                let token = scenario.tokens.get(i)?;
                (token.team != team).then(|| Edit::UpdateToken {
                    index: i,
                    token: Box::new(Token {
                        team: team.clone(),
                        ..token.clone()
                    }),
                })
            })
            .collect();
        if edits.is_empty() {
            return;
        }
        let label = format!(
            "set the team of {} tokens to {}",
            edits.len(),
            team.as_deref().unwrap_or("none")
        );
        wb.edit(Edit::Batch { label, edits });
    }

    /// Applies a change to the token at `index` as one [`Edit::UpdateToken`]; nothing when it
    /// changes nothing.
    fn update_token(
        &mut self,
        wb: &mut MapBench<'_>,
        index: usize,
        change: impl FnOnce(&mut Token),
    ) -> bool {
        let Some(token) = wb.doc.scenario().and_then(|s| s.tokens.get(index)) else {
            return false;
        };
        let mut next = token.clone();
        change(&mut next);
        if next == *token {
            return false;
        }
        wb.edit(Edit::UpdateToken {
            index,
            token: Box::new(next),
        })
    }

    /// Applies what was typed in an inspector field. Bad values are refused in the status line
    /// and the field shows the token's value again.
    pub(crate) fn commit_draft(&mut self, wb: &mut MapBench<'_>, draft: Draft) {
        let Some(scenario) = wb.doc.scenario() else {
            return;
        };
        let Some(token) = scenario.tokens.get(draft.index).cloned() else {
            return;
        };
        if token.id != draft.token_id {
            wb.refuse(&format!(
                "Not applied: token `{}` changed while you were typing",
                draft.token_id
            ));
            return;
        }
        let text = draft.text.trim();
        let parsed = match draft.field {
            Field::Id if text == token.id => return,
            Field::Id if text.is_empty() => Err("A token needs an id".to_owned()),
            Field::Id if !is_valid_id(text) => Err(format!(
                "`{text}` is not a valid id: use letters, digits, '-', '_' and '.', starting with a letter or digit"
            )),
            Field::Id => Ok(Token {
                id: text.to_owned(),
                ..token.clone()
            }),
            Field::Label => Ok(Token {
                label: (!text.is_empty()).then(|| text.to_owned()),
                ..token.clone()
            }),
            Field::Health => parse_count(text, "Health", 1, MAX_HEALTH).map(|health| Token {
                health,
                ..token.clone()
            }),
            Field::Radius => parse_count(text, "Radius", 0, MAX_HEXES).map(|radius| Token {
                radius,
                ..token.clone()
            }),
        };
        let next = match parsed {
            Ok(next) => next,
            Err(reason) => {
                wb.refuse(&format!("{reason}; `{}` is unchanged", token.id));
                return;
            }
        };
        if next == token {
            return;
        }
        let references = scenario
            .objectives
            .iter()
            .flat_map(|o| o.targets.iter().chain(&o.tokens))
            .filter(|id| **id == token.id)
            .count();
        let renamed = next.id != token.id;
        let new_id = next.id.clone();
        let applied = wb.edit(Edit::UpdateToken {
            index: draft.index,
            token: Box::new(next),
        });
        if applied && renamed {
            let also = match references {
                0 => String::new(),
                1 => "; the objective naming it follows".to_owned(),
                n => format!("; the {n} objective references to it follow"),
            };
            wb.say(
                StatusKind::Done,
                format!("Renamed `{}` to `{new_id}`{also}", token.id),
            );
        }
    }
}
