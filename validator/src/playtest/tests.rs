//! Playtest replay on tile M1, with every expected outcome worked out by hand.
//!
//! M1 elevations around the action: (0,0) hex 10 is 1, (0,1) hex 15 is 1, (0,2) hex 19 is 1,
//! (0,-1) hex 5 is 3, (0,-2) hex 1 is 4.

use crate::Checker;
use crate::diagnostic::{Code, Diagnostic, Severity};
use megahex_schema::Catalog;

fn scenario(playtest: &str) -> String {
    format!(
        "format: 1
ruleset: sentinel-tactics
map:
  tiles:
    - {{tile: 1, side: megalopolis, at: [0, 0]}}
teams:
  - {{id: heroes}}
  - {{id: villains}}
tokens:
  - {{id: legacy, kind: character, character: legacy, team: heroes, at: [0, 0]}}
  - {{id: blade, kind: character, character: baron-blade, team: villains, at: [0, 2]}}
turn-order: [heroes, villains]
stats:
  legacy:
    health: 10
    actions: 2
    defense: 3
    movement: {{value: 3}}
    attacks: [{{name: Punch, kind: melee, dice: 4}}]
  baron-blade:
    health: 3
    actions: 2
    defense: 3
    movement: {{dice: 1, pick: highest}}
    attacks: [{{name: Blaster, kind: range, dice: 4, auto-miss: [1]}}]
playtest:
{playtest}"
    )
}

/// The replay's finding, if any; the scenario must otherwise be clean.
fn replay(playtest: &str) -> Option<Diagnostic> {
    let text = scenario(playtest);
    let checker = Checker::new(Catalog::builtin()).unwrap();
    let found = checker
        .check_text(&text, &|_| Err("no catalog".into()))
        .diagnostics;
    let errors: Vec<Diagnostic> = found
        .into_iter()
        .filter(|d| d.severity == Severity::Error)
        .collect();
    assert!(errors.len() <= 1, "{errors:?}");
    assert!(
        errors.iter().all(|d| d.code == Code::PlaytestIllegal),
        "{errors:?}"
    );
    errors.into_iter().next()
}

/// The scenario above has 26 lines up to `playtest:`, so its first item is on line 27.
const FIRST_ITEM_LINE: usize = 27;

#[test]
fn a_legal_turn_knocks_out_blade_and_a_knocked_out_figure_takes_no_turn() {
    // Legacy steps (0,0) -> (0,1) (cost 1 of 3) and punches Blade on (0,2), adjacent, range 1.
    // Dice 6, 5, 4, 3 all make range 1; Blade's 6, 2, 1 block only the 6 (2 and 1 are below
    // every remaining die): 3 damage, Blade's 3 health is gone.
    let legal = "  - turn: legacy
    actions:
      - move: [[0, 1]]
      - attack: {with: Punch, target: blade, roll: [6, 5, 4, 3], defense: [6, 2, 1], damage: 3}
";
    assert!(replay(legal).is_none());
    // Blade's turn comes next in the turn order, but Blade is out.
    let then = format!("{legal}  - turn: blade\n    actions: [dodge]\n");
    let d = replay(&then).unwrap();
    assert!(
        d.message.contains("`blade` is out of play"),
        "{}",
        d.message
    );
    // The second turn's `turn:` line: 4 lines after the first item.
    assert_eq!(d.span.map(|s| s.line), Some(FIRST_ITEM_LINE + 4));
}

#[test]
fn a_wrong_damage_claim_is_caught_at_its_action() {
    let d = replay(
        "  - turn: legacy
    actions:
      - move: [[0, 1]]
      - attack: {with: Punch, target: blade, roll: [6, 5, 4, 3], defense: [6, 2, 1], damage: 2}
",
    )
    .unwrap();
    assert!(
        d.message
            .contains("the script says 2 damage, and the dice give 3"),
        "{}",
        d.message
    );
    assert_eq!(d.span.map(|s| s.line), Some(FIRST_ITEM_LINE + 3));
}

#[test]
fn moves_pay_for_climbing_and_may_not_end_on_a_target() {
    // (0,0) to (0,-1) climbs 1 -> 3: 1 + 2 = 3; on to (0,-2), 3 -> 4: 1 + 1 = 2. In one Move
    // of value 3 that is 5: illegal. As two Moves of 3 each it is legal.
    let d = replay("  - turn: legacy\n    actions:\n      - move: [[0, -1], [0, -2]]\n").unwrap();
    assert!(d.message.contains("costs 5 by step 2"), "{}", d.message);
    assert!(
        replay(
            "  - turn: legacy\n    actions:\n      - move: [[0, -1]]\n      - move: [[0, -2]]\n"
        )
        .is_none()
    );
    // Through (0,1) onto Blade's hex (0,2): cost 2, but it ends on a target.
    let d = replay("  - turn: legacy\n    actions:\n      - move: [[0, 1], [0, 2]]\n").unwrap();
    assert!(d.message.contains("ends on `blade`"), "{}", d.message);
    // Steps must touch: (0,0) to (0,2) skips a hex.
    let d = replay("  - turn: legacy\n    actions:\n      - sprint: [[0, 2]]\n").unwrap();
    assert!(d.message.contains("not adjacent"), "{}", d.message);
}

#[test]
fn turn_order_action_budget_and_tokens() {
    // Heroes go first.
    let d = replay("  - turn: blade\n    move-value: 2\n    actions: [aim]\n").unwrap();
    assert!(d.message.contains("team `heroes`'s turn"), "{}", d.message);
    // Two actions a turn.
    let d = replay("  - turn: legacy\n    actions: [aim, dodge, aim]\n").unwrap();
    assert!(
        d.message.contains("2 actions a turn; this is action 3"),
        "{}",
        d.message
    );
    // Spending an Aim token needs one; Blade's Dodge needs one too.
    let punch = "attack: {with: Punch, target: blade, roll: [6, 5, 4, 3], defense: [6, 2, 1]";
    let d = replay(&format!(
        "  - turn: legacy\n    actions:\n      - move: [[0, 1]]\n      - {punch}, aim: true}}\n"
    ))
    .unwrap();
    assert!(d.message.contains("no Aim token"), "{}", d.message);
    let d = replay(&format!(
        "  - turn: legacy\n    actions:\n      - move: [[0, 1]]\n      - {punch}, dodge: true}}\n"
    ))
    .unwrap();
    assert!(
        d.message.contains("`blade` has no Dodge token"),
        "{}",
        d.message
    );
    // Melee from two hexes away.
    let d = replay(&format!(
        "  - turn: legacy\n    actions:\n      - {punch}}}\n"
    ))
    .unwrap();
    assert!(d.message.contains("not adjacent"), "{}", d.message);
    // Blade rolls for movement, so a Move needs this turn's value.
    let d = replay(
        "  - turn: legacy\n    actions: [dodge]\n  - turn: blade\n    actions:\n      - move: [[1, 1]]\n",
    )
    .unwrap();
    assert!(
        d.message.contains("give this turn's `move-value`"),
        "{}",
        d.message
    );
}
