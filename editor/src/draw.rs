//! Painting the map: hexes, tile labels and tokens, through a [`View`]. Colours are chosen so
//! that the facts the rules use (side, elevation, cover, lava) read at a glance.

use egui::{Align2, Color32, FontId, Painter, Pos2, Shape, Stroke, Vec2, vec2};
use megahex::Severity;
use megahex::board::{Axial, BoardHex};
use megahex::report::decor::{Decorations, TileMark, ZoneMark};
use megahex::report::palette;
use megahex::report::pieces::{self, outline_edges};
use megahex_schema::Team;

use crate::document::Document;
use crate::ground_paint::{DETAIL_SCALE, paint_ground};
use crate::view::{View, world_from_hex};
use megahex::report::layer::Layer;

/// The hex under the pointer.
const HOVER: Color32 = Color32::from_rgb(255, 230, 80);

/// Badges on hexes with errors.
const BADGE_ERROR: Color32 = Color32::from_rgb(220, 30, 30);
/// Badges on hexes with warnings.
const BADGE_WARNING: Color32 = Color32::from_rgb(230, 150, 0);
/// Badges on hexes with notes.
const BADGE_INFO: Color32 = Color32::from_rgb(60, 120, 220);

/// The selected tile's outline.
const SELECTED: Color32 = Color32::from_rgb(255, 255, 255);
/// A tile or token preview where it can go.
const GHOST_OK: Color32 = Color32::from_rgb(120, 220, 255);
/// A preview where it would lie on another tile, or off the map.
const GHOST_BLOCKED: Color32 = Color32::from_rgb(255, 80, 80);

/// A tile preview: while placing from the palette or dragging a tile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ghost {
    /// The hexes it would cover, with their ground.
    pub hexes: Vec<BoardHex>,
    /// It would lie on another tile.
    pub blocked: bool,
    /// Its name (M3, IP8).
    pub label: String,
    /// Its centre hex.
    pub centre: Axial,
    /// How it is turned, for its arrow.
    pub rotation: u8,
}

/// What to highlight on top of the map: the pointer, the selection and previews.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Marks {
    /// The hex under the pointer.
    pub hovered: Option<Axial>,
    /// The hexes of the selected tiles, outlined as one shape.
    pub selected_tile: Vec<Axial>,
    /// The hexes of the selected tokens.
    pub selected_token: Vec<Axial>,
    /// A box being dragged to select what lies inside it, in world space.
    pub select_box: Option<egui::Rect>,
    /// A tile being placed or moved.
    pub ghost_tile: Option<Ghost>,
    /// Where a dragged token would land.
    pub ghost_token: Vec<Axial>,
    /// The dragged token would land on the map.
    pub ghost_token_ok: bool,
    /// Hexes named by current findings, with the worst severity: a badge each.
    pub badges: Vec<(Axial, Severity)>,
    /// Tinted groups of hexes under the tokens: deployment zones in their team's colour, and
    /// the hexes of an objective being painted.
    pub zones: Vec<(Vec<Axial>, Color32)>,
    /// What is written on each hex.
    pub labels: HexLabels,
    /// Objective hexes and tokens to collect are drawn.
    pub objectives: bool,
    /// The tokens are hidden (their layer is off).
    pub hide_tokens: bool,
}

/// What is written on each hex, if anything: its `q,r` coordinates or its `tile/hex` name, the
/// two ways a scenario file names a hex.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum HexLabels {
    /// Nothing.
    #[default]
    Off,
    /// `q,r`.
    Axial,
    /// `tile/hex`, as `T/I` references are written.
    TileHex,
}

impl HexLabels {
    /// The next setting, in the order the command cycles through them.
    pub fn next(self) -> HexLabels {
        match self {
            HexLabels::Off => HexLabels::Axial,
            HexLabels::Axial => HexLabels::TileHex,
            HexLabels::TileHex => HexLabels::Off,
        }
    }

    /// How the status line names it.
    pub fn name(self) -> &'static str {
        match self {
            HexLabels::Off => "off",
            HexLabels::Axial => "q,r coordinates",
            HexLabels::TileHex => "tile/hex names",
        }
    }
}

