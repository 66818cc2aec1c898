use std::collections::HashMap;

use super::foes::{CommitRules, Limits};
use super::*;

mod fewest_on_average;
mod weighed;

/// Every policy, die by die: at each step every subset of the pool may be committed, every
/// face of every rolled die is counted (1/6 each), and every die rolled may go to any enemy or
/// to none. Nothing here assumes what the solver does (committing everything at once, the
/// weakest dice assigned, the shares, the covering rule). Its value is `win` for defeating
/// everyone less `cost` for each die committed, less the Damage (`lost`) of each enemy
/// standing at the end: the chance with 1 and 0, the trade-off of the cheapest play with a
/// rate and 1, the least Damage with 0 and 0 (negated).
struct BruteForce {
    dice: Vec<Colour>,
    /// What each face kind (miss, hit, crit) of each colour deals to each enemy.
    values: Vec<Values>,
    /// Each enemy's limits.
    limits: Vec<Limits>,
    win: f64,
    cost: f64,
    /// Each enemy's Damage, or none.
    lost: Vec<i32>,
    memo: HashMap<(u32, u32, u32, u32, Vec<i32>), f64>,
}

/// A face's kind (0 miss, 1 hit, 2 crit): the die's misses first, then its hits, then its crit.
fn face_kind(colour: Colour, face: u32) -> usize {
    let f = colour.faces();
    if face < f.miss {
        0
    } else if face < f.miss + f.hit {
        1
    } else {
        2
    }
}

/// A face's damage with no effect on the dice.
fn damage(colour: Colour, face: u32) -> i32 {
    face_kind(colour, face) as i32
}

impl BruteForce {
    /// `healths` holds each enemy's Health left, then the dice on each so far, then the colour
    /// on each (0 for none, else 1 + its place), then the escort dice on each beyond the
    /// others, then the colours on each (one bit each), then 1 once a card has fled; `held`
    /// are the active dice that showed a miss.
    fn value(&mut self, steps: u32, pool: u32, active: u32, held: u32, healths: Vec<i32>) -> f64 {
        let fled = healths[5 * self.limits.len()] > 0;
        if (0..self.limits.len()).all(|e| !self.standing(e, &healths)) {
            return if fled { 0.0 } else { self.win };
        }
        if steps == 0 {
            let standing = (0..self.lost.len()).filter(|e| self.standing(*e, &healths));
            return -standing.map(|e| f64::from(self.lost[e])).sum::<f64>();
        }
        let key = (steps, pool, active, held, healths.clone());
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let mut best = f64::NEG_INFINITY;
        // Every subset of the pool, committed now, that the standing enemies allow.
        let mut commit = pool;
        loop {
            if !self.may_commit(pool, commit, &healths) {
                if commit == 0 {
                    break;
                }
                commit = (commit - 1) & pool;
                continue;
            }
            let rolled: Vec<usize> = (0..self.dice.len())
                .filter(|i| (active | commit) & (1 << i) != 0)
                .collect();
            // While a standing enemy has `no-reroll-misses`, the dice showing a miss keep it.
            let kept_still = (0..self.limits.len())
                .any(|e| self.standing(e, &healths) && self.limits[e].no_reroll_misses);
            let still = |i: usize| kept_still && held & (1 << i) != 0;
            let moving = rolled.iter().filter(|i| !still(**i)).count();
            let faces = 6u32.pow(moving as u32);
            let mut total = 0.0;
            for roll in 0..faces {
                let mut code = roll;
                let shown: Vec<usize> = rolled
                    .iter()
                    .map(|&i| {
                        if still(i) {
                            return 0;
                        }
                        let face = code % 6;
                        code /= 6;
                        face_kind(self.dice[i], face)
                    })
                    .collect();
                // While a card with `miss-rerolls-hit` stands, each miss rolled forces a hit
                // to be rolled again: every choice of hits, every face they show.
                let forcing = (0..self.limits.len())
                    .any(|e| self.standing(e, &healths) && self.limits[e].miss_rerolls);
                let rolled_misses = (0..rolled.len())
                    .filter(|j| !still(rolled[*j]) && shown[*j] == 0)
                    .count();
                let hits: Vec<usize> = (0..rolled.len()).filter(|j| shown[*j] == 1).collect();
                let forced = match forcing {
                    true => rolled_misses.min(hits.len()),
                    false => 0,
                };
                if forced == 0 {
                    total += self.after_faces(steps, pool & !commit, &rolled, &shown, &healths);
                    continue;
                }
                let mut best_choice = f64::NEG_INFINITY;
                for subset in 0u32..(1 << hits.len()) {
                    if subset.count_ones() as usize != forced {
                        continue;
                    }
                    let again: Vec<usize> = (0..hits.len())
                        .filter(|i| subset & (1 << i) != 0)
                        .map(|i| hits[i])
                        .collect();
                    let outcomes = 6u32.pow(again.len() as u32);
                    let mut sum = 0.0;
                    for second in 0..outcomes {
                        let mut code = second;
                        let mut faces_now = shown.clone();
                        for &j in &again {
                            faces_now[j] = face_kind(self.dice[rolled[j]], code % 6);
                            code /= 6;
                        }
                        sum +=
                            self.after_faces(steps, pool & !commit, &rolled, &faces_now, &healths);
                    }
                    best_choice = best_choice.max(sum / f64::from(outcomes));
                }
                total += best_choice;
            }
            best = best.max(total / f64::from(faces) - self.cost * f64::from(commit.count_ones()));
            if commit == 0 {
                break;
            }
            commit = (commit - 1) & pool;
        }
        self.memo.insert(key, best);
        best
    }

    /// The best play once the `rolled` dice show `shown`: a standing card that flees on this
    /// many misses is gone, not defeated, before the dice are assigned.
    fn after_faces(
        &mut self,
        steps: u32,
        pool: u32,
        rolled: &[usize],
        shown: &[usize],
        healths: &[i32],
    ) -> f64 {
        let misses = shown.iter().filter(|k| **k == 0).count() as u32;
        let enemies = self.limits.len();
        let mut after = healths.to_vec();
        for e in 0..enemies {
            if self.standing(e, healths)
                && self.limits[e].flee_on_misses.is_some_and(|n| misses >= n)
            {
                after[e] = 0;
                after[4 * enemies + e] = 31;
                after[5 * enemies] = 1;
            }
        }
        self.assign(steps, pool, rolled, shown, &after)
    }

    /// Whether enemy `e` stands in `state`: Health left, or fewer colours on it than it needs.
    fn standing(&self, e: usize, state: &[i32]) -> bool {
        let enemies = self.limits.len();
        let colours = (state[4 * enemies + e] as u32).count_ones();
        state[e] > 0 || colours < self.limits[e].min_colours
    }

    /// Whether the enemies standing in `healths` let `commit` be taken from `pool` (both sets
    /// of dice): no banned colour, no more than a step's or the round's limit, and a colour
    /// either whole or not at all where one commits whole colours.
    fn may_commit(&self, pool: u32, commit: u32, healths: &[i32]) -> bool {
        let n = commit.count_ones();
        let committed = self.dice.len() as u32 - pool.count_ones();
        let of_colour = |set: u32, c: usize| {
            (0..self.dice.len())
                .filter(|i| set & (1 << i) != 0 && self.dice[*i] as usize == c)
                .count()
        };
        self.limits
            .iter()
            .enumerate()
            .filter(|(e, _)| self.standing(*e, healths))
            .all(|(_, l)| {
                let rules = l.commits;
                rules.per_step.is_none_or(|most| n <= most)
                    && rules.per_round.is_none_or(|most| committed + n <= most)
                    && (0..5).all(|c| !rules.banned[c] || of_colour(commit, c) == 0)
                    && (!rules.whole_colour
                        || (0..5).all(|c| {
                            let taken = of_colour(commit, c);
                            taken == 0 || taken == of_colour(pool, c)
                        }))
            })
    }

