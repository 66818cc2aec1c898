//! What every scenario shares, whatever its ruleset: the format version, the ruleset name, ids
//! and teams. Each ruleset's body lives in its own module beside this one.

use schemars::{JsonSchema, Schema};
use serde::{Deserialize, Serialize};

/// The only file format version this build reads; bump it when a migration is needed.
pub const FORMAT_VERSION: u32 = 1;

/// Pattern for ids of teams, tokens and objectives: readable in diagnostics and CLI arguments.
pub const ID_PATTERN: &str = r"^[A-Za-z0-9][A-Za-z0-9_.-]*$";

/// The schema of one id.
pub fn id_schema(_: &mut schemars::SchemaGenerator) -> Schema {
    schemars::json_schema!({
        "type": "string",
        "pattern": ID_PATTERN,
        "description": "An id: letters, digits, '-', '_' and '.', starting with a letter or digit."
    })
}

/// The schema of a non-empty list of ids.
pub fn id_list_schema(_: &mut schemars::SchemaGenerator) -> Schema {
    // An empty list is never meant: leave the key out instead.
    schemars::json_schema!({
        "type": "array",
        "minItems": 1,
        "items": {"type": "string", "pattern": ID_PATTERN}
    })
}

/// The game a scenario is written for: it decides every key after the shared header.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    JsonSchema,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::VariantArray,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Ruleset {
    /// Sentinel Tactics: The Flame of Freedom, on the game's eight double-sided tiles.
    SentinelTactics,
    /// A hex-map arena game: an action budget, a D10 strike against a D10 defence, soak and
    /// terrain that costs actions, on a free hex map.
    HexSkirmish,
    /// 20 Strong: Solar Sentinels, a solo dice-and-card game with no map: the file is a deck
    /// and its setup.
    SolarSentinels,
}

impl Ruleset {
    /// Every ruleset, in the order the schema lists them (the order they are declared in).
    pub const ALL: &'static [Ruleset] = <Ruleset as strum::VariantArray>::VARIANTS;

    /// The name written in scenario files (serde's name too: both are kebab-case).
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// The game's name as a designer writes it in a sentence.
    pub fn title(self) -> &'static str {
        match self {
            Ruleset::SentinelTactics => "Sentinel Tactics",
            Ruleset::HexSkirmish => "hex-skirmish",
            Ruleset::SolarSentinels => "Solar Sentinels",
        }
    }

    /// Looks a ruleset up by the name written in files.
    pub fn from_name(name: &str) -> Option<Ruleset> {
        name.parse().ok()
    }
}

/// A team.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Team {
    /// Id used by tokens, objectives and the turn order.
    #[schemars(schema_with = "id_schema")]
    pub id: String,
    /// Display name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Display colour as `#rrggbb`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(regex(pattern = r"^#[0-9a-fA-F]{6}$"))]
    pub color: Option<String>,
}

/// Adds one rule to a schema's `allOf`, for requirements a struct cannot express.
pub fn push_all_of(schema: &mut Schema, rule: serde_json::Value) {
    let object = schema.ensure_object();
    let all_of = object
        .entry("allOf")
        .or_insert_with(|| serde_json::Value::Array(Vec::new()));
    if let serde_json::Value::Array(rules) = all_of {
        rules.push(rule);
    }
}
