//! The unit dice: five colours of d6, each with one crit face (2 damage), some hit faces (1)
//! and the rest misses (0), as `../shared/reference/solar-sentinels.md` settles the seeds'
//! tables; and the exact damage distribution of any pool of them rolled together.

use crate::odds::Odds;

/// A unit die's colour, weakest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Four misses, one hit, one crit.
    Yellow,
    /// Three misses, two hits, one crit.
    Green,
    /// Two misses, three hits, one crit.
    Blue,
    /// One miss, four hits, one crit.
    Purple,
    /// Five hits and one crit: never misses.
    Red,
}

impl Colour {
    /// Every colour, weakest first: the order a pool lists its counts in.
    pub const ALL: [Colour; 5] = [
        Colour::Yellow,
        Colour::Green,
        Colour::Blue,
        Colour::Purple,
        Colour::Red,
    ];

    /// The name written in files and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Yellow => "yellow",
            Colour::Green => "green",
            Colour::Blue => "blue",
            Colour::Purple => "purple",
            Colour::Red => "red",
        }
    }

    /// The colour of a name, if it is one.
    pub fn from_name(name: &str) -> Option<Colour> {
        Colour::ALL.into_iter().find(|c| c.name() == name)
    }

    /// The faces of the game's own die of this colour.
    pub fn faces(self) -> DieFaces {
        let misses = match self {
            Colour::Yellow => 4,
            Colour::Green => 3,
            Colour::Blue => 2,
            Colour::Purple => 1,
            Colour::Red => 0,
        };
        DieFaces {
            miss: misses,
            hit: 5 - misses,
            crit: 1,
        }
    }

    /// How many of this colour the game has: four of each, one red.
    pub fn in_the_box(self) -> u32 {
        match self {
            Colour::Red => 1,
            _ => 4,
        }
    }
}

/// A die's six faces by what they deal: misses 0, hits 1, crits 2.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DieFaces {
    /// Faces that deal nothing.
    pub miss: u32,
    /// Faces that deal 1.
    pub hit: u32,
    /// Faces that deal 2.
    pub crit: u32,
}

impl DieFaces {
    /// All the faces.
    pub fn sides(&self) -> u32 {
        self.miss + self.hit + self.crit
    }
}

/// Dice by colour, in [`Colour::ALL`] order.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Pool(pub [u32; 5]);

/// Most dice of one colour a pool may hold: far beyond the box, small enough that the count of
/// outcomes (6 to the number of dice) stays exact.
pub const MAX_DICE_PER_COLOUR: u32 = 8;

/// A pool that cannot be rolled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PoolError(pub String);

impl std::fmt::Display for PoolError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PoolError {}

impl Pool {
    /// Every die in the box: four of each colour and the red one.
    pub fn whole_box() -> Pool {
        Pool(Colour::ALL.map(Colour::in_the_box))
    }

    /// How many dice of a colour.
    pub fn count(&self, colour: Colour) -> u32 {
        self.0[colour as usize]
    }

    /// All its dice.
    pub fn len(&self) -> u32 {
        self.0.iter().sum()
    }

    /// Its dice one by one, the strongest colour first: the order to commit them in when fewer
    /// dice should do.
    pub fn strongest_first(&self) -> Vec<Colour> {
        Colour::ALL
            .into_iter()
            .rev()
            .flat_map(|c| std::iter::repeat_n(c, self.count(c) as usize))
            .collect()
    }

    /// The `k` strongest dice of the pool, as a pool of their own.
    pub fn strongest(&self, k: usize) -> Pool {
        let mut taken = Pool::default();
        for colour in self.strongest_first().into_iter().take(k) {
            taken.0[colour as usize] += 1;
        }
        taken
    }

    /// True for a pool with no dice.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Reads `yellow=2,red=1` (colours left out count 0; a colour at most once).
    pub fn parse(text: &str) -> Result<Pool, PoolError> {
        let mut pool = Pool::default();
        let mut seen = Vec::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let bad = || {
                PoolError(format!(
                    "`{part}` is not COLOUR=N: write for example yellow=2,red=1 (colours: yellow, green, blue, purple, red)"
                ))
            };
            let (name, count) = part.split_once('=').ok_or_else(bad)?;
            let colour = Colour::from_name(name.trim()).ok_or_else(bad)?;
            let count: u32 = count.trim().parse().map_err(|_| bad())?;
            if seen.contains(&colour) {
                return Err(PoolError(format!("{} is given twice", colour.name())));
            }
            if count > MAX_DICE_PER_COLOUR {
                return Err(PoolError(format!(
                    "{count} {} dice: a pool takes at most {MAX_DICE_PER_COLOUR} of a colour",
                    colour.name()
                )));
            }
            seen.push(colour);
            pool.0[colour as usize] = count;
        }
        Ok(pool)
    }
}

