//! The tile and figure catalog: facts about the printed components.
//!
//! The default catalog ships inside the binaries. A user catalog in the same shape corrects or
//! extends it without a rebuild: entries with a known id replace the built-in one, new ids are
//! added.

use std::collections::{BTreeMap, HashSet};
use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::scenario::{Side, TokenKind};

/// The catalog text compiled into every binary.
pub const DEFAULT_CATALOG_YAML: &str = include_str!("../../../catalog/default.yaml");

/// Tile sides and figures, as loaded from one catalog file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Catalog {
    /// Catalog format version (1).
    pub format: u32,
    /// Tile sides.
    #[serde(default)]
    pub tiles: Vec<TileSide>,
    /// Figures that tokens name with `character:`.
    #[serde(default)]
    pub figures: Vec<Figure>,
}

/// One printed side of a tile.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct TileSide {
    /// Short id such as `M1` or `IP8`.
    pub id: String,
    /// Tile number shared by both faces.
    pub tile: u32,
    /// Which face this is.
    pub side: Side,
    /// The hexes, in reading order.
    pub hexes: Vec<CatalogHex>,
}

/// One hex of a tile side, in the tile's own coordinates.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct CatalogHex {
    /// Reading-order index 1..19.
    pub index: u32,
    /// Axial q relative to the tile's centre hex.
    pub q: i32,
    /// Axial r relative to the tile's centre hex.
    pub r: i32,
    /// Elevation 1..4 (white dots on the hex).
    pub elevation: u8,
    /// Terrain tags.
    #[serde(default)]
    pub terrain: Vec<Terrain>,
    /// Dominant ground colour (informational).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub surface: Option<String>,
    /// Transcription note.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl CatalogHex {
    /// Jungle cover blocks line of sight (rulebook "Environment Effects").
    pub fn is_cover(&self) -> bool {
        self.terrain.contains(&Terrain::Cover)
    }

    /// Volcano lava, a hazard only when the scenario turns it on.
    pub fn is_lava(&self) -> bool {
        self.terrain.contains(&Terrain::Lava)
    }
}

/// Terrain tags on a hex.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Terrain {
    /// Green-outlined jungle: blocks line of sight.
    Cover,
    /// Volcano lava: a hazard under "Flow of Fiery Lava".
    Lava,
    /// River or pool (no rule effect).
    Water,
    /// Grass (no rule effect).
    Park,
}

impl Terrain {
    /// The name written in files.
    pub fn as_str(self) -> &'static str {
        match self {
            Terrain::Cover => "cover",
            Terrain::Lava => "lava",
            Terrain::Water => "water",
            Terrain::Park => "park",
        }
    }
}

/// A figure of the roster.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Figure {
    /// Id that tokens use in `character:`.
    pub id: String,
    /// Printed name.
    pub name: String,
    /// Character, minion or environment figure.
    pub kind: FigureKind,
    /// Footprint size in hexes, where the rulebook gives it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hexes: Option<u32>,
    /// How a multi-hex figure moves.
    #[serde(default)]
    pub movement: FigureMovement,
    /// Source note.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Stats for the simulation, in a roster catalog (the built-in one has none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stats: Option<super::stats::FigureStats>,
}

/// Which token kinds may name a figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum FigureKind {
    /// Has a character panel.
    Character,
    /// A minion.
    Minion,
    /// An environment figure.
    Environment,
}

impl FigureKind {
    /// The token kind that places this figure.
    pub fn token_kind(self) -> TokenKind {
        match self {
            FigureKind::Character => TokenKind::Character,
            FigureKind::Minion => TokenKind::Minion,
            FigureKind::Environment => TokenKind::Environment,
        }
    }
}

/// Movement rules for multi-hex figures (rulebook: Omnitron-V, Tyrannosaurus Rex Token).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum FigureMovement {
    /// One hex.
    #[default]
    Single,
    /// Ends in any configuration with one hex on a valid end point.
    AnyConfiguration,
    /// The head moves and the rest follows in line.
    Tail,
}

