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

fn value(v: &Option<Value>) -> String {
    match v {
        None => "(none)".into(),
        Some(v) => serde_json::to_string(v).unwrap_or_default(),
    }
}

fn field(change: &FieldChange) -> String {
    match (&change.old, &change.new) {
        (None, Some(_)) => format!("{} added: {}", change.pointer, value(&change.new)),
        (Some(_), None) => format!("{} removed (was {})", change.pointer, value(&change.old)),
        _ => format!(
            "{}: {} → {}",
            change.pointer,
            value(&change.old),
            value(&change.new)
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

fn token_line(change: &TokenChange) -> String {
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
            _ => parts.extend(change.fields.iter().map(field)),
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
/// editor's "Changes since saved").
pub fn summary(diff: &ScenarioDiff) -> Vec<(&'static str, Vec<String>)> {
    sections(diff)
        .into_iter()
        .map(|s| (s.title, s.lines))
        .collect()
}

fn sections(diff: &ScenarioDiff) -> Vec<Section> {
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
                let names =
                    |t: &[crate::board::Feature]| serde_json::to_string(t).unwrap_or_default();
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
    push("Tokens", diff.tokens.iter().map(token_line).collect());
    push(
        "Objectives",
        diff.objectives
            .iter()
            .map(|o| match o.kind {
                ChangeKind::Changed => format!(
                    "{}: {}",
                    o.id,
                    o.fields.iter().map(field).collect::<Vec<_>>().join("; ")
                ),
                kind => format!("{}: {}", o.id, kind.word()),
            })
            .collect(),
    );
    push("Other keys", diff.fields.iter().map(field).collect());
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
                format!(
                    "assert[{}] ({}): {}; before it {}",
                    claim.index,
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
    for section in sections(diff) {
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
    for section in sections(diff) {
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
