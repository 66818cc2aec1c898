//! The selected conflict card's fields. Numbers change as they are dragged (one undo step a
//! drag); effects and the reward are edited as one line of YAML each, in the deck file's own
//! form, and a line that is not a valid effect stays red and is not taken.

use crate::rulesets::solar_sentinels::held::DeckDocument;
use egui::RichText;
use megahex_schema::limits::MAX_HEALTH;
use megahex_schema::rulesets::solar_sentinels::Reward;

use super::DeckUi;
use super::edits::DeckEdit;
use super::fields::{
    NAME_WIDTH, effects_list, line_width, name_row, number_rows, one_line, yaml_line,
};
use crate::text_field::TextField;
use crate::workbench::Workbench;

/// Draws the inspector for card `index`.
pub fn card_inspector(ui: &mut egui::Ui, wb: &mut Workbench, deck_ui: &mut DeckUi, index: usize) {
    let Some(deck) = wb.doc.deck().cloned() else {
        return;
    };
    let Some(card) = deck.conflict.get(index).cloned() else {
        return;
    };
    ui.horizontal(|ui| {
        ui.heading(card.name.as_deref().unwrap_or(&card.id));
        if ui
            .button("Remove")
            .on_hover_text("Take this card out of the deck (Delete)")
            .clicked()
        {
            deck_ui.delete_selected(wb);
        }
    });
    let mut next = card.clone();
    let mut dragging = false;
    let field = TextField {
        hint: "",
        width: NAME_WIDTH,
        multiline: false,
    };
    egui::Grid::new("deck-card").num_columns(2).show(ui, |ui| {
        ui.label("id");
        if let Some(text) = field.show(ui, &mut deck_ui.buffers, ("card-id", index), &card.id) {
            next.id = text.trim().to_owned();
        }
        ui.end_row();
        let name = card.name.as_deref();
        if let Some(name) = name_row(ui, &mut deck_ui.buffers, ("card-name", index), name) {
            next.name = name;
        }
        ui.label("level");
        ui.horizontal(|ui| {
            ui.radio_value(&mut next.level, 1, "1");
            ui.radio_value(&mut next.level, 2, "2");
        });
        ui.end_row();
        dragging = number_rows(
            ui,
            [
                ("health", &mut next.health, 1..=MAX_HEALTH),
                ("damage", &mut next.damage, 0..=MAX_HEALTH),
                ("additional enemies", &mut next.additional_enemies, 0..=5),
            ],
        );
        ui.label("mandatory");
        ui.checkbox(
            &mut next.mandatory,
            "orange border: must be activated when on top",
        );
        ui.end_row();
    });
    ui.add_space(4.0);
    next.effects = effects_list(ui, &mut deck_ui.buffers, ("effect", index), &card.effects);
    ui.label(RichText::new("Reward").strong());
    let reward_text = card.reward.as_ref().map(one_line).unwrap_or_default();
    let wide = TextField {
        hint: "{heal: 2}, {item: {use: single, power: cancel-effects}}, or empty",
        width: line_width(ui, 30.0),
        multiline: false,
    };
    let salt = ("reward", index);
    if let Some(reward) = yaml_line(
        ui,
        &mut deck_ui.buffers,
        salt,
        &wide,
        &reward_text,
        parse_reward,
    ) {
        next.reward = reward;
    }
    if next != card {
        wb.edit(DeckEdit::UpdateCard {
            index,
            card: Box::new(next.clone()),
            continues: dragging,
        });
    }
    ui.separator();
    super::odds_view::odds_panel(
        ui,
        &mut deck_ui.odds,
        &deck,
        next.health,
        next.level,
        &next.effects,
    );
}

/// A reward line: empty for none, or a reward in the deck file's form.
fn parse_reward(text: &str) -> Option<Option<Reward>> {
    match text.trim() {
        "" => Some(None),
        line => super::fields::read::<Reward>(line).map(Some),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_reward_line_takes_the_reward_away() {
        assert_eq!(parse_reward("  "), Some(None));
        assert_eq!(parse_reward("{heal: 2}"), Some(Some(Reward::Heal(2))));
        assert_eq!(parse_reward("{heal: lots}"), None);
    }
}
