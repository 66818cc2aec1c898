//! The claims every ruleset with the notion writes the same way (sight, range, reach, odds and
//! balance), and the pieces of a claim (its ends and its bounds), so a designer learns one form
//! and each game's `assert:` list reuses them.

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Serialize};

use crate::header::ID_PATTERN;
use crate::hexref::HexRef;

/// `{sight: {from: REF, to: REF, visible: true|false}}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct SightClaim {
    /// The viewer: a token id or a hex.
    pub from: Place,
    /// The target: a token id or a hex.
    pub to: Place,
    /// What the designer expects: true when `from` must see `to`.
    pub visible: bool,
}

/// `{range: {from: REF, to: REF, is: N}}`, or `at-most` / `at-least` (both may be given).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
#[schemars(extend("anyOf" = [
    {"required": ["is"]},
    {"required": ["at-most"]},
    {"required": ["at-least"]}
]))]
pub struct RangeClaim {
    /// One end: a token id or a hex.
    pub from: Place,
    /// The other end: a token id or a hex.
    pub to: Place,
    /// The range exactly.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is: Option<u32>,
    /// The range is no more than this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_most: Option<u32>,
    /// The range is no less than this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_least: Option<u32>,
}

/// `{reach: {figure: ID, hex: REF, within-turns: N}}`, optionally `by: expected`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct ReachClaim {
    /// The figure's token id; its `stats:` give its movement and actions.
    #[schemars(schema_with = "crate::header::id_schema")]
    pub figure: String,
    /// Where it must be able to stand: a hex, or a token's hexes (any of them).
    pub hex: Place,
    /// Turns it may take, counting the turn it arrives in.
    #[schemars(range(min = 1, max = 99))]
    pub within_turns: u32,
    /// Which count of turns: however its movement dice fall (the default), or on average.
    #[serde(default, skip_serializing_if = "ReachMeasure::is_default")]
    pub by: ReachMeasure,
}

/// How a reach claim counts turns.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ReachMeasure {
    /// Every movement roll its lowest: a promise that holds whatever the dice do.
    #[default]
    WorstCase,
    /// The expected turns, each turn's moves chosen after seeing its move value.
    Expected,
}

impl ReachMeasure {
    fn is_default(&self) -> bool {
        *self == ReachMeasure::default()
    }
}

/// `{odds: {attacker: ID, attack: NAME, defender: ID, expected-damage: {at-least: X}}}`, or
/// `at-least-one: {at-least: P}` (the chance of 1 damage or more); both may be given.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
#[schemars(extend("anyOf" = [
    {"required": ["expected-damage"]},
    {"required": ["at-least-one"]}
]))]
pub struct OddsClaim {
    /// The attacking figure's token id.
    #[schemars(schema_with = "crate::header::id_schema")]
    pub attacker: String,
    /// The attack's `name`, as its stats give it.
    pub attack: String,
    /// The defending figure's token id; its stats give its `defense`.
    #[schemars(schema_with = "crate::header::id_schema")]
    pub defender: String,
    /// Bounds on the expected damage.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expected_damage: Option<Bounds>,
    /// Bounds on the chance of 1 damage or more, from 0 to 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_least_one: Option<Bounds>,
}

/// `{balance: {team: ID, win-rate: [LOW, HIGH], games: N, seed: S}}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct BalanceClaim {
    /// The team whose wins are counted.
    #[schemars(schema_with = "crate::header::id_schema")]
    pub team: String,
    /// The share of games it should win, from 0 to 1: the 95% interval of its share must lie
    /// inside; it fails when the interval lies outside, and warns when it straddles an edge.
    #[schemars(schema_with = "win_rate_schema")]
    pub win_rate: [f64; 2],
    /// Games to play: more narrow the interval and take longer.
    #[serde(default = "default_games")]
    #[schemars(range(min = 1, max = 100_000))]
    pub games: u32,
    /// The run's seed: the same seed plays the same games on any machine.
    #[serde(default = "default_seed")]
    pub seed: u32,
}

pub fn default_games() -> u32 {
    1000
}

pub fn default_seed() -> u32 {
    1
}

pub fn win_rate_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": "array",
        "description": "[LOW, HIGH]: shares of games won, from 0 to 1.",
        "items": {"type": "number", "minimum": 0, "maximum": 1},
        "minItems": 2,
        "maxItems": 2,
        "examples": [[0.4, 0.6]]
    })
}

/// `{at-least: X}`, `{at-most: X}` or both.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
#[schemars(extend("anyOf" = [{"required": ["at-least"]}, {"required": ["at-most"]}]))]
pub struct Bounds {
    /// The figure is no less than this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0.0))]
    pub at_least: Option<f64>,
    /// The figure is no more than this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0.0))]
    pub at_most: Option<f64>,
}

/// An end of a claim: a hex in any form, or a token id (its hexes, nearest first).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Place {
    /// `[q, r]`, `"T/I"` or `{tile: T, hex: I}`.
    Hex(HexRef),
    /// A token's id; ids never contain `/`, so `3/7` is always a hex.
    Token(String),
}

impl JsonSchema for Place {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Place".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let hex = generator.subschema_for::<HexRef>();
        json_schema!({
            "description": "A token id, or a hex: [q, r], \"T/I\" or {tile: T, hex: I}.",
            "anyOf": [
                hex,
                {"type": "string", "pattern": ID_PATTERN, "description": "A token's id."}
            ],
            "examples": ["ra", "3/7", [0, 2]]
        })
    }
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Place::Hex(hex) => write!(f, "{hex}"),
            Place::Token(id) => f.write_str(id),
        }
    }
}
