//! Expected values are counted by hand from the seed's dice: red has five hits and a crit,
//! yellow four misses, a hit and a crit.

use super::*;
use crate::rulesets::solar_sentinels::engagement::{CommitRules, Limits};

fn close(found: f64, expected: f64) {
    assert!(
        (found - expected).abs() < 1e-12,
        "found {found}, expected {expected}"
    );
}

fn pool(text: &str) -> Pool {
    Pool::parse(text).expect("a pool")
}

fn plain_boss(health: u32) -> Foe {
    let mut boss = Foe::plain(health);
    boss.limits.boss = true;
    boss
}

/// An enemy that lets one die be committed a step while it stands.
fn limiter(health: u32) -> Foe {
    let mut foe = Foe::plain(health);
    foe.limits.commits = CommitRules {
        per_step: Some(1),
        ..CommitRules::default()
    };
    foe
}

fn none(_: usize, _: usize) {}

#[test]
fn a_boss_among_six_plain_enemies_is_searched_alone() {
    // Health 2 with one red die: a crit at once (1/6), or a hit rolled again for a crit
    // (5/6 × 1/6); a hit assigned stays and leaves 1.
    let mut foes = vec![plain_boss(2)];
    foes.extend((0..5).map(|_| Foe::plain(1)));
    let found = defeat_chosen(&pool("red=1"), &foes, &[0], 2, &none).expect("searched");
    close(found.chance, 11.0 / 36.0);
    assert_eq!(found.searched, vec![0]);
    let one_step = defeat_chosen(&pool("red=1"), &foes, &[0], 1, &none).expect("searched");
    close(one_step.chance, 1.0 / 6.0);
}

#[test]
fn a_shielded_boss_needs_its_entourage_down_in_the_same_roll_or_before() {
    let mut shielded = plain_boss(1);
    shielded.limits.shielded = true;
    let guard = Foe::plain(1);
    // One red die goes to one enemy: the guard stands, so the boss takes nothing.
    let found = defeat_chosen(&pool("red=1"), &[shielded, guard], &[0], 2, &none).expect("ok");
    close(found.chance, 0.0);
    assert_eq!(found.searched, vec![0, 1]);
    // Two red dice always hit: one fells the guard, the other the boss, in one roll.
    let two = defeat_chosen(&pool("red=2"), &[shielded, guard], &[0], 1, &none).expect("ok");
    close(two.chance, 1.0);
    // The twin without the shield: the guard is left out and one red hit fells the boss.
    let unshielded =
        defeat_chosen(&pool("red=1"), &[plain_boss(1), guard], &[0], 1, &none).expect("ok");
    close(unshielded.chance, 1.0);
    assert_eq!(unshielded.searched, vec![0]);
}

#[test]
fn an_enemy_that_limits_committing_stays_in_the_search_and_lowers_the_chance() {
    // Boss Health 3, two red dice over two steps, beside an enemy that allows one die a step.
    // One red first: a crit (1/6) leaves 1 and the next die always hits. A hit (5/6) is best
    // kept rolling with the second die: at least one crit in two, 11/36. Felling the limiter
    // leaves one die for 3 (none); the hit on the boss needs a crit (1/6).
    // 1/6 + 5/6 × 11/36 = 91/216.
    let foes = [plain_boss(3), limiter(1)];
    let found = defeat_chosen(&pool("red=2"), &foes, &[0], 2, &none).expect("searched");
    close(found.chance, 91.0 / 216.0);
    assert_eq!(found.searched, vec![0, 1]);
    // The twin whose second enemy limits nothing: both dice at once, 11/36 at the first roll,
    // and two hits kept rolling for another 11/36: 11/36 + 25/36 × 11/36 = 671/1296.
    let twin = [plain_boss(3), Foe::plain(1)];
    let found = defeat_chosen(&pool("red=2"), &twin, &[0], 2, &none).expect("searched");
    close(found.chance, 671.0 / 1296.0);
    assert_eq!(found.searched, vec![0]);
}

#[test]
fn two_chosen_beside_a_limiter_and_a_chosen_card_that_flees_are_refused() {
    let foes = [plain_boss(3), Foe::plain(2), limiter(1)];
    assert!(defeat_chosen(&pool("red=2"), &foes, &[0, 1], 2, &none).is_err());
    // Its twin without the limiter: both chosen fall together as every enemy searched.
    let twin = [plain_boss(3), Foe::plain(2), Foe::plain(1)];
    let found = defeat_chosen(&pool("red=1"), &twin, &[0, 1], 1, &none).expect("searched");
    close(found.chance, 0.0);
    assert_eq!(found.searched, vec![0, 1]);
    let mut fleeing = Foe::plain(1);
    fleeing.limits.flee_on_misses = Some(2);
    assert!(defeat_chosen(&pool("red=1"), &[fleeing], &[0], 1, &none).is_err());
    assert!(defeat_chosen(&pool("red=1"), &[Foe::plain(1)], &[0], 1, &none).is_ok());
}

#[test]
fn more_enemies_that_matter_than_the_search_takes_are_refused_with_the_count() {
    // A shield keeps all five level 1 and 2 enemies in the search.
    let mut shielded = plain_boss(1);
    shielded.limits.shielded = true;
    let mut foes = vec![shielded];
    foes.extend((0..5).map(|_| Foe::plain(1)));
    let refused = defeat_chosen(&pool("red=1"), &foes, &[0], 1, &none).expect_err("too many");
    assert!(refused.to_string().starts_with("6 enemies"), "{refused}");
}

