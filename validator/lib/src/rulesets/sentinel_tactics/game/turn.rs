//! A turn (rulebook "Turns", "Actions for Everyone!"): who may take it, Power Up, the action
//! budget with each ability and basic action once a turn, and To Be Continued.

use super::figure::Status;
use super::order::Due;
use super::{Game, State};
use crate::board::Axial;
use crate::illegal::Illegal;
use megahex_schema::rulesets::sentinel_tactics::AttackStats;

/// The four actions everyone has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Basic {
    /// Move up to the move value.
    Move,
    /// Move up to two hexes, ignoring elevation.
    Sprint,
    /// Gain an Aim token.
    Aim,
    /// Gain a Dodge token.
    Dodge,
}

impl Basic {
    /// The action's name with its article, as messages say it.
    fn name(self) -> &'static str {
        match self {
            Basic::Move => "a Move",
            Basic::Sprint => "a Sprint",
            Basic::Aim => "an Aim",
            Basic::Dodge => "a Dodge",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// What bounds a figure's actions in a turn: how many it has, and whether the house rule
/// `repeat-basic-actions` lets a basic action repeat. The one statement of the action budget
/// ("Because Move and Sprint are separate actions, you may do both in the same turn"): the
/// turn engine checks each action against it, and the fairness figures and `reach` claims
/// read from it where a turn of moving can end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnPlan {
    /// Actions a turn.
    pub actions: u32,
    /// The basic actions may repeat.
    pub repeat: bool,
}

impl TurnPlan {
    /// Whether a turn that has spent `used` actions has one left.
    pub fn has_action_left(self, used: u32) -> bool {
        used < self.actions
    }

    /// Whether `basic` may be taken after the basic actions `taken` (by [`Basic`] index):
    /// once a turn, unless the house rule lifts it.
    pub fn may_take(self, taken: &[bool; 4], basic: Basic) -> bool {
        self.repeat || !taken[basic.index()]
    }

    /// The moves a turn holds, in words.
    pub fn describe(self) -> String {
        match (self.actions, self.repeat) {
            (1, _) => "a Move or a Sprint a turn".to_owned(),
            (n, true) => format!("{n} Moves or Sprints a turn"),
            (_, false) => "a Move and a Sprint a turn".to_owned(),
        }
    }

    /// Where a turn spent on Move and Sprint actions can end, from `start`, `step` moving a set
    /// of places by one action and `union` joining two sets: every order of actions this plan
    /// allows, the start included.
    pub fn move_ends<S: Clone>(
        self,
        start: S,
        step: impl Fn(&S, Basic) -> S,
        union: impl Fn(&S, &S) -> S,
    ) -> S {
        let mut ends = start.clone();
        // The places after the actions so far, by the basic actions taken; with repeats
        // allowed, which were taken changes nothing, so they share one set.
        let mut frontier = vec![([false; 4], start)];
        let mut used = 0;
        while self.has_action_left(used) && !frontier.is_empty() {
            let mut next: Vec<([bool; 4], S)> = Vec::new();
            for (taken, places) in &frontier {
                for basic in [Basic::Move, Basic::Sprint] {
                    if !self.may_take(taken, basic) {
                        continue;
                    }
                    let moved = step(places, basic);
                    ends = union(&ends, &moved);
                    let mut after = *taken;
                    after[basic.index()] = !self.repeat;
                    match next.iter_mut().find(|(t, _)| *t == after) {
                        Some((_, set)) => *set = union(set, &moved),
                        None => next.push((after, moved)),
                    }
                }
            }
            frontier = next;
            used += 1;
        }
        ends
    }
}

/// The turn in progress.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    /// The figure taking it.
    pub figure: usize,
    /// The turn order entry that gave it.
    pub due: Due,
    /// Actions spent so far.
    pub actions: u32,
    /// Which of Move, Sprint, Aim and Dodge were taken.
    pub basics: [bool; 4],
    /// The attacks used, by name.
    pub abilities: Vec<String>,
    /// Whether its Power Up placed or replaced a power card.
    pub powered_up: bool,
}

