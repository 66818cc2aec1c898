//! "Changes since saved": what `megahex diff` would say between the file on disk and the
//! scenario being edited, so a designer sees what an edit did (and, for a game that weighs
//! them, to sight, reach and the claims) before saving it. Every game shows it; a game whose
//! map can mark the changes passes the switch for it.

use egui::RichText;
use megahex::diff::ScenarioDiff;

/// Lines of one section shown before the rest fold away.
const SHOWN_LINES: usize = 8;

/// The section, when the document has unsaved changes. `mark` is whether the map marks them,
/// for a game whose map can.
pub fn changes_section(
    ui: &mut egui::Ui,
    changes: Option<&ScenarioDiff>,
    dirty: bool,
    mark: Option<&mut bool>,
) {
    if !dirty {
        return;
    }
    ui.separator();
    let Some(diff) = changes else {
        ui.label(RichText::new("Changes since saved: being compared").strong());
        return;
    };
    let summary = megahex::report::diff::summary(diff);
    let count: usize = summary
        .iter()
        .filter(|(title, _)| !is_consequence(title))
        .map(|(_, lines)| lines.len())
        .sum();
    let title = format!("Changes since saved: {count}");
    egui::CollapsingHeader::new(RichText::new(title).strong())
        .default_open(true)
        .show(ui, |ui| {
            if let Some(mark) = mark {
                ui.checkbox(mark, "Mark them on the map")
                    .on_hover_text("changed hexes in orange, added in green, removed in red; arrows for moved tokens; lines for figures that now see (green) or no longer see (red) each other");
            }
            for (title, lines) in &summary {
                ui.label(RichText::new(*title).strong());
                for line in lines.iter().take(SHOWN_LINES) {
                    // The panel's font has no arrow glyph.
                    ui.label(format!("  {}", line.replace('→', "->")));
                }
                if lines.len() > SHOWN_LINES {
                    ui.label(format!("  … and {} more", lines.len() - SHOWN_LINES));
                }
            }
        });
}

/// The sections that say what the changes do, rather than what changed.
fn is_consequence(title: &str) -> bool {
    matches!(
        title,
        "Sight" | "Reach" | "Claims" | "Fairness" | "Not weighed"
    )
}