#[test]
fn expected_defeated_counts_by_hand() {
    // One yellow die over two steps against two Health 1: a hit or crit at once (2/6) fells
    // one; a miss is rolled again for another 2/6. 2/6 + 4/6 × 2/6 = 5/9.
    let two = [Foe::plain(1), Foe::plain(1)];
    let found = expected_defeated(&pool("yellow=1"), &two, 2, &none).expect("searched");
    close(found, 5.0 / 9.0);
    // A red die always fells the Health 1 enemy, never the Health 3 one.
    let found =
        expected_defeated(&pool("red=1"), &[Foe::plain(1), Foe::plain(3)], 1, &none).expect("ok");
    close(found, 1.0);
    // Two red dice fell two Health 1 enemies, unless one enemy lets only one die be
    // committed: then one falls (the effects' search).
    let found = expected_defeated(&pool("red=2"), &two, 1, &none).expect("ok");
    close(found, 2.0);
    let limited = [limiter(1), Foe::plain(1)];
    let found = expected_defeated(&pool("red=2"), &limited, 1, &none).expect("ok");
    close(found, 1.0);
}

#[test]
fn crit_chances_count_every_die_at_every_step() {
    // Two dice with one crit face each: 1 − (5/6)² in one roll, 1 − (5/6)⁴ over two steps.
    let found = crit_chances(&pool("red=1,yellow=1"), 2);
    close(found.first_roll, 11.0 / 36.0);
    close(found.round, 671.0 / 1296.0);
}

#[test]
fn enemies_that_matter_keeps_effects_that_reach_the_others() {
    let limits_nothing_else = {
        let mut foe = Foe::plain(2);
        foe.limits = Limits {
            per_roll: Some(1),
            one_colour: true,
            ..Limits::default()
        };
        foe
    };
    let mut one_defeat = Foe::plain(2);
    one_defeat.limits.one_defeat = true;
    let foes = [
        plain_boss(5),
        limits_nothing_else,
        one_defeat,
        Foe::plain(1),
    ];
    assert_eq!(enemies_that_matter(&foes, &[0]), vec![0, 2]);
    // A card that flees takes only itself away: left out.
    let mut fleeing = Foe::plain(2);
    fleeing.limits.flee_on_misses = Some(3);
    assert_eq!(
        enemies_that_matter(&[plain_boss(5), fleeing], &[0]),
        vec![0]
    );
    // Misses counted by a card in the search: every enemy can hold a die out of the roll.
    let mut forcing = Foe::plain(2);
    forcing.limits.miss_rerolls = true;
    let foes = [plain_boss(5), forcing, Foe::plain(1)];
    assert_eq!(enemies_that_matter(&foes, &[0]), vec![0, 1, 2]);
}

#[test]
fn leaving_out_what_cannot_matter_agrees_with_searching_everyone() {
    // The second method: every enemy in the search, the chosen one weighed as the least
    // expected count of it standing. Leaving enemies out must change no chance.
    let mut per_roll = Foe::plain(2);
    per_roll.limits.per_roll = Some(1);
    let mut one_defeat = Foe::plain(1);
    one_defeat.limits.one_defeat = true;
    let mut shielded = plain_boss(2);
    shielded.limits.shielded = true;
    let mut crit_worth_one = Foe::plain(2);
    crit_worth_one.values = [[0, 1, 1]; 5];
    let kinds = [
        Foe::plain(1),
        Foe::plain(3),
        per_roll,
        one_defeat,
        limiter(1),
        crit_worth_one,
    ];
    let mut compared = 0;
    for boss in [plain_boss(2), plain_boss(3), shielded] {
        for a in &kinds {
            for b in &kinds {
                let foes = [boss, *a, *b];
                for text in ["red=1,yellow=1", "red=2", "yellow=2,blue=1"] {
                    for strategy in 1..=2 {
                        let reduced = defeat_chosen(&pool(text), &foes, &[0], strategy, &none)
                            .expect("searched")
                            .chance;
                        let weight = [1, 0, 0];
                        let everyone = 1.0
                            - least_standing(&pool(text), &foes, &weight, strategy, &none)
                                .expect("searched");
                        assert!(
                            (reduced - everyone).abs() < 1e-9,
                            "{foes:?} {text} S{strategy}: {reduced} against {everyone}"
                        );
                        compared += 1;
                    }
                }
            }
        }
    }
    assert_eq!(compared, 3 * 6 * 6 * 3 * 2);
}

#[test]
fn health_beyond_the_pools_reach_is_an_exact_zero_for_any_number_of_enemies() {
    // Two red dice deal at most 2 + 2: six enemies of Health 1 need 6.
    let six = vec![Foe::plain(1); 6];
    assert!(crate::rulesets::solar_sentinels::engagement::beyond_reach(
        &pool("red=2"),
        &six
    ));
    let found = defeat_all_foes(&pool("red=2"), &six, 3, &none).expect("answered");
    close(found, 0.0);
    // Its twin with six red dice: within reach, so it is the search's to answer, and six
    // enemies are more than it shares dice among.
    assert!(!crate::rulesets::solar_sentinels::engagement::beyond_reach(
        &pool("red=6"),
        &six
    ));
    assert!(defeat_all_foes(&pool("red=6"), &six, 3, &none).is_err());
    // A card that can flee need not be defeated: never counted out by Health.
    let mut fleeing = six.clone();
    fleeing[0].limits.flee_on_misses = Some(1);
    assert!(!crate::rulesets::solar_sentinels::engagement::beyond_reach(
        &pool("red=2"),
        &fleeing
    ));
}
