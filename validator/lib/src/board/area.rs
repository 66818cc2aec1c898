//! Area, vertex and hazard templates (rulebook "Types of Attacks").

use super::Board;
use super::geom;
use super::hex::{self, Axial, distance};
use super::los::{self, LosRules};

/// What an area attack hits, or why its origin is not allowed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Template {
    /// The origin hex.
    pub origin: Axial,
    /// Why the origin cannot be chosen, if it cannot.
    pub origin_problem: Option<String>,
    /// Hexes hit: in the template and seen from the origin. The source is never among them.
    pub hits: Vec<Axial>,
    /// Hexes in the template that the origin cannot see, so they are not hit.
    pub shielded: Vec<Axial>,
}

/// Checks the origin rule: at most `max_origin` hexes from the source (elevation ignored) and
/// in the source's line of sight. A multi-hex source may use any of its hexes.
fn origin_problem(
    board: &Board,
    source: &[Axial],
    origin: Axial,
    max_origin: u32,
    rules: LosRules,
) -> Option<String> {
    if !board.contains(origin) {
        return Some(format!("[{}, {}] is not on the map", origin[0], origin[1]));
    }
    let Some(nearest) = source.iter().map(|&s| distance(s, origin)).min() else {
        return Some("the attack has no source".into());
    };
    if nearest > max_origin {
        return Some(format!(
            "the origin is {nearest} hexes from the source; this attack allows at most {max_origin}"
        ));
    }
    // One hex of a multi-hex source must satisfy both rules at once: close enough and in sight.
    let allowed = source.iter().any(|&s| {
        distance(s, origin) <= max_origin && (s == origin || los::sees(board, s, origin, rules))
    });
    if !allowed {
        return Some(format!(
            "no hex of the source within {max_origin} hexes of the origin has line of sight to it"
        ));
    }
    None
}

/// An area attack: every hex within `radius` of the origin that the origin can see.
pub fn area(
    board: &Board,
    source: &[Axial],
    origin: Axial,
    max_origin: u32,
    radius: u32,
    rules: LosRules,
) -> Template {
    let mut template = Template {
        origin,
        origin_problem: origin_problem(board, source, origin, max_origin, rules),
        hits: Vec::new(),
        shielded: Vec::new(),
    };
    for at in on_board_within(board, origin, radius) {
        if source.contains(&at) {
            continue;
        }
        if at == origin || los::sees(board, origin, at, rules) {
            template.hits.push(at);
        } else {
            template.shielded.push(at);
        }
    }
    template.hits.sort_unstable();
    template.shielded.sort_unstable();
    template
}

/// A vertex attack: the three hexes around corner `corner` (0..5, clockwise from east) of the
/// chosen hex. The chosen hex follows the origin rule.
pub fn vertex(
    board: &Board,
    source: &[Axial],
    hex: Axial,
    corner: usize,
    max_origin: u32,
    rules: LosRules,
) -> Template {
    let mut hits: Vec<Axial> = geom::hexes_at_corner(geom::corner(hex, corner))
        .filter(|&h| board.contains(h) && !source.contains(&h))
        .collect();
    hits.sort_unstable();
    Template {
        origin: hex,
        origin_problem: origin_problem(board, source, hex, max_origin, rules),
        hits,
        shielded: Vec::new(),
    }
}

/// The board's hexes within `radius` of `origin`: a walk of the disc when it is smaller than the
/// board (templates are a few hexes across, maps a few hundred).
fn on_board_within(board: &Board, origin: Axial, radius: u32) -> Vec<Axial> {
    let disc = 3 * u64::from(radius) * (u64::from(radius) + 1) + 1;
    if disc < board.hexes().len() as u64 {
        hex::within(origin, radius)
            .filter(|&at| board.contains(at))
            .collect()
    } else {
        board
            .hexes()
            .iter()
            .map(|h| h.at)
            .filter(|&at| distance(origin, at) <= radius)
            .collect()
    }
}

/// The hexes a hazard covers: within its radius and seen from its origin.
pub fn hazard_zone(board: &Board, origin: Axial, radius: u32, rules: LosRules) -> Vec<Axial> {
    let mut zone: Vec<Axial> = on_board_within(board, origin, radius)
        .into_iter()
        .filter(|&at| at == origin || los::sees(board, origin, at, rules))
        .collect();
    zone.sort_unstable();
    zone
}

#[cfg(test)]
mod tests {
    use super::*;
    use megahex_schema::Catalog;
    use megahex_schema::rulesets::sentinel_tactics::{Side, TilePlacement};

    fn m7() -> Board {
        // M7 is mostly low: elevations by index 3,1,2,2,1,1,2,1,2,1,1,1,2,1,3,1,1,1,1.
        let tiles = [TilePlacement {
            tile: 7,
            side: Side::Megalopolis,
            at: [0, 0],
            rotation: 0,
        }];
        crate::rulesets::sentinel_tactics::map::build(&tiles, &Catalog::builtin()).0
    }

    #[test]
    fn radius_one_around_a_ground_hex_hits_it_and_its_neighbours_but_not_the_source() {
        let board = m7();
        let t = area(&board, &[[0, 1]], [0, 0], 2, 1, LosRules::default());
        assert_eq!(t.origin_problem, None);
        // Seven hexes within 1 of the centre, less the source at (0,1): six hits (neighbours are
        // adjacent to the origin, and adjacent hexes always see each other).
        assert_eq!(t.hits.len(), 6);
        assert!(!t.hits.contains(&[0, 1]));
        assert!(t.shielded.is_empty());
    }

    #[test]
    fn the_origin_must_be_close_enough() {
        let board = m7();
        let t = area(&board, &[[0, 2]], [0, -2], 2, 1, LosRules::default());
        assert!(t.origin_problem.unwrap().contains("at most 2"));
    }

    #[test]
    fn a_multi_hex_source_needs_one_hex_both_close_and_in_sight() {
        // A wall of elevation-4 hexes (tile 1 side M: hexes 1, 2, 11, 12, 16 are 4) is not needed:
        // on flat M7 the far source hex (0,2) sees (0,-2) but is 4 away, and the near one (0,0)
        // is 2 away. With max origin 2, only (0,0) counts; it sees (0,-2) across flat ground.
        let board = m7();
        let t = area(
            &board,
            &[[0, 0], [0, 2]],
            [0, -2],
            2,
            0,
            LosRules::default(),
        );
        assert_eq!(t.origin_problem, None);
        // From (0,2) alone the origin is too far.
        let far = area(&board, &[[0, 2]], [0, -2], 2, 0, LosRules::default());
        assert!(far.origin_problem.is_some());
    }

    #[test]
    fn a_vertex_attack_hits_the_three_hexes_at_a_corner() {
        let board = m7();
        // Corner 0 (east) of the centre hex touches (0,0), (1,-1) and (1,0).
        let t = vertex(&board, &[[-1, 0]], [0, 0], 0, 1, LosRules::default());
        assert_eq!(t.hits, vec![[0, 0], [1, -1], [1, 0]]);
        assert_eq!(t.origin_problem, None);
    }
}
