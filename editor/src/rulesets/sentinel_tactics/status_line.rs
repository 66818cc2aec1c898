//! What the status line says on a Sentinel Tactics map: the hex under the pointer, and the
//! keys that do something with the tool in hand and the selection.

use super::bench::{MapBench, Selection, Tool};
use super::held::MapDocument;
use megahex::board::Axial;
use megahex_schema::rulesets::sentinel_tactics::Side;

use super::scenario_panel::ScenarioUi;
use super::tokens::TokenUi;
use crate::document::Document;

/// The keys that do something right now.
pub fn mode_hint(wb: &MapBench<'_>, tokens: &TokenUi, scenario: &ScenarioUi) -> String {
    match (wb.map.tool, wb.map.selection) {
        (Tool::PlaceToken, _) => tokens.placing_token_hint(wb),
        (Tool::Paint(brush), _) => scenario.paint_hint(wb, brush),
        (Tool::PutBack(index), _) => {
            let id = wb
                .doc
                .scenario()
                .and_then(|s| s.tokens.get(index))
                .map_or("the token", |t| t.id.as_str());
            format!("Putting {id} back: click the hex for it (its first hex). Esc cancels.")
        }
        (Tool::Place(p), _) => format!(
            "Placing {}{}: click the map to put its centre there. R / Shift+R turn it, F flips it, Esc cancels.",
            p.side.prefix(),
            p.tile
        ),
        (Tool::Select, Some(_)) if super::group::is_group(wb) => format!(
            "{} pieces selected: drag one to move them all, R / Shift+R turn them, Delete removes them, Ctrl+C copies, Ctrl+D duplicates. Shift+click drops one.",
            super::group::selected(wb).len()
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

/// The status line's text for the hex under the pointer: its tile, elevation and terrain, and
/// the tokens on it.
pub fn hover_text(doc: &Document, hovered: Option<Axial>) -> String {
    let Some(at) = hovered else {
        return "Point at a hex to see it.".to_owned();
    };
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
        Side::from(hex.face).prefix(),
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
