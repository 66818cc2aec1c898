use crate::diagnostic::{Code, Diagnostic};

/// Baron Blade on (0,2) and Legacy on (0,0) of tile 1, both at elevation 1, with (0,1) at
/// elevation 1 between: in sight at range 2. Blade's Blaster is one die, which makes range 2
/// on 2..6; Legacy's 3 defence dice stop it unless all three are below it, so for an attack
/// die a the chance is ((a-1)/6)^3, and the expected damage (one die deals 0 or 1) is
/// (1 + 8 + 27 + 64 + 125) / 1296 = 225/1296, which is also the chance of 1 damage or more.
/// Legacy has no attack, so the villains take nothing.
fn claims(claims: &str) -> Vec<Diagnostic> {
    let text = format!(
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
stats:
  legacy: {{health: 10, actions: 1, defense: 3, movement: {{value: 3}}}}
  baron-blade:
    health: 12
    actions: 2
    defense: 3
    movement: {{value: 3}}
    attacks:
      - {{name: Blaster, kind: range, dice: 1}}
assert:
{claims}"
    );
    super::super::findings_of(&text)
}

const BY_HAND: f64 = 225.0 / 1296.0;

#[test]
fn odds_and_exposure_that_hold_by_hand() {
    let found = claims(&format!(
        "  - odds: {{attacker: blade, attack: Blaster, defender: legacy, expected-damage: {{at-least: {low}, at-most: {high}}}}}
  - odds: {{attacker: blade, attack: Blaster, defender: legacy, at-least-one: {{at-least: {low}}}}}
  - exposure: {{team: heroes, turn-1-expected-damage: {{at-most: {high}, at-least: {low}}}}}
  - exposure: {{team: villains, turn-1-expected-damage: {{at-most: 0}}}}
",
        low = BY_HAND - 1e-6,
        high = BY_HAND + 1e-6
    ));
    assert!(found.is_empty(), "{found:?}");
}

#[test]
fn odds_and_exposure_that_fail_by_hand() {
    let found = claims(&format!(
        "  - odds: {{attacker: blade, attack: Blaster, defender: legacy, expected-damage: {{at-least: {high}}}}}
  - odds: {{attacker: blade, attack: Blaster, defender: legacy, at-least-one: {{at-most: {low}}}}}
  - exposure: {{team: heroes, turn-1-expected-damage: {{at-most: {low}}}}}
  - exposure: {{team: villains, turn-1-expected-damage: {{at-least: 0.001}}}}
",
        low = BY_HAND - 1e-6,
        high = BY_HAND + 1e-6
    ));
    let pointers: Vec<(Code, Option<&str>)> = found
        .iter()
        .map(|d| (d.code, d.pointer.as_deref()))
        .collect();
    assert_eq!(
        pointers,
        vec![
            (Code::AssertionFailed, Some("/assert/0")),
            (Code::AssertionFailed, Some("/assert/1")),
            (Code::AssertionFailed, Some("/assert/2")),
            (Code::AssertionFailed, Some("/assert/3")),
        ]
    );
    let damage = format!("expected damage {BY_HAND:.3}");
    assert!(found[0].message.contains(&damage), "{}", found[0].message);
    assert!(
        found[0]
            .message
            .contains("at range 2 against 3 defence dice")
    );
    let chance = format!("1 damage or more {:.1}%", BY_HAND * 100.0);
    assert!(found[1].message.contains(&chance), "{}", found[1].message);
    let taken = format!("take {BY_HAND:.3} damage on turn 1");
    assert!(found[2].message.contains(&taken), "{}", found[2].message);
    assert!(
        found[3].message.contains("take 0.000 damage"),
        "{}",
        found[3].message
    );
}

#[test]
fn an_odds_claim_that_cannot_be_judged_says_why() {
    let found = claims(
        "  - odds: {attacker: blade, attack: Laser, defender: legacy, expected-damage: {at-least: 0}}
  - odds: {attacker: legacy, attack: Punch, defender: blade, at-least-one: {at-least: 0}}
",
    );
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(
        found[0]
            .message
            .contains("no attack named Laser (its attacks: Blaster)")
    );
    assert!(found[1].message.contains("its attacks: none"));
}
