//! What the shell asks of the open game's editor: its panels, its status line, the commands
//! that are its own, Esc, and its windows. Each game implements [`GameEditor`] in its folder;
//! the shell holds one as a `Box<dyn GameEditor>`, made for each document it opens (so nothing
//! of one file's panels outlives it), and never names a game.

use std::any::Any;

use crate::command::Command;
use crate::preferences::Preferences;
use crate::workbench::Workbench;

/// One game's editor: the panels around the centre, and the centre (a map, or a deck's
/// stacks).
pub trait GameEditor {
    /// Draws the side panels and the centre. `checking` says a background check is running.
    fn show(&mut self, ui: &mut egui::Ui, wb: &mut Workbench, checking: bool);

    /// Draws what floats over the window after the panels (a map's overlay bar, the export
    /// window) and follows up work it started on other threads.
    fn show_windows(
        &mut self,
        _ctx: &egui::Context,
        _wb: &mut Workbench,
        _preferences: &mut Preferences,
    ) {
    }

    /// The status line's text about the hex under the pointer (or the open file), and the key
    /// hint for what the pointer would do now.
    /// (`&mut`: a game's panels read their state through the same bench they edit with.)
    fn status(&mut self, wb: &mut Workbench) -> (String, String);

    /// Runs a command of the game's own (the shell runs the file, history, view and help
    /// commands). Only commands the game does not refuse reach it.
    fn run(&mut self, command: Command, wb: &mut Workbench, preferences: &mut Preferences);

    /// Esc: stops what the pointer is doing, else clears the selection.
    fn cancel(&mut self, wb: &mut Workbench);

    /// Text the system clipboard brought with a Ctrl+V, for the Paste that follows.
    fn pasted(&mut self, _text: String) {}

    /// After any change of the scenario (an edit, undo, a reload): drops what no longer
    /// exists, such as a selected piece.
    fn changed(&mut self, _wb: &mut Workbench) {}

    /// Whether a command that turns something on and off (an overlay, a panel) is on, for its
    /// toggle in the toolbar and the menus.
    fn is_on(&self, _command: Command) -> bool {
        false
    }

    /// The editor itself, for a test that looks at one game's panels.
    fn as_any(&self) -> &dyn Any;

    /// The editor itself, for a test that drives one game's panels.
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

/// The editor for a file that did not load far enough to be edited: the problems say why, and
/// the centre says what to do.
#[derive(Debug, Default)]
pub struct Unloaded;

impl GameEditor for Unloaded {
    fn show(&mut self, ui: &mut egui::Ui, wb: &mut Workbench, checking: bool) {
        egui::Panel::right("problems")
            .default_size(360.0)
            .min_size(240.0)
            .resizable(true)
            .show(ui, |ui| {
                // Nothing on a map to show: the findings are not clickable.
                let _ = crate::problems::problems_panel(
                    ui,
                    &wb.doc.problems,
                    checking,
                    wb.doc.is_dirty(),
                    &|_| None,
                );
            });
        egui::CentralPanel::default().show(ui, |ui| {
            ui.centered_and_justified(|ui| {
                ui.label(
                    "This file did not load as a scenario. Fix the problems listed on the right \
                     in a text editor, then reload it (F5), or open another file (Ctrl+O).",
                );
            });
        });
    }

    fn status(&mut self, wb: &mut Workbench) -> (String, String) {
        (wb.doc.name.clone(), String::new())
    }

    fn run(&mut self, command: Command, wb: &mut Workbench, _preferences: &mut Preferences) {
        wb.refuse(&format!(
            "{} needs a scenario: this file did not load (see Problems)",
            command.label()
        ));
    }

    fn cancel(&mut self, _wb: &mut Workbench) {}

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}
