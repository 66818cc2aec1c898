//! The per-pair search: the exact method's candidate lines for one pair of hexes, listed with
//! only the hexes that actually obstruct that pair. Its cost follows the obstacles between the
//! two hexes, not their distance or the size of the map, so it answers a first question at
//! once, and every question about hexes farther apart than any table.

use std::ops::ControlFlow;

use megahex_schema::LosEdges;

use super::lines::{self, Candidate, Hull};
use super::wall;
use crate::board::geom;
use crate::board::hex::{Axial, distance};
use crate::board::{Board, BoardHex};

/// Obstructing hexes that could touch a segment between the two hexes: those within the hex
/// band around the straight path. Anything meeting the convex hull of the two hexes lies within
/// two hexes of the line of hexes between them, so `d(a,h) + d(h,b) <= d(a,b) + 4` keeps them all.
pub(super) fn obstacles_between(
    board: &Board,
    a: Axial,
    b: Axial,
    blocks: impl Fn(&BoardHex) -> bool,
) -> Vec<Axial> {
    obstacles_among(
        board.hexes().iter().filter(|h| blocks(h)).map(|h| h.at),
        a,
        b,
    )
}

/// [`obstacles_between`] for any map: of the obstructing hexes `blocking`, those that could
/// touch a segment between the two hexes.
pub(super) fn obstacles_among(
    blocking: impl Iterator<Item = Axial>,
    a: Axial,
    b: Axial,
) -> Vec<Axial> {
    let d = distance(a, b);
    let hull = Hull::of(a, b);
    blocking
        .filter(|&h| h != a && h != b)
        .filter(|&h| distance(a, h) + distance(h, b) <= d + 4)
        .filter(|&h| hull.touches_hex(h))
        .collect()
}

/// What the search found for one pair.
pub(super) enum Answer {
    /// A clear segment, in pixel units.
    Clear([[f64; 2]; 2]),
    /// Every line is blocked; with an explanation asked for, a set of the obstacles that still
    /// blocks every line and from which none can be spared.
    Blocked(Vec<Axial>),
}

/// Searches the lines from hex `a` to hex `b` (at least two apart) past `obstacles`. With
/// `explain`, a blocked answer names a minimal blocking set.
pub(super) fn search(
    a: Axial,
    b: Axial,
    obstacles: &[Axial],
    edges: LosEdges,
    explain: bool,
) -> Answer {
    let origin = geom::pixel_centre(a);
    if obstacles.is_empty() {
        return Answer::Clear([origin, geom::pixel_centre(b)]);
    }
    // Work relative to the viewer, as the tables do: small numbers keep the float steps of the
    // strict search far from rounding trouble.
    let relative = |h: Axial| [h[0] - a[0], h[1] - a[1]];
    let near: Vec<Axial> = obstacles.iter().map(|&h| relative(h)).collect();
    let delta = relative(b);
    // Most blocked pairs have a wall of touching obstacles across the corridor: no line needs
    // trying, and the wall (made minimal) explains it.
    if let Some(wall) = wall::find([0, 0], delta, &near, edges) {
        if !explain {
            return Answer::Blocked(Vec::new());
        }
        let mut seen = Vec::new();
        lines::each_candidate(delta, &wall, edges, &mut |c| {
            seen.push(c);
            ControlFlow::Continue(())
        });
        let absolute: Vec<Axial> = wall.iter().map(|h| [h[0] + a[0], h[1] + a[1]]).collect();
        return Answer::Blocked(smallest_blocking_set(a, b, &absolute, &seen));
    }
    let all = all_ones(near.len());
    let mut seen: Vec<Candidate> = Vec::new();
    let mut clear = None;
    lines::each_candidate(delta, &near, edges, &mut |c| {
        if c.is_clear(&all) {
            clear = Some(c.witness);
            return ControlFlow::Break(());
        }
        if explain {
            seen.push(c);
        }
        ControlFlow::Continue(())
    });
    if let Some(witness) = clear {
        return Answer::Clear(witness.map(|p| [origin[0] + p[0], origin[1] + p[1]]));
    }
    if !explain {
        return Answer::Blocked(Vec::new());
    }
    Answer::Blocked(smallest_blocking_set(a, b, obstacles, &seen))
}

fn all_ones(n: usize) -> Vec<u64> {
    let mut words = vec![0u64; n.div_ceil(64).max(1)];
    for i in 0..n {
        words[i / 64] |= 1 << (i % 64);
    }
    words
}

/// A smallest set of obstacles that still blocks every line: drop each obstacle in turn and
/// keep it out if the rest still block. Removing any one of the result lets a line through.
///
/// The candidate lines were listed through the corners of every obstacle, so they include the
/// candidates of any subset: "some candidate clear of the subset" decides the subset exactly.
fn smallest_blocking_set(
    a: Axial,
    b: Axial,
    obstacles: &[Axial],
    candidates: &[Candidate],
) -> Vec<Axial> {
    let mut pattern = all_ones(obstacles.len());
    // Try the far ones first, so the answer favours hexes near the middle of the line.
    let (ca, cb) = (geom::pixel_centre(a), geom::pixel_centre(b));
    let mid = [(ca[0] + cb[0]) / 2.0, (ca[1] + cb[1]) / 2.0];
    let off_centre = |i: &usize| {
        let p = geom::pixel_centre(obstacles[*i]);
        (p[0] - mid[0]).powi(2) + (p[1] - mid[1]).powi(2)
    };
    let mut order: Vec<usize> = (0..obstacles.len()).collect();
    order.sort_by(|x, y| off_centre(y).total_cmp(&off_centre(x)));
    for i in order {
        pattern[i / 64] &= !(1 << (i % 64));
        if candidates.iter().any(|c| c.is_clear(&pattern)) {
            pattern[i / 64] |= 1 << (i % 64);
        }
    }
    let mut kept: Vec<Axial> = (0..obstacles.len())
        .filter(|&i| lines::bit(&pattern, i))
        .map(|i| obstacles[i])
        .collect();
    kept.sort_unstable();
    kept
}
