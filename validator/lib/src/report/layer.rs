//! A rules overlay as marks on the map: line-of-sight tints, reach costs and hazard paths, area
//! hits, range numbers, the witness line. Built here from the library's answers and drawn by
//! both the editor (live, under the pointer) and the SVG export, so an exported overlay shows
//! what the screen showed, in the same colours.

use super::ground::{Drawn, Line, Prim, Rgba, with_alpha};
use super::palette::{self, Rgb};
use super::pieces::Label;
use crate::board::area::Template;
use crate::board::los::Sight;
use crate::board::movement::Destination;
use crate::board::{Axial, geom};

/// How strongly a tint covers the ground (0 to 255).
const TINT_ALPHA: u8 = 128;
/// Hexes out of sight are darkened more, so what can be seen stands out.
const HIDDEN_ALPHA: u8 = 179;
const WHITE: Rgb = [255, 255, 255];

/// The marks of the overlays in force, in world units (a hex's corner is 1 from its centre).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Layer {
    /// Hexes tinted under the tokens.
    pub tints: Vec<(Axial, Rgba)>,
    /// Range numbers, high in each hex, so they combine with any tint.
    pub top_numbers: Vec<(Axial, u32)>,
    /// Reach costs, in the middle of each hex, in their colour.
    pub centre_numbers: Vec<(Axial, u32, Rgb)>,
    /// Paths through hex centres (the cheapest path to the hovered hex, hazard paths).
    pub paths: Vec<(Vec<Axial>, Rgb)>,
    /// Groups of hexes outlined (the source, hexes that block a line, an area's origin).
    pub outlines: Vec<(Vec<Axial>, Rgb)>,
    /// A clear line between two figures, corner to corner or centre to centre.
    pub witness: Option<[[f64; 2]; 2]>,
    /// The corner a vertex attack comes from.
    pub corner: Option<[f64; 2]>,
    /// Straight lines between two points, as between two figures whose sight changed.
    pub lines: Vec<([[f64; 2]; 2], Rgb)>,
    /// Arrows from one point to another (a token's move between two versions of a scenario).
    pub arrows: Vec<([f64; 2], [f64; 2], Rgb)>,
}

/// The tint of a hex by its two line-of-sight verdicts: from the source, and back.
pub fn sight_tint(visible: bool, reverse_visible: bool) -> Rgba {
    let (rgb, alpha) = match (visible, reverse_visible) {
        (true, true) => (palette::SEEN, TINT_ALPHA),
        (true, false) => (palette::SEES_ONLY, TINT_ALPHA),
        (false, true) => (palette::SEEN_ONLY, TINT_ALPHA),
        (false, false) => (palette::HIDDEN, HIDDEN_ALPHA),
    };
    [rgb[0], rgb[1], rgb[2], alpha]
}

impl Layer {
    /// Outlines the hexes overlays are measured from.
    pub fn add_source(&mut self, from: &[Axial]) {
        self.outlines.push((from.to_vec(), WHITE));
    }

    /// Tints every hex but the source's by its verdicts `(hex, visible, reverse_visible)`.
    pub fn add_sight(
        &mut self,
        from: &[Axial],
        verdicts: impl IntoIterator<Item = (Axial, bool, bool)>,
    ) {
        for (at, visible, back) in verdicts {
            if !from.contains(&at) {
                self.tints.push((at, sight_tint(visible, back)));
            }
        }
    }

    /// One pair's answer: its clear line, or (when no line is clear) the hexes that block every
    /// line, outlined.
    pub fn add_pair(&mut self, sight: &Sight) {
        self.witness = sight.witness;
        if sight.witness.is_none() {
            self.outlines
                .push((sight.blocked_by.clone(), palette::BLOCKER));
        }
    }

