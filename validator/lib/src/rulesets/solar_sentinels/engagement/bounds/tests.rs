use std::collections::HashMap;

use super::*;
use crate::rulesets::solar_sentinels::dice::Colour;
use crate::rulesets::solar_sentinels::engagement::coloured::{PLAIN, Values};

/// Best play's chance by brute force, from the rules alone: every die is committed at the
/// first step (no enemy here limits commits); at each step the unassigned dice roll, each one
/// showing a miss, a hit or a crit as often as its six sides do, and each rolled die goes to one standing enemy or stays to roll
/// again; an enemy falls at its Health.
fn brute_force(dice: &[Colour], values: &[Values], healths: &[u32], steps: u32) -> f64 {
    let dice: Vec<usize> = dice.iter().map(|c| *c as usize).collect();
    chance(&dice, values, healths, steps, &mut HashMap::new())
}

type Memo = HashMap<(Vec<usize>, Vec<u32>, u32), f64>;

/// [`brute_force`] with dice by their place in [`Colour::ALL`], remembering each state.
fn chance(dice: &[usize], values: &[Values], healths: &[u32], steps: u32, memo: &mut Memo) -> f64 {
    if healths.iter().all(|h| *h == 0) {
        return 1.0;
    }
    if steps == 0 || dice.is_empty() {
        return 0.0;
    }
    let mut key_dice = dice.to_vec();
    key_dice.sort_unstable();
    let key = (key_dice, healths.to_vec(), steps);
    if let Some(p) = memo.get(&key) {
        return *p;
    }
    // Each die's faces by kind (miss, hit, crit) with their share of its six sides.
    let kinds: Vec<Vec<(usize, f64)>> = dice
        .iter()
        .map(|c| {
            let f = Colour::ALL[*c].faces();
            [(0, f.miss), (1, f.hit), (2, f.crit)]
                .into_iter()
                .filter(|(_, n)| *n > 0)
                .map(|(kind, n)| (kind, f64::from(n) / 6.0))
                .collect()
        })
        .collect();
    let outcomes: usize = kinds.iter().map(Vec::len).product();
    let mut total = 0.0;
    for roll in 0..outcomes {
        let (mut rest, mut p) = (roll, 1.0);
        let mut rolled = Vec::with_capacity(dice.len());
        for die in &kinds {
            let (kind, share) = die[rest % die.len()];
            rest /= die.len();
            rolled.push(kind);
            p *= share;
        }
        let mut kept = Vec::new();
        total += p * best_assignment(dice, &rolled, values, healths, steps, 0, &mut kept, memo);
    }
    memo.insert(key, total);
    total
}

/// The best of every way to send the rolled dice from `next` on: to a standing enemy, or kept.
#[allow(clippy::too_many_arguments)]
fn best_assignment(
    dice: &[usize],
    rolled: &[usize],
    values: &[Values],
    healths: &[u32],
    steps: u32,
    next: usize,
    kept: &mut Vec<usize>,
    memo: &mut Memo,
) -> f64 {
    if next == dice.len() {
        return chance(kept, values, healths, steps - 1, memo);
    }
    kept.push(dice[next]);
    let mut best = best_assignment(dice, rolled, values, healths, steps, next + 1, kept, memo);
    kept.pop();
    for e in 0..healths.len() {
        let dealt = values[e][dice[next]][rolled[next]];
        if healths[e] == 0 || dealt == 0 {
            continue;
        }
        let mut after = healths.to_vec();
        after[e] = after[e].saturating_sub(dealt);
        best = best.max(best_assignment(
            dice,
            rolled,
            values,
            &after,
            steps,
            next + 1,
            kept,
            memo,
        ));
    }
    best
}

fn pool_of(dice: &[Colour]) -> Pool {
    let mut pool = Pool::default();
    for c in dice {
        pool.0[*c as usize] += 1;
    }
    pool
}

fn faces() -> [DieFaces; 5] {
    Colour::ALL.map(Colour::faces)
}

/// The bounds for enemies of these `healths` without effects, and best play's chance by brute
/// force.
fn plain_bounds(dice: &[Colour], healths: &[u32], steps: u32) -> (Bounds, f64) {
    let foes: Vec<Foe> = healths.iter().map(|h| Foe::plain(*h)).collect();
    let exact = brute_force(dice, &vec![PLAIN; healths.len()], healths, steps);
    let b = defeat_all_bounds(&faces(), &pool_of(dice), &foes, steps, &|_, _| {}).unwrap();
    (b, exact)
}

