//! Finding one's way on the map: the layers window (a locked or hidden layer's pieces are left
//! alone by clicks, drags and box selection, and the status line says why) and the minimap.

use crate::support::*;

use egui::Modifiers;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use megahex_editor::app::EditorApp;
use megahex_editor::rulesets::sentinel_tactics::bench::Selection;
use megahex_editor::workbench::StatusKind;

/// Ticks the `index`th checkbox on screen, in reading order (the Layers window's, when nothing
/// else on screen has one).
fn tick(harness: &mut Harness<'_, EditorApp>, index: usize) {
    harness
        .get_all_by_role(Role::CheckBox)
        .nth(index)
        .expect("the layers window's checkboxes")
        .click_accesskit();
    harness.run_steps(2);
}

fn open_layers(harness: &mut Harness<'_, EditorApp>) {
    harness.get_by_label("View").click_accesskit();
    harness.run_steps(2);
    harness
        .get_by_role_and_label(Role::Button, "Layers… ")
        .click_accesskit();
    harness.run_steps(3);
    assert!(map_ui(harness).layers_open);
}

fn status(harness: &Harness<'_, EditorApp>) -> (StatusKind, String) {
    let status = harness.state().wb.status.clone().unwrap();
    (status.kind, status.text)
}

#[test]
fn a_locked_or_hidden_token_layer_leaves_the_tokens_to_the_panels() {
    let (_, _, mut harness) = sample_app("layers");
    open_layers(&mut harness);
    // The window's checkboxes, in reading order: tiles (show, greyed), tiles lock, tokens
    // show, tokens lock, objectives, zones, changes.
    let before = harness.get_all_by_role(Role::CheckBox).count();
    assert!(before >= 7, "{before} checkboxes");
    // Lock the tokens: a click on legacy's hex ([0, 0]) picks the tile under it instead.
    tick(&mut harness, 3);
    assert!(map_ui(&harness).map.locks.tokens);
    let legacy = screen_of(&harness, [0, 0]);
    click_at(&mut harness, legacy);
    assert_eq!(map_ui(&harness).map.selection, Some(Selection::Tile(0)));
    // Lock the tiles too: nothing is picked, and the status line says why and where to go.
    tick(&mut harness, 1);
    click_at(&mut harness, legacy);
    assert_eq!(map_ui(&harness).map.selection, None);
    let (kind, text) = status(&harness);
    assert_eq!(kind, StatusKind::Refused);
    assert!(
        text.contains("tokens are locked") && text.contains("Layers"),
        "{text}"
    );
    // A box drawn around legacy's hex picks nothing either, and pans nothing.
    let view = harness.state().wb.view.unwrap();
    let margin = egui::vec2(view.scale * 0.6, view.scale * 0.6);
    let boxed = |h: &mut Harness<'_, EditorApp>| {
        with_shift(h, |h| drag(h, legacy - margin, legacy + margin));
    };
    boxed(&mut harness);
    assert_eq!(map_ui(&harness).map.selection, None);
    assert_eq!(harness.state().wb.view, Some(view), "a box, not a pan");
    // Its twin with the layers unlocked picks legacy.
    tick(&mut harness, 1);
    tick(&mut harness, 3);
    boxed(&mut harness);
    let picked =
        megahex_editor::rulesets::sentinel_tactics::group::selected(&map_parts(&mut harness).wb);
    assert!(picked.contains(&Selection::Token(0)), "{picked:?}");
    press(&mut harness, Modifiers::NONE, egui::Key::Escape);
    // Hide the tokens: a hidden token cannot be clicked.
    tick(&mut harness, 2);
    assert!(!harness.state().wb.layers.tokens);
    click_at(&mut harness, legacy);
    assert_eq!(map_ui(&harness).map.selection, Some(Selection::Tile(0)));
    // Shown again: the next click on the hex goes from the tile to legacy.
    tick(&mut harness, 2);
    click_at(&mut harness, legacy);
    assert_eq!(map_ui(&harness).map.selection, Some(Selection::Token(0)));
}

