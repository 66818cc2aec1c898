//! The designer's claims (`assert:`) on a Solar Sentinels deck: how often the player wins, by
//! the deck's own seeded simulation ([`super::selfplay`]), judged as every ruleset's win-rate
//! claim is ([`crate::simulate::win_rate_finding`]).

use megahex_schema::rulesets::solar_sentinels::Scenario;
use megahex_schema::rulesets::solar_sentinels::assertions::{
    Assertion, DeckBalanceClaim, DeckOddsClaim,
};

use super::selfplay::{Plan, simulate};
use crate::claims::claim_failed;
use crate::diagnostic::{Code, Diagnostic};
use crate::simulate::{WinRate, win_rate_finding};

#[cfg(test)]
mod tests;

/// Claims naming a hero the deck does not have.
pub fn check_places(deck: &Scenario, out: &mut Vec<Diagnostic>) {
    let heroes: Vec<&str> = deck.heroes.iter().map(|h| h.id.as_str()).collect();
    let cards: Vec<&str> = deck
        .conflict
        .iter()
        .map(|c| c.id.as_str())
        .chain(deck.bosses.iter().map(|b| b.id.as_str()))
        .collect();
    for (i, claim) in deck.assertions.iter().enumerate() {
        let (kind, hero, named) = match claim {
            Assertion::Balance(c) => ("balance", c.hero.as_deref(), &[][..]),
            Assertion::Odds(c) => ("odds", c.hero.as_deref(), c.cards.as_slice()),
        };
        if let Some(hero) = hero.filter(|h| !heroes.contains(h)) {
            out.push(
                Diagnostic::error(
                    Code::UnknownReference,
                    format!("/assert/{i}/{kind}/hero"),
                    format!("assert[{i}] names hero `{hero}`, which this deck does not have"),
                )
                .with_help(format!("the deck's heroes: {}", heroes.join(", "))),
            );
        }
        for (k, card) in named.iter().enumerate() {
            if !cards.contains(&card.as_str()) {
                out.push(Diagnostic::error(
                    Code::UnknownReference,
                    format!("/assert/{i}/{kind}/cards/{k}"),
                    format!("assert[{i}] names card `{card}`, which is no conflict card or boss of this deck"),
                ));
            }
        }
    }
}

/// Every claim that does not hold, at its line.
pub fn check(deck: &Scenario) -> Vec<Diagnostic> {
    deck.assertions
        .iter()
        .enumerate()
        .filter_map(|(i, claim)| {
            let pointer = format!("/assert/{i}");
            match claim {
                Assertion::Balance(claim) => balance_fails(deck, claim, pointer),
                Assertion::Odds(claim) => odds_fails(deck, claim, pointer),
            }
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

/// The chance of defeating the claim's cards in one engagement, as `megahex odds --ruleset
/// solar-sentinels --deck FILE --cards ...` works it out with the setup's dice.
fn odds_fails(deck: &Scenario, claim: &DeckOddsClaim, pointer: String) -> Option<Diagnostic> {
    use super::deck::{DiceBox, after_handicaps};
    use crate::claims::{broken, chance};
    let hero = match &claim.hero {
        Some(id) => Some(deck.heroes.iter().find(|h| h.id == *id)?),
        None => super::deck::hero(deck),
    };
    let cannot = |why: String| {
        Diagnostic::error(
            Code::AssertionFailed,
            pointer.clone(),
            format!(
                "cannot work out the odds of engaging {}: {why}",
                claim.cards.join(", ")
            ),
        )
        .with_help("`megahex odds --ruleset solar-sentinels --deck FILE --cards ...` says the same")
    };
    let Some(hero) = hero else {
        return Some(cannot(
            "the setup names no hero of the deck; give the claim a `hero`".into(),
        ));
    };
    let (pool, exhausted) = after_handicaps(DiceBox::of(deck).pool, &deck.setup.handicaps);
    let found = match super::engaged::foes_of_cards(deck, Some(hero), &claim.cards, &exhausted) {
        Ok(found) => found,
        Err(why) => return Some(cannot(why.to_string())),
    };
    if found.foes.len() > super::engagement::MAX_ENEMIES {
        return bounded_fails(claim, &pool, &found.foes, hero, pointer.clone(), &cannot);
    }
    let p = match super::engagement::defeat_all_foes(&pool, &found.foes, hero.strategy, &|_, _| {})
    {
        Ok(p) => p,
        Err(why) => return Some(cannot(why.to_string())),
    };
    let wrong = broken(&claim.defeat_all, p, &chance);
    claim_failed(pointer, &wrong, |says| {
        format!(
            "`{}` defeats {} in one engagement with chance {}, but the claim says {}",
            hero.id,
            claim.cards.join(", "),
            chance(p),
            says
        )
    })
    .map(|failed| {
        failed.with_help(
            "`megahex odds --ruleset solar-sentinels --deck FILE --cards ...` shows the best play",
        )
    })
}

/// An odds claim on more cards than the search shares dice among: best play's chance lies
/// between two exact bounds (docs/rules.md, "More than four enemies"). It holds when both do,
/// fails when neither side of the claim can be met, and is undecided otherwise.
fn bounded_fails(
    claim: &DeckOddsClaim,
    pool: &super::Pool,
    foes: &[super::engagement::Foe],
    hero: &megahex_schema::rulesets::solar_sentinels::Hero,
    pointer: String,
    cannot: &dyn Fn(String) -> Diagnostic,
) -> Option<Diagnostic> {
    use crate::claims::{broken, chance};
    let faces = super::Colour::ALL.map(super::Colour::faces);
    let found = super::engagement::defeat_all_bounds(&faces, pool, foes, hero.strategy, &|_, _| {});
    let bounds = match found {
        Ok(bounds) => bounds,
        Err(why) => return Some(cannot(why.to_string())),
    };
    let (low, high) = (bounds.low.unwrap_or(0.0), bounds.high);
    let span = match (high - low).abs() < 1e-12 {
        true => chance(low),
        false => format!("between {} and {}", chance(low), chance(high)),
    };
    if broken(&claim.defeat_all, low, &chance).is_empty()
        && broken(&claim.defeat_all, high, &chance).is_empty()
    {
        return None;
    }
    // Best play's chance is somewhere in [low, high]: the claim surely fails when the whole
    // span is under its least or over its most.
    let slack = 1e-9;
    let under = claim
        .defeat_all
        .at_least
        .filter(|least| high < least - slack);
    let over = claim.defeat_all.at_most.filter(|most| low > most + slack);
    let wrong = match (under, over) {
        (Some(_), _) => broken(&claim.defeat_all, high, &chance),
        (None, Some(_)) => broken(&claim.defeat_all, low, &chance),
        (None, None) => {
            return Some(cannot(format!(
                "{} cards are more than the exact search shares dice among, and best play's chance lies {span}, on both sides of the claim; claim a range that holds the whole span",
                foes.len()
            )));
        }
    };
    claim_failed(pointer, &wrong, |says| {
        format!(
            "`{}` defeats {} in one engagement with chance {span}, but the claim says {}",
            hero.id,
            claim.cards.join(", "),
            says
        )
    })
    .map(|failed| {
        failed.with_help(
            "`megahex odds --ruleset solar-sentinels --deck FILE --cards ...` shows the bounds and how they were found",
        )
    })
}
