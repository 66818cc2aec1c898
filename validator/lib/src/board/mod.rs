//! The board: tiles placed on the table, turned into hexes with their terrain.
//!
//! Coordinates follow DESIGN §2: flat-top hexes in axial `[q, r]`, r growing downwards,
//! rotation clockwise by `rot_cw(q, r) = (-r, q + r)` (`hex::rot_cw`).

pub mod area;
pub mod geom;
pub mod hex;
pub mod los;
pub mod movement;
pub mod search;

use std::collections::HashMap;

use megahex_schema::HexRef;

pub use hex::{Axial, DIRECTIONS, distance, neighbours, rot_cw};

/// What lies on a hex beside its height, in the words the shared rules and pictures use: each
/// game's map says which of its own terrains is which.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Feature {
    /// Blocks line of sight whatever the heights.
    Cover,
    /// Hazardous ground where a rule says so; drawn glowing.
    Lava,
    /// Water: drawn with waves.
    Water,
    /// Grass: drawn green.
    Park,
}

impl Feature {
    /// The word reports use.
    pub fn as_str(self) -> &'static str {
        match self {
            Feature::Cover => "cover",
            Feature::Lava => "lava",
            Feature::Water => "water",
            Feature::Park => "park",
        }
    }
}

/// How a hex's open ground looks in pictures: paved (grey, a city) or wild (sand, or jungle
/// where it gives cover).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Face {
    /// Paved ground.
    Paved,
    /// Wild ground.
    Wild,
}

/// One hex of the assembled map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardHex {
    /// Global position.
    pub at: Axial,
    /// Elevation 1..4.
    pub elevation: u8,
    /// What lies on it.
    pub terrain: Vec<Feature>,
    /// Tile number.
    pub tile: u32,
    /// How its ground looks.
    pub face: Face,
    /// Reading-order index on the tile.
    pub index: u32,
    /// Position of the tile in `map.tiles`.
    pub placement: usize,
}

impl BoardHex {
    /// Jungle cover.
    pub fn is_cover(&self) -> bool {
        self.terrain.contains(&Feature::Cover)
    }

    /// Elevation for sight, with cover above any height: cover obstructs whatever the ends.
    pub(crate) fn sight_level(&self) -> u8 {
        if self.is_cover() {
            u8::MAX
        } else {
            self.elevation
        }
    }

    /// Volcano lava.
    pub fn is_lava(&self) -> bool {
        self.terrain.contains(&Feature::Lava)
    }
}

/// The assembled map.
#[derive(Debug, Clone, Default)]
pub struct Board {
    hexes: Vec<BoardHex>,
    /// Position to slot, for a map too sparse for [`Grid`]; otherwise the grid answers.
    by_position: HashMap<Axial, usize>,
    /// `(tile, index)` to slot, sorted by key; the first slot given a key keeps it.
    by_tile_index: Vec<((u32, u32), usize)>,
    /// Dense lookup over the bounding box, because geometry asks "which hex is here" millions
    /// of times and hashing dominated that cost.
    grid: Grid,
    /// Per hex slot, how it obstructs sight: its elevation, or `u8::MAX` for cover (which
    /// obstructs at any height).
    sight_levels: Vec<u8>,
    /// The same levels laid out for line of sight's innermost loop.
    sight_grid: SightGrid,
}

/// Position to hex slot over the map's bounding box.
#[derive(Debug, Clone, Default)]
struct Grid {
    min: Axial,
    width: i64,
    height: i64,
    slots: Vec<u32>,
}

/// Sight levels over the map's bounding box grown by [`SightGrid::PAD`] hexes on every side.
/// Any hex that can touch a segment between two hexes of the box lies inside the grown box
/// (within two hexes of it), so line of sight reads the hexes it needs by offset arithmetic.
#[derive(Debug, Clone, Default)]
pub(crate) struct SightGrid {
    min: Axial,
    width: i64,
    height: i64,
    /// Row-major by `r`, then `q`; 0 where there is no hex (nothing obstructs there).
    levels: Vec<u8>,
}

impl SightGrid {
    const PAD: i64 = 3;

