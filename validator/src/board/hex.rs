//! Hex arithmetic in the contract's axial coordinates.

/// A global axial position `[q, r]`.
pub type Axial = [i32; 2];

/// Neighbour offsets in DESIGN order: N, NE, SE, S, SW, NW.
pub const DIRECTIONS: [Axial; 6] = [[0, -1], [1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]];

/// Hex distance: `(|dq| + |dr| + |dq + dr|) / 2`.
pub fn distance(a: Axial, b: Axial) -> u32 {
    hexx::Hex::new(a[0], a[1]).unsigned_distance_to(hexx::Hex::new(b[0], b[1]))
}

/// The six neighbours, in DESIGN direction order.
pub fn neighbours(at: Axial) -> [Axial; 6] {
    DIRECTIONS.map(|[dq, dr]| [at[0] + dq, at[1] + dr])
}

/// Every position within `radius` of `at` (`at` included), in no particular order.
pub fn within(at: Axial, radius: u32) -> impl Iterator<Item = Axial> {
    hexx::Hex::new(at[0], at[1])
        .range(radius)
        .map(|h| [h.x, h.y])
}

/// Rotates a position `k` sixth-turns clockwise around the origin.
pub fn rot_cw(at: Axial, k: u32) -> Axial {
    let h = hexx::Hex::new(at[0], at[1]).rotate_cw(k);
    [h.x, h.y]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn within_is_every_position_at_that_distance_or_less() {
        let at = [3, -2];
        for radius in 0..4 {
            let mut got: Vec<Axial> = within(at, radius).collect();
            got.sort_unstable();
            let mut brute = Vec::new();
            for q in -10..=10 {
                for r in -10..=10 {
                    let dq: i32 = q - at[0];
                    let dr: i32 = r - at[1];
                    if (dq.abs() + dr.abs() + (dq + dr).abs()) / 2 <= radius as i32 {
                        brute.push([q, r]);
                    }
                }
            }
            brute.sort_unstable();
            assert_eq!(got, brute, "radius {radius}");
        }
    }

    #[test]
    fn distance_matches_the_contract_formula() {
        for q in -4i32..=4 {
            for r in -4i32..=4 {
                let expected: i32 = (q.abs() + r.abs() + (q + r).abs()) / 2;
                assert_eq!(distance([0, 0], [q, r]), expected as u32);
            }
        }
    }

    #[test]
    fn rotation_matches_the_contract_formula() {
        // rot_cw(q, r) = (-r, q + r), straight from DESIGN §2.
        for q in -3..=3 {
            for r in -3..=3 {
                assert_eq!(rot_cw([q, r], 1), [-r, q + r]);
                assert_eq!(rot_cw([q, r], 6), [q, r]);
            }
        }
        // N turns to NE: clockwise on a screen where r grows downwards.
        assert_eq!(rot_cw(DIRECTIONS[0], 1), DIRECTIONS[1]);
    }
}
