//! Every user command, with its label, tooltip and shortcuts, in one table. The toolbar, the
//! menu bar, the keyboard, the shortcut window and `--help` are all drawn from it, so a key is
//! bound in exactly one place and the help can never disagree with what the keys do.

use egui::{Key, Modifiers};
use megahex_schema::Ruleset;

/// Something the designer can ask for by button, menu or key. Queued as it is asked for and run
/// by the shell in one place each frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Command {
    /// Start a new scenario of a game, from the start that game offers.
    New(Ruleset),
    /// Open a scenario file.
    Open,
    /// Save in place (asks for a path the first time).
    Save,
    /// Save under another name.
    SaveAs,
    /// Read the file again.
    Reload,
    /// Export the map as a picture.
    Export,
    /// Undo the last edit.
    Undo,
    /// Redo the edit undone last.
    Redo,
    /// Show the list of changes, to go back or forward to any of them.
    UndoHistory,
    /// Turn the selection, or the piece in hand, one sixth clockwise.
    RotateClockwise,
    /// Turn it one sixth counter-clockwise.
    RotateCounterClockwise,
    /// Turn a tile over.
    Flip,
    /// Remove the selection.
    Delete,
    /// Put the selection on the system clipboard as YAML.
    Copy,
    /// Copy the selection, then remove it.
    Cut,
    /// Add what the clipboard holds, under the pointer.
    Paste,
    /// Copies of the selection beside it.
    Duplicate,
    /// Select every tile and token.
    SelectAll,
    /// Whether turning a tile turns what stands on it (a toggle).
    CarryOnTurn,
    /// Stop placing or painting, or clear the selection.
    Cancel,
    /// Show the whole map.
    Fit,
    /// Zoom in one step, around the middle of the map.
    ZoomIn,
    /// Zoom out one step.
    ZoomOut,
    /// Cycle what is written on each hex: coordinates, tile/hex names, nothing.
    HexLabels,
    /// Objective hexes and tokens to collect on the map (a layer).
    ObjectivesLayer,
    /// Deployment zones on the map (a layer).
    ZonesLayer,
    /// The window that shows, hides and locks the map's layers.
    Layers,
    /// Line of sight from the selection.
    SightOverlay,
    /// Range numbers from the selection.
    RangeOverlay,
    /// Movement reach of the selection.
    ReachOverlay,
    /// An attack's area template.
    AreaOverlay,
    /// The scenario panels (story, teams, turn order, objectives, rules, deployment).
    ScenarioPanel,
    /// The window listing every command and its keys.
    Help,
}

/// Where a command is listed: the menu it sits in and its heading in the help.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Group {
    /// Files.
    File,
    /// Changing the map.
    Edit,
    /// Looking at the map.
    View,
    /// Rules previews drawn over the map.
    Overlays,
    /// Help.
    Help,
}

impl Group {
    /// Every group, in menu order.
    pub const ALL: [Group; 5] = [
        Group::File,
        Group::Edit,
        Group::View,
        Group::Overlays,
        Group::Help,
    ];

    /// The menu's name.
    pub fn name(self) -> &'static str {
        match self {
            Group::File => "File",
            Group::Edit => "Edit",
            Group::View => "View",
            Group::Overlays => "Overlays",
            Group::Help => "Help",
        }
    }
}

/// A key with the modifiers that must be held. `command` is Ctrl (Cmd on a Mac).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shortcut {
    /// Ctrl or Cmd held.
    pub command: bool,
    /// Shift held.
    pub shift: bool,
    /// The key.
    pub key: Key,
}

const fn plain(key: Key) -> Shortcut {
    Shortcut {
        command: false,
        shift: false,
        key,
    }
}

const fn shift(key: Key) -> Shortcut {
    Shortcut {
        command: false,
        shift: true,
        key,
    }
}

const fn ctrl(key: Key) -> Shortcut {
    Shortcut {
        command: true,
        shift: false,
        key,
    }
}

const fn ctrl_shift(key: Key) -> Shortcut {
    Shortcut {
        command: true,
        shift: true,
        key,
    }
}

impl Shortcut {
    /// Does a press of `key` with `modifiers` mean this shortcut? Alt is never part of one
    /// (Alt changes how a tile snaps while it is placed).
    pub fn matches(self, key: Key, modifiers: Modifiers) -> bool {
        // `?` is typed with Shift on most layouts; the key itself already says so.
        let shift_matters = !matches!(self.key, Key::Questionmark | Key::Plus);
        key == self.key
            && modifiers.command == self.command
            && !modifiers.alt
            && (!shift_matters || modifiers.shift == self.shift)
    }

