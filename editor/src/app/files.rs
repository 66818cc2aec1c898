//! The shell's document lifecycle: replacing the open document (New, Open, Reload), saving,
//! taking another program's version, restoring a recovery copy, and carrying out what was
//! chosen in a dialog. Part of the shell, split from it to keep each file short.

use std::path::Path;

use super::EditorApp;
use crate::dialogs::{Choice, Dialog, Next};
use crate::document::Document;
use crate::workbench::StatusKind;

impl EditorApp {
    /// Replaces the open document (New, Open, Reload), offering its recovery copy if any.
    pub(super) fn set_document(&mut self, doc: Document, keep_view: bool) {
        self.wb.doc = doc;
        if !keep_view {
            self.wb.view = None;
        }
        self.wb.hovered = None;
        self.wb.pointer_hex = None;
        // Every panel of the previous file goes with it.
        self.game = crate::rulesets::editor_for(self.wb.doc.ruleset(), &self.preferences);
        // The previous file's check is dropped; opening ran the quick check, and the background
        // check adds the turn order, playtest, claims and fairness findings of this file.
        self.checks.cancel();
        self.request_check();
        self.recovery.reset();
        self.disk.conflict = None;
        self.recovery.look_for(&self.wb.doc);
    }

    // --- files ----------------------------------------------------------------------------

    /// Runs `next` now, or asks first when it would drop unsaved changes.
    pub(crate) fn leave_document(&mut self, next: Next) {
        if self.wb.doc.is_dirty() {
            self.dialog = Some(Dialog::Discard(next));
        } else {
            self.go(next);
        }
    }

    pub(super) fn go(&mut self, next: Next) {
        match next {
            Next::New(ruleset) => {
                self.set_document(Document::untitled(ruleset), false);
                self.say(
                    StatusKind::Done,
                    crate::rulesets::new_hint(ruleset).to_owned(),
                );
            }
            Next::Open(path) => {
                let doc = Document::open(&path);
                let name = doc.name.clone();
                self.set_document(doc, false);
                self.say(StatusKind::Done, format!("Opened {name}"));
            }
            Next::Read { name, text } => {
                self.set_document(Document::from_page(name.clone(), &text), false);
                self.say(StatusKind::Done, format!("Opened {name}"));
            }
            Next::Reload => {
                let had_map = self.wb.doc.board().is_some_and(|b| !b.hexes().is_empty());
                let doc = self.wb.doc.reload();
                // Keep the designer's pan and zoom across reloads, unless there was nothing.
                self.set_document(doc, had_map);
                self.say(StatusKind::Done, format!("Reloaded {}", self.wb.doc.name));
            }
        }
    }

    /// Drops the unsaved changes for good: the recovery copy goes too.
    pub(super) fn discard_changes(&mut self) {
        self.recovery.forget(self.wb.doc.path.as_deref());
    }

    /// Ctrl+S: saves in place, or asks for a path when the document has no file yet.
    pub(crate) fn save(&mut self) -> bool {
        if let Some(reason) = self.save_blocker() {
            self.refuse(&reason);
            return false;
        }
        if self.wb.page.is_some() {
            return self.save_as_download();
        }
        match self.wb.doc.path.clone() {
            Some(path) => {
                if self.changed_on_disk() {
                    self.dialog = Some(Dialog::Overwrite);
                    return false;
                }
                self.save_to(&path)
            }
            None => {
                self.open_save_as(false);
                false
            }
        }
    }

    /// In a web page: the scenario, written as a save in place writes it, becomes a download,
    /// and counts as saved.
    fn save_as_download(&mut self) -> bool {
        let text = match self.wb.doc.text_as_is() {
            Ok(text) => text,
            Err(reason) => {
                self.say(StatusKind::Failed, reason);
                return false;
            }
        };
        self.wb.doc.mark_downloaded(&text);
        self.recovery.forget(self.wb.doc.path.as_deref());
        let name = self.wb.doc.name.clone();
        if let Some(page) = &mut self.wb.page {
            page.downloads.push(crate::page::Download {
                name: name.clone(),
                bytes: text.into_bytes(),
                mime: crate::page::YAML,
            });
        }
        self.say(StatusKind::Done, format!("Downloaded {name}"));
        true
    }

