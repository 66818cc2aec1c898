//! A selection of several pieces: Shift+click and box select, and the moves, turns and
//! removals that act on all of them as one edit (one undo step).
//!
//! A token written as `T/I` on a tile that moves or turns with it already follows its tile, so
//! only the other hexes are rewritten, each in the form the designer wrote it.

use super::bench::{MapBench, Selection};
use crate::rulesets::sentinel_tactics::held::MapDocument;
use egui::{Pos2, Rect};
use megahex::board::{Axial, Board};
use megahex_schema::rulesets::sentinel_tactics::{Scenario, TilePlacement};
use megahex_schema::{Footprint, HexRef};

use crate::rulesets::sentinel_tactics::edit::Edit;
use crate::rulesets::sentinel_tactics::token_rules::{in_bounds, plus, same_form};
use crate::view::world_from_hex;

/// Every selected piece, the inspector's first.
pub fn selected(wb: &MapBench<'_>) -> Vec<Selection> {
    let mut all: Vec<Selection> = wb.map.selection.into_iter().collect();
    for piece in &wb.map.more {
        if !all.contains(piece) {
            all.push(*piece);
        }
    }
    all
}

/// True when more than one piece is selected.
pub fn is_group(wb: &MapBench<'_>) -> bool {
    selected(wb).len() > 1
}

/// Selects only `piece` (a plain click).
pub fn select_only(wb: &mut MapBench<'_>, piece: Option<Selection>) {
    wb.map.selection = piece;
    wb.map.more.clear();
}

/// Shift+click: adds `piece` to the selection, or takes it out if it was in.
pub fn toggle(wb: &mut MapBench<'_>, piece: Selection) {
    if wb.map.selection == Some(piece) {
        wb.map.selection = wb.map.more.pop();
    } else if let Some(at) = wb.map.more.iter().position(|p| *p == piece) {
        wb.map.more.remove(at);
    } else {
        if let Some(previous) = wb.map.selection {
            wb.map.more.push(previous);
        }
        wb.map.selection = Some(piece);
    }
}

/// Box select: the tiles whose centre and the tokens with a hex inside the box between two
/// world points, added to the selection when `add` (Shift held), else instead of it. A locked
/// or hidden layer's pieces are left out.
pub fn select_in_box(
    wb: &mut MapBench<'_>,
    a_in_world: Pos2,
    b_in_world: Pos2,
    add: bool,
) -> usize {
    let rect = Rect::from_two_pos(a_in_world, b_in_world);
    let inside = |hex: Axial| rect.contains(world_from_hex(hex));
    let mut found: Vec<Selection> = Vec::new();
    if let Some(scenario) = wb.doc.scenario().filter(|_| wb.tiles_pickable()) {
        for (i, tile) in scenario.map.tiles.iter().enumerate() {
            if inside(tile.at) {
                found.push(Selection::Tile(i));
            }
        }
    }
    let tokens = match wb.tokens_pickable() {
        true => wb.doc.tokens(),
        false => &[],
    };
    for token in tokens {
        if token.hexes.iter().any(|&h| inside(h)) {
            found.push(Selection::Token(token.index));
        }
    }
    if !add {
        select_only(wb, None);
    }
    let count = found.len();
    for piece in found {
        if !selected(wb).contains(&piece) {
            toggle(wb, piece);
        }
    }
    count
}

/// The hexes of one piece on the board.
pub fn piece_hexes(wb: &MapBench<'_>, piece: Selection) -> Vec<Axial> {
    match piece {
        Selection::Tile(index) => wb.doc.board().map_or_else(Vec::new, |b| {
            b.hexes()
                .iter()
                .filter(|h| h.placement == index)
                .map(|h| h.at)
                .collect()
        }),
        Selection::Token(index) => wb
            .doc
            .tokens()
            .iter()
            .find(|t| t.index == index)
            .map(|t| t.hexes.clone())
            .unwrap_or_default(),
    }
}

/// The hexes of every selected piece but the inspector's, outlined as the rest of the group.
pub fn others_hexes(wb: &MapBench<'_>) -> Vec<Axial> {
    selected(wb)
        .into_iter()
        .skip(1)
        .flat_map(|p| piece_hexes(wb, p))
        .collect()
}

/// The selected tiles and tokens, by position, each list in ascending order.
fn split(pieces: &[Selection]) -> (Vec<usize>, Vec<usize>) {
    let mut tiles = Vec::new();
    let mut tokens = Vec::new();
    for piece in pieces {
        match *piece {
            Selection::Tile(i) => tiles.push(i),
            Selection::Token(i) => tokens.push(i),
        }
    }
    tiles.sort_unstable();
    tokens.sort_unstable();
    (tiles, tokens)
}

/// "move 2 tiles and 3 tokens".
fn label(verb: &str, tiles: usize, tokens: usize) -> String {
    format!("{verb} {}", describe(tiles, tokens))
}

/// "2 tiles and 1 token", "1 token".
pub fn describe(tiles: usize, tokens: usize) -> String {
    let count = |n: usize, one: &str| match n {
        1 => format!("1 {one}"),
        n => format!("{n} {one}s"),
    };
    match (tiles, tokens) {
        (0, k) => count(k, "token"),
        (t, 0) => count(t, "tile"),
        (t, k) => format!("{} and {}", count(t, "tile"), count(k, "token")),
    }
}

/// How a group changes place: a shift by an offset, or a sixth-turn around a hex.
#[derive(Debug, Clone, Copy)]
enum Motion {
    Shift(Axial),
    Turn { pivot: Axial, clockwise: bool },
}

