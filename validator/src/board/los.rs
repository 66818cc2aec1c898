//! Line of sight, exactly (rulebook "Line of Sight & Range" and "Environment Effects").
//!
//! Two hexes see each other if some straight segment from a point of one (boundary included)
//! to a point of the other avoids the obstructing hexes between them. The search does not
//! sample: if any clear segment exists, one exists on a line through two corners of the hexes
//! involved (the classic argument: slide a clear line until it touches a corner, then turn it
//! about that corner until it touches a second one). So the candidates are finite, and each is
//! checked in exact integer arithmetic. `docs/rules.md` has the full argument.

use megahex_schema::{LosBlocking, LosEdges, Rules};

use super::geom::{self, Lattice, Line, Ratio, Region};
use super::hex::{Axial, distance};
use super::{Board, BoardHex};

/// The two line-of-sight options of a scenario.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LosRules {
    /// Which hexes block by elevation.
    pub blocking: LosBlocking,
    /// Whether grazing a blocking hex blocks.
    pub edges: LosEdges,
}

impl LosRules {
    /// The options a scenario chose.
    pub fn from_rules(rules: &Rules) -> LosRules {
        LosRules {
            blocking: rules.los_blocking,
            edges: rules.los_edges,
        }
    }

    /// Name of the rule in force, as reported with every answer.
    pub fn name(&self) -> String {
        let blocking = match self.blocking {
            LosBlocking::HigherThanEither => "higher-than-either",
            LosBlocking::HigherThanBoth => "higher-than-both",
        };
        let edges = match self.edges {
            LosEdges::Permissive => "permissive",
            LosEdges::Strict => "strict",
        };
        format!("{blocking}/{edges}")
    }

    /// Does `hex` obstruct a line between ends at elevations `a` and `b`?
    pub fn obstructs(&self, hex: &BoardHex, a: u8, b: u8) -> bool {
        if hex.is_cover() {
            return true;
        }
        match self.blocking {
            LosBlocking::HigherThanEither => hex.elevation > a.min(b),
            LosBlocking::HigherThanBoth => hex.elevation > a.max(b),
        }
    }
}

/// The full answer for one pair of hexes.
#[derive(Debug, Clone, PartialEq)]
pub struct Sight {
    /// Viewer hex.
    pub from: Axial,
    /// Target hex.
    pub to: Axial,
    /// The viewer sees the target.
    pub visible: bool,
    /// The target sees the viewer (differs only through cover).
    pub reverse_visible: bool,
    /// Hex distance.
    pub distance: u32,
    /// Absolute elevation difference.
    pub elevation_difference: u32,
    /// Distance plus elevation difference (rulebook "Range").
    pub range: u32,
    /// One unobstructed segment in pixel units at size 1, when any exists.
    pub witness: Option<[[f64; 2]; 2]>,
    /// When no segment exists: a smallest set of hexes that together stop every line.
    pub blocked_by: Vec<Axial>,
    /// Cover notes: which end is in cover and what that does.
    pub notes: Vec<String>,
}

impl Sight {
    /// The same answer seen from the other end: the geometry is symmetric, only cover differs.
    pub fn reversed(&self) -> Sight {
        Sight {
            from: self.to,
            to: self.from,
            visible: self.reverse_visible,
            reverse_visible: self.visible,
            witness: self.witness.map(|[p, q]| [q, p]),
            ..self.clone()
        }
    }
}

/// Every ordered pair of the board's hexes, in `hexes()` order, row by row. Each unordered pair
/// is computed once and the rows are shared out over the machine's cores.
pub fn sight_matrix(board: &Board, rules: LosRules) -> Vec<Sight> {
    use rayon::prelude::*;
    let hexes: Vec<Axial> = board.hexes().iter().map(|h| h.at).collect();
    let upper: Vec<Vec<Sight>> = (0..hexes.len())
        .into_par_iter()
        .map(|i| {
            (i..hexes.len())
                .filter_map(|j| sight(board, hexes[i], hexes[j], rules))
                .collect()
        })
        .collect();
    let n = hexes.len();
    let mut out = Vec::with_capacity(n * n);
    for i in 0..n {
        for j in 0..n {
            let s = if i <= j {
                upper[i].get(j - i)
            } else {
                upper[j].get(i - j)
            };
            if let Some(s) = s {
                out.push(if i <= j { s.clone() } else { s.reversed() });
            }
        }
    }
    out
}

