//! Self-play on small scenarios whose outcomes are certain, and the report's arithmetic.

use super::*;

fn scenario(text: &str) -> Scenario {
    serde_yaml::from_str(text).unwrap()
}

/// Legacy next to a 1-health soldier on flat ground (M1 hexes (0,0) and (0,1), both elevation
/// 1), with 12 attack dice against none: every die makes range 1, so the first attack destroys
/// the soldier, and the heroes move first.
const CERTAIN: &str = "format: 1
ruleset: sentinel-tactics
map:
  tiles:
    - {tile: 1, side: megalopolis, at: [0, 0]}
teams:
  - {id: heroes}
  - {id: villains}
tokens:
  - {id: legacy, kind: character, character: legacy, team: heroes, at: [0, 0]}
  - {id: grunt, kind: minion, character: blade-battalion-soldier, team: villains, at: [0, 1]}
objectives:
  - {id: smash, team: heroes, kind: destroy, targets: [grunt]}
turn-order: [heroes, villains]
stats:
  legacy: {health: 10, actions: 2, defense: 0, movement: {value: 3}, attacks: [{name: Punch, kind: melee, dice: 12}]}
  blade-battalion-soldier: {health: 1, actions: 1, defense: 0, movement: {value: 2}, attacks: [{name: Jab, kind: melee, dice: 1}]}
";

#[test]
fn a_certain_game_is_won_in_the_first_round_every_time() {
    let s = scenario(CERTAIN);
    let results = simulate(&s, &Catalog::builtin(), 50, 9, &|| {}).unwrap();
    assert_eq!(results.len(), 50);
    for r in &results {
        assert_eq!(r.winner.as_deref(), Some("heroes"));
        assert_eq!(r.objective.as_deref(), Some("smash"));
        assert_eq!((r.rounds, r.hit_limit), (1, false));
    }
    let summary = summarise(&s, &results);
    assert_eq!(summary.teams[0].1, 50);
    assert_eq!(summary.lengths, vec![(1, 50)]);
}

#[test]
fn nobody_can_win_so_every_game_reaches_the_round_limit() {
    // No attacks and no objectives a move can finish: 3 rounds, then the limit.
    let text = CERTAIN
        .replace(
            "attacks: [{name: Punch, kind: melee, dice: 12}]",
            "attacks: []",
        )
        .replace(
            "attacks: [{name: Jab, kind: melee, dice: 1}]",
            "attacks: []",
        )
        + "round-limit: 3\n";
    let s = scenario(&text);
    let results = simulate(&s, &Catalog::builtin(), 20, 1, &|| {}).unwrap();
    assert!(
        results
            .iter()
            .all(|r| r.hit_limit && r.rounds == 3 && r.winner.is_none())
    );
    assert_eq!(summarise(&s, &results).round_limit_share, 1.0);
}

#[test]
fn the_same_seed_gives_the_same_games_on_any_number_of_threads() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../scenarios/skirmish-three-on-three.yaml"),
    )
    .unwrap();
    let s = scenario(&text);
    let catalog = Catalog::builtin();
    let many = simulate(&s, &catalog, 200, 42, &|| {}).unwrap();
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap()
        .install(|| simulate(&s, &catalog, 200, 42, &|| {}).unwrap());
    assert_eq!(many, one);
    let other = simulate(&s, &catalog, 200, 43, &|| {}).unwrap();
    assert_ne!(many, other, "another seed plays other games");
}

#[test]
fn missing_stats_are_named() {
    let text = CERTAIN.replace(
        "  blade-battalion-soldier: {health: 1, actions: 1, defense: 0, movement: {value: 2}, attacks: [{name: Jab, kind: melee, dice: 1}]}\n",
        "",
    );
    let err = simulate(&scenario(&text), &Catalog::builtin(), 1, 1, &|| {}).unwrap_err();
    assert_eq!(
        err,
        SimulateError::MissingStats("`grunt` (all stats)".into())
    );
}

#[test]
fn the_wilson_interval_by_hand() {
    // 50 wins in 100: centre 0.5; half-width z / (1 + z^2/n) * sqrt(p(1-p)/n + z^2/(4n^2))
    // = 1.959964 / 1.038415 * sqrt(0.0025 + 0.0000960) = 0.096170.
    let s = scenario(CERTAIN);
    let results: Vec<GameResult> = (0..100)
        .map(|i| GameResult {
            winner: Some(if i < 50 { "heroes" } else { "villains" }.into()),
            objective: None,
            rounds: 1,
            hit_limit: false,
        })
        .collect();
    let (lo, hi) = summarise(&s, &results).teams[0].3;
    assert!(
        (lo - 0.403830).abs() < 1e-5 && (hi - 0.596170).abs() < 1e-5,
        "{lo} {hi}"
    );
}

