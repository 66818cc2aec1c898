//! The endgame's questions, asked of one round: the chance of defeating chosen enemies (the
//! boss) while the rest may stand, the expected number of enemies defeated, and the chance of
//! rolling a crit. The endgame is won by the boss alone, and its entourage can be larger than
//! the search shares dice among, so the chosen enemies' chance searches only the enemies that
//! can change it.
//!
//! Which enemies can change it (docs/rules.md, "The boss with its entourage standing"): an
//! enemy not chosen is left out of the search unless one of its effects reaches the others
//! (it limits committing, keeps misses from rolling again, allows one defeat a roll, or
//! forces hits to roll again), it keeps a shielded enemy's shield up, or an enemy in the
//! search counts the misses rolled (it flees on them, or forces a hit to roll again for each).
//! Left out, it loses nothing: a die the best play would put on it could as well stay
//! unassigned and be rolled again, which changes nothing the chosen enemies see unless
//! misses are counted.

use super::aim::Aim;
use super::damage::least_damage;
use super::foes::{Foe, defeat_all_foes, search_for, unless_too_big};
use super::{Colour, MAX_ENEMIES, Pool, PoolError, Progress};

/// The chance of defeating the chosen enemies, and which enemies the search kept.
#[derive(Debug, Clone, PartialEq)]
pub struct Chosen {
    /// The chance, under the play that is best for it.
    pub chance: f64,
    /// The enemies searched, by their place in the foes given: the chosen ones and those that
    /// can change their chance.
    pub searched: Vec<usize>,
}

/// The enemies that can change the chance of defeating `chosen` (places in `foes`): the chosen
/// ones, and each other whose effects reach them; in order.
pub fn enemies_that_matter(foes: &[Foe], chosen: &[usize]) -> Vec<usize> {
    let mut kept: Vec<bool> = (0..foes.len()).map(|e| chosen.contains(&e)).collect();
    for (e, foe) in foes.iter().enumerate() {
        kept[e] |= reaches_others(foe);
    }
    // Each rule below can keep more, which can bring another into play: until nothing changes.
    loop {
        let before = kept.clone();
        let kept_foes = || foes.iter().zip(&kept).filter(|(_, k)| **k).map(|(f, _)| f);
        // A shield stays up while any level 1 or 2 enemy stands.
        if kept_foes().any(|f| f.limits.shielded) {
            for (e, foe) in foes.iter().enumerate() {
                kept[e] |= !foe.limits.boss;
            }
        }
        // A die left on an enemy rolls no more misses: with misses counted, every enemy can
        // be where a die waits.
        let kept_foes = || foes.iter().zip(&kept).filter(|(_, k)| **k).map(|(f, _)| f);
        if kept_foes().any(|f| f.limits.flee_on_misses.is_some() || f.limits.miss_rerolls) {
            kept.iter_mut().for_each(|k| *k = true);
        }
        if kept == before {
            break;
        }
    }
    (0..foes.len()).filter(|e| kept[*e]).collect()
}

/// True when the enemy's effects reach the dice that go to the others, while it stands.
fn reaches_others(foe: &Foe) -> bool {
    let l = &foe.limits;
    !l.commits.is_free() || l.no_reroll_misses || l.one_defeat || l.miss_rerolls
}

