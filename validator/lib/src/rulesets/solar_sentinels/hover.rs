//! What a text editor shows over a place in a Solar Sentinels deck: a card's, a boss's or a
//! hero's numbers, and a claim's verdict.

use megahex_schema::rulesets::solar_sentinels::Scenario;

use crate::language::{HoverQuestion, claim_at, claim_verdict, symbols};

/// The hover text (Markdown) for the place `question` asks about, if the deck has one.
pub fn hover(deck: &Scenario, question: &HoverQuestion) -> Option<String> {
    let claim = claim_at(question.pointer)
        .map(|claim| format!("**claim**: {}", claim_verdict(&claim, question.findings)));
    let card = symbols::at(question.symbols, question.pointer, question.on_key)
        .and_then(|symbol| card_text(deck, symbol.kind, &symbol.id));
    let parts: Vec<String> = [claim, card].into_iter().flatten().collect();
    (!parts.is_empty()).then(|| parts.join("\n\n---\n\n"))
}

fn card_text(deck: &Scenario, kind: &str, id: &str) -> Option<String> {
    let effects = |n: usize| match n {
        0 => String::new(),
        n => format!(", {n} effect(s)"),
    };
    match kind {
        "card" => deck.conflict.iter().find(|c| c.id == id).map(|c| {
            format!(
                "**card `{}`**{}: level {}, Health {}, deals {}{}{}{}",
                c.id,
                named(c.name.as_deref()),
                c.level,
                c.health,
                c.damage,
                if c.mandatory { ", mandatory" } else { "" },
                match c.additional_enemies {
                    0 => String::new(),
                    n => format!(", activates {n} more"),
                },
                effects(c.effects.len())
            )
        }),
        "boss" => deck.bosses.iter().find(|b| b.id == id).map(|b| {
            format!(
                "**boss `{}`**{}: Health {}, deals {}, entourage {}{}",
                b.id,
                named(b.name.as_deref()),
                b.health,
                b.damage,
                b.entourage,
                effects(b.effects.len())
            )
        }),
        "hero" => deck.heroes.iter().find(|h| h.id == id).map(|h| {
            format!(
                "**hero `{}`**{}: Health {}, Strategy {}, Recovery {}",
                h.id,
                named(h.name.as_deref()),
                h.health,
                h.strategy,
                h.recovery
            )
        }),
        _ => None,
    }
}

/// A card's printed name after its id, when it has one.
fn named(name: Option<&str>) -> String {
    name.map_or(String::new(), |n| format!(" ({n})"))
}
