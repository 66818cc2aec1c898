//! Where a hex-skirmish game stands, and how it moves from turn to turn and round to round:
//! initiative order (characters by initiative, then monsters), climbs paid on at the start of a
//! turn, objectives checked after every action and, for `survive`, at the end of a round.

use super::game::{Game, Goal};

/// A climb begun but not yet paid for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Climb {
    /// The hex being climbed onto.
    pub to: usize,
    /// Actions still owed.
    pub remaining: u32,
}

/// One unit's state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitState {
    /// Its slot; `None` off the map (dead, or the water monster before it surfaces).
    pub at: Option<usize>,
    /// Hit points left.
    pub hit_points: i32,
    /// Spell points left.
    pub spell_points: u32,
    /// A climb under way.
    pub climb: Option<Climb>,
    /// Consecutive steps taken in water, for the monster's trigger.
    pub water_steps: u32,
    /// It has had its turn this round.
    pub gone: bool,
}

impl UnitState {
    /// On the map and alive.
    pub fn active(&self) -> bool {
        self.at.is_some() && self.hit_points > 0
    }
}

/// The turn under way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turn {
    /// Whose turn.
    pub unit: usize,
    /// Actions left.
    pub actions: u32,
    /// Offensive actions left.
    pub attacks: u32,
    /// It has attacked: no more non-offensive actions this turn.
    pub attacked: bool,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// A team met an objective.
    Won {
        /// The team.
        team: usize,
        /// The objective.
        objective: usize,
    },
    /// The round limit passed with no objective met.
    RoundLimit,
}

/// The whole state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    /// By unit index.
    pub units: Vec<UnitState>,
    /// The round, from 1.
    pub round: u32,
    /// The turn under way, if one is.
    pub turn: Option<Turn>,
    /// By chest: the team that opened it.
    pub opened: Vec<Option<usize>>,
    /// Set once the game is over.
    pub end: Option<End>,
}

impl Game {
    /// The state before the first turn of round 1.
    pub fn start(&self) -> State {
        State {
            units: self
                .units
                .iter()
                .map(|u| UnitState {
                    at: u.start,
                    hit_points: u.attributes.hit_points as i32,
                    spell_points: u.attributes.spell_points,
                    climb: None,
                    water_steps: 0,
                    gone: false,
                })
                .collect(),
            round: 1,
            turn: None,
            opened: vec![None; self.chests.len()],
            end: None,
        }
    }

    /// Who acts next this round: the active unit that has not gone with the highest initiative,
    /// characters before monsters, earlier in the file first on a tie. `None` when the round
    /// is over.
    pub fn next_unit(&self, state: &State) -> Option<usize> {
        (0..self.units.len())
            .filter(|&u| state.units[u].active() && !state.units[u].gone)
            .min_by_key(|&u| {
                let spec = &self.units[u];
                (
                    spec.monster,
                    std::cmp::Reverse(spec.attributes.initiative),
                    u,
                )
            })
    }

    /// Starts the next unit's turn, ending rounds on the way as needed, and returns whose turn
    /// it is; `None` once the game is over. A climb under way is paid on first.
    pub fn begin_turn(&self, state: &mut State) -> Option<usize> {
        if state.turn.is_some() {
            self.end_turn(state);
        }
        loop {
            if state.end.is_some() {
                return None;
            }
            if let Some(unit) = self.next_unit(state) {
                let attributes = &self.units[unit].attributes;
                let mut turn = Turn {
                    unit,
                    actions: attributes.actions,
                    attacks: attributes.attacks,
                    attacked: false,
                };
                if let Some(mut climb) = state.units[unit].climb {
                    let paid = climb.remaining.min(turn.actions);
                    climb.remaining -= paid;
                    turn.actions -= paid;
                    state.units[unit].climb = (climb.remaining > 0).then_some(climb);
                    if climb.remaining == 0 && !self.occupied(state, climb.to) {
                        state.units[unit].at = Some(climb.to);
                        state.units[unit].water_steps = 0;
                        self.check_objectives(state);
                    }
                }
                state.turn = Some(turn);
                return Some(unit);
            }
            self.end_round(state);
        }
    }

    /// Ends the turn under way.
    pub fn end_turn(&self, state: &mut State) {
        if let Some(turn) = state.turn.take() {
            state.units[turn.unit].gone = true;
        }
    }

    fn end_round(&self, state: &mut State) {
        for (index, objective) in self.objectives.iter().enumerate() {
            if let Goal::Survive(rounds) = objective.goal
                && state.round >= rounds
                && self.team_alive(state, objective.team)
            {
                state.end = Some(End::Won {
                    team: objective.team,
                    objective: index,
                });
                return;
            }
        }
        if self.round_limit.is_some_and(|limit| state.round >= limit) {
            state.end = Some(End::RoundLimit);
            return;
        }
        let anyone = state.units.iter().any(UnitState::active);
        if !anyone {
            state.end = Some(End::RoundLimit);
            return;
        }
        state.round += 1;
        for unit in &mut state.units {
            unit.gone = false;
        }
    }

    /// The living unit on a slot, if any.
    pub fn unit_at(&self, state: &State, slot: usize) -> Option<usize> {
        state
            .units
            .iter()
            .position(|u| u.active() && u.at == Some(slot))
    }

    /// A living unit stands on the slot.
    pub fn occupied(&self, state: &State, slot: usize) -> bool {
        self.unit_at(state, slot).is_some()
    }

    fn team_alive(&self, state: &State, team: usize) -> bool {
        self.units
            .iter()
            .zip(&state.units)
            .any(|(spec, u)| spec.team == Some(team) && u.hit_points > 0 && u.at.is_some())
    }

    /// Ends the game if an objective other than `survive` is met now; the first in file order
    /// wins.
    pub fn check_objectives(&self, state: &mut State) {
        if state.end.is_some() {
            return;
        }
        for (index, objective) in self.objectives.iter().enumerate() {
            let met = match &objective.goal {
                Goal::Defeat(targets) => {
                    !targets.is_empty() && targets.iter().all(|&t| state.units[t].hit_points <= 0)
                }
                Goal::Reach(slots) => self.units.iter().zip(&state.units).any(|(spec, u)| {
                    spec.team == Some(objective.team)
                        && u.active()
                        && u.at.is_some_and(|at| slots.contains(&at))
                }),
                Goal::Open { chests, count } => {
                    let opened = chests
                        .iter()
                        .filter(|&&c| state.opened[c] == Some(objective.team))
                        .count();
                    *count > 0 && opened as u32 >= *count
                }
                Goal::Survive(_) => false,
            };
            if met {
                state.end = Some(End::Won {
                    team: objective.team,
                    objective: index,
                });
                return;
            }
        }
    }
}
