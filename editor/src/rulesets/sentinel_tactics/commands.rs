//! The commands a Sentinel Tactics map runs: all of them, the map editor being where each
//! command began.

use crate::command::Command;

/// What the status line says when a new scenario of this game opens.
pub const NEW_HINT: &str = "New scenario: pick tiles in the palette, then save with Ctrl+S";

/// Why a Sentinel Tactics map cannot run `command`: it can run every one.
pub fn cannot(command: Command) -> Option<&'static str> {
    match command {
        Command::New(_)
        | Command::Open
        | Command::Save
        | Command::SaveAs
        | Command::Reload
        | Command::Export
        | Command::Undo
        | Command::Redo
        | Command::UndoHistory
        | Command::RotateClockwise
        | Command::RotateCounterClockwise
        | Command::Flip
        | Command::Delete
        | Command::Copy
        | Command::Cut
        | Command::Paste
        | Command::Duplicate
        | Command::SelectAll
        | Command::CarryOnTurn
        | Command::Cancel
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
        | Command::AreaOverlay
        | Command::ScenarioPanel
        | Command::Help => None,
    }
}
