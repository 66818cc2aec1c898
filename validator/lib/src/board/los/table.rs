//! Sight-line tables: the exact method, worked out once per hex offset.
//!
//! Whether hex `a` sees hex `b` depends only on the offset `b - a` and on which hexes near the
//! segment obstruct. The candidate lines of the exact method (lines through two corners, see
//! [`super`]) depend on the offset alone once every nearby corner is a candidate, so they are
//! enumerated once per offset, and each is reduced to the hexes whose obstruction would block
//! it. A pair's verdict is then "some candidate has none of its hexes obstructing": a handful
//! of word-wide ANDs instead of a geometric search.
//!
//! Two reductions keep the tables small. A candidate is dropped when another one is blocked
//! only if it is too (the other is clear whenever it is), and offsets that one of the twelve
//! symmetries of the hex grid maps onto each other share a table. Tables are built when a caller
//! is about to ask many questions of one map ([`warm`]), and kept for the life of the process:
//! they are a pure function of the offset and edge rule, so having them or not never changes an
//! answer, only its cost. Until then, and for offsets too long for a table, questions go to the
//! per-pair search.

use std::borrow::Cow;
use std::ops::ControlFlow;
use std::sync::OnceLock;

use megahex_schema::LosEdges;

use super::lines::{self, Candidate, Hull, bit};
use crate::board::hex::{Axial, distance};

/// A symmetry of the hex grid that fixes the origin, as an integer map of axial offsets.
#[derive(Debug, Clone, Copy)]
struct Symmetry {
    axial: [[i32; 2]; 2],
}

impl Symmetry {
    fn apply(&self, v: Axial) -> Axial {
        let m = self.axial;
        [
            m[0][0] * v[0] + m[0][1] * v[1],
            m[1][0] * v[0] + m[1][1] * v[1],
        ]
    }
}

/// The twelve symmetries: six rotations, each with and without the reflection `(q, r) -> (r, q)`.
fn symmetries() -> &'static [Symmetry; 12] {
    static ALL: OnceLock<[Symmetry; 12]> = OnceLock::new();
    ALL.get_or_init(|| {
        let mul = |a: [[i32; 2]; 2], b: [[i32; 2]; 2]| -> [[i32; 2]; 2] {
            std::array::from_fn(|i| std::array::from_fn(|j| a[i][0] * b[0][j] + a[i][1] * b[1][j]))
        };
        // rot_cw(q, r) = (-r, q + r) (DESIGN §2) and the swap of q and r.
        let rotation = [[0, -1], [1, 1]];
        let swap = [[0, 1], [1, 0]];
        let mut axial = [[[1, 0], [0, 1]]; 12];
        for k in 1..6 {
            axial[k] = mul(rotation, axial[k - 1]);
        }
        for k in 0..6 {
            axial[6 + k] = mul(axial[k], swap);
        }
        axial.map(|m| Symmetry { axial: m })
    })
}

/// The canonical offset for `delta` (in the sector `q >= r >= 0`) and the symmetry that maps it
/// back onto `delta`.
fn canonical(delta: Axial) -> (Axial, usize) {
    static INVERSES: OnceLock<[usize; 12]> = OnceLock::new();
    let all = symmetries();
    let inverses = INVERSES.get_or_init(|| {
        std::array::from_fn(|k| {
            (0..12)
                .find(|&j| {
                    [[1, 0], [0, 1]]
                        .iter()
                        .all(|&v| all[j].apply(all[k].apply(v)) == v)
                })
                .unwrap_or(k)
        })
    });
    // The twelve images of `delta` cover the six sectors both ways round, so one lies in the
    // canonical sector; the map back is that symmetry's inverse.
    for (k, s) in all.iter().enumerate() {
        let c = s.apply(delta);
        if c[0] >= c[1] && c[1] >= 0 {
            return (c, inverses[k]);
        }
    }
    (delta, 0)
}

/// One offset's candidate lines, reduced to the hexes that block them.
#[derive(Debug, Clone)]
pub(super) struct OffsetTable {
    /// Hexes a segment between the ends can touch, relative to the viewer, under each of the
    /// twelve symmetries (the first is the canonical frame), so a query never transforms hexes.
    /// Bit `i` of a mask stands for hex `i`.
    near_by_symmetry: Vec<Vec<Axial>>,
    /// The smallest and largest `q` and `r` of each symmetry's hexes.
    extent_by_symmetry: Vec<(Axial, Axial)>,
    /// `u64` words per mask.
    words: usize,
    /// Candidate `c` is blocked if any hex of `masks[c * words..][..words]` obstructs ...
    masks: Vec<u64>,
    /// ... or if both hexes of a pair in `pairs[pair_ranges[c]]` do (the line runs along their
    /// shared edge, which is inside their union).
    pairs: Vec<(u16, u16)>,
    pair_ranges: Vec<(u32, u32)>,
}

