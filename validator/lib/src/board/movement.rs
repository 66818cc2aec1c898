//! Movement (rulebook "Actions for Everyone!", "Omnitron-V", "Tyrannosaurus Rex Token").
//!
//! A least-cost search over the board. Moving costs 1 per hex plus 1 per point of elevation
//! change, up or down; Mobility, Sprint and Push ignore elevation. Figures may pass through
//! occupied hexes but not end in them. Among equally cheap paths the one entering the fewest
//! hazard spaces is reported, with the hazards it enters.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use super::Board;
use super::hex::{Axial, neighbours};

/// How a figure that stands on more than one hex moves its footprint.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Gait {
    /// One hex; a larger footprint keeps its shape around the moving hex.
    #[default]
    Single,
    /// Ends in any configuration with one hex on a valid end point.
    AnyConfiguration,
    /// The head moves and the rest follows in line.
    Tail,
}

/// Which action moves the figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum MoveAction {
    /// Move: up to the move value, elevation changes cost extra unless the figure has Mobility.
    Move {
        /// The move value.
        budget: u32,
        /// Mobility: ignore elevation changes.
        mobility: bool,
    },
    /// Sprint: up to two hexes, ignoring elevation.
    Sprint,
    /// Push: up to this many hexes in any direction, ignoring elevation.
    Push(u32),
}

impl MoveAction {
    fn budget(self) -> u32 {
        match self {
            MoveAction::Move { budget, .. } => budget,
            MoveAction::Sprint => 2,
            MoveAction::Push(n) => n,
        }
    }

    /// Cost of one step between two elevations.
    pub fn step_cost(self, from: u8, to: u8) -> u32 {
        match self {
            MoveAction::Move {
                mobility: false, ..
            } => 1 + u32::from(from.abs_diff(to)),
            _ => 1,
        }
    }
}

/// What is moving, and from where.
#[derive(Debug, Clone)]
pub struct Mover {
    /// The figure's hexes; for a T-rex the head comes first.
    pub hexes: Vec<Axial>,
    /// How the figure's footprint moves.
    pub movement: Gait,
}

impl Mover {
    /// A one-hex figure.
    pub fn single(at: Axial) -> Mover {
        Mover {
            hexes: vec![at],
            movement: Gait::Single,
        }
    }
}

/// One hex where the figure may end its movement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Destination {
    /// The end hex (the head, for a T-rex; the hex on the end point, for Omnitron-V).
    pub at: Axial,
    /// Least cost to get there.
    pub cost: u32,
    /// Hazard spaces entered along that cheapest path, in order.
    pub hazards: Vec<Axial>,
    /// The path, start first.
    pub path: Vec<Axial>,
    /// Where the tail ends, for a figure whose tail follows.
    pub tail: Option<Axial>,
    /// Some path within the budget gets there without entering any hazard space (the cheapest
    /// path may still enter one).
    pub hazard_free: bool,
}

/// Everything the search needs to know about the world besides the board.
pub struct World<'a> {
    /// Hexes held by other targets: passable, but no place to end.
    pub occupied: &'a dyn Fn(Axial) -> bool,
    /// Hazard spaces: entering one triggers it.
    pub hazard: &'a dyn Fn(Axial) -> bool,
}

/// Search key: cost first, then hazards entered, so ties prefer the safer path.
type Key = (u32, u32);

/// Every hex the figure may end its movement on, with the least cost, sorted by position, and
/// whether a path within the budget avoids every hazard space.
pub fn reach(
    board: &Board,
    mover: &Mover,
    action: MoveAction,
    world: &World<'_>,
) -> Vec<Destination> {
    let mut found = reach_avoiding(board, mover, action, world, false);
    if found.iter().any(|d| !d.hazards.is_empty()) {
        // The same search with hazard spaces closed: what it still reaches has a safe way.
        let safe = reach_avoiding(board, mover, action, world, true);
        for d in &mut found {
            d.hazard_free = d.hazards.is_empty() || safe.iter().any(|s| s.at == d.at);
        }
    }
    found
}