    fn build(hexes: &[BoardHex], levels_by_slot: &[u8], grid: &Grid) -> SightGrid {
        if grid.slots.is_empty() {
            return SightGrid::default();
        }
        let width = grid.width + 2 * SightGrid::PAD;
        let height = grid.height + 2 * SightGrid::PAD;
        let mut sight = SightGrid {
            min: [
                grid.min[0].saturating_sub(SightGrid::PAD as i32),
                grid.min[1].saturating_sub(SightGrid::PAD as i32),
            ],
            width,
            height,
            levels: vec![0; (width * height) as usize],
        };
        for (h, &level) in hexes.iter().zip(levels_by_slot) {
            if let Some(i) = sight.index(h.at) {
                sight.levels[i as usize] = level;
            }
        }
        sight
    }

    /// Linear index of a position inside the grown box.
    pub(crate) fn index(&self, at: Axial) -> Option<i64> {
        let q = i64::from(at[0]) - i64::from(self.min[0]);
        let r = i64::from(at[1]) - i64::from(self.min[1]);
        (q >= 0 && r >= 0 && q < self.width && r < self.height).then_some(r * self.width + q)
    }

    /// Index step for one step of `r`.
    pub(crate) fn stride(&self) -> i64 {
        self.width
    }

    /// True if every position from `at + lo` to `at + hi` (component-wise) is inside, so
    /// offsets within that box can be added to `at`'s index without leaving the row.
    pub(crate) fn holds(&self, at: Axial, lo: Axial, hi: Axial) -> bool {
        let corner = |d: Axial| [at[0].saturating_add(d[0]), at[1].saturating_add(d[1])];
        self.index(corner(lo)).is_some() && self.index(corner(hi)).is_some()
    }

    /// The level at a linear index (0 outside).
    pub(crate) fn level(&self, index: i64) -> u8 {
        usize::try_from(index)
            .ok()
            .and_then(|i| self.levels.get(i).copied())
            .unwrap_or(0)
    }
}

impl Grid {
    const EMPTY: u32 = u32::MAX;
    /// The largest box laid out as a grid.
    const MAX_CELLS: i64 = 4_000_000;

    /// An empty grid over the box of `positions`, or none for a box too sparse to lay out.
    fn covering(positions: impl Iterator<Item = Axial>) -> Grid {
        let mut bounds: Option<(Axial, Axial)> = None;
        for at in positions {
            let (min, max) = bounds.get_or_insert((at, at));
            for i in 0..2 {
                min[i] = min[i].min(at[i]);
                max[i] = max[i].max(at[i]);
            }
        }
        let Some((min, max)) = bounds else {
            return Grid::default();
        };
        let width = i64::from(max[0]) - i64::from(min[0]) + 1;
        let height = i64::from(max[1]) - i64::from(min[1]) + 1;
        if width.saturating_mul(height) > Grid::MAX_CELLS {
            return Grid::default();
        }
        Grid {
            min,
            width,
            height,
            slots: vec![Grid::EMPTY; (width * height) as usize],
        }
    }

    fn build(hexes: &[BoardHex]) -> Grid {
        let Some(first) = hexes.first() else {
            return Grid::default();
        };
        let (mut min, mut max) = (first.at, first.at);
        for h in hexes {
            for i in 0..2 {
                min[i] = min[i].min(h.at[i]);
                max[i] = max[i].max(h.at[i]);
            }
        }
        let width = i64::from(max[0]) - i64::from(min[0]) + 1;
        let height = i64::from(max[1]) - i64::from(min[1]) + 1;
        // Coordinates are bounded by the schema; a map too sparse for a grid keeps the hash map.
        if width.saturating_mul(height) > Grid::MAX_CELLS {
            return Grid::default();
        }
        let mut grid = Grid {
            min,
            width,
            height,
            slots: vec![Grid::EMPTY; (width * height) as usize],
        };
        for (slot, h) in hexes.iter().enumerate() {
            if let Some(i) = grid.offset(h.at) {
                grid.slots[i] = slot as u32;
            }
        }
        grid
    }

