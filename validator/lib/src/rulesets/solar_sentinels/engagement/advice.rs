//! The mid-round advisor: once a Strategy step's dice show their faces, the assignment that
//! keeps the best chance of defeating every enemy this round, and what to commit next.
//!
//! Reading (docs/rules.md, "The mid-round advisor"): every way to share the rolled dice among
//! the standing enemies under their limits is weighed by the exact engagement search from the
//! state it leaves: the dice left unassigned are rolled again next step with the pool still to
//! commit, over the steps left. The assignment comes from the same share walk the search uses
//! ([`enemy_shares`]), so its limits (dice per roll and in all, damage per step, colours, pairs,
//! escorts, shields, one defeat per roll) are the search's own.
//!
//! Self-play asks it at every step before the last, so it keeps its answers across calls.

use std::collections::HashMap;

use super::coloured::{KINDS, Tally};
use super::foes::{Foe, defeat_all_foes_on};
use super::one_roll::OneRoll;
use super::shares::{Ask, enemy_shares, mask_of, one_defeat_holds, shields_hold};
use super::{Colour, DieFaces, Pool, PoolError};

/// Dice by colour (in [`Colour::ALL`] order), then face (miss, hit, crit).
pub type Faces = [[u8; 3]; 5];

/// What the advisor answers for one roll.
#[derive(Debug, Clone, PartialEq)]
pub struct Advice {
    /// By enemy, in the order given, the dice to put on it.
    pub assign: Vec<Faces>,
    /// The rolled dice left unassigned: they are rolled again next step.
    pub kept: Faces,
    /// The chance of defeating every enemy this round after this assignment, under the best
    /// play from here.
    pub chance: f64,
    /// The dice of the pool to commit next step: the fewest, strongest first, that keep
    /// `chance` when no more are committed later. Empty when no step is left or every enemy
    /// falls now.
    pub commit: Pool,
}

/// Effects the advisor does not weigh yet: they make the dice left unassigned, or the
/// commits still allowed, depend on more than the state it keys.
fn refused(foe: &Foe) -> Option<&'static str> {
    let limits = &foe.limits;
    if limits.no_reroll_misses {
        Some("no-reroll-misses")
    } else if limits.crit_exhausts {
        Some("crit-exhausts-hit")
    } else if limits.commits.per_round.is_some() {
        Some("commit-limit per round")
    } else {
        None
    }
}

/// The rest of the round's answers, kept across calls: by (dice to roll, enemies, steps).
pub struct Advisor {
    faces: [DieFaces; 5],
    chances: HashMap<([u32; 5], Vec<Foe>, u32), f64>,
    /// The last step's answers: one roll covering the enemies.
    last_step: OneRoll,
    /// Set for self-play, which asks at every step of thousands of games: with two or more
    /// steps left it weighs only enemies without effects (the plain search keeps its tables
    /// small); with effects, each way to share a roll would be a search of its own.
    plain_beyond_one_roll: bool,
}

impl Default for Advisor {
    fn default() -> Advisor {
        Advisor::new(Colour::ALL.map(Colour::faces))
    }
}

/// Most dice (rolled and still in the pool) × steps left the advisor weighs with two or more
/// steps left: each way to share a roll is then an exact search of the rest of the round.
pub const MOST_ADVISED_DICE_STEPS: u32 = 12;

/// Most ways to share one roll (the product of each enemy's shares) the advisor weighs.
pub const MOST_WAYS: usize = 20_000;

/// Most ways to share one roll self-play's advisor weighs: it asks at every step of every
/// game, so beyond this the policy's own assignment plays (docs/simulation.md).
pub const MOST_WAYS_IN_SELF_PLAY: usize = 256;

/// Most dice, rolled and still in the pool, self-play's advisor weighs: 8 took the example
/// deck past 2,000 games a second for no win rate outside its interval (docs/architecture.md).
pub const MOST_DICE_IN_SELF_PLAY: u32 = 6;

/// Most answers kept; past it they are dropped and worked out again.
const MOST_KEPT: usize = 1 << 16;

impl Advisor {
    /// An advisor for dice with these faces, by colour, with nothing worked out yet.
    pub fn new(faces: [DieFaces; 5]) -> Advisor {
        Advisor {
            faces,
            chances: HashMap::new(),
            last_step: OneRoll::new(faces),
            plain_beyond_one_roll: false,
        }
    }

