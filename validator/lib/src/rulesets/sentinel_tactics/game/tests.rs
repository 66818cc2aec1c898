//! The game's rules on small scenarios, every expected value worked out by hand.

use megahex_schema::Catalog;
use megahex_schema::rulesets::sentinel_tactics::Scenario;

use super::*;

fn game(text: &str) -> Game {
    let scenario: Scenario = serde_yaml::from_str(text).unwrap();
    Game::new(&scenario, &Catalog::builtin())
}

/// Tile M1 with `tokens` and `rest` (turn order, stats...).
fn m1(tokens: &str, rest: &str) -> Game {
    game(&format!(
        "format: 1
ruleset: sentinel-tactics
map:
  tiles:
    - {{tile: 1, side: megalopolis, at: [0, 0]}}
teams:
  - {{id: heroes}}
  - {{id: villains}}
tokens:
{tokens}{rest}"
    ))
}

const THREE: &str = "  - {id: legacy, kind: character, character: legacy, team: heroes, at: [0, 0]}
  - {id: bunker, kind: character, character: bunker, team: heroes, at: [-2, 0]}
  - {id: blade, kind: character, character: baron-blade, team: villains, at: [0, 2]}
";

/// The ids of a round's turns, in order.
fn first_round(g: &Game) -> Vec<String> {
    let state = g.start();
    g.order
        .first_round(&g.figures, &state.pieces)
        .into_iter()
        .map(|(f, _)| g.figures[f].id.clone())
        .collect()
}

#[test]
fn a_short_order_repeats_and_a_round_gives_everyone_one_turn() {
    // [heroes, villains]: Legacy (first hero in token order), Blade, then the list starts
    // again, villains have nobody left, so Bunker.
    let g = m1(THREE, "turn-order: [heroes, villains]\n");
    assert_eq!(first_round(&g), ["legacy", "blade", "bunker"]);
    // Token ids name the figure; no order at all alternates the teams in `teams` order.
    let g = m1(THREE, "turn-order: [bunker, blade, legacy]\n");
    assert_eq!(first_round(&g), ["bunker", "blade", "legacy"]);
    let g = m1(THREE, "");
    assert_eq!(first_round(&g), ["legacy", "blade", "bunker"]);
    // A long list stops when everyone has gone.
    let g = m1(
        THREE,
        "turn-order: [villains, villains, heroes, heroes, heroes]\n",
    );
    assert_eq!(first_round(&g), ["blade", "legacy", "bunker"]);
}

#[test]
fn rounds_advance_when_everyone_has_gone_and_the_destroyed_drop_out() {
    let g = m1(
        &format!(
            "{THREE}  - {{id: grunt, kind: minion, character: blade-battalion-soldier, team: villains, at: [1, 1]}}\n"
        ),
        "turn-order: [heroes, villains]\n",
    );
    let mut state = g.start();
    let id = |g: &Game, s: &State| g.figures[g.due(s).unwrap().figures[0]].id.clone();
    // Round 1: Legacy, then a villain (Blade first in token order), Bunker, then the grunt.
    let mut seen = Vec::new();
    for _ in 0..4 {
        let me = g.due(&state).unwrap().figures[0];
        seen.push(g.figures[me].id.clone());
        g.begin_turn(&mut state, me).unwrap();
        let round_over = g.end_turn(&mut state);
        assert_eq!(round_over, seen.len() == 4, "{seen:?}");
    }
    assert_eq!(seen, ["legacy", "blade", "bunker", "grunt"]);
    assert_eq!(state.round.number, 2);
    // The grunt is destroyed: round 2 has three turns.
    let grunt = g.figure("grunt").unwrap();
    state.pieces[grunt].status = Status::Destroyed;
    let mut seen = Vec::new();
    while state.round.number == 2 {
        seen.push(id(&g, &state));
        let me = g.due(&state).unwrap().figures[0];
        g.begin_turn(&mut state, me).unwrap();
        g.end_turn(&mut state);
    }
    assert_eq!(seen, ["legacy", "blade", "bunker"]);
}

#[test]
fn an_incapacitated_character_keeps_its_turn_and_stands_up_with_full_health() {
    let g = m1(
        THREE,
        "turn-order: [heroes, villains]\nstats:\n  baron-blade: {health: 7, actions: 2, defense: 3, movement: {value: 3}}\n",
    );
    let mut state = g.start();
    let blade = g.figure("blade").unwrap();
    state.pieces[blade].status = Status::Incapacitated;
    state.pieces[blade].health = Some(0);
    state.pieces[blade].held.aim = true;
    let legacy = g.figure("legacy").unwrap();
    g.begin_turn(&mut state, legacy).unwrap();
    g.end_turn(&mut state);
    assert_eq!(g.due(&state).unwrap().figures, vec![blade]);
    g.begin_turn(&mut state, blade).unwrap();
    let piece = &state.pieces[blade];
    assert_eq!(
        (piece.status, piece.health, piece.held.aim),
        (Status::Active, Some(7), false)
    );
}

