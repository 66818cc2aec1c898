//! Enemies with their effects, as the engagement search takes them: what each face of each
//! colour deals to each one, read from its card through the simulation's own rules
//! ([`CardRules`]), and the search that fits them: the plain one when no effect touches the
//! dice, the coloured one otherwise.

use megahex_schema::rulesets::solar_sentinels::Face;
use serde::{Deserialize, Serialize};

use super::aim::Aim;
use super::coloured::{PLAIN, Search, Values};
use super::{Colour, DieFaces, Pool, PoolError, Progress, checked, defeat_all_on};
use crate::rulesets::solar_sentinels::game::BOSS_LEVEL;
use crate::rulesets::solar_sentinels::game::rules::{CardRules, FaceTable};

/// One enemy in an engagement: its Health, what each face of each colour deals to it, and
/// what its effects limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Foe {
    /// Health to meet.
    pub health: u32,
    /// By colour, then face (miss, hit, crit); 0 for a colour it may not be assigned.
    pub values: Values,
    /// Its limits on the dice it takes.
    pub limits: Limits,
}

/// What an enemy's effects limit in a roll and a step, besides what each face deals to it.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
pub struct Limits {
    /// Most dice it takes from one roll (`assign-limit` per roll).
    pub per_roll: Option<u32>,
    /// Most dice it takes in all (`assign-limit` per card).
    pub per_card: Option<u32>,
    /// Most damage it takes in one Strategy step (`max-damage-per-step`).
    pub per_step: Option<u32>,
    /// A boss that takes no damage while a level 1 or 2 enemy stands
    /// (`shielded-while-enemies`).
    pub shielded: bool,
    /// A boss: it keeps no other's shield up.
    pub boss: bool,
    /// Takes dice of one colour only (`one-colour`).
    pub one_colour: bool,
    /// The colour on a one-colour card already, by its place in [`Colour::ALL`].
    pub colour_on: Option<u8>,
    /// Takes at most one die of each colour from one roll (`one-die-per-colour`).
    pub one_die_per_colour: bool,
    /// While it stands, what may be committed.
    pub commits: CommitRules,
    /// While it stands, the unassigned dice showing a miss are not rolled again after the
    /// first step (`no-reroll-misses`).
    pub no_reroll_misses: bool,
    /// The colour, by its place in [`Colour::ALL`], of which each other die on it needs one
    /// (`escort`).
    pub escort: Option<u8>,
    /// How many more dice of the escort colour than others are on it already.
    pub escorts_ahead: u32,
    /// It escapes, and so is not defeated, when one roll shows this many misses
    /// (`flee-on-misses`).
    pub flee_on_misses: Option<u32>,
    /// Colours it needs among its dice to fall, besides its Health (`min-colours`). In the
    /// search such a card's Health left counts one more while its colours fall short.
    pub min_colours: u32,
    /// The colours on it already, one bit each by place in [`Colour::ALL`].
    pub colours_on: u8,
    /// The rolled faces that go on it only in pairs of one colour (`hits-in-pairs`): one bit
    /// for each (colour, face), at 3 × the colour's place + the face (miss, hit, crit).
    pub paired: u16,
    /// While it stands, one enemy at most falls to a roll (`one-defeat-per-assign`).
    pub one_defeat: bool,
    /// Each crit put on it exhausts a hit of the same roll left unassigned
    /// (`crit-exhausts-hit`).
    pub crit_exhausts: bool,
    /// While it stands, each miss rolled forces a hit of the same roll to be rolled again
    /// (`miss-rerolls-hit`).
    pub miss_rerolls: bool,
}

impl Limits {
    /// True when the colours on it (with `more`) fall short of those it needs.
    pub fn colours_short(&self, more: u8) -> bool {
        (self.colours_on | more).count_ones() < self.min_colours
    }
}

/// What a standing enemy's effects allow to be committed: they hold back dice the search would
/// otherwise commit at the first step.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
pub struct CommitRules {
    /// Most dice committed in the round (`commit-limit` per round).
    pub per_round: Option<u32>,
    /// Most dice committed in one step (`commit-limit` per step).
    pub per_step: Option<u32>,
    /// Colours that may not be committed, by place in [`Colour::ALL`] (`ban` from commit).
    pub banned: [bool; 5],
    /// Committing a die commits every die of its colour left in the pool
    /// (`commit-whole-colour`).
    pub whole_colour: bool,
}

impl CommitRules {
    /// True when it limits nothing.
    pub fn is_free(&self) -> bool {
        *self == CommitRules::default()
    }
}

