//! The command line's Solar Sentinels answers: a pool's odds and one round's engagement, and
//! whole games of a deck. A deck has no map, so the map queries are not among them.

pub mod odds;
pub mod simulate;

/// Why a map query has no answer on a deck, and what to ask instead.
pub const NO_MAP: &str = "a solar-sentinels deck has no map: ask `megahex odds --ruleset solar-sentinels` or `megahex simulate` instead";