/// [`reach`], with hazard spaces closed to entry when `avoid`.
fn reach_avoiding(
    board: &Board,
    mover: &Mover,
    action: MoveAction,
    world: &World<'_>,
    avoid: bool,
) -> Vec<Destination> {
    match mover.movement {
        Gait::Tail if mover.hexes.len() >= 2 => reach_with_tail(board, mover, action, world, avoid),
        Gait::AnyConfiguration => reach_any_configuration(board, mover, action, world, avoid),
        _ => {
            let Some(&start) = mover.hexes.first() else {
                return Vec::new();
            };
            let found = search(board, &[start], action, world, avoid);
            let mut out: Vec<Destination> = found
                .reached(board)
                .filter(|&(at, _)| at == start || !(world.occupied)(at))
                .map(|(at, slot)| found.destination(board, at, slot, world))
                .collect();
            out.sort_by_key(|d| d.at);
            out
        }
    }
}

#[derive(Clone, Copy)]
struct Node {
    key: Key,
    /// The board slot the cheapest path comes from.
    previous: Option<usize>,
}

/// What a search found, per board slot. Slots rather than a map keyed by position: the
/// fairness check runs a search from every hex of every scenario, and hashing positions was
/// most of `megahex validate`'s time.
struct Found {
    nodes: Vec<Option<Node>>,
}

impl Found {
    /// Every reached hex, with its slot, in board order.
    fn reached<'a>(&'a self, board: &'a Board) -> impl Iterator<Item = (Axial, usize)> + 'a {
        board
            .hexes()
            .iter()
            .zip(&self.nodes)
            .enumerate()
            .filter(|(_, (_, node))| node.is_some())
            .map(|(slot, (hex, _))| (hex.at, slot))
    }

    /// The cheapest way to the reached hex `at` (in `slot`), with the hazards it enters.
    fn destination(&self, board: &Board, at: Axial, slot: usize, world: &World<'_>) -> Destination {
        let node = self.nodes.get(slot).copied().flatten();
        let cost = node.map_or(0, |n| n.key.0);
        // Every step costs at least 1, so the path has at most cost + 1 hexes.
        let mut path = Vec::with_capacity(cost.saturating_add(1).min(64) as usize);
        path.push(at);
        let mut cursor = node.and_then(|n| n.previous);
        while let Some(previous) = cursor {
            path.push(board.hexes()[previous].at);
            cursor = self
                .nodes
                .get(previous)
                .copied()
                .flatten()
                .and_then(|n| n.previous);
        }
        path.reverse();
        let hazards: Vec<Axial> = path
            .iter()
            .skip(1)
            .copied()
            .filter(|&h| (world.hazard)(h))
            .collect();
        Destination {
            at,
            cost,
            hazard_free: hazards.is_empty(),
            hazards,
            path,
            tail: None,
        }
    }
}

/// Least-cost search from several start hexes (cost 0) within the action's budget; with
/// `avoid`, hazard spaces are never entered.
fn search(
    board: &Board,
    starts: &[Axial],
    action: MoveAction,
    world: &World<'_>,
    avoid: bool,
) -> Found {
    let hexes = board.hexes();
    let mut best: Vec<Option<Node>> = vec![None; hexes.len()];
    let mut queue = BinaryHeap::new();
    for &s in starts {
        if let Some(slot) = board.slot(s) {
            best[slot] = Some(Node {
                key: (0, 0),
                previous: None,
            });
            queue.push(Reverse(((0, 0), s, slot)));
        }
    }
    let budget = action.budget();
    while let Some(Reverse((key, at, slot))) = queue.pop() {
        if best[slot].is_some_and(|n| n.key < key) {
            continue;
        }
        let here = &hexes[slot];
        for next in neighbours(at) {
            let Some(next_slot) = board.slot(next) else {
                continue;
            };
            if avoid && (world.hazard)(next) {
                continue;
            }
            let there = &hexes[next_slot];
            let cost = key.0 + action.step_cost(here.elevation, there.elevation);
            if cost > budget {
                continue;
            }
            let candidate = (cost, key.1 + u32::from((world.hazard)(next)));
            if best[next_slot].is_none_or(|n| candidate < n.key) {
                best[next_slot] = Some(Node {
                    key: candidate,
                    previous: Some(slot),
                });
                queue.push(Reverse((candidate, next, next_slot)));
            }
        }
    }
    Found { nodes: best }
}

