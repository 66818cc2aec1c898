//! The fairness report under the problems: how far each team is from its objectives, who can
//! hit whom on turn 1, and which stats are missing. Information, so it never blocks a save.

use egui::RichText;

use megahex::rulesets::sentinel_tactics::fairness::Verdict;
use megahex::simulate::Summary;

use crate::document::Problem;

/// A collapsible section: the verdict first (who is favoured, the teams side by side, what is
/// missing), then the report's lines, or how to get one.
pub fn fairness_section(
    ui: &mut egui::Ui,
    verdict: Option<&Verdict>,
    selfplay: Option<&Result<Summary, String>>,
    report: &[Problem],
) {
    ui.separator();
    egui::CollapsingHeader::new(RichText::new("Fairness report").strong())
        .default_open(true)
        .show(ui, |ui| {
            // Played games outweigh distances: when they clearly favour a team, that is the
            // headline, and the distance verdict is said as what it is.
            let lean = selfplay
                .and_then(|s| s.as_ref().ok())
                .and_then(selfplay_lean);
            if let Some(lean) = &lean {
                ui.label(RichText::new(lean).strong().color(FAVOURED));
            }
            // The verdict stands on the report's figures: without a report (the file has
            // errors, or nothing to measure), it has nothing to stand on either.
            if let Some(verdict) = verdict.filter(|_| !report.is_empty()) {
                verdict_view(ui, verdict, lean.is_some());
            }
            if let Some(selfplay) = selfplay {
                selfplay_view(ui, selfplay);
            }
            if report.is_empty() {
                ui.label(
                    RichText::new(
                        "Nothing to report yet: give objectives hexes to reach, hold or collect, \
                         or targets, and figures stats (see docs/scenario-format.md, Stats).",
                    )
                    .weak(),
                );
                return;
            }
            for line in report {
                let heading = match line.code.as_str() {
                    "objective-distance" => "Distance",
                    "turn-one-exposure" => "Turn 1",
                    "stats-missing" => "Missing stats",
                    other => other,
                };
                ui.horizontal_wrapped(|ui| {
                    ui.label(RichText::new(heading).strong());
                    ui.label(&line.message);
                });
            }
        });
}

/// The self-play win rates with their intervals, or why the games cannot be played.
fn selfplay_view(ui: &mut egui::Ui, selfplay: &Result<Summary, String>) {
    match selfplay {
        Ok(summary) => {
            ui.label(RichText::new(selfplay_heading(summary)).strong());
            for line in selfplay_lines(summary) {
                ui.label(line);
            }
        }
        Err(reason) => {
            ui.label(
                RichText::new(format!("No self-play win rates: {}", shortened(reason)))
                    .weak()
                    .italics(),
            );
        }
    }
    ui.separator();
}

/// A long list of figures without stats cut to its first three and a count, so the verdict
/// stays readable on a map with many figures.
pub fn shortened(reason: &str) -> String {
    const SHOWN: usize = 3;
    let Some((head, list)) = reason.split_once(": ") else {
        return reason.to_owned();
    };
    let items: Vec<&str> = list.split("; ").collect();
    if items.len() <= SHOWN + 1 {
        return reason.to_owned();
    }
    format!(
        "{head}: {} and {} more (give them in the inspector's Stats section)",
        items[..SHOWN].join("; "),
        items.len() - SHOWN
    )
}

/// "Self-play, 200 seeded games:".
pub fn selfplay_heading(summary: &Summary) -> String {
    format!(
        "Self-play, {} seeded games (seed {}):",
        summary.games,
        super::findings::SELF_PLAY_SEED
    )
}

/// "heroes wins 35% (95% interval 28% to 42%)", one per team, then the undecided share.
pub fn selfplay_lines(summary: &Summary) -> Vec<String> {
    let mut lines: Vec<String> = summary
        .teams
        .iter()
        .map(|(team, _, share, (low, high))| {
            format!(
                "{team} wins {:.0}% (95% interval {:.0}% to {:.0}%)",
                share * 100.0,
                low * 100.0,
                high * 100.0
            )
        })
        .collect();
    if summary.round_limit_share > 0.0 {
        lines.push(format!(
            "undecided at the round limit: {:.0}%",
            summary.round_limit_share * 100.0
        ));
    }
    lines
}

/// The colour of a sentence that says one team is favoured.
const FAVOURED: egui::Color32 = egui::Color32::from_rgb(255, 200, 90);

/// When the seeded games clearly favour one team (the low end of its 95% interval above the
/// high end of every other team's), the sentence that says so.
pub fn selfplay_lean(summary: &Summary) -> Option<String> {
    let best = summary.teams.iter().max_by(|a, b| a.2.total_cmp(&b.2))?;
    let others: Vec<_> = summary.teams.iter().filter(|t| t.0 != best.0).collect();
    if others.is_empty() || !others.iter().all(|other| best.3.0 > other.3.1) {
        return None;
    }
    let against = others
        .iter()
        .map(|(team, _, share, _)| format!("{team} {:.0}%", share * 100.0))
        .collect::<Vec<_>>()
        .join(", ");
    Some(format!(
        "Self-play favours {}: it wins {:.0}% of the games, against {against}",
        best.0,
        best.2 * 100.0
    ))
}

