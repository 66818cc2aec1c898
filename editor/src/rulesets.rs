//! The editor's registry of games: which game the open document plays, and what each can do.
//! A command a game cannot run is greyed in the toolbar and the menus, says why on hover, and
//! is refused with that reason from the keyboard, never silently ignored.

use megahex_schema::Ruleset;

use crate::command::Command;
use crate::document::Document;

/// The game of the open document, when it loaded far enough to be edited.
pub fn open_ruleset(doc: &Document) -> Option<Ruleset> {
    if doc.editing.is_some() {
        Some(Ruleset::SentinelTactics)
    } else if doc.skirmish.is_some() {
        Some(Ruleset::HexSkirmish)
    } else if doc.deck.is_some() {
        Some(Ruleset::SolarSentinels)
    } else {
        None
    }
}

/// Why the open game cannot run `command`, or `None` when it can (or when no game is open:
/// then the command says for itself what it needs).
pub fn game_refuses(doc: &Document, command: Command) -> Option<&'static str> {
    match open_ruleset(doc)? {
        Ruleset::SentinelTactics => crate::sentinel_tactics::commands::cannot(command),
        Ruleset::HexSkirmish => crate::hex_skirmish::commands::cannot(command),
        Ruleset::SolarSentinels => crate::solar_sentinels::commands::cannot(command),
    }
}
