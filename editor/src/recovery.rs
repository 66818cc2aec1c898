//! Recovery copies of unsaved work: written a moment after each edit, removed once the work is
//! saved or undone, and offered in a banner the next time the same file is opened.

use std::path::{Path, PathBuf};
use std::time::Duration;

use web_time::Instant;

use egui::{Color32, RichText};
use megahex_schema::AnyScenario;

use crate::document::{Document, quick_check};
use crate::storage;
use crate::workbench::{StatusKind, Workbench};

/// How long after the last edit the recovery copy is written: long enough not to write on
/// every drag or key repeat, short enough that a crash loses little.
pub const RECOVERY_DELAY: Duration = Duration::from_secs(2);

/// A recovery copy from an earlier session, waiting for the user's decision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offer {
    /// Where the copy is.
    pub copy: PathBuf,
    /// Its text.
    pub text: String,
}

/// What the designer chose in the banner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// Make the copy the current, unsaved document.
    Restore,
    /// Delete the copy.
    Discard,
}

/// Recovery copies of unsaved work.
#[derive(Debug, Clone)]
pub struct Recovery {
    /// The folder copies are written to.
    pub dir: PathBuf,
    /// How long after the last change a copy is written.
    pub delay: Duration,
    /// The document changed at this moment and the copy does not have that change yet.
    pending_since: Option<Instant>,
    /// A copy of the current document's unsaved work exists (this session wrote it).
    written: bool,
    /// A copy left by an earlier session, shown as a banner until restored or discarded.
    pub offer: Option<Offer>,
}

impl Recovery {
    /// Copies go to `dir`, nothing written or offered yet.
    pub fn new(dir: PathBuf) -> Recovery {
        Recovery {
            dir,
            delay: RECOVERY_DELAY,
            pending_since: None,
            written: false,
            offer: None,
        }
    }

    /// The document changed: a copy is due after the delay.
    pub fn changed(&mut self) {
        self.pending_since = Some(Instant::now());
    }

    /// Another document is open: nothing is pending, written or offered for it yet.
    pub fn reset(&mut self) {
        self.pending_since = None;
        self.written = false;
        self.offer = None;
    }

    /// The work is on disk or dropped for good: the copy under `key` goes.
    pub fn forget(&mut self, key: Option<&Path>) {
        storage::clear_recovery(&self.dir, key);
        self.written = false;
        self.pending_since = None;
    }

    /// The copy on disk already holds the current state (it was just restored from it).
    pub fn mark_written(&mut self) {
        self.written = true;
        self.pending_since = None;
    }

    /// A copy written this session is no longer ours to clear (kept for the next start).
    pub fn keep_written(&mut self) {
        self.written = false;
    }

    /// Offers a copy left for `doc` by an earlier session. A copy that holds exactly what is on
    /// disk is stale and removed.
    pub fn look_for(&mut self, doc: &Document) {
        let key = doc.path.as_deref();
        let Some((copy, text)) = storage::find_recovery(&self.dir, key) else {
            return;
        };
        let (outcome, _) = quick_check(text.as_bytes(), key);
        let recovered = crate::document::scenario_of(outcome, text.as_bytes());
        if recovered.is_some() && recovered == doc.current() {
            storage::clear_recovery(&self.dir, key);
            return;
        }
        self.offer = Some(Offer { copy, text });
    }

    /// The offered copy as a scenario, taking the offer; or why it cannot be read (the offer
    /// stays).
    pub fn take_offer(&mut self, doc: &Document) -> Option<Result<AnyScenario, String>> {
        let offer = self.offer.clone()?;
        let (outcome, problems) = quick_check(offer.text.as_bytes(), doc.path.as_deref());
        Some(
            match crate::document::scenario_of(outcome, offer.text.as_bytes()) {
                Some(scenario) => {
                    self.offer = None;
                    Ok(scenario)
                }
                None => {
                    let why = problems
                        .first()
                        .map_or_else(|| "unknown problem".to_owned(), |p| p.message.clone());
                    Err(format!(
                        "The recovery copy {} cannot be read as a scenario ({why}); open it in a text editor, or discard it",
                        offer.copy.display()
                    ))
                }
            },
        )
    }

    /// Deletes the offered copy; false when there was none.
    pub fn discard_offer(&mut self, key: Option<&Path>) -> bool {
        if self.offer.take().is_none() {
            return false;
        }
        storage::clear_recovery(&self.dir, key);
        true
    }

    /// Writes the copy once the document has been quiet for the delay; removes it when the
    /// document is back to what is on disk.
    pub fn tick(&mut self, wb: &mut Workbench, ctx: &egui::Context) {
        if self.offer.is_some() {
            // Never overwrite a copy the user has not decided about (edits are blocked).
            return;
        }
        if !wb.doc.is_dirty() {
            if self.written {
                storage::clear_recovery(&self.dir, wb.doc.path.as_deref());
                self.written = false;
            }
            self.pending_since = None;
            return;
        }
        if let Some(since) = self.pending_since {
            let waited = since.elapsed();
            if waited >= self.delay {
                self.write(wb);
            } else {
                ctx.request_repaint_after(self.delay - waited);
            }
        }
    }

    /// Writes the copy now, if there is unsaved work. False when it could not be written (the
    /// status line says why).
    pub fn write(&mut self, wb: &mut Workbench) -> bool {
        self.pending_since = None;
        if !wb.doc.is_dirty() || self.offer.is_some() {
            return true;
        }
        let written = wb.doc.current_text().and_then(|text| {
            storage::write_recovery(&self.dir, wb.doc.path.as_deref(), &text)
                .map_err(|e| e.to_string())
        });
        match written {
            Ok(_) => {
                self.written = true;
                true
            }
            Err(e) => {
                wb.say(
                    StatusKind::Failed,
                    format!(
                        "Could not write the recovery copy to {}: {e}. Save soon.",
                        self.dir.display()
                    ),
                );
                false
            }
        }
    }

    /// The banner over the map while a copy is offered; returns what was chosen.
    pub fn banner(&self, ui: &mut egui::Ui, doc_name: &str) -> Option<Choice> {
        let offer = self.offer.as_ref()?;
        let when = std::fs::metadata(&offer.copy)
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .map(|age| format!(" ({} ago)", human_age(age)))
            .unwrap_or_default();
        let text = format!(
            "Unsaved changes to {doc_name} from an earlier session were found{when}. The file itself has not been changed."
        );
        let mut choice = None;
        // Enter restores: keeping the work is the choice that can never lose any.
        let enter = !ui.ctx().text_edit_focused() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(text).color(Color32::WHITE).strong());
            if ui
                .button("Restore unsaved changes")
                .on_hover_text("Enter")
                .clicked()
                || enter
            {
                choice = Some(Choice::Restore);
            }
            if ui.button("Discard").clicked() {
                choice = Some(Choice::Discard);
            }
        });
        choice
    }
}

/// "5 min", "2 h": how old a copy is.
fn human_age(age: Duration) -> String {
    let secs = age.as_secs();
    match secs {
        0..=59 => format!("{secs} s"),
        60..=3599 => format!("{} min", secs / 60),
        3600..=86_399 => format!("{} h", secs / 3600),
        _ => format!("{} days", secs / 86_400),
    }
}