    fn offset(&self, at: Axial) -> Option<usize> {
        let q = i64::from(at[0]) - i64::from(self.min[0]);
        let r = i64::from(at[1]) - i64::from(self.min[1]);
        if q < 0 || r < 0 || q >= self.width || r >= self.height {
            return None;
        }
        Some((r * self.width + q) as usize)
    }

    /// `Some(slot)` or `Some(None)` when the grid answers, `None` when it does not cover the map.
    fn lookup(&self, at: Axial) -> Option<Option<usize>> {
        if self.slots.is_empty() {
            return None;
        }
        Some(self.offset(at).and_then(|i| {
            let slot = self.slots[i];
            (slot != Grid::EMPTY).then_some(slot as usize)
        }))
    }
}

/// Why a hex reference does not name a hex on this board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResolveError {
    /// The axial position is not on any tile.
    OffMap(Axial),
    /// No placed tile has this number.
    TileNotPlaced(u32),
    /// The tile is placed but has no hex with this index.
    NoSuchIndex {
        /// Tile number.
        tile: u32,
        /// Requested index.
        index: u32,
    },
}

impl std::fmt::Display for ResolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ResolveError::OffMap([q, r]) => write!(f, "hex [{q}, {r}] is not on the map"),
            ResolveError::TileNotPlaced(tile) => write!(f, "tile {tile} is not on the map"),
            ResolveError::NoSuchIndex { tile, index } => {
                write!(
                    f,
                    "tile {tile} has no hex {index} (hexes are numbered 1..19)"
                )
            }
        }
    }
}

/// A board put together one hex at a time, as a game's map gives them. A position is taken by
/// the first hex given it; the game decides what a later one means.
#[derive(Debug)]
pub struct BoardBuilder {
    board: Board,
}

impl BoardBuilder {
    /// Room for `more` hexes.
    pub fn reserve(&mut self, more: usize) {
        self.board.hexes.reserve(more);
        self.board.by_tile_index.reserve(more);
    }

    /// The slot of the hex already at `at`.
    pub fn slot(&self, at: Axial) -> Option<usize> {
        self.board.slot(at)
    }

    /// The hex in a slot.
    pub fn hex(&self, slot: usize) -> Option<&BoardHex> {
        self.board.hexes.get(slot)
    }

    /// How many hexes are placed.
    pub fn len(&self) -> usize {
        self.board.hexes.len()
    }

    /// True before the first hex.
    pub fn is_empty(&self) -> bool {
        self.board.hexes.is_empty()
    }

    /// Adds a hex at a free position, filed under its `tile/index` reference when `named`.
    /// When the position is taken, adds nothing and gives the slot that holds it.
    pub fn add(&mut self, hex: BoardHex, named: bool) -> Result<usize, usize> {
        if let Some(existing) = self.board.slot(hex.at) {
            return Err(existing);
        }
        let slot = self.board.hexes.len();
        self.board.put(hex.at, slot);
        if named {
            self.board.by_tile_index.push(((hex.tile, hex.index), slot));
        }
        self.board.hexes.push(hex);
        Ok(slot)
    }

    /// The board, with its lookups and sight levels laid out.
    pub fn finish(mut self) -> Board {
        // A stable sort: the first slot filed under a reference keeps it.
        self.board.by_tile_index.sort_by_key(|&(key, _)| key);
        self.board.finish();
        self.board
    }
}

impl Board {
    /// Starts a board whose fast lookup covers `positions`: every position the hexes to come
    /// may take (a position outside is still found, more slowly).
    pub fn builder(positions: impl Iterator<Item = Axial>) -> BoardBuilder {
        BoardBuilder {
            board: Board {
                grid: Grid::covering(positions),
                ..Board::default()
            },
        }
    }

    /// Records the slot of the hex at `at`, in the grid when it covers the map.
    fn put(&mut self, at: Axial, slot: usize) {
        match self.grid.offset(at).filter(|_| !self.grid.slots.is_empty()) {
            Some(i) => self.grid.slots[i] = slot as u32,
            None => {
                self.by_position.insert(at, slot);
            }
        }
    }

    /// The sight levels, once every hex is placed.
    fn finish(&mut self) {
        self.sight_levels = self.hexes.iter().map(BoardHex::sight_level).collect();
        self.sight_grid = SightGrid::build(&self.hexes, &self.sight_levels, &self.grid);
    }