/// Below this many points from a hex's centre to its corner, labels would not fit.
const LABEL_SCALE: f32 = 20.0;

/// Writes each hex's label high in the hex (the elevation dots are low), on a dark plate so it
/// reads on any ground, under the tokens.
fn draw_hex_labels(
    painter: &Painter,
    view: &View,
    board: &megahex::board::Board,
    labels: HexLabels,
) {
    if labels == HexLabels::Off || view.scale < LABEL_SCALE {
        return;
    }
    let size = (0.28 * view.scale).clamp(9.0, 14.0);
    for hex in board.hexes() {
        let text = match labels {
            HexLabels::Axial => format!("{},{}", hex.at[0], hex.at[1]),
            HexLabels::TileHex => format!("{}/{}", hex.tile, hex.index),
            HexLabels::Off => continue,
        };
        let pos = view.screen_from_world(world_from_hex(hex.at) + vec2(0.0, -0.5));
        let galley = painter.layout_no_wrap(text, FontId::monospace(size), Color32::WHITE);
        let rect = Align2::CENTER_CENTER.anchor_size(pos, galley.size());
        painter.rect_filled(rect.expand(1.5), 2.0, Color32::from_black_alpha(140));
        painter.galley(rect.min, galley, Color32::WHITE);
    }
}

/// Draws the whole map of a document, with the highlights in `marks`.
pub fn draw_map(painter: &Painter, view: &View, doc: &Document, marks: &Marks, layer: &Layer) {
    let Some(board) = &doc.board() else {
        return;
    };
    let hovered = marks.hovered;
    crate::ground_paint::paint_ground(painter, view, &doc.ground, 1.0);
    draw_hex_labels(painter, view, board, marks.labels);
    // Overlay tints over the ground, under everything else.
    paint_ground(painter, view, &layer.under(), 1.0);
    // Under a sight, reach or area tint the zones are outlines only, so the tint's colours
    // keep their meaning instead of mixing with a team's.
    let zones = zone_pieces(&marks.zones, !layer.tints.is_empty());
    paint_ground(painter, view, &zones, 1.0);
    if marks.objectives {
        paint_ground(
            painter,
            view,
            &pieces::objective_hexes(&doc.decor.objectives),
            1.0,
        );
    }
    if let Some(hex) = hovered {
        let corners = view.hex_corners_in_screen(hex).to_vec();
        painter.add(Shape::closed_line(corners, Stroke::new(2.5, HOVER)));
    }
    if !marks.selected_tile.is_empty() {
        let width = (0.12 * view.scale).clamp(2.5, 5.0);
        draw_outline(
            painter,
            view,
            &marks.selected_tile,
            Stroke::new(width, SELECTED),
        );
    }
    // Under the tokens: a figure on the centre hex hides the arrow, not the other way.
    paint_ground(painter, view, &pieces::tile_arrows(&doc.decor.tiles), 1.0);
    // A hidden token layer leaves the ground, the zones and the objective hexes to see.
    let tokens: &[megahex::scene::Placed] = match marks.hide_tokens {
        true => &[],
        false => doc.tokens(),
    };
    paint_ground(painter, view, &pieces::tokens(tokens, &doc.decor), 1.0);
    if marks.objectives {
        paint_ground(
            painter,
            view,
            &pieces::collect_rings(tokens, &doc.decor),
            1.0,
        );
    }
    if !marks.hide_tokens {
        for &hex in &marks.selected_token {
            let radius = view.scale * 0.62;
            painter.circle_stroke(
                view.screen_from_hex(hex),
                radius,
                Stroke::new((0.08 * view.scale).clamp(2.0, 4.0), SELECTED),
            );
        }
    }
    for label in pieces::labels(tokens, &doc.decor) {
        paint_label(painter, view, &label);
    }
    draw_layer_marks(painter, view, layer);
    draw_badges(painter, view, &marks.badges);
    draw_previews(painter, view, marks);
}

