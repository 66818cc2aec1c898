//! A weapon's damage: a fixed number (`3`) or a dice code (`1d6`, `2d4+1`, `d8-1`).

use std::fmt;
use std::str::FromStr;

/// Most dice in one code, and most sides on one die: far beyond any weapon, and small enough
/// that every distribution counts its outcomes exactly in 128 bits.
pub const MAX_DICE: u32 = 10;
/// See [`MAX_DICE`].
pub const MAX_SIDES: u32 = 100;

/// A weapon's damage before the attacker's bonus and the target's soak.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Damage {
    /// Always this much.
    Fixed(u32),
    /// The sum of `count` dice of `sides` sides, plus `plus` (which may be negative).
    Dice {
        /// How many dice.
        count: u32,
        /// Sides on each die.
        sides: u32,
        /// Added to the sum.
        plus: i32,
    },
}

/// A damage text that is not a number or a dice code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DamageError(String);

impl fmt::Display for DamageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DamageError {}

impl FromStr for Damage {
    type Err = DamageError;

    fn from_str(text: &str) -> Result<Damage, DamageError> {
        let text = text.trim();
        let bad = || {
            DamageError(format!(
                "`{text}` is not a damage: write a number (3) or a dice code (1d6, 2d4+1)"
            ))
        };
        let Some((count, rest)) = text.split_once(['d', 'D']) else {
            return text.parse().map(Damage::Fixed).map_err(|_| bad());
        };
        let count: u32 = if count.is_empty() {
            1
        } else {
            count.parse().map_err(|_| bad())?
        };
        let (sides, plus) = match rest.find(['+', '-']) {
            Some(at) => (&rest[..at], rest[at..].parse::<i32>().map_err(|_| bad())?),
            None => (rest, 0),
        };
        let sides: u32 = sides.parse().map_err(|_| bad())?;
        if !(1..=MAX_DICE).contains(&count) || !(1..=MAX_SIDES).contains(&sides) {
            return Err(DamageError(format!(
                "`{text}`: a dice code takes 1 to {MAX_DICE} dice of 1 to {MAX_SIDES} sides"
            )));
        }
        Ok(Damage::Dice { count, sides, plus })
    }
}

impl fmt::Display for Damage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Damage::Fixed(n) => write!(f, "{n}"),
            Damage::Dice { count, sides, plus } => {
                write!(f, "{count}d{sides}")?;
                match plus {
                    0 => Ok(()),
                    p if p > 0 => write!(f, "+{p}"),
                    p => write!(f, "{p}"),
                }
            }
        }
    }
}

impl Damage {
    /// The damage a scenario file writes (the schema's pattern already holds the limits).
    pub fn from_schema(
        written: &megahex_schema::rulesets::hex_skirmish::Damage,
    ) -> Result<Damage, DamageError> {
        match written {
            megahex_schema::rulesets::hex_skirmish::Damage::Fixed(n) => Ok(Damage::Fixed(*n)),
            megahex_schema::rulesets::hex_skirmish::Damage::Dice(code) => code.parse(),
        }
    }

    /// The dice's total a script may roll: from `count` to `count * sides` (for a fixed
    /// damage, none is rolled).
    pub fn dice_range(&self) -> Option<(u32, u32)> {
        match *self {
            Damage::Fixed(_) => None,
            Damage::Dice { count, sides, .. } => Some((count, count * sides)),
        }
    }

    /// The damage from a dice total (ignored for a fixed damage), before bonus and soak, never
    /// below 0.
    pub fn with_total(&self, total: u32) -> u32 {
        match *self {
            Damage::Fixed(n) => n,
            Damage::Dice { plus, .. } => (i64::from(total) + i64::from(plus)).max(0) as u32,
        }
    }

    /// Every value with the number of equally likely outcomes that give it, smallest value
    /// first, and the number of outcomes in all (`sides^count`).
    pub fn distribution(&self) -> (Vec<(i64, u128)>, u128) {
        match *self {
            Damage::Fixed(n) => (vec![(i64::from(n), 1)], 1),
            Damage::Dice { count, sides, plus } => {
                // ways[s] = ways for the dice to sum to s + count (the smallest sum).
                let mut ways: Vec<u128> = vec![1];
                for _ in 0..count {
                    let mut next = vec![0u128; ways.len() + sides as usize - 1];
                    for (s, &w) in ways.iter().enumerate() {
                        for face in 0..sides as usize {
                            next[s + face] += w;
                        }
                    }
                    ways = next;
                }
                let total = u128::from(sides).pow(count);
                let lowest = i64::from(count) + i64::from(plus);
                let values = ways
                    .into_iter()
                    .enumerate()
                    .map(|(s, w)| (lowest + s as i64, w))
                    .collect();
                (values, total)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_as_written() {
        assert_eq!("3".parse(), Ok(Damage::Fixed(3)));
        assert_eq!(
            "2d4+1".parse(),
            Ok(Damage::Dice {
                count: 2,
                sides: 4,
                plus: 1
            })
        );
        assert_eq!(
            "d8-1".parse(),
            Ok(Damage::Dice {
                count: 1,
                sides: 8,
                plus: -1
            })
        );
        for bad in [
            "", "x", "2d", "d", "1d6+", "0d6", "11d6", "1d0", "-1", "1d6*2",
        ] {
            assert!(bad.parse::<Damage>().is_err(), "{bad:?}");
        }
        assert_eq!("2D4+1".parse::<Damage>().unwrap().to_string(), "2d4+1");
    }

    #[test]
    fn two_d4_plus_one_has_the_triangle_by_hand() {
        // Two four-sided dice sum to 2..8 in 1, 2, 3, 4, 3, 2, 1 of 16 ways; +1 moves it up.
        let (values, total) = "2d4+1".parse::<Damage>().unwrap().distribution();
        assert_eq!(total, 16);
        assert_eq!(
            values,
            vec![(3, 1), (4, 2), (5, 3), (6, 4), (7, 3), (8, 2), (9, 1)]
        );
    }
}