/// The verdict: a sentence, a row per team, and what would sharpen it. `played_say_otherwise`:
/// the self-play games clearly favour a team, so the verdict's sentence is only the distances'.
fn verdict_view(ui: &mut egui::Ui, verdict: &Verdict, played_say_otherwise: bool) {
    match &verdict.summary {
        Some(summary) if played_say_otherwise => {
            ui.label(RichText::new(format!("By distance and turn 1 alone: {summary}")).weak());
        }
        Some(summary) => {
            let colour = if verdict.favoured.is_some() {
                FAVOURED
            } else {
                egui::Color32::LIGHT_GREEN
            };
            ui.label(RichText::new(summary).strong().color(colour));
        }
        None => {
            ui.label(RichText::new("No verdict yet.").strong());
        }
    }
    egui::Grid::new("fairness-verdict")
        .num_columns(4)
        .striped(true)
        .show(ui, |ui| {
            for heading in ["Team", "Nearest", "Expected turns", "Turn 1"] {
                ui.label(RichText::new(heading).weak());
            }
            ui.end_row();
            for s in &verdict.standings {
                ui.label(RichText::new(&s.team).strong());
                ui.label(
                    s.nearest
                        .map_or("-".to_owned(), |n| format!("{n} movement")),
                );
                ui.label(s.turns.map_or("-".to_owned(), |t| format!("{t:.2}")));
                ui.label(if !s.armed {
                    "-".to_owned()
                } else if s.turn_one_hits == 0 {
                    "no hits".to_owned()
                } else {
                    format!(
                        "{} hit(s), {:.2} damage expected",
                        s.turn_one_hits, s.turn_one_damage
                    )
                });
                ui.end_row();
            }
        });
    for missing in &verdict.missing {
        ui.label(
            RichText::new(format!("Missing: {missing}"))
                .weak()
                .italics(),
        );
    }
    ui.separator();
}

#[cfg(test)]
mod tests {
    use crate::document::Document;
    use megahex::simulate::Summary;

    fn summary(teams: &[(&str, f64, f64, f64)]) -> Summary {
        Summary {
            games: 200,
            teams: teams
                .iter()
                .map(|(team, share, low, high)| ((*team).to_owned(), 0, *share, (*low, *high)))
                .collect(),
            round_limit_share: 0.0,
            lengths: Vec::new(),
            objectives: Vec::new(),
        }
    }

    #[test]
    fn self_play_leads_the_headline_only_when_its_intervals_part() {
        // 200 of 200 games against none: the intervals are far apart.
        let lean = super::selfplay_lean(&summary(&[
            ("heroes", 1.0, 0.98, 1.0),
            ("villains", 0.0, 0.0, 0.02),
        ]));
        assert_eq!(
            lean.as_deref(),
            Some("Self-play favours heroes: it wins 100% of the games, against villains 0%")
        );
        // 53% against 47%, overlapping intervals: no lean, the distances speak.
        assert_eq!(
            super::selfplay_lean(&summary(&[
                ("heroes", 0.53, 0.46, 0.60),
                ("villains", 0.47, 0.40, 0.54),
            ])),
            None
        );
    }

    #[test]
    fn a_long_list_of_figures_without_stats_is_cut_to_three_and_a_count() {
        let reason = "stats missing for the simulation: `a` (all stats); `b` (all stats); `c` (health); `d` (all stats); `e` (actions)";
        assert_eq!(
            super::shortened(reason),
            "stats missing for the simulation: `a` (all stats); `b` (all stats); `c` (health) and 2 more (give them in the inspector's Stats section)"
        );
        let short = "stats missing for the simulation: `a` (all stats); `b` (health)";
        assert_eq!(super::shortened(short), short);
    }

    #[test]
    fn the_report_is_kept_apart_from_the_problems() {
        // The sample has a collect objective for the villains and no errors. Opening it runs
        // the quick check; the report comes from the background check.
        let recovery =
            std::env::temp_dir().join(format!("megahex-fairness-view-{}", std::process::id()));
        let mut app = crate::app::EditorApp::with_recovery_dir(Document::sample(), recovery);
        assert!(
            app.wb.doc.fairness.is_empty(),
            "not computed on the UI thread"
        );
        app.settle_checks();
        let doc = &app.wb.doc;
        assert!(doc.problems.is_empty(), "{:?}", doc.problems);
        assert!(
            doc.fairness.iter().any(
                |p| p.code == "objective-distance" && p.message.contains("objective `collect`")
            ),
            "{:?}",
            doc.fairness
        );
        assert!(
            doc.fairness
                .iter()
                .all(|p| p.severity == megahex::Severity::Info)
        );
    }
}
