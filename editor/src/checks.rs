//! Live validation off the UI thread: a worker owns one [`Checker`], serialises each edited
//! scenario exactly as a save would, checks the text, and reports back. Only the newest request
//! matters, so queued older ones are skipped and late answers to old requests are dropped.

use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, Sender};

use megahex::Checker;
use megahex_schema::{AnyScenario, Catalog};

use crate::document::{Problem, check_with};

/// One scenario to check.
struct Request {
    generation: u64,
    scenario: AnyScenario,
    /// The file's text as last read or saved, so problems point at the lines a save writes.
    original: Option<String>,
    modeline: Option<String>,
    dir: Option<PathBuf>,
    repaint: Option<egui::Context>,
}

/// The result of checking one request.
#[derive(Debug, Clone)]
pub struct Report {
    /// Which request this answers.
    pub generation: u64,
    /// The findings, as `megahex validate` would print them for the saved text.
    pub problems: Vec<Problem>,
    /// The fairness report for the same text.
    pub fairness: Vec<Problem>,
    /// The catalog in use (the scenario's `catalog:` merge), when the check got that far.
    pub catalog: Option<Catalog>,
    /// What changed since the file was last read or saved, and what that does to the game;
    /// `None` when nothing did, or there is no saved version to compare with.
    pub changes: Option<megahex::diff::ScenarioDiff>,
    /// What the game works out beyond the problems, when the file read as a scenario.
    pub findings: crate::held::GameData,
}

/// The saved version last compared with, read once per save rather than once per edit.
#[derive(Default)]
struct SavedVersion {
    text: String,
    read: Option<(AnyScenario, Catalog)>,
}

impl SavedVersion {
    /// The saved text as a scenario with its catalog, read with `checker` when it changed.
    fn read(
        &mut self,
        checker: &Checker,
        text: &str,
        dir: Option<&std::path::Path>,
    ) -> Option<&(AnyScenario, Catalog)> {
        if self.text != text || self.read.is_none() {
            let (outcome, _) = check_with(checker, text.as_bytes(), dir);
            self.text = text.to_owned();
            self.read = outcome
                .and_then(|o| Some((o.scenario?, std::sync::Arc::unwrap_or_clone(o.catalog?))));
        }
        self.read.as_ref()
    }
}

/// The UI's end of the background checker.
pub struct CheckRunner {
    /// `None` when no worker thread could be started, or it stopped: checks then run inline.
    requests: Option<Sender<Request>>,
    reports: Receiver<Report>,
    /// Where inline checks post their reports, so both paths are read the same way.
    own_reports: Sender<Report>,
    /// The checker for inline checks, made on first use.
    inline: Option<Result<Checker, String>>,
    /// The saved version inline checks compare with.
    inline_saved: SavedVersion,
    next: u64,
    awaiting: Option<u64>,
}

impl CheckRunner {
    /// Starts the worker thread. If the thread cannot be started, checks run on the caller's
    /// thread instead, which is slower but still correct.
    pub fn start() -> CheckRunner {
        let (request_tx, request_rx) = mpsc::channel::<Request>();
        let (report_tx, report_rx) = mpsc::channel::<Report>();
        let worker_reports = report_tx.clone();
        let spawned = std::thread::Builder::new()
            .name("megahex-check".to_owned())
            .spawn(move || worker(&request_rx, &worker_reports));
        CheckRunner {
            requests: spawned.ok().map(|_| request_tx),
            reports: report_rx,
            own_reports: report_tx,
            inline: None,
            inline_saved: SavedVersion::default(),
            next: 0,
            awaiting: None,
        }
    }

    /// Asks for a check of `scenario` as it would be saved over `original`; any answer to an
    /// earlier request will be ignored. `repaint` is woken when the answer is ready.
    pub fn request(
        &mut self,
        scenario: &AnyScenario,
        original: Option<&str>,
        modeline: Option<&str>,
        dir: Option<PathBuf>,
        repaint: Option<&egui::Context>,
    ) {
        self.next += 1;
        self.awaiting = Some(self.next);
        let request = Request {
            generation: self.next,
            scenario: scenario.clone(),
            original: original.map(str::to_owned),
            modeline: modeline.map(str::to_owned),
            dir,
            repaint: repaint.cloned(),
        };
        match &self.requests {
            Some(requests) => {
                if let Err(mpsc::SendError(request)) = requests.send(request) {
                    // The worker is gone: answer here so the panel stays truthful.
                    self.requests = None;
                    self.check_inline(&request);
                }
            }
            None => self.check_inline(&request),
        }
    }

