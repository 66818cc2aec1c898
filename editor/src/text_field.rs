//! A text field that changes the document once, when it is left: what is typed is kept in a
//! buffer while the field has the keyboard.

use std::collections::HashMap;
use std::hash::Hash;

use egui::Ui;

/// A text field that hands back its text when it is left with a change (Enter, Tab or a click
/// elsewhere); Esc puts the old text back. What is typed is kept in a buffer while it has the
/// keyboard, so the document changes once, when the field is left.
pub struct TextField<'a> {
    /// Shown while it is empty.
    pub hint: &'a str,
    /// Its width in points.
    pub width: f32,
    /// Several lines.
    pub multiline: bool,
}

impl TextField<'_> {
    /// Draws the field for `current`; `Some(text)` when it was left with `text` changed.
    pub fn show(
        &self,
        ui: &mut Ui,
        buffers: &mut HashMap<egui::Id, String>,
        salt: impl Hash + std::fmt::Debug,
        current: &str,
    ) -> Option<String> {
        self.show_with_response(ui, buffers, salt, current).0
    }

    /// As [`TextField::show`], with the field's response too, for a caller that adds a
    /// tooltip or reads where it was drawn.
    pub fn show_with_response(
        &self,
        ui: &mut Ui,
        buffers: &mut HashMap<egui::Id, String>,
        salt: impl Hash + std::fmt::Debug,
        current: &str,
    ) -> (Option<String>, egui::Response) {
        let id = ui.make_persistent_id(salt);
        let mut text = buffers
            .get(&id)
            .cloned()
            .unwrap_or_else(|| current.to_owned());
        let edit = if self.multiline {
            egui::TextEdit::multiline(&mut text).desired_rows(3)
        } else {
            egui::TextEdit::singleline(&mut text)
        };
        // A minimum size too: in a grid cell, the desired width alone can shrink to the text.
        let response = ui.add(
            edit.id(id)
                .hint_text(self.hint)
                .desired_width(self.width)
                .min_size(egui::vec2(self.width, 0.0)),
        );
        if response.has_focus() {
            buffers.insert(id, text);
            return (None, response);
        }
        buffers.remove(&id);
        let escaped = ui.input(|i| i.key_pressed(egui::Key::Escape));
        let left = (response.lost_focus() && !escaped && text != current).then_some(text);
        (left, response)
    }
}
