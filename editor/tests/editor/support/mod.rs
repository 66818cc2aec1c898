//! What the flow tests share: a fresh folder, the app opened on a file in it, and pointer and
//! key gestures on the map.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use megahex_editor::rulesets::sentinel_tactics::editor::SentinelEditor;
use megahex_editor::rulesets::sentinel_tactics::held::MapDocument;
use std::path::{Path, PathBuf};

use egui::{Event, Key, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use megahex::board::Axial;
use megahex_editor::app::EditorApp;
use megahex_editor::document::{Document, check_bytes};
use megahex_schema::rulesets::sentinel_tactics::Scenario;

pub fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("megahex-editor-flow-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The sample scenario written to a fresh folder and opened in the app: the folder, the file
/// and the harness.
pub fn sample_app(name: &str) -> (PathBuf, PathBuf, Harness<'static, EditorApp>) {
    let dir = scratch(name);
    let file = dir.join("sample.yaml");
    std::fs::write(&file, megahex_editor::document::SAMPLE_YAML).unwrap();
    let app = EditorApp::with_recovery_dir(Document::open(&file), dir.join("recovery"));
    (dir, file, harness_for(app))
}

/// A bundled scenario copied to a fresh folder and opened: the folder and the harness.
pub fn bundled_app(name: &str, scenario: &str) -> (PathBuf, Harness<'static, EditorApp>) {
    let dir = scratch(name);
    let file = dir.join(Path::new(scenario).file_name().unwrap());
    let bundled = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../scenarios")
        .join(scenario);
    std::fs::copy(&bundled, &file).unwrap();
    let app = EditorApp::with_recovery_dir(Document::open(&file), dir.join("recovery"));
    (dir, harness_for(app))
}

pub fn harness_for(app: EditorApp) -> Harness<'static, EditorApp> {
    let mut harness = Harness::builder()
        .with_context_setup(megahex_editor::fonts::install)
        .with_size(egui::vec2(1400.0, 900.0))
        .build_ui_state(|ui, app: &mut EditorApp| app.show(ui), app);
    // Not `run()`: the problems spinner repaints while a check is in flight.
    harness.run_steps(3);
    harness
}

/// Where a hex is on the screen now.
pub fn screen_of(harness: &Harness<'_, EditorApp>, hex: Axial) -> Pos2 {
    let view = harness.state().wb.view.expect("the map has been fitted");
    view.screen_from_hex(hex)
}

pub fn click_at(harness: &mut Harness<'_, EditorApp>, pos: Pos2) {
    harness.hover_at(pos);
    for pressed in [true, false] {
        harness.event(Event::PointerButton {
            pos,
            button: PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
    }
    harness.run_steps(2);
}

pub fn drag(harness: &mut Harness<'_, EditorApp>, from: Pos2, to: Pos2) {
    harness.hover_at(from);
    harness.drag_at(from);
    let steps = 6;
    for i in 1..=steps {
        let t = i as f32 / steps as f32;
        harness.hover_at(from + (to - from) * t);
    }
    harness.event(Event::PointerButton {
        pos: to,
        button: PointerButton::Primary,
        pressed: false,
        modifiers: Modifiers::NONE,
    });
    harness.run_steps(2);
}

pub fn press(harness: &mut Harness<'_, EditorApp>, modifiers: Modifiers, key: Key) {
    harness.key_press_modifiers(modifiers, key);
    harness.run_steps(2);
}

/// Waits for the background check of the current text to land.
pub fn settle(harness: &mut Harness<'_, EditorApp>) {
    for _ in 0..200 {
        harness.run_steps(1);
        if !harness.state().checks.is_busy() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    harness.run_steps(2);
}

pub fn saved_scenario(path: &Path) -> Scenario {
    let bytes = std::fs::read(path).unwrap();
    let (outcome, problems) = check_bytes(&bytes, Some(path));
    let errors: Vec<_> = problems
        .iter()
        .filter(|p| p.severity == megahex::Severity::Error)
        .collect();
    assert_eq!(errors, Vec::<&_>::new(), "the saved file validates");
    outcome
        .and_then(|o| o.scenario)
        .and_then(|s| s.sentinel_tactics().cloned())
        .unwrap()
}

/// Runs a gesture with Shift held.
pub fn with_shift(
    harness: &mut Harness<'_, EditorApp>,
    gesture: impl FnOnce(&mut Harness<'_, EditorApp>),
) {
    harness.event(Event::ModifiersChanged(Modifiers::SHIFT));
    harness.run_steps(1);
    gesture(harness);
    harness.event(Event::ModifiersChanged(Modifiers::NONE));
    harness.run_steps(1);
}

/// The hexes a token stands on now, by id.
pub fn token_hexes(harness: &Harness<'_, EditorApp>, id: &str) -> Vec<Axial> {
    harness
        .state()
        .wb
        .doc
        .tokens()
        .iter()
        .find(|t| t.id == id)
        .map(|t| t.hexes.clone())
        .unwrap_or_default()
}

/// The scenario as the app holds it now.
pub fn scenario(harness: &Harness<'_, EditorApp>) -> Scenario {
    harness.state().wb.doc.scenario().unwrap().clone()
}

/// Every hex a token stands on now.
pub fn occupied(harness: &Harness<'_, EditorApp>) -> Vec<Axial> {
    harness
        .state()
        .wb
        .doc
        .tokens()
        .iter()
        .flat_map(|t| t.hexes.clone())
        .collect()
}

/// The map editor's panels, when a map is open.
pub fn map_ui<'a>(harness: &'a Harness<'_, EditorApp>) -> &'a SentinelEditor {
    harness.state().game_ref().expect("a map is open")
}

/// The map editor's panels and the workbench, to drive them.
pub fn map_parts<'a>(
    harness: &'a mut Harness<'_, EditorApp>,
) -> megahex_editor::rulesets::sentinel_tactics::editor::Parts<'a> {
    let (editor, wb) = harness
        .state_mut()
        .game_parts::<SentinelEditor>()
        .expect("a map is open");
    editor.split(wb)
}

/// The deck editor's panels, when a deck is open.
pub fn deck_ui<'a>(
    harness: &'a Harness<'_, EditorApp>,
) -> &'a megahex_editor::rulesets::solar_sentinels::DeckUi {
    harness.state().game_ref().expect("a deck is open")
}

/// The arena editor's panels, when an arena is open.
pub fn arena_ui<'a>(
    harness: &'a Harness<'_, EditorApp>,
) -> &'a megahex_editor::rulesets::hex_skirmish::panel::SkirmishUi {
    harness.state().game_ref().expect("an arena is open")
}

