//! One round's engagement under the best play: the chance of defeating every active enemy with
//! a pool of unit dice over the hero's Strategy steps, enemies without effects.
//!
//! Reading (docs/rulesets.md): in each Strategy step the hero commits dice from the pool, rolls
//! every die in the active area that is not assigned to an enemy (the new ones and the ones
//! left unassigned), then assigns hits (1) and crits (2) to enemies, each die to one enemy; an
//! assigned die stays on its enemy. An enemy is defeated once the damage on it meets its
//! Health.
//!
//! Two facts make the search small. Committing a die early never hurts the chance of
//! defeating everything: a die committed a step early that is not assigned is simply rolled
//! again, so every die is committed at the first step. And with no effect that looks at
//! colours, a die's colour only matters while it is unassigned, where a stronger colour is
//! never worse to roll again; so the hits (and the crits) that are assigned are the weakest
//! ones. What is left to choose after each roll is how many hits and crits to assign and how
//! to share them among the enemies; the last step only asks whether the roll can cover the
//! enemies' Health at all.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::dice::{Colour, DieFaces, Pool, PoolError};

/// Most enemies one engagement takes: the search shares dice among them.
pub const MAX_ENEMIES: usize = 4;
/// Highest Health an enemy may have here: a deck's most. Health beyond what the pool can deal
/// in a round is searched as one more than that, which it never reaches either way.
pub const MAX_HEALTH: u32 = 99;
/// Most Strategy steps: a hero's 1 to 4, and rewards that raise it to 6 (deck format).
pub const MAX_STRATEGY: u32 = 6;

/// Dice by colour.
type Counts = [u8; 5];

/// One roll of some dice: misses, hits and crits by colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Roll {
    miss: Counts,
    hit: Counts,
    crit: Counts,
}

/// The chance of defeating every enemy (by Health) this round with `pool` over `strategy`
/// steps, under the best play.
pub fn defeat_all(pool: &Pool, enemies: &[u32], strategy: u32) -> Result<f64, PoolError> {
    defeat_all_with_progress(pool, enemies, strategy, &|_, _| {})
}

/// [`defeat_all`], calling `progress(done, of)` as the first roll's outcomes are worked
/// through, so a long search (three or more steps on a big pool) can show how far it is.
pub fn defeat_all_with_progress(
    pool: &Pool,
    enemies: &[u32],
    strategy: u32,
    progress: &dyn Fn(usize, usize),
) -> Result<f64, PoolError> {
    defeat_all_on(
        &Colour::ALL.map(Colour::faces),
        pool,
        enemies,
        strategy,
        progress,
    )
}

/// [`defeat_all_with_progress`] with dice of these faces, by colour (a deck may change them).
fn defeat_all_on(
    faces: &[DieFaces; 5],
    pool: &Pool,
    enemies: &[u32],
    strategy: u32,
    progress: &dyn Fn(usize, usize),
) -> Result<f64, PoolError> {
    let (counts, healths) = checked(pool, enemies, strategy, 2)?;
    let mut solver = Solver::new(|c| faces[c as usize], counts, &healths);
    let (dice, standing) = (solver.dice.index(&counts), solver.healths.index(&healths));
    solver.progress = Some((strategy, progress));
    Ok(solver.value(strategy, dice, standing))
}

/// The pool as counts and the enemies' Health as the search keys them, or why they are out of
/// its range. `most_a_die` is the most one die deals an enemy (2 for a crit, more under a
/// hero's ability).
fn checked(
    pool: &Pool,
    enemies: &[u32],
    strategy: u32,
    most_a_die: u32,
) -> Result<(Counts, Vec<u8>), PoolError> {
    if enemies.len() > MAX_ENEMIES {
        return Err(PoolError(format!(
            "{} enemies: an engagement takes at most {MAX_ENEMIES}",
            enemies.len()
        )));
    }
    if let Some(h) = enemies.iter().find(|h| **h == 0 || **h > MAX_HEALTH) {
        return Err(PoolError(format!(
            "an enemy's Health is 1 to {MAX_HEALTH}, not {h}"
        )));
    }
    if strategy > MAX_STRATEGY {
        return Err(PoolError(format!(
            "Strategy {strategy}: at most {MAX_STRATEGY} steps"
        )));
    }
    let mut counts = [0u8; 5];
    for (slot, n) in counts.iter_mut().zip(pool.0) {
        *slot = u8::try_from(n).map_err(|_| PoolError(format!("{n} dice of a colour")))?;
    }
    // No round deals an enemy more than `most_a_die` a die, so one with more Health than that
    // stands whatever is played: as one more than the most, it stands just the same and keeps
    // the tables small.
    let most = most_a_die
        .max(1)
        .saturating_mul(pool.len())
        .saturating_add(1);
    let healths: Vec<u8> = enemies
        .iter()
        .map(|&h| h.min(most).min(u32::from(u8::MAX)) as u8)
        .collect();
    Ok((counts, healths))
}

