//! Checks in a page's Web Worker, so a long check never holds the page: what the page sends
//! (the text a save would write), what comes back (the report as JSON, each game's findings
//! through the games' registry), and the worker's side, which checks as the desktop's thread
//! does. A worker that fails, or answers what cannot be read, hands checking back to the page.

use std::cell::RefCell;
use std::sync::mpsc::{Receiver, TryRecvError};

use megahex::Checker;
use megahex::diff::ScenarioDiff;
use megahex_schema::{Catalog, Ruleset};
use serde::{Deserialize, Serialize};

use super::{CheckRunner, Report, Request, SavedVersion, not_started, run_text};
use crate::problem::Problem;

/// One check the page asks of its worker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Asked {
    /// Which request this is.
    pub generation: u64,
    /// The scenario as a save would write it, or why it could not be written.
    pub text: Result<String, String>,
    /// The file's text as last read or saved, to say what changed since.
    pub original: Option<String>,
}

/// A check as the page posts it, apart from the worker's other messages.
#[derive(Debug, Serialize, Deserialize)]
struct Posted {
    check: Asked,
}

/// What the worker posts back.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum Answer {
    Report(Box<SentReport>),
    /// The worker cannot check (its module did not start): the page checks for itself.
    Failed(String),
}

/// A [`Report`] as text can carry it.
#[derive(Debug, Serialize, Deserialize)]
struct SentReport {
    generation: u64,
    problems: Vec<Problem>,
    fairness: Vec<Problem>,
    catalog: Option<Catalog>,
    changes: Option<ScenarioDiff>,
    ruleset: Option<Ruleset>,
    findings: serde_json::Value,
}

impl SentReport {
    fn of(report: Report) -> Result<SentReport, String> {
        let findings = match report.ruleset {
            Some(ruleset) => crate::rulesets::findings_to_json(ruleset, &report.findings)?,
            None => serde_json::Value::Null,
        };
        Ok(SentReport {
            generation: report.generation,
            problems: report.problems,
            fairness: report.fairness,
            catalog: report.catalog,
            changes: report.changes,
            ruleset: report.ruleset,
            findings,
        })
    }

    fn report(self) -> Result<Report, String> {
        let findings = match self.ruleset {
            Some(ruleset) => crate::rulesets::findings_from_json(ruleset, self.findings)?,
            None => crate::held::GameData::default(),
        };
        Ok(Report {
            generation: self.generation,
            problems: self.problems,
            fairness: self.fairness,
            catalog: self.catalog,
            changes: self.changes,
            findings,
            ruleset: self.ruleset,
        })
    }
}

/// The page's end of its Web Worker: how to post it a message, and the messages it posted
/// back, as the page's message handler received them.
pub struct Elsewhere {
    post: Box<dyn FnMut(String) -> Result<(), String>>,
    answers: Receiver<String>,
}

impl Elsewhere {
    /// A worker reached through `post`, whose messages arrive on `answers`.
    pub fn new(
        post: impl FnMut(String) -> Result<(), String> + 'static,
        answers: Receiver<String>,
    ) -> Elsewhere {
        Elsewhere {
            post: Box::new(post),
            answers,
        }
    }

    pub(super) fn send(&mut self, asked: Asked) -> Result<(), String> {
        let text = serde_json::to_string(&Posted { check: asked }).map_err(|e| e.to_string())?;
        (self.post)(text)
    }

    /// The reports that arrived, and whether the worker failed: it said so, went away, or
    /// sent what cannot be read.
    pub(super) fn receive(&mut self) -> (Vec<Report>, bool) {
        let mut reports = Vec::new();
        loop {
            match self.answers.try_recv() {
                Ok(text) => match serde_json::from_str::<Answer>(&text)
                    .map_err(|e| e.to_string())
                    .and_then(|answer| match answer {
                        Answer::Report(sent) => sent.report(),
                        Answer::Failed(why) => Err(why),
                    }) {
                    Ok(report) => reports.push(report),
                    Err(_) => return (reports, true),
                },
                Err(TryRecvError::Empty) => return (reports, false),
                Err(TryRecvError::Disconnected) => return (reports, true),
            }
        }
    }
}

