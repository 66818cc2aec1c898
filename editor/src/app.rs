//! The editor window: a toolbar, the problems panel, the hover readout and the map canvas.

use egui::{Color32, RichText, Sense};
use megahex::Severity;
use megahex::board::Axial;

use crate::document::{Document, Problem};
use crate::draw;
use crate::view::{View, hex_at_world, world_bounds};

/// Free space around the map after "Fit", in points.
const FIT_MARGIN: f32 = 24.0;
/// Scroll distance, in points, that zooms by a factor of e.
const SCROLL_PER_E_ZOOM: f32 = 200.0;
/// Map background.
const TABLE: Color32 = Color32::from_rgb(26, 28, 34);

/// The editor's state: the open document and how the map is looked at.
pub struct EditorApp {
    doc: Document,
    /// `None` until the canvas size is known, and after "Fit": fit the map on the next frame.
    view: Option<View>,
    hovered: Option<Axial>,
}

impl EditorApp {
    /// An editor showing `doc`, fitted to the window on the first frame.
    pub fn new(doc: Document) -> EditorApp {
        EditorApp {
            doc,
            view: None,
            hovered: None,
        }
    }

    /// The window title, naming the open file so several editors can be told apart.
    pub fn title(&self) -> String {
        format!("Megahex editor - {}", self.doc.name)
    }

    /// Draws one frame. Kept apart from [`eframe::App`] so it runs headless in tests.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        if ui.input(|i| i.key_pressed(egui::Key::F5)) {
            self.reload(ui.ctx());
        }
        egui::Panel::top("toolbar").show(ui, |ui| self.toolbar(ui));
        egui::Panel::right("problems")
            .default_size(360.0)
            .min_size(240.0)
            .resizable(true)
            .show(ui, |ui| problems_panel(ui, &self.doc.problems));
        egui::Panel::bottom("hover").show(ui, |ui| {
            ui.label(hover_text(&self.doc, self.hovered));
        });
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE.fill(TABLE))
            .show(ui, |ui| self.map(ui));
    }

    fn reload(&mut self, ctx: &egui::Context) {
        let had_map = self
            .doc
            .board
            .as_ref()
            .is_some_and(|b| !b.hexes().is_empty());
        self.doc = self.doc.reload();
        // Keep the designer's pan and zoom across reloads, unless there was nothing to keep.
        if !had_map {
            self.view = None;
        }
        self.hovered = None;
        ctx.send_viewport_cmd(egui::ViewportCommand::Title(self.title()));
    }

    fn toolbar(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            if ui
                .button("Fit")
                .on_hover_text("Show the whole map (or double-click the map)")
                .clicked()
            {
                self.view = None;
            }
            let reload = ui
                .add_enabled(self.doc.path.is_some(), egui::Button::new("Reload"))
                .on_hover_text("Read the file again (F5)");
            if reload.clicked() {
                self.reload(ui.ctx());
            }
            ui.separator();
            ui.label(RichText::new(&self.doc.name).strong());
            if let Some(title) = self.doc.scenario.as_ref().and_then(|s| s.title.as_deref()) {
                ui.label(title);
            }
            ui.separator();
            let errors = self.doc.count(Severity::Error);
            let warnings = self.doc.count(Severity::Warning);
            let summary = format!(
                "{errors} {}, {warnings} {}",
                plural(errors, "error", "errors"),
                plural(warnings, "warning", "warnings")
            );
            let color = if errors > 0 {
                Color32::LIGHT_RED
            } else if warnings > 0 {
                Color32::YELLOW
            } else {
                Color32::LIGHT_GREEN
            };
            ui.label(RichText::new(summary).color(color));
        });
    }

    fn map(&mut self, ui: &mut egui::Ui) {
        let (response, painter) = ui.allocate_painter(ui.available_size(), Sense::click_and_drag());
        let hexes: Vec<Axial> = self
            .doc
            .board
            .as_ref()
            .map(|b| b.hexes().iter().map(|h| h.at).collect())
            .unwrap_or_default();
        let Some(bounds) = world_bounds(hexes.iter().copied()) else {
            painter.text(
                response.rect.center(),
                egui::Align2::CENTER_CENTER,
                "Nothing to draw: the file has no map (see Problems)",
                egui::FontId::proportional(18.0),
                Color32::LIGHT_GRAY,
            );
            self.hovered = None;
            return;
        };
        if response.double_clicked() {
            self.view = None;
        }
        let view = self
            .view
            .get_or_insert_with(|| View::fit(bounds, response.rect, FIT_MARGIN));
        if response.dragged() {
            view.pan(response.drag_delta());
        }
        if let Some(pointer) = response.hover_pos() {
            let (scroll, pinch) = ui.input(|i| (i.smooth_scroll_delta().y, i.zoom_delta()));
            let factor = pinch * (scroll / SCROLL_PER_E_ZOOM).exp();
            if factor != 1.0 {
                view.zoom_around(pointer, factor);
            }
        }
        let hovered = response
            .hover_pos()
            .and_then(|p| hex_at_world(view.world_from_screen(p), hexes.iter().copied()));
        if hovered != self.hovered {
            // The bottom bar was drawn before the canvas: show the new hex on the next frame.
            self.hovered = hovered;
            ui.ctx().request_repaint();
        }
        draw::draw_map(&painter, view, &self.doc, self.hovered);
    }
}

