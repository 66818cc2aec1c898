//! What the schema cannot say about a deck file: component counts, ids and references, a
//! fixed stack order that deals every card once, and the difficulty rank's table. The
//! satisfiability lints follow in [`super::lints`] when there is no error, and then the
//! playtest replay of [`super::replay`].

use megahex_schema::AnyScenario;
use megahex_schema::rulesets::solar_sentinels::{Handicap, Scenario};

use super::deck::{DiceBox, missions_drawn, missions_kept};
use super::dice::Colour;
use crate::diagnostic::{Code, Diagnostic, Severity};
use crate::ids::{duplicates, unknown};
use crate::seam::{CheckContext, Outcome};

/// Reads a schema-valid document as a deck and its setup, and checks it.
pub fn check_document(document: &serde_json::Value, context: &CheckContext) -> Outcome {
    match crate::typed::typed::<Scenario>(document) {
        Ok(deck) => Outcome {
            diagnostics: check_deck(&deck, context.play),
            scenario: Some(AnyScenario::SolarSentinels(Box::new(deck))),
            catalog: None,
        },
        Err(d) => Outcome::refused(vec![*d]),
    }
}

/// Every check on a deck that passed the schema; with `play`, the playtest replay too, when
/// the deck has no error (a replay of a broken deck would only repeat its errors).
pub fn check_deck(deck: &Scenario, play: bool) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    check_ids(deck, &mut out);
    check_counts(deck, &mut out);
    check_fixed_order(deck, &mut out);
    check_rank(deck, &mut out);
    super::assertions::check_places(deck, &mut out);
    if !out.iter().any(|d| d.severity == Severity::Error) {
        super::lints::lint_deck(deck, &mut out);
        if play {
            out.extend(super::replay::replay(deck));
            out.extend(super::assertions::check(deck));
        }
    }
    out
}

fn check_ids(deck: &Scenario, out: &mut Vec<Diagnostic>) {
    let groups = [
        (
            "heroes",
            "hero",
            deck.heroes.iter().map(|h| h.id.as_str()).collect(),
        ),
        (
            "conflict",
            "conflict card",
            deck.conflict.iter().map(|c| c.id.as_str()).collect(),
        ),
        (
            "bosses",
            "boss",
            deck.bosses.iter().map(|b| b.id.as_str()).collect(),
        ),
        (
            "missions",
            "mission",
            deck.missions.iter().map(|m| m.id.as_str()).collect(),
        ),
    ];
    duplicates(&groups, out);
    let [heroes, _, bosses, missions] = &groups;
    if !heroes.2.contains(&deck.setup.hero.as_str()) {
        out.push(unknown(
            "/setup/hero".into(),
            &deck.setup.hero,
            format!("no hero is called `{}`", deck.setup.hero),
            &heroes.2,
        ));
    }
    for (i, boss) in deck.setup.bosses.iter().enumerate() {
        if !bosses.2.contains(&boss.as_str()) {
            out.push(unknown(
                format!("/setup/bosses/{i}"),
                boss,
                format!("no boss is called `{boss}`"),
                &bosses.2,
            ));
        }
    }
    if let Some(draw) = &deck.setup.missions {
        for (key, list) in [("drawn", &draw.drawn), ("kept", &draw.kept)] {
            for (i, id) in list.iter().enumerate() {
                if !missions.2.contains(&id.as_str()) {
                    out.push(unknown(
                        format!("/setup/missions/{key}/{i}"),
                        id,
                        format!("no mission is called `{id}`"),
                        &missions.2,
                    ));
                }
            }
        }
    }
}

/// A count of a whole list: shown at the list's key.
fn count_error(pointer: &str, message: String, help: &str) -> Diagnostic {
    Diagnostic::error(Code::ComponentCount, pointer, message)
        .with_help(help.to_owned())
        .at_key()
}