/// A catalog that could not be used, with a line and column where serde knows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatalogError {
    /// What is wrong, in words.
    pub message: String,
    /// JSON pointer to the entry at fault, for a loader that knows where each node stands.
    pub pointer: Option<String>,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// 1-based column, when known.
    pub column: Option<usize>,
}

impl fmt::Display for CatalogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(line), Some(column)) => {
                write!(f, "line {line}, column {column}: {}", self.message)
            }
            _ => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for CatalogError {}

impl Catalog {
    /// Parses and checks a catalog file's text.
    pub fn from_yaml(text: &str) -> Result<Catalog, CatalogError> {
        let catalog: Catalog = serde_yaml::from_str(text).map_err(|err| CatalogError {
            message: err.to_string(),
            pointer: None,
            line: err.location().map(|l| l.line()),
            column: err.location().map(|l| l.column()),
        })?;
        catalog.check()?;
        Ok(catalog)
    }

    /// The built-in catalog.
    pub fn builtin() -> Catalog {
        // The embedded file is checked by a unit test, so failing here is a build defect; an
        // empty catalog keeps the tools running and every tile then reports `tile-unknown`.
        Catalog::from_yaml(DEFAULT_CATALOG_YAML).unwrap_or(Catalog {
            format: 1,
            tiles: Vec::new(),
            figures: Vec::new(),
        })
    }

    /// Checks what the types cannot say: one format, unique ids, faces and hexes, elevations.
    pub fn check(&self) -> Result<(), CatalogError> {
        let fail = |pointer: String, message: String| {
            Err(CatalogError {
                message,
                pointer: Some(pointer),
                line: None,
                column: None,
            })
        };
        if self.format != 1 {
            return fail(
                "/format".into(),
                format!(
                    "catalog format {} is not supported (expected 1)",
                    self.format
                ),
            );
        }
        let mut side_ids = HashSet::new();
        let mut faces = HashSet::new();
        for (s, side) in self.tiles.iter().enumerate() {
            if !side_ids.insert(side.id.as_str()) {
                return fail(
                    format!("/tiles/{s}/id"),
                    format!("tile side id `{}` appears twice", side.id),
                );
            }
            if !faces.insert((side.tile, side.side)) {
                return fail(
                    format!("/tiles/{s}/side"),
                    format!("tile {} has two {} sides", side.tile, side.side.as_str()),
                );
            }
            let mut indexes = HashSet::new();
            let mut places = HashSet::new();
            for (h, hex) in side.hexes.iter().enumerate() {
                if !indexes.insert(hex.index) {
                    return fail(
                        format!("/tiles/{s}/hexes/{h}/index"),
                        format!("{}: hex index {} appears twice", side.id, hex.index),
                    );
                }
                if !places.insert((hex.q, hex.r)) {
                    return fail(
                        format!("/tiles/{s}/hexes/{h}"),
                        format!("{}: two hexes at q={}, r={}", side.id, hex.q, hex.r),
                    );
                }
                if !(1..=4).contains(&hex.elevation) {
                    return fail(
                        format!("/tiles/{s}/hexes/{h}/elevation"),
                        format!(
                            "{}: hex {} has elevation {}, expected 1..4",
                            side.id, hex.index, hex.elevation
                        ),
                    );
                }
            }
            if side.hexes.is_empty() {
                return fail(
                    format!("/tiles/{s}/hexes"),
                    format!("{} has no hexes", side.id),
                );
            }
        }
        let mut figure_ids = HashSet::new();
        for (f, figure) in self.figures.iter().enumerate() {
            if !figure_ids.insert(figure.id.as_str()) {
                return fail(
                    format!("/figures/{f}/id"),
                    format!("figure id `{}` appears twice", figure.id),
                );
            }
        }
        Ok(())
    }

