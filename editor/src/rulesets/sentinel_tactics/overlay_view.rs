//! The overlays in the window: the toolbar group that toggles them, the bar with their
//! parameters and legend, and the [`Layer`] the canvas paints. The answers themselves come from
//! [`crate::rulesets::sentinel_tactics::overlay`], cached there.

use super::bench::{MapBench, Selection};
use crate::rulesets::sentinel_tactics::held::MapDocument;
use egui::{Color32, RichText};
use megahex::board::Axial;

use crate::rulesets::sentinel_tactics::overlay::{self, Layer, Source, Tint};
use crate::view::hex_corners_in_world;

/// The overlays' own state: answers kept until the selection, the scenario or a parameter
/// changes, and the line about the hovered hex shown under the legend.
#[derive(Default)]
pub struct OverlayView {
    /// Overlay answers, computed on a worker and kept.
    pub cache: crate::rulesets::sentinel_tactics::overlay_cache::Cache,
    /// A line about the hovered hex (a verdict, a cost, an origin problem).
    pub note: Option<String>,
}

/// Where overlays are computed from: the selected token's hexes, or the hex clicked to select
/// a tile.
pub fn overlay_source(wb: &MapBench<'_>) -> Option<Source> {
    match wb.map.selection? {
        Selection::Token(index) => {
            let token = wb.doc.tokens().iter().find(|t| t.index == index)?;
            Some(Source {
                hexes: token.hexes.clone(),
                token: Some(token.id.clone()),
            })
        }
        Selection::Tile(index) => {
            let at = wb.map.picked?;
            let hex = wb.doc.board()?.get(at)?;
            (hex.placement == index).then(|| Source {
                hexes: vec![at],
                token: None,
            })
        }
    }
}

impl OverlayView {
    /// The overlay bar under the toolbar: parameters and the legend, shown while an overlay is on.
    pub(crate) fn overlay_bar(&mut self, wb: &mut MapBench<'_>, ui: &mut egui::Ui) {
        let settings = &mut wb.map.overlays;
        match settings.tint {
            Tint::Reach => {
                ui.horizontal_wrapped(|ui| {
                    ui.label("Move");
                    for n in 1..=6 {
                        let on = !settings.sprint && settings.move_value == n;
                        if ui.selectable_label(on, n.to_string()).clicked() {
                            settings.move_value = n;
                            settings.sprint = false;
                        }
                    }
                    ui.checkbox(&mut settings.sprint, "Sprint")
                        .on_hover_text("Up to 2 hexes, ignoring elevation");
                    ui.add_enabled(
                        !settings.sprint,
                        egui::Checkbox::new(&mut settings.mobility, "Mobility"),
                    )
                    .on_hover_text("Elevation changes cost nothing");
                });
            }
            Tint::Area => {
                ui.horizontal_wrapped(|ui| {
                    ui.checkbox(&mut settings.vertex, "Vertex")
                        .on_hover_text("The 3 hexes at the corner nearest the pointer");
                    ui.add_enabled_ui(!settings.vertex, |ui| {
                        ui.label("Radius");
                        for n in 0..=3 {
                            if ui
                                .selectable_label(settings.radius == n, n.to_string())
                                .clicked()
                            {
                                settings.radius = n;
                            }
                        }
                    });
                    ui.separator();
                    ui.label("Origin at most");
                    ui.add(egui::DragValue::new(&mut settings.max_origin).range(0..=20))
                        .on_hover_text(
                            "How far from the source the origin may be (elevation ignored)",
                        );
                    ui.label("hexes away");
                });
            }
            Tint::Sight | Tint::None => {}
        }
        ui.horizontal_wrapped(|ui| {
            for (color, text) in self.legend(wb) {
                match color {
                    Some(color) => swatch(ui, color, &text),
                    None => {
                        ui.label(text);
                    }
                }
            }
        });
        if let Some(note) = &self.note {
            ui.label(RichText::new(note).color(Color32::from_rgb(255, 200, 90)));
        }
    }

