//! Designer assertions for a hex-skirmish arena: the claims whose notion the ruleset has (sight,
//! range, reach, odds, balance), written in the form every map game shares so a designer learns one.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use crate::claims::{
    BalanceClaim, Bounds, OddsClaim, Place, RangeClaim, ReachClaim, ReachMeasure, SightClaim,
};

/// One claim. Each kind is a key of its own, so a list reads as a checklist.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
#[schemars(title = "skirmish-assertion")]
pub enum Assertion {
    /// Whether one end sees the other (a unit id, a chest id or a hex `[q, r]`).
    Sight(SightClaim),
    /// The range between two ends, as the ruleset counts it.
    Range(RangeClaim),
    /// How many turns a unit needs, moving with its actions, to stand on a hex.
    Reach(ReachClaim),
    /// What one blow of a unit's weapon or spell does to another unit.
    Odds(OddsClaim),
    /// A team's win rate in seeded self-play.
    Balance(BalanceClaim),
}
