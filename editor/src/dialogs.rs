//! The dialogs over the window: open, save as, unsaved changes, quit and overwrite. Pure egui,
//! so they work without a desktop portal (and under Xvfb). A dialog only asks; what was chosen
//! goes back to the shell as a [`Choice`].

use std::path::PathBuf;

use egui::{Color32, Key, RichText};

use crate::document::Document;
use crate::storage;

/// What to do once unsaved changes are dealt with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Next {
    /// Start a new scenario of this game.
    New(megahex_schema::Ruleset),
    /// Open this file.
    Open(PathBuf),
    /// Read the file again.
    Reload,
    /// Open a file a web page read (picked, dropped, fetched or shared): its name and text.
    Read { name: String, text: String },
}

/// The dialog shown over the window, if any. Pure egui, so it works without a desktop portal
/// (and under Xvfb).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Dialog {
    /// Type a path to open.
    Open {
        /// The path typed so far.
        path: String,
        /// Why the last attempt failed.
        error: Option<String>,
    },
    /// Type a path to save to.
    SaveAs {
        /// The path typed so far.
        path: String,
        /// Why the last attempt failed.
        error: Option<String>,
        /// The path names another existing file, and the user has been asked to confirm.
        replace: Option<PathBuf>,
        /// Close the window after a successful save.
        then_quit: bool,
    },
    /// Unsaved changes would be dropped by `Next`: ask first.
    Discard(Next),
    /// The window is being closed with unsaved changes.
    Quit,
    /// Saving would replace a version of the file another program wrote since it was loaded.
    Overwrite,
}

/// What was chosen in a dialog.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// Open this file (it exists).
    Open(PathBuf),
    /// Save to `target` (checked: not a folder, its folder exists, a replace confirmed).
    SaveAs {
        /// The text typed, to show again if the save fails.
        path: String,
        /// Where to write.
        target: PathBuf,
        /// Close the window after a successful save.
        then_quit: bool,
    },
    /// Save, then do `Next`.
    SaveThenGo(Next),
    /// Drop the unsaved changes, then do `Next`.
    DiscardThenGo(Next),
    /// Replace the version another program wrote.
    OverwriteMine,
    /// Save under another name instead.
    SaveAsInstead,
    /// Save, then close the window.
    SaveAndQuit,
    /// Close the window; the unsaved work stays in the recovery copy.
    QuitKeepCopy,
}

