//! A Strategy step in a replay: the dice committed, the faces rolled, the dice assigned.

use super::*;

impl Replay<'_> {
    /// Every die of `dice` is in the pool; `what` takes them ("the step commits").
    pub(super) fn in_pool(&self, dice: &Pool, pointer: &str, what: &str) -> Checked {
        for colour in Colour::ALL {
            let (want, have) = (dice.count(colour), self.s.pool.count(colour));
            if want > have {
                return Err(Illegal::new(
                    format!("{pointer}/{}", colour.name()),
                    format!(
                        "{what} {}, and the pool holds {}",
                        of_colour(want, colour),
                        how_many(have)
                    ),
                )
                .help(format!(
                    "the pool holds {}; the exhausted area holds {}",
                    self.s.pool, self.s.exhausted
                )));
            }
        }
        Ok(())
    }

    pub(super) fn commit(&mut self, step: &PlaytestStep, here: &str) -> Checked {
        let commit = pool_of(&step.commit);
        let pointer = format!("{here}/commit");
        self.in_pool(&commit, &pointer, "the step commits")?;
        let limits = CommitLimits::of(&self.s, self.table);
        let enemy = |at: usize| self.card_id(self.s.active[at].card).to_string();
        for colour in Colour::ALL.into_iter().filter(|c| commit.count(*c) > 0) {
            if let Some(by) = limits.banned[colour as usize] {
                return Err(Illegal::new(
                    format!("{pointer}/{}", colour.name()),
                    format!(
                        "`{}` bans committing {} dice while it stands (ban from commit)",
                        enemy(by),
                        colour.name()
                    ),
                ));
            }
            if let Some(by) = limits.whole_colour
                && commit.count(colour) < self.s.pool.count(colour)
            {
                return Err(Illegal::new(
                    format!("{pointer}/{}", colour.name()),
                    format!(
                        "while `{}` stands a die commits its whole colour, and the pool holds {} {} dice (commit-whole-colour)",
                        enemy(by),
                        self.s.pool.count(colour),
                        colour.name()
                    ),
                )
                .help(format!("commit all {} {} dice, or none", self.s.pool.count(colour), colour.name())));
            }
        }
        if let Some((most, by)) = limits.step
            && commit.len() > most
        {
            return Err(Illegal::new(
                pointer,
                format!(
                    "`{}` allows at most {most} dice committed in one step (commit-limit per step), and this step commits {}",
                    enemy(by),
                    commit.len()
                ),
            ));
        }
        if let Some((left, by)) = limits.round
            && commit.len() > left
        {
            return Err(Illegal::new(
                pointer,
                format!(
                    "`{}` allows {} committed this round (commit-limit), {} before this step, and this step commits {}",
                    enemy(by),
                    dice(
                        self.table.cards[self.s.active[by].card]
                            .rules
                            .commit_per_round
                            .unwrap_or(left)
                    ),
                    self.s.committed,
                    commit.len()
                ),
            ));
        }
        play::commit_dice(&mut self.s, commit);
        Ok(())
    }

    pub(super) fn roll(&mut self, step: &PlaytestStep, here: &str, first: bool) -> Checked {
        if self.s.owed_hits > 0 {
            self.exhaust_owed_hits(step, here)?;
        }
        let rolling = legal::dice_to_roll(&self.s, self.table, first);
        let mut need = Pool::default();
        for i in &rolling {
            need.0[self.s.dice[*i].colour as usize] += 1;
        }
        let mut got = Pool::default();
        for die in &step.rolled {
            got.0[Colour::from(die.colour) as usize] += 1;
        }
        let pointer = format!("{here}/rolled");
        if need != got {
            let committed = pool_of(&step.commit).len();
            return Err(Illegal::new(
                pointer,
                format!(
                    "the step rolls {need} ({committed} committed, {} unassigned rolled again), and `rolled` lists {got}",
                    need.len() - committed,
                ),
            )
            .help("list one colour:face for every die rolled, for example purple:hit"));
        }
        for (j, die) in step.rolled.iter().enumerate() {
            self.face_exists(die, &format!("{pointer}/{j}"))?;
        }
        for colour in Colour::ALL {
            let mut faces = step
                .rolled
                .iter()
                .filter(|d| Colour::from(d.colour) == colour)
                .map(|d| d.face);
            for &i in &rolling {
                if self.s.dice[i].colour == colour
                    && let Some(face) = faces.next()
                {
                    self.s.dice[i].face = face;
                }
            }
        }
        self.rolled_again(step, here, &rolling)?;
        play::after_roll(&mut self.s, self.table);
        Ok(())
    }

    /// The hits a `miss-rerolls-hit` card forces to be rolled again, from `rerolled`: one for
    /// each miss among the dice just `rolled`, while hits last, each of a colour that shows a
    /// hit.
    fn rolled_again(&mut self, step: &PlaytestStep, here: &str, rolled: &[usize]) -> Checked {
        let forced = legal::forced_rerolls(&self.s, self.table, rolled);
        let pointer = format!("{here}/rerolled");
        if step.rerolled.len() != forced {
            let why = match forced {
                0 => "nothing forces a hit to be rolled again".to_owned(),
                n => format!(
                    "a miss-rerolls-hit card stands, so the roll's misses force {} to be rolled again",
                    count(n as u32, "hit", "hits")
                ),
            };
            return Err(Illegal::new(
                pointer,
                format!("{why}, and `rerolled` lists {}", dice(step.rerolled.len() as u32)),
            )
            .help("list in `rerolled` one colour:face for each hit rolled again: one for each miss rolled, while hits last"));
        }
        let mut again: Vec<usize> = Vec::new();
        for (j, die) in step.rerolled.iter().enumerate() {
            let die_pointer = format!("{pointer}/{j}");
            self.face_exists(die, &die_pointer)?;
            let colour = Colour::from(die.colour);
            let Some(&i) = rolled.iter().find(|i| {
                let d = self.s.dice[**i];
                d.colour == colour && d.face == Face::Hit && !again.contains(i)
            }) else {
                return Err(Illegal::new(
                    die_pointer,
                    format!(
                        "no {} die rolled a hit this step to be rolled again",
                        colour.name()
                    ),
                ));
            };
            again.push(i);
        }
        for (i, die) in again.into_iter().zip(&step.rerolled) {
            self.s.dice[i].face = die.face;
        }
        Ok(())
    }

    /// A die of `die`'s colour has its face.
    fn face_exists(
        &self,
        die: &megahex_schema::rulesets::solar_sentinels::RolledDie,
        pointer: &str,
    ) -> Checked {
        let colour = Colour::from(die.colour);
        let faces = self.table.dice.faces(colour);
        let count = match die.face {
            Face::Miss => faces.miss,
            Face::Hit => faces.hit,
            Face::Crit => faces.crit,
        };
        if count == 0 {
            return Err(Illegal::new(
                pointer,
                format!(
                    "a {} die has no {} face (its faces: {} miss, {} hit, {} crit)",
                    colour.name(),
                    face_name(die.face),
                    faces.miss,
                    faces.hit,
                    faces.crit
                ),
            ));
        }
        Ok(())
    }

    /// Exhausts the hits the last roll's crits on `crit-exhausts-hit` cards took out: the
    /// player's choice, read from the dice this step rolls again (of each colour, the hits
    /// not rolled again are the exhausted ones).
    fn exhaust_owed_hits(&mut self, step: &PlaytestStep, here: &str) -> Checked {
        let mut hits = Pool::default();
        for die in self
            .s
            .dice
            .iter()
            .filter(|d| d.on.is_none() && d.face == Face::Hit)
        {
            hits.0[die.colour as usize] += 1;
        }
        let owed = self.s.owed_hits.min(hits.len());
        let mut unassigned = pool_of(&step.commit);
        for die in self.s.dice.iter().filter(|d| d.on.is_none()) {
            unassigned.0[die.colour as usize] += 1;
        }
        let mut rolled = Pool::default();
        for die in &step.rolled {
            rolled.0[Colour::from(die.colour) as usize] += 1;
        }
        let mut taken = Pool::default();
        for colour in Colour::ALL {
            let short = unassigned
                .count(colour)
                .saturating_sub(rolled.count(colour));
            taken.0[colour as usize] = short.min(hits.count(colour));
        }
        if taken.len() != owed {
            return Err(Illegal::new(
                format!("{here}/rolled"),
                format!(
                    "the crits put on a crit-exhausts-hit card last step exhaust {} of the unassigned hits ({} in all), which are not rolled again; `rolled` lists {rolled}",
                    count(owed, "hit", "hits"),
                    hits.len(),
                ),
            )
            .help(format!(
                "leave out of `rolled` {} showing a hit (unassigned: {})",
                dice(owed),
                self.unassigned()
            )));
        }
        play::exhaust_hits(&mut self.s, taken);
        Ok(())
    }

    pub(super) fn assign(&mut self, step: &PlaytestStep, here: &str) -> Checked {
        let mut step_colours = vec![[false; 5]; self.s.active.len()];
        // The enemy that allows one defeat this step, and the one the dice felled.
        let limit = legal::defeat_limit(&self.s, self.table);
        let mut felled: Option<usize> = None;
        for (enemy, dice) in &step.assign.0 {
            let pointer = format!("{here}/assign/{enemy}");
            let foe = self
                .standing_enemy(enemy, &pointer)
                .map_err(Illegal::at_key)?;
            for (j, die) in dice.iter().enumerate() {
                let die_pointer = format!("{pointer}/{j}");
                if !self.s.active[foe].standing() {
                    return Err(Illegal::new(
                        die_pointer,
                        format!("`{enemy}` is defeated already, by the dice before this one"),
                    )
                    .help("put the rest of the dice on another enemy, or leave them unassigned"));
                }
                let colour = Colour::from(die.colour);
                let Some(index) = (0..self.s.dice.len()).find(|i| {
                    let d = self.s.dice[*i];
                    d.on.is_none() && d.colour == colour && d.face == die.face
                }) else {
                    return Err(Illegal::new(
                        die_pointer,
                        format!("no unassigned die shows {die} in this step"),
                    )
                    .help(format!("the unassigned dice show: {}", self.unassigned())));
                };
                let rules = &self.table.cards[self.s.active[foe].card].rules;
                if rules.shows(colour, die.face) == Face::Miss
                    && rules.value(colour, die.face, &self.s.faces) == 0
                {
                    return Err(Illegal::new(
                        die_pointer,
                        format!("{die} is a miss for `{enemy}`: only hits and crits are assigned"),
                    )
                    .help("leave misses unassigned: they are rolled again at the next step"));
                }
                if let Some(refusal) =
                    legal::assign_refusal(&self.s, self.table, foe, colour, &step_colours[foe])
                {
                    return Err(Illegal::new(
                        die_pointer,
                        format!("{die} cannot go on `{enemy}`: {}", refusal.reason(colour)),
                    ));
                }
                play::put(&mut self.s, self.table, index, foe);
                step_colours[foe][colour as usize] = true;
                play::settle(&mut self.s, self.table);
                if !self.s.active[foe].defeated {
                    continue;
                }
                if let (Some(by), Some(first)) = (limit, felled) {
                    return Err(Illegal::new(
                        die_pointer,
                        format!(
                            "{die} defeats `{enemy}`, and `{}` fell to this step's dice already: while `{}` stands, one enemy at most is defeated in an assign step (one-defeat-per-assign)",
                            self.card_id(self.s.active[first].card),
                            self.card_id(self.s.active[by].card)
                        ),
                    )
                    .help("leave the die unassigned, or put it where it does not defeat: it is rolled again at the next step"));
                }
                felled = Some(foe);
            }
        }
        for at in 0..self.s.active.len() {
            if let Some(colour) = legal::lone_hit(&self.s, at) {
                let enemy = self.card_id(self.s.active[at].card);
                return Err(Illegal::new(
                    format!("{here}/assign/{enemy}"),
                    format!(
                        "one {} hit on `{enemy}` has no partner: it takes hits only in pairs of one colour (hits-in-pairs)",
                        colour.name()
                    ),
                )
                .help(format!(
                    "put a second {} hit on it with this one, or leave the hit unassigned",
                    colour.name()
                ))
                .at_key());
            }
        }
        Ok(())
    }

    pub(super) fn unassigned(&self) -> String {
        let dice: Vec<String> = self
            .s
            .dice
            .iter()
            .filter(|d| d.on.is_none())
            .map(|d| format!("{}:{}", d.colour.name(), face_name(d.face)))
            .collect();
        match dice.is_empty() {
            true => "none".into(),
            false => dice.join(", "),
        }
    }
}
