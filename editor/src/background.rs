//! Work off the UI thread: a thread of its own on the desktop; in a web page, which has no
//! threads, the page's job worker ([`Job`]) or, failing that, on the spot, so the same code
//! answers everywhere.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex, PoisonError};

use megahex_schema::Ruleset;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// Runs `job` on a new thread named `name`, or here and now when no thread can be started.
/// Either way it runs exactly once.
pub fn run(name: &str, job: impl FnOnce() + Send + 'static) {
    let slot = Arc::new(Mutex::new(Some(job)));
    let theirs = Arc::clone(&slot);
    let spawned = std::thread::Builder::new()
        .name(name.to_owned())
        .spawn(move || take(&theirs).map(|job| job()));
    if spawned.is_err()
        && let Some(job) = take(&slot)
    {
        job();
    }
}

fn take<T>(slot: &Mutex<Option<T>>) -> Option<T> {
    slot.lock().unwrap_or_else(PoisonError::into_inner).take()
}

/// Work whose input and answer are plain data, so it can leave a web page for the page's
/// worker as JSON: a game names each of its jobs, and the editor's registry
/// (`rulesets::run_job`) finds it there by that name.
pub trait Job: Serialize + DeserializeOwned + Send + 'static {
    /// What it answers.
    type Answer: Serialize + DeserializeOwned + Send + 'static;
    /// The game it belongs to.
    const GAME: Ruleset;
    /// Its name within the game.
    const NAME: &'static str;
    /// Does the work.
    fn run(self) -> Self::Answer;
}

/// Runs `job` off the UI thread: in the page's job worker when there is one, else on a
/// thread, else here. The answer arrives on the receiver. A job the worker could not run, or
/// whose answer could not be read, runs here instead; one that panicked drops its sender.
pub fn offload<J: Job>(job: J) -> Receiver<J::Answer> {
    let (sender, answer) = mpsc::channel();
    let unsent = PORT.with_borrow_mut(|port| match port {
        Some(port) => port.send(job, sender).err(),
        None => Some((job, sender)),
    });
    if let Some((job, sender)) = unsent {
        run_off_the_page(job, sender);
    }
    answer
}

/// Runs `job` on a thread, or here where none can be started, and sends its answer.
fn run_off_the_page<J: Job>(job: J, sender: mpsc::Sender<J::Answer>) {
    run(J::NAME, move || {
        let _ = sender.send(job.run());
    });
}

/// A job as the page posts it, apart from the worker's other messages.
#[derive(Debug, Serialize, Deserialize)]
struct Posted {
    job: Sent,
}

/// One job on its way to the worker, as JSON.
#[derive(Debug, Serialize, Deserialize)]
struct Sent {
    id: u64,
    game: Ruleset,
    name: String,
    input: serde_json::Value,
}

/// The worker's answer to one job.
#[derive(Debug, Serialize, Deserialize)]
struct Answered {
    id: u64,
    answer: Result<serde_json::Value, String>,
}

/// What waits for one job's answer: called with the answer's JSON, or with `None` when the
/// worker failed (or the job failed there), to run the job here instead.
type Waiting = Box<dyn FnOnce(Option<serde_json::Value>)>;

/// The page's end of its job worker.
struct Port {
    post: Box<dyn FnMut(String) -> Result<(), String>>,
    next: u64,
    waiting: HashMap<u64, Waiting>,
}

impl Port {
    /// Posts `job`; hands it back when it cannot be posted.
    fn send<J: Job>(
        &mut self,
        job: J,
        sender: mpsc::Sender<J::Answer>,
    ) -> Result<(), (J, mpsc::Sender<J::Answer>)> {
        let Ok(input) = serde_json::to_value(&job) else {
            return Err((job, sender));
        };
        self.next += 1;
        let sent = Sent {
            id: self.next,
            game: J::GAME,
            name: J::NAME.to_owned(),
            input,
        };
        let id = sent.id;
        let posted = serde_json::to_string(&Posted { job: sent })
            .map_err(|e| e.to_string())
            .and_then(|text| (self.post)(text));
        if posted.is_err() {
            return Err((job, sender));
        }
        // An answer that cannot be read is worked out here instead: every job answers.
        let waiting: Waiting = Box::new(move |answer| {
            match answer.and_then(|json| serde_json::from_value(json).ok()) {
                Some(answer) => {
                    let _ = sender.send(answer);
                }
                None => run_off_the_page(job, sender),
            }
        });
        self.waiting.insert(id, waiting);
        Ok(())
    }
}

thread_local! {
    /// The page's job worker, once the page has started one.
    static PORT: RefCell<Option<Port>> = const { RefCell::new(None) };
}

/// Sends every later [`offload`] on this thread through `post` to the page's job worker,
/// whose messages the page hands to [`job_answered`].
pub fn use_job_worker(post: impl FnMut(String) -> Result<(), String> + 'static) {
    PORT.set(Some(Port {
        post: Box::new(post),
        next: 0,
        waiting: HashMap::new(),
    }));
}

/// A message from the page's job worker: one job's answer, or the worker's failure, after
/// which jobs run on the page again, those still waiting first.
pub fn job_answered(message: &str) {
    let answered = serde_json::from_str::<Answered>(message).ok();
    let waiting = PORT.with_borrow_mut(|port| match (port.as_mut(), &answered) {
        (Some(p), Some(answered)) => p.waiting.remove(&answered.id).into_iter().collect(),
        // The worker failed, or said what cannot be read: stop using it.
        (Some(_), None) => port
            .take()
            .map(|p| p.waiting.into_values().collect())
            .unwrap_or_default(),
        (None, _) => Vec::new(),
    });
    // An answer has one job waiting for it; a failure leaves every job without one.
    let mut answer = answered.and_then(|a| a.answer.ok());
    for waiting in waiting {
        waiting(answer.take());
    }
}

/// A registry of jobs: runs the job a game names, given and answered as JSON
/// (`rulesets::run_job`).
pub type JobRegistry = fn(Ruleset, &str, serde_json::Value) -> Result<serde_json::Value, String>;

/// The worker's side: runs a job posted by [`offload`], found in `jobs`, and answers it, as
/// JSON; `None` for another message.
pub fn answer_posted(message: &str, jobs: JobRegistry) -> Option<String> {
    let Posted { job: sent } = serde_json::from_str(message).ok()?;
    let answered = Answered {
        id: sent.id,
        answer: jobs(sent.game, &sent.name, sent.input),
    };
    serde_json::to_string(&answered).ok()
}

/// Runs a job of type `J` given as JSON, for a game's part of the registry.
pub fn run_json<J: Job>(input: serde_json::Value) -> Result<serde_json::Value, String> {
    let job: J = serde_json::from_value(input).map_err(|e| e.to_string())?;
    serde_json::to_value(job.run()).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    #[test]
    fn a_job_runs_once_and_answers() {
        let (sender, answers) = mpsc::channel();
        run("test", move || sender.send(6 * 7).unwrap());
        assert_eq!(answers.recv().unwrap(), 42);
        assert!(
            answers.recv().is_err(),
            "the job ran once and let go of its sender"
        );
    }
}
