//! The selected boss's fields: Health, Damage and entourage (dragged, one undo step a drag)
//! and its effects, one line of YAML each, with the same widgets as a conflict card's; then
//! the odds of defeating it alone, as for a card.

use crate::rulesets::solar_sentinels::held::DeckDocument;
use megahex::rulesets::solar_sentinels::game::BOSS_LEVEL;
use megahex_schema::limits::MAX_HEALTH;

use super::DeckUi;
use super::edits::DeckEdit;
use super::fields::{effects_list, id_row, name_row, number_rows};
use crate::workbench::Workbench;

/// Most enemies a boss brings from the stacks, as the schema allows.
const MAX_ENTOURAGE: u32 = 9;

/// Draws the inspector for boss `index`.
pub fn boss_inspector(ui: &mut egui::Ui, wb: &mut Workbench, deck_ui: &mut DeckUi, index: usize) {
    let Some(deck) = wb.doc.deck().cloned() else {
        return;
    };
    let Some(boss) = deck.bosses.get(index).cloned() else {
        return;
    };
    ui.heading(boss.name.as_deref().unwrap_or(&boss.id));
    let mut next = boss.clone();
    let mut dragging = false;
    egui::Grid::new("deck-boss").num_columns(2).show(ui, |ui| {
        id_row(ui, &boss.id);
        let name = boss.name.as_deref();
        if let Some(name) = name_row(ui, &mut deck_ui.buffers, ("boss-name", index), name) {
            next.name = name;
        }
        dragging = number_rows(
            ui,
            [
                ("health", &mut next.health, 1..=MAX_HEALTH),
                ("damage", &mut next.damage, 0..=MAX_HEALTH),
                ("entourage", &mut next.entourage, 0..=MAX_ENTOURAGE),
            ],
        );
    });
    ui.add_space(4.0);
    next.effects = effects_list(
        ui,
        &mut deck_ui.buffers,
        ("boss-effect", index),
        &boss.effects,
    );
    if next != boss {
        wb.edit(DeckEdit::UpdateBoss {
            index,
            boss: Box::new(next.clone()),
            continues: dragging,
        });
    }
    ui.separator();
    super::odds_view::odds_panel(
        ui,
        &mut deck_ui.odds,
        &deck,
        next.health,
        BOSS_LEVEL,
        &next.effects,
    );
}
