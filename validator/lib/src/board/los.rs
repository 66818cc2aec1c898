//! Line of sight, exactly (rulebook "Line of Sight & Range" and "Environment Effects").
//!
//! Two hexes see each other if some straight segment from a point of one (boundary included)
//! to a point of the other avoids the obstructing hexes between them. The search does not
//! sample: if any clear segment exists, one exists on a line through two corners of the hexes
//! involved (the classic argument: slide a clear line until it touches a corner, then turn it
//! about that corner until it touches a second one). So the candidates are finite, and each is
//! checked in exact integer arithmetic. `docs/rules.md` has the full argument.
//!
//! The candidates for a hex offset are the same whatever obstructs, so [`table`] works them out
//! once per offset; a query only reads which nearby hexes obstruct and looks for a candidate
//! none of them blocks. Hexes farther apart than the tables reach (far beyond a real map) use
//! [`direct`], the same method pair by pair, whose cost follows the obstacles actually there.

use megahex_schema::{LosBlocking, LosEdges};

use super::geom;
use super::hex::{Axial, distance};
use super::{Board, BoardHex};

mod table;
use table::{Pattern, Probe};

/// The two line-of-sight options of a scenario.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LosRules {
    /// Which hexes block by elevation.
    pub blocking: LosBlocking,
    /// Whether grazing a blocking hex blocks.
    pub edges: LosEdges,
}