fn check_counts(deck: &Scenario, out: &mut Vec<Diagnostic>) {
    let built = deck.components;
    let cards = 3 * built.stack_size as usize;
    let help_components = "add or remove entries, or say what the deck is built for in `components` (stack-size, bosses, missions)";
    if deck.conflict.len() != cards {
        out.push(count_error(
            "/conflict",
            format!(
                "{} conflict cards, but three stacks of {} take {cards}",
                deck.conflict.len(),
                built.stack_size
            ),
            help_components,
        ));
    }
    if deck.bosses.len() != built.bosses as usize {
        out.push(count_error(
            "/bosses",
            format!(
                "{} bosses, but the deck is built for {}",
                deck.bosses.len(),
                built.bosses
            ),
            help_components,
        ));
    }
    if deck.missions.len() != built.missions as usize {
        let pointer = match deck.missions.is_empty() {
            true => "",
            false => "/missions",
        };
        out.push(count_error(
            pointer,
            format!(
                "{} missions, but the deck is built for {}",
                deck.missions.len(),
                built.missions
            ),
            help_components,
        ));
    }
    if deck.heroes.is_empty() || !deck.heroes.len().is_multiple_of(2) {
        out.push(count_error(
            "/heroes",
            format!(
                "{} heroes: heroes come in pairs, one on each side of a hero card",
                deck.heroes.len()
            ),
            "give every hero card its two sides",
        ));
    }
    if DiceBox::of(deck).pool.is_empty() {
        out.push(count_error(
            "/dice",
            "the deck has no dice".into(),
            "give at least one colour a `count` above 0, or leave `dice` out for the box's 17",
        ));
    }
}

/// A fixed stack order deals each conflict card exactly once, `stack-size` a stack.
fn check_fixed_order(deck: &Scenario, out: &mut Vec<Diagnostic>) {
    let Some(stacks) = &deck.setup.stacks else {
        return;
    };
    let ids: Vec<&str> = deck.conflict.iter().map(|c| c.id.as_str()).collect();
    let mut dealt: Vec<Option<String>> = vec![None; ids.len()];
    let size = deck.components.stack_size as usize;
    for (s, stack) in stacks.iter().enumerate() {
        if stack.len() != size {
            out.push(count_error(
                &format!("/setup/stacks/{s}"),
                format!("stack {} holds {} cards, not {size}", s + 1, stack.len()),
                "deal the same number of cards to each stack",
            ));
        }
        for (i, id) in stack.iter().enumerate() {
            let here = format!("/setup/stacks/{s}/{i}");
            match ids.iter().position(|known| known == id) {
                None => out.push(unknown(
                    here,
                    id,
                    format!("no conflict card is called `{id}`"),
                    &ids,
                )),
                Some(card) => match &dealt[card] {
                    Some(first) => out.push(
                        Diagnostic::error(
                            Code::DuplicateId,
                            here,
                            format!("conflict card `{id}` is already dealt at {first}"),
                        )
                        .with_help("deal each card to one place in one stack"),
                    ),
                    None => dealt[card] = Some(format!("stack {} place {}", s + 1, i + 1)),
                },
            }
        }
    }
    let missing: Vec<&str> = ids
        .iter()
        .filter(|id| !stacks.iter().flatten().any(|dealt| dealt == *id))
        .copied()
        .collect();
    if !missing.is_empty() && stacks.iter().all(|s| s.len() == size) {
        out.push(count_error(
            "/setup/stacks",
            format!("the stacks leave out {}", missing.join(", ")),
            "every conflict card is dealt to a stack",
        ));
    }
}

