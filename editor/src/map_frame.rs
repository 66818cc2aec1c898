//! What every ruleset's map canvas shares: framing the map in the canvas (fit, resize, zoom
//! around the pointer), the hex under the pointer, the problems' badges and the legend.

use std::collections::BTreeMap;

use egui::{Color32, Pos2, Sense};
use megahex::Severity;
use megahex::board::Axial;

use crate::draw;
use crate::view::{View, hex_at_world, world_bounds};
use crate::workbench::Workbench;

/// Free space around the map after "Fit", in points.
const FIT_MARGIN: f32 = 40.0;
/// Scroll distance, in points, that zooms by a factor of e.
const SCROLL_PER_E_ZOOM: f32 = 200.0;
/// Map background.
pub const TABLE: Color32 = Color32::from_rgb(26, 28, 34);

/// Room kept above the map after Fit, for the overlay bar that floats there.
const OVERLAY_BAR_ROOM: f32 = 72.0;

/// Where Fit puts the map: the canvas less the strip the overlay bar floats over and the corner
/// the legend floats in, so neither hides the map's edge rows.
fn fit_area(canvas: egui::Rect, legend_lines: usize) -> egui::Rect {
    let top = (canvas.min.y + OVERLAY_BAR_ROOM).min(canvas.center().y);
    // The legend floats in the lower left: keep the map clear of it.
    let legend = match legend_lines {
        0 => 0.0,
        n => LEGEND_LINE_HEIGHT * n.min(LEGEND_LINES + 1) as f32 + 24.0,
    };
    let bottom = (canvas.max.y - legend).max(canvas.center().y);
    canvas.with_min_y(top).with_max_y(bottom)
}

/// Height of one legend line, small text with its swatch.
const LEGEND_LINE_HEIGHT: f32 = 23.0;

/// Longest legend line, in characters; longer ones are cut (the Scenario panel has the rest).
const LEGEND_CHARS: usize = 64;

/// `text` cut to `LEGEND_CHARS` characters, with `...` when it was longer.
fn legend_text(text: &str) -> String {
    if text.chars().count() <= LEGEND_CHARS {
        return text.to_owned();
    }
    let cut: String = text.chars().take(LEGEND_CHARS - 3).collect();
    format!("{}...", cut.trim_end())
}

/// Most legend lines shown; the rest are counted.
const LEGEND_LINES: usize = 8;

/// What the marks' colours mean, in the lower left corner of the map, for the layers that are on.
pub fn map_legend(ui: &egui::Ui, wb: &Workbench, rect: egui::Rect) {
    let lines = wb
        .doc
        .decor
        .legend_entries(wb.layers.objectives, wb.layers.zones);
    if lines.is_empty() {
        return;
    }
    egui::Area::new(egui::Id::unique("map-legend"))
        .pivot(egui::Align2::LEFT_BOTTOM)
        .fixed_pos(rect.left_bottom() + egui::vec2(8.0, -8.0))
        .interactable(false)
        .show(ui.ctx(), |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                for (colour, text, kind) in lines.iter().take(LEGEND_LINES) {
                    ui.horizontal(|ui| {
                        let (swatch, _) =
                            ui.allocate_exact_size(egui::vec2(12.0, 12.0), Sense::hover());
                        legend_swatch(ui.painter(), swatch, draw::rgb(*colour), *kind);
                        ui.label(egui::RichText::new(legend_text(text)).small());
                    });
                }
                if lines.len() > LEGEND_LINES {
                    ui.label(
                        egui::RichText::new(format!("and {} more", lines.len() - LEGEND_LINES))
                            .small()
                            .weak(),
                    );
                }
            });
        });
}

