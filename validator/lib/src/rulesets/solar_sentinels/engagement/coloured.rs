//! The engagement search when the enemies' effects make a die's colour matter: a colour that
//! may not be assigned to an enemy, a face that deals more or less to it on some colours, hits
//! and misses swapped. Same reading as the plain search (every die is committed at the first
//! step, unassigned dice are rolled again, an assigned die stays), on the same states (dice
//! left by colour, Health left), with what each face of each colour deals to each enemy.
//!
//! What keeps it small: colours that deal the same to every enemy, face by face, and whose hit
//! deals at least their miss everywhere, form a class. Inside a class a die with fewer misses
//! is never worse to roll again, so the dice assigned from a class are its weakest ones, and a
//! roll only asks how many of each class's faces go to each enemy. A colour whose miss deals
//! more than its hit to some enemy (hits and misses swapped) is a class of its own.

use std::collections::HashMap;

use rustc_hash::FxHashMap;
use std::hash::BuildHasherDefault;

use super::aim::{Aim, Outcome};
use super::commits::Allowed;
use super::foes::{Foe, Limits};
use super::one_roll::OneRoll;
use super::shares::{Ask, enemy_shares, mask_of, one_defeat_holds, shields_hold};
use super::{Counts, Mix, Progress, Radix, Roll, digits5, reported_rolls, rolls, sum};
use crate::rulesets::solar_sentinels::dice::{Colour, DieFaces};

/// What each face (miss, hit, crit) of each colour deals to one enemy, by colour in
/// [`Colour::ALL`] order; 0 where it may not be assigned.
pub type Values = [[u32; 3]; 5];

/// Misses 0, hits 1, crits 2 on every colour: an enemy with no effect on the dice.
pub const PLAIN: Values = [[0, 1, 2]; 5];

/// Most (class, face) kinds a search tells apart: five classes of three faces.
pub(super) const KINDS: usize = 15;

/// How many dice of each kind: by (class, face), in the order of [`Search::kinds`].
pub(super) type Tally = [u8; KINDS];

/// By what is assigned in all (a tally) and the hits its crits exhaust (`crit-exhausts-hit`),
/// the Health left each way of sharing it can leave.
type Shares = Vec<((Tally, u8), Vec<usize>)>;

/// The search's states and answers.
pub(super) struct Search<'p> {
    pub(super) progress: Option<(u32, Progress<'p>)>,
    faces: [DieFaces; 5],
    /// Each enemy's values, by enemy.
    values: Vec<Values>,
    /// Each enemy's limits, by enemy.
    limits: Vec<Limits>,
    /// For an enemy with a limit of dice in all, where the state counts the dice on it: after
    /// every enemy's Health, one number each.
    used_at: Vec<Option<usize>>,
    /// For a one-colour enemy, where the state keeps the colour on it.
    colour_at: Vec<Option<usize>>,
    /// For an enemy with an escort colour, where the state keeps how many more escort dice
    /// than others are on it.
    escort_at: Vec<Option<usize>>,
    /// For an enemy that needs colours, where the state keeps the colours on it (one bit
    /// each); its Health left counts one more while they fall short.
    mask_at: Vec<Option<usize>>,
    /// How each digit of the enemies' states compares: which of two states is the better.
    better: Vec<Better>,
    /// Each kind's class and face.
    kinds: Vec<(usize, usize)>,
    /// Each class's colours, weakest first.
    classes: Vec<Vec<usize>>,
    pub(super) dice: Radix,
    pub(super) healths: Radix,
    /// What a play is weighed by.
    aim: Aim,
    /// Each enemy's Damage, by enemy, when the aim counts it.
    damage: Vec<u32>,
    /// The steps of the round's first commit, and what the best play commits then.
    first_step: u32,
    first_commit: Counts,
    /// By (steps, dice, Health left): the best play, before the commit.
    values_memo: HashMap<(u32, usize, usize), Outcome>,
    /// By (steps, dice, Health left): the best play, once committed dice join the active ones.
    rolled_memo: HashMap<(u32, usize, usize), Outcome>,
    shares: HashMap<usize, std::rc::Rc<Shares>>,
    /// By (steps, dice kept, Health left, share): the best that share's ways can leave.
    best: HashMap<u128, Outcome, BuildHasherDefault<Mix>>,
    /// Set when an enemy's rules limit committing or keep misses from being rolled again:
    /// the dice states then hold the pool not yet committed after the active dice, as five
    /// more digits.
    reserve: bool,
    /// Dice in the pool at the start of the round.
    pool_size: u32,
    /// Set when an enemy keeps the misses from being rolled again: where the dice states'
    /// digits of unassigned dice showing a miss start, after the active dice and the reserve.
    held_from: Option<usize>,
    /// What one die showing a miss, of each colour, adds to a dice state's index.
    held_places: [usize; 5],
    /// The last step's answers.
    last_step: OneRoll,
    /// By the hits rolled again (`miss-rerolls-hit`): every roll of them.
    rolls_again: FxHashMap<Counts, std::rc::Rc<Vec<(Roll, f64)>>>,
    /// Set when the ways to share dice outgrow [`MOST_SHARES`], or the answers kept outgrow
    /// `budget`: the answer is not to be used.
    pub(super) too_big: bool,
    /// Most answers and ways to share kept, for a caller that would rather have no answer
    /// than wait for a big one; `None`: no such limit.
    pub(super) budget: Option<usize>,
    /// Ways to share and answers kept so far, counted against `budget`.
    kept: usize,
}

