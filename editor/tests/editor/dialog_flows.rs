//! The Open dialog's folder browser: the folder of the open file is listed, a click goes into a
//! subfolder, a double-click opens a file, and typing a path still works beside it.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::support::*;
use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use megahex_editor::dialogs::Dialog;

#[test]
fn the_open_dialog_browses_folders_and_a_double_click_opens_a_file() {
    let (dir, file, mut harness) = sample_app("browse");
    let nested = dir.join("campaign");
    std::fs::create_dir_all(&nested).unwrap();
    let bundled =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/duel-ra-vs-blade.yaml");
    std::fs::copy(&bundled, nested.join("duel.yaml")).unwrap();
    std::fs::write(dir.join("notes.txt"), "not a scenario").unwrap();

    press(&mut harness, Modifiers::COMMAND, Key::O);
    // The folder of the open file: its subfolder and its YAML file, not the text file.
    harness.get_by_label("campaign/");
    // The file's name is in the menu bar too; the listing adds a second.
    let name = file.file_name().unwrap().to_str().unwrap();
    assert_eq!(harness.get_all_by_label(name).count(), 2);
    assert!(harness.query_by_label("notes.txt").is_none());

    harness.get_by_label("campaign/").click();
    harness.run_steps(3);
    match &harness.state().dialog {
        Some(Dialog::Open { path, .. }) => {
            assert_eq!(path, &format!("{}/", nested.display()));
        }
        other => panic!("the Open dialog closed: {other:?}"),
    }
    // A double-click: two presses and releases on the same spot, frames apart.
    let at = harness.get_by_label("duel.yaml").rect().center();
    harness.hover_at(at);
    harness.run_steps(1);
    // The harness steps a quarter second a frame; a double-click is two clicks within 0.3 s.
    let start = harness.ctx.input(|i| i.time);
    for (i, pressed) in [true, false, true, false].into_iter().enumerate() {
        harness.input_mut().time = Some(start + 0.05 * (i as f64 + 1.0));
        harness.event(egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
        harness.step();
    }
    harness.run_steps(3);
    assert!(
        harness.state().dialog.is_none(),
        "the dialog closed: {:?}",
        harness.state().dialog
    );
    assert_eq!(
        harness.state().wb.doc.path.as_deref(),
        Some(nested.join("duel.yaml").as_path())
    );
}
