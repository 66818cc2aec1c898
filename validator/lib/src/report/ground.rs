//! The map's ground as drawing primitives, in the pixel frame at size 1 (DESIGN's
//! `x = 1.5 q`, `y = sqrt(3) (r + q / 2)`). The editor paints them with egui and the SVG and
//! PNG exports write them out, so the screen and a print show the same ground: terrain colours,
//! shaded relief, vegetation, glowing lava, water, elevation dots, and strong tile borders.

use crate::board::{Axial, Board, BoardHex, Face, Feature, geom};

/// A colour with its opacity (0 transparent, 255 opaque).
pub type Rgba = [u8; 4];

/// A stroke: colour and width in world units (a hex's corner is 1 from its centre).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Line {
    /// Colour and opacity.
    pub colour: Rgba,
    /// Width, in world units.
    pub width: f64,
}

/// One thing to draw.
#[derive(Debug, Clone, PartialEq)]
pub enum Prim {
    /// A closed polygon.
    Polygon {
        /// Corners, in order.
        points: Vec<[f64; 2]>,
        /// Fill, if any.
        fill: Option<Rgba>,
        /// Outline, if any.
        stroke: Option<Line>,
    },
    /// An open line through points.
    Path {
        /// The points.
        points: Vec<[f64; 2]>,
        /// The stroke.
        stroke: Line,
    },
    /// A circle.
    Circle {
        /// Centre.
        centre: [f64; 2],
        /// Radius, in world units.
        radius: f64,
        /// Fill, if any.
        fill: Option<Rgba>,
        /// Outline, if any.
        stroke: Option<Line>,
    },
}

/// A primitive and whether it is detail, left out when the map is drawn too small to read it.
#[derive(Debug, Clone, PartialEq)]
pub struct Drawn {
    /// What to draw.
    pub prim: Prim,
    /// Fine detail (elevation dots, leaves, waves).
    pub detail: bool,
    /// What the primitive marks, for pictures that name their parts.
    pub tag: Option<Tag>,
}

/// What a primitive stands for: an SVG writes it as `data-KEY="VALUE" data-hex="q,r"`, so a
/// reader (or a test) can find a token, an objective or a zone in the picture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag {
    /// `token`, `objective`, `collect` or `zone`.
    pub key: &'static str,
    /// The token, objective or team id.
    pub value: String,
    /// The hex the mark is on.
    pub at: Axial,
}

const CITY: [u8; 3] = [112, 128, 156];
const PARK: [u8; 3] = [104, 150, 96];
const WATER: [u8; 3] = [74, 122, 186];
const SAND: [u8; 3] = [204, 182, 124];
const JUNGLE: [u8; 3] = [64, 128, 60];
const LAVA: [u8; 3] = [232, 98, 28];
const GRID: Rgba = [30, 32, 40, 255];
/// The rulebook's green outline of cover hexes.
const COVER_OUTLINE: Rgba = [40, 220, 70, 255];
const LEAF_DARK: Rgba = [28, 84, 34, 255];
const LEAF_LIGHT: Rgba = [92, 170, 72, 255];
const TILE_BORDER: Rgba = [12, 13, 16, 255];

/// The neighbour across each edge of a hex: edge `k` joins corners `k` and `k + 1` (corners at
/// 0°, 60°, …; y grows downwards), so edges 0, 1, 2 face south-east, south and south-west.
const ACROSS_EDGE: [Axial; 6] = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];

/// A colour at an opacity (0 transparent, 255 opaque).
pub fn with_alpha(rgb: [u8; 3], alpha: u8) -> Rgba {
    [rgb[0], rgb[1], rgb[2], alpha]
}

fn opaque(rgb: [u8; 3]) -> Rgba {
    with_alpha(rgb, 255)
}

/// A hex's ground colour: by terrain, else by face (jungle where a jungle hex gives cover),
/// lighter the higher it stands, so height reads like a relief map.
pub fn hex_colour(hex: &BoardHex) -> [u8; 3] {
    if hex.is_lava() {
        // Lava glows at any height.
        return LAVA;
    }
    let ground = if hex.terrain.contains(&Feature::Water) {
        WATER
    } else if hex.terrain.contains(&Feature::Park) {
        PARK
    } else {
        match hex.face {
            Face::Paved => CITY,
            Face::Wild if hex.is_cover() => JUNGLE,
            Face::Wild => SAND,
        }
    };
    let factor = 0.55 + 0.15 * f64::from(hex.elevation.clamp(1, 4));
    ground.map(|c| (f64::from(c) * factor).round().clamp(0.0, 255.0) as u8)
}

/// Everything the ground of `board` draws, bottom first.
pub fn ground(board: &Board) -> Vec<Drawn> {
    let mut out = Vec::new();
    for hex in board.hexes() {
        hex_ground(&mut out, hex);
    }
    for hex in board.hexes() {
        relief(&mut out, board, hex);
    }
    for hex in board.hexes() {
        elevation_dots(&mut out, hex);
    }
    tile_borders(&mut out, board);
    out
}

