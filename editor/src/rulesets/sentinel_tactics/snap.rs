//! Snapping a tile being placed or moved into the slot next to a tile already down, so a map
//! comes together edge to edge without counting hexes.
//!
//! The eight tiles are 19-hex megahexes (radius 2). Two of them fit edge to edge, no gap and no
//! overlap, when their centres are five hexes apart along one of the six offsets `(5, -2)` turned
//! by sixths; those are the slots. A slot counts only if the tile would overlap no other tile
//! (centres closer than 5).

use megahex::board::{Axial, distance, rot_cw};
use megahex_schema::rulesets::sentinel_tactics::TilePlacement;

/// Where a tile's centre goes when the pointer is over `pointer`: the nearest free slot next to
/// a placed tile, if the pointer lies within the tile that slot would hold, else the pointer.
/// `moving` is the tile being dragged, left out of the map.
pub fn snapped_centre(pointer: Axial, tiles: &[TilePlacement], moving: Option<usize>) -> Axial {
    let others: Vec<Axial> = tiles
        .iter()
        .enumerate()
        .filter(|(i, _)| Some(*i) != moving)
        .map(|(_, t)| t.at)
        .collect();
    let free = |c: Axial| others.iter().all(|&o| distance(o, c) >= 5);
    others
        .iter()
        .flat_map(|&o| {
            (0..6).map(move |k| {
                let d = rot_cw([5, -2], k);
                [o[0] + d[0], o[1] + d[1]]
            })
        })
        .filter(|&c| free(c) && distance(c, pointer) <= 2)
        .min_by_key(|&c| (distance(c, pointer), c))
        .unwrap_or(pointer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use megahex_schema::rulesets::sentinel_tactics::Side;

    fn tile(at: Axial) -> TilePlacement {
        TilePlacement {
            tile: 1,
            side: Side::Megalopolis,
            at,
            rotation: 0,
        }
    }

    #[test]
    fn a_tile_snaps_edge_to_edge_and_only_into_free_slots() {
        let map = [tile([0, 0])];
        // (5, -2) is the slot to the east-north-east; a pointer one hex off it snaps there.
        assert_eq!(snapped_centre([4, -2], &map, None), [5, -2]);
        assert_eq!(snapped_centre([5, -2], &map, None), [5, -2]);
        // Turned a sixth clockwise, (5, -2) becomes (2, 3): the slot to the south-east.
        assert_eq!(snapped_centre([2, 2], &map, None), [2, 3]);
        // Far from every slot (more than 2 hexes): no snapping.
        assert_eq!(snapped_centre([12, 0], &map, None), [12, 0]);
        // With a tile already in (5, -2), that slot is taken: a pointer next to it stays put
        // (the nearest free slots, (2, 3) and (3, -5), are 5 and 4 hexes from (4, -2)).
        let two = [tile([0, 0]), tile([5, -2])];
        assert_eq!(snapped_centre([4, -2], &two, None), [4, -2]);
        // Leaving a tile out of the map (`moving`) frees its slot again.
        assert_eq!(snapped_centre([4, -2], &two, Some(1)), [5, -2]);
        // The second tile's own slots are offered: (5, -2) + (2, 3) = (7, 1).
        assert_eq!(snapped_centre([7, 0], &two, None), [7, 1]);
        // An empty map: the pointer.
        assert_eq!(snapped_centre([3, 3], &[], None), [3, 3]);
    }

    #[test]
    fn every_slot_touches_without_overlap() {
        // Hex by hex: a tile in a slot shares no hex with the first, and some of its hexes are
        // adjacent to some of the first's.
        let disc = |c: Axial| -> Vec<Axial> {
            (-2..=2)
                .flat_map(|q: i32| (-2..=2).map(move |r: i32| [q, r]))
                .filter(|&h| distance([0, 0], h) <= 2)
                .map(|[q, r]| [c[0] + q, c[1] + r])
                .collect()
        };
        let first = disc([0, 0]);
        for k in 0..6 {
            let d = rot_cw([5, -2], k);
            let second = disc(d);
            assert!(second.iter().all(|h| !first.contains(h)));
            let touching = second
                .iter()
                .filter(|&&h| first.iter().any(|&f| distance(f, h) == 1))
                .count();
            // Edge to edge: three hexes of the new tile border the first along a straight side.
            assert_eq!(touching, 3, "slot {d:?}");
        }
    }
}
