//! `megahex odds` end to end, against probabilities worked out by hand.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use serde_json::Value;

fn odds(args: &[&str]) -> common::Run {
    let mut all = vec!["odds"];
    all.extend_from_slice(args);
    common::megahex_in(&common::workspace_root(), all)
}

/// `megahex odds --ruleset hex-skirmish ARGS`.
fn skirmish(args: &[&str]) -> common::Run {
    let mut all = vec!["--ruleset", "hex-skirmish"];
    all.extend_from_slice(args);
    odds(&all)
}

/// `megahex odds --ruleset solar-sentinels ARGS`.
/// The JSON answer of a run that must succeed.
fn succeeded_json(run: &common::Run) -> Value {
    assert_eq!(run.code, 0, "{}", run.stderr);
    serde_json::from_str(&run.stdout).unwrap()
}

fn solar(args: &[&str]) -> common::Run {
    let mut all = vec!["--ruleset", "solar-sentinels"];
    all.extend_from_slice(args);
    odds(&all)
}

/// The `damage` list of a `--json` run, and the whole document.
fn damage_of(run: &common::Run) -> (Vec<f64>, Value) {
    let v: Value = serde_json::from_str(&run.stdout).unwrap();
    let damage = v["damage"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_f64().unwrap())
        .collect();
    (damage, v)
}