/// The chances `megahex odds --enemies` gives the fewest dice for.
pub const FEWEST_TARGETS: [f64; 3] = [0.8, 0.9, 0.95];

/// The fewest dice, the strongest of `pool` first, that defeat every enemy this round with a
/// chance of at least each of `targets` when they are committed at the first step and played at
/// best: for each target, that pool and its chance, or `None` when the whole pool falls short.
/// Committing a die more never lowers the chance (it can stay unassigned), so the search halves
/// the number of dice.
pub fn fewest_dice(
    pool: &Pool,
    enemies: &[Foe],
    strategy: u32,
    targets: &[f64],
) -> Result<Vec<Option<(Pool, f64)>>, PoolError> {
    let strongest_first = pool.strongest_first();
    let first = |k: usize| pool.strongest(k);
    let mut known: HashMap<usize, f64> = HashMap::new();
    let mut chance = |k: usize| -> Result<f64, PoolError> {
        if let Some(p) = known.get(&k) {
            return Ok(*p);
        }
        let p = defeat_all_foes(&first(k), enemies, strategy, &|_, _| {})?;
        known.insert(k, p);
        Ok(p)
    };
    let mut out = Vec::new();
    for &target in targets {
        let all = strongest_first.len();
        if chance(all)? < target {
            out.push(None);
            continue;
        }
        let (mut low, mut high) = (0, all);
        while low < high {
            let mid = (low + high) / 2;
            match chance(mid)? >= target {
                true => high = mid,
                false => low = mid + 1,
            }
        }
        out.push(Some((first(high), chance(high)?)));
    }
    Ok(out)
}

/// Numbers in `0..=most[i]` each, as one index: dice by colour, or enemies' Health left.
#[derive(Debug, Clone)]
struct Radix {
    most: Vec<u8>,
}

impl Radix {
    fn states(&self) -> usize {
        self.most.iter().map(|&m| usize::from(m) + 1).product()
    }

    fn index(&self, digits: &[u8]) -> usize {
        digits
            .iter()
            .zip(&self.most)
            .rev()
            .fold(0, |at, (&d, &m)| at * (usize::from(m) + 1) + usize::from(d))
    }

    fn digits(&self, mut index: usize) -> Vec<u8> {
        self.most
            .iter()
            .map(|&m| {
                let base = usize::from(m) + 1;
                let d = index % base;
                index /= base;
                d as u8
            })
            .collect()
    }
}

/// Whom to tell how far the first step's rolls are worked through: `(done, of)`.
type Progress<'p> = &'p dyn Fn(usize, usize);

/// By (hits, crits) assigned, the Health left each way of sharing them can leave.
type Shares = Vec<((u32, u32), Vec<usize>)>;

/// Dice left to roll and Health left to take, as indices into every table below.
struct Solver<'p> {
    /// The first step's number, and whom to tell how far its rolls are worked through.
    progress: Option<(u32, Progress<'p>)>,
    faces: [DieFaces; 5],
    dice: Radix,
    healths: Radix,
    /// The last step's answer: the chance a roll of the dice covers the Health left, in a
    /// table when dice and Health states are few enough, else in a map.
    cover: Vec<f64>,
    cover_map: HashMap<usize, f64>,
    /// The chance of each (ones, twos) a roll of the dice shows.
    sums: Vec<Option<Vec<(u32, u32, f64)>>>,
    /// With more than one step left: the chance of defeating everyone.
    values: HashMap<(u32, usize, usize), f64>,
    /// What assigning so many ones and twos can leave standing, by Health left.
    shares: HashMap<usize, Shares>,
    /// The best of what one (ones, twos) can leave standing, for the dice left unassigned.
    best: HashMap<u64, f64, BuildHasherDefault<Mix>>,
}

/// A hasher for the solver's packed `u64` keys, which the standard one spends most of the
/// search hashing: the key's bits folded and multiplied, so every field reaches the bits a
/// table indexes by.
#[derive(Default)]
struct Mix(u64);

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        let h = (self.0 ^ (self.0 >> 29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^ (h >> 32)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 ^= n;
    }

    fn write_u128(&mut self, n: u128) {
        self.0 ^= (n as u64) ^ ((n >> 64) as u64).rotate_left(23);
    }
}