/// Draws `dialog`; returns the dialog to show next frame (`None` once it closes) and what
/// was chosen, for the shell to carry out. `focus` gives the path field the keyboard.
pub fn show(
    ctx: &egui::Context,
    dialog: Dialog,
    focus: bool,
    doc: &Document,
) -> (Option<Dialog>, Option<Choice>) {
    let mut next_dialog = Some(dialog.clone());
    let mut choice = None;
    let modal = egui::Modal::new(egui::Id::unique("megahex-dialog")).show(ctx, |ui| {
        ui.set_max_width(560.0);
        match dialog.clone() {
            Dialog::Open { mut path, error } => {
                ui.heading("Open a scenario");
                ui.label("Path of the YAML file:");
                let field = ui.add(
                    egui::TextEdit::singleline(&mut path)
                        .desired_width(520.0)
                        .id_salt("open-path"),
                );
                if focus {
                    field.request_focus();
                }
                let enter = field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
                let picked = crate::folder_browser::browse(ui, &mut path, false);
                if let Some(error) = &error {
                    ui.label(RichText::new(error).color(Color32::LIGHT_RED));
                }
                let mut error = error;
                ui.horizontal(|ui| {
                    if let Some(file) = &picked {
                        path = file.display().to_string();
                    }
                    let open = ui.button("Open").clicked() || enter || picked.is_some();
                    if ui.button("Cancel").clicked() {
                        next_dialog = None;
                        return;
                    }
                    if open {
                        let target = storage::input_path(&path);
                        if target.is_file() {
                            next_dialog = None;
                            choice = Some(Choice::Open(target));
                            return;
                        }
                        error = Some(if target.is_dir() {
                            format!("{} is a folder; add a file name", target.display())
                        } else {
                            format!("There is no file {}", target.display())
                        });
                    }
                    if next_dialog.is_some() {
                        next_dialog = Some(Dialog::Open {
                            path: path.clone(),
                            error: error.clone(),
                        });
                    }
                });
            }
            Dialog::SaveAs {
                mut path,
                error,
                replace,
                then_quit,
            } => {
                ui.heading("Save as");
                ui.label("Path of the YAML file to write:");
                let field = ui.add(
                    egui::TextEdit::singleline(&mut path)
                        .desired_width(520.0)
                        .id_salt("save-path"),
                );
                if focus {
                    field.request_focus();
                }
                let enter = field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
                let picked = crate::folder_browser::browse(ui, &mut path, true);
                if let Some(file) = &picked {
                    path = file.display().to_string();
                }
                let target = storage::with_yaml_extension(storage::input_path(&path));
                // A confirmation is for one path only: typing something else asks again.
                let replace = replace.filter(|r| *r == target);
                if let Some(error) = &error {
                    ui.label(RichText::new(error).color(Color32::LIGHT_RED));
                }
                if replace.is_some() {
                    ui.label(
                        RichText::new(format!(
                            "{} already exists. Replace it?",
                            target.display()
                        ))
                        .color(Color32::from_rgb(255, 200, 90)),
                    );
                }
                let mut error = error;
                let mut replace_next = replace.clone();
                ui.horizontal(|ui| {
                    let word = if replace.is_some() { "Replace" } else { "Save" };
                    let save = ui.button(word).clicked() || enter || picked.is_some();
                    if ui.button("Cancel").clicked() {
                        next_dialog = None;
                        return;
                    }
                    if save {
                        let is_current = doc.path.as_deref() == Some(target.as_path());
                        let folder = target.parent().filter(|p| !p.as_os_str().is_empty());
                        if target.is_dir() {
                            error = Some(format!(
                                "{} is a folder; add a file name",
                                target.display()
                            ));
                        } else if let Some(missing) = folder.filter(|f| !f.is_dir()) {
                            error = Some(format!(
                                "The folder {} does not exist",
                                missing.display()
                            ));
                        } else if target.exists() && !is_current && replace.is_none() {
                            replace_next = Some(target.clone());
                            error = None;
                        } else {
                            next_dialog = None;
                            choice = Some(Choice::SaveAs {
                                path: path.clone(),
                                target,
                                then_quit,
                            });
                            return;
                        }
                    }
                    next_dialog = Some(Dialog::SaveAs {
                        path: path.clone(),
                        error: error.clone(),
                        replace: replace_next.clone(),
                        then_quit,
                    });
                });
            }
            Dialog::Discard(next) => {
                ui.heading("Unsaved changes");
                ui.label(format!(
                    "{} has changes that are not saved. Discard them?",
                    doc.name
                ));
                ui.horizontal(|ui| {
                    if doc.path.is_some() && ui.button("Save, then continue").clicked() {
                        next_dialog = None;
                        choice = Some(Choice::SaveThenGo(next.clone()));
                    }
                    if ui.button("Discard changes").clicked() {
                        next_dialog = None;
                        choice = Some(Choice::DiscardThenGo(next.clone()));
                    }
                    if ui.button("Cancel").clicked() {
                        next_dialog = None;
                    }
                });
            }
            Dialog::Overwrite => {
                ui.heading("The file changed on disk");
                ui.label(format!(
                    "{} was changed by another program since the editor loaded or saved it. Saving now replaces that version with yours.",
                    doc.name
                ));
                ui.horizontal(|ui| {
                    if ui.button("Overwrite it with mine").clicked() {
                        next_dialog = None;
                        choice = Some(Choice::OverwriteMine);
                    }
                    if ui.button("Save as…").clicked() {
                        next_dialog = None;
                        choice = Some(Choice::SaveAsInstead);
                    }
                    if ui.button("Cancel").clicked() {
                        next_dialog = None;
                    }
                });
            }
            Dialog::Quit => {
                ui.heading("Unsaved changes");
                ui.label(format!(
                    "{} has changes that are not saved. A recovery copy is kept, and the editor offers it the next time you open this {}.",
                    doc.name,
                    if doc.path.is_some() { "file" } else { "sample" }
                ));
                ui.horizontal(|ui| {
                    if ui.button("Save and quit").clicked() {
                        next_dialog = None;
                        choice = Some(Choice::SaveAndQuit);
                    }
                    if ui.button("Quit, keep the recovery copy").clicked() {
                        next_dialog = None;
                        choice = Some(Choice::QuitKeepCopy);
                    }
                    if ui.button("Cancel").clicked() {
                        next_dialog = None;
                    }
                });
            }
        }
    });
    if modal.should_close() {
        next_dialog = None;
    }
    (next_dialog, choice)
}

/// The Open dialog, starting in the open file's folder (or the working folder).
pub fn open_dialog(doc: &Document) -> Dialog {
    let start = doc
        .path
        .as_deref()
        .and_then(std::path::Path::parent)
        .map(std::path::Path::to_path_buf)
        .or_else(|| std::env::current_dir().ok())
        .unwrap_or_default();
    let mut path = start.display().to_string();
    if !path.ends_with('/') {
        path.push('/');
    }
    Dialog::Open { path, error: None }
}
