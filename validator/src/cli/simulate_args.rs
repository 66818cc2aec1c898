//! The options of `megahex simulate` that every game reads: how many games, the seed, JSON.

use clap::Args;

// How many games, from which seed, printed how.
#[derive(Debug, Args)]
pub struct Plays {
    /// Games to play.
    #[arg(long, default_value_t = 1000)]
    pub games: u32,
    /// Random seed: the same seed gives the same report.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}
