//! Exact plane geometry for hexes.
//!
//! Line of sight is decided in a lattice frame where every hex corner has integer coordinates:
//! `X = 2x` and `Y = 2y / sqrt(3)` of the contract's pixel frame at size 1. The map is an affine
//! image of the pixel plane, and affine maps keep lines, intersections and insides, so every
//! answer is the same as in pixel space while all arithmetic stays exact in integers.

use super::hex::Axial;

/// A point of the lattice frame.
pub type Lattice = [i64; 2];

/// Corner offsets from a hex centre, at pixel angles 0°, 60°, …, 300° (y grows downwards).
pub const CORNERS: [Lattice; 6] = [[2, 0], [1, 1], [-1, 1], [-2, 0], [-1, -1], [1, -1]];

/// Edge `i` runs from corner `i` to corner `i + 1`.
pub const EDGE_DIRECTIONS: [Lattice; 6] = [[-1, 1], [-2, 0], [-1, -1], [1, -1], [2, 0], [1, 1]];

/// Lattice centre of a hex.
pub fn centre(at: Axial) -> Lattice {
    let [q, r] = at.map(i64::from);
    [3 * q, 2 * r + q]
}

/// Corner `k` of a hex in the lattice frame.
pub fn corner(at: Axial, k: usize) -> Lattice {
    let c = centre(at);
    let o = CORNERS[k % 6];
    [c[0] + o[0], c[1] + o[1]]
}

/// The hex whose centre is this lattice point, if it is one.
pub fn hex_at_centre(p: Lattice) -> Option<Axial> {
    if p[0].rem_euclid(3) != 0 {
        return None;
    }
    let q = p[0] / 3;
    let twice_r = p[1] - q;
    if twice_r.rem_euclid(2) != 0 {
        return None;
    }
    Some([i32::try_from(q).ok()?, i32::try_from(twice_r / 2).ok()?])
}

/// The three hexes that meet at a corner point.
pub fn hexes_at_corner(p: Lattice) -> impl Iterator<Item = Axial> {
    CORNERS
        .into_iter()
        .filter_map(move |o| hex_at_centre([p[0] - o[0], p[1] - o[1]]))
}

/// Lattice point to pixel coordinates at size 1.
pub fn to_pixel(p: [f64; 2]) -> [f64; 2] {
    [p[0] / 2.0, p[1] * 3f64.sqrt() / 2.0]
}

/// Pixel centre of a hex at size 1, straight from the contract.
pub fn pixel_centre(at: Axial) -> [f64; 2] {
    let [q, r] = at.map(f64::from);
    [1.5 * q, 3f64.sqrt() * (r + q / 2.0)]
}

/// The six pixel corners of a hex at size 1, at 0°, 60°, …, 300° from its centre.
pub fn pixel_corners(at: Axial) -> [[f64; 2]; 6] {
    let [cx, cy] = pixel_centre(at);
    std::array::from_fn(|k| {
        let angle = (60.0 * k as f64).to_radians();
        [cx + angle.cos(), cy + angle.sin()]
    })
}

/// The hex containing a pixel point (size 1): the inverse of [`pixel_centre`], by rounding
/// cube coordinates. Points on an edge go to one of the two hexes.
pub fn hex_at_pixel(p: [f64; 2]) -> Axial {
    let q = p[0] / 1.5;
    let r = p[1] / 3f64.sqrt() - q / 2.0;
    let s = -q - r;
    let (mut rq, mut rr, rs) = (q.round(), r.round(), s.round());
    let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
    if dq > dr && dq > ds {
        rq = -rr - rs;
    } else if dr > ds {
        rr = -rq - rs;
    }
    // Far outside any map the cast saturates, which still names no hex of the board.
    [rq as i32, rr as i32]
}

/// 2D cross product.
pub fn cross(a: Lattice, b: Lattice) -> i64 {
    a[0] * b[1] - a[1] * b[0]
}

/// Difference of two points.
pub fn sub(a: Lattice, b: Lattice) -> Lattice {
    [a[0] - b[0], a[1] - b[1]]
}

/// An exact rational number with a positive denominator.
#[derive(Debug, Clone, Copy)]
pub struct Ratio {
    /// Numerator.
    pub num: i64,
    /// Denominator, always > 0.
    pub den: i64,
}

