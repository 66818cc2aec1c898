//! The watch on the open file: changes by other programs reload a clean document, or raise a
//! conflict banner when there are unsaved edits, so neither version is lost.

use std::path::PathBuf;

use egui::{Color32, RichText};

use crate::watch::{FileWatcher, Stamp};
use crate::workbench::{StatusKind, Workbench};

/// What the designer chose in the conflict banner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConflictChoice {
    /// Take the version on disk (the edits stay one undo away).
    ReloadTheirs,
    /// Go on editing; the next save asks first.
    KeepMine,
}

/// The watch and what it found.
#[derive(Default)]
pub struct DiskWatch {
    /// Watches the open file for changes by other programs.
    pub watcher: Option<FileWatcher>,
    /// The file whose watch could not be started, so the failure is reported once.
    watch_failed: Option<PathBuf>,
    /// Another program changed the file while there were unsaved edits: its bytes, until the
    /// user chooses (the conflict banner).
    pub conflict: Option<Vec<u8>>,
    /// The file's size, times and identity when it was last read for a change, so events that
    /// do not change it (the editor's own reads open the file, which the watch reports) are
    /// dropped without reading it again.
    stamp: Option<Stamp>,
}

impl DiskWatch {
    /// Watches the document's file, if it has one and it is not watched yet.
    pub fn ensure(&mut self, wb: &mut Workbench) {
        // A web page's document names no file another program could change.
        let path = wb.doc.path.clone().filter(|_| wb.page.is_none());
        let Some(path) = path else {
            self.watcher = None;
            return;
        };
        if self.watcher.as_ref().is_some_and(|w| w.path() == path) {
            return;
        }
        self.watcher = None;
        if self.watch_failed.as_ref() == Some(&path) {
            return;
        }
        match FileWatcher::watch(&path, crate::watch::DEBOUNCE) {
            Ok(watcher) => {
                self.watcher = Some(watcher);
                self.watch_failed = None;
            }
            Err(e) => {
                self.watch_failed = Some(path);
                wb.say(
                    StatusKind::Failed,
                    format!("{e}: changes made by other programs will not be noticed (F5 reloads)"),
                );
            }
        }
    }

    /// The watcher reported a change since the last look.
    pub fn reported_change(&self) -> bool {
        self.watcher.as_ref().is_some_and(|w| w.changed())
    }

    /// Lets the watcher wake the UI when the file changes.
    pub fn wake(&self, ctx: &egui::Context) {
        if let Some(watcher) = &self.watcher {
            watcher.wake(ctx);
        }
    }

    /// The file changed on disk (or may have). Returns the new bytes when a clean document
    /// should take them; raises the conflict when there are unsaved edits, and ignores the
    /// editor's own saves.
    pub fn changed(&mut self, wb: &mut Workbench) -> Option<Vec<u8>> {
        let path = wb.doc.path.clone()?;
        let stamp = Stamp::of(&path);
        if stamp.is_some() && stamp == self.stamp {
            return None;
        }
        self.stamp = stamp;
        let bytes = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                // Perhaps mid-rename; if it stays gone, saving writes it again.
                wb.say(
                    StatusKind::Refused,
                    format!(
                        "{} is no longer on disk; your version is still here, and Ctrl+S writes it again",
                        wb.doc.name
                    ),
                );
                return None;
            }
            Err(e) => {
                wb.say(
                    StatusKind::Failed,
                    format!("{} changed on disk but cannot be read: {e}", wb.doc.name),
                );
                return None;
            }
        };
        if wb.doc.on_disk.as_deref() == Some(bytes.as_slice()) {
            // Our own save, or a change undone: nothing to do, and no conflict left.
            self.conflict = None;
            return None;
        }
        if wb.doc.is_dirty() {
            self.conflict = Some(bytes);
            return None;
        }
        Some(bytes)
    }

    /// The banner while another program's version waits for a decision; returns the choice.
    pub fn banner(&self, ui: &mut egui::Ui, doc_name: &str) -> Option<ConflictChoice> {
        let mut choice = None;
        let text = format!(
            "{} was changed by another program, and you have unsaved edits. Neither version is overwritten until you choose.",
            doc_name
        );
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(text).color(Color32::WHITE).strong());
            if ui
                .button("Reload theirs")
                .on_hover_text("Show the version on disk; Ctrl+Z brings your edits back")
                .clicked()
            {
                choice = Some(ConflictChoice::ReloadTheirs);
            }
            if ui
                .button("Keep mine")
                .on_hover_text(
                    "Go on editing; saving will ask before replacing the version on disk",
                )
                .clicked()
            {
                choice = Some(ConflictChoice::KeepMine);
            }
        });
        choice
    }
}
