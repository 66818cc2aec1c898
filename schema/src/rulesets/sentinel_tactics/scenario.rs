//! The scenario file: what a designer writes and what every tool reads.
//!
//! Keys are kebab-case and unknown keys are refused, so a typo is an error rather than a
//! silently ignored setting. Every field's doc comment becomes the schema's description, which
//! editors show on hover.

use schemars::{JsonSchema, Schema};
use serde::{Deserialize, Serialize};

use crate::header::{FORMAT_VERSION, Team, id_list_schema, id_schema, push_all_of};
use crate::hexref::{Footprint, HexRef};
use crate::limits::{
    MAX_COUNT, MAX_EFFECT_TOKENS, MAX_HEALTH, MAX_HEXES, MAX_ROUNDS, MAX_TILE_NUMBER,
};
pub use crate::sight::{LosBlocking, LosEdges};

crate::header::ruleset_tag!("sentinel-tactics");

/// A small complete scenario for the schema's `examples`: editors using the schema (and
/// SchemaStore's review) show it as a starting point.
pub(crate) fn scenario_example() -> serde_json::Value {
    serde_json::json!({
        "format": 1,
        "ruleset": "sentinel-tactics",
        "title": "Ra Stands Alone",
        "map": {"tiles": [
            {"tile": 6, "side": "megalopolis", "at": [0, 0], "rotation": 0},
            {"tile": 2, "side": "megalopolis", "at": [3, 2], "rotation": 5}
        ]},
        "teams": [{"id": "ra", "name": "Ra"}, {"id": "blade", "name": "Baron Blade"}],
        "tokens": [
            {"id": "ra", "kind": "character", "character": "ra", "team": "ra", "at": "6/15"},
            {"id": "baron-blade", "kind": "character", "character": "baron-blade", "team": "blade", "at": "2/5"}
        ],
        "objectives": [
            {"id": "outlast-blade", "team": "ra", "kind": "survive", "rounds": 5},
            {"id": "bring-him-down", "team": "blade", "kind": "incapacitate", "targets": ["ra"]}
        ],
        "turn-order": ["ra", "blade"],
        "round-limit": 5
    })
}

/// A Sentinel Tactics scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
#[schemars(
    rename = "SentinelTacticsScenario",
    title = "Sentinel Tactics scenario",
    description = "A Sentinel Tactics scenario: tiles, tokens, teams and objectives.",
    example = scenario_example()
)]
pub struct Scenario {
    /// Schema URL or path for editors that read it from a key instead of the modeline comment.
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    /// File format version. This version of Megahex reads format 1.
    #[schemars(range(min = 1, max = FORMAT_VERSION), example = 1)]
    pub format: u32,
    /// Which game's rules apply.
    #[schemars(schema_with = "crate::header::ruleset_schema")]
    pub ruleset: RulesetTag,
    /// Scenario title, shown in the editor and reports.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Free text for players: the story and setup notes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// A tile and roster catalog that corrects or extends the built-in one, relative to this file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub catalog: Option<String>,
    /// Rule options; anything left out follows the rulebook.
    #[serde(default, skip_serializing_if = "Rules::is_default")]
    pub rules: Rules,
    /// The map, built from the eight double-sided tiles.
    pub map: Map,
    /// The sides playing this scenario.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub teams: Vec<Team>,
    /// Figures and markers on the map at the start.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tokens: Vec<Token>,
    /// What each team plays for.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub objectives: Vec<Objective>,
    /// Turn order tokens, in the order they are laid out each round: a team id (any figure of
    /// that team that has not gone this round) or a token id (that figure). A list shorter than
    /// the figures repeats within the round, skipping entries with no figure left to go; the
    /// round ends when every figure that takes turns has had one. Left out, the teams alternate
    /// in the order of `teams`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(schema_with = "id_list_schema")]
    pub turn_order: Vec<String>,
    /// Hexes where each team may set up its figures.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deployment: Vec<DeploymentZone>,
    /// Figures that enter play in later rounds.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reinforcements: Vec<Reinforcement>,
    /// The game ends after this many rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = MAX_ROUNDS))]
    pub round_limit: Option<u32>,
    /// Extra effects granted by objectives or incapacitations.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bonuses: Vec<Bonus>,
    /// Scenario-specific rules, as text for the players.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub special_rules: Vec<String>,
    /// Figure stats for the simulation, by figure id: health, actions, defence, movement and
    /// attacks. Numbers the designer chose; Megahex never invents official ones.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub stats: super::stats::StatsByFigure,
    /// A scripted playtest, replayed under the rules: the first illegal action is reported.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub playtest: Vec<super::playtest::PlaytestTurn>,
    /// Claims about the map that `megahex validate` checks: each false one is an
    /// `assertion-failed` error at its line, so CI notices when a change breaks them.
    #[serde(rename = "assert", default, skip_serializing_if = "Vec::is_empty")]
    pub assertions: Vec<super::assertions::Assertion>,
}

