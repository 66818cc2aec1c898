//! Output of the rules queries (`los`, `reach`, `area`): JSON as DESIGN §5 gives it, and text
//! with a small map, because a picture reads faster than a list of coordinates.

use serde::Serialize;

use crate::board::Board;
use crate::board::area::Template;
use crate::board::hex::Axial;
use crate::board::los::Sight;
use crate::board::movement::Destination;

/// One `los --json` record (contract fields first; `notes` is an addition).
#[derive(Serialize)]
struct SightJson<'a> {
    from: Axial,
    to: Axial,
    visible: bool,
    reverse_visible: bool,
    distance: u32,
    elevation_difference: u32,
    range: u32,
    rule: &'a str,
    witness: Option<[[f64; 2]; 2]>,
    blocked_by: &'a [Axial],
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    notes: &'a [String],
}

fn sight_json<'a>(s: &'a Sight, rule: &'a str) -> SightJson<'a> {
    // Six decimals, and never "-0.0".
    let round = |v: f64| (v * 1e6).round() / 1e6 + 0.0;
    SightJson {
        from: s.from,
        to: s.to,
        visible: s.visible,
        reverse_visible: s.reverse_visible,
        distance: s.distance,
        elevation_difference: s.elevation_difference,
        range: s.range,
        rule,
        witness: s.witness.map(|w| w.map(|p| p.map(round))),
        blocked_by: &s.blocked_by,
        notes: &s.notes,
    }
}

/// One record, for `los --to`.
pub fn sight_record(s: &Sight, rule: &str) -> String {
    serde_json::to_string(&sight_json(s, rule)).unwrap_or_default() + "\n"
}

/// The one line `los --matrix` prints: how many ordered pairs see each other.
pub fn sight_matrix_text(sights: &[Sight], rule: &str) -> String {
    let seen = sights.iter().filter(|s| s.visible).count();
    format!(
        "{seen} of {} ordered pairs see each other; rule {rule}\n",
        sights.len()
    )
}

/// A list of records, for `los` without `--to` and for `--matrix`.
pub fn sight_records(sights: &[Sight], rule: &str) -> String {
    let records: Vec<SightJson<'_>> = sights.iter().map(|s| sight_json(s, rule)).collect();
    serde_json::to_string(&records).unwrap_or_default() + "\n"
}

/// A sentence for one pair.
pub fn sight_text(s: &Sight, rule: &str) -> String {
    let hex = |a: Axial| format!("{},{}", a[0], a[1]);
    let mut out = format!(
        "{} -> {}: {}   (reverse: {})\n  distance {}, elevation difference {}, range {}; rule {rule}\n",
        hex(s.from),
        hex(s.to),
        if s.visible { "visible" } else { "NOT visible" },
        if s.reverse_visible {
            "visible"
        } else {
            "not visible"
        },
        s.distance,
        s.elevation_difference,
        s.range,
    );
    if let Some([p, q]) = s.witness {
        out.push_str(&format!(
            "  a clear line: ({:.3}, {:.3}) to ({:.3}, {:.3}) in pixel units\n",
            p[0], p[1], q[0], q[1]
        ));
    }
    if !s.blocked_by.is_empty() {
        let list: Vec<String> = s.blocked_by.iter().map(|&a| hex(a)).collect();
        out.push_str(&format!(
            "  every line is blocked by: {}\n",
            list.join("  ")
        ));
    }
    for note in &s.notes {
        out.push_str(&format!("  note: {note}\n"));
    }
    out
}

/// The map as text, one cell per hex; `cell` gives up to three characters for each.
pub fn text_map(board: &Board, cell: &dyn Fn(Axial) -> String) -> String {
    let hexes = board.hexes();
    let (Some(min_q), Some(max_q)) = (
        hexes.iter().map(|h| h.at[0]).min(),
        hexes.iter().map(|h| h.at[0]).max(),
    ) else {
        return String::new();
    };
    let row = |at: Axial| 2 * at[1] + at[0];
    let min_row = hexes.iter().map(|h| row(h.at)).min().unwrap_or(0);
    let max_row = hexes.iter().map(|h| row(h.at)).max().unwrap_or(0);
    let mut out = String::new();
    for y in min_row..=max_row {
        let mut line = vec![' '; (usize::try_from(max_q - min_q).unwrap_or(0) + 1) * 3 + 3];
        for q in min_q..=max_q {
            // row = 2r + q, so r = (row - q) / 2 when that is whole.
            if (y - q).rem_euclid(2) != 0 {
                continue;
            }
            let at = [q, (y - q) / 2];
            if !board.contains(at) {
                continue;
            }
            let text: Vec<char> = format!("{:>3}", cell(at)).chars().take(3).collect();
            let x = usize::try_from(q - min_q).unwrap_or(0) * 3;
            for (i, c) in text.into_iter().enumerate() {
                line[x + i] = c;
            }
        }
        let text: String = line.into_iter().collect();
        out.push_str(text.trim_end());
        out.push('\n');
    }
    out
}