    /// The best of every way to send each rolled die to an enemy or to none.
    fn assign(
        &mut self,
        steps: u32,
        pool: u32,
        rolled: &[usize],
        shown: &[usize],
        healths: &[i32],
    ) -> f64 {
        let enemies = self.limits.len();
        let targets = enemies as u32 + 1;
        let ways = targets.pow(rolled.len() as u32);
        let mut best = f64::NEG_INFINITY;
        'ways: for way in 0..ways {
            let mut code = way;
            let mut dealt = vec![0i32; enemies];
            let mut dice_on = vec![0u32; enemies];
            let mut colours_on = vec![[0u32; 5]; enemies];
            // By (colour, face) at 3 × colour + face: for the faces taken only in pairs.
            let mut faces_on = vec![[0u32; 15]; enemies];
            let (mut unassigned, mut misses) = (0u32, 0u32);
            for (&die, &kind) in rolled.iter().zip(shown) {
                let target = code % targets;
                code /= targets;
                match target {
                    0 => {
                        unassigned |= 1 << die;
                        if kind == 0 {
                            misses |= 1 << die;
                        }
                    }
                    t => {
                        let (e, colour) = (t as usize - 1, self.dice[die] as usize);
                        // Only a die that deals the card something goes on it: seed 002's
                        // "Assign hits".
                        if self.values[e][colour][kind] == 0 {
                            continue 'ways;
                        }
                        dealt[e] += self.values[e][colour][kind] as i32;
                        dice_on[e] += 1;
                        colours_on[e][colour] += 1;
                        faces_on[e][3 * colour + kind] += 1;
                    }
                }
            }
            let mut left = healths.to_vec();
            for (e, limits) in self.limits.iter().enumerate() {
                let in_all = healths[enemies + e] as u32 + dice_on[e];
                if limits.per_roll.is_some_and(|most| dice_on[e] > most)
                    || limits.per_card.is_some_and(|most| in_all > most)
                    || (limits.one_die_per_colour && colours_on[e].iter().any(|n| *n > 1))
                    || (0..15).any(|f| limits.paired & (1 << f) != 0 && faces_on[e][f] % 2 == 1)
                {
                    continue 'ways;
                }
                if limits.one_colour {
                    // The colour on it so far (0 for none, else 1 + its place), and this roll's.
                    let before = healths[2 * enemies + e];
                    let mut now: Vec<i32> = (0..5)
                        .filter(|c| colours_on[e][*c] > 0)
                        .map(|c| c as i32 + 1)
                        .collect();
                    if before > 0 {
                        now.push(before);
                    }
                    now.sort_unstable();
                    now.dedup();
                    if now.len() > 1 {
                        continue 'ways;
                    }
                    left[2 * enemies + e] = now.first().copied().unwrap_or(0);
                }
                if let Some(escort) = limits.escort {
                    // Escort dice go on first; each other die needs one more on the card.
                    let escorts = colours_on[e][usize::from(escort)] as i32;
                    let others = colours_on[e].iter().sum::<u32>() as i32 - escorts;
                    let ahead = healths[3 * enemies + e] + escorts - others;
                    if ahead < 0 {
                        continue 'ways;
                    }
                    left[3 * enemies + e] = ahead;
                }
                let cap = limits.per_step.map_or(i32::MAX, |c| c as i32);
                left[e] -= dealt[e].min(cap);
                left[enemies + e] = in_all as i32;
                for (c, n) in colours_on[e].iter().enumerate() {
                    if *n > 0 {
                        left[4 * enemies + e] |= 1 << c;
                    }
                }
            }
            // The dice on the level 1 and 2 enemies go first; a shielded boss takes nothing
            // unless they have all fallen.
            let guarded = (0..enemies).any(|e| !self.limits[e].boss && self.standing(e, &left));
            for (e, limits) in self.limits.iter().enumerate() {
                if limits.shielded && guarded {
                    left[e] = healths[e];
                    left[4 * enemies + e] = healths[4 * enemies + e];
                }
            }
            // Each crit on a `crit-exhausts-hit` card exhausts an unassigned hit of the roll,
            // the player's choice: every choice is tried.
            let exhausts: usize = (0..enemies)
                .filter(|e| self.limits[*e].crit_exhausts)
                .map(|e| {
                    rolled
                        .iter()
                        .zip(shown)
                        .enumerate()
                        .filter(|(j, (_, kind))| {
                            **kind == 2 && (way / targets.pow(*j as u32)) % targets == e as u32 + 1
                        })
                        .count()
                })
                .sum();
            let hits_left: Vec<usize> = rolled
                .iter()
                .zip(shown)
                .filter(|(die, kind)| **kind == 1 && unassigned & (1 << **die) != 0)
                .map(|(die, _)| *die)
                .collect();
            let taken = exhausts.min(hits_left.len());
            let mut choices: Vec<u32> = Vec::new();
            for subset in 0u32..(1 << hits_left.len()) {
                if subset.count_ones() as usize == taken {
                    let gone = hits_left
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| subset & (1 << i) != 0)
                        .fold(0u32, |set, (_, die)| set | (1 << die));
                    choices.push(unassigned & !gone);
                }
            }
            // While a card with `one-defeat-per-assign` stands, one enemy at most falls.
            let limited =
                (0..enemies).any(|e| self.limits[e].one_defeat && self.standing(e, healths));
            let fallen = (0..enemies)
                .filter(|e| self.standing(*e, healths) && !self.standing(*e, &left))
                .count();
            if limited && fallen > 1 {
                continue 'ways;
            }
            for rolled_again in choices {
                best = best.max(self.value(steps - 1, pool, rolled_again, misses, left.clone()));
            }
            if best >= self.win {
                break;
            }
        }
        best
    }
}

fn brute_force(dice: &[Colour], healths: &[i32], strategy: u32) -> f64 {
    brute_force_against(dice, healths, &vec![PLAIN; healths.len()], strategy)
}

fn brute_force_against(dice: &[Colour], healths: &[i32], values: &[Values], strategy: u32) -> f64 {
    let limits = vec![Limits::default(); healths.len()];
    brute_limited(dice, healths, values, &limits, strategy)
}

fn brute_limited(
    dice: &[Colour],
    healths: &[i32],
    values: &[Values],
    limits: &[Limits],
    strategy: u32,
) -> f64 {
    let case = (dice, healths, values.to_vec(), limits.to_vec());
    brute_weighed(&case, strategy, (1.0, 0.0), &[])
}

/// The best `win × defeated − cost × dice committed` over every policy, enemies with no
/// limits.
fn brute_trade_off(
    dice: &[Colour],
    healths: &[i32],
    values: &[Values],
    strategy: u32,
    weights: (f64, f64),
) -> f64 {
    let case = (
        dice,
        healths,
        values.to_vec(),
        vec![Limits::default(); healths.len()],
    );
    brute_weighed(&case, strategy, weights, &[])
}

/// The best `win × defeated − cost × dice committed − Damage standing` over every policy,
/// each enemy dealing its `lost`.
fn brute_weighed(
    (dice, healths, values, limits): &LimitedCase,
    strategy: u32,
    (win, cost): (f64, f64),
    lost: &[i32],
) -> f64 {
    let mut search = BruteForce {
        dice: dice.to_vec(),
        values: values.to_vec(),
        limits: limits.to_vec(),
        win,
        cost,
        lost: lost.to_vec(),
        memo: HashMap::new(),
    };
    let pool = (1u32 << dice.len()) - 1;
    let mut start = healths.to_vec();
    start.resize(5 * healths.len() + 1, 0);
    search.value(strategy, pool, 0, 0, start)
}

/// A case for the search with effects: the dice, and each enemy's Health, values and limits.
type LimitedCase<'a> = (&'a [Colour], &'a [i32], Vec<Values>, Vec<Limits>);

/// Checks the engagement search against every policy tried, at each of `strategies`, and
/// with `one_roll` its last step alone against Strategy 1.
fn assert_every_policy_finds(cases: &[LimitedCase], strategies: &[u32], one_roll: bool) {
    let none_told = |_: usize, _: usize| {};
    let mut odds = OneRoll::new(box_faces());
    for case in cases {
        let (dice, healths, values, limits) = case;
        let enemies = foes_of(case);
        for &strategy in strategies {
            let expected = brute_limited(dice, healths, values, limits, strategy);
            let found = defeat_all_foes(&pool_of(dice), &enemies, strategy, &none_told).unwrap();
            assert!(
                (found - expected).abs() < 1e-9,
                "{dice:?} against {healths:?} {limits:?}, Strategy {strategy}: {found} but every policy gives {expected}"
            );
        }
        if one_roll {
            let expected = brute_limited(dice, healths, values, limits, 1);
            let found = odds.chance(pool_of(dice).0.map(|n| n as u8), &enemies);
            assert!(
                (found - expected).abs() < 1e-9,
                "one roll of {dice:?} against {healths:?} {limits:?}: {found} against {expected}"
            );
        }
    }
}

/// A case's enemies.
fn foes_of((_, healths, values, limits): &LimitedCase) -> Vec<Foe> {
    healths
        .iter()
        .zip(values.iter().zip(limits))
        .map(|(h, (v, l))| Foe {
            health: *h as u32,
            values: *v,
            limits: *l,
        })
        .collect()
}

fn pool_of(dice: &[Colour]) -> Pool {
    let mut pool = Pool::default();
    for &c in dice {
        pool.0[c as usize] += 1;
    }
    pool
}

#[test]
fn one_red_die_by_hand() {
    let red = Pool([0, 0, 0, 0, 1]);
    // It never misses: Health 1 always falls; Health 2 needs its crit, 1 in 6.
    assert_eq!(defeat_all(&red, &[1], 1).unwrap(), 1.0);
    assert!((defeat_all(&red, &[2], 1).unwrap() - 1.0 / 6.0).abs() < 1e-12);
    // With two steps a hit is better left unassigned and rolled again (it cannot miss): the
    // crit at once, or a hit and then the crit: 1/6 + 5/6 * 1/6 = 11/36.
    assert!((defeat_all(&red, &[2], 2).unwrap() - 11.0 / 36.0).abs() < 1e-12);
    // Nothing is rolled with no Strategy step.
    assert_eq!(defeat_all(&red, &[1], 0).unwrap(), 0.0);
    assert_eq!(defeat_all(&red, &[], 0).unwrap(), 1.0);
}

#[test]
fn the_best_play_is_what_every_policy_tried_finds() {
    use Colour::{Blue, Green, Purple, Red, Yellow};
    let cases: [(&[Colour], &[i32]); 7] = [
        (&[Yellow, Red], &[2]),
        (&[Yellow, Red], &[1, 1]),
        (&[Green, Green, Blue], &[2, 1]),
        (&[Yellow, Green, Blue, Purple], &[3]),
        (&[Yellow, Green, Blue, Purple], &[1, 2]),
        (&[Purple, Red, Yellow], &[2, 2]),
        (&[Blue, Blue, Yellow], &[4]),
    ];
    for (dice, healths) in cases {
        for strategy in [1, 2] {
            let expected = brute_force(dice, healths, strategy);
            let enemies: Vec<u32> = healths.iter().map(|&h| h as u32).collect();
            let found = defeat_all(&pool_of(dice), &enemies, strategy).unwrap();
            assert!(
                (found - expected).abs() < 1e-9,
                "{dice:?} against {healths:?}, Strategy {strategy}: {found} but every policy gives {expected}"
            );
        }
    }
}

