//! The editor's registry of games: the scenario the editor holds with its history, and what
//! each game can do.
//! A command a game cannot run is greyed in the toolbar and the menus, says why on hover, and
//! is refused with that reason from the keyboard, never silently ignored.

use megahex_schema::{AnyScenario, Ruleset};

use crate::command::Command;
use crate::hex_skirmish::edits::SkirmishEditing;
use crate::history::Undo;
use crate::sentinel_tactics::edit::Editing;
use crate::solar_sentinels::edits::DeckEditing;
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

/// The scenario the editor holds, with its undo history: one game's.
#[derive(Debug, Clone)]
pub enum Held {
    /// A Sentinel Tactics map.
    SentinelTactics(Editing),
    /// A hex-skirmish arena.
    HexSkirmish(SkirmishEditing),
    /// A Solar Sentinels deck.
    SolarSentinels(DeckEditing),
}

impl Held {
    /// A file's scenario, as loaded: nothing to undo, and saved.
    pub fn new(scenario: AnyScenario) -> Held {
        match scenario {
            AnyScenario::SentinelTactics(s) => Held::SentinelTactics(Editing::new(*s)),
            AnyScenario::HexSkirmish(s) => Held::HexSkirmish(SkirmishEditing::new(*s)),
            AnyScenario::SolarSentinels(s) => Held::SolarSentinels(DeckEditing::new(*s)),
        }
    }

    /// A recovery copy's scenario as the current, unsaved state; the file's own scenario
    /// (`on_disk`, when it is of the same game) stays what "saved" means.
    pub fn recovered(on_disk: Option<AnyScenario>, recovered: AnyScenario) -> Held {
        match recovered {
            AnyScenario::SentinelTactics(r) => {
                let on_disk = on_disk.and_then(|s| s.sentinel_tactics().cloned());
                Held::SentinelTactics(Editing::recovered(on_disk, *r))
            }
            AnyScenario::HexSkirmish(r) => {
                let on_disk = on_disk.and_then(|s| s.hex_skirmish().cloned());
                Held::HexSkirmish(SkirmishEditing::recovered(on_disk, *r))
            }
            AnyScenario::SolarSentinels(r) => {
                let on_disk = on_disk.and_then(|s| s.solar_sentinels().cloned());
                Held::SolarSentinels(DeckEditing::recovered(on_disk, *r))
            }
        }
    }

    /// The game it is.
    pub fn ruleset(&self) -> Ruleset {
        match self {
            Held::SentinelTactics(_) => Ruleset::SentinelTactics,
            Held::HexSkirmish(_) => Ruleset::HexSkirmish,
            Held::SolarSentinels(_) => Ruleset::SolarSentinels,
        }
    }

    /// The current scenario, for checks, recovery copies and saving.
    pub fn current(&self) -> AnyScenario {
        match self {
            Held::SentinelTactics(h) => {
                AnyScenario::SentinelTactics(Box::new(h.scenario().clone()))
            }
            Held::HexSkirmish(h) => AnyScenario::HexSkirmish(Box::new(h.scenario().clone())),
            Held::SolarSentinels(h) => AnyScenario::SolarSentinels(Box::new(h.scenario().clone())),
        }
    }

    /// Its undo history.
    pub fn history(&self) -> &dyn Undo {
        match self {
            Held::SentinelTactics(h) => h,
            Held::HexSkirmish(h) => h,
            Held::SolarSentinels(h) => h,
        }
    }

    /// Its undo history, to step.
    pub fn history_mut(&mut self) -> &mut dyn Undo {
        match self {
            Held::SentinelTactics(h) => h,
            Held::HexSkirmish(h) => h,
            Held::SolarSentinels(h) => h,
        }
    }

    /// The current scenario as the YAML the editor writes for it.
    pub fn to_yaml(&self, modeline: Option<&str>) -> Result<String, String> {
        match self {
            Held::SentinelTactics(h) => crate::storage::to_yaml(h.scenario(), modeline),
            Held::HexSkirmish(h) => crate::storage::to_yaml(h.scenario(), modeline),
            Held::SolarSentinels(h) => crate::storage::to_yaml(h.scenario(), modeline),
        }
    }
}
