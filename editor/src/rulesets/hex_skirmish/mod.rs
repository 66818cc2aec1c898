//! The editor's hex-skirmish panels: free hex maps painted terrain by terrain, units from a
//! palette with an inspector, and the sight, reach and odds previews, all answered by
//! `megahex::rulesets::hex_skirmish` so the editor sees what `megahex validate` sees.

pub mod canvas;
pub mod claims_view;
pub mod commands;
pub mod editor;
pub mod edits;
pub mod held;
pub mod odds_view;
pub mod overlays;
pub mod panel;
pub mod presets;
pub mod unit_inspector;

use megahex::report::decor::Decorations;
use megahex::rulesets::hex_skirmish::{game::Game, view};
use megahex::scene::Scene;
use megahex_schema::rulesets::hex_skirmish::{Hexagon, Map, Objective, ObjectiveKind, Scenario};
use megahex_schema::{FORMAT_VERSION, Team};

/// The scenario File > New hex-skirmish opens: a hexagon of open ground with two teams of one
/// fighter each, set to defeat each other, so it validates and plays from the first frame and
/// the designer changes it rather than starting from a blank page.
pub fn new_scenario() -> Scenario {
    let team = |id: &str, name: &str, color: &str| Team {
        id: id.to_owned(),
        name: Some(name.to_owned()),
        color: Some(color.to_owned()),
    };
    let defeat = |id: &str, team: &str| Objective {
        id: id.to_owned(),
        team: team.to_owned(),
        kind: ObjectiveKind::Defeat,
        targets: Vec::new(),
        hexes: Vec::new(),
        chests: Vec::new(),
        count: None,
        rounds: None,
        description: None,
    };
    let fighter = presets::PRESETS[0];
    Scenario {
        schema: None,
        format: FORMAT_VERSION,
        ruleset: Default::default(),
        title: Some("Untitled skirmish".to_owned()),
        description: None,
        catalog: None,
        rules: Default::default(),
        terrain: Default::default(),
        map: Map {
            hexagon: Some(Hexagon {
                radius: 5,
                centre: [0, 0],
            }),
            ..Map::default()
        },
        teams: vec![
            team("red", "Red", "#c23b2b"),
            team("blue", "Blue", "#2b63c2"),
        ],
        units: vec![
            fighter.unit("red-fighter", "red", [-4, 2]),
            fighter.unit("blue-fighter", "blue", [4, -2]),
        ],
        chests: Vec::new(),
        spawn: Vec::new(),
        objectives: vec![defeat("rout-blue", "red"), defeat("rout-red", "blue")],
        round_limit: None,
        water_monster: None,
        special_rules: Vec::new(),
        playtest: Vec::new(),
        assertions: Vec::new(),
    }
}

/// The scenario laid out as the shared pictures draw it (the arena as a board, units and
/// chests as pieces where they start, spawn zones and objective hexes as marks), and the rules
/// set up for it, which the previews, the odds and the hover line ask until the next edit.
pub fn layout(scenario: &Scenario) -> (Scene, Decorations, Game) {
    let game = Game::new(scenario);
    let state = game.start();
    let scene = Scene {
        board: view::board(&game),
        rules: Default::default(),
        tokens: view::pieces(&game, &state),
        hazards: Vec::new(),
    };
    (scene, view::decorations(scenario), game)
}

/// The status line's text for the pointer on an arena (its rules set up as `game`).
pub fn status_text(
    scenario: Option<&Scenario>,
    game: Option<&Game>,
    hovered: Option<megahex::board::Axial>,
) -> String {
    match (hovered, scenario, game) {
        (Some(at), Some(scenario), Some(game)) => hover_text(game, scenario, at),
        _ => "Point at a hex to see it.".to_owned(),
    }
}

/// The status line's text for the hex under the pointer: its terrain and levels, and who
/// stands there.
pub fn hover_text(game: &Game, scenario: &Scenario, at: megahex::board::Axial) -> String {
    let arena = &game.arena;
    let Some(slot) = arena.slot(at) else {
        return format!("q,r {},{}: not on the map", at[0], at[1]);
    };
    let hex = arena.hex(slot);
    let mut text = format!("q,r {},{}   {}", at[0], at[1], arena.terrain(slot).name);
    match hex.levels {
        0 => {}
        1 => text.push_str(", 1 level"),
        n => text.push_str(&format!(", {n} levels")),
    }
    let here: Vec<&str> = scenario
        .units
        .iter()
        .filter(|u| u.at == at)
        .map(|u| u.id.as_str())
        .chain(
            scenario
                .chests
                .iter()
                .filter(|c| c.at == at)
                .map(|c| c.id.as_str()),
        )
        .collect();
    if !here.is_empty() {
        text.push_str("   on it: ");
        text.push_str(&here.join(", "));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hover_text_names_terrain_levels_and_units() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../scenarios/skirmish-rooftop-town.yaml");
        let scenario: Scenario =
            crate::storage::read_as(&std::fs::read_to_string(path).unwrap()).unwrap();
        // The file writes the market hall at [4, 1] with 2 levels, and the cat at [0, 0].
        assert_eq!(
            hover_text(&Game::new(&scenario), &scenario, [4, 1]),
            "q,r 4,1   building, 2 levels"
        );
        assert_eq!(
            hover_text(&Game::new(&scenario), &scenario, [0, 0]),
            "q,r 0,0   open   on it: cat"
        );
        assert_eq!(
            hover_text(&Game::new(&scenario), &scenario, [40, 0]),
            "q,r 40,0: not on the map"
        );
    }

    #[test]
    fn a_new_skirmish_validates_without_errors() {
        let text = crate::storage::to_yaml(&new_scenario(), None).unwrap();
        let (outcome, problems) = crate::document::check_bytes(text.as_bytes(), None);
        assert!(problems.is_empty(), "{problems:?}\n{text}");
        let outcome = outcome.unwrap();
        assert_eq!(
            outcome.scenario.map(|s| s.ruleset()),
            Some(megahex_schema::Ruleset::HexSkirmish)
        );
    }
}