    /// The legend: the overlay's name, the rule in force, and what each colour means.
    fn legend(&self, wb: &MapBench<'_>) -> Vec<(Option<Color32>, String)> {
        let rule = self
            .cache
            .rules()
            .or_else(|| {
                wb.doc
                    .scenario()
                    .map(|s| megahex::board::los::LosRules::from_rules(&s.rules))
            })
            .map_or_else(String::new, |r| r.name());
        let mut items = Vec::new();
        let source = overlay_source(wb);
        let from = match &source {
            Some(Source {
                token: Some(id), ..
            }) => format!("from {id}"),
            Some(Source { hexes, .. }) => hexes
                .first()
                .map_or_else(String::new, |h| format!("from q,r {},{}", h[0], h[1])),
            None => "select a hex or token (click it) to see it".to_owned(),
        };
        match wb.map.overlays.tint {
            Tint::Sight => {
                items.push((None, format!("Line of sight {from}; rule {rule}:")));
                items.push((Some(overlay::SEEN), "seen both ways".to_owned()));
                items.push((Some(overlay::HIDDEN), "hidden".to_owned()));
                items.push((
                    Some(overlay::SEES_ONLY),
                    "seen, not seen back (viewer in cover)".to_owned(),
                ));
                items.push((
                    Some(overlay::SEEN_ONLY),
                    "sees the viewer, not seen (in cover)".to_owned(),
                ));
                items.push((
                    Some(overlay::WITNESS),
                    "hover a hex: a clear line, or the blocking hexes".to_owned(),
                ));
            }
            Tint::Reach => {
                let action = if wb.map.overlays.sprint {
                    "Sprint".to_owned()
                } else {
                    format!(
                        "Move {}{}",
                        wb.map.overlays.move_value,
                        if wb.map.overlays.mobility {
                            " with Mobility"
                        } else {
                            ""
                        }
                    )
                };
                items.push((None, format!("Reach: {action} {from}; numbers are costs:")));
                items.push((Some(overlay::REACH), "can end here".to_owned()));
                items.push((
                    Some(overlay::HAZARD),
                    "cheapest path enters a hazard".to_owned(),
                ));
            }
            Tint::Area => {
                let shape = if wb.map.overlays.vertex {
                    "vertex".to_owned()
                } else {
                    format!("radius {}", wb.map.overlays.radius)
                };
                items.push((
                    None,
                    format!("Area ({shape}) {from}, origin under the pointer; rule {rule}:"),
                ));
                items.push((Some(overlay::HIT), "hit".to_owned()));
                items.push((
                    Some(overlay::SHIELDED),
                    "in the template, out of the origin's sight".to_owned(),
                ));
            }
            Tint::None => {}
        }
        if wb.map.overlays.range {
            let text = if wb.map.overlays.tint == Tint::None {
                format!("Range numbers {from} (distance + elevation difference)")
            } else {
                "range numbers at the top of each hex".to_owned()
            };
            items.push((None, text));
        }
        items
    }

