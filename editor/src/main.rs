//! `megahex-editor [FILE]`: opens a Sentinel Tactics scenario and draws its map.
//!
//! Loading and checking go through the `megahex` library, so the editor shows the same
//! diagnostics as `megahex validate`. This is the only module that prints.

mod app;
mod canvas;
mod checks;
mod deployment;
mod document;
mod draw;
mod edit;
#[cfg(test)]
mod edit_properties;
mod export;
mod fairness_view;
#[cfg(test)]
mod flows;
mod overlay;
mod overlay_view;
mod overlay_worker;
mod recent;
mod scenario_panel;
mod snap;
mod storage;
mod tokens;
mod view;
mod watch;

use std::path::Path;
use std::process::ExitCode;

use app::EditorApp;
use document::Document;

const USAGE: &str = "\
Usage: megahex-editor [FILE]

Opens a scenario file (YAML) to edit its map, with the problems `megahex validate` finds,
checked again after every edit. Without FILE, opens a bundled sample scenario.

Map:    drag to pan, scroll to zoom, \"Fit\" shows the whole map
Tiles:  click to select (again for the tile under a token), drag a selected tile to move it,
        R / Shift+R rotate, F flips, Delete removes; the palette on the left places new ones
Tokens: the palette's Tokens tab places figures and markers (Shift+click places more); click
        to select and edit on the right, drag to move, R / Shift+R turn a multi-hex figure,
        Delete removes; Esc clears the selection
Scenario: the toolbar's Scenario button edits title, teams, turn order, objectives, rules and
        deployment zones: Paint, then click or drag over hexes (Shift removes), Esc stops
Overlays, from the selected token or the hex clicked: L line of sight, G range numbers,
        M movement reach, A area template (origin under the pointer)
Undo:   Ctrl+Z, redo Ctrl+Shift+Z or Ctrl+Y
Files:  Ctrl+N new, Ctrl+O open, Ctrl+S save, Ctrl+Shift+S save as, F5 reload

The open file is watched: when another program changes it, the editor reloads it, or, with
unsaved edits, asks whether to reload that version or keep editing yours; a save over a file
changed on disk asks first.

Unsaved work is copied to a recovery file (under ~/.cache/megahex/recovery, or
$XDG_CACHE_HOME/megahex/recovery) a moment after each edit, and offered the next time the same
file is opened.";

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let doc = match args.as_slice() {
        [] => Document::sample(),
        [flag] if flag == "-h" || flag == "--help" => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        [flag] if flag == "-V" || flag == "--version" => {
            println!("megahex-editor {}", env!("CARGO_PKG_VERSION"));
            return ExitCode::SUCCESS;
        }
        [path] => Document::open(Path::new(path)),
        _ => {
            eprintln!("megahex-editor: expected at most one FILE\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let app = EditorApp::new(doc);
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(app.title())
            .with_app_id("megahex-editor")
            .with_inner_size([1200.0, 800.0]),
        ..Default::default()
    };
    match eframe::run_native(
        "megahex-editor",
        options,
        Box::new(|_creation| Ok(Box::new(app))),
    ) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("megahex-editor: cannot open the editor window: {e}");
            ExitCode::from(2)
        }
    }
}
