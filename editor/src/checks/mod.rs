//! Live validation off the UI thread: a worker owns one [`Checker`], serialises each edited
//! scenario exactly as a save would, checks the text, and reports back. Only the newest request
//! matters, so queued older ones are skipped and late answers to old requests are dropped.
//!
//! A web page cannot start threads. There checks go to a Web Worker when the page has one
//! ([`elsewhere`]): the request and the report travel as text. Without one they run on the UI
//! thread, where a burst of edits (typing a name, nudging a token hex by hex) is checked once,
//! when the edits pause: a check that holds the page for a tenth of a second then holds it
//! once, not per keystroke.

pub mod elsewhere;

use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Duration;

use web_time::Instant;

use megahex::Checker;
use megahex_schema::{AnyScenario, Catalog, Ruleset};

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
    /// The game the scenario is of, when the file read as one: whose findings these are.
    pub ruleset: Option<Ruleset>,
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
            self.read = outcome.and_then(|o| {
                let catalog = compared_catalog(&o, checker).clone();
                Some((o.scenario?, catalog))
            });
        }
        self.read.as_ref()
    }
}

/// The catalog a checked file is compared with: its own, or for a game whose files name no
/// tile catalog, the checker's.
fn compared_catalog<'a>(outcome: &'a megahex::Outcome, checker: &'a Checker) -> &'a Catalog {
    outcome.catalog.as_deref().unwrap_or(checker.catalog())
}

/// The UI's end of the background checker.
pub struct CheckRunner {
    /// `None` when no worker thread could be started, or it stopped: checks then run inline.
    requests: Option<Sender<Request>>,
    /// The page's Web Worker, when checks go there; `None` once it failed.
    elsewhere: Option<elsewhere::Elsewhere>,
    /// The request the Web Worker is checking, to check here if the worker fails.
    sent_elsewhere: Option<Request>,
    /// The newest request since, sent when the worker answers: one check at a time, so a
    /// burst of edits does not queue a check per keystroke.
    queued_elsewhere: Option<Request>,
    reports: Receiver<Report>,
    /// Where inline checks post their reports, so both paths are read the same way.
    own_reports: Sender<Report>,
    /// The checker for inline checks, made on first use.
    inline: Option<Result<Checker, String>>,
    /// The saved version inline checks compare with.
    inline_saved: SavedVersion,
    /// An inline check waiting for the edits to pause, and when it was asked for.
    pending: Option<(Request, Instant)>,
    /// When the last inline check ran: one long enough ago runs at once.
    last_inline: Option<Instant>,
    /// How many inline checks have run, for tests of the coalescing.
    inline_runs: u64,
    /// [`INLINE_QUIET`], or what a test sets.
    quiet: Duration,
    next: u64,
    awaiting: Option<u64>,
}

