//! The rules of a round, in the seeds' order: activation (or the endgame's boss and
//! entourage), the Strategy steps, and the Resolve phase. The choices are [`super::policy`]'s.

use megahex_schema::rulesets::solar_sentinels::{
    Condition, Face, HealthLoss, Hero, ItemUse, Power, Reward,
};

use super::super::deck;
use super::super::dice::{Colour, Pool};
use super::legal;
use super::policy::{self, Searches};
use super::rules::{When, hero_faces};
use super::state::{Die, Foe, Missions, State};
use super::{CardTally, Ending, GameRecord, ROUND_CAP, Table};
use crate::rng::Rng;

/// Plays one game with `hero` at `rank` (no missions without one).
pub(crate) fn play_game(
    table: &Table,
    hero: &Hero,
    rank: Option<u32>,
    rng: &mut Rng,
    searches: &mut Searches,
) -> GameRecord {
    let mut s = setup(table, hero, rank, rng);
    let ending = loop {
        if s.round >= ROUND_CAP {
            break Ending::Stalled;
        }
        s.round += 1;
        start_round(&mut s, table, rng);
        let won = engage(&mut s, table, rng, searches);
        if let Some(ending) = lost(&s) {
            break ending;
        }
        if won {
            break Ending::Won;
        }
        resolve(&mut s, table, rng);
        if let Some(ending) = lost(&s) {
            break ending;
        }
    };
    GameRecord {
        ending,
        rounds: s.round,
        boss: s.boss,
        cards: s.tally,
        missions_completed: s.missions.done as u32,
        assigned: s.assigned,
    }
}

fn lost(s: &State) -> Option<Ending> {
    s.lost_to.map(|(card, by_damage)| match by_damage {
        true => Ending::Damage(card),
        false => Ending::Effect(card),
    })
}

fn shuffle<T>(items: &mut [T], rng: &mut Rng) {
    for i in (1..items.len()).rev() {
        let j = rng.roll(i as u32 + 1) as usize - 1;
        items.swap(i, j);
    }
}

fn setup(table: &Table, hero: &Hero, rank: Option<u32>, rng: &mut Rng) -> State {
    let stacks = match &table.stacks {
        Some(fixed) => fixed.clone().map(|mut stack| {
            stack.reverse();
            stack
        }),
        None => {
            let mut cards: Vec<usize> = (0..table.conflict).collect();
            shuffle(&mut cards, rng);
            let mut stacks: [Vec<usize>; 3] = Default::default();
            for (i, card) in cards.into_iter().enumerate() {
                stacks[(i / table.stack_size.max(1)).min(2)].push(card);
            }
            stacks
        }
    };
    let mut boss_deck: Vec<usize> = match table.bosses.is_empty() {
        true => {
            let mut bosses: Vec<usize> = (table.conflict..table.cards.len()).collect();
            shuffle(&mut bosses, rng);
            bosses
        }
        false => table.bosses.clone(),
    };
    boss_deck.reverse();
    let kept = match (rank, &table.kept_missions) {
        (None, _) => Vec::new(),
        // The setup's own draw, when it is for this rank.
        (Some(rank), Some(kept)) if kept.len() == deck::missions_kept(rank) => kept.clone(),
        (Some(rank), _) => {
            let mut all: Vec<usize> = (0..table.missions.len()).collect();
            shuffle(&mut all, rng);
            all.truncate(deck::missions_drawn(rank));
            // The policy discards the last mission dealt.
            all.truncate(deck::missions_kept(rank));
            all
        }
    };
    new_state(table, hero, rank, stacks, boss_deck, kept)
}

