//! `megahex diff` as text: a readable report for the terminal, Markdown for a pull request
//! comment, and JSON. Both text forms come from the same sections, so they say the same things.

use serde::Serialize;
use serde_json::Value;

use crate::board::Axial;
use crate::diff::{
    ChangeKind, ClaimVerdict, FieldChange, PlacedTile, ScenarioDiff, SightFlip, TileChange,
    TokenChange,
};

/// How many hex pairs the text forms list by name before summing up the rest.
const LISTED_PAIRS: usize = 12;

/// One heading and its lines, in plain words.
struct Section {
    title: &'static str,
    lines: Vec<String>,
}

fn hex(at: Axial) -> String {
    format!("{},{}", at[0], at[1])
}

fn hexes(at: &[Axial]) -> String {
    at.iter().map(|&a| hex(a)).collect::<Vec<_>>().join(" ")
}

/// Who reads the lines: the command line's readers get keys as JSON pointers and values as
/// JSON (what a script greps for); the editor's designers get keys and values as the file
/// writes them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Words {
    Json,
    File,
}

fn value(v: &Option<Value>, words: Words) -> String {
    match (v, words) {
        (None, Words::Json) => "(none)".into(),
        (None, Words::File) => "nothing".into(),
        (Some(v), Words::Json) => serde_json::to_string(v).unwrap_or_default(),
        (Some(v), Words::File) => as_written(v),
    }
}

/// A value as a scenario file writes it on one line: words unquoted, lists in brackets.
fn as_written(v: &Value) -> String {
    match v {
        Value::Null => "nothing".into(),
        Value::String(s) => s.clone(),
        Value::Array(items) => {
            let items: Vec<String> = items.iter().map(as_written).collect();
            format!("[{}]", items.join(", "))
        }
        Value::Object(map) => {
            let entries: Vec<String> = map
                .iter()
                .map(|(k, v)| format!("{k}: {}", as_written(v)))
                .collect();
            format!("{{{}}}", entries.join(", "))
        }
        other => other.to_string(),
    }
}

/// A JSON pointer as keys a designer finds in the file: `/rules/los-edges` is
/// "rules: los-edges", `/assert/0` is "assert: item 1".
fn key_path(pointer: &str, words: Words) -> String {
    if words == Words::Json {
        return pointer.to_owned();
    }
    let keys: Vec<String> = pointer
        .split('/')
        .skip(1)
        .map(|key| match key.parse::<usize>() {
            Ok(index) => format!("item {}", index + 1),
            Err(_) => key.replace("~1", "/").replace("~0", "~"),
        })
        .collect();
    keys.join(": ")
}

fn field(change: &FieldChange, words: Words) -> String {
    let key = key_path(&change.pointer, words);
    match (&change.old, &change.new) {
        (None, Some(_)) => format!("{key} added: {}", value(&change.new, words)),
        (Some(_), None) => format!("{key} removed (was {})", value(&change.old, words)),
        _ => format!(
            "{key}: {} → {}",
            value(&change.old, words),
            value(&change.new, words)
        ),
    }
}

fn placement(p: &PlacedTile) -> String {
    format!("{} side at {} rotation {}", p.side, hex(p.at), p.rotation)
}

fn tile_line(change: &TileChange) -> String {
    let tile = change.tile;
    match (&change.old, &change.new) {
        (None, Some(p)) => format!("tile {tile} added: {}", placement(p)),
        (Some(p), None) => format!("tile {tile} removed (was {})", placement(p)),
        (Some(a), Some(b)) if a.tile != b.tile => {
            format!("tile {} replaced by tile {tile}: {}", a.tile, placement(b))
        }
        (Some(a), Some(b)) => {
            let parts: Vec<String> = change
                .kinds
                .iter()
                .map(|kind| match kind {
                    ChangeKind::Moved => format!("moved {} → {}", hex(a.at), hex(b.at)),
                    ChangeKind::Turned => {
                        format!("turned rotation {} → {}", a.rotation, b.rotation)
                    }
                    ChangeKind::Flipped => format!("flipped {} → {}", a.side, b.side),
                    other => other.word().to_owned(),
                })
                .collect();
            format!("tile {tile} {}", parts.join(", "))
        }
        (None, None) => format!("tile {tile}"),
    }
}

fn token_line(change: &TokenChange, words: Words) -> String {
    let id = &change.id;
    let mut parts = Vec::new();
    for kind in &change.kinds {
        match kind {
            ChangeKind::Added => parts.push(format!("added at {}", hexes(&change.new_at))),
            ChangeKind::Removed => {
                parts.push(format!("removed (was at {})", hexes(&change.old_at)))
            }
            ChangeKind::Moved => parts.push(format!(
                "moved {} → {}",
                or_off(&change.old_at),
                or_off(&change.new_at)
            )),
            _ => parts.extend(change.fields.iter().map(|f| field(f, words))),
        }
    }
    format!("{id}: {}", parts.join("; "))
}