    /// True when the open file holds something else than what the editor last read or wrote
    /// (another program saved it). A file that is gone is not a change to protect.
    pub(crate) fn changed_on_disk(&self) -> bool {
        let Some(path) = &self.wb.doc.path else {
            return false;
        };
        match std::fs::read(path) {
            Ok(bytes) => self.wb.doc.on_disk.as_deref() != Some(bytes.as_slice()),
            Err(_) => false,
        }
    }

    pub(super) fn save_blocker(&self) -> Option<String> {
        if self.recovery.offer.is_some() {
            return Some(
                "Restore or discard the unsaved changes from the earlier session before saving"
                    .to_owned(),
            );
        }
        if !self.wb.doc.is_editable() {
            return Some(
                "Nothing to save: the file did not load as a scenario (see Problems)".to_owned(),
            );
        }
        None
    }

    pub(super) fn open_save_as(&mut self, then_quit: bool) {
        let suggestion = match &self.wb.doc.path {
            Some(path) => path.clone(),
            None => std::env::current_dir()
                .unwrap_or_default()
                .join(&self.wb.doc.name),
        };
        self.dialog = Some(Dialog::SaveAs {
            path: suggestion.display().to_string(),
            error: None,
            replace: None,
            then_quit,
        });
        self.focus_dialog = true;
    }

    /// Saves to `target`. On failure the edits stay, unsaved, and the status line says why.
    pub(crate) fn save_to(&mut self, target: &Path) -> bool {
        let old_key = self.wb.doc.path.clone();
        match self.wb.doc.save_to(target) {
            Ok(()) => {
                // The work is on disk: neither the old nor the new name needs a recovery copy.
                self.recovery.forget(old_key.as_deref());
                self.recovery.forget(Some(target));
                self.disk.conflict = None;
                // The modeline or folder may have changed what the checker sees.
                self.request_check();
                self.say(StatusKind::Done, format!("Saved {}", target.display()));
                true
            }
            Err(reason) => {
                self.say(
                    StatusKind::Failed,
                    format!("{reason}. Your changes are kept, not saved; Save as can write them elsewhere."),
                );
                false
            }
        }
    }

    // --- changes by other programs ---------------------------------------------------------

    /// Replaces the clean document with what is on disk, keeping the view and, when the file
    /// is still of the same game, its panels (with what is selected, while it still exists).
    pub(super) fn take_disk_version(&mut self, bytes: Vec<u8>) {
        let doc = Document::from_bytes(self.wb.doc.name.clone(), self.wb.doc.path.clone(), &bytes);
        let same_game = doc.ruleset().is_some() && doc.ruleset() == self.wb.doc.ruleset();
        let panels = same_game
            .then(|| std::mem::replace(&mut self.game, Box::new(crate::game_editor::Unloaded)));
        self.set_document(doc, true);
        if let Some(panels) = panels {
            self.game = panels;
            self.game.changed(&mut self.wb);
        }
    }

    /// "Reload theirs": takes the version on disk. The unsaved edits stay one undo away, and a
    /// recovery copy of them is kept until the next save.
    pub(crate) fn reload_theirs(&mut self) {
        let Some(bytes) = self.disk.conflict.take() else {
            return;
        };
        // Keep a copy of mine on disk first; left in place (not marked as ours to clear), so it
        // is offered at the next start if the edits are never saved.
        let kept = self.write_recovery();
        self.recovery.keep_written();
        let history_kept = self.wb.doc.take_theirs(&bytes);
        if history_kept {
            self.changed();
        }
        if !history_kept {
            // The file is not a scenario the history can hold: show it as it is; the recovery
            // copy of mine is offered in the banner.
            self.take_disk_version(bytes);
        }
        let how = match (history_kept, kept) {
            (true, true) => "Ctrl+Z brings your edits back, and a recovery copy is kept",
            (true, false) => "Ctrl+Z brings your edits back",
            (false, _) => "your edits are in the recovery copy offered above",
        };
        self.say(
            StatusKind::Done,
            format!(
                "Reloaded {} as saved by the other program; {how}",
                self.wb.doc.name
            ),
        );
    }

