//! Paints the library's ground primitives ([`megahex::report::ground`]) with egui, so the
//! screen shows the ground the SVG and PNG exports draw.

use egui::{Color32, Painter, Pos2, Shape, Stroke, pos2};
use megahex::report::ground::{Drawn, Line, Prim, Rgba};

use crate::view::View;

/// Below this many pixels per hex, detail (dots, leaves, waves) is left out.
pub const DETAIL_SCALE: f32 = 14.0;

fn colour(rgba: Rgba, alpha: f32) -> Color32 {
    let a = (f32::from(rgba[3]) * alpha).round().clamp(0.0, 255.0) as u8;
    Color32::from_rgba_unmultiplied(rgba[0], rgba[1], rgba[2], a)
}

fn stroke(line: Option<Line>, view: &View, alpha: f32) -> Stroke {
    line.map_or(Stroke::NONE, |l| {
        Stroke::new(
            (l.width as f32 * view.scale).max(0.5),
            colour(l.colour, alpha),
        )
    })
}

fn screen(view: &View, p: [f64; 2]) -> Pos2 {
    view.screen_from_world(pos2(p[0] as f32, p[1] as f32))
}

/// Paints everything in `ground`, leaving out detail when the map is small; `alpha` fades it
/// (a tile preview).
pub fn paint_ground(painter: &Painter, view: &View, ground: &[Drawn], alpha: f32) {
    let detail = view.scale >= DETAIL_SCALE;
    for drawn in ground.iter().filter(|d| detail || !d.detail) {
        paint(painter, view, &drawn.prim, alpha);
    }
}

/// Paints one primitive.
pub fn paint(painter: &Painter, view: &View, prim: &Prim, alpha: f32) {
    match prim {
        Prim::Polygon {
            points,
            fill,
            stroke: line,
        } => {
            let points: Vec<Pos2> = points.iter().map(|&p| screen(view, p)).collect();
            let fill = fill.map_or(Color32::TRANSPARENT, |f| colour(f, alpha));
            let line = stroke(*line, view, alpha);
            if fill == Color32::TRANSPARENT {
                painter.add(Shape::closed_line(points, line));
            } else {
                painter.add(Shape::convex_polygon(points, fill, line));
            }
        }
        Prim::Path {
            points,
            stroke: line,
        } => {
            let points: Vec<Pos2> = points.iter().map(|&p| screen(view, p)).collect();
            painter.add(Shape::line(points, stroke(Some(*line), view, alpha)));
        }
        Prim::Circle {
            centre,
            radius,
            fill,
            stroke: line,
        } => {
            painter.circle(
                screen(view, *centre),
                (*radius as f32 * view.scale).max(1.0),
                fill.map_or(Color32::TRANSPARENT, |f| colour(f, alpha)),
                stroke(*line, view, alpha),
            );
        }
    }
}
