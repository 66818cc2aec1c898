//! Moving figures along a path (rulebook "Actions for Everyone!", "Push", "Omnitron-V",
//! "Tyrannosaurus Rex Token"): Move, Sprint and push, with the hazard spaces entered on the way.
//!
//! Steps go to adjacent map hexes within the budget; a figure may pass through other targets
//! but not end on them. Omnitron-V starts from whichever of its hexes the first step touches
//! (the cheapest legal one) and ends in its old shape moved along, or in any shape given that
//! covers the path's end; a tail follows its head, which may not turn back onto it; a pushed
//! multi-hex figure moves whole.

use crate::illegal::Illegal;
use megahex_schema::rulesets::sentinel_tactics::FigureMovement;

use super::turn::Basic;
use super::{Game, State, Strike};
use crate::board::movement::MoveAction;
use crate::board::{Axial, distance};

/// A move carried out: where the figure stood after each step, and the hazards it entered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Walk {
    /// The figure that moved.
    pub figure: usize,
    /// Its hexes before the move.
    pub from: Vec<Axial>,
    /// Its hexes after each step, the last being where it ended.
    pub steps: Vec<Vec<Axial>>,
    /// Hazard strikes in the order the hazards were entered; resolve them in that order, and
    /// stop the figure with [`Game::halt`] if one takes it down.
    pub strikes: Vec<Strike>,
}

impl Game {
    /// A Move action of the acting figure along `path`, with this turn's move value.
    pub fn move_action(
        &self,
        state: &mut State,
        path: &[Axial],
        place: Option<&[Axial]>,
    ) -> Result<Walk, Illegal> {
        let me = self.acting(state)?;
        let figure = &self.figures[me];
        let Some(value) = state.pieces[me].move_value else {
            return Err(Illegal::from(format!(
                "`{}` rolls for movement: give this turn's `move-value`",
                figure.id
            )));
        };
        let action = MoveAction::Move {
            budget: value,
            mobility: figure.mobility(),
        };
        self.can_take(state, Basic::Move)?;
        // A walk changes nothing unless it is legal, so the action is spent only after it.
        let walk = self.walk(state, me, path, place, action)?;
        self.take_basic(state, Basic::Move)?;
        Ok(walk)
    }

    /// A Sprint of the acting figure along `path`: up to two hexes, ignoring elevation.
    pub fn sprint(
        &self,
        state: &mut State,
        path: &[Axial],
        place: Option<&[Axial]>,
    ) -> Result<Walk, Illegal> {
        let me = self.acting(state)?;
        self.can_take(state, Basic::Sprint)?;
        let walk = self.walk(state, me, path, place, MoveAction::Sprint)?;
        self.take_basic(state, Basic::Sprint)?;
        Ok(walk)
    }

    /// Pushes `target` along `path`, `budget` hexes, ignoring elevation: "Push moves a target
    /// hit by this attack that number of hexes". A shorter push is legal only where no longer
    /// one ends on the map, free of other targets.
    pub fn push(
        &self,
        state: &mut State,
        target: usize,
        path: &[Axial],
        budget: u32,
    ) -> Result<Walk, Illegal> {
        let id = &self.figures[target].id;
        if path.len() as u64 > u64::from(budget) {
            return Err(Illegal::from(format!(
                "`{id}` is pushed {budget} hex(es) here, and the push has {}",
                path.len()
            )));
        }
        let start = state.pieces[target].hexes.first().copied();
        for (i, step) in path.iter().enumerate() {
            if Some(*step) == start || path[..i].contains(step) {
                return Err(Illegal::from(format!(
                    "step {} of the push enters [{}, {}] again; a push moves `{id}` {budget} hex(es) without going back",
                    i + 1,
                    step[0],
                    step[1]
                )));
            }
        }
        // Only a push short of its length asks whether the map allowed more.
        let open = match (path.len() as u64) < u64::from(budget) {
            true => self.push_paths(state, target, budget),
            false => Vec::new(),
        };
        let most = open.first().map_or(0, Vec::len);
        if path.len() < most {
            return Err(Illegal::from(format!(
                "`{id}` is pushed {budget} hex(es) here (\"that number of hexes\"), and the push has {}; a push stops short only where the map or other targets stop it, and {most} hex(es) are open, for example {}",
                path.len(),
                open.first().map(|p| hexes_text(p)).unwrap_or_default()
            )));
        }
        self.walk(state, target, path, None, MoveAction::Push(budget))
    }

