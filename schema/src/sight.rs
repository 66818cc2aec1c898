//! Line-of-sight settings that every ruleset on a hex map offers, each defaulting to its own
//! rulebook: the same words mean the same geometry in every game.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Which hexes block line of sight by elevation.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum LosBlocking {
    /// The rulebook: a hex between the two blocks if it is higher than either end.
    #[default]
    HigherThanEither,
    /// A house rule: a hex blocks only if it is higher than both ends.
    HigherThanBoth,
}

/// How a line grazing blocking hexes is judged.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum LosEdges {
    /// A house rule: a line is blocked only if it enters the inside of the blocking hexes, so
    /// grazing a corner or running along an outer edge sees past them.
    Permissive,
    /// The rulebook (default): a line touching any blocking hex, even at a corner, is blocked,
    /// so a raised hex "perfectly between" two figures stops their line of sight.
    #[default]
    Strict,
}
