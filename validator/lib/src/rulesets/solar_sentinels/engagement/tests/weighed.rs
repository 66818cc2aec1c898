//! The cheapest play and the Damage taken against enemies with effects, checked against every
//! policy tried ([`BruteForce`] with its weights), and against the plain searches where no
//! effect touches the dice.

use super::super::aim::Aim;
use super::super::foes::search_for;
use super::*;

/// Enemies with every kind of effect the search plays, on pools small enough for every policy,
/// with each enemy's Damage.
fn cases() -> Vec<(LimitedCase<'static>, Vec<i32>)> {
    use Colour::{Blue, Green, Purple, Red, Yellow};
    let none = Limits::default();
    let flees = |n| Limits {
        flee_on_misses: Some(n),
        ..none
    };
    let keeps = Limits {
        no_reroll_misses: true,
        ..none
    };
    let one_a_step = Limits {
        commits: CommitRules {
            per_step: Some(1),
            ..CommitRules::default()
        },
        ..none
    };
    let escorted = Limits {
        escort: Some(Yellow as u8),
        ..none
    };
    let two_colours = Limits {
        min_colours: 2,
        ..none
    };
    let boss = Limits {
        boss: true,
        shielded: true,
        ..none
    };
    let one_colour = Limits {
        one_colour: true,
        ..none
    };
    let pairs = Limits {
        paired: super::EVERY_HIT,
        ..none
    };
    let one_defeat = Limits {
        one_defeat: true,
        ..none
    };
    let no_red = with(&[Red], [0, 0, 0]);
    let swapped = with(&[Yellow, Green, Blue, Purple], [1, 0, 2]);
    vec![
        ((&[Yellow, Red], &[2], vec![no_red], vec![none]), vec![3]),
        (
            (
                &[Yellow, Purple, Red],
                &[1, 2],
                vec![swapped, PLAIN],
                vec![none; 2],
            ),
            vec![2, 3],
        ),
        (
            (&[Yellow, Green, Purple], &[2], vec![PLAIN], vec![flees(2)]),
            vec![4],
        ),
        (
            (
                &[Blue, Green, Red],
                &[1, 2],
                vec![PLAIN; 2],
                vec![flees(1), none],
            ),
            vec![3, 1],
        ),
        (
            (
                &[Green, Purple, Red],
                &[2, 1],
                vec![PLAIN; 2],
                vec![flees(2), keeps],
            ),
            vec![2, 2],
        ),
        (
            (&[Red, Purple, Blue], &[3], vec![PLAIN], vec![one_a_step]),
            vec![3],
        ),
        (
            (&[Yellow, Red, Blue], &[2], vec![PLAIN], vec![escorted]),
            vec![2],
        ),
        (
            (&[Red, Purple, Yellow], &[2], vec![PLAIN], vec![two_colours]),
            vec![5],
        ),
        (
            (
                &[Purple, Red, Blue],
                &[1, 2],
                vec![PLAIN; 2],
                vec![none, boss],
            ),
            vec![1, 4],
        ),
        (
            (&[Red, Red, Yellow], &[3], vec![PLAIN], vec![one_colour]),
            vec![2],
        ),
        (
            (
                &[Blue, Blue, Red],
                &[2, 1],
                vec![PLAIN; 2],
                vec![pairs, none],
            ),
            vec![3, 1],
        ),
        // One defeat a roll, beside an enemy that deals nothing: defeating everyone still
        // counts for the chance when leaving it standing would cost as little.
        (
            (
                &[Purple, Red, Red],
                &[1, 2, 1],
                vec![PLAIN; 3],
                vec![one_defeat, none, none],
            ),
            vec![2, 3, 0],
        ),
        (
            (
                &[Green, Red, Purple],
                &[1, 1, 2],
                vec![PLAIN; 3],
                vec![none, none, boss],
            ),
            vec![1, 0, 4],
        ),
        // Once a card flees the chance is lost, and the play left is for the least Damage: here
        // not the one for the best chance of defeating the other two.
        (
            (
                &[Yellow, Purple, Red],
                &[1, 3, 2],
                vec![PLAIN; 3],
                vec![flees(1), none, none],
            ),
            vec![1, 3, 1],
        ),
    ]
}