/// Most ways to share one roll that the search keeps for one Health left: beyond it, enemies
/// and effects are too many to search exactly in reasonable time.
const MOST_SHARES: usize = 1 << 20;

impl<'p> Search<'p> {
    /// The search for the chance of defeating everyone.
    #[cfg(test)]
    pub(super) fn new(
        faces: impl Fn(Colour) -> DieFaces,
        dice: Counts,
        healths: &[u8],
        values: &[Values],
        limits: &[Limits],
    ) -> Search<'p> {
        Search::aiming(faces, dice, healths, values, limits, Aim::Chance, &[])
    }

    /// The search for `aim`, the enemies dealing `damage` (by enemy) when it counts Damage.
    /// A trade-off between chance and dice weighs every commit at every step.
    pub(super) fn aiming(
        faces: impl Fn(Colour) -> DieFaces,
        dice: Counts,
        healths: &[u8],
        values: &[Values],
        limits: &[Limits],
        aim: Aim,
        damage: &[u32],
    ) -> Search<'p> {
        // A card that looks at colours needs every colour told apart; so does a card that
        // flees on misses when the Damage counts, as a die that misses more is then worth
        // rolling again (a card that flees deals none).
        let flees_from_damage =
            aim.counts_damage() && limits.iter().any(|l| l.flee_on_misses.is_some());
        let classes = match limits.iter().any(Limits::looks_at_colours) || flees_from_damage {
            true => (0..5).map(|c| vec![c]).collect(),
            false => classes(values),
        };
        let kinds: Vec<(usize, usize)> = (0..classes.len())
            .flat_map(|class| (0..3).map(move |face| (class, face)))
            .filter(|&(class, face)| {
                let colour = classes[class][0];
                values.iter().any(|v| v[colour][face] > 0)
            })
            .collect();
        let faces = Colour::ALL.map(faces);
        let mut most = healths.to_vec();
        for (most, l) in most.iter_mut().zip(limits) {
            *most += u8::from(l.min_colours > 0);
        }
        let used_at = limits
            .iter()
            .map(|l| {
                l.per_card.map(|cap| {
                    most.push(u8::try_from(cap).unwrap_or(u8::MAX));
                    most.len() - 1
                })
            })
            .collect();
        // 0 for no die yet, else 1 + the colour on it.
        let colour_at: Vec<Option<usize>> = limits
            .iter()
            .map(|l| {
                l.one_colour.then(|| {
                    most.push(5);
                    most.len() - 1
                })
            })
            .collect();
        let escort_at: Vec<Option<usize>> = limits
            .iter()
            .map(|l| {
                l.escort.map(|colour| {
                    most.push(dice[usize::from(colour)]);
                    most.len() - 1
                })
            })
            .collect();
        let mask_at: Vec<Option<usize>> = limits
            .iter()
            .map(|l| {
                (l.min_colours > 0).then(|| {
                    most.push(31);
                    most.len() - 1
                })
            })
            .collect();
        let mut better = vec![Better::Lower; most.len()];
        for at in mask_at.iter().flatten() {
            better[*at] = Better::Same;
        }
        for at in colour_at.iter().flatten() {
            better[*at] = Better::Same;
        }
        for at in escort_at.iter().flatten() {
            better[*at] = Better::Higher;
        }
        // Holding dice back matters when committing is limited, when a die that shows a miss
        // stays on it, and when a hit rolled early can be exhausted by a crit.
        let reserve = matches!(aim, Aim::Trade(_))
            || limits.iter().any(|l| {
                !l.commits.is_free()
                    || l.no_reroll_misses
                    || l.flee_on_misses.is_some()
                    || l.crit_exhausts
                    || l.miss_rerolls
            });
        let mut dice_most = dice.to_vec();
        if reserve {
            dice_most.extend(dice);
        }
        let held_from = limits.iter().any(|l| l.no_reroll_misses).then(|| {
            dice_most.extend(dice);
            dice_most.len() - 5
        });
        let mut held_places = [0; 5];
        if let Some(from) = held_from {
            let place = |at: usize| -> usize {
                dice_most[..at]
                    .iter()
                    .map(|m| usize::from(*m) + 1)
                    .product()
            };
            held_places = std::array::from_fn(|c| place(from + c));
        }
        Search {
            progress: None,
            faces,
            values: values.to_vec(),
            limits: limits.to_vec(),
            used_at,
            colour_at,
            escort_at,
            mask_at,
            better,
            kinds,
            classes,
            dice: Radix { most: dice_most },
            reserve,
            pool_size: dice.iter().map(|n| u32::from(*n)).sum(),
            held_from,
            held_places,
            healths: Radix { most },
            aim,
            damage: damage.to_vec(),
            first_step: 0,
            first_commit: [0; 5],
            values_memo: HashMap::new(),
            rolled_memo: HashMap::new(),
            shares: HashMap::new(),
            best: HashMap::default(),
            last_step: OneRoll::new(faces),
            rolls_again: FxHashMap::default(),
            too_big: false,
            budget: None,
            kept: 0,
        }
    }

    /// The best play from the start of a round of `steps` and what it commits first.
    pub(super) fn first_play(
        &mut self,
        steps: u32,
        dice: usize,
        standing: usize,
    ) -> (Outcome, Counts) {
        self.first_step = steps;
        let found = self.value(steps, dice, standing);
        (found, self.first_commit)
    }

    /// Weighs plays by `aim` from now on, forgetting the answers for the last one. The
    /// dice states stay as they were built, so a trade-off must have been the first aim.
    pub(super) fn set_aim(&mut self, aim: Aim) {
        self.aim = aim;
        self.first_commit = [0; 5];
        self.values_memo.clear();
        self.rolled_memo.clear();
        self.best.clear();
    }

    /// The state of `pool` before its first step: all of it active, or all of it still to
    /// commit when an enemy's rules limit committing.
    pub(super) fn start_dice(&self, pool: Counts) -> usize {
        match self.reserve {
            false => self.dice.index(&pool),
            true => self.dice.index(&[[0; 5], pool].concat()),
        }
    }

    /// The best play over `steps` with `dice` (the active dice, then the pool still to commit),
    /// `standing` Health left, as the aim weighs it: the best legal commit, then the roll.
    pub(super) fn value(&mut self, steps: u32, dice: usize, standing: usize) -> Outcome {
        if let Some(known) = self.settled(steps, dice, standing) {
            return known;
        }
        // Past the budget the answer is thrown away: stop working it out.
        if self.too_big {
            return self.ended(standing);
        }
        if !self.reserve {
            return self.rolled(steps, dice, 0, standing);
        }
        let memo = (self.step_key(steps), dice, standing);
        if let Some(&v) = self.values_memo.get(&memo) {
            return v;
        }
        let digits = self.dice.digits(dice);
        let (active, reserve) = (digits5(&digits), digits5(&digits[5..]));
        let held = self.held_index(&self.held(&digits));
        let mut commits = self.commits(steps, reserve, standing);
        // Among plays as good, the one that commits more now: it rolls them sooner.
        commits.sort_by_key(|commit| sum(*commit));
        // The first step reports its commits done, not each commit's rolls.
        let report = self.progress.filter(|(first, _)| *first == steps);
        if report.is_some() {
            self.progress = None;
        }
        let mut best: Option<(Outcome, Counts)> = None;
        for (done, commit) in commits.iter().enumerate() {
            if let Some((_, told)) = report {
                told(done, commits.len());
            }
            let rolled: Counts = std::array::from_fn(|c| active[c] + commit[c]);
            let kept: Counts = std::array::from_fn(|c| reserve[c] - commit[c]);
            // The dice states are positional: the reserve's digits add the same to every index.
            let reserve_at = self.dice.index(&[[0; 5], kept].concat());
            let rolled_at = self.dice.index(&rolled) + reserve_at + held;
            let mut outcome = self.rolled(steps, rolled_at, reserve_at, standing);
            if let Aim::Trade(_) = self.aim {
                outcome = outcome.costing(f64::from(sum(*commit)));
            }
            if best.is_none_or(|(b, _)| !self.aim.beats(b, outcome)) {
                best = Some((outcome, *commit));
            }
            if self.aim.unbeatable(outcome) {
                break;
            }
        }
        self.progress = self.progress.or(report);
        let (best, commit) = best.unwrap_or((self.ended(standing), [0; 5]));
        if steps == self.first_step {
            self.first_commit = commit;
        }
        self.values_memo.insert(memo, best);
        best
    }

    /// The outcome of a state that needs no roll: everyone defeated, or no step or die left.
    fn settled(&self, steps: u32, dice: usize, standing: usize) -> Option<Outcome> {
        match (standing, steps, dice) {
            (0, _, _) => Some(Outcome::WON),
            (_, 0, _) | (_, _, 0) => Some(self.ended(standing)),
            _ => None,
        }
    }

    /// The round's end with `standing` Health left: lost, with the Damage of those standing
    /// when the aim counts it.
    fn ended(&self, standing: usize) -> Outcome {
        if standing == 0 {
            return Outcome::WON;
        }
        let cost = match self.aim.counts_damage() {
            false => 0.0,
            true => {
                let digits = self.healths.digits(standing);
                let dealt: u32 = (0..self.damage.len())
                    .filter(|e| digits[*e] > 0)
                    .map(|e| self.damage[e])
                    .sum();
                f64::from(dealt)
            }
        };
        Outcome { chance: 0.0, cost }
    }

    /// The steps left as the tables key them: the least-Damage play after a card fled is told
    /// apart from the play for the best chance.
    fn step_key(&self, steps: u32) -> u32 {
        steps + 8 * u32::from(self.aim == Aim::LeastDamage)
    }

    /// What the standing enemies' rules allow to be committed from `reserve` with `steps` left.
    fn commits(&self, steps: u32, reserve: Counts, standing: usize) -> Vec<Counts> {
        let digits = self.healths.digits(standing);
        let committed = self.pool_size - reserve.iter().map(|n| u32::from(*n)).sum::<u32>();
        let rules = (0..self.limits.len())
            .filter(|e| digits[*e] > 0)
            .map(|e| &self.limits[e].commits);
        let mut allowed = Allowed::of(rules, committed);
        // At the last step a die held back is never rolled, so only the largest commits count,
        // unless a die more rolled can make a card flee.
        allowed.every = matches!(self.aim, Aim::Trade(_))
            || (steps > 1
                && (0..self.limits.len()).any(|e| {
                    digits[e] > 0
                        && (self.limits[e].no_reroll_misses || self.limits[e].crit_exhausts)
                }))
            || self.flees_at(standing).is_some()
            || self.forces_rerolls(standing);
        allowed.commits(reserve)
    }

    /// The unassigned dice showing a miss in a dice state's `digits`, by colour.
    fn held(&self, digits: &[u8]) -> Counts {
        self.held_from
            .map_or([0; 5], |from| digits5(&digits[from..]))
    }

    /// What `held` dice showing a miss add to a dice state's index.
    fn held_index(&self, held: &Counts) -> usize {
        held.iter()
            .zip(self.held_places)
            .map(|(n, place)| usize::from(*n) * place)
            .sum()
    }

    /// The fewest misses in one roll that make an enemy standing in `standing` flee, if one
    /// can.
    fn flees_at(&self, standing: usize) -> Option<u32> {
        if !self.reserve {
            return None;
        }
        let digits = self.healths.digits(standing);
        (0..self.limits.len())
            .filter(|e| digits[*e] > 0)
            .filter_map(|e| self.limits[e].flee_on_misses)
            .min()
    }

    /// Whether an enemy standing in `standing` keeps the misses from being rolled again.
    fn holds_misses(&self, standing: usize) -> bool {
        if self.held_from.is_none() {
            return false;
        }
        let digits = self.healths.digits(standing);
        (0..self.limits.len()).any(|e| digits[e] > 0 && self.limits[e].no_reroll_misses)
    }

    /// The best play when the active dice of state `dice` are rolled now, its pool still to
    /// commit (the part `reserve_at` of its index) waits, and `steps` are left, `standing`
    /// Health left. Its dice showing a miss stay as they are while a standing enemy keeps them,
    /// and are rolled with the rest otherwise.
    fn rolled(&mut self, steps: u32, dice: usize, reserve_at: usize, standing: usize) -> Outcome {
        if let Some(known) = self.settled(steps, dice, standing) {
            return known;
        }
        if self.too_big {
            return self.ended(standing);
        }
        // At the last step the pool not committed is never rolled: the answer is the same
        // whatever it holds, so it is kept without it.
        let memo_dice = match steps {
            1 => dice - reserve_at,
            _ => dice,
        };
        let memo = (self.step_key(steps), memo_dice, standing);
        if let Some(&v) = self.rolled_memo.get(&memo) {
            return v;
        }
        let digits = self.dice.digits(dice);
        let (active, held) = (digits5(&digits), self.held(&digits));
        let holds = held.iter().any(|n| *n > 0) && self.holds_misses(standing);
        let (to_roll, shown_miss): (Counts, Counts) = match holds {
            true => (active, held),
            false => (std::array::from_fn(|c| active[c] + held[c]), [0; 5]),
        };
        let flees_at = self.flees_at(standing);
        // At the last step a miss kept on its die only counts where a miss deals something
        // or makes a card flee; otherwise it is as if the die were not there, and so is the
        // pool not committed: only the dice rolled matter.
        let misses_deal = self.kinds.iter().any(|&(_, face)| face == 0);
        let only_rolled = steps == 1
            && !(holds && misses_deal)
            && flees_at.is_none()
            && !self.forces_rerolls(standing);
        if only_rolled && !self.aim.counts_damage() {
            return Outcome {
                chance: self.cover(to_roll, standing),
                cost: 0.0,
            };
        }
        // The last roll with the Damage counted: each roll is shared to defeat everyone if it
        // can, else to leave the least Damage standing.
        if only_rolled {
            let memo = (self.step_key(steps), self.dice.index(&to_roll), standing);
            if let Some(&v) = self.rolled_memo.get(&memo) {
                return v;
            }
            let (chance, cost) = self.cover_damage(to_roll, standing);
            let found = Outcome { chance, cost };
            self.rolled_memo.insert(memo, found);
            return found;
        }
        let shares = self.shares_of(standing);
        let mut total = Outcome::default();
        let forcing = self.forces_rerolls(standing);
        // Many first rolls and choices of hits to roll again end in the same faces: each is
        // weighed once.
        let mut weighed = FxHashMap::default();
        for (roll, p) in reported_rolls(&self.faces, to_roll, self.progress, steps) {
            let rolled_misses: u8 = roll.miss.iter().sum();
            let forced = match forcing {
                true => rolled_misses.min(roll.hit.iter().sum()),
                false => 0,
            };
            let state = (steps, reserve_at, standing);
            let outcome = match forced {
                0 => self.shown(state, roll, shown_miss, flees_at, &shares),
                _ => {
                    let shown = (shown_miss, flees_at, &*shares);
                    self.rerolled(state, roll, forced, shown, &mut weighed)
                }
            };
            total.add(p, outcome);
        }
        self.rolled_memo.insert(memo, total);
        total
    }

    /// The best play once `roll` shows its faces, with the dice kept on a miss (`shown_miss`)
    /// beside it: a card that flees on its misses is gone first. `state` is the steps left, the
    /// reserve's part of the dice index, and the Health left.
    fn shown(
        &mut self,
        (steps, reserve_at, standing): (u32, usize, usize),
        mut roll: Roll,
        shown_miss: Counts,
        flees_at: Option<u32>,
        shares: &Shares,
    ) -> Outcome {
        for (miss, kept) in roll.miss.iter_mut().zip(shown_miss) {
            *miss += kept;
        }
        // A card that flees on this many misses is gone before a die is assigned: the chance
        // of defeating everyone with it, and the Damage it would deal.
        let misses: u32 = roll.miss.iter().map(|n| u32::from(*n)).sum();
        if flees_at.is_some_and(|n| misses >= n) {
            if !self.aim.counts_damage() {
                return Outcome::default();
            }
            let left = self.without_fled(standing, misses);
            let shares = self.shares_of(left);
            let aim = std::mem::replace(&mut self.aim, Aim::LeastDamage);
            let after = self.after_roll(steps, &roll, &shares, reserve_at, left);
            self.aim = aim;
            return Outcome {
                chance: 0.0,
                cost: after.cost,
            };
        }
        self.after_roll(steps, &roll, shares, reserve_at, standing)
    }

    /// The best play when `forced` of `roll`'s hits must be rolled again (`miss-rerolls-hit`):
    /// the player picks which, and they are rolled once more. `state` is as for
    /// [`Search::shown`].
    fn rerolled(
        &mut self,
        state: (u32, usize, usize),
        roll: Roll,
        forced: u8,
        (shown_miss, flees_at, shares): (Counts, Option<u32>, &Shares),
        weighed: &mut FxHashMap<Roll, Outcome>,
    ) -> Outcome {
        let mut best: Option<Outcome> = None;
        for left in hits_left(roll.hit, forced) {
            let again: Counts = std::array::from_fn(|c| roll.hit[c] - left[c]);
            let mut outcome = Outcome::default();
            for &(second, q) in self.rolls_again(again).iter() {
                let faces = Roll {
                    miss: std::array::from_fn(|c| roll.miss[c] + second.miss[c]),
                    hit: std::array::from_fn(|c| left[c] + second.hit[c]),
                    crit: std::array::from_fn(|c| roll.crit[c] + second.crit[c]),
                };
                let shown = match weighed.get(&faces) {
                    Some(known) => *known,
                    None => {
                        let found = self.shown(state, faces, shown_miss, flees_at, shares);
                        weighed.insert(faces, found);
                        found
                    }
                };
                outcome.add(q, shown);
            }
            best = Some(self.aim.best(best, outcome));
        }
        best.unwrap_or_default()
    }

    /// Every roll of the hits `again` rolled once more, with its chance: the same few dice are
    /// rolled again after many first rolls.
    fn rolls_again(&mut self, again: Counts) -> std::rc::Rc<Vec<(Roll, f64)>> {
        let faces = &self.faces;
        self.rolls_again
            .entry(again)
            .or_insert_with(|| std::rc::Rc::new(rolls(faces, again)))
            .clone()
    }

    /// Whether an enemy standing in `standing` makes each miss rolled force a hit to be
    /// rolled again.
    fn forces_rerolls(&self, standing: usize) -> bool {
        let digits = self.healths.digits(standing);
        (0..self.limits.len()).any(|e| digits[e] > 0 && self.limits[e].miss_rerolls)
    }

    /// The best way to share `roll` among the enemies standing in `standing`, and the best
    /// play after it.
    fn after_roll(
        &mut self,
        steps: u32,
        roll: &Roll,
        shares: &Shares,
        reserve_at: usize,
        standing: usize,
    ) -> Outcome {
        let tally = self.tally(roll);
        let mut best: Option<Outcome> = None;
        for (at, ((assigned, exhausts), lefts)) in shares.iter().enumerate() {
            if !within(assigned, &tally) {
                continue;
            }
            let [misses, hits, crits] = self.unassigned(roll, assigned);
            // Before the last step, each way to exhaust the hits the crits take out; after it,
            // the dice left unassigned are never rolled.
            let exhausted = match steps > 1 {
                true => *exhausts,
                false => 0,
            };
            let ways = (exhausted > 0).then(|| hits_left(hits, exhausted));
            let ways = ways.as_deref().unwrap_or(std::slice::from_ref(&hits));
            for hits in ways {
                let dice = (&misses, hits, &crits);
                let v = self.after_share(steps, dice, reserve_at, standing, (at, lefts));
                best = Some(self.aim.best(best, v));
                if self.aim.unbeatable(v) {
                    break;
                }
            }
            if best.is_some_and(|b| self.aim.unbeatable(b)) {
                break;
            }
        }
        best.unwrap_or_else(|| self.ended(standing))
    }

    /// The best play after a roll's share `at` (which leaves one of `lefts`), with the dice
    /// left unassigned by face (miss, hit, crit) and colour.
    fn after_share(
        &mut self,
        steps: u32,
        (misses, hits, crits): (&Counts, &Counts, &Counts),
        reserve_at: usize,
        standing: usize,
        (at, lefts): (usize, &[usize]),
    ) -> Outcome {
        let kept = match self.held_from {
            Some(_) => {
                let rolling: Counts = std::array::from_fn(|c| hits[c] + crits[c]);
                self.dice.index(&rolling) + self.held_index(misses)
            }
            None => {
                let all: Counts = std::array::from_fn(|c| misses[c] + hits[c] + crits[c]);
                self.dice.index(&all)
            }
        } + reserve_at;
        // Fields wide enough for any dice state (active, reserve and misses, 9^15), any
        // enemies (2^20 Health states, a guard), the steps with their aim, and 2^24 shares.
        let key = ((kept as u128) << 64)
            | (u128::from(self.step_key(steps - 1)) << 58)
            | ((standing as u128) << 24)
            | at as u128;
        if let Some(v) = self.best.get(&key) {
            return *v;
        }
        let mut v: Option<Outcome> = None;
        for &left in lefts {
            let next = self.value(steps - 1, kept, left);
            v = Some(self.aim.best(v, next));
            if self.aim.unbeatable(next) {
                break;
            }
        }
        let v = v.unwrap_or_else(|| self.ended(standing));
        self.best.insert(key, v);
        self.count_kept(1);
        v
    }

    /// `standing` with every card gone that flees on `misses`: no Health and nothing kept.
    fn without_fled(&self, standing: usize, misses: u32) -> usize {
        let mut digits = self.healths.digits(standing);
        for (enemy, limits) in self.limits.iter().enumerate() {
            if digits[enemy] == 0 || limits.flee_on_misses.is_none_or(|n| misses < n) {
                continue;
            }
            digits[enemy] = 0;
            let kept = [
                self.used_at[enemy],
                self.colour_at[enemy],
                self.escort_at[enemy],
                self.mask_at[enemy],
            ];
            for at in kept.into_iter().flatten() {
                digits[at] = 0;
            }
        }
        self.healths.index(&digits)
    }

    /// The last step: the chance a roll of the dice can be shared to meet every Health left.
    fn cover(&mut self, counts: Counts, standing: usize) -> f64 {
        let foes = self.foes_now(standing);
        self.last_step.chance(counts, &foes)
    }

    /// The last step when Damage counts: the chance of defeating everyone, and the Damage
    /// expected to stand when each roll is shared to leave the least.
    fn cover_damage(&mut self, counts: Counts, standing: usize) -> (f64, f64) {
        let foes = self.foes_now(standing);
        self.last_step.least_damage(counts, &foes, &self.damage)
    }

    /// The enemies in state `standing`, as the last step takes them.
    fn foes_now(&self, standing: usize) -> Vec<Foe> {
        let digits = self.healths.digits(standing);
        (0..self.values.len())
            .map(|enemy| {
                let mut limits = self.limits_now(enemy, &digits);
                if digits[enemy] == 0 {
                    // Fallen: the state keeps no colours for it.
                    limits.min_colours = 0;
                }
                // The state counts one more while the colours fall short; the Health does not.
                let short = limits.min_colours > 0 && limits.colours_short(0);
                Foe {
                    health: u32::from(digits[enemy]).saturating_sub(u32::from(short)),
                    values: self.values[enemy],
                    limits,
                }
            })
            .collect()
    }

    /// The state index of enemies with `healths` at the start of the round: no die on any.
    pub(super) fn start(&self, healths: &[u8]) -> usize {
        let mut digits = healths.to_vec();
        for (digit, l) in digits.iter_mut().zip(&self.limits) {
            *digit += u8::from(l.min_colours > 0 && l.colours_short(0));
        }
        digits.resize(self.healths.most.len(), 0);
        self.healths.index(&digits)
    }

    /// `enemy`'s limits in the state `digits`: its limit of dice from one roll is also what
    /// its limit in all leaves.
    fn limits_now(&self, enemy: usize, digits: &[u8]) -> Limits {
        let mut limits = self.limits[enemy];
        if let (Some(at), Some(most)) = (self.used_at[enemy], limits.per_card) {
            let allowed = most.saturating_sub(u32::from(digits[at]));
            limits.per_roll = Some(limits.per_roll.map_or(allowed, |r| r.min(allowed)));
        }
        limits.per_card = None;
        if let Some(at) = self.colour_at[enemy]
            && digits[at] > 0
        {
            limits.colour_on = Some(digits[at] - 1);
        }
        if let Some(at) = self.escort_at[enemy] {
            limits.escorts_ahead = u32::from(digits[at]);
        }
        if let Some(at) = self.mask_at[enemy] {
            limits.colours_on = digits[at];
        }
        limits
    }

    /// Each kind's colour (meaningful when every colour is a class of its own).
    fn kind_colours(&self) -> Vec<u8> {
        self.kinds
            .iter()
            .map(|&(class, _)| self.classes[class][0] as u8)
            .collect()
    }

    /// Each kind's face (miss 0, hit 1, crit 2).
    fn kind_faces(&self) -> Vec<u8> {
        self.kinds.iter().map(|&(_, face)| face as u8).collect()
    }

    /// Every way to share dice among the enemies standing, grouped by what is assigned in all,
    /// with the state each leaves (none left that another way with the same dice beats).
    fn shares_of(&mut self, standing: usize) -> std::rc::Rc<Shares> {
        if let Some(found) = self.shares.get(&standing) {
            return found.clone();
        }
        let digits = self.healths.digits(standing);
        let mut by_tally: HashMap<(Tally, u8), Vec<Vec<u8>>> = HashMap::new();
        let mut left = Vec::with_capacity(digits.len());
        let mut dice_on = Vec::with_capacity(digits.len());
        let mut colour_given = Vec::with_capacity(digits.len());
        let mut ahead = Vec::with_capacity(digits.len());
        let mut masks = Vec::with_capacity(digits.len());
        let mut walk = ShareWalk {
            digits: &digits,
            left: &mut left,
            dice_on: &mut dice_on,
            colour_given: &mut colour_given,
            ahead: &mut ahead,
            masks: &mut masks,
            exhausts: 0,
            out: &mut by_tally,
            paths: 0,
            most_paths: self
                .budget
                .map_or(usize::MAX, |most| most.saturating_sub(self.kept)),
        };
        self.share_from(0, [0; KINDS], &mut walk);
        if walk.paths > walk.most_paths {
            self.too_big = true;
            by_tally.clear();
        }
        if by_tally.len() > MOST_SHARES {
            self.too_big = true;
            by_tally.clear();
        }
        let mut list: Shares = by_tally
            .into_iter()
            .map(|(tally, lefts)| {
                let lefts = least(lefts, &self.better);
                let indices = lefts.iter().map(|l| self.healths.index(l)).collect();
                (tally, indices)
            })
            .collect();
        list.sort_unstable();
        self.count_kept(list.iter().map(|(_, lefts)| 1 + lefts.len()).sum());
        let list = std::rc::Rc::new(list);
        self.shares.insert(standing, list.clone());
        list
    }

    /// Counts `more` answers or ways kept against the budget.
    fn count_kept(&mut self, more: usize) {
        self.kept += more;
        if self.budget.is_some_and(|most| self.kept > most) {
            self.too_big = true;
        }
    }

    fn share_from(&self, enemy: usize, given: Tally, walk: &mut ShareWalk<'_>) {
        if walk.out.len() > MOST_SHARES || walk.paths > walk.most_paths {
            return;
        }
        let enemies = self.values.len();
        if enemy == enemies {
            if shields_hold(&self.limits, &walk.digits[..enemies], walk.left)
                && one_defeat_holds(&self.limits, &walk.digits[..enemies], walk.left)
            {
                let state = self.after(walk);
                walk.paths += 1;
                walk.out
                    .entry((given, walk.exhausts))
                    .or_default()
                    .push(state);
            }
            return;
        }
        let need = walk.digits[enemy];
        let unbounded = [u8::MAX; KINDS];
        let mut options = Vec::new();
        let worth = self.worth(enemy);
        let limits = self.limits_now(enemy, walk.digits);
        let colours = self.kind_colours();
        let faces = self.kind_faces();
        let ask = Ask {
            worth: &worth,
            need: u32::from(need),
            limits: &limits,
            colours: &colours,
            faces: &faces,
        };
        enemy_shares(&ask, &unbounded, &mut |share, taken| {
            options.push((*share, taken));
        });
        for (share, taken) in options {
            let mut total = given;
            for (t, s) in total.iter_mut().zip(share) {
                *t += s;
            }
            walk.left.push((u32::from(need) - taken) as u8);
            walk.dice_on.push(share.iter().sum());
            let given = (0..worth.len()).find(|k| share[*k] > 0).map(|k| colours[k]);
            walk.colour_given.push(given);
            // Escort dice on it beyond the others, after this share (never below 0: the share
            // is allowed).
            let escorts_after = limits.escort.map_or(0, |escort| {
                let (mut escorts, mut others) = (0u32, 0u32);
                for (k, n) in share.iter().enumerate().take(worth.len()) {
                    match colours[k] == escort {
                        true => escorts += u32::from(*n),
                        false => others += u32::from(*n),
                    }
                }
                (limits.escorts_ahead + escorts).saturating_sub(others) as u8
            });
            walk.ahead.push(escorts_after);
            walk.masks
                .push(limits.colours_on | mask_of(&colours, &share));
            let exhausts = match limits.crit_exhausts {
                true => (0..worth.len())
                    .filter(|k| faces[*k] == 2)
                    .map(|k| share[k])
                    .sum(),
                false => 0,
            };
            walk.exhausts += exhausts;
            self.share_from(enemy + 1, total, walk);
            walk.exhausts -= exhausts;
            walk.left.pop();
            walk.dice_on.pop();
            walk.colour_given.pop();
            walk.ahead.pop();
            walk.masks.pop();
        }
    }

    /// The state after a roll leaves `left` Health with `dice_on` more dice on each enemy: the
    /// dice on a card with a limit in all are counted until it falls.
    fn after(&self, walk: &ShareWalk<'_>) -> Vec<u8> {
        let (digits, left) = (walk.digits, &walk.left[..]);
        let mut state = left.to_vec();
        state.resize(digits.len(), 0);
        for (enemy, health) in left.iter().enumerate() {
            if *health == 0 {
                continue;
            }
            if let Some(at) = self.used_at[enemy] {
                state[at] = digits[at] + walk.dice_on[enemy];
            }
            if let Some(at) = self.colour_at[enemy] {
                state[at] = walk.colour_given[enemy].map_or(digits[at], |c| c + 1);
            }
            if let Some(at) = self.escort_at[enemy] {
                state[at] = walk.ahead[enemy];
            }
            if let Some(at) = self.mask_at[enemy] {
                state[at] = walk.masks[enemy];
            }
        }
        state
    }

    /// What a die of each kind deals to `enemy`.
    fn worth(&self, enemy: usize) -> Vec<u32> {
        self.kinds
            .iter()
            .map(|&(class, face)| self.values[enemy][self.classes[class][0]][face])
            .collect()
    }

    /// A roll's dice by kind.
    fn tally(&self, roll: &Roll) -> Tally {
        let mut tally = [0u8; KINDS];
        for (k, &(class, face)) in self.kinds.iter().enumerate() {
            for &colour in &self.classes[class] {
                tally[k] += [roll.miss, roll.hit, roll.crit][face][colour];
            }
        }
        tally
    }

    /// What stays unassigned when `assigned` is, by face (miss, hit, crit) and colour: each
    /// kind taken from its class's weakest colours first.
    fn unassigned(&self, roll: &Roll, assigned: &Tally) -> [Counts; 3] {
        let mut shown = [roll.miss, roll.hit, roll.crit];
        for (k, &(class, face)) in self.kinds.iter().enumerate() {
            let mut take = assigned[k];
            for &colour in &self.classes[class] {
                let used = take.min(shown[face][colour]);
                shown[face][colour] -= used;
                take -= used;
            }
        }
        shown
    }
}

