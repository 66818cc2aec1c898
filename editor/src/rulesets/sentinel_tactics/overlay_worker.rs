//! The overlays' rules questions, answered off the UI thread: a worker owns the [`Scene`] of
//! the latest layout (built there, with the sight-line tables for its map warmed up for every
//! question after the first) and answers each question as it comes. The UI sends questions
//! and reads answers without waiting, so a map of any size never stalls a frame; answers about
//! an older layout are dropped.

use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, Sender};

use megahex::board::Axial;
use megahex::board::area::Template;
use megahex::board::los::{self, Sight};
use megahex::board::movement::{Destination, MoveAction};
use megahex::scene::Scene;

use crate::rulesets::sentinel_tactics::overlay::{self, Seen, Settings, Source};

/// A question about the scene of one layout.
#[derive(Debug, Clone, PartialEq)]
pub enum Question {
    /// Line-of-sight verdicts from a source to every hex.
    Verdicts(Source),
    /// The full line-of-sight answer from a source to one hex.
    Sight(Source, Axial),
    /// Range numbers from a source.
    Ranges(Source),
    /// Where a source can move.
    Reach(Source, MoveAction),
    /// An area or vertex template.
    Template(Source, Axial, usize, Settings),
}

/// The answer to a [`Question`].
#[derive(Debug, Clone)]
pub enum Answer {
    /// For [`Question::Verdicts`].
    Verdicts(Vec<(Axial, Seen)>),
    /// For [`Question::Sight`].
    Sight(Option<Sight>),
    /// For [`Question::Ranges`].
    Ranges(Vec<(Axial, u32)>),
    /// For [`Question::Reach`].
    Reach(Vec<Destination>),
    /// For [`Question::Template`].
    Template(Template),
}

enum Job {
    /// The scenario changed: the document's scene of this layout.
    Scene(u64, Arc<Scene>),
    /// A question about the scene of this layout.
    Ask(u64, Question, Option<egui::Context>),
}

/// The UI's end of the worker.
pub struct Worker {
    jobs: Option<Sender<Job>>,
    answers: Receiver<(u64, Question, Answer)>,
    /// Answers made here when no worker thread could be started.
    own: Sender<(u64, Question, Answer)>,
    inline: Option<(u64, Arc<Scene>)>,
}

impl Default for Worker {
    fn default() -> Worker {
        Worker::start()
    }
}

impl Worker {
    /// Starts the worker thread; if it cannot be started, questions are answered on the
    /// caller's thread, slower but still correct.
    pub fn start() -> Worker {
        let (job_tx, job_rx) = mpsc::channel::<Job>();
        let (answer_tx, answer_rx) = mpsc::channel();
        let sender = answer_tx.clone();
        let spawned = std::thread::Builder::new()
            .name("megahex-overlays".to_owned())
            .spawn(move || serve(&job_rx, &sender));
        Worker {
            jobs: spawned.ok().map(|_| job_tx),
            answers: answer_rx,
            own: answer_tx,
            inline: None,
        }
    }

    /// The document's scene at `layout` is the one questions are about from now on.
    pub fn scene(&mut self, layout: u64, scene: &Arc<Scene>) {
        let job = Job::Scene(layout, Arc::clone(scene));
        if let Some(jobs) = &self.jobs
            && jobs.send(job).is_ok()
        {
            return;
        }
        self.jobs = None;
        self.inline = Some((layout, Arc::clone(scene)));
    }

    /// Asks a question about the scene of `layout`; `repaint` is woken when it is answered.
    pub fn ask(&mut self, layout: u64, question: Question, repaint: Option<egui::Context>) {
        if let Some(jobs) = &self.jobs
            && jobs
                .send(Job::Ask(layout, question.clone(), repaint))
                .is_ok()
        {
            return;
        }
        self.jobs = None;
        if let Some((at, scene)) = &self.inline
            && *at == layout
        {
            let _ = self
                .own
                .send((layout, question.clone(), answer(scene, &question)));
        }
    }

    /// The answers that have arrived.
    pub fn answers(&mut self) -> Vec<(u64, Question, Answer)> {
        self.answers.try_iter().collect()
    }

    /// Waits up to `timeout` for the next answer.
    pub fn wait(&mut self, timeout: std::time::Duration) -> Option<(u64, Question, Answer)> {
        self.answers.recv_timeout(timeout).ok()
    }
}

/// The worker's loop: the newest scene wins, and questions about older layouts are skipped.
fn serve(jobs: &Receiver<Job>, answers: &Sender<(u64, Question, Answer)>) {
    let mut scene: Option<(u64, Arc<Scene>)> = None;
    let mut warmed = false;
    while let Ok(first) = jobs.recv() {
        // Take everything waiting: a newer scene makes the questions before it moot.
        let mut batch = vec![first];
        batch.extend(jobs.try_iter());
        let newest = batch.iter().rposition(|j| matches!(j, Job::Scene(..)));
        for job in batch.into_iter().skip(newest.unwrap_or(0)) {
            match job {
                Job::Scene(layout, shared) => {
                    scene = Some((layout, shared));
                    warmed = false;
                }
                Job::Ask(layout, question, repaint) => {
                    let Some((current, built)) = &scene else {
                        continue;
                    };
                    if *current != layout {
                        continue;
                    }
                    let reply = answer(built, &question);
                    if answers.send((layout, question, reply)).is_err() {
                        return;
                    }
                    if let Some(ctx) = repaint {
                        ctx.request_repaint();
                    }
                    if !warmed {
                        // After the first answer, build the sight-line tables for this map:
                        // every later question about it costs a few bit operations a pair.
                        los::warm(&built.board, built.rules);
                        warmed = true;
                    }
                }
            }
        }
    }
}

/// Answers one question with the library.
fn answer(scene: &Scene, question: &Question) -> Answer {
    match question {
        Question::Verdicts(source) => Answer::Verdicts(overlay::verdicts(scene, &source.hexes)),
        Question::Sight(source, to) => Answer::Sight(overlay::sight_to(scene, &source.hexes, *to)),
        Question::Ranges(source) => Answer::Ranges(overlay::ranges(scene, &source.hexes)),
        Question::Reach(source, action) => Answer::Reach(overlay::reach(scene, source, *action)),
        Question::Template(source, origin, corner, settings) => Answer::Template(
            overlay::template(scene, &source.hexes, *origin, *corner, settings),
        ),
    }
}
