//! What stands and is marked on the map, as drawing primitives in the same frame as the ground
//! ([`super::ground`]): tokens in their team's colour, tokens to collect ringed, objective hexes,
//! deployment zones, tile arrows, and the labels of tiles and tokens. The editor paints these
//! with egui and the SVG and PNG exports write them out, so a print shows the pieces as the
//! screen does.

use super::decor::{Decorations, ObjectiveMark, TileMark, ZoneMark};
use super::ground::{Drawn, Line, Prim, Rgba, Tag, with_alpha};
use super::palette::Rgb;
use crate::board::{Axial, geom};
use crate::scene::Placed;

const OUTLINE: Rgba = [0, 0, 0, 255];
const WHITE: Rgba = [255, 255, 255, 255];

/// Radius of a figure's disc, in world units (a hex's corner is 1 from its centre).
pub const FIGURE_RADIUS: f64 = 0.5;
/// Radius of a marker's ring.
pub const MARKER_RADIUS: f64 = 0.36;

fn drawn(prim: Prim, tag: Option<Tag>) -> Drawn {
    Drawn {
        prim,
        detail: false,
        tag,
    }
}

fn tag(key: &'static str, value: &str, at: Axial) -> Option<Tag> {
    Some(Tag {
        key,
        value: value.to_owned(),
        at,
    })
}

fn offset(p: [f64; 2], d: [f64; 2], by: f64) -> [f64; 2] {
    [p[0] + d[0] * by, p[1] + d[1] * by]
}

fn lerp(a: [f64; 2], b: [f64; 2], t: f64) -> [f64; 2] {
    [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]
}

/// The outline of a group of hexes: the edges no two hexes of the group share, as (hex, edge)
/// where edge `k` runs from corner `k` to corner `k + 1`.
pub fn outline_edges(hexes: &[Axial]) -> Vec<(Axial, usize)> {
    // Edge k faces this neighbour (corners at 0°, 60°, … clockwise on screen): SE, S, SW, NW,
    // N, NE.
    const FACING: [Axial; 6] = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];
    let set: std::collections::HashSet<Axial> = hexes.iter().copied().collect();
    let mut edges = Vec::new();
    for &hex in hexes {
        for (k, d) in FACING.iter().enumerate() {
            let across = [hex[0].saturating_add(d[0]), hex[1].saturating_add(d[1])];
            if !set.contains(&across) {
                edges.push((hex, k));
            }
        }
    }
    edges
}

/// Deployment zones: each hex tinted in the team's colour, the zone outlined.
pub fn zones(zones: &[ZoneMark]) -> Vec<Drawn> {
    let mut out = Vec::new();
    for zone in zones {
        for &at in &zone.hexes {
            out.push(drawn(
                Prim::Polygon {
                    points: geom::pixel_corners(at).to_vec(),
                    fill: Some(with_alpha(zone.colour, 77)),
                    stroke: None,
                },
                tag("zone", &zone.team, at),
            ));
        }
        for (at, k) in outline_edges(&zone.hexes) {
            let corners = geom::pixel_corners(at);
            out.push(drawn(
                Prim::Path {
                    points: vec![corners[k], corners[(k + 1) % 6]],
                    stroke: Line {
                        colour: with_alpha(zone.colour, 255),
                        width: 0.06,
                    },
                },
                None,
            ));
        }
    }
    out
}