/// Who sees whom, for every ordered pair: `matrix[i][j]` is "hex i sees hex j", in `hexes()`
/// order. Verdicts only, computed once per unordered pair and spread over the cores.
pub fn visibility_matrix(board: &Board, rules: LosRules) -> Vec<Vec<bool>> {
    use rayon::prelude::*;
    let hexes = board.hexes();
    let n = hexes.len();
    let upper: Vec<Vec<bool>> = (0..n)
        .into_par_iter()
        .map(|i| {
            let (a, ha) = (hexes[i].at, &hexes[i]);
            (i..n)
                .map(|j| {
                    let (b, hb) = (hexes[j].at, &hexes[j]);
                    if distance(a, b) <= 1 {
                        return true;
                    }
                    let blocks = |h: &BoardHex| rules.obstructs(h, ha.elevation, hb.elevation);
                    let obstacles = obstacles_between(board, a, b, blocks);
                    find_witness(a, b, &obstacles, rules.edges).is_some()
                })
                .collect()
        })
        .collect();
    let mut matrix = vec![vec![false; n]; n];
    for i in 0..n {
        for j in i..n {
            let geometric = upper[i][j - i];
            let near = distance(hexes[i].at, hexes[j].at) <= 1;
            matrix[i][j] = geometric && (near || !hexes[j].is_cover());
            matrix[j][i] = geometric && (near || !hexes[i].is_cover());
        }
    }
    matrix
}

/// Range between two hexes: distance plus elevation difference, less any Reach.
pub fn range(board: &Board, a: Axial, b: Axial, reach: u32) -> Option<u32> {
    let (ha, hb) = (board.get(a)?, board.get(b)?);
    let raw = distance(a, b) + u32::from(ha.elevation.abs_diff(hb.elevation));
    Some(raw.saturating_sub(reach))
}

/// Line of sight both ways between two hexes of the board, with its explanation.
/// Returns `None` if either hex is off the map.
pub fn sight(board: &Board, from: Axial, to: Axial, rules: LosRules) -> Option<Sight> {
    let (hf, ht) = (board.get(from)?, board.get(to)?);
    let d = distance(from, to);
    let elevation_difference = u32::from(hf.elevation.abs_diff(ht.elevation));
    let mut sight = Sight {
        from,
        to,
        visible: true,
        reverse_visible: true,
        distance: d,
        elevation_difference,
        range: d + elevation_difference,
        witness: None,
        blocked_by: Vec::new(),
        notes: Vec::new(),
    };
    if d <= 1 {
        // Adjacent hexes always see each other, cover or not.
        let (a, b) = (geom::pixel_centre(from), geom::pixel_centre(to));
        sight.witness = Some([a, b]);
        return Some(sight);
    }
    let obstacles = obstacles_between(board, from, to, |h| {
        rules.obstructs(h, hf.elevation, ht.elevation)
    });
    match find_witness(from, to, &obstacles, rules.edges) {
        Some(segment) => sight.witness = Some(segment),
        None => {
            sight.visible = false;
            sight.reverse_visible = false;
            sight.blocked_by = smallest_blocking_set(from, to, &obstacles, rules.edges);
            return Some(sight);
        }
    }
    if ht.is_cover() {
        sight.visible = false;
        sight.notes.push(format!(
            "[{}, {}] is in cover: only an adjacent figure can see it",
            to[0], to[1]
        ));
    }
    if hf.is_cover() {
        sight.reverse_visible = false;
        sight.notes.push(format!(
            "[{}, {}] is in cover: it sees out, but only an adjacent figure can see it",
            from[0], from[1]
        ));
    }
    Some(sight)
}

/// The verdicts of the best pair between two figures' hexes (multi-hex figures trace from, and
/// are seen at, any hex they occupy): `(seen, seen back)`, visible first, then seen back.
pub fn best_verdicts(
    board: &Board,
    from: &[Axial],
    to: &[Axial],
    rules: LosRules,
) -> Option<(bool, bool)> {
    best_pair(board, from, to, rules).map(|((seen, back, _), _, _)| (seen, back))
}

