//! `megahex lsp`: the validator as a language server over standard input and output. The
//! reader thread (here) takes the client's messages in order and keeps the open documents; the
//! diagnostics worker checks them with the same [`Checker`] as `megahex validate`.

// `lsp_types::Uri` caches its parts inside, which clippy takes for a key that can change; its
// hash and order are those of its text, which never changes.
#![allow(clippy::mutable_key_type)]

mod diagnose;
mod documents;
mod text;
mod uri;
mod worker;

use std::io::Write;
use std::sync::Arc;

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Notification as _,
};
use lsp_types::{
    DidChangeTextDocumentParams, DidCloseTextDocumentParams, DidOpenTextDocumentParams,
    ServerCapabilities, ServerInfo, TextDocumentSyncCapability, TextDocumentSyncKind,
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
    let checker = match Checker::new(catalog) {
        Ok(checker) => Arc::new(checker),
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "megahex lsp: {e}");
            return EXIT_FAILURE;
        }
    };
    let (connection, io_threads) = Connection::stdio();
    let served = serve(&connection, checker);
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
        ..ServerCapabilities::default()
    }
}

fn serve(connection: &Connection, checker: Arc<Checker>) -> Result<(), String> {
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
    for message in &connection.receiver {
        match message {
            Message::Request(request) => {
                if connection
                    .handle_shutdown(&request)
                    .map_err(|e| e.to_string())?
                {
                    break;
                }
                answer(connection, request);
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

/// A request the server does not serve gets the protocol's answer for that.
fn answer(connection: &Connection, request: Request) {
    let response = Response::new_err(
        request.id,
        ErrorCode::MethodNotFound as i32,
        format!("megahex does not answer {}", request.method),
    );
    let _ = connection.sender.send(Message::Response(response));
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
