//! The play that defeats every enemy with a chance of at least 80, 90 or 95 % while committing
//! the fewest dice on average: every committed die is exhausted for the round, so a hero who
//! can stop committing once the dice have done their work keeps the rest for later rounds.
//!
//! Unlike the best chance, this play may hold dice back: at each Strategy step it commits any
//! of the dice left, having seen what the last roll left. It is worked out exactly for a rate
//! `λ` at which a die is worth giving up chance (the best of `λ × chance − dice committed`,
//! over every choice of dice at every step). The plays found this way are the corners of the
//! trade-off between dice and chance: no play, and no mix of plays, reaches a higher chance
//! with as few dice on average. A target usually falls between two corners, and there the
//! fewest dice on average is a mix of the two: the play above the target in a share of the
//! rounds, the play below it in the rest, the share chosen to reach the target exactly. That is
//! the answer, the exact fewest over every play and every mix of plays; the corner above the
//! target is reported with it, as the one play that reaches the target on its own.

use std::collections::HashMap;

use super::aim::{Aim, Outcome};
use super::foes::{Foe, search_for, unless_too_big};
use super::{Counts, Solver, checked, keep_strongest, rolls, sum};
use crate::rulesets::solar_sentinels::dice::{Colour, Pool, PoolError};

/// The fewest dice on average that reach a target chance: one play, or a mix of two.
#[derive(Debug, Clone, PartialEq)]
pub struct CheapPlay {
    /// The chance it defeats every enemy: the target itself when two plays are mixed.
    pub chance: f64,
    /// The dice it commits in the round, on average.
    pub mean_dice: f64,
    /// What the play that reaches the target commits at the first step.
    pub first: Pool,
    /// When the fewest dice mix two plays: how.
    pub mix: Option<PlayMix>,
}

/// Two plays mixed to reach a target with the fewest dice on average.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayMix {
    /// The share of rounds the play that reaches the target is played in.
    pub share: f64,
    /// That play on its own (what [`CheapPlay::first`] begins).
    pub reaching: Corner,
    /// The cheaper play below the target, played in the other rounds.
    pub below: Corner,
}

/// One play: a corner of the trade-off between dice and chance.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Corner {
    /// The chance it defeats every enemy.
    pub chance: f64,
    /// The dice it commits in the round, on average.
    pub mean_dice: f64,
    /// What it commits at the first step.
    pub first: Pool,
}

/// The search for one rate, on the plain search's states.
struct Cheap<'p> {
    solver: Solver<'p>,
    lambda: f64,
    /// By (steps left, dice not yet committed, dice unassigned, Health left): the best play
    /// and what it commits at this step.
    memo: HashMap<(u32, usize, usize, usize), (Outcome, Counts)>,
}

impl Cheap<'_> {
    /// The best play from here, and what it commits at this step.
    fn value(
        &mut self,
        steps: u32,
        reserve: Counts,
        active: Counts,
        standing: usize,
    ) -> (Outcome, Counts) {
        if standing == 0 {
            return (Outcome::WON, [0; 5]);
        }
        let none = Outcome::default();
        if steps == 0 {
            return (none, [0; 5]);
        }
        let key = (
            steps,
            self.solver.dice.index(&reserve),
            self.solver.dice.index(&active),
            standing,
        );
        if let Some(found) = self.memo.get(&key) {
            return *found;
        }
        let mut best: Option<(Outcome, Counts)> = None;
        for commit in self.commits(steps, reserve) {
            let mut rolled = active;
            let mut left = reserve;
            for c in 0..5 {
                rolled[c] += commit[c];
                left[c] -= commit[c];
            }
            let after = match sum(rolled) {
                0 => self.value(steps - 1, left, rolled, standing).0,
                _ => self.after_roll(steps, left, rolled, standing),
            };
            let outcome = after.costing(f64::from(sum(commit)));
            // Among plays as good, the one that commits more now (it rolls them sooner).
            if best.is_none_or(|(b, _)| !Aim::Trade(self.lambda).beats(b, outcome)) {
                best = Some((outcome, commit));
            }
        }
        let found = best.unwrap_or((none, [0; 5]));
        self.memo.insert(key, found);
        found
    }

    /// What may be committed from `reserve`, fewest dice first: at the last step the strongest
    /// dice of each count (a single roll has nothing to wait for, and a stronger die is never
    /// worse in it), before it every choice of dice by colour.
    fn commits(&self, steps: u32, reserve: Counts) -> Vec<Counts> {
        if steps == 1 {
            let mut taken = [0u8; 5];
            let mut out = vec![taken];
            for c in (0..5).rev() {
                for _ in 0..reserve[c] {
                    taken[c] += 1;
                    out.push(taken);
                }
            }
            return out;
        }
        let mut out = vec![[0u8; 5]];
        for c in 0..5 {
            let mut grown = Vec::with_capacity(out.len() * (usize::from(reserve[c]) + 1));
            for base in &out {
                for n in 0..=reserve[c] {
                    let mut next = *base;
                    next[c] = n;
                    grown.push(next);
                }
            }
            out = grown;
        }
        out.sort_by_key(|commit| sum(*commit));
        out
    }

    /// Rolling `rolled`, then the best assignment and play after it.
    fn after_roll(
        &mut self,
        steps: u32,
        reserve: Counts,
        rolled: Counts,
        standing: usize,
    ) -> Outcome {
        if steps == 1 {
            return Outcome {
                chance: self.solver.cover(self.solver.dice.index(&rolled), standing),
                cost: 0.0,
            };
        }
        let shares = self.solver.shares_of(standing);
        let mut total = Outcome::default();
        for (roll, p) in rolls(&self.solver.faces, rolled) {
            let (hits, crits) = (sum(roll.hit), sum(roll.crit));
            let mut best: Option<Outcome> = None;
            for ((ones, twos), lefts) in &shares {
                if *ones > hits || *twos > crits {
                    continue;
                }
                let kept = keep_strongest(&roll, *ones, *twos);
                for &left in lefts {
                    let (outcome, _) = self.value(steps - 1, reserve, kept, left);
                    if best.is_none_or(|b| Aim::Trade(self.lambda).beats(outcome, b)) {
                        best = Some(outcome);
                    }
                }
            }
            if let Some(b) = best {
                total.add(p, b);
            }
        }
        total
    }
}

