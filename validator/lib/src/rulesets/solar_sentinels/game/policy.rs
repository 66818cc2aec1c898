//! The simulated player's choices (docs/simulation.md, "Solar Sentinels policy"): which card to
//! activate and to discard, when to start the endgame, how many dice to commit, where each
//! rolled die goes, and when to use an item.
//!
//! Commits use the engagement's exact last-step search (the answer of `megahex odds --enemies
//! --strategy 1`): each step commits the fewest dice, strongest first, whose roll together with
//! the unassigned dice can be shared to defeat the standing enemies with at least the step's
//! aim; when no pool reaches it for all of them, the least dangerous enemies are given up one
//! by one.

use super::super::dice::DieFaces;
use super::super::dice::{Colour, Pool};
use super::super::engagement::{Advisor, Faces, Foe as EngagedFoe, OneRoll};
use super::legal::{self, CommitLimits};
use super::play::{self, put};
use super::state::{Die, Foe, State};
use super::{EnemyCard, Table};

/// The exact searches the policy asks, kept across the games one worker plays.
pub struct Searches {
    /// The best assignment of a roll, for every step; its last-step search serves commits.
    pub advisor: Advisor,
    /// Assign every roll by [`assign_greedily`], never asking the advisor: the plain player the
    /// skill report compares self-play with.
    pub plain: bool,
}

impl Searches {
    /// Searches for dice with these faces, by colour.
    pub fn new(faces: [DieFaces; 5]) -> Searches {
        Searches {
            advisor: Advisor::for_self_play(faces),
            plain: false,
        }
    }
}

/// The chance a commit aims for on the last Strategy step.
pub const COMMIT_CONFIDENCE: f64 = 0.8;
/// The chance a commit aims for before the last step, which can still add dice. Aiming low
/// keeps dice for later rounds: 30% won more games of the bundled deck than 50% or 20%, and
/// far more than every die at once, the round's own best line (docs/simulation.md).
pub const EARLY_CONFIDENCE: f64 = 0.3;
/// Below the aim, the least chance of defeating the most dangerous enemy worth every die the
/// step may commit.
pub const LONG_SHOT: f64 = 0.35;
/// Health at or below which a healing item is used.
pub const LOW_HEALTH: i64 = 6;

/// Starts the endgame, once it may, when every kept mission is complete and the pool's dice
/// deal on average at least the health of the boss to come (the revealed one, else the mean
/// of the boss deck); or when Health is down to a third of the hero's start.
pub fn start_endgame(s: &State, table: &Table) -> bool {
    if s.health * 3 <= s.start_health {
        return true;
    }
    if s.missions.done < s.missions.kept.len() {
        return false;
    }
    let bosses: Vec<u32> = match s.revealed {
        Some(boss) => vec![table.cards[boss].health],
        None => s.boss_deck.iter().map(|b| table.cards[*b].health).collect(),
    };
    let boss_health = bosses.iter().sum::<u32>() as f64 / bosses.len().max(1) as f64;
    let pool_mean: f64 = Colour::ALL
        .into_iter()
        .map(|c| f64::from(s.pool.count(c)) * mean_damage(s, table, c))
        .sum();
    pool_mean >= boss_health
}

/// What one die of `colour` deals on average, with the hero's ability.
fn mean_damage(s: &State, table: &Table, colour: Colour) -> f64 {
    let odds = die_odds(s, table, colour);
    odds.iter().enumerate().map(|(v, p)| v as f64 * p).sum()
}

/// The stack the player works to empty: the shortest one that is not empty.
fn focus(s: &State) -> Option<usize> {
    (0..3)
        .filter(|i| !s.stacks[*i].is_empty())
        .min_by_key(|i| s.stacks[*i].len())
}

/// The stack whose top card to activate: a mandatory one if any is on top (the focus stack's
/// first), else the focus stack's, unless another top is much weaker (3 or more Health less).
pub fn pick_activation(s: &State, table: &Table) -> Option<usize> {
    let focus = focus(s)?;
    let tops: Vec<(usize, &EnemyCard)> = (0..3)
        .filter(|stack| legal::may_activate(s, table, *stack))
        .filter_map(|stack| s.top(stack).map(|card| (stack, &table.cards[card])))
        .collect();
    let focused = tops.iter().find(|(stack, _)| *stack == focus);
    let weakest = tops
        .iter()
        .min_by_key(|(_, card)| (card.health, card.damage));
    match (focused, weakest) {
        (Some(f), Some(w)) if w.1.health + 3 > f.1.health => Some(f.0),
        (_, w) => w.map(|(stack, _)| *stack),
    }
}

