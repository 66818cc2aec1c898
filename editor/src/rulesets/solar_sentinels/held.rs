//! A Solar Sentinels deck as the document holds it: its history, its title, and the accessor
//! its panels read the open deck with. A deck has no map.

use megahex_schema::rulesets::solar_sentinels::Scenario;
use megahex_schema::{AnyScenario, Catalog, Ruleset};

use super::edits::{DeckEdit, DeckEditing};
use crate::document::Document;
use crate::held::{GameEdit, GameScenario, Layout};

/// The bundled example deck, the start of a new one.
const EXAMPLE_DECK_YAML: &str = include_str!("../../../../scenarios/solar-first-light.yaml");

impl GameEdit for DeckEdit {
    const RULESET: Ruleset = Ruleset::SolarSentinels;
}

impl GameScenario for Scenario {
    type Edit = DeckEdit;

    fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }

    fn retitle(title: Option<String>) -> DeckEdit {
        DeckEdit::SetTitle(title)
    }

    fn reload(theirs: Scenario) -> DeckEdit {
        DeckEdit::ReloadFromDisk(Box::new(theirs))
    }

    fn into_any(self) -> AnyScenario {
        AnyScenario::SolarSentinels(Box::new(self))
    }

    fn from_any(any: AnyScenario) -> Option<Scenario> {
        match any {
            AnyScenario::SolarSentinels(scenario) => Some(*scenario),
            _ => None,
        }
    }

    fn layout(&self, _catalog: &Catalog) -> Option<Layout> {
        None
    }
}

/// A new deck: the bundled example deck under a new title, so a designer starts from a deck of
/// the game's shape rather than from nothing.
pub fn new_scenario() -> Option<Scenario> {
    let mut deck = crate::storage::read_as::<Scenario>(EXAMPLE_DECK_YAML)?;
    deck.title = Some("Untitled deck".to_owned());
    Some(deck)
}

/// A Solar Sentinels deck as the open document holds it.
/// Imported where a panel reads it, so code that does not import the game cannot.
pub trait DeckDocument {
    /// The Solar Sentinels deck, when the file is one and loaded far enough to have one.
    fn deck(&self) -> Option<&Scenario>;
}

impl DeckDocument for Document {
    fn deck(&self) -> Option<&Scenario> {
        let held: &DeckEditing = self.held.as_deref()?.as_any().downcast_ref()?;
        Some(held.scenario())
    }
}
