//! Playtest replay for a deck: the recorded rounds of `playtest:`, played under the rules with
//! the dice as they fell. The first step the rules do not allow is reported at its place as
//! `playtest-illegal`. The rules are the simulation's own: the round's mechanics come from
//! [`super::game::play`], what each effect means from [`super::game::rules`], and what the
//! player may choose from [`super::game::legal`], so the replay and the self-play cannot
//! disagree about a rule.

use megahex_schema::rulesets::solar_sentinels::{
    Condition, DiceCount, DieColour, Face, Hero, ItemUse, PlaytestRound, PlaytestStep, Power,
    Reward, Scenario, UsedItem,
};

use super::deck;
use super::dice::{Colour, Pool};
use super::game::legal::{self, CommitLimits};
use super::game::play;
use super::game::state::State;
use super::game::{BOSS_LEVEL, Table};
use crate::diagnostic::{Code, Diagnostic};
// A step the rules do not allow: where it is written, what is wrong, and the fix.
use crate::illegal::IllegalStep as Illegal;

/// Replays the deck's playtest; at most one finding, the first illegal step.
pub fn replay(deck: &Scenario) -> Vec<Diagnostic> {
    if deck.playtest.is_empty() {
        return Vec::new();
    }
    if deck.setup.stacks.is_none() {
        return vec![
            Diagnostic::error(
                Code::PlaytestIllegal,
                "/playtest",
                "a playtest needs the stacks in a fixed order, and this setup shuffles them",
            )
            .with_help(
                "add `stacks` to `setup`: the three stacks as they were dealt, top card first",
            )
            .at_key(),
        ];
    }
    let Some(hero) = deck::hero(deck) else {
        return Vec::new();
    };
    let table = Table::new(deck);
    let mut game = Replay::new(deck, &table, hero);
    match game.play() {
        Ok(()) => Vec::new(),
        Err(illegal) => vec![finding(illegal)],
    }
}

/// The finding for a refused step, its message led by the round and step it is about.
fn finding(illegal: Illegal) -> Diagnostic {
    let lead = place(&illegal.step);
    illegal.into_diagnostic(&lead)
}

/// "playtest round 3, step 2" for `/playtest/2/steps/1/...`.
fn place(pointer: &str) -> String {
    let parts: Vec<&str> = pointer.split('/').collect();
    let number = |i: usize| {
        parts
            .get(i)
            .and_then(|p| p.parse::<usize>().ok())
            .map(|n| n + 1)
    };
    match (number(2), parts.get(3), number(4)) {
        (Some(round), Some(&"steps"), Some(step)) => format!("playtest round {round}, step {step}"),
        (Some(round), _, _) => format!("playtest round {round}"),
        _ => "playtest".into(),
    }
}

type Checked<T = ()> = Result<T, Illegal>;

/// A game being replayed.
struct Replay<'a> {
    deck: &'a Scenario,
    table: &'a Table,
    s: State,
    /// The inventory: the card each item came from.
    inventory: Vec<usize>,
    /// Missions forfeited: each adds an enemy to the entourage.
    forfeited: u32,
    /// The kept missions are known: fixed in the setup, or none without a rank.
    missions_known: bool,
    /// The setup fixes the boss order.
    bosses_fixed: bool,
    /// Stack 1 is the discard shuffled for the entourage, in an order no one recorded.
    shuffled_pile: bool,
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// "1 card", "2 cards"; `many` is the plural.
fn count(n: u32, one: &str, many: &str) -> String {
    match n {
        1 => format!("1 {one}"),
        _ => format!("{n} {many}"),
    }
}

fn dice(n: u32) -> String {
    count(n, "die", "dice")
}

/// "no red die", "1 red die", "2 red dice".
fn of_colour(n: u32, colour: Colour) -> String {
    let name = colour.name();
    match n {
        0 => format!("no {name} die"),
        _ => count(n, &format!("{name} die"), &format!("{name} dice")),
    }
}

/// "none", "1", "2".
fn how_many(n: u32) -> String {
    match n {
        0 => "none".into(),
        _ => n.to_string(),
    }
}

fn pool_of(count: &DiceCount) -> Pool {
    let mut pool = Pool::default();
    for colour in DieColour::ALL {
        pool.0[Colour::from(colour) as usize] = count.of(colour);
    }
    pool
}

fn face_name(face: Face) -> &'static str {
    match face {
        Face::Miss => "miss",
        Face::Hit => "hit",
        Face::Crit => "crit",
    }
}

