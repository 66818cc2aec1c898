//! The hex-skirmish ruleset end to end: every command a designer runs works on the bundled
//! hex-skirmish scenarios, and answers what the rules say.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use serde_json::Value;

const SCENARIOS: [&str; 3] = [
    "scenarios/skirmish-drowned-arena.yaml",
    "scenarios/skirmish-rooftop-town.yaml",
    "scenarios/skirmish-bush-maze.yaml",
];

fn megahex(args: &[&str]) -> common::Run {
    common::megahex_in(&common::workspace_root(), args.to_vec())
}

fn json(run: &common::Run) -> Value {
    assert_eq!(run.code, 0, "{}", run.stderr);
    serde_json::from_str(&run.stdout).unwrap()
}

#[test]
fn every_bundled_hex_skirmish_scenario_validates_clean() {
    for path in SCENARIOS {
        let run = megahex(&["validate", "--deny-warnings", path]);
        assert_eq!(run.code, 0, "{path}: {}{}", run.stdout, run.stderr);
    }
}

#[test]
fn los_between_two_units_and_from_one_to_every_hex() {
    let pair = json(&megahex(&[
        "los",
        SCENARIOS[0],
        "--from",
        "slinger",
        "--to",
        "gladiator",
        "--json",
    ]));
    // Both stand on open ground at the south of the arena, two hexes apart.
    assert_eq!(pair["from"], serde_json::json!([1, 4]));
    assert_eq!(pair["to"], serde_json::json!([-1, 5]));
    assert_eq!(pair["distance"], 2);
    assert_eq!(pair["visible"], true);
    assert_eq!(pair["rule"], "higher-than-both/strict");
    // A hex behind the thorn bush at [-3, 3], looking from the gladiator along the line of
    // hexes [-1, 5] to [-4, 2]: the bush stands on it, so nothing gets through.
    let hidden = json(&megahex(&[
        "los",
        SCENARIOS[0],
        "--from",
        "-1,5",
        "--to",
        "-5,1",
        "--json",
    ]));
    assert_eq!(hidden["visible"], false, "{hidden}");
    assert!(
        hidden["blocked_by"]
            .as_array()
            .unwrap()
            .contains(&serde_json::json!([-3, 3])),
        "{hidden}"
    );
    let all = json(&megahex(&[
        "los",
        SCENARIOS[0],
        "--from",
        "hexer",
        "--json",
    ]));
    assert_eq!(all.as_array().unwrap().len(), 91);
}

#[test]
fn reach_spends_the_units_actions_with_water_costing_two() {
    let reach = json(&megahex(&[
        "reach",
        SCENARIOS[0],
        "--from",
        "gladiator",
        "--json",
    ]));
    assert_eq!(reach["from"], serde_json::json!([-1, 5]));
    let hexes = reach["hexes"].as_array().unwrap();
    let cost_of = |at: [i32; 2]| {
        hexes
            .iter()
            .find(|h| h["at"] == serde_json::json!(at))
            .map(|h| h["cost"].as_u64().unwrap())
    };
    // Two dry steps north, then into the pool at [-1, 2]: 1 + 1 + 2, and a water hex is a
    // hazard while the monster lurks.
    assert_eq!(cost_of([-1, 3]), Some(2));
    assert_eq!(cost_of([-1, 2]), Some(4));
    let pool = hexes
        .iter()
        .find(|h| h["at"] == serde_json::json!([-1, 2]))
        .unwrap();
    assert_eq!(pool["hazards"], serde_json::json!([[-1, 2]]));
    // Four actions go no further than four.
    assert!(hexes.iter().all(|h| h["cost"].as_u64().unwrap() <= 4));
    let fewer = json(&megahex(&[
        "reach",
        SCENARIOS[0],
        "--from",
        "gladiator",
        "--actions",
        "1",
        "--json",
    ]));
    assert!(
        fewer["hexes"]
            .as_array()
            .unwrap()
            .iter()
            .all(|h| h["cost"].as_u64().unwrap() <= 1)
    );
}