/// A game before its first round: the hero's stats, the dice after the rank's handicaps, and
/// the dealt `stacks` and `boss_deck` (top card last) and `kept` missions.
pub(crate) fn new_state(
    table: &Table,
    hero: &Hero,
    rank: Option<u32>,
    stacks: [Vec<usize>; 3],
    boss_deck: Vec<usize>,
    kept: Vec<usize>,
) -> State {
    let ranks_above_one = rank.map_or(0, |r| r.saturating_sub(1)) as usize;
    let mut handicaps = match table.handicaps.len() == ranks_above_one {
        true => table.handicaps.clone(),
        false => Vec::new(),
    };
    // A rank the setup gives no handicaps for takes the weakest dice, one handicap at a time.
    while handicaps.len() < ranks_above_one {
        let (left, _) = deck::after_handicaps(table.dice.pool, &handicaps);
        handicaps.push(deck::weakest_handicap(&left));
    }
    let (pool, exhausted) = deck::after_handicaps(table.dice.pool, &handicaps);
    State {
        health: i64::from(hero.health),
        start_health: i64::from(hero.health),
        strategy: hero.strategy,
        recovery: hero.recovery,
        items: Vec::new(),
        faces: hero_faces(hero.ability.as_ref().map(|a| &a.effect)),
        pool,
        exhausted,
        stacks,
        discard: Vec::new(),
        boss_deck,
        revealed: None,
        boss: None,
        active: Vec::new(),
        dice: Vec::new(),
        endgame: false,
        missions: Missions {
            kept,
            done: 0,
            count: 0,
        },
        round: 0,
        extra_activation: false,
        damaged_this_round: false,
        defeats_this_round: 0,
        clean_rounds: 0,
        committed: 0,
        owed_hits: 0,
        assigned: (0, 0),
        tally: vec![CardTally::default(); table.cards.len()],
        lost_to: None,
    }
}

fn start_round(s: &mut State, table: &Table, rng: &mut Rng) {
    if s.endgame {
        return;
    }
    if legal::must_start_endgame(s)
        || (legal::may_start_endgame(s) && policy::start_endgame(s, table))
    {
        begin_endgame(s, table, rng);
        return;
    }
    let activations = 1 + u32::from(std::mem::take(&mut s.extra_activation));
    for _ in 0..activations {
        let mut pending = 1;
        while pending > 0 {
            pending -= 1;
            let Some(card) = activate_top(s, table) else {
                break;
            };
            pending += table.cards[card].additional;
        }
    }
}

/// Activates the policy's pick among the stack tops (a mandatory one if any is on top).
fn activate_top(s: &mut State, table: &Table) -> Option<usize> {
    let stack = policy::pick_activation(s, table)?;
    activate(s, table, stack)
}

/// Moves the top card of `stack` to the active area, revealing the boss if its effect says so
/// at activation; the card activated, if the stack had one.
pub(crate) fn activate(s: &mut State, table: &Table, stack: usize) -> Option<usize> {
    let card = s.stacks[stack].pop()?;
    s.active.push(Foe::new(card, Some(stack)));
    s.tally[card].activated += 1;
    let reveal = table.cards[card].rules.reveal_boss;
    if reveal.is_some_and(|w| w != When::OnDefeat) && s.revealed.is_none() {
        s.revealed = s.boss_deck.pop();
    }
    Some(card)
}

fn begin_endgame(s: &mut State, table: &Table, rng: &mut Rng) {
    s.endgame = true;
    let boss = s.revealed.take().or_else(|| s.boss_deck.pop());
    let Some(boss) = boss else {
        return;
    };
    activate_boss(s, boss);
    let mut reshuffled = false;
    for _ in 0..entourage_size(s, table, boss, 0) {
        if s.cards_left() == 0 && !reshuffled {
            reshuffled = true;
            let mut cards = std::mem::take(&mut s.discard);
            shuffle(&mut cards, rng);
            s.stacks[0] = cards;
        }
        if activate_top(s, table).is_none() {
            break;
        }
    }
}

/// The Strategy steps; true when the boss is defeated. A Strategy reward earned in a step
/// counts at once: the round gets another step (docs/rules.md, Solar Sentinels readings).
pub(crate) fn engage(s: &mut State, table: &Table, rng: &mut Rng, searches: &mut Searches) -> bool {
    let mut step = 0;
    while step < s.strategy {
        if !s.active.iter().any(Foe::standing) {
            break;
        }
        if step == 0 {
            use_items(s, table);
        }
        let last = step + 1 == s.strategy;
        let commit = policy::commit(s, table, last, searches.advisor.last_step());
        commit_dice(s, commit);
        roll(s, table, rng, step == 0);
        if s.health < 1 {
            return false;
        }
        let steps_left = s.strategy.saturating_sub(step + 1);
        let advised = match searches.plain {
            true => {
                policy::assign_greedily(s, table, steps_left == 0);
                false
            }
            false => policy::assign(s, table, steps_left, &mut searches.advisor),
        };
        s.assigned.0 += 1;
        s.assigned.1 += u32::from(advised);
        settle(s, table);
        let owed = owed_hits(s);
        exhaust_hits(s, owed);
        if boss_down(s) {
            return true;
        }
        end_step(s);
        step += 1;
    }
    boss_down(s)
}

