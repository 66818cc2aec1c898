//! More enemies than the search shares dice among: the chance of defeating every one, between
//! two exact searches of at most [`MAX_ENEMIES`] enemies.
//!
//! Reading (docs/rules.md, "More than four enemies"): enemies whose effects stay true of a
//! group are put together, a group searched as one enemy.
//! - **At least:** the group keeps every member's limits and each face deals the least it
//!   deals any member; its Health is its members' added up, plus what one die can waste at
//!   each change of member (the most a face deals them, less 1; when no face deals the group
//!   more than 2, one point for each member of odd Health past the first), or every die counts
//!   1 at most.
//!   A play that fells such a group fells its members one after another, so its chance is one
//!   a real play reaches.
//! - **At most:** the group's Health is its members' added up, each face deals the most it
//!   deals any member (no more than a member's most Health), and the group has no limit; or
//!   the four enemies with the most Health alone. Any real play fells that group as soon as it
//!   fells the members, so no real play does better.
//!
//! Effects that count defeats or colours, a shield, a per-step cap, fleeing and pairs stay on
//! an enemy of their own. With four or more of those, or one defeat a roll, the answer's floor
//! is left unknown.

use super::foes::{Foe, Limits, beyond_reach, defeat_all_foes_within};
use super::{DieFaces, MAX_ENEMIES, MAX_HEALTH, Pool, PoolError, Progress};

/// The chance of defeating every enemy, between two exact answers.
#[derive(Debug, Clone, PartialEq)]
pub struct Bounds {
    /// The best play reaches at least this: an exact chance of a play that is legal. `None`
    /// when no grouping gives one (see the module's notes).
    pub low: Option<f64>,
    /// The best play reaches at most this.
    pub high: f64,
    /// The grouping the bounds come from: the enemies, by place, searched as one.
    pub groups: Vec<Vec<usize>>,
    /// Why there is no floor, when there is none.
    pub no_floor: Option<&'static str>,
}

/// True when an enemy's effects hold for a group it is part of: limits on the dice it takes
/// and on commits, which a group keeping them makes only harder to meet.
fn groupable(foe: &Foe) -> bool {
    let l = &foe.limits;
    !l.shielded
        && !l.boss
        && !l.one_colour
        && l.escort.is_none()
        && l.flee_on_misses.is_none()
        && l.min_colours == 0
        && l.paired == 0
        && !l.one_defeat
        && l.per_step.is_none()
}

/// The most any face deals any of `members`.
fn most_a_die(members: &[Foe]) -> u32 {
    members
        .iter()
        .flat_map(|f| f.values.iter().flatten())
        .copied()
        .max()
        .unwrap_or(0)
}

/// `members` as one enemy at least as hard to fell as all of them.
fn harder(members: &[Foe]) -> Foe {
    let mut foe = least_of_each(members);
    let waste = most_a_die(members).saturating_sub(1);
    let changes = u32::try_from(members.len().saturating_sub(1)).unwrap_or(u32::MAX);
    let mut pad = changes.saturating_mul(waste);
    // No face dealing the group more than 2: each member's 1s and 2s can be made to add up to
    // its Health exactly, but for one point on each member of odd Health past the first that
    // gets no 1 of its own (docs/rules.md, "More than four enemies").
    if foe.values.iter().flatten().all(|v| *v <= 2) {
        let odd = members.iter().filter(|f| f.health % 2 == 1).count();
        let odd = u32::try_from(odd.saturating_sub(1)).unwrap_or(u32::MAX);
        pad = pad.min(odd);
    }
    foe.health = members
        .iter()
        .map(|f| f.health)
        .sum::<u32>()
        .saturating_add(pad);
    foe
}

/// `members` as one enemy whose every face deals the least it deals any member and that keeps
/// every member's limits; its Health is left to the caller.
fn least_of_each(members: &[Foe]) -> Foe {
    let mut values = [[u32::MAX; 3]; 5];
    let mut limits = Limits::default();
    let least = |a: Option<u32>, b: Option<u32>| match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    for f in members {
        for (row, theirs) in values.iter_mut().zip(f.values) {
            for (v, t) in row.iter_mut().zip(theirs) {
                *v = (*v).min(t);
            }
        }
        let l = &f.limits;
        limits.per_roll = least(limits.per_roll, l.per_roll);
        limits.per_card = least(limits.per_card, l.per_card);
        limits.one_die_per_colour |= l.one_die_per_colour;
        limits.no_reroll_misses |= l.no_reroll_misses;
        limits.crit_exhausts |= l.crit_exhausts;
        limits.miss_rerolls |= l.miss_rerolls;
        let c = &mut limits.commits;
        c.per_round = least(c.per_round, l.commits.per_round);
        c.per_step = least(c.per_step, l.commits.per_step);
        c.whole_colour |= l.commits.whole_colour;
        for (b, theirs) in c.banned.iter_mut().zip(l.commits.banned) {
            *b |= theirs;
        }
    }
    Foe {
        health: 0,
        values,
        limits,
    }
}