    /// A board of hexes given one by one rather than placed tiles: a free hex map, which a
    /// ruleset lays out for pictures and text maps. A later hex at a position already given
    /// replaces the earlier one. Such hexes have no tile (`tile` 0), and `index` counts them
    /// from 1 in the order given.
    pub fn from_hexes(hexes: impl IntoIterator<Item = BoardHex>) -> Board {
        let mut board = Board::default();
        for hex in hexes {
            match board.by_position.get(&hex.at) {
                Some(&slot) => board.hexes[slot] = hex,
                None => {
                    board.by_position.insert(hex.at, board.hexes.len());
                    board.hexes.push(hex);
                }
            }
        }
        for (i, hex) in board.hexes.iter_mut().enumerate() {
            hex.tile = 0;
            hex.index = i as u32 + 1;
        }
        board.grid = Grid::build(&board.hexes);
        board.sight_levels = board.hexes.iter().map(BoardHex::sight_level).collect();
        board.sight_grid = SightGrid::build(&board.hexes, &board.sight_levels, &board.grid);
        board
    }

    /// A copy with one hex's elevation changed: for "what if" questions and property tests.
    pub fn with_elevation(&self, at: Axial, elevation: u8) -> Board {
        let mut board = self.clone();
        if let Some(slot) = board.slot(at) {
            board.hexes[slot].elevation = elevation;
            board.sight_levels[slot] = board.hexes[slot].sight_level();
            board.sight_grid = SightGrid::build(&board.hexes, &board.sight_levels, &board.grid);
        }
        board
    }

    /// All hexes, in placement order then reading order.
    pub fn hexes(&self) -> &[BoardHex] {
        &self.hexes
    }

    /// The hex at a position.
    pub fn get(&self, at: Axial) -> Option<&BoardHex> {
        self.slot(at).map(|i| &self.hexes[i])
    }

    /// Index of the hex at a position in [`Board::hexes`].
    pub fn slot(&self, at: Axial) -> Option<usize> {
        match self.grid.lookup(at) {
            Some(found) => found,
            None => self.by_position.get(&at).copied(),
        }
    }

    /// How the hex at a position obstructs sight: it does when this is above the pair's
    /// elevation threshold (see [`los`]). Off the map nothing obstructs.
    pub(crate) fn sight_level(&self, at: Axial) -> u8 {
        self.slot(at)
            .and_then(|i| self.sight_levels.get(i).copied())
            .unwrap_or(0)
    }

    /// The sight levels laid out for fast reading.
    pub(crate) fn sight_grid(&self) -> &SightGrid {
        &self.sight_grid
    }

    /// True if the position is on the map.
    pub fn contains(&self, at: Axial) -> bool {
        self.slot(at).is_some()
    }

    /// Resolves any form of hex reference to a position on this board.
    pub fn resolve(&self, reference: &HexRef) -> Result<Axial, ResolveError> {
        match reference.tile_hex() {
            None => {
                let HexRef::Axial(at) = *reference else {
                    return Err(ResolveError::TileNotPlaced(0));
                };
                if self.contains(at) {
                    Ok(at)
                } else {
                    Err(ResolveError::OffMap(at))
                }
            }
            Some(th) => {
                let key = (th.tile, th.hex);
                let first = self.by_tile_index.partition_point(|&(k, _)| k < key);
                if let Some(&(k, slot)) = self.by_tile_index.get(first)
                    && k == key
                {
                    return Ok(self.hexes[slot].at);
                }
                if self.hexes.iter().any(|h| h.tile == th.tile) {
                    Err(ResolveError::NoSuchIndex {
                        tile: th.tile,
                        index: th.hex,
                    })
                } else {
                    Err(ResolveError::TileNotPlaced(th.tile))
                }
            }
        }
    }

    /// Groups of hexes that touch each other, largest first; one group means a connected map.
    pub fn connected_components(&self) -> Vec<Vec<Axial>> {
        let at: Vec<Axial> = self.hexes.iter().map(|h| h.at).collect();
        components(&at, |slot| {
            neighbours(at[slot])
                .into_iter()
                .filter_map(|n| self.slot(n))
        })
    }
}

