//! The start of a round in a replay: missions given up, the cards activated, and the endgame's
//! boss and entourage.

use super::*;

impl Replay<'_> {
    pub(super) fn card_id(&self, card: usize) -> &str {
        &self.table.cards[card].id
    }

    pub(super) fn conflict_card(&self, id: &str, pointer: &str) -> Checked<usize> {
        self.table.cards[..self.table.conflict]
            .iter()
            .position(|c| c.id == id)
            .ok_or_else(|| {
                Illegal::new(pointer, format!("no conflict card is called `{id}`"))
                    .help(format!("the stack tops: {}", self.tops()))
            })
    }

    /// The top cards, for messages: "stack 1 `a`, stack 2 `b`, stack 3 empty".
    pub(super) fn tops(&self) -> String {
        (0..3)
            .map(|stack| match self.s.top(stack) {
                Some(card) => {
                    let mandatory = match self.table.cards[card].mandatory {
                        true => " (mandatory)",
                        false => "",
                    };
                    format!("stack {} `{}`{mandatory}", stack + 1, self.card_id(card))
                }
                None => format!("stack {} empty", stack + 1),
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Where a card that is not on top of a stack is.
    pub(super) fn whereabouts(&self, card: usize) -> String {
        for (stack, cards) in self.s.stacks.iter().enumerate() {
            if let Some(at) = cards.iter().rposition(|c| *c == card) {
                let depth = cards.len() - at;
                return format!("it is the {} card of stack {}", ordinal(depth), stack + 1);
            }
        }
        if self.s.active.iter().any(|f| f.card == card) {
            return "it is active already".into();
        }
        if self.s.discard.contains(&card) {
            return "it is in the discard".into();
        }
        "it has left the stacks".into()
    }

    /// The stack whose top is `card`, for an activation or a discard; the shuffled pile of the
    /// endgame gives any of its cards.
    pub(super) fn on_top(&mut self, card: usize, pointer: &str, what: &str) -> Checked<usize> {
        if let Some(stack) = (0..3).find(|stack| self.s.top(*stack) == Some(card)) {
            return Ok(stack);
        }
        if self.shuffled_pile
            && let Some(at) = self.s.stacks[0].iter().position(|c| *c == card)
        {
            let card = self.s.stacks[0].remove(at);
            self.s.stacks[0].push(card);
            return Ok(0);
        }
        Err(Illegal::new(
            pointer,
            format!(
                "`{}` is not on top of a stack ({}): only a top card can be {what}",
                self.card_id(card),
                self.whereabouts(card)
            ),
        )
        .help(format!("the stack tops: {}", self.tops())))
    }

    pub(super) fn forfeit(&mut self, round: &PlaytestRound, at: &str) -> Checked {
        for (i, id) in round.forfeit.iter().enumerate() {
            let here = format!("{at}/forfeit/{i}");
            let Some(mission) = self.deck.missions.iter().position(|m| &m.id == id) else {
                return Err(Illegal::new(here, format!("no mission is called `{id}`")));
            };
            if !self.deck.missions[mission].forfeit {
                return Err(Illegal::new(
                    here,
                    format!("mission `{id}` cannot be forfeited (it says `forfeit: false`)"),
                ));
            }
            if self.missions_known {
                let current = self.s.missions.kept.get(self.s.missions.done).copied();
                if current != Some(mission) {
                    let now = match current {
                        Some(m) => format!("the current mission is `{}`", self.deck.missions[m].id),
                        None => "no mission is current".into(),
                    };
                    return Err(Illegal::new(
                        here,
                        format!("`{id}` is not the current mission: {now}"),
                    )
                    .help("missions are completed or forfeited one at a time, left to right"));
                }
                self.s.missions.done += 1;
                self.s.missions.count = 0;
            }
            self.forfeited += 1;
        }
        Ok(())
    }

    pub(super) fn activation(&mut self, round: &PlaytestRound, at: &str) -> Checked {
        if self.s.endgame {
            if round.endgame {
                return Err(Illegal::new(
                    format!("{at}/endgame"),
                    "the endgame started in an earlier round",
                )
                .help("take out `endgame: true`: it marks the one round the endgame starts"));
            }
            if round.boss.is_some() {
                return Err(Illegal::new(
                    format!("{at}/boss"),
                    "the boss was activated when the endgame started, in an earlier round",
                )
                .help("take out `boss`"));
            }
            if !round.activate.is_empty() {
                return Err(Illegal::new(
                    format!("{at}/activate/0"),
                    "in the endgame no card is activated after its first round",
                )
                .help("take out `activate`: the boss and its undefeated entourage stay active"));
            }
            return Ok(());
        }
        if round.endgame {
            if !legal::may_start_endgame(&self.s) {
                return Err(Illegal::new(
                    format!("{at}/endgame"),
                    format!(
                        "no stack is empty (they hold {}, {} and {} cards): the endgame starts only once a stack is empty",
                        self.s.stacks[0].len(),
                        self.s.stacks[1].len(),
                        self.s.stacks[2].len()
                    ),
                )
                .help("play on until a stack is empty, or take out `endgame: true`"));
            }
            return self.begin_endgame(round, at);
        }
        if round.boss.is_some() {
            return Err(Illegal::new(
                format!("{at}/boss"),
                "`boss` names the boss the endgame activates, and this round does not start the endgame",
            )
            .help("add `endgame: true` to start the endgame here, or take out `boss`"));
        }
        if legal::must_start_endgame(&self.s) {
            return Err(
                Illegal::new(at, "all three stacks are empty: the endgame must start")
                    .help("add `endgame: true`, with the boss's entourage under `activate`"),
            );
        }
        let extra = std::mem::take(&mut self.s.extra_activation);
        let mut pending = 1 + u32::from(extra);
        for (i, id) in round.activate.iter().enumerate() {
            let here = format!("{at}/activate/{i}");
            let card = self.conflict_card(id, &here)?;
            if pending == 0 {
                return Err(Illegal::new(
                    here,
                    format!("`{id}` is one activation too many: the cards before it activate all this round takes"),
                )
                .help("a round activates one card, with its additional enemies (and one more after `extra-activation-if-damaged`)"));
            }
            self.activate(card, &here)?;
            pending = pending - 1 + self.table.cards[card].additional;
            if self.s.cards_left() == 0 {
                pending = 0;
            }
        }
        if pending > 0 {
            let (pointer, message) = match round.activate.is_empty() {
                true => (
                    at.to_string(),
                    "the round activates no card: each round starts by activating the top card of a stack".to_string(),
                ),
                false => (
                    format!("{at}/activate"),
                    format!(
                        "{} more to activate: each card's additional enemies are activated with it{}",
                        count(pending, "card", "cards"),
                        match extra {
                            true => ", and `extra-activation-if-damaged` adds one",
                            false => "",
                        }
                    ),
                ),
            };
            return Err(Illegal::new(pointer, message).help(format!(
                "add the cards activated, in order; the stack tops: {}",
                self.tops()
            )));
        }
        Ok(())
    }

    /// Activates `card`, which must be a legal top card.
    pub(super) fn activate(&mut self, card: usize, here: &str) -> Checked {
        let stack = self.on_top(card, here, "activated")?;
        // The shuffled pile's top is whichever card was drawn: no mandatory rule applies.
        let from_pile = self.shuffled_pile && stack == 0;
        if !from_pile && !legal::may_activate(&self.s, self.table, stack) {
            let mandatory: Vec<String> = (0..3)
                .filter_map(|s| self.s.top(s))
                .filter(|c| self.table.cards[*c].mandatory)
                .map(|c| format!("`{}`", self.card_id(c)))
                .collect();
            return Err(Illegal::new(
                here,
                format!(
                    "`{}` is not mandatory, and mandatory {} {} on top of a stack: while one is, a mandatory enemy must be activated",
                    self.card_id(card),
                    mandatory.join(" and "),
                    match mandatory.len() {
                        1 => "is",
                        _ => "are",
                    }
                ),
            )
            .help(format!("activate {} instead", mandatory.join(" or "))));
        }
        play::activate(&mut self.s, self.table, stack);
        Ok(())
    }

    pub(super) fn begin_endgame(&mut self, round: &PlaytestRound, at: &str) -> Checked {
        let boss_pointer = format!("{at}/boss");
        let named = match &round.boss {
            None => None,
            Some(id) => Some(
                self.table.cards[self.table.conflict..]
                    .iter()
                    .position(|b| &b.id == id)
                    .map(|b| self.table.conflict + b)
                    .ok_or_else(|| {
                        Illegal::new(boss_pointer.clone(), format!("no boss is called `{id}`"))
                    })?,
            ),
        };
        let boss = match (self.bosses_fixed, named) {
            (true, named) => {
                let due = self.s.revealed.take().or_else(|| self.s.boss_deck.pop());
                match (due, named) {
                    (Some(due), Some(named)) if due != named => {
                        return Err(Illegal::new(
                            boss_pointer,
                            format!(
                                "the setup fixes the boss order: the endgame activates `{}`, not `{}`",
                                self.card_id(due),
                                self.card_id(named)
                            ),
                        )
                        .help("take out `boss`, or change `setup.bosses`"));
                    }
                    (Some(boss), _) | (None, Some(boss)) => boss,
                    (None, None) => {
                        return Err(Illegal::new(
                            format!("{at}/endgame"),
                            "no boss is left to activate",
                        ));
                    }
                }
            }
            (false, Some(named)) => named,
            (false, None) => {
                let bosses: Vec<String> = self.table.cards[self.table.conflict..]
                    .iter()
                    .map(|b| format!("`{}`", b.id))
                    .collect();
                return Err(Illegal::new(
                    format!("{at}/endgame"),
                    "the endgame activates a boss, and the setup's boss order is not fixed: say which",
                )
                .help(format!("add `boss: ID`, one of {}", bosses.join(", "))));
            }
        };
        play::activate_boss(&mut self.s, boss);
        let (least, most) = self.entourage_range(boss);
        let boss_id = self.card_id(boss).to_string();
        let size = match least == most {
            true => count(most, "enemy", "enemies"),
            false => format!("{least} to {most} enemies"),
        };
        let mut reshuffled = false;
        for (i, id) in round.activate.iter().enumerate() {
            let here = format!("{at}/activate/{i}");
            let card = self.conflict_card(id, &here)?;
            if i as u32 >= most {
                return Err(Illegal::new(
                    here,
                    format!("`{id}` is one too many: the entourage of `{boss_id}` is {size}"),
                )
                .help("the entourage is the boss's +skull, and one more enemy for each incomplete or forfeited mission"));
            }
            if self.s.cards_left() == 0 && !reshuffled {
                reshuffled = true;
                self.s.stacks[0] = std::mem::take(&mut self.s.discard);
                self.shuffled_pile = true;
            }
            self.activate(card, &here)?;
        }
        let listed = round.activate.len() as u32;
        let available = self.s.cards_left() > 0 || (!reshuffled && !self.s.discard.is_empty());
        if listed < least && available {
            return Err(Illegal::new(
                format!("{at}/activate"),
                format!("the entourage of `{boss_id}` is {size}, and `activate` lists {listed}"),
            )
            .help("list the entourage under `activate`, in the order activated, mandatory enemies first"));
        }
        Ok(())
    }

    /// The entourage's size: exact when the missions can be followed, else the fewest and the
    /// most it can be.
    pub(super) fn entourage_range(&self, boss: usize) -> (u32, u32) {
        let exact = play::entourage_size(&self.s, self.table, boss, self.forfeited);
        let missions = &self.s.missions;
        let followed = self.missions_known
            && missions.kept[missions.done.min(missions.kept.len())..]
                .iter()
                .all(|m| !matches!(self.table.missions[*m], Condition::Text(_)));
        if followed {
            return (exact, exact);
        }
        let least = self.table.cards[boss].entourage + self.forfeited;
        let open = match self.missions_known {
            true => missions.kept.len().saturating_sub(missions.done) as u32,
            false => self.deck.setup.rank.map_or(0, |r| r + 2),
        };
        (least, least + open)
    }
}
