//! 20 Strong: Solar Sentinels (seeds 001-003): a solo dice-and-card game with no map. So far its
//! unit dice and the exact odds of a committed pool; the deck file, its checks and the
//! simulation follow.

pub mod dice;
pub mod engagement;

pub use dice::{Colour, DieFaces, Pool, PoolError, at_least, pool_odds};
