//! Satisfiability lints on a deck without errors: enemies no dice can defeat under their own
//! effects, a boss shield its entourage can hold up for ever, effects that leave no die to
//! commit, mandatory enemies the cleanup discard can never pass, and text no simulation reads.

use megahex_schema::rulesets::solar_sentinels::{
    BanScope, Condition, Effect, Power, Reward, Rule, Scenario,
};

use super::deck::DiceBox;
use super::dice::{Colour, Pool};
use super::game::rules::hero_faces;
use super::reach::{Unbeatable, best_hero_faces, unbeatable};
use crate::diagnostic::{Code, Diagnostic};
use megahex_schema::rulesets::solar_sentinels::cards::MAX_STRATEGY;

/// Adds every lint's findings for `deck` to `out`.
pub fn lint_deck(deck: &Scenario, out: &mut Vec<Diagnostic>) {
    let faces = DiceBox::of(deck);
    let pool = after_banishing(deck, faces.pool);
    let strategy = best_strategy(deck);
    let hero = best_hero_faces(
        deck.heroes
            .iter()
            .map(|h| hero_faces(h.ability.as_ref().map(|a| &a.effect))),
    );
    let mut unbeatable_cards = Vec::new();
    for (i, card) in deck.conflict.iter().enumerate() {
        let name = format!("conflict card `{}`", card.id);
        let pointer = format!("/conflict/{i}");
        if let Some(why) = unbeatable(&card.effects, card.health, &pool, &faces, &hero, strategy) {
            out.push(unbeatable_finding(
                &name,
                &pointer,
                card.health,
                &card.effects,
                &why,
                strategy,
            ));
            unbeatable_cards.push((card.id.as_str(), card.mandatory));
        }
        no_legal_dice(&name, &pointer, &card.effects, &pool, out);
    }
    for (i, boss) in deck.bosses.iter().enumerate() {
        let name = format!("boss `{}`", boss.id);
        let pointer = format!("/bosses/{i}");
        if let Some(why) = unbeatable(&boss.effects, boss.health, &pool, &faces, &hero, strategy) {
            out.push(unbeatable_finding(
                &name,
                &pointer,
                boss.health,
                &boss.effects,
                &why,
                strategy,
            ));
        }
        no_legal_dice(&name, &pointer, &boss.effects, &pool, out);
        shield(deck, i, &unbeatable_cards, out);
    }
    mandatory(deck, out);
    text(deck, out);
}

/// The deck's dice once the rank's handicaps have banished theirs: an exhausted die comes back
/// with Recovery, a banished one never.
fn after_banishing(deck: &Scenario, pool: Pool) -> Pool {
    let (mut left, exhausted) = super::deck::after_handicaps(pool, &deck.setup.handicaps);
    for (n, back) in left.0.iter_mut().zip(exhausted.0) {
        *n += back;
    }
    left
}

/// The most Strategy steps a round can have: the best hero's, with every Strategy reward.
fn best_strategy(deck: &Scenario) -> u32 {
    let hero = deck.heroes.iter().map(|h| h.strategy).max().unwrap_or(1);
    let rewards: u32 = deck
        .conflict
        .iter()
        .filter_map(|c| match c.reward {
            Some(Reward::Strategy(n)) => Some(n),
            _ => None,
        })
        .sum();
    (hero + rewards).min(MAX_STRATEGY)
}

fn unbeatable_finding(
    name: &str,
    pointer: &str,
    health: u32,
    effects: &[Effect],
    why: &Unbeatable,
    strategy: u32,
) -> Diagnostic {
    match why {
        Unbeatable::Health { most, limits } => {
            let under = match limits.is_empty() {
                true => String::new(),
                false => format!(" ({})", limits.join(", ")),
            };
            Diagnostic::warning(
                Code::EnemyUnbeatable,
                format!("{pointer}/health"),
                format!(
                    "{name} has health {health}, but its own effects let at most {most} damage reach it in a round{under}, with up to {strategy} Strategy steps"
                ),
            )
            .with_help(match most {
                0 => "no die can hurt it: loosen its effects".to_owned(),
                _ => format!("lower its health to {most} or less, or loosen its effects"),
            })
        }
        Unbeatable::Colours { needs, allowed } => {
            let at = effects
                .iter()
                .position(|e| matches!(e.rule(), Rule::MinColours(_)))
                .map(|j| format!("{pointer}/effects/{j}"))
                .unwrap_or_else(|| pointer.to_owned());
            Diagnostic::warning(
                Code::EnemyUnbeatable,
                at,
                format!(
                    "{name} needs dice of {needs} colours, but its own effects let only {allowed} colour{} reach it",
                    if *allowed == 1 { "" } else { "s" }
                ),
            )
            .with_help("ask for fewer colours, or loosen the limits on what may be assigned")
        }
    }
}

