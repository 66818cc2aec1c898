//! `megahex simulate` end to end: reproducible with a seed, and clear about what it lacks.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use serde_json::Value;

fn simulate(args: &[&str]) -> common::Run {
    let mut all = vec!["simulate"];
    all.extend_from_slice(args);
    common::megahex_in(&common::workspace_root(), all)
}

#[test]
fn the_same_seed_prints_the_same_bytes() {
    let args = [
        "scenarios/skirmish-three-on-three.yaml",
        "--games",
        "300",
        "--seed",
        "5",
        "--json",
    ];
    let first = simulate(&args);
    assert_eq!(first.code, 0, "{}", first.stderr);
    let second = simulate(&args);
    assert_eq!(first.stdout, second.stdout);
    let v: Value = serde_json::from_str(&first.stdout).unwrap();
    assert_eq!(v["games"], 300);
    assert_eq!(v["seed"], 5);
    // Every game is won by one team or ends at the round limit.
    let wins: u64 = v["teams"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["wins"].as_u64().unwrap())
        .sum();
    let limited = (v["round_limit_share"].as_f64().unwrap() * 300.0).round() as u64;
    assert_eq!(wins + limited, 300);
    let lengths: u64 = v["lengths"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["games"].as_u64().unwrap())
        .sum();
    assert_eq!(lengths, 300);
    for t in v["teams"].as_array().unwrap() {
        let [lo, hi] = [
            t["interval"][0].as_f64().unwrap(),
            t["interval"][1].as_f64().unwrap(),
        ];
        let share = t["share"].as_f64().unwrap();
        assert!(lo <= share && share <= hi, "{t}");
    }
}

#[test]
fn a_scenario_without_stats_is_refused_by_name() {
    let run = simulate(&["scenarios/city-blades-gambit.yaml", "--games", "10"]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("stats missing") && run.stderr.contains("`legacy` (all stats)"),
        "{}",
        run.stderr
    );
    let bad = simulate(&["scenarios/skirmish-three-on-three.yaml", "--games", "0"]);
    assert_eq!(bad.code, 2);
}

/// A deck's balance claim plays the games `megahex simulate --games N --seed S` plays: its
/// finding counts the same wins.
#[test]
fn a_deck_balance_claim_counts_the_wins_simulate_counts() {
    let dir = common::scratch_dir("deck-balance-claim");
    let deck = common::workspace_root().join("scenarios/solar-first-light.yaml");
    let text = std::fs::read_to_string(&deck).unwrap();
    std::fs::write(
        dir.join("deck.yaml"),
        format!("{text}\nassert:\n  - balance: {{win-rate: [0.95, 1.0], games: 200, seed: 3}}\n"),
    )
    .unwrap();
    let simulated = common::megahex_in(
        &dir,
        [
            "simulate",
            deck.to_str().unwrap(),
            "--games",
            "200",
            "--seed",
            "3",
            "--json",
        ],
    );
    assert_eq!(simulated.code, 0, "{}", simulated.stderr);
    let simulated = simulated.json();
    let (wins, games) = (
        simulated["wins"].as_u64().unwrap(),
        simulated["games"].as_u64().unwrap(),
    );
    let report = common::megahex_in(&dir, ["validate", "deck.yaml", "--format", "json"]).json();
    let finding = &report["files"][0]["diagnostics"][0];
    assert_eq!(finding["code"], "assertion-failed");
    let message = finding["message"].as_str().unwrap();
    assert!(
        message.starts_with(&format!("the player won {wins} of {games} games")),
        "{message}"
    );
}