/// The runner's side of a check worker.
impl CheckRunner {
    /// A runner that sends its checks to `worker` (a page's Web Worker), and checks on the
    /// caller's thread if the worker fails.
    pub fn elsewhere(worker: Elsewhere) -> CheckRunner {
        let mut runner = CheckRunner::on_this_thread();
        runner.elsewhere = Some(worker);
        runner
    }

    /// True while checks go to a Web Worker.
    pub fn checks_elsewhere(&self) -> bool {
        self.elsewhere.is_some()
    }

    /// Sends `request` to the Web Worker as text, or queues it while the worker is busy;
    /// checks it here when the worker cannot be reached.
    pub(super) fn send_elsewhere(&mut self, request: Request) {
        if self.sent_elsewhere.is_some() {
            self.queued_elsewhere = Some(request);
            return;
        }
        let sent = match &mut self.elsewhere {
            Some(worker) => {
                let text = crate::rulesets::saved_any_text(
                    request.original.as_deref(),
                    &request.scenario,
                    request.modeline.as_deref(),
                );
                let asked = Asked {
                    generation: request.generation,
                    text,
                    original: request.original.clone(),
                };
                worker.send(asked)
            }
            None => Err("no worker".to_owned()),
        };
        match sent {
            Ok(()) => self.sent_elsewhere = Some(request),
            Err(_) => {
                self.elsewhere = None;
                self.check_soon(request);
            }
        }
    }

    /// Takes the Web Worker's answers and sends it the newest queued request; when it has
    /// failed, checks the newest request here and every later one too.
    pub(super) fn take_from_elsewhere(&mut self) {
        let Some(worker) = &mut self.elsewhere else {
            return;
        };
        let (reports, failed) = worker.receive();
        for report in reports {
            if self
                .sent_elsewhere
                .as_ref()
                .is_some_and(|sent| sent.generation == report.generation)
            {
                self.sent_elsewhere = None;
            }
            let _ = self.own_reports.send(report);
        }
        if failed {
            self.elsewhere = None;
            let newest = self.queued_elsewhere.take().or(self.sent_elsewhere.take());
            self.sent_elsewhere = None;
            if let Some(request) = newest
                && Some(request.generation) == self.awaiting
            {
                self.check_soon(request);
            }
        } else if self.sent_elsewhere.is_none()
            && let Some(next) = self.queued_elsewhere.take()
        {
            self.send_elsewhere(next);
        }
    }
}

