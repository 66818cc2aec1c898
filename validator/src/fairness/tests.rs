//! The fairness report against values worked out by hand.

use megahex_schema::{RolledMovement, StaticMovement};

use super::*;
use crate::Checker;
use crate::diagnostic::Severity;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

#[test]
fn move_values_follow_the_picked_die() {
    let rolled = |dice, pick| move_values(&Movement::Rolled(RolledMovement { dice, pick }));
    // One die: each value 1/6.
    let one = rolled(1, Pick::Highest);
    assert_eq!(one.len(), 6);
    assert!(one.iter().all(|&(_, p)| close(p, 1.0 / 6.0)));
    // Lowest of two is 1 unless both dice show 2..6: 1 - 25/36 = 11/36.
    assert!(close(rolled(2, Pick::Lowest)[0].1, 11.0 / 36.0));
    // Median of three is 1 when at least two dice show 1: 3 x 5 + 1 = 16 of 216 rolls.
    assert!(close(rolled(3, Pick::Median)[0].1, 16.0 / 216.0));
    // Highest of two is 6 unless neither shows 6: 11/36.
    assert!(close(rolled(2, Pick::Highest)[5].1, 11.0 / 36.0));
    assert_eq!(
        move_values(&Movement::Static(StaticMovement { value: 4 })),
        vec![(4, 1.0)]
    );
}

#[test]
fn expected_turns_on_a_row_of_hexes() {
    // Three hexes in a row, each step costing 1: cost(i, j) = |i - j|.
    let costs: Vec<Vec<u32>> = (0..3i32)
        .map(|i| (0..3i32).map(|j| (i - j).unsigned_abs()).collect())
        .collect();
    let die = move_values(&Movement::Rolled(RolledMovement {
        dice: 1,
        pick: Pick::Highest,
    }));
    // From hex 0 to hex 2 with one Move a turn: a roll of 2..6 (5/6) gets there at once; a 1
    // leaves one step, which the next turn always makes. 1 + 1/6 = 7/6 turns.
    assert!(close(
        expected_turns(&costs, 0, &[2], &die, 1).unwrap(),
        7.0 / 6.0
    ));
    // Two Moves a turn cover 2 hexes even on a 1: one turn.
    assert!(close(
        expected_turns(&costs, 0, &[2], &die, 2).unwrap(),
        1.0
    ));
    // A printed move value of 1: one hex a turn, two turns.
    let one = [(1, 1.0)];
    assert!(close(
        expected_turns(&costs, 0, &[2], &one, 1).unwrap(),
        2.0
    ));
    // A rolled value that may strand the figure for a turn: 1 (half the time) cannot climb the
    // first step, which costs 2; 2 (the other half) makes both steps of cost 2 in turn.
    let steep: Vec<Vec<u32>> = vec![vec![0, 2, 4], vec![2, 0, 2], vec![4, 2, 0]];
    let coin = [(1, 0.5), (2, 0.5)];
    // From 1: each turn ends there with 1/2, so 2 turns on average. From 0: E0 = 1 + E0/2 +
    // E1/2, so E0 = 2 + E1 = 4.
    assert!(close(
        expected_turns(&steep, 1, &[2], &coin, 1).unwrap(),
        2.0
    ));
    assert!(close(
        expected_turns(&steep, 0, &[2], &coin, 1).unwrap(),
        4.0
    ));
    // Already there, and never getting there with a move value of 0.
    assert_eq!(expected_turns(&costs, 2, &[2], &one, 1), Some(0.0));
    assert_eq!(expected_turns(&costs, 0, &[2], &[(0, 1.0)], 1), None);
}

/// One Megalopolis tile M1 at the origin. Hex 1 (0,-2) is elevation 4; around it (0,-1) is 3
/// and (-1,-1) is 4, and every other neighbour of those two is elevation 1 or off the tile.
/// Legacy starts on (0,0), elevation 1.
fn climb_scenario(movement: &str, actions: u32) -> String {
    format!(
        "format: 1
ruleset: sentinel-tactics
map:
  tiles:
    - {{tile: 1, side: megalopolis, at: [0, 0], rotation: 0}}
teams:
  - {{id: heroes}}
  - {{id: villains}}
tokens:
  - {{id: legacy, kind: character, character: legacy, team: heroes, at: [0, 0]}}
  - {{id: blade, kind: character, character: baron-blade, team: villains, at: [0, 2]}}
objectives:
  - {{id: summit, team: heroes, kind: reach, hexes: [[0, -2]]}}
stats:
  legacy: {{health: 10, actions: {actions}, defense: 3, movement: {movement}}}
  baron-blade:
    health: 12
    actions: 2
    defense: 3
    movement: {{value: 3}}
    attacks:
      - {{name: Blaster, kind: range, dice: 1}}
"
    )
}

