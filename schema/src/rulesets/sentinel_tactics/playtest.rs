//! A scripted playtest: turns of actions with the dice already rolled, which `megahex validate`
//! replays under the rules to report the first action that breaks them.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::hexref::HexRef;
use crate::limits::{MAX_EFFECT_TOKENS, MAX_HEALTH, MAX_HEXES};

/// One figure's turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct PlaytestTurn {
    /// The token id of the figure taking the turn.
    pub turn: String,
    /// The move value this turn (rolled at the end of the figure's last turn). Needed for Move
    /// when the figure's movement is rolled; a printed value is used otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0, max = MAX_HEXES))]
    pub move_value: Option<u32>,
    /// The movement dice rolled for this turn's move value (at the end of the figure's last
    /// turn, or at the start of the game), as they fell: the figure's `movement` says how many
    /// and which one counts. Gives the move value; with `move-value` too, the two must agree.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(inner(range(min = 1, max = 6)))]
    pub move_dice: Vec<u8>,
    /// Power Up, the turn's first phase: put a power card in play from the hand (`{place:
    /// NAME}`, while fewer are in play than the figure may hold), or replace one in play with
    /// a different one (`{replace: NAME, with: NAME}`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power_up: Option<PowerUp>,
    /// The actions, in order.
    // Written `move: [...]` in YAML too: serde_yaml's own enum form would be a `!move` tag,
    // which scenario files do not allow.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        with = "serde_yaml::with::singleton_map_recursive"
    )]
    #[schemars(with = "Vec<PlaytestAction>")]
    pub actions: Vec<PlaytestAction>,
    /// The dice of each hazard attack this turn, in the order the hazards strike: a figure
    /// entering a hazard space (moving or pushed), then the hazards the figure stands in at the
    /// end of its turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hazards: Vec<HazardRoll>,
}

/// A Power Up phase's change to the power cards in play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum PowerUp {
    /// Pick up a card in play and put a different one from the hand in its place.
    Replace(ReplaceCard),
    /// Put a card from the hand in play.
    Place(PlaceCard),
}

/// `{replace: Flame Barrier, with: Inferno}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct ReplaceCard {
    /// The card in play picked up.
    pub replace: String,
    /// The card from the hand put in play.
    pub with: String,
}

/// `{place: Inferno}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct PlaceCard {
    /// The card from the hand put in play.
    pub place: String,
}

/// The dice of one hazard attack: the hazard's roll and the target's defence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct HazardRoll {
    /// The hazard's attack dice.
    #[schemars(inner(range(min = 1, max = 6)))]
    pub roll: Vec<u8>,
    /// The target spends its Dodge token.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dodge: bool,
    /// Defense+1 tokens the target spends: that many extra dice in `defense`.
    #[serde(default, skip_serializing_if = "is_zero")]
    #[schemars(range(max = MAX_EFFECT_TOKENS))]
    pub defense_plus: u32,
    /// The target's defence dice.
    #[serde(default)]
    #[schemars(inner(range(min = 1, max = 6)))]
    pub defense: Vec<u8>,
    /// The damage the script expects; a different result is reported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = MAX_HEALTH))]
    pub damage: Option<u32>,
    /// Overkill push: the hexes the target is pushed through, one step each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub push: Vec<HexRef>,
}

/// One action of a turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PlaytestAction {
    /// Move along these hexes, one step at a time (the start hex left out).
    Move(MovePath),
    /// Sprint: up to two hexes, ignoring elevation.
    Sprint(MovePath),
    /// Gain an Aim token.
    Aim,
    /// Gain a Dodge token.
    Dodge,
    /// Attack with the dice given.
    Attack(PlaytestAttack),
}

/// The hexes a Move or Sprint steps through: a list, or for a multi-hex figure that ends in a
/// new shape, the list with the hexes it is placed on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum MovePath {
    /// The hexes stepped through, one step at a time (the start hex left out).
    Steps(Vec<HexRef>),
    /// A multi-hex figure's move that ends in a shape of the designer's choosing.
    Placed(PlacedMove),
}