/// The stack whose top card the cleanup discards: the focus stack's if it is not mandatory,
/// else the non-mandatory top with the most health and damage.
pub fn pick_discard(s: &State, table: &Table) -> Option<usize> {
    if let Some(focus) = focus(s)
        && legal::may_discard(s, table, focus)
    {
        return Some(focus);
    }
    (0..3)
        .filter(|stack| legal::may_discard(s, table, *stack))
        .filter_map(|stack| s.top(stack).map(|card| (stack, &table.cards[card])))
        .max_by_key(|(_, card)| card.health + card.damage)
        .map(|(stack, _)| stack)
}

/// The standing enemy a defeat-by-exhausting item is spent on: the most dangerous one of the
/// item's levels with health of at least 4.
pub fn item_target(s: &State, table: &Table, levels: &[u8]) -> Option<usize> {
    (0..s.active.len())
        .filter(|i| {
            let card = &table.cards[s.active[*i].card];
            s.active[*i].standing() && levels.contains(&card.level) && card.health >= 4
        })
        .max_by_key(|i| table.cards[s.active[*i].card].damage)
}

/// Damage distribution of one die of `colour` against an enemy without effects.
fn die_odds(s: &State, table: &Table, colour: Colour) -> [f64; 4] {
    let faces = table.dice.faces(colour);
    let sides = f64::from(faces.sides().max(1));
    let mut odds = [0.0; 4];
    let row = s.faces[colour as usize];
    for (count, value) in [
        (faces.miss, row[0]),
        (faces.hit, row[1]),
        (faces.crit, row[2]),
    ] {
        odds[value.min(3) as usize] += f64::from(count) / sides;
    }
    odds
}

/// The standing enemies that may take damage now, most dangerous first.
fn targets(s: &State, table: &Table) -> Vec<usize> {
    let mut order: Vec<usize> = (0..s.active.len())
        .filter(|i| s.active[*i].standing() && !legal::shield_up(s, table, *i))
        .collect();
    // Most damage for each point of health left first: the cheapest Health saved.
    let left = |i: usize| {
        let card = &table.cards[s.active[i].card];
        (card.health.saturating_sub(s.active[i].damage)).max(1)
    };
    order.sort_by(|a, b| {
        let (da, db) = (
            u64::from(table.cards[s.active[*a].card].damage),
            u64::from(table.cards[s.active[*b].card].damage),
        );
        (db * u64::from(left(*a)))
            .cmp(&(da * u64::from(left(*b))))
            .then(left(*a).cmp(&left(*b)))
    });
    order
}