/// Where one walk over the ways to share a roll is: the state it starts from, the Health left
/// and dice given to each enemy so far, and the ways found.
struct ShareWalk<'w> {
    digits: &'w [u8],
    left: &'w mut Vec<u8>,
    dice_on: &'w mut Vec<u8>,
    colour_given: &'w mut Vec<Option<u8>>,
    ahead: &'w mut Vec<u8>,
    masks: &'w mut Vec<u8>,
    /// The hits the crits given so far exhaust.
    exhausts: u8,
    out: &'w mut HashMap<(Tally, u8), Vec<Vec<u8>>>,
    /// States given so far, and the most the search's budget leaves for them.
    paths: usize,
    most_paths: usize,
}

/// The classes of colours that deal alike to every enemy, weakest colour first. A colour whose miss deals more than its hit to someone stands alone, as
/// fewer misses no longer makes it the stronger die to roll again.
fn classes(values: &[Values]) -> Vec<Vec<usize>> {
    let mut classes: Vec<Vec<usize>> = Vec::new();
    let ordered = |c: usize| values.iter().all(|v| v[c][1] >= v[c][0]);
    for colour in 0..5 {
        let alike = classes.iter().position(|class| {
            let first = class[0];
            ordered(colour) && ordered(first) && values.iter().all(|v| v[first] == v[colour])
        });
        match alike {
            Some(at) => classes[at].push(colour),
            None => classes.push(vec![colour]),
        }
    }
    classes
}

