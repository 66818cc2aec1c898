//! Attack and defence dice (rulebook "Attacks", "Effect Tokens", DESIGN §4): resolving one roll
//! with the dice given, and the exact damage distribution of an attack.
//!
//! The order of the steps is the rulebook's: roll (one die fewer for an Attack-1 token, one
//! more per Attack+1 token), remove the auto-miss faces, apply Aim (every remaining die becomes
//! the highest), then remove the dice lower than the range. The defender rolls (the same token
//! rules), applies Dodge, and blocks: each defence die may block one attack die of equal or
//! lower value, assigned to block as many as possible. Each unblocked die is 1 damage.

use std::collections::BTreeMap;
use std::fmt;

pub use crate::odds::Odds;

/// The most dice one roll may have. Twelve dice have 6 188 distinct multisets, so the pairing
/// of an attack and a defence of that size stays well under a second, and 6^24 outcomes fit
/// in 64 bits; no card rolls that many.
pub const MAX_DICE: u32 = 12;

/// A set of die faces 1..=6 (the auto-miss numbers of an attack die code).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Faces(u8);

impl Faces {
    /// No face.
    pub const NONE: Faces = Faces(0);

    /// The faces listed; `None` if one is not 1..=6.
    pub fn of(faces: &[u8]) -> Option<Faces> {
        let mut set = 0u8;
        for &f in faces {
            if !(1..=6).contains(&f) {
                return None;
            }
            set |= 1 << f;
        }
        Some(Faces(set))
    }

    /// Is this face in the set?
    pub fn contains(self, face: u8) -> bool {
        face <= 7 && self.0 >> face & 1 == 1
    }

    /// The faces, lowest first.
    pub fn list(self) -> Vec<u8> {
        (1..=6).filter(|&f| self.contains(f)).collect()
    }
}

impl fmt::Display for Faces {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let faces: Vec<String> = self.list().iter().map(u8::to_string).collect();
        write!(f, "{}", faces.join(","))
    }
}

/// One attack roll's rules: the die code and what modifies it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Attack {
    /// Dice in the attack die code.
    pub dice: u32,
    /// Faces removed as auto-misses.
    pub auto_miss: Faces,
    /// Range to the target (distance plus elevation difference).
    pub range: u32,
    /// Reach: the range counts as this much less.
    pub reach: u32,
    /// Spend an Aim token: every remaining die becomes the highest.
    pub aim: bool,
    /// Attack+1 tokens spent: one more die each.
    pub plus: u32,
    /// An Attack-1 token: one die fewer (only one is used per roll, however many are held).
    pub minus: bool,
}

/// One defence roll's rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Defense {
    /// The defender's defence dice.
    pub dice: u32,
    /// Spend a Dodge token: every die becomes the highest.
    pub dodge: bool,
    /// Defense+1 tokens spent: one more die each.
    pub plus: u32,
    /// A Defense-1 token: one die fewer.
    pub minus: bool,
}

/// Why an attack cannot be worked out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DiceError {
    /// More dice than can be counted exactly.
    #[error("{what} rolls {dice} dice; at most {MAX_DICE} are supported")]
    TooManyDice {
        /// "the attack" or "the defence".
        what: &'static str,
        /// The dice asked for.
        dice: u32,
    },
    /// A die showing something other than 1..=6.
    #[error("a die shows {0}; dice show 1 to 6")]
    BadFace(u8),
}

impl Attack {
    /// Dice actually rolled: the code, less one for Attack-1, plus one per Attack+1.
    pub fn rolled(&self) -> u32 {
        (self.dice + self.plus).saturating_sub(u32::from(self.minus))
    }

    /// The range dice must make: the range less Reach.
    pub fn range_to_make(&self) -> u32 {
        self.range.saturating_sub(self.reach)
    }
}

impl Defense {
    /// Dice actually rolled.
    pub fn rolled(&self) -> u32 {
        (self.dice + self.plus).saturating_sub(u32::from(self.minus))
    }
}

/// Counts per face: `counts[v - 1]` dice show `v`.
type Counts = [u32; 6];

fn counts_of(dice: &[u8]) -> Result<Counts, DiceError> {
    let mut counts = [0; 6];
    for &d in dice {
        if !(1..=6).contains(&d) {
            return Err(DiceError::BadFace(d));
        }
        counts[usize::from(d - 1)] += 1;
    }
    Ok(counts)
}

fn dice_of(counts: &Counts) -> Vec<u8> {
    (1..=6u8)
        .flat_map(|v| std::iter::repeat_n(v, counts[usize::from(v - 1)] as usize))
        .collect()
}

/// The attack dice that count after auto-misses, Aim and range, from what was rolled.
fn attack_counts(rolled: Counts, attack: &Attack) -> Counts {
    let mut c = rolled;
    for v in 1..=6u8 {
        if attack.auto_miss.contains(v) {
            c[usize::from(v - 1)] = 0;
        }
    }
    if attack.aim {
        c = all_highest(c);
    }
    let range = attack.range_to_make();
    for v in 1..=6u32 {
        if v < range {
            c[(v - 1) as usize] = 0;
        }
    }
    c
}

/// Aim and Dodge: every die becomes the highest one.
fn all_highest(c: Counts) -> Counts {
    let total: u32 = c.iter().sum();
    let mut out = [0; 6];
    if let Some(top) = (0..6).rev().find(|&i| c[i] > 0) {
        out[top] = total;
    }
    out
}

fn defense_counts(rolled: Counts, defense: &Defense) -> Counts {
    if defense.dodge {
        all_highest(rolled)
    } else {
        rolled
    }
}

