//! Designer assertions for a Solar Sentinels deck: the notions of the assertions a solo game
//! without a map has: how often the player wins, by the deck's seeded simulation, and the odds
//! of one engagement against some of its cards.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::claims::{Bounds, default_games, default_seed};

/// One claim. Each kind is a key of its own, so a list reads as a checklist.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
#[schemars(title = "deck-assertion")]
pub enum Assertion {
    /// How often the player wins with the deck, in seeded simulation.
    Balance(DeckBalanceClaim),
    /// The chance of defeating some cards in one engagement, under the best play.
    Odds(DeckOddsClaim),
}

/// `{odds: {cards: [ID, ...], defeat-all: {at-least: P}, hero: ID}}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct DeckOddsClaim {
    /// The conflict cards or bosses engaged at once, by id (1 to 16: an endgame's boss, an
    /// entourage of up to 9 and one enemy for each of up to 6 unfinished missions). Past 4,
    /// best play's chance is known between two bounds: the claim holds when both do.
    #[schemars(length(min = 1, max = 16))]
    pub cards: Vec<String>,
    /// Bounds on the chance, from 0 to 1, of defeating every one of them this round, rolling
    /// the setup's dice (after its handicaps) with the best choices at each step.
    pub defeat_all: Bounds,
    /// The hero engaging them (its ability and Strategy); without it, the setup's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "crate::header::id_schema")]
    pub hero: Option<String>,
}

/// `{balance: {win-rate: [LOW, HIGH], games: N, seed: S, hero: ID}}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct DeckBalanceClaim {
    /// The share of games the player should win, from 0 to 1: the 95% interval of the share
    /// must lie inside; it fails when the interval lies outside, and warns when it straddles an
    /// edge.
    #[schemars(schema_with = "crate::claims::win_rate_schema")]
    pub win_rate: [f64; 2],
    /// Games to play with each hero (or with the one named): more narrow the interval.
    #[serde(default = "default_games")]
    #[schemars(range(min = 1, max = 100_000))]
    pub games: u32,
    /// The run's seed: the same seed plays the same games on any machine.
    #[serde(default = "default_seed")]
    pub seed: u32,
    /// Only this hero's games; without it, every hero's, as `megahex simulate` plays them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "crate::header::id_schema")]
    pub hero: Option<String>,
    /// The rank to play at (1 to 6); without it, the setup's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 6))]
    pub rank: Option<u32>,
}