/// For each of `targets`, the play that reaches it committing the fewest dice on average (see
/// the module's note), or `None` when even the best play falls short.
pub fn cheapest_plays(
    pool: &Pool,
    enemies: &[u32],
    strategy: u32,
    targets: &[f64],
) -> Result<Vec<Option<CheapPlay>>, PoolError> {
    fits_or_error(pool, strategy)?;
    let (counts, healths) = checked(pool, enemies, strategy, 2)?;
    let mut search = Cheap {
        solver: Solver::new(Colour::faces, counts, &healths),
        lambda: 0.0,
        memo: HashMap::new(),
    };
    let standing = search.solver.healths.index(&healths);
    let foes: Vec<Foe> = enemies.iter().map(|h| Foe::plain(*h)).collect();
    let mut at = |lambda: f64| -> Result<(Outcome, Counts), PoolError> {
        search.lambda = lambda;
        search.memo.clear();
        Ok(search.value(strategy, counts, [0; 5], standing))
    };
    reach(&mut at, pool, &foes, strategy, targets)
}

/// [`cheapest_plays`] against enemies with effects: the same trade-off, worked out by the
/// search that plays them.
pub fn cheapest_plays_against(
    pool: &Pool,
    foes: &[Foe],
    strategy: u32,
    targets: &[f64],
) -> Result<Vec<Option<CheapPlay>>, PoolError> {
    if foes.iter().all(Foe::is_plain) {
        let healths: Vec<u32> = foes.iter().map(|f| f.health).collect();
        return cheapest_plays(pool, &healths, strategy, targets);
    }
    fits_or_error(pool, strategy)?;
    let (mut search, dice, standing) = search_for(pool, foes, strategy, Aim::Trade(0.0), &[])?;
    let mut at = |lambda: f64| -> Result<(Outcome, Counts), PoolError> {
        search.set_aim(Aim::Trade(lambda));
        let found = search.first_play(strategy, dice, standing);
        unless_too_big(&search, found)
    };
    reach(&mut at, pool, foes, strategy, targets)
}

fn fits_or_error(pool: &Pool, strategy: u32) -> Result<(), PoolError> {
    match fits(pool, strategy) {
        true => Ok(()),
        false => Err(PoolError(format!(
            "the cheapest play weighs every choice of dice at every step: it takes pools of at most {} dice over Strategy steps (dice × steps), not {} × {strategy}",
            MOST_DICE_STEPS,
            pool.len()
        ))),
    }
}

/// The trade-off's best play and its first commit at a rate.
type AtRate<'a> = dyn FnMut(f64) -> Result<(Outcome, Counts), PoolError> + 'a;