impl Limits {
    /// True when which colour a die is matters to the card beyond what it deals.
    pub fn looks_at_colours(&self) -> bool {
        self.one_colour
            || self.one_die_per_colour
            || self.escort.is_some()
            || self.min_colours > 0
            || self.paired != 0
    }

    /// How many dice of a `colour` die rolled as `face` go on it at once: 2 for a face it takes
    /// only in pairs.
    pub fn unit(&self, colour: u8, face: u8) -> u8 {
        match self.paired & (1 << (3 * u16::from(colour) + u16::from(face))) {
            0 => 1,
            _ => 2,
        }
    }
}

impl Foe {
    /// What each face of each colour deals it when a roll goes to it whole: its values, with
    /// nothing from a colour it bans from being committed (no such die is rolled while it
    /// stands).
    pub fn dealt_in_one_roll(&self) -> Values {
        let mut dealt = self.values;
        for (row, banned) in dealt.iter_mut().zip(self.limits.commits.banned) {
            if banned {
                *row = [0; 3];
            }
        }
        dealt
    }

    /// A level 1 or 2 enemy with no effect on the dice.
    pub fn plain(health: u32) -> Foe {
        Foe {
            health,
            values: PLAIN,
            limits: Limits::default(),
        }
    }

    /// True while it stands: Health left, or fewer colours on it than it needs.
    pub fn stands(&self) -> bool {
        self.need() > 0
    }

    /// What it needs to fall, as the shares count it: its Health left, and one more while
    /// its colours fall short.
    pub(super) fn need(&self) -> u32 {
        let short = self.limits.min_colours > 0 && self.limits.colours_short(0);
        self.health + u32::from(short)
    }

    /// True when the plain search answers for it: no effect on the dice and no limit.
    pub fn is_plain(&self) -> bool {
        let Limits {
            per_roll,
            per_card,
            per_step,
            shielded,
            boss: _,
            one_colour,
            colour_on: _,
            one_die_per_colour,
            commits,
            no_reroll_misses,
            escort,
            escorts_ahead: _,
            flee_on_misses,
            min_colours,
            colours_on: _,
            paired,
            one_defeat,
            crit_exhausts,
            miss_rerolls,
        } = self.limits;
        self.values == PLAIN
            && per_roll.is_none()
            && per_card.is_none()
            && per_step.is_none()
            && !shielded
            && !one_colour
            && !one_die_per_colour
            && commits.is_free()
            && !no_reroll_misses
            && escort.is_none()
            && flee_on_misses.is_none()
            && min_colours == 0
            && paired == 0
            && !one_defeat
            && !crit_exhausts
            && !miss_rerolls
    }

    /// A card's enemy (of `level`, 3 for a boss) under `hero`'s face values, with `exhausted`
    /// the dice in the exhausted area this round (it changes only at the round's end), and the
    /// names of its effects that change the engagement but that the search does not play
    /// (they are left out of the answer).
    pub fn of_card(
        health: u32,
        level: u8,
        rules: &CardRules,
        hero: &FaceTable,
        exhausted: &Pool,
    ) -> (Foe, Vec<&'static str>) {
        let mut values = PLAIN;
        let mut paired = 0u16;
        for (c, row) in values.iter_mut().enumerate() {
            let colour = Colour::ALL[c];
            for (f, face) in [Face::Miss, Face::Hit, Face::Crit].into_iter().enumerate() {
                if rules.paired(colour, face) {
                    paired |= 1 << (3 * c + f);
                }
            }
            // `needs-exhausted-colour`: a colour with no exhausted die may not go on it.
            let kept_off = rules.no_assign[c]
                || (rules.needs_exhausted_colour && exhausted.count(colour) == 0);
            for (f, face) in [Face::Miss, Face::Hit, Face::Crit].into_iter().enumerate() {
                row[f] = match kept_off {
                    true => 0,
                    false => rules.value(colour, face, hero),
                };
            }
        }
        let limits = Limits {
            per_roll: rules.assign_per_roll,
            per_card: rules.assign_per_card,
            per_step: rules.max_damage_per_step,
            shielded: rules.shielded,
            boss: level >= BOSS_LEVEL,
            one_colour: rules.one_colour,
            colour_on: None,
            one_die_per_colour: rules.one_die_per_colour,
            commits: CommitRules {
                per_round: rules.commit_per_round,
                per_step: rules.commit_per_step,
                banned: rules.no_commit,
                whole_colour: rules.commit_whole_colour,
            },
            no_reroll_misses: rules.no_reroll_misses,
            escort: rules.escort.map(|c| c as u8),
            escorts_ahead: 0,
            flee_on_misses: rules.flee_on_misses,
            min_colours: rules.min_colours,
            colours_on: 0,
            paired,
            one_defeat: rules.one_defeat_per_assign,
            crit_exhausts: rules.crit_exhausts_hit,
            miss_rerolls: rules.miss_rerolls_hit,
        };
        let foe = Foe {
            health,
            values,
            limits,
        };
        (foe, rules.skipped.to_vec())
    }
}

