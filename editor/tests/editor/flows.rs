//! Flow tests on the real app, driven headless through egui_kittest: pointer events on the map,
//! key presses, buttons found by their labels, and the saved file checked with the library.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::support::*;
use megahex_editor::rulesets::sentinel_tactics::held::MapDocument;

use std::path::Path;

use egui::accesskit::Role;
use egui::{Event, Key, Modifiers, PointerButton};
use egui_kittest::Harness;
use egui_kittest::kittest::{AccessKitNode, NodeT, Queryable, by};
use megahex_schema::rulesets::sentinel_tactics::{Side, TilePlacement};

use megahex_editor::app::EditorApp;
use megahex_editor::dialogs::Dialog;
use megahex_editor::document::Document;
use megahex_editor::rulesets::sentinel_tactics::bench::Selection;

/// Opens a fixture, places a tile from the palette, rotates it, undoes the rotation, saves,
/// and validates the saved YAML with the library's checker.
#[test]
fn place_rotate_undo_save_on_a_real_file() {
    let dir = scratch("place");
    let file = dir.join("blades.yaml");
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/city-blades-gambit.yaml");
    std::fs::copy(&fixture, &file).unwrap();
    let app = EditorApp::with_recovery_dir(Document::open(&file), dir.join("recovery"));
    let mut harness = harness_for(app);

    // Tile 1 is on the map: its palette buttons are disabled. Tile 2 is free.
    assert!(harness.get_by_label("M1").accesskit_node().is_disabled());
    harness.get_by_label("M2").click();
    harness.run_steps(2);
    let target = [-3, 5];
    let pos = screen_of(&harness, target);
    click_at(&mut harness, pos);
    let placed = TilePlacement {
        tile: 2,
        side: Side::Megalopolis,
        at: target,
        rotation: 0,
    };
    {
        let app = harness.state();
        let tiles = &app.wb.doc.scenario().unwrap().map.tiles;
        assert_eq!(tiles.last(), Some(&placed));
        assert_eq!(
            map_ui(&harness).map.selection,
            Some(Selection::Tile(tiles.len() - 1))
        );
        assert!(app.wb.doc.board().unwrap().contains(target));
    }
    assert!(says_on_hover(&mut harness, "Undo", "Undo add tile 2"));

    press(&mut harness, Modifiers::NONE, Key::R);
    assert_eq!(
        harness
            .state()
            .wb
            .doc
            .scenario()
            .unwrap()
            .map
            .tiles
            .last()
            .unwrap()
            .rotation,
        1
    );
    assert!(says_on_hover(&mut harness, "Undo", "Undo rotate tile"));
    press(&mut harness, Modifiers::COMMAND, Key::Z);
    assert_eq!(
        harness.state().wb.doc.scenario().unwrap().map.tiles.last(),
        Some(&placed)
    );
    assert!(says_on_hover(&mut harness, "Redo", "Redo rotate tile"));
    assert!(harness.state().title().ends_with(" •"));

    harness.state_mut().settle_checks();
    assert_eq!(harness.state().wb.doc.problems, Vec::new());
    press(&mut harness, Modifiers::COMMAND, Key::S);
    assert!(!harness.state().wb.doc.is_dirty());
    assert!(!harness.state().title().contains('•'));
    let saved = saved_scenario(&file);
    assert_eq!(saved.map.tiles.last(), Some(&placed));
    assert_eq!(Some(&saved), harness.state().wb.doc.scenario());
    // The modeline is kept.
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with("# yaml-language-server: $schema=../schema/scenario.schema.json\n"));
}

/// Esc during a drag cancels the move: the token stays, the selection too, and the status line
/// says so (egui ends the drag on Esc, which used to finish the move). Released without Esc,
/// the same drag moves it.
#[test]
fn escape_during_a_drag_cancels_the_move() {
    let (_, _, mut harness) = sample_app("drag-escape");
    let legacy_at = |h: &Harness<'_, EditorApp>| {
        h.state()
            .wb
            .doc
            .tokens()
            .iter()
            .find(|t| t.id == "legacy")
            .map(|t| t.hexes.clone())
    };
    let from = screen_of(&harness, [0, 0]);
    let to = screen_of(&harness, [0, -1]);
    harness.hover_at(from);
    harness.drag_at(from);
    for i in 1..=6 {
        harness.hover_at(from + (to - from) * (i as f32 / 6.0));
    }
    harness.key_press(Key::Escape);
    harness.run_steps(1);
    harness.event(Event::PointerButton {
        pos: to,
        button: PointerButton::Primary,
        pressed: false,
        modifiers: Modifiers::NONE,
    });
    harness.run_steps(2);
    assert_eq!(legacy_at(&harness), Some(vec![[0, 0]]), "the token stayed");
    assert_eq!(
        harness.state().wb.status.as_ref().map(|s| s.text.as_str()),
        Some("Move cancelled")
    );
    assert_eq!(harness.state().wb.doc.undo_label(), None, "nothing to undo");
    drag(&mut harness, from, to);
    assert_eq!(legacy_at(&harness), Some(vec![[0, -1]]), "a drag moves it");
}

/// Drags a selected tile and a token with the pointer, then deletes the token with the key.
#[test]
fn drag_a_tile_and_a_token_then_delete_the_token() {
    let (_, _, mut harness) = sample_app("drag");

    // Tile 7 (centre [-3, 5]): select it by a hex without tokens, then drag it one hex down.
    let grab = [-3, 6];
    let pos = screen_of(&harness, grab);
    click_at(&mut harness, pos);
    assert_eq!(map_ui(&harness).map.selection, Some(Selection::Tile(3)));
    let from = screen_of(&harness, grab);
    let to = screen_of(&harness, [-3, 7]);
    drag(&mut harness, from, to);
    assert_eq!(
        harness.state().wb.doc.scenario().unwrap().map.tiles[3].at,
        [-3, 6]
    );

    // legacy stands on [0, 0]: drag it one hex up, onto [0, -1].
    let from = screen_of(&harness, [0, 0]);
    let to = screen_of(&harness, [0, -1]);
    drag(&mut harness, from, to);
    let legacy = harness
        .state()
        .wb
        .doc
        .tokens()
        .iter()
        .find(|t| t.id == "legacy")
        .cloned();
    assert_eq!(legacy.map(|t| t.hexes), Some(vec![[0, -1]]));
    assert_eq!(map_ui(&harness).map.selection, Some(Selection::Token(0)));

    press(&mut harness, Modifiers::NONE, Key::Delete);
    assert!(
        harness
            .state()
            .wb
            .doc
            .tokens()
            .iter()
            .all(|t| t.id != "legacy"),
        "the dragged token was deleted"
    );
    assert!(says_on_hover(&mut harness, "Undo", "Undo remove token"));
}

