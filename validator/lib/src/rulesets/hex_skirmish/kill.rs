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
    turns_to_kill_opening(&[], odds, hit_points, attacks, turns)
}

/// [`turns_to_kill`] when the first strikes are other blows (spells while their points last):
/// strike `i` takes off hit points as `opening[i]` says, every later one as `then` does.
pub fn turns_to_kill_opening(
    opening: &[Odds],
    then: &Odds,
    hit_points: u32,
    attacks: u32,
    turns: usize,
) -> KillTable {
    turns_to_kill_planned(opening, then, hit_points, attacks, &[], turns)
}

/// [`turns_to_kill_opening`] when the first turns have strikes of their own: `lead[t]` strikes
/// in turn `t + 1` (0 while the attacker is still on its way, fewer in the turn it arrives),
/// `attacks` a turn after them.
pub fn turns_to_kill_planned(
    opening: &[Odds],
    then: &Odds,
    hit_points: u32,
    attacks: u32,
    lead: &[u32],
    turns: usize,
) -> KillTable {
    let per_strike = then.probabilities();
    let opening: Vec<Vec<f64>> = opening.iter().map(Odds::probabilities).collect();
    let blow = |i: usize| opening.get(i).unwrap_or(&per_strike);
    let strikes_in = |t: usize| lead.get(t).copied().unwrap_or(attacks);
    // alive[h]: the chance the defender stands with h + 1 hit points.
    let mut alive = vec![0.0; hit_points as usize];
    if let Some(last) = alive.last_mut() {
        *last = 1.0;
    }
    let mut dead_by_turn = Vec::with_capacity(turns);
    let mut struck = 0;
    for t in 0..turns {
        for _ in 0..strikes_in(t) {
            alive = strike(&alive, blow(struck));
            struck += 1;
        }
        // Rounding can take the sum a hair past 1; a chance stays within 0 and 1.
        dead_by_turn.push((1.0 - alive.iter().sum::<f64>()).clamp(0.0, 1.0));
    }
    KillTable {
        hit_points,
        attacks,
        dead_by_turn,
        expected_turns: expected_planned(&opening, &per_strike, hit_points, attacks, lead),
    }
}

/// The expected number of turns of [`turns_to_kill_planned`]: the lead turns and the opening
/// are played forward (a death in turn `t` counts `t`), and whoever still stands after both
/// needs the turns already begun plus the chain's answer from where it is in its turn.
fn expected_planned(
    opening: &[Vec<f64>],
    per_strike: &[f64],
    hit_points: u32,
    attacks: u32,
    lead: &[u32],
) -> Option<f64> {
    let a = attacks.max(1);
    let mut alive = vec![0.0; hit_points as usize];
    if let Some(last) = alive.last_mut() {
        *last = 1.0;
    }
    let mut expected = 0.0;
    let (mut struck, mut turn, mut in_turn) = (0usize, 0usize, 0u32);
    // Until the lead turns are over and the opening is struck, strike by strike.
    while turn < lead.len() || struck < opening.len() {
        let strikes = lead.get(turn).copied().unwrap_or(a);
        if in_turn >= strikes {
            (turn, in_turn) = (turn + 1, 0);
            continue;
        }
        let after = strike(
            &alive,
            opening.get(struck).map_or(per_strike, Vec::as_slice),
        );
        let died = alive.iter().sum::<f64>() - after.iter().sum::<f64>();
        expected += died * (turn + 1) as f64;
        alive = after;
        (struck, in_turn) = (struck + 1, in_turn + 1);
    }
    let standing: f64 = alive.iter().sum();
    if standing <= 0.0 {
        return Some(expected);
    }
    let left = turns_left(per_strike, hit_points, a)?;
    // Past the lead, every turn has `attacks` strikes: a turn whose strikes are all made is
    // over, and the next begins with the chain's own count.
    let (begun, at) = match in_turn {
        0 => (turn, 0),
        k if k >= a => (turn + 1, 0),
        k => (turn + 1, k as usize),
    };
    for (h, p) in alive.iter().enumerate() {
        expected += p * (begun as f64 + left[h + 1][at]);
    }
    Some(expected)
}