/// A small round badge with "!" at the upper right of each hex a finding names: red for
/// errors, amber for warnings, blue for notes.
fn draw_badges(painter: &Painter, view: &View, badges: &[(Axial, Severity)]) {
    let radius = (0.16 * view.scale).clamp(4.0, 10.0);
    for &(hex, severity) in badges {
        let color = match severity {
            Severity::Error => BADGE_ERROR,
            Severity::Warning => BADGE_WARNING,
            Severity::Info => BADGE_INFO,
        };
        let pos = view.screen_from_world(world_from_hex(hex) + vec2(0.45, -0.5));
        painter.circle(pos, radius, color, Stroke::new(1.5, Color32::WHITE));
        if radius >= 6.0 {
            painter.text(
                pos,
                Align2::CENTER_CENTER,
                "!",
                FontId::proportional(radius * 1.5),
                Color32::WHITE,
            );
        }
    }
}

/// The overlay's lines and numbers, over the tokens so they stay readable; the numbers only
/// when the hexes are large enough to hold them.
pub fn draw_layer_marks(painter: &Painter, view: &View, layer: &Layer) {
    paint_ground(painter, view, &layer.over(), 1.0);
    if view.scale < DETAIL_SCALE {
        return;
    }
    for label in layer.labels() {
        paint_label(painter, view, &label);
    }
}

/// Draws previews last, so they stay visible over everything else.
pub fn draw_previews(painter: &Painter, view: &View, marks: &Marks) {
    if let Some(ghost) = &marks.ghost_tile {
        let color = if ghost.blocked {
            GHOST_BLOCKED
        } else {
            GHOST_OK
        };
        // The tile as it would land: its ground, cover and elevation, slightly see-through so
        // the map under it still shows; red-tinted where it would lie on another tile.
        let mut ground = Vec::new();
        for hex in &ghost.hexes {
            megahex::report::ground::hex_ground(&mut ground, hex);
            megahex::report::ground::elevation_dots(&mut ground, hex);
        }
        crate::ground_paint::paint_ground(painter, view, &ground, 0.85);
        if ghost.blocked {
            for hex in &ghost.hexes {
                let corners = view.hex_corners_in_screen(hex.at).to_vec();
                painter.add(Shape::convex_polygon(
                    corners,
                    GHOST_BLOCKED.gamma_multiply(0.3),
                    Stroke::NONE,
                ));
            }
        }
        let hexes: Vec<Axial> = ghost.hexes.iter().map(|h| h.at).collect();
        draw_outline(painter, view, &hexes, Stroke::new(2.5, color));
        let tile = TileMark {
            centre: ghost.centre,
            rotation: ghost.rotation,
            label: ghost.label.clone(),
        };
        let tiles = std::slice::from_ref(&tile);
        paint_ground(painter, view, &pieces::tile_arrows(tiles), 1.0);
        for label in pieces::labels(
            &[],
            &Decorations {
                tiles: tiles.to_vec(),
                ..Decorations::default()
            },
        ) {
            paint_label(painter, view, &label);
        }
    }
    if let Some(rect_in_world) = marks.select_box {
        let rect = egui::Rect::from_two_pos(
            view.screen_from_world(rect_in_world.min),
            view.screen_from_world(rect_in_world.max),
        );
        painter.rect(
            rect,
            0.0,
            SELECTED.gamma_multiply(0.12),
            Stroke::new(1.5, SELECTED),
            egui::StrokeKind::Inside,
        );
    }
    if !marks.ghost_token.is_empty() {
        let color = if marks.ghost_token_ok {
            GHOST_OK
        } else {
            GHOST_BLOCKED
        };
        for &hex in &marks.ghost_token {
            painter.circle(
                view.screen_from_hex(hex),
                view.scale * 0.45,
                color.gamma_multiply(0.3),
                Stroke::new(2.0, color),
            );
        }
    }
}

fn draw_outline(painter: &Painter, view: &View, hexes: &[Axial], stroke: Stroke) {
    for (hex, k) in outline_edges(hexes) {
        let corners = view.hex_corners_in_screen(hex);
        painter.line_segment([corners[k], corners[(k + 1) % 6]], stroke);
    }
}

/// The fill of a hex, as the library's ground draws it.
pub fn hex_fill(hex: &BoardHex) -> Color32 {
    let [r, g, b] = megahex::report::ground::hex_colour(hex);
    Color32::from_rgb(r, g, b)
}