#[test]
fn five_dice_in_one_step_and_three_steps_on_three() {
    use Colour::{Blue, Green, Purple, Red, Yellow};
    for (dice, healths, strategy) in [
        (&[Yellow, Green, Blue, Purple, Red][..], &[3, 2][..], 1),
        (&[Yellow, Green, Red][..], &[2, 1][..], 3),
    ] {
        let expected = brute_force(dice, healths, strategy);
        let enemies: Vec<u32> = healths.iter().map(|&h| h as u32).collect();
        let found = defeat_all(&pool_of(dice), &enemies, strategy).unwrap();
        assert!((found - expected).abs() < 1e-9, "{found} vs {expected}");
    }
}

#[test]
fn the_covering_rule_by_hand() {
    // Health 3 and 3: two crits and two hits (2+1 each), or four crits (a point wasted on
    // each); three crits leave one enemy with a single crit, short by 1.
    assert!(coverable(&[3, 3], 2, 2));
    assert!(coverable(&[3, 3], 0, 4));
    assert!(!coverable(&[3, 3], 0, 3));
    assert!(coverable(&[3, 3], 1, 3));
    assert!(!coverable(&[3, 3], 1, 2));
    // Health 4: two crits, or four hits, or a crit and two hits.
    assert!(coverable(&[4], 0, 2) && coverable(&[4], 4, 0) && coverable(&[4], 2, 1));
    assert!(!coverable(&[4], 3, 0));
}

#[test]
fn limits_are_refused_with_the_reason() {
    let red = Pool([0, 0, 0, 0, 1]);
    assert!(defeat_all(&red, &[0], 1).unwrap_err().0.contains("Health"));
    assert!(
        defeat_all(&red, &[1; 5], 1)
            .unwrap_err()
            .0
            .contains("at most")
    );
    assert!(
        defeat_all(&red, &[1], 9)
            .unwrap_err()
            .0
            .contains("Strategy")
    );
}

#[test]
fn the_fewest_dice_are_the_first_count_that_reaches_each_target() {
    // A second method: every count of strongest dice tried in turn.
    let pool = Pool([2, 1, 1, 1, 1]);
    let enemies = [3, 2];
    let order = [
        Colour::Red,
        Colour::Purple,
        Colour::Blue,
        Colour::Green,
        Colour::Yellow,
        Colour::Yellow,
    ];
    let chances: Vec<f64> = (0..=order.len())
        .map(|k| {
            let mut taken = Pool::default();
            for c in &order[..k] {
                taken.0[*c as usize] += 1;
            }
            defeat_all(&taken, &enemies, 2).unwrap()
        })
        .collect();
    // More dice never lower the chance.
    assert!(
        chances.windows(2).all(|w| w[0] <= w[1] + 1e-12),
        "{chances:?}"
    );
    let targets = [0.5, 0.8, 0.9, 0.95, 0.9999];
    let foes: Vec<Foe> = enemies.iter().map(|h| Foe::plain(*h)).collect();
    let found = fewest_dice(&pool, &foes, 2, &targets).unwrap();
    for (target, found) in targets.iter().zip(found) {
        let first = chances.iter().position(|p| p >= target);
        match (first, found) {
            (Some(k), Some((pool, p))) => {
                assert_eq!(pool.len() as usize, k, "{target}");
                assert_eq!(p, chances[k]);
            }
            (None, None) => {}
            (a, b) => panic!("{target}: {a:?} against {b:?}"),
        }
    }
}

/// The expected Damage by every policy, die by die, as [`BruteForce`] does for the chance of
/// defeating everyone: nothing here assumes what the solver does. With `best_chance` the
/// policy plays for the best chance of defeating everyone first, then the least Damage;
/// without, for the least Damage. Values are (chance, Damage).
struct BruteDamage {
    dice: Vec<Colour>,
    damage: Vec<i32>,
    best_chance: bool,
    memo: HashMap<BruteState, (f64, f64)>,
}

/// Steps left, the pool and the active dice as bit sets, and the Health left.
type BruteState = (u32, u32, u32, Vec<i32>);

impl BruteDamage {
    fn standing(&self, healths: &[i32]) -> (f64, f64) {
        let d: i32 = healths
            .iter()
            .zip(&self.damage)
            .filter(|(h, _)| **h > 0)
            .map(|(_, d)| *d)
            .sum();
        let all = healths.iter().all(|&h| h <= 0);
        (if all { 1.0 } else { 0.0 }, f64::from(d))
    }

    fn better(&self, a: (f64, f64), b: (f64, f64)) -> bool {
        match self.best_chance {
            true => a.0 > b.0 + 1e-12 || ((a.0 - b.0).abs() <= 1e-12 && a.1 < b.1),
            false => a.1 < b.1,
        }
    }

    fn value(&mut self, steps: u32, pool: u32, active: u32, healths: Vec<i32>) -> (f64, f64) {
        if steps == 0 || healths.iter().all(|&h| h <= 0) {
            return self.standing(&healths);
        }
        let key = (steps, pool, active, healths.clone());
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let mut best: Option<(f64, f64)> = None;
        let mut commit = pool;
        loop {
            let rolled: Vec<usize> = (0..self.dice.len())
                .filter(|i| (active | commit) & (1 << i) != 0)
                .collect();
            let faces = 6u32.pow(rolled.len() as u32);
            let (mut chance, mut taken) = (0.0, 0.0);
            for roll in 0..faces {
                let mut code = roll;
                let dealt: Vec<i32> = rolled
                    .iter()
                    .map(|&i| {
                        let face = code % 6;
                        code /= 6;
                        damage(self.dice[i], face)
                    })
                    .collect();
                let targets = healths.len() as u32 + 1;
                let mut most: Option<(f64, f64)> = None;
                for way in 0..targets.pow(rolled.len() as u32) {
                    let mut code = way;
                    let mut left = healths.clone();
                    let mut unassigned = 0u32;
                    for (&die, &d) in rolled.iter().zip(&dealt) {
                        let target = code % targets;
                        code /= targets;
                        match target {
                            0 => unassigned |= 1 << die,
                            t => left[t as usize - 1] -= d,
                        }
                    }
                    let next = self.value(steps - 1, pool & !commit, unassigned, left);
                    if most.is_none_or(|m| self.better(next, m)) {
                        most = Some(next);
                    }
                }
                if let Some((c, d)) = most {
                    chance += c;
                    taken += d;
                }
            }
            let here = (chance / f64::from(faces), taken / f64::from(faces));
            if best.is_none_or(|b| self.better(here, b)) {
                best = Some(here);
            }
            if commit == 0 {
                break;
            }
            commit = (commit - 1) & pool;
        }
        let best = best.unwrap_or((0.0, 0.0));
        self.memo.insert(key, best);
        best
    }
}

#[test]
fn the_least_damage_by_hand() {
    let red = Pool([0, 0, 0, 0, 1]);
    // Health 2, Damage 3: the red die's crit (1 in 6) defeats it in one step; in two steps
    // 11 in 36 (a hit left unassigned is rolled again): 3 × 5/6 and 3 × 25/36.
    assert!((least_damage(&red, &[(2, 3)], 1).unwrap() - 2.5).abs() < 1e-12);
    assert!((least_damage(&red, &[(2, 3)], 2).unwrap() - 75.0 / 36.0).abs() < 1e-12);
    // Two enemies of Health 1: the one die always defeats the one that deals 5; 2 is left.
    assert!((least_damage(&red, &[(1, 5), (1, 2)], 1).unwrap() - 2.0).abs() < 1e-12);
}

#[test]
fn the_least_damage_and_the_best_play_s_damage_are_what_every_policy_tried_finds() {
    use Colour::*;
    // Dice, enemies as (Health, Damage), and Strategy.
    type Case<'a> = (&'a [Colour], &'a [(i32, i32)], u32);
    let cases: [Case; 6] = [
        (&[Yellow, Green], &[(2, 3)], 2),
        (&[Blue, Red], &[(2, 2), (1, 4)], 1),
        (&[Blue, Red], &[(2, 2), (1, 4)], 2),
        (&[Yellow, Purple, Red], &[(3, 3), (2, 1)], 2),
        (&[Green, Blue, Purple], &[(4, 5)], 2),
        (&[Yellow, Yellow, Blue, Red], &[(2, 2), (3, 4)], 2),
    ];
    for (dice, enemies, strategy) in cases {
        for best_chance in [false, true] {
            let mut search = BruteDamage {
                dice: dice.to_vec(),
                damage: enemies.iter().map(|e| e.1).collect(),
                best_chance,
                memo: HashMap::new(),
            };
            let all = (1u32 << dice.len()) - 1;
            let (_, expected) =
                search.value(strategy, all, 0, enemies.iter().map(|e| e.0).collect());
            let given: Vec<(u32, u32)> =
                enemies.iter().map(|&(h, d)| (h as u32, d as u32)).collect();
            let found = match best_chance {
                false => least_damage(&pool_of(dice), &given, strategy).unwrap(),
                true => best_play_damage(&pool_of(dice), &given, strategy).unwrap(),
            };
            assert!(
                (found - expected).abs() < 1e-9,
                "{dice:?} {enemies:?} S{strategy}, best chance {best_chance}: {found} against {expected}"
            );
        }
    }
}

/// What a colour deals to an enemy whose effects change it.
fn with(colours: &[Colour], row: [u32; 3]) -> Values {
    let mut values = PLAIN;
    for c in colours {
        values[*c as usize] = row;
    }
    values
}

fn foes(healths: &[i32], values: &[Values]) -> Vec<Foe> {
    healths
        .iter()
        .zip(values)
        .map(|(h, v)| Foe {
            health: *h as u32,
            values: *v,
            limits: Limits::default(),
        })
        .collect()
}

