//! Every character the editor writes on screen has a glyph in the fonts it ships: egui draws a
//! missing one as an empty box, and the desktop has no other font to fall back on. Reads the
//! string literals of the editor's sources and of its web page (test parts aside) and asks
//! the editor's font set (`megahex_editor::fonts`) for each non-ASCII character.

// Helpers here only run inside tests, where a missing source file should fail loudly.
#![allow(clippy::expect_used)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The `.rs` files under `dir`, at any depth.
fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a readable folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// The non-ASCII characters inside the string literals of `code`, skipping comments and the
/// file's test part. A plain scan: enough for code that `cargo fmt` keeps tidy.
fn literal_chars(code: &str) -> Vec<char> {
    let mut found = Vec::new();
    for line in code.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]") {
            break;
        }
        if trimmed.starts_with("//") {
            continue;
        }
        let mut inside = false;
        let mut escaped = false;
        let mut previous = ' ';
        for c in line.chars() {
            if inside {
                if escaped {
                    escaped = false;
                } else if c == '\\' {
                    escaped = true;
                } else if c == '"' {
                    inside = false;
                } else if !c.is_ascii() {
                    found.push(c);
                }
            } else if c == '"' && previous != '\'' {
                inside = true;
            } else if c == '/' && previous == '/' {
                break;
            }
            previous = c;
        }
    }
    found
}

#[test]
fn every_character_the_editor_writes_has_a_glyph() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    rust_files(&root.join("web/src"), &mut files);
    assert!(files.len() > 20, "the editor's sources were found");

    let ctx = megahex_editor::fonts::context();
    // One pass loads the fonts; its font texture is not wanted here.
    let mut output = ctx.run_ui(egui::RawInput::default(), |_| {});
    output.textures_delta.clear();
    let mut missing: BTreeMap<char, Vec<String>> = BTreeMap::new();
    let mut seen = 0;
    for file in &files {
        let code = std::fs::read_to_string(file).expect("a readable source");
        for c in literal_chars(&code) {
            seen += 1;
            // The monospace family falls back on the proportional one: this is the narrower.
            let drawn =
                ctx.fonts_mut(|fonts| fonts.has_glyph(&egui::FontId::proportional(14.0), c));
            if !drawn {
                let name = file
                    .strip_prefix(root)
                    .unwrap_or(file)
                    .display()
                    .to_string();
                missing.entry(c).or_default().push(name);
            }
        }
    }
    assert!(seen > 0, "the scan finds the editor's own … and —");
    assert!(
        missing.is_empty(),
        "characters with no glyph in the editor's fonts (drawn as boxes): {missing:?}"
    );
}

#[test]
fn the_scan_reads_literals_and_skips_comments_and_chars() {
    let code = "let a = \"x → y\"; // ✓\n// “quoted”\nlet b = '—';\nlet c = \"\\\"é\";\n";
    assert_eq!(literal_chars(code), vec!['→', 'é']);
}