/// Moves `commit` from the pool to the active area, not yet rolled.
pub(crate) fn commit_dice(s: &mut State, commit: Pool) {
    for colour in Colour::ALL {
        for _ in 0..commit.count(colour) {
            s.dice.push(Die {
                colour,
                face: Face::Miss,
                on: None,
            });
        }
        s.pool.0[colour as usize] -= commit.count(colour);
    }
    s.committed += commit.len();
}

/// How many dice of each colour the crits put on `crit-exhausts-hit` cards exhaust, taken
/// from the unassigned hits the weakest colour first (the simulated player's choice).
pub(crate) fn owed_hits(s: &State) -> Pool {
    let mut owed = s.owed_hits;
    let mut taken = Pool::default();
    for colour in Colour::ALL {
        let hits = s
            .dice
            .iter()
            .filter(|d| d.on.is_none() && d.colour == colour && d.face == Face::Hit)
            .count() as u32;
        let take = hits.min(owed);
        taken.0[colour as usize] = take;
        owed -= take;
    }
    taken
}

/// Moves `hits` (unassigned dice showing a hit, by colour) to the exhausted area: the hits
/// the crits on `crit-exhausts-hit` cards exhaust. Nothing more is owed after.
pub(crate) fn exhaust_hits(s: &mut State, hits: Pool) {
    for colour in Colour::ALL {
        for _ in 0..hits.count(colour) {
            if let Some(at) = s
                .dice
                .iter()
                .position(|d| d.on.is_none() && d.colour == colour && d.face == Face::Hit)
            {
                s.dice.remove(at);
                s.exhausted.0[colour as usize] += 1;
            }
        }
    }
    s.owed_hits = 0;
}

/// Ends a Strategy step: the per-step counts start again.
pub(crate) fn end_step(s: &mut State) {
    for foe in &mut s.active {
        foe.step_damage = 0;
        foe.roll_dice = 0;
        foe.step_paired = [0; 5];
    }
}

/// Starts the endgame with `boss` in the active area.
pub(crate) fn activate_boss(s: &mut State, boss: usize) {
    s.endgame = true;
    s.boss = Some(boss);
    s.active.push(Foe::new(boss, None));
    s.tally[boss].activated += 1;
}

/// Enemies the endgame activates with `boss`: its entourage and one for each incomplete
/// mission, the `forfeited` ones among them.
pub(crate) fn entourage_size(s: &State, table: &Table, boss: usize, forfeited: u32) -> u32 {
    let incomplete = s.missions.kept.len().saturating_sub(s.missions.done) as u32;
    table.cards[boss].entourage + incomplete + forfeited
}

/// True once the boss is defeated: the game is won.
pub(crate) fn boss_down(s: &State) -> bool {
    s.boss
        .is_some_and(|b| s.active.iter().any(|f| f.card == b && f.defeated))
}

/// Rolls every unassigned die (a forced hit again, while a card says so), then applies the
/// rules that read a roll.
fn roll(s: &mut State, table: &Table, rng: &mut Rng, first: bool) {
    let rolling = legal::dice_to_roll(s, table, first);
    for &i in &rolling {
        s.dice[i].face = roll_die(table, s.dice[i].colour, rng);
    }
    for i in policy::forced_again(s, table, &rolling) {
        s.dice[i].face = roll_die(table, s.dice[i].colour, rng);
    }
    after_roll(s, table);
}

/// One roll of a `colour` die of the table's faces.
fn roll_die(table: &Table, colour: Colour, rng: &mut Rng) -> Face {
    let faces = table.dice.faces(colour);
    let r = rng.roll(faces.sides().max(1));
    if r <= faces.miss {
        Face::Miss
    } else if r <= faces.miss + faces.hit {
        Face::Hit
    } else {
        Face::Crit
    }
}

