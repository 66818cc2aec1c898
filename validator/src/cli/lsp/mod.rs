//! `megahex lsp`: the validator as a language server over standard input and output. The
//! reader thread (here) takes the client's messages in order and keeps the open documents; the
//! diagnostics worker checks them with the same [`Checker`] as `megahex validate`.

// `lsp_types::Uri` caches its parts inside, which clippy takes for a key that can change; its
// hash and order are those of its text, which never changes.
#![allow(clippy::mutable_key_type)]

mod diagnose;
mod documents;
mod requests;
mod text;
mod uri;
mod worker;

use std::io::Write;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::Duration;

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Notification as _,
};
use lsp_types::{
    CodeActionProviderCapability, CompletionOptions, DidChangeTextDocumentParams,
    DidCloseTextDocumentParams, DidOpenTextDocumentParams, HoverProviderCapability, OneOf,
    RenameOptions, ServerCapabilities, ServerInfo, TextDocumentSyncCapability,
    TextDocumentSyncKind, WorkDoneProgressOptions,
};
use megahex::Checker;
use megahex_schema::Catalog;

use super::output::{EXIT_FAILURE, EXIT_OK};
use documents::Documents;
use worker::Job;

/// Runs the server until the client shuts it down, and returns the exit code.
pub fn run(catalog: Catalog) -> i32 {
    // A panic is the request's or the check's end, not the server's: both catch it, and the
    // hook only leaves a line in the client's log (standard error).
    std::panic::set_hook(Box::new(|info| {
        let _ = writeln!(
            std::io::stderr(),
            "megahex lsp: internal error (a bug in megahex): {info}"
        );
    }));
    let checkers = Checker::new(catalog.clone()).and_then(|full| {
        let quick = Checker::new(catalog)?.without_play();
        Ok((full, quick))
    });
    let (checker, quick) = match checkers {
        Ok((full, quick)) => (Arc::new(full), quick),
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "megahex lsp: {e}");
            return EXIT_FAILURE;
        }
    };
    let (connection, io_threads) = Connection::stdio();
    let served = serve(&connection, checker, quick);
    drop(connection);
    let joined = io_threads.join();
    match served.and(joined.map_err(|e| e.to_string())) {
        Ok(()) => EXIT_OK,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "megahex lsp: {e}");
            EXIT_FAILURE
        }
    }
}

/// What the server offers the client.
fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(
            TextDocumentSyncKind::INCREMENTAL,
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        rename_provider: Some(OneOf::Right(RenameOptions {
            prepare_provider: Some(true),
            work_done_progress_options: WorkDoneProgressOptions::default(),
        })),
        completion_provider: Some(CompletionOptions::default()),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        ..ServerCapabilities::default()
    }
}

fn serve(connection: &Connection, checker: Arc<Checker>, quick: Checker) -> Result<(), String> {
    let initialize = serde_json::json!({
        "capabilities": capabilities(),
        "serverInfo": ServerInfo {
            name: "megahex".to_owned(),
            version: Some(env!("CARGO_PKG_VERSION").to_owned()),
        },
    });
    let (id, _params) = connection.initialize_start().map_err(|e| e.to_string())?;
    connection
        .initialize_finish(id, initialize)
        .map_err(|e| e.to_string())?;
    let documents = Documents::default();
    let (jobs, worker) = worker::spawn(checker, documents.clone(), connection.sender.clone());
    let context = Arc::new(requests::Context {
        quick,
        documents: documents.clone(),
    });
    for message in &connection.receiver {
        match message {
            Message::Request(request) => {
                if connection
                    .handle_shutdown(&request)
                    .map_err(|e| e.to_string())?
                {
                    break;
                }
                answer(connection, &context, request);
            }
            Message::Notification(notification) => notice(&documents, &jobs, notification),
            Message::Response(_) => {}
        }
    }
    drop(jobs);
    worker
        .join()
        .map_err(|_| "the diagnostics worker stopped".to_owned())
}