/// The rank's table: missions drawn and kept, and one handicap for each rank above 1.
fn check_rank(deck: &Scenario, out: &mut Vec<Diagnostic>) {
    let setup = &deck.setup;
    let Some(rank) = setup.rank else {
        if setup.missions.is_some() {
            out.push(rank_error(
                "/setup/missions",
                "missions are drawn, but the setup has no rank".into(),
                "give `rank` (1 to 6), or leave `missions` out to play without them",
            ));
        }
        if !setup.handicaps.is_empty() {
            out.push(rank_error(
                "/setup/handicaps",
                "handicaps are given, but the setup has no rank".into(),
                "each rank above 1 takes one handicap: give `rank`, or leave `handicaps` out",
            ));
        }
        return;
    };
    let (drawn, kept) = (missions_drawn(rank), missions_kept(rank));
    match &setup.missions {
        None if deck.missions.len() < drawn => out.push(rank_error(
            "/setup/rank",
            format!(
                "rank {rank} draws {drawn} missions, but the deck has {}",
                deck.missions.len()
            ),
            "add missions, or choose a lower rank",
        )),
        None => {}
        Some(draw) => {
            if draw.drawn.len() != drawn {
                out.push(rank_error(
                    "/setup/missions/drawn",
                    format!(
                        "rank {rank} draws {drawn} missions, not {}",
                        draw.drawn.len()
                    ),
                    "ranks draw 4 to 9 missions: three more than the rank",
                ));
            }
            if draw.kept.len() != kept {
                out.push(rank_error(
                    "/setup/missions/kept",
                    format!("rank {rank} keeps {kept} missions, not {}", draw.kept.len()),
                    "one drawn mission is discarded: the rest are kept, in the order drawn",
                ));
            }
            check_kept_in_order(&draw.drawn, &draw.kept, out);
        }
    }
    let needed = rank as usize - 1;
    if setup.handicaps.len() != needed {
        out.push(rank_error(
            if setup.handicaps.is_empty() { "/setup/rank" } else { "/setup/handicaps" },
            format!(
                "rank {rank} takes {needed} handicap{}, one for each rank above 1; the setup gives {}",
                if needed == 1 { "" } else { "s" },
                setup.handicaps.len()
            ),
            "for each rank above 1: `- banish: COLOUR` (one die) or `- exhaust: [C, C, C]` (three dice)",
        ));
    }
    check_handicap_dice(deck, out);
}

fn rank_error(pointer: &str, message: String, help: &str) -> Diagnostic {
    Diagnostic::error(Code::RankSetup, pointer, message).with_help(help.to_owned())
}

/// Kept missions come from the drawn ones, each once, in the order they were drawn.
fn check_kept_in_order(drawn: &[String], kept: &[String], out: &mut Vec<Diagnostic>) {
    let mut from = 0;
    for (i, id) in kept.iter().enumerate() {
        match drawn.iter().skip(from).position(|d| d == id) {
            Some(at) => from += at + 1,
            None => out.push(rank_error(
                &format!("/setup/missions/kept/{i}"),
                match drawn.contains(id) {
                    true => format!("`{id}` is kept out of the order it was drawn in"),
                    false => format!("`{id}` is kept but was not drawn"),
                },
                "keep the missions left to right, as they were drawn",
            )),
        }
    }
}

/// Each exhaust takes three dice, and no handicap takes dice the deck does not have.
fn check_handicap_dice(deck: &Scenario, out: &mut Vec<Diagnostic>) {
    let mut left = DiceBox::of(deck).pool;
    for (i, handicap) in deck.setup.handicaps.iter().enumerate() {
        let dice = match handicap {
            Handicap::Banish(colour) => vec![*colour],
            Handicap::Exhaust(colours) => {
                if colours.len() != 3 {
                    out.push(rank_error(
                        &format!("/setup/handicaps/{i}/exhaust"),
                        format!("a rank exhausts three dice, not {}", colours.len()),
                        "list three colours, for example `exhaust: [yellow, yellow, green]`",
                    ));
                }
                colours.clone()
            }
        };
        for colour in dice {
            let at = Colour::from(colour) as usize;
            if left.0[at] == 0 {
                out.push(rank_error(
                    &format!("/setup/handicaps/{i}"),
                    format!("no {} die is left to take", colour.as_str()),
                    "choose a colour the deck still has dice of",
                ));
                break;
            }
            left.0[at] -= 1;
        }
    }
}
