//! The `hex-skirmish` ruleset's scenario body (seed 004 and its sibling pages): a free hex map
//! with terrain, units with their attribute line, treasure chests, spawn zones and objectives.

pub mod assertions;
pub mod map;
pub mod playtest;
pub mod rules;
pub mod unit;

use schemars::{JsonSchema, Schema};
use serde::{Deserialize, Serialize};

use crate::header::{FORMAT_VERSION, Team, id_list_schema, id_schema, push_all_of};
use crate::hexref::axial_schema;
use crate::limits::{MAX_COUNT, MAX_ROUNDS};
pub use map::{Hexagon, Hexes, Map, MapHexes, Rectangle, TerrainType, TerrainTypes};
pub use playtest::{Attack, Cast, PlaytestAction, PlaytestTurn, RolledSteps, Steps};
pub use rules::{ResistanceCheck, Rules};
pub use unit::{Attributes, Damage, Spell, Unit, UnitKind, Weapon, WeaponKind};

crate::header::ruleset_tag!("hex-skirmish");

/// A small complete hex-skirmish scenario for the schema's `examples`.
pub(crate) fn scenario_example() -> serde_json::Value {
    serde_json::json!({
        "format": 1,
        "ruleset": "hex-skirmish",
        "title": "Duel at the Ford",
        "map": {"hexagon": {"radius": 3}, "hexes": [{"at": [[0, 0], [1, -1]], "terrain": "water"}]},
        "teams": [{"id": "red"}, {"id": "blue"}],
        "units": [
            {"id": "knight", "team": "red", "at": [0, 3], "actions": 4, "attacks": 2,
             "strike": 3, "hit-points": 20, "defense": 2,
             "weapons": [{"name": "Sword", "damage": "1d8"}]},
            {"id": "archer", "team": "blue", "at": [0, -3], "actions": 4, "attacks": 1,
             "strike": 2, "hit-points": 14, "defense": 1,
             "weapons": [{"name": "Bow", "kind": "ranged", "damage": "1d6", "range": 6}]}
        ],
        "objectives": [
            {"id": "rout-blue", "team": "red", "kind": "defeat"},
            {"id": "rout-red", "team": "blue", "kind": "defeat"}
        ]
    })
}

/// A hex-skirmish scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
#[schemars(
    rename = "HexSkirmishScenario",
    title = "Hex-skirmish scenario",
    description = "A hex-skirmish arena: a free hex map with terrain, units, chests and objectives.",
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
    /// Scenario title, shown in the editor and reports.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Free text for players: the story and setup notes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// A catalog file: hex-skirmish has no catalog of its own yet, so the file is not read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub catalog: Option<String>,
    /// Rule settings; anything left out takes its default.
    #[serde(default, skip_serializing_if = "Rules::is_default")]
    pub rules: Rules,
    /// Terrain types this scenario adds, or changes from the built-in `open`, `water`,
    /// `building` and `bushes`: a key left out keeps the built-in value.
    #[serde(default, skip_serializing_if = "TerrainTypes::is_empty")]
    pub terrain: TerrainTypes,
    /// The map: a hexagon or rectangle, hexes listed one by one, or both.
    pub map: Map,
    /// The sides playing this scenario.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub teams: Vec<Team>,
    /// Units on the map at the start.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub units: Vec<Unit>,
    /// Treasure chests: opening one takes an action, standing on it or next to it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chests: Vec<Chest>,
    /// Hexes where each team may set up its units.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spawn: Vec<SpawnZone>,
    /// What each team plays for.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub objectives: Vec<Objective>,
    /// The game ends after this many rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = MAX_ROUNDS))]
    pub round_limit: Option<u32>,
    /// The water monster's attribute line, where the scenario changes the manual's (Actions
    /// 4, Attacks 3, Strike 3, Damage 0, Hit Points 27, Soak 0, Defense 0, Resistance 5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub water_monster: Option<Attributes>,
    /// Scenario-specific rules, as text for the players.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub special_rules: Vec<String>,
    /// A scripted playtest, replayed under the rules: the first illegal action is reported.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub playtest: Vec<PlaytestTurn>,
    /// Claims the scenario makes about itself (sight, range, reach, balance), checked by
    /// `megahex validate`: a false one is an `assertion-failed` error at its line.
    #[serde(rename = "assert", default, skip_serializing_if = "Vec::is_empty")]
    pub assertions: Vec<assertions::Assertion>,
}

/// A treasure chest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Chest {
    /// Unique id, used by objectives and playtests.
    #[schemars(schema_with = "id_schema")]
    pub id: String,
    /// The hex it stands on, `[q, r]`.
    #[schemars(schema_with = "axial_schema")]
    pub at: [i32; 2],
    /// Label shown on the map.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

/// Where a team sets up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct SpawnZone {
    /// Team id.
    #[schemars(schema_with = "id_schema")]
    pub team: String,
    /// The hexes of the zone, `[[q, r], …]`.
    #[schemars(schema_with = "map::axial_list_schema")]
    pub hexes: Vec<[i32; 2]>,
}

/// What a hex-skirmish objective asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[schemars(rename = "HexSkirmishObjectiveKind")]
pub enum ObjectiveKind {
    /// Kill the listed units (every enemy unit when `targets` is left out).
    Defeat,
    /// Get a unit onto one of the listed hexes.
    Reach,
    /// Open `count` of the listed chests (every chest when `chests` is left out).
    Open,
    /// Have a unit still alive after `rounds` rounds.
    Survive,
}

impl ObjectiveKind {
    /// The name written in files.
    pub fn as_str(self) -> &'static str {
        match self {
            ObjectiveKind::Defeat => "defeat",
            ObjectiveKind::Reach => "reach",
            ObjectiveKind::Open => "open",
            ObjectiveKind::Survive => "survive",
        }
    }
}

/// A team's objective.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
#[schemars(rename = "HexSkirmishObjective", transform = objective_rules)]
pub struct Objective {
    /// Unique id.
    #[schemars(schema_with = "id_schema")]
    pub id: String,
    /// The team that wins by completing it.
    #[schemars(schema_with = "id_schema")]
    pub team: String,
    /// What has to happen.
    pub kind: ObjectiveKind,
    /// Unit ids to defeat; left out, every unit of the other teams.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(schema_with = "id_list_schema")]
    pub targets: Vec<String>,
    /// Hexes to reach, `[[q, r], …]`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(schema_with = "map::axial_list_schema")]
    pub hexes: Vec<[i32; 2]>,
    /// Chest ids to open; left out, every chest.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(schema_with = "id_list_schema")]
    pub chests: Vec<String>,
    /// How many chests to open (default: all of them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = MAX_COUNT))]
    pub count: Option<u32>,
    /// Rounds to survive.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = MAX_ROUNDS))]
    pub rounds: Option<u32>,
    /// Text for the players.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

fn objective_rules(schema: &mut Schema) {
    for (kind, key) in [("reach", "hexes"), ("survive", "rounds")] {
        push_all_of(
            schema,
            serde_json::json!({
                "if": {"properties": {"kind": {"type": "string", "pattern": format!("^{kind}$")}}, "required": ["kind"]},
                "then": {"required": [key]}
            }),
        );
    }
}
