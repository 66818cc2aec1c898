//! The page around the editor: where the scenario comes from (a share link, `?url=`, a picked
//! or dropped file, the last one opened), the shared view's banner, the Share button, and what
//! the editor asks of the page after each frame (downloads, the file picker). The editor
//! itself is the desktop's, unchanged.

use std::cell::RefCell;
use std::rc::Rc;

use egui::RichText;
use megahex_editor::checks::CheckRunner;
use megahex_editor::command::Command;
use megahex_editor::page::PageRequests;
use megahex_editor::{Document, EditorApp, share_link};

use crate::browser::{self, Inbox, Incoming};

/// Why edits are refused in a shared view.
const VIEW_ONLY: &str = "This is a shared view: click Edit a copy (above the map) to change it";

/// The editor in a page.
pub struct WebShell {
    editor: EditorApp,
    inbox: Inbox,
    /// A message for the designer above the map (a failed fetch, a damaged link), if any.
    notice: Option<String>,
    /// A `?url=` to fetch once the page has a context to wake.
    to_fetch: Option<String>,
    /// The title last given to the tab.
    shown_title: String,
    /// Frames drawn so far, to mark the first on the page's timeline.
    frames: u64,
    /// Checks run on the page's own thread: its worker failed or never started.
    checks_on_page: bool,
}

impl WebShell {
    /// The editor on what the address asks for, else the file last opened, else the sample.
    pub fn new(ctx: &egui::Context) -> WebShell {
        let mut notice = None;
        let mut to_fetch = None;
        let mut shared = false;
        let first = match share_link::read_fragment(&browser::fragment()) {
            Ok(Some(link)) => {
                shared = true;
                Some(Document::from_page(link.name, &link.text))
            }
            Ok(None) => None,
            Err(why) => {
                notice = Some(format!("Could not open the shared link: {why}"));
                None
            }
        };
        let first = first.or_else(|| match browser::query("url") {
            Some(url) => {
                notice = Some(format!("Opening {url}…"));
                to_fetch = Some(url);
                None
            }
            None => browser::last_opened().map(|(name, text)| Document::from_page(name, &text)),
        });
        // Checks and odds searches go to Web Workers, so a long one never holds the page;
        // without them (the browser refused) they run here.
        browser::use_job_worker(ctx);
        let checks = match browser::check_worker(ctx) {
            Some(worker) => CheckRunner::elsewhere(worker),
            None => CheckRunner::on_this_thread(),
        };
        let mut editor = EditorApp::checked_by(first.unwrap_or_else(Document::sample), checks);
        editor.wb.page = Some(PageRequests::default());
        // Work left unsaved in this same scenario comes back editable; a fresh look at
        // someone's link is a view.
        if shared && editor.recovery.offer.is_none() {
            editor.read_only = Some(VIEW_ONLY.to_owned());
        }
        browser::mark("megahex-opened");
        WebShell {
            editor,
            inbox: Rc::new(RefCell::new(Vec::new())),
            notice,
            to_fetch,
            shown_title: String::new(),
            frames: 0,
            checks_on_page: false,
        }
    }

    /// Takes what the browser brought since the last frame.
    fn take_incoming(&mut self, ctx: &egui::Context) {
        if let Some(url) = self.to_fetch.take() {
            browser::fetch(url, &self.inbox, ctx);
        }
        let dropped: Vec<_> = ctx.input(|i| i.raw.dropped_files.clone());
        for file in dropped {
            if let Some(file) = file.web_file() {
                browser::read_file(file.clone(), &self.inbox, ctx);
            }
        }
        let incoming = std::mem::take(&mut *self.inbox.borrow_mut());
        for item in incoming {
            match item {
                Incoming::File { name, text } => {
                    self.notice = None;
                    self.editor.read_only = None;
                    browser::remember_last(&name, &text);
                    self.editor.open_text(name, text);
                    if !self.editor.wb.doc.is_editable() {
                        self.notice = Some(format!(
                            "{} did not open as a scenario: the problems panel says why",
                            self.editor.wb.doc.name
                        ));
                    }
                }
                Incoming::Failed(why) => self.notice = Some(why),
            }
        }
    }