/// For each target, the two corners of the trade-off either side of it (by `at`) and the mix
/// of them that reaches it exactly; or committing the fewest strongest dice up front, should
/// that ever be cheaper (it never is when the corners are exact: it is a check).
fn reach(
    at: &mut AtRate<'_>,
    pool: &Pool,
    foes: &[Foe],
    strategy: u32,
    targets: &[f64],
) -> Result<Vec<Option<CheapPlay>>, PoolError> {
    let corner = |(outcome, first): (Outcome, Counts)| Corner {
        chance: outcome.chance,
        mean_dice: outcome.cost,
        first: Pool(first.map(u32::from)),
    };
    // A rate so high that no die is worth a step in chance: the best chance there is; and at
    // rate 0 no die is worth anything.
    let top = (MOST_RATE, at(MOST_RATE)?);
    let none = (0.0, at(0.0)?);
    let mut low = none;
    let mut out = Vec::new();
    for &target in targets {
        if top.1.0.chance < target - 1e-12 {
            out.push(None);
            continue;
        }
        // The chance never falls as the rate rises, so for a higher target the search goes on
        // from the last one's play below its target.
        if low.1.0.chance >= target - 1e-12 {
            low = none;
        }
        let mut high = top;
        // The least rate whose play reaches the target: the rate at which the plays either
        // side are worth the same is where the play changes, unless a third play is worth
        // more there, which then becomes one of the two.
        for _ in 0..MOST_BREAKPOINTS {
            let (a, b) = (low.1.0, high.1.0);
            if b.chance <= a.chance {
                break;
            }
            let rate = ((b.cost - a.cost) / (b.chance - a.chance)).clamp(low.0, high.0);
            let here = at(rate)?;
            let worth = |o: Outcome| rate * o.chance - o.cost;
            if worth(here.0) <= worth(a) + 1e-9 * rate.max(1.0) {
                break;
            }
            match here.0.chance >= target - 1e-12 {
                true => high = (rate, here),
                false => low = (rate, here),
            }
        }
        let mixed = mix(corner(low.1), corner(high.1), target);
        let up_front = super::fewest_dice(pool, foes, strategy, &[target])?
            .pop()
            .flatten()
            .map(|(dice, chance)| CheapPlay {
                chance,
                mean_dice: f64::from(dice.len()),
                first: dice,
                mix: None,
            });
        out.push(Some(match up_front {
            Some(up) if up.mean_dice < mixed.mean_dice - 1e-12 => up,
            _ => mixed,
        }));
    }
    Ok(out)
}

/// The fewest dice on average that reach `target` from two neighbouring corners, `below` under
/// it and `reaching` at or over it: on the line between them.
fn mix(below: Corner, reaching: Corner, target: f64) -> CheapPlay {
    let alone = CheapPlay {
        chance: reaching.chance,
        mean_dice: reaching.mean_dice,
        first: reaching.first,
        mix: None,
    };
    let rise = reaching.chance - below.chance;
    if reaching.chance <= target + 1e-12 || rise <= 1e-12 || below.chance >= target {
        return alone;
    }
    let share = (target - below.chance) / rise;
    CheapPlay {
        chance: target,
        mean_dice: below.mean_dice + share * (reaching.mean_dice - below.mean_dice),
        first: reaching.first,
        mix: Some(PlayMix {
            share,
            reaching,
            below,
        }),
    }
}

/// A rate so high that no die is worth a step in chance.
const MOST_RATE: f64 = 1e9;

/// Most plays the search for a target's rate walks through: each is a corner of the trade-off
/// between chance and dice, and a round has far fewer worth telling apart.
const MOST_BREAKPOINTS: usize = 200;

/// Largest pool size times Strategy steps the cheapest-play search takes: every choice of
/// dice by colour at every step but the last grows fast with both.
pub const MOST_DICE_STEPS: u32 = 16;

/// Whether [`cheapest_plays`] takes this pool over `strategy` steps.
pub fn fits(pool: &Pool, strategy: u32) -> bool {
    pool.len() * strategy.max(1) <= MOST_DICE_STEPS
}

#[cfg(test)]
pub(super) fn lagrangian_value(pool: &Pool, enemies: &[u32], strategy: u32, lambda: f64) -> f64 {
    let Ok((counts, healths)) = checked(pool, enemies, strategy, 2) else {
        return f64::NAN;
    };
    let mut search = Cheap {
        solver: Solver::new(Colour::faces, counts, &healths),
        lambda,
        memo: HashMap::new(),
    };
    let standing = search.solver.healths.index(&healths);
    let (o, _) = search.value(strategy, counts, [0; 5], standing);
    lambda * o.chance - o.cost
}
