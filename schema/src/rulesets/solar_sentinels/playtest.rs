//! A recorded Solar Sentinels game: what the player did each round, with the dice as they
//! fell, written by hand from a real game and replayed under the rules by `megahex validate`,
//! which reports the first step the rules do not allow.
//!
//! Every part is compact enough for flow style: dice are counted by colour
//! (`{red: 1, purple: 2}`), a rolled die is `colour:face` (`purple:hit`), and assignments map
//! an enemy's id to the dice put on it (`{crater-lurker: [purple:hit, red:crit]}`).

use std::fmt;

use schemars::JsonSchema;
use serde::de::{self, MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::effects::{DieColour, Face};
use crate::header::{ID_PATTERN, id_list_schema, id_schema};

/// One round of the recorded game, in the order the player played it: activation (or the
/// start of the endgame), items used, the Strategy steps, then the Resolve phase's choices.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
#[schemars(rename = "SolarSentinelsPlaytestRound")]
pub struct PlaytestRound {
    /// Missions forfeited at the start of the round, by id, the current one first; each one
    /// forfeited still adds an enemy to the boss's entourage.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(schema_with = "id_list_schema")]
    pub forfeit: Vec<String>,
    /// This round starts the endgame (allowed once a stack is empty, required once all three
    /// are): the boss and its entourage are activated instead of a card.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub endgame: bool,
    /// The boss the endgame activates: needed only when the setup's boss order is not fixed,
    /// since the boss deck is shuffled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "id_schema")]
    pub boss: Option<String>,
    /// The conflict cards activated, in order, each from the top of a stack: the card chosen,
    /// then its additional enemies; in the endgame's first round, the boss's entourage.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(schema_with = "id_list_schema")]
    pub activate: Vec<String>,
    /// Items used at the start of the engagement: the id of the card each came from, or
    /// `{item: CARD, on: ENEMY}` for an item that acts on an active enemy.
    #[serde(rename = "use", default, skip_serializing_if = "Vec::is_empty")]
    pub use_: Vec<UsedItem>,
    /// The Strategy steps, at most the hero's Strategy: each commits dice, rolls, assigns.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<PlaytestStep>,
    /// Dice returned from the exhausted area to the pool at the Recover Dice step, by colour:
    /// at most the hero's Recovery.
    #[serde(default, skip_serializing_if = "DiceCount::is_empty")]
    pub recover: DiceCount,
    /// Item rewards taken into the inventory, by the id of the defeated card; the inventory
    /// holds as many items as the hero's Strategy.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(schema_with = "id_list_schema")]
    pub take: Vec<String>,
    /// The stack's top card discarded at cleanup; left out only when every top card is
    /// mandatory (or no stack has a card).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "id_schema")]
    pub discard: Option<String>,
}

/// One Strategy step: commit, roll, assign.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
#[schemars(rename = "SolarSentinelsPlaytestStep")]
pub struct PlaytestStep {
    /// Dice moved from the pool to the active area, by colour: `{red: 1, purple: 2}`.
    #[serde(default, skip_serializing_if = "DiceCount::is_empty")]
    pub commit: DiceCount,
    /// The faces shown by every die rolled: the ones just committed and the unassigned ones
    /// rolled again, as `colour:face` (`purple:hit`), in any order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rolled: Vec<RolledDie>,
    /// The faces shown by the hits rolled again because a `miss-rerolls-hit` card stands
    /// (one for each miss rolled, while hits last), as `colour:face`: the colour says which
    /// hit was rolled again.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rerolled: Vec<RolledDie>,
    /// Which rolled dice go on which active enemy, one enemy at a time, in the order written:
    /// `{crater-lurker: [purple:hit, red:crit]}`.
    #[serde(default, skip_serializing_if = "Assignments::is_empty")]
    pub assign: Assignments,
}

/// Dice counted by colour; colours left out count 0.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
#[schemars(rename = "SolarSentinelsDiceCount")]
pub struct DiceCount {
    /// Yellow dice.
    #[serde(default, skip_serializing_if = "is_zero")]
    #[schemars(range(max = 17))]
    pub yellow: u32,
    /// Green dice.
    #[serde(default, skip_serializing_if = "is_zero")]
    #[schemars(range(max = 17))]
    pub green: u32,
    /// Blue dice.
    #[serde(default, skip_serializing_if = "is_zero")]
    #[schemars(range(max = 17))]
    pub blue: u32,
    /// Purple dice.
    #[serde(default, skip_serializing_if = "is_zero")]
    #[schemars(range(max = 17))]
    pub purple: u32,
    /// Red dice.
    #[serde(default, skip_serializing_if = "is_zero")]
    #[schemars(range(max = 17))]
    pub red: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl DiceCount {
    /// True when it counts no dice.
    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }

    /// All the dice it counts.
    pub fn total(&self) -> u32 {
        DieColour::ALL.into_iter().map(|c| self.of(c)).sum()
    }

    /// The dice of one colour.
    pub fn of(&self, colour: DieColour) -> u32 {
        match colour {
            DieColour::Yellow => self.yellow,
            DieColour::Green => self.green,
            DieColour::Blue => self.blue,
            DieColour::Purple => self.purple,
            DieColour::Red => self.red,
        }
    }
}

/// An item used: the id of the card it came from, or that id with the enemy it acts on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
#[schemars(rename = "SolarSentinelsUsedItem")]
pub enum UsedItem {
    /// An item that needs no target (heal, peek-boss and the like), by the id of its card.
    Item(#[schemars(schema_with = "id_schema")] String),
    /// An item used on an active enemy (defeat-by-exhausting, cancel-effects).
    On(ItemOn),
}

impl UsedItem {
    /// The id of the card the item came from.
    pub fn item(&self) -> &str {
        match self {
            UsedItem::Item(id) => id,
            UsedItem::On(on) => &on.item,
        }
    }
}

/// An item used on an active enemy.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
#[schemars(rename = "SolarSentinelsItemOn")]
pub struct ItemOn {
    /// The id of the card the item came from.
    #[schemars(schema_with = "id_schema")]
    pub item: String,
    /// The id of the active enemy it acts on.
    #[schemars(schema_with = "id_schema")]
    pub on: String,
    /// For a defeat-by-exhausting item, the pool dice exhausted, by colour; left out, the
    /// weakest ones.
    #[serde(default, skip_serializing_if = "DiceCount::is_empty")]
    pub exhaust: DiceCount,
}

/// A die as it fell: its colour and the face it shows, written `colour:face` (`red:crit`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RolledDie {
    /// The die's colour.
    pub colour: DieColour,
    /// The face it shows.
    pub face: Face,
}

/// The pattern of a `colour:face` string.
pub const ROLLED_DIE_PATTERN: &str = "^(yellow|green|blue|purple|red):(miss|hit|crit)$";

impl RolledDie {
    /// Reads `colour:face`.
    pub fn parse(text: &str) -> Option<RolledDie> {
        let (colour, face) = text.split_once(':')?;
        let colour = DieColour::ALL.into_iter().find(|c| c.as_str() == colour)?;
        let face = match face {
            "miss" => Face::Miss,
            "hit" => Face::Hit,
            "crit" => Face::Crit,
            _ => return None,
        };
        Some(RolledDie { colour, face })
    }
}

impl fmt::Display for RolledDie {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let face = match self.face {
            Face::Miss => "miss",
            Face::Hit => "hit",
            Face::Crit => "crit",
        };
        write!(f, "{}:{face}", self.colour.as_str())
    }
}