/// The bundled sample has no file: Ctrl+S asks for a path in a pure-egui dialog.
#[test]
fn saving_the_sample_goes_through_save_as() {
    let dir = scratch("save-as");
    let app = EditorApp::with_recovery_dir(Document::sample(), dir.join("recovery"));
    let mut harness = harness_for(app);
    press(&mut harness, Modifiers::COMMAND, Key::S);
    assert!(matches!(
        harness.state().dialog,
        Some(Dialog::SaveAs { .. })
    ));
    let target = dir.join("mine");
    let sample_path = |n: &AccessKitNode<'_>| n.value().is_some_and(|v| v.ends_with("sample.yaml"));
    harness
        .get(by().role(Role::TextInput).predicate(sample_path))
        .focus();
    harness.run_steps(1);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.run_steps(1);
    harness
        .get(by().role(Role::TextInput).predicate(sample_path))
        .type_text(&target.display().to_string());
    harness.run_steps(2);
    press(&mut harness, Modifiers::NONE, Key::Enter);
    harness.run_steps(2);
    let written = target.with_extension("yaml");
    assert!(written.is_file(), "saved with a .yaml extension");
    assert_eq!(harness.state().dialog, None);
    assert_eq!(
        harness.state().wb.doc.path.as_deref(),
        Some(written.as_path())
    );
    assert_eq!(
        Some(&saved_scenario(&written)),
        harness.state().wb.doc.scenario()
    );
    // Saved outside a Megahex tree: no schema to point at, so no modeline.
    let text = std::fs::read_to_string(&written).unwrap();
    assert!(text.starts_with("format: 1\n"), "{text}");
}

fn commands(harness: &Harness<'_, EditorApp>) -> Vec<egui::ViewportCommand> {
    harness
        .output()
        .viewport_output
        .get(&egui::ViewportId::ROOT)
        .map(|v| v.commands.clone())
        .unwrap_or_default()
}

/// Closing the window with unsaved changes asks first, and quitting keeps the recovery copy,
/// which the next start offers.
#[test]
fn closing_with_unsaved_changes_asks_and_keeps_the_work() {
    let dir = scratch("close");
    let file = dir.join("sample.yaml");
    std::fs::write(&file, megahex_editor::document::SAMPLE_YAML).unwrap();
    let recovery = dir.join("recovery");
    let mut app = EditorApp::with_recovery_dir(Document::open(&file), recovery.clone());
    // Long enough that only the close writes the copy.
    app.recovery.delay = std::time::Duration::from_secs(3600);
    let mut harness = harness_for(app);
    let pos = screen_of(&harness, [-3, 6]);
    click_at(&mut harness, pos);
    press(&mut harness, Modifiers::NONE, Key::F);
    assert_eq!(
        harness.state().shown_title.as_deref(),
        Some("Megahex editor - sample.yaml •"),
        "the window title shows the dirty mark"
    );
    assert!(megahex_editor::storage::find_recovery(&recovery, Some(&file)).is_none());

    harness
        .input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .events
        .push(egui::ViewportEvent::Close);
    harness.run_steps(1);
    assert!(commands(&harness).contains(&egui::ViewportCommand::CancelClose));
    assert_eq!(harness.state().dialog, Some(Dialog::Quit));
    assert!(
        megahex_editor::storage::find_recovery(&recovery, Some(&file)).is_some(),
        "the work is on disk before the user answers"
    );
    harness.run_steps(1);
    harness.get_by_label("Quit, keep the recovery copy").click();
    harness.run_steps(1);
    assert!(commands(&harness).contains(&egui::ViewportCommand::Close));
    let edited = harness.state().wb.doc.scenario().cloned();
    drop(harness);
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        megahex_editor::document::SAMPLE_YAML,
        "the file is untouched"
    );

    let mut again = harness_for(EditorApp::with_recovery_dir(
        Document::open(&file),
        recovery.clone(),
    ));
    assert!(again.query_by_label("Restore unsaved changes").is_some());
    again.get_by_label("Restore unsaved changes").click();
    again.run_steps(2);
    assert_eq!(again.state().wb.doc.scenario().cloned(), edited);
    assert!(again.state().wb.doc.is_dirty());
}

/// Selects a figure, turns on line of sight with L, and hovers a hex: the legend names the rule,
/// the hexes are tinted with the library's verdicts, and the overlay is computed only once while
/// the pointer moves.
#[test]
fn line_of_sight_overlay_from_a_figure_with_l() {
    use megahex_editor::rulesets::sentinel_tactics::overlay::Tint;
    let (_, _, mut harness) = sample_app("los");
    // legacy stands on [0, 0].
    let pos = screen_of(&harness, [0, 0]);
    click_at(&mut harness, pos);
    assert_eq!(map_ui(&harness).map.selection, Some(Selection::Token(0)));
    press(&mut harness, Modifiers::NONE, Key::L);
    assert_eq!(map_ui(&harness).map.overlays.tint, Tint::Sight);
    let rule = {
        let app = harness.state();
        let scenario = app.wb.doc.scenario().unwrap();
        megahex::board::los::LosRules::from_rules(&scenario.rules).name()
    };
    let legend = format!("Line of sight from legacy; rule {rule}:");
    assert!(harness.query_by_label(&legend).is_some(), "{legend}");
    for hex in [[2, 0], [-3, 6], [0, -2]] {
        let pos = screen_of(&harness, hex);
        harness.hover_at(pos);
        harness.run_steps(2);
    }
    let map = map_parts(&mut harness);
    // One question for the verdicts, asked once however many frames pass, and one for each
    // hovered hex's full answer.
    assert_eq!(
        map.overlay_view.cache.computed, 4,
        "cached, not asked per frame"
    );
    let source =
        megahex_editor::rulesets::sentinel_tactics::overlay_view::overlay_source(&map.wb).unwrap();
    // The answers come from the worker thread; wait for the last ones.
    map.overlay_view.cache.wait();
    let layer = map.overlay_view.overlay_layer(&map.wb);
    let scene = megahex::scene::Scene::new(map.wb.doc.scenario().unwrap(), &map.wb.doc.catalog);
    let board = &scene.board;
    for (at, color) in &layer.tints {
        let sight =
            megahex::board::los::best_sight(board, &source.hexes, &[*at], scene.rules).unwrap();
        assert_eq!(
            *color,
            megahex::report::layer::sight_tint(sight.visible, sight.reverse_visible),
            "{at:?}"
        );
    }
    assert_eq!(layer.tints.len(), board.hexes().len() - 1);
    // The hovered hex [0, -2] gets a witness line or its blockers outlined.
    assert!(layer.witness.is_some() || layer.outlines.len() == 2);
    press(&mut harness, Modifiers::NONE, Key::L);
    assert_eq!(map_ui(&harness).map.overlays.tint, Tint::None);
}

