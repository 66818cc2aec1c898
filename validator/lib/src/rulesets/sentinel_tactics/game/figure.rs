//! The figures of a game: what each one is (fixed for the game) and how it stands (changes
//! turn by turn).

use megahex_schema::Catalog;
use megahex_schema::rulesets::sentinel_tactics::{
    EffectTokens, FigureMovement, FigureStats, Movement, Pick, RolledMovement, Scenario, TokenKind,
};

use crate::board::Axial;
use crate::scene::Scene;

/// A target on the map, as the scenario sets it up.
#[derive(Debug, Clone)]
pub struct Figure {
    /// Token id.
    pub id: String,
    /// Position in the scenario's `tokens`, for pointing at it (`None` for reinforcements).
    pub token: Option<usize>,
    /// Token kind.
    pub kind: TokenKind,
    /// Team id, if it has one.
    pub team: Option<String>,
    /// Stats, from the scenario or a roster catalog.
    pub stats: Option<FigureStats>,
    /// How it moves when it covers several hexes.
    pub movement: FigureMovement,
    /// Full health, when known.
    pub health: Option<u32>,
    /// Where it starts.
    pub start: Vec<Axial>,
    /// Effect tokens it starts with.
    pub tokens: EffectTokens,
    /// Reinforcements: when and where it arrives.
    pub arrives: Option<Arrival>,
}

/// When and where a reinforcement arrives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arrival {
    /// The round at whose start it arrives.
    pub round: u32,
    /// Where it may be placed: the wave's `hexes`, else its team's deployment zone.
    pub hexes: Vec<Axial>,
    /// How many hexes it covers.
    pub size: usize,
}

impl Figure {
    /// Characters are incapacitated at 0 health (and recover); every other target is destroyed.
    pub fn is_character(&self) -> bool {
        self.kind == TokenKind::Character
    }

    /// Figures that take turns: characters, minions, and environment figures with stats
    /// (rulebook "Turns"; DESIGN §3).
    pub fn takes_turns(&self) -> bool {
        match self.kind {
            TokenKind::Character | TokenKind::Minion => true,
            TokenKind::Environment => self.stats.is_some(),
            _ => false,
        }
    }

    /// Mobility: elevation changes cost nothing when moving.
    pub fn mobility(&self) -> bool {
        self.stats.as_ref().is_some_and(|s| s.mobility)
    }

    /// Its power cards, by name (its stats' `cards`; none without stats).
    pub fn cards(&self) -> &[String] {
        self.stats.as_ref().map_or(&[], |s| s.cards.as_slice())
    }

    /// The bit of the power card `name` among its `cards`, if it has one by that name.
    pub fn card_bit(&self, name: &str) -> Option<u64> {
        self.cards()
            .iter()
            .position(|c| c == name)
            .filter(|at| *at < 64)
            .map(|at| 1u64 << at)
    }

    /// The power cards in play at the start: its stats' `in-play` that it has.
    pub fn starting_cards(&self) -> u64 {
        self.stats.as_ref().map_or(0, |s| {
            s.in_play
                .iter()
                .filter_map(|name| self.card_bit(name))
                .fold(0, |bits, bit| bits | bit)
        })
    }

    /// A printed move value, when the figure has one rather than rolling.
    pub fn static_move(&self) -> Option<u32> {
        match self.stats.as_ref()?.movement? {
            Movement::Static(s) => Some(s.value),
            Movement::Rolled(_) => None,
        }
    }

    /// The movement dice the figure rolls, when its movement is rolled.
    pub fn rolled_move(&self) -> Option<RolledMovement> {
        match self.stats.as_ref()?.movement? {
            Movement::Rolled(r) => Some(r),
            Movement::Static(_) => None,
        }
    }
}

/// The move value `dice` give under `pick`: "An up arrow means you take the highest die rolled;
/// a down arrow means you take the lowest die rolled; a sideways arrow means you take the median
/// die" (rulebook, Movement). With an even number of dice the median is the lower middle die
/// (docs/rules.md, Readings). None for no dice.
pub fn move_value_of(pick: Pick, dice: &[u8]) -> Option<u32> {
    let mut sorted = dice.to_vec();
    sorted.sort_unstable();
    let die = match pick {
        Pick::Highest => sorted.last(),
        Pick::Lowest => sorted.first(),
        Pick::Median => sorted.get(sorted.len().checked_sub(1)? / 2),
    };
    die.map(|d| u32::from(*d))
}

