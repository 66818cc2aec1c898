//! The self-play report, for people and for programs.

use std::fmt::Write;

use crate::simulate::skill::{SKILL_MARGIN, SkillReport, Verdict};
use crate::simulate::{PolicyNote, Summary};

/// One JSON document: games, seed, per-team wins with their 95% interval, the round-limit share,
/// game lengths and deciding objectives, and the policy that played them.
pub fn json(summary: &Summary, seed: u64, policy: &PolicyNote) -> String {
    format!("{}\n", json_value(summary, seed, policy))
}

fn json_value(summary: &Summary, seed: u64, policy: &PolicyNote) -> serde_json::Value {
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
    value
}

/// [`json`] with the skill report under `"skill"`, when one was played.
pub fn json_with_skill(
    summary: &Summary,
    seed: u64,
    policy: &PolicyNote,
    skill: Option<&SkillReport>,
) -> String {
    let mut value = json_value(summary, seed, policy);
    let Some(skill) = skill else {
        return format!("{value}\n");
    };
    value["skill"] = skill_value(skill);
    format!("{value}\n")
}

/// The skill report as JSON: what was compared, the stronger player, each side's wins played
/// simply and strongly with the gain and its interval, and the verdict.
pub fn skill_value(skill: &SkillReport) -> serde_json::Value {
    let rows: Vec<serde_json::Value> = skill
        .rows
        .iter()
        .map(|r| {
            serde_json::json!({
                "team": r.team,
                "games": r.games,
                "simple-wins": r.simple_wins,
                "strong-wins": r.strong_wins,
                "gain": r.gain,
                "interval": [r.interval.0, r.interval.1],
            })
        })
        .collect();
    serde_json::json!({
        "compared": skill.what,
        "player": skill.player,
        "margin": SKILL_MARGIN,
        "teams": rows,
        "verdict": match skill.verdict {
            Verdict::Play => "play",
            Verdict::Dice => "dice",
            Verdict::Unclear => "unclear",
        },
    })
}

/// The skill report in words: each team's win rate played simply and played by the stronger
/// player against simple opponents, the gain, and whether play or dice decide the scenario.
pub fn skill_human(skill: &SkillReport) -> String {
    let mut out = String::new();
    let games = skill.rows.first().map_or(0, |r| r.games);
    let _ = writeln!(out, "skill: {}, {games} games each", skill.what);
    let _ = writeln!(out, "  stronger player: {}", skill.player);
    let width = skill
        .rows
        .iter()
        .map(|r| r.team.chars().count())
        .max()
        .unwrap_or(0)
        .max(16);
    for r in &skill.rows {
        let share = |wins: u32| f64::from(wins) * 100.0 / f64::from(r.games.max(1));
        let _ = writeln!(
            out,
            "  {:<width$} simple {:>6.2}%  stronger {:>6.2}%  gain {:>+6.2} points (95% interval {:+.2} to {:+.2})",
            r.team,
            share(r.simple_wins),
            share(r.strong_wins),
            r.gain * 100.0,
            r.interval.0 * 100.0,
            r.interval.1 * 100.0
        );
    }
    let margin = SKILL_MARGIN * 100.0;
    let verdict = match skill.verdict {
        Verdict::Play => format!(
            "decided by play: a stronger player of one side gains at least {margin:.0} points of win rate"
        ),
        Verdict::Dice => format!(
            "decided by dice: no side gains {margin:.0} points of win rate from a stronger player"
        ),
        Verdict::Unclear => format!(
            "not told apart: more games would show whether a stronger player gains {margin:.0} points"
        ),
    };
    let _ = writeln!(out, "  {verdict}");
    out
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