#[test]
fn effects_on_the_dice_by_hand() {
    use Colour::{Red, Yellow};
    let none = |_: usize, _: usize| {};
    // Red may not be assigned to it: one red die never defeats it.
    let no_red = with(&[Red], [0, 0, 0]);
    let red = Pool([0, 0, 0, 0, 1]);
    assert_eq!(
        defeat_all_foes(&red, &foes(&[1], &[no_red]), 2, &none).unwrap(),
        0.0
    );
    // Hits and misses swapped: a yellow die's four misses now deal 1, its hit nothing, its crit
    // 2: Health 1 falls to 5 faces in 6.
    let swapped = with(&[Yellow], [1, 0, 2]);
    let yellow = Pool([1, 0, 0, 0, 0]);
    let p = defeat_all_foes(&yellow, &foes(&[1], &[swapped]), 1, &none).unwrap();
    assert!((p - 5.0 / 6.0).abs() < 1e-12, "{p}");
    // A red and a yellow die against two enemies of Health 1, the first taking no red: the
    // yellow must hit the first (2 faces in 6), the red never misses the second. With a second
    // step the yellow gets another try while the red waits: 1 - (4/6)^2 = 5/9.
    let two = foes(&[1, 1], &[no_red, PLAIN]);
    let pool = Pool([1, 0, 0, 0, 1]);
    let one_step = defeat_all_foes(&pool, &two, 1, &none).unwrap();
    let two_steps = defeat_all_foes(&pool, &two, 2, &none).unwrap();
    assert!((one_step - 1.0 / 3.0).abs() < 1e-12, "{one_step}");
    assert!((two_steps - 5.0 / 9.0).abs() < 1e-12, "{two_steps}");
}

#[test]
fn effects_on_the_dice_are_what_every_policy_tried_finds() {
    use Colour::{Blue, Green, Purple, Red, Yellow};
    let no_red = with(&[Red], [0, 0, 0]);
    let swapped = with(&[Yellow, Green, Blue, Purple], [1, 0, 2]);
    let crits_only = with(&Colour::ALL, [0, 0, 2]);
    let yellow_crit_3 = with(&[Yellow], [0, 1, 3]);
    let no_blue_or_red = with(&[Blue, Red], [0, 0, 0]);
    let cases: [(&[Colour], &[i32], Vec<Values>); 9] = [
        (&[Yellow, Red], &[2], vec![no_red]),
        (&[Yellow, Red], &[1, 1], vec![no_red, PLAIN]),
        (&[Green, Blue, Red], &[2, 1], vec![PLAIN, no_blue_or_red]),
        (&[Yellow, Green, Purple], &[2], vec![swapped]),
        (&[Yellow, Purple, Red], &[1, 2], vec![swapped, PLAIN]),
        (&[Yellow, Yellow, Red], &[3], vec![crits_only]),
        (
            &[Yellow, Green, Blue],
            &[3, 1],
            vec![yellow_crit_3, no_blue_or_red],
        ),
        (&[Green, Green, Blue, Red], &[3], vec![no_blue_or_red]),
        (&[Yellow, Blue, Purple, Red], &[2, 2], vec![swapped, no_red]),
    ];
    let none = |_: usize, _: usize| {};
    for (dice, healths, values) in &cases {
        for strategy in [1, 2] {
            let expected = brute_force_against(dice, healths, values, strategy);
            let found =
                defeat_all_foes(&pool_of(dice), &foes(healths, values), strategy, &none).unwrap();
            assert!(
                (found - expected).abs() < 1e-9,
                "{dice:?} against {healths:?} {values:?}, Strategy {strategy}: {found} but every policy gives {expected}"
            );
        }
    }
}

#[test]
fn the_coloured_search_with_no_effect_is_the_plain_one() {
    // A second method for bigger pools than the brute force reaches: the plain search.
    for (pool, healths, strategy) in [
        (Pool([2, 2, 1, 1, 1]), vec![4u8, 3], 2),
        (Pool([1, 1, 1, 1, 1]), vec![2, 2, 2], 2),
        (Pool([0, 2, 2, 0, 1]), vec![5], 3),
        (Pool([3, 0, 0, 2, 0]), vec![1, 1, 1, 1], 1),
    ] {
        let counts = pool.0.map(|n| n as u8);
        let n = healths.len();
        let mut search = coloured::Search::new(
            Colour::faces,
            counts,
            &healths,
            &vec![PLAIN; n],
            &vec![Limits::default(); n],
        );
        let (dice, standing) = (search.dice.index(&counts), search.healths.index(&healths));
        let found = search.value(strategy, dice, standing).chance;
        let enemies: Vec<u32> = healths.iter().map(|&h| u32::from(h)).collect();
        let plain = defeat_all(&pool, &enemies, strategy).unwrap();
        assert!(
            (found - plain).abs() < 1e-9,
            "{pool:?} {healths:?}: {found} vs {plain}"
        );
    }
}

#[test]
fn a_card_s_effects_become_what_its_faces_deal() {
    use megahex_schema::rulesets::solar_sentinels::Effect;
    let effects: Vec<Effect> = serde_json::from_value(serde_json::json!([
        {"during": {"ban": {"colours": ["red"], "from": "assign"}}},
        {"during": {"face-value": {"face": "crit", "colours": ["yellow"], "value": 3}}},
        {"during": {"commit-limit": {"max": 3}}},
        {"during": {"flee-on-misses": 2}},
        {"during": {"min-colours": 2}},
        {"during": {"text": "Roars."}}
    ]))
    .unwrap();
    let rules = crate::rulesets::solar_sentinels::game::rules::CardRules::of(&effects);
    let hero = crate::rulesets::solar_sentinels::game::rules::hero_faces(None);
    let (foe, outside) = Foe::of_card(5, 1, &rules, &hero, &Pool::default());
    assert_eq!(foe.health, 5);
    assert_eq!(foe.values[Colour::Red as usize], [0, 0, 0]);
    assert_eq!(foe.values[Colour::Yellow as usize], [0, 1, 3]);
    assert_eq!(foe.values[Colour::Blue as usize], [0, 1, 2]);
    assert_eq!(foe.limits.commits.per_round, Some(3));
    assert_eq!(foe.limits.flee_on_misses, Some(2));
    assert_eq!(foe.limits.min_colours, 2);
    assert_eq!(outside, vec!["text"]);
}

#[test]
fn the_cheapest_play_is_what_every_policy_tried_finds() {
    use Colour::{Blue, Green, Purple, Red, Yellow};
    let cases: [(&[Colour], &[i32]); 5] = [
        (&[Yellow, Red], &[2]),
        (&[Purple, Red], &[2]),
        (&[Green, Blue, Red], &[2, 1]),
        (&[Yellow, Green, Purple], &[3]),
        (&[Yellow, Yellow, Blue, Red], &[3]),
    ];
    for (dice, healths) in cases {
        for strategy in [1, 2] {
            for lambda in [0.5, 2.0, 5.0, 20.0, 300.0] {
                let plain = vec![PLAIN; healths.len()];
                let expected = brute_trade_off(dice, healths, &plain, strategy, (lambda, 1.0));
                let enemies: Vec<u32> = healths.iter().map(|&h| h as u32).collect();
                let found = cheapest::lagrangian_value(&pool_of(dice), &enemies, strategy, lambda);
                assert!(
                    (found - expected).abs() < 1e-9,
                    "{dice:?} against {healths:?}, Strategy {strategy}, rate {lambda}: {found} but every policy gives {expected}"
                );
            }
        }
    }
}

#[test]
fn the_cheapest_play_reaches_its_target_with_no_more_dice_than_committing_up_front() {
    let pool = Pool([2, 1, 1, 1, 1]);
    let enemies = [3, 2];
    let targets = [0.5, 0.8, 0.9, 0.95];
    let foes: Vec<Foe> = enemies.iter().map(|h| Foe::plain(*h)).collect();
    let up_front = fewest_dice(&pool, &foes, 2, &targets).unwrap();
    let cheap = cheapest_plays(&pool, &enemies, 2, &targets).unwrap();
    let best = defeat_all(&pool, &enemies, 2).unwrap();
    for ((target, up_front), cheap) in targets.iter().zip(up_front).zip(cheap) {
        match (up_front, cheap) {
            (Some((dice, _)), Some(play)) => {
                assert!(play.chance >= target - 1e-12, "{target}: {play:?}");
                assert!(play.chance <= best + 1e-12);
                assert!(
                    play.mean_dice <= f64::from(dice.len()) + 1e-9,
                    "{target}: {play:?} against {} dice up front",
                    dice.len()
                );
                assert!(play.first.len() <= pool.len());
            }
            (None, None) => {}
            (a, b) => panic!("{target}: {a:?} against {b:?}"),
        }
    }
}

