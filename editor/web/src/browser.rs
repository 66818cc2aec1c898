//! The few things the page does for the editor that only a browser can: read the address,
//! set the tab's title, download a file, show the file picker, fetch a URL and keep the last
//! opened file. Each reports failure as text for the page's notice, never by panicking.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::{JsFuture, spawn_local};

use megahex_editor::browser_storage;
use megahex_editor::page::Download;

/// What arrives for the page from the browser's asynchronous work.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Incoming {
    /// A file to open: picked, dropped or fetched.
    File { name: String, text: String },
    /// Why something could not be opened.
    Failed(String),
}

/// Where asynchronous work leaves what it brings, for the next frame to take.
pub type Inbox = Rc<RefCell<Vec<Incoming>>>;

fn window() -> Option<web_sys::Window> {
    web_sys::window()
}

fn text_of(value: &JsValue) -> String {
    value
        .as_string()
        .or_else(|| {
            value
                .dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
        })
        .unwrap_or_else(|| format!("{value:?}"))
}

/// The address's fragment, with its `#`, or "".
pub fn fragment() -> String {
    window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// The value of `?name=` in the address, if given.
pub fn query(name: &str) -> Option<String> {
    let search = window()?.location().search().ok()?;
    web_sys::UrlSearchParams::new_with_str(&search)
        .ok()?
        .get(name)
}

/// Marks a moment on the page's performance timeline (`megahex-…`), where a test or the
/// browser's profiler reads how long the page took to get there.
pub fn mark(name: &str) {
    if let Some(performance) = window().and_then(|w| w.performance()) {
        let _ = performance.mark(name);
    }
}

/// Sets the tab's title.
pub fn set_title(title: &str) {
    if let Some(document) = window().and_then(|w| w.document()) {
        document.set_title(title);
    }
}

/// Puts `fragment` in the address without reloading, and returns the whole link.
pub fn set_fragment(fragment: &str) -> Result<String, String> {
    let window = window().ok_or("no window")?;
    let location = window.location();
    let base = format!(
        "{}{}{}",
        location.origin().map_err(|e| text_of(&e))?,
        location.pathname().map_err(|e| text_of(&e))?,
        location.search().map_err(|e| text_of(&e))?
    );
    let link = format!("{base}#{fragment}");
    window
        .history()
        .and_then(|h| h.replace_state_with_url(&JsValue::NULL, "", Some(&link)))
        .map_err(|e| text_of(&e))?;
    Ok(link)
}

/// Offers `file` as a download, as a link to a blob clicked on the page's behalf.
pub fn download(file: &Download) -> Result<(), String> {
    let document = window().and_then(|w| w.document()).ok_or("no document")?;
    let bytes = js_sys::Uint8Array::from(file.bytes.as_slice());
    let parts = js_sys::Array::of1(&bytes);
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(file.mime);
    let blob = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options)
        .map_err(|e| text_of(&e))?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(|e| text_of(&e))?;
    let anchor: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(|e| text_of(&e))?
        .dyn_into()
        .map_err(|_| "not an anchor")?;
    anchor.set_href(&url);
    anchor.set_download(&file.name);
    anchor.click();
    // The click has started the download; the blob's URL is no longer needed.
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// Shows the browser's file picker; the chosen file arrives in `inbox`.
pub fn pick_file(inbox: &Inbox, ctx: &egui::Context) -> Result<(), String> {
    let document = window().and_then(|w| w.document()).ok_or("no document")?;
    let input: web_sys::HtmlInputElement = document
        .create_element("input")
        .map_err(|e| text_of(&e))?
        .dyn_into()
        .map_err(|_| "not an input")?;
    input.set_type("file");
    input.set_accept(".yaml,.yml,application/yaml,text/yaml");
    let chosen = input.clone();
    let inbox = Rc::clone(inbox);
    let ctx = ctx.clone();
    let on_change = Closure::once(move || {
        if let Some(file) = chosen.files().and_then(|files| files.get(0)) {
            read_file(file, &inbox, &ctx);
        }
    });
    input.set_onchange(Some(on_change.as_ref().unchecked_ref()));
    // The picker may stay open for as long as the designer likes.
    on_change.forget();
    input.click();
    Ok(())
}

/// Reads `file` as text into `inbox`.
pub fn read_file(file: web_sys::File, inbox: &Inbox, ctx: &egui::Context) {
    let inbox = Rc::clone(inbox);
    let ctx = ctx.clone();
    spawn_local(async move {
        let name = file.name();
        let incoming = match JsFuture::from(file.text()).await {
            Ok(text) => match text.as_string() {
                Some(text) => Incoming::File { name, text },
                None => Incoming::Failed(format!("{name} is not a text file")),
            },
            Err(e) => Incoming::Failed(format!("Could not read {name}: {}", text_of(&e))),
        };
        inbox.borrow_mut().push(incoming);
        ctx.request_repaint();
    });
}

/// Fetches `url` as text into `inbox`, named by the last part of its path.
pub fn fetch(url: String, inbox: &Inbox, ctx: &egui::Context) {
    let inbox = Rc::clone(inbox);
    let ctx = ctx.clone();
    spawn_local(async move {
        let incoming = match fetch_text(&url).await {
            Ok(text) => Incoming::File {
                name: file_name_of(&url),
                text,
            },
            Err(why) => Incoming::Failed(format!("Could not open {url}: {why}")),
        };
        inbox.borrow_mut().push(incoming);
        ctx.request_repaint();
    });
}

async fn fetch_text(url: &str) -> Result<String, String> {
    let window = window().ok_or("no window")?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(|e| {
            format!(
                "the fetch failed ({}); the server may be down or not allow other sites to read it",
                text_of(&e)
            )
        })?
        .dyn_into()
        .map_err(|_| "the fetch gave no response")?;
    if !response.ok() {
        return Err(format!(
            "the server answered {} {}",
            response.status(),
            response.status_text()
        ));
    }
    let text = JsFuture::from(response.text().map_err(|e| text_of(&e))?)
        .await
        .map_err(|e| text_of(&e))?;
    text.as_string()
        .ok_or_else(|| "the answer is not text".to_owned())
}

/// `https://x/y/blades-gambit.yaml?raw=1` → `blades-gambit.yaml`.
fn file_name_of(url: &str) -> String {
    let path = url.split(['?', '#']).next().unwrap_or(url);
    match path.rsplit('/').next() {
        Some(last) if !last.is_empty() => last.to_owned(),
        _ => "scenario.yaml".to_owned(),
    }
}

const LAST_NAME: &str = "megahex:last-opened-name";
const LAST_TEXT: &str = "megahex:last-opened-text";

/// Remembers the file last opened for editing, so a reload of the page opens it again (its
/// unsaved work then comes back as the recovery copy).
pub fn remember_last(name: &str, text: &str) {
    // A full storage only costs the reopening; the recovery copy reports its own failure.
    let _ = browser_storage::set(LAST_NAME, name);
    let _ = browser_storage::set(LAST_TEXT, text);
}

/// The file last opened for editing, if the browser kept it.
pub fn last_opened() -> Option<(String, String)> {
    Some((
        browser_storage::get(LAST_NAME)?,
        browser_storage::get(LAST_TEXT)?,
    ))
}

/// A Web Worker running `worker.js` beside the page: this same module, on a thread of the
/// browser's. Each message it posts goes to `answered`, and is marked on the page's timeline
/// as `answer_mark`; a failure to run (the script did not load) goes there too, as the
/// failure the editor's workers send. Both wake the page.
fn start_worker(
    ctx: &egui::Context,
    answer_mark: &'static str,
    answered: impl Fn(String) + Clone + 'static,
) -> Option<web_sys::Worker> {
    use megahex_editor::checks::elsewhere::failure;
    let options = web_sys::WorkerOptions::new();
    options.set_type(web_sys::WorkerType::Module);
    let worker = web_sys::Worker::new_with_options("worker.js", &options).ok()?;
    let on_message = {
        let (answered, ctx) = (answered.clone(), ctx.clone());
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
            let text = event
                .data()
                .as_string()
                .unwrap_or_else(|| failure("the worker sent something other than text"));
            mark(answer_mark);
            answered(text);
            ctx.request_repaint();
        })
    };
    let on_error = {
        let ctx = ctx.clone();
        Closure::<dyn FnMut(web_sys::Event)>::new(move |_: web_sys::Event| {
            answered(failure("the worker stopped"));
            ctx.request_repaint();
        })
    };
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    // The handlers live as long as the page, as the worker does.
    on_message.forget();
    on_error.forget();
    Some(worker)
}

