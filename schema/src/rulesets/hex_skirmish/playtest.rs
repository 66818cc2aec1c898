//! A scripted hex-skirmish playtest: each unit's turn with its dice already rolled, replayed
//! under the rules by `megahex validate`, which reports the first action that breaks them.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::map::axial_list_schema;
use crate::header::id_schema;
use crate::limits::MAX_HEALTH;

/// One unit's turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
#[schemars(rename = "HexSkirmishPlaytestTurn")]
pub struct PlaytestTurn {
    /// The id of the unit taking the turn: the one the initiative order says goes next.
    #[schemars(schema_with = "id_schema")]
    pub unit: String,
    /// The actions, in order. The turn ends after the last one.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        with = "serde_yaml::with::singleton_map_recursive"
    )]
    #[schemars(with = "Vec<PlaytestAction>")]
    pub actions: Vec<PlaytestAction>,
}

/// One action of a turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
#[schemars(rename = "HexSkirmishPlaytestAction")]
pub enum PlaytestAction {
    /// Move hex by hex: the hexes entered, in order, with the dice the steps call for.
    Move(Steps),
    /// Attack with a weapon (or unarmed).
    Attack(Attack),
    /// Cast a spell at a unit.
    Cast(Cast),
    /// Open the treasure chest with this id, standing on it or next to it.
    Open(#[schemars(schema_with = "id_schema")] String),
}

/// The hexes of a move: a plain list, or the list with the dice its steps roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Steps {
    /// The hexes entered, `[[q, r], …]`.
    Path(#[schemars(schema_with = "axial_list_schema")] Vec<[i32; 2]>),
    /// The hexes entered with the dice rolled on the way.
    Rolled(RolledSteps),
}

impl Steps {
    /// The hexes entered, in order.
    pub fn path(&self) -> &[[i32; 2]] {
        match self {
            Steps::Path(path) => path,
            Steps::Rolled(rolled) => &rolled.path,
        }
    }
}

/// A move with its dice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct RolledSteps {
    /// The hexes entered, `[[q, r], …]`.
    #[schemars(schema_with = "axial_list_schema")]
    pub path: Vec<[i32; 2]>,
    /// The d6 rolled for the water monster on each step into or through water, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(inner(range(min = 1, max = 6)))]
    pub monster: Vec<u8>,
    /// The damage rolled for each hex entered that deals damage (bushes), in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(inner(range(min = 0, max = MAX_HEALTH)))]
    pub terrain_damage: Vec<u32>,
}

/// An attack and its dice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
#[schemars(rename = "HexSkirmishAttack")]
pub struct Attack {
    /// The target unit's id.
    #[schemars(schema_with = "id_schema")]
    pub target: String,
    /// The weapon's name; left out, the unit's first weapon, or unarmed if it has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub with: Option<String>,
    /// The attacker's D10 strike roll.
    #[schemars(range(min = 1, max = 10))]
    pub strike: u8,
    /// The defender's D10 defence roll.
    #[schemars(range(min = 1, max = 10))]
    pub defense: u8,
    /// The damage dice's total, for a weapon whose damage is a dice code; needed only on a hit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0, max = 1000))]
    pub damage: Option<u32>,
    /// The hit points the script expects the target to lose; a different result is reported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0, max = MAX_HEALTH))]
    pub dealt: Option<u32>,
}

/// A spell cast at a unit, and its dice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Cast {
    /// The spell's name.
    pub spell: String,
    /// The target unit's id.
    #[schemars(schema_with = "id_schema")]
    pub target: String,
    /// The caster's D10 strike roll, for a spell that rolls one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 10))]
    pub strike: Option<u8>,
    /// The target's D10 defence roll, for a spell that rolls a strike.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 10))]
    pub defense: Option<u8>,
    /// The target's D10 resistance roll, for a spell that allows a check.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 10))]
    pub resist: Option<u8>,
    /// The damage dice's total, for a spell whose damage is a dice code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0, max = 1000))]
    pub damage: Option<u32>,
    /// The hit points the script expects the target to lose; a different result is reported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0, max = MAX_HEALTH))]
    pub dealt: Option<u32>,
}