    /// An advisor for self-play: as [`Advisor::new`], but with two or more steps left it
    /// answers only when no standing enemy has an effect on the dice.
    pub fn for_self_play(faces: [DieFaces; 5]) -> Advisor {
        Advisor {
            plain_beyond_one_roll: true,
            ..Advisor::new(faces)
        }
    }

    /// The last step's search it keeps, for a caller that asks one roll's chance too.
    pub fn last_step(&mut self) -> &mut OneRoll {
        &mut self.last_step
    }

    /// The best assignment of `rolled` (the dice just rolled and not yet assigned) among
    /// `foes` (their Health left and limits as they stand now), with `pool` still to commit
    /// and `steps_left` Strategy steps after this one. Ties go to the assignment that takes
    /// the most Health off, then to the one that assigns fewer dice.
    pub fn advise(
        &mut self,
        rolled: &Faces,
        foes: &[Foe],
        pool: &Pool,
        steps_left: u32,
    ) -> Result<Advice, PoolError> {
        if let Some(effect) = foes.iter().filter(|f| f.stands()).find_map(refused) {
            return Err(PoolError(format!(
                "the advisor does not weigh `{effect}` yet: a card with it is standing"
            )));
        }
        let rolled_dice: u32 = rolled.iter().flatten().map(|n| u32::from(*n)).sum();
        // One step left is one roll, which the kept last-step search answers quickly.
        let work = match steps_left {
            0 | 1 => 0,
            _ => (rolled_dice + pool.len()) * steps_left,
        };
        if self.plain_beyond_one_roll && rolled_dice + pool.len() > MOST_DICE_IN_SELF_PLAY {
            return Err(PoolError(format!(
                "self-play's advisor weighs at most {MOST_DICE_IN_SELF_PLAY} dice rolled and in the pool"
            )));
        }
        if work > MOST_ADVISED_DICE_STEPS {
            return Err(PoolError(format!(
                "the advisor weighs at most {MOST_ADVISED_DICE_STEPS} dice × steps left ({} × {steps_left} here)",
                rolled_dice + pool.len()
            )));
        }
        let mut shares: Vec<Option<Vec<(Tally, u32)>>> = vec![None; foes.len()];
        let mut best: Option<Candidate> = None;
        let available = tally_of(rolled);
        let mut chosen = vec![[0u8; KINDS]; foes.len()];
        let mut walk = Walk {
            foes,
            roll: available,
            shares: &mut shares,
        };
        let ways: usize = (0..foes.len())
            .map(|e| walk.shares_of(e).len())
            .fold(1, usize::saturating_mul);
        let most_ways = match self.plain_beyond_one_roll {
            true => MOST_WAYS_IN_SELF_PLAY,
            false => MOST_WAYS,
        };
        if ways > most_ways {
            return Err(PoolError(format!(
                "this roll has {ways} ways to share among the enemies; the advisor weighs at most {most_ways}"
            )));
        }
        let mut error = None;
        walk.each(0, available, &mut chosen, &mut |chosen, left| {
            if error.is_some() {
                return;
            }
            match self.weigh(foes, chosen, left, pool, steps_left) {
                Ok(candidate) => {
                    if best.as_ref().is_none_or(|b| candidate.beats(b)) {
                        best = Some(candidate);
                    }
                }
                Err(e) => error = Some(e),
            }
        });
        if let Some(e) = error {
            return Err(e);
        }
        let Some(best) = best else {
            return Err(PoolError(
                "no assignment of these dice is allowed".to_owned(),
            ));
        };
        let commit = self.fewest_commit(&best, pool, steps_left)?;
        Ok(Advice {
            assign: best.assign.iter().map(faces_of).collect(),
            kept: faces_of(&best.kept),
            chance: best.chance,
            commit,
        })
    }

    /// One assignment, weighed: the enemies after it and the chance from there.
    fn weigh(
        &mut self,
        foes: &[Foe],
        chosen: &[Tally],
        kept: &Tally,
        pool: &Pool,
        steps_left: u32,
    ) -> Result<Candidate, PoolError> {
        let after: Vec<Foe> = foes.iter().zip(chosen).map(|(f, t)| after(f, t)).collect();
        let taken: u32 = foes
            .iter()
            .zip(&after)
            .map(|(f, a)| f.need() - a.need())
            .sum();
        let standing: Vec<Foe> = after.iter().copied().filter(Foe::stands).collect();
        let dice = with_kept(pool, kept);
        let chance = self.rest(dice, standing.clone(), steps_left)?;
        Ok(Candidate {
            assign: chosen.to_vec(),
            kept: *kept,
            standing,
            chance,
            taken,
            assigned: chosen.iter().flatten().map(|n| u32::from(*n)).sum(),
        })
    }

