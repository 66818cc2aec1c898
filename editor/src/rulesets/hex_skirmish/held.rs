//! A hex-skirmish arena as the document holds it: its history, its title, its layout with the
//! rules set up for it, and the accessors its panels read the open scenario with.

use megahex::rulesets::hex_skirmish::game::Game;
use megahex_schema::rulesets::hex_skirmish::Scenario;
use megahex_schema::{AnyScenario, Catalog, Ruleset};

use super::edits::{SkirmishEdit, SkirmishEditing};
use crate::document::Document;
use crate::held::{GameData, GameEdit, GameScenario, Layout};

impl GameEdit for SkirmishEdit {
    const RULESET: Ruleset = Ruleset::HexSkirmish;
}

impl GameScenario for Scenario {
    type Edit = SkirmishEdit;

    fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }

    fn retitle(title: Option<String>) -> SkirmishEdit {
        SkirmishEdit::SetTitle(title)
    }

    fn reload(theirs: Scenario) -> SkirmishEdit {
        SkirmishEdit::ReloadFromDisk(Box::new(theirs))
    }

    fn into_any(self) -> AnyScenario {
        AnyScenario::HexSkirmish(Box::new(self))
    }

    fn from_any(any: AnyScenario) -> Option<Scenario> {
        match any {
            AnyScenario::HexSkirmish(scenario) => Some(*scenario),
            _ => None,
        }
    }

    fn layout(&self, _catalog: &Catalog) -> Option<Layout> {
        let (scene, decor, game) = super::layout(self);
        Some(Layout {
            scene,
            decor,
            rules: GameData::new(game),
        })
    }
}

/// A hex-skirmish arena as the open document holds it: the scenario and its rules set up.
/// Imported where a panel reads it, so code that does not import the game cannot.
pub trait ArenaDocument {
    /// The hex-skirmish scenario, when the file is one and loaded far enough to have one.
    fn skirmish(&self) -> Option<&Scenario>;
    /// The hex-skirmish rules set up for the current scenario, built once per change and asked
    /// by the previews, the odds and the hover line.
    fn skirmish_game(&self) -> Option<&Game>;
}

impl ArenaDocument for Document {
    fn skirmish(&self) -> Option<&Scenario> {
        let held: &SkirmishEditing = self.held.as_deref()?.as_any().downcast_ref()?;
        Some(held.scenario())
    }

    fn skirmish_game(&self) -> Option<&Game> {
        self.rules.get()
    }
}