    /// The pushes of `target` as long as the map allows, up to `budget` hexes: one path for each
    /// place it can end, all of the same length (none when it cannot move at all). Steps may
    /// pass through other targets and turn, but never enter a hex twice (the start included):
    /// a push moves the target that number of hexes. The end is on the map and free. The
    /// search stops after [`MOST_PUSH_STEPS_TRIED`] steps tried, with the longest found by then.
    pub fn push_paths(&self, state: &State, target: usize, budget: u32) -> Vec<Vec<Axial>> {
        let hexes = state.pieces[target].hexes.clone();
        let Some(&start) = hexes.first() else {
            return Vec::new();
        };
        let mut search = PushSearch {
            game: self,
            state,
            target,
            hexes: &hexes,
            start,
            budget,
            tried: 0,
            longest: Vec::new(),
        };
        let mut path = Vec::new();
        search.extend(&mut path);
        search.longest
    }

    /// Moves `who` along `path` if it is legal for `action`, and reports the hazards entered.
    pub(crate) fn walk(
        &self,
        state: &mut State,
        who: usize,
        path: &[Axial],
        place: Option<&[Axial]>,
        action: MoveAction,
    ) -> Result<Walk, Illegal> {
        let figure = &self.figures[who];
        let hexes = state.pieces[who].hexes.clone();
        let pushed = matches!(action, MoveAction::Push(_));
        let shape_moves = hexes.len() > 1 && (pushed || figure.movement == FigureMovement::Single);
        // Where the path may start: a single hex, a tail's head or a shape moved whole from its
        // first hex, or any of Omnitron-V's hexes the first step touches.
        let starts: Vec<Axial> = match (figure.movement, path.first()) {
            _ if hexes.len() == 1 || shape_moves => hexes.first().copied().into_iter().collect(),
            (FigureMovement::Single | FigureMovement::Tail, _) => {
                hexes.first().copied().into_iter().collect()
            }
            (FigureMovement::AnyConfiguration, Some(&first)) => {
                let touching: Vec<Axial> = hexes
                    .iter()
                    .copied()
                    .filter(|&h| distance(h, first) == 1)
                    .collect();
                if touching.is_empty() {
                    hexes.first().copied().into_iter().collect()
                } else {
                    touching
                }
            }
            (FigureMovement::AnyConfiguration, None) => hexes.clone(),
        };
        let mut outcome = Err(Illegal::new(format!("`{}` is not on the map", figure.id)));
        for &start in &starts {
            outcome = self.path_cost(start, path, action).map(|_| start);
            if outcome.is_ok() {
                break;
            }
        }
        let start = outcome?;
        let footprints = self.footprints(who, &hexes, start, path, place, action)?;
        let end = footprints.last().cloned().unwrap_or_else(|| hexes.clone());
        for &at in &end {
            if let Some(other) = self.occupant(state, at, who) {
                return Err(Illegal::from(format!(
                    "the move ends on `{}`; figures may pass through targets but not stop on them",
                    self.figures[other].id
                )));
            }
        }
        // Hazards entered: each step's new hexes (hexes the figure did not hold just before,
        // nor at the start of the move).
        let mut strikes = Vec::new();
        let mut before = hexes.clone();
        for (step, now) in footprints.iter().enumerate() {
            let entered: Vec<Axial> = now
                .iter()
                .copied()
                .filter(|h| !before.contains(h) && !hexes.contains(h))
                .collect();
            strikes.extend(self.strikes_entering(who, &entered, step));
            before = now.clone();
        }
        state.pieces[who].hexes = end;
        Ok(Walk {
            figure: who,
            from: hexes,
            steps: footprints,
            strikes,
        })
    }

    /// Stops a walk early, after step `step`, because a hazard there took the figure down: it
    /// stays on that step's hexes, or on the last earlier ones free of other targets.
    pub fn halt(&self, state: &mut State, walk: &Walk, step: usize) {
        let who = walk.figure;
        let free = |hexes: &Vec<Axial>| {
            hexes
                .iter()
                .all(|&h| self.occupant(state, h, who).is_none())
        };
        let stop = walk
            .steps
            .iter()
            .take(step + 1)
            .rev()
            .find(|h| free(h))
            .cloned()
            .unwrap_or_else(|| walk.from.clone());
        state.pieces[who].hexes = stop;
    }

