//! Megahex in a web page: the desktop editor's own app, started on a canvas by eframe's web
//! runner, with the page's side of things ([`shell`]) around it. The page's script only loads
//! this module and calls [`start`]; no rule is written in JavaScript.
//!
//! [`check_json`] gives the checker's verdict on a text exactly as `megahex validate --format
//! json` prints it, so a test can compare the browser's verdicts with the native binary's.
#![cfg(target_arch = "wasm32")]

mod browser;
mod shell;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// Starts the editor on the canvas with id `canvas_id`.
#[wasm_bindgen]
pub async fn start(canvas_id: String) -> Result<(), JsValue> {
    let canvas: web_sys::HtmlCanvasElement = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(&canvas_id))
        .ok_or_else(|| JsValue::from_str(&format!("the page has no element #{canvas_id}")))?
        .dyn_into()
        .map_err(|_| JsValue::from_str(&format!("#{canvas_id} is not a canvas")))?;
    eframe::WebRunner::new()
        .start(
            canvas,
            eframe::WebOptions::default(),
            Box::new(|creation| {
                browser::mark("megahex-painter-ready");
                // The desktop editor's look, whatever the browser prefers: its map and cards
                // are drawn for the dark theme.
                creation.egui_ctx.set_theme(egui::Theme::Dark);
                megahex_editor::fonts::install(&creation.egui_ctx);
                Ok(Box::new(shell::WebShell::new(&creation.egui_ctx)))
            }),
        )
        .await
}

/// The findings on `text`, read as the file `path`, as `megahex validate --format json`
/// reports them. A scenario's `catalog:` is read by calling `read_catalog` with the catalog's
/// path (the scenario's folder joined with what it wrote); it returns the text, or `null` when
/// there is no such file.
#[wasm_bindgen]
pub fn check_json(
    path: &str,
    text: &str,
    read_catalog: &js_sys::Function,
) -> Result<String, JsValue> {
    CHECKER.with(|checker| match checker {
        Ok(checker) => Ok(check_with(checker, path, text, read_catalog)),
        Err(why) => Err(JsValue::from_str(why)),
    })
}

thread_local! {
    /// The checker, made once: the schema is compiled and the catalog merged for the first
    /// check only, as `megahex validate` does once per run.
    static CHECKER: Result<megahex::Checker, String> =
        megahex::Checker::new(megahex_schema::Catalog::builtin()).map_err(|e| e.to_string());
}

fn check_with(
    checker: &megahex::Checker,
    path: &str,
    text: &str,
    read_catalog: &js_sys::Function,
) -> String {
    let base = std::path::Path::new(path)
        .parent()
        .map(std::path::Path::to_path_buf)
        .unwrap_or_default();
    let read = |relative: &str| {
        let file = base.join(relative);
        let asked = read_catalog.call1(&JsValue::NULL, &JsValue::from_str(&file.to_string_lossy()));
        match asked.ok().and_then(|t| t.as_string()) {
            Some(text) => Ok(megahex::CatalogFile::from_text(&file, text)),
            None => Err(megahex::ReadError::Other(format!(
                "cannot read {}",
                file.display()
            ))),
        }
    };
    let outcome = checker.check_text(text, &read);
    let result =
        megahex::report::FileResult::checked(path.to_owned(), text.as_bytes(), outcome.diagnostics);
    megahex::report::json::render(&[result])
}

/// The page's workers (`worker.js`) call this for each message the page posts them: a check
/// or another job, asked and answered as JSON ([`megahex_editor::page_worker`]).
#[wasm_bindgen]
pub fn worker_answer(message: &str) -> String {
    megahex_editor::page_worker::answer(message)
}

/// The fragment (without `#`) of a share link carrying `text` as the file `name`: what the
/// page's Share button writes, for a host page or a test to make links with.
#[wasm_bindgen]
pub fn share_fragment(name: &str, text: &str) -> String {
    megahex_editor::share_link::fragment(name, text)
}
