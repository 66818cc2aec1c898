#![allow(clippy::unwrap_used)]

use crate::diagnostic::{Code, Diagnostic, Severity};

/// The bundled deck with `claims` appended under `assert:`.
fn claims(claims: &str) -> Vec<Diagnostic> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../scenarios/solar-first-light.yaml"
    );
    let text = format!(
        "{}\nassert:\n{claims}",
        std::fs::read_to_string(path).unwrap()
    );
    let checker = crate::check::Checker::new(megahex_schema::Catalog::builtin()).unwrap();
    checker
        .check_text(&text, &|_| Err("no catalog".into()))
        .diagnostics
}

fn failed(found: &[Diagnostic]) -> Vec<(Severity, String, String)> {
    found
        .iter()
        .filter(|d| d.code == Code::AssertionFailed)
        .map(|d| {
            (
                d.severity,
                d.pointer.clone().unwrap_or_default(),
                d.message.clone(),
            )
        })
        .collect()
}

#[test]
fn any_rate_holds_between_zero_and_one_and_a_sure_win_is_an_error_at_its_claim() {
    let found = claims(
        "  - balance: {win-rate: [0.0, 1.0], games: 50, seed: 3}
  - balance: {win-rate: [0.95, 1.0], games: 50, seed: 3}
",
    );
    let failures = failed(&found);
    assert_eq!(failures.len(), 1, "{found:?}");
    let (severity, pointer, message) = &failures[0];
    assert_eq!(*severity, Severity::Error);
    assert_eq!(pointer, "/assert/1");
    // Six heroes, fifty games each.
    assert!(message.starts_with("the player won "), "{message}");
    assert!(message.contains(" of 300 games"), "{message}");
    assert!(message.contains("seed 3"), "{message}");
}

#[test]
fn a_claim_about_one_hero_plays_that_hero_alone_and_an_unknown_hero_is_a_reference_error() {
    let one = failed(&claims(
        "  - balance: {win-rate: [0.95, 1.0], games: 40, seed: 3, hero: oren-pyre}\n",
    ));
    assert_eq!(one.len(), 1);
    assert!(
        one[0].2.contains("the player with `oren-pyre` won "),
        "{one:?}"
    );
    assert!(one[0].2.contains(" of 40 games"), "{one:?}");
    let unknown = claims("  - balance: {win-rate: [0.1, 0.9], hero: nobody}\n");
    assert!(
        unknown.iter().any(|d| d.code == Code::UnknownReference
            && d.pointer.as_deref() == Some("/assert/0/balance/hero")),
        "{unknown:?}"
    );
}

#[test]
fn an_odds_claim_names_cards_of_the_deck_and_a_chance_of_one_always_holds_at_most() {
    let found = claims(
        "  - odds: {cards: [cinder-beetle, no-such-card], defeat-all: {at-least: 0.1}}
  - odds: {cards: [cinder-beetle], defeat-all: {at-most: 1.0}, hero: nobody}
",
    );
    let refs: Vec<String> = found
        .iter()
        .filter(|d| d.code == Code::UnknownReference)
        .map(|d| d.pointer.clone().unwrap_or_default())
        .collect();
    assert_eq!(refs, ["/assert/0/odds/cards/1", "/assert/1/odds/hero"]);
    let holds =
        claims("  - odds: {cards: [cinder-beetle], defeat-all: {at-least: 0.0, at-most: 1.0}}\n");
    assert!(failed(&holds).is_empty(), "{holds:?}");
}