    /// Computes (or takes from the cache) what the canvas paints for the overlays this frame,
    /// and the note shown under the legend.
    pub fn overlay_layer(&mut self, wb: &MapBench<'_>) -> Layer {
        let mut layer = Layer::default();
        self.note = None;
        if let (true, Some(diff), Some(scene)) = (wb.layers.changes, &wb.doc.changes, &wb.doc.scene)
        {
            layer.add_changes(diff, |id| {
                scene.token(id).map(|t| t.hexes.clone()).unwrap_or_default()
            });
        }
        if !wb.map.overlays.any() {
            return layer;
        }
        let Some(source) = overlay_source(wb) else {
            return layer;
        };
        let Some(scene) = &wb.doc.scene else {
            return layer;
        };
        self.cache.scene(wb.doc.layout, scene);
        let hovered = wb.hovered.filter(|h| !source.hexes.contains(h));
        let settings = wb.map.overlays;
        match settings.tint {
            Tint::Sight => {
                let verdicts = self.cache.verdicts(&source).iter().map(|&(at, seen)| {
                    let (visible, back) = seen.verdicts();
                    (at, visible, back)
                });
                layer.add_sight(&source.hexes, verdicts);
                if let Some(s) = hovered.and_then(|h| self.cache.sight_to(&source, h)) {
                    layer.add_pair(s);
                    self.note = Some(sight_note(s));
                }
            }
            Tint::Reach => {
                let found = self.cache.reach(&source, settings.action());
                layer.add_reach(&source.hexes, found);
                if let Some(h) = hovered {
                    match found.iter().find(|d| d.at == h) {
                        Some(d) => {
                            layer.add_path(&d.path);
                            let hazards = if d.hazards.is_empty() {
                                String::new()
                            } else {
                                format!(", entering {} hazard space(s)", d.hazards.len())
                            };
                            self.note = Some(format!(
                                "q,r {},{}: cost {} by {} step(s){hazards}",
                                h[0],
                                h[1],
                                d.cost,
                                d.path.len().saturating_sub(1)
                            ));
                        }
                        None => {
                            self.note = Some(format!("q,r {},{}: out of reach", h[0], h[1]));
                        }
                    }
                }
            }
            Tint::Area => {
                if let Some(origin) = wb.hovered {
                    let corner = self.nearest_corner(wb, origin);
                    if let Some(t) = self.cache.template(&source, origin, corner, &settings) {
                        layer.add_area(t, settings.vertex.then_some(corner));
                        self.note = Some(match &t.origin_problem {
                            Some(problem) => format!("Origin not allowed: {problem}"),
                            None => format!(
                                "{} hex(es) hit, {} shielded",
                                t.hits.len(),
                                t.shielded.len()
                            ),
                        });
                    }
                }
            }
            Tint::None => {}
        }
        if settings.range {
            layer.add_ranges(&source.hexes, self.cache.ranges(&source));
        }
        layer.add_source(&source.hexes);
        layer
    }

    /// The corner of `hex` nearest the pointer (0 east, then clockwise), for vertex attacks.
    fn nearest_corner(&self, wb: &MapBench<'_>, hex: Axial) -> usize {
        let Some(pointer) = wb.pointer_world else {
            return 0;
        };
        hex_corners_in_world(hex)
            .iter()
            .enumerate()
            .min_by(|a, b| {
                let da = a.1.distance_sq(pointer);
                let db = b.1.distance_sq(pointer);
                da.total_cmp(&db)
            })
            .map_or(0, |(k, _)| k)
    }
}

/// A line about the hovered pair: the verdict both ways, the range, and why.
fn sight_note(s: &megahex::board::los::Sight) -> String {
    let way = |v: bool| if v { "sees" } else { "does not see" };
    let mut text = format!(
        "to q,r {},{}: {} it, it {} back; range {}",
        s.to[0],
        s.to[1],
        way(s.visible),
        way(s.reverse_visible),
        s.range
    );
    if !s.blocked_by.is_empty() {
        let hexes: Vec<String> = s
            .blocked_by
            .iter()
            .map(|h| format!("{},{}", h[0], h[1]))
            .collect();
        text.push_str(&format!("; blocked by {}", hexes.join(" ")));
    }
    for note in &s.notes {
        text.push_str("; ");
        text.push_str(note);
    }
    text
}

/// A small coloured square and its meaning.
fn swatch(ui: &mut egui::Ui, color: Color32, text: &str) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
    ui.painter().rect_filled(rect, 2.0, color);
    ui.painter().rect_stroke(
        rect,
        2.0,
        egui::Stroke::new(1.0, Color32::GRAY),
        egui::StrokeKind::Inside,
    );
    ui.label(text);
}