/// Places Omnitron-V from the token palette, turning it in hand with R and on the map with
/// Shift+R; sets its team and types its label in the inspector; undoes the label (one step for
/// the whole word); saves, and validates the saved YAML with the library.
#[test]
fn place_turn_and_inspect_a_token_then_save() {
    use megahex_schema::rulesets::sentinel_tactics::{Token, TokenKind};
    use megahex_schema::{Footprint, HexRef, TileHex};
    let (_, file, mut harness) = sample_app("token");
    let t = |tile, hex| HexRef::Tile(TileHex { tile, hex });
    let fourth =
        |h: &Harness<'_, EditorApp>| h.state().wb.doc.scenario().unwrap().tokens.get(3).cloned();

    harness.get_by_label("Tokens").click();
    harness.run_steps(2);
    harness.get_by_label("Omnitron-V (3 hexes)").click();
    harness.run_steps(2);
    press(&mut harness, Modifiers::NONE, Key::R);
    // Tile 1 lies unturned on [0, 0], so its hex 6 is [2, -2]. Turned once, the body goes SW
    // then NW of the first hex: [1, -1] (1/8) and [1, -2] (1/3).
    let pos = screen_of(&harness, [2, -2]);
    click_at(&mut harness, pos);
    let placed = fourth(&harness).expect("placed");
    assert_eq!(placed.id, "omnitron-v");
    assert_eq!(placed.team.as_deref(), Some("heroes"), "the first team");
    assert_eq!(placed.at, Footprint::Many(vec![t(1, 6), t(1, 8), t(1, 3)]));
    assert_eq!(map_ui(&harness).map.selection, Some(Selection::Token(3)));

    // Shift+R on the selected figure turns it back: S then SW of [2, -2], 1/11 and 1/8.
    press(&mut harness, Modifiers::SHIFT, Key::R);
    let turned = Footprint::Many(vec![t(1, 6), t(1, 11), t(1, 8)]);
    assert_eq!(fourth(&harness).unwrap().at, turned);
    assert!(says_on_hover(&mut harness, "Undo", "Undo rotate token"));

    // The inspector: the team from its combo box...
    harness
        .get_by_role_and_label(Role::ComboBox, "Team")
        .click();
    harness.run_steps(2);
    harness.get_by_label("villains (Villains)").click();
    harness.run_steps(2);
    assert_eq!(fourth(&harness).unwrap().team.as_deref(), Some("villains"));
    // ...and the label, applied when Enter ends the typing, not letter by letter.
    harness.get_by_label("Label").focus();
    harness.run_steps(1);
    harness.get_by_label("Label").type_text("Boss");
    harness.run_steps(2);
    assert_eq!(
        fourth(&harness).unwrap().label,
        None,
        "not applied while typing"
    );
    press(&mut harness, Modifiers::NONE, Key::Enter);
    assert_eq!(fourth(&harness).unwrap().label.as_deref(), Some("Boss"));
    assert!(says_on_hover(&mut harness, "Undo", "Undo edit omnitron-v"));
    press(&mut harness, Modifiers::COMMAND, Key::Z);
    let now = fourth(&harness).unwrap();
    assert_eq!(
        (now.label, now.team.as_deref()),
        (None, Some("villains")),
        "one undo takes the whole label and keeps the team"
    );

    harness.state_mut().settle_checks();
    // The sample has an Omnitron-V already: a character is one figure, so the second is the
    // one finding, a warning.
    let problems = &harness.state().wb.doc.problems;
    let codes: Vec<&str> = problems.iter().map(|p| p.code.as_str()).collect();
    assert_eq!(codes, ["character-duplicate"]);
    press(&mut harness, Modifiers::COMMAND, Key::S);
    assert!(!harness.state().wb.doc.is_dirty());
    let expected = Token {
        id: "omnitron-v".into(),
        kind: TokenKind::Character,
        character: Some("omnitron-v".into()),
        team: Some("villains".into()),
        at: turned,
        label: None,
        health: None,
        radius: None,
        hazard_attack: None,
        effect_tokens: None,
    };
    assert_eq!(saved_scenario(&file).tokens.get(3), Some(&expected));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains("\n  - {id: omnitron-v, kind: character, character: omnitron-v, team: villains, at: [1/6, 1/11, 1/8]}\n"),
        "{text}"
    );
}

/// A text input found by what it holds (or, when empty, by its placeholder), last of several.
fn text_input<'t>(
    harness: &'t Harness<'_, EditorApp>,
    value: &'t str,
    placeholder: &'t str,
) -> egui_kittest::Node<'t> {
    let matches = move |n: &AccessKitNode<'_>| {
        matches!(n.role(), Role::TextInput | Role::MultilineTextInput)
            && n.value().unwrap_or_default() == value
            && (!value.is_empty() || n.placeholder() == Some(placeholder))
    };
    harness
        .get_all(by().predicate(matches))
        .last()
        .expect("get_all finds at least one")
}

/// Focuses a text field, replaces its text, and leaves it with Enter (or Tab).
fn retype(
    harness: &mut Harness<'_, EditorApp>,
    value: &str,
    placeholder: &str,
    text: &str,
    leave: Key,
) {
    text_input(harness, value, placeholder).focus();
    harness.run_steps(1);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.run_steps(1);
    text_input(harness, value, placeholder).type_text(text);
    harness.run_steps(2);
    press(harness, Modifiers::NONE, leave);
}

fn click_label(harness: &mut Harness<'_, EditorApp>, label: &str) {
    harness.get_by_label(label).click_accesskit();
    harness.run_steps(2);
}

