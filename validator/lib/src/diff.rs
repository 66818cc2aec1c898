//! What changed between two versions of a scenario, and what the change does to the game:
//! the data behind `megahex diff` and the editor's "Changes" panel. Computing it is pure; the
//! reports in [`crate::report::diff`] write it out.

pub mod fields;

use megahex_schema::{AnyScenario, Ruleset};
use serde::{Deserialize, Serialize};

use crate::board::{Axial, Feature};
pub use fields::FieldChange;

/// Everything that differs between two scenario files.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ScenarioDiff {
    /// The ruleset of the new file.
    pub ruleset: String,
    /// Tiles added, removed, moved, turned or flipped.
    pub tiles: Vec<TileChange>,
    /// Hexes whose elevation or terrain changed, and the hexes the map gained or lost.
    pub hexes: HexChanges,
    /// Tokens added, removed, moved or otherwise changed, by id.
    pub tokens: Vec<TokenChange>,
    /// Objectives added, removed or changed, by id.
    pub objectives: Vec<ItemChange>,
    /// Every other key that changed: rules, teams, turn order, claims, stats.
    pub fields: Vec<FieldChange>,
    /// What the changes do to sight, reach, the claims and the fairness figures.
    pub consequences: Consequences,
}

impl ScenarioDiff {
    /// True when the two files describe the same scenario.
    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
            && self.hexes.is_empty()
            && self.tokens.is_empty()
            && self.objectives.is_empty()
            && self.fields.is_empty()
    }
}

/// What happened to a tile or a token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChangeKind {
    /// Only in the new file.
    Added,
    /// Only in the old file.
    Removed,
    /// In another place.
    Moved,
    /// Turned to another rotation.
    Turned,
    /// The other side up.
    Flipped,
    /// Some other key of it changed.
    Changed,
    /// Another tile put in its place (same centre, another tile number).
    Replaced,
}

impl ChangeKind {
    /// The word for it.
    pub fn word(self) -> &'static str {
        match self {
            ChangeKind::Added => "added",
            ChangeKind::Removed => "removed",
            ChangeKind::Moved => "moved",
            ChangeKind::Turned => "turned",
            ChangeKind::Flipped => "flipped",
            ChangeKind::Changed => "changed",
            ChangeKind::Replaced => "replaced",
        }
    }
}

/// A tile as placed, in the words a change report prints (as a file writes them).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlacedTile {
    /// The tile's number.
    pub tile: u32,
    /// The face up.
    pub side: String,
    /// Where its centre stands.
    pub at: Axial,
    /// Sixths of a turn clockwise.
    pub rotation: u8,
}

/// One physical tile's placement before and after.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TileChange {
    /// The tile's number (the new one, when another tile was put in its place).
    pub tile: u32,
    /// What happened, in order.
    pub kinds: Vec<ChangeKind>,
    /// The placement before, if it was on the map.
    pub old: Option<PlacedTile>,
    /// The placement after, if it is on the map.
    pub new: Option<PlacedTile>,
}

/// A hex's state that matters to the rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexState {
    /// Elevation, 1 to 4.
    pub elevation: u8,
    /// What lies on it.
    pub terrain: Vec<Feature>,
    /// The tile and side it belongs to, for the report.
    pub tile: u32,
    /// The side of that tile, as a file writes it.
    pub side: String,
}

/// One hex that is on both maps with another elevation or terrain.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HexChange {
    /// Where.
    pub at: Axial,
    /// Before.
    pub old: HexState,
    /// After.
    pub new: HexState,
}

/// How the map's hexes changed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct HexChanges {
    /// On both maps, with another elevation or terrain.
    pub changed: Vec<HexChange>,
    /// Only on the new map.
    pub added: Vec<Axial>,
    /// Only on the old map.
    pub removed: Vec<Axial>,
}

impl HexChanges {
    /// True when every hex is where it was, as it was.
    pub fn is_empty(&self) -> bool {
        self.changed.is_empty() && self.added.is_empty() && self.removed.is_empty()
    }
}

/// A token before and after, by id.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TokenChange {
    /// The token's id.
    pub id: String,
    /// What happened.
    pub kinds: Vec<ChangeKind>,
    /// The hexes it stood on (empty when added or not on the map).
    pub old_at: Vec<Axial>,
    /// The hexes it stands on (empty when removed or not on the map).
    pub new_at: Vec<Axial>,
    /// Its other keys that changed, from the token's own pointer.
    pub fields: Vec<FieldChange>,
}

