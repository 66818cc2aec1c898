//! The editor's registry of games: which game the open document plays, and what each can do.
//! A command a game cannot run is greyed in the toolbar and the menus, says why on hover, and
//! is refused with that reason from the keyboard, never silently ignored.

use megahex_schema::{AnyScenario, Ruleset};

use crate::command::Command;
use crate::text_patch::saved_text;

/// Why the open game cannot run `command`, or `None` when it can (or when no game is open:
/// then the command says for itself what it needs).
pub fn game_refuses(open: Option<Ruleset>, command: Command) -> Option<&'static str> {
    match open? {
        Ruleset::SentinelTactics => crate::sentinel_tactics::commands::cannot(command),
        Ruleset::HexSkirmish => crate::hex_skirmish::commands::cannot(command),
        Ruleset::SolarSentinels => crate::solar_sentinels::commands::cannot(command),
    }
}

/// The text to save for a scenario of any game: the designer's own text with the changes
/// written in where it can be ([`saved_text`]).
pub fn saved_any_text(
    original: Option<&str>,
    scenario: &AnyScenario,
    modeline: Option<&str>,
) -> Result<String, String> {
    match scenario {
        AnyScenario::SentinelTactics(s) => saved_text(original, s.as_ref(), modeline),
        AnyScenario::HexSkirmish(s) => saved_text(original, s.as_ref(), modeline),
        AnyScenario::SolarSentinels(s) => saved_text(original, s.as_ref(), modeline),
    }
}
