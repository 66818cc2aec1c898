//! Browsing folders in the Open and Save as dialogs: the folder of the typed path, its
//! subfolders and its scenario files, one click to go in or to pick a file. The typed path
//! stays the source of truth, so typing and clicking always agree, and it works wherever egui
//! does (no desktop portal needed, so under Xvfb too).

use std::path::{Path, PathBuf};

use egui::RichText;

use crate::storage;

/// One line of a folder's listing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    /// The folder above.
    Up(PathBuf),
    /// A subfolder.
    Folder(PathBuf),
    /// A YAML file.
    File(PathBuf),
}

/// A folder's listing, read again when the folder changes or it is a moment old (a file
/// saved meanwhile shows up).
#[derive(Debug, Clone)]
struct Listing {
    folder: PathBuf,
    read_at: f64,
    entries: Result<Vec<Entry>, String>,
}

/// Seconds a listing is kept.
const LISTING_KEPT: f64 = 2.0;

/// The folder a typed path is in: the path itself when it names a folder (or ends with `/`),
/// else the folder of the file it names; the working folder for an empty path.
pub fn folder_of_typed(typed: &str) -> PathBuf {
    if typed.trim().is_empty() {
        return PathBuf::from(".");
    }
    let path = storage::input_path(typed);
    if typed.ends_with('/') || path.is_dir() {
        return path;
    }
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// The subfolders and YAML files of `folder`, each group sorted by name, with the folder above
/// first. Hidden entries (a leading `.`) are left out.
pub fn list(folder: &Path) -> Result<Vec<Entry>, String> {
    let read =
        std::fs::read_dir(folder).map_err(|e| format!("Cannot list {}: {e}", folder.display()))?;
    let mut folders = Vec::new();
    let mut files = Vec::new();
    for entry in read.flatten() {
        let path = entry.path();
        let hidden = entry.file_name().to_string_lossy().starts_with('.');
        if hidden {
            continue;
        }
        if path.is_dir() {
            folders.push(path);
        } else if path.extension().is_some_and(|e| e == "yaml" || e == "yml") {
            files.push(path);
        }
    }
    folders.sort();
    files.sort();
    let mut entries = Vec::new();
    let absolute = std::fs::canonicalize(folder).unwrap_or_else(|_| folder.to_path_buf());
    if let Some(up) = absolute.parent() {
        entries.push(Entry::Up(up.to_path_buf()));
    }
    entries.extend(folders.into_iter().map(Entry::Folder));
    entries.extend(files.into_iter().map(Entry::File));
    Ok(entries)
}

/// The browser under a path field. A click on a folder goes into it (keeping the file name
/// typed, when saving); a click on a file puts its path in the field; a double-click on a file
/// returns it, to open or save at once.
pub fn browse(ui: &mut egui::Ui, typed: &mut String, saving: bool) -> Option<PathBuf> {
    let folder = folder_of_typed(typed);
    let id = ui.scope_id().with("folder-listing");
    let now = ui.input(|i| i.time);
    let kept: Option<Listing> = ui.data(|d| d.get_temp(id));
    let listing = match kept {
        Some(l) if l.folder == folder && now - l.read_at < LISTING_KEPT => l,
        _ => {
            let fresh = Listing {
                entries: list(&folder),
                folder: folder.clone(),
                read_at: now,
            };
            ui.data_mut(|d| d.insert_temp(id, fresh.clone()));
            fresh
        }
    };
    let mut chosen = None;
    ui.label(RichText::new(format!("In {}", shown(&folder))).weak());
    egui::Frame::group(ui.style()).show(ui, |ui| {
        egui::ScrollArea::vertical()
            .max_height(200.0)
            .auto_shrink([false, true])
            .show(ui, |ui| match &listing.entries {
                Err(reason) => {
                    ui.label(RichText::new(reason).weak());
                }
                Ok(entries) if entries.len() <= 1 => {
                    for entry in entries {
                        if let Some(file) = entry_row(ui, entry, typed, saving) {
                            chosen = Some(file);
                        }
                    }
                    ui.label(RichText::new("No folders or YAML files here").weak());
                }
                Ok(entries) => {
                    for entry in entries {
                        if let Some(file) = entry_row(ui, entry, typed, saving) {
                            chosen = Some(file);
                        }
                    }
                }
            });
    });
    chosen
}

/// One clickable line; returns a file double-clicked.
fn entry_row(
    ui: &mut egui::Ui,
    entry: &Entry,
    typed: &mut String,
    saving: bool,
) -> Option<PathBuf> {
    let name = |p: &Path| {
        p.file_name().map_or_else(
            || p.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    };
    let (text, target) = match entry {
        Entry::Up(p) => (".. (the folder above)".to_owned(), p),
        Entry::Folder(p) => (format!("{}/", name(p)), p),
        Entry::File(p) => (name(p), p),
    };
    let response = ui.selectable_label(
        Some(target.as_path()) == Some(Path::new(typed.as_str())),
        text,
    );
    if response.double_clicked()
        && let Entry::File(file) = entry
    {
        return Some(file.clone());
    }
    if response.clicked() {
        *typed = match entry {
            Entry::File(file) => file.display().to_string(),
            Entry::Up(folder) | Entry::Folder(folder) => {
                let keep = if saving {
                    Path::new(typed.as_str())
                        .file_name()
                        .filter(|_| !typed.ends_with('/'))
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default()
                } else {
                    String::new()
                };
                format!("{}/{keep}", folder.display())
            }
        };
    }
    None
}

/// A folder as the designer reads it: `~/` for the home folder.
fn shown(folder: &Path) -> String {
    let absolute = std::fs::canonicalize(folder).unwrap_or_else(|_| folder.to_path_buf());
    match std::env::var_os("HOME").map(PathBuf::from) {
        Some(home) if absolute.starts_with(&home) => match absolute.strip_prefix(&home) {
            Ok(rest) if rest.as_os_str().is_empty() => "~".to_owned(),
            Ok(rest) => format!("~/{}", rest.display()),
            Err(_) => absolute.display().to_string(),
        },
        _ => absolute.display().to_string(),
    }
}
