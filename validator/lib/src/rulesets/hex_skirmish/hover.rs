//! What a text editor shows over a place in a hex-skirmish scenario: a unit's line of
//! attributes and weapons, a hex's terrain and who stands there, a claim's verdict.

use std::fmt::Write as _;

use megahex_schema::rulesets::hex_skirmish::{Scenario, Unit};
use serde_json::Value;

use super::arena::Arena;
use super::assertions::witness;
use crate::language::{HoverQuestion, claim_at, claim_verdict, symbols, who_stands_here};

/// The hover text (Markdown) for the place `question` asks about, if hex-skirmish has one.
pub fn hover(scenario: &Scenario, question: &HoverQuestion) -> Option<String> {
    let claim = claim_at(question.pointer).map(|claim| {
        let verdict = format!("**claim**: {}", claim_verdict(&claim, question.findings));
        let index = claim
            .rsplit('/')
            .next()
            .and_then(|i| i.parse::<usize>().ok());
        let shown = index
            .and_then(|i| scenario.assertions.get(i))
            .and_then(|assertion| witness(scenario, assertion));
        match shown {
            Some(shown) => format!("{verdict}\n\n{shown}"),
            None => verdict,
        }
    });
    let symbol = symbols::at(question.symbols, question.pointer, question.on_key);
    let place = match symbol.filter(|s| s.kind == "unit") {
        Some(symbol) => scenario
            .units
            .iter()
            .find(|u| u.id == symbol.id)
            .map(unit_text),
        None if !question.on_key => hex_under(question).and_then(|at| hex_text(scenario, at)),
        None => None,
    };
    let parts: Vec<String> = [claim, place].into_iter().flatten().collect();
    (!parts.is_empty()).then(|| parts.join("\n\n---\n\n"))
}

fn unit_text(unit: &Unit) -> String {
    let a = &unit.attributes;
    let name = unit.name.as_deref().unwrap_or(&unit.id);
    let mut text = format!(
        "**unit `{}`**: {name}, team `{}`, at `[{}, {}]`\n\n{} hit points, {} action(s) ({} offensive), strike {:+}, defence {:+}, soak {}, initiative {}",
        unit.id,
        unit.team,
        unit.at[0],
        unit.at[1],
        a.hit_points,
        a.actions,
        a.attacks,
        a.strike,
        a.defense,
        a.soak,
        a.initiative
    );
    let weapons: Vec<&str> = unit.weapons.iter().map(|w| w.name.as_str()).collect();
    if !weapons.is_empty() {
        let _ = write!(text, "; weapons: {}", weapons.join(", "));
    }
    let spells: Vec<&str> = unit.spells.iter().map(|s| s.name.as_str()).collect();
    if !spells.is_empty() {
        let _ = write!(text, "; spells: {}", spells.join(", "));
    }
    text
}

/// The `[q, r]` under the cursor: the node itself or the pair a number of it belongs to.
fn hex_under(question: &HoverQuestion) -> Option<[i32; 2]> {
    let parent = question.pointer.rsplit_once('/').map_or("", |(p, _)| p);
    [question.pointer, parent].into_iter().find_map(|pointer| {
        match question.document.pointer(pointer)? {
            Value::Array(pair) if pair.len() == 2 => {
                let q = i32::try_from(pair[0].as_i64()?).ok()?;
                let r = i32::try_from(pair[1].as_i64()?).ok()?;
                Some([q, r])
            }
            _ => None,
        }
    })
}

fn hex_text(scenario: &Scenario, at: [i32; 2]) -> Option<String> {
    let (arena, _) = Arena::build(scenario);
    let slot = arena.slot(at)?;
    let hex = arena.hex(slot);
    let terrain = arena.terrain(slot);
    let mut text = format!("**hex `[{}, {}]`**: {}", at[0], at[1], terrain.name);
    if hex.levels > 0 {
        let _ = write!(text, ", {} building level(s)", hex.levels);
    }
    let standing = scenario
        .units
        .iter()
        .filter(|u| u.at == at)
        .map(|u| u.id.as_str());
    text.push_str(&who_stands_here(standing));
    Some(text)
}
