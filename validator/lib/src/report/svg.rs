//! SVG pictures of a map, with an optional rules overlay. The same drawing backs
//! `megahex render`, the pictures in the docs, and the editor's SVG export.

use std::fmt::Write;

use super::decor::{Decorations, LegendKind};
use super::ground::{Drawn, Line, Prim, Rgba, with_alpha};
use super::layer::Layer;
use super::palette;
use super::palette::css;
use super::pieces;
use crate::board::Board;
use crate::board::geom;
use crate::board::hex::Axial;
use crate::board::los::{self, Sight};
use crate::board::movement::{Destination, MoveAction};
use crate::scene::{Placed, Scene};

/// What to draw over the map.
#[derive(Debug, Clone, Default)]
pub enum Overlay {
    /// The map alone.
    #[default]
    None,
    /// Line of sight from one figure or hex to every hex.
    Sight {
        /// The viewer's hexes.
        from: Vec<Axial>,
        /// One answer per hex of the map.
        sights: Vec<Sight>,
        /// The rule in force, for the legend.
        rule: String,
    },
    /// One pair: the witness line, or the hexes that block every line.
    Pair {
        /// The answer.
        sight: Sight,
        /// The rule in force.
        rule: String,
    },
    /// Range from one hex to every hex.
    Range {
        /// The origin.
        from: Vec<Axial>,
        /// Range per hex.
        ranges: Vec<(Axial, u32)>,
    },
    /// Movement: where the figure can end, and at what cost.
    Reach {
        /// The start.
        from: Vec<Axial>,
        /// The destinations.
        found: Vec<Destination>,
        /// What moved, for the legend (for example "move 4").
        label: String,
    },
    /// What changed since another version of the scenario, marked on this one.
    Changes {
        /// The changes.
        diff: Box<crate::diff::ScenarioDiff>,
        /// Each token's hexes on this map, by id, to draw lines between figures.
        tokens: Vec<(String, Vec<Axial>)>,
    },
}

impl Overlay {
    /// Line of sight from a figure's hexes to every hex, as `los --from` answers it.
    pub fn sight_from(scene: &Scene, from: Vec<Axial>) -> Overlay {
        let board = &scene.board;
        let sights = board
            .hexes()
            .iter()
            .filter_map(|h| los::best_sight(board, &from, &[h.at], scene.rules))
            .collect();
        Overlay::Sight {
            from,
            sights,
            rule: scene.rules.name(),
        }
    }

    /// One pair, as `los --from --to` answers it; `None` if either side has no hex on the map.
    pub fn pair(scene: &Scene, from: &[Axial], to: &[Axial]) -> Option<Overlay> {
        los::best_sight(&scene.board, from, to, scene.rules).map(|sight| Overlay::Pair {
            sight,
            rule: scene.rules.name(),
        })
    }

    /// Range from a figure's nearest hex to every hex.
    pub fn range_from(scene: &Scene, from: Vec<Axial>) -> Overlay {
        let ranges = los::ranges_from(&scene.board, &from);
        Overlay::Range { from, ranges }
    }

    /// A diff's marks on the new version's map.
    pub fn changes(scene: &Scene, diff: crate::diff::ScenarioDiff) -> Overlay {
        Overlay::Changes {
            diff: Box::new(diff),
            tokens: scene
                .tokens
                .iter()
                .map(|t| (t.id.clone(), t.hexes.clone()))
                .collect(),
        }
    }

    /// Hexes the overlay marks off the map, which the picture must still frame.
    fn extent(&self) -> Vec<Axial> {
        match self {
            Overlay::Changes { diff, .. } => Layer::off_map_extent(diff),
            _ => Vec::new(),
        }
    }