/// The ground of one hex and what grows or flows on it.
pub fn hex_ground(out: &mut Vec<Drawn>, hex: &BoardHex) {
    let corners = geom::pixel_corners(hex.at).to_vec();
    let centre = geom::pixel_centre(hex.at);
    let base = Drawn {
        prim: Prim::Polygon {
            points: corners,
            fill: Some(opaque(hex_colour(hex))),
            stroke: Some(Line {
                colour: GRID,
                width: 0.03,
            }),
        },
        detail: false,
        tag: None,
    };
    out.push(base);
    if hex.is_lava() {
        lava_glow(out, centre);
    } else if hex.terrain.contains(&Feature::Water) {
        waves(out, centre);
    }
    if hex.is_cover() {
        foliage(out, hex, centre);
        out.push(Drawn {
            prim: Prim::Polygon {
                points: inset(hex.at, 0.9),
                fill: None,
                stroke: Some(Line {
                    colour: COVER_OUTLINE,
                    width: 0.08,
                }),
            },
            detail: false,
            tag: None,
        });
    }
}

/// The hex's corners pulled towards its centre by `factor`.
fn inset(at: Axial, factor: f64) -> Vec<[f64; 2]> {
    let c = geom::pixel_centre(at);
    geom::pixel_corners(at)
        .iter()
        .map(|p| [c[0] + (p[0] - c[0]) * factor, c[1] + (p[1] - c[1]) * factor])
        .collect()
}

fn hexagon(centre: [f64; 2], radius: f64) -> Vec<[f64; 2]> {
    (0..6)
        .map(|k| {
            let a = (60.0 * f64::from(k)).to_radians();
            [centre[0] + radius * a.cos(), centre[1] + radius * a.sin()]
        })
        .collect()
}

/// Molten rings, brighter towards the centre.
fn lava_glow(out: &mut Vec<Drawn>, centre: [f64; 2]) {
    for (radius, colour) in [
        (0.78, [255, 140, 30, 200]),
        (0.52, [255, 190, 60, 220]),
        (0.28, [255, 236, 140, 230]),
    ] {
        out.push(Drawn {
            prim: Prim::Polygon {
                points: hexagon(centre, radius),
                fill: Some(colour),
                stroke: None,
            },
            detail: false,
            tag: None,
        });
    }
}

/// Two lighter wave lines.
fn waves(out: &mut Vec<Drawn>, centre: [f64; 2]) {
    for dy in [-0.22, 0.18] {
        let points: Vec<[f64; 2]> = (0..=8)
            .map(|i| {
                let t = f64::from(i) / 8.0;
                let x = -0.5 + t;
                [
                    centre[0] + x,
                    centre[1] + dy + 0.07 * (t * std::f64::consts::TAU * 1.5).sin(),
                ]
            })
            .collect();
        out.push(Drawn {
            prim: Prim::Path {
                points,
                stroke: Line {
                    colour: [170, 205, 240, 200],
                    width: 0.05,
                },
            },
            detail: true,
            tag: None,
        });
    }
}

/// A few leafy crowns, placed by the hex's index so neighbouring hexes differ.
fn foliage(out: &mut Vec<Drawn>, hex: &BoardHex, centre: [f64; 2]) {
    let turn = f64::from(hex.index) * 0.7;
    for k in 0..3 {
        let a = turn + f64::from(k) * std::f64::consts::TAU / 3.0;
        let at = [
            centre[0] + 0.38 * a.cos(),
            centre[1] + 0.34 * a.sin() - 0.05,
        ];
        out.push(Drawn {
            prim: Prim::Circle {
                centre: at,
                radius: 0.2,
                fill: Some(LEAF_DARK),
                stroke: None,
            },
            detail: true,
            tag: None,
        });
        out.push(Drawn {
            prim: Prim::Circle {
                centre: [at[0] - 0.05, at[1] - 0.05],
                radius: 0.11,
                fill: Some(LEAF_LIGHT),
                stroke: None,
            },
            detail: true,
            tag: None,
        });
    }
}

/// Shaded relief, lit from the north: where a hex stands above its neighbour (or the table),
/// its south-facing edge is a dark cliff and its north-facing edge catches the light, each
/// as wide as the drop.
fn relief(out: &mut Vec<Drawn>, board: &Board, hex: &BoardHex) {
    let corners = inset(hex.at, 0.94);
    for (k, offset) in ACROSS_EDGE.iter().enumerate() {
        let across = [
            hex.at[0].saturating_add(offset[0]),
            hex.at[1].saturating_add(offset[1]),
        ];
        let below = board.get(across).map_or(1, |n| n.elevation);
        let drop = i32::from(hex.elevation) - i32::from(below);
        if drop <= 0 {
            continue;
        }
        let south = k < 3;
        let colour = if south {
            [0, 0, 0, 150]
        } else {
            [255, 255, 255, 90]
        };
        out.push(Drawn {
            prim: Prim::Path {
                points: vec![corners[k], corners[(k + 1) % 6]],
                stroke: Line {
                    colour,
                    width: 0.05 + 0.06 * f64::from(drop),
                },
            },
            detail: false,
            tag: None,
        });
    }
}

