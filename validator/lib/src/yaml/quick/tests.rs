//! The quick reader against yaml-rust2: wherever it reads a text, it must report the same
//! events at the same places.

use std::path::{Path, PathBuf};

use super::super::build::LineIndex;
use super::super::full;
use super::*;

/// The quick reader's events, or `None` where it leaves the text to yaml-rust2.
fn quick_events(text: &str) -> Option<Vec<(Event<'_>, Span)>> {
    let mut events = Vec::new();
    let lines = LineIndex::new(text).lines();
    read(text, lines, 128, &mut events).ok()?;
    Some(events)
}

/// Checks one text; answers whether the quick reader read it.
fn agrees(text: &str) -> bool {
    let Some(quick) = quick_events(text) else {
        return false;
    };
    let reference = full::events(text).unwrap_or_else(|e| {
        panic!("the quick reader read a text yaml-rust2 refuses ({e}):\n{text}")
    });
    assert_eq!(
        quick.len(),
        reference.len(),
        "event counts differ for:\n{text}\nquick: {quick:#?}\nyaml-rust2: {reference:#?}"
    );
    for (i, (ours, theirs)) in quick.iter().zip(&reference).enumerate() {
        assert_eq!(ours, theirs, "event {i} differs for:\n{text}");
    }
    true
}

fn yaml_files(dir: &Path, into: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            yaml_files(&path, into);
        } else if path.extension().is_some_and(|e| e == "yaml" || e == "yml") {
            into.push(path);
        }
    }
}

/// Every YAML file the project ships: scenarios, examples and test fixtures.
fn project_texts() -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    for dir in ["scenarios", "docs", "tests/fixtures", "schema/catalog"] {
        yaml_files(&root.join(dir), &mut files);
    }
    files.sort();
    files
        .into_iter()
        .filter_map(|p| Some((p.clone(), std::fs::read_to_string(&p).ok()?)))
        .collect()
}

#[test]
fn every_bundled_scenario_is_read_quickly_and_the_same() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
    let mut files = Vec::new();
    yaml_files(&root, &mut files);
    assert!(files.len() >= 10);
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(
            agrees(&text),
            "{} is left to yaml-rust2 from line {}",
            file.display(),
            first_unread_line(&text)
        );
    }
}

/// The first line of `text` the quick reader stops at, for the messages of failing tests.
fn first_unread_line(text: &str) -> usize {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    (1..=lines.len())
        .find(|&n| quick_events(&lines[..n].concat()).is_none())
        .unwrap_or(0)
}

#[test]
fn every_project_file_reads_the_same() {
    let texts = project_texts();
    assert!(texts.len() > 100, "{}", texts.len());
    let read = texts.iter().filter(|(_, text)| agrees(text)).count();
    // Most of them are read quickly; the rest are the fixtures written to test YAML itself.
    assert!(read * 10 > texts.len() * 8, "{read} of {}", texts.len());
}

#[test]
fn edited_project_files_read_the_same() {
    let texts = project_texts();
    let alphabet: &[u8] = b"{}[]:,-#'\" \n\n\n    |>abc019_.~&*!?%@`";
    let mut state = 0x2545_F491_4F6C_DD1D_u64;
    let mut read = 0;
    let mut tried = 0;
    for (_, text) in texts
        .iter()
        .filter(|(p, _)| p.to_string_lossy().contains("scenarios"))
    {
        for _ in 0..400 {
            let bytes = crate::mangle::edit(text.as_bytes(), 3, alphabet, &mut state);
            if let Ok(edited) = String::from_utf8(bytes) {
                tried += 1;
                if agrees(&edited) {
                    read += 1;
                }
            }
        }
        for cut in (0..text.len()).step_by(7) {
            if let Some(prefix) = text.get(..cut) {
                agrees(prefix);
            }
        }
    }
    // The edits must leave plenty of texts the quick reader reads, or this tests nothing.
    assert!(read * 4 > tried, "{read} of {tried}");
}

