//! The `hex-skirmish` ruleset (seed 004 and `reference/hex-skirmish.md`): a hex-map arena game
//! with an action budget, a D10 strike against a D10 defence (ties to the attacker) and soak.
//!
//! `arena` is the map and its terrain, `game` what a scenario fixes for a game, `state` the
//! turn and round flow, `action` the actions of a turn; checks, playtest replay, self-play and
//! the exact odds are built on them, so each rule has one home.

pub mod action;
pub mod arena;
pub mod assertions;
pub mod checks;
pub mod damage;
pub mod duel;
pub mod game;
pub mod hover;
pub mod kill;
pub mod matchups;
pub mod monster;
pub mod moves;
pub mod odds;
pub mod odds_report;
pub mod replay;
pub mod selfplay;
pub mod state;
pub mod symbols;
pub mod view;

pub use damage::{Damage, DamageError};
pub use kill::{KillTable, turns_to_kill};
pub use monster::Trigger;
pub use odds::{Blow, OddsError, Strike, blow_odds, hit_ways, odds};

#[cfg(test)]
mod tests;
