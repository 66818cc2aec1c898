//! `megahex-editor [FILE]`: opens a scenario of any ruleset (map, arena or deck) and draws it.
//!
//! Loading and checking go through the `megahex` library, so the editor shows the same
//! diagnostics as `megahex validate`. This is the only module that prints.

use std::path::Path;
use std::process::ExitCode;

use megahex_editor::{Document, EditorApp};

const USAGE: &str = "\
Usage: megahex-editor [FILE]

Opens a scenario file (YAML) to edit its map, with the problems `megahex validate` finds,
checked again after every edit. Without FILE, opens a bundled sample scenario.

Map:    drag to pan, scroll to zoom; click a tile or token to select it (again for the tile
        under a token), drag a selection to move it; the palette on the left places tiles and
        tokens (Shift+click places more, Alt places a tile on the exact hex)
Scenario: the Scenario button edits title, teams, turn order, objectives, rules and
        deployment zones: Paint, then click or drag over hexes (Shift removes), Esc stops
Overlays start from the selected token, or the hex clicked on a selected tile.

Keys (F1 or ? in the editor lists them too):
{KEYS}

The open file is watched: when another program changes it, the editor reloads it, or, with
unsaved edits, asks whether to reload that version or keep editing yours; a save over a file
changed on disk asks first.

Unsaved work is copied to a recovery file (under ~/.cache/megahex/recovery, or
$XDG_CACHE_HOME/megahex/recovery) a moment after each edit, and offered the next time the same
file is opened.";

/// The help text, with the key table drawn from the editor's command list.
fn usage() -> String {
    USAGE.replace("{KEYS}", megahex_editor::command::keys_help().trim_end())
}

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let doc = match args.as_slice() {
        [] => Document::sample(),
        [flag] if flag == "-h" || flag == "--help" => {
            println!("{}", usage());
            return ExitCode::SUCCESS;
        }
        [flag] if flag == "-V" || flag == "--version" => {
            println!("megahex-editor {}", env!("CARGO_PKG_VERSION"));
            return ExitCode::SUCCESS;
        }
        [path] => Document::open(Path::new(path)),
        _ => {
            eprintln!("megahex-editor: expected at most one FILE\n\n{}", usage());
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
        Box::new(|creation| {
            megahex_editor::fonts::install(&creation.egui_ctx);
            Ok(Box::new(app))
        }),
    ) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("megahex-editor: cannot open the editor window: {e}");
            ExitCode::from(2)
        }
    }
}