    fn check_inline(&mut self, request: &Request) {
        let checker = self.inline.get_or_insert_with(crate::document::new_checker);
        let report = match checker {
            Ok(checker) => run(checker, request, &mut self.inline_saved),
            Err(e) => not_started(request.generation, e),
        };
        let _ = self.own_reports.send(report);
    }

    /// Forgets the request in flight, for when the document it was about is closed.
    pub fn cancel(&mut self) {
        self.awaiting = None;
    }

    /// True while the newest request has no answer yet.
    pub fn is_busy(&self) -> bool {
        self.awaiting.is_some()
    }

    /// The answer to the newest request, if it has arrived; answers to older ones are dropped.
    pub fn poll(&mut self) -> Option<Report> {
        let mut latest = None;
        while let Ok(report) = self.reports.try_recv() {
            if Some(report.generation) == self.awaiting {
                latest = Some(report);
            }
        }
        if latest.is_some() {
            self.awaiting = None;
        }
        latest
    }

    /// Waits up to `timeout` for the answer to the newest request.
    pub fn wait(&mut self, timeout: std::time::Duration) -> Option<Report> {
        use std::time::Instant;
        let deadline = Instant::now() + timeout;
        while self.awaiting.is_some() {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.reports.recv_timeout(left) {
                Ok(report) if Some(report.generation) == self.awaiting => {
                    self.awaiting = None;
                    return Some(report);
                }
                Ok(_) => {}
                Err(_) => return None,
            }
        }
        None
    }
}

fn worker(requests: &Receiver<Request>, reports: &Sender<Report>) {
    let checker = crate::document::new_checker();
    let mut saved = SavedVersion::default();
    while let Ok(mut request) = requests.recv() {
        // Skip to the newest request: older ones would be dropped on arrival anyway.
        while let Ok(newer) = requests.try_recv() {
            request = newer;
        }
        let report = match &checker {
            Ok(checker) => run(checker, &request, &mut saved),
            Err(e) => not_started(request.generation, e),
        };
        if reports.send(report).is_err() {
            return;
        }
        if let Some(ctx) = &request.repaint {
            ctx.request_repaint();
        }
    }
}

fn not_started(generation: u64, error: &str) -> Report {
    Report {
        generation,
        problems: vec![Problem::editor(
            "internal",
            format!("the scenario checker could not start: {error}"),
        )],
        fairness: Vec::new(),
        catalog: None,
        findings: crate::held::GameData::default(),
        changes: None,
    }
}

