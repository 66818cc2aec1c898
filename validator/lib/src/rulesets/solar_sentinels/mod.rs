//! 20 Strong: Solar Sentinels (seeds 001-003): a solo dice-and-card game with no map: its unit
//! dice, the exact odds of a committed pool and of a round's engagement, and the checks and
//! lints on a deck file.

pub mod assertions;
pub mod checks;
pub mod deck;
pub mod dice;
pub mod engage;
pub mod engaged;
pub mod engagement;
pub mod game;
pub mod hover;
pub mod lints;
pub mod odds_report;
pub mod reach;
pub mod replay;
pub mod selfplay;
pub mod simulation_report;
pub mod symbols;

pub use dice::{Colour, DieFaces, Pool, PoolError, at_least, pool_odds, pool_odds_dealing};