/// `members` as one enemy at least as hard to fell as all of them, another way: every die
/// counts 1 at most, so none is wasted when the dice move to the next member. Where the
/// members' Health is low (a group of 1s), this asks for exactly the dice they need.
fn one_die_one_point(members: &[Foe]) -> Foe {
    let mut foe = harder(members);
    foe.health = members.iter().map(|f| f.health).sum();
    for row in foe.values.iter_mut() {
        for v in row.iter_mut() {
            *v = (*v).min(1);
        }
    }
    foe
}

/// `members` as one enemy no harder to fell than all of them. A die counts no more than the
/// most Health a member has: it goes to one member, and what it deals beyond that is lost.
fn easier(members: &[Foe]) -> Foe {
    let mut values = [[0u32; 3]; 5];
    let most_health = members.iter().map(|f| f.health).max().unwrap_or(0);
    for f in members {
        for (row, theirs) in values.iter_mut().zip(f.values) {
            for (v, t) in row.iter_mut().zip(theirs) {
                *v = (*v).max(t.min(most_health));
            }
        }
    }
    Foe {
        health: members.iter().map(|f| f.health).sum(),
        values,
        limits: Limits::default(),
    }
}

/// Ways to put the groupable enemies `open` (places, most Health first) into `slots` groups:
/// the strongest alone and the rest together, and groups of about even Health.
fn groupings(foes: &[Foe], open: &[usize], slots: usize) -> Vec<Vec<Vec<usize>>> {
    // More groups than enemies would leave some empty.
    let slots = slots.clamp(1, open.len().max(1));
    let mut heap: Vec<Vec<usize>> = open[..slots - 1].iter().map(|p| vec![*p]).collect();
    heap.push(open[slots - 1..].to_vec());
    let mut even: Vec<Vec<usize>> = vec![Vec::new(); slots];
    for &p in open {
        let lightest = (0..slots)
            .min_by_key(|g| even[*g].iter().map(|q| foes[*q].health).sum::<u32>())
            .unwrap_or(0);
        even[lightest].push(p);
    }
    let mut out = vec![heap];
    if !out.contains(&even) {
        out.push(even);
    }
    out
}

/// Most answers and ways to share a roll one search of the bounds keeps (about 100 bytes each):
/// past it, that search gives up and a looser bound stands.
pub const BOUNDS_BUDGET: usize = 4_000_000;

/// One search the bounds may run: the enemies as searched, and the grouping they come from.
struct Plan {
    foes: Vec<Foe>,
    groups: Vec<Vec<usize>>,
    floor: bool,
}

/// The chance of defeating every one of `foes` (more than [`MAX_ENEMIES`]) this round with
/// `pool` over `strategy` steps under the best play, between two bounds, each an exact search
/// of the enemies grouped into at most [`MAX_ENEMIES`]. The cheapest groupings are searched
/// first (everyone as one enemy, or every groupable enemy in one group), then those that keep
/// more enemies apart, each within [`BOUNDS_BUDGET`]. `progress(done, of)` hears how far the
/// searches are, all of them together.
pub fn defeat_all_bounds(
    faces: &[DieFaces; 5],
    pool: &Pool,
    foes: &[Foe],
    strategy: u32,
    progress: Progress<'_>,
) -> Result<Bounds, PoolError> {
    // Each die goes to one enemy, so fewer dice than enemies that must all fall fell them
    // never (a card that can flee need not fall).
    let fewer_dice = u64::from(pool.len()) < foes.len() as u64
        && foes.iter().all(|f| f.limits.flee_on_misses.is_none());
    if beyond_reach(pool, foes) || fewer_dice {
        return Ok(Bounds {
            low: Some(0.0),
            high: 0.0,
            groups: (0..foes.len()).map(|p| vec![p]).collect(),
            no_floor: None,
        });
    }
    let (plans, no_floor) = plans(foes);
    let mut bounds = Bounds {
        low: None,
        high: 1.0,
        groups: Vec::new(),
        no_floor,
    };
    let mut ceiling_groups = Vec::new();
    let searches = plans.len();
    for (at, mut plan) in plans.into_iter().enumerate() {
        // A group's Health may add up past the most an enemy has; past what the pool deals in
        // a round it stands all the same, so it is searched as one more than that.
        let most = most_a_die(&plan.foes)
            .max(1)
            .saturating_mul(pool.len())
            .saturating_add(1);
        for foe in &mut plan.foes {
            foe.health = foe.health.min(most);
        }
        if plan.foes.iter().any(|f| f.health > MAX_HEALTH) {
            continue;
        }
        let told = |d: usize, of: usize| progress(at * of.max(1) + d, searches * of.max(1));
        let found =
            defeat_all_foes_within(faces, pool, &plan.foes, strategy, &told, BOUNDS_BUDGET)?;
        let Some(p) = found else { continue };
        match plan.floor {
            true if bounds.low.is_none_or(|low| p > low) => {
                bounds.low = Some(p);
                bounds.groups = plan.groups;
            }
            false if p < bounds.high => {
                bounds.high = p;
                ceiling_groups = plan.groups;
            }
            _ => {}
        }
    }
    if bounds.low.is_none() {
        bounds.groups = ceiling_groups;
        bounds.no_floor = bounds.no_floor.or(Some(
            "each search for a floor outgrew what a search may keep",
        ));
    }
    Ok(bounds)
}