/// The figures of a scenario: every target (anything with health, or a figure from the roster)
/// whose hexes are on the map, in token order.
pub fn figures(scenario: &Scenario, catalog: &Catalog, scene: &Scene) -> Vec<Figure> {
    let mut out: Vec<Figure> = scenario
        .tokens
        .iter()
        .enumerate()
        .filter(|(_, token)| token.is_target())
        .filter_map(|(index, token)| {
            let placed = scene.tokens.iter().find(|p| p.id == token.id)?;
            let stats = token.character.as_deref().and_then(|figure| {
                crate::rulesets::sentinel_tactics::scene::figure_stats(scenario, catalog, figure)
            });
            let movement = token
                .character
                .as_deref()
                .and_then(|figure| catalog.figure(figure))
                .map(|figure| figure.movement)
                .unwrap_or_default();
            Some(Figure {
                id: token.id.clone(),
                token: Some(index),
                kind: token.kind,
                team: token.team.clone(),
                health: token.health.or(stats.as_ref().and_then(|s| s.health)),
                stats,
                movement,
                start: placed.hexes.clone(),
                tokens: token.effect_tokens.unwrap_or_default(),
                arrives: None,
            })
        })
        .collect();
    // Reinforcements: each figure of each wave, named after the wave.
    for (w, wave) in scenario.reinforcements.iter().enumerate() {
        let Some(roster) = catalog.figure(&wave.character) else {
            continue;
        };
        let zone: Vec<&megahex_schema::HexRef> = if wave.hexes.is_empty() {
            scenario
                .deployment
                .iter()
                .filter(|z| z.team == wave.team)
                .flat_map(|z| z.hexes.iter())
                .collect()
        } else {
            wave.hexes.iter().collect()
        };
        let hexes: Vec<Axial> = zone
            .into_iter()
            .filter_map(|r| scene.board.resolve(r).ok())
            .collect();
        let stats = crate::rulesets::sentinel_tactics::scene::figure_stats(
            scenario,
            catalog,
            &wave.character,
        );
        for k in 0..wave.count {
            out.push(Figure {
                id: format!("{}-wave-{}-{}", wave.character, w + 1, k + 1),
                token: None,
                kind: roster.kind.token_kind(),
                team: Some(wave.team.clone()),
                health: stats.as_ref().and_then(|s| s.health),
                stats: stats.clone(),
                movement: roster.movement,
                start: Vec::new(),
                tokens: EffectTokens::default(),
                arrives: Some(Arrival {
                    round: wave.round,
                    hexes: hexes.clone(),
                    size: roster.hexes.unwrap_or(1).max(1) as usize,
                }),
            });
        }
    }
    out
}

/// Whether a figure is in the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// A reinforcement that has not arrived yet: off the map, no turns.
    Waiting,
    /// Standing.
    Active,
    /// A character at 0 health: it keeps its hex and its turn, and stands up on that turn.
    Incapacitated,
    /// A non-character target at 0 health: removed from the game.
    Destroyed,
}

/// The tokens a figure holds now.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Held {
    /// An Aim token (from the Aim action).
    pub aim: bool,
    /// A Dodge token (from the Dodge action).
    pub dodge: bool,
    /// Attack+1, Attack-1, Defense+1 and Defense-1 tokens.
    pub effects: EffectTokens,
    /// One-Shot abilities used, one bit by their place in the figure's `attacks`: out of play
    /// until the figure is incapacitated, which clears every token and these with them.
    pub one_shots_used: u64,
}

/// A figure as it stands during the game.
#[derive(Debug, Clone)]
pub struct Piece {
    /// Its hexes (head first for a figure whose tail follows).
    pub hexes: Vec<Axial>,
    /// Health left, when known.
    pub health: Option<u32>,
    /// Standing, incapacitated or destroyed.
    pub status: Status,
    /// Tokens held.
    pub held: Held,
    /// The move value for its next turn, when known (rolled in To Be Continued).
    pub move_value: Option<u32>,
    /// Its power cards in play, one bit each by place in its stats' `cards`.
    pub in_play: u64,
}

impl Piece {
    /// A figure at the start of the game.
    pub fn new(figure: &Figure) -> Piece {
        Piece {
            hexes: figure.start.clone(),
            health: figure.health,
            status: if figure.arrives.is_some() {
                Status::Waiting
            } else {
                Status::Active
            },
            held: Held {
                effects: figure.tokens,
                ..Held::default()
            },
            move_value: figure.static_move(),
            in_play: figure.starting_cards(),
        }
    }

    /// Occupies its hexes: standing and incapacitated figures do, destroyed ones are gone
    /// ("Only targets and incapacitated characters occupy hexes").
    pub fn occupies(&self) -> bool {
        matches!(self.status, Status::Active | Status::Incapacitated)
    }

    /// Can be attacked: standing targets only.
    pub fn attackable(&self) -> bool {
        self.status == Status::Active
    }
}