fn post(worker: &web_sys::Worker, message: &str) -> Result<(), String> {
    worker
        .post_message(&JsValue::from_str(message))
        .map_err(|e| text_of(&e))
}

/// The page's check worker, reached as the editor's checks expect; `None` when the browser
/// will not start one, and the page then checks on its own thread.
pub fn check_worker(ctx: &egui::Context) -> Option<megahex_editor::checks::elsewhere::Elsewhere> {
    let (sender, answers) = std::sync::mpsc::channel::<String>();
    let worker = start_worker(ctx, "megahex-worker-answer", move |text| {
        let _ = sender.send(text);
    })?;
    Some(megahex_editor::checks::elsewhere::Elsewhere::new(
        move |asked| post(&worker, &asked),
        answers,
    ))
}

/// Sends the editor's other long work (odds searches) to a second worker, started with the
/// first job, so a page that never asks one pays nothing; a job runs on the page when the
/// worker cannot start.
pub fn use_job_worker(ctx: &egui::Context) {
    let ctx = ctx.clone();
    let mut worker: Option<web_sys::Worker> = None;
    megahex_editor::background::use_job_worker(move |message| {
        if worker.is_none() {
            worker = start_worker(&ctx, "megahex-job-answer", |text| {
                megahex_editor::background::job_answered(&text);
            });
        }
        match &worker {
            Some(worker) => post(worker, &message),
            None => Err("the browser did not start the worker".to_owned()),
        }
    });
}