/// The searches to run, cheapest first: a ceiling and a floor from the fewest enemies, then
/// from groupings that keep more of them apart.
fn plans(foes: &[Foe]) -> (Vec<Plan>, Option<&'static str>) {
    let mut by_health: Vec<usize> = (0..foes.len()).collect();
    by_health.sort_by_key(|p| std::cmp::Reverse(foes[*p].health));
    let (alone, open): (Vec<usize>, Vec<usize>) =
        by_health.iter().partition(|p| !groupable(&foes[**p]));
    let counts_defeats = foes.iter().any(|f| f.limits.one_defeat);
    let of = |places: &[usize]| places.iter().map(|p| foes[*p]).collect::<Vec<Foe>>();
    let mut out = Vec::new();
    // Everyone as one enemy, but a card that may flee: fled, it need not be defeated, so it
    // is left out of the ceiling instead.
    let stays: Vec<usize> = by_health
        .iter()
        .copied()
        .filter(|p| foes[*p].limits.flee_on_misses.is_none())
        .collect();
    if !stays.is_empty() {
        out.push(Plan {
            foes: vec![easier(&of(&stays))],
            groups: vec![stays.clone()],
            floor: false,
        });
    }
    // The hardest four alone, the others left out: leaving an enemy out only makes the round
    // easier.
    let hardest = &by_health[..MAX_ENEMIES.min(by_health.len())];
    out.push(Plan {
        foes: of(hardest),
        groups: hardest.iter().map(|p| vec![*p]).collect(),
        floor: false,
    });
    let slots = MAX_ENEMIES.saturating_sub(alone.len());
    if slots == 0 || open.is_empty() {
        return (
            out,
            Some("4 or more of them have effects that keep an enemy searched on its own"),
        );
    }
    let mut ways = vec![vec![open.clone()]];
    for way in groupings(foes, &open, slots) {
        if !ways.contains(&way) {
            ways.push(way);
        }
    }
    for groups in ways {
        let mut all_groups: Vec<Vec<usize>> = alone.iter().map(|p| vec![*p]).collect();
        all_groups.extend(groups.iter().cloned());
        // A group of one is the enemy itself.
        let with = |one: &dyn Fn(&[Foe]) -> Foe| -> Vec<Foe> {
            alone
                .iter()
                .map(|p| foes[*p])
                .chain(groups.iter().map(|g| match g.as_slice() {
                    [p] => foes[*p],
                    _ => one(&of(g)),
                }))
                .collect()
        };
        // One defeat a roll counts a group as one enemy where its members are several: the
        // floor would not hold.
        if !counts_defeats {
            for floor in [harder, one_die_one_point] {
                out.push(Plan {
                    foes: with(&floor),
                    groups: all_groups.clone(),
                    floor: true,
                });
            }
        }
        // Alone with everyone it is the first ceiling already.
        if groups.len() > 1 || !alone.is_empty() {
            out.push(Plan {
                foes: with(&easier),
                groups: all_groups,
                floor: false,
            });
        }
    }
    let no_floor = counts_defeats.then_some("one defeat a roll would count a group as one enemy");
    (out, no_floor)
}

#[cfg(test)]
mod tests;