    /// How the help writes it: `Ctrl+Shift+Z`.
    pub fn text(self) -> String {
        let mut text = String::new();
        if self.command {
            text.push_str("Ctrl+");
        }
        if self.shift {
            text.push_str("Shift+");
        }
        // A plain hyphen, which every terminal and font has.
        text.push_str(match self.key {
            Key::Minus => "-",
            key => key.symbol_or_name(),
        });
        text
    }
}

impl Command {
    /// Every command but New, in the order menus and the help list them.
    const REST: [Command; 32] = [
        Command::Open,
        Command::Save,
        Command::SaveAs,
        Command::Reload,
        Command::Export,
        Command::Undo,
        Command::Redo,
        Command::UndoHistory,
        Command::RotateClockwise,
        Command::RotateCounterClockwise,
        Command::Flip,
        Command::Delete,
        Command::Copy,
        Command::Cut,
        Command::Paste,
        Command::Duplicate,
        Command::SelectAll,
        Command::CarryOnTurn,
        Command::Cancel,
        Command::Fit,
        Command::ZoomIn,
        Command::ZoomOut,
        Command::HexLabels,
        Command::ObjectivesLayer,
        Command::ZonesLayer,
        Command::Layers,
        Command::ScenarioPanel,
        Command::SightOverlay,
        Command::RangeOverlay,
        Command::ReachOverlay,
        Command::AreaOverlay,
        Command::Help,
    ];

    /// Every command, in the order menus and the help list them: a New for each game first.
    pub fn all() -> Vec<Command> {
        Ruleset::ALL
            .iter()
            .map(|ruleset| Command::New(*ruleset))
            .chain(Command::REST)
            .collect()
    }

    /// The button's or menu entry's text.
    pub fn label(self) -> String {
        let label = match self {
            Command::New(ruleset) => return format!("New {} scenario", ruleset.title()),
            Command::Open => "Open…",
            Command::Save => "Save",
            Command::SaveAs => "Save as…",
            Command::Reload => "Reload",
            Command::Export => "Export…",
            Command::Undo => "Undo",
            Command::Redo => "Redo",
            Command::UndoHistory => "Undo history",
            Command::RotateClockwise => "Rotate clockwise",
            Command::RotateCounterClockwise => "Rotate counter-clockwise",
            Command::Flip => "Flip tile",
            Command::Delete => "Delete",
            Command::Copy => "Copy",
            Command::Cut => "Cut",
            Command::Paste => "Paste",
            Command::Duplicate => "Duplicate",
            Command::SelectAll => "Select all",
            Command::CarryOnTurn => "Tokens turn with their tile",
            Command::Cancel => "Cancel / deselect",
            Command::Fit => "Fit",
            Command::ZoomIn => "Zoom in",
            Command::ZoomOut => "Zoom out",
            Command::HexLabels => "Hex labels",
            Command::ObjectivesLayer => "Objectives",
            Command::ZonesLayer => "Deployment zones",
            Command::Layers => "Layers…",
            Command::ScenarioPanel => "Scenario",
            Command::SightOverlay => "Sight",
            Command::RangeOverlay => "Range",
            Command::ReachOverlay => "Reach",
            Command::AreaOverlay => "Area",
            Command::Help => "Shortcuts",
        };
        label.to_owned()
    }

