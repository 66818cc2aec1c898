//! Coordinate spaces of the map view, kept apart by name so no conversion is done twice:
//!
//! - **hex:** axial `[q, r]` (DESIGN §2), r growing downwards;
//! - **world:** pixel units at hex size 1, the contract's `x = 1.5 q`, `y = sqrt(3) (r + q/2)`,
//!   y downwards; the same units as the CLI's LOS witnesses;
//! - **screen:** egui points in the window.
//!
//! Functions are named `<to>_from_<from>` and positions `<thing>_in_<space>`.

use egui::{Pos2, Rect, Vec2, pos2};
use megahex::board::{Axial, geom};

/// `sqrt(3)`, the height of a size-1 flat-top hex.
pub const SQRT_3: f32 = 1.732_050_8;

/// Smallest zoom, in screen points per world unit: a whole table still fits.
pub const MIN_SCALE: f32 = 2.0;
/// Largest zoom: one hex fills a big screen.
pub const MAX_SCALE: f32 = 400.0;

/// World space is the library's pixel frame, so the editor draws exactly what the engine
/// computes (witness lines included).
fn pos_from_pixel(p: [f64; 2]) -> Pos2 {
    pos2(p[0] as f32, p[1] as f32)
}

/// The centre of a hex in world space.
pub fn world_from_hex(hex: Axial) -> Pos2 {
    pos_from_pixel(geom::pixel_centre(hex))
}

/// The six corners of a hex in world space, at 0°, 60°, ..., 300° from its centre (clockwise on
/// screen, since y grows downwards).
pub fn hex_corners_in_world(hex: Axial) -> [Pos2; 6] {
    geom::pixel_corners(hex).map(pos_from_pixel)
}

/// The hex that contains a world point, on the map or not (a tile may be put there).
pub fn hex_at_world(pos_in_world: Pos2) -> Axial {
    geom::hex_at_pixel([f64::from(pos_in_world.x), f64::from(pos_in_world.y)])
}

/// The world rectangle around all the hexes' corners, or `None` for no hexes.
pub fn world_bounds(hexes: impl IntoIterator<Item = Axial>) -> Option<Rect> {
    hexes
        .into_iter()
        .flat_map(hex_corners_in_world)
        .fold(None, |acc: Option<Rect>, p| {
            Some(acc.map_or_else(|| Rect::from_min_max(p, p), |r| r.union(Rect::from_pos(p))))
        })
}

/// How world space lands on the screen: a uniform scale and a translation. Pan and zoom only
/// change these two numbers, so the map never needs re-laying out.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct View {
    /// Screen points per world unit (the on-screen hex size).
    pub scale: f32,
    /// Where the world origin (the centre of hex `[0, 0]`) is on the screen.
    pub origin_in_screen: Pos2,
}

impl View {
    /// A screen point from a world point.
    pub fn screen_from_world(&self, pos_in_world: Pos2) -> Pos2 {
        self.origin_in_screen + pos_in_world.to_vec2() * self.scale
    }

    /// A world point from a screen point; the inverse of [`View::screen_from_world`].
    pub fn world_from_screen(&self, pos_in_screen: Pos2) -> Pos2 {
        ((pos_in_screen - self.origin_in_screen) / self.scale).to_pos2()
    }

    /// A hex's centre on the screen.
    pub fn screen_from_hex(&self, hex: Axial) -> Pos2 {
        self.screen_from_world(world_from_hex(hex))
    }

    /// A hex's corners on the screen.
    pub fn hex_corners_in_screen(&self, hex: Axial) -> [Pos2; 6] {
        hex_corners_in_world(hex).map(|p| self.screen_from_world(p))
    }

    /// The view that shows all of `bounds_in_world`, centred in `screen`, leaving `margin`
    /// points free on every side.
    pub fn fit(bounds_in_world: Rect, screen: Rect, margin: f32) -> View {
        let available = (screen.size() - Vec2::splat(2.0 * margin)).max(Vec2::splat(1.0));
        let size = bounds_in_world.size().max(Vec2::splat(1e-3));
        let scale = (available.x / size.x)
            .min(available.y / size.y)
            .clamp(MIN_SCALE, MAX_SCALE);
        View {
            scale,
            origin_in_screen: screen.center() - bounds_in_world.center().to_vec2() * scale,
        }
    }

    /// Moves the map with the pointer.
    pub fn pan(&mut self, delta_in_screen: Vec2) {
        self.origin_in_screen += delta_in_screen;
    }