/// The search's best play for `aim` from the start of the round.
fn searched(case: &LimitedCase, strategy: u32, aim: Aim, damage: &[u32]) -> (f64, f64) {
    let pool = pool_of(case.0);
    let (mut search, dice, standing) =
        search_for(&pool, &foes_of(case), strategy, aim, damage).unwrap();
    let found = search.value(strategy, dice, standing);
    assert!(!search.too_big);
    (found.chance, found.cost)
}

#[test]
fn the_cheapest_play_against_effects_is_what_every_policy_tried_finds() {
    for (case, _) in cases() {
        for strategy in [1, 2, 3] {
            for rate in [0.5, 3.0, 20.0, 300.0] {
                let expected = brute_weighed(&case, strategy, (rate, 1.0), &[]);
                let (chance, dice) = searched(&case, strategy, Aim::Trade(rate), &[]);
                let found = rate * chance - dice;
                assert!(
                    (found - expected).abs() < 1e-9,
                    "{case:?}, Strategy {strategy}, rate {rate}: {found} but every policy gives {expected}"
                );
            }
        }
    }
}

#[test]
fn the_damage_taken_against_effects_is_what_every_policy_tried_finds() {
    // The best chance first: a weight on winning far above any Damage, as every chance here is
    // a multiple of 6^-8.
    let first = 1e9;
    for (case, lost) in cases() {
        let damage: Vec<u32> = lost.iter().map(|d| *d as u32).collect();
        for strategy in [1, 2, 3] {
            let expected = -brute_weighed(&case, strategy, (0.0, 0.0), &lost);
            let (_, found) = searched(&case, strategy, Aim::LeastDamage, &damage);
            assert!(
                (found - expected).abs() < 1e-9,
                "{case:?} dealing {lost:?}, Strategy {strategy}: least Damage {found} but every policy gives {expected}"
            );
            // The public answer is the same search, or for one enemy that cannot flee its
            // Damage times the chance it stands.
            let (least, best) =
                damage_taken_against(&pool_of(case.0), &foes_of(&case), &damage, strategy).unwrap();
            assert!(
                (least - found).abs() < 1e-9,
                "{case:?}: {least} against {found}"
            );
            let expected = brute_weighed(&case, strategy, (first, 0.0), &lost);
            let (chance, taken) = searched(&case, strategy, Aim::ChanceThenDamage, &damage);
            let found = first * chance - taken;
            assert!(
                (found - expected).abs() < 1e-5,
                "{case:?} dealing {lost:?}, Strategy {strategy}: best chance {chance} taking {taken}, but every policy gives {expected}"
            );
            assert!(
                (best - taken).abs() < 1e-9,
                "{case:?}: {best} against {taken}"
            );
        }
    }
}

#[test]
fn the_weighed_search_with_no_effect_is_the_plain_one() {
    // A second method for bigger pools than the brute force reaches: the plain searches.
    for (pool, healths, damage, strategy) in [
        (Pool([1, 1, 1, 1, 0]), vec![3u32, 2], vec![2u32, 3], 2),
        (Pool([2, 0, 1, 0, 1]), vec![4], vec![5], 2),
        (Pool([0, 1, 1, 1, 1]), vec![2, 1, 2], vec![1, 1, 3], 1),
    ] {
        let foes: Vec<Foe> = healths.iter().map(|h| Foe::plain(*h)).collect();
        let pairs: Vec<(u32, u32)> = healths.iter().copied().zip(damage.clone()).collect();
        let run = |aim: Aim, damage: &[u32]| {
            let (mut search, dice, standing) =
                search_for(&pool, &foes, strategy, aim, damage).unwrap();
            search.value(strategy, dice, standing)
        };
        let least = run(Aim::LeastDamage, &damage).cost;
        let plain = least_damage(&pool, &pairs, strategy).unwrap();
        assert!((least - plain).abs() < 1e-9, "{pool:?}: {least} vs {plain}");
        let best = run(Aim::ChanceThenDamage, &damage).cost;
        let plain = best_play_damage(&pool, &pairs, strategy).unwrap();
        assert!((best - plain).abs() < 1e-9, "{pool:?}: {best} vs {plain}");
        for rate in [2.0, 40.0] {
            let o = run(Aim::Trade(rate), &[]);
            let plain = cheapest::lagrangian_value(&pool, &healths, strategy, rate);
            let found = rate * o.chance - o.cost;
            assert!(
                (found - plain).abs() < 1e-9,
                "{pool:?} rate {rate}: {found} vs {plain}"
            );
        }
    }
}
