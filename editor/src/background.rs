//! Work off the UI thread: a thread of its own on the desktop; on the spot where threads
//! cannot be started (a web page has none), so the same code answers on both.

use std::sync::{Arc, Mutex, PoisonError};

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