/// Objective hexes (hold, reach): a dashed outline in the team's colour and a diamond in the
/// upper left corner.
pub fn objective_hexes(objectives: &[ObjectiveMark]) -> Vec<Drawn> {
    let mut out = Vec::new();
    for objective in objectives {
        let colour = with_alpha(objective.colour, 255);
        for &at in &objective.hexes {
            let centre = geom::pixel_centre(at);
            let inset: Vec<[f64; 2]> = geom::pixel_corners(at)
                .iter()
                .map(|&c| lerp(centre, c, 0.9))
                .collect();
            for k in 0..6 {
                let (a, b) = (inset[k], inset[(k + 1) % 6]);
                // Dashed: each edge as its middle, so neighbouring marks stay apart.
                out.push(drawn(
                    Prim::Path {
                        points: vec![lerp(a, b, 0.2), lerp(a, b, 0.8)],
                        stroke: Line {
                            colour,
                            width: 0.09,
                        },
                    },
                    tag("objective", &objective.id, at),
                ));
            }
            let corner = [centre[0] - 0.45, centre[1] - 0.35];
            let r = 0.16;
            out.push(drawn(
                Prim::Polygon {
                    points: vec![
                        [corner[0], corner[1] - r],
                        [corner[0] + r, corner[1]],
                        [corner[0], corner[1] + r],
                        [corner[0] - r, corner[1]],
                    ],
                    fill: Some(colour),
                    stroke: Some(Line {
                        colour: OUTLINE,
                        width: 0.03,
                    }),
                },
                tag("objective", &objective.id, at),
            ));
        }
    }
    out
}

/// Each tile's arrow (the printed tile's "up"), turned with the tile; detail, so a small map
/// leaves it out.
pub fn tile_arrows(tiles: &[TileMark]) -> Vec<Drawn> {
    let mut out = Vec::new();
    for tile in tiles {
        let angle = (-90.0 + 60.0 * f64::from(tile.rotation % 6)).to_radians();
        let dir = [angle.cos(), angle.sin()];
        let side = [-dir[1], dir[0]];
        let centre = geom::pixel_centre(tile.centre);
        let middle = [centre[0], centre[1] + 0.3];
        let len = 0.28;
        let tip = offset(middle, dir, len);
        let tail = offset(middle, dir, -len * 0.6);
        let head = 0.16;
        let barb = |s: f64| offset(offset(tip, dir, -head), side, s * head * 0.7);
        for line in [
            Line {
                colour: [0, 0, 0, 170],
                width: 0.14,
            },
            Line {
                colour: WHITE,
                width: 0.06,
            },
        ] {
            for points in [vec![tail, tip], vec![barb(1.0), tip, barb(-1.0)]] {
                out.push(Drawn {
                    prim: Prim::Path {
                        points,
                        stroke: line,
                    },
                    detail: true,
                    tag: None,
                });
            }
        }
    }
    out
}

/// The tokens: a figure (anything that can be a target) as a disc in its team's colour, a
/// marker as a ring that leaves the ground under it visible, a multi-hex figure as one body
/// across its hexes.
pub fn tokens(tokens: &[Placed], decor: &Decorations) -> Vec<Drawn> {
    let mut out = Vec::new();
    for token in tokens {
        let colour = decor.token_colour(&token.id);
        let centres: Vec<[f64; 2]> = token.hexes.iter().map(|&h| geom::pixel_centre(h)).collect();
        let radius = if token.target {
            FIGURE_RADIUS
        } else {
            MARKER_RADIUS
        };
        if centres.len() > 1 {
            let body = colour.map(|c| (f64::from(c) * 0.8).round() as u8);
            out.push(drawn(
                Prim::Path {
                    points: centres.clone(),
                    stroke: Line {
                        colour: with_alpha(body, 204),
                        width: radius * 0.9,
                    },
                },
                None,
            ));
        }
        for (&at, &centre) in token.hexes.iter().zip(&centres) {
            let prim = if token.target {
                Prim::Circle {
                    centre,
                    radius,
                    fill: Some(with_alpha(colour, 255)),
                    stroke: Some(Line {
                        colour: OUTLINE,
                        width: 0.06,
                    }),
                }
            } else {
                Prim::Circle {
                    centre,
                    radius,
                    fill: Some(with_alpha(colour, 89)),
                    stroke: Some(Line {
                        colour: with_alpha(colour, 255),
                        width: radius * 0.3,
                    }),
                }
            };
            out.push(drawn(prim, tag("token", &token.id, at)));
        }
    }
    out
}

