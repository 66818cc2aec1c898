use crate::diagnostic::{Code, Diagnostic};

/// Legacy at the foot of tile 1's middle column, (0,2), elevation 1, four hexes below its
/// summit (0,-2), elevation 4, with a Move and a Sprint a turn and a one-die move value.
/// The column: (0,1) and (0,0) at elevation 1, (0,-1) at 3. A Move of 2 or more takes him to
/// (0,0) and a Sprint (2 hexes, "Sprinting ignores elevation changes") up to the summit: one
/// turn. A move value of 1 cannot: the best is (0,0) by a Sprint (the climb to (0,-1) costs 3),
/// and the next turn's Sprint arrives. So 1 turn with chance 5/6 and 2 with 1/6: 7/6 turns
/// expected, 2 in the worst case.
fn claims(claims: &str) -> Vec<Diagnostic> {
    let text = format!(
        "format: 1
ruleset: sentinel-tactics
map:
  tiles:
    - {{tile: 1, side: megalopolis, at: [0, 0], rotation: 0}}
teams:
  - {{id: heroes}}
tokens:
  - {{id: legacy, kind: character, character: legacy, team: heroes, at: [0, 2]}}
  - {{id: relic, kind: scenario-token, at: [0, -2]}}
stats:
  legacy: {{health: 10, actions: 2, defense: 3, movement: {{dice: 1, pick: highest}}}}
assert:
{claims}"
    );
    super::super::findings_of(&text)
}

#[test]
fn reach_in_the_worst_case_and_on_average_by_hand() {
    let holds = claims(
        "  - reach: {figure: legacy, hex: [0, -2], within-turns: 2}
  - reach: {figure: legacy, hex: relic, within-turns: 2, by: expected}
",
    );
    assert!(holds.is_empty(), "{holds:?}");
    let fails = claims(
        "  - reach: {figure: legacy, hex: 1/1, within-turns: 1}
  - reach: {figure: legacy, hex: relic, within-turns: 1, by: expected}
",
    );
    let messages: Vec<(Code, &str)> = fails.iter().map(|d| (d.code, d.message.as_str())).collect();
    assert_eq!(messages.len(), 2, "{messages:?}");
    assert!(fails.iter().all(|d| d.code == Code::AssertionFailed));
    assert!(
        messages[0].1.contains("takes 2 turns in the worst case"),
        "{messages:?}"
    );
    let expected = format!("takes {:.2} turns on average", 7.0 / 6.0);
    assert!(messages[1].1.contains(&expected), "{messages:?}");
    assert_eq!(fails[1].pointer.as_deref(), Some("/assert/1"));
}

#[test]
fn a_reach_claim_that_cannot_be_judged_says_why() {
    let found = claims("  - reach: {figure: relic, hex: 1/1, within-turns: 1}\n");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].code, Code::AssertionFailed);
    assert!(found[0].message.contains("`relic` is not a figure"));
    let unknown = claims("  - reach: {figure: nobody, hex: 1/1, within-turns: 1}\n");
    assert_eq!(unknown.len(), 1, "{unknown:?}");
    assert_eq!(unknown[0].code, Code::UnknownReference);
    assert_eq!(
        unknown[0].pointer.as_deref(),
        Some("/assert/0/reach/figure")
    );
}