    /// Where a figure can end a movement, as `reach` answers it.
    pub fn reach_of(
        scene: &Scene,
        from: Vec<Axial>,
        token: Option<&Placed>,
        action: MoveAction,
    ) -> Overlay {
        let found = scene.reach(&from, token, action);
        let label = match action {
            MoveAction::Move {
                budget,
                mobility: false,
            } => format!("move {budget}"),
            MoveAction::Move {
                budget,
                mobility: true,
            } => format!("move {budget} with Mobility"),
            MoveAction::Sprint => "sprint".into(),
            MoveAction::Push(n) => format!("push {n}"),
        };
        Overlay::Reach { from, found, label }
    }
}

/// Drawing size: pixels per hex radius.
pub const DEFAULT_SCALE: f64 = 28.0;

/// How large the picture comes out.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Size {
    /// Pixels per hex radius (centre to corner), for screens.
    Pixels(f64),
    /// Millimetres across a hex's flats, so a printout lines up with the physical tiles.
    Print {
        /// Width of one hex from flat side to flat side, as measured on a tile.
        hex_flats_mm: f64,
    },
}

impl Size {
    /// Drawing units per hex radius.
    fn scale(self) -> f64 {
        match self {
            Size::Pixels(scale) => scale,
            Size::Print { .. } => DEFAULT_SCALE,
        }
    }

    /// Millimetres per drawing unit, for a print.
    pub fn mm_per_unit(self) -> Option<f64> {
        match self {
            Size::Pixels(_) => None,
            // Across the flats is sqrt(3) radii.
            Size::Print { hex_flats_mm } => Some(hex_flats_mm / 3f64.sqrt() / DEFAULT_SCALE),
        }
    }
}

