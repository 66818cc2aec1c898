//! The Health the hero can expect to lose to one round's enemies, two ways: the engagement
//! played to leave the least Damage standing at Suffer Damage, and the engagement played for
//! the best chance of defeating everyone (among plays with that chance, the one that leaves
//! the least Damage). The same reading and the same two facts as the chance of defeating
//! everyone hold (every die is committed at the first step; the dice assigned are the weakest
//! that show a hit or a crit), so the search walks the same states with another value.

use std::collections::HashMap;

use super::aim::Aim as Weighed;
use super::foes::{Foe, defeat_all_foes, search_for, unless_too_big};
use super::{Counts, Solver, checked, digits5, keep_strongest, ones_and_twos, rolls, sum};
use crate::rulesets::solar_sentinels::dice::{Colour, Pool, PoolError};

/// The least expected Damage the hero takes this round from `enemies` (Health, Damage), with
/// `pool` over `strategy` steps, played to take the least.
pub fn least_damage(pool: &Pool, enemies: &[(u32, u32)], strategy: u32) -> Result<f64, PoolError> {
    search(pool, enemies, strategy, Aim::LeastDamage)
}

/// The expected Damage the hero takes this round from `enemies` (Health, Damage) when the
/// engagement is played for the best chance of defeating them all (`defeat_all`'s play), the
/// least Damage among plays with that chance.
pub fn best_play_damage(
    pool: &Pool,
    enemies: &[(u32, u32)],
    strategy: u32,
) -> Result<f64, PoolError> {
    search(pool, enemies, strategy, Aim::BestChance)
}

/// [`least_damage`] and [`best_play_damage`] against enemies with effects (`foes`, dealing
/// `damage` each), worked out by the search that plays them.
pub fn damage_taken_against(
    pool: &Pool,
    foes: &[Foe],
    damage: &[u32],
    strategy: u32,
) -> Result<(f64, f64), PoolError> {
    if foes.iter().all(Foe::is_plain) {
        let pairs: Vec<(u32, u32)> = foes
            .iter()
            .map(|f| f.health)
            .zip(damage.iter().copied())
            .collect();
        let least = search(pool, &pairs, strategy, Aim::LeastDamage)?;
        return Ok((least, search(pool, &pairs, strategy, Aim::BestChance)?));
    }
    // One enemy that cannot flee deals its Damage exactly when it is not defeated: both plays
    // are the play for the best chance.
    if let ([foe], [dealt]) = (foes, damage)
        && foe.limits.flee_on_misses.is_none()
    {
        let p = defeat_all_foes(pool, foes, strategy, &|_, _| {})?;
        let taken = f64::from(*dealt) * (1.0 - p);
        return Ok((taken, taken));
    }
    let mut taken = [0.0; 2];
    for (slot, aim) in taken
        .iter_mut()
        .zip([Weighed::LeastDamage, Weighed::ChanceThenDamage])
    {
        let (mut found, dice, standing) = search_for(pool, foes, strategy, aim, damage)?;
        let cost = found.value(strategy, dice, standing).cost;
        *slot = unless_too_big(&found, cost)?;
    }
    Ok((taken[0], taken[1]))
}

/// What the play aims for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Aim {
    LeastDamage,
    BestChance,
}

fn search(pool: &Pool, enemies: &[(u32, u32)], strategy: u32, aim: Aim) -> Result<f64, PoolError> {
    let healths: Vec<u32> = enemies.iter().map(|e| e.0).collect();
    let (counts, healths) = checked(pool, &healths, strategy, 2)?;
    let mut least = Least {
        solver: Solver::new(Colour::faces, counts, &healths),
        damage: enemies.iter().map(|e| e.1).collect(),
        aim,
        values: HashMap::new(),
        after: HashMap::new(),
    };
    let dice = least.solver.dice.index(&counts);
    let standing = least.solver.healths.index(&healths);
    Ok(least.value(strategy, dice, standing).damage)
}

/// The chance of defeating everyone and the expected Damage taken, of a play from a state.
#[derive(Debug, Clone, Copy)]
struct Outcome {
    chance: f64,
    damage: f64,
}

