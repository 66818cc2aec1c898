//! The undo history list (Edit → Undo history): every change since the file was opened, the
//! current one marked, the undone ones after it; a click goes back or forward to just after
//! that change. It only asks; the shell takes the steps.

use egui::RichText;

use crate::document::Document;

/// How far to go from where the history stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Jump {
    /// Undo this many steps.
    Back(usize),
    /// Redo this many steps.
    Forward(usize),
}

/// The window, while `open`; the step picked in it, if any.
pub fn undo_list(ctx: &egui::Context, open: &mut bool, doc: &Document) -> Option<Jump> {
    let (undo, redo) = doc.steps();
    let mut jump = None;
    egui::Window::new("Undo history")
        .open(open)
        .default_width(280.0)
        .resizable(true)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height(360.0)
                .show(ui, |ui| {
                    if ui
                        .selectable_label(undo.is_empty(), "(as opened or last saved)")
                        .on_hover_text("Undo every change in the list")
                        .clicked()
                        && !undo.is_empty()
                    {
                        jump = Some(Jump::Back(undo.len()));
                    }
                    for (i, label) in undo.iter().enumerate() {
                        let current = i + 1 == undo.len();
                        if ui
                            .selectable_label(current, *label)
                            .on_hover_text("Go back to just after this change")
                            .clicked()
                            && !current
                        {
                            jump = Some(Jump::Back(undo.len() - 1 - i));
                        }
                    }
                    for (j, label) in redo.iter().enumerate() {
                        if ui
                            .selectable_label(false, RichText::new(*label).weak().italics())
                            .on_hover_text("Undone: redo up to this change")
                            .clicked()
                        {
                            jump = Some(Jump::Forward(j + 1));
                        }
                    }
                    if undo.is_empty() && redo.is_empty() {
                        ui.label(RichText::new("No changes yet.").weak());
                    }
                });
        });
    jump
}
