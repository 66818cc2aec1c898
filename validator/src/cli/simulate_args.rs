//! The options of `megahex simulate`, for every game that plays seeded games.

use std::path::PathBuf;

use clap::Args;

/// What to play.
#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// The scenario file (a sentinel-tactics scenario needs stats for every figure; see
    /// docs/simulation.md).
    pub(super) scenario: PathBuf,
    /// Games to play.
    #[arg(long, default_value_t = 1000)]
    pub(super) games: u32,
    /// Random seed: the same seed gives the same report.
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
    /// Print JSON.
    #[arg(long)]
    pub(super) json: bool,
    /// Solar Sentinels: the ranks to play every hero at, as `2`, `1,3` or `1-6` (default: the
    /// setup's rank, or no missions without one).
    #[arg(long, value_name = "RANKS")]
    pub(super) ranks: Option<String>,
    /// Solar Sentinels: a second version of the deck to compare with, played with the same
    /// seeds; the report adds the difference in win rate and its interval.
    #[arg(long, value_name = "DECK")]
    pub(super) against: Option<PathBuf>,
}