    /// The cost of stepping from `start` along `steps`, or why they are not a legal path.
    fn path_cost(&self, start: Axial, steps: &[Axial], action: MoveAction) -> Result<u32, Illegal> {
        let board = &self.scene.board;
        let (budget, label) = match action {
            MoveAction::Move { budget, .. } => (budget, format!("move value {budget}")),
            MoveAction::Sprint => (2, "a Sprint of 2 hexes".to_owned()),
            MoveAction::Push(n) => (n, format!("a push of {n}")),
        };
        let mut at = start;
        let mut spent = 0;
        for (i, &next) in steps.iter().enumerate() {
            if distance(at, next) != 1 {
                return Err(Illegal::from(format!(
                    "step {} goes from [{}, {}] to [{}, {}], which are not adjacent",
                    i + 1,
                    at[0],
                    at[1],
                    next[0],
                    next[1]
                )));
            }
            let (Some(from_hex), Some(to_hex)) = (board.get(at), board.get(next)) else {
                return Err(Illegal::from(format!("step {} leaves the map", i + 1)));
            };
            spent += action.step_cost(from_hex.elevation, to_hex.elevation);
            if spent > budget {
                return Err(Illegal::from(format!(
                    "the path costs {spent} by step {} (elevation changes cost 1 more a level), more than {label}",
                    i + 1
                )));
            }
            at = next;
        }
        Ok(spent)
    }

    /// The figure's hexes after each step of a legal path from `start`, the last being where
    /// it ends. A tail follows its head hex by hex; a shape moved whole keeps its shape;
    /// Omnitron-V travels as the one hex the path starts from and is then placed: in `place`
    /// when the script gives it, else in its old shape moved along.
    fn footprints(
        &self,
        who: usize,
        hexes: &[Axial],
        start: Axial,
        steps: &[Axial],
        place: Option<&[Axial]>,
        action: MoveAction,
    ) -> Result<Vec<Vec<Axial>>, Illegal> {
        let figure = &self.figures[who];
        let board = &self.scene.board;
        let on_map = |shape: &[Axial], what: &str| match shape.iter().find(|h| !board.contains(**h))
        {
            Some(off) => Err(Illegal::from(format!(
                "{what} puts `{}` on [{}, {}], off the map",
                figure.id, off[0], off[1]
            ))),
            None => Ok(()),
        };
        let end = steps.last().copied().unwrap_or(start);
        let shifted = |to: Axial| -> Vec<Axial> {
            hexes
                .iter()
                .map(|h| [h[0] + to[0] - start[0], h[1] + to[1] - start[1]])
                .collect()
        };
        if hexes.len() == 1 {
            if let Some(place) = place
                && place != [end]
            {
                return Err(Illegal::from(format!(
                    "`place` is for figures on several hexes; `{}` ends on [{}, {}]",
                    figure.id, end[0], end[1]
                )));
            }
            return Ok(steps.iter().map(|&s| vec![s]).collect());
        }
        let pushed = matches!(action, MoveAction::Push(_));
        match (figure.movement, place) {
            (_, Some(_)) if pushed => Err(Illegal::from(
                "a push moves the figure whole; it takes no `place`",
            )),
            (FigureMovement::Tail, Some(_)) => Err(Illegal::from(format!(
                "`{}` moves head first with its tail following; it takes no `place`",
                figure.id
            ))),
            (FigureMovement::Tail, None) => {
                // The body follows the head hex by hex; the head may not step back onto it.
                let mut body = hexes.to_vec();
                let mut out = Vec::with_capacity(steps.len());
                for (i, &step) in steps.iter().enumerate() {
                    if body.iter().skip(1).any(|&h| h == step) {
                        return Err(Illegal::from(format!(
                            "step {} turns `{}`'s head back onto its tail",
                            i + 1,
                            figure.id
                        )));
                    }
                    body.insert(0, step);
                    body.truncate(hexes.len());
                    out.push(body.clone());
                }
                Ok(out)
            }
            (FigureMovement::Single, None) | (FigureMovement::AnyConfiguration, None) if pushed => {
                let out: Vec<Vec<Axial>> = steps.iter().map(|&s| shifted(s)).collect();
                on_map(out.last().map_or(hexes, |v| v.as_slice()), "the push")?;
                Ok(out)
            }
            (FigureMovement::Single, None) => {
                let out: Vec<Vec<Axial>> = steps.iter().map(|&s| shifted(s)).collect();
                on_map(
                    out.last().map_or(hexes, |v| v.as_slice()),
                    "keeping its shape",
                )?;
                Ok(out)
            }
            (_, place) => {
                // Omnitron-V: the traveling hex, then the shape it ends in.
                let mut out: Vec<Vec<Axial>> = steps.iter().map(|&s| vec![s]).collect();
                let shape = match place {
                    Some(place) => {
                        let ends: Vec<Axial> = if steps.is_empty() {
                            hexes.to_vec()
                        } else {
                            vec![end]
                        };
                        if !place.iter().any(|h| ends.contains(h)) {
                            return Err(Illegal::from(format!(
                                "`place` must cover the path's end, [{}, {}]",
                                end[0], end[1]
                            )));
                        }
                        let size = u32::try_from(hexes.len()).unwrap_or(u32::MAX);
                        if let Some(problem) =
                            crate::rulesets::sentinel_tactics::checks::footprint_problem(
                                place,
                                Some(size),
                            )
                        {
                            return Err(Illegal::from(format!(
                                "the `place` shape does not fit: {problem}"
                            )));
                        }
                        on_map(place, "`place`")?;
                        place.to_vec()
                    }
                    None => {
                        let kept = shifted(end);
                        on_map(&kept, "keeping its shape")
                            .map_err(|e| format!("{e}; give `place` for the shape it ends in"))?;
                        kept
                    }
                };
                match out.last_mut() {
                    Some(last) => *last = shape,
                    None => out.push(shape),
                }
                Ok(out)
            }
        }
    }
}

