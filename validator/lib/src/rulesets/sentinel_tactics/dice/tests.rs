//! The dice against the rulebook's worked example and against brute force.

use super::*;

/// Brute force, written from the rulebook's steps without the counting shortcuts: every
/// ordered roll of every die, each step applied to the list of dice, and the blocks found by
/// trying every assignment of defence dice to attack dice.
/// The most blocks, by trying every assignment: the first defence die blocks nothing, or any
/// attack die it may block, and the rest recurse.
fn most_blocks(attack: &[u8], defense: &[u8]) -> u32 {
    let Some((&d, rest)) = defense.split_first() else {
        return 0;
    };
    let mut best = most_blocks(attack, rest);
    for i in 0..attack.len() {
        if attack[i] <= d {
            let mut left = attack.to_vec();
            left.remove(i);
            best = best.max(1 + most_blocks(&left, rest));
        }
    }
    best
}

fn brute_force(attack: &Attack, defense: &Defense) -> Vec<u128> {
    let (na, nd) = (attack.rolled() as usize, defense.rolled() as usize);
    let mut ways = vec![0u128; na + 1];
    let outcomes = 6usize.pow((na + nd) as u32);
    for index in 0..outcomes {
        let mut rest = index;
        let mut roll = Vec::with_capacity(na + nd);
        for _ in 0..na + nd {
            roll.push((rest % 6) as u8 + 1);
            rest /= 6;
        }
        let (att, def) = roll.split_at(na);
        let mut hits: Vec<u8> = att
            .iter()
            .copied()
            .filter(|&v| !attack.auto_miss.contains(v))
            .collect();
        if attack.aim
            && let Some(&top) = hits.iter().max()
        {
            hits = vec![top; hits.len()];
        }
        let range = attack.range.saturating_sub(attack.reach);
        hits.retain(|&v| u32::from(v) >= range);
        let mut blocks: Vec<u8> = def.to_vec();
        if defense.dodge
            && let Some(&top) = blocks.iter().max()
        {
            blocks = vec![top; blocks.len()];
        }
        let damage = hits.len() - most_blocks(&hits, &blocks) as usize;
        ways[damage] += 1;
    }
    while ways.len() > 1 && ways.last() == Some(&0) {
        ways.pop();
    }
    ways
}

#[test]
fn greedy_blocking_finds_the_most_blocks() {
    // Every attack of up to 4 dice against every defence of up to 3, faces 1..=4 for speed.
    let rolls = |n: usize| -> Vec<Vec<u8>> {
        (0..4usize.pow(n as u32))
            .map(|i| {
                (0..n)
                    .map(|k| (i / 4usize.pow(k as u32) % 4) as u8 + 1)
                    .collect()
            })
            .collect()
    };
    for na in 0..=4 {
        for nd in 0..=3 {
            for a in rolls(na) {
                for d in rolls(nd) {
                    let greedy = max_blocks(&counts_of(&a).unwrap(), &counts_of(&d).unwrap());
                    assert_eq!(greedy, most_blocks(&a, &d), "{a:?} against {d:?}");
                }
            }
        }
    }
}

#[test]
fn exact_odds_match_brute_force_over_every_option() {
    let mut cases = 0;
    for dice in 0..=4 {
        for defense_dice in 0..=3 {
            for miss in [
                Faces::NONE,
                Faces::of(&[2, 4]).unwrap(),
                Faces::of(&[1, 6]).unwrap(),
            ] {
                for range in [0, 3, 5] {
                    for (aim, dodge) in [(false, false), (true, false), (false, true), (true, true)]
                    {
                        let attack = Attack {
                            dice,
                            auto_miss: miss,
                            range,
                            reach: u32::from(range == 5),
                            aim,
                            plus: u32::from(dice == 2),
                            minus: dice == 4,
                        };
                        let defense = Defense {
                            dice: defense_dice,
                            dodge,
                            plus: 0,
                            minus: defense_dice == 3,
                        };
                        let exact = odds(&attack, &defense).unwrap();
                        assert_eq!(
                            exact.ways,
                            brute_force(&attack, &defense),
                            "{attack:?} {defense:?}"
                        );
                        assert_eq!(exact.ways.iter().sum::<u128>(), exact.total);
                        cases += 1;
                    }
                }
            }
        }
    }
    assert_eq!(cases, 5 * 4 * 3 * 3 * 4);
}