/// The message a worker posts when it cannot check, for the page's error handler to pass on.
pub fn failure(why: &str) -> String {
    serde_json::to_string(&Answer::Failed(why.to_owned()))
        .unwrap_or_else(|_| r#"{"failed":"the check worker failed"}"#.to_owned())
}

thread_local! {
    /// The worker's checker and the saved version it last compared with, kept between
    /// requests as the desktop's check thread keeps them.
    static WORKER: RefCell<Option<(Result<Checker, String>, SavedVersion)>> =
        const { RefCell::new(None) };
}

/// The worker's side: the answer to a check the page posted, or `None` for another message.
pub fn answer_posted(message: &str) -> Option<String> {
    let posted: Posted = serde_json::from_str(message).ok()?;
    Some(answer(posted.check))
}

/// Checks one request and answers with the report as JSON, or with a failure the page reads
/// as "check here instead".
fn answer(asked: Asked) -> String {
    let report = WORKER.with_borrow_mut(|state| {
        let (checker, saved) =
            state.get_or_insert_with(|| (crate::document::new_checker(), SavedVersion::default()));
        match checker {
            Ok(checker) => run_text(
                checker,
                asked.generation,
                asked.text,
                asked.original.as_deref(),
                None,
                saved,
            ),
            Err(e) => not_started(asked.generation, e),
        }
    });
    match SentReport::of(report).and_then(|sent| {
        serde_json::to_string(&Answer::Report(Box::new(sent))).map_err(|e| e.to_string())
    }) {
        Ok(text) => text,
        Err(e) => failure(&format!("the check worker could not send its report: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;
    use std::sync::mpsc;
    use std::time::Duration;

    use crate::checks::CheckRunner;
    use crate::document::{Document, SAMPLE_YAML};

    fn bundled(name: &str) -> String {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(name);
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    /// The report as JSON, findings included, to compare two reports whole.
    fn whole(report: Report) -> serde_json::Value {
        serde_json::to_value(SentReport::of(report).unwrap()).unwrap()
    }

    /// What a worker sends reads back as the report checked here, for every game: problems,
    /// fairness, the catalog, the changes since the original and the game's findings.
    #[test]
    fn a_report_sent_by_the_worker_reads_back_as_it_was_checked() {
        let duplicate = SAMPLE_YAML.replacen(
            "{tile: 7, side: insula-primalis, at: [-3, 5], rotation: 0}",
            "{tile: 1, side: insula-primalis, at: [-3, 5], rotation: 0}",
            1,
        );
        assert_ne!(duplicate, SAMPLE_YAML);
        let cases = [
            (
                bundled("tests/fixtures/valid/simulate-skill-decoy.yaml"),
                Some(bundled("scenarios/city-blades-gambit.yaml")),
            ),
            (duplicate, Some(SAMPLE_YAML.to_owned())),
            (
                bundled("scenarios/skirmish-bush-maze.yaml"),
                Some(bundled("scenarios/skirmish-drowned-arena.yaml")),
            ),
            (bundled("scenarios/solar-first-light.yaml"), None),
            ("ruleset: [".to_owned(), None),
        ];
        let checker = crate::document::new_checker().unwrap();
        for (case, (text, original)) in cases.into_iter().enumerate() {
            let here = run_text(
                &checker,
                7,
                Ok(text.clone()),
                original.as_deref(),
                None,
                &mut SavedVersion::default(),
            );
            let asked = Asked {
                generation: 7,
                text: Ok(text.clone()),
                original: original.clone(),
            };
            let (sender, answers) = mpsc::channel();
            sender.send(answer(asked)).unwrap();
            let mut worker = Elsewhere::new(|_| Ok(()), answers);
            let (mut reports, failed) = worker.receive();
            assert!(!failed, "case {case}");
            assert_eq!(reports.len(), 1);
            let there = reports.remove(0);
            if case < 2 {
                // The first two cases give an original to compare with.
                assert!(here.changes.is_some(), "case {case} compares two versions");
            }
            let map = here
                .findings
                .get::<crate::rulesets::sentinel_tactics::findings::Findings>();
            match case {
                // Self-play's rates are figures that must arrive to the last bit.
                0 => assert!(map.is_some_and(|f| matches!(f.selfplay, Some(Ok(_))))),
                1 => assert!(map.is_some_and(|f| !f.replacements.is_empty())),
                _ => {}
            }
            assert_eq!(whole(here), whole(there));
        }
    }

    /// A page whose worker checks: the runner sends the request away, and the answer it takes
    /// back is the one a check here gives.
    #[test]
    fn a_runner_with_a_worker_takes_its_answers() {
        let doc = Document::sample();
        let (sender, answers) = mpsc::channel();
        let posted = std::rc::Rc::new(std::cell::Cell::new(0));
        let count = std::rc::Rc::clone(&posted);
        let mut runner = CheckRunner::elsewhere(Elsewhere::new(
            move |asked| {
                count.set(count.get() + 1);
                sender
                    .send(answer_posted(&asked).unwrap())
                    .map_err(|e| e.to_string())
            },
            answers,
        ));
        runner.request(&doc.current().unwrap(), Some(SAMPLE_YAML), None, None, None);
        let report = runner.wait(Duration::from_secs(30)).unwrap();
        assert_eq!(posted.get(), 1);
        assert_eq!(
            runner.inline_runs(),
            0,
            "nothing was checked on this thread"
        );
        assert!(runner.checks_elsewhere());
        let mut inline = CheckRunner::on_this_thread();
        inline.request(&doc.current().unwrap(), Some(SAMPLE_YAML), None, None, None);
        assert_eq!(
            whole(report),
            whole(inline.wait(Duration::from_secs(30)).unwrap())
        );
    }

    /// While the worker checks, newer requests wait: when it answers, only the newest is sent,
    /// so a burst of edits costs two checks, not one per edit.
    #[test]
    fn a_busy_worker_is_sent_only_the_newest_request() {
        let mut doc = Document::sample();
        let (sender, answers) = mpsc::channel();
        let posted = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
        let inbox = std::rc::Rc::clone(&posted);
        let mut runner = CheckRunner::elsewhere(Elsewhere::new(
            move |asked| {
                inbox.borrow_mut().push(asked);
                Ok(())
            },
            answers,
        ));
        runner.request(&doc.current().unwrap(), None, None, None, None);
        for at in [[1, 0], [2, 0], [1, 0]] {
            doc.apply(crate::rulesets::sentinel_tactics::edit::Edit::MoveTile { index: 1, at })
                .unwrap();
            runner.request(&doc.current().unwrap(), None, None, None, None);
        }
        assert_eq!(posted.borrow().len(), 1, "one check at a time");
        assert!(runner.poll().is_none() && runner.is_busy() && runner.wakes_itself());
        // The worker answers the first: it is stale, and the newest goes out.
        let first = posted.borrow_mut().remove(0);
        sender.send(answer_posted(&first).unwrap()).unwrap();
        assert!(
            runner.poll().is_none(),
            "an answer to an older request is dropped"
        );
        let newest: Posted = serde_json::from_str(&posted.borrow()[0]).unwrap();
        assert_eq!((newest.check.generation, posted.borrow().len()), (4, 1));
        let last = posted.borrow_mut().remove(0);
        sender.send(answer_posted(&last).unwrap()).unwrap();
        let report = runner.poll().expect("the newest is answered");
        assert_eq!(report.generation, 4);
        assert!(report.problems.iter().any(|p| p.code == "tile-overlap"));
        assert!(posted.borrow().is_empty() && !runner.is_busy());
        assert_eq!(runner.inline_runs(), 0);
    }

    /// A worker that fails (its module did not start) hands its last request back: the page
    /// checks it and every later one itself.
    #[test]
    fn a_worker_that_fails_hands_checking_back_to_the_page() {
        let doc = Document::sample();
        let (sender, answers) = mpsc::channel();
        let mut runner = CheckRunner::elsewhere(Elsewhere::new(
            move |_| {
                sender
                    .send(failure("no WebAssembly here"))
                    .map_err(|e| e.to_string())
            },
            answers,
        ));
        runner.request(&doc.current().unwrap(), None, None, None, None);
        let report = runner.wait(Duration::from_secs(30)).expect("checked here");
        assert_eq!(report.generation, 1);
        assert_eq!(runner.inline_runs(), 1);
        assert!(!runner.checks_elsewhere());
        // A worker that cannot even be posted to fails the same way.
        let mut runner = CheckRunner::elsewhere(Elsewhere::new(
            |_| Err("closed".to_owned()),
            mpsc::channel().1,
        ));
        runner.request(&doc.current().unwrap(), None, None, None, None);
        assert!(runner.wait(Duration::from_secs(30)).is_some());
        assert_eq!(runner.inline_runs(), 1);
    }
}
