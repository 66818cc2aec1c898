//! The Resolve phase in a replay: dice recovered, items taken, and the cleanup discard.

use super::*;

impl Replay<'_> {
    /// The card whose effect skips the Recover step this round, if one does.
    pub(super) fn skip_recover_by(&self) -> Option<String> {
        self.s
            .active
            .iter()
            .find(|f| {
                let rules = &self.table.cards[f.card].rules;
                rules.skip_recover.is_some_and(|w| w.at_resolve(f.defeated))
                    || (rules.dice_stay_exhausted && f.standing())
            })
            .map(|f| format!("`{}`", self.card_id(f.card)))
    }

    pub(super) fn recover(
        &mut self,
        round: &PlaytestRound,
        at: &str,
        skipped: Option<String>,
    ) -> Checked {
        let recover = pool_of(&round.recover);
        if recover.is_empty() {
            return Ok(());
        }
        let pointer = format!("{at}/recover");
        if let Some(by) = skipped {
            return Err(Illegal::new(
                pointer,
                format!("{by} skips the Recover Dice step this round: no die is recovered"),
            )
            .help("take out `recover`"));
        }
        if recover.len() > self.s.recovery {
            return Err(Illegal::new(
                pointer,
                format!(
                    "Recovery {} returns at most {}, and `recover` returns {}",
                    self.s.recovery,
                    dice(self.s.recovery),
                    recover.len()
                ),
            )
            .help("recover as many dice as the hero's Recovery, or fewer"));
        }
        for colour in Colour::ALL {
            let (want, have) = (recover.count(colour), self.s.exhausted.count(colour));
            if want > have {
                return Err(Illegal::new(
                    format!("{pointer}/{}", colour.name()),
                    format!(
                        "`recover` returns {}, and the exhausted area holds {}",
                        of_colour(want, colour),
                        how_many(have)
                    ),
                )
                .help(format!("the exhausted area holds {}", self.s.exhausted)));
            }
        }
        for colour in Colour::ALL {
            let n = recover.count(colour);
            self.s.exhausted.0[colour as usize] -= n;
            self.s.pool.0[colour as usize] += n;
        }
        Ok(())
    }

    pub(super) fn take(&mut self, round: &PlaytestRound, at: &str) -> Checked {
        for (i, id) in round.take.iter().enumerate() {
            let here = format!("{at}/take/{i}");
            let card = self.conflict_card(id, &here)?;
            if !self.s.active.iter().any(|f| f.card == card && f.defeated) {
                return Err(Illegal::new(
                    here,
                    format!(
                        "`{id}` was not defeated this round: only a defeated enemy's item can be taken"
                    ),
                ));
            }
            if !matches!(self.table.cards[card].reward, Some(Reward::Item { .. })) {
                return Err(
                    Illegal::new(here, format!("`{id}`'s reward is not an item"))
                        .help("other rewards are given at once, when the enemy is defeated"),
                );
            }
            if round.take[..i].contains(id) {
                return Err(Illegal::new(
                    here,
                    format!("`{id}`'s item is taken already"),
                ));
            }
            if !legal::item_fits(self.inventory.len(), self.s.strategy) {
                return Err(Illegal::new(
                    here,
                    format!(
                        "the inventory is full: it holds {}, as many as the hero's Strategy {}",
                        count(self.inventory.len() as u32, "item", "items"),
                        self.s.strategy
                    ),
                )
                .help("leave this item, or use an item first"));
            }
            self.inventory.push(card);
        }
        Ok(())
    }
}
