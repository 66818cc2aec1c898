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
//! symmetries of the hex grid maps onto each other share a table. Tables are built on first use
//! and kept for the life of the process: they are a pure function of the offset and edge rule.

use std::borrow::Cow;
use std::sync::OnceLock;

use megahex_schema::LosEdges;

use crate::board::geom::{self, Lattice, Line, Ratio, Region};
use crate::board::hex::{Axial, distance};

/// Offsets with both axial components within this are cached; longer ones (maps far larger than
/// the game's eight tiles) are worked out per query.
const CACHED_REACH: i32 = 64;

/// Neighbour across edge `i` (between corners `i` and `i + 1`).
pub(super) const EDGE_NEIGHBOUR: [Axial; 6] = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];

/// A symmetry of the hex grid that fixes the origin: an integer map of axial offsets and the
/// same map acting on pixel vectors.
#[derive(Debug, Clone, Copy)]
struct Symmetry {
    axial: [[i32; 2]; 2],
    pixel: [[f64; 2]; 2],
}

impl Symmetry {
    fn apply(&self, v: Axial) -> Axial {
        let m = self.axial;
        [
            m[0][0] * v[0] + m[0][1] * v[1],
            m[1][0] * v[0] + m[1][1] * v[1],
        ]
    }

    fn apply_pixel(&self, p: [f64; 2]) -> [f64; 2] {
        let m = self.pixel;
        [
            m[0][0] * p[0] + m[0][1] * p[1],
            m[1][0] * p[0] + m[1][1] * p[1],
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
        // Pixel centre of (q, r) is C (q, r) with C = [[1.5, 0], [sqrt3/2, sqrt3]], so the map
        // on pixel vectors is C M C^-1.
        let s3 = 3f64.sqrt();
        let c = [[1.5, 0.0], [s3 / 2.0, s3]];
        let det = 1.5 * s3;
        let c_inv = [[s3 / det, 0.0], [-s3 / 2.0 / det, 1.5 / det]];
        axial.map(|m| {
            let mf = m.map(|row| row.map(f64::from));
            let cm: [[f64; 2]; 2] = std::array::from_fn(|i| {
                std::array::from_fn(|j| c[i][0] * mf[0][j] + c[i][1] * mf[1][j])
            });
            let pixel = std::array::from_fn(|i| {
                std::array::from_fn(|j| cm[i][0] * c_inv[0][j] + cm[i][1] * c_inv[1][j])
            });
            Symmetry { axial: m, pixel }
        })
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
    /// A clear segment for each candidate, in canonical pixel units relative to the viewer's
    /// centre.
    witnesses: Vec<[[f64; 2]; 2]>,
}

impl OffsetTable {
    fn candidates(&self) -> usize {
        self.witnesses.len()
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

fn bit(words: &[u64], i: usize) -> bool {
    words[i / 64] >> (i % 64) & 1 == 1
}

/// The table for one ordered pair of hexes, seen through its symmetry.
pub(super) struct Probe {
    table: Cow<'static, OffsetTable>,
    symmetry: usize,
}

impl Probe {
    /// The table for the offset from `a` to `b` (at least two hexes apart).
    pub(super) fn between(a: Axial, b: Axial, edges: LosEdges) -> Probe {
        let (table, symmetry) = table([b[0] - a[0], b[1] - a[1]], edges);
        Probe { table, symmetry }
    }

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
        (0..self.table.candidates()).find(|&c| self.table.is_clear(c, words))
    }

    /// The clear segment of a candidate, in pixel units, for a viewer at `a`.
    pub(super) fn witness(&self, candidate: usize, a: Axial) -> [[f64; 2]; 2] {
        let sym = &symmetries()[self.symmetry];
        let origin = geom::pixel_centre(a);
        self.table.witnesses[candidate].map(|p| {
            let v = sym.apply_pixel(p);
            [origin[0] + v[0], origin[1] + v[1]]
        })
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

    /// Indices of the marked hexes.
    pub(super) fn ones(&self) -> impl Iterator<Item = usize> + '_ {
        self.words().iter().enumerate().flat_map(|(w, &word)| {
            (0..64)
                .filter(move |b| word >> b & 1 == 1)
                .map(move |b| w * 64 + b)
        })
    }
}

/// Is the offset from `a` to `b` within the tables' reach? Beyond it, building a table costs
/// about the cube of the distance, so those pairs are searched directly instead.
pub(super) fn is_tabled(a: Axial, b: Axial) -> bool {
    (i64::from(b[0]) - i64::from(a[0])).abs() <= i64::from(CACHED_REACH)
        && (i64::from(b[1]) - i64::from(a[1])).abs() <= i64::from(CACHED_REACH)
}

/// The table and symmetry for an offset: cached per offset within [`CACHED_REACH`] (so a query
/// is one lookup), built afresh beyond it.
fn table(delta: Axial, edges: LosEdges) -> (Cow<'static, OffsetTable>, usize) {
    type BySymmetry = (&'static OffsetTable, usize);
    static BY_OFFSET: [OnceLock<Vec<OnceLock<BySymmetry>>>; 2] = [OnceLock::new(), OnceLock::new()];
    let mode = usize::from(edges == LosEdges::Strict);
    let [dq, dr] = delta;
    if dq.abs() > CACHED_REACH || dr.abs() > CACHED_REACH {
        let (canon, symmetry) = canonical(delta);
        return (Cow::Owned(OffsetTable::build(canon, edges)), symmetry);
    }
    let side = (2 * CACHED_REACH + 1) as usize;
    let slots = BY_OFFSET[mode].get_or_init(|| (0..side * side).map(|_| OnceLock::new()).collect());
    let slot = &slots[(dq + CACHED_REACH) as usize * side + (dr + CACHED_REACH) as usize];
    let &(table, symmetry) = slot.get_or_init(|| {
        let (canon, symmetry) = canonical(delta);
        (canonical_table(canon, mode, edges), symmetry)
    });
    (Cow::Borrowed(table), symmetry)
}

/// The shared table of a canonical offset with both coordinates within [`CACHED_REACH`] of the
/// origin before canonicalising, so `q <= 2 * CACHED_REACH`.
fn canonical_table(canon: Axial, mode: usize, edges: LosEdges) -> &'static OffsetTable {
    static BY_CANONICAL: [OnceLock<Vec<OnceLock<OffsetTable>>>; 2] =
        [OnceLock::new(), OnceLock::new()];
    let longest = (2 * CACHED_REACH + 1) as usize;
    let slots = BY_CANONICAL[mode].get_or_init(|| {
        (0..longest * (longest + 1) / 2)
            .map(|_| OnceLock::new())
            .collect()
    });
    let [q, r] = canon.map(|x| x as usize);
    slots[q * (q + 1) / 2 + r].get_or_init(|| OffsetTable::build(canon, edges))
}

/// Builds, without the cache, the table of every offset between two hexes of `hexes`, and
/// returns how many candidate lines they hold: the one-off cost the cache hides.
pub(super) fn build_uncached(hexes: &[Axial], edges: LosEdges) -> usize {
    let mut offsets: Vec<Axial> = hexes
        .iter()
        .flat_map(|&a| hexes.iter().map(move |&b| [b[0] - a[0], b[1] - a[1]]))
        .filter(|&d| distance([0, 0], d) >= 2)
        .map(|d| canonical(d).0)
        .collect();
    offsets.sort_unstable();
    offsets.dedup();
    offsets
        .iter()
        .map(|&c| OffsetTable::build(c, edges).candidates())
        .sum()
}

/// A candidate before reduction.
struct Raw {
    mask: Vec<u64>,
    pairs: Vec<(u16, u16)>,
    witness: [[f64; 2]; 2],
}

impl Raw {
    fn popcount(&self) -> u32 {
        self.mask.iter().map(|w| w.count_ones()).sum()
    }

    /// Is `self` clear whenever `other` is? Then `other` adds nothing.
    fn dominates(&self, other: &Raw) -> bool {
        self.mask
            .iter()
            .zip(&other.mask)
            .all(|(mine, theirs)| mine & !theirs == 0)
            && self.pairs.iter().all(|&(i, j)| {
                bit(&other.mask, i.into())
                    || bit(&other.mask, j.into())
                    || other.pairs.contains(&(i, j))
            })
    }
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
        let words = near.len().div_ceil(64).max(1);
        let mut corners: Vec<Lattice> = [a, b]
            .iter()
            .chain(&near)
            .flat_map(|&h| (0..6).map(move |k| geom::corner(h, k)))
            .collect();
        corners.sort_unstable();
        corners.dedup();
        let mut raw = match edges {
            LosEdges::Permissive => permissive_candidates(a, b, &near, &corners, words),
            LosEdges::Strict => strict_candidates(a, b, &near, &corners, words),
        };
        // Fewest blocking hexes first: those are the likeliest to be clear, and any candidate
        // that dominates another comes before it.
        raw.sort_by_key(|c| (c.popcount(), c.pairs.len()));
        let mut kept: Vec<Raw> = Vec::new();
        for c in raw {
            if !kept.iter().any(|k| k.dominates(&c)) {
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
            witnesses: Vec::with_capacity(kept.len()),
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
            table.witnesses.push(c.witness);
        }
        table
    }
}

/// Permissive edges: a segment is blocked by any obstructing hex whose inside it crosses, and by
/// any two obstructing hexes whose shared edge it runs along.
fn permissive_candidates(
    a: Axial,
    b: Axial,
    near: &[Axial],
    corners: &[Lattice],
    words: usize,
) -> Vec<Raw> {
    let index = |h: Axial| near.iter().position(|&n| n == h);
    let neighbours: Vec<Vec<(usize, u16)>> = near
        .iter()
        .map(|&h| {
            EDGE_NEIGHBOUR
                .iter()
                .enumerate()
                .filter_map(|(edge, step)| {
                    let j = index([h[0] + step[0], h[1] + step[1]])?;
                    Some((edge, j as u16))
                })
                .collect()
        })
        .collect();
    let condition = |line: &Line, lo: Ratio, hi: Ratio| -> Raw {
        let mut mask = vec![0u64; words];
        for (i, &h) in near.iter().enumerate() {
            if line.clip(h, Region::Open, lo, hi).is_some() {
                mask[i / 64] |= 1 << (i % 64);
            }
        }
        let mut pairs = Vec::new();
        for (i, &h) in near.iter().enumerate() {
            for &(edge, j) in &neighbours[i] {
                if (i as u16) < j
                    && !bit(&mask, i)
                    && !bit(&mask, j.into())
                    && line.runs_along_edge(h, edge, lo, hi)
                {
                    pairs.push((i as u16, j));
                }
            }
        }
        Raw {
            mask,
            pairs,
            witness: [
                geom::to_pixel(line.point(lo)),
                geom::to_pixel(line.point(hi)),
            ],
        }
    };
    let mut out = Vec::new();
    let centre_line = Line::through(geom::centre(a), geom::centre(b));
    if let Some((lo, hi)) = inner_segment(&centre_line, a, b) {
        out.push(condition(&centre_line, lo, hi));
    }
    let (zero, one) = (Ratio::int(0), Ratio::int(1));
    for (i, &u) in corners.iter().enumerate() {
        for &v in &corners[i + 1..] {
            let line = Line::through(u, v);
            let Some((lo, hi)) = inner_segment(&line, a, b) else {
                continue;
            };
            // Only lines whose two corners both lie on the segment are critical lines (u is at
            // t = 0, v at t = 1); any clear line turns into one of those.
            if lo.le(zero) && one.le(hi) {
                out.push(condition(&line, lo, hi));
            }
        }
    }
    out
}

/// Strict edges: a clear segment touches no obstructing hex at all, so the clear lines form an
/// open set and none passes through an obstacle's corner. Each critical line is nudged a tiny
/// amount to each side at each of its corners, and a nudged segment is blocked by every hex it
/// comes within a hair of.
fn strict_candidates(
    a: Axial,
    b: Axial,
    near: &[Axial],
    corners: &[Lattice],
    words: usize,
) -> Vec<Raw> {
    let to_f = |p: Lattice| [p[0] as f64, p[1] as f64];
    let candidate = |p: [f64; 2], q: [f64; 2]| -> Option<Raw> {
        let (lo, hi) = float_clip_line(p, q, a, b)?;
        let dir = [q[0] - p[0], q[1] - p[1]];
        let at = |t: f64| [p[0] + t * dir[0], p[1] + t * dir[1]];
        let (s, e) = (at(lo), at(hi));
        let mut mask = vec![0u64; words];
        for (i, &h) in near.iter().enumerate() {
            if float_segment_touches_hex(s, e, h, 1e-9) {
                mask[i / 64] |= 1 << (i % 64);
            }
        }
        Some(Raw {
            mask,
            pairs: Vec::new(),
            witness: [geom::to_pixel(s), geom::to_pixel(e)],
        })
    };
    let mut out = Vec::new();
    out.extend(candidate(to_f(geom::centre(a)), to_f(geom::centre(b))));
    let (zero, one) = (Ratio::int(0), Ratio::int(1));
    for (i, &u) in corners.iter().enumerate() {
        for &v in &corners[i + 1..] {
            // The limit of a clear line touches two corners that lie on its segment (obstacle
            // corners it grazes, or end corners where it leaves or enters an end).
            let line = Line::through(u, v);
            match inner_segment(&line, a, b) {
                Some((lo, hi)) if lo.le(zero) && one.le(hi) => {}
                _ => continue,
            }
            for (p, q) in nudged(u, v) {
                out.extend(candidate(p, q));
            }
        }
    }
    out
}

/// The part of `line` between the two end hexes: from where it leaves one to where it enters
/// the other. `None` if the line misses either hex.
pub(super) fn inner_segment(line: &Line, a: Axial, b: Axial) -> Option<(Ratio, Ratio)> {
    let (lo, hi) = Line::unbounded();
    let (a0, a1) = line.clip(a, Region::Closed, lo, hi)?;
    let (b0, b1) = line.clip(b, Region::Closed, lo, hi)?;
    if a1.le(b0) {
        Some((a1, b0))
    } else if b1.le(a0) {
        Some((b1, a0))
    } else {
        None
    }
}

/// The convex hull of two hexes, for discarding hexes no segment can reach.
pub(super) struct Hull {
    points: Vec<Lattice>,
}

impl Hull {
    pub(super) fn of(a: Axial, b: Axial) -> Hull {
        let mut points: Vec<Lattice> = (0..6)
            .map(|k| geom::corner(a, k))
            .chain((0..6).map(|k| geom::corner(b, k)))
            .collect();
        points.sort_unstable();
        points.dedup();
        // Andrew's monotone chain, counter-clockwise in lattice axes.
        let mut hull: Vec<Lattice> = Vec::with_capacity(points.len() + 1);
        for pass in 0..2 {
            let start = hull.len();
            let iter: Box<dyn Iterator<Item = &Lattice>> = if pass == 0 {
                Box::new(points.iter())
            } else {
                Box::new(points.iter().rev())
            };
            for &p in iter {
                while hull.len() >= start + 2
                    && geom::cross(
                        geom::sub(hull[hull.len() - 1], hull[hull.len() - 2]),
                        geom::sub(p, hull[hull.len() - 2]),
                    ) <= 0
                {
                    hull.pop();
                }
                hull.push(p);
            }
            hull.pop();
        }
        Hull { points: hull }
    }

    /// Separating-axis test of the closed hull against a closed hex.
    pub(super) fn touches_hex(&self, hex: Axial) -> bool {
        let corners: [Lattice; 6] = std::array::from_fn(|k| geom::corner(hex, k));
        let n = self.points.len();
        // Hull edges: the hex is separated if all its corners are strictly outside one edge.
        for i in 0..n {
            let (p, q) = (self.points[i], self.points[(i + 1) % n]);
            let e = geom::sub(q, p);
            if corners.iter().all(|&c| geom::cross(e, geom::sub(c, p)) < 0) {
                return false;
            }
        }
        // Hex edges: separated if all hull points are strictly outside one hex edge.
        for (e, corner) in geom::EDGE_DIRECTIONS.iter().zip(corners) {
            if self
                .points
                .iter()
                .all(|&p| geom::cross(*e, geom::sub(p, corner)) < 0)
            {
                return false;
            }
        }
        true
    }
}

/// Float version of the inner segment, for the strict search: parameters on the line p→q.
pub(super) fn float_clip_line(p: [f64; 2], q: [f64; 2], a: Axial, b: Axial) -> Option<(f64, f64)> {
    let d = [q[0] - p[0], q[1] - p[1]];
    let whole = (f64::NEG_INFINITY, f64::INFINITY);
    let (a0, a1) = float_clip_hex(p, d, a, 0.0, whole)?;
    let (b0, b1) = float_clip_hex(p, d, b, 0.0, whole)?;
    if a1 <= b0 {
        Some((a1, b0))
    } else if b1 <= a0 {
        Some((b1, a0))
    } else {
        None
    }
}

/// Does the segment s→e come within `margin` of the closed hex (lattice units)?
pub(super) fn float_segment_touches_hex(s: [f64; 2], e: [f64; 2], hex: Axial, margin: f64) -> bool {
    let d = [e[0] - s[0], e[1] - s[1]];
    float_clip_hex(s, d, hex, margin, (0.0, 1.0)).is_some()
}

/// The parameters `t` in `range` where `p + t d` lies within `margin` of the closed hex (inside
/// it for a negative margin), or `None` if there are none.
fn float_clip_hex(
    p: [f64; 2],
    d: [f64; 2],
    hex: Axial,
    margin: f64,
    (mut lo, mut hi): (f64, f64),
) -> Option<(f64, f64)> {
    let c = geom::centre(hex);
    for k in 0..6 {
        let corner = [
            (c[0] + geom::CORNERS[k][0]) as f64,
            (c[1] + geom::CORNERS[k][1]) as f64,
        ];
        let ev = geom::EDGE_DIRECTIONS[k].map(|x| x as f64);
        let elen = (ev[0] * ev[0] + ev[1] * ev[1]).sqrt();
        // Signed distance inside the edge, grown by the margin.
        let a0 = (ev[0] * (p[1] - corner[1]) - ev[1] * (p[0] - corner[0])) / elen + margin;
        let b0 = (ev[0] * d[1] - ev[1] * d[0]) / elen;
        if b0.abs() < 1e-15 {
            if a0 < 0.0 {
                return None;
            }
        } else if b0 > 0.0 {
            lo = lo.max(-a0 / b0);
        } else {
            hi = hi.min(-a0 / b0);
        }
    }
    (lo <= hi).then_some((lo, hi))
}

/// The line through `u` and `v` moved a tiny amount to each side at each end: four lines that
/// lie among the clear lines whenever the clear lines crowd up to the line through `u` and `v`.
pub(super) fn nudged(u: Lattice, v: Lattice) -> [([f64; 2], [f64; 2]); 4] {
    const NUDGE: f64 = 1e-6;
    let (u, v) = ([u[0] as f64, u[1] as f64], [v[0] as f64, v[1] as f64]);
    let d = [v[0] - u[0], v[1] - u[1]];
    let len = (d[0] * d[0] + d[1] * d[1]).sqrt();
    let n = [-d[1] / len * NUDGE, d[0] / len * NUDGE];
    [(1.0, 1.0), (1.0, -1.0), (-1.0, 1.0), (-1.0, -1.0)].map(|(su, sv)| {
        (
            [u[0] + su * n[0], u[1] + su * n[1]],
            [v[0] + sv * n[0], v[1] + sv * n[1]],
        )
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
    fn pixel_maps_agree_with_the_axial_maps() {
        for s in symmetries() {
            for h in [[1, 0], [2, -3], [-1, 4]] {
                let moved = geom::pixel_centre(s.apply(h));
                let mapped = s.apply_pixel(geom::pixel_centre(h));
                assert!((moved[0] - mapped[0]).abs() < 1e-9 && (moved[1] - mapped[1]).abs() < 1e-9);
            }
        }
    }
}
