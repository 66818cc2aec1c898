//! The editor's registry of games: the scenario the editor holds with its history, and what
//! each game can do.
//! A command a game cannot run is greyed in the toolbar and the menus, says why on hover, and
//! is refused with that reason from the keyboard, never silently ignored.

use megahex_schema::{AnyScenario, Catalog, Ruleset};

use crate::command::Command;
use crate::hex_skirmish::edits::{SkirmishEdit, SkirmishEditing};
use crate::history::{Change, Undo};
use crate::sentinel_tactics::edit::{Edit, Editing};
use crate::sentinel_tactics::panel_edit::PanelEdit;
use crate::solar_sentinels::edits::{DeckEdit, DeckEditing};
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

/// What the background check works out for a game beyond its problems, for its panels.
#[derive(Debug, Clone, Default)]
pub enum Findings {
    /// Nothing more than the problems.
    #[default]
    None,
    /// A Sentinel Tactics map's verdict, self-play and tile replacements.
    SentinelTactics(Box<crate::sentinel_tactics::findings::Findings>),
}

impl Findings {
    /// A Sentinel Tactics map's findings, if these are one's.
    pub fn map(&self) -> Option<&crate::sentinel_tactics::findings::Findings> {
        match self {
            Findings::SentinelTactics(findings) => Some(findings),
            Findings::None => None,
        }
    }
}

/// The findings of a checked scenario; `tile_placed_twice` says whether the check found a tile
/// used twice, for the replacements a map offers.
pub fn findings(scenario: &AnyScenario, catalog: &Catalog, tile_placed_twice: bool) -> Findings {
    match scenario {
        AnyScenario::SentinelTactics(scenario) => Findings::SentinelTactics(Box::new(
            crate::sentinel_tactics::findings::findings(scenario, catalog, tile_placed_twice),
        )),
        AnyScenario::HexSkirmish(_) | AnyScenario::SolarSentinels(_) => Findings::None,
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

/// One edit of some game, for the one edit path every panel uses (`Workbench::edit`).
#[derive(Debug, Clone)]
pub enum AnyEdit {
    /// A Sentinel Tactics map's edit.
    SentinelTactics(Edit),
    /// A hex-skirmish arena's edit.
    HexSkirmish(SkirmishEdit),
    /// A Solar Sentinels deck's edit.
    SolarSentinels(DeckEdit),
}

impl AnyEdit {
    /// The game it edits.
    pub fn ruleset(&self) -> Ruleset {
        match self {
            AnyEdit::SentinelTactics(_) => Ruleset::SentinelTactics,
            AnyEdit::HexSkirmish(_) => Ruleset::HexSkirmish,
            AnyEdit::SolarSentinels(_) => Ruleset::SolarSentinels,
        }
    }
}

impl From<Edit> for AnyEdit {
    fn from(edit: Edit) -> AnyEdit {
        AnyEdit::SentinelTactics(edit)
    }
}

impl From<SkirmishEdit> for AnyEdit {
    fn from(edit: SkirmishEdit) -> AnyEdit {
        AnyEdit::HexSkirmish(edit)
    }
}

impl From<DeckEdit> for AnyEdit {
    fn from(edit: DeckEdit) -> AnyEdit {
        AnyEdit::SolarSentinels(edit)
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

    /// The undo label `edit` gets on this scenario ("edit" for another game's edit).
    pub fn label(&self, edit: &AnyEdit) -> String {
        match (self, edit) {
            (Held::SentinelTactics(h), AnyEdit::SentinelTactics(e)) => e.label(h.scenario()),
            (Held::HexSkirmish(h), AnyEdit::HexSkirmish(e)) => e.label(h.scenario()),
            (Held::SolarSentinels(h), AnyEdit::SolarSentinels(e)) => e.label(h.scenario()),
            _ => "edit".to_owned(),
        }
    }

    /// Applies `edit` through the history: `Ok(true)` when the scenario changed, `Ok(false)`
    /// when the edit changed nothing, `Err` with the reason when it was refused (or is
    /// another game's edit).
    pub fn apply(&mut self, edit: AnyEdit) -> Result<bool, String> {
        let before = self.history().revision();
        match (&mut *self, edit) {
            (Held::SentinelTactics(h), AnyEdit::SentinelTactics(e)) => h.apply(e)?,
            (Held::HexSkirmish(h), AnyEdit::HexSkirmish(e)) => h.apply(e)?,
            (Held::SolarSentinels(h), AnyEdit::SolarSentinels(e)) => h.apply(e)?,
            (_, edit) => {
                return Err(format!(
                    "this is not a {} file that loaded, so it cannot be edited as one",
                    edit.ruleset().as_str()
                ));
            }
        }
        Ok(self.history().revision() != before)
    }

    /// The scenario's title, if it has one.
    pub fn title(&self) -> Option<&str> {
        match self {
            Held::SentinelTactics(h) => h.scenario().title.as_deref(),
            Held::HexSkirmish(h) => h.scenario().title.as_deref(),
            Held::SolarSentinels(h) => h.scenario().title.as_deref(),
        }
    }

    /// The edit that gives the scenario a new title (or none).
    pub fn retitle(&self, title: Option<String>) -> AnyEdit {
        match self {
            Held::SentinelTactics(_) => Edit::Panel(PanelEdit::SetTitle(title)).into(),
            Held::HexSkirmish(_) => SkirmishEdit::SetTitle(title).into(),
            Held::SolarSentinels(_) => DeckEdit::SetTitle(title).into(),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn held(file: &str) -> Held {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../scenarios")
            .join(file);
        let text = std::fs::read_to_string(path).unwrap();
        Held::new(crate::storage::read_any(&text).unwrap())
    }

    const FILES: [&str; 3] = [
        "city-blades-gambit.yaml",
        "skirmish-bush-maze.yaml",
        "solar-first-light.yaml",
    ];

    #[test]
    fn each_game_is_retitled_and_undone_through_its_own_history() {
        for file in FILES {
            let mut held = held(file);
            let before = held.title().map(str::to_owned);
            let edit = held.retitle(Some("Renamed".to_owned()));
            assert!(held.apply(edit).unwrap(), "{file}");
            assert_eq!(held.title(), Some("Renamed"), "{file}");
            assert!(held.history().is_dirty(), "{file}");
            assert!(held.history_mut().undo().is_some(), "{file}");
            assert_eq!(held.title().map(str::to_owned), before, "{file}");
            assert!(!held.history().is_dirty(), "{file}");
        }
    }

    #[test]
    fn another_games_edit_is_refused_and_changes_nothing() {
        let mut deck = held(FILES[2]);
        let map_edit = held(FILES[0]).retitle(None);
        let error = deck.apply(map_edit).unwrap_err();
        assert!(error.contains("sentinel-tactics"), "{error}");
        assert!(!deck.history().is_dirty());
    }
}
