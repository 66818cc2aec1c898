//! The cards of a deck: heroes, conflict cards, bosses and missions, with their rewards and
//! mission conditions.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::effects::{DieColour, Effect};
use crate::header::id_schema;
use crate::limits::{MAX_COUNT, MAX_HEALTH, MAX_ROUNDS};

/// Most Strategy a hero may have: each step is a commit, a roll and an assign.
pub const MAX_STRATEGY: u32 = 6;
/// Most dice a hero may recover in one round: the whole box.
pub const MAX_RECOVERY: u32 = 17;

/// A hero: one side of a double-sided hero card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Hero {
    /// Unique id, used by `setup.hero`.
    #[schemars(schema_with = "id_schema")]
    pub id: String,
    /// Name shown to players.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Starting Health; the game is lost when it falls below 1.
    #[schemars(range(min = 1, max = MAX_HEALTH))]
    pub health: u32,
    /// Starting Strategy: Strategy steps each round, and item capacity.
    #[schemars(range(min = 1, max = MAX_STRATEGY))]
    pub strategy: u32,
    /// Starting Recovery: dice returned from the exhausted area each round.
    #[schemars(range(min = 0, max = MAX_RECOVERY))]
    pub recovery: u32,
    /// The hero's ability.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ability: Option<Ability>,
}

/// A hero's ability: a name for players and what it does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Ability {
    /// Name shown to players.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// What it does, with its timing.
    pub effect: Effect,
}

/// An enemy's level: 1 or 2 (bosses are a level of their own).
pub type Level = u8;

/// A conflict card: one enemy in the three stacks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct ConflictCard {
    /// Unique id, used by `setup.stacks` and playtests.
    #[schemars(schema_with = "id_schema")]
    pub id: String,
    /// Name shown to players.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Level 1 or 2, which some effects and rewards name.
    #[schemars(range(min = 1, max = 2))]
    pub level: Level,
    /// Damage needed to defeat it in one round.
    #[schemars(range(min = 1, max = MAX_HEALTH))]
    pub health: u32,
    /// Health the hero loses if it is undefeated in the Resolve phase.
    #[schemars(range(min = 0, max = MAX_HEALTH))]
    pub damage: u32,
    /// Cards activated with it (the +skull icon).
    #[serde(default, skip_serializing_if = "is_zero")]
    #[schemars(range(min = 0, max = 5))]
    pub additional_enemies: u32,
    /// Orange-bordered: while one is on top of a stack, one of them must be activated.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub mandatory: bool,
    /// Its effects, each with its timing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
    /// What defeating it gives.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reward: Option<Reward>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A boss: fought in the endgame, with its entourage.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Boss {
    /// Unique id.
    #[schemars(schema_with = "id_schema")]
    pub id: String,
    /// Name shown to players.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Damage needed to defeat it in one round.
    #[schemars(range(min = 1, max = MAX_HEALTH))]
    pub health: u32,
    /// Health the hero loses each round it stands undefeated.
    #[schemars(range(min = 0, max = MAX_HEALTH))]
    pub damage: u32,
    /// Enemies activated with it from the stacks (mandatory ones first).
    #[schemars(range(min = 0, max = 9))]
    pub entourage: u32,
    /// Its effects, each with its timing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
}

/// What defeating a conflict card gives.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(
    rename_all = "kebab-case",
    rename_all_fields = "kebab-case",
    deny_unknown_fields
)]
pub enum Reward {
    /// Gain this much Health at once.
    Heal(#[schemars(range(min = 1, max = 20))] u32),
    /// Strategy goes up by this much at once.
    Strategy(#[schemars(range(min = 1, max = 3))] u32),
    /// Recovery goes up by this much at once.
    Recovery(#[schemars(range(min = 1, max = 3))] u32),
    /// Return this many dice from the exhausted area to the pool at once.
    RecoverDice(#[schemars(range(min = 1, max = 17))] u32),
    /// An item for the inventory (which holds as many as the hero's Strategy).
    Item {
        /// Used once and discarded, or kept until the end.
        #[serde(rename = "use")]
        use_: ItemUse,
        /// What using it does.
        power: Power,
    },
    /// A reward the vocabulary cannot express: validated, never simulated.
    Text(String),
}

/// How long an item lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ItemUse {
    /// Used once for its benefit, then discarded.
    Single,
    /// Stays in effect until discarded or the game ends.
    Ongoing,
}

/// What an item does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(
    rename_all = "kebab-case",
    rename_all_fields = "kebab-case",
    deny_unknown_fields
)]
pub enum Power {
    /// Defeat one active enemy of these levels by exhausting this many dice from the pool.
    DefeatByExhausting {
        /// Dice to exhaust.
        #[schemars(range(min = 1, max = 17))]
        dice: u32,
        /// The levels it works on (default 1 and 2).
        #[serde(default = "both_levels")]
        #[schemars(length(min = 1, max = 2), inner(range(min = 1, max = 2)))]
        levels: Vec<u8>,
    },
    /// One enemy's effects are cancelled for the round.
    CancelEffects,
    /// Look at the top boss card.
    PeekBoss,
    /// Roll this many unassigned dice again.
    Reroll(#[schemars(range(min = 1, max = 17))] u32),
    /// Gain this much Health.
    Heal(#[schemars(range(min = 1, max = 20))] u32),
    /// A power the vocabulary cannot express: validated, never simulated.
    Text(String),
}

fn both_levels() -> Vec<u8> {
    vec![1, 2]
}

/// A mission: completed one at a time, left to right, before the endgame.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Mission {
    /// Unique id, used by `setup.missions`.
    #[schemars(schema_with = "id_schema")]
    pub id: String,
    /// Name shown to players.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// What completes it, counted only while it is the current mission.
    pub condition: Condition,
    /// Whether the player may set it aside to move on (default true); a forfeited mission
    /// counts as incomplete in the endgame.
    #[serde(default = "yes", skip_serializing_if = "is_yes")]
    pub forfeit: bool,
}

fn yes() -> bool {
    true
}

fn is_yes(b: &bool) -> bool {
    *b
}

/// What completes a mission.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(
    rename_all = "kebab-case",
    rename_all_fields = "kebab-case",
    deny_unknown_fields
)]
pub enum Condition {
    /// Defeat this many enemies, of one level if `level` is given.
    DefeatEnemies {
        /// How many.
        #[schemars(range(min = 1, max = MAX_COUNT))]
        count: u32,
        /// Only enemies of this level count.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schemars(range(min = 1, max = 2))]
        level: Option<u8>,
    },
    /// Defeat this many enemies in one round.
    DefeatInOneRound(#[schemars(range(min = 1, max = 9))] u32),
    /// Defeat this many mandatory enemies.
    DefeatMandatory(#[schemars(range(min = 1, max = MAX_COUNT))] u32),
    /// Take no damage in this many rounds in a row.
    RoundsWithoutDamage(#[schemars(range(min = 1, max = MAX_ROUNDS))] u32),
    /// Assign this many dice of one colour.
    AssignColour {
        /// The colour.
        colour: DieColour,
        /// How many.
        #[schemars(range(min = 1, max = MAX_COUNT))]
        count: u32,
    },
    /// Roll this many crits.
    RollCrits(#[schemars(range(min = 1, max = MAX_COUNT))] u32),
    /// A condition the vocabulary cannot express: validated, never simulated.
    Text(String),
}