impl Game {
    /// The turn due now, and who may take it; `None` if no figure takes turns.
    pub fn due(&self, state: &State) -> Option<Due> {
        self.order.due(&state.round, &self.figures, &state.pieces)
    }

    /// Starts `figure`'s turn: it must be the one the turn order gives the turn to. Power Up: an
    /// incapacitated character stands back up with full health, and Aim and Dodge tokens from
    /// the last turn are discarded.
    pub fn begin_turn(&self, state: &mut State, figure: usize) -> Result<(), Illegal> {
        let me = &self.figures[figure];
        if !me.takes_turns() {
            return Err(Illegal::from(format!(
                "`{}` takes no turns (only characters, minions and environment figures with stats do)",
                me.id
            )));
        }
        match state.pieces[figure].status {
            Status::Destroyed => {
                return Err(Illegal::from(format!(
                    "`{}` is destroyed and takes no turns",
                    me.id
                )));
            }
            Status::Waiting => {
                return Err(Illegal::from(format!("`{}` has not arrived yet", me.id)));
            }
            Status::Active | Status::Incapacitated => {}
        }
        if state.round.gone[figure] {
            return Err(Illegal::from(format!(
                "`{}` has had its turn in round {}; every figure takes one turn a round",
                me.id, state.round.number
            )));
        }
        let Some(due) = self.due(state) else {
            return Err(Illegal::from("no figure is left to take a turn"));
        };
        if !due.figures.contains(&figure) {
            return Err(Illegal::from(format!(
                "it is {}'s turn (turn order token {} of round {}), not `{}`'s",
                self.describe_due(&due),
                due.entry + 1,
                state.round.number,
                me.id
            )));
        }
        let piece = &mut state.pieces[figure];
        if piece.status == Status::Incapacitated {
            // "On their next Power Up phase, that character stands back up, regains full health".
            piece.status = Status::Active;
            piece.health = me.health;
        }
        piece.held.aim = false;
        piece.held.dodge = false;
        state.turn = Some(super::Turn {
            figure,
            due,
            actions: 0,
            basics: [false; 4],
            abilities: Vec::new(),
            powered_up: false,
        });
        Ok(())
    }

    /// Who the due turn belongs to, in words.
    fn describe_due(&self, due: &Due) -> String {
        match &self.order.entries()[due.entry] {
            super::Entry::Team(team) => format!("team `{team}`"),
            super::Entry::Figure(i) => format!("`{}`", self.figures[*i].id),
        }
    }

    /// The figure whose turn it is, standing; the reason it cannot act otherwise.
    pub(crate) fn acting(&self, state: &State) -> Result<usize, Illegal> {
        let turn = state
            .turn
            .as_ref()
            .ok_or_else(|| "no turn is in progress".to_owned())?;
        let me = turn.figure;
        match state.pieces[me].status {
            Status::Active => Ok(me),
            Status::Incapacitated => Err(Illegal::from(format!(
                "`{}` was incapacitated this turn and can take no more actions",
                self.figures[me].id
            ))),
            Status::Destroyed | Status::Waiting => Err(Illegal::from(format!(
                "`{}` was destroyed this turn",
                self.figures[me].id
            ))),
        }
    }

    /// The plan of a figure with `actions` actions a turn, in this game's rules.
    pub fn turn_plan(&self, actions: u32) -> TurnPlan {
        TurnPlan {
            actions,
            repeat: self.repeat_basic_actions,
        }
    }

    /// Has the acting figure an action left?
    fn check_budget(&self, state: &State) -> Result<usize, Illegal> {
        let me = self.acting(state)?;
        let figure = &self.figures[me];
        let Some(budget) = figure.stats.as_ref().and_then(|s| s.actions) else {
            return Err(Illegal::from(format!(
                "`{}` has no `actions` in its stats; give them under `stats:`",
                figure.id
            )));
        };
        let used = state.turn.as_ref().map_or(0, |t| t.actions);
        if !self.turn_plan(budget).has_action_left(used) {
            return Err(Illegal::from(format!(
                "`{}` has {budget} actions a turn; this is action {}",
                figure.id,
                used + 1
            )));
        }
        Ok(me)
    }

