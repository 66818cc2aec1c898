//! The diagnostics worker: checks the documents that changed, off the thread that reads the
//! client's messages, so a hover never waits for a check. Changes that arrive while it checks
//! are gathered and each document is checked once for them all. It also watches the catalog
//! files and `megahex.toml` the open scenarios use, and checks their scenarios again when one
//! changes on disk.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crossbeam_channel::{Receiver, Sender, select, unbounded};
use lsp_server::{Message, Notification};
use lsp_types::notification::{LogMessage, Notification as _, PublishDiagnostics};
use lsp_types::{
    Diagnostic as LspDiagnostic, DiagnosticSeverity, LogMessageParams, MessageType,
    PublishDiagnosticsParams, Uri,
};
use megahex::Checker;
use notify::{RecursiveMode, Watcher};

use super::diagnose::{self, Checked, Overlay};
use super::documents::Documents;
use super::text::range_of;
use super::uri;

/// What the reader thread tells the worker.
pub enum Job {
    /// The document was opened or changed: check it again.
    Changed(Uri),
    /// The document was closed: its findings are withdrawn.
    Closed(Uri),
}

/// Starts the worker; it ends when the returned sender is dropped.
pub fn spawn(
    checker: Arc<Checker>,
    documents: Documents,
    client: Sender<Message>,
) -> (Sender<Job>, std::thread::JoinHandle<()>) {
    let (jobs, inbox) = unbounded();
    let handle = std::thread::spawn(move || {
        let (changed_files, file_events) = unbounded();
        // Without a watcher (no inotify left) the server still checks; only disk edits of
        // catalogs go unnoticed until the scenario changes.
        let watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
            // A check reads the catalog, which is an access event itself: only a change counts,
            // or each check would set off the next.
            if let Ok(event) = event
                && !event.kind.is_access()
            {
                let _ = changed_files.send(event.paths);
            }
        })
        .ok();
        let mut worker = Worker {
            checker,
            documents,
            client,
            watcher,
            watched: HashSet::new(),
            uses: HashMap::new(),
            elsewhere: HashMap::new(),
        };
        worker.run(&inbox, &file_events);
    });
    (jobs, handle)
}

struct Worker {
    checker: Arc<Checker>,
    documents: Documents,
    client: Sender<Message>,
    watcher: Option<notify::RecommendedWatcher>,
    watched: HashSet<PathBuf>,
    /// The files on disk each open scenario's check read: its catalog and `megahex.toml`.
    uses: HashMap<Uri, Vec<PathBuf>>,
    /// Findings that stand in a catalog file, by the catalog's URI and the scenario that found
    /// them.
    elsewhere: HashMap<Uri, HashMap<Uri, Vec<LspDiagnostic>>>,
}

impl Worker {
    fn run(&mut self, inbox: &Receiver<Job>, file_events: &Receiver<Vec<PathBuf>>) {
        loop {
            let mut changed = BTreeSet::new();
            let mut closed = BTreeSet::new();
            let mut gather = |job: Job, changed: &mut BTreeSet<Uri>| match job {
                Job::Changed(uri) => {
                    closed.remove(&uri);
                    changed.insert(uri);
                }
                Job::Closed(uri) => {
                    changed.remove(&uri);
                    closed.insert(uri);
                }
            };
            select! {
                recv(inbox) -> job => match job {
                    Ok(job) => gather(job, &mut changed),
                    Err(_) => return,
                },
                recv(file_events) -> paths => {
                    if let Ok(paths) = paths {
                        changed.extend(self.users_of(&paths));
                    }
                }
            }
            while let Ok(job) = inbox.try_recv() {
                gather(job, &mut changed);
            }
            while let Ok(paths) = file_events.try_recv() {
                changed.extend(self.users_of(&paths));
            }
            // A catalog edited in the client changes the scenarios that name it.
            let edited: Vec<PathBuf> = changed.iter().filter_map(|uri| self.path_of(uri)).collect();
            changed.extend(self.users_of(&edited));
            for uri in closed {
                self.close(&uri);
            }
            for uri in changed {
                self.check(&uri);
            }
        }
    }

    /// The file an open document is, as the checks name files.
    fn path_of(&self, document: &Uri) -> Option<PathBuf> {
        let path = uri::to_path(document)?;
        Some(path.canonicalize().unwrap_or(path))
    }