/// One dot per elevation level near the bottom of the hex, like the printed tiles.
pub fn elevation_dots(out: &mut Vec<Drawn>, hex: &BoardHex) {
    let count = hex.elevation.clamp(1, 4);
    let c = geom::pixel_centre(hex.at);
    let y = c[1] + 3f64.sqrt() / 2.0 * 0.68;
    for i in 0..count {
        let x = c[0] + (f64::from(i) - f64::from(count - 1) / 2.0) * 0.2;
        out.push(Drawn {
            prim: Prim::Circle {
                centre: [x, y],
                radius: 0.055,
                fill: Some([255, 255, 255, 255]),
                stroke: Some(Line {
                    colour: [0, 0, 0, 160],
                    width: 0.02,
                }),
            },
            detail: true,
            tag: None,
        });
    }
}

/// The outer edge of every tile, drawn strong so the eight tiles read as pieces on the table.
fn tile_borders(out: &mut Vec<Drawn>, board: &Board) {
    for hex in board.hexes() {
        let corners = geom::pixel_corners(hex.at);
        for (k, offset) in ACROSS_EDGE.iter().enumerate() {
            let across = [
                hex.at[0].saturating_add(offset[0]),
                hex.at[1].saturating_add(offset[1]),
            ];
            let same_tile = board
                .get(across)
                .is_some_and(|n| n.placement == hex.placement);
            if same_tile {
                continue;
            }
            out.push(Drawn {
                prim: Prim::Path {
                    points: vec![corners[k], corners[(k + 1) % 6]],
                    stroke: Line {
                        colour: TILE_BORDER,
                        width: 0.1,
                    },
                },
                detail: false,
                tag: None,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::DIRECTIONS;
    use megahex_schema::rulesets::sentinel_tactics::Side;

    fn one_tile(side: Side) -> Board {
        tile_board(1, side)
    }

    fn tile_board(tile: u32, side: Side) -> Board {
        let placement = megahex_schema::rulesets::sentinel_tactics::TilePlacement {
            tile,
            side,
            at: [0, 0],
            rotation: 0,
        };
        crate::rulesets::sentinel_tactics::map::build(
            &[placement],
            &megahex_schema::Catalog::builtin(),
        )
        .0
    }

    fn border_edges(ground: &[Drawn]) -> usize {
        ground
            .iter()
            .filter(
                |d| matches!(&d.prim, Prim::Path { stroke, .. } if stroke.colour == TILE_BORDER),
            )
            .count()
    }

    #[test]
    fn a_lone_tile_has_thirty_border_edges() {
        // A radius-2 megahex: six corner hexes with three outer edges each and six edge hexes
        // with two, worked by hand: 6 * 3 + 6 * 2 = 30.
        assert_eq!(border_edges(&ground(&one_tile(Side::Megalopolis))), 30);
    }

    #[test]
    fn every_cover_hex_grows_leaves_and_every_lava_hex_glows() {
        let board = one_tile(Side::InsulaPrimalis);
        let drawn = ground(&board);
        let leaves = drawn
            .iter()
            .filter(|d| matches!(&d.prim, Prim::Circle { fill: Some(f), .. } if *f == LEAF_DARK))
            .count();
        let cover = board.hexes().iter().filter(|h| h.is_cover()).count();
        assert_eq!(leaves, 3 * cover, "three crowns a cover hex");
        let mut lava = 0;
        for tile in 1..=8 {
            for hex in tile_board(tile, Side::InsulaPrimalis).hexes() {
                let mut one = Vec::new();
                hex_ground(&mut one, hex);
                let glow = one
                    .iter()
                    .filter(|d| matches!(&d.prim, Prim::Polygon { stroke: None, .. }))
                    .count();
                assert_eq!(glow, if hex.is_lava() { 3 } else { 0 }, "hex {}", hex.index);
                lava += usize::from(hex.is_lava());
            }
        }
        assert!(lava > 0, "the jungle side has a volcano");
    }

    #[test]
    fn each_edge_faces_the_neighbour_across_it() {
        // The edge between corners k and k+1 has its middle in the direction of the
        // neighbour's centre: worked from the corner angles 0°, 60°, … and DESIGN's pixel frame.
        for (k, offset) in ACROSS_EDGE.iter().enumerate() {
            assert!(DIRECTIONS.contains(offset));
            let corners = geom::pixel_corners([0, 0]);
            let mid = [
                (corners[k][0] + corners[(k + 1) % 6][0]) / 2.0,
                (corners[k][1] + corners[(k + 1) % 6][1]) / 2.0,
            ];
            let n = geom::pixel_centre(*offset);
            // The neighbour's centre is twice as far as the edge's middle, the same way.
            assert!((n[0] - 2.0 * mid[0]).abs() < 1e-9 && (n[1] - 2.0 * mid[1]).abs() < 1e-9);
        }
    }
}