/// The dice to commit this step: the fewest, strongest first, whose roll together with the
/// unassigned dice can be shared to defeat every enemy that may take damage with at least the
/// step's aim, by the engagement's exact last-step search (`odds`) with the cards' effects on
/// the dice; when no commit reaches it for all of them, the least dangerous are given up one
/// by one.
pub fn commit(s: &State, table: &Table, last: bool, odds: &mut OneRoll) -> Pool {
    let aim = if last {
        COMMIT_CONFIDENCE
    } else {
        EARLY_CONFIDENCE
    };
    let limits = CommitLimits::of(s, table);
    let cap = limits
        .most()
        .map_or(s.pool.len(), |most| most.min(s.pool.len()));
    let banned = limits.banned.map(|by| by.is_some());
    let whole_colour = limits.whole_colour.is_some();
    let order = targets(s, table);
    let foes: Vec<EngagedFoe> = order
        .iter()
        .map(|i| {
            let foe: &Foe = &s.active[*i];
            let card = &table.cards[foe.card];
            let left = card.health.saturating_sub(foe.damage);
            // Before the last step, a card that takes at most so much a step is aimed at for
            // that much: only chipping at it brings it within a later step's reach.
            let left = match (last, card.rules.max_damage_per_step) {
                (false, Some(cap)) => left.min(cap),
                _ => left,
            };
            // `needs-exhausted-colour` is left to the assigning too: read from the exhausted
            // area, which changes every round, it keeps the last step's answers from being
            // reused and halves the games played a second. Every colour counts as exhausted.
            let every_colour = Pool([1; 5]);
            let mut engaged =
                EngagedFoe::of_card(left, card.level, &card.rules, &s.faces, &every_colour).0;
            // What its limit in all still allows, with the dice already on it.
            engaged.limits.per_card = engaged.limits.per_card.map(|m| m.saturating_sub(foe.dice));
            // The colour rules (an escort, colours needed, hits in pairs) are left to the assigning: told apart by
            // colour, the dice make the last-step search too slow to ask at every commit.
            engaged.limits.one_colour = false;
            engaged.limits.one_die_per_colour = false;
            engaged.limits.escort = None;
            engaged.limits.min_colours = 0;
            engaged.limits.paired = 0;
            engaged
        })
        .collect();
    // Strongest colours first, by what a die deals on average.
    let mut colours: Vec<Colour> = Colour::ALL
        .into_iter()
        .filter(|c| !banned[*c as usize] && s.pool.count(*c) > 0)
        .collect();
    let mean = |c: &Colour| mean_damage(s, table, *c);
    colours.sort_by(|a, b| mean(b).total_cmp(&mean(a)));
    // An enemy that takes other colours only beside an escort colour gets those first.
    if let Some(escort) = order
        .first()
        .and_then(|i| table.cards[s.active[*i].card].rules.escort)
        && let Some(at) = colours.iter().position(|c| *c == escort)
    {
        let colour = colours.remove(at);
        colours.insert(0, colour);
    }
    let mut steps: Vec<Pool> = vec![Pool::default()];
    let mut pool = Pool::default();
    for colour in colours {
        let batch = match whole_colour {
            true => s.pool.count(colour),
            false => 1,
        };
        for _ in 0..s.pool.count(colour) / batch.max(1) {
            if pool.len() + batch > cap {
                break;
            }
            pool.0[colour as usize] += batch;
            steps.push(pool);
        }
    }
    let mut unassigned = [0u8; 5];
    for die in s.dice.iter().filter(|d| d.on.is_none()) {
        unassigned[die.colour as usize] = unassigned[die.colour as usize].saturating_add(1);
    }
    let mut chance = |commit: &Pool, aimed: &[EngagedFoe]| {
        let mut dice = unassigned;
        for (slot, n) in dice.iter_mut().zip(commit.0) {
            *slot = slot.saturating_add(u8::try_from(n).unwrap_or(u8::MAX));
        }
        odds.chance(dice, aimed)
    };
    for give_up in 0..foes.len() {
        let aimed = &foes[..foes.len() - give_up];
        // More dice never lower the chance (a die may stay unassigned), so the fewest that
        // reach the aim are found by halving.
        let fewest = steps.partition_point(|commit| chance(commit, aimed) < aim);
        if let Some(commit) = steps.get(fewest) {
            return *commit;
        }
    }
    // Nothing reaches the aim: with a fair chance at the first enemy, or when waiting cannot
    // help (no die to recover, or Health too low to take another round), everything the step
    // may commit; otherwise keep the dice.
    let everything = steps.last().copied().unwrap_or_default();
    let best = match foes.first() {
        Some(first) => chance(&everything, std::slice::from_ref(first)),
        None => 0.0,
    };
    let threat: u32 = s
        .active
        .iter()
        .filter(|f| f.standing())
        .map(|f| table.cards[f.card].damage)
        .sum();
    let cornered = s.exhausted.is_empty() || s.health <= 2 * i64::from(threat);
    match best >= LONG_SHOT || cornered {
        true => everything,
        false => Pool::default(),
    }
}

/// The hits rolled again that a `miss-rerolls-hit` card forces, among the dice just `rolled`:
/// those of the colours with the fewest misses first, whose roll again loses least (a red hit
/// never misses and may come up a crit).
pub fn forced_again(s: &State, table: &Table, rolled: &[usize]) -> Vec<usize> {
    let forced = legal::forced_rerolls(s, table, rolled);
    let mut hits: Vec<usize> = rolled
        .iter()
        .copied()
        .filter(|i| s.dice[*i].face == megahex_schema::rulesets::solar_sentinels::Face::Hit)
        .collect();
    hits.sort_by_key(|i| table.dice.faces(s.dice[*i].colour).miss);
    hits.truncate(forced);
    hits
}