/// The most attack dice the defence can block, for resolving one roll. Going from the highest
/// face down, every defence die seen so far can block any attack die at this face or below, so
/// blocking the highest attack dice first never costs a block.
fn max_blocks(attack: &Counts, defense: &Counts) -> u32 {
    let (mut spare, mut blocked) = (0, 0);
    for v in (0..6).rev() {
        spare += defense[v];
        let b = spare.min(attack[v]);
        blocked += b;
        spare -= b;
    }
    blocked
}

/// One attack resolved with the dice given, step by step, for replays and walkthroughs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resolved {
    /// Attack dice that made range, lowest first.
    pub hits: Vec<u8>,
    /// Defence dice after Dodge, lowest first.
    pub defense: Vec<u8>,
    /// How many attack dice were blocked.
    pub blocked: u32,
    /// Unblocked dice: the damage.
    pub damage: u32,
}

/// Whether at least one die of `attack_roll` makes range, after auto-misses and Aim: "Then if
/// at least one of your attack dice makes range, the target of your attack would roll defense
/// dice" (rulebook, Attacking & Defending). When none does, the target rolls none.
pub fn makes_range(attack_roll: &[u8], attack: &Attack) -> Result<bool, DiceError> {
    Ok(attack_counts(counts_of(attack_roll)?, attack)
        .iter()
        .sum::<u32>()
        > 0)
}

/// Resolves one attack with the dice given: `attack_roll` holds every attack die rolled
/// (Attack+1 dice included), `defense_roll` every defence die.
pub fn resolve(
    attack_roll: &[u8],
    attack: &Attack,
    defense_roll: &[u8],
    defense: &Defense,
) -> Result<Resolved, DiceError> {
    let hits = attack_counts(counts_of(attack_roll)?, attack);
    let def = defense_counts(counts_of(defense_roll)?, defense);
    let blocked = max_blocks(&hits, &def);
    let total: u32 = hits.iter().sum();
    Ok(Resolved {
        hits: dice_of(&hits),
        defense: dice_of(&def),
        blocked,
        damage: total - blocked,
    })
}

/// Every multiset of `n` dice as counts per face, with how many of the 6^n ordered rolls give it
/// (the multinomial coefficient).
fn multisets(n: u32) -> Vec<(Counts, u128)> {
    fn go(face: usize, left: u32, ways: u128, counts: &mut Counts, out: &mut Vec<(Counts, u128)>) {
        if face == 5 {
            counts[5] = left;
            out.push((*counts, ways));
            return;
        }
        // Choose which of the `left` remaining dice show this face: C(left, k) ways.
        let mut choose: u128 = 1;
        for k in 0..=left {
            counts[face] = k;
            go(face + 1, left - k, ways * choose, counts, out);
            choose = choose * u128::from(left - k) / u128::from(k + 1);
        }
    }
    let mut out = Vec::new();
    go(0, n, 1, &mut [0; 6], &mut out);
    out
}

/// Distinct outcomes after processing, with their ways: many rolls end up the same once
/// auto-misses, Aim, range or Dodge have done their work, and the pairing below runs once per
/// distinct pair instead of once per roll.
fn collapse(rolls: Vec<(Counts, u128)>, process: impl Fn(Counts) -> Counts) -> Vec<(Counts, u128)> {
    let mut merged: BTreeMap<Counts, u128> = BTreeMap::new();
    for (c, w) in rolls {
        *merged.entry(process(c)).or_default() += w;
    }
    merged.into_iter().collect()
}

/// The exact damage distribution of `attack` against `defense`. Rather than enumerating all
/// 6^(N+M) rolls, it enumerates the multisets of each roll (462 for six dice), merges those that
/// end up equal after the rules, and pairs what is left.
pub fn odds(attack: &Attack, defense: &Defense) -> Result<Odds, DiceError> {
    let (na, nd) = (attack.rolled(), defense.rolled());
    for (what, dice) in [("the attack", na), ("the defence", nd)] {
        if dice > MAX_DICE {
            return Err(DiceError::TooManyDice { what, dice });
        }
    }
    let attacks = collapse(multisets(na), |c| attack_counts(c, attack));
    let defenses = collapse(multisets(nd), |c| defense_counts(c, defense));
    // Damage is the largest shortfall over thresholds t of (attack dice >= t) - (defence dice
    // >= t), or 0 (Hall's theorem on "a defence die blocks an attack die it is not below";
    // `max_blocks` finds the same count greedily; the tests check both against brute force). So
    // each side is reduced to its counts at or above each face, and a pair costs six
    // subtractions. 6^24 fits in 64 bits, so the sums are exact without 128-bit arithmetic.
    let at_least = |c: &Counts| -> [i32; 8] {
        let mut out = [0i32; 8];
        let mut running = 0;
        for v in (0..6).rev() {
            running += c[v] as i32;
            out[v] = running;
        }
        out
    };
    let defenses: Vec<([i32; 8], u64)> = defenses
        .iter()
        .map(|(d, w)| (at_least(d), *w as u64))
        .collect();
    let mut ways = vec![0u64; na as usize + 1];
    for (a, wa) in &attacks {
        let (a, wa) = (at_least(a), *wa as u64);
        for (d, wd) in &defenses {
            let shortfall = (0..8).map(|t| a[t] - d[t]).max().unwrap_or(0);
            ways[shortfall.max(0) as usize] += wa * wd;
        }
    }
    let mut ways: Vec<u128> = ways.into_iter().map(u128::from).collect();
    while ways.len() > 1 && ways.last() == Some(&0) {
        ways.pop();
    }
    Ok(Odds {
        ways,
        total: 6u128.pow(na + nd),
    })
}

#[cfg(test)]
mod tests;
