//! The toolbar, the menu bar and the shortcut window, all drawn from the command list: a
//! button or menu entry queues its command on the workbench, greyed when it cannot run.

use std::path::PathBuf;

use egui::{Color32, RichText};
use megahex::Severity;

use crate::command::{Command, Group};
use crate::recent::Recent;
use crate::workbench::Workbench;

/// The toolbar's own state.
#[derive(Debug, Default)]
pub struct Toolbar {
    /// The title being typed in the toolbar.
    title_buffer: String,
    /// The shortcut window is showing.
    pub help_open: bool,
    /// The open game's toggles that are on (an overlay, the scenario panels), lit in the
    /// toolbar and the menus; set by the shell each frame.
    pub game_toggles_on: Vec<Command>,
}

impl Toolbar {
    /// Why a command cannot run now, so its button and menu entry are greyed and say why;
    /// `None` when it can.
    fn why_not(&self, wb: &Workbench, command: Command) -> Option<String> {
        if let Some(why) = crate::rulesets::game_refuses(wb.doc.ruleset(), command) {
            return Some(why.to_owned());
        }
        let why = match command {
            Command::Save | Command::SaveAs if !wb.doc.is_editable() => {
                "Nothing to save: the file did not load as a scenario (see Problems)"
            }
            Command::Export
            | Command::ScenarioPanel
            | Command::AreaOverlay
            | Command::RangeOverlay
                if !wb.doc.is_editable() =>
            {
                "The file did not load far enough to be edited (see Problems)"
            }
            Command::Reload if wb.page.is_some() => crate::page::NO_RELOAD,
            Command::Reload if wb.doc.path.is_none() => {
                "This scenario has no file yet to read again"
            }
            Command::Undo if wb.doc.undo_label().is_none() => "Nothing to undo",
            Command::Redo if wb.doc.redo_label().is_none() => "Nothing to redo",
            _ => return None,
        };
        Some(why.to_owned())
    }

    /// A button for `command`: greyed when it cannot run, its tooltip and keys from the
    /// command list, and a click queues it. `says` is what it would do now ("Undo move
    /// token"), said on hover: the button keeps its label, so the row never shifts under the
    /// pointer as an edit is made.
    fn command_button(
        &mut self,
        ui: &mut egui::Ui,
        wb: &mut Workbench,
        command: Command,
        says: Option<String>,
    ) {
        let hover = match says {
            Some(says) => format!("{says} ({})", command.keys_text()),
            None => command.hover_text(),
        };
        let why_not = self.why_not(wb, command);
        let disabled_hover = why_not
            .as_deref()
            .map_or(hover.clone(), |why| format!("{hover}\n{why}"));
        let response = ui
            .add_enabled(why_not.is_none(), egui::Button::new(command.label()))
            .on_hover_text(&hover)
            .on_disabled_hover_text(disabled_hover);
        if response.clicked() {
            wb.send(command);
        }
    }

    /// A toggle for a command that turns something on and off (an overlay, a panel).
    fn command_toggle(
        &mut self,
        ui: &mut egui::Ui,
        wb: &mut Workbench,
        command: Command,
        on: bool,
    ) {
        let why_not = self.why_not(wb, command);
        let response = ui
            .add_enabled(
                why_not.is_none(),
                egui::Button::selectable(on, command.label()),
            )
            .on_hover_text(command.hover_text())
            .on_disabled_hover_text(why_not.unwrap_or_else(|| command.hover_text()));
        if response.clicked() {
            wb.send(command);
        }
    }

    /// Is the thing a toggle command switches on now?
    fn is_on(&self, wb: &Workbench, command: Command) -> bool {
        match command {
            Command::ObjectivesLayer => wb.layers.objectives,
            Command::ZonesLayer => wb.layers.zones,
            _ => self.game_toggles_on.contains(&command),
        }
    }

