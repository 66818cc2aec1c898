//! The fairness report against values worked out by hand.

use megahex_schema::rulesets::sentinel_tactics::{RolledMovement, StaticMovement};

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
    // The median of two is the lower middle die, the lower of the two: 1 unless both dice
    // show 2..6, 11/36, as for the lowest.
    assert!(close(rolled(2, Pick::Median)[0].1, 11.0 / 36.0));
    assert_eq!(
        move_values(&Movement::Static(StaticMovement { value: 4 })),
        vec![(4, 1.0)]
    );
}

/// Costs between `n` hexes in a row where each step costs `step`.
fn row(n: i32, step: u32) -> Vec<Vec<u32>> {
    (0..n)
        .map(|i| (0..n).map(|j| (i - j).unsigned_abs() * step).collect())
        .collect()
}

const ONE: TurnPlan = TurnPlan {
    actions: 1,
    repeat: false,
};
const TWO: TurnPlan = TurnPlan {
    actions: 2,
    repeat: false,
};

#[test]
fn expected_turns_on_a_row_of_hexes() {
    let flat = row(4, 1);
    let die = move_values(&Movement::Rolled(RolledMovement {
        dice: 1,
        pick: Pick::Highest,
    }));
    // From hex 0 to hex 3 with one action a turn: a roll of 3..6 (4/6) Moves there at once; on
    // a 1 or a 2 the best is hex 2 (a Sprint gets there whatever the roll), and from there any
    // Move or Sprint finishes. 1 + 2/6 = 4/3 turns.
    let turns = expected_turns(&flat, &flat, 0, &[3], &die, ONE).unwrap();
    assert!(close(turns, 4.0 / 3.0), "{turns}");
    // A Move and a Sprint a turn cover 1 + 2 hexes even on a 1: one turn.
    assert!(close(
        expected_turns(&flat, &flat, 0, &[3], &die, TWO).unwrap(),
        1.0
    ));
    // Five hexes, a printed move value of 1 and two actions: a Move and a Sprint make 3 hexes
    // a turn, so two turns; under the house rule two Sprints make 4, one turn.
    let long = row(5, 1);
    let one = [(1, 1.0)];
    assert!(close(
        expected_turns(&long, &long, 0, &[4], &one, TWO).unwrap(),
        2.0
    ));
    let house = TurnPlan {
        actions: 2,
        repeat: true,
    };
    assert!(close(
        expected_turns(&long, &long, 0, &[4], &one, house).unwrap(),
        1.0
    ));
    // Steep steps costing 2 for a Move but 1 for a Sprint (it ignores elevation), with a move
    // value of 1 or 2: sprinting two hexes a turn is best, so two turns from 0 to 3, one from 1.
    let steep = row(4, 2);
    let coin = [(1, 0.5), (2, 0.5)];
    assert!(close(
        expected_turns(&steep, &flat, 0, &[3], &coin, ONE).unwrap(),
        2.0
    ));
    assert!(close(
        expected_turns(&steep, &flat, 1, &[3], &coin, ONE).unwrap(),
        1.0
    ));
    // Already there, and never getting there across a gap no step crosses.
    assert_eq!(expected_turns(&flat, &flat, 3, &[3], &one, ONE), Some(0.0));
    let mut cut = flat.clone();
    for (i, r) in cut.iter_mut().enumerate() {
        for (j, c) in r.iter_mut().enumerate() {
            if (i < 2) != (j < 2) {
                *c = u32::MAX;
            }
        }
    }
    assert_eq!(expected_turns(&cut, &cut, 0, &[3], &one, TWO), None);
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
fn only_a_cut_off_piece_of_the_map_is_out_of_reach() {
    // "Sprinting ignores elevation changes": the summit (elevation 4) is within reach of
    // Legacy (elevation 1) whatever his move value, a Sprint at a time.
    let low = check(&climb_scenario("{value: 2}", 1));
    assert!(low.iter().all(|d| d.severity != Severity::Error), "{low:?}");
    // On a second tile that touches nothing, it is out of reach: the map is in two pieces,
    // and the objective is on the piece without the heroes.
    let cut = climb_scenario("{value: 2}", 1)
        .replace(
            "    - {tile: 1, side: megalopolis, at: [0, 0], rotation: 0}\n",
            "    - {tile: 1, side: megalopolis, at: [0, 0], rotation: 0}\n    - {tile: 2, side: megalopolis, at: [20, 0], rotation: 0}\n",
        )
        .replace("hexes: [[0, -2]]", "hexes: [[20, 0]]");
    let found = check(&cut);
    let codes: Vec<Code> = found
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.code)
        .collect();
    assert_eq!(
        codes,
        vec![Code::MapDisconnected, Code::ObjectiveUnreachable],
        "{found:?}"
    );
}

#[test]
fn distance_and_turns_to_the_summit() {
    // Legacy on (0,2), elevation 1, four hexes below the summit (0,-2), elevation 4. Cheapest
    // Move way up the column: (0,1) and (0,0) cost 1 each, the climb to (0,-1) (1 to 3) 3, the
    // last step (3 to 4) 2: 7. Going round by (1,-1) and (1,-2) ends with a climb of 3: 8.
    let text = climb_scenario("{value: 3}", 1)
        .replace(
            "character: legacy, team: heroes, at: [0, 0]",
            "character: legacy, team: heroes, at: [0, 2]",
        )
        .replace(
            "character: baron-blade, team: villains, at: [0, 2]",
            "character: baron-blade, team: villains, at: [-2, 0]",
        );
    let distance = |text: &str| {
        check(text)
            .into_iter()
            .find(|d| d.code == Code::ObjectiveDistance)
            .unwrap()
    };
    let one = distance(&text);
    assert_eq!(one.severity, Severity::Info);
    // One action a turn: a Move of 3 or a Sprint of 2 reaches (0,0) at best (the climb costs
    // more than is left), and the next turn's Sprint the summit: 2 turns.
    assert!(
        one.message.contains("`legacy` is nearest, 7 movement away")
            && one.message.contains("expected 2.00 turns"),
        "{}",
        one.message
    );
    // A Move and a Sprint a turn: Move 2 to (0,0), then Sprint 2 up to the summit: 1 turn.
    let two = distance(&text.replace("actions: 1,", "actions: 2,"));
    assert!(
        two.message.contains("expected 1.00 turns"),
        "{}",
        two.message
    );
}

#[test]
fn a_figure_on_several_hexes_is_measured_from_its_nearest_hex() {
    // Omnitron-V ignores elevation (a step costs 1) and moves 1 a turn. The goal (1,-2) is 2
    // hexes from (0,0), its nearest hex, and 3 from (-2,0), the first one listed: one Sprint
    // from the nearest hex gets there in 1 turn.
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
            && distance.message.contains("expected 1.00 turns"),
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