impl LosRules {
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
        hex.sight_level() > self.threshold(a, b)
    }

    /// A hex obstructs a line between ends at elevations `a` and `b` when its sight level
    /// (elevation, or above everything for cover) is higher than this.
    fn threshold(&self, a: u8, b: u8) -> u8 {
        match self.blocking {
            LosBlocking::HigherThanEither => a.min(b),
            LosBlocking::HigherThanBoth => a.max(b),
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
    // Every pair is about to be asked: build the tables they need now, over the cores.
    warm(board, rules);
    let upper: Vec<Vec<bool>> = (0..n)
        .into_par_iter()
        .map(|i| {
            let (a, ha) = (hexes[i].at, &hexes[i]);
            (i..n)
                .map(|j| {
                    let (b, hb) = (hexes[j].at, &hexes[j]);
                    distance(a, b) <= 1
                        || clear_line(board, a, b, rules, ha.elevation, hb.elevation, true)
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
    // Explanations always come from the per-pair search, so the same question gets the same
    // witness and blocking set whichever tables happen to be built.
    let threshold = rules.threshold(hf.elevation, ht.elevation);
    let obstacles = pair::obstacles_between(board, from, to, |h| h.sight_level() > threshold);
    let answer = match pair::search(from, to, &obstacles, rules.edges, true) {
        pair::Answer::Clear(segment) => Ok(segment),
        pair::Answer::Blocked(blockers) => Err(blockers),
    };
    match answer {
        Ok(segment) => sight.witness = Some(segment),
        Err(blockers) => {
            sight.visible = false;
            sight.reverse_visible = false;
            sight.blocked_by = blockers;
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

/// The shortest range between two figures' hexes (multi-hex figures use their nearest pair).
pub fn nearest_range(board: &Board, from: &[Axial], to: &[Axial]) -> Option<u32> {
    from.iter()
        .flat_map(|&x| to.iter().filter_map(move |&y| range(board, x, y, 0)))
        .min()
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

/// Just the verdict `from` sees `to`, for hot loops; same rules as [`sight`]. Answered from the
/// sight-line tables once [`warm`] has built them for the map, and by the per-pair search
/// before that: the same verdict either way.
pub fn sees(board: &Board, from: Axial, to: Axial, rules: LosRules) -> bool {
    verdict(board, from, to, rules, true)
}

/// [`sees`] by the per-pair search alone, as a first question on a map is answered: for
/// measuring that cost.
#[doc(hidden)]
pub fn sees_by_search(board: &Board, from: Axial, to: Axial, rules: LosRules) -> bool {
    verdict(board, from, to, rules, false)
}

fn verdict(board: &Board, from: Axial, to: Axial, rules: LosRules, tables: bool) -> bool {
    let (Some(hf), Some(ht)) = (board.get(from), board.get(to)) else {
        return false;
    };
    if distance(from, to) <= 1 {
        return true;
    }
    if ht.is_cover() {
        return false;
    }
    clear_line(board, from, to, rules, hf.elevation, ht.elevation, tables)
}

/// Builds, over the machine's cores, the sight-line tables for every pair of the map's hexes
/// close enough to have one, so that asking every pair afterwards costs a few bit operations
/// each. For callers about to ask many questions of one map (self-play, the fairness report,
/// the editor's overlays); answers are the same with or without them.
pub fn warm(board: &Board, rules: LosRules) {
    let positions: Vec<Axial> = board.hexes().iter().map(|h| h.at).collect();
    table::warm(&positions, rules.edges);
}

/// What the geometry says of one pair of hexes on any hex map.
#[derive(Debug, Clone, PartialEq)]
pub enum Line {
    /// A clear segment, in pixel units at size 1.
    Clear([[f64; 2]; 2]),
    /// No segment gets through: a smallest set of the obstructing hexes that stops every line
    /// (empty unless an explanation was asked for).
    Blocked(Vec<Axial>),
}

/// The exact line-of-sight search for any hex map, given which of its hexes obstruct this
/// pair: `blocking` lists them (the two ends are never obstacles). Adjacent hexes always see
/// each other. Every ruleset's sight comes from here or from [`sight`], which is this search
/// with a board's elevations and cover.
pub fn line_between(
    from: Axial,
    to: Axial,
    blocking: impl Iterator<Item = Axial>,
    edges: LosEdges,
    explain: bool,
) -> Line {
    if distance(from, to) <= 1 {
        return Line::Clear([geom::pixel_centre(from), geom::pixel_centre(to)]);
    }
    let obstacles = pair::obstacles_among(blocking, from, to);
    match pair::search(from, to, &obstacles, edges, explain) {
        pair::Answer::Clear(segment) => Line::Clear(segment),
        pair::Answer::Blocked(blockers) => Line::Blocked(blockers),
    }
}

/// Builds afresh, bypassing the cache, the sight-line tables every pair of the board needs, and
/// returns how many candidate lines they hold. For measuring the one-off cost that the first
/// query on a map pays.
#[doc(hidden)]
pub fn build_tables_uncached(board: &Board, edges: LosEdges) -> usize {
    let hexes: Vec<Axial> = board.hexes().iter().map(|h| h.at).collect();
    table::build_uncached(&hexes, edges)
}

/// The verdict of the geometry alone (cover at the ends aside) for hexes two or more apart:
/// from the offset's table when it has one, else by the per-pair search.
fn clear_line(
    board: &Board,
    a: Axial,
    b: Axial,
    rules: LosRules,
    ea: u8,
    eb: u8,
    tables: bool,
) -> bool {
    let threshold = rules.threshold(ea, eb);
    match Probe::cached(a, b, rules.edges).filter(|_| tables) {
        Some(probe) => {
            let pattern = obstruction(board, a, &probe, threshold);
            probe.first_clear(&pattern).is_some()
        }
        None => {
            let obstacles = pair::obstacles_between(board, a, b, |h| h.sight_level() > threshold);
            matches!(
                pair::search(a, b, &obstacles, rules.edges, false),
                pair::Answer::Clear(_)
            )
        }
    }
}

/// Which of the probe's nearby hexes obstruct a line between ends at threshold `threshold`.
fn obstruction(board: &Board, a: Axial, probe: &Probe, threshold: u8) -> Pattern {
    let mut pattern = probe.empty_pattern();
    let grid = board.sight_grid();
    let (lo, hi) = probe.extent();
    match grid.index(a) {
        Some(base) if grid.holds(a, lo, hi) => {
            let stride = grid.stride();
            for (w, chunk) in probe.near().chunks(64).enumerate() {
                let mut word = 0u64;
                for (i, off) in chunk.iter().enumerate() {
                    let at = base + i64::from(off[0]) + i64::from(off[1]) * stride;
                    word |= u64::from(grid.level(at) > threshold) << i;
                }
                pattern.set_word(w, word);
            }
        }
        _ => {
            for (i, off) in probe.near().iter().enumerate() {
                let at = [a[0].saturating_add(off[0]), a[1].saturating_add(off[1])];
                pattern.set(i, board.sight_level(at) > threshold);
            }
        }
    }
    pattern
}

#[cfg(test)]
mod direct;
mod lines;
mod pair;
#[cfg(test)]
mod tests;
mod wall;
