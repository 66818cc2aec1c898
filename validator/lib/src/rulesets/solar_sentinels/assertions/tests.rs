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

#[test]
fn an_odds_claim_on_more_than_four_cards_is_judged_by_both_bounds() {
    // Four bosses and Ravenous Maw: Health 12 + 11 + 11 + 10 + 10 = 54, more than the whole
    // box of 17 dice deals at 3 a die (the most any hero's ability makes a face deal): exactly
    // 0, so a claim of at most 0 holds and one of at least 1% fails.
    let cards =
        "[silent-choir, pale-matriarch, regolith-sovereign, tide-eater-colossus, ravenous-maw]";
    let holds = claims(&format!(
        "  - odds: {{cards: {cards}, defeat-all: {{at-most: 0.0}}}}\n"
    ));
    assert!(failed(&holds).is_empty(), "{holds:?}");
    let fails = claims(&format!(
        "  - odds: {{cards: {cards}, defeat-all: {{at-least: 0.01}}}}\n"
    ));
    let found = failed(&fails);
    assert_eq!(found.len(), 1, "{fails:?}");
    assert_eq!(found[0].0, Severity::Error);
    assert!(found[0].2.contains("the claim says at least"), "{found:?}");
}

#[test]
fn an_odds_claim_inside_the_bounds_is_undecided_and_outside_them_is_decided() {
    use crate::rulesets::solar_sentinels::deck::{DiceBox, after_handicaps};
    use crate::rulesets::solar_sentinels::engagement::defeat_all_bounds;
    // Five conflict cards without effects on the dice, all of odd Health (3, 3, 3, 3, 5), so
    // that the floor's groups may waste a crit's point and the bounds part: they come from the
    // library, and the claims are put inside, under and over them.
    let ids = [
        "pale-larva",
        "dust-mite-swarm",
        "quiet-stalker",
        "moon-moth",
        "dread-polyp",
    ];
    let text = include_str!("../../../../../../scenarios/solar-first-light.yaml");
    let document = crate::yaml::load(text, crate::yaml::Limits::default()).unwrap();
    let deck: megahex_schema::rulesets::solar_sentinels::Scenario =
        serde_json::from_value(document.value).unwrap();
    let hero = crate::rulesets::solar_sentinels::deck::hero(&deck).unwrap();
    let (pool, exhausted) = after_handicaps(DiceBox::of(&deck).pool, &deck.setup.handicaps);
    let cards: Vec<String> = ids.iter().map(|s| s.to_string()).collect();
    let foes = crate::rulesets::solar_sentinels::engaged::foes_of_cards(
        &deck,
        Some(hero),
        &cards,
        &exhausted,
    )
    .unwrap()
    .foes;
    let faces = crate::rulesets::solar_sentinels::Colour::ALL
        .map(crate::rulesets::solar_sentinels::Colour::faces);
    let b = defeat_all_bounds(&faces, &pool, &foes, hero.strategy, &|_, _| {}).unwrap();
    let (low, high) = (b.low.unwrap(), b.high);
    assert!(low < high, "{b:?}");
    let claim = |bound: &str, p: f64| {
        let found = claims(&format!(
            "  - odds: {{cards: [{}], defeat-all: {{{bound}: {p}}}}}\n",
            ids.join(", ")
        ));
        failed(&found)
    };
    // Inside the span: neither holds nor fails for sure.
    let inside = claim("at-least", (low + high) / 2.0);
    assert_eq!(inside.len(), 1);
    assert!(
        inside[0].2.contains("on both sides of the claim"),
        "{inside:?}"
    );
    // Under the floor, the claim holds; over the ceiling, it fails.
    assert!(claim("at-least", low - 0.001).is_empty());
    let over = claim("at-least", high + 0.001);
    assert_eq!(over.len(), 1);
    assert!(over[0].2.contains("the claim says at least"), "{over:?}");
    let under = claim("at-most", low - 0.001);
    assert!(under[0].2.contains("the claim says at most"), "{under:?}");
}
