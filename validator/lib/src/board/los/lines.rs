//! The candidate lines of the exact method, shared by the per-offset tables and the per-pair
//! search.
//!
//! Between a viewer hex at the origin and a target hex `b`, with a list of `near` hexes that
//! may obstruct, a finite list of lines settles every question: if any segment from the viewer
//! to the target avoids the obstructing hexes, one of these does (see [`super`] and
//! docs/rules.md). Each candidate is reduced to which `near` hexes would block it, so one list
//! answers for every choice of which `near` hexes obstruct. The tables list the candidates once
//! per offset with every hex nearby; the per-pair search lists them for one pair with only the
//! hexes that actually obstruct it.

use std::ops::ControlFlow;

use megahex_schema::LosEdges;

use crate::board::geom::{self, Lattice, Line, Ratio, Region};
use crate::board::hex::Axial;

/// Neighbour across edge `i` (between corners `i` and `i + 1`).
pub(super) const EDGE_NEIGHBOUR: [Axial; 6] = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];

/// One candidate line and the `near` hexes that block it.
#[derive(Debug, Clone)]
pub(super) struct Candidate {
    /// Bit `i` set: `near[i]` blocks the line when it obstructs.
    pub(super) mask: Vec<u64>,
    /// Both of these hexes block it together when both obstruct (the line runs along their
    /// shared edge, which is inside their union). Permissive edges only.
    pub(super) pairs: Vec<(u16, u16)>,
    /// The candidate's clear stretch between the two hexes, in pixel units relative to the
    /// viewer's centre.
    pub(super) witness: [[f64; 2]; 2],
}

impl Candidate {
    /// How many hexes can block it on their own.
    pub(super) fn popcount(&self) -> u32 {
        self.mask.iter().map(|w| w.count_ones()).sum()
    }

    /// Is the line clear when the hexes of `pattern` obstruct?
    pub(super) fn is_clear(&self, pattern: &[u64]) -> bool {
        self.mask.iter().zip(pattern).all(|(m, p)| m & p == 0)
            && self
                .pairs
                .iter()
                .all(|&(i, j)| !(bit(pattern, i.into()) && bit(pattern, j.into())))
    }
}

/// The two ends of a stretch, the viewer's end first. The viewer's centre is the origin: its
/// end lies within 1 of it, the target's end at least 2 away (the hexes are two or more apart).
fn from_viewer(p: [f64; 2], q: [f64; 2]) -> [[f64; 2]; 2] {
    if p[0] * p[0] + p[1] * p[1] <= q[0] * q[0] + q[1] * q[1] {
        [p, q]
    } else {
        [q, p]
    }
}

/// Bit `i` of a word list.
pub(super) fn bit(words: &[u64], i: usize) -> bool {
    words[i / 64] >> (i % 64) & 1 == 1
}

/// Calls `found` with each candidate line from the hex at the origin to hex `b` (at least two
/// hexes away), its mask over `near`, in a fixed order that starts with the line of centres;
/// stops early when `found` breaks.
pub(super) fn each_candidate(
    b: Axial,
    near: &[Axial],
    edges: LosEdges,
    found: &mut dyn FnMut(Candidate) -> ControlFlow<()>,
) {
    let a = [0, 0];
    let words = near.len().div_ceil(64).max(1);
    // A stretch between the two hexes lies inside their convex hull, so corners outside it can
    // never be on one.
    let hull = Hull::of(a, b);
    let mut corners: Vec<Lattice> = [a, b]
        .iter()
        .chain(near)
        .flat_map(|&h| (0..6).map(move |k| geom::corner(h, k)))
        .filter(|&p| hull.contains(p))
        .collect();
    corners.sort_unstable();
    corners.dedup();
    match edges {
        LosEdges::Permissive => permissive_candidates(a, b, near, &corners, words, found),
        LosEdges::Strict => strict_candidates(a, b, near, &corners, words, found),
    }
}

/// A critical line: through corners `u` and `v`, its stretch between the hexes `[lo, hi]`.
struct Critical<'a> {
    u: Lattice,
    v: Lattice,
    line: &'a Line,
    lo: Ratio,
    hi: Ratio,
}

