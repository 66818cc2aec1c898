//! Progress toward the objectives during a self-play game, and when one is complete.

use std::collections::HashMap;

use megahex_schema::ObjectiveKind;

use super::Setup;
use crate::board::Axial;
use crate::rulesets::sentinel_tactics::game::{Hit, State, Status};

/// What has happened so far that objectives count.
#[derive(Default)]
pub(super) struct Score {
    /// Incapacitations by the team that dealt them.
    incapacitations: HashMap<String, u32>,
    /// Targets destroyed, by token id.
    destroyed: Vec<String>,
    /// Tokens collected, by token id.
    collected: Vec<String>,
    /// Rounds in a row each `hold` objective has been held, by objective index.
    held_rounds: HashMap<usize, u32>,
}

impl Score {
    /// Counts what an attack (or a hazard, with no team) did.
    pub(super) fn record(&mut self, setup: &Setup, by: Option<&str>, hits: &[Hit]) {
        for hit in hits {
            match hit.status {
                Status::Incapacitated => {
                    if let Some(team) = by {
                        *self.incapacitations.entry(team.to_owned()).or_default() += 1;
                    }
                }
                Status::Destroyed => {
                    self.destroyed
                        .push(setup.game.figures[hit.target].id.clone());
                }
                Status::Active | Status::Waiting => {}
            }
        }
    }

    /// Picks up collectable tokens under the figure: its team's `collect` objectives' tokens.
    pub(super) fn collect(&mut self, setup: &Setup, state: &State, me: usize) {
        let Some(team) = setup.game.figures[me].team.as_deref() else {
            return;
        };
        let hexes = &state.pieces[me].hexes;
        for o in setup
            .scenario
            .objectives
            .iter()
            .filter(|o| o.kind == ObjectiveKind::Collect && o.team == team)
        {
            for t in setup
                .game
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

    /// Board slots of the team's open objectives that are won by standing somewhere: `reach`
    /// and `hold` hexes, and the tokens of `collect` objectives not collected yet.
    pub(super) fn objective_slots(&self, setup: &Setup, team: Option<&str>) -> Vec<usize> {
        let board = &setup.game.scene.board;
        let mut out = Vec::new();
        for o in setup
            .scenario
            .objectives
            .iter()
            .filter(|o| Some(o.team.as_str()) == team)
        {
            match o.kind {
                ObjectiveKind::Reach | ObjectiveKind::Hold => out.extend(
                    o.hexes
                        .iter()
                        .filter_map(|r| board.resolve(r).ok())
                        .filter_map(|h| board.slot(h)),
                ),
                ObjectiveKind::Collect => out.extend(
                    setup
                        .game
                        .scene
                        .tokens
                        .iter()
                        .filter(|t| o.tokens.contains(&t.id) && !self.collected.contains(&t.id))
                        .flat_map(|t| t.hexes.iter().filter_map(|&h| board.slot(h))),
                ),
                _ => {}
            }
        }
        out
    }

    /// A finished objective: `(team, objective id)`. `hold` objectives count at the end of a
    /// round only.
    pub(super) fn decided(
        &mut self,
        setup: &Setup,
        state: &State,
        end_of_round: bool,
    ) -> Option<(String, String)> {
        let board = &setup.game.scene.board;
        let standing_on = |team: &str, hexes: &[Axial]| {
            setup
                .game
                .figures
                .iter()
                .zip(&state.pieces)
                .filter(|(f, p)| f.team.as_deref() == Some(team) && p.status == Status::Active)
                .flat_map(|(_, p)| p.hexes.iter())
                .filter(|h| hexes.contains(h))
                .count()
        };
        for (i, o) in setup.scenario.objectives.iter().enumerate() {
            let hexes: Vec<Axial> = o
                .hexes
                .iter()
                .filter_map(|r| board.resolve(r).ok())
                .collect();
            let done = match o.kind {
                ObjectiveKind::Incapacitate => {
                    self.incapacitations.get(&o.team).copied().unwrap_or(0) >= o.count.unwrap_or(1)
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
                return Some((o.team.clone(), o.id.clone()));
            }
        }
        None
    }

    /// At the end of round `ended`: `hold` objectives, then `survive` objectives whose rounds
    /// have passed with a figure of the team standing.
    pub(super) fn round_over(
        &mut self,
        setup: &Setup,
        state: &State,
        ended: u32,
    ) -> Option<(String, String)> {
        if let Some(won) = self.decided(setup, state, true) {
            return Some(won);
        }
        setup
            .scenario
            .objectives
            .iter()
            .find(|o| {
                o.kind == ObjectiveKind::Survive
                    && o.rounds.is_some_and(|r| ended >= r)
                    && setup.game.figures.iter().zip(&state.pieces).any(|(f, p)| {
                        f.team.as_deref() == Some(&o.team) && p.status == Status::Active
                    })
            })
            .map(|o| (o.team.clone(), o.id.clone()))
    }
}
