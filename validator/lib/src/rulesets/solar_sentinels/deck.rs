//! What a deck file sets up before the first round: its dice, the hero, and the cards by id.
//! Shared by the checks, the simulation and the replay, so each reads the deck one way.

use megahex_schema::rulesets::solar_sentinels::{DieColour, Face, Handicap, Hero, Scenario};

use super::dice::{Colour, DieFaces, Pool};

impl From<DieColour> for Colour {
    fn from(colour: DieColour) -> Colour {
        match colour {
            DieColour::Yellow => Colour::Yellow,
            DieColour::Green => Colour::Green,
            DieColour::Blue => Colour::Blue,
            DieColour::Purple => Colour::Purple,
            DieColour::Red => Colour::Red,
        }
    }
}

/// Missions a difficulty rank draws: three more than the rank (4 at rank 1, 9 at rank 6).
pub fn missions_drawn(rank: u32) -> usize {
    rank as usize + 3
}

/// Missions a rank keeps: all it draws but the one discarded.
pub fn missions_kept(rank: u32) -> usize {
    missions_drawn(rank) - 1
}

/// The deck's unit dice: how many of each colour and their faces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiceBox {
    /// Dice of each colour.
    pub pool: Pool,
    /// The faces of each colour's dice, in [`Colour::ALL`] order.
    pub faces: [DieFaces; 5],
}

impl DiceBox {
    /// The box's dice with the deck's changes.
    pub fn of(deck: &Scenario) -> DiceBox {
        let mut pool = Pool::whole_box();
        let mut faces = Colour::ALL.map(Colour::faces);
        for colour in DieColour::ALL {
            let Some(set) = deck.dice.of(colour) else {
                continue;
            };
            let at = Colour::from(colour) as usize;
            if let Some(count) = set.count {
                pool.0[at] = count;
            }
            if let Some(list) = &set.faces {
                let count = |face| list.iter().filter(|f| **f == face).count() as u32;
                faces[at] = DieFaces {
                    miss: count(Face::Miss),
                    hit: count(Face::Hit),
                    crit: count(Face::Crit),
                };
            }
        }
        DiceBox { pool, faces }
    }

    /// The faces of one colour.
    pub fn faces(&self, colour: Colour) -> DieFaces {
        self.faces[colour as usize]
    }
}

/// The hero the setup names, if the deck has it.
pub fn hero(deck: &Scenario) -> Option<&Hero> {
    deck.heroes.iter().find(|h| h.id == deck.setup.hero)
}

/// The dice a game starts with once the rank's handicaps are paid: `(pool, exhausted)`. A
/// banished die leaves the game; an exhausted one waits in the exhausted area. A handicap
/// asking for a die the pool no longer has takes nothing (the checks report it).
pub fn after_handicaps(mut pool: Pool, handicaps: &[Handicap]) -> (Pool, Pool) {
    let mut exhausted = Pool::default();
    for handicap in handicaps {
        let (colours, exhaust) = match handicap {
            Handicap::Banish(colour) => (std::slice::from_ref(colour), false),
            Handicap::Exhaust(colours) => (colours.as_slice(), true),
        };
        for colour in colours {
            let at = Colour::from(*colour) as usize;
            if pool.0[at] > 0 {
                pool.0[at] -= 1;
                exhausted.0[at] += u32::from(exhaust);
            }
        }
    }
    (pool, exhausted)
}

/// The handicap of a rank the setup gives none for: exhaust the three weakest dice left in
/// `pool`, or, with fewer than three left, banish the weakest.
pub fn weakest_handicap(pool: &Pool) -> Handicap {
    let weakest: Vec<DieColour> = DieColour::ALL
        .into_iter()
        .flat_map(|c| std::iter::repeat_n(c, pool.count(c.into()) as usize))
        .take(3)
        .collect();
    match weakest.len() {
        3 => Handicap::Exhaust(weakest),
        _ => Handicap::Banish(weakest.first().copied().unwrap_or(DieColour::Yellow)),
    }
}
