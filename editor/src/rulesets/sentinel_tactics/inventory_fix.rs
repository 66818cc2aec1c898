//! The quick fix for a tile placed twice: a button under the problems that puts the inventory
//! solver's best replacement in its place, as one undoable edit.

use egui::RichText;
use megahex_schema::rulesets::sentinel_tactics::TilePlacement;

/// The buttons, one per tile placed twice; the one clicked, if any. `tiles` is the map's
/// tile list, which the replacements' indices point into.
pub fn quick_fixes(
    ui: &mut egui::Ui,
    tiles: &[TilePlacement],
    replacements: &[(usize, TilePlacement)],
) -> Option<(usize, TilePlacement)> {
    if replacements.is_empty() {
        return None;
    }
    ui.separator();
    ui.label(RichText::new("Quick fixes").strong());
    let mut chosen = None;
    for &(index, placement) in replacements {
        let text = format!(
            "Use tile {} ({} side, rotation {}) instead of {}",
            placement.tile,
            placement.side.as_str(),
            placement.rotation,
            which_tile(tiles, index)
        );
        if ui
            .button(text)
            .on_hover_text("the free tile that changes the map least and keeps the scenario valid, as `megahex inventory` proposes it; Ctrl+Z undoes it")
            .clicked()
        {
            chosen = Some((index, placement));
        }
    }
    chosen
}

/// The tile at `index` as a designer tells it from its twin: "the second tile 3" when the
/// number is on the map more than once, else "tile 3".
pub fn which_tile(tiles: &[TilePlacement], index: usize) -> String {
    let Some(tile) = tiles.get(index) else {
        return "a tile no longer on the map".to_owned();
    };
    let twins = tiles.iter().filter(|t| t.tile == tile.tile).count();
    if twins < 2 {
        return format!("tile {}", tile.tile);
    }
    let nth = tiles[..index]
        .iter()
        .filter(|t| t.tile == tile.tile)
        .count();
    let ordinal = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
    ]
    .get(nth)
    .map_or_else(|| format!("{}th", nth + 1), |o| (*o).to_owned());
    format!("the {ordinal} tile {}", tile.tile)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tile(number: u8) -> TilePlacement {
        serde_yaml::from_str(&format!(
            "{{tile: {number}, side: megalopolis, at: [0, 0]}}"
        ))
        .unwrap()
    }

    #[test]
    fn a_tile_with_a_twin_is_told_by_its_place_among_them() {
        let tiles = [tile(3), tile(1), tile(3), tile(3)];
        assert_eq!(which_tile(&tiles, 0), "the first tile 3");
        assert_eq!(which_tile(&tiles, 2), "the second tile 3");
        assert_eq!(which_tile(&tiles, 3), "the third tile 3");
        assert_eq!(which_tile(&tiles, 1), "tile 1");
        assert_eq!(which_tile(&tiles, 9), "a tile no longer on the map");
    }
}
