//! The map commands that act on the selection or the piece in hand: rotate, flip, delete,
//! hex labels. Run by the shell when a key, button or menu asks for them.

use super::bench::{MapBench, Selection, Tool};
use crate::rulesets::sentinel_tactics::edit::Edit;
use crate::rulesets::sentinel_tactics::held::MapDocument;
use crate::rulesets::sentinel_tactics::tokens::TokenUi;
use crate::workbench::StatusKind;

/// R / Shift+R: turns the tile or token in hand, else the selection.
pub fn rotate(wb: &mut MapBench<'_>, tokens: &mut TokenUi, clockwise: bool) {
    if let Tool::Place(mut placement) = wb.map.tool {
        placement.rotation = crate::rulesets::sentinel_tactics::turning::turned_rotation(
            placement.rotation,
            clockwise,
        );
        wb.map.tool = Tool::Place(placement);
        return;
    }
    if wb.map.tool == Tool::PlaceToken {
        tokens.turn_in_hand(wb, clockwise);
        return;
    }
    if crate::rulesets::sentinel_tactics::group::is_group(wb) {
        let edit = crate::rulesets::sentinel_tactics::group::turn_edit(wb, clockwise);
        run_group_edit(wb, edit);
        return;
    }
    match wb.map.selection {
        Some(Selection::Tile(index)) => turn_selected_tile(wb, index, clockwise),
        Some(Selection::Token(index)) => {
            tokens.rotate_token(wb, index, clockwise);
        }
        None => wb.refuse(
            "Select a tile or a multi-hex figure to rotate (click it), or pick one in a palette",
        ),
    }
}

/// Turns a placed tile; what stands on it keeps its place or turns with it, as the designer
/// chose ([`Workbench::carry_on_turn`]), and the status line says which.
fn turn_selected_tile(wb: &mut MapBench<'_>, index: usize, clockwise: bool) {
    let Some(scenario) = wb.doc.scenario() else {
        return;
    };
    match crate::rulesets::sentinel_tactics::turning::turn_tile(
        scenario,
        &wb.doc.catalog,
        index,
        clockwise,
        wb.map.carry_on_turn,
    ) {
        Ok(turn) => {
            let edit = Edit::TurnTile {
                index,
                clockwise,
                refs: turn.refs,
            };
            if wb.edit(edit) {
                wb.say(StatusKind::Done, turn.note);
            }
        }
        Err(reason) => wb.refuse(&reason),
    }
}

/// Switches whether turning a tile turns what stands on it, and says which it is now.
pub fn toggle_carry_on_turn(wb: &mut MapBench<'_>) {
    wb.map.carry_on_turn = !wb.map.carry_on_turn;
    let text = if wb.map.carry_on_turn {
        "Turning a tile now turns what stands on it too"
    } else {
        "Turning a tile now leaves what stands on it in place"
    };
    wb.say(StatusKind::Done, text.to_owned());
}

/// C: the next kind of hex label, said in the status line.
pub fn cycle_hex_labels(wb: &mut MapBench<'_>) {
    wb.map.hex_labels = wb.map.hex_labels.next();
    let text = format!("Hex labels: {}", wb.map.hex_labels.name());
    wb.say(StatusKind::Done, text);
}

/// F: turns the tile in hand or the selected tile to its other side.
pub fn flip(wb: &mut MapBench<'_>) {
    if let Tool::Place(mut placement) = wb.map.tool {
        placement.side = crate::rulesets::sentinel_tactics::edit::other_side(placement.side);
        wb.map.tool = Tool::Place(placement);
        return;
    }
    match wb.map.selection {
        Some(Selection::Tile(index)) => {
            wb.edit(Edit::FlipTile { index });
        }
        _ => wb.refuse("Select a tile to flip (click it)"),
    }
}

/// Makes a group edit, or says why it cannot be made; the status line names what it did.
pub fn run_group_edit(wb: &mut MapBench<'_>, edit: Result<Edit, String>) -> bool {
    match edit {
        Ok(edit) => {
            let label = wb.label_of(&edit);
            let done = wb.edit(edit);
            if done {
                wb.say(StatusKind::Done, capitalised(&label));
            }
            done
        }
        Err(reason) => {
            wb.refuse(&reason);
            false
        }
    }
}

/// "Move 2 tiles" from "move 2 tiles".
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Delete: removes the selected tiles and tokens.
pub fn remove_selected(wb: &mut MapBench<'_>) {
    let stranded_before = super::off_map::stranded(wb);
    if crate::rulesets::sentinel_tactics::group::is_group(wb) {
        let edit = crate::rulesets::sentinel_tactics::group::remove_edit(wb)
            .ok_or_else(|| "Nothing is selected".to_owned());
        if run_group_edit(wb, edit) {
            crate::rulesets::sentinel_tactics::group::select_only(wb, None);
            super::off_map::say_newly_stranded(wb, "Removed the selection", &stranded_before);
        }
        return;
    }
    match wb.map.selection {
        Some(Selection::Tile(index)) => {
            if wb.edit(Edit::RemoveTile { index }) {
                crate::rulesets::sentinel_tactics::group::select_only(wb, None);
                super::off_map::say_newly_stranded(wb, "Removed the tile", &stranded_before);
            }
        }
        Some(Selection::Token(index)) => {
            if wb.edit(Edit::RemoveToken { index }) {
                crate::rulesets::sentinel_tactics::group::select_only(wb, None);
            }
        }
        None => wb.refuse("Select a tile or a token to delete (click it)"),
    }
}