/// The colour of the team at `index`: its `color`, else a palette colour by position, so its
/// tokens, its zone and its row in the scenario panels match.
pub fn team_color(teams: &[Team], index: usize) -> Color32 {
    rgb(palette::team_colour(teams, index))
}

/// Reads `#rrggbb`; anything else is `None` (the checker reports bad colours).
pub fn parse_hex_color(text: &str) -> Option<Color32> {
    palette::parse_hex_colour(text).map(rgb)
}

/// A library palette colour on screen.
pub fn rgb(colour: palette::Rgb) -> Color32 {
    Color32::from_rgb(colour[0], colour[1], colour[2])
}

/// Text on a dark rounded box, readable on every ground colour.
/// Smallest label text, in points; below it a label is cut instead.
const MIN_LABEL_SIZE: f32 = 8.0;

/// `text` at `size` points, made smaller (down to [`MIN_LABEL_SIZE`]) and then cut with `..`
/// until it is at most `max_width` pixels wide: the library's rule, with egui's font widths.
fn fitted_label(painter: &Painter, text: &str, size: f32, max_width: f32) -> (String, f32) {
    let width = |t: &str, s: f64| {
        let font = FontId::proportional(s as f32);
        f64::from(
            painter
                .layout_no_wrap(t.to_owned(), font, Color32::WHITE)
                .size()
                .x,
        )
    };
    let (text, size) = pieces::fit_label(
        text,
        f64::from(size),
        f64::from(MIN_LABEL_SIZE),
        f64::from(max_width),
        width,
    );
    (text, size as f32)
}

/// A map label from the library, sized for the screen: never smaller than readable text, nor
/// larger than the map needs when zoomed far in.
fn paint_label(painter: &Painter, view: &View, label: &pieces::Label) {
    let size = (label.size as f32 * view.scale).clamp(10.0, 24.0);
    let max_width = label.max_width as f32 * view.scale;
    let (text, size) = fitted_label(painter, &label.text, size, max_width);
    let at = view.screen_from_world(Pos2::new(label.at[0] as f32, label.at[1] as f32));
    label_with_background(painter, at, &text, size, rgb(label.colour));
}

fn label_with_background(painter: &Painter, centre: Pos2, text: &str, size: f32, color: Color32) {
    let galley = painter.layout_no_wrap(text.to_owned(), FontId::proportional(size), color);
    let rect = Align2::CENTER_CENTER.anchor_size(centre, galley.size());
    painter.rect_filled(
        rect.expand2(Vec2::new(3.0, 1.0)),
        3.0,
        Color32::from_black_alpha(170),
    );
    painter.galley(rect.min, galley, color);
}