/// The scenario panels on a real file: adds a team and names it, adds a hold objective for it
/// with hexes painted on the map, puts it in the turn order, paints its deployment zone in one
/// stroke (undone and redone in one step each) and erases a hex with Shift, switches to strict
/// line-of-sight edges and an environment card; saves, and checks the YAML holds exactly that
/// and validates.
#[test]
fn scenario_panels_set_teams_objectives_zones_and_rules_then_save() {
    use megahex_schema::rulesets::sentinel_tactics::{
        DeploymentZone, EnvironmentCard, ObjectiveKind,
    };
    use megahex_schema::{HexRef, LosEdges, TileHex};
    let (_, file, mut harness) = sample_app("scenario-panels");
    let scenario = |h: &Harness<'_, EditorApp>| h.state().wb.doc.scenario().cloned().unwrap();
    // Each change is one named step in the undo history.
    let undo_label = |h: &Harness<'_, EditorApp>| {
        let editing = h.state().wb.doc.editing().unwrap();
        editing.undo_label().unwrap_or_default().to_owned()
    };

    harness
        .get_by_role_and_label(Role::Button, "Scenario")
        .click();
    harness.run_steps(2);
    assert!(map_ui(&harness).scenario_ui.open);
    assert!(harness.query_by_label("Scenario setup").is_some());

    // A team: added as team-3 (two teams already), then renamed and named.
    click_label(&mut harness, "Add team");
    assert_eq!(scenario(&harness).teams[2].id, "team-3");
    text_input(&harness, "team-3", "id").focus();
    harness.run_steps(1);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.run_steps(1);
    text_input(&harness, "team-3", "id").type_text("rebels");
    harness.run_steps(2);
    assert_eq!(
        scenario(&harness).teams[2].id,
        "team-3",
        "nothing changes while typing"
    );
    press(&mut harness, Modifiers::NONE, Key::Enter);
    assert_eq!(scenario(&harness).teams[2].id, "rebels");
    assert_eq!(undo_label(&harness), "rename team team-3 to rebels");
    retype(
        &mut harness,
        "",
        "display name",
        "Rebel Alliance",
        Key::Enter,
    );
    assert_eq!(
        scenario(&harness).teams[2].name.as_deref(),
        Some("Rebel Alliance")
    );

    // An objective: added for the first team, then given to rebels and made a hold objective.
    click_label(&mut harness, "Add objective");
    assert_eq!(scenario(&harness).objectives[2].id, "objective-3");
    assert_eq!(scenario(&harness).objectives[2].team, "heroes");
    // Team combos showing heroes: the turn order's, stop-omni's, then the new objective's.
    pick(&mut harness, "heroes", "rebels");
    pick(&mut harness, "incapacitate", "hold");
    assert_eq!(undo_label(&harness), "set objective objective-3 to hold");
    retype(&mut harness, "objective-3", "id", "hold-plaza", Key::Enter);
    retype(&mut harness, "", "all", "1", Key::Enter);
    retype(&mut harness, "", "-", "2", Key::Enter);
    // Its hexes, painted on the map: [0, 1] is hex 15 of tile 1.
    let paint_buttons = harness.get_all_by_label("Paint").count();
    assert_eq!(paint_buttons, 4, "the objective's, then one per team");
    harness
        .get_all_by_label("Paint")
        .next()
        .unwrap()
        .click_accesskit();
    harness.run_steps(2);
    let pos = screen_of(&harness, [0, 1]);
    click_at(&mut harness, pos);
    press(&mut harness, Modifiers::NONE, Key::Escape);
    assert_eq!(
        map_ui(&harness).map.tool,
        megahex_editor::rulesets::sentinel_tactics::bench::Tool::Select
    );
    let objective = scenario(&harness).objectives[2].clone();
    assert_eq!(objective.id, "hold-plaza");
    assert_eq!(objective.team, "rebels");
    assert_eq!(objective.kind, ObjectiveKind::Hold);
    assert_eq!(
        objective.hexes,
        vec![HexRef::Tile(TileHex { tile: 1, hex: 15 })]
    );
    assert_eq!((objective.count, objective.rounds), (Some(1), Some(2)));

    // Turn order: rebels added at the end, then moved before villains.
    pick(&mut harness, "Add a team…", "rebels");
    assert_eq!(
        scenario(&harness).turn_order,
        ["heroes", "villains", "rebels"]
    );
    harness
        .get_all_by_label("Up")
        .nth(2)
        .unwrap()
        .click_accesskit();
    harness.run_steps(2);
    assert_eq!(
        scenario(&harness).turn_order,
        ["heroes", "rebels", "villains"]
    );
    assert_eq!(
        undo_label(&harness),
        "move villains after rebels in the turn order"
    );

    // Deployment: one drag over [-1, 0], [0, 0], [1, 0] (hexes 7, 10 and 13 of tile 1).
    harness
        .get_all_by_label("Paint")
        .last()
        .unwrap()
        .click_accesskit();
    harness.run_steps(2);
    let before_stroke = scenario(&harness);
    let (from, to) = (screen_of(&harness, [-1, 0]), screen_of(&harness, [1, 0]));
    drag(&mut harness, from, to);
    let tile1 = |hex| HexRef::Tile(TileHex { tile: 1, hex });
    let zone = |hexes| DeploymentZone {
        team: "rebels".into(),
        hexes,
    };
    let after_stroke = scenario(&harness);
    assert_eq!(
        after_stroke.deployment,
        vec![zone(vec![tile1(7), tile1(10), tile1(13)])]
    );
    assert_eq!(
        undo_label(&harness),
        "paint 3 hexes onto the deployment zone of rebels"
    );
    press(&mut harness, Modifiers::COMMAND, Key::Z);
    assert_eq!(
        scenario(&harness),
        before_stroke,
        "one undo takes the whole stroke"
    );
    press(&mut harness, Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    assert_eq!(scenario(&harness), after_stroke, "one redo brings it back");
    // Shift+click removes [0, 0].
    let pos = screen_of(&harness, [0, 0]);
    harness.hover_at(pos);
    harness.event(Event::ModifiersChanged(Modifiers::SHIFT));
    for pressed in [true, false] {
        harness.event(Event::PointerButton {
            pos,
            button: PointerButton::Primary,
            pressed,
            modifiers: Modifiers::SHIFT,
        });
    }
    harness.event(Event::ModifiersChanged(Modifiers::NONE));
    harness.run_steps(2);
    assert_eq!(
        scenario(&harness).deployment,
        vec![zone(vec![tile1(7), tile1(13)])]
    );
    assert_eq!(
        undo_label(&harness),
        "remove 1 hex from the deployment zone of rebels"
    );
    press(&mut harness, Modifiers::NONE, Key::Escape);

    // Rules.
    click_label(&mut harness, "strict");
    click_label(&mut harness, "flow-of-fiery-lava");
    assert_eq!(undo_label(&harness), "turn on flow-of-fiery-lava");
    assert_eq!(scenario(&harness).rules.los_edges, LosEdges::Strict);
    assert_eq!(
        scenario(&harness).rules.environment,
        [EnvironmentCard::FlowOfFieryLava]
    );

    harness.state_mut().settle_checks();
    let errors: Vec<_> = harness
        .state()
        .wb
        .doc
        .problems
        .iter()
        .filter(|p| p.severity == megahex::Severity::Error)
        .cloned()
        .collect();
    assert_eq!(errors, Vec::new(), "the app's checks find no errors");
    press(&mut harness, Modifiers::COMMAND, Key::S);
    assert!(!harness.state().wb.doc.is_dirty());
    let saved = saved_scenario(&file);
    assert_eq!(Some(&saved), harness.state().wb.doc.scenario());
    let text = std::fs::read_to_string(&file).unwrap();
    for expected in [
        "\nteams:\n  - {id: heroes, name: Heroes}\n  - {id: villains, name: Villains}\n  - {id: rebels, name: Rebel Alliance}\n",
        "\n  - {id: hold-plaza, team: rebels, kind: hold, hexes: [1/15], count: 1, rounds: 2}\n",
        "\nturn-order: [heroes, rebels, villains]\n",
        "\ndeployment:\n  - {team: rebels, hexes: [1/7, 1/13]}\n",
        "\nrules:\n  los-blocking: higher-than-either\n  los-edges: strict\n  environment: [flow-of-fiery-lava]\n",
    ] {
        assert!(text.contains(expected), "{expected}\nnot in\n{text}");
    }
}