/// Groups of the map's hexes (`at`, by slot) that touch, largest first and each sorted, for
/// any map: `adjacent(slot)` gives the slots next to a slot.
pub fn components<Adjacent: IntoIterator<Item = usize>>(
    at: &[Axial],
    adjacent: impl Fn(usize) -> Adjacent,
) -> Vec<Vec<Axial>> {
    let mut seen = vec![false; at.len()];
    let mut components = Vec::new();
    for start in 0..at.len() {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut stack = vec![start];
        let mut component = Vec::new();
        while let Some(slot) = stack.pop() {
            component.push(at[slot]);
            for next in adjacent(slot) {
                if !seen[next] {
                    seen[next] = true;
                    stack.push(next);
                }
            }
        }
        component.sort_unstable();
        components.push(component);
    }
    components.sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
    components
}

#[cfg(test)]
/// For tests: a one-tile board (tile 1 at the origin) with elevation 1 everywhere except `raised`, and
/// cover on `cover`. Local tile coordinates equal global ones.
pub(crate) fn test_tile(raised: &[(Axial, u8)], cover: &[Axial]) -> Board {
    test_tiles(&[[0, 0]], raised, cover)
}

#[cfg(test)]
/// For tests: the same one-tile layout placed at each of `centres` (local coordinates as in
/// [`test_tile`]), as far apart as a test needs.
pub(crate) fn test_tiles(centres: &[Axial], raised: &[(Axial, u8)], cover: &[Axial]) -> Board {
    let mut hexes = Vec::new();
    let mut index = 0;
    for q in -2i32..=2 {
        for r in -2i32..=2 {
            if (q.abs() + r.abs() + (q + r).abs()) / 2 > 2 {
                continue;
            }
            index += 1;
            let elevation = raised
                .iter()
                .find(|(at, _)| *at == [q, r])
                .map_or(1, |(_, e)| *e);
            let terrain = if cover.contains(&[q, r]) {
                vec![megahex_schema::rulesets::sentinel_tactics::Terrain::Cover]
            } else {
                vec![]
            };
            hexes.push(megahex_schema::rulesets::sentinel_tactics::CatalogHex {
                index,
                q,
                r,
                elevation,
                terrain,
                surface: None,
                note: None,
            });
        }
    }
    let catalog = megahex_schema::Catalog {
        format: 1,
        tiles: vec![megahex_schema::rulesets::sentinel_tactics::TileSide {
            id: "T1".into(),
            tile: 1,
            side: megahex_schema::rulesets::sentinel_tactics::Side::Megalopolis,
            hexes,
        }],
        figures: vec![],
    };
    let placements: Vec<_> = centres
        .iter()
        .map(
            |&at| megahex_schema::rulesets::sentinel_tactics::TilePlacement {
                tile: 1,
                side: megahex_schema::rulesets::sentinel_tactics::Side::Megalopolis,
                at,
                rotation: 0,
            },
        )
        .collect();
    crate::rulesets::sentinel_tactics::map::build(&placements, &catalog).0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::sentinel_tactics::map::{PlacementProblem, build};
    use megahex_schema::Catalog;
    use megahex_schema::rulesets::sentinel_tactics::{Side, TilePlacement};

    fn place(tile: u32, side: Side, at: Axial, rotation: u8) -> TilePlacement {
        TilePlacement {
            tile,
            side,
            at,
            rotation,
        }
    }

    /// A map whose box is too big for the grid keeps its hexes in the hash map, and answers
    /// every question as a compact one does.
    #[test]
    fn a_sparse_map_answers_as_a_compact_one() {
        let catalog = Catalog::builtin();
        let near = [
            place(1, Side::Megalopolis, [0, 0], 0),
            place(2, Side::Megalopolis, [2, 0], 1),
        ];
        let far = place(3, Side::Megalopolis, [3000, 3000], 0);
        let (compact, compact_problems) = build(&near, &catalog);
        let (sparse, sparse_problems) = build(&[near[0], near[1], far], &catalog);
        assert!(!compact.grid.slots.is_empty());
        assert!(sparse.grid.slots.is_empty());
        assert_eq!(compact_problems, sparse_problems);
        assert!(matches!(
            compact_problems.as_slice(),
            [PlacementProblem::Overlap {
                placement: 1,
                with: 0,
                ..
            }]
        ));
        for hex in compact.hexes() {
            assert_eq!(sparse.slot(hex.at), compact.slot(hex.at));
            let reference = HexRef::Tile(megahex_schema::TileHex {
                tile: hex.tile,
                hex: hex.index,
            });
            assert_eq!(sparse.resolve(&reference), compact.resolve(&reference));
        }
        assert_eq!(sparse.hexes().len(), compact.hexes().len() + 19);
        assert_eq!(sparse.connected_components().len(), 2);
        assert_eq!(
            sparse.connected_components()[0],
            compact.connected_components()[0]
        );
    }

    #[test]
    fn a_tile_covers_its_nineteen_hexes_around_its_centre() {
        let catalog = Catalog::builtin();
        let (board, problems) = build(&[place(1, Side::Megalopolis, [5, -2], 0)], &catalog);
        assert!(problems.is_empty());
        assert_eq!(board.hexes().len(), 19);
        for h in board.hexes() {
            assert!(distance(h.at, [5, -2]) <= 2);
        }
        assert_eq!(
            board.resolve(&HexRef::Tile("1/10".parse().unwrap())),
            Ok([5, -2])
        );
    }

    #[test]
    fn rotation_turns_the_tile_clockwise() {
        let catalog = Catalog::builtin();
        // Index 1 is the top hex, local (0, -2). One clockwise turn puts it at the upper right,
        // (2, -2); three turns put it at the bottom, (0, 2). Worked by hand from rot_cw.
        for (rotation, expected) in [
            (0, [0, -2]),
            (1, [2, -2]),
            (2, [2, 0]),
            (3, [0, 2]),
            (4, [-2, 2]),
            (5, [-2, 0]),
        ] {
            let (board, _) = build(
                &[place(3, Side::InsulaPrimalis, [0, 0], rotation)],
                &catalog,
            );
            assert_eq!(
                board.resolve(&HexRef::Tile("3/1".parse().unwrap())),
                Ok(expected),
                "rotation {rotation}"
            );
        }
    }

    #[test]
    fn overlaps_and_unknown_tiles_are_reported() {
        let catalog = Catalog::builtin();
        let (board, problems) = build(
            &[
                place(1, Side::Megalopolis, [0, 0], 0),
                place(2, Side::Megalopolis, [3, 0], 0),
                place(9, Side::Megalopolis, [9, 9], 0),
            ],
            &catalog,
        );
        // Centres 3 apart along q: the radius-2 discs share the hexes at distance <= 2 of both.
        let shared: Vec<Axial> = {
            let mut v = Vec::new();
            for q in -2..=5 {
                for r in -4..=4 {
                    if distance([q, r], [0, 0]) <= 2 && distance([q, r], [3, 0]) <= 2 {
                        v.push([q, r]);
                    }
                }
            }
            v
        };
        assert_eq!(
            problems,
            vec![
                PlacementProblem::Overlap {
                    placement: 1,
                    with: 0,
                    hexes: shared.clone()
                },
                PlacementProblem::UnknownTile { placement: 2 },
            ]
        );
        assert_eq!(board.hexes().len(), 38 - shared.len());
    }

    #[test]
    fn components_split_a_map_with_a_gap() {
        let catalog = Catalog::builtin();
        let touching = [
            place(1, Side::Megalopolis, [0, 0], 0),
            place(2, Side::Megalopolis, [5, -2], 0),
        ];
        let (board, _) = build(&touching, &catalog);
        assert_eq!(board.connected_components().len(), 1);
        let apart = [
            place(1, Side::Megalopolis, [0, 0], 0),
            place(2, Side::Megalopolis, [6, -2], 0),
        ];
        let (board, _) = build(&apart, &catalog);
        assert_eq!(
            board
                .connected_components()
                .iter()
                .map(Vec::len)
                .collect::<Vec<_>>(),
            vec![19, 19]
        );
    }
}
