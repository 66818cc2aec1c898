//! Each game runs the commands it has and refuses the others with a reason, from the keyboard
//! as from the greyed buttons: a deck has no map to flip or fit, an arena no tiles or clipboard.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::support::{bundled_app, press};
use egui::{Key, Modifiers};
use megahex_editor::command::Command;
use megahex_editor::rulesets::game_refuses;
use megahex_editor::rulesets::solar_sentinels::held::DeckDocument;
use megahex_editor::workbench::StatusKind;
use megahex_schema::Ruleset;

/// The commands `scenario`'s game refuses, among every command.
fn refused_in(scenario: &str) -> Vec<Command> {
    let (_dir, mut harness) = bundled_app("game-commands", scenario);
    harness.run_steps(5);
    Command::all()
        .into_iter()
        .filter(|&c| game_refuses(harness.state().wb.doc.ruleset(), c).is_some())
        .collect()
}

#[test]
fn each_game_refuses_exactly_what_it_cannot_do() {
    assert_eq!(refused_in("city-blades-gambit.yaml"), Vec::new());
    // An arena: one-hex units on painted hexes, previews of sight and reach.
    let arena = refused_in("skirmish-bush-maze.yaml");
    for command in [
        Command::Export,
        Command::RotateClockwise,
        Command::RotateCounterClockwise,
        Command::Flip,
        Command::Copy,
        Command::Cut,
        Command::Paste,
        Command::Duplicate,
        Command::SelectAll,
        Command::CarryOnTurn,
        Command::HexLabels,
        Command::RangeOverlay,
        Command::AreaOverlay,
        Command::ScenarioPanel,
        Command::Layers,
    ] {
        assert!(arena.contains(&command), "an arena refuses {command:?}");
    }
    assert_eq!(arena.len(), 15, "and runs the rest: {arena:?}");
    // A deck: no map at all; it saves, undoes and deletes a selected card.
    let deck = refused_in("solar-first-light.yaml");
    for command in [
        Command::New(Ruleset::SentinelTactics),
        Command::Open,
        Command::Save,
        Command::SaveAs,
        Command::Reload,
        Command::Undo,
        Command::Redo,
        Command::UndoHistory,
        Command::Delete,
        Command::Cancel,
        Command::Help,
        Command::New(Ruleset::HexSkirmish),
        Command::New(Ruleset::SolarSentinels),
    ] {
        assert!(!deck.contains(&command), "a deck runs {command:?}");
    }
    assert_eq!(
        deck.len(),
        Command::all().len() - 13,
        "and no other: {deck:?}"
    );
}

#[test]
fn a_key_a_game_cannot_run_says_why_and_changes_nothing() {
    let (_dir, mut harness) = bundled_app("deck-flip", "solar-first-light.yaml");
    let before = harness.state().wb.doc.deck().unwrap().clone();
    press(&mut harness, Modifiers::NONE, Key::F);
    let status = harness.state().wb.status.clone().unwrap();
    assert_eq!(status.kind, StatusKind::Refused);
    assert_eq!(status.text, "A deck has no map");
    assert_eq!(harness.state().wb.doc.deck().unwrap(), &before);

    let (_dir, mut harness) = bundled_app("arena-copy", "skirmish-bush-maze.yaml");
    press(&mut harness, Modifiers::COMMAND, Key::C);
    let status = harness.state().wb.status.clone().unwrap();
    assert_eq!(status.kind, StatusKind::Refused);
    assert!(status.text.contains("no copy and paste"), "{}", status.text);
}

/// Esc on an arena puts the arena's tool down, then clears the arena's own selection (it used
/// to run the map's Esc, which left both as they were).
#[test]
fn esc_on_an_arena_puts_the_tool_down_then_clears_the_selection() {
    use megahex_editor::rulesets::hex_skirmish::panel::{SkirmishTool, SkirmishUi};
    let (_dir, mut harness) = bundled_app("arena-esc", "skirmish-bush-maze.yaml");
    {
        let (arena, _) = harness.state_mut().game_parts::<SkirmishUi>().unwrap();
        arena.selected = Some(0);
        arena.tool = SkirmishTool::Paint;
    }
    press(&mut harness, Modifiers::NONE, Key::Escape);
    let arena = harness.state().game_ref::<SkirmishUi>().unwrap();
    assert_eq!(arena.tool, SkirmishTool::Select);
    assert_eq!(
        arena.selected,
        Some(0),
        "the first Esc only puts the brush down"
    );
    press(&mut harness, Modifiers::NONE, Key::Escape);
    assert_eq!(
        harness.state().game_ref::<SkirmishUi>().unwrap().selected,
        None
    );
}

/// A file that is not a scenario at all opens on its problems, with no game's palettes, and a
/// game's command says it needs a scenario; its twin that reads opens on the map.
#[test]
fn a_file_that_does_not_load_shows_its_problems_and_refuses_game_commands() {
    use egui_kittest::kittest::Queryable;
    let dir = crate::support::scratch("unloaded");
    let broken = dir.join("broken.yaml");
    std::fs::write(&broken, "format: 1\nruleset: sentinel-tactics\nmap: [\n").unwrap();
    let app = megahex_editor::app::EditorApp::with_recovery_dir(
        megahex_editor::document::Document::open(&broken),
        dir.join("recovery"),
    );
    let mut harness = crate::support::harness_for(app);
    assert_eq!(harness.state().wb.doc.ruleset(), None);
    assert!(
        harness
            .query_by_label_contains("did not load as a scenario")
            .is_some()
    );
    assert!(
        harness.query_all_by_label("Tiles").next().is_none(),
        "no map palette"
    );
    harness.state_mut().wb.send(Command::HexLabels);
    harness.run_steps(2);
    let status = harness.state().wb.status.clone().unwrap();
    assert_eq!(status.kind, StatusKind::Refused);
    assert!(status.text.contains("needs a scenario"), "{}", status.text);

    let (_dir, harness) = bundled_app("loaded", "city-blades-gambit.yaml");
    assert!(
        harness
            .query_by_label_contains("did not load as a scenario")
            .is_none()
    );
    assert!(harness.query_all_by_label("Tiles").next().is_some());
}

/// A new, empty map is checked like a file: the problems say it needs a tile, as `megahex
/// validate` would, instead of "No problems found".
#[test]
fn a_new_map_is_checked_and_says_it_needs_a_tile() {
    use egui_kittest::kittest::Queryable;
    let (_dir, mut harness) = bundled_app("new-checked", "city-blades-gambit.yaml");
    press(&mut harness, Modifiers::COMMAND, Key::N);
    harness.state_mut().settle_checks();
    harness.run_steps(2);
    let problems = &harness.state().wb.doc.problems;
    assert!(
        problems
            .iter()
            .any(|p| p.severity == megahex::Severity::Error),
        "{problems:?}"
    );
    assert!(harness.query_by_label("No problems found.").is_none());
}
