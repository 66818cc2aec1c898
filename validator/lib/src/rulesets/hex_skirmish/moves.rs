//! Where a unit can move with the actions it has: the shared least-cost search with this
//! ruleset's step costs, other units' hexes closed, and the hexes on the way that call the
//! water monster or deal damage named as hazards.

use super::game::Game;
use super::state::State;
use crate::board::movement::Destination;
use crate::board::search::{Paths, cheapest_paths};

/// The cheapest ways for `unit` to every hex it can reach within `budget` actions: one hex at
/// a time, never into another unit's hex or impassable terrain.
pub fn paths(game: &Game, state: &State, unit: usize, budget: u32) -> Paths {
    search(game, state, unit, budget, false)
}

fn search(game: &Game, state: &State, unit: usize, budget: u32, safe: bool) -> Paths {
    let n = game.arena.hexes().len();
    let start = state.units[unit].at.unwrap_or(n);
    let taken: Vec<bool> = (0..n)
        .map(|slot| {
            game.unit_at(state, slot).is_some_and(|other| other != unit)
                || (safe && is_hazard(game, state, slot))
        })
        .collect();
    cheapest_paths(n, start, budget, |from, visit| {
        for &to in game.arena.adjacent(from) {
            if taken[to] {
                continue;
            }
            if let Some(cost) = game.arena.step_cost(from, to) {
                visit(to, cost);
            }
        }
    })
}

/// A hex that can hurt a unit stepping into it: it deals damage on entering, or it is water
/// while the water monster lurks unseen.
pub fn is_hazard(game: &Game, state: &State, slot: usize) -> bool {
    let terrain = game.arena.terrain(slot);
    let lurking = game
        .water_monster()
        .is_some_and(|m| state.units[m].at.is_none() && state.units[m].hit_points > 0);
    terrain.enter_damage.is_some() || (terrain.water && lurking)
}

/// Every hex `unit` can end a move on with `budget` actions, with the cheapest path and the
/// hazards it enters, sorted by position.
pub fn destinations(game: &Game, state: &State, unit: usize, budget: u32) -> Vec<Destination> {
    let found = paths(game, state, unit, budget);
    let safe = search(game, state, unit, budget, true);
    let at = |slot: usize| game.arena.hex(slot).at;
    let mut out: Vec<Destination> = found
        .reached()
        .map(|(slot, cost)| {
            let path = found.path_to(slot);
            let hazards: Vec<_> = path
                .iter()
                .skip(1)
                .filter(|&&s| is_hazard(game, state, s))
                .map(|&s| at(s))
                .collect();
            Destination {
                at: at(slot),
                cost,
                hazard_free: safe.cost(slot).is_some(),
                hazards,
                path: path.into_iter().map(at).collect(),
                tail: None,
            }
        })
        .collect();
    out.sort_by_key(|d| d.at);
    out
}