#[test]
fn the_shapes_scenarios_use_read_the_same() {
    let texts = [
        "a: 1\nb: [x, y]",
        "a: 1\n",
        "# c\n\n  # d\nformat: 1\n",
        "\nabc: 1 # x\n# tail\n",
        "k: [a, {b: c}, \"d\", 'e'] # c\nm: {}\nn: []\n",
        "a:\n  - x\n  - y\n\n# c\n",
        "a:\nb: x # c\nc: |\n  lit\n\n  two\n\n# c2\nd: >-\n  f\n  g\ne:\n  - a\n\n  # mid\n  - b: 1\n    c: 2\n\n",
        "map:\n  tiles:\n    - {tile: 1, side: m}\n    - x\n  # c\nk: >\n  folded\n  text\n\n  more\n# end\nl:\n  - id: a\n    n: [1, -2]\n  - id: b\nz: \"q\"\n",
        "d: >\n  one\n\n\n  two\n  three\n",
        "s: 'it''s'\nt: \"é ü\"\nu: café au lait\nv: [é, 'ü']\n",
        "rules:\n  - Move: 3 hexes\n  - text, with commas [and] brackets\n",
        "a: -3\nb: [-2, 3.5, true, null, ~]\nc: 3/7\n",
        "x:\n  y:\n    z: 1\n  w: 2\nv: 3\n",
        "last:\n",
        "a: |-\n  kept\n  lines\nb: 1",
        "a: [1,\n  2]\n",
        "units:\n  - {id: a, at: [-5, 2],\n     weapons: [{name: Mace, damage: 1d6}]}\n  - {id: b,\n\n     c: [1, 2\n       ]}\n",
    ];
    for text in texts {
        assert!(agrees(text), "left to yaml-rust2:\n{text}");
    }
}

#[test]
fn unusual_yaml_is_left_to_yaml_rust2() {
    let texts = [
        "a: &x 1\nb: *x\n",
        "a: !!str 1\n",
        "a:\n- x\n",
        "a:\n  - {b: 1,\n  c: 2}\n",
        "a: [x # comment\n  , y]\n",
        "a: [x\n  y]\n",
        "a: \"esc\\n\"\n",
        "a:\tb\n",
        "a: 1\r\nb: 2\r\n",
        "---\na: 1\n",
        "a: plain\n  continued\n",
        "\"quoted key\": 1\n",
        "- top level list\n",
        "a: >+\n  keep\n\n",
        "a: |\n  one\n    more indented\n",
        "a: {b: 1, }\n",
        "? complex\n: key\n",
        "a:\n  b: 1\n# tail without a newline",
    ];
    for text in texts {
        assert_eq!(
            quick_events(text).map(|_| ()),
            None,
            "read quickly:\n{text}"
        );
    }
}

/// The block-at-a-time character check against a plain byte-by-byte one, with each kind of
/// special character at every offset around the block edges.
#[test]
fn special_characters_are_found_wherever_they_stand() {
    let reference = |text: &str| {
        !text.chars().any(|c| {
            (c.is_control() && c != '\n')
                || matches!(
                    c,
                    '\u{85}' | '\u{a0}' | '\u{2028}' | '\u{2029}' | '\u{feff}'
                )
                || matches!(c, '\u{fffe}' | '\u{ffff}')
        })
    };
    let specials = [
        "\t", "\r", "\u{7f}", "\u{85}", "\u{a0}", "\u{2028}", "\u{feff}", "\u{ffff}",
    ];
    let fine = ["é", "—", "ü", "\n", "漢"];
    for at in 0..70 {
        for piece in specials.iter().chain(&fine) {
            let text = format!("{}{piece}{}", "a".repeat(at), "b".repeat(70 - at));
            assert_eq!(
                plain_characters(text.as_bytes()),
                reference(&text),
                "{piece:?} at {at}"
            );
        }
    }
}