impl OffsetTable {
    fn candidates(&self) -> usize {
        self.pair_ranges.len()
    }

    fn is_clear(&self, candidate: usize, pattern: &[u64]) -> bool {
        let mask = &self.masks[candidate * self.words..(candidate + 1) * self.words];
        if mask.iter().zip(pattern).any(|(m, p)| m & p != 0) {
            return false;
        }
        let (start, end) = self.pair_ranges[candidate];
        self.pairs[start as usize..end as usize]
            .iter()
            .all(|&(i, j)| !(bit(pattern, i.into()) && bit(pattern, j.into())))
    }
}

/// The table for one ordered pair of hexes, seen through its symmetry.
pub(super) struct Probe {
    table: Cow<'static, OffsetTable>,
    symmetry: usize,
}

impl Probe {
    /// Offsets from the viewer of the hexes that can touch a segment, in mask bit order.
    pub(super) fn near(&self) -> &[Axial] {
        &self.table.near_by_symmetry[self.symmetry]
    }

    /// The smallest and largest offsets (per component) among [`Probe::near`].
    pub(super) fn extent(&self) -> (Axial, Axial) {
        self.table.extent_by_symmetry[self.symmetry]
    }

    /// An empty obstruction pattern, one bit per [`Probe::near`] hex.
    pub(super) fn empty_pattern(&self) -> Pattern {
        Pattern::zeros(self.table.words)
    }

    /// The first candidate line that none of the pattern's hexes block.
    pub(super) fn first_clear(&self, pattern: &Pattern) -> Option<usize> {
        let words = pattern.words();
        if words.iter().all(|&w| w == 0) && self.table.candidates() > 0 {
            return Some(0);
        }
        if let ([word], true) = (words, self.table.pairs.is_empty()) {
            // One word of masks and no pair conditions (strict edges, most offsets): a plain
            // scan the compiler can vectorise.
            return self.table.masks.iter().position(|m| m & word == 0);
        }
        (0..self.table.candidates()).find(|&c| self.table.is_clear(c, words))
    }
}

/// Which of a probe's nearby hexes obstruct, as bits.
pub(super) struct Pattern {
    inline: [u64; 8],
    heap: Vec<u64>,
    words: usize,
}

impl Pattern {
    fn zeros(words: usize) -> Pattern {
        Pattern {
            inline: [0; 8],
            heap: if words > 8 {
                vec![0; words]
            } else {
                Vec::new()
            },
            words,
        }
    }

    fn words(&self) -> &[u64] {
        if self.words > 8 {
            &self.heap
        } else {
            &self.inline[..self.words]
        }
    }

    fn words_mut(&mut self) -> &mut [u64] {
        if self.words > 8 {
            &mut self.heap
        } else {
            &mut self.inline[..self.words]
        }
    }

    /// Sets hexes `64 * w ..` at once.
    pub(super) fn set_word(&mut self, w: usize, word: u64) {
        self.words_mut()[w] = word;
    }

    /// Marks (or clears) hex `i` of the probe's nearby hexes as obstructing.
    pub(super) fn set(&mut self, i: usize, obstructs: bool) {
        let word = &mut self.words_mut()[i / 64];
        *word = (*word & !(1 << (i % 64))) | (u64::from(obstructs) << (i % 64));
    }
}

/// Offsets this many hexes long or shorter may get a table. Building one costs about the cube
/// of its length, while the per-pair search costs what the obstacles actually there cost, so
/// longer offsets (far apart pieces of a map, or maps far larger than the game's eight tiles)
/// are always searched per pair.
pub(super) const TABLE_DISTANCE: u32 = 24;

/// One canonical offset's table under each edge rule, once built.
struct Slot {
    table: [OnceLock<OffsetTable>; 2],
}

/// Where each offset within [`TABLE_DISTANCE`] finds its table: the canonical slot and the
/// symmetry that maps the canonical offset back onto it.
struct Cache {
    slots: Vec<Slot>,
    by_offset: Vec<(u32, u8)>,
}

fn cache() -> &'static Cache {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    CACHE.get_or_init(|| {
        let n = TABLE_DISTANCE as usize;
        // Canonical offsets satisfy q >= r >= 0 and q + r <= TABLE_DISTANCE.
        let slots = (0..(n + 1) * (n + 2) / 2)
            .map(|_| Slot {
                table: [OnceLock::new(), OnceLock::new()],
            })
            .collect();
        let side = 2 * n + 1;
        let reach = TABLE_DISTANCE as i32;
        let by_offset = (0..side * side)
            .map(|i| {
                let delta = [(i / side) as i32 - reach, (i % side) as i32 - reach];
                let (canon, symmetry) = canonical(delta);
                (canonical_slot(canon) as u32, symmetry as u8)
            })
            .collect();
        Cache { slots, by_offset }
    })
}