/// `los --from` without `--to`: the map with what the viewer sees.
pub fn sight_map(board: &Board, from: &[Axial], sights: &[Sight], rule: &str) -> String {
    let mark = |at: Axial| {
        if from.contains(&at) {
            return "@".to_owned();
        }
        match sights.iter().find(|s| s.to == at) {
            Some(s) if s.visible && s.reverse_visible => "o".to_owned(),
            Some(s) if s.visible => ">".to_owned(),
            Some(s) if s.reverse_visible => "<".to_owned(),
            _ => ".".to_owned(),
        }
    };
    let seen = sights
        .iter()
        .filter(|s| s.visible && !from.contains(&s.to))
        .count();
    let others = sights.iter().filter(|s| !from.contains(&s.to)).count();
    format!(
        "{}\n@ viewer   o both see each other   > viewer sees it (it cannot see back)   < it sees the viewer only   . no line of sight\n{} of the other {} hexes visible; rule {rule}\n",
        text_map(board, &mark),
        seen,
        others
    )
}

#[derive(Serialize)]
struct ReachJson<'a> {
    from: Axial,
    hexes: Vec<ReachHexJson<'a>>,
}

#[derive(Serialize)]
struct ReachHexJson<'a> {
    at: Axial,
    cost: u32,
    hazards: &'a [Axial],
    hazard_free: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    tail: Option<Axial>,
}

/// `reach --json` (DESIGN §5).
pub fn reach_json(from: Axial, found: &[Destination]) -> String {
    let doc = ReachJson {
        from,
        hexes: found
            .iter()
            .map(|d| ReachHexJson {
                at: d.at,
                cost: d.cost,
                hazards: &d.hazards,
                hazard_free: d.hazard_free,
                tail: d.tail,
            })
            .collect(),
    };
    serde_json::to_string(&doc).unwrap_or_default() + "\n"
}

/// `reach` as a map of costs.
pub fn reach_map(board: &Board, from: &[Axial], found: &[Destination]) -> String {
    let mark = |at: Axial| {
        if from.contains(&at) {
            return "@".to_owned();
        }
        match found.iter().find(|d| d.at == at) {
            Some(d) if !d.hazard_free => format!("{}!", d.cost),
            Some(d) if !d.hazards.is_empty() => format!("{}?", d.cost),
            Some(d) => d.cost.to_string(),
            None => ".".to_owned(),
        }
    };
    format!(
        "{}\n@ start   N least cost to end there   N? the cheapest path enters a hazard, a dearer one avoids them   N! every path enters a hazard   . out of reach\n{} hexes reachable\n",
        text_map(board, &mark),
        found.len()
    )
}

#[derive(Serialize)]
struct AreaJson<'a> {
    origin: Axial,
    origin_ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    origin_problem: Option<&'a str>,
    hits: &'a [Axial],
    shielded: &'a [Axial],
}

/// `area --json`.
pub fn area_json(t: &Template) -> String {
    let doc = AreaJson {
        origin: t.origin,
        origin_ok: t.origin_problem.is_none(),
        origin_problem: t.origin_problem.as_deref(),
        hits: &t.hits,
        shielded: &t.shielded,
    };
    serde_json::to_string(&doc).unwrap_or_default() + "\n"
}

/// `area` as a map.
pub fn area_map(board: &Board, source: &[Axial], t: &Template) -> String {
    let mark = |at: Axial| {
        if source.contains(&at) {
            "@".to_owned()
        } else if at == t.origin && t.hits.contains(&at) {
            "X".to_owned()
        } else if t.hits.contains(&at) {
            "x".to_owned()
        } else if t.shielded.contains(&at) {
            "-".to_owned()
        } else {
            ".".to_owned()
        }
    };
    let mut out = text_map(board, &mark);
    out.push_str(
        "\n@ source   X origin (hit)   x hit   - in the template but out of the origin's sight\n",
    );
    match &t.origin_problem {
        Some(problem) => out.push_str(&format!("origin not allowed: {problem}\n")),
        None => out.push_str(&format!("{} hexes hit\n", t.hits.len())),
    }
    out
}