    /// "Keep mine": goes on editing; the next save asks before replacing the other version.
    pub(crate) fn keep_mine(&mut self) {
        if self.disk.conflict.take().is_some() {
            self.say(
                StatusKind::Done,
                "Keeping your version; saving will ask before replacing the one on disk".to_owned(),
            );
        }
    }

    /// Makes the offered copy the current, unsaved document. The file itself is not touched.
    pub(crate) fn restore_recovery(&mut self) {
        match self.recovery.take_offer(&self.wb.doc) {
            Some(Ok(scenario)) => {
                self.wb.doc.restore(scenario);
                self.changed();
                // The restored map may have another shape.
                self.wb.view = None;
                // The copy on disk already holds this state.
                self.recovery.mark_written();
                self.say(
                    StatusKind::Done,
                    "Restored the unsaved changes; save (Ctrl+S) to keep them in the file"
                        .to_owned(),
                );
            }
            Some(Err(why)) => self.say(StatusKind::Failed, why),
            None => {}
        }
    }

    /// Deletes the offered copy.
    pub(crate) fn discard_recovery(&mut self) {
        if self.recovery.discard_offer(self.wb.doc.path.as_deref()) {
            self.say(
                StatusKind::Done,
                "Discarded the unsaved changes from the earlier session".to_owned(),
            );
        }
    }

    /// Writes the recovery copy now, if there is unsaved work. False when it could not be
    /// written (the status line says why).
    pub(crate) fn write_recovery(&mut self) -> bool {
        self.recovery.write(&mut self.wb)
    }

    // --- dialogs --------------------------------------------------------------------------

    pub(super) fn dialogs(&mut self, ctx: &egui::Context) {
        let Some(dialog) = self.dialog.take() else {
            return;
        };
        let focus = std::mem::take(&mut self.focus_dialog);
        let (keep, choice) = crate::dialogs::show(ctx, dialog, focus, &self.wb.doc);
        self.dialog = keep;
        if let Some(choice) = choice {
            self.answer(choice);
        }
    }

    /// Carries out what was chosen in a dialog.
    pub(super) fn answer(&mut self, choice: Choice) {
        match choice {
            Choice::Open(target) => self.leave_document(Next::Open(target)),
            Choice::SaveAs {
                path,
                target,
                then_quit,
            } => {
                let is_current = self.wb.doc.path.as_deref() == Some(target.as_path());
                if is_current && self.changed_on_disk() {
                    self.dialog = Some(Dialog::Overwrite);
                } else if self.save_to(&target) {
                    if then_quit {
                        self.quit();
                    }
                } else {
                    // Stay in the dialog, saying why.
                    self.dialog = Some(Dialog::SaveAs {
                        path,
                        error: self.wb.status.as_ref().map(|s| s.text.clone()),
                        replace: None,
                        then_quit,
                    });
                }
            }
            Choice::SaveThenGo(next) => {
                if self.save() {
                    self.go(next);
                }
            }
            Choice::DiscardThenGo(next) => {
                self.discard_changes();
                self.go(next);
            }
            Choice::OverwriteMine => {
                if let Some(path) = self.wb.doc.path.clone() {
                    self.save_to(&path);
                }
            }
            Choice::SaveAsInstead => self.open_save_as(false),
            Choice::SaveAndQuit => {
                if self.wb.doc.path.is_some() {
                    if self.save() {
                        self.quit();
                    }
                } else {
                    self.open_save_as(true);
                }
            }
            Choice::QuitKeepCopy => {
                // If the copy cannot be written, stay: the status line says why.
                if self.write_recovery() {
                    self.quit();
                } else {
                    self.dialog = Some(Dialog::Quit);
                }
            }
        }
    }
}
