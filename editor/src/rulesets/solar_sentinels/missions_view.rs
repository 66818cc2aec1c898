//! The deck's missions, one under another: each one's condition as a line of YAML in the deck
//! file's form (red and not taken while it is not a condition), and whether the player may
//! forfeit it. Missions are short, so they are edited all in one list rather than one at a
//! time.

use crate::rulesets::solar_sentinels::held::DeckDocument;
use egui::RichText;
use megahex_schema::rulesets::solar_sentinels::{Condition, Mission, Scenario};

use super::DeckUi;
use super::edits::DeckEdit;
use super::fields::{line_width, one_line, read, yaml_line};
use crate::text_field::TextField;
use crate::workbench::Workbench;

/// Room beside a condition for the forfeit checkbox.
const FORFEIT_ROOM: f32 = 110.0;

/// The conditions a mission can have, as written in the deck file, with what completes them:
/// the vocabulary at hand while a line is written (docs/deck-format.md#missions has it too).
const CONDITIONS: [(&str, &str); 7] = [
    (
        "{defeat-enemies: {count: 5, level: 1}}",
        "enemies defeated; level optional",
    ),
    ("{defeat-in-one-round: 2}", "enemies defeated in one round"),
    ("{defeat-mandatory: 1}", "mandatory enemies defeated"),
    (
        "{rounds-without-damage: 2}",
        "rounds in a row without damage",
    ),
    (
        "{assign-colour: {colour: yellow, count: 4}}",
        "dice of a colour assigned",
    ),
    ("{roll-crits: 3}", "crits rolled"),
    ("{text: \"...\"}", "anything else, not simulated"),
];

/// Draws the list of missions.
pub fn missions_view(ui: &mut egui::Ui, wb: &mut Workbench, deck_ui: &mut DeckUi) {
    let Some(deck) = wb.doc.deck().cloned() else {
        return;
    };
    ui.heading("Missions");
    ui.label(RichText::new("Completed one at a time, left to right, before the endgame.").weak());
    egui::CollapsingHeader::new("Conditions")
        .id_salt("mission-conditions")
        .show(ui, |ui| {
            for (form, means) in CONDITIONS {
                ui.horizontal_wrapped(|ui| {
                    ui.label(RichText::new(form).monospace().small());
                    ui.label(RichText::new(means).small().weak());
                });
            }
        });
    if deck.missions.is_empty() {
        ui.label(RichText::new("This deck has no missions.").weak());
        return;
    }
    for (index, mission) in deck.missions.iter().enumerate() {
        ui.add_space(4.0);
        let next = mission_row(ui, deck_ui, &deck, index, mission);
        if next != *mission {
            wb.edit(DeckEdit::UpdateMission {
                index,
                mission: Box::new(next),
            });
        }
    }
}

/// One mission: its name (the id on hover) and where the setup uses it, then its condition
/// and forfeit; the mission as it should be after this frame.
fn mission_row(
    ui: &mut egui::Ui,
    deck_ui: &mut DeckUi,
    deck: &Scenario,
    index: usize,
    mission: &Mission,
) -> Mission {
    let mut next = mission.clone();
    ui.horizontal(|ui| {
        ui.label(RichText::new(mission.name.as_deref().unwrap_or(&mission.id)).strong())
            .on_hover_text(format!("id `{}`", mission.id));
        if let Some(at) = in_setup(deck, &mission.id) {
            ui.label(RichText::new(at).small().weak());
        }
    });
    ui.horizontal(|ui| {
        let field = TextField {
            hint: "{defeat-enemies: {count: 5}}",
            width: line_width(ui, FORFEIT_ROOM),
            multiline: false,
        };
        let salt = ("mission-condition", index);
        let current = one_line(&mission.condition);
        if let Some(condition) = yaml_line(
            ui,
            &mut deck_ui.buffers,
            salt,
            &field,
            &current,
            read::<Condition>,
        ) {
            next.condition = condition;
        }
        ui.checkbox(&mut next.forfeit, "may forfeit")
            .on_hover_text("The player may set it aside to move on; it then counts as incomplete");
    });
    next
}

/// "kept at setup" or "drawn at setup" when the setup's fixed missions name it.
fn in_setup(deck: &Scenario, id: &str) -> Option<&'static str> {
    let draw = deck.setup.missions.as_ref()?;
    if draw.kept.iter().any(|k| k == id) {
        Some("kept at setup")
    } else if draw.drawn.iter().any(|d| d == id) {
        Some("drawn at setup, discarded")
    } else {
        None
    }
}
