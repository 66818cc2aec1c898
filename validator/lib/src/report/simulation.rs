//! The self-play report, for people and for programs.

use std::fmt::Write;

use crate::simulate::{PolicyNote, Summary};

/// One JSON document: games, seed, per-team wins with their 95% interval, the round-limit share,
/// game lengths and deciding objectives, and the policy that played them.
pub fn json(summary: &Summary, seed: u64, policy: &PolicyNote) -> String {
    let teams: Vec<serde_json::Value> = summary
        .teams
        .iter()
        .map(|(team, wins, share, (lo, hi))| {
            serde_json::json!({"team": team, "wins": wins, "share": share, "interval": [lo, hi]})
        })
        .collect();
    let lengths: Vec<serde_json::Value> = summary
        .lengths
        .iter()
        .map(|(rounds, games)| serde_json::json!({"rounds": rounds, "games": games}))
        .collect();
    let objectives: Vec<serde_json::Value> = summary
        .objectives
        .iter()
        .map(|(id, games)| serde_json::json!({"objective": id, "games": games}))
        .collect();
    let mut value = serde_json::json!({
        "games": summary.games,
        "seed": seed,
        "teams": teams,
        "round_limit_share": summary.round_limit_share,
        "lengths": lengths,
        "objectives": objectives,
        "policy": policy.summary,
    });
    if let Some(line) = &policy.against_best {
        value["against-best"] = serde_json::json!(line);
    }
    format!("{value}\n")
}

/// A table of win rates, then the game lengths as a small bar chart, and the policy that played.
pub fn human(summary: &Summary, seed: u64, policy: &PolicyNote) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} games, seed {seed}", summary.games);
    let _ = writeln!(out, "policy: {} (docs/simulation.md)", policy.summary);
    if let Some(line) = &policy.against_best {
        let _ = writeln!(out, "against best play: {line}");
    }
    for (team, wins, share, (lo, hi)) in &summary.teams {
        let _ = writeln!(
            out,
            "  {team:<16} wins {wins:>7}  {:>6.2}%  (95% interval {:.2}% to {:.2}%)",
            share * 100.0,
            lo * 100.0,
            hi * 100.0
        );
    }
    let _ = writeln!(
        out,
        "  undecided at the round limit: {:.2}%",
        summary.round_limit_share * 100.0
    );
    if !summary.objectives.is_empty() {
        let _ = writeln!(out, "deciding objective:");
        for (id, games) in &summary.objectives {
            let _ = writeln!(out, "  {id:<24} {games:>7}");
        }
    }
    let _ = writeln!(out, "game length (rounds):");
    let most = summary
        .lengths
        .iter()
        .map(|(_, g)| *g)
        .max()
        .unwrap_or(1)
        .max(1);
    for (rounds, games) in &summary.lengths {
        let bar = "#".repeat((u64::from(*games) * 40 / u64::from(most)) as usize);
        let _ = writeln!(out, "  {rounds:>3} {games:>7}  {bar}");
    }
    out
}