/// A dashed ring, in the collecting team's colour, around each token an objective collects;
/// a second objective on the same token rings it a little wider.
pub fn collect_rings(tokens: &[Placed], decor: &Decorations) -> Vec<Drawn> {
    let mut out = Vec::new();
    for mark in &decor.collect {
        let Some(token) = tokens.iter().find(|t| t.id == mark.token) else {
            continue;
        };
        let base = if token.target { 0.64 } else { 0.5 };
        let radius = base + 0.12 * mark.ring as f64;
        let stroke = Line {
            colour: with_alpha(mark.colour, 255),
            width: 0.08,
        };
        for &at in &token.hexes {
            let centre = geom::pixel_centre(at);
            for k in 0..12 {
                // Twelve arcs with gaps between them.
                let from = std::f64::consts::TAU * f64::from(k) / 12.0;
                let points = (0..=4)
                    .map(|i| {
                        let a = from + std::f64::consts::TAU / 24.0 * f64::from(i) / 4.0;
                        [centre[0] + radius * a.cos(), centre[1] + radius * a.sin()]
                    })
                    .collect();
                out.push(drawn(
                    Prim::Path { points, stroke },
                    tag("collect", &token.id, at),
                ));
            }
        }
    }
    out
}

/// A text drawn on the map on a dark box, so it reads on every ground colour.
#[derive(Debug, Clone, PartialEq)]
pub struct Label {
    /// The centre of the text, in world units.
    pub at: [f64; 2],
    /// The text.
    pub text: String,
    /// Its size (the font's height), in world units.
    pub size: f64,
    /// The widest it may be, in world units, so neighbours do not run into each other.
    pub max_width: f64,
    /// The text's colour.
    pub colour: Rgb,
}

/// The labels of the tokens and the tiles, placed so they do not run into each other:
/// - a token's id on its first hex, no wider than the hex; a long id with a hyphen on two lines
///   rather than cut;
/// - the ids of tokens sharing a hex (a pylon on a figure's hex) one under another;
/// - a tile's name (`M3`) in the upper part of its centre hex, or, when a token stands there,
///   on the first free hex around it (north first, then clockwise).
pub fn labels(tokens: &[Placed], decor: &Decorations) -> Vec<Label> {
    let mut out = Vec::new();
    let heads: Vec<Axial> = tokens
        .iter()
        .filter_map(|t| t.hexes.first().copied())
        .collect();
    let mut placed_at: Vec<Axial> = Vec::new();
    for &head in &heads {
        if placed_at.contains(&head) {
            continue;
        }
        placed_at.push(head);
        let ids: Vec<&str> = tokens
            .iter()
            .filter(|t| t.hexes.first() == Some(&head))
            .map(|t| t.id.as_str())
            .collect();
        let lines: Vec<String> = match ids.as_slice() {
            [one] => two_lines(one),
            many => many.iter().map(|id| (*id).to_owned()).collect(),
        };
        let centre = geom::pixel_centre(head);
        let step = TOKEN_LABEL_SIZE * 1.15;
        let first = -(lines.len() as f64 - 1.0) / 2.0;
        for (k, text) in lines.into_iter().enumerate() {
            out.push(Label {
                at: [centre[0], centre[1] + (first + k as f64) * step],
                text,
                size: TOKEN_LABEL_SIZE,
                max_width: 1.7,
                colour: [255, 255, 255],
            });
        }
    }
    let occupied: Vec<Axial> = tokens
        .iter()
        .flat_map(|t| t.hexes.iter().copied())
        .collect();
    for tile in &decor.tiles {
        let centre = geom::pixel_centre(tile.centre);
        let free = crate::board::hex::neighbours(tile.centre)
            .into_iter()
            .find(|h| !occupied.contains(h));
        let at = match free {
            Some(free) if occupied.contains(&tile.centre) => geom::pixel_centre(free),
            _ => [centre[0], centre[1] - 0.58],
        };
        out.push(Label {
            at,
            text: tile.label.clone(),
            size: 0.34,
            max_width: 3.0,
            colour: [255, 255, 255],
        });
    }
    out
}

