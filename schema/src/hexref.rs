//! Hex references: the three ways a scenario file can name a hex.

use std::fmt;
use std::str::FromStr;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::limits::MAX_TILE_NUMBER;

mod read;

/// A tile's hex as `tile/index`, so designers can name hexes the way they read a printed tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TileHex {
    /// Tile number, 1..8 in the base game.
    pub tile: u32,
    /// Hex index 1..19 in reading order.
    pub hex: u32,
}

/// Why a `T/I` string could not be read; kept small because users see it verbatim.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TileHexParseError(pub String);

impl fmt::Display for TileHexParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TileHexParseError {}

impl FromStr for TileHex {
    type Err = TileHexParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || {
            TileHexParseError(format!(
                "`{text}` is not a tile hex: write TILE/INDEX, for example `3/7`"
            ))
        };
        let (tile, hex) = text.trim().split_once('/').ok_or_else(bad)?;
        let tile: u32 = tile.trim().parse().map_err(|_| bad())?;
        let hex: u32 = hex.trim().parse().map_err(|_| bad())?;
        Ok(TileHex { tile, hex })
    }
}

impl fmt::Display for TileHex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.tile, self.hex)
    }
}

impl Serialize for TileHex {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for TileHex {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Pattern of the `T/I` form; shared by the schema and the docs.
pub const TILE_HEX_PATTERN: &str = r"^\s*[0-9]{1,6}\s*/\s*[0-9]{1,6}\s*$";

impl JsonSchema for TileHex {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "TileHex".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string",
            "pattern": TILE_HEX_PATTERN,
            "description": "Tile T, hex index I (1..19 in reading order), written T/I, for example 3/7.",
            "examples": ["3/7", "1/10"]
        })
    }
}

/// The `{tile: T, hex: I}` form of a tile hex.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TileHexMap {
    /// Tile number as placed on the map.
    #[schemars(range(min = 1, max = MAX_TILE_NUMBER))]
    pub tile: u32,
    /// Hex index 1..19 in reading order on that tile.
    #[schemars(range(min = 1, max = MAX_TILE_NUMBER))]
    pub hex: u32,
}

/// A hex on the map in any of the accepted forms; resolve it against a board to get a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, JsonSchema)]
#[serde(untagged)]
#[schemars(
    title = "hex reference",
    description = "A hex: global axial [q, r], \"T/I\" (tile T, hex index I), or {tile: T, hex: I}."
)]
pub enum HexRef {
    /// Global axial coordinates `[q, r]`.
    Axial(#[schemars(schema_with = "axial_schema")] [i32; 2]),
    /// `"T/I"`: tile T, hex index I.
    Tile(TileHex),
    /// `{tile: T, hex: I}`.
    TileMap(TileHexMap),
}

impl HexRef {
    /// The tile/index pair when the reference names a tile hex, whichever form was written.
    pub fn tile_hex(&self) -> Option<TileHex> {
        match *self {
            HexRef::Axial(_) => None,
            HexRef::Tile(th) => Some(th),
            HexRef::TileMap(TileHexMap { tile, hex }) => Some(TileHex { tile, hex }),
        }
    }
}

impl fmt::Display for HexRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HexRef::Axial([q, r]) => write!(f, "[{q}, {r}]"),
            HexRef::Tile(th) => write!(f, "{th}"),
            HexRef::TileMap(TileHexMap { tile, hex }) => write!(f, "{{tile: {tile}, hex: {hex}}}"),
        }
    }
}

/// Largest coordinate accepted: maps are a few dozen hexes across, and the bound keeps all hex
/// arithmetic far from integer overflow.
pub const MAX_COORDINATE: i32 = 10_000;

/// Schema of an axial `[q, r]` pair.
pub fn axial_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": "array",
        "description": "Global axial coordinates [q, r]; r grows downwards.",
        "items": {"type": "integer", "minimum": -MAX_COORDINATE, "maximum": MAX_COORDINATE},
        "minItems": 2,
        "maxItems": 2,
        "examples": [[0, 0], [5, -2]]
    })
}

/// One hex, or the list of contiguous hexes a multi-hex figure covers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(untagged)]
#[schemars(
    title = "position",
    description = "Where a token stands: one hex reference, or a list of hex references for a multi-hex figure."
)]
pub enum Footprint {
    /// A single hex.
    One(HexRef),
    /// Several hexes, for figures such as Omnitron-V (3) or the Tyrannosaurus rex (2, head first).
    Many(#[schemars(length(min = 1))] Vec<HexRef>),
}

impl Footprint {
    /// The hexes in the order written; the first one is the head for a T-rex.
    pub fn hexes(&self) -> &[HexRef] {
        match self {
            Footprint::One(h) => std::slice::from_ref(h),
            Footprint::Many(v) => v,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_hex_parses_with_spaces_and_rejects_garbage() {
        assert_eq!("3/7".parse::<TileHex>(), Ok(TileHex { tile: 3, hex: 7 }));
        assert_eq!(
            " 12 / 19 ".parse::<TileHex>(),
            Ok(TileHex { tile: 12, hex: 19 })
        );
        assert!("3-7".parse::<TileHex>().is_err());
        assert!("a/7".parse::<TileHex>().is_err());
        assert!("3/".parse::<TileHex>().is_err());
        assert!("-1/3".parse::<TileHex>().is_err());
    }

    #[test]
    fn hex_ref_reads_all_three_forms() {
        let refs: Vec<HexRef> =
            serde_json::from_str(r#"[[1,-2], "3/7", {"tile": 2, "hex": 19}]"#).unwrap();
        assert_eq!(refs[0], HexRef::Axial([1, -2]));
        assert_eq!(refs[1], HexRef::Tile(TileHex { tile: 3, hex: 7 }));
        assert_eq!(refs[2], HexRef::TileMap(TileHexMap { tile: 2, hex: 19 }));
    }

    #[test]
    fn footprint_tells_one_hex_from_a_list() {
        let one: Footprint = serde_json::from_str("[1, 2]").unwrap();
        assert_eq!(one.hexes(), &[HexRef::Axial([1, 2])]);
        let many: Footprint = serde_json::from_str(r#"[[1, 2], [2, 2], "1/3"]"#).unwrap();
        assert_eq!(many.hexes().len(), 3);
    }
}

/// One hex, or a list of hexes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Hexes {
    /// One hex.
    One(#[schemars(schema_with = "axial_schema")] [i32; 2]),
    /// Several hexes.
    Many(#[schemars(schema_with = "axial_list_schema")] Vec<[i32; 2]>),
}

impl Hexes {
    /// The hexes, in the order written.
    pub fn as_slice(&self) -> &[[i32; 2]] {
        match self {
            Hexes::One(at) => std::slice::from_ref(at),
            Hexes::Many(list) => list,
        }
    }
}

/// A non-empty list of `[q, r]` hexes.
pub fn axial_list_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": "array",
        "minItems": 1,
        "items": {
            "type": "array",
            "items": {"type": "integer", "minimum": -MAX_COORDINATE, "maximum": MAX_COORDINATE},
            "minItems": 2,
            "maxItems": 2
        },
        "examples": [[[0, 0], [1, 0]]]
    })
}