#[test]
fn the_cheapest_play_by_hand() {
    // A red and a purple die against Health 2 in one step: the red alone defeats it 1 time in
    // 6, both 31 times in 36 (only a red hit with a purple miss falls short). The plays'
    // (dice, chance): none (0, 0), one die (1, 1/6), both (2, 31/36); the one-die plays lie
    // under the line from none to both. So 80 % takes both in a share 0.8 / (31/36) = 72/77.5
    // of rounds and none in the rest: 2 × 0.8 × 36/31 = 57.6/31 dice on average.
    let pool = Pool([0, 0, 0, 1, 1]);
    let plays = cheapest_plays(&pool, &[2], 1, &[0.8, 0.9]).unwrap();
    let play = plays[0].clone().unwrap();
    assert!((play.chance - 0.8).abs() < 1e-12);
    assert!((play.mean_dice - 57.6 / 31.0).abs() < 1e-12, "{play:?}");
    assert_eq!(play.first, pool);
    let mix = play.mix.unwrap();
    assert!((mix.share - 0.8 * 36.0 / 31.0).abs() < 1e-12);
    assert!((mix.reaching.chance - 31.0 / 36.0).abs() < 1e-12);
    assert_eq!((mix.below.chance, mix.below.mean_dice), (0.0, 0.0));
    assert_eq!(plays[1], None);
    // Health 2 with two steps: the purple die first. Its crit (1 in 6) defeats the enemy; on
    // its hit (4 in 6) the red die, which never misses, finishes it; on its miss (1 in 6) the
    // red joins the purple rolled again: 31/36. The red is committed 5 times in 6:
    // 1/6 + 4/6 + (1/6)(31/36) = 211/216 with 1 + 5/6 dice on average, where committing both
    // at once takes 2. The other plays (the purple alone: 7/36 with 1 die; the purple, then
    // the red on a hit and the purple alone again on a miss: 31/36 with 5/3) lie under the
    // line from none to it, so 95 % mixes it with committing nothing:
    // 0.95 × (11/6) / (211/216) dice on average.
    let plays = cheapest_plays(&pool, &[2], 2, &[0.95]).unwrap();
    let play = plays[0].clone().unwrap();
    assert!((play.chance - 0.95).abs() < 1e-12, "{play:?}");
    let expected = 0.95 * (11.0 / 6.0) / (211.0 / 216.0);
    assert!((play.mean_dice - expected).abs() < 1e-12, "{play:?}");
    assert_eq!(play.first, Pool([0, 0, 0, 1, 0]));
    let reaching = play.mix.unwrap().reaching;
    assert!(
        (reaching.chance - 211.0 / 216.0).abs() < 1e-12,
        "{reaching:?}"
    );
    assert!(
        (reaching.mean_dice - 11.0 / 6.0).abs() < 1e-12,
        "{reaching:?}"
    );
    // Health 1 with two steps: the red die alone never misses (1 die, 100 %); mixed with
    // committing nothing, 95 % takes 0.95 dice on average.
    let plays = cheapest_plays(&pool, &[1], 2, &[0.95]).unwrap();
    let play = plays[0].clone().unwrap();
    assert!((play.chance - 0.95).abs() < 1e-12 && (play.mean_dice - 0.95).abs() < 1e-12);
    assert_eq!(play.first, Pool([0, 0, 0, 0, 1]));
    let reaching = play.mix.unwrap().reaching;
    assert_eq!((reaching.chance, reaching.mean_dice), (1.0, 1.0));
    // A target the play reaches exactly is that play alone, no mix.
    let plays = cheapest_plays(&pool, &[1], 2, &[1.0]).unwrap();
    let play = plays[0].clone().unwrap();
    assert_eq!((play.chance, play.mean_dice, play.mix), (1.0, 1.0, None));
}

fn box_faces() -> [DieFaces; 5] {
    Colour::ALL.map(Colour::faces)
}

#[test]
fn one_roll_is_what_every_policy_tried_finds_in_one_step() {
    use Colour::{Blue, Green, Purple, Red, Yellow};
    let no_red = with(&[Red], [0, 0, 0]);
    let swapped = with(&[Yellow, Green, Blue, Purple], [1, 0, 2]);
    let yellow_hit_2 = with(&[Yellow], [0, 2, 2]);
    let all_crit_3 = with(&Colour::ALL, [0, 1, 3]);
    let purple_miss_1 = with(&[Purple], [1, 1, 2]);
    let cases: [(&[Colour], &[i32], Vec<Values>); 8] = [
        (&[Yellow, Red], &[2], vec![no_red]),
        (&[Yellow, Red], &[1, 1], vec![no_red, PLAIN]),
        (&[Yellow, Purple, Red], &[1, 2], vec![swapped, PLAIN]),
        (&[Yellow, Yellow, Green], &[2, 1], vec![yellow_hit_2; 2]),
        (&[Green, Blue, Red], &[3, 2], vec![all_crit_3; 2]),
        (&[Purple, Purple, Blue], &[1, 1, 1], vec![purple_miss_1; 3]),
        (&[Yellow, Green, Blue, Red], &[4], vec![PLAIN]),
        (
            &[Green, Blue, Purple, Red],
            &[2, 3],
            vec![no_red, yellow_hit_2],
        ),
    ];
    // One memo for every case, asked twice: what it keeps never changes an answer.
    let mut odds = OneRoll::new(box_faces());
    for _ in 0..2 {
        for (dice, healths, values) in &cases {
            let expected = brute_force_against(dice, healths, values, 1);
            let counts = pool_of(dice).0.map(|n| n as u8);
            let found = odds.chance(counts, &foes(healths, values));
            assert!(
                (found - expected).abs() < 1e-9,
                "{dice:?} against {healths:?}: {found} but every policy gives {expected}"
            );
        }
    }
}

#[test]
fn one_roll_is_the_engagement_search_s_first_step_on_bigger_pools() {
    use Colour::{Red, Yellow};
    // A second method where the brute force does not reach: the searches with Strategy 1.
    let yellow_hit_2 = with(&[Yellow], [0, 2, 2]);
    let no_red = with(&[Red], [0, 0, 0]);
    let none = |_: usize, _: usize| {};
    for (pool, healths, values) in [
        (Pool([4, 4, 4, 4, 1]), vec![6, 5, 4], vec![PLAIN; 3]),
        (
            Pool([2, 2, 1, 1, 1]),
            vec![4, 3],
            vec![yellow_hit_2, no_red],
        ),
        (Pool([0, 3, 2, 2, 1]), vec![7], vec![no_red]),
        (Pool([3, 0, 0, 2, 0]), vec![1, 1, 1, 1], vec![PLAIN; 4]),
    ] {
        let healths: Vec<i32> = healths;
        let enemies = foes(&healths, &values);
        let expected = defeat_all_foes(&pool, &enemies, 1, &none).unwrap();
        let mut reversed = enemies.clone();
        reversed.reverse();
        let found = OneRoll::new(box_faces()).chance(pool.0.map(|n| n as u8), &reversed);
        assert!(
            (found - expected).abs() < 1e-9,
            "{pool:?} against {healths:?}: {found} against {expected}"
        );
    }
}

#[test]
fn limits_on_the_dice_an_enemy_takes_are_what_every_policy_tried_finds() {
    use Colour::{Blue, Green, Purple, Red, Yellow};
    let per_roll = |n| Limits {
        per_roll: Some(n),
        ..Limits::default()
    };
    let per_step = |n| Limits {
        per_step: Some(n),
        ..Limits::default()
    };
    let boss = Limits {
        boss: true,
        ..Limits::default()
    };
    let shielded = Limits {
        shielded: true,
        ..boss
    };
    let per_card = |n| Limits {
        per_card: Some(n),
        ..Limits::default()
    };
    let one_colour = Limits {
        one_colour: true,
        ..Limits::default()
    };
    let one_each = Limits {
        one_die_per_colour: true,
        ..Limits::default()
    };
    let none = Limits::default();
    let no_red = with(&[Red], [0, 0, 0]);
    let cases: [LimitedCase; 20] = [
        (&[Red, Purple], &[3], vec![PLAIN], vec![per_roll(1)]),
        // Which colour goes on the one-colour card matters later: no colour is the better one.
        (
            &[Blue, Blue, Blue, Green],
            &[3, 2],
            vec![PLAIN; 2],
            vec![one_colour, none],
        ),
        (&[Red, Purple, Blue], &[3], vec![PLAIN], vec![per_roll(2)]),
        (
            &[Purple, Purple, Blue],
            &[2, 2],
            vec![PLAIN; 2],
            vec![per_roll(1), none],
        ),
        (&[Red, Purple, Blue], &[4], vec![PLAIN], vec![per_step(2)]),
        (
            &[Purple, Blue, Green],
            &[3, 1],
            vec![PLAIN; 2],
            vec![per_step(2), none],
        ),
        (
            &[Purple, Blue, Red],
            &[1, 2],
            vec![PLAIN; 2],
            vec![none, shielded],
        ),
        (
            &[Yellow, Purple, Red],
            &[1, 1, 2],
            vec![PLAIN; 3],
            vec![none, none, shielded],
        ),
        (
            &[Blue, Purple, Red],
            &[2, 2],
            vec![PLAIN; 2],
            vec![boss, shielded],
        ),
        (
            &[Green, Purple, Red],
            &[2, 1],
            vec![no_red, PLAIN],
            vec![per_roll(1), shielded],
        ),
        (
            &[Yellow, Purple, Blue],
            &[3],
            vec![PLAIN],
            vec![per_card(2)],
        ),
        (&[Purple, Purple, Red], &[3], vec![PLAIN], vec![one_colour]),
        (
            &[Blue, Purple, Purple],
            &[2, 2],
            vec![PLAIN; 2],
            vec![one_colour, none],
        ),
        (&[Green, Blue, Purple], &[3], vec![PLAIN], vec![one_colour]),
        (&[Purple, Purple, Red], &[3], vec![PLAIN], vec![one_each]),
        (
            &[Blue, Blue, Purple],
            &[2, 1],
            vec![PLAIN; 2],
            vec![one_each, none],
        ),
        (
            &[Yellow, Purple, Red],
            &[2, 1],
            vec![PLAIN; 2],
            vec![one_colour, one_each],
        ),
        (
            &[Purple, Blue, Red],
            &[2, 2],
            vec![PLAIN; 2],
            vec![per_card(1), none],
        ),
        (
            &[Yellow, Green, Purple],
            &[2, 1],
            vec![PLAIN; 2],
            vec![per_card(2), per_card(1)],
        ),
        (
            &[Blue, Purple, Red],
            &[3],
            vec![PLAIN],
            vec![Limits {
                per_card: Some(2),
                per_roll: Some(1),
                ..Limits::default()
            }],
        ),
    ];
    assert_every_policy_finds(&cases, &[1, 2], true);
}

