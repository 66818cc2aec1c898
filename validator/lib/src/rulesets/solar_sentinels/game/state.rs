//! A game in progress: the hero's stats, the dice in each area, the stacks, the active
//! enemies and the missions.

use megahex_schema::rulesets::solar_sentinels::{Face, ItemUse, Power};

use super::super::dice::{Colour, Pool};
use super::rules::FaceTable;
use super::{CardTally, Table};

/// One rolled die in the active area.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Die {
    /// Its colour.
    pub colour: Colour,
    /// The face it shows.
    pub face: Face,
    /// The active enemy it is assigned to.
    pub on: Option<usize>,
}

/// An enemy in the active area.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Foe {
    /// Its card.
    pub card: usize,
    /// The stack it came from, for a card that returns.
    pub stack: Option<usize>,
    /// Damage on it this round.
    pub damage: u32,
    /// Damage on it this step.
    pub step_damage: u32,
    /// Dice assigned to it this round.
    pub dice: u32,
    /// Dice assigned to it from this roll.
    pub roll_dice: u32,
    /// Colours of the dice on it.
    pub colours: [bool; 5],
    /// By colour, the dice put on it this step that go on only in pairs (`hits-in-pairs`).
    pub step_paired: [u8; 5],
    /// Defeated this round.
    pub defeated: bool,
    /// Escaped.
    pub fled: bool,
}

impl Foe {
    pub fn new(card: usize, stack: Option<usize>) -> Foe {
        Foe {
            card,
            stack,
            damage: 0,
            step_damage: 0,
            dice: 0,
            roll_dice: 0,
            colours: [false; 5],
            step_paired: [0; 5],
            defeated: false,
            fled: false,
        }
    }

    /// Still to be fought this round.
    pub fn standing(&self) -> bool {
        !self.defeated && !self.fled
    }
}

/// Progress on the current mission.
#[derive(Debug, Clone, Default)]
pub struct Missions {
    /// Kept missions in order, as mission indices.
    pub kept: Vec<usize>,
    /// How many are complete; the next is the current one.
    pub done: usize,
    /// The current mission's counter.
    pub count: u32,
}

/// Everything about a game in progress.
#[derive(Debug, Clone)]
pub struct State {
    pub health: i64,
    pub start_health: i64,
    pub strategy: u32,
    pub recovery: u32,
    /// The inventory: each item's power and whether it is discarded once used.
    pub items: Vec<(ItemUse, Power)>,
    pub faces: FaceTable,
    pub pool: Pool,
    pub exhausted: Pool,
    /// Stacks with the top card last.
    pub stacks: [Vec<usize>; 3],
    pub discard: Vec<usize>,
    /// Boss deck, top last.
    pub boss_deck: Vec<usize>,
    pub revealed: Option<usize>,
    pub boss: Option<usize>,
    pub active: Vec<Foe>,
    pub dice: Vec<Die>,
    pub endgame: bool,
    pub missions: Missions,
    pub round: u32,
    pub extra_activation: bool,
    pub damaged_this_round: bool,
    pub defeats_this_round: u32,
    pub clean_rounds: u32,
    pub committed: u32,
    /// Hits of the last roll that crits put on a `crit-exhausts-hit` card exhaust: they are
    /// not rolled again.
    pub owed_hits: u32,
    /// Rolls assigned in the game, and how many of them by the exact advisor.
    pub assigned: (u32, u32),
    pub tally: Vec<CardTally>,
    /// Set when Health falls below 1: the card that did it, and whether by its damage.
    pub lost_to: Option<(usize, bool)>,
}

impl State {
    /// Takes `amount` Health, remembering the first card that took the hero below 1.
    pub fn hurt(&mut self, card: usize, amount: u32, by_damage: bool) {
        if amount == 0 {
            return;
        }
        self.health -= i64::from(amount);
        self.damaged_this_round = true;
        self.tally[card].damage += amount;
        if self.health < 1 && self.lost_to.is_none() {
            self.lost_to = Some((card, by_damage));
        }
    }

    /// The strongest colour with a die in `pool`.
    pub fn strongest(pool: &Pool) -> Option<Colour> {
        Colour::ALL.into_iter().rev().find(|c| pool.count(*c) > 0)
    }

    /// Moves up to `n` dice from the exhausted area to the pool, strongest first.
    pub fn recover(&mut self, n: u32) {
        for _ in 0..n {
            let Some(colour) = State::strongest(&self.exhausted) else {
                return;
            };
            self.exhausted.0[colour as usize] -= 1;
            self.pool.0[colour as usize] += 1;
        }
    }

    /// Cards left in all stacks.
    pub fn cards_left(&self) -> usize {
        self.stacks.iter().map(Vec::len).sum()
    }

    /// The card on top of a stack.
    pub fn top(&self, stack: usize) -> Option<usize> {
        self.stacks[stack].last().copied()
    }

    /// True when a mandatory enemy is on top of some stack.
    pub fn mandatory_on_top(&self, table: &Table) -> bool {
        (0..3).any(|s| self.top(s).is_some_and(|c| table.cards[c].mandatory))
    }
}
