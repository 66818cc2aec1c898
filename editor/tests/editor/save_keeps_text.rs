//! Saving keeps what the designer wrote: every bundled scenario and every fixture that opens
//! as a scenario is opened, given one edit, and saved; the saved text must differ from the
//! file only in the lines of the edited node, with every comment kept.
//!
//! The expected lines are found in the original text by plain text rules (the `title:` line,
//! the first line under `tiles:`), not by the patcher's own YAML reading.

#![allow(clippy::expect_used)]

use megahex_editor::rulesets::sentinel_tactics::held::MapDocument;
use std::path::{Path, PathBuf};

use megahex_editor::document::Document;
use megahex_editor::rulesets::sentinel_tactics::edit::Edit;
use megahex_editor::rulesets::sentinel_tactics::panel_edit::PanelEdit;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the editor crate sits in the workspace")
        .to_path_buf()
}

/// Every scenario file of the project, bundled and fixtures, sorted.
fn corpus() -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![
        workspace().join("scenarios"),
        workspace().join("tests/fixtures"),
    ];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("the folder reads") {
            let path = entry.expect("the entry reads").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "yaml") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The lines that differ: the original's and the saved text's lines between their common
/// first and last lines.
fn hunk<'a>(before: &'a str, after: &'a str) -> (Vec<&'a str>, Vec<&'a str>) {
    let a: Vec<&str> = before.lines().collect();
    let b: Vec<&str> = after.lines().collect();
    let prefix = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let room = a.len().min(b.len()) - prefix;
    let suffix = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take(room)
        .take_while(|(x, y)| x == y)
        .count();
    (
        a[prefix..a.len() - suffix].to_vec(),
        b[prefix..b.len() - suffix].to_vec(),
    )
}

fn comments(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| l.trim_start().starts_with('#'))
        .collect()
}

/// Opens every file that holds a scenario, applies `edit` (skipping files it does not apply
/// to) and hands the original and saved text to `check`. Returns how many files were checked.
fn each_saved(
    edit: impl Fn(&megahex_schema::rulesets::sentinel_tactics::Scenario) -> Option<Edit>,
    check: impl Fn(&Path, &str, &str, &megahex_schema::rulesets::sentinel_tactics::Scenario),
) -> usize {
    let mut checked = 0;
    for path in corpus() {
        let mut doc = Document::open(&path);
        let Some(scenario) = doc.scenario().cloned() else {
            continue;
        };
        let Some(edit) = edit(&scenario) else {
            continue;
        };
        if doc.apply(edit).is_err() {
            continue;
        }
        let original = std::fs::read_to_string(&path).expect("the file reads");
        let saved = doc.text_for(&path).expect("the scenario saves");
        let edited = doc.scenario().expect("still a scenario").clone();
        let back: megahex_schema::rulesets::sentinel_tactics::Scenario =
            megahex_editor::storage::read_as(&saved).expect("the saved text reads");
        assert_eq!(back, edited, "{} saves as what was edited", path.display());
        for line in comments(&original) {
            assert!(
                saved.lines().any(|l| l == line),
                "{} lost the comment {line:?}\n{saved}",
                path.display()
            );
        }
        check(&path, &original, &saved, &edited);
        checked += 1;
    }
    checked
}

#[test]
fn a_new_title_changes_only_the_title_line() {
    let checked = each_saved(
        |_| Some(Edit::Panel(PanelEdit::SetTitle(Some("Round trip".into())))),
        |path, original, saved, _| {
            let title_lines: Vec<&str> = original
                .lines()
                .filter(|l| l.starts_with("title:"))
                .collect();
            let (gone, came) = hunk(original, saved);
            assert_eq!(came, ["title: Round trip"], "{}", path.display());
            match title_lines.as_slice() {
                // A one-line title is replaced where it stands.
                [line] if !line.contains(['>', '|', '#']) => {
                    assert_eq!(gone, title_lines, "{}", path.display());
                }
                // No title: one line is added and nothing removed.
                [] => assert!(gone.is_empty(), "{}: {gone:?}", path.display()),
                _ => {}
            }
        },
    );
    assert!(checked >= 20, "only {checked} files were checked");
}

