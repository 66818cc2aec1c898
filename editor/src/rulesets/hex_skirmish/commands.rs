//! The commands an arena runs, and why it cannot run the others.

use crate::command::Command;

/// What the status line says when a new scenario of this game opens.
pub const NEW_HINT: &str = "New hex-skirmish scenario: a hexagon of open ground with a fighter on each of two teams; paint terrain and place units from the palette, then save with Ctrl+S";

/// Why an arena cannot run `command`, or `None` when it can.
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
        | Command::Fit
        | Command::ZoomIn
        | Command::ZoomOut
        | Command::ObjectivesLayer
        | Command::ZonesLayer
        | Command::SightOverlay
        | Command::ReachOverlay
        | Command::Help => None,
        Command::Export => Some("An arena has no picture export yet"),
        Command::RotateClockwise | Command::RotateCounterClockwise => {
            Some("An arena's units stand on one hex each: there is nothing to turn")
        }
        Command::Flip | Command::CarryOnTurn => {
            Some("An arena has no tiles: it is painted hex by hex")
        }
        Command::Copy | Command::Cut | Command::Paste | Command::Duplicate | Command::SelectAll => {
            Some("An arena has no copy and paste yet: place units from the palette")
        }
        Command::HexLabels => Some("An arena draws no hex labels yet"),
        Command::Layers => Some(
            "An arena has no layers window yet: O and Z show or hide its objectives and spawn zones",
        ),
        Command::RangeOverlay | Command::AreaOverlay => {
            Some("An arena's previews are sight and reach, from the selected unit")
        }
        Command::ScenarioPanel => Some(
            "An arena has no scenario panel yet: its teams and objectives are edited in the file",
        ),
    }
}