/// The rules that read a roll, once the unassigned dice show their faces: crits for a
/// mission, Health lost to `lose-health`, enemies that flee on misses.
pub(crate) fn after_roll(s: &mut State, table: &Table) {
    let (mut misses, mut crits) = (0u32, 0u32);
    let mut hits = [0u32; 5];
    for die in s.dice.iter().filter(|d| d.on.is_none()) {
        match die.face {
            Face::Miss => misses += 1,
            Face::Hit => hits[die.colour as usize] += 1,
            Face::Crit => crits += 1,
        }
    }
    mission_progress(s, table, |c| match c {
        Condition::RollCrits(_) => crits,
        _ => 0,
    });
    for i in 0..s.active.len() {
        let foe = s.active[i];
        if !foe.standing() {
            continue;
        }
        let rules = &table.cards[foe.card].rules;
        for (per, amount) in &rules.lose_health {
            let times = match per {
                HealthLoss::Miss => misses,
                HealthLoss::TwoMisses => misses / 2,
                HealthLoss::ColourWithTwoHits => hits.iter().filter(|h| **h >= 2).count() as u32,
            };
            s.hurt(foe.card, times * amount, false);
        }
        if rules.flee_on_misses.is_some_and(|n| misses >= n) {
            s.active[i].fled = true;
        }
    }
}

/// Marks enemies whose damage meets their health as defeated, with what that sets off.
pub(crate) fn settle(s: &mut State, table: &Table) {
    let mut i = 0;
    while i < s.active.len() {
        let foe = s.active[i];
        let card = &table.cards[foe.card];
        let colours = foe.colours.iter().filter(|c| **c).count() as u32;
        if foe.standing()
            && foe.damage >= card.health
            && colours >= card.rules.min_colours
            && legal::lone_hit(s, i).is_none()
        {
            defeat(s, table, i, true);
        }
        i += 1;
    }
}

/// Defeats active enemy `at`: its reward, its defeat effects and, with `chain`, the other
/// enemy its `defeat-another` takes down.
pub(crate) fn defeat(s: &mut State, table: &Table, at: usize, chain: bool) {
    let card_index = s.active[at].card;
    let card = &table.cards[card_index];
    s.active[at].defeated = true;
    s.tally[card_index].defeated += 1;
    s.defeats_this_round += 1;
    mission_progress(s, table, |c| match c {
        Condition::DefeatEnemies { level, .. } => {
            u32::from(card.level <= 2 && level.is_none_or(|l| l == card.level))
        }
        Condition::DefeatMandatory(_) => u32::from(card.mandatory),
        _ => 0,
    });
    match &card.reward {
        Some(Reward::Heal(n)) => s.health += i64::from(*n),
        Some(Reward::Strategy(n)) => s.strategy += n,
        Some(Reward::Recovery(n)) => s.recovery += n,
        Some(Reward::RecoverDice(n)) => s.recover(*n),
        _ => {}
    }
    for _ in 0..card.rules.remove_from_stacks {
        discard_from_tallest(s);
    }
    if card.rules.discard_stack_tops == Some(When::OnDefeat) {
        discard_tops(s);
    }
    if card.rules.reveal_boss == Some(When::OnDefeat) && s.revealed.is_none() && !s.endgame {
        s.revealed = s.boss_deck.pop();
    }
    if chain && let Some(levels) = &card.rules.defeat_another {
        let other = (0..s.active.len()).find(|j| {
            *j != at
                && s.active[*j].standing()
                && levels.contains(&table.cards[s.active[*j].card].level)
        });
        if let Some(j) = other {
            defeat(s, table, j, false);
        }
    }
}

/// Discards the top card of the stack with the most cards (the last of those on a tie).
fn discard_from_tallest(s: &mut State) {
    if let Some(stack) = (0..3).max_by_key(|s2| s.stacks[*s2].len())
        && let Some(removed) = s.stacks[stack].pop()
    {
        s.discard.push(removed);
    }
}

fn discard_tops(s: &mut State) {
    for stack in 0..3 {
        if let Some(card) = s.stacks[stack].pop() {
            s.discard.push(card);
        }
    }
}

/// Items used at the start of the engagement, each at most once a round: a single-use item is
/// discarded, an ongoing one stays in the inventory ("remains active until discarded or the
/// game ends", seed 001).
pub(crate) fn use_items(s: &mut State, table: &Table) {
    let mut i = 0;
    while i < s.items.len() {
        let used = match &s.items[i].1 {
            Power::DefeatByExhausting { dice, levels } => {
                let target = policy::item_target(s, table, levels);
                match target {
                    Some(at) if s.pool.len() >= *dice => {
                        for _ in 0..*dice {
                            if let Some(c) = Colour::ALL.into_iter().find(|c| s.pool.count(*c) > 0)
                            {
                                s.pool.0[c as usize] -= 1;
                                s.exhausted.0[c as usize] += 1;
                            }
                        }
                        defeat(s, table, at, true);
                        true
                    }
                    _ => false,
                }
            }
            Power::Heal(n) if s.health <= policy::LOW_HEALTH => {
                s.health += i64::from(*n);
                true
            }
            _ => false,
        };
        if used && s.items[i].0 == ItemUse::Single {
            s.items.remove(i);
        } else {
            i += 1;
        }
    }
}

