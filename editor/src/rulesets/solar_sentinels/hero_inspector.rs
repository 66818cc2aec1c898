//! The selected hero's fields: its Health, Strategy and Recovery (dragged, one undo step a
//! drag, within the ranges the game allows) and its ability, a name and one effect written as
//! a line of YAML in the deck file's form, as a card's effects are.

use crate::rulesets::solar_sentinels::held::DeckDocument;
use egui::RichText;
use megahex_schema::limits::MAX_HEALTH;
use megahex_schema::rulesets::solar_sentinels::cards::{MAX_RECOVERY, MAX_STRATEGY};
use megahex_schema::rulesets::solar_sentinels::{Ability, Effect, Face, Rule};

use super::DeckUi;
use super::edits::DeckEdit;
use super::fields::{effect_line, id_row, name_row, number_rows};
use crate::workbench::Workbench;

/// Width of the grids' label column.
const LABELS: f32 = 64.0;

/// Draws the inspector for hero `index`.
pub fn hero_inspector(ui: &mut egui::Ui, wb: &mut Workbench, deck_ui: &mut DeckUi, index: usize) {
    let Some(deck) = wb.doc.deck().cloned() else {
        return;
    };
    let Some(hero) = deck.heroes.get(index).cloned() else {
        return;
    };
    ui.horizontal(|ui| {
        ui.heading(hero.name.as_deref().unwrap_or(&hero.id));
        if hero.id == deck.setup.hero {
            ui.label(RichText::new("played").weak());
        } else if ui
            .button("Play this hero")
            .on_hover_text("Make this the hero the setup plays")
            .clicked()
        {
            wb.edit(DeckEdit::SetHero(hero.id.clone()));
        }
    });
    let mut next = hero.clone();
    let mut dragging = false;
    // Both grids keep their labels one width, so the hero's and the ability's names line up.
    egui::Grid::new("deck-hero")
        .num_columns(2)
        .min_col_width(LABELS)
        .show(ui, |ui| {
            id_row(ui, &hero.id);
            let name = hero.name.as_deref();
            if let Some(name) = name_row(ui, &mut deck_ui.buffers, ("hero-name", index), name) {
                next.name = name;
            }
            dragging = number_rows(
                ui,
                [
                    ("health", &mut next.health, 1..=MAX_HEALTH),
                    ("strategy", &mut next.strategy, 1..=MAX_STRATEGY),
                    ("recovery", &mut next.recovery, 0..=MAX_RECOVERY),
                ],
            );
        });
    ui.add_space(4.0);
    ui.label(RichText::new("Ability").strong());
    match &hero.ability {
        Some(ability) => {
            egui::Grid::new("deck-hero-ability")
                .num_columns(2)
                .min_col_width(LABELS)
                .show(ui, |ui| {
                    let name = ability.name.as_deref();
                    let salt = ("hero-ability-name", index);
                    if let Some(name) = name_row(ui, &mut deck_ui.buffers, salt, name) {
                        next.ability = Some(Ability {
                            name,
                            ..ability.clone()
                        });
                    }
                });
            ui.horizontal(|ui| {
                let salt = ("hero-ability", index);
                let line = effect_line(ui, &mut deck_ui.buffers, salt, &ability.effect, 30.0);
                if let (Some(effect), Some(next)) = (line, next.ability.as_mut()) {
                    next.effect = effect;
                }
                if ui
                    .small_button("x")
                    .on_hover_text("Take the ability away")
                    .clicked()
                {
                    next.ability = None;
                }
            });
        }
        None => {
            if ui
                .small_button("+ ability")
                .on_hover_text("Give the hero an ability, then write its effect")
                .clicked()
            {
                next.ability = Some(Ability {
                    name: None,
                    effect: blank_ability(),
                });
            }
        }
    }
    if next != hero {
        wb.edit(DeckEdit::UpdateHero {
            index,
            hero: Box::new(next),
            continues: dragging,
        });
    }
}

/// A new ability's effect: crits worth 3, the shape most heroes' abilities take, for the
/// designer to change.
fn blank_ability() -> Effect {
    Effect::During(Rule::FaceValue {
        face: Face::Crit,
        colours: Vec::new(),
        value: 3,
    })
}
