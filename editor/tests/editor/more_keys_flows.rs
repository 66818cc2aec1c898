//! The keys no form covers, written as YAML in the side panel: a wrong value is refused with
//! its reason and leaves the scenario alone; a right one is one undoable edit, saved with the
//! rest of the file as written. And the deck's effect menu, which offers every rule.

use crate::support::bundled_app;

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use megahex_editor::app::EditorApp;
use megahex_editor::rulesets::hex_skirmish::held::ArenaDocument;
use megahex_editor::rulesets::solar_sentinels::held::DeckDocument;

fn click(harness: &mut Harness<'_, EditorApp>, label: &str) {
    harness.get_by_label(label).click_accesskit();
    harness.run_steps(3);
}

/// Replaces the text of the last multi-line box on screen (the key just opened).
fn type_in_box(harness: &mut Harness<'_, EditorApp>, text: &str) {
    let node = harness
        .get_all_by_role(Role::MultilineTextInput)
        .last()
        .expect("the key's box");
    node.focus();
    harness.run_steps(1);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.run_steps(1);
    harness
        .get_all_by_role(Role::MultilineTextInput)
        .last()
        .expect("the key's box")
        .type_text(text);
    harness.run_steps(2);
}

#[test]
fn an_arenas_round_limit_is_changed_as_yaml_refused_when_wrong_and_saved() {
    let (dir, mut harness) = bundled_app("more-keys-arena", "skirmish-bush-maze.yaml");
    harness.run_steps(3);
    click(&mut harness, "More keys (YAML)");
    click(&mut harness, "round-limit");
    // Words where a number goes: refused with serde's reason, the scenario as it was.
    type_in_box(&mut harness, "ten\n");
    click(&mut harness, "Apply");
    assert!(
        harness
            .query_all_by_label_contains("Not applied: invalid type")
            .next()
            .is_some(),
        "the reason is shown"
    );
    assert_eq!(
        harness.state().wb.doc.skirmish().unwrap().round_limit,
        Some(10)
    );
    assert!(!harness.state().wb.doc.is_dirty());
    // A number: one edit, named for the key.
    type_in_box(&mut harness, "8\n");
    click(&mut harness, "Apply");
    let doc = &harness.state().wb.doc;
    assert_eq!(doc.skirmish().unwrap().round_limit, Some(8));
    assert_eq!(doc.undo_label(), Some("edit round-limit"));
    // Saved in place: only that line changes.
    click(&mut harness, "Save");
    let saved = std::fs::read_to_string(dir.join("skirmish-bush-maze.yaml")).unwrap();
    let bundled = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../scenarios/skirmish-bush-maze.yaml"),
    )
    .unwrap();
    assert_eq!(
        saved,
        bundled.replace("round-limit: 10\n", "round-limit: 8\n")
    );
}

#[test]
fn a_decks_special_key_can_be_taken_out_and_undone() {
    let (_dir, mut harness) = bundled_app("more-keys-deck", "solar-first-light.yaml");
    harness.run_steps(3);
    let described = harness.state().wb.doc.deck().unwrap().description.clone();
    assert!(described.is_some());
    click(&mut harness, "More keys (YAML)");
    click(&mut harness, "description");
    // An empty box takes the key out.
    type_in_box(&mut harness, " ");
    click(&mut harness, "Apply");
    assert_eq!(harness.state().wb.doc.deck().unwrap().description, None);
    click(&mut harness, "Undo");
    assert_eq!(
        harness.state().wb.doc.deck().unwrap().description,
        described
    );
}

#[test]
fn the_effect_menu_adds_the_rule_picked_at_the_timing_picked() {
    use megahex_schema::rulesets::solar_sentinels::{Effect, Rule};
    let (_dir, mut harness) = bundled_app("effect-menu", "solar-first-light.yaml");
    harness.run_steps(3);
    let before = harness.state().wb.doc.deck().unwrap().clone();
    let index = before
        .bosses
        .iter()
        .position(|b| b.id == "tide-eater-colossus")
        .unwrap();
    click(&mut harness, "Tide-Eater Colossus");
    click(&mut harness, "+ effect");
    click(&mut harness, "after");
    click(&mut harness, "hits-in-pairs");
    let boss = &harness.state().wb.doc.deck().unwrap().bosses[index];
    let mut expected = before.bosses[index].effects.clone();
    expected.push(Effect::After(Rule::HitsInPairs));
    assert_eq!(boss.effects, expected);
}