/// Adds to the current mission's counter what `event` counts for its condition, and moves on
/// when it is complete.
fn mission_progress(s: &mut State, table: &Table, event: impl Fn(&Condition) -> u32) {
    let Some(&mission) = s.missions.kept.get(s.missions.done) else {
        return;
    };
    let condition = &table.missions[mission];
    s.missions.count += event(condition);
    let goal = match condition {
        Condition::DefeatEnemies { count, .. } => *count,
        Condition::DefeatMandatory(n) | Condition::RollCrits(n) => *n,
        Condition::AssignColour { count, .. } => *count,
        Condition::DefeatInOneRound(n) | Condition::RoundsWithoutDamage(n) => *n,
        Condition::Text(_) => u32::MAX,
    };
    if s.missions.count >= goal {
        s.missions.done += 1;
        s.missions.count = 0;
    }
}

/// What a `colour` die showing `face` deals to active enemy `at` now: the card's face values,
/// nothing while its shield is up, and no more than its per-step cap leaves.
pub(crate) fn damage(s: &State, table: &Table, at: usize, colour: Colour, face: Face) -> u32 {
    let foe = &s.active[at];
    let rules = &table.cards[foe.card].rules;
    if legal::shield_up(s, table, at) {
        return 0;
    }
    let value = rules.value(colour, face, &s.faces);
    match rules.max_damage_per_step {
        Some(cap) => value.min(cap.saturating_sub(foe.step_damage)),
        None => value,
    }
}

/// Puts die `die` on enemy `at`.
pub(crate) fn put(s: &mut State, table: &Table, die: usize, at: usize) {
    let (colour, face) = (s.dice[die].colour, s.dice[die].face);
    let value = damage(s, table, at, colour, face);
    let rules = &table.cards[s.active[at].card].rules;
    let paired = rules.paired(colour, face);
    s.owed_hits += u32::from(rules.crit_exhausts_hit && face == Face::Crit);
    s.dice[die].on = Some(at);
    let foe = &mut s.active[at];
    foe.damage += value;
    foe.step_damage += value;
    foe.dice += 1;
    foe.roll_dice += 1;
    foe.colours[colour as usize] = true;
    foe.step_paired[colour as usize] += u8::from(paired);
    let card = foe.card;
    assigned(s, table, colour);
    if table.cards[card].rules.discard_per_assigned {
        discard_from_tallest(s);
    }
}

/// Counts a die assigned to an enemy for an assign-colour mission.
fn assigned(s: &mut State, table: &Table, colour: Colour) {
    mission_progress(s, table, |c| match c {
        Condition::AssignColour { colour: wanted, .. } => {
            u32::from(Colour::from(*wanted) == colour)
        }
        _ => 0,
    });
}

/// The Resolve phase: suffer damage, after effects, exhaust, recover, items, cleanup.
fn resolve(s: &mut State, table: &Table, _rng: &mut Rng) {
    suffer_damage(s, table);
    if s.health < 1 {
        return;
    }
    let after = after_effects(s, table);
    exhaust(s, table, after.banish_misses);
    if !after.skip_recover {
        s.recover(s.recovery);
    }
    for foe in &s.active {
        if let (true, Some(Reward::Item { use_, power })) =
            (foe.defeated, &table.cards[foe.card].reward)
            && legal::item_fits(s.items.len(), s.strategy)
        {
            s.items.push((*use_, power.clone()));
        }
    }
    clear_active(s, table);
    if !s.endgame
        && let Some(stack) = policy::pick_discard(s, table)
        && let Some(card) = s.stacks[stack].pop()
    {
        s.discard.push(card);
    }
    end_round(s, table);
}

/// Suffer Damage: enemies that flee after the engagement leave, and every standing enemy
/// deals its damage, with the boss's `survivors-deal`.
pub(crate) fn suffer_damage(s: &mut State, table: &Table) {
    for foe in &mut s.active {
        if foe.standing() && table.cards[foe.card].rules.flee_after {
            foe.fled = true;
        }
    }
    let bonus: u32 = s
        .active
        .iter()
        .filter(|f| f.standing())
        .map(|f| table.cards[f.card].rules.survivors_deal)
        .sum();
    let standing: Vec<usize> = s
        .active
        .iter()
        .filter(|f| f.standing())
        .map(|f| f.card)
        .collect();
    for card in standing {
        s.hurt(card, table.cards[card].damage + bonus, true);
    }
}

