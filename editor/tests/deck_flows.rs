//! The Solar Sentinels deck editor driven like a designer: the example deck opens with its
//! stacks, a card is picked and edited, an impossible card shows its problem, the rank and the
//! stack order change, undo takes each back, and Save keeps a file that validates and reads
//! back as what was on screen.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use megahex_editor::app::EditorApp;
use megahex_editor::document::check_bytes;
use megahex_editor::solar_sentinels::edits::DeckEdit;
use support::{bundled_app, press};

fn click_label(harness: &mut egui_kittest::Harness<'_, EditorApp>, label: &str) {
    harness.get_by_label(label).click_accesskit();
    harness.run_steps(2);
}

fn deck(
    harness: &egui_kittest::Harness<'_, EditorApp>,
) -> megahex_schema::solar_sentinels::Scenario {
    harness.state().wb.doc.deck().unwrap().clone()
}

/// Waits for the background check of the current text to land.
fn settle(harness: &mut egui_kittest::Harness<'_, EditorApp>) {
    for _ in 0..200 {
        harness.run_steps(1);
        if !harness.state().checks.is_busy() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    harness.run_steps(2);
}

#[test]
fn the_example_deck_is_edited_checked_and_saved() {
    let (dir, mut harness) = bundled_app("deck-flow", "solar-first-light.yaml");
    assert!(harness.state().wb.doc.deck().is_some(), "a deck document");
    harness.get_by_label("Stack 1: 15 of 15 cards");
    harness.get_by_label("Stack 3: 15 of 15 cards");

    // A click on a card opens it in the inspector, with its odds.
    click_label(&mut harness, "Crater Lurker");
    let index = deck(&harness)
        .conflict
        .iter()
        .position(|c| c.id == "crater-lurker")
        .unwrap();
    assert_eq!(harness.state().deck_ui.selected, Some(index));
    harness.get_by_label("Engagement odds");

    // An assign limit of two dice on a card of health 9 (no two dice deal 9, even with a
    // hero's crits worth 3): the card is flagged, and undo takes it back.
    let mut card = deck(&harness).conflict[index].clone();
    card.health = 9;
    card.effects = vec![megahex_schema::solar_sentinels::Effect::During(
        megahex_schema::solar_sentinels::Rule::AssignLimit {
            max: 2,
            per: Default::default(),
        },
    )];
    assert!(harness.state_mut().wb.edit_deck(DeckEdit::UpdateCard {
        index,
        card: Box::new(card),
        continues: false,
    }));
    settle(&mut harness);
    let problems = harness.state().wb.doc.problems.clone();
    let at = format!("/conflict/{index}/health");
    assert!(
        problems
            .iter()
            .any(|p| p.code == "enemy-unbeatable" && p.pointer.as_deref() == Some(at.as_str())),
        "{problems:?}"
    );
    press(&mut harness, Modifiers::COMMAND, Key::Z);
    assert_eq!(deck(&harness).conflict[index].health, 4);

    // The rank: rank 3 brings a second handicap; "Fix this order" writes the columns.
    assert!(harness.state_mut().wb.edit_deck(DeckEdit::SetRank(Some(3))));
    assert_eq!(deck(&harness).setup.handicaps.len(), 2);
    click_label(&mut harness, "Fix this order");
    let stacks = deck(&harness).setup.stacks.clone().expect("fixed");
    assert_eq!(stacks[0][0], "regolith-skitter");
    assert_eq!(
        harness.state().wb.doc.undo_label(),
        Some("fix the stack order")
    );

    // Save, and the file validates and reads back as the deck on screen.
    press(&mut harness, Modifiers::COMMAND, Key::S);
    harness.run_steps(2);
    let file = dir.join("solar-first-light.yaml");
    let bytes = std::fs::read(&file).unwrap();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    assert!(
        text.starts_with("# yaml-language-server: $schema="),
        "{text}"
    );
    assert!(!text.contains('!'), "no YAML tags: {text}");
    let (outcome, problems) = check_bytes(&bytes, Some(&file));
    let errors: Vec<_> = problems
        .iter()
        .filter(|p| p.code != "effect-not-simulated")
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    let saved = outcome.unwrap().scenario.unwrap();
    assert_eq!(saved.solar_sentinels(), Some(&deck(&harness)));
}