    /// The open scenarios whose check read one of `paths`.
    fn users_of(&self, paths: &[PathBuf]) -> Vec<Uri> {
        self.uses
            .iter()
            .filter(|(_, used)| used.iter().any(|file| paths.contains(file)))
            .map(|(uri, _)| uri.clone())
            .collect()
    }

    fn check(&mut self, document: &Uri) {
        let Some((text, version)) = self.documents.text(document) else {
            return;
        };
        let overlay: Overlay = self.documents.by_path();
        let path = uri::to_path(document);
        let checker = &self.checker;
        let checked = std::panic::catch_unwind(AssertUnwindSafe(|| {
            diagnose::check(checker, path.as_deref(), &text, &overlay)
        }));
        let checked = checked.unwrap_or_else(|_| Checked {
            own: vec![LspDiagnostic {
                range: range_of(&text, 0, 0),
                severity: Some(DiagnosticSeverity::ERROR),
                source: Some("megahex".to_owned()),
                message: "megahex could not check this file: an internal error, a bug in megahex, not in your scenario (the server's log has the details)".to_owned(),
                ..LspDiagnostic::default()
            }],
            ..Checked::default()
        });
        if let Some(problem) = &checked.config_problem {
            self.log(problem);
        }
        let used: Vec<PathBuf> = checked
            .catalog
            .iter()
            .chain(&checked.config)
            .map(|file| file.canonicalize().unwrap_or_else(|_| file.clone()))
            .collect();
        for file in &used {
            self.watch(file);
        }
        self.uses.insert(document.clone(), used);
        if let Some(outcome) = checked.outcome {
            self.documents.set_outcome(document, version, outcome);
        }
        self.publish(document, checked.own, Some(version));
        self.set_elsewhere(document, checked.elsewhere);
    }

    fn close(&mut self, document: &Uri) {
        self.uses.remove(document);
        self.publish(document, Vec::new(), None);
        self.set_elsewhere(document, HashMap::new());
    }

    /// Replaces what `scenario` found in other files, and publishes those files again.
    fn set_elsewhere(&mut self, scenario: &Uri, found: HashMap<Uri, Vec<LspDiagnostic>>) {
        let mut touched: Vec<Uri> = self
            .elsewhere
            .iter_mut()
            .filter_map(|(file, by)| by.remove(scenario).map(|_| file.clone()))
            .collect();
        for (file, diagnostics) in found {
            self.elsewhere
                .entry(file.clone())
                .or_default()
                .insert(scenario.clone(), diagnostics);
            touched.push(file);
        }
        touched.sort();
        touched.dedup();
        for file in touched {
            // An open catalog shows its own check instead.
            if self.documents.text(&file).is_some() {
                continue;
            }
            let mut all: Vec<LspDiagnostic> = Vec::new();
            for diagnostic in self.elsewhere.get(&file).into_iter().flat_map(|by| {
                let mut scenarios: Vec<&Uri> = by.keys().collect();
                scenarios.sort();
                scenarios.into_iter().flat_map(|s| &by[s])
            }) {
                if !all.contains(diagnostic) {
                    all.push(diagnostic.clone());
                }
            }
            if all.is_empty() {
                self.elsewhere.remove(&file);
            }
            self.publish(&file, all, None);
        }
    }

    /// Watches the folder of `file` (editors save by replacing the file, which ends a watch
    /// on the file itself).
    fn watch(&mut self, file: &Path) {
        let Some(folder) = file.parent() else {
            return;
        };
        if let Some(watcher) = &mut self.watcher
            && !self.watched.contains(folder)
            && watcher.watch(folder, RecursiveMode::NonRecursive).is_ok()
        {
            self.watched.insert(folder.to_path_buf());
        }
    }

    fn publish(&self, document: &Uri, diagnostics: Vec<LspDiagnostic>, version: Option<i32>) {
        let params = PublishDiagnosticsParams {
            uri: document.clone(),
            diagnostics,
            version,
        };
        let _ = self.client.send(Message::Notification(Notification::new(
            PublishDiagnostics::METHOD.to_owned(),
            params,
        )));
    }

    fn log(&self, message: &str) {
        let params = LogMessageParams {
            typ: MessageType::WARNING,
            message: format!("megahex: {message}"),
        };
        let _ = self.client.send(Message::Notification(Notification::new(
            LogMessage::METHOD.to_owned(),
            params,
        )));
    }
}