#[test]
fn best_play_lies_between_the_bounds_for_five_enemies() {
    use Colour::{Blue, Purple, Red, Yellow};
    let cases: [(&[Colour], [u32; 5], u32); 7] = [
        (&[Red, Red, Red], [1, 1, 1, 1, 1], 2),
        (&[Red, Purple, Blue], [1, 1, 2, 1, 1], 2),
        (&[Red, Red, Purple, Yellow], [2, 1, 1, 1, 1], 1),
        (&[Red, Red, Red, Red], [2, 1, 2, 1, 1], 2),
        (&[Purple, Purple, Red], [1, 1, 1, 1, 1], 2),
        // Members of odd Health past the first, where a crit's second point can be wasted.
        (&[Red, Red, Red, Red, Purple], [3, 3, 1, 1, 1], 1),
        (&[Red, Red, Blue, Purple, Purple], [3, 1, 1, 1, 1], 2),
    ];
    for (dice, healths, steps) in cases {
        let (b, exact) = plain_bounds(dice, &healths, steps);
        let low = b.low.unwrap();
        assert!(
            low <= exact + 1e-12 && exact <= b.high + 1e-12,
            "{dice:?} {healths:?} S{steps}: {low} <= {exact} <= {}",
            b.high
        );
        // The floor's grouping holds every enemy once.
        let mut grouped: Vec<usize> = b.groups.concat();
        grouped.sort_unstable();
        assert_eq!(grouped, vec![0, 1, 2, 3, 4], "{:?}", b.groups);
    }
}

#[test]
fn faces_that_deal_three_widen_the_floor_by_what_a_die_can_waste() {
    // A crit worth 3 (a hero's ability): a die can waste 2 at each change of member.
    let mut values = PLAIN;
    for row in values.iter_mut() {
        row[2] = 3;
    }
    let healths = [2, 1, 2, 1, 3];
    let dice = [Colour::Red, Colour::Red, Colour::Red, Colour::Purple];
    let foes: Vec<Foe> = healths
        .iter()
        .map(|h| Foe {
            values,
            ..Foe::plain(*h)
        })
        .collect();
    let exact = brute_force(&dice, &[values; 5], &healths, 2);
    let b = defeat_all_bounds(&faces(), &pool_of(&dice), &foes, 2, &|_, _| {}).unwrap();
    let low = b.low.unwrap();
    assert!(
        low <= exact + 1e-12 && exact <= b.high + 1e-12,
        "{low} {exact} {b:?}"
    );
}

#[test]
fn five_red_dice_fell_five_enemies_of_one_every_time() {
    // Every red face deals at least 1, so five dice fell five enemies of Health 1 in one roll:
    // best play's chance is 1. Counting each die as 1 point, a group of them asks for one die
    // each, so the floor is 1 too (adding the waste of a crit instead would ask a group of two
    // for 3 points, which two dice deal only with a crit).
    let foes = vec![Foe::plain(1); 5];
    let b = defeat_all_bounds(&faces(), &Pool([0, 0, 0, 0, 5]), &foes, 1, &|_, _| {}).unwrap();
    assert!((b.high - 1.0).abs() < 1e-12, "{b:?}");
    assert!((b.low.unwrap() - 1.0).abs() < 1e-12, "{b:?}");
}

#[test]
fn enemies_of_health_one_searched_as_one_are_exact() {
    // Health 2 and four enemies of Health 1: a die on one of the 1s fells it whatever it
    // shows, so searching two of them as one enemy of Health 2 that each die deals 1 asks for
    // exactly what they need, and as the ceiling (each die dealing at most the Health of a
    // member) too: the bounds meet, at best play's chance by brute force.
    use Colour::{Purple, Red};
    let (b, exact) = plain_bounds(&[Red, Red, Red, Purple, Purple], &[2, 1, 1, 1, 1], 2);
    assert!((b.low.unwrap() - exact).abs() < 1e-12, "{exact} {b:?}");
    assert!((b.high - exact).abs() < 1e-12, "{exact} {b:?}");
    assert!(exact > 0.0);
}