/// How long a request may take before it is abandoned: its answer is an error, and the
/// requests after it never waited for it.
const REQUEST_BUDGET: Duration = Duration::from_secs(2);

/// Answers a request on a thread of its own, so a slow one holds up nothing, within
/// [`REQUEST_BUDGET`]; a panic answers with an error and the server goes on.
fn answer(connection: &Connection, context: &Arc<requests::Context>, request: Request) {
    let sender = connection.sender.clone();
    let context = context.clone();
    std::thread::spawn(move || {
        let id = request.id.clone();
        let method = request.method.clone();
        let response = match within(REQUEST_BUDGET, move || requests::answer(&context, &request)) {
            Ok(Some(response)) => response,
            Ok(None) => Response::new_err(
                id,
                ErrorCode::MethodNotFound as i32,
                format!("megahex does not answer {method}"),
            ),
            Err(Unfinished::Panicked) => Response::new_err(
                id,
                ErrorCode::InternalError as i32,
                format!(
                    "megahex failed on {method}: an internal error, a bug in megahex (the server's log has the details)"
                ),
            ),
            Err(Unfinished::TooSlow) => Response::new_err(
                id,
                ErrorCode::RequestFailed as i32,
                format!("{method} took longer than {REQUEST_BUDGET:?} and was abandoned"),
            ),
        };
        let _ = sender.send(Message::Response(response));
    });
}

/// Why a piece of work gave no answer.
#[derive(Debug, PartialEq, Eq)]
enum Unfinished {
    /// It panicked.
    Panicked,
    /// It ran past its budget; it goes on in the background and its answer is dropped.
    TooSlow,
}

/// Runs `work` on a thread of its own and waits at most `budget` for its answer.
fn within<T: Send + 'static>(
    budget: Duration,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Unfinished> {
    let (answer, answered) = crossbeam_channel::bounded(1);
    std::thread::spawn(move || {
        let _ = answer.send(std::panic::catch_unwind(AssertUnwindSafe(work)));
    });
    match answered.recv_timeout(budget) {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(_)) => Err(Unfinished::Panicked),
        Err(_) => Err(Unfinished::TooSlow),
    }
}

/// Keeps the open documents as the client edits them, and has the worker check each change.
fn notice(documents: &Documents, jobs: &crossbeam_channel::Sender<Job>, message: Notification) {
    match message.method.as_str() {
        DidOpenTextDocument::METHOD => {
            if let Ok(params) =
                message.extract::<DidOpenTextDocumentParams>(DidOpenTextDocument::METHOD)
            {
                let document = params.text_document;
                documents.open(document.uri.clone(), document.text, document.version);
                let _ = jobs.send(Job::Changed(document.uri));
            }
        }
        DidChangeTextDocument::METHOD => {
            if let Ok(params) =
                message.extract::<DidChangeTextDocumentParams>(DidChangeTextDocument::METHOD)
            {
                let document = params.text_document;
                if documents.change(&document.uri, params.content_changes, document.version) {
                    let _ = jobs.send(Job::Changed(document.uri));
                }
            }
        }
        DidCloseTextDocument::METHOD => {
            if let Ok(params) =
                message.extract::<DidCloseTextDocumentParams>(DidCloseTextDocument::METHOD)
            {
                documents.close(&params.text_document.uri);
                let _ = jobs.send(Job::Closed(params.text_document.uri));
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_that_panics_or_runs_late_gives_no_answer_and_nothing_waits_for_it() {
        // A panic's report (with a backtrace) may take a while; a budget that waits for it.
        let ample = Duration::from_secs(20);
        assert_eq!(within(ample, || 7), Ok(7));
        assert_eq!(
            within(ample, || -> u8 { panic!("a bug") }),
            Err(Unfinished::Panicked)
        );
        let started = std::time::Instant::now();
        let slow = within(Duration::from_millis(200), || {
            std::thread::sleep(Duration::from_secs(5));
        });
        assert_eq!(slow, Err(Unfinished::TooSlow));
        assert!(started.elapsed() < Duration::from_secs(5));
    }
}