    /// This catalog with `overlay`'s entries replacing same-id entries and adding new ones.
    pub fn merged(&self, overlay: &Catalog) -> Result<Catalog, CatalogError> {
        let mut tiles: BTreeMap<(u32, Side), TileSide> = self
            .tiles
            .iter()
            .map(|s| ((s.tile, s.side), s.clone()))
            .collect();
        for side in &overlay.tiles {
            tiles.insert((side.tile, side.side), side.clone());
        }
        let mut figures: Vec<Figure> = self.figures.clone();
        for figure in &overlay.figures {
            match figures.iter_mut().find(|f| f.id == figure.id) {
                Some(slot) => *slot = figure.clone(),
                None => figures.push(figure.clone()),
            }
        }
        let merged = Catalog {
            format: 1,
            tiles: tiles.into_values().collect(),
            figures,
        };
        merged.check()?;
        Ok(merged)
    }

    /// The printed side for a tile number and face.
    pub fn side(&self, tile: u32, side: Side) -> Option<&TileSide> {
        self.tiles.iter().find(|s| s.tile == tile && s.side == side)
    }

    /// A figure by roster id.
    pub fn figure(&self, id: &str) -> Option<&Figure> {
        self.figures.iter().find(|f| f.id == id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_catalog_has_sixteen_full_sides() {
        let catalog = Catalog::from_yaml(DEFAULT_CATALOG_YAML).unwrap();
        assert_eq!(catalog.tiles.len(), 16);
        for tile in 1..=8 {
            for side in [Side::Megalopolis, Side::InsulaPrimalis] {
                let s = catalog.side(tile, side).unwrap();
                assert_eq!(s.hexes.len(), 19, "{}", s.id);
                for hex in &s.hexes {
                    let (q, r) = (hex.q, hex.r);
                    assert!(
                        (q.abs() + r.abs() + (q + r).abs()) / 2 <= 2,
                        "{} {}",
                        s.id,
                        hex.index
                    );
                }
            }
        }
    }

    #[test]
    fn builtin_catalog_keeps_cover_and_lava_from_the_reference() {
        let catalog = Catalog::builtin();
        // IP1 cover hexes per the reference file: 8, 10, 13, 15, 18, 19.
        let ip1 = catalog.side(1, Side::InsulaPrimalis).unwrap();
        let cover: Vec<u32> = ip1
            .hexes
            .iter()
            .filter(|h| h.is_cover())
            .map(|h| h.index)
            .collect();
        assert_eq!(cover, vec![8, 10, 13, 15, 18, 19]);
        // IP8 lava: the centre hex and its six neighbours.
        let ip8 = catalog.side(8, Side::InsulaPrimalis).unwrap();
        let mut lava: Vec<(i32, i32)> = ip8
            .hexes
            .iter()
            .filter(|h| h.is_lava())
            .map(|h| (h.q, h.r))
            .collect();
        lava.sort();
        assert_eq!(
            lava,
            vec![(-1, 0), (-1, 1), (0, -1), (0, 0), (0, 1), (1, -1), (1, 0)]
        );
    }

    #[test]
    fn overlay_replaces_by_id_and_adds_new_entries() {
        let base = Catalog::builtin();
        let overlay = Catalog::from_yaml(
            "format: 1\nfigures:\n  - {id: legacy, name: Legacy (house), kind: character, hexes: 1}\n  - {id: omni-reaper, name: Omni-Reaper, kind: character, hexes: 3, movement: any-configuration}\n",
        )
        .unwrap();
        let merged = base.merged(&overlay).unwrap();
        assert_eq!(merged.figure("legacy").unwrap().name, "Legacy (house)");
        assert_eq!(merged.figure("omni-reaper").unwrap().hexes, Some(3));
        assert_eq!(merged.figures.len(), base.figures.len() + 1);
    }

    #[test]
    fn bad_catalog_reports_its_line() {
        let err = Catalog::from_yaml("format: 1\ntiles:\n  - id: X\n    tile: nine\n").unwrap_err();
        assert_eq!(err.line, Some(4));
        let err = Catalog::from_yaml("format: 1\nfigures:\n  - {id: a, name: A, kind: character}\n  - {id: a, name: B, kind: minion}\n")
            .unwrap_err();
        assert!(err.message.contains("appears twice"));
    }
}