/// The exact expected number of turns still to begin, from the chain over (hit points left,
/// strikes made this turn): `x(h, k) = [k = 0] + sum over d of q_d x(h - d, k + 1 mod attacks)`,
/// with the dead at 0; by `h`, then `k`. The strikes that miss or are soaked (`q_0`) leave `h`
/// as it is, so for each `h` the `attacks` unknowns form one cycle, solved in closed form.
/// `None` when no strike can hurt.
fn turns_left(per_strike: &[f64], hit_points: u32, attacks: u32) -> Option<Vec<Vec<f64>>> {
    let q0 = per_strike.first().copied().unwrap_or(1.0);
    if q0 >= 1.0 {
        return (hit_points == 0).then(|| vec![vec![0.0; attacks as usize]]);
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
    Some(x)
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

    /// A blow that always takes off `damage`.
    fn sure(damage: usize) -> Odds {
        let mut ways = vec![0; damage + 1];
        ways[damage] = 1;
        Odds { ways, total: 1 }
    }

    #[test]
    fn an_opening_of_other_blows_comes_first() {
        // Two sure strikes of 2, then sure strikes of 1, two a turn, on 6 hit points: 4 after
        // turn 1, 6 after turn 2.
        let kill = turns_to_kill_opening(&[sure(2), sure(2)], &sure(1), 6, 2, 4);
        assert_eq!(kill.dead_by_turn, vec![0.0, 1.0, 1.0, 1.0]);
        assert_eq!(kill.expected_turns, Some(2.0));
        // The twin without the opening: six strikes of 1, three turns.
        let plain = turns_to_kill(&sure(1), 6, 2, 4);
        assert_eq!(plain.expected_turns, Some(3.0));
        // An opening that fells it, then a blow that cannot hurt: done in turn 1 all the same.
        let felled = turns_to_kill_opening(&[sure(9)], &sure(0), 5, 1, 2);
        assert_eq!(felled.expected_turns, Some(1.0));
        // An opening that cannot fell it, then nothing that hurts: never.
        let never = turns_to_kill_opening(&[sure(1)], &sure(0), 5, 1, 2);
        assert_eq!(never.expected_turns, None);
    }

    #[test]
    fn turns_on_the_way_strike_nothing_and_the_arrival_turn_strikes_less() {
        // Sure strikes of 1 on 3 hit points, two a turn: a turn on the way, one strike in the
        // turn it arrives, then two: down in turn 3, against turn 2 from the start.
        let kill = turns_to_kill_planned(&[], &sure(1), 3, 2, &[0, 1], 5);
        assert_eq!(kill.dead_by_turn, vec![0.0, 0.0, 1.0, 1.0, 1.0]);
        assert_eq!(kill.expected_turns, Some(3.0));
        assert_eq!(turns_to_kill(&sure(1), 3, 2, 5).expected_turns, Some(2.0));
    }

    #[test]
    fn openings_and_lead_turns_agree_with_the_sum_of_the_table() {
        let weapon = odds(&Strike {
            strike: 1,
            defense: 2,
            damage: "2d4".parse().unwrap(),
            bonus: 0,
            soak: 1,
        })
        .unwrap();
        let spell = odds(&Strike {
            strike: 3,
            defense: 2,
            damage: "3d6".parse().unwrap(),
            bonus: 0,
            soak: 0,
        })
        .unwrap();
        let leads: [&[u32]; 4] = [&[], &[0], &[0, 0, 1], &[1, 2]];
        for attacks in 1..=3 {
            for casts in 0..=4 {
                for lead in leads {
                    let opening = vec![spell.clone(); casts];
                    let kill = turns_to_kill_planned(&opening, &weapon, 19, attacks, lead, 400);
                    let standing: f64 =
                        1.0 + kill.dead_by_turn.iter().map(|d| 1.0 - d).sum::<f64>();
                    let closed = kill.expected_turns.unwrap();
                    assert!(
                        (closed - standing).abs() < 1e-9,
                        "{attacks} attacks, {casts} casts, lead {lead:?}: {closed} vs {standing}"
                    );
                }
            }
        }
    }

    #[test]
    fn soak_that_swallows_every_hit_never_kills() {
        let kill = table(9, 1, 5, 4, 3);
        assert!(kill.dead_by_turn.iter().all(|&p| p == 0.0));
        assert_eq!(kill.expected_turns, None);
    }
}