/// Tinted areas on the map (zones, the hexes being painted), as the library draws deployment
/// zones; with `outline_only`, their outlines without the fill.
pub fn zone_pieces(
    zones: &[(Vec<Axial>, Color32)],
    outline_only: bool,
) -> Vec<megahex::report::ground::Drawn> {
    let marks: Vec<ZoneMark> = zones
        .iter()
        .map(|(hexes, colour)| ZoneMark {
            team: String::new(),
            colour: [colour.r(), colour.g(), colour.b()],
            hexes: hexes.clone(),
        })
        .collect();
    let mut pieces = pieces::zones(&marks);
    if outline_only {
        pieces.retain(|piece| {
            !matches!(
                piece.prim,
                megahex::report::ground::Prim::Polygon { fill: Some(_), .. }
            )
        });
    }
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn under_a_tint_zones_keep_their_outline_and_lose_their_fill() {
        use megahex::report::ground::Prim;
        let zones = vec![(vec![[0, 0], [1, 0]], Color32::from_rgb(30, 110, 210))];
        let filled = |pieces: &[megahex::report::ground::Drawn]| {
            pieces
                .iter()
                .filter(|p| matches!(p.prim, Prim::Polygon { fill: Some(_), .. }))
                .count()
        };
        let plain = zone_pieces(&zones, false);
        assert_eq!(filled(&plain), 2, "one filled hex per zone hex");
        let outlined = zone_pieces(&zones, true);
        assert_eq!(filled(&outlined), 0);
        assert_eq!(outlined.len(), plain.len() - 2, "the outline stays");
    }
    use megahex::board::{Face, Feature};

    #[test]
    fn a_long_label_shrinks_then_is_cut_to_fit_its_hex() {
        let ctx = crate::fonts::context();
        let mut seen = Vec::new();
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            let painter = ui.painter();
            let width = |t: &str, s: f32| {
                painter
                    .layout_no_wrap(t.to_owned(), FontId::proportional(s), Color32::WHITE)
                    .size()
                    .x
            };
            let short = fitted_label(painter, "ra", 20.0, 60.0);
            let long = fitted_label(painter, "blade-battalion-soldier-wave-2-2", 20.0, 60.0);
            seen.push((short.clone(), width(&short.0, short.1)));
            seen.push((long.clone(), width(&long.0, long.1)));
        });
        output.textures_delta.clear();
        assert_eq!(
            seen[0].0,
            ("ra".to_owned(), 20.0),
            "a short label is left alone"
        );
        let ((text, size), width) = &seen[1];
        assert!(*width <= 60.0, "{text} is {width} px wide");
        assert_eq!(*size, MIN_LABEL_SIZE, "shrunk as far as it goes first");
        assert!(text.ends_with("..") && text.starts_with("blade"), "{text}");
    }

    fn hex(face: Face, elevation: u8, terrain: Vec<Feature>) -> BoardHex {
        BoardHex {
            at: [0, 0],
            elevation,
            terrain,
            tile: 1,
            face,
            index: 10,
            placement: 0,
        }
    }

    #[test]
    fn the_outline_of_a_tile_is_its_border_only() {
        // One hex: all six edges. Two neighbours: ten, and the shared edge faces each other.
        assert_eq!(outline_edges(&[[0, 0]]).len(), 6);
        let pair = outline_edges(&[[0, 0], [0, 1]]);
        assert_eq!(pair.len(), 10);
        assert!(
            !pair.contains(&([0, 0], 1)),
            "edge 1 of (0,0) faces S, its neighbour"
        );
        assert!(!pair.contains(&([0, 1], 4)), "edge 4 of (0,1) faces N");
        // A radius-2 megahex (19 hexes) has an outline of 30 edges.
        let mut tile = Vec::new();
        for q in -2i32..=2 {
            for r in -2i32..=2 {
                if (q + r).abs() <= 2 {
                    tile.push([q, r]);
                }
            }
        }
        assert_eq!(tile.len(), 19);
        assert_eq!(outline_edges(&tile).len(), 30);
    }

    #[test]
    fn outline_edges_match_the_shared_corners() {
        // The edge facing a neighbour runs between the two corners both hexes share.
        let close = |a: Pos2, b: Pos2| (a - b).length() < 1e-4;
        let facing: [Axial; 6] = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];
        let here = crate::view::hex_corners_in_world([0, 0]);
        for (k, d) in facing.iter().enumerate() {
            let there = crate::view::hex_corners_in_world(*d);
            for corner in [here[k], here[(k + 1) % 6]] {
                assert!(there.iter().any(|&c| close(c, corner)), "edge {k}");
            }
        }
    }

    #[test]
    fn higher_hexes_are_lighter() {
        let low = hex_fill(&hex(Face::Paved, 1, vec![]));
        let high = hex_fill(&hex(Face::Paved, 4, vec![]));
        assert!(high.r() > low.r() && high.g() > low.g() && high.b() > low.b());
    }

    #[test]
    fn sides_and_terrain_have_distinct_grounds() {
        let city = hex_fill(&hex(Face::Paved, 2, vec![]));
        let sand = hex_fill(&hex(Face::Wild, 2, vec![]));
        let jungle = hex_fill(&hex(Face::Wild, 2, vec![Feature::Cover]));
        let lava = hex_fill(&hex(Face::Wild, 2, vec![Feature::Lava]));
        let all = [city, sand, jungle, lava];
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert_ne!(a, b);
            }
        }
        assert!(lava.r() > lava.b(), "lava is orange");
        assert!(jungle.g() > jungle.r(), "jungle is green");
        assert!(city.b() > city.r(), "the city is grey-blue");
    }
}