    /// The chance of defeating every one of `standing` with `dice` to roll over `steps`.
    fn rest(&mut self, dice: Pool, standing: Vec<Foe>, steps: u32) -> Result<f64, PoolError> {
        if standing.is_empty() {
            return Ok(1.0);
        }
        if steps == 0 || dice.is_empty() {
            return Ok(0.0);
        }
        // One roll left: the kept search of the last step answers, unless a card flees on
        // misses or forces hits to be rolled again, which it does not play.
        let rolled_again = |f: &Foe| f.limits.flee_on_misses.is_some() || f.limits.miss_rerolls;
        if steps == 1 && !standing.iter().any(rolled_again) {
            let counts = dice.0.map(|n| u8::try_from(n).unwrap_or(u8::MAX));
            return Ok(self.last_step.chance(counts, &standing));
        }
        if self.plain_beyond_one_roll && !standing.iter().all(Foe::is_plain) {
            return Err(PoolError(
                "with effects, self-play's advisor weighs the last roll only".to_owned(),
            ));
        }
        let key = (dice.0, standing, steps);
        if let Some(p) = self.chances.get(&key) {
            return Ok(*p);
        }
        let p = defeat_all_foes_on(&self.faces, &dice, &key.1, steps, &|_, _| {})?.clamp(0.0, 1.0);
        if self.chances.len() >= MOST_KEPT {
            self.chances.clear();
        }
        self.chances.insert(key, p);
        Ok(p)
    }

    /// The fewest dice of `pool`, strongest first, that keep the best chance when committed
    /// next step and no more later.
    fn fewest_commit(
        &mut self,
        best: &Candidate,
        pool: &Pool,
        steps_left: u32,
    ) -> Result<Pool, PoolError> {
        if steps_left == 0 || best.standing.is_empty() {
            return Ok(Pool::default());
        }
        let first = |k: usize| pool.strongest(k);
        let (mut low, mut high) = (0, pool.len() as usize);
        while low < high {
            let mid = (low + high) / 2;
            let dice = with_kept(&first(mid), &best.kept);
            let p = self.rest(dice, best.standing.clone(), steps_left)?;
            match p >= best.chance - SAME_CHANCE {
                true => high = mid,
                false => low = mid + 1,
            }
        }
        Ok(first(high))
    }
}

/// Chances closer than this are the same chance, summed in another order.
const SAME_CHANCE: f64 = 1e-12;

/// One weighed assignment.
struct Candidate {
    assign: Vec<Tally>,
    kept: Tally,
    standing: Vec<Foe>,
    chance: f64,
    taken: u32,
    assigned: u32,
}

impl Candidate {
    /// Chances within rounding of each other are a tie.
    fn beats(&self, other: &Candidate) -> bool {
        if (self.chance - other.chance).abs() > SAME_CHANCE {
            return self.chance > other.chance;
        }
        (self.taken, std::cmp::Reverse(self.assigned))
            > (other.taken, std::cmp::Reverse(other.assigned))
    }
}

/// The walk over every allowed way to share a roll among the enemies, one enemy at a time.
struct Walk<'w> {
    foes: &'w [Foe],
    /// The whole roll.
    roll: Tally,
    /// Each enemy's shares of the whole roll, worked out once.
    shares: &'w mut Vec<Option<Vec<(Tally, u32)>>>,
}