/// Index of a canonical offset (q >= r >= 0) in the cache's slots.
fn canonical_slot([q, r]: Axial) -> usize {
    let (q, r) = (q as usize, r as usize);
    // Rows by q + r = s hold the offsets (s - r, r) with r <= s / 2.
    let s = q + r;
    let before: usize = (0..s).map(|t| t / 2 + 1).sum();
    before + r
}

/// The slot index and symmetry of an offset, and the offset, when it is short enough for a
/// table.
fn slot_of(a: Axial, b: Axial) -> Option<(usize, usize, Axial)> {
    let delta = [
        i64::from(b[0]) - i64::from(a[0]),
        i64::from(b[1]) - i64::from(a[1]),
    ];
    let reach = i64::from(TABLE_DISTANCE);
    if delta[0].abs() > reach || delta[1].abs() > reach || (delta[0] + delta[1]).abs() > reach {
        return None;
    }
    let cache = cache();
    let side = 2 * reach + 1;
    let index = (delta[0] + reach) * side + (delta[1] + reach);
    let &(slot, symmetry) = cache.by_offset.get(usize::try_from(index).ok()?)?;
    let delta = [delta[0] as i32, delta[1] as i32];
    let slot = slot as usize;
    (slot < cache.slots.len()).then_some((slot, usize::from(symmetry), delta))
}

impl Probe {
    /// The table for the offset from `a` to `b` (at least two hexes apart), when [`warm`] has
    /// built it; `None` means "search this pair directly".
    pub(super) fn cached(a: Axial, b: Axial, edges: LosEdges) -> Option<Probe> {
        let (slot, symmetry, _) = slot_of(a, b)?;
        let mode = usize::from(edges == LosEdges::Strict);
        let table = cache().slots[slot].table[mode].get()?;
        Some(Probe {
            table: Cow::Borrowed(table),
            symmetry,
        })
    }
}

/// Builds now, over the machine's cores, the tables for every offset between two of `hexes`
/// short enough to have one: for callers about to ask every pair of a map.
pub(super) fn warm(hexes: &[Axial], edges: LosEdges) {
    use rayon::prelude::*;
    let mode = usize::from(edges == LosEdges::Strict);
    let slots = &cache().slots;
    let mut wanted: Vec<(usize, Axial)> = Vec::new();
    let mut seen = vec![false; slots.len()];
    for &a in hexes {
        for &b in hexes {
            if distance(a, b) < 2 {
                continue;
            }
            if let Some((index, _, delta)) = slot_of(a, b)
                && !seen[index]
                && slots[index].table[mode].get().is_none()
            {
                seen[index] = true;
                wanted.push((index, delta));
            }
        }
    }
    // Longest first, so the costliest builds start while the short ones fill the gaps.
    wanted.sort_by_key(|&(_, delta)| std::cmp::Reverse(distance([0, 0], delta)));
    wanted.par_iter().for_each(|&(index, delta)| {
        slots[index].table[mode].get_or_init(|| OffsetTable::build(canonical(delta).0, edges));
    });
}

/// Builds, without the cache, the table of every offset between two hexes of `hexes` short
/// enough for one, and returns how many candidate lines they hold: the one-off cost the cache
/// hides.
pub(super) fn build_uncached(hexes: &[Axial], edges: LosEdges) -> usize {
    let mut offsets: Vec<Axial> = hexes
        .iter()
        .flat_map(|&a| hexes.iter().map(move |&b| [b[0] - a[0], b[1] - a[1]]))
        .filter(|&d| (2..=TABLE_DISTANCE).contains(&distance([0, 0], d)))
        .map(|d| canonical(d).0)
        .collect();
    offsets.sort_unstable();
    offsets.dedup();
    offsets
        .iter()
        .map(|&c| OffsetTable::build(c, edges).candidates())
        .sum()
}