impl<'p> Solver<'p> {
    fn new(faces: impl Fn(Colour) -> DieFaces, dice: Counts, healths: &[u8]) -> Solver<'p> {
        let dice = Radix {
            most: dice.to_vec(),
        };
        let healths = Radix {
            most: healths.to_vec(),
        };
        let (d, h) = (dice.states(), healths.states());
        // A table of at most 4M answers (32 MB); NaN marks one not worked out yet.
        let table = d.checked_mul(h).filter(|n| *n <= 1 << 22).unwrap_or(0);
        Solver {
            progress: None,
            faces: Colour::ALL.map(faces),
            cover: vec![f64::NAN; table],
            cover_map: HashMap::new(),
            sums: vec![None; d],
            dice,
            healths,
            values: HashMap::new(),
            shares: HashMap::new(),
            best: HashMap::default(),
        }
    }

    fn value(&mut self, steps: u32, dice: usize, standing: usize) -> f64 {
        if let Some(known) = settled(steps, dice, standing) {
            return known;
        }
        if steps == 1 {
            return self.cover(dice, standing);
        }
        if let Some(&v) = self.values.get(&(steps, dice, standing)) {
            return v;
        }
        let shares = self.shares_of(standing);
        let counts: Counts = digits5(&self.dice.digits(dice));
        let mut total = 0.0;
        for (roll, p) in reported_rolls(&self.faces, counts, self.progress, steps) {
            let (hits, crits) = (sum(roll.hit), sum(roll.crit));
            let mut best: f64 = 0.0;
            for &((ones, twos), _) in &shares {
                if ones > hits || twos > crits {
                    continue;
                }
                let kept = self.dice.index(&keep_strongest(&roll, ones, twos));
                best = best.max(self.best_share(steps - 1, kept, standing, ones, twos, &shares));
                if best >= 1.0 {
                    break;
                }
            }
            total += p * best;
        }
        self.values.insert((steps, dice, standing), total);
        total
    }

    /// The best Health left that sharing `ones` and `twos` among the enemies can leave, with
    /// `kept` dice unassigned and `steps` to go.
    fn best_share(
        &mut self,
        steps: u32,
        kept: usize,
        standing: usize,
        ones: u32,
        twos: u32,
        shares: &Shares,
    ) -> f64 {
        // Fields wide enough for any pool (at most 9^5 dice states, 40 dice) and any enemies
        // (at most 31^4 Health states).
        let key = (u64::from(steps) << 58)
            | ((kept as u64) << 36)
            | ((standing as u64) << 12)
            | (u64::from(ones) << 6)
            | u64::from(twos);
        if let Some(&v) = self.best.get(&key) {
            return v;
        }
        let left = shares
            .iter()
            .find(|(share, _)| *share == (ones, twos))
            .map_or(&[][..], |(_, left)| left.as_slice());
        let mut best: f64 = 0.0;
        for &after in left {
            best = best.max(self.value(steps, kept, after));
            if best >= 1.0 {
                break;
            }
        }
        self.best.insert(key, best);
        best
    }

    /// The last step: the chance a roll of the dice can cover every Health left.
    fn cover(&mut self, dice: usize, standing: usize) -> f64 {
        let at = dice * self.healths.states() + standing;
        let known = match self.cover.get(at) {
            Some(p) => (!p.is_nan()).then_some(*p),
            None => self.cover_map.get(&at).copied(),
        };
        if let Some(p) = known {
            return p;
        }
        let faces = self.faces;
        let counts = digits5(&self.dice.digits(dice));
        let sums = self.sums[dice].get_or_insert_with(|| ones_and_twos(&faces, counts));
        let healths = self.healths.digits(standing);
        let p = sums
            .iter()
            .filter(|(ones, twos, _)| coverable(&healths, *ones, *twos))
            // A fold from +0.0: an empty sum of floats is -0.0.
            .fold(0.0, |total, (_, _, p)| total + p);
        match self.cover.get_mut(at) {
            Some(slot) => *slot = p,
            None => {
                self.cover_map.insert(at, p);
            }
        }
        p
    }

    /// Every way to share hits and crits among the enemies, by (hits, crits) and what it leaves
    /// standing. An enemy gets no more than it needs, except a last crit on its last point.
    fn shares_of(&mut self, standing: usize) -> Shares {
        if let Some(found) = self.shares.get(&standing) {
            return found.clone();
        }
        let healths = self.healths.digits(standing);
        let mut out: HashMap<(u32, u32), Vec<Vec<u8>>> = HashMap::new();
        let mut left = Vec::with_capacity(healths.len());
        share(&healths, 0, 0, &mut left, &mut out);
        let mut list: Vec<((u32, u32), Vec<usize>)> = out
            .into_iter()
            .map(|(share, lefts)| {
                let mut indices: Vec<usize> = lefts.iter().map(|l| self.healths.index(l)).collect();
                indices.sort_unstable();
                indices.dedup();
                (share, indices)
            })
            .collect();
        list.sort_unstable_by_key(|(share, _)| *share);
        self.shares.insert(standing, list.clone());
        list
    }
}