/// Rule options. Defaults follow the rulebook's wording.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Rules {
    /// Which hexes between two figures block line of sight.
    #[serde(default)]
    pub los_blocking: LosBlocking,
    /// Whether a line that only touches a blocking hex's edge or corner is blocked.
    #[serde(default)]
    pub los_edges: LosEdges,
    /// Environment cards in play.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub environment: Vec<EnvironmentCard>,
    /// A house rule: Move, Sprint, Aim and Dodge may each be taken more than once a turn. The
    /// rulebook allows each once a turn, like every other ability.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub repeat_basic_actions: bool,
    /// The attack a lava hex makes while "Flow of Fiery Lava" is in play (the card's die code),
    /// for playtests and self-play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lava_attack: Option<HazardAttack>,
}

/// The attack of a hazard space: its die code. Range counts from the hazard's origin.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct HazardAttack {
    /// Dice in the die code.
    #[schemars(range(min = 0, max = 12))]
    pub dice: u32,
    /// Auto-miss faces.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(inner(range(min = 1, max = 6)))]
    pub auto_miss: Vec<u8>,
}

/// Effect tokens a figure holds (rulebook "Effect Tokens"): Attack+1 and Defense+1 tokens are
/// spent for one extra die each; an Attack-1 or Defense-1 token takes one die off the next such
/// roll, one token a roll, and is then discarded.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct EffectTokens {
    /// Attack+1 tokens.
    #[serde(default, skip_serializing_if = "is_zero")]
    #[schemars(range(min = 0, max = MAX_EFFECT_TOKENS))]
    pub attack_plus: u32,
    /// Attack-1 tokens.
    #[serde(default, skip_serializing_if = "is_zero")]
    #[schemars(range(min = 0, max = MAX_EFFECT_TOKENS))]
    pub attack_minus: u32,
    /// Defense+1 tokens.
    #[serde(default, skip_serializing_if = "is_zero")]
    #[schemars(range(min = 0, max = MAX_EFFECT_TOKENS))]
    pub defense_plus: u32,
    /// Defense-1 tokens.
    #[serde(default, skip_serializing_if = "is_zero")]
    #[schemars(range(min = 0, max = MAX_EFFECT_TOKENS))]
    pub defense_minus: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Rules {
    /// True when every option is the rulebook default, so saves can leave the block out.
    pub fn is_default(&self) -> bool {
        *self == Rules::default()
    }
}

/// Environment cards that change how the map behaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum EnvironmentCard {
    /// "Flow of Fiery Lava": the volcano's lava hexes become hazard spaces.
    FlowOfFieryLava,
    /// The Megalopolis monorail train runs on monorail track tokens.
    Monorail,
    /// Insula Primalis velociraptors roam the map.
    Velociraptors,
    /// The Tyrannosaurus rex roams the map.
    TyrannosaurusRex,
}

/// The map: placed tiles, hexes given one by one for a homebrew board, or both.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
#[schemars(transform = tiles_unless_hexes)]
pub struct Map {
    /// Tiles on the table. Each physical tile can be used once, showing one side. At least one,
    /// unless the map gives `hexes`.
    #[serde(default)]
    pub tiles: Vec<TilePlacement>,
    /// Hexes of a homebrew board, given one by one beside (or instead of) the tiles, each
    /// group with its elevation and terrain. They are named by `[q, r]`, not `tile/hex`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(min = 1))]
    pub hexes: Vec<FreeHexes>,
}

/// A map needs a tile, unless it gives hexes of its own.
fn tiles_unless_hexes(schema: &mut Schema) {
    push_all_of(
        schema,
        serde_json::json!({
            "if": {"not": {"required": ["hexes"]}},
            "then": {"required": ["tiles"], "properties": {"tiles": {"minItems": 1}}}
        }),
    );
}

/// Hexes of a homebrew board: where they are, how high they stand, and what is on them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct FreeHexes {
    /// The hex `[q, r]`, or a list of them.
    pub at: crate::hexref::Hexes,
    /// Elevation, 1 (street level) to 4 (default 1).
    #[serde(default = "street_level", skip_serializing_if = "is_street_level")]
    #[schemars(range(min = 1, max = 4))]
    pub elevation: u8,
    /// Terrain on them: `cover` blocks sight, `lava` is a hazard under Flow of Fiery Lava,
    /// `water` and `park` are looks.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub terrain: Vec<crate::rulesets::sentinel_tactics::Terrain>,
    /// Which face they look like in pictures: `megalopolis` (city, the default) or
    /// `insula-primalis` (jungle).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<Side>,
}