impl Motion {
    fn hex(self, at: Axial) -> Axial {
        match self {
            Motion::Shift(by) => plus(at, by),
            Motion::Turn { pivot, clockwise } => {
                // In i64, so a far-off hex in a hand-written file cannot overflow; the result
                // is then checked against the map like any other move.
                let (mut q, mut r) = (
                    i64::from(at[0]) - i64::from(pivot[0]),
                    i64::from(at[1]) - i64::from(pivot[1]),
                );
                // One sixth clockwise is DESIGN's rot_cw: (q, r) to (-r, q + r).
                for _ in 0..if clockwise { 1 } else { 5 } {
                    (q, r) = (-r, q + r);
                }
                let clamp = |v: i64| v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
                [
                    clamp(i64::from(pivot[0]) + q),
                    clamp(i64::from(pivot[1]) + r),
                ]
            }
        }
    }

    fn tile(self, tile: TilePlacement) -> TilePlacement {
        let rotation = match self {
            Motion::Shift(_) => tile.rotation,
            Motion::Turn { clockwise, .. } => {
                crate::rulesets::sentinel_tactics::turning::turned_rotation(
                    tile.rotation,
                    clockwise,
                )
            }
        };
        TilePlacement {
            at: self.hex(tile.at),
            rotation,
            ..tile
        }
    }
}

/// Moves every selected piece by `by` hexes, as one edit.
pub fn move_edit(wb: &MapBench<'_>, by: Axial) -> Result<Edit, String> {
    motion_edit(wb, Motion::Shift(by), "move")
}

/// Turns every selected piece one sixth around the inspector's piece (a tile's centre, a
/// figure's first hex), as one edit.
pub fn turn_edit(wb: &MapBench<'_>, clockwise: bool) -> Result<Edit, String> {
    let pivot = wb
        .map
        .selection
        .and_then(|p| match p {
            Selection::Tile(i) => wb.doc.scenario()?.map.tiles.get(i).map(|t| t.at),
            Selection::Token(_) => piece_hexes(wb, p).first().copied(),
        })
        .ok_or("nothing is selected")?;
    motion_edit(wb, Motion::Turn { pivot, clockwise }, "turn")
}

fn motion_edit(wb: &MapBench<'_>, motion: Motion, verb: &str) -> Result<Edit, String> {
    let (Some(scenario), Some(board)) = (wb.doc.scenario(), wb.doc.board()) else {
        return Err("there is no map".to_owned());
    };
    let (tiles, tokens) = split(&selected(wb));
    let mut edits = Vec::new();
    let mut moved_tiles = scenario.map.tiles.clone();
    for &index in &tiles {
        let tile = *scenario.map.tiles.get(index).ok_or("no such tile")?;
        let moved = motion.tile(tile);
        if !in_bounds(moved.at) {
            return Err("Cannot move the tiles that far from the map".to_owned());
        }
        moved_tiles[index] = moved;
        edits.push(Edit::MoveTile {
            index,
            at: moved.at,
        });
        if moved.rotation != tile.rotation {
            edits.push(Edit::RotateTile {
                index,
                clockwise: matches!(
                    motion,
                    Motion::Turn {
                        clockwise: true,
                        ..
                    }
                ),
            });
        }
    }
    let new_board =
        megahex::rulesets::sentinel_tactics::map::build(&moved_tiles, &wb.doc.catalog).0;
    for &index in &tokens {
        let at = moved_footprint(scenario, board, &new_board, &tiles, index, motion)?;
        edits.push(Edit::MoveToken { index, at });
    }
    Ok(Edit::Batch {
        label: label(verb, tiles.len(), tokens.len()),
        edits,
    })
}

/// A token's footprint after `motion`: hexes on a tile that moves too stay as written (they
/// follow it), the others move and are written in the form they had.
fn moved_footprint(
    scenario: &Scenario,
    board: &Board,
    new_board: &Board,
    moving_tiles: &[usize],
    index: usize,
    motion: Motion,
) -> Result<Footprint, String> {
    let token = scenario.tokens.get(index).ok_or("no such token")?;
    let mut moved: Vec<HexRef> = Vec::new();
    for reference in token.at.hexes() {
        let from = board
            .resolve(reference)
            .map_err(|e| format!("cannot move {}: {e}", token.id))?;
        let follows_its_tile = reference.tile_hex().is_some()
            && board
                .get(from)
                .is_some_and(|h| moving_tiles.contains(&h.placement));
        if follows_its_tile {
            moved.push(*reference);
            continue;
        }
        let to = motion.hex(from);
        let hex = new_board.get(to).ok_or_else(|| {
            format!(
                "Cannot move {} off the map (to q,r {},{})",
                token.id, to[0], to[1]
            )
        })?;
        moved.push(same_form(reference, hex));
    }
    Ok(match (&token.at, moved.as_slice()) {
        (Footprint::One(_), [one]) => Footprint::One(*one),
        _ => Footprint::Many(moved),
    })
}

/// Removes every selected piece as one edit, tokens and tiles from the last position down so
/// each removal leaves the others' positions as they were.
pub fn remove_edit(wb: &MapBench<'_>) -> Option<Edit> {
    let (tiles, tokens) = split(&selected(wb));
    if tiles.is_empty() && tokens.is_empty() {
        return None;
    }
    let mut edits: Vec<Edit> = tokens
        .iter()
        .rev()
        .map(|&index| Edit::RemoveToken { index })
        .collect();
    edits.extend(tiles.iter().rev().map(|&index| Edit::RemoveTile { index }));
    Some(Edit::Batch {
        label: label("remove", tiles.len(), tokens.len()),
        edits,
    })
}