impl eframe::App for EditorApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }
}

fn plural<'a>(n: usize, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}

fn problems_panel(ui: &mut egui::Ui, problems: &[Problem]) {
    ui.heading("Problems");
    if problems.is_empty() {
        ui.label(RichText::new("No problems found.").color(Color32::LIGHT_GREEN));
        return;
    }
    egui::ScrollArea::vertical().show(ui, |ui| {
        for problem in problems {
            ui.separator();
            ui.horizontal_wrapped(|ui| {
                let (word, color) = match problem.severity {
                    Severity::Error => ("error", Color32::LIGHT_RED),
                    Severity::Warning => ("warning", Color32::YELLOW),
                    Severity::Info => ("info", Color32::LIGHT_BLUE),
                };
                ui.label(RichText::new(word).color(color).strong());
                ui.label(RichText::new(&problem.code).monospace());
                if let Some((line, column)) = problem.line_column {
                    ui.label(RichText::new(format!("{line}:{column}")).monospace());
                }
            });
            ui.label(&problem.message);
            if let Some(help) = &problem.help {
                ui.label(RichText::new(help).weak().italics());
            }
        }
    });
}

/// The bottom bar's text: what the pointer is on.
pub fn hover_text(doc: &Document, hovered: Option<Axial>) -> String {
    let Some(at) = hovered else {
        return "Point at a hex to see it. Drag to pan, scroll to zoom.".to_owned();
    };
    let Some(hex) = doc.board.as_ref().and_then(|b| b.get(at)) else {
        return format!("q,r {},{}: not on the map", at[0], at[1]);
    };
    let terrain = if hex.terrain.is_empty() {
        "none".to_owned()
    } else {
        hex.terrain
            .iter()
            .map(|t| t.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut text = format!(
        "q,r {},{}   tile {}{} hex {} ({}/{})   elevation {}   terrain: {}",
        at[0],
        at[1],
        hex.side.prefix(),
        hex.tile,
        hex.index,
        hex.tile,
        hex.index,
        hex.elevation,
        terrain
    );
    let tokens: Vec<&str> = doc.tokens_at(at).map(|t| t.id.as_str()).collect();
    if !tokens.is_empty() {
        text.push_str("   tokens: ");
        text.push_str(&tokens.join(", "));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hover_text_names_the_hex_its_tile_and_tokens() {
        let doc = Document::sample();
        assert_eq!(
            hover_text(&doc, Some([0, 0])),
            "q,r 0,0   tile M1 hex 10 (1/10)   elevation 1   terrain: none   tokens: legacy"
        );
        assert_eq!(
            hover_text(&doc, Some([40, 40])),
            "q,r 40,40: not on the map"
        );
        assert!(hover_text(&doc, None).contains("Drag to pan"));
    }

    /// Runs frames without a window: the whole UI must lay out and paint for a good file and
    /// for a broken one, and the first frame must fit the map.
    #[test]
    fn frames_run_headless_for_good_and_broken_files() {
        for doc in [
            Document::sample(),
            Document::from_bytes("bad.yaml".into(), None, b"map: [\n"),
        ] {
            let has_map = doc.board.is_some();
            let mut app = EditorApp::new(doc);
            assert!(app.title().starts_with("Megahex editor - "));
            let ctx = egui::Context::default();
            for _ in 0..2 {
                let input = egui::RawInput {
                    screen_rect: Some(egui::Rect::from_min_size(
                        egui::Pos2::ZERO,
                        egui::vec2(1000.0, 700.0),
                    )),
                    ..Default::default()
                };
                let output = ctx.run_ui(input, |ui| app.show(ui));
                assert!(!output.shapes.is_empty());
                output.drop_without_applying_deltas();
            }
            assert_eq!(app.view.is_some(), has_map);
        }
    }
}