#[test]
fn limits_by_hand() {
    use Colour::{Purple, Red};
    let none = |_: usize, _: usize| {};
    // A red and a purple die against Health 3 that takes one die a roll: no one die deals 3.
    let one_a_roll = Foe {
        limits: Limits {
            per_roll: Some(1),
            ..Limits::default()
        },
        ..Foe::plain(3)
    };
    let pool = pool_of(&[Red, Purple]);
    assert_eq!(
        defeat_all_foes(&pool, &[one_a_roll], 1, &none).unwrap(),
        0.0
    );
    // Health 2 that takes at most 1 a step, one red die (it never misses): the die stays on
    // the enemy after the first step, so the second has nothing to roll.
    let capped = Foe {
        limits: Limits {
            per_step: Some(1),
            ..Limits::default()
        },
        ..Foe::plain(2)
    };
    let red = pool_of(&[Red]);
    assert_eq!(defeat_all_foes(&red, &[capped], 2, &none).unwrap(), 0.0);
    // A red and a purple die (the purple deals something 5 times in 6): if the purple deals on
    // the first step it is assigned and the red's second roll is sure; if not, the red is
    // assigned and the purple has a second roll: 5/6 + 1/6 * 5/6 = 35/36.
    let two = pool_of(&[Red, Purple]);
    let p = defeat_all_foes(&two, &[capped], 2, &none).unwrap();
    assert!((p - 35.0 / 36.0).abs() < 1e-12, "{p}");
}

#[test]
fn commit_rules_are_what_every_policy_tried_finds() {
    use Colour::{Blue, Green, Purple, Red, Yellow};
    let commits = |rules: CommitRules| Limits {
        commits: rules,
        ..Limits::default()
    };
    let per_step = |n| {
        commits(CommitRules {
            per_step: Some(n),
            ..CommitRules::default()
        })
    };
    let per_round = |n| {
        commits(CommitRules {
            per_round: Some(n),
            ..CommitRules::default()
        })
    };
    let banning = |colour: Colour| {
        let mut banned = [false; 5];
        banned[colour as usize] = true;
        commits(CommitRules {
            banned,
            ..CommitRules::default()
        })
    };
    let whole = CommitRules {
        whole_colour: true,
        ..CommitRules::default()
    };
    let none = Limits::default();
    let shielded = Limits {
        shielded: true,
        boss: true,
        ..Limits::default()
    };
    let cases: [LimitedCase; 13] = [
        (
            &[Purple, Red, Blue, Yellow],
            &[2, 2],
            vec![with(&[Red, Blue], [0, 0, 0]), with(&[Purple], [0, 0, 0])],
            vec![per_round(3), none],
        ),
        (
            &[Green, Red, Purple],
            &[1, 1],
            vec![with(&[Red], [0, 0, 0]), with(&[Purple], [0, 0, 0])],
            vec![per_round(2), none],
        ),
        (
            &[Yellow, Red, Purple, Blue],
            &[2, 1],
            vec![with(&[Red], [0, 0, 0]), with(&[Purple, Blue], [0, 0, 0])],
            vec![per_round(2), none],
        ),
        (&[Red, Purple, Blue], &[3], vec![PLAIN], vec![per_step(1)]),
        (
            &[Red, Purple, Blue],
            &[2, 1],
            vec![PLAIN; 2],
            vec![per_round(2), none],
        ),
        (
            &[Purple, Purple, Blue],
            &[2, 1],
            vec![PLAIN; 2],
            vec![none, banning(Purple)],
        ),
        (
            &[Purple, Purple, Blue, Red],
            &[3],
            vec![PLAIN],
            vec![commits(CommitRules {
                per_step: Some(2),
                ..whole
            })],
        ),
        (&[Purple, Blue], &[2], vec![PLAIN], vec![commits(whole)]),
        (
            &[Red, Purple, Blue],
            &[1, 2],
            vec![PLAIN; 2],
            vec![per_round(1), none],
        ),
        (
            &[Red, Green, Yellow],
            &[2],
            vec![with(&[Red], [0, 0, 0])],
            vec![per_step(1)],
        ),
        (
            &[Purple, Blue, Red],
            &[1, 2],
            vec![PLAIN; 2],
            vec![per_step(1), shielded],
        ),
        (
            &[Blue, Blue, Red],
            &[2, 1],
            vec![PLAIN; 2],
            vec![banning(Red), per_round(2)],
        ),
        (
            &[Yellow, Purple, Blue],
            &[2],
            vec![PLAIN],
            vec![Limits {
                per_roll: Some(1),
                ..per_step(2)
            }],
        ),
    ];
    assert_every_policy_finds(&cases, &[1, 2, 3], false);
}

#[test]
fn commit_rules_by_hand() {
    use Colour::{Purple, Red};
    let none = |_: usize, _: usize| {};
    // Two red dice (each deals at least 1, a crit 2 in 6) against Health 2 that lets one die be
    // committed a step: in one step only a crit does it, 1/6 (a red die shows a crit on 1
    // face); in two steps the first die stays on the enemy when it shows a hit, and the second
    // covers the last point.
    let one_a_step = Foe {
        limits: Limits {
            commits: CommitRules {
                per_step: Some(1),
                ..CommitRules::default()
            },
            ..Limits::default()
        },
        ..Foe::plain(2)
    };
    let reds = pool_of(&[Red, Red]);
    let p = defeat_all_foes(&reds, &[one_a_step], 1, &none).unwrap();
    assert!((p - 1.0 / 6.0).abs() < 1e-12, "{p}");
    let p = defeat_all_foes(&reds, &[one_a_step], 2, &none).unwrap();
    assert!((p - 1.0).abs() < 1e-12, "{p}");
    // A purple die banned from commit by the only enemy: nothing can be rolled.
    let mut banned = [false; 5];
    banned[Purple as usize] = true;
    let no_purple = Foe {
        limits: Limits {
            commits: CommitRules {
                banned,
                ..CommitRules::default()
            },
            ..Limits::default()
        },
        ..Foe::plain(1)
    };
    let purple = pool_of(&[Purple]);
    assert_eq!(
        defeat_all_foes(&purple, &[no_purple], 3, &none).unwrap(),
        0.0
    );
}

#[test]
fn misses_kept_from_rolling_are_what_every_policy_tried_finds() {
    use Colour::{Blue, Green, Purple, Red, Yellow};
    let keeps = Limits {
        no_reroll_misses: true,
        ..Limits::default()
    };
    let none = Limits::default();
    let one_a_step = Limits {
        commits: CommitRules {
            per_step: Some(1),
            ..CommitRules::default()
        },
        ..Limits::default()
    };
    let shielded = Limits {
        shielded: true,
        boss: true,
        ..Limits::default()
    };
    // A yellow miss that deals 1 and a hit that deals 0 (hits and misses swapped).
    let swapped = with(&[Yellow], [1, 0, 2]);
    let cases: [LimitedCase; 8] = [
        (&[Yellow, Green, Red], &[2], vec![PLAIN], vec![keeps]),
        // Holding the yellow back keeps a miss of it from staying for the round.
        (&[Red, Yellow], &[3], vec![PLAIN], vec![keeps]),
        (
            &[Yellow, Blue, Purple],
            &[1, 2],
            vec![PLAIN; 2],
            vec![keeps, none],
        ),
        (&[Yellow, Yellow, Blue], &[3], vec![swapped], vec![keeps]),
        (
            &[Green, Yellow, Purple],
            &[2, 1],
            vec![PLAIN; 2],
            vec![keeps, one_a_step],
        ),
        (
            &[Yellow, Green, Purple],
            &[1, 2],
            vec![PLAIN; 2],
            vec![keeps, shielded],
        ),
        (
            &[Yellow, Green, Blue, Red],
            &[2, 2],
            vec![PLAIN; 2],
            vec![none, keeps],
        ),
        (
            &[Green, Green, Yellow],
            &[1, 1],
            vec![PLAIN, with(&[Green], [0, 0, 0])],
            vec![keeps, none],
        ),
    ];
    assert_every_policy_finds(&cases, &[1, 2, 3], false);
}

#[test]
fn misses_kept_from_rolling_by_hand() {
    use Colour::Yellow;
    let none = |_: usize, _: usize| {};
    // One yellow die (4 misses, a hit, a crit in 6) against Health 1 over two steps. Rolled
    // again, it deals on 2 faces of 6 each time: 1 - (4/6)^2 = 5/9. Kept on its miss, its
    // first roll is all it has: 2/6.
    let plain = Foe::plain(1);
    let keeps = Foe {
        limits: Limits {
            no_reroll_misses: true,
            ..Limits::default()
        },
        ..plain
    };
    let yellow = pool_of(&[Yellow]);
    let p = defeat_all_foes(&yellow, &[plain], 2, &none).unwrap();
    assert!((p - 5.0 / 9.0).abs() < 1e-12, "{p}");
    let p = defeat_all_foes(&yellow, &[keeps], 2, &none).unwrap();
    assert!((p - 1.0 / 3.0).abs() < 1e-12, "{p}");
}

