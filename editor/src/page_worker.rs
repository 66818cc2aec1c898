//! A web page's workers, from their side: the page starts the editor's module a second time in
//! a Web Worker (twice: one for checks, one for other jobs), posts it messages as JSON, and the
//! worker hands each to [`answer`]. Checks and jobs are the same code the desktop runs on its
//! threads.

/// The worker's answer to one message, as JSON: a check's report, or a job's answer. Each
/// kind of message is read by the module that posts it. A message that cannot be read gets a
/// failure, which the page reads as "do it here instead".
pub fn answer(message: &str) -> String {
    crate::checks::elsewhere::answer_posted(message)
        .or_else(|| crate::background::answer_posted(message, crate::rulesets::run_job))
        .unwrap_or_else(|| crate::checks::elsewhere::failure("the worker could not read a message"))
}