/// Visible, seen back, shorter range: larger is better.
type Rank = (bool, bool, std::cmp::Reverse<u32>);

fn best_pair(
    board: &Board,
    from: &[Axial],
    to: &[Axial],
    rules: LosRules,
) -> Option<(Rank, Axial, Axial)> {
    let mut best: Option<(Rank, Axial, Axial)> = None;
    for &a in from {
        for &b in to {
            let Some(r) = range(board, a, b, 0) else {
                continue;
            };
            let key = (
                sees(board, a, b, rules),
                sees(board, b, a, rules),
                std::cmp::Reverse(r),
            );
            if best.as_ref().is_none_or(|(k, _, _)| key > *k) {
                best = Some((key, a, b));
            }
        }
    }
    best
}

/// The best pair between two figures' hexes, with its full explanation: visible first, then
/// seen back, then the shortest range.
pub fn best_sight(board: &Board, from: &[Axial], to: &[Axial], rules: LosRules) -> Option<Sight> {
    let (_, a, b) = best_pair(board, from, to, rules)?;
    sight(board, a, b, rules)
}

/// Range from a figure (its nearest hex) to every hex of the board, in board order.
pub fn ranges_from(board: &Board, from: &[Axial]) -> Vec<(Axial, u32)> {
    board
        .hexes()
        .iter()
        .filter_map(|h| {
            from.iter()
                .filter_map(|&f| range(board, f, h.at, 0))
                .min()
                .map(|r| (h.at, r))
        })
        .collect()
}

/// Just the verdict `from` sees `to`, for hot loops; same rules as [`sight`].
pub fn sees(board: &Board, from: Axial, to: Axial, rules: LosRules) -> bool {
    let (Some(hf), Some(ht)) = (board.get(from), board.get(to)) else {
        return false;
    };
    if distance(from, to) <= 1 {
        return true;
    }
    if ht.is_cover() {
        return false;
    }
    let blocks = |h: &BoardHex| rules.obstructs(h, hf.elevation, ht.elevation);
    let obstacles = obstacles_between(board, from, to, blocks);
    find_witness(from, to, &obstacles, rules.edges).is_some()
}

/// Obstructing hexes that could touch a segment between the two hexes: those within the hex
/// band around the straight path. Anything meeting the convex hull of the two hexes lies within
/// two hexes of the line of hexes between them, so `d(a,h) + d(h,b) <= d(a,b) + 4` keeps them all.
fn obstacles_between(
    board: &Board,
    a: Axial,
    b: Axial,
    blocks: impl Fn(&BoardHex) -> bool,
) -> Vec<Axial> {
    let d = distance(a, b);
    let hull = Hull::of(a, b);
    board
        .hexes()
        .iter()
        .filter(|h| blocks(h) && h.at != a && h.at != b)
        .filter(|h| distance(a, h.at) + distance(h.at, b) <= d + 4)
        .filter(|h| hull.touches_hex(h.at))
        .map(|h| h.at)
        .collect()
}

/// The convex hull of two hexes, for discarding obstacles no segment can reach.
struct Hull {
    points: Vec<Lattice>,
}