impl Ratio {
    /// `num / den`, normalising the sign; `den` must not be 0.
    pub fn new(num: i64, den: i64) -> Ratio {
        if den < 0 {
            Ratio {
                num: -num,
                den: -den,
            }
        } else {
            Ratio { num, den }
        }
    }

    /// A whole number.
    pub fn int(n: i64) -> Ratio {
        Ratio { num: n, den: 1 }
    }

    /// Three-way comparison without rounding.
    pub fn compare(self, other: Ratio) -> std::cmp::Ordering {
        (i128::from(self.num) * i128::from(other.den))
            .cmp(&(i128::from(other.num) * i128::from(self.den)))
    }

    /// True if `self < other`.
    pub fn lt(self, other: Ratio) -> bool {
        self.compare(other).is_lt()
    }

    /// True if `self <= other`.
    pub fn le(self, other: Ratio) -> bool {
        self.compare(other).is_le()
    }

    /// The larger of two.
    pub fn max(self, other: Ratio) -> Ratio {
        if self.lt(other) { other } else { self }
    }

    /// The smaller of two.
    pub fn min(self, other: Ratio) -> Ratio {
        if other.lt(self) { other } else { self }
    }

    /// As a float, for output only.
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

/// Which part of a convex hex counts when clipping.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Region {
    /// The hex with its boundary.
    Closed,
    /// The inside only.
    Open,
}

/// The line `origin + t * direction` for rational `t`.
#[derive(Debug, Clone, Copy)]
pub struct Line {
    /// A lattice point on the line.
    pub origin: Lattice,
    /// Direction, non-zero.
    pub direction: Lattice,
    /// `cross(edge_direction_i, direction)` for the six hex edge directions, shared by every hex.
    edge_cross: [i64; 6],
    /// How far a hex reaches across the line, in units of `cross(direction, offset)`: a hex
    /// whose centre lies farther than this from the line cannot touch it.
    half_width: i64,
}

impl Line {
    /// The line through two distinct lattice points.
    pub fn through(a: Lattice, b: Lattice) -> Line {
        let direction = sub(b, a);
        Line {
            origin: a,
            direction,
            edge_cross: EDGE_DIRECTIONS.map(|e| cross(e, direction)),
            half_width: CORNERS
                .iter()
                .map(|&c| cross(direction, c).abs())
                .max()
                .unwrap_or(0),
        }
    }

    /// A quick "cannot meet": the hex lies wholly to one side of the line.
    pub fn misses(&self, hex: Axial, region: Region) -> bool {
        let off = cross(self.direction, sub(centre(hex), self.origin)).abs();
        match region {
            Region::Closed => off > self.half_width,
            Region::Open => off >= self.half_width,
        }
    }

    /// The parameter interval where the line meets a hex, intersected with `[lo, hi]`.
    ///
    /// Each edge is a half-plane `cross(e, p - corner) >= 0` (inside is positive); along the
    /// line that is `a + t * b >= 0` with `b` shared by all hexes.
    pub fn clip(&self, hex: Axial, region: Region, lo: Ratio, hi: Ratio) -> Option<(Ratio, Ratio)> {
        if self.misses(hex, region) {
            return None;
        }
        let c = centre(hex);
        let rel = sub(self.origin, c);
        let (mut lo, mut hi) = (lo, hi);
        for i in 0..6 {
            let e = EDGE_DIRECTIONS[i];
            let a = cross(e, sub(rel, CORNERS[i]));
            let b = self.edge_cross[i];
            if b == 0 {
                let outside = match region {
                    Region::Closed => a < 0,
                    Region::Open => a <= 0,
                };
                if outside {
                    return None;
                }
            } else {
                let t = Ratio::new(-a, b);
                if b > 0 {
                    lo = lo.max(t);
                } else {
                    hi = hi.min(t);
                }
            }
        }
        let empty = match region {
            Region::Closed => hi.lt(lo),
            Region::Open => hi.le(lo),
        };
        if empty { None } else { Some((lo, hi)) }
    }

    /// The whole line as a parameter range wide enough for any map.
    pub fn unbounded() -> (Ratio, Ratio) {
        (Ratio::int(-1_000_000_000), Ratio::int(1_000_000_000))
    }

