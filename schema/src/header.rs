//! What every scenario shares, whatever its ruleset: the format version, the ruleset tag, ids
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

/// The schema of a game's `ruleset` key: the shared list of names, which the registry keeps as
/// the `Ruleset` definition.
pub fn ruleset_schema(_: &mut schemars::SchemaGenerator) -> Schema {
    schemars::json_schema!({"$ref": "#/$defs/Ruleset"})
}

/// Declares a game's `ruleset` tag: the one name its files write in `ruleset:`. Each game
/// declares its own, so this header names no game; the registry's `Ruleset` lists them all and
/// its tests check that each tag is the name the registry gives the game.
macro_rules! ruleset_tag {
    ($name:literal) => {
        /// The `ruleset` value this game's files write.
        #[derive(
            Debug, Clone, Copy, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
        )]
        pub enum RulesetTag {
            /// The game's name, as files write it.
            #[default]
            #[serde(rename = $name)]
            Named,
        }

        impl RulesetTag {
            /// The name files write.
            pub const NAME: &'static str = $name;

            /// The name files write.
            pub fn as_str(self) -> &'static str {
                Self::NAME
            }
        }
    };
}
pub(crate) use ruleset_tag;

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