#[test]
fn small_cases_worked_by_hand() {
    // One attack die against nothing: all 6 rolls deal 1 damage.
    let one = odds(
        &Attack {
            dice: 1,
            ..Attack::default()
        },
        &Defense::default(),
    )
    .unwrap();
    assert_eq!((one.ways.clone(), one.total), (vec![0, 6], 6));
    // One die against one die: blocked when defence >= attack, 21 of the 36 pairs
    // (1+2+...+6), so 15 pairs deal 1 damage.
    let duel = odds(
        &Attack {
            dice: 1,
            ..Attack::default()
        },
        &Defense {
            dice: 1,
            ..Defense::default()
        },
    )
    .unwrap();
    assert_eq!(duel.ways, vec![21, 15]);
    assert!((duel.expected() - 15.0 / 36.0).abs() < 1e-15);
    // Range 5 keeps only 5s and 6s: 2 of 6 faces hit.
    let far = odds(
        &Attack {
            dice: 1,
            range: 5,
            ..Attack::default()
        },
        &Defense::default(),
    )
    .unwrap();
    assert_eq!(far.ways, vec![4, 2]);
    // Reach 2 makes that range 3: faces 3..6 hit.
    let reach = odds(
        &Attack {
            dice: 1,
            range: 5,
            reach: 2,
            ..Attack::default()
        },
        &Defense::default(),
    )
    .unwrap();
    assert_eq!(reach.ways, vec![2, 4]);
}

#[test]
fn the_rulebook_combat_walkthrough() {
    // Ra's Inferno: 5 dice with 2 and 5 as auto-misses ("removing the 2s and 5s"). He rolls
    // 1, 2, 3, 4, 5 and adds Attack+1 dice: a 4 for Baron Blade, a 2 and a 4 for one soldier.
    let inferno = |range: u32, plus: u32| Attack {
        dice: 5,
        auto_miss: Faces::of(&[2, 5]).unwrap(),
        range,
        plus,
        ..Attack::default()
    };
    // "The 1 can't make range on Baron Blade, due to elevation": a range of 2 or 3 (3 still
    // hits). Baron Blade rolls 2, 4, 6: "His 6 and 4 block Ra's two 4s, but the 2 cannot block
    // Ra's 3, so Baron Blade takes 1 damage."
    let blade = Defense {
        dice: 3,
        ..Defense::default()
    };
    for range in [2, 3] {
        let r = resolve(&[1, 2, 3, 4, 5, 4], &inferno(range, 1), &[2, 4, 6], &blade).unwrap();
        assert_eq!(r.hits, vec![3, 4, 4]);
        assert_eq!((r.blocked, r.damage), (2, 1));
    }
    // "There's a 1, 3, and 4 going at each enemy, as well as another 4 at both Baron Blade
    // and the soldier": the soldier with two Attack+1 dice faces 1, 3, 4, 4 at range 1.
    let r = resolve(
        &[1, 2, 3, 4, 5, 2, 4],
        &inferno(1, 2),
        &[],
        &Defense::default(),
    )
    .unwrap();
    assert_eq!(r.hits, vec![1, 3, 4, 4]);
    // "The other soldier manages to only block the 1 and is destroyed": 1, 3, 4 come at it,
    // and a defence that blocks only the 1 (the text gives the outcome, not the dice; one die
    // showing 2 does that) lets 2 damage through.
    let r = resolve(
        &[1, 2, 3, 4, 5],
        &inferno(1, 0),
        &[2],
        &Defense {
            dice: 1,
            ..Defense::default()
        },
    )
    .unwrap();
    assert_eq!(r.hits, vec![1, 3, 4]);
    assert_eq!((r.blocked, r.damage), (1, 2));
    // Baron Blade's Fission Blaster with Aim: 5 dice, 1, 3, 4, 5, 6. "The 1 goes away, as it's
    // an auto-miss, and then the remaining four dice become sixes." Range is 3 + 2 = 5.
    let blaster = Attack {
        dice: 5,
        auto_miss: Faces::of(&[1]).unwrap(),
        range: 5,
        aim: true,
        ..Attack::default()
    };
    // Ra dodges with 1, 2, 6, "making all his dice 6s. His three 6s block three of Blade's
    // four 6s, but the unblocked 6 gets through and deals Ra 1 point of damage."
    let ra = Defense {
        dice: 3,
        dodge: true,
        ..Defense::default()
    };
    let r = resolve(&[1, 3, 4, 5, 6], &blaster, &[1, 2, 6], &ra).unwrap();
    assert_eq!(r.hits, vec![6, 6, 6, 6]);
    assert_eq!(r.defense, vec![6, 6, 6]);
    assert_eq!((r.blocked, r.damage), (3, 1));
}

#[test]
fn tokens_change_the_dice_rolled_and_bad_input_is_refused() {
    let attack = Attack {
        dice: 3,
        plus: 2,
        minus: true,
        ..Attack::default()
    };
    assert_eq!(attack.rolled(), 4);
    assert_eq!(
        Defense {
            dice: 0,
            minus: true,
            ..Defense::default()
        }
        .rolled(),
        0
    );
    assert!(Faces::of(&[0]).is_none() && Faces::of(&[7]).is_none());
    assert_eq!(Faces::of(&[4, 2]).unwrap().to_string(), "2,4");
    assert!(matches!(
        odds(
            &Attack {
                dice: MAX_DICE + 1,
                ..Attack::default()
            },
            &Defense::default()
        ),
        Err(DiceError::TooManyDice { .. })
    ));
    assert_eq!(
        resolve(&[7], &Attack::default(), &[], &Defense::default()),
        Err(DiceError::BadFace(7))
    );
}
