//! The Sentinel Tactics editor as the shell sees it: the tile and token palettes on the left,
//! the token inspector with the scenario panels or the problems on the right, the map in the
//! middle with its overlay bar, and the export window. One is made for each map opened.

use crate::rulesets::sentinel_tactics::held::MapDocument;
use std::any::Any;

use super::bench::{MapBench, MapState, Tool};
use super::map_commands;
use crate::command::Command;
use crate::game_editor::GameEditor;
use crate::preferences::Preferences;
use crate::preview::Tint;
use crate::workbench::{StatusKind, Workbench};

/// The map editor's panels and what each keeps between frames.
#[derive(Default)]
pub struct SentinelEditor {
    /// What is selected, the tool in hand, the overlays, the hex labels.
    pub map: MapState,
    /// The map.
    pub canvas: super::canvas::Canvas,
    /// Overlay answers, kept until the selection, the scenario or a parameter changes.
    pub overlay_view: super::overlay_view::OverlayView,
    /// The token palette: the token in hand.
    pub token_ui: super::tokens::TokenUi,
    /// The token inspector: the field being typed in.
    pub inspector: super::inspector::Inspector,
    /// The scenario panels: open or not, text being typed, the painting stroke.
    pub scenario_ui: super::scenario_panel::ScenarioUi,
    /// The export dialog.
    pub export: super::export::ExportPanel,
    /// Copy and paste.
    pub clipboard: super::clipboard::Clipboard,
    /// The layers window is open.
    pub layers_open: bool,
}

impl GameEditor for SentinelEditor {
    fn show(&mut self, ui: &mut egui::Ui, wb: &mut Workbench, checking: bool) {
        let wb = &mut MapBench {
            wb,
            map: &mut self.map,
        };
        egui::Panel::left("palette")
            // Wide enough for the token palette's longer figure names.
            .default_size(190.0)
            .resizable(false)
            .show(ui, |ui| {
                if self.token_ui.left_panel(ui, wb) {
                    self.canvas.palette_drag = true;
                }
            });
        egui::Panel::right("problems")
            .default_size(360.0)
            .min_size(240.0)
            .resizable(true)
            .show(ui, |ui| {
                // A figure's stats and power cards can be longer than the window: the panel
                // scrolls rather than cutting them off.
                egui::ScrollArea::vertical()
                    .id_salt("side-panel")
                    .show(ui, |ui| {
                        self.inspector.token_inspector(wb, ui);
                        if self.scenario_ui.open && wb.doc.scenario().is_some() {
                            self.scenario_ui.scenario_panel(wb, ui);
                            return;
                        }
                        super::side_panel::problems_and_fairness(ui, wb, checking);
                    });
            });
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE.fill(crate::map_frame::TABLE))
            .show(ui, |ui| {
                let layers = super::canvas::Layers {
                    tokens: &mut self.token_ui,
                    scenario: &mut self.scenario_ui,
                    overlays: &mut self.overlay_view,
                };
                self.canvas.ui(ui, wb, layers);
            });
    }

    fn show_windows(
        &mut self,
        ctx: &egui::Context,
        wb: &mut Workbench,
        preferences: &mut Preferences,
    ) {
        let wb = &mut MapBench {
            wb,
            map: &mut self.map,
        };
        Self::overlay_bar(&mut self.overlay_view, ctx, wb);
        self.export.poll_export(wb);
        if self.export.job.is_some() {
            // Look again soon for the worker's outcome.
            ctx.request_repaint_after(std::time::Duration::from_millis(50));
        }
        self.export.export_window(wb, ctx);
        super::layers::layers_window(ctx, &mut self.layers_open, wb);
        if let Some(mm) = self.export.take_measured() {
            preferences.remember_print_mm(mm);
        }
    }

    fn status(&mut self, wb: &mut Workbench) -> (String, String) {
        let wb = &mut MapBench {
            wb,
            map: &mut self.map,
        };
        (
            super::status_line::hover_text(&wb.doc, wb.hovered),
            super::status_line::mode_hint(wb, &self.token_ui, &self.scenario_ui),
        )
    }

    fn run(&mut self, command: Command, wb: &mut Workbench, preferences: &mut Preferences) {
        let wb = &mut MapBench {
            wb,
            map: &mut self.map,
        };
        match command {
            Command::Export => self.export.open_export(wb, preferences.print_mm),
            Command::RotateClockwise => map_commands::rotate(wb, &mut self.token_ui, true),
            Command::RotateCounterClockwise => {
                map_commands::rotate(wb, &mut self.token_ui, false);
            }
            Command::Flip => map_commands::flip(wb),
            Command::Layers => self.layers_open = !self.layers_open,
            Command::Delete => map_commands::remove_selected(wb),
            Command::Copy => {
                self.clipboard.copy(wb);
            }
            Command::Cut => self.clipboard.cut(wb),
            Command::Paste => {
                let at = wb.pointer_hex;
                self.clipboard.paste(wb, at);
            }
            Command::Duplicate => self.clipboard.duplicate(wb),
            Command::SelectAll => super::clipboard::select_all(wb),
            Command::ScenarioPanel => {
                if wb.doc.scenario().is_some() {
                    self.scenario_ui.open = !self.scenario_ui.open;
                } else {
                    wb.refuse("Fix the file so it can be read before editing its scenario");
                }
            }
            Command::HexLabels => map_commands::cycle_hex_labels(wb),
            Command::CarryOnTurn => {
                map_commands::toggle_carry_on_turn(wb);
                preferences.remember_carry_on_turn(wb.map.carry_on_turn);
            }
            Command::SightOverlay => wb.map.overlays.toggle(Tint::Sight),
            Command::ReachOverlay => wb.map.overlays.toggle(Tint::Reach),
            Command::AreaOverlay => wb.map.overlays.toggle(Tint::Area),
            Command::RangeOverlay => wb.map.overlays.range = !wb.map.overlays.range,
            // The shell's own: files, history, view and help.
            Command::New(_)
            | Command::Open
            | Command::Save
            | Command::SaveAs
            | Command::Reload
            | Command::Undo
            | Command::Redo
            | Command::UndoHistory
            | Command::Cancel
            | Command::Fit
            | Command::ZoomIn
            | Command::ZoomOut
            | Command::ObjectivesLayer
            | Command::ZonesLayer
            | Command::Help => {}
        }
    }

    fn cancel(&mut self, wb: &mut Workbench) {
        let wb = &mut MapBench {
            wb,
            map: &mut self.map,
        };
        if wb.map.tool != Tool::Select {
            let what = match wb.map.tool {
                Tool::Paint(_) => "Painting stopped",
                _ => "Placing cancelled",
            };
            wb.map.tool = Tool::Select;
            wb.say(StatusKind::Done, what.to_owned());
        } else if self.canvas.drag.is_some() || self.canvas.drag_cancelled {
            self.canvas.drag = None;
            self.canvas.drag_cancelled = false;
            wb.say(StatusKind::Done, "Move cancelled".to_owned());
        } else {
            super::group::select_only(wb, None);
        }
    }

    fn pasted(&mut self, text: String) {
        self.clipboard.pasted = Some(text);
    }

    fn changed(&mut self, wb: &mut Workbench) {
        MapBench {
            wb,
            map: &mut self.map,
        }
        .drop_stale_selection();
    }

    fn is_on(&self, command: Command) -> bool {
        let overlays = &self.map.overlays;
        match command {
            Command::SightOverlay => overlays.tint == Tint::Sight,
            Command::ReachOverlay => overlays.tint == Tint::Reach,
            Command::AreaOverlay => overlays.tint == Tint::Area,
            Command::RangeOverlay => overlays.range,
            Command::ScenarioPanel => self.scenario_ui.open,
            Command::CarryOnTurn => self.map.carry_on_turn,
            Command::Layers => self.layers_open,
            _ => false,
        }
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// The map editor's panels one by one, with the bench they work on: for driving several of
/// them at once (the canvas with the workbench, say) without borrowing the editor whole.
pub struct Parts<'a> {
    /// The map.
    pub canvas: &'a mut super::canvas::Canvas,
    /// Overlay answers.
    pub overlay_view: &'a mut super::overlay_view::OverlayView,
    /// The token palette.
    pub token_ui: &'a mut super::tokens::TokenUi,
    /// The token inspector.
    pub inspector: &'a mut super::inspector::Inspector,
    /// The scenario panels.
    pub scenario_ui: &'a mut super::scenario_panel::ScenarioUi,
    /// The export dialog.
    pub export: &'a mut super::export::ExportPanel,
    /// Copy and paste.
    pub clipboard: &'a mut super::clipboard::Clipboard,
    /// The workbench with the map's state beside it.
    pub wb: MapBench<'a>,
}

