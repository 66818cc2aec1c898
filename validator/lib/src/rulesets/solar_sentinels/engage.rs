//! One round's engagement worked out, for `megahex odds` and any other front end: which
//! searches the enemies given call for (past four enemies the bounds; with chosen enemies their
//! chance; else every answer the pool's size allows) and the report they make. Plain data in,
//! an [`Engagement`] out; how far the work is goes to a callback, never to a terminal.

use super::engagement::{self, Foe};
use super::odds_report::{Asked, BoundedOdds, Cheapest, ChosenOdds, Engagement, EveryEnemy};
use super::{Colour, Pool, PoolError, pool_odds_dealing};

/// The enemies of one engagement: how the search sees them, with their Damage and card ids.
pub struct Enemies {
    pub foes: Vec<Foe>,
    pub damage: Vec<u32>,
    /// Each enemy's card id; `None` for an enemy given by Health.
    pub cards: Vec<Option<String>>,
    /// Effects left out of the search, by card.
    pub left_out: Vec<(String, Vec<&'static str>)>,
    /// What each face deals under the hero's ability (enemies from a deck), else none.
    pub hero_dealing: Option<[[u32; 3]; 5]>,
}

/// How far [`work_out`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage<'a> {
    /// A search of the best play, `done` of `of` parts.
    Searching { done: usize, of: usize },
    /// The next answer being worked out, named.
    Working(&'a str),
    /// A stretch of work is over: a progress line may be cleared.
    Done,
}

/// Why an engagement has no answer.
#[derive(Debug, Clone, PartialEq)]
pub enum EngageError {
    /// The chosen enemies' search refused.
    Chosen(PoolError),
    /// The search of every enemy refused.
    Search(PoolError),
}

/// An enemy's name in a report: its card id, else its place counted from 1.
pub fn enemy_name(cards: &[Option<String>], place: usize) -> String {
    match cards.get(place).cloned().flatten() {
        Some(card) => card,
        None => format!("enemy {}", place + 1),
    }
}

/// The search: the chance of defeating everyone, the fewest dice for each target, and the
/// least Damage taken when no effect touches the dice; with `chosen` (places among the
/// enemies), the chosen enemies' chance. `told` hears how far the work is.
pub fn work_out(
    pool: &Pool,
    mut enemies: Enemies,
    strategy: u32,
    chosen: &[usize],
    told: &dyn Fn(Stage<'_>),
) -> Result<Engagement, EngageError> {
    let count = enemies.foes.len();
    // Misses kept from rolling again, or a card fleeing on misses, weigh every choice of dice
    // at every step: on a big pool those effects are named left out instead.
    for (foe, card) in enemies.foes.iter_mut().zip(&enemies.cards) {
        let left_out = engagement::leave_out_when_too_big(foe, pool, strategy, count);
        if let Some(id) = card
            && !left_out.is_empty()
        {
            match enemies.left_out.iter_mut().find(|(named, _)| named == id) {
                Some((_, kinds)) => kinds.extend(left_out),
                None => enemies.left_out.push((id.clone(), left_out)),
            }
        }
    }
    // A long search (three steps on a big pool) says how far it is.
    let progress = |done: usize, of: usize| told(Stage::Searching { done, of });
    let clear = || told(Stage::Done);
    let crits = engagement::crit_chances(pool, strategy);
    // More enemies than the search shares dice among: defeating them all lies between two
    // exact searches of them grouped. Their Health out of reach is an exact 0, answered below
    // as for fewer enemies.
    if count > engagement::MAX_ENEMIES
        && chosen.is_empty()
        && !engagement::beyond_reach(pool, &enemies.foes)
    {
        let faces = Colour::ALL.map(Colour::faces);
        let found = engagement::defeat_all_bounds(&faces, pool, &enemies.foes, strategy, &progress);
        clear();
        let found = found.map_err(EngageError::Search)?;
        let groups = found
            .groups
            .iter()
            .map(|g| g.iter().map(|p| enemy_name(&enemies.cards, *p)).collect())
            .collect();
        let asked = Asked::Bounded(BoundedOdds {
            low: found.low,
            high: found.high,
            groups,
            most_searched: engagement::MAX_ENEMIES,
            no_floor: found.no_floor.map(str::to_owned),
        });
        return Ok(engagement_of(pool, enemies, strategy, asked, crits));
    }
    if !chosen.is_empty() {
        let found = engagement::defeat_chosen(pool, &enemies.foes, chosen, strategy, &progress);
        clear();
        let found = found.map_err(EngageError::Chosen)?;
        let names = |places: &[usize]| -> Vec<String> {
            places
                .iter()
                .map(|p| enemy_name(&enemies.cards, *p))
                .collect()
        };
        let asked = Asked::Chosen(ChosenOdds {
            chosen: names(chosen),
            chance: found.chance,
            searched: names(&found.searched),
        });
        // Only the cards searched can have effects left out of it.
        enemies.left_out.retain(|(card, _)| {
            found
                .searched
                .iter()
                .any(|p| enemies.cards[*p].as_ref() == Some(card))
        });
        return Ok(engagement_of(pool, enemies, strategy, asked, crits));
    }
    let found = engagement::defeat_all_foes(pool, &enemies.foes, strategy, &progress);
    clear();
    let defeat_all = found.map_err(EngageError::Search)?;
    let fewest =
        engagement::fewest_dice(pool, &enemies.foes, strategy, &engagement::FEWEST_TARGETS)
            .map_err(EngageError::Search)?;
    // The searches after the best chance weigh every commit; on a big pool with effects they
    // take seconds, so a front end may say what is being worked out.
    let working = |what: &str| told(Stage::Working(what));
    // What one more die of each colour is worth: the same search with it added.
    working("what one more die of each colour is worth");
    let one_more_die = match pool.len() * strategy.max(1) <= engagement::MOST_ONE_MORE_DIE_STEPS {
        false => None,
        true => Some(engagement::one_more_die(pool, &enemies.foes, strategy)),
    };
    working("the play with the fewest dice");
    let cheapest = match engagement::cheapest_fits(pool, strategy) {
        false => Cheapest::Skipped(format!(
            "it weighs every choice of dice at every step and takes at most {} dice × Strategy steps ({} × {strategy} here); give --pool the dice to choose from",
            engagement::MOST_DICE_STEPS,
            pool.len()
        )),
        true => match engagement::cheapest_plays_against(
            pool,
            &enemies.foes,
            strategy,
            &engagement::FEWEST_TARGETS,
        ) {
            Ok(plays) => Cheapest::Found(plays),
            Err(e) => Cheapest::Skipped(e.to_string()),
        },
    };
    working("the Health expected lost");
    let damage_taken = match enemies.damage.is_empty() {
        true => None,
        false => Some(
            engagement::damage_taken_against(pool, &enemies.foes, &enemies.damage, strategy)
                .map_err(|e| e.to_string()),
        ),
    };
    working("the enemies expected defeated");
    // A search of its own, as long as the Damage taken: on the pools one more die is worked out
    // for, and, where an effect weighs every commit at every step, on the pools those are
    // played with beside other enemies.
    let work = pool.len() * strategy.max(1);
    let weighs_commits = enemies.foes.len() > 1
        && enemies.foes.iter().any(|f| {
            let l = &f.limits;
            !l.commits.is_free()
                || l.no_reroll_misses
                || l.flee_on_misses.is_some()
                || l.crit_exhausts
                || l.miss_rerolls
        });
    let most = match weighs_commits {
        true => engagement::MOST_WEIGHED_DICE_STEPS,
        false => engagement::MOST_ONE_MORE_DIE_STEPS,
    };
    let one_that_stays =
        matches!(enemies.foes.as_slice(), [f] if f.limits.flee_on_misses.is_none());
    let expected_defeated = match work <= most {
        // One enemy is defeated exactly as often as every enemy is: no second search.
        _ if one_that_stays => Ok(defeat_all),
        false => Err(format!(
            "it takes at most {most} dice × Strategy steps ({} × {strategy} here)",
            pool.len()
        )),
        true => engagement::expected_defeated(pool, &enemies.foes, strategy, &|_, _| {})
            .map_err(|e| e.to_string()),
    };
    clear();
    let asked = Asked::Every(EveryEnemy {
        defeat_all,
        beyond_reach: engagement::beyond_reach(pool, &enemies.foes),
        expected_defeated,
        fewest,
        cheapest,
        damage_taken,
        one_more_die,
    });
    Ok(engagement_of(pool, enemies, strategy, asked, crits))
}

/// The engagement's report, with what was `asked`.
fn engagement_of(
    pool: &Pool,
    enemies: Enemies,
    strategy: u32,
    asked: Asked,
    crits: engagement::CritChances,
) -> Engagement {
    Engagement {
        on_cards: on_cards(pool, &enemies),
        enemies: named_healths(&enemies),
        strategy,
        asked,
        crits,
        left_out: enemies.left_out,
    }
}

/// Each enemy's card id (none for enemies given by Health) and Health.
fn named_healths(enemies: &Enemies) -> Vec<(Option<String>, u32)> {
    enemies
        .cards
        .iter()
        .cloned()
        .zip(enemies.foes.iter().map(|f| f.health))
        .collect()
}

/// For enemies from a deck: the damage the whole pool deals each card in one roll.
fn on_cards(pool: &Pool, enemies: &Enemies) -> Vec<(String, u32, crate::odds::Odds)> {
    enemies
        .cards
        .iter()
        .zip(&enemies.foes)
        .filter_map(|(card, foe)| {
            let odds = pool_odds_dealing(pool, Colour::faces, &foe.dealt_in_one_roll());
            card.clone().map(|card| (card, foe.health, odds))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn plain(healths: &[u32]) -> Enemies {
        Enemies {
            foes: healths.iter().map(|h| Foe::plain(*h)).collect(),
            damage: Vec::new(),
            cards: vec![None; healths.len()],
            left_out: Vec::new(),
            hero_dealing: None,
        }
    }

    #[test]
    fn each_question_gets_its_own_answer_by_hand() {
        // A yellow die fells Health 1 on a hit or a crit: 2 faces of 6.
        let yellow = Pool([1, 0, 0, 0, 0]);
        let stages = std::cell::RefCell::new(Vec::new());
        let told = |s: Stage<'_>| stages.borrow_mut().push(s == Stage::Done);
        let every = work_out(&yellow, plain(&[1]), 1, &[], &told).unwrap();
        match every.asked {
            Asked::Every(e) => assert!((e.defeat_all - 1.0 / 3.0).abs() < 1e-12, "{e:?}"),
            other => panic!("{other:?}"),
        }
        assert!(
            stages.borrow().contains(&true),
            "a front end hears the work end"
        );
        // Chosen: the first of Health 1 and 2, the second free to stand.
        let chosen = work_out(&yellow, plain(&[1, 2]), 1, &[0], &|_| {}).unwrap();
        match chosen.asked {
            Asked::Chosen(c) => {
                assert!((c.chance - 1.0 / 3.0).abs() < 1e-12, "{c:?}");
                assert_eq!(c.chosen, vec!["enemy 1".to_owned()]);
            }
            other => panic!("{other:?}"),
        }
        // Five enemies of Health 1 and five yellow dice in one step: (1/3)^5 = 1/243, between
        // bounds that meet.
        let five = Pool([5, 0, 0, 0, 0]);
        let bounded = work_out(&five, plain(&[1; 5]), 1, &[], &|_| {}).unwrap();
        match bounded.asked {
            Asked::Bounded(b) => {
                assert!((b.low.unwrap() - 1.0 / 243.0).abs() < 1e-12, "{b:?}");
                assert!((b.high - 1.0 / 243.0).abs() < 1e-12, "{b:?}");
            }
            other => panic!("{other:?}"),
        }
    }
}
