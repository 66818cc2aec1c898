//! The problems panel every game shows: the findings of the live checks, each one the open
//! game can show clickable, to select or open what it is about.

use egui::{Color32, RichText};
use megahex::Severity;

use crate::document::Problem;

/// The hover text of a finding that can be clicked to show it on the map.
pub const ON_MAP: &str = "Click to show it on the map";
/// The hover text of a finding that can be clicked to open what it is about in an inspector.
pub const IN_INSPECTOR: &str = "Click to open it in the inspector";

/// "1 error, 2 warnings": the count of findings, as the toolbar and the scenario panel say it.
pub fn count_text(errors: usize, warnings: usize) -> String {
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    format!(
        "{}, {}",
        plural(errors, "error", "errors"),
        plural(warnings, "warning", "warnings")
    )
}

/// A finding with hexes of its own can be shown on any map.
pub fn has_hexes(problem: &Problem) -> Option<&'static str> {
    (!problem.hexes.is_empty()).then_some(ON_MAP)
}

/// The findings of the last check, each one the open game can show clickable (`clickable`
/// gives its hover text); returns the finding that was clicked, if any.
pub fn problems_panel(
    ui: &mut egui::Ui,
    problems: &[Problem],
    checking: bool,
    unsaved: bool,
    clickable: &dyn Fn(&Problem) -> Option<&'static str>,
) -> Option<usize> {
    ui.horizontal(|ui| {
        ui.heading("Problems");
        if checking {
            ui.spinner();
            ui.label(RichText::new("checking…").weak());
        }
    });
    if unsaved && !problems.is_empty() {
        ui.label(RichText::new("Line numbers are those of the file as it will be saved.").weak());
    }
    if problems.is_empty() {
        ui.label(RichText::new("No problems found.").color(Color32::LIGHT_GREEN));
        return None;
    }
    let mut clicked = None;
    egui::ScrollArea::vertical().show(ui, |ui| {
        for (index, problem) in problems.iter().enumerate() {
            ui.separator();
            let body = ui.vertical(|ui| {
                problem_body(ui, problem);
            });
            if let Some(hover) = clickable(problem) {
                let response = ui
                    .interact(
                        body.response.rect,
                        ui.scope_id().with(("problem", index)),
                        egui::Sense::click(),
                    )
                    .on_hover_text(hover)
                    .on_hover_cursor(egui::CursorIcon::PointingHand);
                if response.hovered() {
                    ui.painter().rect_stroke(
                        body.response.rect.expand(2.0),
                        3.0,
                        egui::Stroke::new(1.0, Color32::GRAY),
                        egui::StrokeKind::Outside,
                    );
                }
                if response.clicked() {
                    clicked = Some(index);
                }
            }
        }
    });
    clicked
}

fn problem_body(ui: &mut egui::Ui, problem: &Problem) {
    ui.horizontal_wrapped(|ui| {
        let (word, color) = match problem.severity {
            Severity::Error => ("error", Color32::LIGHT_RED),
            Severity::Warning => ("warning", Color32::YELLOW),
            Severity::Info => ("info", Color32::LIGHT_BLUE),
        };
        ui.label(RichText::new(word).color(color).strong());
        ui.label(RichText::new(&problem.code).monospace());
        if let Some((line, column)) = problem.line_column {
            ui.label(RichText::new(format!("{line}:{column}")).monospace());
        }
    });
    ui.label(&problem.message);
    if let Some(help) = &problem.help {
        ui.label(RichText::new(help).weak().italics());
    }
}

#[cfg(test)]
mod tests {
    use super::count_text;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(count_text(0, 0), "0 errors, 0 warnings");
        assert_eq!(count_text(1, 1), "1 error, 1 warning");
        assert_eq!(count_text(2, 1), "2 errors, 1 warning");
    }
}