#[test]
fn turning_the_first_tile_changes_only_its_line() {
    let checked = each_saved(
        |scenario| {
            (!scenario.map.tiles.is_empty()).then_some(Edit::RotateTile {
                index: 0,
                clockwise: true,
            })
        },
        |path, original, saved, edited| {
            let turned = edited.map.tiles[0].rotation;
            let (gone, came) = hunk(original, saved);
            assert!(gone.len() <= 1, "{}: {gone:?} went", path.display());
            assert_eq!(came.len(), 1, "{}: {came:?} came", path.display());
            assert!(
                came[0].contains(&format!("rotation: {turned}")),
                "{}: {came:?}",
                path.display()
            );
            // A tile written on one line stays on one line, in flow style, as the first item
            // under `tiles:`.
            let mut lines = original.lines().skip_while(|l| l.trim() != "tiles:");
            let first_item = lines.nth(1).unwrap_or_default();
            if first_item.trim_start().starts_with("- {") {
                assert_eq!(gone, [first_item], "{}", path.display());
                assert!(
                    came[0].trim_start().starts_with("- {"),
                    "{}",
                    path.display()
                );
            }
        },
    );
    assert!(checked >= 20, "only {checked} files were checked");
}

#[test]
fn removing_the_last_token_removes_only_its_lines() {
    let checked = each_saved(
        |scenario| {
            (scenario.tokens.len() >= 2).then(|| Edit::RemoveToken {
                index: scenario.tokens.len() - 1,
            })
        },
        |path, original, saved, _| {
            let (gone, came) = hunk(original, saved);
            assert!(came.is_empty(), "{}: {came:?} came", path.display());
            assert!(!gone.is_empty(), "{}: nothing went", path.display());
            assert!(
                gone[0].trim_start().starts_with('-'),
                "{}: {gone:?}",
                path.display()
            );
        },
    );
    assert!(checked >= 15, "only {checked} files were checked");
}

/// A file written by hand in block style, with comments everywhere a designer puts them.
const BY_HAND: &str = "\
# My scenario, written by hand.
format: 1
ruleset: sentinel-tactics
title: Night raid   # working title
description: |
  First line.
  Second line.

map:
  tiles:
    # the west tile
    - tile: 1
      side: megalopolis
      at: [0, 0]
    - tile: 3      # north
      side: megalopolis
      at: [5, -2]
      rotation: 2

teams:
- id: heroes
  name: Heroes
- id: villains
  name: Villains

tokens:
  - id: legacy
    kind: character
    character: legacy
    team: heroes
    at: 1/10   # start
  # the villain
  - id: blade
    kind: character
    character: baron-blade
    team: villains
    at: 3/3

# end of file
";

/// Saves `BY_HAND` after `edit` and returns the text.
fn by_hand_saved(
    edit: impl FnOnce(&mut megahex_schema::rulesets::sentinel_tactics::Scenario),
) -> String {
    saved_after(BY_HAND, edit)
}

/// Saves the hand-written `text` after `edit` and returns the saved text, checking that it
/// reads back as the edited scenario.
fn saved_after(
    text: &str,
    edit: impl FnOnce(&mut megahex_schema::rulesets::sentinel_tactics::Scenario),
) -> String {
    let mut scenario: megahex_schema::rulesets::sentinel_tactics::Scenario =
        serde_yaml::from_str(text).expect("the hand-written file reads");
    edit(&mut scenario);
    let saved =
        megahex::yaml::patch::saved_text(Some(text), &scenario, None).expect("the scenario saves");
    let back: megahex_schema::rulesets::sentinel_tactics::Scenario =
        serde_yaml::from_str(&saved).expect("it reads back");
    assert_eq!(back, scenario);
    saved
}

#[test]
fn a_changed_word_is_written_in_place_and_keeps_its_comment() {
    let saved = by_hand_saved(|s| s.title = Some("Dawn raid".into()));
    let expected = BY_HAND.replace(
        "title: Night raid   # working title",
        "title: Dawn raid   # working title",
    );
    assert_eq!(saved, expected);
}

