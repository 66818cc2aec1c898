//! Reading a file into a [`Document`]: the library reads and checks it, and the registry hands
//! its scenario to the game that holds it. Kept apart from `document.rs` so the document stays
//! below the games (they read it) while loading stands above them.

use std::path::{Path, PathBuf};

use megahex_schema::{AnyScenario, Ruleset};

use crate::document::{
    Document, Problem, SAMPLE_NAME, SAMPLE_YAML, UNTITLED_NAME, fairness_of, file_name,
    quick_check, scenario_of,
};
use crate::storage;

impl Document {
    /// The bundled sample scenario.
    pub fn sample() -> Document {
        Document::from_bytes(SAMPLE_NAME.to_owned(), None, SAMPLE_YAML.as_bytes())
    }

    /// A new scenario of `ruleset`, not yet saved anywhere: the start its game offers
    /// ([`crate::rulesets::new_scenario`]). The problems list says what it still needs.
    pub fn untitled(ruleset: Ruleset) -> Document {
        let mut doc = Document::empty(UNTITLED_NAME.to_owned(), None);
        doc.held = crate::rulesets::new_scenario(ruleset).map(crate::rulesets::held);
        doc.rebuild();
        doc
    }

    /// Reads and checks a file. Never fails: read errors become problems, so the window can
    /// still open and say what went wrong.
    pub fn open(path: &Path) -> Document {
        let name = file_name(path);
        match std::fs::read(path) {
            Ok(bytes) => Document::from_bytes(name, Some(path.to_path_buf()), &bytes),
            Err(e) => Document {
                problems: vec![Problem::editor(
                    "io",
                    format!("cannot read {}: {e}", path.display()),
                )],
                ..Document::empty(name, Some(path.to_path_buf()))
            },
        }
    }

    /// A file a web page read (picked, dropped, fetched or shared): `name` stands for its path,
    /// keying its recovery copy; nothing is read from or written to it (a page has no files).
    pub fn from_page(name: String, text: &str) -> Document {
        let path = PathBuf::from(&name);
        Document::from_bytes(name, Some(path), text.as_bytes())
    }

    /// Reads the same file again; the bundled sample and a new scenario are made again.
    pub fn reload(&self) -> Document {
        match (&self.path, self.ruleset()) {
            (Some(path), _) => Document::open(path),
            (None, Some(ruleset)) if self.name == UNTITLED_NAME => Document::untitled(ruleset),
            (None, _) => Document::sample(),
        }
    }

    /// Checks file contents. A scenario's `catalog:` path is read relative to `path`'s folder.
    ///
    /// This is the quick check (the file, without the checks that play the rules), so that
    /// reading a file never asks line-of-sight questions on the UI thread; the editor's
    /// background check adds the rest as soon as the document is open.
    pub fn from_bytes(name: String, path: Option<PathBuf>, bytes: &[u8]) -> Document {
        let modeline = std::str::from_utf8(bytes).ok().and_then(storage::modeline);
        let (outcome, problems) = quick_check(bytes, path.as_deref());
        let on_disk = path.is_some().then(|| bytes.to_vec());
        let mut doc = Document {
            modeline,
            problems,
            fairness: outcome.as_ref().map(fairness_of).unwrap_or_default(),
            on_disk,
            ..Document::empty(name, path)
        };
        if let Some(catalog) = outcome.as_ref().and_then(|o| o.catalog.clone()) {
            doc.catalog = std::sync::Arc::unwrap_or_clone(catalog);
        }
        doc.held = scenario_of(outcome, bytes).map(crate::rulesets::held);
        doc.rebuild();
        doc
    }

    /// Makes a recovery copy's scenario the current, unsaved state; the file's own scenario
    /// stays what "saved" means and what undo returns to.
    pub fn restore(&mut self, recovered: AnyScenario) {
        let on_disk = self.current();
        self.held = Some(crate::rulesets::recovered(on_disk, recovered));
        self.rebuild();
    }

    /// Takes the version another program saved (`bytes`) as one undoable edit, so the unsaved
    /// edits stay one undo away; the result counts as saved. False when that version cannot be
    /// held by the history (it is not a scenario, another game's, or this document has none):
    /// the caller then shows it as a fresh document.
    pub fn take_theirs(&mut self, bytes: &[u8]) -> bool {
        let theirs = Document::from_bytes(self.name.clone(), self.path.clone(), bytes);
        let (Some(held), Some(scenario)) = (&mut self.held, theirs.current()) else {
            return false;
        };
        let Some(applied) = held.take_theirs(scenario) else {
            return false;
        };
        if applied == Ok(true) {
            self.rebuild();
        }
        self.mark_saved();
        self.on_disk = Some(bytes.to_vec());
        self.modeline = theirs.modeline;
        self.problems = theirs.problems;
        self.fairness = theirs.fairness;
        self.set_catalog(theirs.catalog);
        applied.is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_scenario_of_each_game_reloads_as_that_game() {
        for ruleset in Ruleset::ALL {
            let new = Document::untitled(*ruleset);
            assert_eq!(new.ruleset(), Some(*ruleset));
            assert!(!new.is_dirty(), "{ruleset:?}: nothing to save yet");
            assert_eq!(new.reload().ruleset(), Some(*ruleset));
        }
    }
}