    /// The menu bar: every command, grouped, with its keys, toggles that are on lit; returns a
    /// recent file picked in the File menu.
    pub fn menu_bar(
        &mut self,
        ui: &mut egui::Ui,
        wb: &mut Workbench,
        recent: &Recent,
    ) -> Option<PathBuf> {
        let mut picked = None;
        egui::MenuBar::new().ui(ui, |ui| {
            for group in Group::ALL {
                ui.menu_button(group.name(), |ui| {
                    for command in Command::all().into_iter().filter(|c| c.group() == group) {
                        // A toggle that is on is drawn selected (lit).
                        let on = self.is_on(wb, command);
                        let button = egui::Button::new(menu_label(wb, command))
                            .selected(on)
                            .shortcut_text(command.keys_text());
                        let why_not = self.why_not(wb, command);
                        let response = ui
                            .add_enabled(why_not.is_none(), button)
                            .on_hover_text(command.tooltip())
                            .on_disabled_hover_text(
                                why_not.unwrap_or_else(|| command.tooltip().to_owned()),
                            );
                        if response.clicked() {
                            wb.send(command);
                            ui.close();
                        }
                    }
                    if group == Group::File {
                        ui.separator();
                        picked = picked.take().or(recent.menu(ui));
                    }
                });
            }
            // On the right of the menus: the problem count, the title, the file name. A long
            // name is cut short (in full on hover) rather than pushing anything else.
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                self.document_summary(ui, wb);
            });
        });
        picked
    }

    /// The problem count, the title field and the file name, right to left.
    fn document_summary(&mut self, ui: &mut egui::Ui, wb: &mut Workbench) {
        let errors = wb.doc.count(Severity::Error);
        let warnings = wb.doc.count(Severity::Warning);
        let summary = crate::problems::count_text(errors, warnings);
        let color = if errors > 0 {
            Color32::LIGHT_RED
        } else if warnings > 0 {
            Color32::YELLOW
        } else {
            Color32::LIGHT_GREEN
        };
        ui.label(RichText::new(summary).color(color));
        ui.separator();
        self.title_field(ui, wb);
        let (text, color) = if wb.doc.is_dirty() {
            (
                format!("{} • unsaved", wb.doc.name),
                Color32::from_rgb(255, 200, 90),
            )
        } else {
            (wb.doc.name.clone(), ui.visuals().strong_text_color())
        };
        let path = wb
            .doc
            .path
            .as_ref()
            .map_or_else(|| text.clone(), |p| p.display().to_string());
        ui.add(egui::Label::new(RichText::new(text).strong().color(color)).truncate())
            .on_hover_text(path);
    }

    /// The toolbar; returns a recent file picked in its Recent menu.
    pub fn toolbar(
        &mut self,
        ui: &mut egui::Ui,
        wb: &mut Workbench,
        recent: &Recent,
    ) -> Option<PathBuf> {
        let mut picked = None;
        // One row that never wraps: the map below it stays put whatever the labels say.
        ui.horizontal(|ui| {
            // One entry per game, so the row stays as wide whatever games there are.
            ui.menu_button("New", |ui| {
                for ruleset in megahex_schema::Ruleset::ALL {
                    self.command_button(ui, wb, Command::New(*ruleset), None);
                }
            })
            .response
            .on_hover_text("Start a new scenario of a game (Ctrl+N, Ctrl+Shift+N)");
            self.command_button(ui, wb, Command::Open, None);
            picked = recent.menu(ui);
            for command in [Command::Save, Command::SaveAs, Command::Export] {
                self.command_button(ui, wb, command, None);
            }
            ui.separator();
            let undo = wb.doc.undo_label().map(|l| format!("Undo {l}"));
            let redo = wb.doc.redo_label().map(|l| format!("Redo {l}"));
            self.command_button(ui, wb, Command::Undo, undo);
            self.command_button(ui, wb, Command::Redo, redo);
            ui.separator();
            self.command_button(ui, wb, Command::Fit, None);
            self.command_button(ui, wb, Command::Reload, None);
            ui.separator();
            ui.label("Overlays:");
            for command in [
                Command::SightOverlay,
                Command::ReachOverlay,
                Command::AreaOverlay,
                Command::RangeOverlay,
            ] {
                self.command_toggle(ui, wb, command, self.is_on(wb, command));
            }
            ui.separator();
            let open = self.is_on(wb, Command::ScenarioPanel);
            self.command_toggle(ui, wb, Command::ScenarioPanel, open);
        });
        picked
    }

    /// The shortcut window (F1 or `?`): every command of the list with its keys and what it
    /// does, grouped as in the menus.
    /// The shortcut window, while it is open.
    pub fn help_window(&mut self, ctx: &egui::Context) {
        let mut open = self.help_open;
        egui::Window::new("Commands and shortcuts")
            .open(&mut open)
            .collapsible(false)
            .default_size([640.0, 560.0])
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    // One grid for every group, so the columns line up down the window.
                    egui::Grid::new("help-commands")
                        .num_columns(3)
                        .spacing([12.0, 4.0])
                        .show(ui, |ui| {
                            for group in Group::ALL {
                                ui.label(RichText::new(group.name()).heading());
                                ui.end_row();
                                for command in
                                    Command::all().into_iter().filter(|c| c.group() == group)
                                {
                                    ui.label(RichText::new(command.keys_text()).monospace());
                                    ui.label(RichText::new(command.label()).strong());
                                    ui.add(egui::Label::new(command.tooltip()).wrap());
                                    ui.end_row();
                                }
                            }
                        });
                    ui.separator();
                    ui.label(
                        RichText::new(
                            "On the map: drag to pan, scroll to zoom, click to select (again for the tile under a token), drag a selection to move it. Alt while placing a tile puts it on the exact hex.",
                        )
                        .weak(),
                    );
                });
            });
        self.help_open = open && self.help_open;
    }

    /// The scenario's title, edited in place; the change is one edit when the field is left.
    fn title_field(&mut self, ui: &mut egui::Ui, wb: &mut Workbench) {
        let Some(held) = &wb.doc.held else {
            return;
        };
        let current = held.title().unwrap_or_default().to_owned();
        let id = egui::Id::unique("scenario-title");
        let focused = ui.memory(|m| m.has_focus(id));
        if !focused {
            self.title_buffer.clone_from(&current);
        }
        let field = ui.add(
            egui::TextEdit::singleline(&mut self.title_buffer)
                .id(id)
                .hint_text("Scenario title")
                .desired_width(180.0),
        );
        if field.lost_focus() && self.title_buffer.trim() != current {
            let title = self.title_buffer.trim();
            let title = (!title.is_empty()).then(|| title.to_owned());
            if let Some(edit) = wb.doc.held.as_ref().map(|held| held.retitle(title)) {
                wb.edit(edit);
            }
        }
    }
}

/// A menu entry's text: Undo and Redo name the change they would make ("Undo move token").
fn menu_label(wb: &Workbench, command: Command) -> String {
    let label = match command {
        Command::Undo => wb.doc.undo_label(),
        Command::Redo => wb.doc.redo_label(),
        _ => None,
    };
    match label {
        Some(label) => format!("{} {label}", command.label()),
        None => command.label(),
    }
}