impl MovePath {
    /// The hexes stepped through.
    pub fn steps(&self) -> &[HexRef] {
        match self {
            MovePath::Steps(steps) => steps,
            MovePath::Placed(placed) => &placed.path,
        }
    }

    /// Where a multi-hex figure is placed at the end, when the script says.
    pub fn place(&self) -> Option<&[HexRef]> {
        match self {
            MovePath::Steps(_) => None,
            MovePath::Placed(placed) => Some(&placed.place),
        }
    }
}

impl From<Vec<HexRef>> for MovePath {
    fn from(steps: Vec<HexRef>) -> MovePath {
        MovePath::Steps(steps)
    }
}

/// A multi-hex figure's move with its new shape: the rulebook lets Omnitron-V end "in any
/// configuration" with one of its hexes on the path's end.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct PlacedMove {
    /// The hexes stepped through from one of the figure's hexes, one step at a time (the start
    /// hex left out); empty to stay put and only turn.
    #[serde(default)]
    pub path: Vec<HexRef>,
    /// The hexes the figure covers at the end; one of them is the path's last hex.
    #[schemars(length(min = 1))]
    pub place: Vec<HexRef>,
}

/// An attack with its dice: one target (`target` and the defence keys beside it), or for an
/// area or vertex attack, every target it hits (`targets`), all sharing one `roll`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct PlaytestAttack {
    /// The attack's `name` in the attacker's stats.
    pub with: String,
    /// The target's token id (one target).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    /// Every target an area or vertex attack hits, each with its own defence, in the order
    /// they are resolved. Figures in the template that are left out make the attack illegal.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub targets: Vec<PlaytestTarget>,
    /// Area and vertex attacks: the origin hex.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<HexRef>,
    /// Vertex attacks: the corner of the origin hex, 0 (east) clockwise to 5.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0, max = 5))]
    pub corner: Option<u8>,
    /// The attacker spends its Aim token (with `targets`: on the first target only).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub aim: bool,
    /// One target: Attack+1 tokens spent, that many extra dice at the end of `roll`.
    #[serde(default, skip_serializing_if = "is_zero")]
    #[schemars(range(max = MAX_EFFECT_TOKENS))]
    pub attack_plus: u32,
    /// The attack dice rolled (one target: its Attack+1 dice included; with `targets`, the one
    /// roll for all of them, each target's Attack+1 dice given as its `extra-dice`).
    #[schemars(inner(range(min = 1, max = 6)))]
    pub roll: Vec<u8>,
    /// One target: the defender spends its Dodge token.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dodge: bool,
    /// One target: Defense+1 tokens the defender spends, that many extra dice in `defense`.
    #[serde(default, skip_serializing_if = "is_zero")]
    #[schemars(range(max = MAX_EFFECT_TOKENS))]
    pub defense_plus: u32,
    /// One target: the defence dice rolled.
    #[serde(default)]
    #[schemars(inner(range(min = 1, max = 6)))]
    pub defense: Vec<u8>,
    /// One target: the damage the script expects; a different result is reported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = MAX_HEALTH))]
    pub damage: Option<u32>,
    /// One target: the push (overkill, and the attack's `push` stat), the hexes the target is
    /// pushed through, one step each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub push: Vec<HexRef>,
}

/// One target of an attack that hits several, with its own dice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct PlaytestTarget {
    /// The target's token id.
    pub target: String,
    /// Attack+1 dice rolled for this target alone (one token each).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(inner(range(min = 1, max = 6)))]
    pub extra_dice: Vec<u8>,
    /// The target spends its Dodge token.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dodge: bool,
    /// Defense+1 tokens the target spends: that many extra dice in `defense`.
    #[serde(default, skip_serializing_if = "is_zero")]
    #[schemars(range(max = MAX_EFFECT_TOKENS))]
    pub defense_plus: u32,
    /// The target's defence dice.
    #[serde(default)]
    #[schemars(inner(range(min = 1, max = 6)))]
    pub defense: Vec<u8>,
    /// The damage the script expects; a different result is reported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = MAX_HEALTH))]
    pub damage: Option<u32>,
    /// The push, the hexes the target is pushed through, one step each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub push: Vec<HexRef>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}