fn or_off(at: &[Axial]) -> String {
    if at.is_empty() {
        "(off the map)".into()
    } else {
        hexes(at)
    }
}

fn sees(visible: bool) -> &'static str {
    if visible { "sees" } else { "does not see" }
}

fn pair_line(flip: &SightFlip) -> String {
    format!(
        "{} → {}: {} (was: {})",
        hex(flip.from),
        hex(flip.to),
        if flip.now { "visible" } else { "blocked" },
        if flip.was { "visible" } else { "blocked" }
    )
}

fn verdict(v: &ClaimVerdict) -> String {
    match v {
        ClaimVerdict::Holds => "holds".into(),
        ClaimVerdict::Fails(why) => format!("fails ({why})"),
        ClaimVerdict::Unchecked(why) => format!("cannot be checked ({why})"),
    }
}

fn number(v: Option<f64>) -> String {
    match v {
        None => "none".into(),
        Some(v) if v.fract() == 0.0 => format!("{v:.0}"),
        Some(v) => format!("{v:.2}"),
    }
}

fn turns(v: Option<u32>) -> String {
    v.map_or("unreachable".into(), |m| m.to_string())
}

/// The report's sections as headings and lines, for a reader that lays them out itself (the
/// editor's "Changes since saved"): keys and values as the file writes them, not as JSON.
pub fn summary(diff: &ScenarioDiff) -> Vec<(&'static str, Vec<String>)> {
    sections(diff, Words::File)
        .into_iter()
        .map(|s| (s.title, s.lines))
        .collect()
}

fn sections(diff: &ScenarioDiff, words: Words) -> Vec<Section> {
    let mut out = Vec::new();
    let mut push = |title, lines: Vec<String>| {
        if !lines.is_empty() {
            out.push(Section { title, lines });
        }
    };
    push("Tiles", diff.tiles.iter().map(tile_line).collect());
    let mut hex_lines: Vec<String> = diff
        .hexes
        .changed
        .iter()
        .map(|c| {
            let mut what = Vec::new();
            if c.old.elevation != c.new.elevation {
                what.push(format!(
                    "elevation {} → {}",
                    c.old.elevation, c.new.elevation
                ));
            }
            if c.old.terrain != c.new.terrain {
                let names = |t: &[crate::board::Feature]| match words {
                    Words::Json => serde_json::to_string(t).unwrap_or_default(),
                    Words::File if t.is_empty() => "none".to_owned(),
                    Words::File => {
                        let names = serde_json::to_value(t).unwrap_or_default();
                        as_written(&names)
                    }
                };
                what.push(format!(
                    "terrain {} → {}",
                    names(&c.old.terrain),
                    names(&c.new.terrain)
                ));
            }
            format!("{} (tile {}): {}", hex(c.at), c.new.tile, what.join(", "))
        })
        .collect();
    if !diff.hexes.added.is_empty() || !diff.hexes.removed.is_empty() {
        hex_lines.push(format!(
            "{} hexes added, {} removed",
            diff.hexes.added.len(),
            diff.hexes.removed.len()
        ));
    }
    push("Hexes", hex_lines);
    push(
        "Tokens",
        diff.tokens.iter().map(|t| token_line(t, words)).collect(),
    );
    push(
        "Objectives",
        diff.objectives
            .iter()
            .map(|o| match o.kind {
                ChangeKind::Changed => format!(
                    "{}: {}",
                    o.id,
                    o.fields
                        .iter()
                        .map(|f| field(f, words))
                        .collect::<Vec<_>>()
                        .join("; ")
                ),
                kind => format!("{}: {}", o.id, kind.word()),
            })
            .collect(),
    );
    push(
        "Other keys",
        diff.fields.iter().map(|f| field(f, words)).collect(),
    );
    let c = &diff.consequences;
    let mut sight = Vec::new();
    if !c.sight.pairs.is_empty() || !c.sight.figures.is_empty() {
        let now_seen = c.sight.pairs.iter().filter(|p| p.now).count();
        sight.push(format!(
            "{} of {} ordered hex pairs changed verdict: {} now visible, {} now blocked",
            c.sight.pairs.len(),
            c.sight.compared_pairs,
            now_seen,
            c.sight.pairs.len() - now_seen
        ));
        sight.extend(c.sight.figures.iter().map(|f| {
            format!(
                "{} now {} {} (before: {})",
                f.from,
                sees(f.now),
                f.to,
                sees(f.was)
            )
        }));
    }
    push("Sight", sight);
    push(
        "Reach",
        c.reach
            .iter()
            .map(|r| {
                let mut line = format!(
                    "{} to objective {}: movement {} → {}",
                    r.figure,
                    r.objective,
                    turns(r.was_movement),
                    turns(r.now_movement)
                );
                if r.was_turns.is_some() || r.now_turns.is_some() {
                    line.push_str(&format!(
                        ", expected turns {} → {}",
                        number(r.was_turns),
                        number(r.now_turns)
                    ));
                }
                line
            })
            .collect(),
    );
    push(
        "Claims",
        c.claims
            .iter()
            .map(|claim| {
                let which = match words {
                    Words::Json => format!("assert[{}]", claim.index),
                    Words::File => format!("claim {}", claim.index + 1),
                };
                format!(
                    "{which} ({}): {}; before it {}",
                    claim.kind,
                    verdict(&claim.now),
                    verdict(&claim.was)
                )
            })
            .collect(),
    );
    push(
        "Fairness",
        c.fairness
            .iter()
            .map(|f| {
                format!(
                    "team {}, {}: {} → {}",
                    f.team,
                    f.measure,
                    number(f.was),
                    number(f.now)
                )
            })
            .collect(),
    );
    push("Not weighed", c.not_weighed.clone());
    out
}

