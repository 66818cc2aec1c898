//! The status line at the bottom of the window, every game's.

use egui::{Color32, RichText};

use crate::workbench::{StatusKind, Workbench};

/// The bottom bar: the outcome of the last action, what the pointer is on (`hover`, as the
/// open game words it), and the keys that do something now (`hint`).
pub fn status_bar(ui: &mut egui::Ui, wb: &Workbench, hover: &str, hint: &str) {
    // Always one line for the status, so the map does not jump when a message appears.
    match &wb.status {
        Some(status) => {
            let color = match status.kind {
                StatusKind::Done => Color32::LIGHT_GREEN,
                StatusKind::Refused => Color32::from_rgb(255, 200, 90),
                StatusKind::Failed => Color32::LIGHT_RED,
            };
            ui.label(RichText::new(&status.text).color(color));
        }
        None => {
            ui.label(" ");
        }
    }
    ui.label(hover);
    ui.label(RichText::new(hint).weak());
}