#[test]
fn health_beyond_the_pool_is_exactly_nothing() {
    // Six enemies of Health 1 need six dice to fall, one each; two dice cannot, however they
    // roll: exactly 0, without a search.
    let foes = vec![Foe::plain(1); 6];
    let b = defeat_all_bounds(&faces(), &Pool([0, 0, 0, 0, 2]), &foes, 3, &|_, _| {}).unwrap();
    assert_eq!((b.low, b.high), (Some(0.0), 0.0));
}

#[test]
fn one_defeat_a_roll_leaves_the_floor_unknown() {
    let mut foes = vec![Foe::plain(1); 5];
    foes[0].limits.one_defeat = true;
    let b = defeat_all_bounds(&faces(), &Pool([0, 0, 0, 0, 5]), &foes, 2, &|_, _| {}).unwrap();
    assert_eq!(b.low, None);
    // Five enemies, one at most falling to each of two rolls: best play cannot fell them all,
    // but the ceiling, which groups two of them, only says it is at most 1.
    assert!(b.high <= 1.0 + 1e-12);
}

#[test]
fn a_commit_limit_is_kept_by_the_group_it_joins() {
    // Five enemies of Health 1, five red dice, but while the last stands only 2 dice may be
    // committed a round: in one step best play commits 2 and fells at most 2, so it never
    // wins. The floor keeps the limit on the group, and so says 0 too; without the limit the
    // same grouping would say more.
    let mut foes = vec![Foe::plain(1); 5];
    let pool = Pool([0, 0, 0, 0, 5]);
    let free = defeat_all_bounds(&faces(), &pool, &foes, 1, &|_, _| {}).unwrap();
    assert!(free.low.unwrap() > 0.0, "{free:?}");
    foes[4].limits.commits.per_round = Some(2);
    let b = defeat_all_bounds(&faces(), &pool, &foes, 1, &|_, _| {}).unwrap();
    assert_eq!(b.low, Some(0.0));
}

#[test]
fn more_than_four_that_stay_alone_give_a_ceiling_only() {
    // Five enemies that each take at most so much a step stay alone: no grouping leaves room
    // for a group beside them, so no floor. Five red dice never miss and fell one each, so
    // best play is certain, and the ceiling can only say so.
    let mut foes = vec![Foe::plain(1); 5];
    for f in &mut foes {
        f.limits.per_step = Some(2);
    }
    let b = defeat_all_bounds(&faces(), &Pool([0, 0, 0, 0, 5]), &foes, 1, &|_, _| {}).unwrap();
    assert_eq!(b.low, None);
    assert!(
        b.no_floor.is_some_and(|why| why.contains("4 or more")),
        "{b:?}"
    );
    assert!((b.high - 1.0).abs() < 1e-12, "{b:?}");
}

#[test]
fn fewer_dice_than_enemies_fell_them_never() {
    // Each die goes to one enemy: four dice, five enemies of Health 1, whatever the faces.
    let foes = vec![Foe::plain(1); 5];
    let b = defeat_all_bounds(&faces(), &Pool([0, 0, 0, 0, 4]), &foes, 3, &|_, _| {}).unwrap();
    assert_eq!((b.low, b.high), (Some(0.0), 0.0));
}

#[test]
fn groups_whose_health_adds_up_past_the_most_an_enemy_has_are_searched() {
    // Three enemies of Health 99 beside three of Health 1, against two red dice in one step: best
    // play's chance is 0. A card that can flee is never counted out without a search, so the
    // bounds are searched; grouped, the Health adds up past 99, the most one enemy has, and the
    // search takes it as out of reach instead of refusing.
    let mut foes: Vec<Foe> = [99, 99, 99].iter().map(|h| Foe::plain(*h)).collect();
    foes.extend(vec![Foe::plain(1); 3]);
    foes[3].limits.flee_on_misses = Some(2);
    let b = defeat_all_bounds(&faces(), &Pool([0, 0, 0, 0, 2]), &foes, 1, &|_, _| {}).unwrap();
    assert_eq!((b.low, b.high), (Some(0.0), 0.0), "{b:?}");
}