/// The chance of a state that needs no roll: everyone defeated, or no step or die left.
fn settled(steps: u32, dice: usize, standing: usize) -> Option<f64> {
    match (standing, steps, dice) {
        (0, _, _) => Some(1.0),
        (_, 0, _) | (_, _, 0) => Some(0.0),
        _ => None,
    }
}

fn digits5(digits: &[u8]) -> Counts {
    let mut counts = [0u8; 5];
    counts.copy_from_slice(&digits[..5]);
    counts
}

fn share(
    healths: &[u8],
    ones: u32,
    twos: u32,
    left: &mut Vec<u8>,
    out: &mut HashMap<(u32, u32), Vec<Vec<u8>>>,
) {
    let Some((&h, rest)) = healths.split_first() else {
        out.entry((ones, twos)).or_default().push(left.clone());
        return;
    };
    let h = u32::from(h);
    for t in 0..=h.div_ceil(2) {
        for o in 0..=h.saturating_sub(2 * t) {
            // Beyond its Health only by a crit on its last point (then `o` is 0).
            let dealt = 2 * t + o;
            left.push((h - dealt.min(h)) as u8);
            share(rest, ones + o, twos + t, left, out);
            left.pop();
        }
    }
}

/// Whether `ones` dice of 1 and `twos` of 2, each to one enemy, can meet every Health: crits go
/// first to pairs of points, then to odd last points, and hits cover the rest.
fn coverable(healths: &[u8], ones: u32, twos: u32) -> bool {
    let pairs: u32 = healths.iter().map(|&h| u32::from(h) / 2).sum();
    let odd: u32 = healths.iter().map(|&h| u32::from(h) % 2).sum();
    let on_pairs = twos.min(pairs);
    let on_odd = (twos - on_pairs).min(odd);
    2 * (pairs - on_pairs) + (odd - on_odd) <= ones
}

fn sum(counts: Counts) -> u32 {
    counts.iter().map(|&n| u32::from(n)).sum()
}

/// What stays unassigned when `ones` hits and `twos` crits are assigned, the weakest colours
/// first: every miss, and the strongest hits and crits.
fn keep_strongest(roll: &Roll, ones: u32, twos: u32) -> Counts {
    let (mut ones, mut twos) = (ones, twos);
    let mut kept = roll.miss;
    for ((slot, &hit), &crit) in kept.iter_mut().zip(&roll.hit).zip(&roll.crit) {
        let (hit, crit) = (u32::from(hit), u32::from(crit));
        let (used_hit, used_crit) = (hit.min(ones), crit.min(twos));
        ones -= used_hit;
        twos -= used_crit;
        *slot += (hit - used_hit + crit - used_crit) as u8;
    }
    kept
}

/// [`rolls`], telling `progress` how far through them the walk is when `steps` is the first
/// step's number (the walk the user waits for).
fn reported_rolls<'p>(
    faces: &[DieFaces; 5],
    dice: Counts,
    progress: Option<(u32, Progress<'p>)>,
    steps: u32,
) -> impl Iterator<Item = (Roll, f64)> + 'p {
    let report = progress
        .filter(|(first, _)| *first == steps)
        .map(|(_, f)| f);
    let all = rolls(faces, dice);
    let of = all.len();
    let every = (of / 200).max(1);
    all.into_iter().enumerate().map(move |(done, roll)| {
        if let Some(report) = report
            && done % every == 0
        {
            report(done, of);
        }
        roll
    })
}

