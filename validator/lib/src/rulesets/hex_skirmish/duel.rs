//! Exact duel odds: two enemies side by side, each striking with its best weapon every turn
//! until one falls, the one with the earlier turn first (docs/rules.md, "A duel to the end").
//!
//! The duel is a chain over the hit points both have left at the start of a round. A round is
//! the first unit's strikes, then, if the second still stands, the second's strikes. A round in
//! which nobody is hurt leaves the state as it was, so each state's answer is solved in closed
//! form from the states below it: `x = (rest) / (1 − chance nobody is hurt)`.

use super::blow_odds;
use super::game::{Game, Means};
use super::matchups::best_weapon;

/// How a duel between two units ends.
#[derive(Debug, Clone, PartialEq)]
pub struct Duel {
    /// The unit with the earlier turn: it strikes first each round.
    pub first: String,
    /// The other unit.
    pub second: String,
    /// The weapon each strikes with (most expected damage against the other).
    pub weapons: (String, String),
    /// The chance the first unit is left standing.
    pub first_wins: f64,
    /// The chance the second unit is left standing.
    pub second_wins: f64,
    /// The expected number of rounds until one falls; `None` when neither can hurt the other.
    pub expected_rounds: Option<f64>,
}

/// The chances of a duel's two outcomes and its expected length.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DuelOdds {
    pub first_wins: f64,
    pub second_wins: f64,
    pub expected_rounds: Option<f64>,
}

/// Most hit points a duel is worked out for: the chain has one state per pair of hit points.
pub const MAX_DUEL_HIT_POINTS: u32 = 200;

/// The duel of a unit with `first_hp` hit points striking `first_strikes` times a turn, each
/// strike taking off hit points as `first_blow` says (index = hit points, value = chance), and
/// one with `second_hp` striking `second_strikes` times with `second_blow`; the first strikes
/// first each round.
pub fn duel_odds(
    (first_blow, first_strikes, first_hp): (&[f64], u32, u32),
    (second_blow, second_strikes, second_hp): (&[f64], u32, u32),
) -> DuelOdds {
    let first_turn = turn(first_blow, first_strikes);
    let second_turn = turn(second_blow, second_strikes);
    let (a_most, b_most) = (first_hp as usize, second_hp as usize);
    // By (a, b), the hit points left: chances of each winning and the rounds to go.
    let at = |a: usize, b: usize| a * (b_most + 1) + b;
    let size = (a_most + 1) * (b_most + 1);
    let (mut wins, mut loses, mut rounds) = (vec![0.0; size], vec![0.0; size], vec![0.0; size]);
    let dealt = |turn: &[f64], d: usize| turn.get(d).copied().unwrap_or(0.0);
    let (first_unhurt, second_unhurt) = (dealt(&first_turn, 0), dealt(&second_turn, 0));
    let stuck = first_unhurt * second_unhurt;
    let mut endless = false;
    for a in 1..=a_most {
        for b in 1..=b_most {
            // The first's turn fells the second: the first wins.
            let felled: f64 = first_turn.iter().skip(b).fold(0.0, |s, p| s + p);
            let (mut w, mut l, mut r) = (felled, 0.0, 1.0);
            for (x, px) in first_turn.iter().enumerate().take(b) {
                // The second's turn, with b − x left.
                l += px * second_turn.iter().skip(a).fold(0.0, |s, p| s + p);
                for (y, py) in second_turn.iter().enumerate().take(a) {
                    if x == 0 && y == 0 {
                        continue;
                    }
                    let next = at(a - y, b - x);
                    w += px * py * wins[next];
                    l += px * py * loses[next];
                    r += px * py * rounds[next];
                }
            }
            let here = at(a, b);
            match stuck < 1.0 {
                true => {
                    wins[here] = w / (1.0 - stuck);
                    loses[here] = l / (1.0 - stuck);
                    rounds[here] = r / (1.0 - stuck);
                }
                false => endless = true,
            }
        }
    }
    let start = at(a_most, b_most);
    DuelOdds {
        first_wins: wins[start],
        second_wins: loses[start],
        expected_rounds: (!endless && a_most > 0 && b_most > 0).then_some(rounds[start]),
    }
}

/// The hit points one turn of `strikes` blows takes off, each as `blow` says.
fn turn(blow: &[f64], strikes: u32) -> Vec<f64> {
    let mut total = vec![1.0];
    for _ in 0..strikes {
        let mut next = vec![0.0; total.len() + blow.len().saturating_sub(1)];
        for (t, pt) in total.iter().enumerate() {
            for (d, pd) in blow.iter().enumerate() {
                next[t + d] += pt * pd;
            }
        }
        total = next;
    }
    total
}

