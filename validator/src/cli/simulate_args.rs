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
    /// Also play each team by a stronger player (a lookahead) against simple opponents, GAMES
    /// games each (100 when no number is given), and report how much skill changes the result;
    /// for a deck played alone, self-play's policy against greedy dice play.
    #[arg(long, value_name = "GAMES", num_args = 0..=1, default_missing_value = "100")]
    pub skill: Option<u32>,
}