    /// The point at parameter `t`, in lattice units (floating, for output).
    pub fn point(&self, t: Ratio) -> [f64; 2] {
        let t = t.to_f64();
        [
            self.origin[0] as f64 + t * self.direction[0] as f64,
            self.origin[1] as f64 + t * self.direction[1] as f64,
        ]
    }

    /// True if the segment `[lo, hi]` of this line runs along the shared edge `edge` of `hex`
    /// for more than a point.
    pub fn runs_along_edge(&self, hex: Axial, edge: usize, lo: Ratio, hi: Ratio) -> bool {
        if self.edge_cross[edge] != 0 {
            return false;
        }
        let start = corner(hex, edge);
        let e = EDGE_DIRECTIONS[edge];
        if cross(e, sub(self.origin, start)) != 0 {
            return false;
        }
        // Project the edge's ends onto the line: t = dot(p - origin, d) / dot(d, d).
        let d = self.direction;
        let dd = d[0] * d[0] + d[1] * d[1];
        let end = [start[0] + e[0], start[1] + e[1]];
        let t_of = |p: Lattice| {
            let v = sub(p, self.origin);
            Ratio::new(v[0] * d[0] + v[1] * d[1], dd)
        };
        let (t0, t1) = (t_of(start), t_of(end));
        let (e_lo, e_hi) = if t0.lt(t1) { (t0, t1) } else { (t1, t0) };
        e_lo.max(lo).lt(e_hi.min(hi))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lattice_corners_match_the_pixel_contract() {
        // Corner k at pixel angle 60k degrees, distance 1 from the pixel centre (DESIGN §2).
        for at in [[0, 0], [3, -1], [-2, 5]] {
            let [cx, cy] = pixel_centre(at);
            for k in 0..6 {
                let angle = (60.0 * k as f64).to_radians();
                let expected = [cx + angle.cos(), cy + angle.sin()];
                let p = corner(at, k);
                let got = to_pixel([p[0] as f64, p[1] as f64]);
                assert!(
                    (got[0] - expected[0]).abs() < 1e-12 && (got[1] - expected[1]).abs() < 1e-12
                );
            }
        }
    }

    #[test]
    fn pixel_points_find_their_hex() {
        for at in [[0, 0], [3, -1], [-2, 5], [7, -4]] {
            let c = pixel_centre(at);
            assert_eq!(hex_at_pixel(c), at);
            // Just inside each corner, towards the centre.
            for p in pixel_corners(at) {
                let inside = [p[0] + (c[0] - p[0]) * 0.05, p[1] + (c[1] - p[1]) * 0.05];
                assert_eq!(hex_at_pixel(inside), at);
            }
        }
    }

    #[test]
    fn every_corner_is_shared_by_three_hexes() {
        let mut around: Vec<Axial> = hexes_at_corner(corner([2, -1], 0)).collect();
        around.sort();
        // Corner 0 (east) of [2, -1] touches its NE (1,-1) and SE (1,0) neighbours.
        assert_eq!(around, vec![[2, -1], [3, -2], [3, -1]]);
    }

    #[test]
    fn clipping_a_line_through_a_hex_centre_gives_its_width() {
        // A horizontal line through the centre of [0, 0] enters at corner 3 and leaves at corner 0.
        let line = Line::through(centre([0, 0]), [1, 0]);
        let (lo, hi) = Line::unbounded();
        let (a, b) = line.clip([0, 0], Region::Closed, lo, hi).unwrap();
        assert_eq!((a.to_f64(), b.to_f64()), (-2.0, 2.0));
        // It runs along the top edge of the SE neighbour [1, 0]: closed yes, open no.
        assert!(line.clip([1, 0], Region::Closed, lo, hi).is_some());
        assert!(line.clip([1, 0], Region::Open, lo, hi).is_none());
        assert!(line.clip([0, 1], Region::Closed, lo, hi).is_none());
        let along_top = Line::through(corner([0, 0], 4), corner([0, 0], 5));
        assert!(along_top.clip([0, 0], Region::Closed, lo, hi).is_some());
        assert!(along_top.clip([0, 0], Region::Open, lo, hi).is_none());
        assert!(along_top.runs_along_edge([0, 0], 4, Ratio::int(0), Ratio::int(1)));
    }
}