/// Strikes a unit makes in one turn: one action each, and no more than its `attacks` may be
/// offensive (seed 004).
pub fn strikes_a_turn(attributes: &megahex_schema::rulesets::hex_skirmish::Attributes) -> u32 {
    attributes.actions.min(attributes.attacks)
}

/// Every pair of enemies in file order, each striking with its best weapon every turn from the
/// start, the one whose turn comes first in a round striking first. Pairs with more hit points
/// than [`MAX_DUEL_HIT_POINTS`] are left out.
pub fn duels(game: &Game) -> Vec<Duel> {
    let mut out = Vec::new();
    for a in 0..game.units.len() {
        for b in a + 1..game.units.len() {
            let (ua, ub) = (&game.units[a], &game.units[b]);
            if !ua.enemy_of(ub)
                || ua.attributes.hit_points > MAX_DUEL_HIT_POINTS
                || ub.attributes.hit_points > MAX_DUEL_HIT_POINTS
            {
                continue;
            }
            // Characters before monsters, higher initiative first, then file order.
            let order = |u: usize| {
                let spec = &game.units[u];
                (
                    spec.monster,
                    std::cmp::Reverse(spec.attributes.initiative),
                    u,
                )
            };
            let (first, second) = match order(a) <= order(b) {
                true => (a, b),
                false => (b, a),
            };
            let (Some(one), Some(other)) = (
                best_weapon(game, first, second),
                best_weapon(game, second, first),
            ) else {
                continue;
            };
            let (f, s) = (&game.units[first], &game.units[second]);
            let odds = duel_odds(
                (
                    &one.1.probabilities(),
                    strikes_a_turn(&f.attributes),
                    f.attributes.hit_points,
                ),
                (
                    &other.1.probabilities(),
                    strikes_a_turn(&s.attributes),
                    s.attributes.hit_points,
                ),
            );
            out.push(Duel {
                first: f.id.clone(),
                second: s.id.clone(),
                weapons: (one.0, other.0),
                first_wins: odds.first_wins,
                second_wins: odds.second_wins,
                expected_rounds: odds.expected_rounds,
            });
        }
    }
    out
}

/// One unit's duel against an enemy, striking with the policy's weapon (the most expected
/// damage a strike) or with the weapon that wins it most often, the enemy keeping the policy's.
#[derive(Debug, Clone, PartialEq)]
pub struct WeaponGap {
    /// The unit.
    pub unit: String,
    /// Its enemy.
    pub against: String,
    /// The policy's weapon and the chance it leaves the unit standing.
    pub policy: (String, f64),
    /// The weapon that leaves it standing most often, held for the whole duel, and that chance.
    pub best: (String, f64),
}

/// For each unit of each pair of enemies, its duel to the end with the policy's weapon against
/// the best weapon held for the whole duel: the gap between the policy and best play on the
/// scenario's own pairs. Pairs left out of [`duels`] are left out here too.
pub fn weapon_gaps(game: &Game) -> Vec<WeaponGap> {
    let mut out = Vec::new();
    for duel in duels(game) {
        let (Some(first), Some(second)) = (game.unit(&duel.first), game.unit(&duel.second)) else {
            continue;
        };
        for (me, other, i_first) in [(first, second, true), (second, first, false)] {
            let Some((_, other_blow)) = best_weapon(game, other, me) else {
                continue;
            };
            let other_blow = other_blow.probabilities();
            let (u, o) = (&game.units[me], &game.units[other]);
            let wins = |blow: &[f64]| {
                let mine = (blow, strikes_a_turn(&u.attributes), u.attributes.hit_points);
                let theirs = (
                    other_blow.as_slice(),
                    strikes_a_turn(&o.attributes),
                    o.attributes.hit_points,
                );
                match i_first {
                    true => duel_odds(mine, theirs).first_wins,
                    false => duel_odds(theirs, mine).second_wins,
                }
            };
            let Some((policy_name, policy_blow)) = best_weapon(game, me, other) else {
                continue;
            };
            let policy = (policy_name, wins(&policy_blow.probabilities()));
            let mut best = policy.clone();
            for (w, weapon) in u.weapons.iter().enumerate() {
                let Some(blow) = game.blow(me, Means::Weapon(w), other) else {
                    continue;
                };
                let p = wins(&blow_odds(&blow).probabilities());
                if p > best.1 + 1e-12 {
                    best = (weapon.name.clone(), p);
                }
            }
            out.push(WeaponGap {
                unit: u.id.clone(),
                against: o.id.clone(),
                policy,
                best,
            });
        }
    }
    out
}

