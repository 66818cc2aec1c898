//! One folder per game. Each ruleset keeps its own rules here (terrain meaning, dice and odds,
//! actions, checks, playtest replay, self-play) on top of the shared hex geometry in
//! [`crate::board`]; the pipeline in [`crate::check`] and the CLI dispatch on a scenario's
//! `ruleset`.

pub mod hex_skirmish;
pub mod sentinel_tactics;
pub mod solar_sentinels;
