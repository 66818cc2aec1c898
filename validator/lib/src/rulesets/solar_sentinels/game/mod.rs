//! One whole game of Solar Sentinels played by a documented policy (docs/simulation.md): the
//! round (activation, Strategy steps, the Resolve steps in order, the cleanup discard), the
//! endgame with its boss and entourage, missions in order, items, and the loss below 1 Health.
//! Plain data in (a [`Table`] and a generator), a [`GameRecord`] out.

pub mod against_best;
pub(crate) mod legal;
pub(crate) mod play;
pub(crate) mod policy;
pub mod rules;
pub(crate) mod state;
#[cfg(test)]
mod tests;

use megahex_schema::rulesets::solar_sentinels::{Condition, Handicap, Reward, Scenario};

use super::deck::DiceBox;
use rules::CardRules;

pub(crate) use play::play_game;
pub(crate) use policy::Searches;

/// A conflict card or boss, ready for play.
#[derive(Debug, Clone)]
pub struct EnemyCard {
    /// Its id, for reports.
    pub id: String,
    /// 1 or 2; bosses are 3.
    pub level: u8,
    /// Damage that defeats it in one round.
    pub health: u32,
    /// Health the hero loses while it stands undefeated.
    pub damage: u32,
    /// Cards activated with it.
    pub additional: u32,
    /// Must be activated while on top.
    pub mandatory: bool,
    /// A boss's entourage.
    pub entourage: u32,
    /// Its effects, read.
    pub rules: CardRules,
    /// What defeating it gives.
    pub reward: Option<Reward>,
}

/// Level given to bosses, which are a level of their own.
pub const BOSS_LEVEL: u8 = 3;

/// A deck read once for many games.
#[derive(Debug, Clone)]
pub struct Table {
    /// Conflict cards, then bosses.
    pub cards: Vec<EnemyCard>,
    /// How many of `cards` are conflict cards.
    pub conflict: usize,
    /// The deck's dice.
    pub dice: DiceBox,
    /// Cards a stack.
    pub stack_size: usize,
    /// Mission conditions, by mission.
    pub missions: Vec<Condition>,
    /// Fixed stacks, top first, as card indices.
    pub stacks: Option<[Vec<usize>; 3]>,
    /// Fixed boss order, top first, as card indices.
    pub bosses: Vec<usize>,
    /// Fixed missions drawn and kept, as mission indices.
    pub kept_missions: Option<Vec<usize>>,
    /// The setup's handicaps.
    pub handicaps: Vec<Handicap>,
}

impl Table {
    /// Reads a deck that passed its checks.
    pub fn new(deck: &Scenario) -> Table {
        let mut cards: Vec<EnemyCard> = deck
            .conflict
            .iter()
            .map(|c| EnemyCard {
                id: c.id.clone(),
                level: c.level,
                health: c.health,
                damage: c.damage,
                additional: c.additional_enemies,
                mandatory: c.mandatory,
                entourage: 0,
                rules: CardRules::of(&c.effects),
                reward: c.reward.clone(),
            })
            .collect();
        let conflict = cards.len();
        cards.extend(deck.bosses.iter().map(|b| EnemyCard {
            id: b.id.clone(),
            level: BOSS_LEVEL,
            health: b.health,
            damage: b.damage,
            additional: 0,
            mandatory: false,
            entourage: b.entourage,
            rules: CardRules::of(&b.effects),
            reward: None,
        }));
        let card_index = |id: &String| deck.conflict.iter().position(|c| &c.id == id);
        let stacks = deck.setup.stacks.as_ref().map(|stacks| {
            let mut fixed: [Vec<usize>; 3] = Default::default();
            for (slot, stack) in fixed.iter_mut().zip(stacks) {
                *slot = stack.iter().filter_map(card_index).collect();
            }
            fixed
        });
        let bosses = deck
            .setup
            .bosses
            .iter()
            .filter_map(|id| deck.bosses.iter().position(|b| &b.id == id))
            .map(|b| conflict + b)
            .collect();
        let mission_index = |id: &String| deck.missions.iter().position(|m| &m.id == id);
        Table {
            cards,
            conflict,
            dice: DiceBox::of(deck),
            stack_size: deck.components.stack_size as usize,
            missions: deck.missions.iter().map(|m| m.condition.clone()).collect(),
            stacks,
            bosses,
            kept_missions: deck
                .setup
                .missions
                .as_ref()
                .map(|m| m.kept.iter().filter_map(mission_index).collect()),
            handicaps: deck.setup.handicaps.clone(),
        }
    }

    /// Effect kinds no game plays, with how many cards have each.
    pub fn skipped_effects(&self) -> Vec<(&'static str, u32)> {
        let mut counts: std::collections::BTreeMap<&'static str, u32> = Default::default();
        for card in &self.cards {
            for kind in &card.rules.skipped {
                *counts.entry(kind).or_default() += 1;
            }
        }
        counts.into_iter().collect()
    }
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ending {
    /// The boss was defeated.
    Won,
    /// Health fell below 1 in the Suffer Damage step: the card whose damage did it.
    Damage(usize),
    /// Health fell below 1 to a card's effect.
    Effect(usize),
    /// No end within the round cap.
    Stalled,
}

/// What one card did in one game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CardTally {
    /// Times activated.
    pub activated: u32,
    /// Times defeated.
    pub defeated: u32,
    /// Health the hero lost to it.
    pub damage: u32,
}

/// One game's result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// How it ended.
    pub ending: Ending,
    /// Rounds played.
    pub rounds: u32,
    /// The boss faced, as a card index.
    pub boss: Option<usize>,
    /// Per card, indexed like [`Table::cards`].
    pub cards: Vec<CardTally>,
    /// Missions completed.
    pub missions_completed: u32,
    /// Rolls assigned, and how many of them by the exact advisor (docs/simulation.md).
    pub assigned: (u32, u32),
}

/// Rounds after which a game counts as stalled.
pub const ROUND_CAP: u32 = 200;
