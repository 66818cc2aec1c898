//! The `solar-sentinels` ruleset's scenario body (seeds 001-003): a deck and setup file for a
//! solo dice-and-card game with no map. The deck lists heroes, conflict cards, bosses and
//! missions; the setup picks the hero, the rank and, optionally, a fixed order.

pub mod assertions;
pub mod cards;
pub mod effects;
pub mod playtest;
pub mod setup;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use cards::{
    Ability, Boss, Condition, ConflictCard, Hero, ItemUse, Level, Mission, Power, Reward,
};
pub use effects::{
    AssignScope, BanScope, CommitScope, DieColour, Effect, Face, HealthLoss, Rule, Timing,
};
pub use playtest::{
    Assignments, DiceCount, ItemOn, PlaytestRound, PlaytestStep, RolledDie, UsedItem,
};
pub use setup::{Components, Dice, DieSet, Handicap, MissionDraw, Setup};

use crate::header::FORMAT_VERSION;

crate::header::ruleset_tag!("solar-sentinels");

/// A small complete deck for the schema's `examples`: one card a stack, as `components` says.
pub(crate) fn scenario_example() -> serde_json::Value {
    serde_json::json!({
        "format": 1,
        "ruleset": "solar-sentinels",
        "title": "Three Drones and a Queen",
        "components": {"stack-size": 1, "bosses": 1, "missions": 0},
        "heroes": [
            {"id": "flare", "health": 20, "strategy": 2, "recovery": 3},
            {"id": "glint", "health": 16, "strategy": 3, "recovery": 2}
        ],
        "conflict": [
            {"id": "drone-a", "level": 1, "health": 3, "damage": 2},
            {"id": "drone-b", "level": 1, "health": 4, "damage": 2,
             "effects": [{"during": {"commit-limit": {"max": 4}}}]},
            {"id": "warden", "level": 2, "health": 6, "damage": 3, "mandatory": true,
             "reward": {"heal": 2}}
        ],
        "bosses": [
            {"id": "queen", "health": 12, "damage": 4, "entourage": 1,
             "effects": [{"during": "shielded-while-enemies"}]}
        ],
        "setup": {"hero": "flare", "seed": 7}
    })
}

/// A Solar Sentinels deck and setup.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
#[schemars(
    rename = "SolarSentinelsScenario",
    title = "Solar Sentinels deck",
    description = "A 20 Strong: Solar Sentinels deck and setup: heroes, conflict cards, bosses, missions, the dice, and the game to set up.",
    example = scenario_example()
)]
pub struct Scenario {
    /// Schema URL or path for editors that read it from a key instead of the modeline comment.
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    /// File format version. This version of Megahex reads format 1.
    #[schemars(range(min = 1, max = FORMAT_VERSION), example = 1)]
    pub format: u32,
    /// Which game's rules apply.
    #[schemars(schema_with = "crate::header::ruleset_schema")]
    pub ruleset: RulesetTag,
    /// Deck title, shown in the editor and reports.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Free text for players: the story and setup notes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// A catalog file: Solar Sentinels has no catalog, so the file is not read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub catalog: Option<String>,
    /// How many components the deck is built for, where it differs from the box (three
    /// stacks of 15 conflict cards, 4 bosses, 12 missions).
    #[serde(default, skip_serializing_if = "Components::is_default")]
    pub components: Components,
    /// The unit dice, where the deck changes the box's.
    #[serde(default, skip_serializing_if = "Dice::is_default")]
    pub dice: Dice,
    /// The heroes: two a double-sided hero card.
    pub heroes: Vec<Hero>,
    /// The conflict cards of the three stacks.
    pub conflict: Vec<ConflictCard>,
    /// The boss cards.
    pub bosses: Vec<Boss>,
    /// The mission cards.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub missions: Vec<Mission>,
    /// The game to set up.
    pub setup: Setup,
    /// A recorded game, round by round, replayed under the rules by `megahex validate`: the
    /// first step the rules do not allow is reported. Needs a fixed `setup.stacks`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub playtest: Vec<PlaytestRound>,
    /// Claims the deck makes about itself (how often the player wins), checked by
    /// `megahex validate`: a false one is an `assertion-failed` error at its line.
    #[serde(rename = "assert", default, skip_serializing_if = "Vec::is_empty")]
    pub assertions: Vec<assertions::Assertion>,
}

impl Scenario {
    /// Every effect of every card, with where it is: `(pointer, effect)`.
    pub fn effects(&self) -> impl Iterator<Item = (String, &Effect)> {
        let cards = self.conflict.iter().enumerate().flat_map(|(i, card)| {
            card.effects
                .iter()
                .enumerate()
                .map(move |(j, e)| (format!("/conflict/{i}/effects/{j}"), e))
        });
        let bosses = self.bosses.iter().enumerate().flat_map(|(i, boss)| {
            boss.effects
                .iter()
                .enumerate()
                .map(move |(j, e)| (format!("/bosses/{i}/effects/{j}"), e))
        });
        let heroes = self.heroes.iter().enumerate().filter_map(|(i, hero)| {
            hero.ability
                .as_ref()
                .map(|a| (format!("/heroes/{i}/ability/effect"), &a.effect))
        });
        cards.chain(bosses).chain(heroes)
    }
}
