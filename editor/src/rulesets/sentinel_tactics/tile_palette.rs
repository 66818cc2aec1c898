//! The tile palette: every tile of the catalog with both faces. A tile already on the map is
//! shown as used, because each physical tile can only be put down once.

use super::bench::{MapBench, Tool};
use crate::rulesets::sentinel_tactics::held::MapDocument;
use std::collections::BTreeMap;

use egui::Sense;
use megahex_schema::rulesets::sentinel_tactics::{Side, TilePlacement};

use crate::workbench::StatusKind;

/// The tile palette: every tile of the catalog with both faces. A tile already on the map
/// is shown as used, because each physical tile can only be put down once.
/// Draws the palette; true when a tile face started being dragged onto the map.
pub fn tile_palette(ui: &mut egui::Ui, wb: &mut MapBench<'_>) -> bool {
    let mut drag_started = false;
    ui.heading("Tiles");
    ui.label(
        egui::RichText::new("Pick a side and click the map, or drag it onto the map. Esc cancels.")
            .weak(),
    );
    ui.separator();
    let mut sides: BTreeMap<u32, Vec<Side>> = BTreeMap::new();
    for side in &wb.doc.catalog.tiles {
        sides.entry(side.tile).or_default().push(side.side);
    }
    let on_map: BTreeMap<u32, Side> = wb
        .doc
        .scenario()
        .map(|s| s.map.tiles.iter().map(|t| (t.tile, t.side)).collect())
        .unwrap_or_default();
    let editable = wb.doc.scenario().is_some();
    egui::ScrollArea::vertical().show(ui, |ui| {
        for (tile, faces) in &sides {
            ui.horizontal(|ui| {
                let used = on_map.get(tile);
                ui.label(format!("{tile}"));
                for &side in faces {
                    let label = format!("{}{}", side.prefix(), tile);
                    let placing = matches!(wb.map.tool, Tool::Place(p) if p.tile == *tile && p.side == side);
                    let button = egui::Button::new(&label)
                        .selected(placing)
                        .sense(Sense::click_and_drag());
                    let response = ui.add_enabled(editable && used.is_none(), button);
                    let response = match used {
                        Some(up) => response.on_disabled_hover_text(format!(
                            "Tile {tile} is on the map, {} side up. Each tile can be used once: select it and press F to flip it.",
                            up.as_str()
                        )),
                        None => response.on_hover_text(format!(
                            "Place tile {tile}, {} side up",
                            side.as_str()
                        )),
                    };
                    let dragged = response.drag_started();
                    if dragged {
                        drag_started = true;
                    }
                    if response.clicked() || dragged {
                        wb.map.tool = Tool::Place(TilePlacement {
                            tile: *tile,
                            side,
                            at: [0, 0],
                            rotation: 0,
                        });
                        crate::rulesets::sentinel_tactics::group::select_only(wb, None);
                        wb.say(
                            StatusKind::Done,
                            format!("Placing {label}: click the map where its centre goes"),
                        );
                    }
                }
                if used.is_some() {
                    ui.label(egui::RichText::new("used").weak().small());
                }
            });
        }
    });
    drag_started
}