/// Omnitron-V: the move starts from any of its hexes; wherever it ends, it may take any
/// contiguous shape that keeps one hex on a valid end point.
fn reach_any_configuration(
    board: &Board,
    mover: &Mover,
    action: MoveAction,
    world: &World<'_>,
    avoid: bool,
) -> Vec<Destination> {
    let own = |at: Axial| mover.hexes.contains(&at);
    let free = |at: Axial| board.contains(at) && (own(at) || !(world.occupied)(at));
    let size = mover.hexes.len().max(1);
    let found = search(board, &mover.hexes, action, world, avoid);
    let mut out: Vec<Destination> = found
        .reached(board)
        .filter(|&(at, _)| free(at) && fits_shape(at, size, &free))
        .map(|(at, slot)| found.destination(board, at, slot, world))
        .collect();
    out.sort_by_key(|d| d.at);
    out
}

/// Is there a set of `size` contiguous free hexes containing `at`?
fn fits_shape(at: Axial, size: usize, free: &dyn Fn(Axial) -> bool) -> bool {
    shape_around(at, size, free).is_some()
}

/// A set of `size` contiguous free hexes containing `at`, `at` first: where Omnitron-V may
/// stand with one hex on `at`.
pub fn shape_around(at: Axial, size: usize, free: &dyn Fn(Axial) -> bool) -> Option<Vec<Axial>> {
    // Every prefix of a breadth-first visit is connected (each hex touches one visited
    // before it), so the first `size` free hexes reached from `at` are a shape, and if the
    // visit ends sooner no shape exists. Linear in `size`, whatever the figure.
    let mut shape = vec![at];
    let mut next = 0;
    while shape.len() < size {
        let &from = shape.get(next)?;
        next += 1;
        for n in neighbours(from) {
            if shape.len() < size && !shape.contains(&n) && free(n) {
                shape.push(n);
            }
        }
    }
    Some(shape)
}

/// The T-rex: the head moves and the tail follows in line, ending in the hex the head left.
fn reach_with_tail(
    board: &Board,
    mover: &Mover,
    action: MoveAction,
    world: &World<'_>,
    avoid: bool,
) -> Vec<Destination> {
    let (head, tail) = (mover.hexes[0], mover.hexes[1]);
    let own = |at: Axial| mover.hexes.contains(&at);
    let free = |at: Axial| own(at) || !(world.occupied)(at);
    type State = (Axial, Axial);
    let mut best: HashMap<State, (Key, Option<State>)> = HashMap::new();
    let mut queue = BinaryHeap::new();
    best.insert((head, tail), ((0, 0), None));
    queue.push(Reverse(((0u32, 0u32), head, tail)));
    let budget = action.budget();
    while let Some(Reverse((key, h, t))) = queue.pop() {
        if best.get(&(h, t)).is_some_and(|(k, _)| *k < key) {
            continue;
        }
        let Some(here) = board.get(h) else { continue };
        for next in neighbours(h) {
            if next == t || (avoid && (world.hazard)(next)) {
                continue;
            }
            let Some(there) = board.get(next) else {
                continue;
            };
            let cost = key.0 + action.step_cost(here.elevation, there.elevation);
            if cost > budget {
                continue;
            }
            let candidate = (cost, key.1 + u32::from((world.hazard)(next)));
            let state = (next, h);
            if best.get(&state).is_none_or(|(k, _)| candidate < *k) {
                best.insert(state, (candidate, Some((h, t))));
                queue.push(Reverse((candidate, next, h)));
            }
        }
    }
    let mut by_head: HashMap<Axial, (Key, State)> = HashMap::new();
    for (&state, &(key, _)) in &best {
        let (h, t) = state;
        if !(free(h) && free(t)) {
            continue;
        }
        if by_head.get(&h).is_none_or(|(k, s)| (key, state) < (*k, *s)) {
            by_head.insert(h, (key, state));
        }
    }
    let mut out: Vec<Destination> = by_head
        .into_iter()
        .map(|(h, (key, state))| {
            let mut path = vec![state.0];
            let mut cursor = state;
            while let Some((_, Some(previous))) = best.get(&cursor) {
                path.push(previous.0);
                cursor = *previous;
            }
            path.reverse();
            let hazards: Vec<Axial> = path
                .iter()
                .skip(1)
                .copied()
                .filter(|&x| (world.hazard)(x))
                .collect();
            Destination {
                at: h,
                cost: key.0,
                hazard_free: hazards.is_empty(),
                hazards,
                path,
                tail: Some(state.1),
            }
        })
        .collect();
    out.sort_by_key(|d| d.at);
    out
}

#[cfg(test)]
mod tests;
