//! The `hex-skirmish` ruleset (seed 004 and `reference/hex-skirmish.md`): a hex-map arena game
//! with an action budget, a D10 strike against a D10 defence (ties to the attacker) and soak.
//!
//! Only its exact numbers are here so far (a strike's odds, turns to kill, the water monster's chance); the scenario body, checks, playtests and
//! self-play follow on the ruleset seam.

pub mod damage;
pub mod kill;
pub mod monster;
pub mod odds;

pub use damage::{Damage, DamageError};
pub use kill::{KillTable, turns_to_kill};
pub use monster::Trigger;
pub use odds::{OddsError, Strike, hit_ways, odds};
