//! The least Health the hero can expect to lose to one round's enemies: the engagement played
//! to leave the least Damage standing at Suffer Damage, rather than to defeat everyone. The
//! same reading and the same two facts as the chance of defeating everyone hold (every die is
//! committed at the first step; the dice assigned are the weakest that show a hit or a crit),
//! so the search walks the same states with another value: the expected Damage of the enemies
//! left standing.

use std::collections::HashMap;

use super::{Counts, Solver, checked, digits5, keep_strongest, ones_and_twos, rolls, sum};
use crate::rulesets::solar_sentinels::dice::{Colour, Pool, PoolError};

/// The least expected Damage the hero takes this round from `enemies` (Health, Damage), with
/// `pool` over `strategy` steps, played to take the least.
pub fn least_damage(pool: &Pool, enemies: &[(u32, u32)], strategy: u32) -> Result<f64, PoolError> {
    let healths: Vec<u32> = enemies.iter().map(|e| e.0).collect();
    let (counts, healths) = checked(pool, &healths, strategy)?;
    let mut least = Least {
        solver: Solver::new(Colour::faces, counts, &healths),
        damage: enemies.iter().map(|e| e.1).collect(),
        values: HashMap::new(),
        after: HashMap::new(),
    };
    let dice = least.solver.dice.index(&counts);
    let standing = least.solver.healths.index(&healths);
    Ok(least.value(strategy, dice, standing))
}

/// The search, on the shared solver's states.
struct Least<'p> {
    solver: Solver<'p>,
    /// Each enemy's Damage, in order.
    damage: Vec<u32>,
    /// By (steps, dice, standing): the least expected Damage taken.
    values: HashMap<(u32, usize, usize), f64>,
    /// By (standing, ones, twos): the least Damage left standing after one last assign.
    after: HashMap<(usize, u32, u32), u32>,
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

    fn value(&mut self, steps: u32, dice: usize, standing: usize) -> f64 {
        if steps == 0 || dice == 0 || standing == 0 {
            return f64::from(self.standing_damage(standing));
        }
        if let Some(&v) = self.values.get(&(steps, dice, standing)) {
            return v;
        }
        let counts: Counts = digits5(&self.solver.dice.digits(dice));
        let total = match steps {
            // The last roll: only how many ones and twos it shows matters.
            1 => ones_and_twos(&self.solver.faces, counts)
                .into_iter()
                .map(|(ones, twos, p)| p * f64::from(self.after_last(standing, ones, twos)))
                .fold(0.0, |total, p| total + p),
            _ => {
                let shares = self.solver.shares_of(standing);
                let mut total = 0.0;
                for (roll, p) in rolls(&self.solver.faces, counts) {
                    let (hits, crits) = (sum(roll.hit), sum(roll.crit));
                    let mut best = f64::from(self.standing_damage(standing));
                    for ((ones, twos), lefts) in &shares {
                        if *ones > hits || *twos > crits {
                            continue;
                        }
                        let kept = self.solver.dice.index(&keep_strongest(&roll, *ones, *twos));
                        for &left in lefts {
                            best = best.min(self.value(steps - 1, kept, left));
                        }
                        if best <= 0.0 {
                            break;
                        }
                    }
                    total += p * best;
                }
                total
            }
        };
        self.values.insert((steps, dice, standing), total);
        total
    }

    /// The least Damage left standing once `ones` and `twos` are shared at the last assign.
    fn after_last(&mut self, standing: usize, ones: u32, twos: u32) -> u32 {
        if let Some(&d) = self.after.get(&(standing, ones, twos)) {
            return d;
        }
        let shares = self.solver.shares_of(standing);
        let best = shares
            .iter()
            .filter(|((o, t), _)| *o <= ones && *t <= twos)
            .flat_map(|(_, lefts)| lefts.iter().copied())
            .map(|left| self.standing_damage(left))
            .min()
            .unwrap_or_else(|| self.standing_damage(standing));
        self.after.insert((standing, ones, twos), best);
        best
    }
}
