//! The designer's claims (`assert:`) on a Solar Sentinels deck: how often the player wins, by
//! the deck's own seeded simulation ([`super::selfplay`]), judged as every ruleset's win-rate
//! claim is ([`crate::simulate::win_rate_finding`]).

use megahex_schema::solar_sentinels::Scenario;
use megahex_schema::solar_sentinels::assertions::{Assertion, DeckBalanceClaim};

use super::selfplay::{Plan, simulate};
use crate::diagnostic::{Code, Diagnostic};
use crate::simulate::{WinRate, win_rate_finding};

#[cfg(test)]
mod tests;

/// Claims naming a hero the deck does not have.
pub fn check_places(deck: &Scenario, out: &mut Vec<Diagnostic>) {
    let heroes: Vec<&str> = deck.heroes.iter().map(|h| h.id.as_str()).collect();
    for (i, Assertion::Balance(claim)) in deck.assertions.iter().enumerate() {
        if let Some(hero) = claim.hero.as_deref().filter(|h| !heroes.contains(h)) {
            out.push(
                Diagnostic::error(
                    Code::UnknownReference,
                    format!("/assert/{i}/balance/hero"),
                    format!("assert[{i}] names hero `{hero}`, which this deck does not have"),
                )
                .with_help(format!("the deck's heroes: {}", heroes.join(", "))),
            );
        }
    }
}

/// Every claim that does not hold, at its line.
pub fn check(deck: &Scenario) -> Vec<Diagnostic> {
    deck.assertions
        .iter()
        .enumerate()
        .filter_map(|(i, Assertion::Balance(claim))| {
            balance_fails(deck, claim, format!("/assert/{i}"))
        })
        .collect()
}

fn balance_fails(deck: &Scenario, claim: &DeckBalanceClaim, pointer: String) -> Option<Diagnostic> {
    let played = match &claim.hero {
        Some(hero) => {
            let mut one = deck.clone();
            one.heroes.retain(|h| h.id == *hero);
            if one.heroes.is_empty() {
                return None;
            }
            one
        }
        None => deck.clone(),
    };
    let plan = Plan {
        games: claim.games,
        seed: u64::from(claim.seed),
        ranks: match claim.rank {
            Some(rank) => vec![Some(rank)],
            None => Plan::ranks_of(deck),
        },
    };
    let summary = simulate(&played, &plan, &|| {});
    let who = match &claim.hero {
        Some(hero) => format!("the player with `{hero}`"),
        None => "the player".to_owned(),
    };
    let result = WinRate {
        who,
        wins: summary.wins,
        games: summary.games,
        interval: summary.interval,
        seed: claim.seed,
    };
    win_rate_finding(&result, claim.win_rate, pointer)
}
