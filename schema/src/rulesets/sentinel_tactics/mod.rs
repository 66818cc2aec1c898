//! The `sentinel-tactics` ruleset's scenario body: tiles, tokens, objectives, figure stats and
//! scripted playtests, and the catalog of tile sides and figures they refer to.

pub mod assertions;
pub mod catalog;
mod hex_refs;
pub mod objective_rules;
pub mod playtest;
pub mod scenario;
pub mod stats;

pub use catalog::{
    Catalog, CatalogError, CatalogHex, Figure, FigureKind, FigureMovement, Terrain, TileSide,
};
pub use playtest::{
    HazardRoll, MovePath, PlaceCard, PlacedMove, PlaytestAction, PlaytestAttack, PlaytestTarget,
    PlaytestTurn, PowerUp, ReplaceCard,
};
pub use scenario::*;
pub use stats::{
    AbilityCost, AttackKind, AttackStats, FigureStats, Movement, Pick, RolledMovement,
    StaticMovement, StatsByFigure,
};