fn street_level() -> u8 {
    1
}

fn is_street_level(elevation: &u8) -> bool {
    *elevation == 1
}

/// One tile on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct TilePlacement {
    /// Tile number, 1..8 in the base game (a custom catalog may add more).
    #[schemars(range(min = 1, max = MAX_TILE_NUMBER), example = 1)]
    pub tile: u32,
    /// Which face is up.
    pub side: Side,
    /// Global axial [q, r] of the tile's centre hex (index 10).
    #[schemars(schema_with = "crate::hexref::axial_schema")]
    pub at: [i32; 2],
    /// Clockwise turns of 60 degrees; 0 has the tile's arrow pointing up.
    #[serde(default)]
    #[schemars(range(min = 0, max = 5))]
    pub rotation: u8,
}

/// A tile face.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    /// Megalopolis, the city.
    Megalopolis,
    /// Insula Primalis, the jungle island.
    InsulaPrimalis,
}

impl Side {
    /// The name written in files.
    pub fn as_str(self) -> &'static str {
        match self {
            Side::Megalopolis => "megalopolis",
            Side::InsulaPrimalis => "insula-primalis",
        }
    }

    /// Short prefix of the side's tile ids (M1, IP8), as printed in the catalog.
    pub fn prefix(self) -> &'static str {
        match self {
            Side::Megalopolis => "M",
            Side::InsulaPrimalis => "IP",
        }
    }
}

/// What a token is; decides whether it occupies a hex.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum TokenKind {
    /// A hero or villain with a character panel.
    Character,
    /// A minion, such as a Blade Battalion soldier.
    Minion,
    /// A scenario token.
    ScenarioToken,
    /// A pylon token.
    Pylon,
    /// A shard token.
    Shard,
    /// An effect marker, such as an Impaling Structure or a Blazing Tornado.
    EffectMarker,
    /// A hazard space, such as a lava token.
    Hazard,
    /// A piece of monorail track.
    MonorailTrack,
    /// An environment creature or vehicle: velociraptor, tyrannosaurus rex, monorail train.
    Environment,
}

impl TokenKind {
    /// Every kind, figures first, as the editor lists them.
    pub const ALL: [TokenKind; 9] = [
        TokenKind::Character,
        TokenKind::Minion,
        TokenKind::Environment,
        TokenKind::ScenarioToken,
        TokenKind::Pylon,
        TokenKind::Shard,
        TokenKind::EffectMarker,
        TokenKind::Hazard,
        TokenKind::MonorailTrack,
    ];

    /// Figures with health: the rulebook's targets, which occupy hexes.
    pub fn is_figure(self) -> bool {
        matches!(
            self,
            TokenKind::Character | TokenKind::Minion | TokenKind::Environment
        )
    }

    /// The name written in files.
    pub fn as_str(self) -> &'static str {
        match self {
            TokenKind::Character => "character",
            TokenKind::Minion => "minion",
            TokenKind::ScenarioToken => "scenario-token",
            TokenKind::Pylon => "pylon",
            TokenKind::Shard => "shard",
            TokenKind::EffectMarker => "effect-marker",
            TokenKind::Hazard => "hazard",
            TokenKind::MonorailTrack => "monorail-track",
            TokenKind::Environment => "environment",
        }
    }
}

/// A token on the map.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
#[schemars(transform = token_rules)]
pub struct Token {
    /// Unique id, used by objectives and CLI queries.
    #[schemars(schema_with = "id_schema")]
    pub id: String,
    /// What kind of token this is.
    pub kind: TokenKind,
    /// Roster id of the figure (characters, minions and environment figures), e.g. `legacy`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub character: Option<String>,
    /// Team id of the figure's side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team: Option<String>,
    /// The hex it stands on, or the list of hexes of a multi-hex figure.
    pub at: Footprint,
    /// Label shown on the map.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// Health, for a token that can be attacked (such as a destructible pylon); makes it a target.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = MAX_HEALTH))]
    pub health: Option<u32>,
    /// Hazard radius in hexes, for hazard tokens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = MAX_HEXES))]
    pub radius: Option<u32>,
    /// Hazard tokens: the attack the hazard makes on a target that enters its hexes or ends its
    /// turn there, for playtests and self-play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hazard_attack: Option<HazardAttack>,
    /// Effect tokens the figure starts the game with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect_tokens: Option<EffectTokens>,
}

