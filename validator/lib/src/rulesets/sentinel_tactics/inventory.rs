//! The tile-inventory solver: when a map uses a physical tile twice, or a tile the designer does
//! not own, which unused tile side and rotation to put in its place. Candidates are ranked by
//! how little the map changes ([`score`]) and kept only when the scenario is legal with them.

mod score;

#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

use megahex_schema::Catalog;
use megahex_schema::rulesets::sentinel_tactics::{Scenario, Side, TilePlacement};

pub use score::{Score, score};

/// The tiles a designer has to build the map from: how many copies of each tile number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Owned {
    copies: BTreeMap<u32, u32>,
}

impl Owned {
    /// One of each tile the catalog knows (a tile's two sides are one tile): the box.
    pub fn whole_box(catalog: &Catalog) -> Owned {
        let mut numbers: Vec<u32> = catalog.tiles.iter().map(|s| s.tile).collect();
        numbers.sort_unstable();
        numbers.dedup();
        Owned::from_list(numbers)
    }

    /// The physical tiles listed, a number given twice counting as two copies.
    pub fn from_list(tiles: impl IntoIterator<Item = u32>) -> Owned {
        let mut copies = BTreeMap::new();
        for tile in tiles {
            *copies.entry(tile).or_insert(0) += 1;
        }
        Owned { copies }
    }

    /// Copies of a tile number owned.
    pub fn copies(&self, tile: u32) -> u32 {
        self.copies.get(&tile).copied().unwrap_or(0)
    }
}

/// One placement that has to change, with the replacements that keep the scenario legal, best
/// first.
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    /// Its index in `map.tiles`.
    pub index: usize,
    /// The placement as written.
    pub current: TilePlacement,
    /// Why it must change, in a sentence.
    pub why: String,
    /// Legal replacements, the least change first.
    pub proposals: Vec<Proposal>,
}

/// A replacement placement and how much it changes the map.
#[derive(Debug, Clone, PartialEq)]
pub struct Proposal {
    /// The placement to write instead: same centre, another tile, side or rotation.
    pub placement: TilePlacement,
    /// How much it changes.
    pub score: Score,
}

/// The placements that cannot stay: beyond the copies owned of their tile (the later uses, so
/// the first placement of a tile keeps it), each with why.
pub fn must_change(scenario: &Scenario, owned: &Owned) -> Vec<(usize, String)> {
    let mut used: BTreeMap<u32, (u32, usize)> = BTreeMap::new();
    let mut out = Vec::new();
    for (i, placement) in scenario.map.tiles.iter().enumerate() {
        let copies = owned.copies(placement.tile);
        let entry = used.entry(placement.tile).or_insert((0, i));
        entry.0 += 1;
        if copies == 0 {
            out.push((
                i,
                format!("tile {} is not among the tiles owned", placement.tile),
            ));
        } else if entry.0 > copies {
            out.push((
                i,
                format!(
                    "tile {} is already on the map (map.tiles[{}]) and {} owned",
                    placement.tile,
                    entry.1,
                    if copies == 1 {
                        "one copy is".to_owned()
                    } else {
                        format!("{copies} copies are")
                    }
                ),
            ));
        }
    }
    out
}

/// Every placement of a tile side the catalog has, at the centre of placement `index`, in each
/// of the six rotations, for the tile numbers in `tiles`.
pub fn candidates(
    scenario: &Scenario,
    catalog: &Catalog,
    index: usize,
    tiles: &[u32],
) -> Vec<TilePlacement> {
    let Some(current) = scenario.map.tiles.get(index) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for &tile in tiles {
        for side in [Side::Megalopolis, Side::InsulaPrimalis] {
            if catalog.side(tile, side).is_none() {
                continue;
            }
            for rotation in 0..6 {
                let placement = TilePlacement {
                    tile,
                    side,
                    at: current.at,
                    rotation,
                };
                if placement != *current {
                    out.push(placement);
                }
            }
        }
    }
    out
}

/// The scenario with placement `index` replaced.
pub fn with_placement(scenario: &Scenario, index: usize, placement: TilePlacement) -> Scenario {
    let mut changed = scenario.clone();
    if let Some(slot) = changed.map.tiles.get_mut(index) {
        *slot = placement;
    }
    changed
}

/// For each placement that must change, in map order, the legal replacements best first (at
/// most `keep`). Tiles are handed out in that order: a tile proposed for one placement is not
/// offered to the next. `legal` says whether a scenario with a replacement is acceptable; it is
/// asked in score order until `keep` replacements pass.
pub fn propose(
    scenario: &Scenario,
    catalog: &Catalog,
    owned: &Owned,
    keep: usize,
    legal: &dyn Fn(&Scenario) -> bool,
) -> Vec<Change> {
    let changes = must_change(scenario, owned);
    let changing: Vec<usize> = changes.iter().map(|(i, _)| *i).collect();
    // The tiles the kept placements use, and so the copies left for the ones that change.
    let mut left: BTreeMap<u32, u32> = owned.copies.clone();
    for (i, placement) in scenario.map.tiles.iter().enumerate() {
        if !changing.contains(&i)
            && let Some(n) = left.get_mut(&placement.tile)
        {
            *n = n.saturating_sub(1);
        }
    }
    let context = score::Context::new(scenario, catalog);
    let mut fixed = scenario.clone();
    let mut out = Vec::new();
    for (index, why) in changes {
        let free: Vec<u32> = left
            .iter()
            .filter(|(_, n)| **n > 0)
            .map(|(t, _)| *t)
            .collect();
        let mut ranked: Vec<Proposal> = candidates(&fixed, catalog, index, &free)
            .into_iter()
            .map(|placement| Proposal {
                placement,
                score: score::score_in(&context, &fixed, catalog, index, placement),
            })
            .collect();
        ranked.sort_by(|a, b| {
            a.score
                .total
                .total_cmp(&b.score.total)
                .then(a.placement.tile.cmp(&b.placement.tile))
                .then(a.placement.side.cmp(&b.placement.side))
                .then(a.placement.rotation.cmp(&b.placement.rotation))
        });
        let proposals: Vec<Proposal> = ranked
            .into_iter()
            .filter(|p| legal(&with_placement(&fixed, index, p.placement)))
            .take(keep)
            .collect();
        let current = scenario.map.tiles[index];
        if let Some(best) = proposals.first() {
            fixed = with_placement(&fixed, index, best.placement);
            if let Some(n) = left.get_mut(&best.placement.tile) {
                *n = n.saturating_sub(1);
            }
        }
        out.push(Change {
            index,
            current,
            why,
            proposals,
        });
    }
    out
}
/// The tile at `index` as a designer tells it from its twin: "the second tile 3" when the
/// number is on the map more than once, else "tile 3".
pub fn which_tile(tiles: &[TilePlacement], index: usize) -> String {
    let Some(tile) = tiles.get(index) else {
        return "a tile no longer on the map".to_owned();
    };
    let twins = tiles.iter().filter(|t| t.tile == tile.tile).count();
    if twins < 2 {
        return format!("tile {}", tile.tile);
    }
    let nth = tiles[..index]
        .iter()
        .filter(|t| t.tile == tile.tile)
        .count();
    let ordinal = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
    ]
    .get(nth)
    .map_or_else(|| format!("{}th", nth + 1), |o| (*o).to_owned());
    format!("the {ordinal} tile {}", tile.tile)
}
