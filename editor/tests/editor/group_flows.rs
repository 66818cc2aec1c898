//! Several pieces at once, driven as a designer would: Shift+click and box select, a group
//! dragged, turned and deleted as one undo step, and copy and paste within a file and between
//! two editor windows through the clipboard text.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::support::*;
use egui::{Event, Key, Modifiers};
use megahex::board::{Axial, DIRECTIONS, distance};
use megahex_editor::rulesets::sentinel_tactics::bench::Selection;
use megahex_editor::rulesets::sentinel_tactics::held::MapDocument;
use megahex_schema::rulesets::sentinel_tactics::Scenario;
use megahex_schema::{Footprint, HexRef};

fn hex_of(harness: &egui_kittest::Harness<'_, megahex_editor::app::EditorApp>, id: &str) -> Axial {
    token_hexes(harness, id)[0]
}

fn index_of(scenario: &Scenario, id: &str) -> usize {
    scenario.tokens.iter().position(|t| t.id == id).unwrap()
}

fn plus(a: Axial, b: Axial) -> Axial {
    [a[0] + b[0], a[1] + b[1]]
}

#[test]
fn two_tokens_picked_with_shift_move_together_and_one_undo_puts_both_back() {
    let (_dir, mut harness) = bundled_app("group-move", "city-blades-gambit.yaml");
    let before = scenario(&harness);
    let (legacy, tachyon) = (hex_of(&harness, "legacy"), hex_of(&harness, "tachyon"));
    let pos = screen_of(&harness, legacy);
    click_at(&mut harness, pos);
    let pos = screen_of(&harness, tachyon);
    with_shift(&mut harness, |h| click_at(h, pos));
    let picked =
        megahex_editor::rulesets::sentinel_tactics::group::selected(&map_parts(&mut harness).wb);
    assert_eq!(
        picked,
        [
            Selection::Token(index_of(&before, "tachyon")),
            Selection::Token(index_of(&before, "legacy"))
        ]
    );

    // A step both can take: on the map, onto no other figure.
    let occupied = occupied(&harness);
    let board = harness.state().wb.doc.board().unwrap().clone();
    let step = DIRECTIONS
        .into_iter()
        .find(|&d| {
            [legacy, tachyon].iter().all(|&h| {
                let to = plus(h, d);
                board.contains(to) && (!occupied.contains(&to) || to == legacy || to == tachyon)
            })
        })
        .expect("some direction is free for both");
    let (from, to) = (
        screen_of(&harness, legacy),
        screen_of(&harness, plus(legacy, step)),
    );
    drag(&mut harness, from, to);

    assert_eq!(hex_of(&harness, "legacy"), plus(legacy, step));
    assert_eq!(hex_of(&harness, "tachyon"), plus(tachyon, step));
    // Each hex keeps the form it was written in: legacy as `T/I`, tachyon as `[q, r]`.
    let after = scenario(&harness);
    let form = |id: &str| after.tokens[index_of(&after, id)].at.clone();
    assert!(matches!(form("legacy"), Footprint::One(HexRef::Tile(_))));
    assert_eq!(
        form("tachyon"),
        Footprint::One(HexRef::Axial(plus(tachyon, step)))
    );
    let doc = &harness.state().wb.doc;
    assert_eq!(doc.editing().unwrap().undo_label(), Some("move 2 tokens"));

    press(&mut harness, Modifiers::COMMAND, Key::Z);
    assert_eq!(scenario(&harness), before, "one undo puts both back");
}

#[test]
fn a_shift_drag_box_selects_what_lies_inside_it() {
    let (_dir, mut harness) = bundled_app("group-box", "city-blades-gambit.yaml");
    let before = scenario(&harness);
    let (bunker, legacy) = (hex_of(&harness, "bunker"), hex_of(&harness, "legacy"));
    let view = harness.state().wb.view.unwrap();
    // A box from just beyond one figure's hex to just beyond the other's, its corners half a
    // hex outside their centres.
    let (a, b) = (view.screen_from_hex(bunker), view.screen_from_hex(legacy));
    let margin = egui::vec2(view.scale * 0.3, view.scale * 0.3);
    let min = a.min(b) - margin;
    let max = a.max(b) + margin;
    with_shift(&mut harness, |h| drag(h, min, max));

    let mut picked =
        megahex_editor::rulesets::sentinel_tactics::group::selected(&map_parts(&mut harness).wb);
    picked.sort();
    // Worked out from the file and DESIGN's tile contract: the box spans bunker (1/7) and
    // legacy (1/10); hex 10 is a tile's centre, so tile 1 (the first placed) is inside too,
    // and no other token is.
    let mut expected = vec![
        Selection::Tile(0),
        Selection::Token(index_of(&before, "bunker")),
        Selection::Token(index_of(&before, "legacy")),
    ];
    expected.sort();
    assert_eq!(picked, expected);
    assert_eq!(scenario(&harness), before, "selecting changes nothing");
}

