//! The status line at the bottom of the window.

use egui::{Color32, RichText};
use megahex::board::Axial;

use crate::document::Document;
use crate::sentinel_tactics::scenario_panel::ScenarioUi;
use crate::sentinel_tactics::tokens::TokenUi;
use crate::workbench::{Selection, StatusKind, Tool, Workbench};

/// The bottom bar: the outcome of the last action, what the pointer is on, and the keys that
/// do something now.
pub fn status_bar(ui: &mut egui::Ui, wb: &Workbench, hint: &str) {
    // Always one line for the status, so the map does not jump when a message appears.
    match &wb.status {
        Some(status) => {
            let color = match status.kind {
                StatusKind::Done => Color32::LIGHT_GREEN,
                StatusKind::Refused => Color32::from_rgb(255, 200, 90),
                StatusKind::Failed => Color32::LIGHT_RED,
            };
            ui.label(RichText::new(&status.text).color(color));
        }
        None => {
            ui.label(" ");
        }
    }
    ui.label(hover_text(&wb.doc, wb.hovered));
    ui.label(RichText::new(hint).weak());
}

/// The keys that do something right now.
pub fn mode_hint(wb: &Workbench, tokens: &TokenUi, scenario: &ScenarioUi) -> String {
    match (wb.tool, wb.selection) {
        (Tool::PlaceToken, _) => tokens.placing_token_hint(wb),
        (Tool::Paint(brush), _) => scenario.paint_hint(wb, brush),
        (Tool::Place(p), _) => format!(
            "Placing {}{}: click the map to put its centre there. R / Shift+R turn it, F flips it, Esc cancels.",
            p.side.prefix(),
            p.tile
        ),
        (Tool::Select, Some(_)) if crate::sentinel_tactics::group::is_group(wb) => format!(
            "{} pieces selected: drag one to move them all, R / Shift+R turn them, Delete removes them, Ctrl+C copies, Ctrl+D duplicates. Shift+click drops one.",
            crate::sentinel_tactics::group::selected(wb).len()
        ),
        (Tool::Select, Some(Selection::Tile(_))) => {
            "Tile selected: R / Shift+R rotate, F flips, Delete removes, drag it to move. From the hex clicked: L sight, G range, M reach, A area.".to_owned()
        }
        (Tool::Select, Some(Selection::Token(_))) => {
            "Token selected: edit it on the right, drag it to move, R / Shift+R turn a multi-hex figure, Delete removes, click again for the tile under it. L sight, G range, M reach, A area.".to_owned()
        }
        (Tool::Select, None) => {
            "Click a tile or token to select it. Drag to pan, scroll to zoom.".to_owned()
        }
    }
}

/// The bottom bar's text: what the pointer is on.
pub fn hover_text(doc: &Document, hovered: Option<Axial>) -> String {
    if let Some(deck) = doc.deck() {
        return format!(
            "{} conflict cards, {} bosses, {} heroes, {} missions",
            deck.conflict.len(),
            deck.bosses.len(),
            deck.heroes.len(),
            deck.missions.len()
        );
    }
    let Some(at) = hovered else {
        return "Point at a hex to see it.".to_owned();
    };
    if let (Some(scenario), Some(game)) = (doc.skirmish(), &doc.skirmish_game) {
        return crate::hex_skirmish::hover_text(game, scenario, at);
    }
    let Some(hex) = doc.board().and_then(|b| b.get(at)) else {
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
        megahex_schema::rulesets::sentinel_tactics::Side::from(hex.face).prefix(),
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