/// One ground primitive as SVG, in the frame's units.
fn write_prim(svg: &mut String, frame: &Frame, prim: &Prim) {
    let paint = |attr: &str, rgba: Option<Rgba>| match rgba {
        Some(c) => format!(
            r#" {attr}="{}"{}"#,
            css([c[0], c[1], c[2]]),
            if c[3] == 255 {
                String::new()
            } else {
                format!(r#" {attr}-opacity="{:.2}""#, f64::from(c[3]) / 255.0)
            }
        ),
        None => format!(r#" {attr}="none""#),
    };
    let stroke = |line: Option<Line>| match line {
        Some(l) => format!(
            r#"{} stroke-width="{:.2}" stroke-linecap="round" stroke-linejoin="round""#,
            paint("stroke", Some(l.colour)),
            l.width * frame.scale
        ),
        None => String::new(),
    };
    let points = |ps: &[[f64; 2]]| {
        ps.iter()
            .map(|p| {
                let q = frame.svg_from_pixel(*p);
                format!("{:.1},{:.1}", q[0], q[1])
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let _ = match prim {
        Prim::Polygon {
            points: ps,
            fill,
            stroke: line,
        } => writeln!(
            svg,
            r#"<polygon points="{}"{}{}/>"#,
            points(ps),
            paint("fill", *fill),
            stroke(*line)
        ),
        Prim::Path {
            points: ps,
            stroke: line,
        } => writeln!(
            svg,
            r#"<polyline points="{}" fill="none"{}/>"#,
            points(ps),
            stroke(Some(*line))
        ),
        Prim::Circle {
            centre,
            radius,
            fill,
            stroke: line,
        } => {
            let c = frame.svg_from_pixel(*centre);
            writeln!(
                svg,
                r#"<circle cx="{:.1}" cy="{:.1}" r="{:.1}"{}{}/>"#,
                c[0],
                c[1],
                radius * frame.scale,
                paint("fill", *fill),
                stroke(*line)
            )
        }
    };
}

/// Writes primitives; a run of primitives with one tag is one `<g data-KEY="VALUE"
/// data-hex="q,r">` line, so each mark on each hex can be found in the picture.
fn write_drawn(svg: &mut String, frame: &Frame, drawn: &[Drawn]) {
    let mut rest = drawn;
    while let Some(first) = rest.first() {
        let run = rest
            .iter()
            .take_while(|d| d.tag.is_some() && d.tag == first.tag)
            .count()
            .max(1);
        let (now, later) = rest.split_at(run);
        match &first.tag {
            Some(tag) => {
                let mut inner = String::new();
                for d in now {
                    write_prim(&mut inner, frame, &d.prim);
                }
                let _ = writeln!(
                    svg,
                    r#"<g data-{}="{}" data-hex="{},{}">{}</g>"#,
                    tag.key,
                    escape(&tag.value),
                    tag.at[0],
                    tag.at[1],
                    inner.replace('\n', "")
                );
            }
            None => write_prim(svg, frame, &first.prim),
        }
        rest = later;
    }
}

/// Writes a map label as the editor draws it: white text on a dark rounded box, made to fit
/// its width by the shared rule ([`pieces::fit_label`]) with an estimate of the font's widths.
fn write_label(svg: &mut String, frame: &Frame, label: &pieces::Label) {
    // Sans-serif letters average a little over half their height in width.
    let width = |text: &str, size: f64| text.chars().count() as f64 * size * 0.56;
    let (text, size) = pieces::fit_label(&label.text, label.size, 0.2, label.max_width, width);
    let c = frame.svg_from_pixel(label.at);
    let (w, h) = (width(&text, size) * frame.scale, size * frame.scale);
    let pad = frame.scale * 0.06;
    let _ = writeln!(
        svg,
        r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="{:.1}" fill="#000000" fill-opacity="0.67"/><text x="{:.1}" y="{:.1}" font-size="{:.1}" text-anchor="middle" fill="{}">{}</text>"##,
        c[0] - w / 2.0 - pad,
        c[1] - h * 0.65,
        w + 2.0 * pad,
        h * 1.3,
        pad,
        c[0],
        c[1] + h * 0.35,
        h,
        css(label.colour),
        escape(&text)
    );
}

struct Frame {
    scale: f64,
    min: [f64; 2],
    margin: f64,
}

impl Frame {
    /// Pixel position (size 1, contract frame) to SVG user units.
    fn svg_from_pixel(&self, p: [f64; 2]) -> [f64; 2] {
        [
            (p[0] - self.min[0]) * self.scale + self.margin,
            (p[1] - self.min[1]) * self.scale + self.margin,
        ]
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Renders the board, its tokens and an overlay as a standalone SVG document, `scale` pixels
/// per hex radius, without the scenario's marks.
pub fn render(board: &Board, tokens: &[Placed], overlay: &Overlay, scale: f64) -> String {
    render_sized(
        board,
        tokens,
        overlay,
        &Decorations::default(),
        Size::Pixels(scale),
    )
}

/// [`render`] at a chosen size (in pixels, or in millimetres for printing at tile scale), with
/// the scenario's marks: team colours, objective hexes, tokens to collect and deployment zones.
pub fn render_sized(
    board: &Board,
    tokens: &[Placed],
    overlay: &Overlay,
    decor: &Decorations,
    size: Size,
) -> String {
    let scale = size.scale();
    let centres: Vec<[f64; 2]> = board
        .hexes()
        .iter()
        .map(|h| h.at)
        .chain(overlay.extent())
        .map(geom::pixel_centre)
        .collect();
    let min = [
        centres.iter().map(|c| c[0]).fold(f64::INFINITY, f64::min) - 1.0,
        centres.iter().map(|c| c[1]).fold(f64::INFINITY, f64::min) - 1.0,
    ];
    let max = [
        centres
            .iter()
            .map(|c| c[0])
            .fold(f64::NEG_INFINITY, f64::max)
            + 1.0,
        centres
            .iter()
            .map(|c| c[1])
            .fold(f64::NEG_INFINITY, f64::max)
            + 1.0,
    ];
    let (min, max) = if centres.is_empty() {
        ([0.0, 0.0], [1.0, 1.0])
    } else {
        (min, max)
    };
    let frame = Frame {
        scale,
        min,
        margin: scale * 0.5,
    };
    let font = scale * 0.42;
    let (layer, legend) = overlay_layer(board, overlay);
    let chars_per_line =
        (((max[0] - min[0]) * scale + 2.0 * frame.margin) / (font * 0.55)).max(20.0) as usize;
    let legend_lines = wrap(&legend, chars_per_line);
    let marks_legend = decor.legend_entries(true, true);
    let legend_height = font * 1.4 * (legend_lines.len() + marks_legend.len()) as f64 + scale * 0.6;
    let width = (max[0] - min[0]) * scale + 2.0 * frame.margin;
    let height = (max[1] - min[1]) * scale + 2.0 * frame.margin + legend_height;
    let mut svg = String::new();
    let (outer_width, outer_height) = match size.mm_per_unit() {
        Some(mm) => (
            format!("{:.2}mm", width * mm),
            format!("{:.2}mm", height * mm),
        ),
        None => (format!("{width:.0}"), format!("{height:.0}")),
    };
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{outer_width}" height="{outer_height}" viewBox="0 0 {width:.1} {height:.1}" font-family="sans-serif">"#
    );
    let _ = writeln!(
        svg,
        r##"<rect width="100%" height="100%" fill="#1f2126"/>"##
    );

    // The ground: terrain, relief, vegetation, lava, water, elevation dots, tile borders.
    write_drawn(&mut svg, &frame, &super::ground::ground(board));
    // Then what the editor draws over it, in its order: the overlay's tints, zones, objective
    // hexes, tile arrows, tokens, rings of tokens to collect, labels.
    write_drawn(&mut svg, &frame, &layer.under());
    write_drawn(&mut svg, &frame, &pieces::zones(&decor.zones));
    write_drawn(
        &mut svg,
        &frame,
        &pieces::objective_hexes(&decor.objectives),
    );
    write_drawn(&mut svg, &frame, &pieces::tile_arrows(&decor.tiles));
    write_drawn(&mut svg, &frame, &pieces::tokens(tokens, decor));
    write_drawn(&mut svg, &frame, &pieces::collect_rings(tokens, decor));
    for label in pieces::labels(tokens, decor) {
        write_label(&mut svg, &frame, &label);
    }
    // The overlay's lines and numbers over the tokens, so they stay readable.
    write_drawn(&mut svg, &frame, &layer.over());
    for label in layer.labels() {
        write_label(&mut svg, &frame, &label);
    }
    let top = height - legend_height + scale * 0.3;
    for (i, line) in legend_lines.iter().enumerate() {
        let _ = writeln!(
            svg,
            r##"<text x="{:.1}" y="{:.1}" font-size="{:.1}" fill="#e6e6e6">{}</text>"##,
            frame.margin,
            top + font * 1.4 * (i as f64 + 1.0),
            font,
            escape(line)
        );
    }
    let marks_top = top + font * 1.4 * legend_lines.len() as f64;
    for (i, (colour, line, kind)) in marks_legend.iter().enumerate() {
        let y = marks_top + font * 1.4 * (i as f64 + 1.0);
        let swatch = Swatch {
            x: frame.margin,
            y: y - font * 0.8,
            side: font * 0.9,
            colour: palette::css(*colour),
        };
        let _ = writeln!(
            svg,
            r##"{}<text x="{:.1}" y="{:.1}" font-size="{:.1}" fill="#e6e6e6">{}</text>"##,
            swatch.drawn(*kind),
            frame.margin + font * 1.4,
            y,
            font,
            escape(line)
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// A legend line's swatch: a square of `side` at (`x`, `y`).
struct Swatch {
    x: f64,
    y: f64,
    side: f64,
    colour: String,
}

impl Swatch {
    /// The swatch drawn as the map draws the mark it stands for, as the editor's legend does:
    /// a zone as a tint with a solid edge, objective hexes as a dashed outline with a diamond,
    /// tokens to collect as a dashed ring.
    fn drawn(&self, kind: LegendKind) -> String {
        let Swatch { x, y, side, colour } = self;
        let stroke = side * 0.12;
        let dash = format!("{:.1} {:.1}", side * 0.25, side * 0.15);
        let (cx, cy) = (x + side / 2.0, y + side / 2.0);
        match kind {
            LegendKind::Zone => format!(
                r#"<rect x="{x:.1}" y="{y:.1}" width="{side:.1}" height="{side:.1}" fill="{colour}" fill-opacity="0.45" stroke="{colour}" stroke-width="{stroke:.1}"/>"#
            ),
            LegendKind::ObjectiveHexes => {
                let r = side * 0.22;
                format!(
                    r#"<rect x="{x:.1}" y="{y:.1}" width="{side:.1}" height="{side:.1}" fill="none" stroke="{colour}" stroke-width="{stroke:.1}" stroke-dasharray="{dash}"/><polygon points="{cx:.1},{:.1} {:.1},{cy:.1} {cx:.1},{:.1} {:.1},{cy:.1}" fill="{colour}"/>"#,
                    cy - r,
                    cx + r,
                    cy + r,
                    cx - r
                )
            }
            LegendKind::Collect => format!(
                r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="{:.1}" fill="none" stroke="{colour}" stroke-width="{stroke:.1}" stroke-dasharray="{dash}"/>"#,
                side * 0.42
            ),
        }
    }
}

/// Greedy word wrap for the legend (and the setup sheet's lines).
pub(crate) fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split_whitespace() {
        let last = lines.last_mut().map_or(0, |l| l.len());
        if last > 0 && last + 1 + word.len() > width {
            lines.push(String::new());
        }
        if let Some(line) = lines.last_mut() {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines
}

/// The overlay's marks, as the editor draws them, and its legend line.
fn overlay_layer(board: &Board, overlay: &Overlay) -> (Layer, String) {
    let mut layer = Layer::default();
    let legend = match overlay {
        Overlay::None => format!("{} hexes", board.hexes().len()),
        Overlay::Sight { from, sights, rule } => {
            layer.add_sight(
                from,
                sights.iter().map(|s| (s.to, s.visible, s.reverse_visible)),
            );
            layer.add_source(from);
            let seen = sights
                .iter()
                .filter(|s| s.visible && !from.contains(&s.to))
                .count();
            format!(
                "Line of sight ({rule}), {seen} hexes visible. Green: both see each other. Blue: the viewer sees it, it cannot see back. Purple: it sees the viewer only. Dark: no line of sight."
            )
        }
        Overlay::Pair { sight, rule } => {
            layer.add_source(&[sight.from]);
            layer.outlines.push((vec![sight.to], palette::WITNESS));
            for &b in &sight.blocked_by {
                layer.tints.push((b, with_alpha(palette::BLOCKER, 115)));
            }
            layer.add_pair(sight);
            let verdict = if sight.visible {
                "visible"
            } else if sight.witness.is_some() {
                "not visible (cover)"
            } else {
                "blocked"
            };
            format!(
                "{},{} to {},{}: {verdict}, range {} ({rule}); yellow line: a clear line; red hexes: block every line.",
                sight.from[0], sight.from[1], sight.to[0], sight.to[1], sight.range
            )
        }
        Overlay::Range { from, ranges } => {
            layer.add_ranges(from, ranges);
            layer.add_source(from);
            "Range: hexes plus elevation difference.".into()
        }
        Overlay::Reach {
            from,
            found,
            label: what,
        } => {
            layer.add_reach(from, found);
            layer.add_source(from);
            format!("Reach ({what}): least cost to end on each hex; orange paths enter a hazard.")
        }
        Overlay::Changes { diff, tokens } => {
            layer.add_changes(diff, |id| {
                tokens
                    .iter()
                    .find(|(t, _)| t == id)
                    .map(|(_, hexes)| hexes.clone())
                    .unwrap_or_default()
            });
            super::change_marks::legend(diff)
        }
    };
    (layer, legend)
}
