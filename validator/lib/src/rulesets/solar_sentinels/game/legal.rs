//! What the rules allow the player at each choice: which top card may be activated or
//! discarded, when the endgame may start, what may be committed, where a die may go, how many
//! items fit. Shared by the simulation's policy, which chooses among the legal moves, and the
//! playtest replay, which refuses the others, so that both read the rules one way.

use megahex_schema::rulesets::solar_sentinels::Face;

use super::super::dice::Colour;
use super::state::State;
use super::{BOSS_LEVEL, Table};

/// Whether the top card of `stack` may be activated: any top card, unless a mandatory enemy is
/// on top of some stack, when it must be one of those (seed 003, "Mandatory Enemies").
pub fn may_activate(s: &State, table: &Table, stack: usize) -> bool {
    s.top(stack)
        .is_some_and(|card| !s.mandatory_on_top(table) || table.cards[card].mandatory)
}

/// Whether the cleanup may discard the top card of `stack`: any top card but a mandatory one.
pub fn may_discard(s: &State, table: &Table, stack: usize) -> bool {
    s.top(stack)
        .is_some_and(|card| !table.cards[card].mandatory)
}

/// Whether the cleanup must discard a top card: it is skipped only when every top card is
/// mandatory (or every stack is empty).
pub fn discard_required(s: &State, table: &Table) -> bool {
    (0..3).any(|stack| may_discard(s, table, stack))
}

/// The endgame may start once a stack is empty.
pub fn may_start_endgame(s: &State) -> bool {
    s.stacks.iter().any(Vec::is_empty)
}

/// The endgame must start once all three stacks are empty.
pub fn must_start_endgame(s: &State) -> bool {
    s.cards_left() == 0
}

/// What the standing enemies' effects allow to be committed now, each limit with the active
/// enemy (an index into [`State::active`]) that sets it, so a refusal can name it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CommitLimits {
    /// Dice the round's `commit-limit`s still allow, and the enemy with the tightest.
    pub round: Option<(u32, usize)>,
    /// Dice a `commit-limit` per step allows, and the enemy with the tightest.
    pub step: Option<(u32, usize)>,
    /// For each colour, an enemy that bans committing it.
    pub banned: [Option<usize>; 5],
    /// An enemy whose `commit-whole-colour` makes one die commit its whole colour.
    pub whole_colour: Option<usize>,
}

impl CommitLimits {
    /// The limits of every standing enemy, with the dice already committed this round.
    pub fn of(s: &State, table: &Table) -> CommitLimits {
        let mut limits = CommitLimits::default();
        let tighter = |slot: &mut Option<(u32, usize)>, left: u32, at: usize| {
            if slot.is_none_or(|(old, _)| left < old) {
                *slot = Some((left, at));
            }
        };
        for (at, foe) in s.active.iter().enumerate().filter(|(_, f)| f.standing()) {
            let rules = &table.cards[foe.card].rules;
            if let Some(max) = rules.commit_per_round {
                tighter(&mut limits.round, max.saturating_sub(s.committed), at);
            }
            if let Some(max) = rules.commit_per_step {
                tighter(&mut limits.step, max, at);
            }
            for (banned, no) in limits.banned.iter_mut().zip(rules.no_commit) {
                if no && banned.is_none() {
                    *banned = Some(at);
                }
            }
            if rules.commit_whole_colour && limits.whole_colour.is_none() {
                limits.whole_colour = Some(at);
            }
        }
        limits
    }

    /// The most dice one step may commit, if any limit applies.
    pub fn most(&self) -> Option<u32> {
        [self.round, self.step]
            .into_iter()
            .flatten()
            .map(|(left, _)| left)
            .min()
    }
}

/// Whether the unassigned misses stay as they are at this step instead of being rolled again:
/// after the first step, while a standing enemy has `no-reroll-misses`.
pub fn keeps_misses(s: &State, table: &Table, first: bool) -> bool {
    !first
        && s.active
            .iter()
            .any(|f| f.standing() && table.cards[f.card].rules.no_reroll_misses)
}

/// The active dice (by index) a step's roll rolls: every unassigned one, but those kept on a
/// miss while [`keeps_misses`] says so.
pub fn dice_to_roll(s: &State, table: &Table, first: bool) -> Vec<usize> {
    let keep = keeps_misses(s, table, first);
    (0..s.dice.len())
        .filter(|i| {
            let die = s.dice[*i];
            die.on.is_none() && !(keep && die.face == Face::Miss)
        })
        .collect()
}

/// How many hits of a roll must be rolled again: one for each miss among the dice just
/// `rolled` (indices into the active dice), while hits last, when a standing enemy has
/// `miss-rerolls-hit`.
pub fn forced_rerolls(s: &State, table: &Table, rolled: &[usize]) -> usize {
    let forcing = s
        .active
        .iter()
        .any(|f| f.standing() && table.cards[f.card].rules.miss_rerolls_hit);
    if !forcing {
        return 0;
    }
    let showing = |face: Face| rolled.iter().filter(|i| s.dice[**i].face == face).count();
    showing(Face::Miss).min(showing(Face::Hit))
}