    /// Spends one of the acting figure's actions.
    fn spend_action(&self, state: &mut State) -> Result<usize, Illegal> {
        let me = self.check_budget(state)?;
        if let Some(turn) = state.turn.as_mut() {
            turn.actions += 1;
        }
        Ok(me)
    }

    /// Can the acting figure take this basic action now (an action left, not yet taken this
    /// turn unless the house rule allows repeats)? Changes nothing.
    pub fn can_take(&self, state: &State, basic: Basic) -> Result<(), Illegal> {
        let me = self.acting(state)?;
        // The once-a-turn half of the plan; the budget is checked next.
        if let Some(turn) = &state.turn
            && !self.turn_plan(0).may_take(&turn.basics, basic)
        {
            return Err(Illegal::from(format!(
                "`{}` has already taken {} this turn; each of Move, Sprint, Aim and Dodge is taken once a turn (the house rule `repeat-basic-actions` lifts this)",
                self.figures[me].id,
                basic.name()
            )));
        }
        self.check_budget(state).map(|_| ())
    }

    /// Spends an action on a basic action, once a turn unless the house rule allows repeats.
    pub(crate) fn take_basic(&self, state: &mut State, basic: Basic) -> Result<usize, Illegal> {
        self.can_take(state, basic)?;
        let me = self.spend_action(state)?;
        if let Some(turn) = state.turn.as_mut() {
            turn.basics[basic.index()] = true;
        }
        Ok(me)
    }

    /// Can the acting figure use this ability now? Once a turn unless it is unlimited, a
    /// One-Shot not yet used since the figure was last incapacitated, and an action left unless
    /// it costs something else. Changes nothing.
    pub fn can_use(&self, state: &State, attack: &AttackStats) -> Result<(), Illegal> {
        let me = self.acting(state)?;
        let id = &self.figures[me].id;
        let name = &attack.name;
        let used = state
            .turn
            .as_ref()
            .is_some_and(|t| t.abilities.iter().any(|a| a == name));
        if used && !attack.unlimited {
            return Err(Illegal::from(format!(
                "`{id}` has already used {name} this turn; each ability is used once a turn unless its stats say `unlimited: true`"
            )));
        }
        if let Some(illegal) = self.card_not_in_play(state, me, attack) {
            return Err(illegal);
        }
        if attack.one_shot
            && state.pieces[me].held.one_shots_used & self.one_shot_bit(me, name) != 0
        {
            return Err(Illegal::from(format!(
                "`{id}` has used its One-Shot {name}; it comes back only once `{id}` has been incapacitated (\"may only be used once per incapacitation\")"
            )));
        }
        match attack.cost {
            None => self.check_budget(state).map(|_| ()),
            Some(_) => Ok(()),
        }
    }

    /// The bit of `name` among the figure's attacks, for `Held::one_shots_used`.
    fn one_shot_bit(&self, me: usize, name: &str) -> u64 {
        self.figures[me]
            .stats
            .as_ref()
            .and_then(|s| s.attacks.iter().position(|a| a.name == name))
            .map_or(0, |at| 1u64 << at.min(63))
    }

