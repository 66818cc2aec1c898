//! Designer assertions: claims about a scenario's map that `megahex validate` checks, so a
//! change that breaks what the designer meant (a sniper's lane, a distance to an objective)
//! fails CI at the claim's line.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use crate::claims::{
    BalanceClaim, Bounds, OddsClaim, Place, RangeClaim, ReachClaim, ReachMeasure, SightClaim,
};

/// One claim. Each kind is a key of its own, so a list reads as a checklist.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
#[schemars(title = "assertion")]
pub enum Assertion {
    /// Whether one end sees the other (the figure's best hex for a multi-hex figure).
    Sight(SightClaim),
    /// The rulebook's range (hexes plus elevation difference) between two ends.
    Range(RangeClaim),
    /// How many turns a figure needs, by its movement stats, to stand on a hex.
    Reach(ReachClaim),
    /// What one figure's attack does to another from where they stand.
    Odds(OddsClaim),
    /// The damage a team can expect to take on turn 1 from where everyone stands.
    Exposure(ExposureClaim),
    /// A team's win rate in seeded self-play.
    Balance(BalanceClaim),
}

/// `{exposure: {team: ID, turn-1-expected-damage: {at-most: X}}}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct ExposureClaim {
    /// The team whose figures are hit.
    #[schemars(schema_with = "crate::header::id_schema")]
    pub team: String,
    /// Bounds on the damage its figures can expect to take on turn 1: every enemy figure's
    /// attack that can hit one of them without moving, as the fairness report counts.
    #[serde(rename = "turn-1-expected-damage")]
    pub turn_1_expected_damage: Bounds,
}
