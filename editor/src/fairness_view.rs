//! The fairness report under the problems: how far each team is from its objectives, who can
//! hit whom on turn 1, and which stats are missing. Information, so it never blocks a save.

use egui::RichText;

use crate::document::Problem;

/// A collapsible section listing the report's lines, or saying how to get one.
pub fn fairness_section(ui: &mut egui::Ui, report: &[Problem]) {
    ui.separator();
    egui::CollapsingHeader::new(RichText::new("Fairness report").strong())
        .default_open(true)
        .show(ui, |ui| {
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

#[cfg(test)]
mod tests {
    use crate::document::Document;

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