impl Token {
    /// Targets have health and occupy hexes; markers do not.
    pub fn is_target(&self) -> bool {
        self.kind.is_figure() || self.health.is_some()
    }
}

fn token_rules(schema: &mut Schema) {
    // A figure must say which roster entry it is. The condition is a pattern, not an `enum`:
    // yaml-language-server lists an `enum` inside an `if` as the key's allowed values on hover.
    let figures: Vec<&str> = TokenKind::ALL
        .into_iter()
        .filter(|kind| kind.is_figure())
        .map(TokenKind::as_str)
        .collect();
    let figure = format!("^({})$", figures.join("|"));
    let rule = serde_json::json!({
        "if": {"properties": {"kind": {"type": "string", "pattern": figure}}, "required": ["kind"]},
        "then": {"required": ["character"]}
    });
    push_all_of(schema, rule);
}

/// What an objective asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ObjectiveKind {
    /// Incapacitate characters `count` times (characters recover, so one can count again).
    Incapacitate,
    /// Destroy `count` of the listed non-character targets.
    Destroy,
    /// Collect `count` of the listed tokens by moving onto them.
    Collect,
    /// Occupy the listed hexes, for `rounds` rounds if given.
    Hold,
    /// Get a figure onto one of the listed hexes.
    Reach,
    /// Have a figure still standing after `rounds` rounds.
    Survive,
}

impl ObjectiveKind {
    /// Every kind, in the order the schema lists them.
    pub const ALL: [ObjectiveKind; 6] = [
        ObjectiveKind::Incapacitate,
        ObjectiveKind::Destroy,
        ObjectiveKind::Collect,
        ObjectiveKind::Hold,
        ObjectiveKind::Reach,
        ObjectiveKind::Survive,
    ];

    /// The name written in files.
    pub fn as_str(self) -> &'static str {
        match self {
            ObjectiveKind::Incapacitate => "incapacitate",
            ObjectiveKind::Destroy => "destroy",
            ObjectiveKind::Collect => "collect",
            ObjectiveKind::Hold => "hold",
            ObjectiveKind::Reach => "reach",
            ObjectiveKind::Survive => "survive",
        }
    }
}

/// A team's objective.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
#[schemars(transform = objective_rules)]
pub struct Objective {
    /// Unique id.
    #[schemars(schema_with = "id_schema")]
    pub id: String,
    /// The team that wins by completing it.
    #[schemars(schema_with = "id_schema")]
    pub team: String,
    /// What has to happen.
    pub kind: ObjectiveKind,
    /// Token ids to incapacitate or destroy. For `incapacitate`, leaving it out means every enemy character.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(schema_with = "id_list_schema")]
    pub targets: Vec<String>,
    /// Token ids to collect.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(schema_with = "id_list_schema")]
    pub tokens: Vec<String>,
    /// Hexes to hold or reach.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(min = 1))]
    pub hexes: Vec<HexRef>,
    /// How many: incapacitations, targets destroyed, tokens collected, or hexes held.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = MAX_COUNT))]
    pub count: Option<u32>,
    /// Rounds to hold or survive.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = MAX_ROUNDS))]
    pub rounds: Option<u32>,
    /// Text for the players.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

fn objective_rules(schema: &mut Schema) {
    for (kind, key) in super::objective_rules::required_keys() {
        let rule = serde_json::json!({
            "if": {"properties": {"kind": {"const": kind.as_str()}}, "required": ["kind"]},
            "then": {"required": [key]}
        });
        push_all_of(schema, rule);
    }
}

/// Where a team sets up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct DeploymentZone {
    /// Team id.
    #[schemars(schema_with = "id_schema")]
    pub team: String,
    /// The hexes of the zone.
    #[schemars(length(min = 1))]
    pub hexes: Vec<HexRef>,
}

/// Figures that arrive during the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Reinforcement {
    /// The round at whose start they arrive.
    #[schemars(range(min = 1, max = MAX_ROUNDS))]
    pub round: u32,
    /// Team id.
    #[schemars(schema_with = "id_schema")]
    pub team: String,
    /// Roster id of the arriving figure, e.g. `blade-battalion-soldier`.
    pub character: String,
    /// How many arrive.
    #[serde(default = "one")]
    #[schemars(range(min = 1, max = MAX_COUNT))]
    pub count: u32,
    /// Where they may be placed; leaving it out means the team's deployment zone.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hexes: Vec<HexRef>,
}

fn one() -> u32 {
    1
}

/// A scenario bonus: an extra effect earned during play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Bonus {
    /// Team id that gains it.
    #[schemars(schema_with = "id_schema")]
    pub team: String,
    /// What earns it, for example "when a soldier is destroyed".
    pub when: String,
    /// What it does.
    pub effect: String,
}
