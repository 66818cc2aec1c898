//! The minimap: while part of the map lies outside the canvas (zoomed in on a large map), a
//! small picture of the whole map in the lower right corner, with the part on screen framed. A
//! click or a drag on it centres the view there, as in Tiled and MegaMek.

use egui::{Color32, Pos2, Rect, Sense, Stroke, Vec2};

use crate::view::{View, hex_corners_in_world, world_bounds};
use crate::workbench::Workbench;

/// The minimap's largest width and height, in points.
const MINIMAP_SIZE: Vec2 = Vec2::new(180.0, 140.0);
/// Its distance from the canvas's corner, in points.
const MINIMAP_MARGIN: f32 = 8.0;
/// The frame of the part on screen.
const ON_SCREEN: Color32 = Color32::from_rgb(255, 214, 80);

/// How the whole map fits the minimap: the map's bounds in world space and the minimap's own
/// view of them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MinimapFrame {
    /// Where the minimap stands on the screen.
    pub rect: Rect,
    /// World space onto the minimap.
    pub view: View,
}

/// Where the minimap goes for a map of `bounds_in_world` on `canvas`, or `None` while `view`
/// shows all of the map.
pub fn minimap_frame(bounds_in_world: Rect, view: &View, canvas: Rect) -> Option<MinimapFrame> {
    let on_screen = Rect::from_two_pos(
        view.world_from_screen(canvas.min),
        view.world_from_screen(canvas.max),
    );
    if on_screen.contains_rect(bounds_in_world) {
        return None;
    }
    let aspect = bounds_in_world.width() / bounds_in_world.height().max(1e-3);
    let size = if aspect * MINIMAP_SIZE.y > MINIMAP_SIZE.x {
        Vec2::new(MINIMAP_SIZE.x, MINIMAP_SIZE.x / aspect)
    } else {
        Vec2::new(MINIMAP_SIZE.y * aspect, MINIMAP_SIZE.y)
    };
    let rect = Rect::from_min_size(
        canvas.right_bottom() - size - Vec2::splat(MINIMAP_MARGIN),
        size,
    );
    Some(MinimapFrame {
        rect,
        view: View::fit(bounds_in_world, rect, 4.0),
    })
}

/// The view of `view`'s scale with `centre_in_world` in the middle of `canvas`.
pub fn centred_on(view: &View, centre_in_world: Pos2, canvas: Rect) -> View {
    View {
        scale: view.scale,
        origin_in_screen: canvas.center() - centre_in_world.to_vec2() * view.scale,
    }
}

/// Draws the minimap over the canvas `canvas` when the map does not fit it, and moves the view
/// to where it is clicked or dragged.
pub fn minimap(ui: &egui::Ui, wb: &mut Workbench, canvas: Rect) {
    wb.minimap_rect = None;
    let (Some(view), Some(board)) = (wb.view, wb.doc.board()) else {
        return;
    };
    let Some(bounds) = world_bounds(board.hexes().iter().map(|h| h.at)) else {
        return;
    };
    let Some(frame) = minimap_frame(bounds, &view, canvas) else {
        return;
    };
    let hexes: Vec<(Vec<Pos2>, Color32)> = board
        .hexes()
        .iter()
        .map(|hex| {
            let corners = hex_corners_in_world(hex.at)
                .map(|p| frame.view.screen_from_world(p))
                .to_vec();
            (corners, crate::draw::hex_fill(hex))
        })
        .collect();
    let on_screen = Rect::from_two_pos(
        frame
            .view
            .screen_from_world(view.world_from_screen(canvas.min)),
        frame
            .view
            .screen_from_world(view.world_from_screen(canvas.max)),
    )
    .intersect(frame.rect);
    let mut jump = None;
    egui::Area::new(egui::Id::unique("minimap"))
        .fixed_pos(frame.rect.min)
        .order(egui::Order::Foreground)
        .show(ui.ctx(), |ui| {
            let (response, painter) =
                ui.allocate_painter(frame.rect.size(), Sense::click_and_drag());
            painter.rect_filled(
                response.rect,
                4.0,
                Color32::from_rgba_unmultiplied(10, 12, 16, 230),
            );
            for (corners, fill) in hexes {
                painter.add(egui::Shape::convex_polygon(corners, fill, Stroke::NONE));
            }
            painter.rect_stroke(
                on_screen,
                0.0,
                Stroke::new(1.5, ON_SCREEN),
                egui::StrokeKind::Middle,
            );
            if let Some(pos) = response
                .interact_pointer_pos()
                .filter(|_| response.clicked() || response.dragged())
            {
                jump = Some(frame.view.world_from_screen(pos));
            }
            response.on_hover_text("The whole map: click or drag to look there");
        });
    wb.minimap_rect = Some(frame.rect);
    if let Some(centre) = jump {
        wb.view = Some(centred_on(&view, centre, canvas));
        wb.view_fitted = false;
        ui.ctx().request_repaint();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_minimap_shows_only_while_part_of_the_map_is_off_screen() {
        let canvas = Rect::from_min_size(Pos2::ZERO, Vec2::new(800.0, 600.0));
        let bounds = Rect::from_min_max(Pos2::new(-10.0, -5.0), Pos2::new(10.0, 5.0));
        // 30 points a world unit: the map is 600 × 300 points, inside the canvas.
        let whole = View {
            scale: 30.0,
            origin_in_screen: canvas.center(),
        };
        assert_eq!(minimap_frame(bounds, &whole, canvas), None);
        // 100 points a unit: 2000 × 1000, far larger than the canvas.
        let close = View {
            scale: 100.0,
            origin_in_screen: canvas.center(),
        };
        let frame = minimap_frame(bounds, &close, canvas).unwrap();
        // The map is twice as wide as high: the minimap takes the full width, half as high,
        // in the lower right corner.
        assert_eq!(frame.rect.size(), Vec2::new(180.0, 90.0));
        assert_eq!(frame.rect.max, canvas.max - Vec2::splat(MINIMAP_MARGIN));
    }

    #[test]
    fn a_jump_puts_the_chosen_world_point_in_the_middle_at_the_same_zoom() {
        let canvas = Rect::from_min_size(Pos2::new(100.0, 50.0), Vec2::new(800.0, 600.0));
        let view = View {
            scale: 42.0,
            origin_in_screen: Pos2::new(3.0, 7.0),
        };
        let moved = centred_on(&view, Pos2::new(5.0, -2.0), canvas);
        assert_eq!(moved.scale, 42.0);
        let middle = moved.world_from_screen(canvas.center());
        assert!(
            (middle - Pos2::new(5.0, -2.0)).length() < 1e-4,
            "{middle:?}"
        );
    }
}
