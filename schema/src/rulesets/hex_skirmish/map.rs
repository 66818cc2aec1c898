//! A free hex map: a hexagon or a rectangle of hexes, or hexes listed one by one, each with a
//! terrain type; and the terrain types themselves, which are data a scenario may change.

use std::collections::BTreeMap;

use schemars::{JsonSchema, Schema};
use serde::{Deserialize, Serialize};

use crate::hexref::axial_schema;
pub use crate::hexref::{Hexes, axial_list_schema};

/// Largest hexagon radius and rectangle side: a map of a few thousand hexes at most, far beyond
/// a table, and small enough for every all-pairs question.
pub const MAX_MAP_SIDE: u32 = 40;
/// Most building levels a hex can have.
pub const MAX_LEVELS: u32 = 9;
/// Most actions one step, climb or enter can cost.
pub const MAX_STEP_COST: u32 = 20;

/// The map: a shape filled with one terrain, with hexes listed on top of it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
#[schemars(
    rename = "HexSkirmishMap",
    title = "hex-skirmish map",
    description = "The map: `hexagon: {radius: N}`, `rectangle: {width: W, height: H}` or a list of `hexes`, or a shape with hexes listed on top.",
    transform = one_shape
)]
pub struct Map {
    /// A hexagon of hexes around a centre.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hexagon: Option<Hexagon>,
    /// A rectangle of hexes: columns of flat-top hexes, each `height` tall.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rectangle: Option<Rectangle>,
    /// The terrain of the shape's hexes that `hexes` does not list (default `open`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fill: Option<String>,
    /// Hexes with their terrain: they change hexes of the shape or add hexes beyond it. A later
    /// entry for the same hex wins.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(min = 1))]
    pub hexes: Vec<MapHexes>,
}

fn one_shape(schema: &mut Schema) {
    crate::header::push_all_of(
        schema,
        serde_json::json!({"not": {"required": ["hexagon", "rectangle"]}}),
    );
    crate::header::push_all_of(
        schema,
        serde_json::json!({"anyOf": [
            {"required": ["hexagon"]},
            {"required": ["rectangle"]},
            {"required": ["hexes"]}
        ]}),
    );
}

/// A hexagon of hexes: every hex within `radius` of `centre`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Hexagon {
    /// Hexes from the centre to the edge: 0 is one hex, 1 is seven, 5 is 91.
    #[schemars(range(min = 0, max = MAX_MAP_SIDE))]
    pub radius: u32,
    /// The centre hex, `[q, r]` (default `[0, 0]`).
    #[serde(default, skip_serializing_if = "is_origin")]
    #[schemars(schema_with = "axial_schema")]
    pub centre: [i32; 2],
}

/// A rectangle of flat-top hexes: `width` columns, each `height` hexes tall, with the
/// odd-numbered columns half a hex lower.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Rectangle {
    /// Columns.
    #[schemars(range(min = 1, max = MAX_MAP_SIDE))]
    pub width: u32,
    /// Hexes in each column.
    #[schemars(range(min = 1, max = MAX_MAP_SIDE))]
    pub height: u32,
    /// The top-left hex, `[q, r]` (default `[0, 0]`).
    #[serde(default, skip_serializing_if = "is_origin")]
    #[schemars(schema_with = "axial_schema")]
    pub corner: [i32; 2],
}

fn is_origin(at: &[i32; 2]) -> bool {
    *at == [0, 0]
}

/// One hex or several, all with the same terrain.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct MapHexes {
    /// The hex `[q, r]`, or a list of them.
    pub at: Hexes,
    /// Terrain type: `open`, `water`, `building`, `bushes`, or one the scenario's `terrain:`
    /// adds (default: the map's `fill`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terrain: Option<String>,
    /// Building levels on these hexes, for terrain that can be climbed (default 1 for a
    /// building, 0 otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0, max = MAX_LEVELS))]
    pub levels: Option<u32>,
}

/// What a terrain type does. Every key left out keeps the built-in value of the type with the
/// same name, or open ground's for a new type.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct TerrainType {
    /// Actions to move one hex within this terrain.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = MAX_STEP_COST))]
    pub move_cost: Option<u32>,
    /// Actions a step into this terrain from other terrain costs at least.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0, max = MAX_STEP_COST))]
    pub enter_cost: Option<u32>,
    /// Actions a step out of this terrain into other terrain costs at least.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0, max = MAX_STEP_COST))]
    pub leave_cost: Option<u32>,
    /// Actions per level climbed onto or down from this terrain's levels.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = MAX_STEP_COST))]
    pub climb_cost: Option<u32>,
    /// Range added to a ranged attack per level the attacker stands on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0, max = 10))]
    pub range_per_level: Option<u32>,
    /// A hex of this terrain between two units blocks their line of sight, whatever its height.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blocks_sight: Option<bool>,
    /// Damage a unit takes on entering a hex of this terrain: a number or a dice code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enter_damage: Option<super::unit::Damage>,
    /// Water: steps in it can call up the water monster.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub water: Option<bool>,
    /// No unit may enter it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub impassable: Option<bool>,
}

/// Terrain types by name.
pub type TerrainTypes = BTreeMap<String, TerrainType>;

/// The terrain types every hex-skirmish map has, as the manual describes them: open ground,
/// water (2 actions a hex, 2 to enter or leave, the monster's home), buildings (3 actions a
/// level to climb, +2 range a level) and bushes (block sight, 1d6 to charge through).
pub fn builtin_terrain() -> TerrainTypes {
    let mut types = TerrainTypes::new();
    types.insert(
        "open".into(),
        TerrainType {
            move_cost: Some(1),
            ..TerrainType::default()
        },
    );
    types.insert(
        "water".into(),
        TerrainType {
            move_cost: Some(2),
            enter_cost: Some(2),
            leave_cost: Some(2),
            water: Some(true),
            ..TerrainType::default()
        },
    );
    types.insert(
        "building".into(),
        TerrainType {
            move_cost: Some(1),
            climb_cost: Some(3),
            range_per_level: Some(2),
            ..TerrainType::default()
        },
    );
    types.insert(
        "bushes".into(),
        TerrainType {
            move_cost: Some(1),
            blocks_sight: Some(true),
            enter_damage: Some(super::unit::Damage::Dice("1d6".into())),
            ..TerrainType::default()
        },
    );
    types
}