/// What the After Effects step leaves for the steps after it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct AfterEffects {
    /// No dice are recovered this round.
    pub skip_recover: bool,
    /// Committed dice showing a miss are banished instead of exhausted.
    pub banish_misses: bool,
}

/// After Effects: the Resolve-phase rules of the active cards, defeated or not as their
/// timing says.
pub(crate) fn after_effects(s: &mut State, table: &Table) -> AfterEffects {
    let mut skip_recover = false;
    let mut banish_misses = false;
    for foe in s.active.clone() {
        let rules = &table.cards[foe.card].rules;
        if let Some(when) = rules.discard_stack_tops
            && when != When::OnDefeat
            && when.at_resolve(foe.defeated)
        {
            discard_tops(s);
        }
        if rules.banish_strongest_if_undefeated
            && !foe.defeated
            && let Some(c) = State::strongest(&s.pool)
        {
            s.pool.0[c as usize] -= 1;
        }
        skip_recover |= rules
            .skip_recover
            .is_some_and(|w| w.at_resolve(foe.defeated));
        skip_recover |= rules.dice_stay_exhausted && foe.standing();
        banish_misses |= rules.banish_committed_misses && foe.standing();
    }
    if s.damaged_this_round
        && s.active
            .iter()
            .any(|f| table.cards[f.card].rules.extra_activation)
    {
        s.extra_activation = true;
    }
    AfterEffects {
        skip_recover,
        banish_misses,
    }
}

/// Exhaust Dice: every committed die goes to the exhausted area, but for those an effect
/// banishes.
pub(crate) fn exhaust(s: &mut State, table: &Table, banish_misses: bool) {
    s.owed_hits = 0;
    let mut banish_left: Vec<u32> = s
        .active
        .iter()
        .map(|f| match f.defeated {
            true => table.cards[f.card].rules.banish_on_defeat,
            false => 0,
        })
        .collect();
    for die in std::mem::take(&mut s.dice) {
        let banished = (banish_misses && die.face == Face::Miss)
            || die.on.is_some_and(|f| {
                let left = &mut banish_left[f];
                let take = *left > 0;
                *left = left.saturating_sub(1);
                take
            });
        if !banished {
            s.exhausted.0[die.colour as usize] += 1;
        }
    }
}

/// Cleanup, before the stack discard: the active cards go to the discard (or back on their
/// stack, for `return-if-undefeated`); in the endgame the undefeated stay, without damage.
pub(crate) fn clear_active(s: &mut State, table: &Table) {
    let active = std::mem::take(&mut s.active);
    for foe in active {
        let keep = s.endgame && foe.standing() && !foe.fled;
        if keep {
            let mut kept = Foe::new(foe.card, foe.stack);
            kept.fled = false;
            s.active.push(kept);
            continue;
        }
        match (
            foe.stack,
            table.cards[foe.card].rules.return_if_undefeated && !foe.defeated,
        ) {
            (Some(stack), true) if !s.stacks[stack].is_empty() => s.stacks[stack].push(foe.card),
            _ => {
                if foe.card < table.conflict {
                    s.discard.push(foe.card);
                }
            }
        }
    }
}

/// The end of a round, after the cleanup discard: the missions that count rounds and the
/// round's counts.
pub(crate) fn end_round(s: &mut State, table: &Table) {
    let (damaged, defeats) = (s.damaged_this_round, s.defeats_this_round);
    s.clean_rounds = if damaged { 0 } else { s.clean_rounds + 1 };
    let clean = s.clean_rounds;
    mission_progress(s, table, |c| match c {
        Condition::DefeatInOneRound(n) => match defeats >= *n {
            true => *n,
            false => 0,
        },
        Condition::RoundsWithoutDamage(_) => u32::from(!damaged && clean > 0),
        _ => 0,
    });
    if damaged
        && let Some(&m) = s.missions.kept.get(s.missions.done)
        && matches!(table.missions[m], Condition::RoundsWithoutDamage(_))
    {
        s.missions.count = 0;
    }
    s.damaged_this_round = false;
    s.defeats_this_round = 0;
    s.committed = 0;
}