/// The gaps in one sentence for the simulation report: in how many duels the policy's weapon
/// is the best held, and the largest gap.
pub fn weapon_gaps_line(gaps: &[WeaponGap]) -> Option<String> {
    let (best, widest, gap) = crate::simulate::widest_gap(gaps, |g| g.best.1 - g.policy.1)?;
    let tail = match gap > 1e-12 {
        false => String::new(),
        true => format!(
            "; the widest gap: `{}` against `{}` wins {:.1}% with {} instead of {:.1}% with {}",
            widest.unit,
            widest.against,
            widest.best.1 * 100.0,
            widest.best.0,
            widest.policy.1 * 100.0,
            widest.policy.0
        ),
    };
    Some(format!(
        "in a duel to the end of each pair of enemies, the policy's weapon wins as often as the best weapon held for the whole duel in {best} of {} cases{tail}",
        gaps.len()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(yaml: &str) -> Game {
        Game::new(&serde_yaml::from_str(yaml).expect("a scenario"))
    }

    fn close(found: f64, expected: f64) {
        assert!(
            (found - expected).abs() < 1e-12,
            "{found} against {expected}"
        );
    }

    #[test]
    fn sure_strikes_end_on_schedule() {
        // The first deals 3 a strike to 10 hit points: 4 rounds. The second deals 2 to 5: 3
        // rounds, so it wins in round 3 though it strikes second.
        let odds = duel_odds((&[0.0, 0.0, 0.0, 1.0], 1, 5), (&[0.0, 0.0, 1.0], 1, 10));
        close(odds.second_wins, 1.0);
        close(odds.first_wins, 0.0);
        close(odds.expected_rounds.expect("it ends"), 3.0);
        // Its twin with 7 hit points for the first: the second needs a fourth round, and the
        // first strikes first in it.
        let twin = duel_odds((&[0.0, 0.0, 0.0, 1.0], 1, 7), (&[0.0, 0.0, 1.0], 1, 10));
        close(twin.first_wins, 1.0);
        close(twin.expected_rounds.expect("it ends"), 4.0);
    }

    #[test]
    fn one_hit_each_is_a_race_the_first_leads() {
        // Both fall to one hit, landing with p = 0.55. The first wins at once (p), or after a
        // round of two misses: W = p + (1 − p)² W, so W = 1 / (2 − p). Rounds: R = 1 + (1 − p)² R.
        let p = 0.55;
        let blow = [1.0 - p, p];
        let odds = duel_odds((&blow, 1, 1), (&blow, 1, 1));
        close(odds.first_wins, 1.0 / (2.0 - p));
        close(odds.second_wins, 1.0 - 1.0 / (2.0 - p));
        close(
            odds.expected_rounds.expect("it ends"),
            1.0 / (1.0 - (1.0 - p) * (1.0 - p)),
        );
    }

    #[test]
    fn two_strikes_a_turn_and_nobody_hurt() {
        // Two strikes of 1 with p = 0.55 against 2 hit points: the first fells the second in its
        // first turn with p², else the second (one sure strike of 2) fells it.
        let odds = duel_odds((&[0.45, 0.55], 2, 2), (&[0.0, 0.0, 1.0], 1, 2));
        close(odds.first_wins, 0.55 * 0.55);
        close(odds.second_wins, 1.0 - 0.55 * 0.55);
        // Neither can hurt the other: no winner, no end.
        let stuck = duel_odds((&[1.0], 1, 3), (&[1.0], 1, 3));
        close(stuck.first_wins + stuck.second_wins, 0.0);
        assert_eq!(stuck.expected_rounds, None);
    }

    #[test]
    fn the_earlier_turn_strikes_first_and_strikes_are_capped_by_actions() {
        // y has the higher initiative, so it strikes first; x has 3 attacks but 2 actions.
        let g = game(
            "format: 1\nruleset: hex-skirmish\nmap: {hexagon: {radius: 2}}\nteams: [{id: a}, {id: b}]\nunits:\n  - {id: x, team: a, at: [0, 0], initiative: 1, actions: 2, attacks: 3, strike: 9, hit-points: 5}\n  - {id: y, team: b, at: [1, 0], initiative: 4, actions: 2, attacks: 1, strike: 9, hit-points: 3}\n",
        );
        assert_eq!(strikes_a_turn(&g.units[0].attributes), 2);
        let found = duels(&g);
        assert_eq!(found.len(), 1);
        let duel = &found[0];
        assert_eq!((duel.first.as_str(), duel.second.as_str()), ("y", "x"));
        // Strike 9 against Defense 0 always lands; unarmed deals 1. y takes 5 rounds for x's 5
        // hit points; x takes 2 for y's 3 (two strikes a turn): x wins in round 2.
        close(duel.second_wins, 1.0);
        close(duel.expected_rounds.expect("it ends"), 2.0);
        assert_eq!(duel.weapons, ("unarmed".to_owned(), "unarmed".to_owned()));
    }

    /// The second method: the duel played forward, round by round, as a distribution over the
    /// hit points left, until almost nothing is left undecided.
    fn forward(first: (&[f64], u32, u32), second: (&[f64], u32, u32)) -> (f64, f64, f64) {
        let mut alive = std::collections::HashMap::from([((first.2, second.2), 1.0)]);
        let (mut won, mut lost, mut rounds) = (0.0, 0.0, 0.0);
        for round in 1..=300 {
            let mut next = std::collections::HashMap::new();
            for ((a, b), p) in alive {
                // One strike at a time, the first's strikes, then the second's.
                let mut states = vec![((a, b), p)];
                for (striker, blow, strikes) in [(0, first.0, first.1), (1, second.0, second.1)] {
                    for _ in 0..strikes {
                        let mut after = Vec::new();
                        for ((a, b), p) in states {
                            for (d, pd) in blow.iter().enumerate() {
                                let d = d as u32;
                                match striker {
                                    0 if d >= b => won += p * pd,
                                    0 => after.push(((a, b - d), p * pd)),
                                    _ if d >= a => lost += p * pd,
                                    _ => after.push(((a - d, b), p * pd)),
                                }
                                if (striker == 0 && d >= b) || (striker == 1 && d >= a) {
                                    rounds += f64::from(round) * p * pd;
                                }
                            }
                        }
                        states = after;
                    }
                }
                for (state, p) in states {
                    *next.entry(state).or_insert(0.0) += p;
                }
            }
            alive = next;
        }
        (won, lost, rounds)
    }

    #[test]
    fn the_closed_form_agrees_with_the_duel_played_forward() {
        let blows: [&[f64]; 4] = [
            &[0.45, 0.55],
            &[0.36, 0.0, 0.32, 0.32],
            &[0.28, 0.24, 0.24, 0.24],
            &[0.5, 0.1, 0.1, 0.1, 0.1, 0.1],
        ];
        let mut compared = 0;
        for first in blows {
            for second in blows {
                for (strikes, hp) in [((1, 1), (3, 4)), ((2, 1), (5, 3)), ((1, 3), (6, 6))] {
                    let a = (first, strikes.0, hp.0);
                    let b = (second, strikes.1, hp.1);
                    let exact = duel_odds(a, b);
                    let (won, lost, rounds) = forward(a, b);
                    assert!((exact.first_wins - won).abs() < 1e-9, "{a:?} {b:?}");
                    assert!((exact.second_wins - lost).abs() < 1e-9, "{a:?} {b:?}");
                    let expected = exact.expected_rounds.expect("it ends");
                    assert!((expected - rounds).abs() < 1e-6, "{a:?} {b:?}");
                    compared += 1;
                }
            }
        }
        assert_eq!(compared, 48);
    }

    #[test]
    fn the_weapon_of_most_damage_can_lose_the_duel_the_other_wins() {
        // x strikes first and always lands. The Axe (1d6, 3.5 a strike) is the policy's; the
        // Club (a sure 2) fells y's 2 hit points at once. With the Axe a 1 (1/6) leaves y
        // standing, and y's sure 1 fells x: 5/6 against 1.
        let g = game(
            "format: 1\nruleset: hex-skirmish\nmap: {hexagon: {radius: 2}}\nteams: [{id: a}, {id: b}]\nunits:\n  - {id: x, team: a, at: [0, 0], initiative: 5, actions: 1, attacks: 1, strike: 9, hit-points: 1, weapons: [{name: Club, damage: 2}, {name: Axe, damage: 1d6}]}\n  - {id: y, team: b, at: [1, 0], initiative: 1, actions: 1, attacks: 1, strike: 9, hit-points: 2, weapons: [{name: Claw, damage: 1}]}\n",
        );
        let gaps = weapon_gaps(&g);
        assert_eq!(gaps.len(), 2);
        let x = &gaps[0];
        assert_eq!(
            (x.unit.as_str(), x.policy.0.as_str(), x.best.0.as_str()),
            ("x", "Axe", "Club")
        );
        close(x.policy.1, 5.0 / 6.0);
        close(x.best.1, 1.0);
        // y has one weapon: the policy's is the best.
        assert_eq!(gaps[1].policy, gaps[1].best);
        let line = weapon_gaps_line(&gaps).expect("a line");
        assert!(line.contains("in 1 of 2 cases"), "{line}");
        assert!(
            line.contains("`x` against `y` wins 100.0% with Club instead of 83.3% with Axe"),
            "{line}"
        );
    }
}
