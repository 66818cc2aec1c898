//! The layers window, as Tiled and MegaMek have it: each layer of the map shown or hidden, and
//! the tiles and the tokens locked against clicks and drags on the map, so a designer painting
//! zones over a crowd does not pick up a figure by accident.

use super::bench::{MapBench, Selection};
use super::group;
use crate::workbench::StatusKind;

/// The window, while `open`.
pub fn layers_window(ctx: &egui::Context, open: &mut bool, wb: &mut MapBench<'_>) {
    if !*open {
        return;
    }
    egui::Window::new("Layers")
        .open(open)
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| layers_grid(ui, wb));
}

/// The table: one row a layer, a Show and a Lock column.
fn layers_grid(ui: &mut egui::Ui, wb: &mut MapBench<'_>) {
    egui::Grid::new("layers")
        .num_columns(3)
        .spacing([16.0, 6.0])
        .show(ui, |ui| {
            ui.strong("Layer");
            ui.strong("Show");
            ui.strong("Lock");
            ui.end_row();

            ui.label("Tiles");
            ui.add_enabled(false, egui::Checkbox::without_text(&mut true))
                .on_disabled_hover_text("The map is always drawn");
            let mut locked = wb.map.locks.map;
            if ui
                .checkbox(&mut locked, "")
                .on_hover_text("Clicks and drags on the map leave the tiles alone")
                .changed()
            {
                lock(wb, Layer::Tiles, locked);
            }
            ui.end_row();

            ui.label("Tokens");
            let mut shown = wb.layers.tokens;
            if ui
                .checkbox(&mut shown, "")
                .on_hover_text("Hide the tokens to see the ground under them")
                .changed()
            {
                wb.layers.tokens = shown;
                if !shown {
                    drop_picked(wb, Layer::Tokens);
                }
            }
            let mut locked = wb.map.locks.tokens;
            if ui
                .checkbox(&mut locked, "")
                .on_hover_text("Clicks and drags on the map leave the tokens alone")
                .changed()
            {
                lock(wb, Layer::Tokens, locked);
            }
            ui.end_row();

            ui.label("Objectives");
            ui.checkbox(&mut wb.layers.objectives, "")
                .on_hover_text("Objective hexes and tokens to collect (O; in exports too)");
            ui.end_row();

            ui.label("Deployment zones");
            ui.checkbox(&mut wb.layers.zones, "")
                .on_hover_text("Each team's zone in its colour (Z; in exports too)");
            ui.end_row();

            ui.label("Changes since saved");
            ui.checkbox(&mut wb.layers.changes, "")
                .on_hover_text("What changed since the last save, as `megahex diff` marks it");
            ui.end_row();
        });
    ui.label(
        egui::RichText::new("A locked layer is still edited from the panels, menus and keys.")
            .weak(),
    );
}

/// A layer that can be locked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layer {
    /// The tiles.
    Tiles,
    /// The tokens.
    Tokens,
}

/// Locks or unlocks a layer; locking lets go of its pieces in the selection.
pub fn lock(wb: &mut MapBench<'_>, layer: Layer, locked: bool) {
    let (flag, name) = match layer {
        Layer::Tiles => (&mut wb.map.locks.map, "tiles"),
        Layer::Tokens => (&mut wb.map.locks.tokens, "tokens"),
    };
    *flag = locked;
    if locked {
        drop_picked(wb, layer);
    }
    let text = match locked {
        true => format!("The {name} are locked: clicks and drags on the map leave them alone"),
        false => format!("The {name} are unlocked"),
    };
    wb.say(StatusKind::Done, text);
}

/// Takes the layer's pieces out of the selection.
fn drop_picked(wb: &mut MapBench<'_>, layer: Layer) {
    let of_layer = |piece: &Selection| match (piece, layer) {
        (Selection::Tile(_), Layer::Tiles) | (Selection::Token(_), Layer::Tokens) => true,
        (Selection::Tile(_), Layer::Tokens) | (Selection::Token(_), Layer::Tiles) => false,
    };
    let kept: Vec<Selection> = group::selected(wb)
        .into_iter()
        .filter(|p| !of_layer(p))
        .collect();
    group::select_only(wb, None);
    for piece in kept {
        group::toggle(wb, piece);
    }
}