/// The lines through two corners whose stretch between the hexes holds both corners: the
/// critical lines of the exact method (a clear line can be slid and turned until it touches
/// two corners that lie on its stretch). The cheap test that the line meets both hexes comes
/// first, since most pairs of corners fail it.
fn critical_lines(
    a: Axial,
    b: Axial,
    corners: &[Lattice],
    found: &mut dyn FnMut(Critical) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let (zero, one) = (Ratio::int(0), Ratio::int(1));
    for (i, &u) in corners.iter().enumerate() {
        for &v in &corners[i + 1..] {
            let line = Line::through(u, v);
            if line.misses(a, Region::Closed) || line.misses(b, Region::Closed) {
                continue;
            }
            let Some((lo, hi)) = inner_segment(&line, a, b) else {
                continue;
            };
            // u is at t = 0 and v at t = 1: both must lie on the stretch between the hexes.
            if lo.le(zero) && one.le(hi) {
                found(Critical {
                    u,
                    v,
                    line: &line,
                    lo,
                    hi,
                })?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Permissive edges: a segment is blocked by any obstructing hex whose inside it crosses, and by
/// any two obstructing hexes whose shared edge it runs along.
fn permissive_candidates(
    a: Axial,
    b: Axial,
    near: &[Axial],
    corners: &[Lattice],
    words: usize,
    found: &mut dyn FnMut(Candidate) -> ControlFlow<()>,
) {
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
    let condition = |line: &Line, lo: Ratio, hi: Ratio| -> Candidate {
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
        Candidate {
            mask,
            pairs,
            witness: from_viewer(
                geom::to_pixel(line.point(lo)),
                geom::to_pixel(line.point(hi)),
            ),
        }
    };
    let centre_line = Line::through(geom::centre(a), geom::centre(b));
    if let Some((lo, hi)) = inner_segment(&centre_line, a, b)
        && found(condition(&centre_line, lo, hi)).is_break()
    {
        return;
    }
    let _ = critical_lines(a, b, corners, &mut |c| found(condition(c.line, c.lo, c.hi)));
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
    found: &mut dyn FnMut(Candidate) -> ControlFlow<()>,
) {
    let to_f = |p: Lattice| [p[0] as f64, p[1] as f64];
    let candidate = |p: [f64; 2], q: [f64; 2]| -> Option<Candidate> {
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
        Some(Candidate {
            mask,
            pairs: Vec::new(),
            witness: from_viewer(geom::to_pixel(s), geom::to_pixel(e)),
        })
    };
    if let Some(c) = candidate(to_f(geom::centre(a)), to_f(geom::centre(b)))
        && found(c).is_break()
    {
        return;
    }
    // The limit of a clear line touches two corners that lie on its segment (obstacle corners
    // it grazes, or end corners where it leaves or enters an end).
    let _ = critical_lines(a, b, corners, &mut |c| {
        for (p, q) in nudged(c.u, c.v) {
            if let Some(c) = candidate(p, q) {
                found(c)?;
            }
        }
        ControlFlow::Continue(())
    });
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

    /// The hull's corners, counter-clockwise in lattice axes.
    pub(super) fn points(&self) -> &[Lattice] {
        &self.points
    }

    /// Is the point in the closed hull?
    pub(super) fn contains(&self, p: Lattice) -> bool {
        let n = self.points.len();
        (0..n).all(|i| {
            let (u, v) = (self.points[i], self.points[(i + 1) % n]);
            geom::cross(geom::sub(v, u), geom::sub(p, u)) >= 0
        })
    }

    /// Separating-axis test of the closed hull against a closed hex.
    pub(super) fn touches_hex(&self, hex: Axial) -> bool {
        self.meets(hex, false)
    }

    /// Do the insides of the hull and of a hex overlap?
    pub(super) fn overlaps_inside(&self, hex: Axial) -> bool {
        self.meets(hex, true)
    }

    /// Separating axes: the two meet unless an edge of either has the other wholly outside.
    /// With `open`, only insides count, so shapes that just touch do not meet.
    fn meets(&self, hex: Axial, open: bool) -> bool {
        let outside = |x: i64| if open { x <= 0 } else { x < 0 };
        let corners: [Lattice; 6] = std::array::from_fn(|k| geom::corner(hex, k));
        let n = self.points.len();
        // Hull edges: the hex is separated if all its corners are outside one edge.
        for i in 0..n {
            let (p, q) = (self.points[i], self.points[(i + 1) % n]);
            let e = geom::sub(q, p);
            if corners
                .iter()
                .all(|&c| outside(geom::cross(e, geom::sub(c, p))))
            {
                return false;
            }
        }
        // Hex edges: separated if all hull points are outside one hex edge.
        for (e, corner) in geom::EDGE_DIRECTIONS.iter().zip(corners) {
            if self
                .points
                .iter()
                .all(|&p| outside(geom::cross(*e, geom::sub(p, corner))))
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
    // Every point of a hex lies within 2 of its centre in lattice units: a line passing
    // farther than that (and the margin) from the centre cannot come near the hex.
    let c = geom::centre(hex);
    let len = (d[0] * d[0] + d[1] * d[1]).sqrt();
    let off = (d[0] * (c[1] as f64 - s[1]) - d[1] * (c[0] as f64 - s[0])).abs();
    if len > 0.0 && off > (2.0 + margin.max(0.0) + 1e-6) * len {
        return false;
    }
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