impl std::fmt::Display for Pool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts: Vec<String> = Colour::ALL
            .into_iter()
            .filter(|c| self.count(*c) > 0)
            .map(|c| format!("{} {}", self.count(c), c.name()))
            .collect();
        match parts.is_empty() {
            true => f.write_str("no dice"),
            false => f.write_str(&parts.join(", ")),
        }
    }
}

/// The exact damage distribution of `pool` rolled together, each colour with `faces`: the
/// convolution of the dice's own distributions, counted in the 6^n equally likely rolls.
pub fn pool_odds(pool: &Pool, faces: impl Fn(Colour) -> DieFaces) -> Odds {
    pool_odds_dealing(pool, faces, &[[0, 1, 2]; 5])
}

/// [`pool_odds`] with what each face deals changed: by colour in [`Colour::ALL`] order, what a
/// miss, a hit and a crit deal (a hero's ability, a card's effects; 0 for a colour a card takes
/// none of).
pub fn pool_odds_dealing(
    pool: &Pool,
    faces: impl Fn(Colour) -> DieFaces,
    dealt: &[[u32; 3]; 5],
) -> Odds {
    let mut ways: Vec<u128> = vec![1];
    let mut total: u128 = 1;
    for colour in Colour::ALL {
        let die = faces(colour);
        let [miss, hit, crit] = dealt[colour as usize].map(|d| d as usize);
        let most = miss.max(hit).max(crit);
        for _ in 0..pool.count(colour) {
            let mut next = vec![0u128; ways.len() + most];
            for (damage, &w) in ways.iter().enumerate() {
                next[damage + miss] += w * u128::from(die.miss);
                next[damage + hit] += w * u128::from(die.hit);
                next[damage + crit] += w * u128::from(die.crit);
            }
            ways = next;
            total *= u128::from(die.sides());
        }
    }
    while ways.len() > 1 && ways.last() == Some(&0) {
        ways.pop();
    }
    Odds { ways, total }
}

