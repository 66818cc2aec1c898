//! Playtest replay, with every expected outcome worked out by hand from the rulebook.
//!
//! Tile M1 elevations: 4 on (0,-2), (-1,-1), (2,-1), (-1,1), (2,0); 3 on (0,-1), (2,-2),
//! (-2,1), (1,0), (-2,2), (-1,2), (1,1); 1 on (1,-2), (-2,0), (-1,0), (1,-1), (0,0), (0,1),
//! (0,2). Tile IP7 is all elevation 1, cover on (-1,-1), (-2,0), (0,-1), (-1,0), (2,-1), (1,1).
//! Tile IP8 is the volcano: lava at elevation 3 on (0,0) and its six neighbours, the rim at 4.

use crate::Checker;
use crate::diagnostic::{Code, Diagnostic, Severity};
use megahex_schema::Catalog;

/// The start of most scenarios here: tile M1 at the origin, heroes and villains.
const M1_TWO_TEAMS: &str = "format: 1
ruleset: sentinel-tactics
map:
  tiles:
    - {tile: 1, side: megalopolis, at: [0, 0]}
teams:
  - {id: heroes}
  - {id: villains}
";

/// Legacy's and Blade's stats: made-up numbers chosen for the cases below.
const STATS: &str = "stats:
  legacy:
    health: 10
    actions: 2
    defense: 3
    movement: {value: 3}
    attacks: [{name: Punch, kind: melee, dice: 4}, {name: Kick, kind: melee, dice: 4}]
  bunker:
    health: 10
    actions: 2
    defense: 3
    movement: {value: 3}
  baron-blade:
    health: 3
    actions: 2
    defense: 3
    movement: {dice: 1, pick: highest}
    attacks: [{name: Blaster, kind: range, dice: 4, auto-miss: [1]}]
";

/// Legacy on (0,0) against Blade on (0,2), with `extra` scenario lines before the stats.
fn scenario_with(extra: &str, playtest: &str) -> String {
    format!(
        "{M1_TWO_TEAMS}{extra}tokens:
  - {{id: legacy, kind: character, character: legacy, team: heroes, at: [0, 0]}}
  - {{id: blade, kind: character, character: baron-blade, team: villains, at: [0, 2]}}
turn-order: [heroes, villains]
{STATS}playtest:
{playtest}"
    )
}

/// The replay's finding, if any; the scenario must otherwise be clean.
fn replay(playtest: &str) -> Option<Diagnostic> {
    replay_text(&scenario_with("", playtest))
}

