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
            megahex::rulesets::sentinel_tactics::inventory::which_tile(tiles, index)
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
