//! The Sentinel Tactics game, rule by rule, as plain data: one implementation of rounds and
//! turn order, the action budget and "once per turn", movement, attacks on one or several
//! targets with effect tokens, incapacitation and destruction, push, and hazards.
//!
//! Playtest replay ([`crate::rulesets::sentinel_tactics::playtest`]) drives it with the dice a script gives, and self-play
//! ([`crate::simulate`]) with rolled dice and simple policies; neither carries a rule of its
//! own. A [`Game`] is what a scenario fixes for the whole game (map, figures, turn order,
//! hazards); a [`State`] is where the game stands. Every step takes the state and returns the
//! outcome, or why the step is not legal, in words a designer reads as a playtest error.

pub mod attack;
mod cards;
pub mod figure;
pub mod hazard;
pub mod motion;
pub mod objectives;
pub mod order;
mod turn;

use megahex_schema::Catalog;
use megahex_schema::rulesets::sentinel_tactics::{Objective, Scenario};

use crate::board::Axial;
use crate::board::los;
use crate::scene::Scene;

pub use attack::{Declared, Hit, TargetDice};
pub use figure::{Figure, Held, Piece, Status};
pub use hazard::{Hazard, Strike};
pub use motion::Walk;
pub use objectives::{Progress, Won};
pub use order::{Due, Entry, Round, TurnOrder};
pub use turn::{Basic, Turn, TurnPlan};

/// What a scenario fixes for a whole game.
#[derive(Debug, Clone)]
pub struct Game {
    /// The map, line-of-sight options and tokens.
    pub scene: Scene,
    /// Every target on the map, in token order.
    pub figures: Vec<Figure>,
    /// Who takes each turn of a round.
    pub order: TurnOrder,
    /// The house rule letting Move, Sprint, Aim and Dodge repeat in a turn.
    pub repeat_basic_actions: bool,
    /// Hazard spaces and what they attack with.
    pub hazards: Vec<Hazard>,
    /// What each team plays to complete ([`objectives`] decides when one is).
    pub objectives: Vec<Objective>,
    /// Who sees whom by board slot, when worked out in advance for many games.
    sight: Option<Vec<Vec<bool>>>,
}

/// Where a game stands.
#[derive(Debug, Clone)]
pub struct State {
    /// The figures, in the game's figure order.
    pub pieces: Vec<Piece>,
    /// The round in progress.
    pub round: Round,
    /// The turn in progress, if any.
    pub turn: Option<Turn>,
}

impl Game {
    /// The game a scenario sets up.
    pub fn new(scenario: &Scenario, catalog: &Catalog) -> Game {
        Game::on_scene(scenario, catalog, Scene::new(scenario, catalog))
    }

    /// The game on the scenario's scene, already built.
    pub fn on_scene(scenario: &Scenario, catalog: &Catalog, scene: Scene) -> Game {
        let figures = figure::figures(scenario, catalog, &scene);
        let order = TurnOrder::new(scenario, &figures);
        let hazards = hazard::sources(scenario, &scene);
        Game {
            scene,
            figures,
            order,
            repeat_basic_actions: scenario.rules.repeat_basic_actions,
            hazards,
            objectives: scenario.objectives.clone(),
            sight: None,
        }
    }

    /// Works out who sees whom once, for callers that play many games on the map.
    pub fn with_sight_matrix(mut self) -> Game {
        self.sight = Some(los::visibility_matrix(&self.scene.board, self.scene.rules));
        self
    }

    /// The start of the game: every figure where the scenario puts it, round 1.
    pub fn start(&self) -> State {
        let mut state = State {
            pieces: self.figures.iter().map(Piece::new).collect(),
            round: Round::first(self.figures.len()),
            turn: None,
        };
        self.arrivals(&mut state);
        state
    }

    /// A figure by token id.
    pub fn figure(&self, id: &str) -> Option<usize> {
        self.figures.iter().position(|f| f.id == id)
    }

    /// Does hex `a` see hex `b` under the scenario's rules?
    pub fn sees(&self, a: Axial, b: Axial) -> bool {
        match (
            &self.sight,
            self.scene.board.slot(a),
            self.scene.board.slot(b),
        ) {
            (Some(matrix), Some(i), Some(j)) => matrix[i][j],
            _ => los::sees(&self.scene.board, a, b, self.scene.rules),
        }
    }

    /// The target standing on `at`, other than `except`, if any.
    pub fn occupant(&self, state: &State, at: Axial, except: usize) -> Option<usize> {
        state
            .pieces
            .iter()
            .enumerate()
            .find(|(i, p)| *i != except && p.occupies() && p.hexes.contains(&at))
            .map(|(i, _)| i)
    }
}

/// The best pair between two figures' hexes for an attack: one hex of each for both the rule
/// (`allowed`) and the range, the shortest range among the pairs allowed (rulebook
/// "Omnitron-V may trace line of sight for its attacks for any space it occupies").
pub fn best_pair(
    board: &crate::board::Board,
    from: &[Axial],
    to: &[Axial],
    allowed: &dyn Fn(Axial, Axial) -> bool,
) -> Option<(Axial, Axial, u32)> {
    from.iter()
        .flat_map(|&a| to.iter().map(move |&b| (a, b)))
        .filter(|&(a, b)| allowed(a, b))
        .filter_map(|(a, b)| los::range(board, a, b, 0).map(|r| (a, b, r)))
        .min_by_key(|&(_, _, r)| r)
}

#[cfg(test)]
mod tests;