#[test]
fn the_minimap_shows_while_zoomed_in_and_a_click_on_it_looks_there() {
    let (_, mut harness) = bundled_app("minimap", "convention-dawn-over-megalopolis.yaml");
    harness.run_steps(3);
    assert_eq!(
        harness.state().wb.minimap_rect,
        None,
        "the fitted map needs none"
    );
    for _ in 0..6 {
        press(&mut harness, Modifiers::NONE, egui::Key::Plus);
    }
    harness.run_steps(2);
    let minimap = harness
        .state()
        .wb
        .minimap_rect
        .expect("zoomed in: a minimap");
    let canvas = harness.state().wb.canvas_rect.unwrap();
    assert!(canvas.contains_rect(minimap));
    // A click on the minimap's middle: the middle of the map (its hexes' bounds, worked out
    // here from the board) comes to the middle of the canvas, at the same zoom.
    let scale = harness.state().wb.view.unwrap().scale;
    click_at(&mut harness, minimap.center());
    let view = harness.state().wb.view.unwrap();
    assert_eq!(view.scale, scale);
    let board = harness.state().wb.doc.board().unwrap();
    let bounds = megahex_editor::view::world_bounds(board.hexes().iter().map(|h| h.at)).unwrap();
    let looked_at = view.world_from_screen(canvas.center());
    // The minimap draws the map fitted with a 4-point margin, so its middle is the map's.
    assert!(
        (looked_at - bounds.center()).length() < 0.2,
        "{looked_at:?} against {:?}",
        bounds.center()
    );
    // Fit shows the whole map again, and the minimap goes.
    press(&mut harness, Modifiers::NONE, egui::Key::Home);
    harness.run_steps(2);
    assert_eq!(harness.state().wb.minimap_rect, None);
}

#[test]
fn a_map_that_cannot_be_drawn_says_so_and_an_empty_one_asks_for_a_tile() {
    use megahex_editor::rulesets::sentinel_tactics::canvas::empty_map_text;
    let dir = scratch("undrawable");
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path
    };
    let open = |path: std::path::PathBuf| {
        harness_for(EditorApp::with_recovery_dir(
            megahex_editor::document::Document::open(&path),
            dir.join("recovery"),
        ))
    };
    // Tile 9 is the rulebook example's own, from its catalog.
    let catalog = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../docs/examples/rulebook/catalog.yaml"),
    )
    .unwrap();
    write("catalog.yaml", &catalog);
    let tiles = "format: 1\nruleset: sentinel-tactics\nmap:\n  tiles:\n    - {tile: 9, side: megalopolis, at: [0, 0]}\n";
    // The twin that draws: the tile with the catalog that holds it.
    let mut drawn = open(write(
        "drawn.yaml",
        &format!("{tiles}catalog: catalog.yaml\n"),
    ));
    drawn.run_steps(2);
    assert!(
        drawn
            .state()
            .wb
            .doc
            .board()
            .is_some_and(|b| !b.hexes().is_empty())
    );
    // A catalog that is not there: no hex to draw, and the canvas says why.
    let missing = format!("{tiles}catalog: missing.yaml\n");
    let mut broken = open(write("broken.yaml", &missing));
    broken.run_steps(2);
    assert!(
        broken
            .state()
            .wb
            .doc
            .board()
            .is_none_or(|b| b.hexes().is_empty())
    );
    assert_eq!(
        empty_map_text(&map_parts(&mut broken).wb),
        "The map could not be drawn: the problems on the right say why"
    );
    let mut empty = open(write(
        "empty.yaml",
        "format: 1\nruleset: sentinel-tactics\nmap: {tiles: []}\n",
    ));
    empty.run_steps(2);
    assert!(empty_map_text(&map_parts(&mut empty).wb).starts_with("The map is empty"));
}
