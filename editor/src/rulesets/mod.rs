//! The editor's registry of games: the scenario the editor holds with its history, and what
//! each game can do.
//! A command a game cannot run is greyed in the toolbar and the menus, says why on hover, and
//! is refused with that reason from the keyboard, never silently ignored.

pub mod hex_skirmish;
pub mod sentinel_tactics;
pub mod solar_sentinels;

use megahex_schema::{AnyScenario, Catalog, Ruleset};

use crate::command::Command;
use crate::game_editor::GameEditor;
use crate::held::{GameData, HeldScenario};
use crate::preferences::Preferences;
use megahex::yaml::patch::saved_text;

/// Why the open game cannot run `command`, or `None` when it can (or when no game is open:
/// then the command says for itself what it needs).
pub fn game_refuses(open: Option<Ruleset>, command: Command) -> Option<&'static str> {
    match open? {
        Ruleset::SentinelTactics => sentinel_tactics::commands::cannot(command),
        Ruleset::HexSkirmish => hex_skirmish::commands::cannot(command),
        Ruleset::SolarSentinels => solar_sentinels::commands::cannot(command),
    }
}

/// What the background check works out for a game beyond its problems (a map's verdict,
/// self-play and tile replacements), for its panels; `tile_placed_twice` says whether the check
/// found a tile used twice, for the replacements a map offers.
pub fn findings(scenario: &AnyScenario, catalog: &Catalog, tile_placed_twice: bool) -> GameData {
    match scenario {
        AnyScenario::SentinelTactics(scenario) => GameData::new(
            sentinel_tactics::findings::findings(scenario, catalog, tile_placed_twice),
        ),
        AnyScenario::HexSkirmish(_) | AnyScenario::SolarSentinels(_) => GameData::default(),
    }
}

/// A game's [`findings`] as JSON, for a page's check worker to send back; `null` for a game
/// that has none.
pub fn findings_to_json(
    ruleset: Ruleset,
    findings: &GameData,
) -> Result<serde_json::Value, String> {
    match ruleset {
        Ruleset::SentinelTactics => to_json(findings.get::<sentinel_tactics::findings::Findings>()),
        Ruleset::HexSkirmish | Ruleset::SolarSentinels => Ok(serde_json::Value::Null),
    }
}

/// A game's findings from what [`findings_to_json`] wrote.
pub fn findings_from_json(ruleset: Ruleset, json: serde_json::Value) -> Result<GameData, String> {
    match ruleset {
        Ruleset::SentinelTactics => from_json::<sentinel_tactics::findings::Findings>(json),
        Ruleset::HexSkirmish | Ruleset::SolarSentinels => Ok(GameData::default()),
    }
}

fn to_json<T: serde::Serialize>(findings: Option<&T>) -> Result<serde_json::Value, String> {
    serde_json::to_value(findings).map_err(|e| e.to_string())
}

fn from_json<T>(json: serde_json::Value) -> Result<GameData, String>
where
    T: serde::de::DeserializeOwned + Send + Sync + 'static,
{
    let findings: Option<T> = serde_json::from_value(json).map_err(|e| e.to_string())?;
    Ok(findings.map(GameData::new).unwrap_or_default())
}

/// Runs a game's job that a web page sent to its worker ([`crate::background::offload`]),
/// given and answered as JSON.
pub fn run_job(
    game: Ruleset,
    name: &str,
    input: serde_json::Value,
) -> Result<serde_json::Value, String> {
    match game {
        Ruleset::SolarSentinels => solar_sentinels::jobs::run(name, input),
        Ruleset::SentinelTactics => sentinel_tactics::export::run_job(name, input),
        Ruleset::HexSkirmish => Err(format!("no job named `{name}` for this game")),
    }
}

/// The editor for a document of `ruleset`: its panels, fresh for each document; a file that
/// did not load gets one that shows its problems.
pub fn editor_for(ruleset: Option<Ruleset>, preferences: &Preferences) -> Box<dyn GameEditor> {
    match ruleset {
        Some(Ruleset::SentinelTactics) => {
            Box::new(sentinel_tactics::editor::SentinelEditor::new(preferences))
        }
        Some(Ruleset::HexSkirmish) => Box::<hex_skirmish::panel::SkirmishUi>::default(),
        Some(Ruleset::SolarSentinels) => Box::<solar_sentinels::DeckUi>::default(),
        None => Box::new(crate::game_editor::Unloaded),
    }
}

/// What the status line says when a new scenario of `ruleset` opens: what to do first.
pub fn new_hint(ruleset: Ruleset) -> &'static str {
    match ruleset {
        Ruleset::SentinelTactics => sentinel_tactics::commands::NEW_HINT,
        Ruleset::HexSkirmish => hex_skirmish::commands::NEW_HINT,
        Ruleset::SolarSentinels => solar_sentinels::commands::NEW_HINT,
    }
}

/// The text to save for a scenario of any game: the designer's own text with the changes
/// written in where it can be ([`saved_text`]), for the check worker, which holds the
/// scenario rather than its history.
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

/// A file's scenario as its game holds it: nothing to undo, and saved.
pub fn held(scenario: AnyScenario) -> Box<dyn HeldScenario> {
    match scenario {
        AnyScenario::SentinelTactics(s) => crate::held::held(*s),
        AnyScenario::HexSkirmish(s) => crate::held::held(*s),
        AnyScenario::SolarSentinels(s) => crate::held::held(*s),
    }
}

/// A recovery copy's scenario as the current, unsaved state; the file's own scenario
/// (`on_disk`, when it is of the same game) stays what "saved" means.
pub fn recovered(on_disk: Option<AnyScenario>, recovered: AnyScenario) -> Box<dyn HeldScenario> {
    match recovered {
        AnyScenario::SentinelTactics(r) => crate::held::recovered(on_disk, *r),
        AnyScenario::HexSkirmish(r) => crate::held::recovered(on_disk, *r),
        AnyScenario::SolarSentinels(r) => crate::held::recovered(on_disk, *r),
    }
}

/// The scenario File > New opens for a game: one that reads and checks, for the designer to
/// change rather than a blank page (`None` if the bundled start could not be read).
pub fn new_scenario(ruleset: Ruleset) -> Option<AnyScenario> {
    use crate::held::GameScenario;
    match ruleset {
        Ruleset::SentinelTactics => Some(sentinel_tactics::held::new_scenario().into_any()),
        Ruleset::HexSkirmish => Some(hex_skirmish::new_scenario().into_any()),
        Ruleset::SolarSentinels => solar_sentinels::held::new_scenario().map(|d| d.into_any()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn held(file: &str) -> Box<dyn HeldScenario> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../scenarios")
            .join(file);
        let text = std::fs::read_to_string(path).unwrap();
        super::held(crate::storage::read_any(&text).unwrap())
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
