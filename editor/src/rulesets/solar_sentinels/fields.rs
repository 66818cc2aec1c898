//! The widgets the deck inspectors share (conflict cards, heroes, bosses, missions), so a
//! number, a name or a line of YAML behaves the same in each: numbers change as they are
//! dragged (one undo step a drag), names and lines change when their field is left, and a line
//! that does not read stays red and is not taken.

use std::collections::HashMap;
use std::hash::Hash;
use std::ops::RangeInclusive;

use egui::{Color32, RichText};
use megahex_schema::rulesets::solar_sentinels::Effect;

use crate::text_field::TextField;

/// Red, for a line whose text is not yet a value.
const INVALID: Color32 = Color32::from_rgb(230, 90, 80);

/// Width of the name and id fields of an inspector grid.
pub const NAME_WIDTH: f32 = 180.0;

/// An effect, reward or other value as one line of flow YAML.
pub fn one_line<T: serde::Serialize>(value: &T) -> String {
    megahex_schema::yaml_value(value)
        .ok()
        .and_then(|v| crate::storage::flow(&v))
        .unwrap_or_default()
}

/// The width of a line of YAML that leaves `room` points beside it (for a button or a
/// checkbox), within bounds that keep it readable in a narrow panel.
pub fn line_width(ui: &egui::Ui, room: f32) -> f32 {
    (ui.available_width() - room).clamp(160.0, 420.0)
}

/// One value edited as a line of YAML in the deck file's own form: `Some` when the field is
/// left with text that `parse` reads. While the typed text does not read, it is drawn red, so
/// a typo is seen before it is lost.
pub fn yaml_line<T>(
    ui: &mut egui::Ui,
    buffers: &mut HashMap<egui::Id, String>,
    salt: impl Hash + std::fmt::Debug,
    field: &TextField<'_>,
    current: &str,
    parse: impl Fn(&str) -> Option<T>,
) -> Option<T> {
    // The colour is set on this `Ui` and put back, not in a child scope: a child has its own
    // id scope, and the field's buffer would no longer be found under `id`.
    let id = ui.make_persistent_id(&salt);
    let valid = buffers.get(&id).is_none_or(|typed| parse(typed).is_some());
    let before = ui.visuals().override_text_color;
    if !valid {
        ui.visuals_mut().override_text_color = Some(INVALID);
    }
    let (left, response) = field.show_with_response(ui, buffers, &salt, current);
    ui.visuals_mut().override_text_color = before;
    // A line longer than its field scrolls inside it: the whole line is on hover.
    let font = egui::TextStyle::Body.resolve(ui.style());
    let wide = ui.fonts_mut(|f| f.layout_no_wrap(current.to_owned(), font, Color32::WHITE));
    if wide.size().x > response.rect.width() - 8.0 && !response.has_focus() {
        response.on_hover_text(current);
    }
    parse(&left?)
}

/// Reads one value of the deck file's types from a line of YAML.
pub fn read<T: serde::de::DeserializeOwned>(line: &str) -> Option<T> {
    crate::storage::read_as::<T>(line)
}

/// Grid rows of numbers, each dragged or typed within its range (shown on hover), without
/// changing a value that is already outside it. True when one is being dragged past its first
/// change: the edit then continues the drag's undo step.
pub fn number_rows<'a>(
    ui: &mut egui::Ui,
    rows: impl IntoIterator<Item = (&'a str, &'a mut u32, RangeInclusive<u32>)>,
) -> bool {
    let mut dragging = false;
    for (label, value, range) in rows {
        ui.label(label);
        let hover = format!("{} to {}", range.start(), range.end());
        // A value already out of range (written so in the file) is shown as it is, and its
        // problem listed: only what the designer drags or types is held to the range.
        let response = ui
            .add(
                egui::DragValue::new(value)
                    .range(range)
                    .clamp_existing_to_range(false),
            )
            .on_hover_text(hover);
        dragging |= response.dragged() && !response.drag_started();
        ui.end_row();
    }
    dragging
}

/// A grid row with the id, which is not edited here: setups, stacks and playtests refer to
/// heroes, bosses and missions by it.
pub fn id_row(ui: &mut egui::Ui, id: &str) {
    ui.label("id");
    ui.label(RichText::new(id).monospace())
        .on_hover_text("Other parts of the file refer to it by this id; rename it in the file");
    ui.end_row();
}

/// A grid row for a name shown to players: `Some` when it was changed, `Some(None)` when it
/// was emptied (the name is then left out of the file).
pub fn name_row(
    ui: &mut egui::Ui,
    buffers: &mut HashMap<egui::Id, String>,
    salt: impl Hash + std::fmt::Debug,
    name: Option<&str>,
) -> Option<Option<String>> {
    ui.label("name");
    let field = TextField {
        hint: "",
        width: NAME_WIDTH,
        multiline: false,
    };
    let changed = field.show(ui, buffers, salt, name.unwrap_or_default());
    ui.end_row();
    changed.map(|text| Some(text.trim().to_owned()).filter(|t| !t.is_empty()))
}

/// The effects of a card or a boss, one line each with a button that takes it away, and
/// a button that adds one: the list as it should be after this frame.
pub fn effects_list(
    ui: &mut egui::Ui,
    buffers: &mut HashMap<egui::Id, String>,
    salt: (&str, usize),
    effects: &[Effect],
) -> Vec<Effect> {
    ui.label(RichText::new("Effects").strong());
    let mut next = effects.to_vec();
    let mut remove = None;
    for (j, effect) in effects.iter().enumerate() {
        ui.horizontal(|ui| {
            if let Some(parsed) = effect_line(ui, buffers, (salt.0, salt.1, j), effect, 30.0) {
                next[j] = parsed;
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
        next.remove(j);
    }
    let menu = ui.menu_button("+ effect", super::effect_menu::effect_menu);
    menu.response
        .on_hover_text("Pick when it applies and the rule (hover one for what it does); the line it adds can then be changed");
    if let Some(Some(effect)) = menu.inner {
        next.push(effect);
    }
    next
}

/// One effect as a line of YAML, leaving `room` beside it.
pub fn effect_line(
    ui: &mut egui::Ui,
    buffers: &mut HashMap<egui::Id, String>,
    salt: impl Hash + std::fmt::Debug,
    effect: &Effect,
    room: f32,
) -> Option<Effect> {
    let field = TextField {
        hint: "during: {commit-limit: {max: 3}}",
        width: line_width(ui, room),
        multiline: false,
    };
    yaml_line(ui, buffers, salt, &field, &one_line(effect), read::<Effect>)
}

#[cfg(test)]
mod tests {
    use super::*;
    use megahex_schema::rulesets::solar_sentinels::Rule;

    #[test]
    fn an_effect_reads_back_from_its_line() {
        let effect = Effect::During(Rule::CommitLimit {
            max: 3,
            per: Default::default(),
        });
        let line = one_line(&effect);
        assert!(!line.contains('\n'), "{line}");
        assert_eq!(read::<Effect>(&line), Some(effect));
        assert_eq!(
            read::<Effect>("after: skip-recover"),
            Some(Effect::After(Rule::SkipRecover))
        );
        assert_eq!(read::<Effect>("during: nonsense"), None);
    }
}
