//! The largest values the schema accepts, so a text editor, check-jsonschema and `megahex
//! validate` refuse the same files. Each is well beyond any real scenario and small enough that
//! no check or simulation does unbounded work on a hostile value.

/// Rounds: `round-limit`, an objective's `rounds`, a reinforcement's `round`.
pub const MAX_ROUNDS: u32 = 99;
/// Health and damage: a figure panel's Health tops out in the twenties.
pub const MAX_HEALTH: u32 = 99;
/// How many: an objective's `count`, a reinforcement's `count`.
pub const MAX_COUNT: u32 = 99;
/// Distances in hexes: radius, reach, origin, push, Move. A map of eight tiles is about 20 across.
pub const MAX_HEXES: u32 = 20;
/// Effect tokens of one kind a figure holds or spends at once.
pub const MAX_EFFECT_TOKENS: u32 = 20;
/// Tile and hex numbers, for custom catalogs with more tiles than the box.
pub const MAX_TILE_NUMBER: u32 = 999_999;