/// Most dice × Strategy steps the search plays `no-reroll-misses`, `flee-on-misses`,
/// `crit-exhausts-hit` and `miss-rerolls-hit` with beside other enemies: holding a die back can
/// then be the better play, so every choice of dice at every step is weighed.
pub const MOST_WEIGHED_DICE_STEPS: u32 = 16;

/// Most dice × Strategy steps the search plays those four with when their card is the only
/// enemy: the setup's 14 dice over 2 steps, 0.1 to 0.6 s for the first three and 5 s for
/// `miss-rerolls-hit` (a second enemy makes them 2 to 15 s and more).
pub const MOST_KEPT_MISSES_ALONE: u32 = 28;

/// Leaves `foe`'s `no-reroll-misses`, `flee-on-misses`, `crit-exhausts-hit` and
/// `miss-rerolls-hit` out of the search when `pool` over `strategy` steps, against `enemies`
/// enemies in all, is more than the search plays them with ([`MOST_WEIGHED_DICE_STEPS`],
/// [`MOST_KEPT_MISSES_ALONE`]); the names of those it left out, for the caller to report.
pub fn leave_out_when_too_big(
    foe: &mut Foe,
    pool: &Pool,
    strategy: u32,
    enemies: usize,
) -> Vec<&'static str> {
    let work = pool.len() * strategy.max(1);
    let mut left_out = Vec::new();
    let keeps_fit =
        work <= MOST_WEIGHED_DICE_STEPS || (enemies == 1 && work <= MOST_KEPT_MISSES_ALONE);
    if foe.limits.no_reroll_misses && !keeps_fit {
        foe.limits.no_reroll_misses = false;
        left_out.push("no-reroll-misses");
    }
    if foe.limits.flee_on_misses.is_some() && !keeps_fit {
        foe.limits.flee_on_misses = None;
        left_out.push("flee-on-misses");
    }
    if foe.limits.crit_exhausts && !keeps_fit {
        foe.limits.crit_exhausts = false;
        left_out.push("crit-exhausts-hit");
    }
    if foe.limits.miss_rerolls && !keeps_fit {
        foe.limits.miss_rerolls = false;
        left_out.push("miss-rerolls-hit");
    }
    left_out
}

/// Most states of the enemies (Health left, dice on a card with a limit in all) the coloured
/// search keys its tables by.
const MOST_STATES: usize = 1 << 20;

/// The chance of defeating every one of `foes` this round with `pool` over `strategy` steps,
/// under the best play, with what their effects do to the dice.
pub fn defeat_all_foes(
    pool: &Pool,
    foes: &[Foe],
    strategy: u32,
    progress: Progress<'_>,
) -> Result<f64, PoolError> {
    defeat_all_foes_on(
        &Colour::ALL.map(Colour::faces),
        pool,
        foes,
        strategy,
        progress,
    )
}

/// [`defeat_all_foes`] with dice of these faces, by colour (a deck may change them).
pub fn defeat_all_foes_on(
    faces: &[DieFaces; 5],
    pool: &Pool,
    foes: &[Foe],
    strategy: u32,
    progress: Progress<'_>,
) -> Result<f64, PoolError> {
    match chance_of_all(faces, pool, foes, strategy, progress, None)? {
        Searched::Plain(p) => Ok(p),
        Searched::WithEffects(found) => match found? {
            (p, false) => Ok(p),
            (_, true) => Err(too_big_refusal()),
        },
    }
}

/// [`defeat_all_foes_on`] that gives up, answering `None`, once its tables would keep more than
/// `budget` answers and ways to share a roll (about 100 bytes each), or its states or ways
/// outgrow what it searches at all.
pub fn defeat_all_foes_within(
    faces: &[DieFaces; 5],
    pool: &Pool,
    foes: &[Foe],
    strategy: u32,
    progress: Progress<'_>,
    budget: usize,
) -> Result<Option<f64>, PoolError> {
    Ok(
        match chance_of_all(faces, pool, foes, strategy, progress, Some(budget))? {
            Searched::Plain(p) => Some(p),
            Searched::WithEffects(Ok((p, too_big))) => (!too_big).then_some(p),
            Searched::WithEffects(Err(_)) => None,
        },
    )
}