/// A description is one edit when the field is left by a click elsewhere, not one per key; Esc
/// in a field puts the old text back.
#[test]
fn scenario_text_fields_change_the_scenario_when_left() {
    let (_, _, mut harness) = sample_app("scenario-text");
    map_parts(&mut harness).scenario_ui.open = true;
    harness.run_steps(2);
    let description = "The story and setup notes, for the players";
    text_input(&harness, "", description).focus();
    harness.run_steps(1);
    for word in ["Two ", "teams"] {
        harness
            .get(by().predicate(|n| n.is_focused()))
            .type_text(word);
        harness.run_steps(1);
    }
    assert_eq!(harness.state().wb.doc.scenario().unwrap().description, None);
    let pos = screen_of(&harness, [-3, 6]);
    click_at(&mut harness, pos);
    assert_eq!(
        harness
            .state()
            .wb
            .doc
            .scenario()
            .unwrap()
            .description
            .as_deref(),
        Some("Two teams")
    );
    let editing = harness.state().wb.doc.editing().unwrap();
    assert_eq!(editing.undo_label(), Some("add description"));
    press(&mut harness, Modifiers::COMMAND, Key::Z);
    assert_eq!(harness.state().wb.doc.scenario().unwrap().description, None);
    assert!(
        !harness.state().wb.doc.is_dirty(),
        "one undo: back to the file"
    );

    // Esc: the title stays as it was.
    text_input(&harness, "Editor sample", "Scenario title").focus();
    harness.run_steps(1);
    text_input(&harness, "Editor sample", "Scenario title").type_text(" draft");
    harness.run_steps(1);
    press(&mut harness, Modifiers::NONE, Key::Escape);
    assert_eq!(
        harness.state().wb.doc.scenario().unwrap().title.as_deref(),
        Some("Editor sample")
    );
    assert!(!harness.state().wb.doc.is_dirty());
}

/// Drags a tile face from the palette onto the map: it lands snapped edge to edge next to a
/// tile already down.
#[test]
fn a_tile_dragged_from_the_palette_snaps_next_to_the_map() {
    let (_, _, mut harness) = sample_app("palette-drag");
    // The sample's tiles sit at (0,0), (5,-2), (2,3) and (-3,5). Of the six edge-to-edge slots
    // round (0,0) (the turns of (5,-2)), (-5,2) is free: at least 5 hexes from every centre.
    // Released one hex below it, on (-5,3), the tile snaps to (-5,2).
    let from = harness.get_by_label("M3").rect().center();
    let to = screen_of(&harness, [-5, 3]);
    drag(&mut harness, from, to);
    let app = harness.state();
    let tiles = &app.wb.doc.scenario().unwrap().map.tiles;
    assert_eq!(
        tiles.last(),
        Some(&TilePlacement {
            tile: 3,
            side: Side::Megalopolis,
            at: [-5, 2],
            rotation: 0,
        })
    );
    assert!(!map_ui(&harness).canvas.palette_drag);
}

/// F1 opens the shortcut window, which lists every command of the command list with its keys
/// as the list writes them; the menu bar holds every command too.
#[test]
fn the_help_window_lists_every_command_with_its_keys() {
    let (_dir, _file, mut harness) = sample_app("help");
    assert!(harness.query_by_label("Commands and shortcuts").is_none());
    press(&mut harness, Modifiers::NONE, Key::F1);
    assert!(harness.state().toolbar.help_open, "F1 opens the help");
    harness.get_by_label("Commands and shortcuts");
    for command in megahex_editor::command::Command::all() {
        harness.get_by_label(&command.tooltip());
        let keys = command.keys_text();
        if !keys.is_empty() {
            assert!(
                harness.query_all_by_label(&keys).next().is_some(),
                "{keys} ({command:?}) is not in the help window"
            );
        }
    }
    press(&mut harness, Modifiers::NONE, Key::F1);
    assert!(!harness.state().toolbar.help_open, "F1 again closes it");

    // Every menu of the menu bar lists its commands.
    for group in megahex_editor::command::Group::ALL {
        harness.get_by_label(group.name()).click();
        harness.run_steps(2);
        for command in megahex_editor::command::Command::all()
            .into_iter()
            .filter(|c| c.group() == group)
        {
            assert!(
                harness
                    .query_all_by_label_contains(&command.label())
                    .next()
                    .is_some(),
                "{} is not in the {} menu",
                command.label(),
                group.name()
            );
        }
        press(&mut harness, Modifiers::NONE, Key::Escape);
    }
}

/// The Rules section offers every rule option of the file format: the house rule for repeated
/// basic actions, and the lava's die code once Flow of Fiery Lava is in play; each tick is one
/// undo step.
#[test]
fn the_rules_section_sets_repeated_actions_and_the_lava_attack() {
    let (_, _file, mut harness) = sample_app("rules-options");
    let rules = |h: &Harness<'_, EditorApp>| h.state().wb.doc.scenario().unwrap().rules.clone();
    harness
        .get_by_role_and_label(Role::Button, "Scenario")
        .click();
    harness.run_steps(2);
    assert!(!rules(&harness).repeat_basic_actions);
    click_label(&mut harness, "repeat-basic-actions");
    assert!(rules(&harness).repeat_basic_actions);
    press(&mut harness, Modifiers::COMMAND, Key::Z);
    assert!(
        !rules(&harness).repeat_basic_actions,
        "one undo takes it back"
    );

    // The lava's attack is only asked for while its card is in play.
    assert!(harness.query_by_label("lava-attack").is_none());
    click_label(&mut harness, "flow-of-fiery-lava");
    click_label(&mut harness, "lava-attack");
    let lava = rules(&harness).lava_attack.expect("a lava attack is set");
    assert_eq!(lava.auto_miss, Vec::<u8>::new());
    harness
        .get_by_role_and_label(Role::Button, "1")
        .click_accesskit();
    harness.run_steps(2);
    assert_eq!(rules(&harness).lava_attack.unwrap().auto_miss, vec![1]);
}

