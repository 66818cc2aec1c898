//! docs/editor.md lists the keys exactly as the command list binds them: one row per command
//! with keys, its first cell the keys as the F1 window and `--help` write them.

// Helpers here only run inside tests, where a missing file should fail loudly.
#![allow(clippy::expect_used)]

use megahex_editor::command::Command;

fn key_rows() -> Vec<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/editor.md");
    let text = std::fs::read_to_string(path).expect("docs/editor.md is readable");
    let table = text
        .split("| Key | Command |")
        .nth(1)
        .expect("docs/editor.md has the key table");
    table
        .lines()
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .filter_map(|line| line.split('|').nth(1).map(|cell| cell.trim().to_owned()))
        .collect()
}

#[test]
fn the_key_table_names_every_command_with_keys_and_nothing_else() {
    let rows = key_rows();
    let bound: Vec<String> = Command::all()
        .into_iter()
        .map(Command::keys_text)
        .filter(|keys| !keys.is_empty())
        .collect();
    for keys in &bound {
        assert!(rows.contains(keys), "docs/editor.md has no row for {keys}");
    }
    for row in &rows {
        assert!(
            bound.contains(row),
            "docs/editor.md lists {row}, which no command is bound to"
        );
    }
}