/// How long the edits must pause before an inline check runs, and how long after one check
/// the next may run at once: a keystroke's gap is shorter, a deliberate click longer.
pub const INLINE_QUIET: Duration = Duration::from_millis(250);

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
        let mut runner = CheckRunner::on_this_thread();
        runner.requests = spawned.ok().map(|_| request_tx);
        runner.reports = report_rx;
        runner.own_reports = report_tx;
        runner
    }

    /// A runner that checks on the caller's thread, as in a web page.
    pub fn on_this_thread() -> CheckRunner {
        let (own_reports, reports) = mpsc::channel::<Report>();
        CheckRunner {
            requests: None,
            elsewhere: None,
            sent_elsewhere: None,
            queued_elsewhere: None,
            reports,
            own_reports,
            inline: None,
            inline_saved: SavedVersion::default(),
            pending: None,
            last_inline: None,
            inline_runs: 0,
            quiet: INLINE_QUIET,
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
        if self.elsewhere.is_some() {
            self.send_elsewhere(request);
            return;
        }
        match &self.requests {
            Some(requests) => {
                if let Err(mpsc::SendError(request)) = requests.send(request) {
                    // The worker is gone: answer here so the panel stays truthful.
                    self.requests = None;
                    self.check_inline(&request);
                }
            }
            None => self.check_soon(request),
        }
    }

    /// An inline check: at once after a quiet spell, else when the edits pause (the newest
    /// request replaces one still waiting). Its context is asked to draw again by then.
    fn check_soon(&mut self, request: Request) {
        let quiet = self.last_inline.is_none_or(|at| at.elapsed() >= self.quiet);
        if quiet && self.pending.is_none() {
            self.check_inline(&request);
            return;
        }
        if let Some(ctx) = &request.repaint {
            ctx.request_repaint_after(self.quiet);
        }
        self.pending = Some((request, Instant::now()));
    }

    /// Runs the waiting inline check once the edits have paused, or at once with `now`.
    fn run_pending(&mut self, now: bool) {
        let due = self
            .pending
            .as_ref()
            .is_some_and(|(_, asked)| now || asked.elapsed() >= self.quiet);
        if due && let Some((request, _)) = self.pending.take() {
            self.check_inline(&request);
        }
    }

    /// True while an inline check waits for the edits to pause: nothing is to be taken
    /// before then, and its context has been asked to draw again when it is due.
    pub fn waits_for_pause(&self) -> bool {
        self.pending.is_some()
    }

    /// True while the newest answer will ask for a frame by itself: an inline check waiting
    /// for the edits to pause, or a check in a Web Worker, whose answer wakes the page.
    pub fn wakes_itself(&self) -> bool {
        self.pending.is_some() || self.elsewhere.is_some()
    }

    /// How many checks have run on this thread.
    pub fn inline_runs(&self) -> u64 {
        self.inline_runs
    }

    fn check_inline(&mut self, request: &Request) {
        self.inline_runs += 1;
        let checker = self.inline.get_or_insert_with(crate::document::new_checker);
        let report = match checker {
            Ok(checker) => run(checker, request, &mut self.inline_saved),
            Err(e) => not_started(request.generation, e),
        };
        let _ = self.own_reports.send(report);
        self.last_inline = Some(Instant::now());
    }

    /// Forgets the request in flight, for when the document it was about is closed.
    pub fn cancel(&mut self) {
        self.awaiting = None;
        self.pending = None;
        self.queued_elsewhere = None;
    }

    /// True while the newest request has no answer yet.
    pub fn is_busy(&self) -> bool {
        self.awaiting.is_some()
    }

    /// The answer to the newest request, if it has arrived; answers to older ones are dropped.
    pub fn poll(&mut self) -> Option<Report> {
        self.take_from_elsewhere();
        self.run_pending(false);
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
    pub fn wait(&mut self, timeout: Duration) -> Option<Report> {
        self.run_pending(true);
        let deadline = Instant::now() + timeout;
        while self.awaiting.is_some() {
            self.take_from_elsewhere();
            self.run_pending(true);
            let left = deadline.saturating_duration_since(Instant::now());
            // A worker's answers are taken between short waits.
            let left = match self.elsewhere {
                Some(_) => left.min(Duration::from_millis(5)),
                None => left,
            };
            match self.reports.recv_timeout(left) {
                Ok(report) if Some(report.generation) == self.awaiting => {
                    self.awaiting = None;
                    return Some(report);
                }
                Ok(_) => {}
                Err(mpsc::RecvTimeoutError::Timeout) if Instant::now() < deadline => {}
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
        ruleset: None,
    }
}

fn run(checker: &Checker, request: &Request, saved: &mut SavedVersion) -> Report {
    let text = crate::rulesets::saved_any_text(
        request.original.as_deref(),
        &request.scenario,
        request.modeline.as_deref(),
    );
    run_text(
        checker,
        request.generation,
        text,
        request.original.as_deref(),
        request.dir.as_deref(),
        saved,
    )
}

/// Checks `text`, the scenario as a save would write it over `original` (or why it could not
/// be written), wherever the check runs: a thread, the UI thread or a Web Worker.
fn run_text(
    checker: &Checker,
    generation: u64,
    text: Result<String, String>,
    original: Option<&str>,
    dir: Option<&std::path::Path>,
    saved: &mut SavedVersion,
) -> Report {
    match text {
        Ok(text) => {
            let (outcome, problems) = check_with(checker, text.as_bytes(), dir);
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
                let original = original.filter(|o| *o != text)?;
                let catalog = compared_catalog(o, checker);
                let scenario = o.scenario.as_ref()?;
                let (old, old_catalog) = saved.read(checker, original, dir)?;
                let found = megahex::rulesets::diff(old, old_catalog, scenario, catalog);
                (!found.is_empty()).then_some(found)
            });
            Report {
                findings,
                changes,
                generation,
                problems,
                ruleset: outcome
                    .as_ref()
                    .and_then(|o| o.scenario.as_ref())
                    .map(AnyScenario::ruleset),
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
            generation,
            problems: vec![Problem::editor("internal", message)],
            fairness: Vec::new(),
            catalog: None,
            findings: crate::held::GameData::default(),
            changes: None,
            ruleset: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    /// Without a thread, a burst of requests is checked twice: the first at once, the last
    /// once the burst has paused, and it is the last that is answered.
    #[test]
    fn on_this_thread_a_burst_of_edits_is_checked_once_they_pause() {
        let mut doc = Document::sample();
        let mut runner = CheckRunner::on_this_thread();
        // Long enough that a busy test machine cannot end the burst early.
        runner.quiet = Duration::from_secs(2);
        runner.request(&doc.current().unwrap(), None, None, None, None);
        assert_eq!(runner.inline_runs(), 1, "the first edit is checked at once");
        let first = runner.poll().expect("its answer");
        assert!(!first.problems.iter().any(|p| p.code == "tile-overlap"));
        for at in [[1, 0], [2, 0], [1, 0]] {
            doc.apply(Edit::MoveTile { index: 1, at }).unwrap();
            runner.request(&doc.current().unwrap(), None, None, None, None);
        }
        assert!(runner.poll().is_none(), "the burst waits for a pause");
        assert!(runner.is_busy() && runner.waits_for_pause());
        assert_eq!(runner.inline_runs(), 1);
        std::thread::sleep(runner.quiet);
        let last = runner.poll().expect("the pause came");
        assert_eq!(last.generation, 4);
        assert!(last.problems.iter().any(|p| p.code == "tile-overlap"));
        assert_eq!(runner.inline_runs(), 2, "one check for the whole burst");
        assert!(!runner.is_busy() && !runner.waits_for_pause());
    }

    /// A quiet spell after a check: the next edit is checked at once again.
    #[test]
    fn on_this_thread_an_edit_after_a_pause_is_checked_at_once() {
        let doc = Document::sample();
        let mut runner = CheckRunner::on_this_thread();
        runner.quiet = Duration::from_millis(20);
        runner.request(&doc.current().unwrap(), None, None, None, None);
        std::thread::sleep(runner.quiet);
        runner.request(&doc.current().unwrap(), None, None, None, None);
        assert_eq!(runner.inline_runs(), 2);
        assert_eq!(runner.poll().map(|r| r.generation), Some(2));
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

    /// A game whose files name no tile catalog is compared key by key, as `megahex diff` does.
    #[test]
    fn a_decks_edit_is_compared_with_the_text_on_disk() {
        let saved = include_str!("../../../scenarios/solar-first-light.yaml");
        let edited = saved.replacen("health: 26", "health: 27", 1);
        assert_ne!(edited, saved);
        let doc = Document::from_bytes("deck.yaml".into(), None, edited.as_bytes());
        let mut runner = CheckRunner::start();
        runner.request(&doc.current().unwrap(), Some(saved), None, None, None);
        let report = runner.wait(Duration::from_secs(30)).unwrap();
        let changes = report.changes.expect("the hero's Health is a change");
        let fields: Vec<String> = changes.fields.iter().map(|f| f.pointer.clone()).collect();
        assert_eq!(fields, ["/heroes/0/health"]);
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
