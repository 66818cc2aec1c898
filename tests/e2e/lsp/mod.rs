//! A minimal Language Server Protocol client over stdio, enough to open documents in
//! yaml-language-server and read its diagnostics and hover texts as an editor would.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// A running language server.
pub struct Server {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Value>,
    next_id: u64,
    /// The settings the server asks for with `workspace/configuration`.
    settings: Value,
    /// The last diagnostics published for each document URI.
    pub diagnostics: HashMap<String, Vec<Value>>,
    /// The document version each last publication was for, when the server said.
    versions: HashMap<String, i64>,
    /// How many times diagnostics were published for each document URI.
    pub publications: HashMap<String, usize>,
}

const PATIENCE: Duration = Duration::from_secs(60);

impl Server {
    /// Starts `command` and completes the `initialize` handshake with `settings` (the
    /// `yaml` section an editor would send).
    pub fn start(mut command: Command, settings: Value) -> Server {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start the language server {command:?}: {e}"));
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, messages) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Some(message) = read_message(&mut reader) {
                if sender.send(message).is_err() {
                    break;
                }
            }
        });
        let mut server = Server {
            child,
            stdin,
            messages,
            next_id: 0,
            settings,
            diagnostics: HashMap::new(),
            versions: HashMap::new(),
            publications: HashMap::new(),
        };
        server.request(
            "initialize",
            json!({
                "processId": std::process::id(),
                "rootUri": null,
                "capabilities": {
                    "textDocument": {
                        "hover": {"contentFormat": ["markdown", "plaintext"]},
                        "publishDiagnostics": {}
                    },
                    "workspace": {"configuration": true}
                }
            }),
        );
        server.notify("initialized", json!({}));
        let settings = json!({ "yaml": server.settings });
        server.notify(
            "workspace/didChangeConfiguration",
            json!({ "settings": settings }),
        );
        server
    }

    fn send(&mut self, message: &Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len())
            .and_then(|()| self.stdin.flush())
            .expect("write to the language server");
    }

    /// Sends a notification.
    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Sends a request and waits for its result, answering the server's own requests and
    /// keeping the diagnostics it publishes meanwhile.
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let answer = self.answer(method, params);
        if let Some(error) = answer.get("error") {
            panic!("{method} failed: {error}");
        }
        answer["result"].clone()
    }

    /// Sends a request that must fail, and returns its error message.
    pub fn request_error(&mut self, method: &str, params: Value) -> String {
        let answer = self.answer(method, params);
        let error = answer
            .get("error")
            .unwrap_or_else(|| panic!("{method} did not fail: {answer}"));
        error["message"].as_str().unwrap_or_default().to_owned()
    }

    /// Sends a request and returns the whole answer to it.
    fn answer(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        let deadline = Instant::now() + PATIENCE;
        loop {
            let message = self
                .next_message(deadline)
                .unwrap_or_else(|| panic!("no answer to {method} within {PATIENCE:?}"));
            if message.get("method").is_none() && message["id"] == id {
                return message;
            }
            self.handle(message);
        }
    }

    fn next_message(&mut self, deadline: Instant) -> Option<Value> {
        let left = deadline.saturating_duration_since(Instant::now());
        self.messages.recv_timeout(left).ok()
    }

    fn handle(&mut self, message: Value) {
        match (
            message.get("method").and_then(Value::as_str),
            message.get("id"),
        ) {
            (Some("textDocument/publishDiagnostics"), None) => {
                let params = &message["params"];
                let uri = params["uri"].as_str().unwrap_or_default().to_owned();
                *self.publications.entry(uri.clone()).or_default() += 1;
                let found = params["diagnostics"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
                match params["version"].as_i64() {
                    Some(version) => self.versions.insert(uri.clone(), version),
                    None => self.versions.remove(&uri),
                };
                self.diagnostics.insert(uri, found);
            }
            (Some("workspace/configuration"), Some(id)) => {
                let items = message["params"]["items"].as_array().map_or(1, Vec::len);
                let answer = vec![self.settings.clone(); items];
                self.send(&json!({"jsonrpc": "2.0", "id": id, "result": answer}));
            }
            (Some(_), Some(id)) => {
                self.send(&json!({"jsonrpc": "2.0", "id": id, "result": null}));
            }
            _ => {}
        }
    }

    /// Opens a document and returns the diagnostics the server publishes for it, once it has
    /// been quiet for a moment.
    pub fn open(&mut self, uri: &str, text: &str) -> Vec<Value> {
        self.diagnostics.remove(uri);
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}),
        );
        let deadline = Instant::now() + PATIENCE;
        while !self.diagnostics.contains_key(uri) {
            let message = self
                .next_message(deadline)
                .unwrap_or_else(|| panic!("no diagnostics for {uri} within {PATIENCE:?}"));
            self.handle(message);
        }
        // A later publication replaces an earlier one; wait until none comes for a while.
        let quiet = Duration::from_millis(400);
        while let Some(message) = self.next_message(Instant::now() + quiet) {
            self.handle(message);
        }
        self.diagnostics.get(uri).cloned().unwrap_or_default()
    }

    /// Opens a document and returns the diagnostics the server publishes for this version of
    /// it (for servers that say which version they checked).
    pub fn open_version(&mut self, uri: &str, text: &str, version: i64) -> Vec<Value> {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "yaml", "version": version, "text": text}}),
        );
        self.diagnostics_of(uri, version)
    }

    /// Sends a `didChange` with `changes` (each a `range` and `text`, or a `text` alone) and
    /// returns the diagnostics published for the new version.
    pub fn change(&mut self, uri: &str, version: i64, changes: Value) -> Vec<Value> {
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": changes}),
        );
        self.diagnostics_of(uri, version)
    }

    /// Waits for the diagnostics of `version` of a document.
    pub fn diagnostics_of(&mut self, uri: &str, version: i64) -> Vec<Value> {
        let deadline = Instant::now() + PATIENCE;
        while self.versions.get(uri) != Some(&version) {
            let message = self.next_message(deadline).unwrap_or_else(|| {
                panic!("no diagnostics for version {version} of {uri} within {PATIENCE:?}")
            });
            self.handle(message);
        }
        self.diagnostics.get(uri).cloned().unwrap_or_default()
    }

    /// Takes in everything the server sends for `time`.
    pub fn listen(&mut self, time: Duration) {
        let until = Instant::now() + time;
        while let Some(message) = self.next_message(until) {
            self.handle(message);
        }
    }

    /// Waits until the server publishes diagnostics for `uri` that `done` accepts, and returns
    /// them.
    pub fn wait_for(&mut self, uri: &str, done: impl Fn(&[Value]) -> bool) -> Vec<Value> {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(found) = self.diagnostics.get(uri)
                && done(found)
            {
                return found.clone();
            }
            let message = self
                .next_message(deadline)
                .unwrap_or_else(|| panic!("no awaited diagnostics for {uri} within {PATIENCE:?}"));
            self.handle(message);
        }
    }

    /// Closes a document.
    pub fn close(&mut self, uri: &str) {
        self.notify(
            "textDocument/didClose",
            json!({"textDocument": {"uri": uri}}),
        );
    }

    /// The hover text at a 0-based line and character, or an empty text.
    pub fn hover(&mut self, uri: &str, line: usize, character: usize) -> String {
        let result = self.request(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}),
        );
        match &result["contents"] {
            Value::String(text) => text.clone(),
            Value::Object(markup) => markup["value"].as_str().unwrap_or_default().to_owned(),
            _ => String::new(),
        }
    }
}

impl Server {
    /// The labels of the completion items offered at a 0-based line and character.
    pub fn completion(&mut self, uri: &str, line: usize, character: usize) -> Vec<String> {
        let result = self.request(
            "textDocument/completion",
            json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}),
        );
        let items = match &result {
            Value::Array(items) => items.clone(),
            Value::Object(list) => list["items"].as_array().cloned().unwrap_or_default(),
            _ => Vec::new(),
        };
        items
            .iter()
            .filter_map(|i| i["label"].as_str().map(str::to_owned))
            .collect()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Reads one `Content-Length` framed message, or `None` at the end of the stream.
fn read_message(reader: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    reader.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}
