//! The selected conflict card's fields. Numbers change as they are dragged (one undo step a
//! drag); effects and the reward are edited as one line of YAML each, in the deck file's own
//! form, and a line that is not a valid effect stays red and is not taken.

use egui::{Color32, RichText};
use megahex_schema::solar_sentinels::{Effect, Reward};

use super::DeckUi;
use super::edits::DeckEdit;
use crate::text_field::TextField;
use crate::workbench::Workbench;

/// An effect, reward or other value as one line of flow YAML.
pub fn one_line<T: serde::Serialize>(value: &T) -> String {
    megahex_schema::yaml_value(value)
        .ok()
        .and_then(|v| crate::storage::flow(&v))
        .unwrap_or_default()
}

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
        width: 180.0,
        multiline: false,
    };
    egui::Grid::new("deck-card").num_columns(2).show(ui, |ui| {
        ui.label("id");
        if let Some(text) = field.show(ui, &mut deck_ui.buffers, ("card-id", index), &card.id) {
            next.id = text.trim().to_owned();
        }
        ui.end_row();
        ui.label("name");
        let name = card.name.clone().unwrap_or_default();
        if let Some(text) = field.show(ui, &mut deck_ui.buffers, ("card-name", index), &name) {
            next.name = Some(text.trim().to_owned()).filter(|t| !t.is_empty());
        }
        ui.end_row();
        ui.label("level");
        ui.horizontal(|ui| {
            ui.radio_value(&mut next.level, 1, "1");
            ui.radio_value(&mut next.level, 2, "2");
        });
        ui.end_row();
        for (label, value, max) in [
            ("health", &mut next.health, 99),
            ("damage", &mut next.damage, 99),
            ("additional enemies", &mut next.additional_enemies, 5),
        ] {
            ui.label(label);
            let min = u32::from(label == "health");
            let response = ui.add(egui::DragValue::new(value).range(min..=max));
            dragging |= response.dragged() && !response.drag_started();
            ui.end_row();
        }
        ui.label("mandatory");
        ui.checkbox(
            &mut next.mandatory,
            "orange border: must be activated when on top",
        );
        ui.end_row();
    });
    ui.add_space(4.0);
    ui.label(RichText::new("Effects").strong());
    let mut effects = card.effects.clone();
    let mut remove = None;
    for (j, effect) in card.effects.iter().enumerate() {
        ui.horizontal(|ui| {
            if let Some(parsed) = yaml_line(ui, deck_ui, ("effect", index, j), effect) {
                effects[j] = parsed;
            }
            if ui
                .small_button("x")
                .on_hover_text("Remove this effect")
                .clicked()
            {
                remove = Some(j);
            }
        });
    }
    if let Some(j) = remove {
        effects.remove(j);
    }
    ui.horizontal(|ui| {
        let blank = Effect::During(megahex_schema::solar_sentinels::Rule::SkipRecover);
        if ui
            .small_button("+ effect")
            .on_hover_text("Add an effect, then write its rule (docs/deck-format.md lists them)")
            .clicked()
        {
            effects.push(blank);
        }
    });
    next.effects = effects;
    ui.label(RichText::new("Reward").strong());
    let reward_text = card.reward.as_ref().map(one_line).unwrap_or_default();
    ui.horizontal(|ui| {
        let id = ("reward", index);
        let wide = TextField {
            hint: "{heal: 2}, {item: {use: single, power: cancel-effects}}, or empty",
            width: (ui.available_width() - 30.0).clamp(160.0, 420.0),
            multiline: false,
        };
        if let Some(text) = wide.show(ui, &mut deck_ui.buffers, id, &reward_text) {
            next.reward = parse_reward(&text).unwrap_or(card.reward.clone());
        }
    });
    if next != card {
        wb.edit_deck(DeckEdit::UpdateCard {
            index,
            card: Box::new(next.clone()),
            continues: dragging,
        });
    }
    ui.separator();
    super::odds_view::odds_panel(ui, &mut deck_ui.odds, &deck, next.health);
}

/// A reward line: empty for none, or a reward in the deck file's form.
fn parse_reward(text: &str) -> Option<Option<Reward>> {
    match text.trim() {
        "" => Some(None),
        line => crate::storage::read_as::<Reward>(line).map(Some),
    }
}

/// One effect as an editable line; red while its text is not an effect.
fn yaml_line(
    ui: &mut egui::Ui,
    deck_ui: &mut DeckUi,
    salt: (&str, usize, usize),
    effect: &Effect,
) -> Option<Effect> {
    let current = one_line(effect);
    let id = ui.make_persistent_id(salt);
    let typed = deck_ui.buffers.get(&id).cloned();
    let valid = typed
        .as_deref()
        .is_none_or(|t| crate::storage::read_as::<Effect>(t).is_some());
    let field = TextField {
        hint: "during: {commit-limit: {max: 3}}",
        width: (ui.available_width() - 30.0).clamp(160.0, 420.0),
        multiline: false,
    };
    let left = ui
        .scope(|ui| {
            if !valid {
                ui.visuals_mut().override_text_color = Some(Color32::from_rgb(230, 90, 80));
            }
            field.show(ui, &mut deck_ui.buffers, salt, &current)
        })
        .inner?;
    crate::storage::read_as::<Effect>(&left)
}

#[cfg(test)]
mod tests {
    use super::*;
    use megahex_schema::solar_sentinels::Rule;

    #[test]
    fn an_effect_reads_back_from_its_line() {
        let effect = Effect::During(Rule::CommitLimit {
            max: 3,
            per: Default::default(),
        });
        let line = one_line(&effect);
        assert!(!line.contains('\n'), "{line}");
        assert_eq!(crate::storage::read_as::<Effect>(&line), Some(effect));
        assert_eq!(
            crate::storage::read_as::<Effect>("after: skip-recover"),
            Some(Effect::After(Rule::SkipRecover))
        );
        assert_eq!(crate::storage::read_as::<Effect>("during: nonsense"), None);
    }

    #[test]
    fn an_empty_reward_line_takes_the_reward_away() {
        assert_eq!(parse_reward("  "), Some(None));
        assert_eq!(parse_reward("{heal: 2}"), Some(Some(Reward::Heal(2))));
        assert_eq!(parse_reward("{heal: lots}"), None);
    }
}