/// How [`chance_of_all`] answered: without a search of effects, or by one, which the caller
/// judges: refused, or its chance and whether it grew too big on the way.
enum Searched {
    Plain(f64),
    WithEffects(Result<(f64, bool), PoolError>),
}

/// The chance of defeating every one of `foes`: exact 0 beyond reach, the plain search when no
/// enemy has an effect, else the search with effects, kept within `budget` when one is given.
fn chance_of_all(
    faces: &[DieFaces; 5],
    pool: &Pool,
    foes: &[Foe],
    strategy: u32,
    progress: Progress<'_>,
    budget: Option<usize>,
) -> Result<Searched, PoolError> {
    if beyond_reach(pool, foes) {
        return Ok(Searched::Plain(0.0));
    }
    if foes.iter().all(Foe::is_plain) {
        let healths: Vec<u32> = foes.iter().map(|f| f.health).collect();
        return defeat_all_on(faces, pool, &healths, strategy, progress).map(Searched::Plain);
    }
    Ok(Searched::WithEffects(
        search_for_on(faces, pool, foes, strategy, Aim::Chance, &[]).map(
            |(mut search, dice, standing)| {
                search.progress = Some((strategy, progress));
                search.budget = budget;
                let p = search.value(strategy, dice, standing).chance;
                (p, search.too_big)
            },
        ),
    ))
}

/// True when `pool` cannot defeat every one of `foes` in a round whatever is played: their
/// Health left adds up to more than every die dealing the most any face deals any of them, each
/// die going to one enemy. A card that can flee is never counted out this way: fled, it need
/// not be defeated. So many enemies get an exact 0 without a search.
pub fn beyond_reach(pool: &Pool, foes: &[Foe]) -> bool {
    if foes.iter().any(|f| f.limits.flee_on_misses.is_some()) {
        return false;
    }
    let most_a_die = foes
        .iter()
        .flat_map(|f| f.values.iter().flatten())
        .copied()
        .max()
        .unwrap_or(0);
    let needed: u64 = foes.iter().map(|f| u64::from(f.health)).sum();
    needed > u64::from(most_a_die) * u64::from(pool.len())
}

/// The search with effects for `foes`, weighing plays by `aim` (the enemies dealing `damage`
/// when it counts Damage), with its start: the dice state and the enemies' state. Refused when
/// the enemies' states are too many to key its tables by.
pub(super) fn search_for<'p>(
    pool: &Pool,
    foes: &[Foe],
    strategy: u32,
    aim: Aim,
    damage: &[u32],
) -> Result<(Search<'p>, usize, usize), PoolError> {
    search_for_on(
        &Colour::ALL.map(Colour::faces),
        pool,
        foes,
        strategy,
        aim,
        damage,
    )
}

/// [`search_for`] with dice of these faces, by colour.
fn search_for_on<'p>(
    faces: &[DieFaces; 5],
    pool: &Pool,
    foes: &[Foe],
    strategy: u32,
    aim: Aim,
    damage: &[u32],
) -> Result<(Search<'p>, usize, usize), PoolError> {
    let healths: Vec<u32> = foes.iter().map(|f| f.health).collect();
    let most_a_die = foes
        .iter()
        .flat_map(|f| f.values.iter().flatten())
        .copied()
        .max()
        .unwrap_or(2);
    let (counts, healths) = checked(pool, &healths, strategy, most_a_die)?;
    let values: Vec<Values> = foes.iter().map(|f| f.values).collect();
    let limits: Vec<Limits> = foes.iter().map(|f| f.limits).collect();
    let search = Search::aiming(
        |c| faces[c as usize],
        counts,
        &healths,
        &values,
        &limits,
        aim,
        damage,
    );
    if search.healths.states() > MOST_STATES {
        return Err(PoolError(
            "these enemies' Health and limits leave too many states to search exactly: try fewer enemies or less Health".to_owned(),
        ));
    }
    let (dice, standing) = (search.start_dice(counts), search.start(&healths));
    Ok((search, dice, standing))
}

/// `found`, unless the search's ways to share the dice outgrew it on the way.
pub(super) fn unless_too_big<T>(search: &Search<'_>, found: T) -> Result<T, PoolError> {
    match search.too_big {
        false => Ok(found),
        true => Err(too_big_refusal()),
    }
}

/// Why a search whose ways to share the dice outgrew it gives no answer.
fn too_big_refusal() -> PoolError {
    PoolError(
        "these enemies' effects leave too many ways to share the dice to search exactly: try fewer enemies or less Health".to_owned(),
    )
}