fn run(checker: &Checker, request: &Request, saved: &mut SavedVersion) -> Report {
    let text = crate::rulesets::saved_any_text(
        request.original.as_deref(),
        &request.scenario,
        request.modeline.as_deref(),
    );
    match text {
        Ok(text) => {
            let (outcome, problems) = check_with(checker, text.as_bytes(), request.dir.as_deref());
            let tile_placed_twice = problems.iter().any(|p| p.code == "tile-duplicate");
            let findings = outcome
                .as_ref()
                .and_then(|o| {
                    let (scenario, catalog) = (o.scenario.as_ref()?, o.catalog.as_ref()?);
                    Some(crate::rulesets::findings(
                        scenario,
                        catalog,
                        tile_placed_twice,
                    ))
                })
                .unwrap_or_default();
            let changes = outcome.as_ref().and_then(|o| {
                let original = request.original.as_deref().filter(|o| *o != text)?;
                let (scenario, catalog) = (o.scenario.as_ref()?, o.catalog.as_ref()?);
                let (old, old_catalog) = saved.read(checker, original, request.dir.as_deref())?;
                let found = megahex::rulesets::diff(old, old_catalog, scenario, catalog);
                (!found.is_empty()).then_some(found)
            });
            Report {
                findings,
                changes,
                generation: request.generation,
                problems,
                fairness: outcome
                    .as_ref()
                    .map(crate::document::fairness_of)
                    .unwrap_or_default(),
                catalog: outcome
                    .and_then(|o| o.catalog)
                    .map(std::sync::Arc::unwrap_or_clone),
            }
        }
        Err(message) => Report {
            generation: request.generation,
            problems: vec![Problem::editor("internal", message)],
            fairness: Vec::new(),
            catalog: None,
            findings: crate::held::GameData::default(),
            changes: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    use crate::document::Document;
    use crate::rulesets::sentinel_tactics::edit::Edit;

    #[test]
    fn only_the_newest_request_is_answered() {
        let mut doc = Document::sample();
        let mut runner = CheckRunner::start();
        runner.request(&doc.current().unwrap(), None, None, None, None);
        // Stack a tile on another: an overlap the checker must report for the newest request.
        doc.apply(Edit::MoveTile {
            index: 1,
            at: [1, 0],
        })
        .unwrap();
        runner.request(&doc.current().unwrap(), None, None, None, None);
        assert!(runner.is_busy());
        let report = runner.wait(Duration::from_secs(30)).unwrap();
        assert_eq!(report.generation, 2);
        assert!(report.problems.iter().any(|p| p.code == "tile-overlap"));
        assert!(report.catalog.is_some());
        assert!(!runner.is_busy());
        // A late answer to the first request, if it was checked at all, is dropped.
        std::thread::sleep(Duration::from_millis(50));
        assert!(runner.poll().is_none());
    }

    #[test]
    fn an_edit_is_compared_with_the_text_on_disk() {
        let mut doc = Document::sample();
        let saved = crate::document::SAMPLE_YAML;
        let mut runner = CheckRunner::start();
        runner.request(&doc.current().unwrap(), Some(saved), None, None, None);
        let unchanged = runner.wait(Duration::from_secs(30)).unwrap();
        assert!(unchanged.changes.is_none(), "nothing changed yet");
        doc.apply(Edit::MoveTile {
            index: 1,
            at: [40, 0],
        })
        .unwrap();
        runner.request(&doc.current().unwrap(), Some(saved), None, None, None);
        let report = runner.wait(Duration::from_secs(30)).unwrap();
        let changes = report.changes.expect("the moved tile is a change");
        assert_eq!(changes.tiles.len(), 1, "{:?}", changes.tiles);
        assert_eq!(changes.tiles[0].new.as_ref().map(|p| p.at), Some([40, 0]));
        assert_eq!(changes.hexes.added.len(), 19);
        assert_eq!(changes.hexes.removed.len(), 19);
    }

    #[test]
    fn a_tile_placed_twice_gets_a_quick_fix_that_leaves_no_problem() {
        let text = crate::document::SAMPLE_YAML.replacen(
            "{tile: 7, side: insula-primalis, at: [-3, 5], rotation: 0}",
            "{tile: 1, side: insula-primalis, at: [-3, 5], rotation: 0}",
            1,
        );
        assert_ne!(text, crate::document::SAMPLE_YAML);
        let mut doc = Document::from_bytes("twice.yaml".into(), None, text.as_bytes());
        let mut runner = CheckRunner::start();
        runner.request(&doc.current().unwrap(), Some(&text), None, None, None);
        let report = runner.wait(Duration::from_secs(30)).unwrap();
        assert!(report.problems.iter().any(|p| p.code == "tile-duplicate"));
        let replacements = report
            .findings
            .get::<crate::rulesets::sentinel_tactics::findings::Findings>()
            .map(|f| f.replacements.clone())
            .unwrap_or_default();
        assert_eq!(replacements.len(), 1, "{replacements:?}");
        let (index, placement) = replacements[0];
        assert_eq!(index, 3);
        assert!(
            ![1, 2, 8].contains(&placement.tile),
            "a tile not on the map"
        );
        doc.apply(Edit::ReplaceTile { index, placement }).unwrap();
        runner.request(&doc.current().unwrap(), Some(&text), None, None, None);
        let fixed = runner.wait(Duration::from_secs(30)).unwrap();
        let errors: Vec<&str> = fixed
            .problems
            .iter()
            .filter(|p| p.severity == megahex::Severity::Error)
            .map(|p| p.code.as_str())
            .collect();
        assert!(errors.is_empty(), "{errors:?}");
        assert!(
            fixed
                .findings
                .get::<crate::rulesets::sentinel_tactics::findings::Findings>()
                .is_some_and(|f| f.replacements.is_empty())
        );
    }
}