    /// Pays for an ability (see [`Game::can_use`]): an action, or its `cost` instead (health,
    /// Attack+1 tokens); a One-Shot then leaves play until the figure is incapacitated.
    /// `more_tokens` are the Attack+1 tokens the attack also spends on dice.
    pub(crate) fn take_ability(
        &self,
        state: &mut State,
        attack: &AttackStats,
        more_tokens: u32,
    ) -> Result<usize, Illegal> {
        self.can_use(state, attack)?;
        let me = self.acting(state)?;
        let id = &self.figures[me].id;
        let name = &attack.name;
        match attack.cost {
            None => {
                self.spend_action(state)?;
            }
            Some(cost) => {
                let health = state.pieces[me].health.unwrap_or(0);
                if cost.health > 0 && health <= cost.health {
                    return Err(Illegal::from(format!(
                        "`{id}` has {health} health, and {name} costs {}: a character cannot pay its last health",
                        cost.health
                    )));
                }
                let held = state.pieces[me].held.effects.attack_plus;
                if cost.attack_plus + more_tokens > held {
                    return Err(Illegal::from(format!(
                        "{name} costs {} Attack+1 token(s){}, and `{id}` holds {held}",
                        cost.attack_plus,
                        match more_tokens {
                            0 => String::new(),
                            n => format!(" and the attack spends {n} more on dice"),
                        }
                    )));
                }
                let piece = &mut state.pieces[me];
                piece.health = piece.health.map(|h| h - cost.health);
                piece.held.effects.attack_plus -= cost.attack_plus;
            }
        }
        if attack.one_shot {
            state.pieces[me].held.one_shots_used |= self.one_shot_bit(me, name);
        }
        if let Some(turn) = state.turn.as_mut() {
            turn.abilities.push(name.clone());
        }
        Ok(me)
    }

    /// Aim: gain an Aim token.
    pub fn aim(&self, state: &mut State) -> Result<(), Illegal> {
        let me = self.take_basic(state, Basic::Aim)?;
        state.pieces[me].held.aim = true;
        Ok(())
    }

    /// Dodge: gain a Dodge token.
    pub fn dodge(&self, state: &mut State) -> Result<(), Illegal> {
        let me = self.take_basic(state, Basic::Dodge)?;
        state.pieces[me].held.dodge = true;
        Ok(())
    }

    /// Actions the acting figure has left this turn.
    pub fn actions_left(&self, state: &State) -> u32 {
        let Some(turn) = &state.turn else { return 0 };
        let budget = self.figures[turn.figure]
            .stats
            .as_ref()
            .and_then(|s| s.actions)
            .unwrap_or(0);
        budget.saturating_sub(turn.actions)
    }

    /// The hazard strikes of To Be Continued: "any hazard spaces your character is standing in
    /// activate". Resolve them, then call [`Game::end_turn`].
    pub fn standing_strikes(&self, state: &State) -> Vec<super::Strike> {
        match &state.turn {
            Some(turn) if state.pieces[turn.figure].attackable() => {
                self.strikes_standing(state, turn.figure)
            }
            _ => Vec::new(),
        }
    }

    /// Reinforcements whose round has come arrive, at the start of each round (the game's
    /// start and [`Game::end_turn`] call it): each on the first free hexes of its zone, in a shape around one for a figure
    /// on several hexes. One with no room waits for a later round. Returns those placed.
    pub(crate) fn arrivals(&self, state: &mut State) -> Vec<usize> {
        let mut placed = Vec::new();
        for (i, figure) in self.figures.iter().enumerate() {
            let Some(arrival) = &figure.arrives else {
                continue;
            };
            if state.pieces[i].status != Status::Waiting || arrival.round > state.round.number {
                continue;
            }
            let taken: Vec<Axial> = state
                .pieces
                .iter()
                .filter(|p| p.occupies())
                .flat_map(|p| p.hexes.iter().copied())
                .collect();
            let free = |at: Axial| self.scene.board.contains(at) && !taken.contains(&at);
            let shape = arrival.hexes.iter().find_map(|&at| {
                if !free(at) {
                    return None;
                }
                crate::board::movement::shape_around(at, arrival.size, &free)
            });
            if let Some(shape) = shape {
                let piece = &mut state.pieces[i];
                piece.hexes = shape;
                piece.status = Status::Active;
                placed.push(i);
            }
        }
        placed
    }

    /// Ends the turn: the figure's turn order token is flipped, and when every figure has gone
    /// the next round begins. Returns true when a round ended.
    pub fn end_turn(&self, state: &mut State) -> bool {
        let Some(turn) = state.turn.take() else {
            return false;
        };
        self.order.advance(
            &mut state.round,
            &turn.due,
            turn.figure,
            &self.figures,
            &state.pieces,
        );
        if self
            .order
            .complete(&state.round, &self.figures, &state.pieces)
        {
            state.round = state.round.next_round();
            self.arrivals(state);
            true
        } else {
            false
        }
    }
}