#[test]
fn omnitron_takes_another_shape_where_its_own_does_not_fit() {
    // Omnitron-V (ignoring elevation, move 1, one action) stands on (0,0), (-1,0), (-2,0) of
    // M1 and must reach (1,-1), next to (0,0) only. Its own shape moved there would cover
    // (0,-1), where a hero that never moves stands; the rulebook lets it end in any shape
    // with a hex on the end point, so it reaches the hex in its first turn, every game.
    let s = scenario(
        "format: 1
ruleset: sentinel-tactics
map:
  tiles:
    - {tile: 1, side: megalopolis, at: [0, 0]}
teams:
  - {id: machines}
  - {id: heroes}
tokens:
  - {id: omni, kind: character, character: omnitron-v, team: machines, at: [[0, 0], [-1, 0], [-2, 0]]}
  - {id: legacy, kind: character, character: legacy, team: heroes, at: [0, -1]}
objectives:
  - {id: breach, team: machines, kind: reach, hexes: [[1, -1]]}
turn-order: [machines, heroes]
round-limit: 3
stats:
  omnitron-v: {health: 10, actions: 1, defense: 0, movement: {value: 1}, mobility: true, attacks: []}
  legacy: {health: 10, actions: 1, defense: 0, movement: {value: 0}, attacks: []}
",
    );
    let results = simulate(&s, &Catalog::builtin(), 20, 5, &|| {}).unwrap();
    for r in &results {
        assert_eq!(r.winner.as_deref(), Some("machines"), "{r:?}");
        assert_eq!(r.objective.as_deref(), Some("breach"));
        assert_eq!((r.rounds, r.hit_limit), (1, false));
    }
}

/// Self-play of a scenario: every game's `(winner, rounds)`.
fn outcomes(text: &str, games: u32) -> Vec<(Option<String>, u32)> {
    simulate(&scenario(text), &Catalog::builtin(), games, 3, &|| {})
        .unwrap()
        .into_iter()
        .map(|r| (r.winner, r.rounds))
        .collect()
}

/// Heroes with a one-die Jab and a soldier with 2 health on M1, placed by each test. A one-die
/// attack with no auto-miss against no defence dice at range 1 (next to each other, same
/// elevation) always deals exactly 1 damage.
const JABS: &str = "format: 1
ruleset: sentinel-tactics
map:
  tiles:
    - {tile: 1, side: megalopolis, at: [0, 0]}
teams:
  - {id: heroes}
  - {id: villains}
objectives:
  - {id: smash, team: heroes, kind: destroy, targets: [grunt]}
stats:
  legacy: {health: 10, actions: 2, defense: 0, movement: {value: 0}, attacks: [{name: Jab, kind: melee, dice: 1}]}
  bunker: {health: 10, actions: 2, defense: 0, movement: {value: 0}, attacks: [{name: Jab, kind: melee, dice: 1}]}
  blade-battalion-soldier: {health: 2, actions: 1, defense: 0, movement: {value: 0}}
";

#[test]
fn each_ability_is_used_once_a_turn() {
    // Legacy on (0,0) next to the soldier on (0,1); one Jab a turn deals 1 of its 2 health.
    // Were the Jab repeatable, the soldier would fall in round 1; once a turn, in round 2.
    let text = format!(
        "{JABS}tokens:
  - {{id: legacy, kind: character, character: legacy, team: heroes, at: [0, 0]}}
  - {{id: grunt, kind: minion, character: blade-battalion-soldier, team: villains, at: [0, 1]}}
turn-order: [heroes, villains]
"
    );
    for (winner, rounds) in outcomes(&text, 20) {
        assert_eq!((winner.as_deref(), rounds), (Some("heroes"), 2));
    }
    // An unlimited Jab is used twice in the first turn.
    let unlimited = text.replace(
        "legacy: {health: 10, actions: 2, defense: 0, movement: {value: 0}, attacks: [{name: Jab, kind: melee, dice: 1}]}",
        "legacy: {health: 10, actions: 2, defense: 0, movement: {value: 0}, attacks: [{name: Jab, kind: melee, dice: 1, unlimited: true}]}",
    );
    for (winner, rounds) in outcomes(&unlimited, 20) {
        assert_eq!((winner.as_deref(), rounds), (Some("heroes"), 1));
    }
}