    /// What it does, for tooltips and the help.
    pub fn tooltip(self) -> String {
        let tooltip = match self {
            Command::New(ruleset) => {
                return format!(
                    "Start a new {} scenario from the start the game offers, to rework and save under a name of your own (asks first if there are unsaved changes)",
                    ruleset.title()
                );
            }
            Command::Open => "Open a scenario file",
            Command::Save => "Save the scenario (the first time, asks where)",
            Command::SaveAs => "Save the scenario under another name",
            Command::Reload => "Read the file again from disk",
            Command::Export => "Export the map as a PNG or SVG picture, on screen or at tile scale",
            Command::Undo => "Undo the last edit",
            Command::Redo => "Redo the edit undone last",
            Command::UndoHistory => {
                "List the changes made since the file was opened; click one to go back to just before it, or forward again"
            }
            Command::RotateClockwise => {
                "Turn the selected tile or multi-hex figure, or the piece being placed, one sixth clockwise"
            }
            Command::RotateCounterClockwise => "Turn it one sixth counter-clockwise",
            Command::Flip => "Turn the selected tile, or the tile being placed, to its other side",
            Command::Delete => "Remove the selected tiles and tokens",
            Command::Copy => {
                "Copy the selected tiles and tokens, as YAML, to paste here, in another editor window or in a text editor"
            }
            Command::Cut => "Copy the selected tiles and tokens, then remove them",
            Command::Paste => {
                "Add the copied tiles and tokens, the first one under the pointer (or where they were copied from)"
            }
            Command::Duplicate => "Put copies of the selected tokens beside them",
            Command::SelectAll => {
                "Select every tile and token (Shift+click or Shift+drag picks several)"
            }
            Command::CarryOnTurn => {
                "When on, turning a tile turns the tokens, objective and zone hexes on it too; when off, they stay where they stand"
            }
            Command::Cancel => "Stop placing or painting; otherwise clear the selection",
            Command::Fit => "Show the whole map (or double-click an empty part of the map)",
            Command::ZoomIn => "Zoom in around the middle of the map (or scroll)",
            Command::ZoomOut => "Zoom out around the middle of the map (or scroll)",
            Command::HexLabels => {
                "Write each hex's q,r coordinates on the map, then its tile/hex name, then nothing"
            }
            Command::ObjectivesLayer => {
                "Show objective hexes and tokens to collect, in the colour of the team that wants them (in exports too)"
            }
            Command::ZonesLayer => "Show deployment zones in their team's colour (in exports too)",
            Command::Layers => {
                "Show or hide the tokens, objectives, zones and changes, and lock the tiles or the tokens so clicks and drags on the map leave them alone"
            }
            Command::ScenarioPanel => {
                "Edit the title, teams, turn order, objectives, rules and deployment zones"
            }
            Command::SightOverlay => {
                "Line of sight from the selected token, or the hex clicked on a selected tile"
            }
            Command::RangeOverlay => "Range in hexes from the selection, written on each hex",
            Command::ReachOverlay => "Where the selected figure can move, and what it costs",
            Command::AreaOverlay => "An attack's area template, with its origin under the pointer",
            Command::Help => "List every command and its keys",
        };
        tooltip.to_owned()
    }

    /// The keys that run it; the first is the one shown on buttons.
    pub fn shortcuts(self) -> &'static [Shortcut] {
        match self {
            // The first game's on Ctrl+N, the second's on Ctrl+Shift+N.
            Command::New(ruleset) => match Ruleset::ALL.iter().position(|r| *r == ruleset) {
                Some(0) => const { &[ctrl(Key::N)] },
                Some(1) => const { &[ctrl_shift(Key::N)] },
                _ => &[],
            },
            Command::Open => const { &[ctrl(Key::O)] },
            Command::Save => const { &[ctrl(Key::S)] },
            Command::SaveAs => const { &[ctrl_shift(Key::S)] },
            Command::Reload => const { &[plain(Key::F5)] },
            Command::Export => const { &[ctrl(Key::E)] },
            Command::Undo => const { &[ctrl(Key::Z)] },
            Command::Redo => const { &[ctrl_shift(Key::Z), ctrl(Key::Y)] },
            Command::RotateClockwise => const { &[plain(Key::R)] },
            Command::RotateCounterClockwise => const { &[shift(Key::R)] },
            Command::Flip => const { &[plain(Key::F)] },
            Command::Delete => const { &[plain(Key::Delete), plain(Key::Backspace)] },
            Command::Copy => const { &[ctrl(Key::C)] },
            Command::Cut => const { &[ctrl(Key::X)] },
            Command::Paste => const { &[ctrl(Key::V)] },
            Command::Duplicate => const { &[ctrl(Key::D)] },
            Command::SelectAll => const { &[ctrl(Key::A)] },
            Command::Cancel => const { &[plain(Key::Escape)] },
            Command::Fit => const { &[plain(Key::Home)] },
            Command::ZoomIn => const { &[plain(Key::Plus), plain(Key::Equals)] },
            Command::ZoomOut => const { &[plain(Key::Minus)] },
            Command::HexLabels => const { &[plain(Key::C)] },
            Command::ObjectivesLayer => const { &[plain(Key::O)] },
            Command::ZonesLayer => const { &[plain(Key::Z)] },
            Command::ScenarioPanel
            | Command::CarryOnTurn
            | Command::UndoHistory
            | Command::Layers => &[],
            Command::SightOverlay => const { &[plain(Key::L)] },
            Command::RangeOverlay => const { &[plain(Key::G)] },
            Command::ReachOverlay => const { &[plain(Key::M)] },
            Command::AreaOverlay => const { &[plain(Key::A)] },
            Command::Help => const { &[plain(Key::F1), plain(Key::Questionmark)] },
        }
    }

    /// The menu it is listed in.
    pub fn group(self) -> Group {
        match self {
            Command::New(_)
            | Command::Open
            | Command::Save
            | Command::SaveAs
            | Command::Reload
            | Command::Export => Group::File,
            Command::Undo
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
            | Command::Cancel => Group::Edit,
            Command::Fit
            | Command::ZoomIn
            | Command::ZoomOut
            | Command::HexLabels
            | Command::ObjectivesLayer
            | Command::ZonesLayer
            | Command::Layers
            | Command::ScenarioPanel => Group::View,
            Command::SightOverlay
            | Command::RangeOverlay
            | Command::ReachOverlay
            | Command::AreaOverlay => Group::Overlays,
            Command::Help => Group::Help,
        }
    }

    /// Its keys as the help writes them: `Ctrl+Shift+Z or Ctrl+Y`, empty when it has none.
    pub fn keys_text(self) -> String {
        self.shortcuts()
            .iter()
            .map(|s| s.text())
            .collect::<Vec<_>>()
            .join(" or ")
    }

    /// The tooltip with the keys, for buttons.
    pub fn hover_text(self) -> String {
        match self.keys_text().as_str() {
            "" => self.tooltip(),
            keys => format!("{} ({keys})", self.tooltip()),
        }
    }

    /// The command a key press runs, if any.
    pub fn for_key(key: Key, modifiers: Modifiers) -> Option<Command> {
        Command::all()
            .into_iter()
            .find(|c| c.shortcuts().iter().any(|s| s.matches(key, modifiers)))
    }
}

