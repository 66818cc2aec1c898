//! The documents open in the client, as it last sent them: shared by the reader thread, which
//! applies the edits, and the diagnostics worker, which checks them.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, PoisonError, RwLock};

use lsp_types::{TextDocumentContentChangeEvent, Uri};
use megahex::Outcome;

use super::diagnose::Overlay;
use super::text::apply_change;
use super::uri;

/// One open document.
struct Open {
    text: Arc<str>,
    version: i32,
    path: Option<PathBuf>,
    /// The last check's outcome and the version it checked.
    checked: Option<(i32, Arc<Outcome>)>,
}

/// The open documents, by URI.
#[derive(Clone, Default)]
pub struct Documents {
    open: Arc<RwLock<HashMap<Uri, Open>>>,
}

impl Documents {
    /// Opens (or reopens) a document with its whole text.
    pub fn open(&self, document: Uri, text: String, version: i32) {
        let path = uri::to_path(&document).map(|p| p.canonicalize().unwrap_or(p));
        let open = Open {
            text: text.into(),
            version,
            path,
            checked: None,
        };
        self.write().insert(document, open);
    }

    /// Applies a `didChange` notification's edits in order; `false` for a document that is
    /// not open.
    pub fn change(
        &self,
        document: &Uri,
        changes: Vec<TextDocumentContentChangeEvent>,
        version: i32,
    ) -> bool {
        let mut open = self.write();
        let Some(entry) = open.get_mut(document) else {
            return false;
        };
        let mut text = entry.text.to_string();
        for change in changes {
            apply_change(&mut text, change.range, &change.text);
        }
        entry.text = text.into();
        entry.version = version;
        true
    }

    /// Closes a document.
    pub fn close(&self, document: &Uri) {
        self.write().remove(document);
    }

    /// A document's text and version, if it is open.
    pub fn text(&self, document: &Uri) -> Option<(Arc<str>, i32)> {
        self.read()
            .get(document)
            .map(|open| (open.text.clone(), open.version))
    }

    /// Keeps the outcome of the check of `version` of a document.
    pub fn set_outcome(&self, document: &Uri, version: i32, outcome: Arc<Outcome>) {
        if let Some(open) = self.write().get_mut(document) {
            open.checked = Some((version, outcome));
        }
    }

    /// The outcome of the last check, if it checked the document's current text.
    pub fn outcome(&self, document: &Uri) -> Option<Arc<Outcome>> {
        let open = self.read();
        let open = open.get(document)?;
        match &open.checked {
            Some((version, outcome)) if *version == open.version => Some(outcome.clone()),
            _ => None,
        }
    }

    /// The path of an open document that is a file.
    pub fn path(&self, document: &Uri) -> Option<PathBuf> {
        self.read().get(document).and_then(|open| open.path.clone())
    }

    /// The open documents that are files, by path.
    pub fn by_path(&self) -> Overlay {
        self.read()
            .values()
            .filter_map(|open| Some((open.path.clone()?, open.text.clone())))
            .collect()
    }

    // A panic while the lock was held left whole texts behind (each edit replaces the text at
    // once), so a poisoned lock is still good to use.
    fn read(&self) -> std::sync::RwLockReadGuard<'_, HashMap<Uri, Open>> {
        self.open.read().unwrap_or_else(PoisonError::into_inner)
    }

    fn write(&self) -> std::sync::RwLockWriteGuard<'_, HashMap<Uri, Open>> {
        self.open.write().unwrap_or_else(PoisonError::into_inner)
    }
}