/// Turning a tile leaves what stands on it in place; with Edit → "Tokens turn with their
/// tile" on, the token turns with the tile instead. The status line says which, either way.
#[test]
fn turning_a_tile_keeps_its_tokens_in_place_or_turns_them_as_chosen() {
    let (_dir, _file, mut harness) = sample_app("turn-keeps");
    let vial_at = |h: &Harness<'_, EditorApp>| {
        let doc = &h.state().wb.doc;
        // Not the centre hex (8/10), which a turn leaves where it is.
        let token = &doc.scenario().unwrap().tokens[2];
        assert_eq!(token.id, "vial-1");
        let at = doc.board().unwrap().resolve(&token.at.hexes()[0]).unwrap();
        (token.at.clone(), at)
    };
    let tile = harness
        .state()
        .wb
        .doc
        .scenario()
        .unwrap()
        .map
        .tiles
        .iter()
        .position(|t| t.tile == 8)
        .unwrap();
    map_parts(&mut harness).wb.map.selection = Some(Selection::Tile(tile));
    let (written, place) = vial_at(&harness);
    press(&mut harness, Modifiers::NONE, Key::R);
    let (written_kept, place_kept) = vial_at(&harness);
    assert_eq!(place_kept, place, "the vial stands where it stood");
    assert_ne!(written_kept, written, "its `T/I` was rewritten to say so");
    let status = harness.state().wb.status.clone().unwrap().text;
    assert!(status.contains("vial-1 stayed where it stood"), "{status}");

    harness.get_by_label("Edit").click();
    harness.run_steps(2);
    harness
        .get_by_label_contains("Tokens turn with their tile")
        .click();
    harness.run_steps(2);
    assert!(map_ui(&harness).map.carry_on_turn);
    press(&mut harness, Modifiers::NONE, Key::R);
    let (written_carried, place_carried) = vial_at(&harness);
    assert_ne!(place_carried, place_kept, "the vial turned with the tile");
    assert_eq!(
        written_carried, written_kept,
        "a `T/I` follows its tile unchanged"
    );
    let status = harness.state().wb.status.clone().unwrap().text;
    assert!(status.contains("vial-1 turned with it"), "{status}");
}

/// At 1200 px wide the toolbar is one row, and neither an overlay nor a long file name moves
/// the map; resizing the window keeps the middle of the map in the middle.
#[test]
fn the_map_stays_put_under_overlays_long_names_and_resizes() {
    let dir = scratch("stable-layout");
    let file = dir.join(format!(
        "{}.yaml",
        "a-very-long-scenario-file-name".repeat(4)
    ));
    std::fs::write(&file, megahex_editor::document::SAMPLE_YAML).unwrap();
    let app = EditorApp::with_recovery_dir(Document::open(&file), dir.join("recovery"));
    let mut harness = Harness::builder()
        .with_context_setup(megahex_editor::fonts::install)
        .with_size(egui::vec2(1200.0, 800.0))
        .build_ui_state(|ui, app: &mut EditorApp| app.show(ui), app);
    harness.run_steps(3);
    let canvas = |h: &Harness<'_, EditorApp>| h.state().wb.canvas_rect.unwrap();
    let before = canvas(&harness);
    // Menu bar and one toolbar row: the map starts high on the window.
    // The menu bar and one toolbar row take under 66 points; a second toolbar row would not.
    assert!(
        before.top() < 66.0,
        "the toolbar wrapped: the map starts at {}",
        before.top()
    );

    map_parts(&mut harness).wb.map.selection = Some(Selection::Token(0));
    press(&mut harness, Modifiers::NONE, Key::L);
    assert!(map_ui(&harness).map.overlays.any());
    assert_eq!(
        canvas(&harness),
        before,
        "the sight overlay's bar floats over the map"
    );

    // Untouched since it was fitted: a larger window fits the map again, larger.
    let fitted = harness.state().wb.view.unwrap();
    harness.set_size(egui::vec2(1500.0, 900.0));
    harness.run_steps(3);
    let after = canvas(&harness);
    assert_ne!(after, before, "the canvas grew");
    let refitted = harness.state().wb.view.unwrap();
    assert!(
        refitted.scale > fitted.scale,
        "the map grew with the window: {} then {}",
        fitted.scale,
        refitted.scale
    );

    // Zoomed by the designer: a resize keeps the zoom and the middle of the map in the middle.
    press(&mut harness, Modifiers::NONE, Key::Plus);
    let framed = harness.state().wb.view.unwrap();
    assert!(framed.scale > refitted.scale, "zoomed in");
    let middle = framed.world_from_screen(after.center());
    harness.set_size(egui::vec2(1300.0, 850.0));
    harness.run_steps(3);
    let resized = canvas(&harness);
    let view = harness.state().wb.view.unwrap();
    assert_eq!(view.scale, framed.scale, "the designer's zoom is kept");
    let moved = view.world_from_screen(resized.center()) - middle;
    assert!(
        moved.length() < 1e-3,
        "the middle of the map moved by {moved:?}"
    );
}

/// C cycles the hex labels: coordinates, tile/hex names, then nothing; the status says which.
#[test]
fn c_cycles_the_hex_labels() {
    use megahex_editor::draw::HexLabels;
    let (_dir, _file, mut harness) = sample_app("labels");
    assert_eq!(map_ui(&harness).map.hex_labels, HexLabels::Off);
    for expected in [HexLabels::Axial, HexLabels::TileHex, HexLabels::Off] {
        press(&mut harness, Modifiers::NONE, Key::C);
        assert_eq!(map_ui(&harness).map.hex_labels, expected);
        let status = harness.state().wb.status.clone().unwrap().text;
        assert_eq!(status, format!("Hex labels: {}", expected.name()));
    }
}

/// A tile being placed is previewed as it would land: its ground and elevation laid out by the
/// library at the rotation and side it will have; R and F turn and flip the preview.
#[test]
fn the_tile_in_hand_is_previewed_with_its_ground_at_its_rotation() {
    let (_dir, _file, mut harness) = sample_app("preview");
    harness.get_by_label("IP3").click();
    harness.run_steps(2);
    // A corner of the canvas, beside the map: the preview snaps to the nearest free slot.
    let pos = harness.state().wb.canvas_rect.unwrap().left_top() + egui::vec2(30.0, 30.0);
    harness.hover_at(pos);
    harness.run_steps(2);
    press(&mut harness, Modifiers::NONE, Key::R);
    let ghost = |h: &mut Harness<'_, EditorApp>| {
        let map = map_parts(h);
        map.canvas
            .marks(&map.wb, map.token_ui, map.scenario_ui)
            .ghost_tile
            .expect("a preview under the pointer")
    };
    let turned = ghost(&mut harness);
    assert_eq!(turned.rotation, 1, "R turned the preview");
    let megahex_editor::rulesets::sentinel_tactics::bench::Tool::Place(placement) =
        map_ui(&harness).map.tool
    else {
        panic!("still placing");
    };
    let landing = TilePlacement {
        at: turned.centre,
        ..placement
    };
    let (board, _) = megahex::rulesets::sentinel_tactics::map::build(
        &[landing],
        &harness.state().wb.doc.catalog,
    );
    assert_eq!(
        turned.hexes,
        board.hexes(),
        "the preview is the tile as the library lays it"
    );
    assert_eq!(turned.hexes.len(), 19);
    press(&mut harness, Modifiers::NONE, Key::F);
    let flipped = ghost(&mut harness);
    assert_eq!(flipped.label, "M3", "F shows the other side");
    assert_ne!(flipped.hexes, turned.hexes);
}