impl Walk<'_> {
    fn each(
        &mut self,
        enemy: usize,
        left: Tally,
        chosen: &mut Vec<Tally>,
        visit: &mut dyn FnMut(&[Tally], &Tally),
    ) {
        if enemy == self.foes.len() {
            let needs: Vec<u8> = self.foes.iter().map(need_digit).collect();
            let lefts: Vec<u8> = self
                .foes
                .iter()
                .zip(chosen.iter())
                .map(|(f, t)| need_digit(&after(f, t)))
                .collect();
            let limits: Vec<_> = self.foes.iter().map(|f| f.limits).collect();
            if shields_hold(&limits, &needs, &lefts) && one_defeat_holds(&limits, &needs, &lefts) {
                visit(chosen, &left);
            }
            return;
        }
        let shares = self.shares_of(enemy);
        for (share, _) in shares {
            if !within(&share, &left) {
                continue;
            }
            let rest: Tally = std::array::from_fn(|k| left[k] - share[k]);
            chosen[enemy] = share;
            self.each(enemy + 1, rest, chosen, visit);
        }
        chosen[enemy] = [0; KINDS];
    }

    /// Every share worth giving `enemy` out of the whole roll: those that fit what earlier
    /// enemies left are among them.
    fn shares_of(&mut self, enemy: usize) -> Vec<(Tally, u32)> {
        if let Some(known) = &self.shares[enemy] {
            return known.clone();
        }
        let foe = &self.foes[enemy];
        let mut found = vec![([0u8; KINDS], 0)];
        if foe.stands() {
            found.clear();
            let worth: Vec<u32> = (0..KINDS).map(|k| foe.values[k / 3][k % 3]).collect();
            let ask = Ask {
                worth: &worth,
                need: foe.need(),
                limits: &foe.limits,
                colours: &COLOURS,
                faces: &FACES,
            };
            enemy_shares(&ask, &self.roll, &mut |share, taken| {
                found.push((*share, taken))
            });
        }
        self.shares[enemy] = Some(found.clone());
        found
    }
}

/// Each kind's colour and face: kind `k` is colour `k / 3`, face `k % 3`.
const COLOURS: [u8; KINDS] = [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4];
const FACES: [u8; KINDS] = [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2];

fn tally_of(faces: &Faces) -> Tally {
    std::array::from_fn(|k| faces[k / 3][k % 3])
}

fn faces_of(tally: &Tally) -> Faces {
    std::array::from_fn(|c| std::array::from_fn(|f| tally[3 * c + f]))
}

fn within(share: &Tally, left: &Tally) -> bool {
    share.iter().zip(left).all(|(s, l)| s <= l)
}

/// The pool still to commit with the dice kept unassigned: all of them are rolled next step.
fn with_kept(pool: &Pool, kept: &Tally) -> Pool {
    let mut dice = *pool;
    for (k, n) in kept.iter().enumerate() {
        dice.0[k / 3] += u32::from(*n);
    }
    dice
}

/// An enemy's need as the shield and one-defeat checks key it.
fn need_digit(foe: &Foe) -> u8 {
    u8::try_from(foe.need()).unwrap_or(u8::MAX)
}

/// `foe` once `share` is on it: its Health less what the dice deal (no more than its cap for
/// the step), its limit in all less the dice, and the colours on it.
fn after(foe: &Foe, share: &Tally) -> Foe {
    let dice: u32 = share.iter().map(|n| u32::from(*n)).sum();
    if dice == 0 {
        return *foe;
    }
    let dealt: u32 = (0..KINDS)
        .map(|k| u32::from(share[k]) * foe.values[k / 3][k % 3])
        .sum();
    let dealt = foe.limits.per_step.map_or(dealt, |cap| dealt.min(cap));
    let mut next = *foe;
    next.health = foe.health.saturating_sub(dealt);
    let limits = &mut next.limits;
    limits.per_card = limits.per_card.map(|most| most.saturating_sub(dice));
    let mask = mask_of(&COLOURS, share);
    limits.colours_on |= mask;
    if limits.one_colour {
        limits.colour_on = (0..5u8).find(|c| mask & (1 << c) != 0).or(limits.colour_on);
    }
    if let Some(escort) = limits.escort {
        let escorts: u32 = (0..3)
            .map(|f| u32::from(share[3 * usize::from(escort) + f]))
            .sum();
        limits.escorts_ahead = (limits.escorts_ahead + escorts).saturating_sub(dice - escorts);
    }
    next
}

/// Reads `red:hit,yellow:crit` (a die each; faces miss, hit, crit).
pub fn parse_rolled(text: &str) -> Result<Faces, PoolError> {
    let mut faces = [[0u8; 3]; 5];
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let bad = || {
            PoolError(format!(
                "`{part}` is not COLOUR:FACE: write for example red:hit,yellow:crit (faces: miss, hit, crit)"
            ))
        };
        let (name, face) = part.split_once(':').ok_or_else(bad)?;
        let colour = Colour::from_name(name.trim()).ok_or_else(bad)?;
        let face = match face.trim() {
            "miss" => 0,
            "hit" => 1,
            "crit" => 2,
            _ => return Err(bad()),
        };
        let slot = &mut faces[colour as usize][face];
        *slot = slot.saturating_add(1);
    }
    Ok(faces)
}

#[cfg(test)]
mod tests;