#[test]
fn escorts_are_what_every_policy_tried_finds() {
    use Colour::{Blue, Green, Purple, Red, Yellow};
    let escorted = |colour: Colour| Limits {
        escort: Some(colour as u8),
        ..Limits::default()
    };
    let none = Limits::default();
    let shielded = Limits {
        shielded: true,
        boss: true,
        ..Limits::default()
    };
    let cases: [LimitedCase; 7] = [
        (
            &[Blue, Red, Purple],
            &[3],
            vec![PLAIN],
            vec![escorted(Blue)],
        ),
        (
            &[Yellow, Red, Red],
            &[2],
            vec![PLAIN],
            vec![escorted(Yellow)],
        ),
        (
            &[Blue, Blue, Red, Purple],
            &[4],
            vec![PLAIN],
            vec![escorted(Blue)],
        ),
        (
            &[Blue, Purple, Red],
            &[2, 2],
            vec![PLAIN; 2],
            vec![escorted(Blue), none],
        ),
        (
            &[Green, Red, Red],
            &[3],
            vec![PLAIN],
            vec![Limits {
                per_card: Some(2),
                ..escorted(Green)
            }],
        ),
        (
            &[Yellow, Purple, Red],
            &[1, 2],
            vec![PLAIN; 2],
            vec![
                none,
                Limits {
                    shielded: true,
                    boss: true,
                    ..escorted(Yellow)
                },
            ],
        ),
        (
            &[Green, Blue, Red],
            &[2, 1],
            vec![PLAIN; 2],
            vec![escorted(Green), shielded],
        ),
    ];
    assert_every_policy_finds(&cases, &[1, 2, 3], true);
}

#[test]
fn escorts_by_hand() {
    use Colour::{Red, Yellow};
    let none = |_: usize, _: usize| {};
    // A yellow and a red die against Health 2 whose other dice each need a yellow one: the
    // red (never a miss) goes on only beside a yellow that deals, and the yellow deals on 2
    // faces of 6. In one step: the yellow deals (2/6), then the red's 1 or 2 finishes it, or
    // the yellow's crit alone does: 2/6.
    let escorted = Foe {
        limits: Limits {
            escort: Some(Yellow as u8),
            ..Limits::default()
        },
        ..Foe::plain(2)
    };
    let pool = pool_of(&[Yellow, Red]);
    let p = defeat_all_foes(&pool, &[escorted], 1, &none).unwrap();
    assert!((p - 1.0 / 3.0).abs() < 1e-12, "{p}");
}

#[test]
fn fleeing_on_misses_is_what_every_policy_tried_finds() {
    use Colour::{Blue, Green, Purple, Red, Yellow};
    let flees = |n| Limits {
        flee_on_misses: Some(n),
        ..Limits::default()
    };
    let none = Limits::default();
    let keeps = Limits {
        no_reroll_misses: true,
        ..Limits::default()
    };
    let cases: [LimitedCase; 6] = [
        (&[Red, Yellow], &[2], vec![PLAIN], vec![flees(1)]),
        (&[Yellow, Green, Purple], &[2], vec![PLAIN], vec![flees(2)]),
        (
            &[Blue, Green, Red],
            &[1, 2],
            vec![PLAIN; 2],
            vec![flees(1), none],
        ),
        (
            &[Yellow, Yellow, Red],
            &[2, 1],
            vec![PLAIN; 2],
            vec![none, flees(2)],
        ),
        (
            &[Green, Purple, Red],
            &[2, 1],
            vec![PLAIN; 2],
            vec![flees(2), keeps],
        ),
        (
            &[Yellow, Blue, Purple, Red],
            &[3],
            vec![PLAIN],
            vec![flees(2)],
        ),
    ];
    assert_every_policy_finds(&cases, &[1, 2, 3], false);
}

#[test]
fn fleeing_on_misses_by_hand() {
    use Colour::{Red, Yellow};
    let none = |_: usize, _: usize| {};
    let flees = Foe {
        limits: Limits {
            flee_on_misses: Some(1),
            ..Limits::default()
        },
        ..Foe::plain(1)
    };
    // One yellow die (4 misses in 6) against Health 1 that flees on one miss, over two
    // steps: its first miss ends it, so only the first roll counts: 2/6.
    let p = defeat_all_foes(&pool_of(&[Yellow]), &[flees], 2, &none).unwrap();
    assert!((p - 1.0 / 3.0).abs() < 1e-12, "{p}");
    // With a red die (never a miss) too, the best play commits the red alone: certain.
    let p = defeat_all_foes(&pool_of(&[Red, Yellow]), &[flees], 1, &none).unwrap();
    assert!((p - 1.0).abs() < 1e-12, "{p}");
}

#[test]
fn colours_needed_are_what_every_policy_tried_finds() {
    use Colour::{Blue, Green, Purple, Red, Yellow};
    let needs = |n| Limits {
        min_colours: n,
        ..Limits::default()
    };
    let none = Limits::default();
    let shielded = Limits {
        shielded: true,
        boss: true,
        ..Limits::default()
    };
    let cases: [LimitedCase; 7] = [
        (&[Red, Red, Purple], &[2], vec![PLAIN], vec![needs(2)]),
        (&[Blue, Purple, Red], &[1], vec![PLAIN], vec![needs(3)]),
        (
            &[Yellow, Green, Red],
            &[2, 1],
            vec![PLAIN; 2],
            vec![needs(2), none],
        ),
        (
            &[Purple, Purple, Blue],
            &[1, 2],
            vec![PLAIN; 2],
            vec![none, needs(2)],
        ),
        (
            &[Green, Blue, Red],
            &[2],
            vec![with(&[Red], [0, 0, 0])],
            vec![needs(2)],
        ),
        (
            &[Blue, Green, Red],
            &[1, 2],
            vec![PLAIN; 2],
            vec![needs(2), shielded],
        ),
        (&[Red, Red, Red], &[1], vec![PLAIN], vec![needs(2)]),
    ];
    assert_every_policy_finds(&cases, &[1, 2, 3], true);
}

#[test]
fn colours_needed_by_hand() {
    use Colour::{Purple, Red};
    let none = |_: usize, _: usize| {};
    let two_colours = Foe {
        limits: Limits {
            min_colours: 2,
            ..Limits::default()
        },
        ..Foe::plain(1)
    };
    // Two red dice never show two colours: never defeated.
    let reds = pool_of(&[Red, Red]);
    assert_eq!(
        defeat_all_foes(&reds, &[two_colours], 3, &none).unwrap(),
        0.0
    );
    // A red and a purple in one step: both must deal, and the red always does: 5/6.
    let both = pool_of(&[Red, Purple]);
    let p = defeat_all_foes(&both, &[two_colours], 1, &none).unwrap();
    assert!((p - 5.0 / 6.0).abs() < 1e-12, "{p}");
}

/// The hit face of every colour, as [`Limits::paired`] marks it.
const EVERY_HIT: u16 = 0b010_010_010_010_010;

#[test]
fn hits_in_pairs_are_what_every_policy_tried_finds() {
    use Colour::{Blue, Green, Purple, Red, Yellow};
    let pairs = Limits {
        paired: EVERY_HIT,
        ..Limits::default()
    };
    let none = Limits::default();
    // Hits and misses swapped but on red: the misses of the other colours show as hits, so
    // they are the faces taken in pairs.
    let swapped = {
        let mut values = PLAIN;
        for row in values.iter_mut().take(4) {
            *row = [1, 0, 2];
        }
        values
    };
    let swapped_pairs = Limits {
        paired: 0b010_001_001_001_001,
        ..Limits::default()
    };
    let shielded = Limits {
        shielded: true,
        boss: true,
        ..pairs
    };
    let cases: [LimitedCase; 7] = [
        (&[Red, Purple], &[1], vec![PLAIN], vec![pairs]),
        (&[Green, Green, Red], &[2], vec![PLAIN], vec![pairs]),
        (&[Blue, Blue, Red, Red], &[3], vec![PLAIN], vec![pairs]),
        (
            &[Yellow, Red, Red],
            &[2, 1],
            vec![PLAIN; 2],
            vec![pairs, none],
        ),
        (
            &[Blue, Purple, Purple],
            &[2],
            vec![swapped],
            vec![swapped_pairs],
        ),
        (
            &[Green, Red, Red],
            &[1, 2],
            vec![PLAIN; 2],
            vec![none, shielded],
        ),
        (
            &[Yellow, Yellow, Red],
            &[2, 2],
            vec![PLAIN; 2],
            vec![
                pairs,
                Limits {
                    per_roll: Some(1),
                    ..pairs
                },
            ],
        ),
    ];
    assert_every_policy_finds(&cases, &[1, 2, 3], true);
}

#[test]
fn hits_in_pairs_by_hand() {
    use Colour::{Purple, Red};
    let none = |_: usize, _: usize| {};
    let pairs = Foe {
        limits: Limits {
            paired: EVERY_HIT,
            ..Limits::default()
        },
        ..Foe::plain(1)
    };
    // A red and a purple against Health 1 in one roll: their hits are of two colours and make
    // no pair, so only a crit (on either) defeats it: 1 − (5/6)².
    let p = defeat_all_foes(&pool_of(&[Red, Purple]), &[pairs], 1, &none).unwrap();
    assert!((p - 11.0 / 36.0).abs() < 1e-12, "{p}");
    // Two reds: a crit, or two red hits: always.
    let p = defeat_all_foes(&pool_of(&[Red, Red]), &[pairs], 1, &none).unwrap();
    assert!((p - 1.0).abs() < 1e-12, "{p}");
}