/// A ban on committing every colour the pool has, or a commit limit of 0.
fn no_legal_dice(
    name: &str,
    pointer: &str,
    effects: &[Effect],
    pool: &Pool,
    out: &mut Vec<Diagnostic>,
) {
    for (j, effect) in effects.iter().enumerate() {
        let none_left = match effect.rule() {
            Rule::Ban {
                colours,
                from: BanScope::Commit,
            } => Colour::ALL
                .into_iter()
                .all(|c| pool.count(c) == 0 || colours.iter().any(|b| Colour::from(*b) == c)),
            Rule::CommitLimit { max: 0, .. } => true,
            _ => false,
        };
        if none_left {
            out.push(
                Diagnostic::warning(
                    Code::NoLegalDice,
                    format!("{pointer}/effects/{j}"),
                    format!(
                        "while {name} is active no die may be committed: nothing can be rolled against any enemy that round"
                    ),
                )
                .with_help("leave at least one colour the deck has dice of, or allow at least one die"),
            );
        }
    }
}

/// A boss whose hits count only once every level 1 and 2 enemy is defeated, with an
/// entourage drawn from stacks that hold an unbeatable enemy.
fn shield(deck: &Scenario, i: usize, unbeatable_cards: &[(&str, bool)], out: &mut Vec<Diagnostic>) {
    let boss = &deck.bosses[i];
    let Some(j) = boss
        .effects
        .iter()
        .position(|e| matches!(e.rule(), Rule::ShieldedWhileEnemies))
    else {
        return;
    };
    if boss.entourage == 0 {
        return;
    }
    let Some(&(card, mandatory)) = unbeatable_cards
        .iter()
        .find(|c| c.1)
        .or_else(|| unbeatable_cards.first())
    else {
        return;
    };
    let when = match mandatory {
        true => {
            "its entourage takes mandatory enemies first, so every endgame with it left in the stacks"
        }
        false => "whenever its entourage draws it",
    };
    out.push(
        Diagnostic::warning(
            Code::BossUnbeatable,
            format!("/bosses/{i}/effects/{j}"),
            format!(
                "boss `{}` is shielded while any level 1 or 2 enemy stands, and `{card}` can never be defeated: {when}, the boss cannot be hurt",
                boss.id
            ),
        )
        .with_help(format!("make `{card}` beatable, or drop the shield")),
    );
}

/// Mandatory enemies the cleanup discard skips: a fixed stack of nothing else, or a deck of
/// nothing else.
fn mandatory(deck: &Scenario, out: &mut Vec<Diagnostic>) {
    let is_mandatory = |id: &str| deck.conflict.iter().any(|c| c.id == id && c.mandatory);
    if !deck.conflict.is_empty() && deck.conflict.iter().all(|c| c.mandatory) {
        out.push(
            Diagnostic::warning(
                Code::MandatoryEnemy,
                "/conflict",
                "every conflict card is mandatory: the cleanup never discards one, and the player can never choose which enemy to fight".to_owned(),
            )
            .with_help("make some cards non-mandatory; the game's own deck has 7 or 8 mandatory cards in 45"),
        );
        return;
    }
    for (s, stack) in deck.setup.stacks.iter().flatten().enumerate() {
        if !stack.is_empty() && stack.iter().all(|id| is_mandatory(id)) {
            out.push(
                Diagnostic::warning(
                    Code::MandatoryEnemy,
                    format!("/setup/stacks/{s}"),
                    format!(
                        "stack {} holds only mandatory enemies: the cleanup never discards from it, so every one of its cards must be fought",
                        s + 1
                    ),
                )
                .with_help("deal a non-mandatory card into it"),
            );
        }
    }
}

/// Effects, rewards, powers and conditions written as text.
fn text(deck: &Scenario, out: &mut Vec<Diagnostic>) {
    let mut places: Vec<String> = deck
        .effects()
        .filter(|(_, e)| e.rule().is_text())
        .map(|(pointer, _)| pointer)
        .collect();
    for (i, card) in deck.conflict.iter().enumerate() {
        match &card.reward {
            Some(Reward::Text(_)) => places.push(format!("/conflict/{i}/reward")),
            Some(Reward::Item {
                power: Power::Text(_),
                ..
            }) => places.push(format!("/conflict/{i}/reward/item/power")),
            _ => {}
        }
    }
    for (i, mission) in deck.missions.iter().enumerate() {
        if matches!(mission.condition, Condition::Text(_)) {
            places.push(format!("/missions/{i}/condition"));
        }
    }
    for pointer in places {
        out.push(
            Diagnostic::info(
                Code::EffectNotSimulated,
                pointer,
                "written as text: the simulation and the odds leave it out",
            )
            .with_help(
                "if one of the typed kinds in docs/deck-format.md says the same, use it instead",
            ),
        );
    }
}