#[test]
fn a_field_added_to_a_block_record_goes_under_its_last_field() {
    let saved = by_hand_saved(|s| s.map.tiles[0].rotation = 1);
    let expected = BY_HAND.replace(
        "      at: [0, 0]\n",
        "      at: [0, 0]\n      rotation: 1\n",
    );
    assert_eq!(saved, expected);
}

#[test]
fn a_moved_token_keeps_the_comment_on_its_line() {
    let saved = by_hand_saved(|s| {
        s.tokens[0].at = serde_yaml::from_str("1/11").expect("a hex reference");
    });
    assert_eq!(
        saved,
        BY_HAND.replace("    at: 1/10   # start", "    at: 1/11   # start")
    );
}

#[test]
fn a_block_text_becomes_one_line_and_the_blank_line_after_it_stays() {
    let saved = by_hand_saved(|s| s.description = Some("Only line.".into()));
    assert_eq!(
        saved,
        BY_HAND.replace(
            "description: |\n  First line.\n  Second line.\n",
            "description: Only line.\n"
        )
    );
}

#[test]
fn a_removed_block_item_takes_only_its_own_lines() {
    let saved = by_hand_saved(|s| {
        s.tokens.pop();
    });
    assert_eq!(
        saved,
        BY_HAND.replace(
            "  - id: blade\n    kind: character\n    character: baron-blade\n    team: villains\n    at: 3/3\n",
            ""
        )
    );
}

#[test]
fn added_items_follow_the_last_item_at_its_indentation() {
    let saved = by_hand_saved(|s| {
        let mut copy = s.teams[1].clone();
        copy.id = "bystanders".into();
        copy.name = Some("Bystanders".into());
        s.teams.push(copy);
    });
    assert_eq!(
        saved,
        BY_HAND.replace(
            "  name: Villains\n",
            "  name: Villains\n- {id: bystanders, name: Bystanders}\n"
        )
    );
}

#[test]
fn a_new_section_goes_after_the_last_one_before_the_closing_comment() {
    let saved = by_hand_saved(|s| s.round_limit = Some(6));
    assert_eq!(
        saved,
        BY_HAND.replace("    at: 3/3\n", "    at: 3/3\nround-limit: 6\n")
    );
}

/// Tokens written one to a line, in flow style, as designers often write them.
const FLOW_TOKENS: &str = "\
format: 1
ruleset: sentinel-tactics
map:
  tiles:
    - {tile: 1, side: megalopolis, at: [0, 0]}
teams:
  - {id: heroes}
  - {id: villains}
tokens:
  - {id: legacy, kind: character, character: legacy, team: heroes, at: 1/10}  # start
  - {id: blade, kind: character, character: baron-blade, team: villains, at: 1/3}
";

/// Saves `FLOW_TOKENS` after `edit` and returns the text.
fn flow_saved(
    edit: impl FnOnce(&mut megahex_schema::rulesets::sentinel_tactics::Scenario),
) -> String {
    saved_after(FLOW_TOKENS, edit)
}

#[test]
fn a_move_and_an_added_token_saved_together_change_only_the_moved_value_and_add_a_line() {
    let saved = flow_saved(|s| {
        s.tokens[0].at = serde_yaml::from_str("1/11").expect("a hex reference");
        let mut copy = s.tokens[1].clone();
        copy.id = "blade-2".into();
        s.tokens.push(copy);
    });
    // Only the moved value changes; the added token follows the last one.
    let kept = FLOW_TOKENS.replace("heroes, at: 1/10}", "heroes, at: 1/11}");
    let added = saved
        .strip_prefix(kept.as_str())
        .unwrap_or_else(|| panic!("{saved}"));
    assert!(added.starts_with("  - "), "{saved}");
    assert!(added.contains("id: blade-2"), "{saved}");
}

#[test]
fn a_removed_token_and_a_changed_one_saved_together_keep_the_changed_ones_line() {
    let saved = flow_saved(|s| {
        s.tokens.remove(0);
        s.tokens[0].at = serde_yaml::from_str("1/4").expect("a hex reference");
    });
    let expected = FLOW_TOKENS
        .replace(
            "  - {id: legacy, kind: character, character: legacy, team: heroes, at: 1/10}  # start\n",
            "",
        )
        .replace("villains, at: 1/3}", "villains, at: 1/4}");
    assert_eq!(saved, expected);
}