/// The message of the replay's finding.
fn problem(text: &str) -> String {
    replay_text(text).map(|d| d.message).unwrap_or_default()
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

/// Asserts the scenario replays cleanly.
fn legal(text: &str) {
    assert_eq!(replay_text(text).map(|d| d.message), None);
}

/// The line of the base scenario's first playtest item: the one after `playtest:`.
fn first_item_line() -> usize {
    let text = scenario_with("", "");
    text.lines().position(|l| l == "playtest:").unwrap_or(0) + 2
}

/// Legacy steps (0,0) -> (0,1) (cost 1 of 3) and punches Blade on (0,2), adjacent, range 1.
/// Dice 6, 5, 4, 3 all make range 1; Blade's 6, 2, 1 block only the 6 (2 and 1 are below every
/// remaining die): 3 damage, Blade's 3 health is gone.
const KNOCKOUT: &str = "  - turn: legacy
    actions:
      - move: [[0, 1]]
      - attack: {with: Punch, target: blade, roll: [6, 5, 4, 3], defense: [6, 2, 1], damage: 3}
";

#[test]
fn an_incapacitated_character_keeps_its_turn_and_stands_up_in_it() {
    assert_eq!(replay(KNOCKOUT).map(|d| d.message), None);
    // Blade is a character: incapacitated, not destroyed. His turn comes next and he acts in
    // it ("On their next Power Up phase, that character stands back up").
    let then = format!("{KNOCKOUT}  - turn: blade\n    move-value: 1\n    actions: [aim]\n");
    assert_eq!(replay(&then).map(|d| d.message), None);
    // Standing again with his full 3 health, he can be attacked in round 2: 6, 5, 4, 3 against
    // 1, 1, 1 leaves all four dice unblocked; the fourth point is overkill, one hex of push.
    let again = format!(
        "{then}  - turn: legacy\n    actions:\n      - attack: {{with: Punch, target: blade, roll: [6, 5, 4, 3], defense: [1, 1, 1], damage: 4, push: [[1, 1]]}}\n      - attack: {{with: Kick, target: blade, roll: [6, 6, 6, 6], defense: [1, 1, 1]}}\n"
    );
    // After 4 damage on 3 health he is down again, and a target that is down cannot be
    // attacked: the Kick is illegal.
    let d = replay(&again).unwrap();
    assert!(
        d.message
            .contains("`blade` is incapacitated and cannot be attacked"),
        "{}",
        d.message
    );
}

#[test]
fn a_wrong_damage_claim_is_caught_at_its_action() {
    let d = replay(&KNOCKOUT.replace("damage: 3", "damage: 2")).unwrap();
    assert!(
        d.message
            .contains("the script says 2 damage to `blade`, and the dice give 3"),
        "{}",
        d.message
    );
    assert_eq!(d.span.map(|s| s.line), Some(first_item_line() + 3));
}

#[test]
fn moves_pay_for_climbing_and_may_not_end_on_a_target() {
    // (0,0) to (0,-1) climbs 1 -> 3: 1 + 2 = 3; on to (0,-2), 3 -> 4: 1 + 1 = 2. In one Move
    // of value 3 that is 5: illegal. A Move of 3 then a Sprint (elevation ignored) is legal.
    let d = replay("  - turn: legacy\n    actions:\n      - move: [[0, -1], [0, -2]]\n").unwrap();
    assert!(d.message.contains("costs 5 by step 2"), "{}", d.message);
    assert!(
        replay(
            "  - turn: legacy\n    actions:\n      - move: [[0, -1]]\n      - sprint: [[0, -2]]\n"
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
fn each_basic_action_once_a_turn_unless_the_house_rule_says_otherwise() {
    // "Because Move and Sprint are separate actions, you may do both in the same turn": two
    // Moves are not allowed.
    let two_moves =
        "  - turn: legacy\n    actions:\n      - move: [[0, -1]]\n      - move: [[0, -2]]\n";
    let d = replay(two_moves).unwrap();
    assert!(
        d.message
            .contains("`legacy` has already taken a Move this turn"),
        "{}",
        d.message
    );
    assert_eq!(d.span.map(|s| s.line), Some(first_item_line() + 3));
    let d = replay("  - turn: legacy\n    actions: [dodge, dodge]\n").unwrap();
    assert!(d.message.contains("already taken a Dodge"), "{}", d.message);
    // The house rule lets them repeat: Move 3 (cost 3), then Move 2 (cost 2) of 3.
    let house = scenario_with("rules: {repeat-basic-actions: true}\n", two_moves);
    legal(&house);
}

#[test]
fn each_ability_once_a_turn_unless_it_is_unlimited() {
    // "Each ability may only be used once per turn, unless it is labeled Unlimited."
    let twice = "  - turn: legacy\n    actions:\n      - move: [[0, 1]]\n      - attack: {with: Punch, target: blade, roll: [1, 1, 1, 1], defense: [6, 6, 6]}\n  - turn: blade\n    move-value: 1\n    actions: []\n  - turn: legacy\n    actions:\n      - attack: {with: Punch, target: blade, roll: [1, 1, 1, 1], defense: [6, 6, 6]}\n      - attack: {with: Punch, target: blade, roll: [1, 1, 1, 1], defense: [6, 6, 6]}\n";
    let d = replay(twice).unwrap();
    assert!(
        d.message
            .contains("`legacy` has already used Punch this turn"),
        "{}",
        d.message
    );
    // Two different attacks are two abilities.
    let punch_and_kick = twice.replacen(
        "      - attack: {with: Punch, target: blade, roll: [1, 1, 1, 1], defense: [6, 6, 6]}\n",
        "      - attack: {with: Kick, target: blade, roll: [1, 1, 1, 1], defense: [6, 6, 6]}\n",
        3,
    );
    assert_eq!(punch_and_kick.matches("with: Kick").count(), 3);
    let punch_and_kick = punch_and_kick.replacen("with: Kick", "with: Punch", 2);
    legal(&scenario_with("", &punch_and_kick));
    // Unlimited abilities may repeat.
    let unlimited = scenario_with("", twice).replace(
        "{name: Punch, kind: melee, dice: 4}",
        "{name: Punch, kind: melee, dice: 4, unlimited: true}",
    );
    legal(&unlimited);
}

#[test]
fn turn_order_action_budget_and_tokens() {
    // Heroes go first.
    let d = replay("  - turn: blade\n    move-value: 2\n    actions: [aim]\n").unwrap();
    assert!(
        d.message
            .contains("it is team `heroes`'s turn (turn order token 1 of round 1), not `blade`'s"),
        "{}",
        d.message
    );
    // Two actions a turn.
    let d = replay(
        "  - turn: legacy\n    actions:\n      - aim\n      - dodge\n      - move: [[0, 1]]\n",
    )
    .unwrap();
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

/// Legacy (0,0) and Bunker (-1,2) against Blade (0,2), with this turn order.
fn three(order: &str, playtest: &str) -> String {
    format!(
        "{M1_TWO_TEAMS}tokens:
  - {{id: legacy, kind: character, character: legacy, team: heroes, at: [0, 0]}}
  - {{id: bunker, kind: character, character: bunker, team: heroes, at: [-1, 2]}}
  - {{id: blade, kind: character, character: baron-blade, team: villains, at: [0, 2]}}
turn-order: {order}
{STATS}playtest:
{playtest}"
    )
}

#[test]
fn a_round_gives_every_figure_one_turn_and_a_short_order_repeats() {
    // Two heroes, one villain, [heroes, villains]: Legacy, Blade, then the list repeats and
    // skips the villains (none left to go): Bunker. Then round 2 starts with the heroes.
    let round = "  - turn: legacy\n  - turn: blade\n  - turn: bunker\n  - turn: legacy\n";
    legal(&three("[heroes, villains]", round));
    // Legacy again before Bunker has gone: a second turn in round 1.
    let d = replay_text(&three(
        "[heroes, villains]",
        "  - turn: legacy\n  - turn: blade\n  - turn: legacy\n",
    ))
    .unwrap();
    assert!(
        d.message.contains("`legacy` has had its turn in round 1"),
        "{}",
        d.message
    );
    // Token ids name the figure: Bunker must go second.
    let d = replay_text(&three(
        "[legacy, bunker, blade]",
        "  - turn: legacy\n  - turn: blade\n",
    ))
    .unwrap();
    assert!(
        d.message
            .contains("it is `bunker`'s turn (turn order token 2 of round 1), not `blade`'s"),
        "{}",
        d.message
    );
}

#[test]
fn an_incapacitated_character_still_occupies_its_hex() {
    // Bunker on (-1,2), elevation 3, to (0,2), elevation 1: 1 + 2 = 3, his move value. Blade
    // is down there after the knockout, and "Only targets and incapacitated characters occupy
    // hexes".
    let text = three(
        "[legacy, bunker, blade]",
        &format!("{KNOCKOUT}  - turn: bunker\n    actions:\n      - move: [[0, 2]]\n"),
    );
    assert!(
        problem(&text).contains("ends on `blade`"),
        "{}",
        problem(&text)
    );
}

#[test]
fn a_destroyed_minion_leaves_the_map_and_takes_no_turns() {
    // A soldier (a minion) with 1 health and 1 defence die on (0,1), next to Legacy: 6, 5, 4,
    // 3 against a 1 is 4 damage, and "A non-character target reduced to zero HP is destroyed".
    let text = |playtest: &str| {
        format!(
            "{M1_TWO_TEAMS}tokens:
  - {{id: legacy, kind: character, character: legacy, team: heroes, at: [0, 0]}}
  - {{id: soldier, kind: minion, character: blade-battalion-soldier, team: villains, at: [0, 1]}}
  - {{id: blade, kind: character, character: baron-blade, team: villains, at: [0, 2]}}
turn-order: [heroes, villains]
{STATS}  blade-battalion-soldier: {{health: 1, actions: 1, defense: 1, movement: {{value: 2}}}}
playtest:
  - turn: legacy
    actions:
      - attack: {{with: Punch, target: soldier, roll: [6, 5, 4, 3], defense: [1], damage: 4}}
{playtest}"
        )
    };
    // Its hex is free: Legacy may end a Sprint there.
    legal(&text("      - sprint: [[0, 1]]\n"));
    // It takes no turns; the villains' turn goes to Blade.
    let d = problem(&text("  - turn: soldier\n"));
    assert!(
        d.contains("`soldier` is destroyed and takes no turns"),
        "{d}"
    );
    legal(&text("  - turn: blade\n    move-value: 1\n"));
}

#[test]
fn effect_tokens_change_the_rolls() {
    let with_tokens = |legacy: &str, blade: &str, playtest: &str| {
        scenario_with("", playtest)
            .replace(
                "team: heroes, at: [0, 0]}",
                &format!("team: heroes, at: [0, 0], effect-tokens: {{{legacy}}}}}"),
            )
            .replace(
                "team: villains, at: [0, 2]}",
                &format!("team: villains, at: [0, 2], effect-tokens: {{{blade}}}}}"),
            )
    };
    // "Attack-1 ... roll one fewer die and discard one of the associated tokens": Punch's 4
    // dice become 3, one token a roll however many are held.
    let punch = |roll: &str, defense: &str| {
        format!(
            "  - turn: legacy\n    actions:\n      - move: [[0, 1]]\n      - attack: {{with: Punch, target: blade, roll: {roll}, defense: {defense}}}\n"
        )
    };
    let d = problem(&with_tokens(
        "attack-minus: 2",
        "defense-plus: 0",
        &punch("[1, 1, 1, 1]", "[6, 6, 6]"),
    ));
    assert!(
        d.contains(
            "Punch rolls 3 dice here (one fewer for the Attack-1 token), and the script gives 4"
        ),
        "{d}"
    );
    legal(&with_tokens(
        "attack-minus: 2",
        "defense-plus: 0",
        &punch("[1, 1, 1]", "[6, 6, 6]"),
    ));
    // Attack+1 dice ride at the end of the roll, one token each, no more than are held.
    let plus = |n: u32, roll: &str| {
        format!(
            "  - turn: legacy\n    actions:\n      - move: [[0, 1]]\n      - attack: {{with: Punch, target: blade, attack-plus: {n}, roll: {roll}, defense: [6, 6, 6]}}\n"
        )
    };
    legal(&with_tokens(
        "attack-plus: 1",
        "defense-plus: 0",
        &plus(1, "[1, 1, 1, 1, 1]"),
    ));
    let d = problem(&with_tokens(
        "attack-plus: 1",
        "defense-plus: 0",
        &plus(2, "[1, 1, 1, 1, 1, 1]"),
    ));
    assert!(
        d.contains("`legacy` spends 2 Attack+1 token(s) and holds 1"),
        "{d}"
    );
    // Defense+1: one extra defence die each; Defense-1: one fewer.
    let defend = |n: u32, defense: &str| {
        format!(
            "  - turn: legacy\n    actions:\n      - move: [[0, 1]]\n      - attack: {{with: Punch, target: blade, roll: [1, 1, 1, 1], defense-plus: {n}, defense: {defense}}}\n"
        )
    };
    legal(&with_tokens(
        "attack-plus: 0",
        "defense-plus: 2",
        &defend(2, "[6, 6, 6, 6, 6]"),
    ));
    let d = problem(&with_tokens(
        "attack-plus: 0",
        "defense-minus: 1",
        &defend(0, "[6, 6, 6]"),
    ));
    assert!(
        d.contains("`blade` rolls 2 defence dice (one fewer for its Defense-1 token), and the script gives 3"),
        "{d}"
    );
    // An incapacitated character loses all its tokens: Blade's two Defense+1 tokens are gone
    // after the knockout, so in round 2 he has none to spend.
    let after = format!(
        "{KNOCKOUT}  - turn: blade\n    move-value: 1\n  - turn: legacy\n    actions:\n      - attack: {{with: Kick, target: blade, roll: [1, 1, 1, 1], defense-plus: 1, defense: [6, 6, 6, 6]}}\n"
    );
    let d = problem(&with_tokens("attack-plus: 0", "defense-plus: 2", &after));
    assert!(
        d.contains("`blade` spends 1 Defense+1 token(s) and holds 0"),
        "{d}"
    );
}

/// Ra on IP7 (flat, elevation 1) at (0,2) with three Attack+1 tokens and Inferno (5 dice,
/// auto-miss 2 and 5, origin 2, radius 1); soldiers on (0,0) and (1,-1), Blade on (1,0), the
/// Wraith, Ra's ally, on (-1,1). From the origin (0,0) the template is (0,0) and its six
/// neighbours, all seen (adjacent), so it holds all four; Ra, two hexes away, is not in it.
fn inferno(action: &str) -> String {
    format!(
        "format: 1
ruleset: sentinel-tactics
map:
  tiles:
    - {{tile: 7, side: insula-primalis, at: [0, 0]}}
teams:
  - {{id: heroes}}
  - {{id: villains}}
tokens:
  - {{id: ra, kind: character, character: ra, team: heroes, at: [0, 2], effect-tokens: {{attack-plus: 3}}}}
  - {{id: wraith, kind: character, character: wraith, team: heroes, at: [-1, 1]}}
  - {{id: soldier-1, kind: minion, character: blade-battalion-soldier, team: villains, at: [0, 0]}}
  - {{id: soldier-2, kind: minion, character: blade-battalion-soldier, team: villains, at: [1, -1]}}
  - {{id: blade, kind: character, character: baron-blade, team: villains, at: [1, 0]}}
turn-order: [heroes, villains]
stats:
  ra: {{health: 10, actions: 2, defense: 3, movement: {{value: 3}}, attacks: [{{name: Inferno, kind: area, dice: 5, auto-miss: [2, 5], origin: 2, radius: 1}}]}}
  wraith: {{health: 10, actions: 2, defense: 3, movement: {{value: 3}}}}
  baron-blade: {{health: 12, actions: 2, defense: 3, movement: {{value: 3}}}}
  blade-battalion-soldier: {{health: 2, actions: 1, defense: 3, movement: {{value: 2}}}}
playtest:
  - turn: ra
    actions:
{action}"
    )
}

#[test]
fn an_area_attack_rolls_once_for_every_target_it_hits() {
    // One roll 1, 2, 3, 4, 5; auto-misses leave 1, 3, 4 for each target, all at range 0 or 1.
    // Blade, with an Attack+1 die 4: 1, 3, 4, 4 against 2, 4, 6: the 6 and 4 block the 4s, the
    // 2 blocks the 1: 1 damage. Soldier 1, Attack+1 dice 2 (a miss) and 4: 1, 3, 4, 4 against
    // 3, 4, 4: 1 damage. Soldier 2: 1, 3, 4 against 1, 2, 2: only the 1 is blocked, 2 damage on
    // 2 health. The Wraith is hit too ("every hex within radius"), and blocks all with 6s.
    let all = "      - attack:
          with: Inferno
          origin: [0, 0]
          roll: [1, 2, 3, 4, 5]
          targets:
            - {target: blade, extra-dice: [4], defense: [2, 4, 6], damage: 1}
            - {target: soldier-1, extra-dice: [2, 4], defense: [3, 4, 4], damage: 1}
            - {target: soldier-2, defense: [1, 2, 2], damage: 2}
            - {target: wraith, defense: [6, 6, 6], damage: 0}
";
    legal(&inferno(all));
    // A figure in the template that the script leaves out: allies are hit too.
    let no_wraith = all.replace(
        "            - {target: wraith, defense: [6, 6, 6], damage: 0}\n",
        "",
    );
    let d = problem(&inferno(&no_wraith));
    assert!(
        d.contains("`wraith` stands in the template on [-1, 1] and is not among the targets"),
        "{d}"
    );
    // Four Attack+1 dice from three tokens.
    let greedy = all.replace(
        "extra-dice: [4], defense: [2, 4, 6]",
        "extra-dice: [4, 4], defense: [2, 4, 6]",
    );
    let d = problem(&inferno(&greedy));
    assert!(
        d.contains("`ra` spends 4 Attack+1 token(s) and holds 3"),
        "{d}"
    );
    // A wrong claim on one target is reported at that target's line.
    let d = replay_text(&inferno(&all.replace("damage: 2}", "damage: 1}"))).unwrap();
    assert!(
        d.message
            .contains("the script says 1 damage to `soldier-2`, and the dice give 2"),
        "{}",
        d.message
    );
    let line = inferno(all)
        .lines()
        .position(|l| l.contains("target: soldier-2"))
        .unwrap()
        + 1;
    assert_eq!(d.span.map(|s| s.line), Some(line));
}

#[test]
fn aim_changes_the_first_targets_dice_only() {
    // "When attacking multiple targets with the same attack roll ... Aim only affects the first
    // target of your attack." Soldier 2 first: 1, 3, 4 become 4, 4, 4 and its 1, 2, 2 block
    // none: 3 damage. Blade's dice stay 1, 3, 4: his 2, 4, 6 block all three.
    let aimed = "      - aim
      - attack:
          with: Inferno
          origin: [0, 0]
          aim: true
          roll: [1, 2, 3, 4, 5]
          targets:
            - {target: soldier-2, defense: [1, 2, 2], damage: 3}
            - {target: blade, defense: [2, 4, 6], damage: 0}
            - {target: soldier-1, defense: [6, 6, 6], damage: 0}
            - {target: wraith, defense: [6, 6, 6], damage: 0}
";
    legal(&inferno(aimed));
    // Had Aim reached Blade, his 4, 4, 4 against 2, 4, 6 would let one through.
    let d = problem(&inferno(&aimed.replace(
        "defense: [2, 4, 6], damage: 0",
        "defense: [2, 4, 6], damage: 1",
    )));
    assert!(
        d.contains("the script says 1 damage to `blade`, and the dice give 0"),
        "{d}"
    );
}

/// Omnitron-V (villains, move 2) on M1's (1,-2) and (1,-1), both elevation 1, and (2,-2),
/// elevation 3; Legacy on (-2,0). Under the house rule, so that one turn can hold two Moves.
fn omnitron(playtest: &str) -> Option<Diagnostic> {
    replay_text(&format!(
        "{M1_TWO_TEAMS}rules: {{repeat-basic-actions: true}}
tokens:
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

/// Legacy on (0,0) punches the Tyrannosaurus rex (head (0,1), tail (0,2)) with a Punch that
/// pushes 2: dice 6, 5, 4, 3 against a defence 1 block nothing, 4 damage of its 10 health, so
/// it may be pushed 2 hexes ("Push moves a target hit by this attack that number of hexes").
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
  legacy: {{health: 10, actions: 2, defense: 3, movement: {{value: 3}}, attacks: [{{name: Punch, kind: melee, dice: 4, push: 2}}]}}
  tyrannosaurus-rex: {{health: 10, defense: 1}}
playtest:
  - turn: legacy
    actions:
      - attack: {{with: Punch, target: rex, roll: [6, 5, 4, 3], defense: [1], damage: 4, push: {push}}}
"
    ))
}

#[test]
fn a_tail_follows_its_head_when_pushed() {
    // The head steps to (-1,2) and the tail follows to (0,1), which is free; a kept shape
    // (moved by (-1,1)) would put the tail on (-1,3), off M1. Then the head goes on to (-1,1)
    // and the tail follows to (-1,2): the push's 2 hexes.
    assert_eq!(rex_pushed("[[-1, 2], [-1, 1]]").map(|d| d.message), None);
    // "That number of hexes": one hex of a push of 2, with room for both, is too short.
    let d = rex_pushed("[[-1, 2]]").unwrap();
    assert!(
        d.message.contains(
            "`rex` is pushed 2 hex(es) here (\"that number of hexes\"), and the push has 1"
        ),
        "{}",
        d.message
    );
    // Through Blade's hex (1,0) on to (2,-1): the tail stops on Blade, where a kept shape
    // (moved by (2,-2) to (2,-1), (2,0)) would not.
    let d = rex_pushed("[[1, 0], [2, -1]]").unwrap();
    assert!(d.message.contains("ends on `blade`"), "{}", d.message);
    // The head may not turn back onto its tail.
    let d = rex_pushed("[[0, 2], [-1, 2]]").unwrap();
    assert!(
        d.message.contains("head back onto its tail"),
        "{}",
        d.message
    );
    // The push stat is 2, and there is no overkill: three hexes is too far.
    let d = rex_pushed("[[-1, 2], [-1, 1], [-2, 1]]").unwrap();
    assert!(
        d.message
            .contains("is pushed 2 hex(es) here, and the push has 3"),
        "{}",
        d.message
    );
}

/// Legacy on the volcano's rim (0,2), elevation 4, with "Flow of Fiery Lava" in play.
fn volcano(rules: &str, playtest: &str) -> String {
    format!(
        "format: 1
ruleset: sentinel-tactics
rules: {{environment: [flow-of-fiery-lava]{rules}}}
map:
  tiles:
    - {{tile: 8, side: insula-primalis, at: [0, 0]}}
teams:
  - {{id: heroes}}
  - {{id: villains}}
tokens:
  - {{id: legacy, kind: character, character: legacy, team: heroes, at: [0, 2]}}
  - {{id: blade, kind: character, character: baron-blade, team: villains, at: [0, -2]}}
turn-order: [heroes, villains]
{STATS}playtest:
  - turn: legacy
    actions:
      - sprint: [[0, 1]]
{playtest}"
    )
}

#[test]
fn lava_attacks_a_figure_entering_it_and_standing_in_it_at_the_end_of_its_turn() {
    // Sprinting onto the lava at (0,1) (elevation ignored): the lava attacks at once, with its
    // 2 dice at range 0; Legacy's 1, 1, 1 block neither the 3 nor the 4. At the end of the turn
    // he stands in it, and it attacks again: 1s against 6s, nothing.
    let both = "    hazards:\n      - {roll: [3, 4], defense: [1, 1, 1], damage: 2}\n      - {roll: [1, 1], defense: [6, 6, 6], damage: 0}\n";
    legal(&volcano(", lava-attack: {dice: 2}", both));
    // One roll for two attacks: the second, at the end of the turn, has no dice.
    let one = "    hazards:\n      - {roll: [3, 4], defense: [1, 1, 1], damage: 2}\n";
    let d = problem(&volcano(", lava-attack: {dice: 2}", one));
    assert!(
        d.contains("the lava at [0, 1] attacks `legacy` on [0, 1]; give its dice as hazard roll 2 of this turn's `hazards`"),
        "{d}"
    );
    // A wrong claim is reported at the roll.
    let d = problem(&volcano(
        ", lava-attack: {dice: 2}",
        &both.replace("damage: 2", "damage: 1"),
    ));
    assert!(
        d.contains("the lava at [0, 1] attacking `legacy`: the script says 1 damage to `legacy`, and the dice give 2"),
        "{d}"
    );
    // Without the card's die code the lava cannot be played.
    let d = problem(&volcano("", both));
    assert!(d.contains("give `rules: {lava-attack: {dice: N}}`"), "{d}");
}

/// Who the replay says won, and at which playtest turn.
fn winner(text: &str) -> Option<(String, String, usize)> {
    let scenario: megahex_schema::rulesets::sentinel_tactics::Scenario =
        serde_yaml::from_str(text).unwrap();
    let game = super::super::game::Game::new(&scenario, &Catalog::builtin());
    let played = super::played(&scenario, &game);
    assert_eq!(played.illegal, None);
    played.won.map(|(w, turn)| (w.team, w.objective, turn))
}

#[test]
fn a_playtest_says_which_objective_ended_the_game() {
    // KNOCKOUT's punch takes Blade's last health in turn 1: the heroes' objective to
    // incapacitate him is complete there. Its twin names a figure nobody touches.
    let objective = |targets: &str| {
        format!(
            "objectives:\n  - {{id: down, team: heroes, kind: incapacitate, targets: [{targets}], description: d}}\n"
        )
    };
    assert_eq!(
        winner(&scenario_with(&objective("blade"), KNOCKOUT)),
        Some(("heroes".into(), "down".into(), 1))
    );
    assert_eq!(winner(&scenario_with(&objective("legacy"), KNOCKOUT)), None);
    // Legacy's step onto (0, 1) reaches that hex; the twin's hex is one he never enters.
    let reach = |hex: &str| {
        format!(
            "objectives:\n  - {{id: there, team: heroes, kind: reach, hexes: [{hex}], description: d}}\n"
        )
    };
    assert_eq!(
        winner(&scenario_with(&reach("[0, 1]"), KNOCKOUT)),
        Some(("heroes".into(), "there".into(), 1))
    );
    assert_eq!(winner(&scenario_with(&reach("[1, 1]"), KNOCKOUT)), None);
}

/// "Then if at least one of your attack dice makes range, the target of your attack would roll
/// defense dice." Blade's Blaster (4 dice, 1 auto-misses) against Legacy two hexes away: a roll
/// of 2, 1, 1, 1 makes range 2 with its 2; 1, 1, 1, 1 makes nothing, so Legacy rolls no
/// defence, and the Defense-1 token he holds stays for the next roll that does make range
/// (his 3 defence dice, one fewer: 2).
#[test]
fn a_roll_that_makes_no_range_is_not_defended() {
    let text = |first: &str, second: &str| {
        scenario_with(
            "",
            &format!(
                "  - turn: legacy\n    actions: []\n  - turn: blade\n    move-value: 1\n    actions:\n      - attack: {{with: Blaster, target: legacy, {first}}}\n  - turn: legacy\n    actions: []\n  - turn: blade\n    move-value: 1\n    actions:\n      - attack: {{with: Blaster, target: legacy, {second}}}\n"
            ),
        )
        .replace(
            "team: heroes, at: [0, 0]}",
            "team: heroes, at: [0, 0], effect-tokens: {defense-minus: 1}}",
        )
    };
    let made = "roll: [2, 1, 1, 1], defense: [6, 6]";
    legal(&text("roll: [1, 1, 1, 1]", made));
    // Its twin with defence dice for the roll that made nothing.
    let d = problem(&text("roll: [1, 1, 1, 1], defense: [6, 6]", made));
    assert!(
        d.contains("no attack die makes range against `legacy`, so it rolls no defence dice"),
        "{d}"
    );
    // Nor a Defense+1 token spent on it.
    let spent = text("roll: [1, 1, 1, 1], defense-plus: 1", made)
        .replace("defense-minus: 1", "defense-minus: 1, defense-plus: 1");
    let d = problem(&spent);
    assert!(d.contains("so it spends no Defense+1 token"), "{d}");
    // The Defense-1 token was not used up by the roll that made nothing: the next roll that
    // makes range is defended with 2 dice, not 3.
    let d = problem(&text(
        "roll: [1, 1, 1, 1]",
        "roll: [2, 1, 1, 1], defense: [6, 6, 6]",
    ));
    assert!(
        d.contains("`legacy` rolls 2 defence dice (one fewer for its Defense-1 token), and the script gives 3"),
        "{d}"
    );
    // When the first roll does make range, it is defended and the token is used on it.
    legal(&text(
        "roll: [2, 1, 1, 1], defense: [6, 6]",
        "roll: [2, 1, 1, 1], defense: [6, 6, 6]",
    ));
}

/// "Push moves a target hit by this attack that number of hexes": a push goes its whole length
/// unless the map stops it. A map of three hexes in a row, (0,0), (1,0), (2,0): Legacy on the
/// first punches Baron Blade on the middle one with a Punch that pushes 2, and 6, 5, 4, 3
/// against 1, 1, 1 deal 4 damage to his 3 health: one point of overkill, 3 hexes of push in
/// all. Blade can go on to (2,0), and from there only back: a push of 1 is as far as it goes.
#[test]
fn a_push_goes_its_whole_length_unless_the_map_stops_it() {
    let text = |push: &str| {
        format!(
            "format: 1
ruleset: sentinel-tactics
map:
  hexes:
    - at: [[0, 0], [1, 0], [2, 0]]
teams:
  - {{id: heroes}}
  - {{id: villains}}
tokens:
  - {{id: legacy, kind: character, character: legacy, team: heroes, at: [0, 0]}}
  - {{id: blade, kind: character, character: baron-blade, team: villains, at: [1, 0]}}
turn-order: [heroes, villains]
stats:
  legacy: {{health: 10, actions: 2, defense: 3, movement: {{value: 3}}, attacks: [{{name: Punch, kind: melee, dice: 4, push: 2}}]}}
  baron-blade: {{health: 3, actions: 2, defense: 3, movement: {{value: 1}}}}
playtest:
  - turn: legacy
    actions:
      - attack: {{with: Punch, target: blade, roll: [6, 5, 4, 3], defense: [1, 1, 1], damage: 4{push}}}
"
        )
    };
    legal(&text(", push: [[2, 0]]"));
    // Its twin without the push: one hex is open, so it must be taken.
    let d = problem(&text(""));
    assert!(
        d.contains(
            "`blade` is pushed 3 hex(es) here (\"that number of hexes\"), and the push has 0"
        ) && d.contains("1 hex(es) are open, for example [[2, 0]]"),
        "{d}"
    );
    // Nor does a push come back to fill its length: back to (1,0) is a hex entered again.
    let d = problem(&text(", push: [[2, 0], [1, 0]]"));
    assert!(d.contains("step 2 of the push enters [1, 0] again"), "{d}");
    // Through Legacy's hex the push would end on (0,0), his hex: no push that way.
    let d = problem(&text(", push: [[0, 0]]"));
    assert!(d.contains("ends on `legacy`"), "{d}");
}

/// "Roll the number of dice noted in your movement. An up arrow means you take the highest die
/// rolled; a down arrow means you take the lowest die rolled; a sideways arrow means you take
/// the median die (the middle of three - if you rolled 4, 5, and 6, the median die is 5. If you
/// rolled 2, 2, and 3, the median die is 2)." Blade rolls three dice and takes the median here;
/// Legacy's move value of 3 is printed. On tile M1 Blade walks from (0,2) along the flat hexes
/// (0,1), (0,0) (through Legacy), (-1,0), (-2,0): four steps of cost 1 on elevation 1.
#[test]
fn movement_dice_give_the_move_value_and_a_printed_one_is_not_rolled() {
    let text = |legacy: &str, blade: &str, path: &str| {
        scenario_with("", &format!(
            "  - turn: legacy\n{legacy}    actions: []\n  - turn: blade\n{blade}    actions:\n      - move: {path}\n"
        ))
        .replace("movement: {dice: 1, pick: highest}", "movement: {dice: 3, pick: median}")
    };
    let four = "[[0, 1], [0, 0], [-1, 0], [-2, 0]]";
    // 4, 6, 5 in any order: the median is 5, so four hexes are within it.
    legal(&text("", "    move-dice: [4, 6, 5]\n", four));
    // 2, 3, 2: the median is 2, and four hexes are too far.
    let d = problem(&text("", "    move-dice: [2, 3, 2]\n", four));
    assert!(d.contains("move value 2"), "{d}");
    // The dice and the value given together must agree.
    let d = problem(&text(
        "",
        "    move-value: 6\n    move-dice: [4, 5, 6]\n",
        four,
    ));
    assert!(
        d.contains(
            "`blade` takes the median of its movement dice [4, 5, 6]: a move value of 5, not 6"
        ),
        "{d}"
    );
    legal(&text(
        "",
        "    move-value: 5\n    move-dice: [4, 5, 6]\n",
        four,
    ));
    // Three dice, not two.
    let d = problem(&text("", "    move-dice: [4, 5]\n", four));
    assert!(
        d.contains("`blade` rolls 3 movement dice, and `move-dice` gives 2"),
        "{d}"
    );
    // A value alone is a die: 1 to 6.
    let d = problem(&text("", "    move-value: 7\n", four));
    assert!(d.contains("so its move value is 1 to 6, not 7"), "{d}");
    legal(&text("", "    move-value: 6\n", four));
    // Legacy's printed 3 is not rolled: no other value, and no dice.
    let d = problem(&text("    move-value: 5\n", "    move-value: 6\n", four));
    assert!(
        d.contains("`legacy` has a printed move value of 3, not 5"),
        "{d}"
    );
    let d = problem(&text("    move-dice: [6]\n", "    move-value: 6\n", four));
    assert!(
        d.contains("rolls no movement dice; leave out `move-dice`"),
        "{d}"
    );
    legal(&text("    move-value: 3\n", "    move-value: 6\n", four));
}

/// Abilities with "costs other than actions": "Health icon ... your character loses one health,
/// but does not have to use an action", Bunker's Omni-Cannon "costs four attack+1 tokens to
/// activate", and "Any card with the keyword One-Shot may only be used once per incapacitation".
/// Legacy (2 actions) gains Surge (2 dice, costs 1 health), Cannon (2 dice, costs 2 Attack+1
/// tokens) and Finisher (3 dice, One-Shot). Every roll of 1s against Blade's three 6s is
/// blocked, so nobody is hurt unless a test says so.
#[test]
fn abilities_cost_health_tokens_or_a_one_shot_instead_of_an_action() {
    let with = |legacy_health: u32, tokens: &str, playtest: &str| {
        scenario_with("", playtest)
            .replace(
                "attacks: [{name: Punch, kind: melee, dice: 4}, {name: Kick, kind: melee, dice: 4}]",
                "attacks: [{name: Punch, kind: melee, dice: 4}, {name: Surge, kind: melee, dice: 2, cost: {health: 1}}, {name: Cannon, kind: melee, dice: 2, cost: {attack-plus: 2}}, {name: Finisher, kind: melee, dice: 3, one-shot: true}]",
            )
            .replacen("health: 10", &format!("health: {legacy_health}"), 1)
            .replace(
                "team: heroes, at: [0, 0]}",
                &format!("team: heroes, at: [0, 0], effect-tokens: {{{tokens}}}}}"),
            )
    };
    let attack = |with: &str, dice: usize| {
        format!(
            "      - attack: {{with: {with}, target: blade, roll: {:?}, defense: [6, 6, 6]}}\n",
            vec![1; dice]
        )
    };
    let turn = |actions: &[String]| {
        format!(
            "  - turn: legacy\n    actions:\n      - move: [[0, 1]]\n{}",
            actions.concat()
        )
    };
    // Move and Punch are the two actions; Surge costs a health point, not an action.
    let surge = turn(&[attack("Punch", 4), attack("Surge", 2)]);
    legal(&with(10, "attack-plus: 0", &surge));
    // Its twin with an ability that costs an action: a third action.
    let kicked = turn(&[attack("Punch", 4), attack("Finisher", 3)]);
    let d = problem(&with(10, "attack-plus: 0", &kicked));
    assert!(
        d.contains("`legacy` has 2 actions a turn; this is action 3"),
        "{d}"
    );
    // A character cannot pay its last health point.
    let d = problem(&with(1, "attack-plus: 0", &surge));
    assert!(
        d.contains(
            "`legacy` has 1 health, and Surge costs 1: a character cannot pay its last health"
        ),
        "{d}"
    );
    // The Cannon spends two Attack+1 tokens and no action; with one token it cannot fire.
    let cannon = turn(&[attack("Punch", 4), attack("Cannon", 2)]);
    legal(&with(10, "attack-plus: 2", &cannon));
    let d = problem(&with(10, "attack-plus: 1", &cannon));
    assert!(
        d.contains("Cannon costs 2 Attack+1 token(s), and `legacy` holds 1"),
        "{d}"
    );
    // Tokens paid for the Cannon are gone: none is left for an extra die on it.
    let extra = turn(&[
        attack("Punch", 4),
        "      - attack: {with: Cannon, target: blade, attack-plus: 1, roll: [1, 1, 1], defense: [6, 6, 6]}\n".to_owned(),
    ]);
    let d = problem(&with(10, "attack-plus: 2", &extra));
    assert!(
        d.contains("Cannon costs 2 Attack+1 token(s) and the attack spends 1 more on dice, and `legacy` holds 2"),
        "{d}"
    );
    // Finisher, a One-Shot, in round 1; Blade's Blaster then deals 3 (6, 6, 6 make range 1,
    // the 1 auto-misses, Legacy's 1s block nothing) to a Legacy of 3 health: incapacitated,
    // and the One-Shot comes back for round 2.
    let rounds = |blade_roll: &str, blade_defense: &str| {
        format!(
            "{}  - turn: blade\n    move-value: 1\n    actions:\n      - attack: {{with: Blaster, target: legacy, roll: {blade_roll}{blade_defense}}}\n  - turn: legacy\n    actions:\n{}",
            turn(&[attack("Finisher", 3)]),
            attack("Finisher", 3)
        )
    };
    legal(&with(
        3,
        "attack-plus: 0",
        &rounds("[6, 6, 6, 1]", ", defense: [1, 1, 1], damage: 3"),
    ));
    // Its twin where Blade's roll makes nothing (every 1 auto-misses): Legacy stands, and the
    // One-Shot is still out of play.
    let d = problem(&with(3, "attack-plus: 0", &rounds("[1, 1, 1, 1]", "")));
    assert!(
        d.contains("`legacy` has used its One-Shot Finisher; it comes back only once `legacy` has been incapacitated"),
        "{d}"
    );
}

/// Power cards: "each character gets two of their cards in play … no more than two power cards
/// in play at a time", "During your Power Up phase, you may pick up any one of your power cards
/// in play and replace it with a different power card from hand. If you do not have as many
/// power cards in play as you are allowed, you may place a power card instead", "(You cannot
/// pick up and put back down the same power card.)", and on incapacitation "any power cards in
/// play are returned to their hand", the character "may place one of their power cards" when
/// it stands up. Legacy has Punch on its panel, Inferno on the card Flames and Kick on Boots;
/// Boots and Shield start in play. Every roll of 1s against Blade's three 6s is blocked.
#[test]
fn power_cards_in_play_decide_which_attacks_may_be_used() {
    let with = |legacy_health: u32, limit: &str, playtest: &str| {
        scenario_with("", playtest)
            .replace(
                "attacks: [{name: Punch, kind: melee, dice: 4}, {name: Kick, kind: melee, dice: 4}]",
                &format!("attacks: [{{name: Punch, kind: melee, dice: 4}}, {{name: Inferno, kind: melee, dice: 2, card: Flames}}, {{name: Kick, kind: melee, dice: 2, card: Boots}}]\n    cards: [Flames, Boots, Shield]\n    in-play: [Boots, Shield]{limit}"),
            )
            .replacen("health: 10", &format!("health: {legacy_health}"), 1)
    };
    let turn = |power_up: &str, with: &str| {
        format!(
            "  - turn: legacy\n{power_up}    actions:\n      - move: [[0, 1]]\n      - attack: {{with: {with}, target: blade, roll: [1, 1], defense: [6, 6, 6]}}\n"
        )
    };
    // Inferno's card is in the hand: not usable until a Power Up puts it in play.
    let d = problem(&with(10, "", &turn("", "Inferno")));
    assert!(
        d.contains("`legacy`'s Inferno is on the power card Flames, which is not in play (in play: Boots, Shield)"),
        "{d}"
    );
    legal(&with(
        10,
        "",
        &turn("    power-up: {replace: Shield, with: Flames}\n", "Inferno"),
    ));
    // A card cannot replace itself, nor can a card in the hand be picked up.
    let d = problem(&with(
        10,
        "",
        &turn("    power-up: {replace: Boots, with: Boots}\n", "Punch"),
    ));
    assert!(d.contains("Boots cannot replace itself"), "{d}");
    let d = problem(&with(
        10,
        "",
        &turn("    power-up: {replace: Flames, with: Boots}\n", "Punch"),
    ));
    assert!(
        d.contains("Flames is not in play (in play: Boots, Shield)"),
        "{d}"
    );
    // Replaced, Boots goes back to the hand and Kick with it.
    let d = problem(&with(
        10,
        "",
        &turn("    power-up: {replace: Boots, with: Flames}\n", "Kick"),
    ));
    assert!(
        d.contains(
            "Kick is on the power card Boots, which is not in play (in play: Flames, Shield)"
        ),
        "{d}"
    );
    // Two in play are as many as it may hold; with room for three, it may place one.
    let place = turn("    power-up: {place: Flames}\n", "Inferno");
    let d = problem(&with(10, "", &place));
    assert!(
        d.contains("`legacy` has 2 power cards in play (Boots, Shield), as many as it may"),
        "{d}"
    );
    legal(&with(10, "\n    cards-in-play: 3", &place));
    // Blade's Blaster deals Legacy its last 3 health (6, 6, 6 make range 1; Legacy's 1s block
    // nothing): incapacitated, its cards go back to the hand, and Kick waits for a Power Up.
    let rounds = |round_two_power_up: &str| {
        format!(
            "{}  - turn: blade\n    move-value: 1\n    actions:\n      - attack: {{with: Blaster, target: legacy, roll: [6, 6, 6, 1], defense: [1, 1, 1], damage: 3}}\n  - turn: legacy\n{round_two_power_up}    actions:\n      - attack: {{with: Kick, target: blade, roll: [1, 1], defense: [6, 6, 6]}}\n",
            turn("", "Kick")
        )
    };
    let d = problem(&with(3, "", &rounds("")));
    assert!(
        d.contains("Kick is on the power card Boots, which is not in play (in play: none)"),
        "{d}"
    );
    legal(&with(3, "", &rounds("    power-up: {place: Boots}\n")));
}