/// Assigns the rolled dice by the engagement's exact advisor when it answers: the assignment
/// with the best chance of defeating every enemy this round, when that chance is above 0
/// before the last step, or 1 at it. Otherwise, or when a standing card's effect is one the
/// advisor does not weigh, by [`assign_greedily`]. True when the advisor's assignment was played.
pub fn assign(s: &mut State, table: &Table, steps_left: u32, advisor: &mut Advisor) -> bool {
    if advise(s, table, steps_left, advisor) {
        return true;
    }
    assign_greedily(s, table, steps_left == 0);
    false
}

/// Plays the advisor's assignment; false when it has none worth playing.
fn advise(s: &mut State, table: &Table, steps_left: u32, advisor: &mut Advisor) -> bool {
    let standing: Vec<usize> = (0..s.active.len())
        .filter(|i| s.active[*i].standing())
        .collect();
    let mut rolled: Faces = [[0; 3]; 5];
    for die in s.dice.iter().filter(|d| d.on.is_none()) {
        rolled[die.colour as usize][face_index(die.face)] += 1;
    }
    let rolled_dice: u32 = rolled.iter().flatten().map(|n| u32::from(*n)).sum();
    let mut foes = Vec::with_capacity(standing.len());
    for &at in &standing {
        match engaged(
            s,
            table,
            at,
            rolled_dice + s.pool.len(),
            steps_left,
            standing.len(),
        ) {
            Some(foe) => foes.push(foe),
            None => return false,
        }
    }
    let Ok(advice) = advisor.advise(&rolled, &foes, &s.pool, steps_left) else {
        return false;
    };
    let worth = match steps_left {
        0 => advice.chance >= 1.0 - 1e-12,
        _ => advice.chance > 0.0,
    };
    if !worth {
        return false;
    }
    // Dice on enemies that keep a boss's shield up go first.
    let mut order: Vec<usize> = (0..standing.len()).collect();
    order.sort_by_key(|i| table.cards[s.active[standing[*i]].card].level >= super::BOSS_LEVEL);
    for i in order {
        let at = standing[i];
        for (c, faces) in advice.assign[i].iter().enumerate() {
            for (f, n) in faces.iter().enumerate() {
                for _ in 0..*n {
                    let die = s.dice.iter().position(|d| {
                        d.on.is_none() && d.colour as usize == c && face_index(d.face) == f
                    });
                    if let Some(die) = die {
                        put(s, table, die, at);
                    }
                }
            }
        }
    }
    true
}

fn face_index(face: megahex_schema::rulesets::solar_sentinels::Face) -> usize {
    use megahex_schema::rulesets::solar_sentinels::Face;
    match face {
        Face::Miss => 0,
        Face::Hit => 1,
        Face::Crit => 2,
    }
}

/// Active enemy `at` as the advisor takes it: its Health left, its card's effects under the
/// hero's faces and this round's exhausted dice, and what is on it already. A boss whose
/// shield is up takes no die. `None` for an effect the policy cannot state the search's way.
fn engaged(
    s: &State,
    table: &Table,
    at: usize,
    dice: u32,
    steps_left: u32,
    enemies: usize,
) -> Option<EngagedFoe> {
    let foe = &s.active[at];
    let card = &table.cards[foe.card];
    // The advisor does not weigh these; left out below, they would be played wrong.
    if card.rules.no_reroll_misses || card.rules.crit_exhausts_hit {
        return None;
    }
    let left = card.health.saturating_sub(foe.damage);
    let (mut engaged, _) =
        EngagedFoe::of_card(left, card.level, &card.rules, &s.faces, &s.exhausted);
    let limits = &mut engaged.limits;
    limits.per_card = limits.per_card.map(|m| m.saturating_sub(foe.dice));
    let on: Vec<usize> = (0..5).filter(|c| foe.colours[*c]).collect();
    limits.colours_on = on.iter().fold(0, |mask, c| mask | (1 << c));
    if limits.one_colour {
        limits.colour_on = on.first().map(|c| *c as u8);
    }
    if let Some(escort) = limits.escort {
        let (mut escorts, mut others) = (0u32, 0u32);
        for d in s.dice.iter().filter(|d| d.on == Some(at)) {
            match d.colour as u8 == escort {
                true => escorts += 1,
                false => others += 1,
            }
        }
        limits.escorts_ahead = escorts.saturating_sub(others);
    }
    if legal::shield_up(s, table, at) {
        engaged.values = [[0; 3]; 5];
        engaged.limits.shielded = false;
    }
    // The effects that weigh every choice of dice are left out past the sizes the search
    // plays them at, as `megahex odds` does.
    let pool = Pool([dice, 0, 0, 0, 0]);
    super::super::engagement::leave_out_when_too_big(&mut engaged, &pool, steps_left, enemies);
    Some(engaged)
}

