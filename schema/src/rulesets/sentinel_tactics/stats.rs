//! Figure stats a designer writes down so the simulation can play a figure: health, actions,
//! defence, movement and attacks as dice codes. They live in a scenario's `stats:` map or in a
//! roster catalog (`catalog:`), never in the built-in catalog: official card numbers are not
//! invented here.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::limits::{MAX_EFFECT_TOKENS, MAX_HEALTH, MAX_HEXES};

/// What a figure can do in a game, as far as the simulation needs. Every key is optional; a
/// simulation that needs a missing one says which.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct FigureStats {
    /// Health tokens at the start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = MAX_HEALTH))]
    pub health: Option<u32>,
    /// Actions each turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 9))]
    pub actions: Option<u32>,
    /// Defence dice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0, max = 12))]
    pub defense: Option<u32>,
    /// How the move value is found: dice rolled each turn, or a printed value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub movement: Option<Movement>,
    /// Ignores elevation when moving.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub mobility: bool,
    /// Innate and power-card attacks.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attacks: Vec<AttackStats>,
    /// The character's power cards, by name: its hand, from which cards are put in play
    /// (rulebook "Power Cards"). An attack whose `card` names one is usable only while that
    /// card is in play. Left out, every attack is always usable.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = 64))]
    pub cards: Vec<String>,
    /// The power cards in play at the start ("each character gets two of their cards in
    /// play"), by name among `cards`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub in_play: Vec<String>,
    /// Most power cards in play at once: 2 ("no more than two power cards in play at a time,
    /// unless they have an ability that indicates otherwise").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 9))]
    pub cards_in_play: Option<u32>,
}

impl FigureStats {
    /// Most power cards in play at once: `cards-in-play`, else the rulebook's two.
    pub fn most_cards_in_play(&self) -> u32 {
        self.cards_in_play.unwrap_or(2)
    }
}

/// The move value: rolled (dice and which die counts) or printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Movement {
    /// Roll dice each To Be Continued phase and keep one.
    Rolled(RolledMovement),
    /// A printed move value (no roll).
    Static(StaticMovement),
}

/// `{dice: 3, pick: median}`: roll `dice` dice and keep the picked one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct RolledMovement {
    /// How many dice.
    #[schemars(range(min = 1, max = 6))]
    pub dice: u32,
    /// Which die is the move value.
    pub pick: Pick,
}

/// `{value: 4}`: a printed move value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct StaticMovement {
    /// The move value.
    #[schemars(range(min = 0, max = MAX_HEXES))]
    pub value: u32,
}

/// Which of the movement dice is the move value (rulebook "Movement").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Pick {
    /// The up arrow: the highest die.
    Highest,
    /// The down arrow: the lowest die.
    Lowest,
    /// The sideways arrow: the middle die (with an even number of dice, the lower middle one).
    Median,
}

/// How an attack picks its targets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum AttackKind {
    /// One target in an adjacent hex.
    Melee,
    /// One target in line of sight at any distance; dice under the range miss.
    Range,
    /// Every hex within `radius` of an origin up to `origin` hexes away.
    Area,
    /// The three hexes around a corner of a hex up to `origin` hexes away.
    Vertex,
}

/// One attack as its die code and targeting.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct AttackStats {
    /// The attack's name on the card or panel.
    pub name: String,
    /// How it picks targets.
    pub kind: AttackKind,
    /// Dice in the die code.
    #[schemars(range(min = 0, max = 12))]
    pub dice: u32,
    /// Auto-miss faces.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(inner(range(min = 1, max = 6)))]
    pub auto_miss: Vec<u8>,
    /// Reach: range counts as this much less.
    #[serde(default, skip_serializing_if = "is_zero")]
    #[schemars(range(max = MAX_HEXES))]
    pub reach: u32,
    /// Area and vertex attacks: how far away the origin may be.
    #[serde(default, skip_serializing_if = "is_zero")]
    #[schemars(range(max = MAX_HEXES))]
    pub origin: u32,
    /// Area attacks: the radius hit around the origin.
    #[serde(default, skip_serializing_if = "is_zero")]
    #[schemars(range(max = MAX_HEXES))]
    pub radius: u32,
    /// Push on a hit, in hexes.
    #[serde(default, skip_serializing_if = "is_zero")]
    #[schemars(range(max = MAX_HEXES))]
    pub push: u32,
    /// Unlimited: the ability may be used more than once a turn (each use still costs an
    /// action). Without it, an attack is used at most once a turn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unlimited: bool,
    /// What using it costs instead of an action ("abilities which have costs other than
    /// actions ... such as health actions or ... Bunker's Omni-Cannon (which costs four attack+1
    /// tokens to activate)"). Left out, it costs one action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<AbilityCost>,
    /// One-Shot: used once, then out of play until the character is incapacitated ("may only
    /// be used once per incapacitation").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub one_shot: bool,
    /// The power card it is on, by name among the figure's `cards`: usable only while that
    /// card is in play. Left out, it is on the character panel and always usable.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
}

/// An ability's cost other than an action: `{health: 1}` for a health ability,
/// `{attack-plus: 4}` for the Omni-Cannon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct AbilityCost {
    /// Health the character loses to use it.
    #[serde(default, skip_serializing_if = "is_zero")]
    #[schemars(range(max = MAX_HEALTH))]
    pub health: u32,
    /// Attack+1 tokens the character spends to use it.
    #[serde(default, skip_serializing_if = "is_zero")]
    #[schemars(range(max = MAX_EFFECT_TOKENS))]
    pub attack_plus: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// Stats by figure id (`character:` of a token, or a roster figure's id).
pub type StatsByFigure = BTreeMap<String, FigureStats>;
