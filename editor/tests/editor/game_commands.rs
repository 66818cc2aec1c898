//! Each game runs the commands it has and refuses the others with a reason, from the keyboard
//! as from the greyed buttons: a deck has no map to flip or fit, an arena no tiles or clipboard.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::support::{bundled_app, press};
use egui::{Key, Modifiers};
use megahex_editor::command::Command;
use megahex_editor::rulesets::game_refuses;
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
    ] {
        assert!(arena.contains(&command), "an arena refuses {command:?}");
    }
    assert_eq!(arena.len(), 14, "and runs the rest: {arena:?}");
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
        Command::all().len() - 12,
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
