//! Recently opened and saved scenario files, newest first, kept across sessions in a small text
//! file (one path a line) so a designer can get back to their work in one click.

use std::path::{Path, PathBuf};

/// How many files the list keeps.
pub const MAX_RECENT: usize = 10;

/// The list, and where it is kept (`None`: this session only, as in tests).
#[derive(Debug, Clone, Default)]
pub struct Recent {
    file: Option<PathBuf>,
    paths: Vec<PathBuf>,
    /// The document path last added, so a frame with nothing new does nothing.
    last_seen: Option<PathBuf>,
}

/// Where the list lives: `recent-files` in the settings folder ([`crate::places`]).
pub fn recent_file() -> Option<PathBuf> {
    crate::places::config_dir().map(|dir| dir.join("recent-files"))
}

impl Recent {
    /// The list kept in `file`; an unreadable or missing file is an empty list.
    pub fn load(file: Option<PathBuf>) -> Recent {
        let paths = file
            .as_deref()
            .and_then(|f| std::fs::read_to_string(f).ok())
            .map(|text| {
                text.lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty())
                    .map(PathBuf::from)
                    .take(MAX_RECENT)
                    .collect()
            })
            .unwrap_or_default();
        Recent {
            file,
            paths,
            last_seen: None,
        }
    }

    /// The files, newest first.
    pub fn paths(&self) -> &[PathBuf] {
        &self.paths
    }

    /// Puts a file at the top (once), and writes the list. Failing to write it only loses the
    /// list, never a scenario, so the error is dropped.
    pub fn add(&mut self, path: &Path) {
        let path = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        self.paths.retain(|p| *p != path);
        self.paths.insert(0, path);
        self.paths.truncate(MAX_RECENT);
        if let Some(file) = &self.file {
            let text: String = self
                .paths
                .iter()
                .map(|p| format!("{}\n", p.display()))
                .collect();
            if let Some(dir) = file.parent() {
                let _ = std::fs::create_dir_all(dir);
            }
            let _ = crate::storage::save_atomic(file, &text);
        }
    }

    /// Notes the open document's file if it is new since the last call (opened, or saved under
    /// a new name).
    pub fn note(&mut self, current: Option<&Path>) {
        if current == self.last_seen.as_deref() {
            return;
        }
        self.last_seen = current.map(Path::to_path_buf);
        if let Some(path) = current.filter(|p| p.exists()) {
            self.add(path);
        }
    }
}

impl Recent {
    /// The "Recent" menu: each file, newest first; one that has gone is shown but cannot be
    /// picked. Returns the file picked.
    pub fn menu(&self, ui: &mut egui::Ui) -> Option<PathBuf> {
        let mut picked = None;
        ui.add_enabled_ui(!self.paths.is_empty(), |ui| {
            ui.menu_button("Recent", |ui| {
                for path in &self.paths {
                    let name = crate::document::file_name(path);
                    let exists = path.exists();
                    let label = if exists {
                        name
                    } else {
                        format!("{name} (missing)")
                    };
                    let response = ui
                        .add_enabled(exists, egui::Button::new(label))
                        .on_hover_text(path.display().to_string());
                    if response.clicked() {
                        ui.close();
                        picked = Some(path.clone());
                    }
                }
            })
            .response
            .on_hover_text("Open a recently used file");
        });
        picked
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::EditorApp;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "megahex-editor-recent-{name}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::canonicalize(dir).unwrap()
    }

    #[test]
    fn newest_first_without_repeats_capped_and_kept_across_sessions() {
        let dir = scratch("list");
        let list = dir.join("config/megahex/recent-files");
        let files: Vec<PathBuf> = (0..12).map(|i| dir.join(format!("s{i}.yaml"))).collect();
        for f in &files {
            std::fs::write(f, "format: 1\n").unwrap();
        }
        let mut recent = Recent::load(Some(list.clone()));
        assert!(recent.paths().is_empty());
        recent.add(&files[0]);
        recent.add(&files[1]);
        recent.add(&files[0]);
        assert_eq!(recent.paths(), &[files[0].clone(), files[1].clone()]);
        for f in &files[2..] {
            recent.add(f);
        }
        // Twelve distinct files added, ten kept: s11 down to s2.
        assert_eq!(recent.paths().len(), MAX_RECENT);
        assert_eq!(recent.paths()[0], files[11]);
        assert_eq!(recent.paths()[9], files[2]);
        // The next session reads the same list back.
        let again = Recent::load(Some(list));
        assert_eq!(again.paths(), recent.paths());
    }

    #[test]
    fn the_editor_lists_what_it_opened_and_saved_as() {
        let dir = scratch("app");
        let first = dir.join("first.yaml");
        std::fs::write(&first, crate::document::SAMPLE_YAML).unwrap();
        let mut app = EditorApp::with_recovery_dir(
            crate::document::Document::open(&first),
            dir.join("recovery"),
        );
        app.recent = Recent::load(Some(dir.join("recent-files")));
        let ctx = crate::fonts::context();
        let frame = |app: &mut EditorApp| {
            let output = ctx.run_ui(egui::RawInput::default(), |ui| app.show(ui));
            output.drop_without_applying_deltas();
        };
        frame(&mut app);
        assert_eq!(app.recent.paths(), std::slice::from_ref(&first));
        let second = dir.join("second.yaml");
        assert!(app.save_to(&second));
        frame(&mut app);
        assert_eq!(app.recent.paths(), &[second, first]);
    }
}