/// An objective (or any item with an id) before and after.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ItemChange {
    /// Its id.
    pub id: String,
    /// Added, removed or changed.
    pub kind: ChangeKind,
    /// The keys that changed, from the item's own pointer.
    pub fields: Vec<FieldChange>,
}

/// What the changes do to the game.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Consequences {
    /// Line-of-sight verdicts that changed.
    pub sight: SightChanges,
    /// Figures whose way to an objective of their team changed.
    pub reach: Vec<ReachChange>,
    /// Claims under `assert:` whose verdict changed.
    pub claims: Vec<ClaimChange>,
    /// The fairness report's figures that moved, by team.
    pub fairness: Vec<FairnessChange>,
    /// What could not be weighed, in sentences (a map too large, a ruleset without a map).
    pub not_weighed: Vec<String>,
}

/// Sight before and after, over the hexes on both maps and the figures in both files.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SightChanges {
    /// Ordered pairs of hexes compared (hexes on both maps).
    pub compared_pairs: usize,
    /// Ordered pairs of hexes whose verdict changed, as `los --matrix` gives it.
    pub pairs: Vec<SightFlip>,
    /// Ordered pairs of figures whose verdict changed, from their nearest hexes.
    pub figures: Vec<FigureSightFlip>,
}

/// One ordered pair of hexes whose verdict changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SightFlip {
    /// The viewer's hex.
    pub from: Axial,
    /// The target's hex.
    pub to: Axial,
    /// It could see before.
    pub was: bool,
    /// It can see now.
    pub now: bool,
}

/// One ordered pair of figures whose verdict changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FigureSightFlip {
    /// The viewer.
    pub from: String,
    /// The target.
    pub to: String,
    /// It could see before.
    pub was: bool,
    /// It can see now.
    pub now: bool,
}

/// A figure's way to an objective before and after.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReachChange {
    /// The figure's token id.
    pub figure: String,
    /// The objective's id.
    pub objective: String,
    /// Least movement before, `None` when it could not get there.
    pub was_movement: Option<u32>,
    /// Least movement now.
    pub now_movement: Option<u32>,
    /// Expected turns before, when the stats allow an estimate.
    pub was_turns: Option<f64>,
    /// Expected turns now.
    pub now_turns: Option<f64>,
}

/// A claim's verdict.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "verdict", content = "message")]
pub enum ClaimVerdict {
    /// It holds.
    Holds,
    /// It does not hold; why.
    Fails(String),
    /// Its ends do not name anything on the map.
    Unchecked(String),
}

/// A claim (the same claim in both files) whose verdict changed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ClaimChange {
    /// Its index under `assert:` in the new file.
    pub index: usize,
    /// Its kind (`sight`, `range`, `reach`, `odds`, `exposure`, `balance`).
    pub kind: String,
    /// Before.
    pub was: ClaimVerdict,
    /// Now.
    pub now: ClaimVerdict,
}

/// One of the fairness report's figures for a team, before and after.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FairnessChange {
    /// The team.
    pub team: String,
    /// What is measured, in words.
    pub measure: String,
    /// Before.
    pub was: Option<f64>,
    /// Now.
    pub now: Option<f64>,
}

/// The differences between two scenarios key by key: what every game's files can be compared
/// by, and all that a game without a diff of its own gets. The game's own diff, where it has one,
/// is reached through [`crate::rulesets::diff`]; `weighed_for` names the games whose diff
/// weighs consequences, for the note that says these were not.
pub fn by_keys(old: &AnyScenario, new: &AnyScenario, weighed_for: &[Ruleset]) -> ScenarioDiff {
    let as_value = serde_json::to_value::<&AnyScenario>;
    let fields = match (as_value(old), as_value(new)) {
        (Ok(a), Ok(b)) => fields::changes(&a, &b, ""),
        _ => Vec::new(),
    };
    ScenarioDiff {
        ruleset: new.ruleset().as_str().to_owned(),
        fields,
        consequences: Consequences {
            not_weighed: vec![format!(
                "the {} ruleset's changes are listed key by key; consequences for sight, reach and fairness are weighed for {} maps",
                new.ruleset().as_str(),
                weighed_for
                    .iter()
                    .map(|r| r.as_str())
                    .collect::<Vec<_>>()
                    .join(" and ")
            )],
            ..Consequences::default()
        },
        ..ScenarioDiff::default()
    }
}
