#![allow(clippy::unwrap_used)]

use crate::diagnostic::{Code, Diagnostic, Severity};

/// A hexagon of open ground, radius 4, cut in two by a column of bushes (q = 0), which block
/// sight. The runner (2 actions) stands at [-4, 0], the target at [4, 0]. Open ground costs one
/// action a hex ("Moving from one hex to another requires one action in most areas").
fn claims(claims: &str) -> Vec<Diagnostic> {
    let text = format!(
        "format: 1
ruleset: hex-skirmish
map:
  hexagon: {{radius: 4}}
  hexes:
    - at: [[0, -4], [0, -3], [0, -2], [0, -1], [0, 0], [0, 1], [0, 2], [0, 3], [0, 4]]
      terrain: bushes
teams:
  - {{id: red}}
  - {{id: blue}}
units:
  - {{id: runner, team: red, at: [-4, 0], initiative: 1, actions: 2, attacks: 1, strike: 1,
     hit-points: 5, defense: 1}}
  - {{id: target, team: blue, at: [4, 0], initiative: 2, actions: 2, attacks: 1, strike: 1,
     hit-points: 5, defense: 1}}
assert:
{claims}"
    );
    #[allow(clippy::unwrap_used)]
    let checker = crate::check::Checker::new(megahex_schema::Catalog::builtin()).unwrap();
    checker
        .check_text(&text, &|_| Err("no catalog".into()))
        .diagnostics
}

fn failed(found: &[Diagnostic]) -> Vec<(String, String)> {
    found
        .iter()
        .filter(|d| d.code == Code::AssertionFailed)
        .map(|d| (d.pointer.clone().unwrap_or_default(), d.message.clone()))
        .collect()
}

#[test]
fn true_claims_hold_and_each_false_one_fails_at_its_place() {
    let holds = claims(
        "  - sight: {from: runner, to: [-3, 0], visible: true}
  - sight: {from: runner, to: target, visible: false}
  - range: {from: runner, to: target, is: 8}
  - reach: {figure: runner, hex: [-1, 0], within-turns: 2}
",
    );
    assert!(
        holds.iter().all(|d| d.severity != Severity::Error),
        "{holds:?}"
    );
    let fails = claims(
        "  - sight: {from: runner, to: [-3, 0], visible: false}
  - sight: {from: runner, to: target, visible: true}
  - range: {from: runner, to: target, at-most: 7}
  - reach: {figure: runner, hex: [-1, 0], within-turns: 1}
",
    );
    let found = failed(&fails);
    assert_eq!(found.len(), 4, "{fails:?}");
    let pointers: Vec<&str> = found.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(
        pointers,
        ["/assert/0", "/assert/1", "/assert/2", "/assert/3"]
    );
    assert!(found[0].1.starts_with("runner sees [-3, 0]"), "{found:?}");
    assert!(found[1].1.contains("does not see"), "{found:?}");
    // Eight hexes apart on a flat map.
    assert!(found[2].1.contains("is 8"), "{found:?}");
    // Three hexes at one action each, two actions a turn: two turns.
    assert!(found[3].1.contains("takes 2 turns"), "{found:?}");
}

#[test]
fn ends_that_name_nothing_are_reported_as_references() {
    let found = claims(
        "  - sight: {from: nobody, to: [9, 9], visible: true}
  - reach: {figure: runner, hex: 3/7, within-turns: 1}
  - balance: {team: green, win-rate: [0.4, 0.6]}
",
    );
    let codes: Vec<(Code, String)> = found
        .iter()
        .map(|d| (d.code, d.pointer.clone().unwrap_or_default()))
        .collect();
    assert!(codes.contains(&(Code::UnknownReference, "/assert/0/sight/from".into())));
    assert!(codes.contains(&(Code::HexOffMap, "/assert/0/sight/to".into())));
    assert!(codes.contains(&(Code::HexOffMap, "/assert/1/reach/hex".into())));
    assert!(codes.contains(&(Code::UnknownReference, "/assert/2/balance/team".into())));
}

#[test]
fn a_balance_claim_is_the_same_for_its_seed_and_any_rate_holds_for_zero_to_one() {
    let wide = claims("  - balance: {team: red, win-rate: [0.0, 1.0], games: 200, seed: 7}\n");
    assert!(failed(&wide).is_empty(), "{wide:?}");
    let narrow = "  - balance: {team: red, win-rate: [0.999, 1.0], games: 200, seed: 7}\n";
    let (first, second) = (failed(&claims(narrow)), failed(&claims(narrow)));
    assert_eq!(
        first.len(),
        1,
        "a sure win is not claimed of an even fight: {first:?}"
    );
    assert_eq!(first, second, "the same seed plays the same games");
    assert!(first[0].1.contains("seed 7"));
}

/// A club of 3 damage, strike 1 against defence 1: D10 + 1 against D10 + 1 hits when the
/// attacker's die is at least the defender's ("ties go to the attacker"), 55 of the 100 pairs
/// (10 + 9 + ... + 1). So 1 damage or more with chance 0.55, and 3 × 0.55 = 1.65 expected.
#[test]
fn an_odds_claim_is_one_blow_worked_out_by_hand() {
    let with_club = |claims: &str| {
        let text = format!(
            "format: 1
ruleset: hex-skirmish
map:
  hexagon: {{radius: 2}}
teams:
  - {{id: red}}
  - {{id: blue}}
units:
  - {{id: brute, team: red, at: [-1, 0], initiative: 1, actions: 2, attacks: 1, strike: 1,
     hit-points: 5, defense: 1, weapons: [{{name: Club, damage: 3}}]}}
  - {{id: victim, team: blue, at: [1, 0], initiative: 2, actions: 2, attacks: 1, strike: 1,
     hit-points: 5, defense: 1}}
assert:
{claims}"
        );
        let checker = crate::check::Checker::new(megahex_schema::Catalog::builtin()).unwrap();
        checker
            .check_text(&text, &|_| Err("no catalog".into()))
            .diagnostics
    };
    let holds = with_club(
        "  - odds: {attacker: brute, attack: Club, defender: victim, expected-damage: {at-least: 1.65, at-most: 1.65}, at-least-one: {at-least: 0.55, at-most: 0.55}}\n",
    );
    assert!(
        holds.iter().all(|d| d.severity != Severity::Error),
        "{holds:?}"
    );
    let fails = failed(&with_club(
        "  - odds: {attacker: brute, attack: Club, defender: victim, expected-damage: {at-most: 1.6}}
  - odds: {attacker: brute, attack: Club, defender: victim, at-least-one: {at-least: 0.6}}
  - odds: {attacker: brute, attack: Axe, defender: victim, at-least-one: {at-least: 0.1}}
",
    ));
    assert_eq!(fails.len(), 3, "{fails:?}");
    assert!(fails[0].1.contains("expected damage 1.650"), "{fails:?}");
    assert!(fails[1].1.contains("1 damage or more 55.0%"), "{fails:?}");
    assert!(
        fails[2].1.contains("no weapon or spell of that name"),
        "{fails:?}"
    );
}
