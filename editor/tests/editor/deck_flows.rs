//! The Solar Sentinels deck editor driven like a designer: the example deck opens with its
//! stacks, a card, a hero, a boss or the missions are picked and edited, an impossible value
//! shows its problem, the rank and the stack order change, undo takes each back and redo puts
//! it again, and Save keeps a file that validates and reads back as what was on screen.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::support::{bundled_app, click_at, deck_ui, drag, press, settle};
use egui::{Key, Modifiers};
use egui_kittest::kittest::{Queryable, by};
use megahex_editor::app::EditorApp;
use megahex_editor::document::check_bytes;
use megahex_editor::rulesets::solar_sentinels::Selected;
use megahex_editor::rulesets::solar_sentinels::edits::DeckEdit;
use megahex_editor::rulesets::solar_sentinels::held::DeckDocument;
use megahex_schema::rulesets::solar_sentinels::{Condition, Effect, Rule, Scenario};

fn click_label(harness: &mut egui_kittest::Harness<'_, EditorApp>, label: &str) {
    harness.get_by_label(label).click_accesskit();
    harness.run_steps(2);
}

fn deck(harness: &egui_kittest::Harness<'_, EditorApp>) -> Scenario {
    harness.state().wb.doc.deck().unwrap().clone()
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
    assert_eq!(deck_ui(&harness).selected, Some(Selected::Card(index)));
    harness.get_by_label("Engagement odds");

    // An assign limit of two dice on a card of health 9 (no two dice deal 9, even with a
    // hero's crits worth 3): the card is flagged, and undo takes it back.
    let mut card = deck(&harness).conflict[index].clone();
    card.health = 9;
    card.effects = vec![Effect::During(Rule::AssignLimit {
        max: 2,
        per: Default::default(),
    })];
    assert!(harness.state_mut().wb.edit(DeckEdit::UpdateCard {
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
    assert!(harness.state_mut().wb.edit(DeckEdit::SetRank(Some(3))));
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

/// The findings of the current text with this code at this pointer.
fn has_problem(harness: &egui_kittest::Harness<'_, EditorApp>, code: &str, at: &str) -> bool {
    harness
        .state()
        .wb
        .doc
        .problems
        .iter()
        .any(|p| p.code == code && p.pointer.as_deref() == Some(at))
}

fn undo(harness: &mut egui_kittest::Harness<'_, EditorApp>) {
    press(harness, Modifiers::COMMAND, Key::Z);
    settle(harness);
}

fn redo(harness: &mut egui_kittest::Harness<'_, EditorApp>) {
    press(harness, Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    settle(harness);
}

/// Saves, and reads the file back: it must validate without errors and hold the deck on
/// screen.
fn save_and_read_back(harness: &mut egui_kittest::Harness<'_, EditorApp>, dir: &std::path::Path) {
    press(harness, Modifiers::COMMAND, Key::S);
    harness.run_steps(2);
    assert!(!harness.state().wb.doc.is_dirty(), "saved");
    let file = dir.join("solar-first-light.yaml");
    let bytes = std::fs::read(&file).unwrap();
    let (outcome, problems) = check_bytes(&bytes, Some(&file));
    let errors: Vec<_> = problems
        .iter()
        .filter(|p| p.severity == megahex::Severity::Error)
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    let saved = outcome.unwrap().scenario.unwrap();
    assert_eq!(saved.solar_sentinels(), Some(&deck(harness)));
}

#[test]
fn a_hero_is_picked_edited_checked_undone_and_saved() {
    let (dir, mut harness) = bundled_app("deck-hero", "solar-first-light.yaml");
    let before = deck(&harness);
    let index = before
        .heroes
        .iter()
        .position(|h| h.id == "brannoc-vale")
        .unwrap();

    // A click on the hero in the setup panel opens it in the inspector.
    click_label(&mut harness, "Brannoc Vale");
    assert_eq!(deck_ui(&harness).selected, Some(Selected::Hero(index)));
    harness.get_by_label("Play this hero");
    harness.get_by_label("Ability");

    // Dragging Health changes it on many frames, and is one undo step.
    let health = harness
        .get_by(|n| {
            n.role() == egui::accesskit::Role::SpinButton && n.numeric_value() == Some(26.0)
        })
        .rect()
        .center();
    drag(&mut harness, health, health + egui::vec2(60.0, 0.0));
    let dragged = deck(&harness).heroes[index].health;
    assert!(dragged > 26, "{dragged}");
    assert_eq!(
        harness.state().wb.doc.undo_label(),
        Some("edit hero `brannoc-vale`")
    );
    undo(&mut harness);
    assert_eq!(deck(&harness), before);
    assert_eq!(harness.state().wb.doc.undo_label(), None);

    // Strategy 7 is more than the game allows: the check says so at the hero's Strategy, and
    // the inspector shows the 7 as it is rather than quietly making it 6.
    let mut hero = before.heroes[index].clone();
    hero.strategy = 7;
    assert!(harness.state_mut().wb.edit(DeckEdit::UpdateHero {
        index,
        hero: Box::new(hero.clone()),
        continues: false,
    }));
    settle(&mut harness);
    assert_eq!(deck(&harness).heroes[index].strategy, 7);
    let at = format!("/heroes/{index}/strategy");
    assert!(
        has_problem(&harness, "schema", &at),
        "{:?}",
        harness.state().wb.doc.problems
    );

    // Undo puts back the hero as it was, and the problem goes; redo brings both again.
    undo(&mut harness);
    assert_eq!(deck(&harness).heroes[index], before.heroes[index]);
    assert!(!has_problem(&harness, "schema", &at));
    redo(&mut harness);
    assert_eq!(deck(&harness).heroes[index], hero);
    assert!(has_problem(&harness, "schema", &at));
    undo(&mut harness);

    // A valid edit of the stats and the ability is saved and reads back.
    let mut hero = before.heroes[index].clone();
    hero.strategy = 3;
    hero.health = 30;
    let ability = hero.ability.as_mut().unwrap();
    ability.name = Some("Deep Breach".into());
    ability.effect = Effect::During(Rule::FaceValue {
        face: megahex_schema::rulesets::solar_sentinels::Face::Crit,
        colours: Vec::new(),
        value: 4,
    });
    assert!(harness.state_mut().wb.edit(DeckEdit::UpdateHero {
        index,
        hero: Box::new(hero.clone()),
        continues: false,
    }));
    save_and_read_back(&mut harness, &dir);
    assert_eq!(deck(&harness).heroes[index], hero);
}

#[test]
fn a_boss_is_picked_edited_checked_undone_and_saved() {
    let (dir, mut harness) = bundled_app("deck-boss", "solar-first-light.yaml");
    let before = deck(&harness);
    let index = before
        .bosses
        .iter()
        .position(|b| b.id == "tide-eater-colossus")
        .unwrap();
    click_label(&mut harness, "Tide-Eater Colossus");
    assert_eq!(deck_ui(&harness).selected, Some(Selected::Boss(index)));
    // The boss's effects are lines of YAML, as a card's are, and its odds are shown.
    harness.get_by_label("+ effect");
    harness.get_by_label("Engagement odds");

    // Health 30 under an assign limit of two dice: no two dice deal 30, so the boss is
    // flagged as unbeatable.
    let mut boss = before.bosses[index].clone();
    boss.health = 30;
    boss.entourage = 3;
    boss.effects.push(Effect::During(Rule::AssignLimit {
        max: 2,
        per: Default::default(),
    }));
    assert!(harness.state_mut().wb.edit(DeckEdit::UpdateBoss {
        index,
        boss: Box::new(boss.clone()),
        continues: false,
    }));
    settle(&mut harness);
    let at = format!("/bosses/{index}/health");
    assert!(
        has_problem(&harness, "enemy-unbeatable", &at),
        "{:?}",
        harness.state().wb.doc.problems
    );
    assert_eq!(
        harness.state().wb.doc.undo_label(),
        Some("edit boss `tide-eater-colossus`")
    );

    // A click on the problem, with a card in the inspector, opens the boss again.
    click_label(&mut harness, "Crater Lurker");
    let problem = harness
        .get_by_label_contains("boss `tide-eater-colossus` has health 30")
        .rect()
        .center();
    click_at(&mut harness, problem);
    assert_eq!(deck_ui(&harness).selected, Some(Selected::Boss(index)));

    undo(&mut harness);
    assert_eq!(deck(&harness).bosses[index], before.bosses[index]);
    assert!(!has_problem(&harness, "enemy-unbeatable", &at));
    redo(&mut harness);
    assert_eq!(deck(&harness).bosses[index], boss);
    assert!(has_problem(&harness, "enemy-unbeatable", &at));

    // Saved with the warning, the file keeps the edit.
    save_and_read_back(&mut harness, &dir);
    assert_eq!(deck(&harness).bosses[index], boss);
}

#[test]
fn a_mission_condition_is_typed_checked_undone_and_saved() {
    let (dir, mut harness) = bundled_app("deck-missions", "solar-first-light.yaml");
    let before = deck(&harness);
    let index = before
        .missions
        .iter()
        .position(|m| m.id == "double-strike")
        .unwrap();
    click_label(&mut harness, "Missions");
    assert_eq!(deck_ui(&harness).selected, Some(Selected::Missions));
    harness.get_by_label("Double Strike");

    // A line that is not a condition is not taken.
    retype(
        &mut harness,
        "{defeat-in-one-round: 2}",
        "{defeat-in-one-round: lots}",
    );
    assert_eq!(deck(&harness), before);

    // Ten enemies in one round is more than the schema allows (9): flagged at the mission.
    retype(
        &mut harness,
        "{defeat-in-one-round: 2}",
        "{defeat-in-one-round: 10}",
    );
    assert_eq!(
        deck(&harness).missions[index].condition,
        Condition::DefeatInOneRound(10)
    );
    settle(&mut harness);
    let at = format!("/missions/{index}/condition/defeat-in-one-round");
    assert!(
        has_problem(&harness, "schema", &at),
        "{:?}",
        harness.state().wb.doc.problems
    );
    undo(&mut harness);
    assert_eq!(deck(&harness).missions[index], before.missions[index]);
    assert!(!has_problem(&harness, "schema", &at));
    redo(&mut harness);
    assert_eq!(
        deck(&harness).missions[index].condition,
        Condition::DefeatInOneRound(10)
    );
    undo(&mut harness);

    // A condition the vocabulary cannot express, and no forfeit: saved and read back.
    let mut mission = before.missions[index].clone();
    mission.condition = Condition::Text("Defeat two enemies with one die each".into());
    mission.forfeit = false;
    assert!(harness.state_mut().wb.edit(DeckEdit::UpdateMission {
        index,
        mission: Box::new(mission.clone()),
    }));
    save_and_read_back(&mut harness, &dir);
    assert_eq!(deck(&harness).missions[index], mission);
    let text = std::fs::read_to_string(dir.join("solar-first-light.yaml")).unwrap();
    assert!(text.contains("forfeit: false"), "{text}");
}

/// Replaces the text of the field showing `value` with `text`, and leaves it with Enter.
fn retype(harness: &mut egui_kittest::Harness<'_, EditorApp>, value: &str, text: &str) {
    field_showing(harness, value).focus();
    harness.run_steps(1);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.run_steps(1);
    field_showing(harness, value).type_text(text);
    harness.run_steps(2);
    press(harness, Modifiers::NONE, Key::Enter);
    harness.run_steps(2);
}

/// The first text field whose text is `value`.
fn field_showing<'h>(
    harness: &'h egui_kittest::Harness<'_, EditorApp>,
    value: &str,
) -> egui_kittest::Node<'h> {
    let value = value.to_owned();
    harness
        .get_all_by(move |n| {
            n.role() == egui::accesskit::Role::TextInput && n.value().as_deref() == Some(&value)
        })
        .next()
        .expect("a field shows the value")
}

#[test]
fn a_new_deck_starts_from_the_example_unsaved_and_valid() {
    let (_dir, mut harness) = bundled_app("new-deck", "city-blades-gambit.yaml");
    settle(&mut harness);
    // What the File menu's "New Solar Sentinels scenario" sends.
    harness
        .state_mut()
        .wb
        .send(megahex_editor::command::Command::New(
            megahex_schema::Ruleset::SolarSentinels,
        ));
    harness.run_steps(2);
    settle(&mut harness);
    let doc = &harness.state().wb.doc;
    let deck = doc.deck().expect("a deck is open");
    assert_eq!(deck.title.as_deref(), Some("Untitled deck"));
    assert_eq!(deck.conflict.len(), 45);
    assert!(
        doc.path.is_none(),
        "a new deck has no file until it is saved"
    );
    assert!(!doc.is_dirty());
    let errors: Vec<_> = doc
        .problems
        .iter()
        .filter(|p| p.severity == megahex::Severity::Error)
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
}

#[test]
fn a_decks_unsaved_changes_are_listed_beside_its_problems() {
    let (_dir, mut harness) = bundled_app("deck-changes", "solar-first-light.yaml");
    settle(&mut harness);
    assert!(
        harness
            .query_by_label_contains("Changes since saved")
            .is_none(),
        "nothing to list before an edit"
    );
    // One key rewritten: the Crater Lurker's Health, 4 in the bundled deck.
    let index = deck(&harness)
        .conflict
        .iter()
        .position(|c| c.id == "crater-lurker")
        .unwrap();
    let mut card = deck(&harness).conflict[index].clone();
    assert_eq!(card.health, 4);
    card.health = 5;
    assert!(harness.state_mut().wb.edit(DeckEdit::UpdateCard {
        index,
        card: Box::new(card),
        continues: false,
    }));
    settle(&mut harness);
    harness.get_by_label("Changes since saved: 1");
    // The section opens over a few frames.
    harness.run_steps(10);
    // Keys as the file writes them, items counted from 1, with the panel's arrow.
    let line = format!("  conflict: item {}: health: 4 -> 5", index + 1);
    harness.get(by().role(egui::accesskit::Role::Label).value(&line));
    // A deck's map marks nothing, so the panel offers no switch for it.
    assert!(harness.query_by_label("Mark them on the map").is_none());
    // Undone, the deck is the file again: nothing to list.
    undo(&mut harness);
    assert!(
        harness
            .query_by_label_contains("Changes since saved")
            .is_none()
    );
}
