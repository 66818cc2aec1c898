//! How a game is set up: the dice, the counts of components the deck is built for, and the
//! chosen hero, rank, missions and stack order.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::effects::{DieColour, Face};
use crate::header::{id_list_schema, id_schema};

/// The unit dice of each colour, where the deck changes the box's (four of each colour and
/// one red, faces as the reference table gives them).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Dice {
    /// Yellow dice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub yellow: Option<DieSet>,
    /// Green dice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub green: Option<DieSet>,
    /// Blue dice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blue: Option<DieSet>,
    /// Purple dice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub purple: Option<DieSet>,
    /// Red dice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub red: Option<DieSet>,
}

impl Dice {
    /// True when the box's dice are used unchanged.
    pub fn is_default(&self) -> bool {
        *self == Dice::default()
    }

    /// The deck's change for one colour, if any.
    pub fn of(&self, colour: DieColour) -> Option<&DieSet> {
        match colour {
            DieColour::Yellow => self.yellow.as_ref(),
            DieColour::Green => self.green.as_ref(),
            DieColour::Blue => self.blue.as_ref(),
            DieColour::Purple => self.purple.as_ref(),
            DieColour::Red => self.red.as_ref(),
        }
    }
}

/// The dice of one colour.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct DieSet {
    /// How many dice of this colour (left out: the box's count).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0, max = 8))]
    pub count: Option<u32>,
    /// The six faces (left out: the box's faces).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 6, max = 6))]
    pub faces: Option<Vec<Face>>,
}

/// How many components the deck is built for, where it differs from the box.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Components {
    /// Conflict cards in each of the three stacks (default 15).
    #[serde(default = "fifteen")]
    #[schemars(range(min = 1, max = 50))]
    pub stack_size: u32,
    /// Boss cards (default 4).
    #[serde(default = "four")]
    #[schemars(range(min = 1, max = 20))]
    pub bosses: u32,
    /// Mission cards (default 12).
    #[serde(default = "twelve")]
    #[schemars(range(min = 0, max = 50))]
    pub missions: u32,
}

impl Default for Components {
    fn default() -> Components {
        Components {
            stack_size: fifteen(),
            bosses: four(),
            missions: twelve(),
        }
    }
}

impl Components {
    /// True when the deck is built for the box's counts.
    pub fn is_default(&self) -> bool {
        *self == Components::default()
    }
}

fn fifteen() -> u32 {
    15
}

fn four() -> u32 {
    4
}

fn twelve() -> u32 {
    12
}

/// Highest difficulty rank.
pub const MAX_RANK: u32 = 6;

/// The game to set up from the deck.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Setup {
    /// The hero played.
    #[schemars(schema_with = "id_schema")]
    pub hero: String,
    /// Difficulty rank, 1 to 6; left out, the game is played without missions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = MAX_RANK))]
    pub rank: Option<u32>,
    /// The missions drawn and kept, when they are fixed; left out, they are dealt at random.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub missions: Option<MissionDraw>,
    /// For each rank above 1: one die banished, or three dice exhausted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub handicaps: Vec<Handicap>,
    /// A fixed order for the three stacks, top card first; left out, the cards are shuffled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 3, max = 3))]
    pub stacks: Option<Vec<Stack>>,
    /// A fixed boss order, top first; left out, the bosses are shuffled.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(schema_with = "id_list_schema")]
    pub bosses: Vec<String>,
    /// Seed for the shuffles and rolls of `megahex simulate`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u32>,
}

/// One stack's cards, top first.
pub type Stack = Vec<String>;

/// The missions dealt at setup and the ones kept, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct MissionDraw {
    /// The missions dealt, left to right: three more than the rank.
    #[schemars(schema_with = "id_list_schema")]
    pub drawn: Vec<String>,
    /// The missions kept, in the order dealt: two more than the rank (one is discarded).
    #[schemars(schema_with = "id_list_schema")]
    pub kept: Vec<String>,
}

/// A rank's setup cost.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Handicap {
    /// One die of this colour is banished for the game.
    Banish(DieColour),
    /// Three dice of these colours start in the exhausted area.
    Exhaust(Vec<DieColour>),
}