#[test]
fn a_multi_hex_attacker_uses_one_hex_for_sight_and_range() {
    // M1: (1,-2) is elevation 1 and (2,-2) is 3; the target on (1,0) is elevation 3. From
    // (2,-2): distance 2, no difference in elevation, range 2. From (1,-2): distance 2, range
    // 2 + 2 = 4. Allowed from both, the best pair is the nearer in range, whatever the
    // distance; allowed only from (1,-2), the range is 4, not the other hex's 2.
    let g = m1(THREE, "");
    let board = &g.scene.board;
    let from = [[1, -2], [2, -2]];
    let both = best_pair(board, &from, &[[1, 0]], &|_, _| true).unwrap();
    assert_eq!((both.0, both.2), ([2, -2], 2));
    let only_low = best_pair(board, &from, &[[1, 0]], &|a, _| a == [1, -2]).unwrap();
    assert_eq!((only_low.0, only_low.2), ([1, -2], 4));
    assert_eq!(best_pair(board, &from, &[[1, 0]], &|_, _| false), None);
}

#[test]
fn a_walk_through_a_hazard_reports_it_at_its_step_and_halts_there() {
    // A hazard token with no radius on (0,1): Legacy sprinting (0,0) -> (0,1) -> (0,2) enters
    // it at step 0. Were a hazard to take him down there, he would stop on (0,1).
    let g = m1(
        "  - {id: legacy, kind: character, character: legacy, team: heroes, at: [0, 0]}
  - {id: fire, kind: hazard, at: [0, 1], hazard-attack: {dice: 3}}
  - {id: blade, kind: character, character: baron-blade, team: villains, at: [-2, 0]}
",
        "stats:\n  legacy: {health: 5, actions: 2, defense: 1, movement: {value: 3}}\n",
    );
    let mut state = g.start();
    let legacy = g.figure("legacy").unwrap();
    g.begin_turn(&mut state, legacy).unwrap();
    let walk = g.sprint(&mut state, &[[0, 1], [0, 2]], None).unwrap();
    assert_eq!(walk.strikes.len(), 1);
    let strike = &walk.strikes[0];
    assert_eq!((strike.at, strike.step), ([0, 1], Some(0)));
    assert_eq!(state.pieces[legacy].hexes, vec![[0, 2]]);
    // Its die code: 3 dice, range 0 from its own hex.
    let (code, range) = g.strike_attack(strike).unwrap();
    assert_eq!((code.dice, range), (3, 0));
    // 6, 6, 6 against one defence die of 1: 3 damage of 5, he stays up and where he is.
    let defense = TargetDice {
        target: legacy,
        defense: vec![1],
        ..TargetDice::default()
    };
    let hit = g
        .resolve_strike(&mut state, strike, &[6, 6, 6], &defense)
        .unwrap();
    assert_eq!((hit.damage, state.pieces[legacy].health), (3, Some(2)));
    g.halt(&mut state, &walk, 0);
    assert_eq!(state.pieces[legacy].hexes, vec![[0, 1]]);
}

#[test]
fn reinforcements_wait_off_the_map_until_their_round() {
    let g = m1(
        "  - {id: legacy, kind: character, character: legacy, team: heroes, at: [0, 0]}\n",
        "turn-order: [heroes, villains]
reinforcements:
  - {round: 2, team: villains, character: blade-battalion-soldier, count: 2, hexes: [[0, 1], [0, 2]]}
",
    );
    let mut state = g.start();
    let first = g.figure("blade-battalion-soldier-wave-1-1").unwrap();
    let second = g.figure("blade-battalion-soldier-wave-1-2").unwrap();
    assert_eq!(state.pieces[first].status, Status::Waiting);
    assert!(!state.pieces[first].occupies());
    // Round 1 is Legacy's turn alone; round 2 starts with both soldiers placed.
    let legacy = g.figure("legacy").unwrap();
    g.begin_turn(&mut state, legacy).unwrap();
    assert!(g.end_turn(&mut state));
    assert_eq!(state.pieces[first].hexes, vec![[0, 1]]);
    assert_eq!(state.pieces[second].hexes, vec![[0, 2]]);
    assert_eq!(state.pieces[second].status, Status::Active);
}

/// The orders of Move (M) and Sprint (S) a turn plan lets a turn hold, as words.
fn orders(actions: u32, repeat: bool) -> std::collections::BTreeSet<String> {
    let plan = TurnPlan { actions, repeat };
    let start: std::collections::BTreeSet<String> = [String::new()].into();
    plan.move_ends(
        start,
        |from, basic| {
            let letter = match basic {
                Basic::Move => 'M',
                Basic::Sprint => 'S',
                Basic::Aim | Basic::Dodge => '?',
            };
            from.iter().map(|o| format!("{o}{letter}")).collect()
        },
        |a, b| a.union(b).cloned().collect(),
    )
}

#[test]
fn a_turn_holds_each_of_move_and_sprint_once_unless_the_house_rule_says() {
    // "Because Move and Sprint are separate actions, you may do both in the same turn", each
    // basic action once a turn: worked out by hand for one, two and three actions.
    let words = |list: &[&str]| -> std::collections::BTreeSet<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    };
    assert_eq!(orders(0, false), words(&[""]));
    assert_eq!(orders(1, false), words(&["", "M", "S"]));
    assert_eq!(orders(2, false), words(&["", "M", "S", "MS", "SM"]));
    assert_eq!(orders(3, false), words(&["", "M", "S", "MS", "SM"]));
    // `repeat-basic-actions`: any order of as many as the actions allow.
    assert_eq!(
        orders(2, true),
        words(&["", "M", "S", "MM", "MS", "SM", "SS"])
    );
    assert_eq!(orders(3, true).len(), 1 + 2 + 4 + 8);
}