    /// Where a figure can end: each hex tinted (orange when its cheapest path enters a hazard)
    /// with its cost, and the hazard paths drawn.
    pub fn add_reach(&mut self, from: &[Axial], found: &[Destination]) {
        for d in found {
            let hazard = !d.hazards.is_empty();
            let colour = if hazard {
                palette::HAZARD
            } else {
                palette::REACH
            };
            self.tints.push((d.at, with_alpha(colour, TINT_ALPHA)));
            if !from.contains(&d.at) {
                let text = if hazard { palette::HAZARD } else { WHITE };
                self.centre_numbers.push((d.at, d.cost, text));
            }
        }
        for d in found.iter().filter(|d| !d.hazards.is_empty()) {
            self.paths.push((d.path.clone(), palette::HAZARD));
        }
    }

    /// A path to follow, in white (the cheapest path to the hovered hex).
    pub fn add_path(&mut self, path: &[Axial]) {
        self.paths.push((path.to_vec(), WHITE));
    }

    /// An area attack: hits tinted red, hexes in the template the origin cannot see grey, the
    /// origin outlined (red when it cannot be chosen), and the corner of a vertex attack.
    pub fn add_area(&mut self, template: &Template, corner: Option<usize>) {
        for &h in &template.hits {
            self.tints.push((h, with_alpha(palette::HIT, TINT_ALPHA)));
        }
        for &h in &template.shielded {
            self.tints
                .push((h, with_alpha(palette::SHIELDED, HIDDEN_ALPHA)));
        }
        let origin_colour = if template.origin_problem.is_some() {
            palette::BLOCKER
        } else {
            WHITE
        };
        self.outlines.push((vec![template.origin], origin_colour));
        self.corner = corner.and_then(|k| geom::pixel_corners(template.origin).get(k).copied());
    }

    /// Range numbers on every hex but the source's.
    pub fn add_ranges(&mut self, from: &[Axial], ranges: &[(Axial, u32)]) {
        self.top_numbers = ranges
            .iter()
            .filter(|(at, _)| !from.contains(at))
            .copied()
            .collect();
    }

    /// What goes under the tokens: the tints.
    pub fn under(&self) -> Vec<Drawn> {
        self.tints
            .iter()
            .map(|&(at, colour)| Drawn {
                prim: Prim::Polygon {
                    points: geom::pixel_corners(at).to_vec(),
                    fill: Some(colour),
                    stroke: None,
                },
                detail: false,
                tag: None,
            })
            .collect()
    }

    /// What goes over the tokens, so it stays visible: paths on a dark underlay, outlines, the
    /// witness line with its ends, the vertex corner.
    pub fn over(&self) -> Vec<Drawn> {
        const WIDTH: f64 = 0.07;
        let shadow = Line {
            colour: [0, 0, 0, 150],
            width: WIDTH + 0.06,
        };
        let mut out = Vec::new();
        let mut push = |prim| {
            out.push(Drawn {
                prim,
                detail: false,
                tag: None,
            });
        };
        for (path, colour) in &self.paths {
            if path.len() > 1 {
                let points: Vec<[f64; 2]> = path.iter().map(|&h| geom::pixel_centre(h)).collect();
                push(Prim::Path {
                    points: points.clone(),
                    stroke: shadow,
                });
                push(Prim::Path {
                    points,
                    stroke: Line {
                        colour: with_alpha(*colour, 255),
                        width: WIDTH,
                    },
                });
            }
        }
        for (hexes, colour) in &self.outlines {
            for (at, k) in super::pieces::outline_edges(hexes) {
                let corners = geom::pixel_corners(at);
                push(Prim::Path {
                    points: vec![corners[k], corners[(k + 1) % 6]],
                    stroke: Line {
                        colour: with_alpha(*colour, 255),
                        width: WIDTH + 0.02,
                    },
                });
            }
        }
        if let Some([a, b]) = self.witness {
            push(Prim::Path {
                points: vec![a, b],
                stroke: Line {
                    colour: [0, 0, 0, 170],
                    width: WIDTH + 0.06,
                },
            });
            let colour = with_alpha(palette::WITNESS, 255);
            push(Prim::Path {
                points: vec![a, b],
                stroke: Line {
                    colour,
                    width: WIDTH,
                },
            });
            for end in [a, b] {
                push(Prim::Circle {
                    centre: end,
                    radius: WIDTH + 0.03,
                    fill: Some(colour),
                    stroke: None,
                });
            }
        }
        for &([a, b], colour) in &self.lines {
            for stroke in [
                shadow,
                Line {
                    colour: with_alpha(colour, 255),
                    width: WIDTH,
                },
            ] {
                push(Prim::Path {
                    points: vec![a, b],
                    stroke,
                });
            }
        }
        for &(from, to, colour) in &self.arrows {
            arrow(&mut push, from, to, with_alpha(colour, 255), WIDTH);
        }
        if let Some(at) = self.corner {
            push(Prim::Circle {
                centre: at,
                radius: WIDTH + 0.1,
                fill: Some(with_alpha(palette::HIT, 255)),
                stroke: Some(Line {
                    colour: [255, 255, 255, 255],
                    width: 0.05,
                }),
            });
        }
        out
    }