/// The readable report.
pub fn human(old: &str, new: &str, diff: &ScenarioDiff) -> String {
    let mut out = format!("{old} → {new} ({})\n", diff.ruleset);
    if diff.is_empty() {
        out.push_str("no changes\n");
        return out;
    }
    for section in sections(diff, Words::Json) {
        out.push_str(&format!("\n{}\n", section.title));
        for line in &section.lines {
            out.push_str(&format!("  {line}\n"));
        }
        let pairs = &diff.consequences.sight.pairs;
        if section.title == "Sight" && !pairs.is_empty() {
            out.push_str(&format!(
                "  hex pairs, the first {}:\n",
                pairs.len().min(LISTED_PAIRS)
            ));
            out.push_str(&listed_pairs(pairs, "  "));
        }
    }
    out
}

/// The first few changed hex pairs, and how many more.
fn listed_pairs(pairs: &[SightFlip], indent: &str) -> String {
    let mut out = String::new();
    for flip in pairs.iter().take(LISTED_PAIRS) {
        out.push_str(&format!("{indent}  {}\n", pair_line(flip)));
    }
    if pairs.len() > LISTED_PAIRS {
        out.push_str(&format!(
            "{indent}  … and {} more (--format json lists them all)\n",
            pairs.len() - LISTED_PAIRS
        ));
    }
    out
}

/// Markdown for a pull request comment: a heading per file, a list per section.
pub fn markdown(old: &str, new: &str, diff: &ScenarioDiff) -> String {
    let mut out = format!("### Scenario changes: `{new}`\n\n");
    if old != new {
        out.push_str(&format!("Compared with `{old}` ({}).\n\n", diff.ruleset));
    }
    if diff.is_empty() {
        out.push_str("No changes.\n");
        return out;
    }
    for section in sections(diff, Words::Json) {
        out.push_str(&format!("**{}**\n\n", section.title));
        for line in &section.lines {
            out.push_str(&format!("- {}\n", escape_markdown(line)));
        }
        if section.title == "Sight" && !diff.consequences.sight.pairs.is_empty() {
            out.push_str("\n<details><summary>Hex pairs</summary>\n\n```\n");
            out.push_str(&listed_pairs(&diff.consequences.sight.pairs, ""));
            out.push_str("```\n\n</details>\n");
        }
        out.push('\n');
    }
    out
}

/// Keeps pointers and values from being read as Markdown (`*`, `_`, `|`, `<`).
fn escape_markdown(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    for c in line.chars() {
        if matches!(c, '*' | '_' | '|' | '<' | '>' | '`' | '[' | ']' | '#') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[derive(Serialize)]
struct Document<'a> {
    old: &'a str,
    new: &'a str,
    changed: bool,
    #[serde(flatten)]
    diff: &'a ScenarioDiff,
}

/// One JSON document (see docs/cli.md).
pub fn json(old: &str, new: &str, diff: &ScenarioDiff) -> String {
    let document = Document {
        old,
        new,
        changed: !diff.is_empty(),
        diff,
    };
    serde_json::to_string(&document).unwrap_or_default() + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    fn changed(pointer: &str, old: Option<Value>, new: Option<Value>) -> ScenarioDiff {
        ScenarioDiff {
            fields: vec![FieldChange {
                pointer: pointer.to_owned(),
                old,
                new,
            }],
            ..ScenarioDiff::default()
        }
    }

    #[test]
    fn the_editor_reads_keys_and_values_as_the_file_writes_them() {
        let diff = changed(
            "/rules/environment",
            Some(serde_json::json!([])),
            Some(serde_json::json!(["flow-of-fiery-lava"])),
        );
        assert_eq!(
            summary(&diff),
            [(
                "Other keys",
                vec!["rules: environment: [] → [flow-of-fiery-lava]".to_owned()]
            )]
        );
        // The command line keeps its JSON words.
        assert!(
            human("a", "b", &diff).contains("/rules/environment: [] → [\"flow-of-fiery-lava\"]")
        );
    }

    #[test]
    fn list_items_are_counted_from_one_and_a_removed_key_says_what_it_was() {
        let diff = changed(
            "/assert/0/within",
            Some(serde_json::json!({"turns": 2})),
            None,
        );
        assert_eq!(
            summary(&diff)[0].1,
            ["assert: item 1: within removed (was {turns: 2})"]
        );
    }
}