/// The chance of defeating every one of `chosen` (places in `foes`) this round with `pool`
/// over `strategy` steps, the others free to stand, under the best play for it.
///
/// When only the chosen enemies (and those whose shield they keep up) are left in the
/// search, it is their chance of all falling. When enemies whose effects reach the others
/// stay too, one chosen enemy is searched as the least expected count of it standing (it
/// stands or it does not); more than one is refused, as is a chosen card that flees (fled is
/// neither standing nor defeated).
pub fn defeat_chosen(
    pool: &Pool,
    foes: &[Foe],
    chosen: &[usize],
    strategy: u32,
    progress: Progress<'_>,
) -> Result<Chosen, PoolError> {
    if chosen.is_empty() || chosen.iter().any(|e| *e >= foes.len()) {
        return Err(PoolError("choose at least one of the enemies".to_owned()));
    }
    if chosen
        .iter()
        .any(|e| foes[*e].limits.flee_on_misses.is_some())
    {
        return Err(PoolError(
            "a chosen card flees on misses, and a card that fled is not defeated: choose the others, or ask for every enemy".to_owned(),
        ));
    }
    let searched = enemies_that_matter(foes, chosen);
    if searched.len() > MAX_ENEMIES {
        return Err(PoolError(format!(
            "{} enemies can change the chance of defeating the chosen ones (their effects reach the others, or keep a shield up), and the search shares dice among at most {MAX_ENEMIES}",
            searched.len()
        )));
    }
    let kept: Vec<Foe> = searched.iter().map(|e| foes[*e]).collect();
    // Enemies kept for a shield must fall for the chosen one to fall: they count as chosen.
    let shielded = kept.iter().any(|f| f.limits.shielded);
    let must_fall = |e: &usize| chosen.contains(e) || (shielded && !foes[*e].limits.boss);
    let chance = match searched.iter().all(must_fall) {
        true => defeat_all_foes(pool, &kept, strategy, progress)?,
        false => {
            let [one] = chosen else {
                return Err(PoolError(
                    "more than one enemy chosen beside an enemy whose effects reach the others: the search answers one chosen enemy there".to_owned(),
                ));
            };
            let weight: Vec<u32> = searched.iter().map(|e| u32::from(e == one)).collect();
            1.0 - least_standing(pool, &kept, &weight, strategy, progress)?
        }
    };
    Ok(Chosen { chance, searched })
}

/// The expected number of `foes` defeated this round with `pool` over `strategy` steps, under
/// the play that defeats the most on average. Refused when a card can flee (it would count as
/// neither) and for more enemies than the search shares dice among.
pub fn expected_defeated(
    pool: &Pool,
    foes: &[Foe],
    strategy: u32,
    progress: Progress<'_>,
) -> Result<f64, PoolError> {
    if foes.iter().any(|f| f.limits.flee_on_misses.is_some()) {
        return Err(PoolError(
            "a card flees on misses, and a card that fled is neither defeated nor standing"
                .to_owned(),
        ));
    }
    // One enemy is defeated exactly as often as every enemy is.
    if let [_] = foes {
        return defeat_all_foes(pool, foes, strategy, progress);
    }
    let ones = vec![1; foes.len()];
    let standing = least_standing(pool, foes, &ones, strategy, progress)?;
    Ok(foes.len() as f64 - standing)
}

/// The least expected sum of `weight` over the enemies left standing at the round's end.
fn least_standing(
    pool: &Pool,
    foes: &[Foe],
    weight: &[u32],
    strategy: u32,
    progress: Progress<'_>,
) -> Result<f64, PoolError> {
    if foes.iter().all(Foe::is_plain) {
        let pairs: Vec<(u32, u32)> = foes
            .iter()
            .map(|f| f.health)
            .zip(weight.iter().copied())
            .collect();
        return least_damage(pool, &pairs, strategy);
    }
    let (mut search, dice, standing) = search_for(pool, foes, strategy, Aim::LeastDamage, weight)?;
    search.progress = Some((strategy, progress));
    let cost = search.value(strategy, dice, standing).cost;
    unless_too_big(&search, cost)
}

/// The chance of rolling at least one crit: in the round's first roll with the whole pool
/// committed, and over the round when every die is rolled at each of `strategy` steps (no
/// die assigned, the most rolls a round has).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CritChances {
    pub first_roll: f64,
    pub round: f64,
}

/// [`CritChances`] of `pool` over `strategy` steps, with the game's own dice.
pub fn crit_chances(pool: &Pool, strategy: u32) -> CritChances {
    let none_in = |rolls: u32| -> f64 {
        Colour::ALL
            .into_iter()
            .map(|c| {
                let faces = c.faces();
                let miss_crit = 1.0 - f64::from(faces.crit) / f64::from(faces.sides());
                miss_crit.powi((pool.count(c) * rolls) as i32)
            })
            .product()
    };
    CritChances {
        first_roll: 1.0 - none_in(1),
        round: 1.0 - none_in(strategy),
    }
}

#[cfg(test)]
#[path = "endgame/tests.rs"]
mod tests;