impl Serialize for RolledDie {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for RolledDie {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<RolledDie, D::Error> {
        let text = String::deserialize(deserializer)?;
        RolledDie::parse(&text).ok_or_else(|| {
            de::Error::custom(format!(
                "`{text}` is not colour:face (for example purple:hit; colours yellow, green, blue, purple, red; faces miss, hit, crit)"
            ))
        })
    }
}

impl JsonSchema for RolledDie {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "SolarSentinelsRolledDie".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "pattern": ROLLED_DIE_PATTERN,
            "description": "A die as it fell, `colour:face`: colours yellow, green, blue, purple, red; faces miss, hit, crit.",
            "examples": ["purple:hit", "red:crit"]
        })
    }
}

/// The dice of one step put on each enemy, enemy by enemy in the order written (a mapping from
/// an active enemy's id to its dice).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Assignments(pub Vec<(String, Vec<RolledDie>)>);

impl Assignments {
    /// True when no die is assigned.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Serialize for Assignments {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (enemy, dice) in &self.0 {
            map.serialize_entry(enemy, dice)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Assignments {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Assignments, D::Error> {
        struct InOrder;

        impl<'de> Visitor<'de> for InOrder {
            type Value = Assignments;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a mapping from an enemy's id to a list of colour:face dice")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Assignments, A::Error> {
                let mut out = Vec::new();
                while let Some((enemy, dice)) = map.next_entry::<String, Vec<RolledDie>>()? {
                    out.push((enemy, dice));
                }
                Ok(Assignments(out))
            }
        }

        deserializer.deserialize_map(InOrder)
    }
}

impl JsonSchema for Assignments {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "SolarSentinelsAssignments".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let die = generator.subschema_for::<RolledDie>();
        schemars::json_schema!({
            "type": "object",
            "description": "Which rolled dice go on which active enemy: an enemy's id, then its dice as colour:face, enemy by enemy in the order written.",
            "propertyNames": {"pattern": ID_PATTERN},
            "additionalProperties": {"type": "array", "items": die}
        })
    }
}
