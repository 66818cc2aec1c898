use std::collections::HashMap;

use super::*;

/// Every policy, die by die: at each step every subset of the pool may be committed, every
/// face of every rolled die is counted (1/6 each), and every die rolled may go to any enemy or
/// to none. Nothing here assumes what the solver does (committing everything at once, the
/// weakest dice assigned, the shares, the covering rule).
struct BruteForce {
    dice: Vec<Colour>,
    memo: HashMap<(u32, u32, u32, Vec<i32>), f64>,
}

/// A face's damage: the die's misses first, then its hits, then its crit.
fn damage(colour: Colour, face: u32) -> i32 {
    let f = colour.faces();
    if face < f.miss {
        0
    } else if face < f.miss + f.hit {
        1
    } else {
        2
    }
}

impl BruteForce {
    fn value(&mut self, steps: u32, pool: u32, active: u32, healths: Vec<i32>) -> f64 {
        if healths.iter().all(|&h| h <= 0) {
            return 1.0;
        }
        if steps == 0 {
            return 0.0;
        }
        let key = (steps, pool, active, healths.clone());
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let mut best: f64 = 0.0;
        // Every subset of the pool, committed now.
        let mut commit = pool;
        loop {
            let rolled: Vec<usize> = (0..self.dice.len())
                .filter(|i| (active | commit) & (1 << i) != 0)
                .collect();
            let faces = 6u32.pow(rolled.len() as u32);
            let mut total = 0.0;
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
                total += self.assign(steps, pool & !commit, &rolled, &dealt, &healths);
            }
            best = best.max(total / f64::from(faces));
            if commit == 0 {
                break;
            }
            commit = (commit - 1) & pool;
        }
        self.memo.insert(key, best);
        best
    }

    /// The best of every way to send each rolled die to an enemy or to none.
    fn assign(
        &mut self,
        steps: u32,
        pool: u32,
        rolled: &[usize],
        dealt: &[i32],
        healths: &[i32],
    ) -> f64 {
        let targets = healths.len() as u32 + 1;
        let ways = targets.pow(rolled.len() as u32);
        let mut best: f64 = 0.0;
        for way in 0..ways {
            let mut code = way;
            let mut left = healths.to_vec();
            let mut unassigned = 0u32;
            for (&die, &d) in rolled.iter().zip(dealt) {
                let target = code % targets;
                code /= targets;
                match target {
                    0 => unassigned |= 1 << die,
                    t => left[t as usize - 1] -= d,
                }
            }
            best = best.max(self.value(steps - 1, pool, unassigned, left));
            if best >= 1.0 {
                break;
            }
        }
        best
    }
}

fn brute_force(dice: &[Colour], healths: &[i32], strategy: u32) -> f64 {
    let mut search = BruteForce {
        dice: dice.to_vec(),
        memo: HashMap::new(),
    };
    let pool = (1u32 << dice.len()) - 1;
    search.value(strategy, pool, 0, healths.to_vec())
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
    let found = fewest_dice(&pool, &enemies, 2, &targets).unwrap();
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

/// The least expected Damage by every policy, die by die, as [`BruteForce`] does for the
/// chance of defeating everyone: nothing here assumes what the solver does.
struct BruteDamage {
    dice: Vec<Colour>,
    damage: Vec<i32>,
    memo: HashMap<(u32, u32, u32, Vec<i32>), f64>,
}

impl BruteDamage {
    fn standing(&self, healths: &[i32]) -> f64 {
        let d: i32 = healths
            .iter()
            .zip(&self.damage)
            .filter(|(h, _)| **h > 0)
            .map(|(_, d)| *d)
            .sum();
        f64::from(d)
    }

    fn value(&mut self, steps: u32, pool: u32, active: u32, healths: Vec<i32>) -> f64 {
        if steps == 0 || healths.iter().all(|&h| h <= 0) {
            return self.standing(&healths);
        }
        let key = (steps, pool, active, healths.clone());
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let mut best = f64::INFINITY;
        let mut commit = pool;
        loop {
            let rolled: Vec<usize> = (0..self.dice.len())
                .filter(|i| (active | commit) & (1 << i) != 0)
                .collect();
            let faces = 6u32.pow(rolled.len() as u32);
            let mut total = 0.0;
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
                let mut least = f64::INFINITY;
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
                    least = least.min(self.value(steps - 1, pool & !commit, unassigned, left));
                }
                total += least;
            }
            best = best.min(total / f64::from(faces));
            if commit == 0 {
                break;
            }
            commit = (commit - 1) & pool;
        }
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
fn the_least_damage_is_what_every_policy_tried_finds() {
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
        let mut search = BruteDamage {
            dice: dice.to_vec(),
            damage: enemies.iter().map(|e| e.1).collect(),
            memo: HashMap::new(),
        };
        let all = (1u32 << dice.len()) - 1;
        let expected = search.value(strategy, all, 0, enemies.iter().map(|e| e.0).collect());
        let given: Vec<(u32, u32)> = enemies.iter().map(|&(h, d)| (h as u32, d as u32)).collect();
        let found = least_damage(&pool_of(dice), &given, strategy).unwrap();
        assert!(
            (found - expected).abs() < 1e-9,
            "{dice:?} {enemies:?} S{strategy}: {found} against {expected}"
        );
    }
}
