//! What a text editor shows over a place in a Sentinel Tactics scenario: a hex reference's
//! hex (tile and side, elevation, terrain, who stands there), a token's figure (kind, team,
//! stats, how far it moves), a claim's verdict with what the map shows for it.

use std::fmt::Write as _;

use megahex_schema::Catalog;
use megahex_schema::hexref::HexRef;
use megahex_schema::rulesets::sentinel_tactics::{FigureStats, Movement, Pick, Scenario, Token};
use serde_json::Value;

use super::assertions::witness;
use super::scene::figure_stats;
use crate::board::movement::MoveAction;
use crate::language::{HoverQuestion, claim_at, claim_verdict, symbols, who_stands_here};
use crate::scene::Scene;

/// The hover text (Markdown) for the place `question` asks about, if Sentinel Tactics has one.
pub fn hover(scenario: &Scenario, catalog: &Catalog, question: &HoverQuestion) -> Option<String> {
    let place = place_text(scenario, catalog, question);
    let claim =
        claim_at(question.pointer).map(|claim| claim_text(scenario, catalog, question, &claim));
    // Inside a claim, the claim's verdict and the token or hex under the cursor.
    let parts: Vec<String> = [claim, place].into_iter().flatten().collect();
    (!parts.is_empty()).then(|| parts.join("\n\n---\n\n"))
}

/// The token or hex written under the cursor.
fn place_text(scenario: &Scenario, catalog: &Catalog, question: &HoverQuestion) -> Option<String> {
    let symbol = symbols::at(question.symbols, question.pointer, question.on_key);
    if let Some(symbol) = symbol.filter(|s| s.kind == "token")
        && let Some(token) = scenario.tokens.iter().find(|t| t.id == symbol.id)
    {
        return Some(token_text(scenario, catalog, token));
    }
    if question.on_key {
        return None;
    }
    hex_under(question).and_then(|reference| hex_text(scenario, catalog, &reference))
}

/// The hex reference under the cursor: the node itself, or the `[q, r]` or `{tile, hex}` it is
/// a part of.
fn hex_under(question: &HoverQuestion) -> Option<HexRef> {
    let parent = question.pointer.rsplit_once('/').map_or("", |(p, _)| p);
    [question.pointer, parent].into_iter().find_map(|pointer| {
        let value = question.document.pointer(pointer)?;
        match value {
            Value::String(_) | Value::Array(_) | Value::Object(_) => {
                serde_json::from_value::<HexRef>(value.clone()).ok()
            }
            _ => None,
        }
    })
}

fn hex_text(scenario: &Scenario, catalog: &Catalog, reference: &HexRef) -> Option<String> {
    let scene = Scene::new(scenario, catalog);
    let at = scene.board.resolve(reference).ok()?;
    let hex = scene.board.get(at)?;
    let side = scenario
        .map
        .tiles
        .iter()
        .find(|t| t.tile == hex.tile)
        .map_or("", |t| t.side.as_str());
    let mut text = format!(
        "**hex {}/{}** (`[{}, {}]`): tile {} {side} side, elevation {}",
        hex.tile, hex.index, at[0], at[1], hex.tile, hex.elevation
    );
    let terrain: Vec<&str> = hex.terrain.iter().map(|f| f.as_str()).collect();
    if terrain.is_empty() {
        text.push_str(", open ground");
    } else {
        let _ = write!(text, ", {}", terrain.join(", "));
    }
    let standing = scene
        .tokens
        .iter()
        .filter(|t| t.hexes.contains(&at))
        .map(|t| t.id.as_str());
    text.push_str(&who_stands_here(standing));
    Some(text)
}

fn token_text(scenario: &Scenario, catalog: &Catalog, token: &Token) -> String {
    let mut text = format!("**token `{}`**: {}", token.id, token.kind.as_str());
    let figure = token.character.as_deref().and_then(|c| catalog.figure(c));
    if let Some(character) = &token.character {
        let name = figure.map_or(character.as_str(), |f| f.name.as_str());
        let _ = write!(text, " {name} (`{character}`)");
    }
    if let Some(team) = &token.team {
        let _ = write!(text, ", team `{team}`");
    }
    let stats = token
        .character
        .as_deref()
        .and_then(|c| figure_stats(scenario, catalog, c));
    match &stats {
        Some(stats) => {
            let parts = stat_parts(stats, token);
            if !parts.is_empty() {
                let _ = write!(text, "\n\n{}", parts.join("; "));
            }
        }
        None if token.kind.is_figure() => text
            .push_str("\n\nNo stats: give them under `stats:` for its Move, odds and self-play."),
        None => {}
    }
    if token.kind.is_figure() {
        let movement = movement_text(scenario, catalog, token, stats.as_ref());
        if let Some(movement) = movement {
            let _ = write!(text, "\n\n{movement}");
        }
    }
    text
}

fn stat_parts(stats: &FigureStats, token: &Token) -> Vec<String> {
    let mut parts = Vec::new();
    if let Some(health) = stats.health.or(token.health) {
        parts.push(format!("health {health}"));
    }
    if let Some(actions) = stats.actions {
        parts.push(format!("{actions} action(s)"));
    }
    if let Some(defense) = stats.defense {
        parts.push(format!("defence {defense}"));
    }
    let attacks: Vec<&str> = stats.attacks.iter().map(|a| a.name.as_str()).collect();
    if !attacks.is_empty() {
        parts.push(format!("attacks: {}", attacks.join(", ")));
    }
    parts
}

/// How far the figure can go from where it stands: the hexes it may end a Move or a Sprint
/// on, the Move by its move value where its stats give one.
fn movement_text(
    scenario: &Scenario,
    catalog: &Catalog,
    token: &Token,
    stats: Option<&FigureStats>,
) -> Option<String> {
    let scene = Scene::new(scenario, catalog);
    let placed = scene.token(&token.id)?;
    let reach = |action| scene.reach(&placed.hexes, Some(placed), action).len();
    let sprint = reach(MoveAction::Sprint);
    let mobility = stats.is_some_and(|s| s.mobility);
    Some(match stats.and_then(|s| s.movement) {
        Some(Movement::Static(moves)) => {
            let budget = moves.value;
            let moved = reach(MoveAction::Move { budget, mobility });
            format!("Move {budget}: {moved} hex(es) to end on; Sprint: {sprint}.")
        }
        Some(Movement::Rolled(rolled)) => {
            let best = reach(MoveAction::Move {
                budget: 6,
                mobility,
            });
            let pick = match rolled.pick {
                Pick::Highest => "the highest",
                Pick::Lowest => "the lowest",
                Pick::Median => "the median",
            };
            format!(
                "Move: rolls {} dice and keeps {pick}, up to {best} hex(es) to end on at a 6; Sprint: {sprint}.",
                rolled.dice
            )
        }
        None => format!("Sprint: {sprint} hex(es) to end on."),
    })
}

fn claim_text(
    scenario: &Scenario,
    catalog: &Catalog,
    question: &HoverQuestion,
    claim: &str,
) -> String {
    let mut text = format!("**claim**: {}", claim_verdict(claim, question.findings));
    let index = claim
        .rsplit('/')
        .next()
        .and_then(|i| i.parse::<usize>().ok());
    if let Some(assertion) = index.and_then(|i| scenario.assertions.get(i)) {
        let scene = Scene::new(scenario, catalog);
        if let Some(shown) = witness(&scene, assertion) {
            let _ = write!(text, "\n\n{shown}");
        }
    }
    text
}