#[test]
fn a_short_turn_order_repeats_so_every_figure_acts_each_round() {
    // Legacy on (0,0) and Bunker on (0,2), both elevation 1 like the soldier between them on
    // (0,1): range 1, which the Jab's one die always makes. With [heroes, villains] a round is
    // Legacy, the soldier, then Bunker: two Jabs in round 1 destroy it.
    let text = format!(
        "{JABS}tokens:
  - {{id: legacy, kind: character, character: legacy, team: heroes, at: [0, 0]}}
  - {{id: bunker, kind: character, character: bunker, team: heroes, at: [0, 2]}}
  - {{id: grunt, kind: minion, character: blade-battalion-soldier, team: villains, at: [0, 1]}}
turn-order: [heroes, villains]
"
    );
    for (winner, rounds) in outcomes(&text, 20) {
        assert_eq!((winner.as_deref(), rounds), (Some("heroes"), 1));
    }
}

#[test]
fn a_hazard_attacks_the_figure_standing_in_it_at_the_end_of_its_turn() {
    // The soldier stands on a hazard token whose 12 dice all make range 0 against no defence:
    // at the end of its first turn it takes 12 damage and is destroyed. Legacy has no attacks.
    let text = format!(
        "{JABS}tokens:
  - {{id: legacy, kind: character, character: legacy, team: heroes, at: [0, -2]}}
  - {{id: grunt, kind: minion, character: blade-battalion-soldier, team: villains, at: [0, 1]}}
  - {{id: fire, kind: hazard, at: [0, 1], hazard-attack: {{dice: 12}}}}
turn-order: [heroes, villains]
"
    )
    .replace(
        "attacks: [{name: Jab, kind: melee, dice: 1}]}\n  bunker",
        "attacks: []}\n  bunker",
    );
    for (winner, rounds) in outcomes(&text, 20) {
        assert_eq!((winner.as_deref(), rounds), (Some("heroes"), 1));
    }
    // Without the hazard's die code, self-play says what is missing.
    let err = simulate(
        &scenario(&text.replace(", hazard-attack: {dice: 12}", "")),
        &Catalog::builtin(),
        1,
        1,
        &|| {},
    )
    .unwrap_err();
    assert_eq!(
        err,
        SimulateError::MissingStats("hazard `fire` (`hazard-attack`)".into())
    );
}

#[test]
fn reinforcements_arrive_at_the_start_of_their_round_and_take_turns() {
    // No villain stands on the map in round 1, so the round is Legacy's turn alone. At the
    // start of round 2 a soldier arrives on (0,1), next to Legacy, and its 12-dice Jab against
    // no defence incapacitates him (12 damage on 10 health): the villains win in round 2.
    let text = "format: 1
ruleset: sentinel-tactics
map:
  tiles:
    - {tile: 1, side: megalopolis, at: [0, 0]}
teams:
  - {id: heroes}
  - {id: villains}
tokens:
  - {id: legacy, kind: character, character: legacy, team: heroes, at: [0, 0]}
objectives:
  - {id: down, team: villains, kind: incapacitate, count: 1}
turn-order: [heroes, villains]
reinforcements:
  - {round: 2, team: villains, character: blade-battalion-soldier, hexes: [[0, 1]]}
stats:
  legacy: {health: 10, actions: 2, defense: 0, movement: {value: 0}}
  blade-battalion-soldier: {health: 2, actions: 1, defense: 0, movement: {value: 0}, attacks: [{name: Jab, kind: melee, dice: 12}]}
";
    for (winner, rounds) in outcomes(text, 20) {
        assert_eq!((winner.as_deref(), rounds), (Some("villains"), 2));
    }
}

/// The stronger player on a game one choice decides: see the fixture's header.
#[test]
fn the_stronger_player_strikes_the_villain_who_would_fell_legacy() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/valid/simulate-skill-decoy.yaml");
    let s = scenario(&std::fs::read_to_string(path).unwrap());
    let catalog = Catalog::builtin();
    let simple = simulate(&s, &catalog, 10, 4, &|| {}).unwrap();
    assert!(
        simple
            .iter()
            .all(|r| r.winner.as_deref() == Some("villains") && r.rounds == 1)
    );
    let strong = simulate_seated(&s, &catalog, 10, 4, &[Player::Lookahead], &|| {}).unwrap();
    assert!(strong.iter().all(|r| {
        r.winner.as_deref() == Some("heroes") && r.objective.as_deref() == Some("stop-blade")
    }));
}