/// A legend line's swatch, drawn as the map draws its mark: a zone as a tint with a solid edge,
/// objective hexes as a dashed outline with a diamond, tokens to collect as a dashed ring; so an
/// objective and a zone of one team no longer share a swatch.
fn legend_swatch(
    painter: &egui::Painter,
    rect: egui::Rect,
    colour: egui::Color32,
    kind: megahex::report::decor::LegendKind,
) {
    use megahex::report::decor::LegendKind;
    let stroke = egui::Stroke::new(1.5, colour);
    match kind {
        LegendKind::Zone => {
            painter.rect_filled(rect, 2.0, colour.gamma_multiply(0.45));
            painter.rect_stroke(rect, 2.0, stroke, egui::StrokeKind::Inside);
        }
        LegendKind::ObjectiveHexes => {
            let corners = [
                rect.left_top(),
                rect.right_top(),
                rect.right_bottom(),
                rect.left_bottom(),
            ];
            for i in 0..4 {
                let (a, b) = (corners[i], corners[(i + 1) % 4]);
                painter.add(egui::Shape::dashed_line(&[a, b], stroke, 3.0, 2.0));
            }
            let c = rect.center();
            let r = rect.width() * 0.22;
            painter.add(egui::Shape::convex_polygon(
                vec![
                    c + egui::vec2(0.0, -r),
                    c + egui::vec2(r, 0.0),
                    c + egui::vec2(0.0, r),
                    c + egui::vec2(-r, 0.0),
                ],
                colour,
                egui::Stroke::NONE,
            ));
        }
        LegendKind::Collect => {
            let ring: Vec<egui::Pos2> = (0..=16)
                .map(|i| {
                    let angle = std::f32::consts::TAU * i as f32 / 16.0;
                    rect.center() + egui::vec2(angle.cos(), angle.sin()) * rect.width() * 0.42
                })
                .collect();
            painter.add(egui::Shape::dashed_line(&ring, stroke, 2.5, 2.0));
        }
    }
}

/// The view to draw the map with in `rect`: the one the designer framed (kept centred when the
/// canvas is resized), or the map fitted when there is none yet. An empty map gets a small
/// frame around `[0, 0]`, to place the first piece.
pub fn frame_view(wb: &mut Workbench, rect: egui::Rect) -> Option<View> {
    let hexes = wb.doc.board().map(|b| b.hexes().iter().map(|h| h.at));
    let bounds = hexes
        .and_then(world_bounds)
        .or_else(|| world_bounds([[-3, 0], [3, 0], [0, -3], [0, 3]]))?;
    // The window was resized (or a panel opened): a fitted map is fitted again; one the
    // designer framed keeps its zoom, with its middle in the middle.
    if let (Some(old), Some(view)) = (wb.canvas_rect, &mut wb.view)
        && old != rect
    {
        if wb.view_fitted {
            wb.view = None;
        } else {
            view.origin_in_screen += rect.center() - old.center();
        }
    }
    wb.canvas_rect = Some(rect);
    if wb.view.is_none() {
        wb.view_fitted = true;
    }
    let legend = wb
        .doc
        .decor
        .legend_of(wb.layers.objectives, wb.layers.zones);
    Some(
        *wb.view
            .get_or_insert_with(|| View::fit(bounds, fit_area(rect, legend.len()), FIT_MARGIN)),
    )
}

/// Zooms around the pointer by this frame's scroll and pinch, and notes the hex under it.
pub fn zoom_and_hover(ui: &egui::Ui, wb: &mut Workbench, view: &View, pointer: Option<Pos2>) {
    if let (Some(p), Some(view)) = (pointer, &mut wb.view) {
        let (scroll, pinch) = ui.input(|i| (i.smooth_scroll_delta().y, i.zoom_delta()));
        let factor = pinch * (scroll / SCROLL_PER_E_ZOOM).exp();
        if factor != 1.0 {
            view.zoom_around(p, factor);
            wb.view_fitted = false;
        }
    }
    let pointer_hex = pointer.map(|p| hex_at_screen(view, p));
    let hovered = pointer_hex.filter(|&h| wb.on_board(h));
    if hovered != wb.hovered || pointer_hex != wb.pointer_hex {
        // The status bar was drawn before the canvas: show the new hex on the next frame.
        wb.hovered = hovered;
        wb.pointer_hex = pointer_hex;
        ui.ctx().request_repaint();
    }
    wb.pointer_world = pointer.map(|p| view.world_from_screen(p));
}

/// The hex under a point of the screen.
pub fn hex_at_screen(view: &View, pos: Pos2) -> Axial {
    hex_at_world(view.world_from_screen(pos))
}

/// The hexes named by current findings, each once, with the worst severity among them.
pub fn problem_badges(problems: &[crate::document::Problem]) -> Vec<(Axial, Severity)> {
    let mut worst: BTreeMap<Axial, Severity> = BTreeMap::new();
    for problem in problems {
        for &hex in &problem.hexes {
            let entry = worst.entry(hex).or_insert(problem.severity);
            if rank(problem.severity) > rank(*entry) {
                *entry = problem.severity;
            }
        }
    }
    worst.into_iter().collect()
}

fn rank(severity: Severity) -> u8 {
    match severity {
        Severity::Error => 2,
        Severity::Warning => 1,
        Severity::Info => 0,
    }
}
