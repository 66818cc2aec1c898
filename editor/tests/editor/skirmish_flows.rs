//! The hex-skirmish editor driven like a designer: New hex-skirmish, a terrain stroke, a unit
//! from the palette, its inspector, the sight preview and the odds against another unit, then
//! Save As; the saved file validates and reads back as what was on screen.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::support::{
    arena_ui, bundled_app, click_at, drag, harness_for, press, scratch, screen_of, settle,
};
use egui::{Key, Modifiers};
use egui_kittest::kittest::{Queryable, by};
use megahex_editor::app::EditorApp;
use megahex_editor::dialogs::Dialog;
use megahex_editor::document::{Document, check_bytes};
use megahex_editor::rulesets::hex_skirmish::edits::SkirmishEdit;
use megahex_editor::rulesets::hex_skirmish::held::ArenaDocument;

fn click_label(harness: &mut egui_kittest::Harness<'_, EditorApp>, label: &str) {
    harness.get_by_label(label).click_accesskit();
    harness.run_steps(2);
}

fn terrain_at(harness: &egui_kittest::Harness<'_, EditorApp>, at: [i32; 2]) -> String {
    let doc = &harness.state().wb.doc;
    let game = doc.skirmish_game().unwrap();
    megahex_editor::rulesets::hex_skirmish::hover_text(game, doc.skirmish().unwrap(), at)
}

#[test]
fn a_skirmish_built_from_new_is_painted_peopled_and_saved() {
    let dir = scratch("skirmish-new");
    let app = EditorApp::with_recovery_dir(Document::sample(), dir.join("recovery"));
    let mut harness = harness_for(app);
    press(&mut harness, Modifiers::COMMAND | Modifiers::SHIFT, Key::N);
    assert!(
        harness.state().wb.doc.skirmish().is_some(),
        "a hex-skirmish document"
    );
    harness.run_steps(3);

    // One stroke of water from [0, 0] to [2, 0] is one undo step.
    click_label(&mut harness, "water");
    let (from, to) = (screen_of(&harness, [0, 0]), screen_of(&harness, [2, 0]));
    drag(&mut harness, from, to);
    harness.run_steps(2);
    assert!(terrain_at(&harness, [0, 0]).contains("water"));
    assert!(terrain_at(&harness, [2, 0]).contains("water"));
    let label = harness.state().wb.doc.undo_label().unwrap().to_owned();
    assert!(label.starts_with("paint water on "), "{label}");
    press(&mut harness, Modifiers::COMMAND, Key::Z);
    assert!(terrain_at(&harness, [0, 0]).contains("open"));
    assert!(terrain_at(&harness, [2, 0]).contains("open"));
    press(&mut harness, Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    assert!(terrain_at(&harness, [2, 0]).contains("water"));

    // An archer from the palette for the red team, then a second weapon in its inspector.
    click_label(&mut harness, "archer  (hp 11, strike +3)");
    let spot = screen_of(&harness, [0, 3]);
    click_at(&mut harness, spot);
    let units = harness.state().wb.doc.skirmish().unwrap().units.clone();
    let archer = units.iter().find(|u| u.id == "red-archer").expect("placed");
    assert_eq!(archer.at, [0, 3]);
    assert_eq!(arena_ui(&harness).selected, Some(units.len() - 1));
    click_label(&mut harness, "Add a weapon");
    let weapons = |h: &egui_kittest::Harness<'_, EditorApp>| {
        let doc = &h.state().wb.doc;
        doc.skirmish().unwrap().units.last().unwrap().weapons.len()
    };
    assert_eq!(weapons(&harness), 3);

    // Sight from the archer with L; hovering the blue fighter shows the archer's odds.
    press(&mut harness, Modifiers::NONE, Key::L);
    assert_eq!(
        arena_ui(&harness).preview,
        megahex_editor::preview::Tint::Sight
    );
    let blue = screen_of(&harness, [4, -2]);
    harness.hover_at(blue);
    harness.run_steps(3);
    harness.get_by_label("red-archer against blue-fighter");
    harness.get_by_label("Longbow");

    // A chest on [2, 2]: a second click takes it away, a third puts it back.
    click_label(&mut harness, "Chest");
    let chest_hex = screen_of(&harness, [2, 2]);
    let chests = |h: &egui_kittest::Harness<'_, EditorApp>| {
        let doc = &h.state().wb.doc;
        let s = doc.skirmish().unwrap();
        s.chests
            .iter()
            .map(|c| (c.id.clone(), c.at))
            .collect::<Vec<_>>()
    };
    click_at(&mut harness, chest_hex);
    assert_eq!(chests(&harness), vec![("chest".to_owned(), [2, 2])]);
    click_at(&mut harness, chest_hex);
    assert_eq!(chests(&harness), vec![]);
    click_at(&mut harness, chest_hex);
    assert_eq!(chests(&harness).len(), 1);

    // Red's spawn zone, painted in one stroke down the west edge.
    click_label(&mut harness, "spawn zone of Red");
    let (top, bottom) = (screen_of(&harness, [-5, 1]), screen_of(&harness, [-5, 4]));
    drag(&mut harness, top, bottom);
    harness.run_steps(2);
    let spawn = harness.state().wb.doc.skirmish().unwrap().spawn.clone();
    assert_eq!(spawn.len(), 1);
    assert_eq!(spawn[0].team, "red");
    for hex in [[-5, 1], [-5, 4]] {
        assert!(spawn[0].hexes.contains(&hex), "{:?}", spawn[0].hexes);
    }
    assert_eq!(
        harness.state().wb.doc.undo_label(),
        Some("paint red's spawn zone on 4 hexes")
    );

    // Save As, then the file validates and reads back as the scenario on screen.
    press(&mut harness, Modifiers::COMMAND, Key::S);
    assert!(matches!(
        harness.state().dialog,
        Some(Dialog::SaveAs { .. })
    ));
    let field = harness.get(
        by().role(egui::accesskit::Role::TextInput)
            .predicate(|n| n.value().is_some_and(|v| v.ends_with("untitled.yaml"))),
    );
    field.focus();
    harness.run_steps(1);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.run_steps(1);
    let target = dir.join("skirmish.yaml");
    harness
        .get(
            by().role(egui::accesskit::Role::TextInput)
                .predicate(|n| n.value().is_some_and(|v| v.ends_with("untitled.yaml"))),
        )
        .type_text(&target.display().to_string());
    harness.run_steps(2);
    press(&mut harness, Modifiers::NONE, Key::Enter);
    harness.run_steps(2);
    let bytes = std::fs::read(&target).expect("saved");
    let (outcome, problems) = check_bytes(&bytes, Some(&target));
    assert_eq!(problems, Vec::new(), "{}", String::from_utf8_lossy(&bytes));
    let saved = outcome.and_then(|o| o.scenario).unwrap();
    assert_eq!(saved.hex_skirmish(), harness.state().wb.doc.skirmish());
    assert!(!harness.state().wb.doc.is_dirty());
}