/// Whether enemy `at` is a shielded boss whose shield is up: hits deal it nothing while any
/// level 1 or 2 enemy stands.
pub fn shield_up(s: &State, table: &Table, at: usize) -> bool {
    table.cards[s.active[at].card].rules.shielded
        && s.active
            .iter()
            .any(|f| f.standing() && table.cards[f.card].level < BOSS_LEVEL)
}

/// The colour of a hit put on enemy `at` this step that still waits for its partner: a
/// `hits-in-pairs` card takes hits in pairs of one colour. It is not defeated meanwhile.
pub fn lone_hit(s: &State, at: usize) -> Option<Colour> {
    Colour::ALL
        .into_iter()
        .find(|c| s.active[at].step_paired[*c as usize] % 2 == 1)
}

/// The standing enemy whose `one-defeat-per-assign` lets one enemy at most fall to the dice in
/// the assign step that begins now, if any.
pub fn defeat_limit(s: &State, table: &Table) -> Option<usize> {
    (0..s.active.len()).find(|at| {
        s.active[*at].standing() && table.cards[s.active[*at].card].rules.one_defeat_per_assign
    })
}

/// Why a die may not go on an enemy: the effect that forbids it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// A `ban` keeps the colour off the card.
    Banned,
    /// An `assign-limit` per card is reached.
    CardLimit(u32),
    /// An `assign-limit` per roll is reached.
    RollLimit(u32),
    /// `one-die-per-colour`: a die of the colour is on it from this step.
    OneDiePerColour,
    /// `needs-exhausted-colour`: the exhausted area holds no die of the colour.
    NeedsExhausted,
    /// `one-colour`: another colour is on it.
    OneColour,
    /// `escort`: the die needs one more escort die on the card first.
    Escort(Colour),
}

impl Refusal {
    /// The effect's rule in plain words, for a `colour` die.
    pub fn reason(self, colour: Colour) -> String {
        let colour = colour.name();
        match self {
            Refusal::Banned => format!("it bans {colour} dice (ban)"),
            Refusal::CardLimit(max) => format!("it takes at most {max} dice (assign-limit)"),
            Refusal::RollLimit(max) => {
                format!("it takes at most {max} dice from one roll (assign-limit per roll)")
            }
            Refusal::OneDiePerColour => format!(
                "it takes one die of each colour a step, and a {colour} die is on it already (one-die-per-colour)"
            ),
            Refusal::NeedsExhausted => format!(
                "a {colour} die goes on it only while the exhausted area holds one (needs-exhausted-colour)"
            ),
            Refusal::OneColour => {
                "its dice are all of one colour, and another colour is on it (one-colour)".into()
            }
            Refusal::Escort(escort) => format!(
                "each {colour} die needs a {} die put on it before (escort)",
                escort.name()
            ),
        }
    }
}

/// Why a `colour` die may not go on enemy `at` now, given the colours put on it in this step;
/// `None` when it may.
pub fn assign_refusal(
    s: &State,
    table: &Table,
    at: usize,
    colour: Colour,
    step_colours: &[bool; 5],
) -> Option<Refusal> {
    let foe = &s.active[at];
    let rules = &table.cards[foe.card].rules;
    let c = colour as usize;
    if rules.no_assign[c] {
        return Some(Refusal::Banned);
    }
    if let Some(max) = rules.assign_per_card.filter(|m| foe.dice >= *m) {
        return Some(Refusal::CardLimit(max));
    }
    if let Some(max) = rules.assign_per_roll.filter(|m| foe.roll_dice >= *m) {
        return Some(Refusal::RollLimit(max));
    }
    if rules.one_die_per_colour && step_colours[c] {
        return Some(Refusal::OneDiePerColour);
    }
    if rules.needs_exhausted_colour && s.exhausted.count(colour) == 0 {
        return Some(Refusal::NeedsExhausted);
    }
    if rules.one_colour && foe.colours.iter().enumerate().any(|(i, on)| *on && i != c) {
        return Some(Refusal::OneColour);
    }
    if let Some(escort) = rules.escort
        && colour != escort
    {
        let on_it = |want_escort: bool| {
            s.dice
                .iter()
                .filter(|d| d.on == Some(at) && (d.colour == escort) == want_escort)
                .count()
        };
        if on_it(true) <= on_it(false) {
            return Some(Refusal::Escort(escort));
        }
    }
    None
}

/// Whether a `colour` die may go on enemy `at` now.
pub fn may_assign(
    s: &State,
    table: &Table,
    at: usize,
    colour: Colour,
    step_colours: &[bool; 5],
) -> bool {
    assign_refusal(s, table, at, colour, step_colours).is_none()
}

/// Whether one more item fits an inventory holding `held`: it holds as many as the Strategy.
pub fn item_fits(held: usize, strategy: u32) -> bool {
    held < strategy as usize
}