/// Objective hexes, tokens to collect and deployment zones are drawn in their team's colour on
/// the map and in exports; O and Z hide them in both.
#[test]
fn objective_marks_are_drawn_and_their_layers_switch_them_off_in_exports_too() {
    use megahex_editor::rulesets::sentinel_tactics::export::{ExportSettings, PictureFormat};
    let (dir, mut harness) = bundled_app("objective-marks", "objective-shard-rush.yaml");
    let marks = |h: &mut Harness<'_, EditorApp>| {
        let map = map_parts(h);
        map.canvas.marks(&map.wb, map.token_ui, map.scenario_ui)
    };
    let scenario = harness.state().wb.doc.scenario().cloned().unwrap();
    let decor = harness.state().wb.doc.decor.clone();
    let with_hexes = scenario
        .objectives
        .iter()
        .filter(|o| !o.hexes.is_empty())
        .count();
    assert_eq!(
        decor.objectives.len(),
        with_hexes,
        "every objective with hexes is marked"
    );
    assert!(marks(&mut harness).objectives, "shown by default");
    assert!(
        !marks(&mut harness).zones.is_empty(),
        "zones shown by default"
    );
    // The legend names them.
    harness.get_by_label_contains("objective hold-the-altar");

    let export = |h: &mut Harness<'_, EditorApp>| {
        let mut map = map_parts(h);
        let mut settings =
            ExportSettings::for_document(map.wb.doc.path.as_deref(), &map.wb.doc.name);
        settings.set_format(PictureFormat::Svg);
        assert!(map.export.export_to(&mut map.wb, &settings));
        std::fs::read_to_string(dir.join("objective-shard-rush.svg")).unwrap()
    };
    let svg = export(&mut harness);
    assert!(svg.contains("data-objective=\"hold-the-altar\""));
    assert!(svg.contains("data-zone="));

    press(&mut harness, Modifiers::NONE, Key::O);
    press(&mut harness, Modifiers::NONE, Key::Z);
    assert!(!marks(&mut harness).objectives);
    assert!(marks(&mut harness).zones.is_empty());
    let svg = export(&mut harness);
    assert!(
        !svg.contains("data-objective="),
        "the export follows the layers"
    );
    assert!(!svg.contains("data-collect="));
    assert!(!svg.contains("data-zone="));
    assert!(svg.contains("data-token="), "the tokens are still drawn");
}

/// The fairness panel opens with a verdict: which team the start favours and by how much, the
/// teams side by side, and what is missing for a sharper one.
#[test]
fn the_fairness_panel_says_which_team_is_favoured() {
    let (_dir, mut harness) = bundled_app("verdict", "city-blades-gambit.yaml");
    harness.state_mut().settle_checks();
    harness.run_steps(2);
    let verdict = harness
        .state()
        .wb
        .doc
        .map_findings()
        .and_then(|f| f.verdict.clone())
        .expect("a verdict");
    let summary = verdict.summary.clone().expect("two teams with objectives");
    harness.get_by_label(&summary);
    for standing in &verdict.standings {
        harness.get_by_label(&standing.team);
    }
    for missing in &verdict.missing {
        harness.get_by_label(&format!("Missing: {missing}"));
    }
    // The verdict names the team the report puts nearer its objective.
    let nearest = |team: &str| {
        verdict
            .standings
            .iter()
            .find(|s| s.team == team)
            .and_then(|s| s.nearest)
            .unwrap()
    };
    match verdict.favoured.as_deref() {
        Some(team) => {
            let other = verdict.standings.iter().find(|s| s.team != team).unwrap();
            assert!(nearest(team) <= nearest(&other.team), "{summary}");
        }
        None => assert!(summary.starts_with("even"), "{summary}"),
    }
}

/// Fit keeps the map clear of the legend that floats in the lower left corner.
#[test]
fn fit_leaves_the_legend_corner_free() {
    let (_dir, harness) = bundled_app("legend-room", "objective-shard-rush.yaml");
    let legend = harness
        .ctx
        .memory(|m| m.area_rect(egui::Id::unique("map-legend")))
        .expect("the legend is shown");
    let view = harness.state().wb.view.unwrap();
    let board = harness.state().wb.doc.board().unwrap().clone();
    let lowest = board
        .hexes()
        .iter()
        .flat_map(|h| view.hex_corners_in_screen(h.at))
        .map(|p| p.y)
        .fold(f32::MIN, f32::max);
    assert!(
        lowest <= legend.min.y,
        "the map's lowest corner ({lowest}) is above the legend ({})",
        legend.min.y
    );
}

/// At 1200 px the toolbar holds every button, and an edit does not move any of them: Undo keeps
/// its label and names the change on hover (a button that grew with its label pushed Scenario
/// off the screen and moved the buttons after it under the pointer).
#[test]
fn an_edit_moves_no_toolbar_button_at_1200_px() {
    use megahex_editor::rulesets::sentinel_tactics::edit::Edit;
    let dir = scratch("toolbar-1200");
    let app = EditorApp::with_recovery_dir(Document::sample(), dir.join("recovery"));
    let mut harness = Harness::builder()
        .with_context_setup(megahex_editor::fonts::install)
        .with_size(egui::vec2(1200.0, 800.0))
        .build_ui_state(|ui, app: &mut EditorApp| app.show(ui), app);
    harness.run_steps(3);
    let buttons = |h: &Harness<'_, EditorApp>| {
        ["Undo", "Redo", "Fit", "Reload", "Scenario"].map(|label| {
            h.get_all_by_role_and_label(Role::Button, label)
                .next()
                .expect("a toolbar button")
                .rect()
        })
    };
    let before = buttons(&harness);
    assert!(before[4].right() <= 1200.0, "Scenario is on screen");
    assert!(harness.state_mut().wb.edit(Edit::RotateTile {
        index: 0,
        clockwise: true
    }));
    harness.run_steps(3);
    assert_eq!(buttons(&harness), before);
    assert!(says_on_hover(
        &mut harness,
        "Undo",
        "Undo rotate tile (Ctrl+Z)"
    ));
}

/// In a web page the scenario came from a picked file, a link or `?url=`, and nothing keeps
/// it to read again: Reload is greyed and says why. Opened from a file on the desktop, the
/// same button reads the file again.
#[test]
fn reload_is_greyed_in_a_web_page_and_says_why() {
    let (_dir, mut harness) = bundled_app("reload-page", "city-blades-gambit.yaml");
    harness.run_steps(2);
    let reload = |h: &Harness<'_, EditorApp>| {
        h.get_all_by_role_and_label(Role::Button, "Reload")
            .next()
            .expect("a toolbar button")
            .accesskit_node()
            .is_disabled()
    };
    assert!(!reload(&harness), "a file on disk can be read again");
    harness.state_mut().wb.page = Some(megahex_editor::page::PageRequests::default());
    harness.run_steps(2);
    assert!(reload(&harness));
    assert!(says_on_hover(
        &mut harness,
        "Reload",
        "A web page has no file to read again"
    ));
}

