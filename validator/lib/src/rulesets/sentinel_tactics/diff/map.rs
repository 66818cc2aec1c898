//! The map's changes: which physical tile went where, and which hexes differ.

use megahex_schema::rulesets::sentinel_tactics::{Side, TilePlacement};

use crate::board::{Board, BoardHex, distance};
use crate::diff::{ChangeKind, HexChange, HexChanges, HexState, PlacedTile, TileChange};

/// Tile placements before and after, matched as physical tiles: a placement the same in both
/// files first, then each remaining placement to the nearest remaining one of the same tile
/// number (so a tile used twice still pairs sensibly), then a placement to a remaining one at
/// the same centre (another tile put in its place), the rest added or removed. In the new
/// file's order, then the removed ones in the old file's.
pub(super) fn tile_changes(old: &[TilePlacement], new: &[TilePlacement]) -> Vec<TileChange> {
    let mut old_left: Vec<Option<TilePlacement>> = old.iter().copied().map(Some).collect();
    let mut partner: Vec<Option<TilePlacement>> = vec![None; new.len()];
    let mut unmatched: Vec<usize> = Vec::new();
    for (j, placement) in new.iter().enumerate() {
        match old_left.iter().position(|o| *o == Some(*placement)) {
            Some(i) => partner[j] = old_left[i].take(),
            None => unmatched.push(j),
        }
    }
    for &j in &unmatched {
        let placement = new[j];
        let nearest = old_left
            .iter()
            .enumerate()
            .filter_map(|(i, o)| o.filter(|o| o.tile == placement.tile).map(|o| (i, o)))
            .min_by_key(|(i, o)| (distance(o.at, placement.at), *i));
        if let Some((i, _)) = nearest {
            partner[j] = old_left[i].take();
        }
    }
    // A placement with no copy of its tile left, where another tile was: a replacement.
    for (j, placement) in new.iter().enumerate() {
        if partner[j].is_some() {
            continue;
        }
        if let Some(slot) = old_left
            .iter_mut()
            .find(|o| o.is_some_and(|o| o.at == placement.at))
        {
            partner[j] = slot.take();
        }
    }
    let mut out: Vec<TileChange> = new
        .iter()
        .zip(partner)
        .filter_map(|(placement, before)| between(before, Some(*placement)))
        .collect();
    out.extend(
        old_left
            .into_iter()
            .flatten()
            .filter_map(|before| between(Some(before), None)),
    );
    out
}

fn state(hex: &BoardHex) -> HexState {
    let mut terrain = hex.terrain.clone();
    terrain.sort_by_key(|t| format!("{t:?}"));
    terrain.dedup();
    HexState {
        elevation: hex.elevation,
        terrain,
        tile: hex.tile,
        side: Side::from(hex.face).as_str().to_owned(),
    }
}

/// A placement in the change report's words.
fn placed(p: &TilePlacement) -> PlacedTile {
    PlacedTile {
        tile: p.tile,
        side: p.side.as_str().to_owned(),
        at: p.at,
        rotation: p.rotation,
    }
}

/// The change between two placements of one tile (either may be absent), or `None` when they
/// are the same.
fn between(old: Option<TilePlacement>, new: Option<TilePlacement>) -> Option<TileChange> {
    let kinds = match (old, new) {
        (None, None) => return None,
        (None, Some(_)) => vec![ChangeKind::Added],
        (Some(_), None) => vec![ChangeKind::Removed],
        (Some(a), Some(b)) if a.tile != b.tile => vec![ChangeKind::Replaced],
        (Some(a), Some(b)) => [
            (a.at != b.at, ChangeKind::Moved),
            (a.rotation != b.rotation, ChangeKind::Turned),
            (a.side != b.side, ChangeKind::Flipped),
        ]
        .into_iter()
        .filter_map(|(differs, kind)| differs.then_some(kind))
        .collect(),
    };
    let tile = new.or(old).map(|p| p.tile)?;
    (!kinds.is_empty()).then_some(TileChange {
        tile,
        kinds,
        old: old.as_ref().map(placed),
        new: new.as_ref().map(placed),
    })
}

/// Hexes on both maps whose elevation or terrain differs, and the hexes only one map has, in
/// each board's order.
pub(super) fn hex_changes(old: &Board, new: &Board) -> HexChanges {
    let mut out = HexChanges::default();
    for hex in old.hexes() {
        match new.get(hex.at) {
            None => out.removed.push(hex.at),
            Some(after) => {
                let (before, after) = (state(hex), state(after));
                if before.elevation != after.elevation || before.terrain != after.terrain {
                    out.changed.push(HexChange {
                        at: hex.at,
                        old: before,
                        new: after,
                    });
                }
            }
        }
    }
    out.added = new
        .hexes()
        .iter()
        .map(|h| h.at)
        .filter(|&at| !old.contains(at))
        .collect();
    out
}