impl<'a> Replay<'a> {
    fn new(deck: &'a Scenario, table: &'a Table, hero: &Hero) -> Replay<'a> {
        let stacks = table.stacks.clone().unwrap_or_default().map(|mut stack| {
            stack.reverse();
            stack
        });
        let mut boss_deck = table.bosses.clone();
        boss_deck.reverse();
        let rank = deck.setup.rank;
        let (kept, missions_known) = match (rank, &table.kept_missions) {
            (None, _) => (Vec::new(), true),
            (Some(_), Some(kept)) => (kept.clone(), true),
            (Some(_), None) => (Vec::new(), false),
        };
        Replay {
            deck,
            table,
            s: play::new_state(table, hero, rank, stacks, boss_deck, kept),
            inventory: Vec::new(),
            forfeited: 0,
            missions_known,
            bosses_fixed: !table.bosses.is_empty(),
            shuffled_pile: false,
        }
    }

    fn play(&mut self) -> Checked {
        let rounds = &self.deck.playtest;
        for (r, round) in rounds.iter().enumerate() {
            let at = format!("/playtest/{r}");
            self.s.round += 1;
            if self.round(round, &at, r + 1 < rounds.len())? {
                return Ok(());
            }
        }
        Ok(())
    }

    /// Plays one round (`later`: more rounds are recorded after it); true when the game ended
    /// in it, with nothing recorded after the end.
    fn round(&mut self, round: &PlaytestRound, at: &str, later: bool) -> Checked<bool> {
        let resolve_recorded =
            !round.recover.is_empty() || !round.take.is_empty() || round.discard.is_some();
        self.forfeit(round, at)?;
        self.activation(round, at)?;
        self.use_items(round, at)?;
        for (k, step) in round.steps.iter().enumerate() {
            let here = format!("{at}/steps/{k}");
            if k as u32 >= self.s.strategy {
                return Err(Illegal::new(
                    here,
                    format!(
                        "Strategy {} allows {} a round, and this is step {}",
                        self.s.strategy,
                        count(self.s.strategy, "Strategy step", "Strategy steps"),
                        k + 1
                    ),
                )
                .help(
                    "take this step out: a round has as many Strategy steps as the hero's Strategy",
                ));
            }
            let more_steps = k + 1 < round.steps.len();
            self.commit(step, &here)?;
            self.roll(step, &here, k == 0)?;
            if self.s.health < 1 {
                let rest = !step.assign.is_empty() || more_steps || resolve_recorded || later;
                return self.lost(at, "after the roll (lose-health)", rest);
            }
            self.assign(step, &here)?;
            if play::boss_down(&self.s) {
                if more_steps || resolve_recorded || later {
                    return Err(Illegal::new(
                        at,
                        format!(
                            "the boss is defeated in step {}: the game is won here, and nothing after it can be played",
                            k + 1
                        ),
                    )
                    .help("end the playtest with this step: the rest of the round and later rounds are not played"));
                }
                return Ok(true);
            }
            play::end_step(&mut self.s);
        }
        play::suffer_damage(&mut self.s, self.table);
        if self.s.health < 1 {
            return self.lost(at, "at Suffer Damage", resolve_recorded || later);
        }
        let skipping = self.skip_recover_by();
        let after = play::after_effects(&mut self.s, self.table);
        play::exhaust(&mut self.s, self.table, after.banish_misses);
        let skipped = after
            .skip_recover
            .then(|| skipping.unwrap_or_else(|| "an active card".into()));
        self.recover(round, at, skipped)?;
        self.take(round, at)?;
        play::clear_active(&mut self.s, self.table);
        self.discard(round, at)?;
        play::end_round(&mut self.s, self.table);
        Ok(false)
    }

    /// The hero has lost at `when`: illegal when the recording goes on (`rest`).
    fn lost(&self, at: &str, when: &str, rest: bool) -> Checked<bool> {
        if !rest {
            return Ok(true);
        }
        Err(Illegal::new(
            at,
            format!(
                "Health falls to {} {when}: the hero has lost here; later rounds cannot be played",
                self.s.health
            ),
        )
        .help("end the playtest here, or check the dice and the damage recorded up to this point"))
    }

    fn discard(&mut self, round: &PlaytestRound, at: &str) -> Checked {
        let Some(id) = &round.discard else {
            if !self.s.endgame && legal::discard_required(&self.s, self.table) {
                let may: Vec<String> = (0..3)
                    .filter(|s| legal::may_discard(&self.s, self.table, *s))
                    .filter_map(|s| self.s.top(s))
                    .map(|c| format!("`{}`", self.card_id(c)))
                    .collect();
                return Err(Illegal::new(
                    at,
                    "the cleanup discards a top card that is not mandatory, and the round gives no `discard`",
                )
                .help(format!("add `discard: ID`, one of {}", may.join(", "))));
            }
            return Ok(());
        };
        let here = format!("{at}/discard");
        let card = self.conflict_card(id, &here)?;
        let stack = self.on_top(card, &here, "discarded")?;
        if !legal::may_discard(&self.s, self.table, stack) {
            let help = match legal::discard_required(&self.s, self.table) {
                true => "discard a top card that is not mandatory",
                false => "every top card is mandatory: take out `discard`, the cleanup skips it",
            };
            return Err(Illegal::new(
                here,
                format!("`{id}` is mandatory: the cleanup cannot discard a mandatory enemy"),
            )
            .help(help));
        }
        if let Some(card) = self.s.stacks[stack].pop() {
            self.s.discard.push(card);
        }
        Ok(())
    }
}

mod activation;
mod items;
mod resolve;
mod steps;
#[cfg(test)]
mod tests;