impl Hull {
    fn of(a: Axial, b: Axial) -> Hull {
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
    fn touches_hex(&self, hex: Axial) -> bool {
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

/// Neighbour across edge `i` (between corners `i` and `i + 1`).
const EDGE_NEIGHBOUR: [Axial; 6] = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];

/// Searches for a segment from hex `a` to hex `b` that avoids the obstacles, and returns it in
/// pixel units. `obstacles` are all the obstructing hexes that touch the hull of the two hexes:
/// an obstructing hex outside that list cannot touch a segment, nor share an edge or corner that
/// a segment touches, so list membership answers every "is this an obstacle" question.
fn find_witness(a: Axial, b: Axial, obstacles: &[Axial], edges: LosEdges) -> Option<[[f64; 2]; 2]> {
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

/// The part of `line` between the two end hexes: from where it leaves one to where it enters
/// the other. `None` if the line misses either hex.
fn inner_segment(line: &Line, a: Axial, b: Axial) -> Option<(Ratio, Ratio)> {
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
    const NUDGE: f64 = 1e-6;
    for (i, &u) in corners.iter().enumerate() {
        for &v in &corners[i + 1..] {
            let (u, v) = (to_f(u), to_f(v));
            let d = [v[0] - u[0], v[1] - u[1]];
            let len = (d[0] * d[0] + d[1] * d[1]).sqrt();
            let n = [-d[1] / len * NUDGE, d[0] / len * NUDGE];
            for (su, sv) in [(1.0, 1.0), (1.0, -1.0), (-1.0, 1.0), (-1.0, -1.0)] {
                let p = [u[0] + su * n[0], u[1] + su * n[1]];
                let q = [v[0] + sv * n[0], v[1] + sv * n[1]];
                if let Some(w) = try_segment(p, q) {
                    return Some(w);
                }
            }
        }
    }
    None
}

/// Float version of the inner segment, for the strict search: parameters on the line p→q.
fn float_clip_line(p: [f64; 2], q: [f64; 2], a: Axial, b: Axial) -> Option<(f64, f64)> {
    let clip = |hex: Axial| -> Option<(f64, f64)> {
        let c = geom::centre(hex);
        let d = [q[0] - p[0], q[1] - p[1]];
        let (mut lo, mut hi) = (f64::NEG_INFINITY, f64::INFINITY);
        for k in 0..6 {
            let corner = [
                (c[0] + geom::CORNERS[k][0]) as f64,
                (c[1] + geom::CORNERS[k][1]) as f64,
            ];
            let e = geom::EDGE_DIRECTIONS[k].map(|x| x as f64);
            let a0 = e[0] * (p[1] - corner[1]) - e[1] * (p[0] - corner[0]);
            let b0 = e[0] * d[1] - e[1] * d[0];
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
    };
    let (a0, a1) = clip(a)?;
    let (b0, b1) = clip(b)?;
    if a1 <= b0 {
        Some((a1, b0))
    } else if b1 <= a0 {
        Some((b1, a0))
    } else {
        None
    }
}

/// Does the segment s→e come within `margin` of the closed hex (lattice units)?
fn float_segment_touches_hex(s: [f64; 2], e: [f64; 2], hex: Axial, margin: f64) -> bool {
    let c = geom::centre(hex);
    let d = [e[0] - s[0], e[1] - s[1]];
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for k in 0..6 {
        let corner = [
            (c[0] + geom::CORNERS[k][0]) as f64,
            (c[1] + geom::CORNERS[k][1]) as f64,
        ];
        let ev = geom::EDGE_DIRECTIONS[k].map(|x| x as f64);
        let elen = (ev[0] * ev[0] + ev[1] * ev[1]).sqrt();
        // Signed distance inside the edge, grown by the margin.
        let a0 = (ev[0] * (s[1] - corner[1]) - ev[1] * (s[0] - corner[0])) / elen + margin;
        let b0 = (ev[0] * d[1] - ev[1] * d[0]) / elen;
        if b0.abs() < 1e-15 {
            if a0 < 0.0 {
                return false;
            }
        } else if b0 > 0.0 {
            lo = lo.max(-a0 / b0);
        } else {
            hi = hi.min(-a0 / b0);
        }
    }
    lo <= hi
}

/// A smallest set of obstacles that still blocks every line: drop each obstacle in turn and
/// keep it out if the rest still block. Removing any one of the result lets a line through.
fn smallest_blocking_set(a: Axial, b: Axial, obstacles: &[Axial], edges: LosEdges) -> Vec<Axial> {
    let mut kept: Vec<Axial> = obstacles.to_vec();
    // Try the far ones first, so the answer favours hexes near the middle of the line.
    let (ca, cb) = (geom::pixel_centre(a), geom::pixel_centre(b));
    let mid = [(ca[0] + cb[0]) / 2.0, (ca[1] + cb[1]) / 2.0];
    let off_centre = |h: &Axial| {
        let p = geom::pixel_centre(*h);
        (p[0] - mid[0]).powi(2) + (p[1] - mid[1]).powi(2)
    };
    let mut order = kept.clone();
    order.sort_by(|x, y| off_centre(y).total_cmp(&off_centre(x)));
    for candidate in order {
        let rest: Vec<Axial> = kept.iter().copied().filter(|&h| h != candidate).collect();
        if find_witness(a, b, &rest, edges).is_none() {
            kept = rest;
        }
    }
    kept.sort_unstable();
    kept
}

#[cfg(test)]
mod tests;
