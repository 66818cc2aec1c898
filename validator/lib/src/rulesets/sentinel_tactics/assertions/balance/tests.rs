use crate::diagnostic::{Code, Diagnostic, Severity};

/// Legacy next to a 1-health soldier, 12 attack dice against none, heroes first: the first
/// attack destroys the soldier, so the heroes win every game (self-play's own test says so).
/// With all n games won, Wilson's 95% interval is [n / (n + z^2), 1], z = 1.959964: for 50
/// games, [0.92865, 1]; the villains' is [0, 0.07135].
fn claims(claims: &str) -> Vec<Diagnostic> {
    let text = format!(
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
  - {{id: grunt, kind: minion, character: blade-battalion-soldier, team: villains, at: [0, 1]}}
objectives:
  - {{id: smash, team: heroes, kind: destroy, targets: [grunt]}}
turn-order: [heroes, villains]
stats:
  legacy: {{health: 10, actions: 2, defense: 0, movement: {{value: 3}}, attacks: [{{name: Punch, kind: melee, dice: 12}}]}}
  blade-battalion-soldier: {{health: 1, actions: 1, defense: 0, movement: {{value: 2}}, attacks: [{{name: Jab, kind: melee, dice: 1}}]}}
assert:
{claims}"
    );
    super::super::findings_of(&text)
}

#[test]
fn balance_inside_outside_and_straddling_by_hand() {
    let z2 = 1.959_964_f64.powi(2);
    let lower = 50.0 / (50.0 + z2);
    let found = claims(&format!(
        "  - balance: {{team: heroes, win-rate: [{inside}, 1], games: 50, seed: 3}}
  - balance: {{team: heroes, win-rate: [{straddle}, 1], games: 50, seed: 3}}
  - balance: {{team: villains, win-rate: [{outside}, 1], games: 50, seed: 3}}
  - balance: {{team: villains, win-rate: [0, {villains_top}], games: 50, seed: 3}}
",
        inside = lower - 1e-4,
        straddle = lower + 1e-4,
        outside = 1.0 - lower + 1e-4,
        villains_top = 1.0 - lower + 1e-4,
    ));
    let seen: Vec<(Code, Severity, Option<&str>)> = found
        .iter()
        .map(|d| (d.code, d.severity, d.pointer.as_deref()))
        .collect();
    assert_eq!(
        seen,
        vec![
            (Code::AssertionFailed, Severity::Warning, Some("/assert/1")),
            (Code::AssertionFailed, Severity::Error, Some("/assert/2")),
        ],
        "{found:?}"
    );
    assert!(
        found[0].message.contains("won 50 of 50 games"),
        "{}",
        found[0].message
    );
    assert!(found[1].message.contains("won 0 of 50 games"));
}

#[test]
fn a_balance_claim_gives_the_same_verdict_for_its_seed() {
    let claim = "  - balance: {team: heroes, win-rate: [0.99, 1], games: 40, seed: 11}\n";
    let first = claims(claim);
    assert_eq!(first.len(), 1, "{first:?}");
    assert_eq!(first[0].code, Code::AssertionFailed);
    assert_eq!(first, claims(claim));
}
