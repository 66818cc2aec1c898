//! A Sentinel Tactics map as the document holds it: its history, its title, its layout for
//! the map, and the accessors its panels read the open scenario with.

use megahex::scene::Scene;
use megahex_schema::rulesets::sentinel_tactics::{Map, Scenario};
use megahex_schema::{AnyScenario, Catalog, Ruleset};

use super::edit::{Edit, Editing};
use super::findings::Findings;
use super::panel_edit::PanelEdit;
use crate::document::Document;
use crate::held::{GameEdit, GameScenario, Layout};

impl GameEdit for Edit {
    const RULESET: Ruleset = Ruleset::SentinelTactics;
}

impl GameScenario for Scenario {
    type Edit = Edit;

    fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }

    fn retitle(title: Option<String>) -> Edit {
        Edit::Panel(PanelEdit::SetTitle(title))
    }

    fn reload(theirs: Scenario) -> Edit {
        Edit::ReloadFromDisk(Box::new(theirs))
    }

    fn into_any(self) -> AnyScenario {
        AnyScenario::SentinelTactics(Box::new(self))
    }

    fn from_any(any: AnyScenario) -> Option<Scenario> {
        match any {
            AnyScenario::SentinelTactics(scenario) => Some(*scenario),
            _ => None,
        }
    }

    fn layout(&self, catalog: &Catalog) -> Option<Layout> {
        // Placement problems are the checker's to report (tile-unknown, tile-overlap).
        let scene = Scene::new(self, catalog);
        let decor = megahex::rulesets::sentinel_tactics::decor::decorations(self, &scene.board);
        Some(Layout {
            scene,
            decor,
            rules: Default::default(),
        })
    }
}

/// A new, empty map: no tiles, teams or tokens. The problems list says what it still needs (a
/// map needs at least one tile), and the canvas says how to place the first.
pub fn new_scenario() -> Scenario {
    Scenario {
        schema: None,
        format: megahex_schema::FORMAT_VERSION,
        ruleset: Default::default(),
        title: Some("Untitled scenario".to_owned()),
        description: None,
        catalog: None,
        rules: Default::default(),
        map: Map::default(),
        teams: Vec::new(),
        tokens: Vec::new(),
        objectives: Vec::new(),
        turn_order: Vec::new(),
        deployment: Vec::new(),
        reinforcements: Vec::new(),
        round_limit: None,
        bonuses: Vec::new(),
        special_rules: Vec::new(),
        stats: Default::default(),
        playtest: Vec::new(),
        assertions: Vec::new(),
    }
}

/// A Sentinel Tactics map as the open document holds it: its history, the map and the last
/// check's findings. Imported where a panel reads it, so code that does not import the game
/// cannot.
pub trait MapDocument {
    /// The Sentinel Tactics history, when the file is such a map.
    fn editing(&self) -> Option<&Editing>;
    /// The current map, when the file is one and loaded far enough to have one.
    fn scenario(&self) -> Option<&Scenario>;
    /// The map's findings from the last background check, if it had any.
    fn map_findings(&self) -> Option<&Findings>;
}

impl MapDocument for Document {
    fn editing(&self) -> Option<&Editing> {
        self.held.as_deref()?.as_any().downcast_ref()
    }

    fn scenario(&self) -> Option<&Scenario> {
        self.editing().map(Editing::scenario)
    }

    fn map_findings(&self) -> Option<&Findings> {
        self.findings.get()
    }
}
