//! Sentinel Tactics' map put on the shared board: tiles placed from the catalog, then the
//! hexes the map gives one by one, with its terrains as board features and its tile sides as
//! the look of the ground.

use megahex_schema::Catalog;
use megahex_schema::rulesets::sentinel_tactics::{
    CatalogHex, FigureMovement, Map, Side, Terrain, TilePlacement,
};

use crate::board::movement::Gait;
use crate::board::{Axial, Board, BoardBuilder, BoardHex, Face, Feature, rot_cw};

/// Something wrong with one placement while assembling the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlacementProblem {
    /// The catalog has no such tile side; the placement is left out of the board.
    UnknownTile {
        /// Position in `map.tiles`.
        placement: usize,
    },
    /// Hexes of this placement already belong to an earlier one; the earlier one keeps them.
    Overlap {
        /// Position in `map.tiles` of the later tile.
        placement: usize,
        /// The earlier tile it overlaps.
        with: usize,
        /// The shared hexes.
        hexes: Vec<Axial>,
    },
    /// Hexes of a `map.hexes` entry that a tile or an earlier entry already gives; the earlier
    /// one keeps them.
    HexTaken {
        /// Position in `map.hexes`.
        entry: usize,
        /// The tile (position in `map.tiles`) that has them, or `None` for an earlier entry.
        tile: Option<usize>,
        /// The hexes given twice.
        hexes: Vec<Axial>,
    },
}

/// Places every tile it can, reporting the ones it cannot. Later duplicates of a tile number
/// still place their hexes, so one mistake does not hide the rest of the map.
pub fn build(tiles: &[TilePlacement], catalog: &Catalog) -> (Board, Vec<PlacementProblem>) {
    let (builder, problems) = place_tiles(tiles, catalog, &[]);
    (builder.finish(), problems)
}

/// A map: its tiles, then the hexes it gives one by one (a homebrew board). A free hex has
/// tile 0 and `placement` past the tiles' (`tiles.len() + entry`), and is named by `[q, r]`
/// only.
pub fn build_map(map: &Map, catalog: &Catalog) -> (Board, Vec<PlacementProblem>) {
    let free_positions: Vec<Axial> = map
        .hexes
        .iter()
        .flat_map(|free| free.at.as_slice().iter().copied())
        .collect();
    let (mut board, mut problems) = place_tiles(&map.tiles, catalog, &free_positions);
    for (entry, free) in map.hexes.iter().enumerate() {
        let mut taken: Vec<(Option<usize>, Axial)> = Vec::new();
        for &at in free.at.as_slice() {
            let hex = BoardHex {
                at,
                elevation: free.elevation,
                terrain: free.terrain.iter().map(|&t| Feature::from(t)).collect(),
                tile: 0,
                face: Face::from(free.side.unwrap_or(Side::Megalopolis)),
                index: 0,
                placement: map.tiles.len() + entry,
            };
            if let Err(slot) = board.add(hex, false) {
                let owner = board.hex(slot).map_or(usize::MAX, |h| h.placement);
                taken.push(((owner < map.tiles.len()).then_some(owner), at));
            }
        }
        let mut owners: Vec<Option<usize>> = taken.iter().map(|(o, _)| *o).collect();
        owners.sort_unstable();
        owners.dedup();
        for tile in owners {
            let hexes = taken
                .iter()
                .filter(|(o, _)| *o == tile)
                .map(|(_, at)| *at)
                .collect();
            problems.push(PlacementProblem::HexTaken { entry, tile, hexes });
        }
    }
    (board.finish(), problems)
}