impl OffsetTable {
    fn build(delta: Axial, edges: LosEdges) -> OffsetTable {
        let (a, b) = ([0, 0], delta);
        let d = distance(a, b) as i32;
        let hull = Hull::of(a, b);
        // Anything meeting the hull of the two hexes lies within two hexes of the line of hexes
        // between them, so `d(a, h) + d(h, b) <= d + 4` keeps them all.
        let reach = d + 4;
        let mut near = Vec::new();
        for q in -reach..=reach {
            for r in (-reach).max(-q - reach)..=reach.min(-q + reach) {
                let h = [q, r];
                if h != a
                    && h != b
                    && distance(a, h) + distance(h, b) <= (d + 4) as u32
                    && hull.touches_hex(h)
                {
                    near.push(h);
                }
            }
        }
        let mut raw: Vec<Candidate> = Vec::new();
        lines::each_candidate(b, &near, edges, &mut |c| {
            raw.push(c);
            ControlFlow::Continue(())
        });
        // Fewest blocking hexes first: those are the likeliest to be clear, and any candidate
        // that dominates another comes before it.
        raw.sort_by_key(|c| (c.popcount(), c.pairs.len()));
        let mut kept: Vec<Candidate> = Vec::new();
        for c in raw {
            if !kept.iter().any(|k| dominates(k, &c)) {
                kept.push(c);
            }
        }
        // Only hexes some remaining candidate can be blocked by matter; a query reads just
        // those, renumbered in order.
        let mut relevant = vec![false; near.len()];
        for c in &kept {
            for (i, flag) in relevant.iter_mut().enumerate() {
                *flag |= bit(&c.mask, i);
            }
            for &(i, j) in &c.pairs {
                relevant[usize::from(i)] = true;
                relevant[usize::from(j)] = true;
            }
        }
        let mut renumber = vec![u16::MAX; near.len()];
        let mut kept_near = Vec::new();
        for (i, &h) in near.iter().enumerate() {
            if relevant[i] {
                renumber[i] = kept_near.len() as u16;
                kept_near.push(h);
            }
        }
        let words = kept_near.len().div_ceil(64).max(1);
        let near_by_symmetry: Vec<Vec<Axial>> = symmetries()
            .iter()
            .map(|s| kept_near.iter().map(|&h| s.apply(h)).collect())
            .collect();
        let extent = |hexes: &Vec<Axial>| {
            let (mut lo, mut hi) = ([0, 0], [0, 0]);
            for h in hexes {
                for i in 0..2 {
                    lo[i] = h[i].min(lo[i]);
                    hi[i] = h[i].max(hi[i]);
                }
            }
            (lo, hi)
        };
        let mut table = OffsetTable {
            extent_by_symmetry: near_by_symmetry.iter().map(extent).collect(),
            near_by_symmetry,
            words,
            masks: Vec::with_capacity(kept.len() * words),
            pairs: Vec::new(),
            pair_ranges: Vec::with_capacity(kept.len()),
        };
        for c in kept {
            let mut mask = vec![0u64; words];
            for (i, &to) in renumber.iter().enumerate() {
                if bit(&c.mask, i) {
                    let to = usize::from(to);
                    mask[to / 64] |= 1 << (to % 64);
                }
            }
            table.masks.extend(&mask);
            let start = table.pairs.len() as u32;
            table.pairs.extend(
                c.pairs
                    .iter()
                    .map(|&(i, j)| (renumber[usize::from(i)], renumber[usize::from(j)])),
            );
            table.pair_ranges.push((start, table.pairs.len() as u32));
        }
        table
    }
}

/// Is `mine` clear whenever `other` is? Then `other` adds nothing.
fn dominates(mine: &Candidate, other: &Candidate) -> bool {
    mine.mask
        .iter()
        .zip(&other.mask)
        .all(|(m, theirs)| m & !theirs == 0)
        && mine.pairs.iter().all(|&(i, j)| {
            bit(&other.mask, i.into())
                || bit(&other.mask, j.into())
                || other.pairs.contains(&(i, j))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_offset_has_one_canonical_form_and_maps_back() {
        for q in -9..=9 {
            for r in -9..=9 {
                let (c, s) = canonical([q, r]);
                assert!(c[0] >= c[1] && c[1] >= 0, "{c:?}");
                assert_eq!(symmetries()[s].apply(c), [q, r]);
                assert_eq!(distance([0, 0], c), distance([0, 0], [q, r]));
            }
        }
    }

    #[test]
    fn every_short_canonical_offset_has_its_own_slot() {
        let mut taken = vec![false; cache().slots.len()];
        for s in 0..=TABLE_DISTANCE as i32 {
            for r in 0..=s / 2 {
                let slot = canonical_slot([s - r, r]);
                assert!(!taken[slot], "slot {slot} twice");
                taken[slot] = true;
            }
        }
    }

    #[test]
    fn offsets_beyond_the_table_distance_have_no_slot() {
        let far = TABLE_DISTANCE as i32 + 1;
        for delta in [[far, 0], [0, -far], [far - 1, -far], [3, far - 3]] {
            assert_eq!(
                slot_of([0, 0], delta).is_some(),
                distance([0, 0], delta) <= TABLE_DISTANCE,
                "{delta:?}"
            );
        }
    }
}
