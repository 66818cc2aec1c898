//! A quick proof that two hexes cannot see each other: a wall of touching obstacles across the
//! corridor between them.
//!
//! Every segment from one hex to the other lies in the convex hull of the two hexes, and the
//! stretch of it between the hexes lies in the *corridor*: the hull less the two hexes. The
//! corridor is bounded by the two hexes' facing sides and by two *sides*, the parts of the hull
//! edges that run from one hex to the other. A connected set inside the corridor that meets both
//! sides cuts it in two, with one hex on each side, so every segment between the hexes crosses
//! it. When the obstacles hold such a wall, every line is blocked and none has to be tried; most
//! blocked pairs on a real map are blocked this way. When no wall is found nothing is
//! concluded, and the full search decides.
//!
//! Strict edges block a segment that touches an obstacle, so the wall is made of closed
//! obstacles that reach into the hull, touch a side, and touch the next obstacle inside the
//! corridor. Permissive edges block only the inside of the obstacles' union, so each end of the
//! wall must cut into a side and neighbours must share an edge whose middle is inside the hull.

use megahex_schema::LosEdges;

use super::lines::{EDGE_NEIGHBOUR, Hull, inner_segment};
use crate::board::geom::{self, Lattice, Line, Ratio, Region};
use crate::board::hex::Axial;

/// One side of the corridor: the stretch `[lo, hi]` of a hull edge's line between the hexes.
struct Side {
    line: Line,
    lo: Ratio,
    hi: Ratio,
}

impl Side {
    /// Is the rational point `p + t d` on this side?
    fn holds(&self, p: Lattice, d: Lattice, t: Ratio) -> bool {
        let (o, e) = (self.line.origin, self.line.direction);
        let (num, den) = (i128::from(t.num), i128::from(t.den));
        // On the line: cross(e, p + t d - o) = 0, times den.
        let off =
            i128::from(geom::cross(e, geom::sub(p, o))) * den + num * i128::from(geom::cross(e, d));
        if off != 0 {
            return false;
        }
        // Where along it: dot(p + t d - o, e) / dot(e, e), compared with lo and hi.
        let ee = i128::from(e[0] * e[0] + e[1] * e[1]);
        let rel = geom::sub(p, o);
        let along = i128::from(rel[0] * e[0] + rel[1] * e[1]) * den
            + num * i128::from(d[0] * e[0] + d[1] * e[1]);
        // along / (den * ee) within [lo, hi].
        let within = |bound: Ratio, below: bool| {
            let lhs = along * i128::from(bound.den);
            let rhs = i128::from(bound.num) * den * ee;
            if below { rhs <= lhs } else { lhs <= rhs }
        };
        within(self.lo, true) && within(self.hi, false)
    }
}

/// A shortest wall of `obstacles` between hexes `a` and `b`, when there is one.
pub(super) fn find(a: Axial, b: Axial, obstacles: &[Axial], edges: LosEdges) -> Option<Vec<Axial>> {
    let hull = Hull::of(a, b);
    let [first, second] = sides(&hull, a, b)?;
    let region = match edges {
        LosEdges::Strict => Region::Closed,
        LosEdges::Permissive => Region::Open,
    };
    let meets = |side: &Side, hex: Axial| side.line.clip(hex, region, side.lo, side.hi).is_some();
    // Strict walls use closed hexes, which may only graze the hull; only those reaching inside
    // it are sure to stay connected within the corridor.
    let usable: Vec<bool> = obstacles
        .iter()
        .map(|&o| edges == LosEdges::Permissive || hull.overlaps_inside(o))
        .collect();
    let index = |h: Axial| obstacles.iter().position(|&o| o == h);
    // Breadth first from every obstacle on the first side; the first one reached that is on the
    // second side ends a shortest wall.
    let n = obstacles.len();
    let mut came_from: Vec<Option<usize>> = vec![None; n];
    let mut reached = vec![false; n];
    let mut queue = std::collections::VecDeque::new();
    for (i, &o) in obstacles.iter().enumerate() {
        if usable[i] && meets(&first, o) {
            reached[i] = true;
            queue.push_back(i);
        }
    }
    while let Some(i) = queue.pop_front() {
        let here = obstacles[i];
        if meets(&second, here) {
            let mut wall = vec![here];
            let mut at = i;
            while let Some(previous) = came_from[at] {
                wall.push(obstacles[previous]);
                at = previous;
            }
            wall.sort_unstable();
            return Some(wall);
        }
        for (edge, step) in EDGE_NEIGHBOUR.iter().enumerate() {
            let Some(j) = index([here[0] + step[0], here[1] + step[1]]) else {
                continue;
            };
            if reached[j] || !usable[j] || !joined(&hull, [&first, &second], here, edge, edges) {
                continue;
            }
            reached[j] = true;
            came_from[j] = Some(i);
            queue.push_back(j);
        }
    }
    None
}