/// Where a placement puts each hex of its tile side.
fn placed_hexes<'c>(
    tile: &'c TilePlacement,
    hexes: &'c [CatalogHex],
) -> impl Iterator<Item = (Axial, &'c CatalogHex)> + 'c {
    hexes.iter().map(move |local| {
        let [dq, dr] = rot_cw([local.q, local.r], u32::from(tile.rotation));
        (
            [tile.at[0].saturating_add(dq), tile.at[1].saturating_add(dr)],
            local,
        )
    })
}

/// The tiles placed, on a board whose fast lookup also covers `more` positions to come.
fn place_tiles(
    tiles: &[TilePlacement],
    catalog: &Catalog,
    more: &[Axial],
) -> (BoardBuilder, Vec<PlacementProblem>) {
    let sides: Vec<_> = tiles.iter().map(|t| catalog.side(t.tile, t.side)).collect();
    let positions = tiles
        .iter()
        .zip(&sides)
        .filter_map(|(tile, side)| Some(placed_hexes(tile, &(*side)?.hexes)))
        .flatten()
        .map(|(at, _)| at)
        .chain(more.iter().copied());
    // The grid answers "which hex is here" while the board is put together, too.
    let mut board = Board::builder(positions);
    board.reserve(sides.iter().flatten().map(|side| side.hexes.len()).sum());
    let mut problems = Vec::new();
    for (placement, (tile, side)) in tiles.iter().zip(&sides).enumerate() {
        let Some(side) = side else {
            problems.push(PlacementProblem::UnknownTile { placement });
            continue;
        };
        let mut overlaps: Vec<(usize, Vec<Axial>)> = Vec::new();
        for (at, local) in placed_hexes(tile, &side.hexes) {
            let hex = BoardHex {
                at,
                elevation: local.elevation,
                terrain: local.terrain.iter().map(|&t| Feature::from(t)).collect(),
                tile: tile.tile,
                face: Face::from(tile.side),
                index: local.index,
                placement,
            };
            if let Err(existing) = board.add(hex, true) {
                let with = board.hex(existing).map_or(usize::MAX, |h| h.placement);
                match overlaps.iter_mut().find(|(w, _)| *w == with) {
                    Some((_, hexes)) => hexes.push(at),
                    None => overlaps.push((with, vec![at])),
                }
            }
        }
        overlaps.sort();
        for (with, mut hexes) in overlaps {
            hexes.sort();
            problems.push(PlacementProblem::Overlap {
                placement,
                with,
                hexes,
            });
        }
    }
    (board, problems)
}

impl From<Terrain> for Feature {
    fn from(terrain: Terrain) -> Feature {
        match terrain {
            Terrain::Cover => Feature::Cover,
            Terrain::Lava => Feature::Lava,
            Terrain::Water => Feature::Water,
            Terrain::Park => Feature::Park,
        }
    }
}

impl From<Feature> for Terrain {
    fn from(feature: Feature) -> Terrain {
        match feature {
            Feature::Cover => Terrain::Cover,
            Feature::Lava => Terrain::Lava,
            Feature::Water => Terrain::Water,
            Feature::Park => Terrain::Park,
        }
    }
}

impl From<FigureMovement> for Gait {
    fn from(movement: FigureMovement) -> Gait {
        match movement {
            FigureMovement::Single => Gait::Single,
            FigureMovement::AnyConfiguration => Gait::AnyConfiguration,
            FigureMovement::Tail => Gait::Tail,
        }
    }
}

impl From<Side> for Face {
    fn from(side: Side) -> Face {
        match side {
            Side::Megalopolis => Face::Paved,
            Side::InsulaPrimalis => Face::Wild,
        }
    }
}

impl From<Face> for Side {
    fn from(face: Face) -> Side {
        match face {
            Face::Paved => Side::Megalopolis,
            Face::Wild => Side::InsulaPrimalis,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_side_is_the_face_it_looks_like_and_back() {
        for side in [Side::Megalopolis, Side::InsulaPrimalis] {
            assert_eq!(Side::from(Face::from(side)), side);
        }
    }

    #[test]
    fn each_terrain_keeps_its_word() {
        for terrain in [Terrain::Cover, Terrain::Lava, Terrain::Water, Terrain::Park] {
            assert_eq!(Feature::from(terrain).as_str(), terrain.as_str());
            assert_eq!(Terrain::from(Feature::from(terrain)), terrain);
        }
    }
}
