//! The deck self-play report, for people and for programs.

use std::fmt::Write;

use super::selfplay::{DeckSummary, difference};

/// A deck's self-play, with the second version it is compared with.
pub struct Report<'a> {
    /// The deck.
    pub summary: &'a DeckSummary,
    /// The `--against` deck, played with the same seeds.
    pub against: Option<&'a DeckSummary>,
    /// The run's seed.
    pub seed: u64,
    /// Self-play's final round against best play's (`against_best::round_gaps_line`).
    pub against_best: Option<String>,
    /// The skill report (`--skill`), when asked.
    pub skill: Option<&'a crate::simulate::skill::SkillReport>,
}

fn percent(p: f64) -> String {
    format!("{:.1}%", p * 100.0)
}

fn rank_name(rank: Option<u32>) -> String {
    rank.map_or_else(|| "no missions".to_owned(), |r| format!("rank {r}"))
}

fn summary_json(s: &DeckSummary) -> serde_json::Value {
    let rows: Vec<serde_json::Value> = s
        .rows
        .iter()
        .map(|r| {
            serde_json::json!({
                "hero": r.hero, "rank": r.rank, "games": r.games, "wins": r.wins,
                "share": r.share(), "interval": [r.interval.0, r.interval.1], "rounds": r.rounds
            })
        })
        .collect();
    let losses: Vec<serde_json::Value> = s
        .losses
        .iter()
        .map(|(cause, games)| serde_json::json!({"cause": cause, "games": games}))
        .collect();
    let bosses: Vec<serde_json::Value> = s
        .bosses
        .iter()
        .map(|(id, faced, won)| serde_json::json!({"boss": id, "faced": faced, "won": won}))
        .collect();
    let cards: Vec<serde_json::Value> = s
        .cards
        .iter()
        .map(|c| {
            serde_json::json!({"card": c.id, "activated": c.activated, "defeated": c.defeated, "damage": c.damage})
        })
        .collect();
    let skipped: Vec<serde_json::Value> = s
        .skipped
        .iter()
        .map(|(kind, cards)| serde_json::json!({"effect": kind, "cards": cards}))
        .collect();
    serde_json::json!({
        "games": s.games, "wins": s.wins, "share": s.share(),
        "interval": [s.interval.0, s.interval.1],
        "heroes": rows, "losses": losses, "bosses": bosses, "cards": cards,
        "not-simulated": skipped,
        "policy": {"rolls-assigned": s.assigned.0, "by-advisor": s.assigned.1}
    })
}

impl Report<'_> {
    /// One JSON document.
    pub fn json(&self) -> String {
        let mut value = summary_json(self.summary);
        value["seed"] = self.seed.into();
        if let Some(other) = self.against {
            let (d, (lo, hi)) = difference(self.summary, other);
            value["against"] = summary_json(other);
            value["difference"] = serde_json::json!({"share": d, "interval": [lo, hi]});
        }
        if let Some(line) = &self.against_best {
            value["against-best"] = line.as_str().into();
        }
        if let Some(skill) = self.skill {
            value["skill"] = crate::report::simulation::skill_value(skill);
        }
        format!("{value}\n")
    }

    /// Tables and bars for a designer.
    pub fn human(&self) -> String {
        let mut out = String::new();
        human_summary(&mut out, self.summary, self.seed);
        if let Some(line) = &self.against_best {
            let _ = writeln!(out, "against best play: {line}");
        }
        if let Some(other) = self.against {
            let _ = writeln!(out, "\n--against:");
            human_summary(&mut out, other, self.seed);
            let (d, (lo, hi)) = difference(self.summary, other);
            let _ = writeln!(
                out,
                "\ndifference in win rate (--against minus this deck): {:+.1} points (95% interval {:+.1} to {:+.1})",
                d * 100.0,
                lo * 100.0,
                hi * 100.0
            );
        }
        if let Some(skill) = self.skill {
            out.push('\n');
            out.push_str(&crate::report::simulation::skill_human(skill));
        }
        out
    }
}

fn human_summary(out: &mut String, s: &DeckSummary, seed: u64) {
    let _ = writeln!(
        out,
        "{} games, seed {seed}: won {} ({}, 95% interval {} to {})",
        s.games,
        s.wins,
        percent(s.share()),
        percent(s.interval.0),
        percent(s.interval.1)
    );
    let _ = writeln!(out, "by hero:");
    for r in &s.rows {
        let bar = "#".repeat((r.share() * 30.0).round() as usize);
        let _ = writeln!(
            out,
            "  {:<18} {:<11} {:>6}  ({} to {})  {:>5.1} rounds  {bar}",
            r.hero,
            rank_name(r.rank),
            percent(r.share()),
            percent(r.interval.0),
            percent(r.interval.1),
            r.rounds
        );
    }
    if !s.losses.is_empty() {
        let _ = writeln!(out, "what ended lost games:");
        for (cause, games) in s.losses.iter().take(8) {
            let _ = writeln!(out, "  {cause:<36} {games:>7}");
        }
    }
    let _ = writeln!(out, "bosses:");
    for (id, faced, won) in &s.bosses {
        let rate = match faced {
            0 => "-".to_owned(),
            n => percent(f64::from(*won) / f64::from(*n)),
        };
        let _ = writeln!(out, "  {id:<24} faced {faced:>7}  won {rate:>6}");
    }
    let _ = writeln!(
        out,
        "cards (activated, defeated, share defeated, Health taken a game):"
    );
    for c in &s.cards {
        let defeated = match c.activated {
            0 => "-".to_owned(),
            n => percent(f64::from(c.defeated) / f64::from(n)),
        };
        let flag = match (c.activated > 0, c.defeated) {
            (true, 0) => "  never defeated",
            _ => "",
        };
        let _ = writeln!(
            out,
            "  {:<24} {:>7} {:>7} {:>6} {:>6.2}{flag}",
            c.id,
            c.activated,
            c.defeated,
            defeated,
            c.damage as f64 / f64::from(s.games.max(1))
        );
    }
    let (rolls, advised) = s.assigned;
    let _ = writeln!(
        out,
        "policy: docs/simulation.md; the exact advisor assigned {advised} of {rolls} rolls ({}), the policy's own rule the rest",
        percent(advised as f64 / rolls.max(1) as f64)
    );
    if !s.skipped.is_empty() {
        let kinds: Vec<String> = s
            .skipped
            .iter()
            .map(|(kind, cards)| {
                format!(
                    "{kind} ({cards} card{})",
                    if *cards == 1 { "" } else { "s" }
                )
            })
            .collect();
        let _ = writeln!(out, "not simulated: {}", kinds.join(", "));
    }
}