/// Every way to take `exhausted` dice (or all, if fewer) out of `hits`, by colour: the hits
/// the player lets the crits exhaust.
fn hits_left(hits: Counts, exhausted: u8) -> Vec<Counts> {
    let total: u8 = hits.iter().sum();
    let mut ways = Vec::new();
    let mut left = hits;
    take_hits(0, exhausted.min(total), &mut left, &mut ways);
    ways
}

fn take_hits(colour: usize, still: u8, left: &mut Counts, ways: &mut Vec<Counts>) {
    if still == 0 {
        ways.push(*left);
        return;
    }
    if colour == 5 {
        return;
    }
    let most = left[colour].min(still);
    for taken in 0..=most {
        left[colour] -= taken;
        take_hits(colour + 1, still - taken, left, ways);
        left[colour] += taken;
    }
}

fn within(assigned: &Tally, tally: &Tally) -> bool {
    assigned.iter().zip(tally).all(|(a, t)| a <= t)
}

/// How a digit of the enemies' states orders two states.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Better {
    /// Less is better: Health left, dice on a card with a limit.
    Lower,
    /// Only the same is as good: the colour on a one-colour card.
    Same,
    /// More is better: escort dice ahead of the others.
    Higher,
}

/// The states no other one beats on every digit, each digit compared as `better` says.
fn least(mut lefts: Vec<Vec<u8>>, better: &[Better]) -> Vec<Vec<u8>> {
    lefts.sort_unstable();
    lefts.dedup();
    let as_good = |a: &[u8], b: &[u8]| {
        a.iter().zip(b).zip(better).all(|((a, b), how)| match how {
            Better::Lower => a <= b,
            Better::Same => a == b,
            Better::Higher => a >= b,
        })
    };
    let beaten = |l: &Vec<u8>, all: &[Vec<u8>]| all.iter().any(|o| o != l && as_good(o, l));
    lefts
        .iter()
        .filter(|l| !beaten(l, &lefts))
        .cloned()
        .collect()
}