/// A path as `[q, r]` pairs, for messages.
fn hexes_text(path: &[Axial]) -> String {
    let steps: Vec<String> = path
        .iter()
        .map(|h| format!("[{}, {}]", h[0], h[1]))
        .collect();
    format!("[{}]", steps.join(", "))
}

/// Most steps the search for the longest pushes tries: a push of 5 on an open map has about
/// 6 × 5⁴ paths, and the search finds a full-length one long before that.
pub const MOST_PUSH_STEPS_TRIED: u32 = 20_000;

/// The depth-first search behind [`Game::push_paths`].
struct PushSearch<'a> {
    game: &'a Game,
    state: &'a State,
    target: usize,
    hexes: &'a [Axial],
    start: Axial,
    budget: u32,
    tried: u32,
    /// The longest pushes found, one for each end.
    longest: Vec<Vec<Axial>>,
}

impl PushSearch<'_> {
    fn extend(&mut self, path: &mut Vec<Axial>) {
        if path.len() as u32 >= self.budget {
            return;
        }
        let head = path.last().copied().unwrap_or(self.start);
        let action = MoveAction::Push(self.budget);
        for step in crate::board::neighbours(head) {
            if self.tried >= MOST_PUSH_STEPS_TRIED {
                return;
            }
            if step == self.start || path.contains(&step) {
                continue;
            }
            self.tried += 1;
            path.push(step);
            let legal = self.game.path_cost(self.start, path, action).is_ok();
            let end = match legal {
                true => self
                    .game
                    .footprints(self.target, self.hexes, self.start, path, None, action)
                    .ok()
                    .and_then(|prints| prints.last().cloned()),
                false => None,
            };
            if let Some(end) = end {
                self.offer(path, &end);
                self.extend(path);
            }
            path.pop();
        }
    }

    /// Keeps `path` if it is as long as the longest yet and ends free of other targets.
    fn offer(&mut self, path: &[Axial], end: &[Axial]) {
        let free = end
            .iter()
            .all(|&h| self.game.occupant(self.state, h, self.target).is_none());
        if !free {
            return;
        }
        let best = self.longest.first().map_or(0, Vec::len);
        if path.len() > best {
            self.longest.clear();
        }
        let same_end = |p: &Vec<Axial>| p.last() == path.last();
        if path.len() >= best && !self.longest.iter().any(same_end) {
            self.longest.push(path.to_vec());
        }
    }
}