/// The commands whose keys were pressed this frame, in order.
pub fn pressed(ctx: &egui::Context) -> Vec<Command> {
    ctx.input(|i| {
        i.events
            .iter()
            .filter_map(|e| match e {
                egui::Event::Key {
                    key,
                    pressed: true,
                    modifiers,
                    ..
                } => Command::for_key(*key, *modifiers),
                // The window turns Ctrl+C and Ctrl+X into these instead of key presses.
                egui::Event::Copy => Some(Command::Copy),
                egui::Event::Cut => Some(Command::Cut),
                _ => None,
            })
            .collect()
    })
}

/// The text a Ctrl+V brought from the system clipboard this frame (the window reads the
/// clipboard and sends it instead of the key press).
pub fn pasted_text(ctx: &egui::Context) -> Option<String> {
    ctx.input(|i| {
        i.events.iter().find_map(|e| match e {
            egui::Event::Paste(text) => Some(text.clone()),
            _ => None,
        })
    })
}

/// The keyboard part of `--help`: every command with keys, grouped as in the menus.
pub fn keys_help() -> String {
    let mut text = String::new();
    for group in Group::ALL {
        let rows: Vec<(String, String)> = Command::all()
            .into_iter()
            .filter(|c| c.group() == group && !c.shortcuts().is_empty())
            .map(|c| (c.keys_text(), c.label()))
            .collect();
        if rows.is_empty() {
            continue;
        }
        text.push_str(group.name());
        text.push_str(":\n");
        for (keys, label) in rows {
            text.push_str(&format!("  {keys:<24} {label}\n"));
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_key_runs_two_commands() {
        let mut seen: Vec<(Shortcut, Command)> = Vec::new();
        for command in Command::all() {
            for &shortcut in command.shortcuts() {
                if let Some((_, other)) = seen.iter().find(|(s, _)| *s == shortcut) {
                    panic!("{} is bound to {other:?} and {command:?}", shortcut.text());
                }
                seen.push((shortcut, command));
            }
        }
    }

    #[test]
    fn every_command_is_listed_once() {
        let all = Command::all();
        for (i, a) in all.iter().enumerate() {
            assert!(!all[i + 1..].contains(a), "{a:?} is listed twice");
        }
        for ruleset in Ruleset::ALL {
            assert!(
                all.contains(&Command::New(*ruleset)),
                "no New for {ruleset:?}"
            );
        }
    }

    #[test]
    fn keys_find_their_command_with_exactly_their_modifiers() {
        assert_eq!(
            Command::for_key(Key::Z, Modifiers::COMMAND),
            Some(Command::Undo)
        );
        assert_eq!(
            Command::for_key(Key::Z, Modifiers::COMMAND | Modifiers::SHIFT),
            Some(Command::Redo)
        );
        assert_eq!(
            Command::for_key(Key::R, Modifiers::SHIFT),
            Some(Command::RotateCounterClockwise)
        );
        assert_eq!(Command::for_key(Key::R, Modifiers::COMMAND), None);
        assert_eq!(Command::for_key(Key::R, Modifiers::ALT), None);
        assert_eq!(
            Command::for_key(Key::Questionmark, Modifiers::SHIFT),
            Some(Command::Help)
        );
    }

    #[test]
    fn the_keys_help_names_every_shortcut() {
        let help = keys_help();
        for command in Command::all() {
            for shortcut in command.shortcuts() {
                assert!(
                    help.contains(&shortcut.text()),
                    "{} missing from the help",
                    shortcut.text()
                );
            }
        }
        assert!(help.contains("Ctrl+Shift+Z or Ctrl+Y"), "{help}");
        assert!(help.contains("New Sentinel Tactics scenario"), "{help}");
    }
}