impl Outcome {
    /// The round's end: everyone defeated or not, and the Damage of those standing.
    fn ended(defeated: bool, damage: u32) -> Outcome {
        Outcome {
            chance: if defeated { 1.0 } else { 0.0 },
            damage: f64::from(damage),
        }
    }
}

/// The search, on the shared solver's states.
struct Least<'p> {
    solver: Solver<'p>,
    /// Each enemy's Damage, in order.
    damage: Vec<u32>,
    aim: Aim,
    /// By (steps, dice, standing): the best play's outcome.
    values: HashMap<(u32, usize, usize), Outcome>,
    /// By (standing, ones, twos): how one last assign ends.
    after: HashMap<(usize, u32, u32), Outcome>,
}

impl Least<'_> {
    /// The Damage of the enemies still standing.
    fn standing_damage(&self, standing: usize) -> u32 {
        self.solver
            .healths
            .digits(standing)
            .iter()
            .zip(&self.damage)
            .filter(|(left, _)| **left > 0)
            .map(|(_, d)| *d)
            .sum()
    }

    /// Whether `a` is a better play than `b` for the aim.
    fn beats(&self, a: Outcome, b: Outcome) -> bool {
        match self.aim {
            Aim::LeastDamage => a.damage < b.damage,
            Aim::BestChance => {
                a.chance > b.chance + 1e-12
                    || ((a.chance - b.chance).abs() <= 1e-12 && a.damage < b.damage)
            }
        }
    }

    fn value(&mut self, steps: u32, dice: usize, standing: usize) -> Outcome {
        if steps == 0 || dice == 0 || standing == 0 {
            return Outcome::ended(standing == 0, self.standing_damage(standing));
        }
        if let Some(&v) = self.values.get(&(steps, dice, standing)) {
            return v;
        }
        let counts: Counts = digits5(&self.solver.dice.digits(dice));
        let (mut chance, mut damage) = (0.0, 0.0);
        if steps == 1 {
            // The last roll: only how many ones and twos it shows matters.
            for (ones, twos, p) in ones_and_twos(&self.solver.faces, counts) {
                let end = self.after_last(standing, ones, twos);
                chance += p * end.chance;
                damage += p * end.damage;
            }
        } else {
            let shares = self.solver.shares_of(standing);
            for (roll, p) in rolls(&self.solver.faces, counts) {
                let (hits, crits) = (sum(roll.hit), sum(roll.crit));
                let mut best = Outcome::ended(false, self.standing_damage(standing));
                for ((ones, twos), lefts) in &shares {
                    if *ones > hits || *twos > crits {
                        continue;
                    }
                    let kept = self.solver.dice.index(&keep_strongest(&roll, *ones, *twos));
                    for &left in lefts {
                        let next = self.value(steps - 1, kept, left);
                        if self.beats(next, best) {
                            best = next;
                        }
                    }
                }
                chance += p * best.chance;
                damage += p * best.damage;
            }
        }
        let found = Outcome { chance, damage };
        self.values.insert((steps, dice, standing), found);
        found
    }

    /// How the last assign ends once `ones` and `twos` are shared: everyone defeated when the
    /// aim is the best chance and the roll allows it, else the least Damage left standing.
    fn after_last(&mut self, standing: usize, ones: u32, twos: u32) -> Outcome {
        if let Some(&found) = self.after.get(&(standing, ones, twos)) {
            return found;
        }
        let shares = self.solver.shares_of(standing);
        let lefts: Vec<usize> = shares
            .iter()
            .filter(|((o, t), _)| *o <= ones && *t <= twos)
            .flat_map(|(_, lefts)| lefts.iter().copied())
            .collect();
        let least = lefts
            .iter()
            .map(|left| self.standing_damage(*left))
            .min()
            .unwrap_or_else(|| self.standing_damage(standing));
        let found = match self.aim == Aim::BestChance && lefts.contains(&0) {
            true => Outcome::ended(true, 0),
            false => Outcome::ended(lefts.contains(&0) && least == 0, least),
        };
        self.after.insert((standing, ones, twos), found);
        found
    }
}