#[test]
fn one_die_against_one_die() {
    // The defence blocks when its die is not below the attack die: for an attack die showing a,
    // 7 - a of the 6 defence faces block, so 6 + 5 + ... + 1 = 21 of the 36 pairs are blocked.
    let run = odds(&["--dice", "1", "--defense", "1", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let (damage, v) = damage_of(&run);
    assert_eq!(damage.len(), 2);
    assert!((damage[0] - 21.0 / 36.0).abs() < 1e-12);
    assert!((damage[1] - 15.0 / 36.0).abs() < 1e-12);
    assert!((v["expected"].as_f64().unwrap() - 15.0 / 36.0).abs() < 1e-12);
    assert_eq!(
        v.as_object().unwrap().len(),
        2,
        "exactly damage and expected"
    );
}

#[test]
fn auto_misses_range_and_aim() {
    // Two dice, 1 and 2 auto-miss, range 4, no defence: a die hits on 4, 5 or 6 (3 is not
    // removed as a miss but is under the range). Without Aim each die hits with 1/2, so
    // 0, 1, 2 damage have 1/4, 1/2, 1/4.
    let run = odds(&[
        "--dice",
        "2",
        "--auto-miss",
        "1,2",
        "--range",
        "4",
        "--defense",
        "0",
        "--json",
    ]);
    let (damage, _) = damage_of(&run);
    assert_eq!(damage, vec![0.25, 0.5, 0.25]);
    // With Aim the dice left after the auto-misses become the highest of them. Both removed
    // (each 1 or 2): 4 of 36 rolls, no damage. One removed, the other 3..6: 2 x 2 x 4 = 16
    // rolls, 1 damage unless it is the 3 (12 rolls hit, 4 miss). Both kept: 16 rolls, both
    // become the higher one, 2 damage unless both show 3 (15 hit, 1 misses).
    // So 0, 1, 2 damage have 9/36, 12/36, 15/36.
    let run = odds(&[
        "--dice",
        "2",
        "--auto-miss",
        "1,2",
        "--range",
        "4",
        "--defense",
        "0",
        "--aim",
        "--json",
    ]);
    let (damage, _) = damage_of(&run);
    let expected = [9.0 / 36.0, 12.0 / 36.0, 15.0 / 36.0];
    assert_eq!(damage.len(), 3);
    for (got, want) in damage.iter().zip(expected) {
        assert!((got - want).abs() < 1e-12, "{damage:?}");
    }
}

#[test]
fn the_table_and_bad_options() {
    let run = odds(&["--dice", "1", "--defense", "1"]);
    assert_eq!(run.code, 0);
    assert!(
        run.stdout.contains("58.33%") && run.stdout.contains("41.67%"),
        "{}",
        run.stdout
    );
    let bad = odds(&["--dice", "3", "--auto-miss", "7", "--defense", "1"]);
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("--auto-miss"), "{}", bad.stderr);
    let huge = odds(&["--dice", "40", "--defense", "1"]);
    assert_eq!(huge.code, 2);
    assert!(huge.stderr.contains("at most"), "{}", huge.stderr);
}

/// Each game's options are its own group: one written for another game is refused, even at
/// its default value, and an option two games share is taken by both.
#[test]
fn an_option_of_another_game_is_refused() {
    // The twin that differs in the one option: the same strike without `--range 0`.
    let strike = ["--strike", "3", "--defense", "2"];
    assert_eq!(skirmish(&strike).code, 0);
    let mut with_range = strike.to_vec();
    with_range.extend(["--range", "0"]);
    let refused = skirmish(&with_range);
    assert_eq!(refused.code, 2, "{}", refused.stdout);
    assert!(
        refused.stderr.contains(
            "--range is a sentinel-tactics option; add --ruleset sentinel-tactics, or use --strike"
        ),
        "{}",
        refused.stderr
    );
    let shared = solar(&["--pool", "yellow=1", "--defense", "2"]);
    assert_eq!(shared.code, 2);
    assert!(
        shared
            .stderr
            .contains("--defense is a sentinel-tactics and hex-skirmish option"),
        "{}",
        shared.stderr
    );
    assert_eq!(solar(&["--pool", "yellow=1"]).code, 0);
}

#[test]
fn hex_skirmish_strike_against_defence_and_soak() {
    // Strike 2 against Defense 2: D10 + 2 >= D10 + 2 on the 55 of 100 pairs where the attack die
    // is not lower. A hit deals 1d6 + 1 - 3: faces 1 and 2 nothing, 3 to 6 one to four.
    let run = skirmish(&[
        "--strike",
        "2",
        "--defense",
        "2",
        "--damage",
        "1d6",
        "--bonus",
        "1",
        "--soak",
        "3",
        "--json",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let (damage, v) = damage_of(&run);
    assert_eq!(v["hit"].as_f64(), Some(0.55));
    let by_hand = [
        0.45 + 0.55 * 2.0 / 6.0,
        0.55 / 6.0,
        0.55 / 6.0,
        0.55 / 6.0,
        0.55 / 6.0,
    ];
    assert_eq!(damage.len(), by_hand.len());
    for (p, q) in damage.iter().zip(by_hand) {
        assert!((p - q).abs() < 1e-12, "{damage:?}");
    }
    let expected = v["expected"].as_f64().unwrap();
    assert!((expected - 0.55 * 10.0 / 6.0).abs() < 1e-12);

    // Unarmed is 1 damage; one point of Strike ahead hits 64 of 100.
    let run = skirmish(&["--strike", "1", "--defense", "0", "--json"]);
    let (damage, v) = damage_of(&run);
    assert_eq!(v["hit"].as_f64(), Some(0.64));
    assert!((damage[1] - 0.64).abs() < 1e-12, "{damage:?}");

    // Options of the other ruleset, and a bad dice code, are usage errors.
    let run = skirmish(&["--strike", "1", "--defense", "0", "--aim"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("--aim is a sentinel-tactics option"),
        "{}",
        run.stderr
    );
    let run = odds(&["--strike", "1", "--defense", "0"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("--strike is a hex-skirmish option"),
        "{}",
        run.stderr
    );
    let run = skirmish(&["--strike", "1", "--defense", "0", "--damage", "2d"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("not a damage"), "{}", run.stderr);
}

#[test]
fn hex_skirmish_water_monster_over_a_walk() {
    // The monster comes on a 1 at the first step into water, 1-2 at the second, 1-3 from the
    // third on: not meeting it over two steps is 5/6 * 4/6 = 5/9, over four 5/36.
    let run = skirmish(&["--water-steps", "2", "--json"]);
    let v = succeeded_json(&run);
    assert_eq!(v["water"]["steps"], 2);
    assert!((v["water"]["unmet"].as_f64().unwrap() - 5.0 / 9.0).abs() < 1e-12);
    let run = skirmish(&["--water-steps", "4"]);
    assert!(run.stdout.contains("(5/36)"), "{}", run.stdout);
    let run = skirmish(&["--water-steps", "49"]);
    assert_eq!(run.code, 2);
}

#[test]
fn hex_skirmish_turns_to_kill() {
    // Strike 9 against Defense 0 always hits for 1: 3 hit points fall on the 3rd strike, so in
    // the 2nd turn at two strikes a turn.
    let run = skirmish(&[
        "--strike",
        "9",
        "--defense",
        "0",
        "--hit-points",
        "3",
        "--attacks",
        "2",
        "--json",
    ]);
    let v = succeeded_json(&run);
    let by_turn: Vec<f64> = v["kill"]["dead_by_turn"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_f64().unwrap())
        .collect();
    assert_eq!(by_turn[..3], [0.0, 1.0, 1.0]);
    assert_eq!(v["kill"]["expected_turns"].as_f64(), Some(2.0));
    // A 55% strike for 1 on one hit point: on average 1 / 0.55 turns.
    let run = skirmish(&[
        "--strike",
        "0",
        "--defense",
        "0",
        "--hit-points",
        "1",
        "--json",
    ]);
    let v: Value = serde_json::from_str(&run.stdout).unwrap();
    let expected = v["kill"]["expected_turns"].as_f64().unwrap();
    assert!((expected - 1.0 / 0.55).abs() < 1e-9, "{expected}");
    // Soak that takes every hit to nothing never kills.
    let run = skirmish(&[
        "--strike",
        "9",
        "--defense",
        "0",
        "--soak",
        "4",
        "--hit-points",
        "2",
    ]);
    assert!(run.stdout.contains("never"), "{}", run.stdout);
    let run = skirmish(&[
        "--strike",
        "1",
        "--defense",
        "0",
        "--hit-points",
        "5",
        "--attacks",
        "0",
    ]);
    assert_eq!(run.code, 2);
}

#[test]
fn solar_sentinels_pools_by_hand() {
    // The red die: five hits and one crit, so 1 damage on 5 faces of 6 and 2 on the sixth.
    let run = solar(&["--pool", "red=1", "--health", "2", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let (damage, v) = damage_of(&run);
    let mut keys: Vec<&String> = v.as_object().unwrap().keys().collect();
    keys.sort();
    assert_eq!(keys, ["damage", "defeat", "expected"]);
    let near = |a: f64, b: f64| (a - b).abs() < 1e-12;
    assert!(near(damage[0], 0.0) && near(damage[1], 5.0 / 6.0) && near(damage[2], 1.0 / 6.0));
    assert!(near(v["expected"].as_f64().unwrap(), 7.0 / 6.0));
    assert!(near(v["defeat"].as_f64().unwrap(), 1.0 / 6.0));
    // Two yellows: each deals 0 on 4 faces, 1 on one, 2 on one. Four or more needs both crits,
    // 1 of 36; three needs a crit and a hit, 2 of 36.
    let run = solar(&["--pool", "yellow=2", "--health", "3", "--json"]);
    let (damage, v) = damage_of(&run);
    assert!(near(damage[4], 1.0 / 36.0));
    assert!(near(damage[3], 2.0 / 36.0));
    assert!(near(v["defeat"].as_f64().unwrap(), 3.0 / 36.0));
    assert!(near(v["expected"].as_f64().unwrap(), 1.0));
    // Without --health there is no "defeat"; the whole box averages 79/6.
    let run = solar(&["--pool", "yellow=4,green=4,blue=4,purple=4,red=1", "--json"]);
    let (_, v) = damage_of(&run);
    assert!(v.get("defeat").is_none());
    assert!((v["expected"].as_f64().unwrap() - 79.0 / 6.0).abs() < 1e-9);
    // Another ruleset's option, or a colour that is not one, is refused with the reason.
    let run = solar(&["--pool", "red=1", "--strike", "3"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("--strike is a hex-skirmish option"),
        "{}",
        run.stderr
    );
    let run = solar(&["--pool", "orange=1"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("orange=1"), "{}", run.stderr);
    let run = odds(&["--pool", "red=1"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("--ruleset solar-sentinels"),
        "{}",
        run.stderr
    );
}

#[test]
fn solar_sentinels_defeat_all_under_the_best_play() {
    let solar = |args: &[&str]| {
        let mut all = vec!["--json"];
        all.extend_from_slice(args);
        solar(&all)
    };
    // The red die against Health 2: its crit at once (1/6); with a second step a hit is left
    // unassigned and rolled again, for the crit then: 1/6 + 5/6 * 1/6 = 11/36.
    let one = solar(&["--pool", "red=1", "--enemies", "2", "--strategy", "1"]);
    assert_eq!(one.code, 0, "{}", one.stderr);
    let (_, v) = damage_of(&one);
    assert!((v["defeat-all"].as_f64().unwrap() - 1.0 / 6.0).abs() < 1e-12);
    let two = solar(&["--pool", "red=1", "--enemies", "2", "--strategy", "2"]);
    let (_, v) = damage_of(&two);
    assert!((v["defeat-all"].as_f64().unwrap() - 11.0 / 36.0).abs() < 1e-12);
    // Two yellows against Health 1 and 1 in one step: both must show a hit or crit, 2/6 each.
    let pair = solar(&["--pool", "yellow=2", "--enemies", "1,1", "--strategy", "1"]);
    let (_, v) = damage_of(&pair);
    assert!((v["defeat-all"].as_f64().unwrap() - 4.0 / 36.0).abs() < 1e-12);
    // One without the other is refused.
    let alone = solar(&["--pool", "red=1", "--enemies", "2"]);
    assert_eq!(alone.code, 2);
    assert!(alone.stderr.contains("go together"), "{}", alone.stderr);
}

#[test]
fn solar_sentinels_fewest_dice_by_hand() {
    // Health 2, one step, a red and a purple die. The red die alone deals 2 only on its crit:
    // 1/6. Both together fall short only when the red die shows a hit and the purple one a
    // miss: 1 - (5/6)(1/6) = 31/36, about 86%: enough for 80%, not for 90% or 95%.
    let run = solar(&[
        "--pool",
        "red=1,purple=1",
        "--enemies",
        "2",
        "--strategy",
        "1",
        "--json",
    ]);
    let v = succeeded_json(&run);
    assert!((v["defeat-all"].as_f64().unwrap() - 31.0 / 36.0).abs() < 1e-12);
    let fewest = v["fewest"].as_array().unwrap();
    assert_eq!(fewest.len(), 3);
    assert_eq!(fewest[0]["target"], 0.8);
    assert_eq!(fewest[0]["count"], 2);
    assert_eq!(
        fewest[0]["dice"],
        serde_json::json!({"purple": 1, "red": 1})
    );
    assert!((fewest[0]["chance"].as_f64().unwrap() - 31.0 / 36.0).abs() < 1e-12);
    assert_eq!(fewest[1]["dice"], Value::Null);
    assert_eq!(fewest[2]["dice"], Value::Null);
    // Health 1: the red die alone never misses.
    let run = solar(&[
        "--pool",
        "red=1,purple=1",
        "--enemies",
        "1",
        "--strategy",
        "1",
        "--json",
    ]);
    let v: Value = serde_json::from_str(&run.stdout).unwrap();
    for row in v["fewest"].as_array().unwrap() {
        assert_eq!(row["dice"], serde_json::json!({"red": 1}), "{row}");
        assert_eq!(row["chance"], 1.0);
    }
}

#[test]
fn solar_sentinels_damage_taken_by_hand() {
    // One red die against Health 2 and Damage 3 over two steps: the enemy falls 11 times in
    // 36 (a crit at once, or a hit left unassigned and then a crit), so 3 × 25/36 is lost.
    let run = solar(&[
        "--pool",
        "red=1",
        "--enemies",
        "2",
        "--enemy-damage",
        "3",
        "--strategy",
        "2",
        "--json",
    ]);
    let v = succeeded_json(&run);
    assert!((v["damage-taken"].as_f64().unwrap() - 75.0 / 36.0).abs() < 1e-12);
    // Played for the best chance the same play (leave a hit to roll again) loses the same.
    assert!((v["damage-taken-best-play"].as_f64().unwrap() - 75.0 / 36.0).abs() < 1e-12);
    // One Damage value for two enemies is refused with the reason.
    let run = solar(&[
        "--pool",
        "red=1",
        "--enemies",
        "2,3",
        "--enemy-damage",
        "3",
        "--strategy",
        "1",
    ]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("one for each"), "{}", run.stderr);
}

/// `megahex odds --ruleset solar-sentinels --deck` on the odds deck fixture.
fn from_deck(args: &[&str]) -> common::Run {
    let mut all = vec!["--deck", "tests/fixtures/valid/solar-odds-deck.yaml"];
    all.extend_from_slice(args);
    solar(&all)
}

#[test]
fn solar_sentinels_cards_from_a_deck_play_their_effects_by_hand() {
    // red-shy (Health 1) takes no red die; drone (Health 1) has no effect. A yellow and a red
    // die: the yellow must hit red-shy (2 faces in 6) and the red never misses the drone: 1/3
    // in one step; with a second step the yellow tries again while the red waits:
    // 1 - (4/6)^2 = 5/9.
    for (strategy, expected) in [("1", 1.0 / 3.0), ("2", 5.0 / 9.0)] {
        let run = from_deck(&[
            "--cards",
            "red-shy,drone",
            "--pool",
            "yellow=1,red=1",
            "--strategy",
            strategy,
            "--json",
        ]);
        let v = succeeded_json(&run);
        let p = v["defeat-all"].as_f64().unwrap();
        assert!((p - expected).abs() < 1e-12, "Strategy {strategy}: {p}");
        // Only red-shy (Damage 1) can stand at the end: 2/3 of the time in one step, (2/3)^2
        // in two. The play for the best chance is the same.
        let lost = [2.0 / 3.0, 4.0 / 9.0][strategy.parse::<usize>().unwrap() - 1];
        for key in ["damage-taken", "damage-taken-best-play"] {
            let taken = v[key].as_f64().unwrap();
            assert!(
                (taken - lost).abs() < 1e-12,
                "Strategy {strategy}: {key} {taken}"
            );
        }
        assert!(v.get("left-out").is_none(), "{v}");
    }
    // Red-shy alone against two yellows and a red over two steps: the red never counts. Both
    // yellows at once miss together 4/9 of the time a step, so 1 - (4/9)^2 = 65/81 defeat it,
    // just over 80 %; one yellow first reaches 1/3 + (2/3)(5/9) = 19/27 only. So the one play
    // that reaches 80 % commits the two yellows, where the strongest dice up front take all
    // three (the red first). One yellow alone, rolled twice, defeats it 1 - (2/3)^2 = 5/9 of the
    // time with 1 die; 19/27 with 5/3 dice lies under the line from that to 65/81 with 2. So the
    // fewest dice on average for 80 % mix the two: the yellows in a share
    // (0.8 - 45/81) / (20/81) = 0.99 of rounds, 1.99 dice on average.
    let run = from_deck(&[
        "--cards",
        "red-shy",
        "--pool",
        "yellow=2,red=1",
        "--strategy",
        "2",
        "--json",
    ]);
    let v = succeeded_json(&run);
    assert_eq!(v["fewest"][0]["count"], 3, "{v}");
    let play = &v["cheapest"][0];
    assert_eq!(play["first"], serde_json::json!({"yellow": 2}), "{v}");
    let near =
        |key: &serde_json::Value, expected: f64| (key.as_f64().unwrap() - expected).abs() < 1e-12;
    assert!(near(&play["mean-dice"], 1.99), "{v}");
    assert!(near(&play["chance"], 0.8), "{v}");
    let mix = &play["mix"];
    assert!(near(&mix["share"], 0.99), "{v}");
    assert!(near(&mix["reaching"]["mean-dice"], 2.0), "{v}");
    assert!(near(&mix["reaching"]["chance"], 65.0 / 81.0), "{v}");
    assert_eq!(
        mix["below"]["first"],
        serde_json::json!({"yellow": 1}),
        "{v}"
    );
    assert!(near(&mix["below"]["mean-dice"], 1.0), "{v}");
    assert!(near(&mix["below"]["chance"], 5.0 / 9.0), "{v}");
    assert_eq!(v["cheapest"][1]["first"], serde_json::Value::Null, "{v}");
    // With no effect, a red die alone always defeats the drone: its Damage 2 is never taken.
    let run = from_deck(&["--cards", "drone", "--pool", "red=1", "--json"]);
    let v = succeeded_json(&run);
    assert_eq!(v["defeat-all"], 1.0);
    assert_eq!(v["damage-taken"], 0.0);
}

#[test]
fn solar_sentinels_deck_colours_needed_are_played() {
    // brute (Health 8) needs dice of 2 colours on it. Four purple dice could reach 8 only
    // with four crits, (1/6)^4, but they are one colour: never.
    let run = from_deck(&[
        "--cards",
        "brute",
        "--pool",
        "purple=4",
        "--strategy",
        "1",
        "--json",
    ]);
    let v = succeeded_json(&run);
    assert_eq!(v["defeat-all"], 0.0);
    assert!(v.get("left-out").is_none(), "{v}");
}

#[test]
fn solar_sentinels_deck_effects_the_search_leaves_out_are_named() {
    // ash-crawler's no-reroll-misses weighs every commit at every step, which the search does
    // for a card alone for at most 28 dice x steps: the setup's 14 dice over 2 steps are
    // played, 16 dice are not, and the answer says it left the effect out instead of hiding
    // it.
    let setup = example_card_odds("ash-crawler", &[]);
    assert!(setup.get("left-out").is_none(), "{setup}");
    let v = example_card_odds("ash-crawler", &["--pool", SIXTEEN_DICE]);
    assert_eq!(
        v["left-out"],
        serde_json::json!({"ash-crawler": ["no-reroll-misses"]})
    );
    let human = odds(&[
        "--ruleset",
        "solar-sentinels",
        "--deck",
        "scenarios/solar-first-light.yaml",
        "--cards",
        "ash-crawler",
        "--pool",
        SIXTEEN_DICE,
    ]);
    assert!(
        human
            .stdout
            .contains("ash-crawler: left out of the search (not played): no-reroll-misses"),
        "{}",
        human.stdout
    );
}

#[test]
fn solar_sentinels_deck_assign_limit_is_played() {
    // warden (Health 6) takes at most 3 dice. Four purple dice (1 miss, 4 hits, 1 crit) in one
    // step: only three crits on three dice reach 6, so at least 3 crits of 4:
    // 4 * (1/6)^3 * (5/6) + (1/6)^4 = 21/1296.
    let run = from_deck(&[
        "--cards",
        "warden",
        "--pool",
        "purple=4",
        "--strategy",
        "1",
        "--json",
    ]);
    let v = succeeded_json(&run);
    let p = v["defeat-all"].as_f64().unwrap();
    assert!((p - 21.0 / 1296.0).abs() < 1e-12, "{p}");
    assert!(v.get("left-out").is_none(), "{v}");
}

/// The JSON odds of the example deck's card `id`, with `more` options; the run must succeed.
fn example_card_odds(id: &str, more: &[&str]) -> Value {
    let mut args = vec![
        "--ruleset",
        "solar-sentinels",
        "--deck",
        "scenarios/solar-first-light.yaml",
        "--cards",
        id,
        "--json",
    ];
    args.extend_from_slice(more);
    succeeded_json(&odds(&args))
}

#[test]
fn solar_sentinels_deck_commit_limit_is_played() {
    // The example deck's crater-lurker (Health 4) lets 3 dice be committed in the round. Red
    // dice deal 1 on five faces and 2 on the sixth, so four of them always reach 4; three
    // reach it only with a crit: 1 - (5/6)^3 = 91/216 in one step. In two steps the best is
    // to commit all three at once and, if they show three hits, assign none and roll them
    // again: 91/216 + 125/216 * 91/216 = 31031/46656 (committing two or one first gives
    // 4651/7776 and 671/1296, both less).
    let example = |strategy: &str| {
        let v = example_card_odds(
            "crater-lurker",
            &["--pool", "red=4", "--strategy", strategy],
        );
        assert!(v.get("left-out").is_none(), "{v}");
        v["defeat-all"].as_f64().unwrap()
    };
    let one = example("1");
    assert!((one - 91.0 / 216.0).abs() < 1e-12, "{one}");
    let two = example("2");
    assert!((two - 31031.0 / 46656.0).abs() < 1e-12, "{two}");
}

#[test]
fn solar_sentinels_deck_needs_exhausted_colour_reads_the_exhausted_area() {
    // echo-queenling (Health 6) takes a die only of a colour the exhausted area holds. The
    // setup's hero makes a yellow hit deal 2, so a yellow deals 2 on 2 faces of 6 and 0
    // otherwise; the red deals 1 on five faces and 2 on the sixth. One step:
    let example = |exhausted: Option<&str>| {
        let mut args = vec!["--pool", "red=1,yellow=3", "--strategy", "1"];
        if let Some(dice) = exhausted {
            args.extend(["--exhausted", dice]);
        }
        let v = example_card_odds("echo-queenling", &args);
        assert!(v.get("left-out").is_none(), "{v}");
        v["defeat-all"].as_f64().unwrap()
    };
    // The setup's handicaps exhaust yellow and green dice: the three yellows must all deal 2.
    let setup = example(None);
    assert!((setup - 1.0 / 27.0).abs() < 1e-12, "{setup}");
    // A red and a yellow exhausted: the red's crit with two yellows dealing, or its hit with
    // all three: 1/6 * (3 * (1/3)^2 * (2/3) + (1/3)^3) + 5/6 * (1/3)^3 = 2/27.
    let both = example(Some("red=1,yellow=1"));
    assert!((both - 2.0 / 27.0).abs() < 1e-12, "{both}");
    // Only a red exhausted: the red alone deals at most 2.
    assert_eq!(example(Some("red=1")), 0.0);
}

#[test]
fn solar_sentinels_deck_no_reroll_misses_is_played_on_small_pools() {
    // ash-crawler (Health 3) keeps misses from being rolled again. The setup's hero makes a
    // yellow hit deal 2, so a yellow deals 2 on 2 faces of 6; the red deals 1 or 2. With a
    // red and two yellows, a yellow that deals finishes it with the red; if neither does,
    // they keep their misses and the red alone deals at most 2. Holding dice back does no
    // better: 1 - (2/3)^2 = 5/9 (rolled again, the yellows would give 65/81).
    played_small_named_big(
        "ash-crawler",
        &["red=1,yellow=2", "2"],
        5.0 / 9.0,
        "no-reroll-misses",
    );
}

/// A pool beyond what the search weighs every commit of, over the hero's 2 steps.
const SIXTEEN_DICE: &str = "yellow=4,green=4,blue=4,purple=4";

/// Checks that the example deck's `card` is played with `pool` over `strategy` steps, giving
/// `expected`, and that 16 dice over 2 steps, beyond what the search weighs for it, name
/// `effect` left out instead.
fn played_small_named_big(card: &str, [pool, strategy]: &[&str; 2], expected: f64, effect: &str) {
    let small = example_card_odds(card, &["--pool", pool, "--strategy", strategy]);
    let p = small["defeat-all"].as_f64().unwrap();
    assert!((p - expected).abs() < 1e-12, "{p}");
    assert!(small.get("left-out").is_none(), "{small}");
    let big = example_card_odds(card, &["--pool", SIXTEEN_DICE]);
    assert_eq!(big["left-out"][card], serde_json::json!([effect]), "{big}");
}

#[test]
fn solar_sentinels_deck_flee_on_misses_is_played_on_small_pools() {
    // tidewatch-wisp (Health 2) flees when one roll shows 2 misses. Under the setup's hero a
    // yellow deals 2 on 2 faces of 6, else misses. Of three yellows in one step: one alone
    // gives 1/3; two give 1 - (2/3)^2 = 5/9 (two misses fail anyway); all three need two to
    // deal, 3 (1/3)^2 (2/3) + (1/3)^3 = 7/27. The best is two: 5/9 (19/27 if it did not flee).
    played_small_named_big(
        "tidewatch-wisp",
        &["yellow=3", "1"],
        5.0 / 9.0,
        "flee-on-misses",
    );
}

#[test]
fn solar_sentinels_deck_odds_refuse_what_they_cannot_play() {
    let unknown = from_deck(&["--cards", "drone,nobody", "--pool", "red=1"]);
    assert_eq!(unknown.code, 2);
    assert!(
        unknown.stderr.contains("--cards nobody"),
        "{}",
        unknown.stderr
    );
    let no_deck = solar(&["--cards", "drone", "--pool", "red=1"]);
    assert_ne!(no_deck.code, 0);
    assert!(no_deck.stderr.contains("--deck"), "{}", no_deck.stderr);
    let not_a_deck = solar(&[
        "--deck",
        "scenarios/city-blades-gambit.yaml",
        "--cards",
        "drone",
    ]);
    assert_eq!(not_a_deck.code, 2);
    assert!(
        not_a_deck.stderr.contains("not a solar-sentinels deck"),
        "{}",
        not_a_deck.stderr
    );
}

#[test]
fn solar_sentinels_deck_odds_default_to_the_setup() {
    // No --pool and no --strategy: the setup's dice after its rank's handicap (4,4,4,4,1 less
    // two yellow and a green, exhausted) and its hero's Strategy (flare: 2).
    let run = from_deck(&["--cards", "drone", "--json"]);
    let v = succeeded_json(&run);
    // 14 dice: the damage list runs from 0 to 28.
    assert_eq!(v["damage"].as_array().unwrap().len(), 29);
    let human = from_deck(&["--cards", "drone"]);
    assert!(
        human
            .stdout
            .starts_with("2 yellow, 3 green, 4 blue, 4 purple, 1 red rolled together"),
        "{}",
        human.stdout
    );
    assert!(human.stdout.contains("with Strategy 2"), "{}", human.stdout);
}

#[test]
fn solar_sentinels_cheapest_play_holds_the_red_die_back_by_hand() {
    // Health 2, two steps, a purple and a red die: commit the purple first. Its crit (1/6)
    // wins; on its hit (4/6) the red die, which never misses, finishes the enemy; on its miss
    // (1/6) both are rolled: 31/36. 1/6 + 4/6 + (1/6)(31/36) = 211/216, with the red committed
    // 5 times in 6: 11/6 dice on average, where the up-front answer commits 2. Every other play
    // lies under the line from committing nothing to it, so each target t mixes the two: t of
    // (211/216) of rounds, t × (11/6) / (211/216) dice on average.
    let run = solar(&[
        "--pool",
        "purple=1,red=1",
        "--enemies",
        "2",
        "--strategy",
        "2",
        "--json",
    ]);
    let v = succeeded_json(&run);
    let cheapest = v["cheapest"].as_array().unwrap();
    assert_eq!(cheapest.len(), 3);
    for (row, target) in cheapest.iter().zip([0.8, 0.9, 0.95]) {
        assert_eq!(row["first"], serde_json::json!({"purple": 1}), "{row}");
        assert!((row["chance"].as_f64().unwrap() - target).abs() < 1e-12);
        let mean = target * (11.0 / 6.0) / (211.0 / 216.0);
        assert!(
            (row["mean-dice"].as_f64().unwrap() - mean).abs() < 1e-12,
            "{row}"
        );
        let reaching = &row["mix"]["reaching"];
        assert!((reaching["chance"].as_f64().unwrap() - 211.0 / 216.0).abs() < 1e-12);
        assert!((reaching["mean-dice"].as_f64().unwrap() - 11.0 / 6.0).abs() < 1e-12);
        assert_eq!(row["mix"]["below"]["mean-dice"], 0.0, "{row}");
    }
    assert_eq!(v["fewest"][0]["count"], 2);
    // Too many dice for the search: no "cheapest", and the text says why.
    let big = solar(&[
        "--pool",
        "yellow=4,green=4,blue=4",
        "--enemies",
        "2",
        "--strategy",
        "2",
    ]);
    assert_eq!(big.code, 0, "{}", big.stderr);
    assert!(
        big.stdout.contains("holding dice back: not worked out"),
        "{}",
        big.stdout
    );
}

/// A deck's odds claim works out the chance `megahex odds --deck --cards` works out, with the
/// setup's dice and hero.
#[test]
fn a_deck_odds_claim_gives_the_chance_odds_gives() {
    let dir = common::scratch_dir("deck-odds-claim");
    let deck = common::workspace_root().join("scenarios/solar-first-light.yaml");
    let text = std::fs::read_to_string(&deck).unwrap();
    std::fs::write(
        dir.join("deck.yaml"),
        format!(
            "{text}\nassert:\n  - odds: {{cards: [cinder-beetle], defeat-all: {{at-least: 1.0}}}}\n"
        ),
    )
    .unwrap();
    let odds = common::megahex_in(
        &dir,
        [
            "odds",
            "--ruleset",
            "solar-sentinels",
            "--deck",
            deck.to_str().unwrap(),
            "--cards",
            "cinder-beetle",
            "--json",
        ],
    );
    assert_eq!(odds.code, 0, "{}", odds.stderr);
    let p = odds.json()["defeat-all"].as_f64().unwrap();
    assert!(p < 1.0, "the beetle is not a sure thing: {p}");
    let report = common::megahex_in(&dir, ["validate", "deck.yaml", "--format", "json"]).json();
    let finding = &report["files"][0]["diagnostics"][0];
    assert_eq!(finding["code"], "assertion-failed");
    let message = finding["message"].as_str().unwrap();
    assert!(
        message.contains(&format!("with chance {:.1}%", p * 100.0)),
        "{message} (odds: {p})"
    );
}

#[test]
fn solar_sentinels_a_decks_damage_table_counts_the_heros_ability_and_each_cards_effects() {
    // The bundled deck's setup hero, Marisol Flint, makes a yellow hit deal 2. Faces by hand
    // (misses, hits, crit of six): yellow 4, 1, 1; blue 2, 3, 1; purple 1, 4, 1; red 0, 5, 1.
    // Expected damage a die: yellow (2 + 2)/6, blue (3 + 2)/6, purple (4 + 2)/6, red (5 + 2)/6.
    let deck = common::workspace_root().join("scenarios/solar-first-light.yaml");
    let run = solar(&[
        "--deck",
        deck.to_str().unwrap(),
        "--cards",
        "silt-burrower,gleam-eater,mandible-scout",
        "--pool",
        "yellow=2,blue=2,purple=2,red=1",
        "--json",
    ]);
    let v = succeeded_json(&run);
    let near = |value: &Value, expected: f64| (value.as_f64().unwrap() - expected).abs() < 1e-12;
    let (yellow, blue, purple, red) = (4.0 / 6.0, 5.0 / 6.0, 1.0, 7.0 / 6.0);
    assert!(
        near(&v["expected"], 2.0 * (yellow + blue + purple) + red),
        "{v}"
    );
    // Silt Burrower takes no green or blue; Gleam Eater takes nothing from a red or purple
    // hit (their crits still deal 2); Mandible Scout bans red from being committed.
    let on_cards = v["on-cards"].as_array().unwrap();
    let cards: Vec<&str> = on_cards
        .iter()
        .map(|c| c["card"].as_str().unwrap())
        .collect();
    assert_eq!(cards, ["silt-burrower", "gleam-eater", "mandible-scout"]);
    assert!(
        near(&on_cards[0]["expected"], 2.0 * (yellow + purple) + red),
        "{v}"
    );
    let crit_only = 2.0 / 6.0;
    assert!(
        near(
            &on_cards[1]["expected"],
            2.0 * (yellow + blue + crit_only) + crit_only
        ),
        "{v}"
    );
    assert!(
        near(&on_cards[2]["expected"], 2.0 * (yellow + blue + purple)),
        "{v}"
    );
    assert_eq!(on_cards[2]["health"], 3);
    // Its chance of 3 or more from two yellows, two blues and two purples: counted over every
    // roll of the six dice, one face at a time.
    let faces = |misses: usize, dealt_by_hit: u32| -> Vec<u32> {
        (0..6)
            .map(|f| match f {
                f if f < misses => 0,
                5 => 2,
                _ => dealt_by_hit,
            })
            .collect()
    };
    let dice = [
        faces(4, 2),
        faces(4, 2),
        faces(2, 1),
        faces(2, 1),
        faces(1, 1),
        faces(1, 1),
    ];
    let mut at_least_3 = 0u32;
    for roll in 0..6u32.pow(6) {
        let mut code = roll;
        let dealt: u32 = dice
            .iter()
            .map(|die| {
                let face = die[(code % 6) as usize];
                code /= 6;
                face
            })
            .sum();
        at_least_3 += u32::from(dealt >= 3);
    }
    assert!(
        near(&on_cards[2]["defeat"], f64::from(at_least_3) / 6f64.powi(6)),
        "{v}"
    );
    // The same in words.
    let text = solar(&[
        "--deck",
        deck.to_str().unwrap(),
        "--cards",
        "mandible-scout",
        "--pool",
        "yellow=2,blue=2,purple=2,red=1",
    ]);
    assert!(
        text.stdout
            .contains("  mandible-scout: expected damage 5.000; at least its Health 3:"),
        "{}",
        text.stdout
    );
}

#[test]
fn solar_sentinels_enemy_damage_without_enemies_is_refused() {
    let run = solar(&["--pool", "red=1", "--enemy-damage", "2"]);
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(run.stderr.contains("--enemies"), "{}", run.stderr);
    // Its twin with the enemies it describes answers.
    let run = solar(&[
        "--pool",
        "red=1",
        "--enemies",
        "2",
        "--enemy-damage",
        "2",
        "--strategy",
        "1",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn solar_sentinels_one_more_die_of_each_colour() {
    // The red die against Health 2 over two steps: 11/36 (a crit at once, or a hit kept back
    // and rolled again for the crit). With a second red, both never miss: 2 damage in the first
    // roll, every time.
    let run = solar(&[
        "--pool",
        "red=1",
        "--enemies",
        "2",
        "--strategy",
        "2",
        "--json",
    ]);
    let v = succeeded_json(&run);
    assert!(
        (v["defeat-all"].as_f64().unwrap() - 11.0 / 36.0).abs() < 1e-12,
        "{v}"
    );
    let more = v["one-more-die"].as_object().unwrap();
    assert_eq!(more.len(), 5, "{v}");
    assert_eq!(more["red"], 1.0, "{v}");
    // Each colour's figure is the chance of the pool with that die added, asked on its own.
    for (colour, pool) in [
        ("yellow", "yellow=1,red=1"),
        ("green", "green=1,red=1"),
        ("blue", "blue=1,red=1"),
        ("purple", "purple=1,red=1"),
    ] {
        let alone = succeeded_json(&solar(&[
            "--pool",
            pool,
            "--enemies",
            "2",
            "--strategy",
            "2",
            "--json",
        ]));
        assert_eq!(more[colour], alone["defeat-all"], "{colour}");
    }
    let text = solar(&["--pool", "red=1", "--enemies", "2", "--strategy", "2"]);
    assert!(
        text.stdout.contains("  one more die: yellow +"),
        "{}",
        text.stdout
    );
    assert!(
        text.stdout.contains("red +69.44 points (100.00%)"),
        "{}",
        text.stdout
    );
}

#[test]
fn solar_sentinels_the_advisor_keeps_a_hit_rolling_when_that_is_worth_more() {
    // Faces (misses, hits, crit of six): yellow 4, 1, 1; red 0, 5, 1. A yellow hit is rolled
    // against Health 2 and Health 1 with one step left and a red die still in the pool.
    // Assigned to the Health 1 enemy it fells it, and the red must crit: 6/36. Kept, the yellow
    // rolls again with the red: a red crit with a yellow hit or crit (1/6 × 2/6), or a red hit
    // with a yellow crit (5/6 × 1/6): 7/36. The red is needed: the yellow alone cannot cover two.
    let run = solar(&[
        "--enemies",
        "2,1",
        "--pool",
        "red=1",
        "--rolled",
        "yellow:hit",
        "--steps-left",
        "1",
        "--json",
    ]);
    let v = succeeded_json(&run);
    let advice = &v["advice"];
    assert!(
        (advice["chance"].as_f64().unwrap() - 7.0 / 36.0).abs() < 1e-12,
        "{v}"
    );
    for enemy in advice["assign"].as_array().unwrap() {
        assert_eq!(enemy["dice"], serde_json::json!([]), "{v}");
    }
    assert_eq!(
        advice["roll-again"],
        serde_json::json!([{"colour": "yellow", "face": "hit", "count": 1}])
    );
    assert_eq!(advice["commit"], serde_json::json!({"red": 1}));
    let human = solar(&[
        "--enemies",
        "2,1",
        "--pool",
        "red=1",
        "--rolled",
        "yellow:hit",
        "--steps-left",
        "1",
    ]);
    assert_eq!(human.code, 0, "{}", human.stderr);
    assert!(human.stdout.contains("roll again"), "{}", human.stdout);
    assert!(human.stdout.contains("19.4%"), "{}", human.stdout);
}

#[test]
fn solar_sentinels_the_advisor_counts_the_damage_already_dealt() {
    // Health 3 with 1 dealt: a yellow crit on the last step covers the 2 left.
    let run = solar(&[
        "--enemies",
        "3",
        "--dealt",
        "1",
        "--rolled",
        "yellow:crit",
        "--steps-left",
        "0",
        "--json",
    ]);
    let v = succeeded_json(&run);
    assert_eq!(v["advice"]["chance"], 1.0);
    assert_eq!(
        v["advice"]["assign"][0]["dice"],
        serde_json::json!([{"colour": "yellow", "face": "crit", "count": 1}])
    );
    assert_eq!(v["advice"]["assign"][0]["health-left"], 2);
    // Its twin without the damage dealt: Health 3 stays out of reach.
    let twin = solar(&[
        "--enemies",
        "3",
        "--rolled",
        "yellow:crit",
        "--steps-left",
        "0",
        "--json",
    ]);
    assert_eq!(succeeded_json(&twin)["advice"]["chance"], 0.0);
}

#[test]
fn solar_sentinels_the_advisor_refuses_options_that_make_no_roll() {
    let no_steps = solar(&["--enemies", "2", "--rolled", "red:hit"]);
    assert_eq!(no_steps.code, 2, "{}", no_steps.stderr);
    let bad_face = solar(&["--enemies", "2", "--rolled", "red:big", "--steps-left", "1"]);
    assert_eq!(bad_face.code, 2);
    assert!(
        bad_face.stderr.contains("COLOUR:FACE"),
        "{}",
        bad_face.stderr
    );
    let short = solar(&[
        "--enemies",
        "2,3",
        "--dealt",
        "1",
        "--rolled",
        "red:hit",
        "--steps-left",
        "1",
    ]);
    assert_eq!(short.code, 2);
    assert!(short.stderr.contains("--dealt"), "{}", short.stderr);
}

/// The number at `key` of a JSON answer, within rounding of `expected`.
fn assert_near(v: &Value, pointer: &str, expected: f64) {
    let found = v.pointer(pointer).and_then(Value::as_f64);
    assert!(
        found.is_some_and(|p| (p - expected).abs() < 1e-12),
        "{pointer}: expected {expected} in {v}"
    );
}

#[test]
fn solar_sentinels_the_boss_is_searched_alone_among_six_enemies() {
    // Health 2 with one red die (five hits, a crit) over two steps: a crit at once, or a hit
    // rolled again for a crit: 1/6 + 5/6 × 1/6 = 11/36. The plain others cannot change it.
    let args = [
        "--enemies",
        "2,1,1,1,1,1",
        "--pool",
        "red=1",
        "--strategy",
        "2",
    ];
    let mut chosen = args.to_vec();
    chosen.extend(["--defeat", "1", "--json"]);
    let v = succeeded_json(&solar(&chosen));
    assert_near(&v, "/chosen/chance", 11.0 / 36.0);
    assert_eq!(v["chosen"]["searched"], serde_json::json!(["enemy 1"]));
    assert!(v.get("defeat-all").is_none(), "{v}");
    // Its twin without --defeat, with four red dice so that their Health (7) is within reach
    // (8): all six at once, more than the search takes. Each die goes to one enemy, so four
    // dice never fell six: exactly 0.
    let within = [
        "--enemies",
        "2,1,1,1,1,1",
        "--pool",
        "red=4",
        "--strategy",
        "2",
        "--json",
    ];
    let every = succeeded_json(&solar(&within));
    assert_eq!(every["defeat-all-bounds"]["low"], 0.0);
    assert_eq!(every["defeat-all-bounds"]["high"], 0.0);
    // The human answer says which enemies were left out.
    let mut human = args.to_vec();
    human.extend(["--defeat", "1"]);
    let run = solar(&human);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("defeats enemy 1 this round with Strategy 2")
            && run.stdout.contains("30.56%")
            && run.stdout.contains("the other 5 enemies cannot change it"),
        "{}",
        run.stdout
    );
}

#[test]
fn solar_sentinels_more_than_four_enemies_lie_between_two_exact_searches() {
    let bounds = |pool: &str, enemies: &str, strategy: &str| {
        let v = succeeded_json(&solar(&[
            "--pool",
            pool,
            "--enemies",
            enemies,
            "--strategy",
            strategy,
            "--json",
        ]));
        let b = &v["defeat-all-bounds"];
        let (low, high) = (b["low"].as_f64().unwrap(), b["high"].as_f64().unwrap());
        // Where the bounds meet, the answer is exact, as with four enemies or fewer.
        match (high - low).abs() < 1e-12 {
            true => assert_eq!(v["defeat-all"].as_f64(), Some(low), "{v}"),
            false => assert!(v.get("defeat-all").is_none(), "{v}"),
        }
        (low, high)
    };
    // Five enemies of Health 1 and five yellow dice in one step: each die fells one enemy
    // when it shows a hit or a crit (2 of its 6 faces), so every one falls with (1/3)^5 =
    // 1/243. The bounds meet there.
    let (low, high) = bounds("yellow=5", "1,1,1,1,1", "1");
    assert!((low - 1.0 / 243.0).abs() < 1e-12, "{low}");
    assert!((high - 1.0 / 243.0).abs() < 1e-12, "{high}");
    // Five red dice never miss: certain.
    let (low, high) = bounds("red=5", "1,1,1,1,1", "1");
    assert!((low - 1.0).abs() < 1e-12 && (high - 1.0).abs() < 1e-12);
    // Where the bounds part, the human answer gives both and how they were found.
    let args = [
        "--pool",
        "red=4,purple=3,blue=2",
        "--enemies",
        "3,3,3,3,1",
        "--strategy",
        "2",
    ];
    let run = solar(&args);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("played at best: between ")
            && run
                .stdout
                .contains("5 enemies are more than the exact search shares dice among (4)")
            && run
                .stdout
                .contains("the floor searches {enemy 4, enemy 5} as one enemy each"),
        "{}",
        run.stdout
    );
    let (low, high) = bounds("red=4,purple=3,blue=2", "3,3,3,3,1", "2");
    assert!(0.0 < low && low < high && high < 1.0, "{low} {high}");
}

#[test]
fn solar_sentinels_a_shielded_boss_keeps_its_entourage_in_the_search() {
    // The queen is shielded while a level 1 or 2 enemy stands: both others are searched.
    let v = succeeded_json(&from_deck(&[
        "--cards",
        "queen,drone,red-shy",
        "--defeat",
        "queen",
        "--pool",
        "red=1",
        "--strategy",
        "1",
        "--json",
    ]));
    assert_eq!(
        v["chosen"]["searched"],
        serde_json::json!(["queen", "drone", "red-shy"])
    );
    assert_near(&v, "/chosen/chance", 0.0);
    // Its twin choosing the drone among five cards: a red die always fells Health 1, and
    // none of the others' effects reach the drone.
    let v = succeeded_json(&from_deck(&[
        "--cards",
        "drone,red-shy,warden,stinger,brute",
        "--defeat",
        "drone",
        "--pool",
        "red=1",
        "--strategy",
        "1",
        "--json",
    ]));
    assert_eq!(v["chosen"]["searched"], serde_json::json!(["drone"]));
    assert_near(&v, "/chosen/chance", 1.0);
    let unknown = from_deck(&["--cards", "drone", "--defeat", "queen", "--pool", "red=1"]);
    assert_eq!(unknown.code, 2);
    assert!(
        unknown.stderr.contains("--defeat queen"),
        "{}",
        unknown.stderr
    );
}

#[test]
fn solar_sentinels_expected_defeated_and_crits_count_by_hand() {
    // One yellow die (four misses, a hit, a crit) over two steps against two Health 1: a hit
    // or crit at once fells one (2/6); a miss rolls again for another 2/6: 2/6 + 4/6 × 2/6.
    let v = succeeded_json(&solar(&[
        "--enemies",
        "1,1",
        "--pool",
        "yellow=1",
        "--strategy",
        "2",
        "--json",
    ]));
    assert_near(&v, "/expected-defeated", 5.0 / 9.0);
    // One crit face on each die: none in one roll is 5/6 each, over two steps (5/6)^4.
    let v = succeeded_json(&solar(&[
        "--enemies",
        "1",
        "--pool",
        "red=1,yellow=1",
        "--strategy",
        "2",
        "--json",
    ]));
    assert_near(&v, "/crit/first-roll", 11.0 / 36.0);
    assert_near(&v, "/crit/round", 671.0 / 1296.0);
}

#[test]
fn hex_skirmish_a_spell_lands_past_the_strike_and_the_resistance_check() {
    // D10 + 2 against D10 + 1 defence, and resisted when D10 + 2 resistance is higher than the
    // same D10 + 2 strike. For an attack roll a: the defence fails for min(a + 1, 10) of 10
    // rolls and the resistance for a of 10, so it lands sum over a of a × min(a + 1, 10) in
    // 1000: (285 + 45) + 100 = 430. No soak: the 3 soak given is not taken off the 4.
    let v = succeeded_json(&skirmish(&[
        "--strike",
        "2",
        "--defense",
        "1",
        "--resistance",
        "2",
        "--damage",
        "4",
        "--soak",
        "3",
        "--no-soak",
        "--json",
    ]));
    assert_near(&v, "/hit", 0.43);
    assert_near(&v, "/damage/4", 0.43);
    // Its twin without a strike roll: only the resistance check, which fails for a in 10 of
    // each attack roll a: 55 in 100.
    let v = succeeded_json(&skirmish(&[
        "--strike",
        "2",
        "--defense",
        "1",
        "--resistance",
        "2",
        "--damage",
        "4",
        "--no-strike-roll",
        "--json",
    ]));
    assert_near(&v, "/hit", 0.55);
    assert_eq!(v["spell"]["strike-roll"], false);
}

#[test]
fn solar_sentinels_six_enemies_beyond_the_pools_reach_are_an_exact_zero() {
    // Two red dice deal at most 2 + 2; six enemies of Health 1 need 6.
    let v = succeeded_json(&solar(&[
        "--enemies",
        "1,1,1,1,1,1",
        "--pool",
        "red=2",
        "--strategy",
        "2",
        "--json",
    ]));
    assert_eq!(v["defeat-all"], 0.0);
    assert_eq!(v["beyond-reach"], true);
    // Its twin with six red dice is within reach, and six enemies are more than the search
    // shares dice among: answered between two bounds, which meet, since a red die never
    // misses and each fells one enemy: certain.
    let twin = succeeded_json(&solar(&[
        "--enemies",
        "1,1,1,1,1,1",
        "--pool",
        "red=6",
        "--strategy",
        "2",
        "--json",
    ]));
    assert!(
        (twin["defeat-all"].as_f64().unwrap() - 1.0).abs() < 1e-12,
        "{twin}"
    );
    assert!(twin.get("beyond-reach").is_none(), "{twin}");
}

/// With a deck, enemies given by Health are refused with a hint, not searched as no enemy at
/// all (which answered a sure defeat of nobody); the same run naming the cards answers.
#[test]
fn solar_sentinels_a_deck_takes_its_enemies_by_card_not_by_health() {
    let deck = common::workspace_root().join("scenarios/solar-first-light.yaml");
    let deck = deck.to_str().unwrap();
    let run = solar(&["--deck", deck, "--enemies", "3,3"]);
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(
        run.stderr
            .contains("--enemies gives enemies by Health alone")
            && run.stderr.contains("--cards"),
        "{}",
        run.stderr
    );
    assert!(run.stdout.is_empty(), "{}", run.stdout);
    // The twin names two cards of Health 3 instead.
    let v = succeeded_json(&solar(&[
        "--deck",
        deck,
        "--cards",
        "pale-larva,dust-mite-swarm",
        "--json",
    ]));
    let p = v["defeat-all"].as_f64().unwrap();
    assert!(0.0 < p && p < 1.0, "{v}");
}