/// Assigns the rolled dice: for each enemy, most dangerous first, the fewest dice that defeat
/// it (a hit on a card that takes them in pairs with its partner); before the last step, every
/// other die that deals something stays on the first enemy that takes it (a die kept rolling
/// could only do as well). While a card allows one defeat an assign step, the dice fell one
/// enemy at most.
pub fn assign_greedily(s: &mut State, table: &Table, last: bool) {
    let limited = legal::defeat_limit(s, table).is_some();
    let mut fallen = 0;
    let mut step_colours = vec![[false; 5]; s.active.len()];
    for at in targets(s, table) {
        if limited && fallen > 0 {
            break;
        }
        let card = &table.cards[s.active[at].card];
        let need = card.health.saturating_sub(s.active[at].damage);
        let mut free: Vec<(usize, u32)> = s
            .dice
            .iter()
            .enumerate()
            .filter(|(_, d)| d.on.is_none())
            .map(|(i, d)| (i, card.rules.value(d.colour, d.face, &s.faces)))
            .filter(|(_, v)| *v > 0)
            .collect();
        free.sort_by_key(|(_, v)| std::cmp::Reverse(*v));
        let mut picked: Vec<usize> = Vec::new();
        let mut total = 0;
        let mut colours = step_colours[at];
        let mut trial = s.active[at];
        for (i, &(die, value)) in free.iter().enumerate() {
            if total >= need || picked.contains(&die) {
                continue;
            }
            let Die { colour, face, .. } = s.dice[die];
            // A hit it takes in pairs goes on with another of its colour and face, or not at all.
            let partner = match card.rules.paired(colour, face) {
                false => None,
                true => {
                    let twin = free[i + 1..].iter().find(|(other, _)| {
                        !picked.contains(other)
                            && s.dice[*other].colour == colour
                            && s.dice[*other].face == face
                    });
                    match twin {
                        Some(&(other, _)) => Some(other),
                        None => continue,
                    }
                }
            };
            let saved = s.active[at];
            let mut tried = trial;
            let mut tried_colours = colours;
            let mut ok = true;
            for _ in 0..1 + usize::from(partner.is_some()) {
                s.active[at] = tried;
                ok &= legal::may_assign(s, table, at, colour, &tried_colours);
                tried_colours[colour as usize] = true;
                tried.dice += 1;
                tried.roll_dice += 1;
                tried.colours[colour as usize] = true;
            }
            s.active[at] = saved;
            if ok {
                picked.push(die);
                picked.extend(partner);
                total += value * (1 + u32::from(partner.is_some()));
                colours = tried_colours;
                trial = tried;
            }
        }
        let capped = card
            .rules
            .max_damage_per_step
            .map_or(total, |cap| total.min(cap));
        if capped >= need {
            for die in picked {
                let colour = s.dice[die].colour;
                put(s, table, die, at);
                step_colours[at][colour as usize] = true;
            }
            fallen += 1;
        }
    }
    if last {
        return;
    }
    for die in 0..s.dice.len() {
        if s.dice[die].on.is_some() {
            continue;
        }
        let Die { colour, face, .. } = s.dice[die];
        for at in targets(s, table) {
            let card = &table.cards[s.active[at].card];
            // What it deals now: a die that a per-step cap or a raised shield leaves at 0
            // stays unassigned, to roll again next step.
            let value = play::damage(s, table, at, colour, face);
            let short = s.active[at].damage < card.health;
            let fells = s.active[at].damage + value >= card.health;
            if value > 0
                && short
                && !card.rules.paired(colour, face)
                && !(fells && limited && fallen > 0)
                && legal::may_assign(s, table, at, colour, &step_colours[at])
            {
                put(s, table, die, at);
                step_colours[at][colour as usize] = true;
                fallen += usize::from(fells);
                break;
            }
        }
    }
}