/// The corridor's two sides: the hull edges that run from a corner of one hex to a corner of
/// the other, each cut to its stretch between the hexes.
fn sides(hull: &Hull, a: Axial, b: Axial) -> Option<[Side; 2]> {
    let of = |hex: Axial, p: Lattice| (0..6).any(|k| geom::corner(hex, k) == p);
    let points = hull.points();
    let n = points.len();
    let mut found = Vec::with_capacity(2);
    for i in 0..n {
        let (p, q) = (points[i], points[(i + 1) % n]);
        if (of(a, p) && of(b, q)) || (of(b, p) && of(a, q)) {
            let line = Line::through(p, q);
            let (lo, hi) = inner_segment(&line, a, b)?;
            found.push(Side { line, lo, hi });
        }
    }
    let second = found.pop()?;
    let first = found.pop()?;
    found.is_empty().then_some([first, second])
}

/// Do two obstacles sharing edge `edge` of `hex` join inside the corridor?
///
/// Strict: the closed edge meets the corridor. Its part in the hull is a stretch of the edge; a
/// stretch of some length always reaches the corridor (an edge between two obstacles never lies
/// along a hex's own boundary), and a single point does when it lies on a side.
/// Permissive: the edge's middle is strictly inside the hull, so the two insides join there.
fn joined(hull: &Hull, sides: [&Side; 2], hex: Axial, edge: usize, edges: LosEdges) -> bool {
    let (p, q) = (geom::corner(hex, edge), geom::corner(hex, edge + 1));
    let points = hull.points();
    let n = points.len();
    match edges {
        LosEdges::Permissive => {
            // Twice the middle, against the hull doubled: still whole numbers.
            let mid = [p[0] + q[0], p[1] + q[1]];
            (0..n).all(|i| {
                let (u, v) = (points[i], points[(i + 1) % n]);
                let (u2, v2) = ([2 * u[0], 2 * u[1]], [2 * v[0], 2 * v[1]]);
                geom::cross(geom::sub(v2, u2), geom::sub(mid, u2)) > 0
            })
        }
        LosEdges::Strict => {
            // Clip p + t (q - p), t in [0, 1], by each hull edge's half-plane.
            let d = geom::sub(q, p);
            let (mut lo, mut hi) = (Ratio::int(0), Ratio::int(1));
            for i in 0..n {
                let (u, v) = (points[i], points[(i + 1) % n]);
                let e = geom::sub(v, u);
                let (at, rate) = (geom::cross(e, geom::sub(p, u)), geom::cross(e, d));
                if rate == 0 {
                    if at < 0 {
                        return false;
                    }
                } else {
                    let t = Ratio::new(-at, rate);
                    if rate > 0 {
                        lo = lo.max(t);
                    } else {
                        hi = hi.min(t);
                    }
                }
            }
            if hi.lt(lo) {
                false
            } else if lo.lt(hi) {
                true
            } else {
                sides.iter().any(|side| side.holds(p, d, lo))
            }
        }
    }
}