    /// The numbers: range high and to the left in each hex (clear of a tile's label), reach
    /// costs in the middle.
    pub fn labels(&self) -> Vec<Label> {
        let mut out = Vec::new();
        for &(at, n) in &self.top_numbers {
            let c = geom::pixel_centre(at);
            out.push(Label {
                at: [c[0] - 0.42, c[1] - 0.42],
                text: n.to_string(),
                size: 0.27,
                max_width: 0.8,
                colour: palette::RANGE_TEXT,
            });
        }
        for &(at, n, colour) in &self.centre_numbers {
            let c = geom::pixel_centre(at);
            out.push(Label {
                at: [c[0], c[1] + 0.25],
                text: n.to_string(),
                size: 0.33,
                max_width: 1.2,
                colour,
            });
        }
        out
    }
}

/// A line with a head at `to`, on a dark underlay, stopping short of the ends so the pieces
/// under them stay readable.
fn arrow(push: &mut impl FnMut(Prim), from: [f64; 2], to: [f64; 2], colour: Rgba, width: f64) {
    let (dx, dy) = (to[0] - from[0], to[1] - from[1]);
    let length = (dx * dx + dy * dy).sqrt();
    if length < 1e-9 {
        return;
    }
    let (ux, uy) = (dx / length, dy / length);
    let inset = 0.35_f64.min(length / 4.0);
    let start = [from[0] + ux * inset, from[1] + uy * inset];
    let tip = [to[0] - ux * inset, to[1] - uy * inset];
    let head = 0.3_f64.min(length / 3.0);
    let base = [tip[0] - ux * head, tip[1] - uy * head];
    let wing = [-uy * head * 0.55, ux * head * 0.55];
    push(Prim::Path {
        points: vec![start, base],
        stroke: Line {
            colour: [0, 0, 0, 150],
            width: width + 0.06,
        },
    });
    push(Prim::Path {
        points: vec![start, base],
        stroke: Line { colour, width },
    });
    push(Prim::Polygon {
        points: vec![
            tip,
            [base[0] + wing[0], base[1] + wing[1]],
            [base[0] - wing[0], base[1] - wing[1]],
        ],
        fill: Some(colour),
        stroke: Some(Line {
            colour: [0, 0, 0, 150],
            width: 0.03,
        }),
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sight_tints_tell_the_four_verdicts_apart_and_darken_hidden_hexes_most() {
        let all = [
            sight_tint(true, true),
            sight_tint(true, false),
            sight_tint(false, true),
            sight_tint(false, false),
        ];
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert_ne!(a, b);
            }
        }
        assert!(all[3][3] > all[0][3]);
    }

    #[test]
    fn the_source_gets_no_tint_or_number_of_its_own() {
        let from = [[0, 0]];
        let mut layer = Layer::default();
        layer.add_sight(&from, [([0, 0], true, true), ([1, 0], false, false)]);
        layer.add_ranges(&from, &[([0, 0], 0), ([1, 0], 1)]);
        assert_eq!(layer.tints, [([1, 0], sight_tint(false, false))]);
        assert_eq!(layer.top_numbers, [([1, 0], 1)]);
        let labels = layer.labels();
        assert_eq!(labels.len(), 1);
        assert_eq!(labels[0].text, "1");
    }
}