#[test]
fn select_all_then_delete_is_one_undo_step_and_six_turns_come_back() {
    let (_dir, mut harness) = bundled_app("group-all", "city-blades-gambit.yaml");
    let before = scenario(&harness);
    press(&mut harness, Modifiers::COMMAND, Key::A);
    assert_eq!(
        megahex_editor::rulesets::sentinel_tactics::group::selected(&map_parts(&mut harness).wb)
            .len(),
        before.map.tiles.len() + before.tokens.len()
    );

    // One turn: the whole table turns rigidly around the first tile's centre.
    let hexes_before: Vec<Axial> = before
        .tokens
        .iter()
        .map(|t| hex_of(&harness, &t.id))
        .collect();
    press(&mut harness, Modifiers::NONE, Key::R);
    let turned = scenario(&harness);
    assert_eq!(
        turned.map.tiles[0].at, before.map.tiles[0].at,
        "the pivot stays"
    );
    for (tile, old) in turned.map.tiles.iter().zip(&before.map.tiles) {
        assert_eq!(tile.rotation, (old.rotation + 1) % 6);
        assert_eq!(
            distance(tile.at, turned.map.tiles[0].at),
            distance(old.at, before.map.tiles[0].at)
        );
    }
    let hexes_after: Vec<Axial> = before
        .tokens
        .iter()
        .map(|t| hex_of(&harness, &t.id))
        .collect();
    for i in 0..hexes_before.len() {
        for j in 0..hexes_before.len() {
            assert_eq!(
                distance(hexes_after[i], hexes_after[j]),
                distance(hexes_before[i], hexes_before[j]),
                "a turn keeps every distance between figures"
            );
        }
    }
    for _ in 1..6 {
        press(&mut harness, Modifiers::NONE, Key::R);
    }
    assert_eq!(
        scenario(&harness),
        before,
        "six sixth-turns are a full turn"
    );

    press(&mut harness, Modifiers::NONE, Key::Delete);
    let emptied = scenario(&harness);
    assert!(emptied.map.tiles.is_empty() && emptied.tokens.is_empty());
    press(&mut harness, Modifiers::COMMAND, Key::Z);
    assert_eq!(
        scenario(&harness),
        before,
        "one undo brings everything back"
    );
}

/// The text the app last asked the window to put on the clipboard.
fn copied_text(
    harness: &egui_kittest::Harness<'_, megahex_editor::app::EditorApp>,
) -> Option<String> {
    harness
        .output()
        .platform_output
        .commands
        .iter()
        .find_map(|c| match c {
            egui::OutputCommand::CopyText(text) => Some(text.clone()),
            _ => None,
        })
}

#[test]
fn a_token_copied_in_one_window_pastes_under_the_pointer_in_another() {
    let (_dir_a, mut from) = bundled_app("clip-from", "city-blades-gambit.yaml");
    let legacy = hex_of(&from, "legacy");
    let pos = screen_of(&from, legacy);
    click_at(&mut from, pos);
    // What the window sends for Ctrl+C: a copy event, answered in the same frame.
    from.event(Event::Copy);
    from.step();
    let text = copied_text(&from)
        .unwrap_or_else(|| panic!("the app copied text: {:?}", from.state().wb.status));
    assert!(text.contains("megahex-clip: 1"), "{text}");

    let (_dir_b, mut into) = bundled_app("clip-into", "objective-shard-rush.yaml");
    let before = scenario(&into);
    let occupied = occupied(&into);
    let free = into
        .state()
        .wb
        .doc
        .board()
        .unwrap()
        .hexes()
        .iter()
        .map(|h| h.at)
        .find(|h| !occupied.contains(h))
        .unwrap();
    let pos = screen_of(&into, free);
    into.hover_at(pos);
    into.run_steps(2);
    into.event(Event::Paste(text));
    into.run_steps(3);

    let after = scenario(&into);
    assert_eq!(after.tokens.len(), before.tokens.len() + 1);
    let pasted = after.tokens.last().unwrap();
    let id = if before.tokens.iter().any(|t| t.id == "legacy") {
        "legacy-2"
    } else {
        "legacy"
    };
    assert_eq!(pasted.id, id);
    assert_eq!(pasted.character.as_deref(), Some("legacy"));
    assert_eq!(hex_of(&into, id), free, "it lands under the pointer");
    press(&mut into, Modifiers::COMMAND, Key::Z);
    assert_eq!(scenario(&into), before, "one undo takes the paste back");
}