/// The size of a token's id.
const TOKEN_LABEL_SIZE: f64 = 0.3;

/// Ids longer than this go on two lines where they have a hyphen to break at.
const ONE_LINE_ID: usize = 9;

/// A token's id as label lines: one line, or two broken after the hyphen nearest its middle
/// when it is long ("baron-" over "blade").
fn two_lines(id: &str) -> Vec<String> {
    let length = id.chars().count();
    if length <= ONE_LINE_ID {
        return vec![id.to_owned()];
    }
    let middle = id.len() / 2;
    let best = id
        .char_indices()
        .filter(|&(i, c)| c == '-' && i > 0 && i + 1 < id.len())
        .min_by_key(|&(i, _)| i.abs_diff(middle));
    match best {
        Some((i, _)) => vec![id[..=i].to_owned(), id[i + 1..].to_owned()],
        None => vec![id.to_owned()],
    }
}

/// `text` made to fit `max_width`: at `size` if it fits, else smaller (down to `min_size`), and
/// then cut with `..`. `width` measures a text at a size, in the renderer's own units, so the
/// screen and a print fit labels by one rule with their own fonts.
pub fn fit_label(
    text: &str,
    size: f64,
    min_size: f64,
    max_width: f64,
    width: impl Fn(&str, f64) -> f64,
) -> (String, f64) {
    let full = width(text, size);
    if full <= max_width {
        return (text.to_owned(), size);
    }
    let smaller = (size * max_width / full).max(min_size).min(size);
    if width(text, smaller) <= max_width {
        return (text.to_owned(), smaller);
    }
    let mut chars: Vec<char> = text.chars().collect();
    while chars.len() > 1 {
        chars.pop();
        let cut = format!("{}..", chars.iter().collect::<String>());
        if width(&cut, smaller) <= max_width {
            return (cut, smaller);
        }
    }
    (text.chars().take(1).collect(), smaller)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every character as wide as its size: widths are easy to work out by hand.
    fn square(text: &str, size: f64) -> f64 {
        text.chars().count() as f64 * size
    }

    #[test]
    fn a_label_that_fits_keeps_its_size_a_long_one_shrinks_then_is_cut() {
        assert_eq!(fit_label("abc", 1.0, 0.5, 3.0, square), ("abc".into(), 1.0));
        // 4 characters at 1.0 are 4 wide; at 0.75 they are 3.
        assert_eq!(
            fit_label("abcd", 1.0, 0.5, 3.0, square),
            ("abcd".into(), 0.75)
        );
        // 10 characters need 0.3, below the least size 0.5: at 0.5, "abcd.." is 3 wide.
        assert_eq!(
            fit_label("abcdefghij", 1.0, 0.5, 3.0, square),
            ("abcd..".into(), 0.5)
        );
    }

    #[test]
    fn a_zone_is_tinted_hex_by_hex_and_outlined_on_its_rim_only() {
        let zone = ZoneMark {
            team: "heroes".into(),
            colour: [10, 20, 30],
            hexes: vec![[0, 0], [1, 0]],
        };
        let drawn = zones(&[zone]);
        let tints = drawn.iter().filter(|d| d.tag.is_some()).count();
        assert_eq!(tints, 2);
        // Two hexes side by side share one edge: 12 edges, 2 of them inside.
        assert_eq!(drawn.len() - tints, 10);
    }

    fn one_hex(id: &str, at: Axial) -> Placed {
        Placed {
            index: 0,
            id: id.into(),
            team: None,
            hexes: vec![at],
            gait: crate::board::movement::Gait::Single,
            target: true,
        }
    }

    #[test]
    fn a_long_id_breaks_at_the_hyphen_nearest_its_middle() {
        assert_eq!(two_lines("legacy"), ["legacy"]);
        assert_eq!(two_lines("baron-blade"), ["baron-", "blade"]);
        assert_eq!(two_lines("relay-east-2"), ["relay-", "east-2"]);
        assert_eq!(two_lines("longwordnohyphen"), ["longwordnohyphen"]);
    }

    #[test]
    fn tokens_sharing_a_hex_get_their_ids_one_under_another() {
        let labels = labels(
            &[one_hex("blade", [0, 0]), one_hex("pylon", [0, 0])],
            &Decorations::default(),
        );
        let at: Vec<(&str, [f64; 2])> = labels.iter().map(|l| (l.text.as_str(), l.at)).collect();
        assert_eq!(at.len(), 2);
        assert_eq!(at[0].1[0], at[1].1[0], "one above the other");
        assert!(at[0].1[1] < at[1].1[1], "{at:?}");
        // Far enough apart for two lines of text.
        assert!(at[1].1[1] - at[0].1[1] >= TOKEN_LABEL_SIZE, "{at:?}");
    }

    #[test]
    fn a_tile_name_moves_off_a_centre_hex_a_token_stands_on() {
        let tile = TileMark {
            centre: [0, 0],
            rotation: 0,
            label: "M3".into(),
        };
        let decor = Decorations {
            tiles: vec![tile],
            ..Decorations::default()
        };
        let name_at = |tokens: &[Placed]| {
            labels(tokens, &decor)
                .into_iter()
                .find(|l| l.text == "M3")
                .map(|l| l.at)
                .unwrap()
        };
        let centre = geom::pixel_centre([0, 0]);
        assert_eq!(name_at(&[]), [centre[0], centre[1] - 0.58]);
        // The first free neighbour, north first: with north taken, the next clockwise.
        let north = crate::board::hex::DIRECTIONS[0];
        let next = crate::board::hex::DIRECTIONS[1];
        assert!(geom::pixel_centre(north)[1] < centre[1], "north is up");
        assert!(geom::pixel_centre(next)[0] > centre[0], "then clockwise");
        assert_eq!(
            name_at(&[one_hex("legacy", [0, 0])]),
            geom::pixel_centre(north)
        );
        assert_eq!(
            name_at(&[one_hex("legacy", [0, 0]), one_hex("ra", north)]),
            geom::pixel_centre(next)
        );
    }

    #[test]
    fn a_figure_is_a_disc_in_its_colour_and_a_two_hex_figure_has_one_body() {
        let placed = |id: &str, hexes: Vec<Axial>, target: bool| Placed {
            index: 0,
            id: id.into(),
            team: None,
            hexes,
            gait: crate::board::movement::Gait::Single,
            target,
        };
        let decor = Decorations {
            token_colours: vec![("big".into(), [1, 2, 3])],
            ..Decorations::default()
        };
        let drawn = tokens(
            &[
                placed("big", vec![[0, 0], [1, 0]], true),
                placed("vial", vec![[3, 0]], false),
            ],
            &decor,
        );
        let discs: Vec<(&str, Option<Rgba>)> = drawn
            .iter()
            .filter_map(|d| match (&d.prim, &d.tag) {
                (Prim::Circle { fill, .. }, Some(t)) => Some((t.value.as_str(), *fill)),
                _ => None,
            })
            .collect();
        assert_eq!(
            discs,
            [
                ("big", Some([1, 2, 3, 255])),
                ("big", Some([1, 2, 3, 255])),
                ("vial", Some([230, 230, 230, 89])),
            ]
        );
        let bodies = drawn
            .iter()
            .filter(|d| matches!(d.prim, Prim::Path { .. }))
            .count();
        assert_eq!(bodies, 1);
    }
}
