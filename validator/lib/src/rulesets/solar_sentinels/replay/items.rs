//! Items used in a replay: held, aimed at an enemy that stands, paid for with dice.

use super::*;

impl Replay<'_> {
    pub(super) fn use_items(&mut self, round: &PlaytestRound, at: &str) -> Checked {
        for (i, used) in round.use_.iter().enumerate() {
            let here = format!("{at}/use/{i}");
            let id = used.item();
            let card = self.conflict_card(id, &here)?;
            let Some(held) = self.inventory.iter().position(|c| *c == card) else {
                let held: Vec<String> = self
                    .inventory
                    .iter()
                    .map(|c| format!("`{}`", self.card_id(*c)))
                    .collect();
                return Err(Illegal::new(
                    here,
                    format!("the inventory holds no item from `{id}`"),
                )
                .help(match held.is_empty() {
                    true => "the inventory is empty: an item is taken with `take` in the round its card is defeated".to_string(),
                    false => format!("the inventory holds the items of {}", held.join(", ")),
                }));
            };
            let Some(Reward::Item { use_, power }) = &self.table.cards[card].reward else {
                continue;
            };
            let target = match used {
                UsedItem::On(on) => Some(on),
                UsedItem::Item(_) => None,
            };
            match (power, target) {
                (Power::DefeatByExhausting { dice, levels }, Some(on)) => {
                    let foe = self.standing_enemy(&on.on, &format!("{here}/on"))?;
                    let level = self.table.cards[self.s.active[foe].card].level;
                    if !levels.contains(&level) {
                        return Err(Illegal::new(
                            format!("{here}/on"),
                            format!(
                                "the item of `{id}` works on enemies of level {}, and `{}` is {}",
                                levels
                                    .iter()
                                    .map(u8::to_string)
                                    .collect::<Vec<_>>()
                                    .join(" or "),
                                on.on,
                                match level >= BOSS_LEVEL {
                                    true => "a boss".to_string(),
                                    false => format!("level {level}"),
                                }
                            ),
                        ));
                    }
                    self.exhaust_for_item(*dice, &on.exhaust, &here)?;
                    play::defeat(&mut self.s, self.table, foe, true);
                }
                (Power::DefeatByExhausting { .. }, None) => {
                    return Err(Illegal::new(
                        here,
                        format!("the item of `{id}` defeats an active enemy, and the playtest does not say which"),
                    )
                    .help(format!("write `{{item: {id}, on: ENEMY}}`")));
                }
                (Power::CancelEffects | Power::Text(_), Some(on)) => {
                    self.standing_enemy(&on.on, &format!("{here}/on"))?;
                }
                (Power::Heal(n), None) => self.s.health += i64::from(*n),
                (_, Some(_)) => {
                    return Err(Illegal::new(
                        format!("{here}/on"),
                        format!("the item of `{id}` does not act on an enemy"),
                    )
                    .help(format!("write the item's card alone: `{id}`")));
                }
                (_, None) => {}
            }
            if *use_ == ItemUse::Single {
                self.inventory.remove(held);
            }
        }
        Ok(())
    }

    /// The active enemy `id` that still stands.
    pub(super) fn standing_enemy(&self, id: &str, pointer: &str) -> Checked<usize> {
        let found = self
            .s
            .active
            .iter()
            .position(|f| self.table.cards[f.card].id == id && f.standing());
        found.ok_or_else(|| {
            let why = match self
                .s
                .active
                .iter()
                .find(|f| self.table.cards[f.card].id == id)
            {
                Some(f) if f.defeated => format!("`{id}` is defeated already"),
                Some(_) => format!("`{id}` has fled"),
                None => format!("`{id}` is not active"),
            };
            Illegal::new(pointer, why)
                .help(format!("the enemies standing: {}", self.standing_list()))
        })
    }

    pub(super) fn standing_list(&self) -> String {
        let standing: Vec<String> = self
            .s
            .active
            .iter()
            .filter(|f| f.standing())
            .map(|f| format!("`{}`", self.card_id(f.card)))
            .collect();
        match standing.is_empty() {
            true => "none".into(),
            false => standing.join(", "),
        }
    }

    /// Exhausts the dice a defeat-by-exhausting item costs: the ones given, else the weakest.
    pub(super) fn exhaust_for_item(&mut self, dice: u32, given: &DiceCount, here: &str) -> Checked {
        if given.is_empty() {
            if self.s.pool.len() < dice {
                return Err(Illegal::new(
                    here,
                    format!(
                        "the item exhausts {} from the pool, which holds {}",
                        self::dice(dice),
                        self.s.pool
                    ),
                ));
            }
            for _ in 0..dice {
                if let Some(c) = Colour::ALL.into_iter().find(|c| self.s.pool.count(*c) > 0) {
                    self.s.pool.0[c as usize] -= 1;
                    self.s.exhausted.0[c as usize] += 1;
                }
            }
            return Ok(());
        }
        let pointer = format!("{here}/exhaust");
        let chosen = pool_of(given);
        if chosen.len() != dice {
            return Err(Illegal::new(
                pointer,
                format!(
                    "the item exhausts {dice} dice, and `exhaust` gives {}",
                    chosen.len()
                ),
            ));
        }
        self.in_pool(&chosen, &pointer, "the item exhausts")?;
        for colour in Colour::ALL {
            let n = chosen.count(colour);
            self.s.pool.0[colour as usize] -= n;
            self.s.exhausted.0[colour as usize] += n;
        }
        Ok(())
    }
}