    /// The strip above the editor: the shared view's banner, the notice, and Share.
    fn strip(&mut self, ui: &mut egui::Ui) {
        egui::Panel::top("page").show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new("Megahex").strong());
                if ui
                    .button("Open file…")
                    .on_hover_text("Open a scenario from this computer (or drop one on the page)")
                    .clicked()
                {
                    // The editor's own Open, which asks the page for its picker.
                    self.editor.wb.send(Command::Open);
                }
                if ui
                    .button("Share link")
                    .on_hover_text(
                        "Copy a link that carries this scenario, edits included, to open in any browser",
                    )
                    .clicked()
                {
                    self.share(ui.ctx());
                }
                if self.editor.read_only.is_some() {
                    ui.separator();
                    let warn = ui.visuals().warn_fg_color;
                    ui.label(RichText::new("Viewing a shared scenario").color(warn));
                    if ui
                        .button("Edit a copy")
                        .on_hover_text("Edit this scenario here; Save downloads your copy")
                        .clicked()
                    {
                        self.edit_a_copy();
                    }
                }
                if let Some(notice) = &self.notice {
                    ui.separator();
                    let error = ui.visuals().error_fg_color;
                    ui.label(RichText::new(notice).color(error));
                    if ui.small_button("×").on_hover_text("Dismiss").clicked() {
                        self.notice = None;
                    }
                }
            });
        });
    }

    fn share(&mut self, ctx: &egui::Context) {
        let doc = &self.editor.wb.doc;
        let text = match doc.text_as_is() {
            Ok(text) => text,
            Err(why) => {
                self.notice = Some(format!("Nothing to share: {why}"));
                return;
            }
        };
        match browser::set_fragment(&share_link::fragment(&doc.name, &text)) {
            Ok(link) => {
                ctx.copy_text(link.clone());
                self.notice = Some(format!(
                    "Link copied ({} characters); the address bar holds it too",
                    link.len()
                ));
            }
            Err(why) => self.notice = Some(format!("Could not make the link: {why}")),
        }
    }

    fn edit_a_copy(&mut self) {
        self.editor.read_only = None;
        if let Ok(text) = self.editor.wb.doc.text_as_is() {
            browser::remember_last(&self.editor.wb.doc.name, &text);
        }
    }

    /// Carries out what the editor asked of the page this frame.
    fn serve_requests(&mut self, ctx: &egui::Context) {
        let Some(page) = &mut self.editor.wb.page else {
            return;
        };
        let requests = std::mem::take(page);
        for file in &requests.downloads {
            if let Err(why) = browser::download(file) {
                self.notice = Some(format!("Could not download {}: {why}", file.name));
            }
        }
        if requests.pick_file
            && let Err(why) = browser::pick_file(&self.inbox, ctx)
        {
            self.notice = Some(format!("Could not show the file picker: {why}"));
        }
    }
}

impl eframe::App for WebShell {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        self.take_incoming(&ctx);
        self.strip(ui);
        self.editor.show(ui);
        self.serve_requests(&ctx);
        let title = self.editor.page_title();
        if title != self.shown_title {
            browser::set_title(&title);
            self.shown_title = title;
        }
        if self.frames == 0 {
            browser::mark("megahex-first-frame");
        }
        // Where checks run between frames, their answer is taken by the next one: ask for it
        // now rather than at the next pointer move. A check that waits for the edits to
        // pause has asked for its own frame.
        let checks = &self.editor.checks;
        if checks.is_busy() && !checks.wakes_itself() {
            ctx.request_repaint();
        }
        if !checks.checks_elsewhere() && !self.checks_on_page {
            // Once, for a test or the profiler: the worker did not start, or failed.
            browser::mark("megahex-checks-on-page");
            self.checks_on_page = true;
        }
        self.frames += 1;
    }
}