#[test]
fn odds_for_every_pair_of_enemies_in_a_scenario() {
    let table = json(&megahex(&[
        "odds",
        "--ruleset",
        "hex-skirmish",
        "--scenario",
        SCENARIOS[2],
        "--json",
    ]));
    let pairs = table["pairs"].as_array().unwrap();
    // Two units a side, no water: each attacks each of the two enemies.
    assert_eq!(pairs.len(), 8);
    let warden_on_stalker = pairs
        .iter()
        .find(|p| p["attacker"] == "warden" && p["defender"] == "stalker")
        .unwrap();
    // Strike 3 against Defense 2: +1, 64 of 100 (the reference page's table).
    assert_eq!(warden_on_stalker["hit"], 0.64);
    assert_eq!(warden_on_stalker["weapon"], "Mace");
    assert_eq!(warden_on_stalker["attacks"], 2);
    assert_eq!(warden_on_stalker["hit_points"], 11);
    // Duels: one for each pair of enemies, and one always falls when either can hurt.
    let duels = table["duels"].as_array().unwrap();
    assert_eq!(duels.len(), 4);
    for duel in duels {
        let decided = duel["first-wins"].as_f64().unwrap() + duel["second-wins"].as_f64().unwrap();
        assert!((decided - 1.0).abs() < 1e-9, "{duel}");
    }
    // The pilgrim's bare hands are all soaked by the trapper (expected damage 0): the trapper
    // wins, in as many rounds as its own turns to kill the pilgrim (the kill table's method).
    let duel = duels
        .iter()
        .find(|d| d["first"] == "pilgrim" && d["second"] == "trapper")
        .unwrap();
    assert!(
        (duel["second-wins"].as_f64().unwrap() - 1.0).abs() < 1e-12,
        "{duel}"
    );
    let trapper_on_pilgrim = pairs
        .iter()
        .find(|p| p["attacker"] == "trapper" && p["defender"] == "pilgrim")
        .unwrap();
    let rounds = duel["expected-rounds"].as_f64().unwrap();
    let turns = trapper_on_pilgrim["expected_turns"].as_f64().unwrap();
    assert!((rounds - turns).abs() < 1e-9, "{rounds} against {turns}");
}

#[test]
fn simulate_is_reproducible_and_every_game_is_decided_or_limited() {
    let args = [
        "simulate",
        SCENARIOS[0],
        "--games",
        "500",
        "--seed",
        "9",
        "--json",
    ];
    let first = megahex(&args);
    assert_eq!(first.stdout, megahex(&args).stdout);
    let v = json(&first);
    let wins: u64 = v["teams"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["wins"].as_u64().unwrap())
        .sum();
    let limited = (v["round_limit_share"].as_f64().unwrap() * 500.0).round() as u64;
    assert_eq!(wins + limited, 500);
    // The report names its policy, and how its weapon choice fares in each pair's duel.
    assert!(
        v["policy"]
            .as_str()
            .unwrap()
            .contains("most expected damage"),
        "{v}"
    );
    assert!(
        v["against-best"]
            .as_str()
            .unwrap()
            .contains("the best weapon held for the whole duel"),
        "{v}"
    );
}

#[test]
fn render_draws_the_arena_with_an_overlay() {
    let dir = common::scratch_dir("skirmish-render");
    for (overlay, name) in [
        ("los:slinger", "los.svg"),
        ("reach:gladiator:4", "reach.svg"),
        ("range:hexer", "range.svg"),
    ] {
        let out = dir.join(name);
        let run = megahex(&[
            "render",
            SCENARIOS[0],
            "-o",
            out.to_str().unwrap(),
            "--overlay",
            overlay,
        ]);
        assert_eq!(run.code, 0, "{overlay}: {}", run.stderr);
        let svg = std::fs::read_to_string(&out).unwrap();
        assert!(
            svg.starts_with("<svg") || svg.starts_with("<?xml"),
            "{overlay}"
        );
        // Every unit is drawn with its label.
        for unit in ["gladiator", "slinger", "retiarius", "hexer"] {
            assert!(svg.contains(unit), "{overlay}: {unit} missing");
        }
    }
}

#[test]
fn area_says_hex_skirmish_has_no_area_attacks() {
    let run = megahex(&[
        "area",
        SCENARIOS[0],
        "--from",
        "hexer",
        "--origin",
        "0,0",
        "--radius",
        "1",
    ]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("hex-skirmish ruleset has no area attacks"),
        "{}",
        run.stderr
    );
}