/// Every roll of `dice` with its chance: by colour, how many miss, hit and crit.
fn rolls(faces: &[DieFaces; 5], dice: Counts) -> Vec<(Roll, f64)> {
    let mut out = vec![(
        Roll {
            miss: [0; 5],
            hit: [0; 5],
            crit: [0; 5],
        },
        1.0,
    )];
    for c in 0..5 {
        let n = dice[c];
        if n == 0 {
            continue;
        }
        let face = faces[c];
        let sides = f64::from(face.sides());
        let (pm, ph, pk) = (
            f64::from(face.miss) / sides,
            f64::from(face.hit) / sides,
            f64::from(face.crit) / sides,
        );
        let mut next = Vec::with_capacity(out.len() * usize::from(n + 1) * usize::from(n + 2) / 2);
        for (roll, p) in &out {
            for m in 0..=n {
                for k in 0..=n - m {
                    let h = n - m - k;
                    let ways = multinomial(n, m, h, k);
                    let q = ways
                        * pm.powi(i32::from(m))
                        * ph.powi(i32::from(h))
                        * pk.powi(i32::from(k));
                    if q == 0.0 {
                        continue;
                    }
                    let mut r = *roll;
                    r.miss[c] = m;
                    r.hit[c] = h;
                    r.crit[c] = k;
                    next.push((r, p * q));
                }
            }
        }
        out = next;
    }
    out
}

fn multinomial(n: u8, a: u8, b: u8, c: u8) -> f64 {
    let f = |x: u8| (1..=u32::from(x)).map(f64::from).product::<f64>();
    f(n) / (f(a) * f(b) * f(c))
}

/// The chance of each (ones, twos) a roll of `dice` shows.
fn ones_and_twos(faces: &[DieFaces; 5], dice: Counts) -> Vec<(u32, u32, f64)> {
    let size = usize::from(dice.iter().sum::<u8>()) + 1;
    let mut grid = vec![0.0f64; size * size];
    grid[0] = 1.0;
    for c in 0..5 {
        let face = faces[c];
        let sides = f64::from(face.sides());
        for _ in 0..dice[c] {
            let mut next = vec![0.0f64; size * size];
            for ones in 0..size {
                for twos in 0..size - ones {
                    let p = grid[ones * size + twos];
                    if p == 0.0 {
                        continue;
                    }
                    next[ones * size + twos] += p * f64::from(face.miss) / sides;
                    if ones + 1 < size {
                        next[(ones + 1) * size + twos] += p * f64::from(face.hit) / sides;
                    }
                    if twos + 1 < size {
                        next[ones * size + twos + 1] += p * f64::from(face.crit) / sides;
                    }
                }
            }
            grid = next;
        }
    }
    let mut out = Vec::new();
    for ones in 0..size {
        for twos in 0..size {
            let p = grid[ones * size + twos];
            if p > 0.0 {
                out.push((ones as u32, twos as u32, p));
            }
        }
    }
    out
}

mod advice;
mod aim;
mod bounds;
mod cheapest;
mod coloured;
mod commits;
mod damage;
mod endgame;
mod foes;
mod one_roll;
mod shares;
#[cfg(test)]
mod tests;

/// The largest pool size times Strategy steps for which `megahex odds` also works out what one
/// more die of each colour is worth (five more searches): up to the bundled deck's setup pool
/// (14 dice) over two steps.
pub const MOST_ONE_MORE_DIE_STEPS: u32 = 28;

/// What one more die of each colour is worth against `foes`: for each colour, the chance of
/// defeating them all under the best play with that die added to `pool`. A colour whose
/// search is refused is left out.
pub fn one_more_die(pool: &Pool, foes: &[Foe], strategy: u32) -> Vec<(Colour, f64)> {
    Colour::ALL
        .into_iter()
        .filter_map(|colour| {
            let mut more = *pool;
            more.0[colour as usize] += 1;
            defeat_all_foes(&more, foes, strategy, &|_, _| {})
                .ok()
                .map(|p| (colour, p))
        })
        .collect()
}

pub use advice::{Advice, Advisor, Faces, parse_rolled};
pub use bounds::{Bounds, defeat_all_bounds};
pub use cheapest::{
    CheapPlay, Corner, MOST_DICE_STEPS, PlayMix, cheapest_plays, cheapest_plays_against,
    fits as cheapest_fits,
};
pub use coloured::{PLAIN, Values};
pub use damage::{best_play_damage, damage_taken_against, least_damage};
pub use endgame::{
    Chosen, CritChances, crit_chances, defeat_chosen, enemies_that_matter, expected_defeated,
};
pub use foes::{
    CommitRules, Foe, Limits, MOST_KEPT_MISSES_ALONE, MOST_WEIGHED_DICE_STEPS, beyond_reach,
    defeat_all_foes, leave_out_when_too_big,
};
pub use one_roll::OneRoll;
