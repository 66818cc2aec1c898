//! Hex arithmetic in the contract's axial coordinates.

/// A global axial position `[q, r]`.
pub type Axial = [i32; 2];

/// Neighbour offsets in DESIGN order: N, NE, SE, S, SW, NW.
pub const DIRECTIONS: [Axial; 6] = [[0, -1], [1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]];

/// Hex distance: `(|dq| + |dr| + |dq + dr|) / 2`, the largest of the three cube differences.
pub fn distance(a: Axial, b: Axial) -> u32 {
    // In i64, so no difference of two i32 positions overflows.
    let dq = i64::from(a[0]) - i64::from(b[0]);
    let dr = i64::from(a[1]) - i64::from(b[1]);
    let d = dq.abs().max(dr.abs()).max((dq + dr).abs());
    u32::try_from(d).unwrap_or(u32::MAX)
}

/// The six neighbours, in DESIGN direction order.
pub fn neighbours(at: Axial) -> [Axial; 6] {
    DIRECTIONS.map(|[dq, dr]| [at[0] + dq, at[1] + dr])
}

/// Every position within `radius` of `at` (`at` included), column by column (`q`, then `r`,
/// increasing).
pub fn within(at: Axial, radius: u32) -> impl Iterator<Item = Axial> {
    let radius = i32::try_from(radius).unwrap_or(i32::MAX);
    (-radius..=radius).flat_map(move |dq| {
        let low = (-radius).max(-dq - radius);
        let high = radius.min(radius - dq);
        (low..=high).map(move |dr| [at[0] + dq, at[1] + dr])
    })
}

/// Rotates a position `k` sixth-turns clockwise around the origin: one turn takes `(q, r)` to
/// `(-r, q + r)`.
pub fn rot_cw(at: Axial, k: u32) -> Axial {
    let [q, r] = at;
    match k % 6 {
        1 => [-r, q + r],
        2 => [-q - r, q],
        3 => [-q, -r],
        4 => [r, -q - r],
        5 => [q + r, -q],
        _ => [q, r],
    }
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

    #[test]
    fn k_turns_are_k_single_turns_and_keep_the_distance() {
        for q in -3..=3 {
            for r in -3..=3 {
                let mut turned = [q, r];
                for k in 0..13 {
                    assert_eq!(rot_cw([q, r], k), turned, "{k} turns of {q},{r}");
                    assert_eq!(distance([0, 0], turned), distance([0, 0], [q, r]));
                    turned = [-turned[1], turned[0] + turned[1]];
                }
            }
        }
    }

    #[test]
    fn distances_far_apart_do_not_overflow() {
        assert_eq!(distance([i32::MIN, 0], [i32::MAX, 0]), u32::MAX);
        assert_eq!(distance([-5, 0], [5, 0]), 10);
    }
}
