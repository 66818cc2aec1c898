//! What the scenario panels' sections share: the text and number fields that apply when
//! left, the painting button, and small layout helpers.

use super::bench::Tool;
use std::collections::HashMap;
use std::hash::Hash;

use egui::{Color32, RichText, Ui};
use megahex::board::Board;
use megahex_schema::rulesets::sentinel_tactics::Scenario;

use crate::rulesets::sentinel_tactics::paint::{Brush, PaintTarget};
use crate::rulesets::sentinel_tactics::panel_edit::PanelEdit;
use crate::text_field::TextField;

/// What the sections need besides the scenario they show: where their edits go, typed text,
/// the tool.
pub(crate) struct Env<'a> {
    /// The edits made this frame, applied when the panels are done.
    pub(crate) edits: Vec<PanelEdit>,
    pub(crate) buffers: &'a mut HashMap<egui::Id, String>,
    pub(crate) tool: &'a mut Tool,
    pub(crate) board: Option<&'a Board>,
    pub(crate) show_zones: &'a mut bool,
    /// Why a typed value was not taken, for the status line.
    pub(crate) refused: Option<String>,
}

impl Env<'_> {
    /// Sends one named edit, made when the panels are done drawing.
    pub(crate) fn send(&mut self, edit: PanelEdit) {
        self.edits.push(edit);
    }

    /// A text field that hands back its text when it is left with a change (Enter, Tab or a
    /// click elsewhere); Esc puts the old text back.
    pub(crate) fn text(
        &mut self,
        ui: &mut Ui,
        salt: impl Hash + std::fmt::Debug,
        current: &str,
        hint: &str,
        width: f32,
        multiline: bool,
    ) -> Option<String> {
        let field = TextField {
            hint,
            width,
            multiline,
        };
        field.show(ui, self.buffers, salt, current)
    }

    /// A number field: empty means "not set"; anything but a whole number from 1 to `max` (the
    /// schema's limit) is refused.
    pub(crate) fn number(
        &mut self,
        ui: &mut Ui,
        salt: impl Hash + std::fmt::Debug,
        current: Option<u32>,
        hint: &str,
        max: u32,
    ) -> Option<Option<u32>> {
        let shown = current.map(|n| n.to_string()).unwrap_or_default();
        let typed = self.text(ui, salt, &shown, hint, 56.0, false)?;
        let typed = typed.trim();
        if typed.is_empty() {
            return Some(None);
        }
        match typed.parse::<u32>() {
            Ok(n) if (1..=max).contains(&n) => Some(Some(n)),
            _ => {
                self.refused = Some(format!("`{typed}` is not a whole number from 1 to {max}"));
                None
            }
        }
    }

    /// The painting tool's button for a target: on while that target is painted.
    pub(crate) fn paint_button(&mut self, ui: &mut Ui, target: PaintTarget, hover: &str) {
        let on = matches!(*self.tool, Tool::Paint(b) if b.target == target);
        let response = ui
            .add(egui::Button::new("Paint").selected(on))
            .on_hover_text(hover);
        if response.clicked() {
            *self.tool = if on {
                Tool::Select
            } else {
                Tool::Paint(Brush {
                    target,
                    erase: false,
                })
            };
        }
    }

    /// Stops painting, for removals that shift the positions a brush points at.
    pub(crate) fn stop_painting(&mut self) {
        if matches!(*self.tool, Tool::Paint(_)) {
            *self.tool = Tool::Select;
        }
    }
}

/// Typed text as a field value: trimmed, and `None` when nothing is left.
pub(crate) fn typed(text: &str) -> Option<String> {
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_owned())
}

pub(crate) fn section(ui: &mut Ui, title: &str, body: impl FnOnce(&mut Ui)) {
    egui::CollapsingHeader::new(RichText::new(title).strong())
        .id_salt(("scenario-section", title))
        .default_open(true)
        .show(ui, body);
}

/// A grey hint under a field.
pub(crate) fn hint(ui: &mut Ui, text: &str) {
    ui.label(RichText::new(text).weak().small());
}

pub(crate) fn required_mark(ui: &mut Ui, missing: bool, what: &str) {
    if missing {
        ui.label(RichText::new("required").color(Color32::LIGHT_RED).small())
            .on_hover_text(format!("This kind of objective needs {what}"));
    }
}

pub(crate) fn team_ids(scenario: &Scenario) -> Vec<String> {
    scenario.teams.iter().map(|t| t.id.clone()).collect()
}

/// A team id in a combo box: only the scenario's teams can be chosen. An id that is not a team
/// (from the file) is shown in red until another is picked. Returns the team picked, when it
/// is another one.
pub(crate) fn team_combo(
    ui: &mut Ui,
    salt: impl Hash + std::fmt::Debug,
    current: &str,
    teams: &[String],
) -> Option<String> {
    let mut picked = current.to_owned();
    let value = &mut picked;
    let known = teams.contains(value);
    let shown = if known {
        RichText::new(value.as_str())
    } else {
        RichText::new(value.as_str()).color(Color32::LIGHT_RED)
    };
    let response = egui::ComboBox::from_id_salt(salt)
        .selected_text(shown)
        .show_ui(ui, |ui| {
            for id in teams {
                ui.selectable_value(value, id.clone(), id.as_str());
            }
        })
        .response;
    if !known {
        response.on_hover_text(format!("`{current}` is not one of the teams"));
    }
    (picked != current).then_some(picked)
}