/// Esc during a unit's drag leaves the unit where it stood (egui ends the drag on Esc, which
/// used to finish the move); the same drag released without Esc moves it.
#[test]
fn escape_during_a_unit_drag_cancels_the_move() {
    let dir = scratch("skirmish-escape");
    let app = EditorApp::with_recovery_dir(Document::sample(), dir.join("recovery"));
    let mut harness = harness_for(app);
    press(&mut harness, Modifiers::COMMAND | Modifiers::SHIFT, Key::N);
    harness.run_steps(3);
    let first_at =
        |h: &egui_kittest::Harness<'_, EditorApp>| h.state().wb.doc.skirmish().unwrap().units[0].at;
    let start = first_at(&harness);
    let (from, to) = (screen_of(&harness, start), screen_of(&harness, [0, 0]));
    harness.hover_at(from);
    harness.drag_at(from);
    for i in 1..=6 {
        harness.hover_at(from + (to - from) * (i as f32 / 6.0));
    }
    harness.key_press(Key::Escape);
    harness.run_steps(1);
    harness.event(egui::Event::PointerButton {
        pos: to,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: Modifiers::NONE,
    });
    harness.run_steps(2);
    assert_eq!(first_at(&harness), start, "the unit stayed");
    assert_eq!(harness.state().wb.doc.undo_label(), None);
    drag(&mut harness, from, to);
    assert_eq!(first_at(&harness), [0, 0], "a drag moves it");
}

#[test]
fn an_arenas_unsaved_changes_are_listed_beside_its_problems() {
    let (_dir, mut harness) = bundled_app("arena-changes", "skirmish-drowned-arena.yaml");
    settle(&mut harness);
    assert!(
        harness
            .query_by_label_contains("Changes since saved")
            .is_none()
    );
    assert!(
        harness
            .state_mut()
            .wb
            .edit(SkirmishEdit::SetTitle(Some("New arena".to_owned())))
    );
    settle(&mut harness);
    harness.get_by_label("Changes since saved: 1");
    // The section opens over a few frames.
    harness.run_steps(10);
    // The key and values as the file writes them, with the panel's arrow.
    harness.get(
        by().role(egui::accesskit::Role::Label)
            .value("  title: The Drowned Arena -> New arena"),
    );
    assert!(harness.query_by_label("Mark them on the map").is_none());
    press(&mut harness, Modifiers::COMMAND, Key::Z);
    settle(&mut harness);
    assert!(
        harness
            .query_by_label_contains("Changes since saved")
            .is_none()
    );
}