impl SentinelEditor {
    /// Its panels one by one, with `wb` and the map's state as one bench.
    pub fn split<'a>(&'a mut self, wb: &'a mut Workbench) -> Parts<'a> {
        let SentinelEditor {
            map,
            canvas,
            overlay_view,
            token_ui,
            inspector,
            scenario_ui,
            export,
            clipboard,
            layers_open: _,
        } = self;
        Parts {
            canvas,
            overlay_view,
            token_ui,
            inspector,
            scenario_ui,
            export,
            clipboard,
            wb: MapBench { wb, map },
        }
    }

    /// A map editor, tokens turning with their tile as the designer last chose.
    pub fn new(preferences: &Preferences) -> SentinelEditor {
        let mut editor = SentinelEditor::default();
        editor.map.carry_on_turn = preferences.carry_on_turn;
        editor
    }

    /// The overlay's settings and legend float over the top of the map, so switching an overlay
    /// on never moves the map under the pointer.
    fn overlay_bar(
        overlay_view: &mut super::overlay_view::OverlayView,
        ctx: &egui::Context,
        wb: &mut MapBench<'_>,
    ) {
        let (true, Some(rect)) = (wb.map.overlays.any(), wb.canvas_rect) else {
            return;
        };
        egui::Area::new(egui::Id::unique("overlay-bar"))
            .fixed_pos(rect.left_top() + egui::vec2(8.0, 8.0))
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.set_max_width((rect.width() - 32.0).max(200.0));
                    overlay_view.overlay_bar(wb, ui);
                });
            });
    }
}

#[cfg(test)]
pub mod tests {
    use super::SentinelEditor;
    use crate::app::EditorApp;

    /// The map editor's panels and its bench, in an editor with a map open.
    pub fn parts(app: &mut EditorApp) -> super::Parts<'_> {
        let (editor, wb) = app.game_parts::<SentinelEditor>().expect("a map is open");
        editor.split(wb)
    }
}
