//! A second implementation of the exact search, for tests only: the tables and the per-pair
//! search are checked against it. It enumerates the critical lines its own way (critical
//! corners filtered by cones and wedges for permissive edges, every corner pair for strict
//! ones) and checks each line against every obstacle, with no masks and no sharing of work.

use megahex_schema::LosEdges;

use super::lines::{
    EDGE_NEIGHBOUR, float_clip_line, float_segment_touches_hex, inner_segment, nudged,
};
use crate::board::geom::{self, Lattice, Line, Ratio, Region};
use crate::board::hex::Axial;

/// Searches for a segment from hex `a` to hex `b` that avoids the obstacles, and returns it in
/// pixel units. `obstacles` are all the obstructing hexes that touch the hull of the two hexes:
/// an obstructing hex outside that list cannot touch a segment, nor share an edge or corner that
/// a segment touches, so list membership answers every "is this an obstacle" question.
pub(super) fn find_witness(
    a: Axial,
    b: Axial,
    obstacles: &[Axial],
    edges: LosEdges,
) -> Option<[[f64; 2]; 2]> {
    if obstacles.is_empty() {
        return Some([geom::pixel_centre(a), geom::pixel_centre(b)]);
    }
    match edges {
        LosEdges::Permissive => permissive_witness(a, b, obstacles),
        LosEdges::Strict => strict_witness(a, b, obstacles),
    }
}

/// Corners that can carry a critical line: those of the two end hexes, and obstacle corners on
/// the boundary of the obstacles' union (a corner with obstacles all round is never touched by a
/// clear line).
fn critical_corners(a: Axial, b: Axial, obstacles: &[Axial], union_matters: bool) -> Vec<Lattice> {
    let mut corners: Vec<Lattice> = Vec::with_capacity(12 + obstacles.len() * 6);
    for end in [a, b] {
        corners.extend((0..6).map(|k| geom::corner(end, k)));
    }
    for &o in obstacles {
        for k in 0..6 {
            let p = geom::corner(o, k);
            if !union_matters || !geom::hexes_at_corner(p).all(|h| obstacles.contains(&h)) {
                corners.push(p);
            }
        }
    }
    corners.sort_unstable();
    corners.dedup();
    corners
}

/// Edges shared by two obstacles: a line along one runs inside their union.
fn shared_edges(obstacles: &[Axial]) -> Vec<(Axial, usize)> {
    let mut shared = Vec::new();
    for &o in obstacles {
        for (edge, step) in EDGE_NEIGHBOUR.iter().enumerate() {
            if obstacles.contains(&[o[0] + step[0], o[1] + step[1]]) {
                shared.push((o, edge));
            }
        }
    }
    shared
}

fn permissive_clear(
    line: &Line,
    lo: Ratio,
    hi: Ratio,
    obstacles: &[Axial],
    shared: &[(Axial, usize)],
) -> bool {
    obstacles
        .iter()
        .all(|&o| line.clip(o, Region::Open, lo, hi).is_none())
        && shared
            .iter()
            .all(|&(o, edge)| !line.runs_along_edge(o, edge, lo, hi))
}

fn to_pixels(line: &Line, lo: Ratio, hi: Ratio) -> [[f64; 2]; 2] {
    [
        geom::to_pixel(line.point(lo)),
        geom::to_pixel(line.point(hi)),
    ]
}

/// The directions from a point outside a hex in which a ray meets the hex: an angle under
/// 180°, kept as its two boundary rays.
#[derive(Clone, Copy)]
struct Cone {
    right: Lattice,
    left: Lattice,
}

impl Cone {
    fn towards(from: Lattice, hex: Axial) -> Cone {
        let rays: [Lattice; 6] = std::array::from_fn(|k| geom::sub(geom::corner(hex, k), from));
        let extreme = |outermost: &dyn Fn(Lattice, Lattice) -> bool| {
            rays.iter()
                .copied()
                .find(|&w| rays.iter().all(|&o| outermost(w, o)))
                .unwrap_or(rays[0])
        };
        Cone {
            right: extreme(&|w, o| geom::cross(w, o) >= 0),
            left: extreme(&|w, o| geom::cross(o, w) >= 0),
        }
    }

    fn contains(&self, d: Lattice) -> bool {
        geom::cross(self.right, d) >= 0 && geom::cross(d, self.left) >= 0
    }
}

/// A corner that may carry a critical line, with what is known about it.
struct Candidate {
    at: Lattice,
    /// Cones towards the two end hexes, for corners that belong to neither.
    cones: Option<(Cone, Cone)>,
    /// The one obstacle's angle at this corner (its two edge rays), which a clear line through
    /// the corner must not cut into.
    wedge: Option<(Lattice, Lattice)>,
}

impl Candidate {
    /// Can a line through this corner with direction `d` (or `-d`) have the corner between
    /// the two hexes? `sign` picks the orientation: +1 means `d` runs from `a` towards `b`.
    fn between(&self, d: Lattice, sign: i64) -> bool {
        if let Some((r1, r2)) = self.wedge {
            let turn = geom::cross(r1, r2).signum();
            let inside = |v: Lattice| {
                geom::cross(r1, v).signum() == turn && geom::cross(v, r2).signum() == turn
            };
            if inside(d) || inside([-d[0], -d[1]]) {
                return false;
            }
        }
        match &self.cones {
            None => true,
            Some((to_a, to_b)) => {
                let fwd = [d[0] * sign, d[1] * sign];
                to_b.contains(fwd) && to_a.contains([-fwd[0], -fwd[1]])
            }
        }
    }
}