#[test]
fn one_defeat_per_assign_is_what_every_policy_tried_finds() {
    use Colour::{Blue, Green, Purple, Red, Yellow};
    let one = Limits {
        one_defeat: true,
        ..Limits::default()
    };
    let none = Limits::default();
    let shielded_one = Limits {
        shielded: true,
        boss: true,
        ..one
    };
    let cases: [LimitedCase; 6] = [
        (&[Red, Red], &[1, 1], vec![PLAIN; 2], vec![one, none]),
        (
            &[Red, Purple, Blue],
            &[1, 2],
            vec![PLAIN; 2],
            vec![none, one],
        ),
        (
            &[Green, Red, Red],
            &[1, 1, 1],
            vec![PLAIN; 3],
            vec![none, one, none],
        ),
        (
            &[Yellow, Blue, Red],
            &[1, 2],
            vec![PLAIN; 2],
            vec![none, shielded_one],
        ),
        (
            &[Blue, Red, Red],
            &[2, 1],
            vec![PLAIN; 2],
            vec![
                Limits {
                    min_colours: 2,
                    ..one
                },
                none,
            ],
        ),
        (&[Red, Red, Purple], &[3], vec![PLAIN], vec![one]),
    ];
    assert_every_policy_finds(&cases, &[1, 2, 3], true);
}

#[test]
fn one_defeat_per_assign_by_hand() {
    use Colour::Red;
    let none = |_: usize, _: usize| {};
    let limited = Foe {
        limits: Limits {
            one_defeat: true,
            ..Limits::default()
        },
        ..Foe::plain(1)
    };
    // Two reds, each dealing at least 1, against two enemies of Health 1: one roll fells one
    // of them only, so one step never wins; at a second step the other red, left unassigned,
    // is rolled again and fells the second.
    let reds = pool_of(&[Red, Red]);
    let both = [limited, Foe::plain(1)];
    assert_eq!(defeat_all_foes(&reds, &both, 1, &none).unwrap(), 0.0);
    let p = defeat_all_foes(&reds, &both, 2, &none).unwrap();
    assert!((p - 1.0).abs() < 1e-12, "{p}");
}

#[test]
fn crits_that_exhaust_hits_are_what_every_policy_tried_finds() {
    use Colour::{Blue, Green, Purple, Red, Yellow};
    let exhausts = Limits {
        crit_exhausts: true,
        ..Limits::default()
    };
    let none = Limits::default();
    let no_red = with(&[Red], [0, 0, 0]);
    let one_a_roll = Limits {
        per_roll: Some(1),
        ..exhausts
    };
    let cases: [LimitedCase; 8] = [
        // A crit and hits of other colours: which hit the crit exhausts matters, and so does
        // holding a die back from the first roll.
        (&[Yellow, Purple, Red], &[3], vec![PLAIN], vec![one_a_roll]),
        (
            &[Yellow, Purple, Red, Red],
            &[3],
            vec![PLAIN],
            vec![one_a_roll],
        ),
        (
            &[Yellow, Green, Red],
            &[2, 2],
            vec![PLAIN, no_red],
            vec![one_a_roll, none],
        ),
        (
            &[Red, Red, Purple],
            &[2, 2],
            vec![PLAIN; 2],
            vec![exhausts, none],
        ),
        (
            &[Red, Blue, Purple],
            &[2, 1],
            vec![PLAIN, no_red],
            vec![exhausts, none],
        ),
        (&[Green, Red, Red], &[3], vec![PLAIN], vec![exhausts]),
        (
            &[Yellow, Red, Purple],
            &[2, 2],
            vec![PLAIN, no_red],
            vec![
                Limits {
                    per_roll: Some(1),
                    ..exhausts
                },
                none,
            ],
        ),
        (
            &[Purple, Purple, Red, Red],
            &[2, 2],
            vec![PLAIN; 2],
            vec![exhausts, none],
        ),
    ];
    assert_every_policy_finds(&cases, &[1, 2, 3], true);
}

#[test]
fn misses_that_force_hits_again_are_what_every_policy_tried_finds() {
    use Colour::{Blue, Green, Purple, Red, Yellow};
    let rerolls = Limits {
        miss_rerolls: true,
        ..Limits::default()
    };
    let none = Limits::default();
    let cases: [LimitedCase; 7] = [
        // A red hit rolled again never misses and may crit; a yellow one mostly misses:
        // which hit goes again matters.
        (&[Yellow, Green, Red], &[3], vec![PLAIN], vec![rerolls]),
        // In one roll the purple alone wins 5/6; with the yellow, whose miss can force the
        // purple's hit again, 172/216: the yellow is best held back.
        (&[Purple, Yellow], &[1], vec![PLAIN], vec![rerolls]),
        (&[Yellow, Yellow, Purple], &[2], vec![PLAIN], vec![rerolls]),
        (
            &[Green, Blue, Red],
            &[2, 1],
            vec![PLAIN; 2],
            vec![rerolls, none],
        ),
        (
            &[Yellow, Purple, Red],
            &[1, 2],
            vec![PLAIN, with(&[Red], [0, 0, 0])],
            vec![none, rerolls],
        ),
        (&[Yellow, Blue, Blue, Red], &[3], vec![PLAIN], vec![rerolls]),
        (
            &[Green, Purple, Yellow],
            &[2, 2],
            vec![PLAIN; 2],
            vec![
                rerolls,
                Limits {
                    flee_on_misses: Some(2),
                    ..none
                },
            ],
        ),
    ];
    assert_every_policy_finds(&cases, &[1, 2, 3], false);
}

#[test]
fn misses_that_force_hits_again_by_hand() {
    use Colour::{Purple, Red, Yellow};
    let none = |_: usize, _: usize| {};
    let forcing = Foe {
        limits: Limits {
            miss_rerolls: true,
            ..Limits::default()
        },
        ..Foe::plain(2)
    };
    // A yellow and a red against Health 2 in one roll. The red deals 2 on its crit (1/6), and
    // 1 on a hit, with the yellow dealing at least 1 (2/6). When the yellow misses (4/6) and
    // the red hits (5/6), the red's hit is rolled again: its crit (1/6) then wins. So
    // 1/6 + 5/6 × 2/6 + 4/6 × 5/6 × 1/6 = 36/216 + 60/216 + 20/216 = 116/216.
    let p = defeat_all_foes(&pool_of(&[Yellow, Red]), &[forcing], 1, &none).unwrap();
    assert!((p - 116.0 / 216.0).abs() < 1e-12, "{p}");
    // A purple and a yellow against Health 1: with both rolled, the yellow's miss forces a
    // purple hit again (and the purple's miss the yellow's): 172/216 by the cases. The purple
    // alone wins 5/6 = 180/216, so the best play holds the yellow back.
    let weak = Foe {
        health: 1,
        ..forcing
    };
    let p = defeat_all_foes(&pool_of(&[Purple, Yellow]), &[weak], 1, &none).unwrap();
    assert!((p - 5.0 / 6.0).abs() < 1e-12, "{p}");
}

#[test]
fn effects_that_hold_dice_back_are_played_on_the_setup_s_pool_for_a_card_alone() {
    // The setup's 14 dice over 2 steps are 28 dice × steps: played for the card alone, left
    // out beside a second enemy (16 at most then), and left out alone past 28.
    let effects = [
        (
            "no-reroll-misses",
            Limits {
                no_reroll_misses: true,
                ..Limits::default()
            },
        ),
        (
            "flee-on-misses",
            Limits {
                flee_on_misses: Some(2),
                ..Limits::default()
            },
        ),
        (
            "crit-exhausts-hit",
            Limits {
                crit_exhausts: true,
                ..Limits::default()
            },
        ),
        (
            "miss-rerolls-hit",
            Limits {
                miss_rerolls: true,
                ..Limits::default()
            },
        ),
    ];
    let setup = Pool([2, 3, 4, 4, 1]);
    for (name, limits) in effects {
        let card = Foe {
            limits,
            ..Foe::plain(3)
        };
        let mut alone = card;
        assert!(leave_out_when_too_big(&mut alone, &setup, 2, 1).is_empty());
        assert_eq!(alone, card, "{name}");
        let mut beside = card;
        assert_eq!(
            leave_out_when_too_big(&mut beside, &setup, 2, 2),
            vec![name]
        );
        assert_eq!(beside, Foe::plain(3), "{name}");
        let mut three_steps = card;
        assert_eq!(
            leave_out_when_too_big(&mut three_steps, &setup, 3, 1),
            vec![name]
        );
        assert_eq!(three_steps, Foe::plain(3), "{name}");
    }
}

#[test]
fn health_beyond_what_the_pool_can_deal_is_searched_exactly() {
    use Colour::{Purple, Red, Yellow};
    // A boss of Health 40 or 99 beside a Health 2 enemy: three dice deal at most 6, so the boss
    // always stands. The searches key it as 7; every policy tried, with the real Health, must
    // agree: no chance of defeating both, and the least Damage taken counts the boss's 3 every
    // time plus the small enemy's 2 when it stands.
    let dice = [Yellow, Purple, Red];
    for boss in [7, 8, 40, 99] {
        for strategy in [1, 2, 6] {
            let healths = [boss, 2];
            let expected = brute_force(&dice, &healths, strategy);
            let found = defeat_all(&pool_of(&dice), &[boss as u32, 2], strategy).unwrap();
            assert_eq!(
                (found, expected),
                (0.0, 0.0),
                "Health {boss}, Strategy {strategy}"
            );
            let case = (
                &dice[..],
                &healths[..],
                vec![PLAIN; 2],
                vec![Limits::default(); 2],
            );
            let lost = -brute_weighed(&case, strategy, (0.0, 0.0), &[3, 2]);
            let least =
                least_damage(&pool_of(&dice), &[(boss as u32, 3), (2, 2)], strategy).unwrap();
            assert!(
                (least - lost).abs() < 1e-9,
                "Health {boss}, Strategy {strategy}: {least} but every policy loses {lost}"
            );
        }
    }
    // Health that three dice can just reach is not touched: 6 needs three crits at once.
    let p = defeat_all(&pool_of(&dice), &[6], 1).unwrap();
    assert!((p - 1.0 / 216.0).abs() < 1e-12, "{p}");
}