/// Whether the toolbar's `button` says `text` when the pointer rests on it (Undo and Redo name
/// the change they would make in their tooltip).
pub fn says_on_hover(harness: &mut Harness<'_, EditorApp>, button: &str, text: &str) -> bool {
    use egui_kittest::kittest::Queryable;
    // Tooltips wait for the pointer to rest; the test does not.
    harness
        .ctx
        .all_styles_mut(|style| style.interaction.tooltip_delay = 0.0);
    let at = harness.get_by_label(button).rect().center();
    harness.hover_at(at);
    harness.run_steps(3);
    let said = harness.query_by_label_contains(text).is_some();
    harness.hover_at(egui::Pos2::ZERO);
    harness.run_steps(1);
    said
}

/// Opens a combo box showing `value` (the last of several) and picks `option`.
pub fn pick(harness: &mut Harness<'_, EditorApp>, value: &str, option: &str) {
    use egui::accesskit::Role;
    use egui_kittest::kittest::{Queryable, by};
    harness
        .get_all(by().role(Role::ComboBox).value(value))
        .last()
        .expect("get_all finds at least one")
        .click_accesskit();
    harness.run_steps(2);
    harness
        .get_by_role_and_label(Role::Button, option)
        .click_accesskit();
    harness.run_steps(2);
}
