//! The commands a deck runs, and why it cannot run the others: it has no map.

use crate::command::Command;

/// What the status line says when a new scenario of this game opens.
pub const NEW_HINT: &str = "New deck from the bundled example: rework its cards, heroes, bosses and missions, then save with Ctrl+S under a name of your own";

/// Why a deck cannot run `command`, or `None` when it can.
pub fn cannot(command: Command) -> Option<&'static str> {
    match command {
        Command::New(_)
        | Command::Open
        | Command::Save
        | Command::SaveAs
        | Command::Reload
        | Command::Undo
        | Command::Redo
        | Command::UndoHistory
        | Command::Delete
        | Command::Cancel
        | Command::Help => None,
        Command::Copy | Command::Cut | Command::Paste | Command::Duplicate | Command::SelectAll => {
            Some("A deck has no copy and paste yet: add cards in the stacks")
        }
        Command::Export
        | Command::RotateClockwise
        | Command::RotateCounterClockwise
        | Command::Flip
        | Command::CarryOnTurn
        | Command::Fit
        | Command::ZoomIn
        | Command::ZoomOut
        | Command::HexLabels
        | Command::ObjectivesLayer
        | Command::ZonesLayer
        | Command::Layers
        | Command::SightOverlay
        | Command::RangeOverlay
        | Command::ReachOverlay
        | Command::AreaOverlay => Some("A deck has no map"),
        Command::ScenarioPanel => {
            Some("A deck has no scenario panel: its rank and stack order are on the right")
        }
    }
}