#[test]
fn duplicating_a_soldier_puts_the_next_soldier_beside_it() {
    let (_dir, mut harness) = bundled_app("clip-duplicate", "city-blades-gambit.yaml");
    let before = scenario(&harness);
    let soldier = hex_of(&harness, "soldier-1");
    let pos = screen_of(&harness, soldier);
    click_at(&mut harness, pos);
    press(&mut harness, Modifiers::COMMAND, Key::D);

    let after = scenario(&harness);
    assert_eq!(after.tokens.len(), before.tokens.len() + 1);
    // soldier-1 to soldier-4 exist, so the copy is soldier-5.
    let copy = after.tokens.last().unwrap();
    assert_eq!(copy.id, "soldier-5");
    assert_eq!(copy.character.as_deref(), Some("blade-battalion-soldier"));
    let at = hex_of(&harness, "soldier-5");
    assert!(
        (1..=4).contains(&distance(at, soldier)),
        "beside the original"
    );
    let others: Vec<Axial> = before
        .tokens
        .iter()
        .map(|t| hex_of(&harness, &t.id))
        .collect();
    assert!(!others.contains(&at), "on a free hex");
    assert_eq!(
        megahex_editor::rulesets::sentinel_tactics::group::selected(&map_parts(&mut harness).wb),
        [Selection::Token(after.tokens.len() - 1)],
        "the copy is selected, ready to be dragged"
    );
}

#[test]
fn a_clip_with_far_off_hexes_is_refused_without_harm() {
    let (_dir, mut harness) = bundled_app("clip-hostile", "city-blades-gambit.yaml");
    let before = scenario(&harness);
    let text = "megahex-clip: 1\ntiles: [{tile: 2, side: megalopolis, at: [2147483647, -2147483648]}]\ntokens: [{id: far, kind: character, character: legacy, at: [2147483647, -2147483648]}]\n";
    // No pointer on the map: the clip goes where it was copied from, far off the table.
    harness.event(Event::Paste(text.to_owned()));
    harness.run_steps(3);
    assert_eq!(scenario(&harness), before, "nothing was pasted");
    let status = harness.state().wb.status.clone().unwrap();
    assert!(status.text.contains("Nothing to paste"), "{}", status.text);
    assert!(status.text.contains("tile 2"), "{}", status.text);
}

/// A team picked in the inspector with several tokens selected goes to every one of them, as
/// one undo step (it changed only the inspected token).
#[test]
fn a_team_picked_for_a_selection_of_tokens_goes_to_all_of_them_in_one_step() {
    use egui::accesskit::Role;
    use egui_kittest::kittest::{Queryable, by};
    let (_dir, mut harness) = bundled_app("group-team", "city-blades-gambit.yaml");
    let before = scenario(&harness);
    let (legacy, tachyon) = (hex_of(&harness, "legacy"), hex_of(&harness, "tachyon"));
    let pos = screen_of(&harness, legacy);
    click_at(&mut harness, pos);
    let pos = screen_of(&harness, tachyon);
    with_shift(&mut harness, |h| click_at(h, pos));
    harness
        .get_all(by().role(Role::ComboBox).value("heroes (Freedom Five)"))
        .last()
        .expect("the inspector's team")
        .click_accesskit();
    harness.run_steps(2);
    harness
        .get_by_role_and_label(Role::Button, "villains (Baron Blade's forces)")
        .click_accesskit();
    harness.run_steps(2);
    let after = scenario(&harness);
    for id in ["legacy", "tachyon"] {
        let token = &after.tokens[index_of(&after, id)];
        assert_eq!(token.team.as_deref(), Some("villains"), "{id}");
    }
    let bunker = &after.tokens[index_of(&after, "bunker")];
    assert_eq!(
        bunker.team.as_deref(),
        Some("heroes"),
        "not selected, not changed"
    );
    assert_eq!(
        harness.state().wb.doc.undo_label(),
        Some("set the team of 2 tokens to villains")
    );
    press(&mut harness, Modifiers::COMMAND, Key::Z);
    assert_eq!(scenario(&harness), before);
}