    /// Zooms by `factor`, keeping the world point under `pivot_in_screen` where it is, so the map
    /// zooms towards the pointer. The scale stays within [`MIN_SCALE`]..[`MAX_SCALE`].
    pub fn zoom_around(&mut self, pivot_in_screen: Pos2, factor: f32) {
        if !factor.is_finite() || factor <= 0.0 {
            return;
        }
        let pivot_in_world = self.world_from_screen(pivot_in_screen);
        self.scale = (self.scale * factor).clamp(MIN_SCALE, MAX_SCALE);
        self.origin_in_screen = pivot_in_screen - pivot_in_world.to_vec2() * self.scale;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::vec2;

    fn close(a: Pos2, b: Pos2) -> bool {
        (a - b).length() < 1e-4
    }

    #[test]
    fn hex_centres_follow_the_contract_formula() {
        // Worked by hand from x = 1.5 q, y = sqrt(3) (r + q/2), sqrt(3) = 1.7320508.
        let cases = [
            ([0, 0], pos2(0.0, 0.0)),
            ([1, 0], pos2(1.5, 0.866_025_4)),
            ([0, 1], pos2(0.0, 1.732_050_8)),
            ([0, -1], pos2(0.0, -1.732_050_8)),
            ([2, -1], pos2(3.0, 0.0)),
            ([-3, 5], pos2(-4.5, 6.062_177_8)),
            ([5, -2], pos2(7.5, 0.866_025_4)),
        ];
        for (hex, expected) in cases {
            assert!(close(world_from_hex(hex), expected), "{hex:?}");
        }
    }

    #[test]
    fn corners_start_at_zero_degrees_and_neighbours_share_an_edge() {
        let c = hex_corners_in_world([0, 0]);
        assert!(close(c[0], pos2(1.0, 0.0)));
        assert!(close(c[1], pos2(0.5, SQRT_3 / 2.0)));
        assert!(close(c[3], pos2(-1.0, 0.0)));
        assert!(close(c[4], pos2(-0.5, -SQRT_3 / 2.0)));
        // The S neighbour (0, 1) has corners 4 and 5 on hex (0, 0)'s corners 2 and 1.
        let s = hex_corners_in_world([0, 1]);
        assert!(close(s[4], c[2]));
        assert!(close(s[5], c[1]));
    }

    #[test]
    fn points_find_their_hex() {
        assert_eq!(hex_at_world(pos2(0.1, 0.1)), [0, 0]);
        assert_eq!(hex_at_world(world_from_hex([1, 0])), [1, 0]);
        // Just below hex (0, 0)'s bottom edge, inside (0, 1).
        assert_eq!(hex_at_world(pos2(0.0, 0.9)), [0, 1]);
        // Past the right corner of (0, 0), between (1, -1) and (1, 0): hex (2, -1).
        assert_eq!(hex_at_world(pos2(2.5, 0.0)), [2, -1]);
    }

    #[test]
    fn screen_and_world_round_trip() {
        let view = View {
            scale: 20.0,
            origin_in_screen: pos2(100.0, 50.0),
        };
        assert_eq!(view.screen_from_world(pos2(1.0, -2.0)), pos2(120.0, 10.0));
        let p = pos2(333.0, 17.5);
        assert!(close(view.screen_from_world(view.world_from_screen(p)), p));
        assert!(close(view.screen_from_hex([2, -1]), pos2(160.0, 50.0)));
    }

    #[test]
    fn fit_centres_the_map_and_uses_the_tighter_axis() {
        // One hex: 2 wide, sqrt(3) tall. Screen 220 x 120 with margin 10: 200 x 100 available,
        // so height limits: scale = 100 / sqrt(3) = 57.735.
        let bounds = world_bounds([[0, 0]]).unwrap();
        assert!(close(bounds.min, pos2(-1.0, -SQRT_3 / 2.0)));
        assert!(close(bounds.max, pos2(1.0, SQRT_3 / 2.0)));
        let screen = Rect::from_min_size(pos2(0.0, 0.0), vec2(220.0, 120.0));
        let view = View::fit(bounds, screen, 10.0);
        assert!((view.scale - 57.735_03).abs() < 1e-3);
        assert!(close(view.screen_from_hex([0, 0]), screen.center()));
        // Every corner of a fitted map lies inside the screen minus its margin.
        let hexes = [[0, 0], [5, -2], [2, 3], [-3, 5]];
        let view = View::fit(world_bounds(hexes).unwrap(), screen, 10.0);
        let inner = screen.shrink(10.0 - 1e-3);
        for hex in hexes {
            for corner in view.hex_corners_in_screen(hex) {
                assert!(inner.contains(corner), "{hex:?} {corner:?}");
            }
        }
        assert_eq!(world_bounds([]), None);
    }

    #[test]
    fn zoom_keeps_the_point_under_the_pointer_and_is_clamped() {
        let mut view = View {
            scale: 10.0,
            origin_in_screen: pos2(0.0, 0.0),
        };
        let pivot = pos2(200.0, 100.0);
        let under = view.world_from_screen(pivot);
        view.zoom_around(pivot, 2.0);
        assert_eq!(view.scale, 20.0);
        assert!(close(view.world_from_screen(pivot), under));
        view.zoom_around(pivot, 1e9);
        assert_eq!(view.scale, MAX_SCALE);
        view.zoom_around(pivot, 0.0);
        assert_eq!(view.scale, MAX_SCALE);
        view.pan(vec2(5.0, -5.0));
        assert!(close(
            view.world_from_screen(pivot + vec2(5.0, -5.0)),
            under
        ));
    }
}
