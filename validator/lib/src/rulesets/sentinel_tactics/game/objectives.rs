//! The end of the game: where a team must stand for an objective, what has happened that the
//! objectives count, and when one is complete and who has won. Self-play plays to it, playtest
//! replay says who won, and fairness measures the way to the same hexes.

use std::collections::HashMap;

use megahex_schema::rulesets::sentinel_tactics::{Objective, ObjectiveKind};

use super::{Game, Hit, State, Status};
use crate::board::Axial;
use crate::scene::Scene;

/// Where a team must stand to complete `objective`, when standing somewhere completes it: the
/// hexes of a `reach` or `hold` objective, and the hexes of a `collect` objective's tokens not
/// yet `collected`. `None` for the objectives won otherwise.
pub fn standing_hexes(
    objective: &Objective,
    scene: &Scene,
    collected: &[String],
) -> Option<Vec<Axial>> {
    match objective.kind {
        ObjectiveKind::Reach | ObjectiveKind::Hold => Some(
            objective
                .hexes
                .iter()
                .filter_map(|r| scene.board.resolve(r).ok())
                .collect(),
        ),
        ObjectiveKind::Collect => Some(
            scene
                .tokens
                .iter()
                .filter(|t| objective.tokens.contains(&t.id) && !collected.contains(&t.id))
                .flat_map(|t| t.hexes.iter().copied())
                .collect(),
        ),
        ObjectiveKind::Incapacitate | ObjectiveKind::Destroy | ObjectiveKind::Survive => None,
    }
}

/// A completed objective: the team that won and the objective's id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Won {
    /// The winning team.
    pub team: String,
    /// The objective it completed.
    pub objective: String,
}

impl Won {
    fn of(objective: &Objective) -> Won {
        Won {
            team: objective.team.clone(),
            objective: objective.id.clone(),
        }
    }
}

/// What has happened so far that objectives count.
#[derive(Debug, Clone, Default)]
pub struct Progress {
    /// Incapacitations: the team that dealt each, and the character, by figure index.
    incapacitations: Vec<(String, usize)>,
    /// Targets destroyed, by token id.
    destroyed: Vec<String>,
    /// Tokens collected, by token id.
    collected: Vec<String>,
    /// Rounds in a row each `hold` objective has been held, by objective index.
    held_rounds: HashMap<usize, u32>,
}

impl Progress {
    /// Counts what an attack (or a hazard, with no team) did.
    pub fn record(&mut self, game: &Game, by: Option<&str>, hits: &[Hit]) {
        for hit in hits {
            match hit.status {
                Status::Incapacitated => {
                    if let Some(team) = by {
                        self.incapacitations.push((team.to_owned(), hit.target));
                    }
                }
                Status::Destroyed => {
                    self.destroyed.push(game.figures[hit.target].id.clone());
                }
                Status::Active | Status::Waiting => {}
            }
        }
    }

    /// Picks up collectable tokens under the figure: its team's `collect` objectives' tokens.
    pub fn collect(&mut self, game: &Game, state: &State, me: usize) {
        let Some(team) = game.figures[me].team.as_deref() else {
            return;
        };
        let hexes = &state.pieces[me].hexes;
        for o in game
            .objectives
            .iter()
            .filter(|o| o.kind == ObjectiveKind::Collect && o.team == team)
        {
            for t in game
                .scene
                .tokens
                .iter()
                .filter(|t| o.tokens.contains(&t.id))
            {
                if !self.collected.contains(&t.id) && t.hexes.iter().any(|h| hexes.contains(h)) {
                    self.collected.push(t.id.clone());
                }
            }
        }
    }

    /// The hexes the team's open objectives are won by standing on (see [`standing_hexes`]).
    pub fn goal_hexes(&self, game: &Game, team: Option<&str>) -> Vec<Axial> {
        game.objectives
            .iter()
            .filter(|o| Some(o.team.as_str()) == team)
            .filter_map(|o| standing_hexes(o, &game.scene, &self.collected))
            .flatten()
            .collect()
    }

    /// A completed objective, if any. `hold` objectives count at the end of a round only.
    pub fn decided(&mut self, game: &Game, state: &State, end_of_round: bool) -> Option<Won> {
        let board = &game.scene.board;
        let standing_on = |team: &str, hexes: &[Axial]| {
            game.figures
                .iter()
                .zip(&state.pieces)
                .filter(|(f, p)| f.team.as_deref() == Some(team) && p.status == Status::Active)
                .flat_map(|(_, p)| p.hexes.iter())
                .filter(|h| hexes.contains(h))
                .count()
        };
        for (i, o) in game.objectives.iter().enumerate() {
            let hexes: Vec<Axial> = o
                .hexes
                .iter()
                .filter_map(|r| board.resolve(r).ok())
                .collect();
            let done = match o.kind {
                ObjectiveKind::Incapacitate => {
                    // The listed characters, or with none listed every character not on the
                    // objective's team (docs/scenario-format.md).
                    let counts = |target: usize| {
                        let figure = &game.figures[target];
                        match o.targets.is_empty() {
                            true => figure.team.as_deref() != Some(o.team.as_str()),
                            false => o.targets.contains(&figure.id),
                        }
                    };
                    let n = self
                        .incapacitations
                        .iter()
                        .filter(|(by, target)| *by == o.team && counts(*target))
                        .count() as u32;
                    n >= o.count.unwrap_or(1)
                }
                ObjectiveKind::Destroy => {
                    let n = o
                        .targets
                        .iter()
                        .filter(|t| self.destroyed.contains(t))
                        .count() as u32;
                    n >= o.count.unwrap_or(o.targets.len() as u32).max(1)
                }
                ObjectiveKind::Collect => {
                    let n = o
                        .tokens
                        .iter()
                        .filter(|t| self.collected.contains(t))
                        .count() as u32;
                    n >= o.count.unwrap_or(o.tokens.len() as u32).max(1)
                }
                ObjectiveKind::Reach => standing_on(&o.team, &hexes) > 0,
                ObjectiveKind::Hold => {
                    if !end_of_round {
                        continue;
                    }
                    let held = hexes
                        .iter()
                        .filter(|h| standing_on(&o.team, &[**h]) > 0)
                        .count() as u32;
                    let need = o.count.unwrap_or(1).max(1);
                    let streak = self.held_rounds.get(&i).copied().unwrap_or(0);
                    let streak = if held >= need { streak + 1 } else { 0 };
                    self.held_rounds.insert(i, streak);
                    streak >= o.rounds.unwrap_or(1).max(1)
                }
                ObjectiveKind::Survive => false,
            };
            if done {
                return Some(Won::of(o));
            }
        }
        None
    }

    /// At the end of round `ended`: `hold` objectives, then `survive` objectives whose rounds
    /// have passed with a figure of the team standing.
    pub fn round_over(&mut self, game: &Game, state: &State, ended: u32) -> Option<Won> {
        if let Some(won) = self.decided(game, state, true) {
            return Some(won);
        }
        game.objectives
            .iter()
            .find(|o| {
                o.kind == ObjectiveKind::Survive
                    && o.rounds.is_some_and(|r| ended >= r)
                    && game.figures.iter().zip(&state.pieces).any(|(f, p)| {
                        f.team.as_deref() == Some(&o.team) && p.status == Status::Active
                    })
            })
            .map(Won::of)
    }
}