fn check(text: &str) -> Vec<Diagnostic> {
    let checker = Checker::new(Catalog::builtin())
        .unwrap()
        .with_fairness(true);
    checker
        .check_text(text, &|_| Err("no catalog".into()))
        .diagnostics
}

#[test]
fn a_climb_too_steep_for_every_figure_makes_the_objective_unreachable() {
    // With a printed move value of 2 a step may climb at most 1: elevation 1 to 3 costs 3.
    let low = check(&climb_scenario("{value: 2}", 1));
    let errors: Vec<&Diagnostic> = low
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect();
    assert_eq!(errors.len(), 1, "{low:?}");
    assert_eq!(errors[0].code, Code::ObjectiveUnreachable);
    // Line 13 of the text above: the objective.
    assert_eq!(errors[0].span.map(|s| s.line), Some(13));
    // A move value of 3 makes that step: reachable.
    let ok = check(&climb_scenario("{value: 3}", 1));
    assert!(ok.iter().all(|d| d.severity != Severity::Error), "{ok:?}");
}

#[test]
fn distance_and_turns_to_the_summit() {
    // Cheapest way up: (0,0) to (0,-1) costs 1 + 2 (climbing 1 to 3), then (0,-2) costs 1 + 1:
    // 5. The other way, by (1,-1) and (1,-2) (both elevation 1) and then up 3, costs 6.
    // With move 3 and one Move a turn: turn 1 reaches (0,-1) (cost 3), turn 2 the summit (2).
    let report = check(&climb_scenario("{value: 3}", 1));
    let distance = report
        .iter()
        .find(|d| d.code == Code::ObjectiveDistance)
        .unwrap();
    assert_eq!(distance.severity, Severity::Info);
    assert!(
        distance
            .message
            .contains("`legacy` is nearest, 5 movement away")
            && distance.message.contains("expected 2.00 turns"),
        "{}",
        distance.message
    );
    // Two Moves a turn: 3 then 2, one turn.
    let report = check(&climb_scenario("{value: 3}", 2));
    let distance = report
        .iter()
        .find(|d| d.code == Code::ObjectiveDistance)
        .unwrap();
    assert!(
        distance.message.contains("expected 1.00 turns"),
        "{}",
        distance.message
    );
}

#[test]
fn a_figure_on_several_hexes_is_measured_from_its_nearest_hex() {
    // Omnitron-V ignores elevation (a step costs 1) and moves 1 a turn. The goal (1,-2) is 2
    // hexes from (0,0), its nearest hex, and 3 from (-2,0), the first one listed.
    let text = climb_scenario("{value: 1}", 1)
        .replace(
            "{id: legacy, kind: character, character: legacy, team: heroes, at: [0, 0]}",
            "{id: omni, kind: character, character: omnitron-v, team: heroes, at: [[-2, 0], [-1, 0], [0, 0]]}",
        )
        .replace("hexes: [[0, -2]]", "hexes: [[1, -2]]")
        .replace("  legacy: {", "  omnitron-v: {mobility: true, ");
    let report = check(&text);
    let distance = report
        .iter()
        .find(|d| d.code == Code::ObjectiveDistance)
        .unwrap_or_else(|| panic!("{report:?}"));
    assert!(
        distance
            .message
            .contains("`omni` is nearest, 2 movement away")
            && distance.message.contains("expected 2.00 turns"),
        "{}",
        distance.message
    );
}

#[test]
fn turn_one_exposure_names_targets_and_expected_damage() {
    // Baron Blade on (0,2), elevation 1; Legacy on (0,0), elevation 1, two hexes straight
    // north over (0,1), elevation 1: in sight at range 2. One die hits on 2..6 (5/6), and
    // Legacy's 3 defence dice block it unless all three are below the attack die. For an
    // attack die a, P(no defence die >= a) = ((a-1)/6)^3, so the expected damage is
    // (1/6) x sum over a = 2..6 of ((a-1)/6)^3 = (1 + 8 + 27 + 64 + 125) / 1296 = 225/1296.
    let report = check(&climb_scenario("{value: 3}", 1));
    let exposure = report
        .iter()
        .find(|d| d.code == Code::TurnOneExposure)
        .unwrap();
    assert!(
        exposure
            .message
            .contains("`blade` can hit `legacy` with Blaster (range 2"),
        "{}",
        exposure.message
    );
    let expected = format!("expected damage {:.2}", 225.0 / 1296.0);
    assert!(exposure.message.contains(&expected), "{}", exposure.message);
    // Legacy has no attacks: the report says so by name.
    let missing = report
        .iter()
        .find(|d| d.code == Code::StatsMissing)
        .unwrap();
    assert!(
        missing.message.contains("`legacy` (attacks)"),
        "{}",
        missing.message
    );
}