/// The chance `odds` deals at least `health`.
pub fn at_least(odds: &Odds, health: u32) -> f64 {
    let from = usize::try_from(health).unwrap_or(usize::MAX);
    let ways: u128 = odds.ways.iter().skip(from).sum();
    ways as f64 / odds.total as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(colour: Colour) -> Pool {
        let mut pool = Pool::default();
        pool.0[colour as usize] = 1;
        pool
    }

    #[test]
    fn each_colour_is_the_reference_table() {
        // miss / hit / crit faces, from the reference page's table.
        let table = [
            (Colour::Yellow, [4, 1, 1]),
            (Colour::Green, [3, 2, 1]),
            (Colour::Blue, [2, 3, 1]),
            (Colour::Purple, [1, 4, 1]),
            (Colour::Red, [0, 5, 1]),
        ];
        for (colour, [miss, hit, crit]) in table {
            let odds = pool_odds(&one(colour), Colour::faces);
            assert_eq!(odds.total, 6);
            assert_eq!(odds.ways, vec![miss, hit, crit], "{colour:?}");
        }
    }

    #[test]
    fn the_means_are_the_reference_pages() {
        // E[damage] per colour: 1/2, 2/3, 5/6, 1, 7/6; the 17 dice together 79/6.
        let means = [1.0 / 2.0, 2.0 / 3.0, 5.0 / 6.0, 1.0, 7.0 / 6.0];
        for (colour, mean) in Colour::ALL.into_iter().zip(means) {
            let odds = pool_odds(&one(colour), Colour::faces);
            assert!((odds.expected() - mean).abs() < 1e-12, "{colour:?}");
        }
        let all = pool_odds(&Pool::whole_box(), Colour::faces);
        assert_eq!(all.total, 6u128.pow(17));
        assert!((all.expected() - 79.0 / 6.0).abs() < 1e-9);
        // The red die never misses, so the whole box deals at least 1; at most 2 a die.
        assert_eq!(all.ways[0], 0);
        assert_eq!(all.ways.len(), 35);
    }

    /// Every face of every die, one roll at a time: the damage of each of the 6^n rolls.
    fn brute_force(pool: &Pool) -> Vec<u128> {
        brute_force_dealing(pool, &[[0, 1, 2]; 5])
    }

    /// The same, each face kind (miss, hit, crit) of each colour dealing `dealt`.
    fn brute_force_dealing(pool: &Pool, dealt: &[[u32; 3]; 5]) -> Vec<u128> {
        let dice: Vec<[u32; 6]> = Colour::ALL
            .into_iter()
            .flat_map(|c| {
                let f = c.faces();
                let mut faces = [0u32; 6];
                for (i, face) in faces.iter_mut().enumerate() {
                    let i = i as u32;
                    let kind = if i < f.miss {
                        0
                    } else if i < f.miss + f.hit {
                        1
                    } else {
                        2
                    };
                    *face = dealt[c as usize][kind];
                }
                std::iter::repeat_n(faces, pool.count(c) as usize)
            })
            .collect();
        let most: u32 = dealt.iter().flatten().copied().max().unwrap_or(0);
        let mut ways = vec![0u128; most as usize * dice.len() + 1];
        let rolls = 6usize.pow(dice.len() as u32);
        for mut roll in 0..rolls {
            let mut damage = 0;
            for die in &dice {
                damage += die[roll % 6];
                roll /= 6;
            }
            ways[damage as usize] += 1;
        }
        while ways.len() > 1 && ways.last() == Some(&0) {
            ways.pop();
        }
        ways
    }

    #[test]
    fn faces_that_deal_other_amounts_match_every_roll_counted_one_by_one() {
        // A crit worth 3 on every colour (a hero's ability), a card that takes no blue and whose
        // yellow misses deal 1 (a card's effects).
        let mut dealt = [[0, 1, 3]; 5];
        dealt[Colour::Blue as usize] = [0, 0, 0];
        dealt[Colour::Yellow as usize] = [1, 1, 3];
        for pool in [
            Pool([1, 1, 1, 1, 1]),
            Pool([2, 0, 2, 0, 1]),
            Pool([0, 0, 3, 0, 0]),
        ] {
            let odds = pool_odds_dealing(&pool, Colour::faces, &dealt);
            assert_eq!(odds.ways, brute_force_dealing(&pool, &dealt), "{pool}");
            assert_eq!(odds.total, 6u128.pow(pool.len()));
        }
    }

    #[test]
    fn pools_match_every_roll_counted_one_by_one() {
        for pool in [
            Pool([1, 1, 1, 1, 1]),
            Pool([2, 0, 1, 0, 1]),
            Pool([0, 3, 0, 2, 0]),
            Pool([4, 0, 0, 0, 0]),
            Pool([1, 2, 2, 1, 0]),
        ] {
            let mut expected = brute_force(&pool);
            while expected.len() > 1 && expected.last() == Some(&0) {
                expected.pop();
            }
            let odds = pool_odds(&pool, Colour::faces);
            assert_eq!(odds.ways, expected, "{pool}");
            assert_eq!(odds.total, 6u128.pow(pool.len()));
        }
    }

    #[test]
    fn at_least_counts_the_tail() {
        // One yellow: 1 or more on 2 faces of 6, 2 on 1 face.
        let odds = pool_odds(&one(Colour::Yellow), Colour::faces);
        assert_eq!(at_least(&odds, 0), 1.0);
        assert!((at_least(&odds, 1) - 2.0 / 6.0).abs() < 1e-12);
        assert!((at_least(&odds, 2) - 1.0 / 6.0).abs() < 1e-12);
        assert_eq!(at_least(&odds, 3), 0.0);
    }

    #[test]
    fn pools_are_read_and_refused_with_the_reason() {
        assert_eq!(Pool::parse("yellow=2,red=1"), Ok(Pool([2, 0, 0, 0, 1])));
        assert_eq!(Pool::parse(" blue = 3 "), Ok(Pool([0, 0, 3, 0, 0])));
        assert!(Pool::parse("orange=1").unwrap_err().0.contains("orange=1"));
        assert!(Pool::parse("red=1,red=1").unwrap_err().0.contains("twice"));
        assert!(Pool::parse("red=99").unwrap_err().0.contains("at most"));
        assert_eq!(Pool([2, 0, 0, 0, 1]).to_string(), "2 yellow, 1 red");
    }
}
