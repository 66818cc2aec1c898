//! Units: the attribute line every character and monster has, their weapons and their spells.

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Serialize};

use crate::header::id_schema;
use crate::hexref::axial_schema;
use crate::limits::{MAX_HEALTH, MAX_HEXES};

/// Largest attribute value, plus or minus: strike, defence, damage bonus, resistance.
pub const MAX_ATTRIBUTE: i32 = 99;
/// Most actions or attacks a turn.
pub const MAX_ACTIONS: u32 = 20;

/// A dice code a weapon or spell deals: one to ten dice of up to 100 sides, plus or minus a
/// number. The validator reads it with the same limits.
pub const DICE_PATTERN: &str = r"^(10|[1-9])?[dD](100|[1-9][0-9]?)([+-][0-9]{1,2})?$";

/// Damage: a number (`3`) or a dice code (`1d6`, `2d4+1`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
#[schemars(schema_with = "damage_schema")]
pub enum Damage {
    /// Always this much.
    Fixed(u32),
    /// A dice code.
    Dice(String),
}

impl std::fmt::Display for Damage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Damage::Fixed(n) => write!(f, "{n}"),
            Damage::Dice(code) => f.write_str(code),
        }
    }
}

fn damage_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "description": "Damage: a number (3) or a dice code (1d6, 2d4+1).",
        "anyOf": [
            {"type": "integer", "minimum": 0, "maximum": MAX_HEALTH},
            {"type": "string", "pattern": DICE_PATTERN}
        ],
        "examples": [3, "1d6", "2d4+1"]
    })
}

/// Whether a unit is a character or a monster: monsters act after every character.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum UnitKind {
    /// A character: acts in initiative order.
    #[default]
    Character,
    /// A monster: acts in its own initiative slot after all characters, at the end of the round.
    Monster,
}

/// The attribute line of a unit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Attributes {
    /// Turn order: higher goes first; ties go in the order of `units`.
    #[serde(default)]
    #[schemars(range(min = 0, max = 99))]
    pub initiative: u32,
    /// Actions a turn: moving a hex, attacking, casting a spell, opening a chest.
    #[schemars(range(min = 1, max = MAX_ACTIONS))]
    pub actions: u32,
    /// How many of the actions may be offensive (attacks and spells).
    #[schemars(range(min = 0, max = MAX_ACTIONS))]
    pub attacks: u32,
    /// Added to the D10 strike roll.
    #[serde(default)]
    #[schemars(range(min = -MAX_ATTRIBUTE, max = MAX_ATTRIBUTE))]
    pub strike: i32,
    /// Added to a weapon's damage (unarmed damage is the rules' `unarmed-damage` plus this).
    #[serde(default)]
    #[schemars(range(min = -MAX_ATTRIBUTE, max = MAX_ATTRIBUTE))]
    pub damage_bonus: i32,
    /// Hit points: at 0 the unit is dead.
    #[schemars(range(min = 1, max = MAX_HEALTH))]
    pub hit_points: u32,
    /// Taken off every hit's damage before it is applied.
    #[serde(default)]
    #[schemars(range(min = 0, max = MAX_ATTRIBUTE))]
    pub soak: i32,
    /// Added to the D10 defence roll.
    #[serde(default)]
    #[schemars(range(min = -MAX_ATTRIBUTE, max = MAX_ATTRIBUTE))]
    pub defense: i32,
    /// Added to the D10 resistance check against spells that allow one.
    #[serde(default)]
    #[schemars(range(min = -MAX_ATTRIBUTE, max = MAX_ATTRIBUTE))]
    pub resistance: i32,
    /// Points spells are paid from.
    #[serde(default)]
    #[schemars(range(min = 0, max = MAX_HEALTH))]
    pub spell_points: u32,
}

/// A unit on the map at the start.
// Not `deny_unknown_fields`, which serde cannot combine with `flatten`: the schema refuses
// unknown keys instead (`no_other_keys`), and the schema check comes first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[schemars(transform = no_other_keys)]
pub struct Unit {
    /// Unique id, used by objectives, playtests and CLI queries.
    #[schemars(schema_with = "id_schema")]
    pub id: String,
    /// Display name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Team id.
    #[schemars(schema_with = "id_schema")]
    pub team: String,
    /// Character or monster.
    #[serde(default, skip_serializing_if = "is_character")]
    pub kind: UnitKind,
    /// The hex it starts on, `[q, r]`.
    #[schemars(schema_with = "axial_schema")]
    pub at: [i32; 2],
    /// The attribute line.
    #[serde(flatten)]
    pub attributes: Attributes,
    /// Weapons; a unit without one fights unarmed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub weapons: Vec<Weapon>,
    /// Spells it can cast.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spells: Vec<Spell>,
}

fn no_other_keys(schema: &mut Schema) {
    schema.insert("additionalProperties".into(), false.into());
}

fn is_character(kind: &UnitKind) -> bool {
    *kind == UnitKind::Character
}

/// Melee or ranged.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum WeaponKind {
    /// The target must stand adjacent.
    #[default]
    Melee,
    /// The target must be in sight and within range (plus the height bonus).
    Ranged,
}

/// A weapon.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
#[schemars(transform = ranged_needs_range)]
pub struct Weapon {
    /// Its name, as playtests write it in `with:`.
    pub name: String,
    /// Melee or ranged.
    #[serde(default)]
    pub kind: WeaponKind,
    /// Damage before the damage bonus and the target's soak.
    pub damage: Damage,
    /// Range in hexes, for a ranged weapon.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = MAX_HEXES))]
    pub range: Option<u32>,
}

fn ranged_needs_range(schema: &mut Schema) {
    crate::header::push_all_of(
        schema,
        serde_json::json!({
            "if": {"properties": {"kind": {"type": "string", "pattern": "^ranged$"}}, "required": ["kind"]},
            "then": {"required": ["range"]}
        }),
    );
}

/// A spell: an offensive spell costs one action, one attack and its spell points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Spell {
    /// Its name, as playtests write it in `spell:`.
    pub name: String,
    /// Spell points it costs.
    #[schemars(range(min = 0, max = MAX_HEALTH))]
    pub cost: u32,
    /// Damage it deals.
    pub damage: Damage,
    /// Range in hexes (1: an adjacent target).
    #[serde(default = "one")]
    #[schemars(range(min = 1, max = MAX_HEXES))]
    pub range: u32,
    /// The caster rolls a strike against the target's defence first.
    #[serde(default = "yes")]
    pub strike: bool,
    /// The target may roll a resistance check.
    #[serde(default)]
    pub resistance: bool,
    /// The target's soak is taken off the damage.
    #[serde(default = "yes")]
    pub soak: bool,
}

fn one() -> u32 {
    1
}

fn yes() -> bool {
    true
}