#[test]
fn dice_dealing_one_or_two_fill_even_health_without_waste() {
    // Healths 2, 2, 2, 2, 1: the heap grouping puts the 2 and the 1 together. With hits of 1
    // and crits of 2, the 2 takes a crit or two hits and the 1 a hit or a crit, so the pair
    // needs 3 points and no more: searched as one enemy of Health 3, the floor asks exactly
    // what the ceiling asks, and the bounds meet at best play's chance by brute force.
    // (Padding a point for the change of member, the floor stayed below.)
    use Colour::{Purple, Red};
    let (b, exact) = plain_bounds(&[Red, Red, Red, Red, Purple], &[2, 2, 2, 2, 1], 2);
    assert!((b.low.unwrap() - exact).abs() < 1e-12, "{exact} {b:?}");
    assert!((b.high - exact).abs() < 1e-12, "{exact} {b:?}");
    assert!(exact > 0.0 && exact < 1.0, "{exact}");
}

/// True when `dice` (points each) can be given out, each die to one member or none, so that
/// every member gets at least its `needs`: the best split, knowing every die.
fn splits(dice: &[u32], needs: &mut [u32]) -> bool {
    let Some((&first, rest)) = dice.split_first() else {
        return needs.iter().all(|n| *n == 0);
    };
    for m in 0..needs.len() {
        if needs[m] > 0 {
            let before = needs[m];
            needs[m] = before.saturating_sub(first);
            let found = splits(rest, needs);
            needs[m] = before;
            if found {
                return true;
            }
        }
    }
    splits(rest, needs)
}

/// Gives a die of `points` (1 or 2) to a member as it comes, not knowing the dice to come: a 2
/// to a member still needing an even 2 or more, else any still needing 2 or more; a 1 to a
/// member still needing an odd amount; among those, the one needing most.
fn give_as_it_comes(needs: &mut [u32], points: u32) {
    let open = |n: &u32| *n > 0;
    let fits = |n: &u32| match points {
        2 => *n >= 2 && n.is_multiple_of(2),
        _ => n % 2 == 1,
    };
    let second = |n: &u32| points == 2 && *n >= 2;
    let pick = |want: &dyn Fn(&u32) -> bool| {
        (0..needs.len())
            .filter(|m| open(&needs[*m]) && want(&needs[*m]))
            .max_by_key(|m| needs[*m])
    };
    if let Some(m) = pick(&fits)
        .or_else(|| pick(&second))
        .or_else(|| pick(&open))
    {
        needs[m] = needs[m].saturating_sub(points);
    }
}

#[test]
fn ones_and_twos_reaching_the_padded_total_fell_every_member_as_they_come() {
    // The reading behind the floor's pad for faces of 1 and 2: dice adding up to the members'
    // Health plus one point for each member of odd Health past the first fell every member,
    // even given one at a time in any order (a step's dice are assigned before the next step
    // is rolled). Tried on every order of up to 10 dice that first reaches that total with its
    // last die.
    for members in 1..=3u32 {
        for code in 0..5u32.pow(members) {
            let healths: Vec<u32> = (0..members).map(|i| code / 5u32.pow(i) % 5 + 1).collect();
            let odd = healths.iter().filter(|h| *h % 2 == 1).count() as u32;
            let total = healths.iter().sum::<u32>() + odd.saturating_sub(1);
            for length in 1..=10u32 {
                for bits in 0..1u32 << length {
                    let dice: Vec<u32> = (0..length).map(|i| 1 + (bits >> i & 1)).collect();
                    let sum: u32 = dice.iter().sum();
                    if sum < total || sum - dice[dice.len() - 1] >= total {
                        continue;
                    }
                    let mut needs = healths.clone();
                    for d in &dice {
                        give_as_it_comes(&mut needs, *d);
                    }
                    assert!(needs.iter().all(|n| *n == 0), "{healths:?} {dice:?}");
                    // The best split knowing every die does it too, of course.
                    assert!(splits(&dice, &mut healths.clone()), "{healths:?} {dice:?}");
                }
            }
        }
    }
    // And the pad is needed: Health 3 and 3 get three 2s and a 1 (7 points), but not three 2s
    // (6 points, their Health added up), however they are split.
    assert!(splits(&[2, 2, 2, 1], &mut [3, 3]));
    assert!(!splits(&[2, 2, 2], &mut [3, 3]));
}
