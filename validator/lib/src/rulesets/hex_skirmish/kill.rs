//! Turns to kill: how soon a defender's hit points run out when the attacker spends every
//! turn striking it, for the turns-to-kill tables of the hex-skirmish ruleset.

use crate::odds::Odds;

/// The most turns a table looks ahead.
pub const MAX_TURNS: usize = 50;

/// The chance a defender is down after each turn of strikes.
#[derive(Debug, Clone, PartialEq)]
pub struct KillTable {
    /// The defender's hit points at the start.
    pub hit_points: u32,
    /// Strikes a turn.
    pub attacks: u32,
    /// `dead_by_turn[t]`: the chance the defender is at 0 hit points after turn `t + 1`.
    pub dead_by_turn: Vec<f64>,
    /// The expected number of turns, or `None` when the strikes may never bring it down.
    pub expected_turns: Option<f64>,
}

/// The chance of death after each of the first `turns` turns, and the expected number of turns,
/// for a defender with `hit_points` struck `attacks` times a turn, each strike taking off hit
/// points as `odds` says (0 hit points is dead).
pub fn turns_to_kill(odds: &Odds, hit_points: u32, attacks: u32, turns: usize) -> KillTable {
    let per_strike = odds.probabilities();
    // alive[h]: the chance the defender stands with h + 1 hit points.
    let mut alive = vec![0.0; hit_points as usize];
    if let Some(last) = alive.last_mut() {
        *last = 1.0;
    }
    let mut dead_by_turn = Vec::with_capacity(turns);
    for _ in 0..turns {
        for _ in 0..attacks {
            alive = strike(&alive, &per_strike);
        }
        // Rounding can take the sum a hair past 1; a chance stays within 0 and 1.
        dead_by_turn.push((1.0 - alive.iter().sum::<f64>()).clamp(0.0, 1.0));
    }
    KillTable {
        hit_points,
        attacks,
        dead_by_turn,
        expected_turns: expected_turns(&per_strike, hit_points, attacks.max(1)),
    }
}

/// The exact expected number of turns, from the chain over (hit points left, strikes made this
/// turn): `x(h, k) = [k = 0] + sum over d of q_d x(h - d, k + 1 mod attacks)`, with the dead at
/// 0. The strikes that miss or are soaked (`q_0`) leave `h` as it is, so for each `h` the
/// `attacks` unknowns form one cycle, solved in closed form. `None` when no strike can hurt.
fn expected_turns(per_strike: &[f64], hit_points: u32, attacks: u32) -> Option<f64> {
    let q0 = per_strike.first().copied().unwrap_or(1.0);
    if q0 >= 1.0 {
        return (hit_points == 0).then_some(0.0);
    }
    let a = attacks as usize;
    // x[h][k] for h = 0..=hit_points; h = 0 is dead, needing no more turns.
    let mut x = vec![vec![0.0; a]; hit_points as usize + 1];
    for h in 1..=hit_points as usize {
        // c[k]: everything in x(h, k) except the q_0 x(h, k + 1) term.
        let c: Vec<f64> = (0..a)
            .map(|k| {
                let starts = if k == 0 { 1.0 } else { 0.0 };
                let next = (k + 1) % a;
                let hurt: f64 = per_strike
                    .iter()
                    .enumerate()
                    .skip(1)
                    .map(|(d, &q)| q * x[h.saturating_sub(d)][next])
                    .sum();
                starts + hurt
            })
            .collect();
        // Around the cycle: x_k = c_k + q0 x_(k+1), so x_0 = sum q0^j c_j / (1 - q0^a).
        let mut weighted = 0.0;
        let mut power = 1.0;
        for &ck in &c {
            weighted += power * ck;
            power *= q0;
        }
        let mut next = weighted / (1.0 - power);
        x[h][0] = next;
        for k in (1..a).rev() {
            next = c[k] + q0 * next;
            x[h][k] = next;
        }
    }
    Some(x[hit_points as usize][0])
}

/// The hit points left after one more strike.
fn strike(alive: &[f64], per_strike: &[f64]) -> Vec<f64> {
    let mut after = vec![0.0; alive.len()];
    for (h, &p) in alive.iter().enumerate() {
        if p == 0.0 {
            continue;
        }
        for (damage, &q) in per_strike.iter().enumerate() {
            if damage <= h {
                after[h - damage] += p * q;
            }
        }
    }
    after
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::hex_skirmish::{Damage, Strike, odds};

    fn table(strike: i32, damage: u32, soak: i32, hit_points: u32, attacks: u32) -> KillTable {
        let odds = odds(&Strike {
            strike,
            defense: 0,
            damage: Damage::Fixed(damage),
            bonus: 0,
            soak,
        })
        .unwrap();
        turns_to_kill(&odds, hit_points, attacks, 6)
    }

    #[test]
    fn sure_hits_kill_on_a_schedule() {
        // Strike 9 against Defense 0 always hits; 1 damage a strike takes 3 strikes for 3 hit
        // points: three turns with one attack, two with two.
        let one = table(9, 1, 0, 3, 1);
        assert_eq!(one.dead_by_turn, vec![0.0, 0.0, 1.0, 1.0, 1.0, 1.0]);
        assert_eq!(one.expected_turns, Some(3.0));
        let two = table(9, 1, 0, 3, 2);
        assert_eq!(two.dead_by_turn[..2], [0.0, 1.0]);
        assert_eq!(two.expected_turns, Some(2.0));
    }

    #[test]
    fn a_55_percent_strike_on_one_hit_point_is_geometric() {
        // Down after t turns unless every strike missed: 1 - 0.45^t; on average 1 / 0.55 turns.
        let kill = table(0, 1, 0, 1, 1);
        for (t, p) in kill.dead_by_turn.iter().enumerate() {
            let by_hand = 1.0 - 0.45f64.powi(t as i32 + 1);
            assert!((p - by_hand).abs() < 1e-12, "turn {}: {p}", t + 1);
        }
        let expected = kill.expected_turns.unwrap();
        assert!((expected - 1.0 / 0.55).abs() < 1e-9, "{expected}");
    }

    #[test]
    fn the_closed_form_agrees_with_the_sum_of_the_table() {
        // A second method: E[turns] = sum over t >= 0 of P(still standing after t turns), from
        // the turn-by-turn table, run long enough that the rest is negligible.
        for (attacks, soak) in [(1, 0), (2, 1), (3, 2)] {
            let odds = odds(&Strike {
                strike: 1,
                defense: 2,
                damage: "2d4".parse().unwrap(),
                bonus: 1,
                soak,
            })
            .unwrap();
            let kill = turns_to_kill(&odds, 17, attacks, 400);
            let standing: f64 = 1.0 + kill.dead_by_turn.iter().map(|d| 1.0 - d).sum::<f64>();
            let closed = kill.expected_turns.unwrap();
            assert!(
                (closed - standing).abs() < 1e-9,
                "{attacks}: {closed} vs {standing}"
            );
        }
    }

    #[test]
    fn soak_that_swallows_every_hit_never_kills() {
        let kill = table(9, 1, 5, 4, 3);
        assert!(kill.dead_by_turn.iter().all(|&p| p == 0.0));
        assert_eq!(kill.expected_turns, None);
    }
}