#[test]
fn ranks_that_draw_more_missions_than_the_deck_has_are_refused() {
    // The bundled deck with only the five missions its setup draws: rank 2 draws 5 (three
    // more than the rank), rank 3 would draw 6.
    let dir = common::scratch_dir("ranks-without-missions");
    let deck = common::workspace_root().join("scenarios/solar-first-light.yaml");
    let drawn = [
        "purge-the-brood",
        "yellow-dawn",
        "mark-the-orange",
        "hold-the-line",
        "sunburst",
    ];
    let text: String = std::fs::read_to_string(deck)
        .unwrap()
        .lines()
        .filter(|line| {
            let mission = line.trim_start().starts_with("- {id: ") && line.contains("condition:");
            !mission
                || drawn
                    .iter()
                    .any(|id| line.contains(&format!("{{id: {id},")))
        })
        .map(|line| format!("{line}\n"))
        .collect();
    // The box has twelve missions; this deck says it is built for five.
    let text = text.replacen(
        "\nheroes:",
        "\ncomponents: {stack-size: 15, bosses: 4, missions: 5}\nheroes:",
        1,
    );
    std::fs::write(dir.join("five.yaml"), text).unwrap();
    let validated = common::megahex_in(&dir, ["validate", "five.yaml"]);
    assert_eq!(validated.code, 0, "{}", validated.stdout);

    let two = common::megahex_in(
        &dir,
        ["simulate", "five.yaml", "--ranks", "2", "--games", "5"],
    );
    assert_eq!(two.code, 0, "{}", two.stderr);
    let three = common::megahex_in(
        &dir,
        ["simulate", "five.yaml", "--ranks", "2-3", "--games", "5"],
    );
    assert_eq!(three.code, 2, "{}", three.stdout);
    assert!(
        three.stderr.contains(
            "rank 3 draws 6 missions, but the deck has 5 (rank-setup); play ranks up to 2"
        ),
        "{}",
        three.stderr
    );
    assert_eq!(three.stdout, "");
}

/// The skill report on a scenario whose outcome each choice decides for certain (see the
/// fixture's header): the heroes never win played simply and always win played by the stronger
/// player, so the gain is exactly 100 points with no spread; the villains win every game either
/// way.
#[test]
fn the_skill_report_finds_the_choice_that_decides_the_game() {
    let file = "tests/fixtures/valid/simulate-skill-decoy.yaml";
    let run = simulate(&[file, "--games", "30", "--skill", "20", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: Value = serde_json::from_str(&run.stdout).unwrap();
    let skill = &v["skill"];
    assert_eq!(skill["verdict"], "play");
    let heroes = &skill["teams"][0];
    assert_eq!(heroes["team"], "heroes");
    assert_eq!(
        (
            &heroes["games"],
            &heroes["simple-wins"],
            &heroes["strong-wins"]
        ),
        (&Value::from(20), &Value::from(0), &Value::from(20))
    );
    assert_eq!(heroes["gain"].as_f64(), Some(1.0));
    let villains = &skill["teams"][1];
    assert_eq!(
        (&villains["simple-wins"], &villains["strong-wins"]),
        (&Value::from(20), &Value::from(20))
    );
    let human = simulate(&[file, "--games", "30", "--skill", "20"]);
    assert!(human.stdout.contains("decided by play"), "{}", human.stdout);
}

/// A deck's skill report plays self-play's own games as its careful side: with as many skill
/// games as games, each hero's careful wins are the hero's wins in the report above it.
#[test]
fn a_decks_skill_report_compares_self_play_with_greedy_play_on_the_same_games() {
    let run = simulate(&[
        "scenarios/solar-first-light.yaml",
        "--games",
        "40",
        "--skill",
        "40",
        "--json",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: Value = serde_json::from_str(&run.stdout).unwrap();
    let heroes = v["heroes"].as_array().unwrap();
    let rows = v["skill"]["teams"].as_array().unwrap();
    assert_eq!(heroes.len(), rows.len());
    for (hero, row) in heroes.iter().zip(rows) {
        assert!(
            row["team"]
                .as_str()
                .unwrap()
                .starts_with(hero["hero"].as_str().unwrap()),
            "{row}"
        );
        assert_eq!(row["strong-wins"], hero["wins"], "{row} {hero}");
        assert_eq!(row["games"], 40);
    }
    assert!(["play", "dice", "unclear"].contains(&v["skill"]["verdict"].as_str().unwrap()));
}
