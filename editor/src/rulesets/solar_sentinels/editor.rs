//! The Solar Sentinels editor as the shell sees it: the setup on the left, the stacks in the
//! middle, the inspector with the odds and the problems on the right. A deck has no map.

use std::any::Any;

use super::DeckUi;
use crate::command::Command;
use crate::game_editor::GameEditor;
use crate::preferences::Preferences;
use crate::workbench::Workbench;

impl GameEditor for DeckUi {
    fn show(&mut self, ui: &mut egui::Ui, wb: &mut Workbench, checking: bool) {
        egui::Panel::left("deck-setup")
            .default_size(230.0)
            .resizable(false)
            .show(ui, |ui| self.setup_panel(ui, wb));
        egui::Panel::right("problems")
            .default_size(380.0)
            .min_size(260.0)
            .resizable(true)
            .show(ui, |ui| self.side_panel(ui, wb, checking));
        egui::CentralPanel::default().show(ui, |ui| {
            super::stacks_view::stacks(ui, wb, self);
        });
    }

    fn status(&mut self, wb: &mut Workbench) -> (String, String) {
        (super::status_text(&wb.doc), self.hint().to_owned())
    }

    fn run(&mut self, command: Command, wb: &mut Workbench, _preferences: &mut Preferences) {
        // The rest are refused for a deck before they get here (`commands::cannot`).
        if command == Command::Delete {
            self.delete_selected(wb);
        }
    }

    fn cancel(&mut self, _wb: &mut Workbench) {
        self.selected = None;
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}