/// Removing a tile says which tokens it left off the map; the Tokens palette lists them, and
/// one picked there goes back with a click on the map (a click off the map is refused and
/// keeps it in hand).
#[test]
fn a_token_left_off_the_map_is_named_and_put_back() {
    let (_, _, mut harness) = sample_app("off-map");
    // `legacy` stands on tile 0 as 1/10.
    map_parts(&mut harness).wb.map.selection = Some(Selection::Tile(0));
    press(&mut harness, Modifiers::NONE, Key::Delete);
    let status = harness.state().wb.status.clone().unwrap();
    assert!(
        status.text.contains("`legacy`") && status.text.contains("off the map"),
        "{}",
        status.text
    );
    assert!(
        harness
            .state()
            .wb
            .doc
            .tokens()
            .iter()
            .all(|t| t.id != "legacy")
    );
    // The palette's tab, not the "Tokens" heading of the changes the background diff may
    // have listed by now.
    harness
        .get_all(by().label("Tokens"))
        .find(|node| node.accesskit_node().role() != Role::Label)
        .expect("the Tokens tab")
        .click_accesskit();
    harness.run_steps(2);
    click_label(&mut harness, "legacy  (put back)");
    // Beside the map, inside the canvas: refused, still in hand.
    let doc = &harness.state().wb.doc;
    let left = doc
        .board()
        .unwrap()
        .hexes()
        .iter()
        .map(|h| h.at)
        .min()
        .unwrap();
    let beside = [left[0] - 1, left[1]];
    assert!(!doc.board().unwrap().contains(beside));
    let off = screen_of(&harness, beside);
    assert!(harness.state().wb.canvas_rect.unwrap().contains(off));
    click_at(&mut harness, off);
    assert_eq!(
        harness.state().wb.status.as_ref().unwrap().kind,
        megahex_editor::workbench::StatusKind::Refused
    );
    assert!(matches!(
        map_ui(&harness).map.tool,
        megahex_editor::rulesets::sentinel_tactics::bench::Tool::PutBack(_)
    ));
    // A free hex of the board: it goes there.
    let doc = &harness.state().wb.doc;
    let free = doc
        .board()
        .unwrap()
        .hexes()
        .iter()
        .map(|h| h.at)
        .find(|&at| doc.tokens_at(at).next().is_none())
        .unwrap();
    let spot = screen_of(&harness, free);
    click_at(&mut harness, spot);
    let doc = &harness.state().wb.doc;
    let legacy = doc
        .tokens()
        .iter()
        .find(|t| t.id == "legacy")
        .expect("back on the map");
    assert_eq!(legacy.hexes, vec![free]);
    assert_eq!(
        map_ui(&harness).map.tool,
        megahex_editor::rulesets::sentinel_tactics::bench::Tool::Select
    );
    assert!(harness.query_by_label("legacy  (put back)").is_none());
}

/// The token palette's "Figures join" picks the team a placed character plays for (every new
/// figure joined the first team).
#[test]
fn a_figure_placed_from_the_palette_joins_the_team_picked_there() {
    let (_, _, mut harness) = sample_app("palette-team");
    harness.get_by_label("Tokens").click();
    harness.run_steps(2);
    pick(&mut harness, "heroes (Heroes)", "villains (Villains)");
    harness.get_by_label("Omnitron-V (3 hexes)").click();
    harness.run_steps(2);
    let pos = screen_of(&harness, [2, -2]);
    click_at(&mut harness, pos);
    let placed = harness.state().wb.doc.scenario().unwrap().tokens[3].clone();
    assert_eq!(placed.id, "omnitron-v");
    assert_eq!(placed.team.as_deref(), Some("villains"));
}

/// A right-click on a token picks it and offers what can be done to it; Delete there removes
/// it, as the key does. A right-click on empty table offers nothing to act on.
#[test]
fn the_right_click_menu_acts_on_the_piece_under_the_pointer() {
    let (_, _, mut harness) = sample_app("context-menu");
    let right_click = |h: &mut Harness<'_, EditorApp>, pos: egui::Pos2| {
        h.hover_at(pos);
        for pressed in [true, false] {
            h.event(Event::PointerButton {
                pos,
                button: PointerButton::Secondary,
                pressed,
                modifiers: Modifiers::NONE,
            });
        }
        h.run_steps(3);
    };
    // legacy stands on [0, 0].
    let pos = screen_of(&harness, [0, 0]);
    right_click(&mut harness, pos);
    assert_eq!(map_ui(&harness).map.selection, Some(Selection::Token(0)));
    assert!(
        harness
            .query_all_by_label_contains("Rotate clockwise")
            .next()
            .is_some(),
        "the menu is open"
    );
    assert!(
        harness
            .query_all_by_label_contains("Flip tile")
            .next()
            .is_none(),
        "a token has no side to flip"
    );
    // The entry shows its keys, as the menus do.
    harness
        .get_by_role_and_label(Role::Button, "Delete Delete or Backspace")
        .click_accesskit();
    harness.run_steps(3);
    let doc = &harness.state().wb.doc;
    assert!(
        doc.scenario()
            .unwrap()
            .tokens
            .iter()
            .all(|t| t.id != "legacy")
    );
    assert_eq!(doc.undo_label(), Some("remove token"));
}

/// Edit → Undo history lists the changes; a click goes back to just after one, or forward
/// again through the undone ones, and "(as opened or last saved)" undoes them all.
#[test]
fn the_undo_history_list_goes_back_and_forward_to_any_change() {
    use megahex_editor::rulesets::sentinel_tactics::edit::Edit;
    let (_, _, mut harness) = sample_app("undo-list");
    let opened = harness.state().wb.doc.scenario().cloned().unwrap();
    for edit in [
        Edit::RotateTile {
            index: 0,
            clockwise: true,
        },
        Edit::FlipTile { index: 1 },
        Edit::MoveTile {
            index: 2,
            at: [2, 4],
        },
    ] {
        assert!(harness.state_mut().wb.edit(edit));
    }
    harness
        .state_mut()
        .wb
        .send(megahex_editor::command::Command::UndoHistory);
    harness.run_steps(3);
    click_label(&mut harness, "flip tile");
    let doc = &harness.state().wb.doc;
    assert_eq!(doc.undo_label(), Some("flip tile"));
    assert_eq!(doc.redo_label(), Some("move tile"));
    click_label(&mut harness, "(as opened or last saved)");
    assert_eq!(harness.state().wb.doc.scenario(), Some(&opened));
    assert_eq!(
        harness.state().wb.doc.steps().1,
        ["rotate tile", "flip tile", "move tile"]
    );
    click_label(&mut harness, "move tile");
    assert_eq!(harness.state().wb.doc.undo_label(), Some("move tile"));
    assert_eq!(harness.state().wb.doc.redo_label(), None);
}
