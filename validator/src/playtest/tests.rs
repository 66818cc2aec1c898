//! Playtest replay on tile M1, with every expected outcome worked out by hand.
//!
//! M1 elevations around the action: (0,0) hex 10 is 1, (0,1) hex 15 is 1, (0,2) hex 19 is 1,
//! (0,-1) hex 5 is 3, (0,-2) hex 1 is 4.

use crate::Checker;
use crate::diagnostic::{Code, Diagnostic, Severity};
use megahex_schema::Catalog;

/// The start of every scenario here: tile M1 at the origin, heroes and villains.
const M1_TWO_TEAMS: &str = "format: 1
ruleset: sentinel-tactics
map:
  tiles:
    - {tile: 1, side: megalopolis, at: [0, 0]}
teams:
  - {id: heroes}
  - {id: villains}
";

fn scenario(playtest: &str) -> String {
    format!(
        "{M1_TWO_TEAMS}tokens:
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
    replay_text(&scenario(playtest))
}

/// The replay's finding in a whole scenario text, which must otherwise be clean.
fn replay_text(text: &str) -> Option<Diagnostic> {
    let checker = Checker::new(Catalog::builtin()).unwrap();
    let found = checker
        .check_text(text, &|_| Err("no catalog".into()))
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

/// Omnitron-V (villains, move 2) on M1's (1,-2) and (1,-1), both elevation 1, and (2,-2),
/// elevation 3; Legacy on (-2,0). M1 elevations: 1 on (0,0), (0,1), (0,2), (-1,0), (-2,0);
/// 3 on (0,-1), (1,0); 4 on (2,-1), (-1,1).
fn omnitron(playtest: &str) -> Option<Diagnostic> {
    replay_text(&format!(
        "{M1_TWO_TEAMS}tokens:
  - {{id: omni, kind: character, character: omnitron-v, team: villains, at: [[1, -2], [1, -1], [2, -2]]}}
  - {{id: legacy, kind: character, character: legacy, team: heroes, at: [-2, 0]}}
turn-order: [villains, heroes]
stats:
  omnitron-v: {{health: 10, actions: 2, defense: 3, movement: {{value: 2}}}}
  legacy: {{health: 10, actions: 2, defense: 3, movement: {{value: 3}}}}
playtest:
  - turn: omni
    actions:
{playtest}"
    ))
}

#[test]
fn omnitron_starts_from_any_of_its_hexes_and_keeps_its_shape_unless_placed() {
    // (0,0) touches only (1,-1): one step on level ground, cost 1. Kept shape: moved by
    // (-1,1) to (0,-1), (0,0), (1,-1).
    assert!(omnitron("      - move: [[0, 0]]\n").is_none());
    // From there, (-1,1) touches only (0,0): 1 + 3 levels = 4, more than 2.
    let d = omnitron("      - move: [[0, 0]]\n      - move: [[-1, 1]]\n").unwrap();
    assert!(d.message.contains("costs 4 by step 1"), "{}", d.message);
    // (2,-1) touches (1,-1) (elevation 1: cost 4) and (2,-2) (elevation 3: cost 2): the
    // cheaper start is legal; from the first hex, (1,-2), it is not even adjacent.
    assert!(omnitron("      - move: [[2, -1]]\n").is_none());
    // (0,-1) touches (1,-2) and (1,-1), both elevation 1: 1 + 2 = 3 either way.
    let d = omnitron("      - move: [[0, -1]]\n").unwrap();
    assert!(d.message.contains("costs 3 by step 1"), "{}", d.message);
    // A Sprint from (1,-1) to (2,0): the kept shape moved by (1,1) reaches (3,-1), off M1.
    let d = omnitron("      - sprint: [[2, -1], [2, 0]]\n").unwrap();
    assert!(
        d.message
            .contains("puts `omni` on [3, -1], off the map; give `place`"),
        "{}",
        d.message
    );
}

#[test]
fn omnitron_may_be_placed_in_any_shape_on_the_paths_end() {
    // Placed around (0,0): (-1,0) and (0,1) both touch (0,0). The next Move to (0,2) then
    // starts from (0,1), which only that shape has.
    assert!(
        omnitron(
            "      - move: {path: [[0, 0]], place: [[0, 0], [-1, 0], [0, 1]]}\n      - move: [[0, 2]]\n"
        )
        .is_none()
    );
    // Without the placement, the kept shape has no hex next to (0,2).
    let d = omnitron("      - move: [[0, 0]]\n      - move: [[0, 2]]\n").unwrap();
    assert!(d.message.contains("not adjacent"), "{}", d.message);
    // The shape must cover the path's end, have three hexes that touch, and be free.
    let d =
        omnitron("      - move: {path: [[0, 0]], place: [[-1, 0], [-1, 1], [0, 1]]}\n").unwrap();
    assert!(
        d.message.contains("must cover the path's end"),
        "{}",
        d.message
    );
    let d = omnitron("      - move: {path: [[0, 0]], place: [[0, 0], [0, 1]]}\n").unwrap();
    assert!(
        d.message
            .contains("covers 2 hex(es), but the figure covers 3"),
        "{}",
        d.message
    );
    let d = omnitron("      - move: {path: [[0, 0]], place: [[0, 0], [0, 2], [-1, 0]]}\n").unwrap();
    assert!(d.message.contains("do not all touch"), "{}", d.message);
    let d =
        omnitron("      - move: {path: [[0, 0]], place: [[0, 0], [-1, 0], [-2, 0]]}\n").unwrap();
    assert!(d.message.contains("ends on `legacy`"), "{}", d.message);
    // With no steps, it may turn in place around one of its own hexes.
    assert!(omnitron("      - move: {place: [[1, -1], [0, 0], [0, 1]]}\n").is_none());
}

#[test]
fn a_one_hex_figure_takes_no_place() {
    let d = replay(
        "  - turn: legacy\n    actions:\n      - move: {path: [[0, 1]], place: [[0, 1], [1, 0]]}\n",
    )
    .unwrap();
    assert!(
        d.message
            .contains("`place` is for figures on several hexes"),
        "{}",
        d.message
    );
}

/// Legacy on (0,0) punches the Tyrannosaurus rex (head (0,1), tail (0,2)): dice 6, 5, 4, 3
/// against a defence 1 block nothing, 4 damage on 1 health, so 3 overkill to push it with.
/// Baron Blade stands on (1,0).
fn rex_pushed(push: &str) -> Option<Diagnostic> {
    replay_text(&format!(
        "{M1_TWO_TEAMS}rules: {{environment: [tyrannosaurus-rex]}}
tokens:
  - {{id: legacy, kind: character, character: legacy, team: heroes, at: [0, 0]}}
  - {{id: rex, kind: environment, character: tyrannosaurus-rex, at: [[0, 1], [0, 2]]}}
  - {{id: blade, kind: character, character: baron-blade, team: villains, at: [1, 0]}}
turn-order: [heroes, villains]
stats:
  legacy: {{health: 10, actions: 2, defense: 3, movement: {{value: 3}}, attacks: [{{name: Punch, kind: melee, dice: 4}}]}}
  tyrannosaurus-rex: {{health: 1, defense: 1}}
playtest:
  - turn: legacy
    actions:
      - attack: {{with: Punch, target: rex, roll: [6, 5, 4, 3], defense: [1], damage: 4, push: {push}}}
"
    ))
}

#[test]
fn a_tail_follows_its_head() {
    // The head steps to (-1,2) and the tail follows to (0,1), which is free; a kept shape
    // (moved by (-1,1)) would put the tail on (-1,3), off M1.
    assert!(rex_pushed("[[-1, 2]]").is_none());
    // Through Blade's hex (1,0) on to (2,-1): the tail stops on Blade, where a kept shape
    // (moved by (2,-2) to (2,-1), (2,0)) would not.
    let d = rex_pushed("[[1, 0], [2, -1]]").unwrap();
    assert!(d.message.contains("ends on `blade`"), "{}", d.message);
    // The head may not turn back onto its tail.
    let d = rex_pushed("[[0, 2]]").unwrap();
    assert!(
        d.message.contains("head back onto its tail"),
        "{}",
        d.message
    );
}