fn permissive_witness(a: Axial, b: Axial, obstacles: &[Axial]) -> Option<[[f64; 2]; 2]> {
    let shared = shared_edges(obstacles);
    // The centre line settles most visible pairs at once.
    let centre_line = Line::through(geom::centre(a), geom::centre(b));
    if let Some((lo, hi)) = inner_segment(&centre_line, a, b)
        && permissive_clear(&centre_line, lo, hi, obstacles, &shared)
    {
        return Some(to_pixels(&centre_line, lo, hi));
    }
    let end_corners: Vec<Lattice> = (0..6)
        .flat_map(|k| [geom::corner(a, k), geom::corner(b, k)])
        .collect();
    let candidates: Vec<Candidate> = critical_corners(a, b, obstacles, true)
        .into_iter()
        .filter_map(|at| {
            if end_corners.contains(&at) {
                return Some(Candidate {
                    at,
                    cones: None,
                    wedge: None,
                });
            }
            // A corner strictly inside a clear segment has the segment's two halves on either
            // side. With two obstacles around it, one half would cut into them, so such a corner
            // is never touched; with one, the line must stay out of that obstacle's angle.
            let mut around = geom::hexes_at_corner(at).filter(|h| obstacles.contains(h));
            let wedge = match (around.next(), around.next()) {
                (Some(only), None) => {
                    let k = (0..6).find(|&k| geom::corner(only, k) == at)?;
                    Some((
                        geom::sub(geom::corner(only, k + 5), at),
                        geom::sub(geom::corner(only, k + 1), at),
                    ))
                }
                _ => return None,
            };
            let cones = (Cone::towards(at, a), Cone::towards(at, b));
            // A corner no line can cross between the two hexes is never a contact.
            let reachable = [cones.0.left, cones.0.right]
                .iter()
                .any(|&w| cones.1.contains([-w[0], -w[1]]))
                || [cones.1.left, cones.1.right]
                    .iter()
                    .any(|&w| cones.0.contains([-w[0], -w[1]]));
            reachable.then_some(Candidate {
                at,
                cones: Some(cones),
                wedge,
            })
        })
        .collect();
    let (zero, one) = (Ratio::int(0), Ratio::int(1));
    for (i, u) in candidates.iter().enumerate() {
        for v in &candidates[i + 1..] {
            let d = geom::sub(v.at, u.at);
            // Both corners must lie between the hexes, with the same orientation of the line.
            if !([1, -1]
                .iter()
                .any(|&sign| u.between(d, sign) && v.between(d, sign)))
            {
                continue;
            }
            let line = Line::through(u.at, v.at);
            let Some((lo, hi)) = inner_segment(&line, a, b) else {
                continue;
            };
            // Only lines whose two corners both touch the segment can be the critical lines of
            // the argument above (u is at t = 0, v at t = 1); any clear line can be turned into
            // one of those, so skipping the rest loses nothing.
            if !(lo.le(zero) && one.le(hi)) {
                continue;
            }
            if permissive_clear(&line, lo, hi, obstacles, &shared) {
                return Some(to_pixels(&line, lo, hi));
            }
        }
    }
    None
}

/// Strict edges: a clear segment must not touch any obstacle, so the set of clear lines is open
/// and never contains a line through an obstacle corner. Each critical line is nudged by a tiny
/// amount to each side at each of its two corners (the four corners of the region of lines
/// near it), and the nudged segment is checked with a margin.
fn strict_witness(a: Axial, b: Axial, obstacles: &[Axial]) -> Option<[[f64; 2]; 2]> {
    let corners = critical_corners(a, b, obstacles, false);
    let to_f = |p: Lattice| [p[0] as f64, p[1] as f64];
    let try_segment = |p: [f64; 2], q: [f64; 2]| -> Option<[[f64; 2]; 2]> {
        let (lo, hi) = float_clip_line(p, q, a, b)?;
        let dir = [q[0] - p[0], q[1] - p[1]];
        let at = |t: f64| [p[0] + t * dir[0], p[1] + t * dir[1]];
        let (s, e) = (at(lo), at(hi));
        if obstacles
            .iter()
            .all(|&o| !float_segment_touches_hex(s, e, o, 1e-9))
        {
            Some([geom::to_pixel(s), geom::to_pixel(e)])
        } else {
            None
        }
    };
    let (ca, cb) = (to_f(geom::centre(a)), to_f(geom::centre(b)));
    if let Some(w) = try_segment(ca, cb) {
        return Some(w);
    }
    for (i, &u) in corners.iter().enumerate() {
        for &v in &corners[i + 1..] {
            for (p, q) in nudged(u, v) {
                if let Some(w) = try_segment(p, q) {
                    return Some(w);
                }
            }
        }
    }
    None
}
