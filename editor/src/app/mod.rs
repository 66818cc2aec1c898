//! The shell: the window that owns the panels and the workbench they share, lays them out each
//! frame, runs the commands they queue (in one place, [`EditorApp::run`]) and carries out what
//! spans several of them: opening, saving, reloading and recovering a document. After every
//! change to the scenario it requests a background check and schedules a recovery copy.

use std::path::PathBuf;

use egui::Color32;

mod files;

use crate::checks::CheckRunner;
use crate::command::Command;
use crate::dialogs::{Dialog, Next};
use crate::disk::ConflictChoice;
use crate::document::Document;
use crate::game_editor::GameEditor;
use crate::held::AnyEdit;
use crate::recovery::Recovery;
use crate::storage;
use crate::workbench::{StatusKind, Workbench, ZOOM_STEP};

/// The editor's state: the open document, how the map is looked at, and the interaction in
/// progress.
pub struct EditorApp {
    /// What every panel works on.
    pub wb: Workbench,
    /// The open game's panels, made for each document.
    pub game: Box<dyn GameEditor>,
    pub checks: CheckRunner,
    pub dialog: Option<Dialog>,
    pub recovery: Recovery,
    /// Gives dialogs' path fields the keyboard once, when they open.
    focus_dialog: bool,
    /// The toolbar, menu bar and shortcut window.
    pub toolbar: crate::toolbar::Toolbar,
    /// The title last sent to the window, so it is only sent when it changes.
    pub shown_title: Option<String>,
    /// Set once the user has chosen to close with unsaved work (kept in a recovery copy).
    allow_close: bool,
    /// The undo history list is open.
    pub history_open: bool,
    /// The watch on the open file, and a conflict waiting for a decision.
    pub disk: crate::disk::DiskWatch,
    /// Recently opened and saved files.
    pub recent: crate::recent::Recent,
    /// Choices kept across sessions.
    pub preferences: crate::preferences::Preferences,
    /// Why the scenario is shown but not edited (a shared link opens as a view), if it is.
    pub read_only: Option<String>,
}

impl EditorApp {
    /// An editor showing `doc`, fitted to the window on the first frame, with recovery copies
    /// in the user's cache folder.
    pub fn new(doc: Document) -> EditorApp {
        EditorApp::checked_by(doc, CheckRunner::start())
    }

    /// [`EditorApp::new`] with its checks made by `checks` (a web page's worker).
    pub fn checked_by(doc: Document, checks: CheckRunner) -> EditorApp {
        let mut app = EditorApp::with_recovery_dir_and_checks(doc, storage::recovery_dir(), checks);
        app.recent = crate::recent::Recent::load(crate::recent::recent_file());
        app.preferences =
            crate::preferences::Preferences::load(crate::preferences::preferences_file());
        // The open game's panels start from the designer's choices.
        app.game = crate::rulesets::editor_for(app.wb.doc.ruleset(), &app.preferences);
        app
    }

    /// An editor keeping recovery copies in `dir`; offers any copy already there for `doc`.
    pub fn with_recovery_dir(doc: Document, dir: PathBuf) -> EditorApp {
        EditorApp::with_recovery_dir_and_checks(doc, dir, CheckRunner::start())
    }

    fn with_recovery_dir_and_checks(doc: Document, dir: PathBuf, checks: CheckRunner) -> EditorApp {
        let mut app = EditorApp {
            game: crate::rulesets::editor_for(doc.ruleset(), &Default::default()),
            wb: Workbench::new(doc),
            checks,
            dialog: None,
            recovery: Recovery::new(dir),
            focus_dialog: false,
            toolbar: crate::toolbar::Toolbar::default(),
            shown_title: None,
            allow_close: false,
            history_open: false,
            disk: crate::disk::DiskWatch::default(),
            recent: crate::recent::Recent::default(),
            preferences: crate::preferences::Preferences::default(),
            read_only: None,
        };
        app.recovery.look_for(&app.wb.doc);
        // Opening ran the quick check; the background check adds the rest.
        app.request_check();
        app
    }

    /// The window title: the file name, and a "•" while there are unsaved changes, so several
    /// editors can be told apart and unsaved work is visible from the task bar.
    pub fn title(&self) -> String {
        let dirty = if self.wb.doc.is_dirty() { " •" } else { "" };
        format!("Megahex editor - {}{dirty}", self.wb.doc.name)
    }

    /// The web page's title: the scenario's title (else its file name) and its problems
    /// (errors and warnings), or "checking…" until the full check has answered.
    pub fn page_title(&self) -> String {
        let doc = &self.wb.doc;
        let scenario = doc.current();
        let title = scenario
            .as_ref()
            .and_then(|s| s.title())
            .filter(|t| !t.trim().is_empty())
            .unwrap_or(&doc.name);
        let problems = doc.count(megahex::Severity::Error) + doc.count(megahex::Severity::Warning);
        crate::page::page_title(title, problems, self.checks.is_busy())
    }

    /// Opens `text` as the file `name` (a web page's file), asking first when that would drop
    /// unsaved changes.
    pub fn open_text(&mut self, name: String, text: String) {
        self.leave_document(crate::dialogs::Next::Read { name, text });
    }

    /// Draws one frame. Kept apart from [`eframe::App`] so it runs headless in tests.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        self.wb.ctx = Some(ctx.clone());
        self.block_edits_while_offered();
        self.wb.expire_status();
        self.receive_checks();
        self.watch_file(&ctx);
        self.handle_close_request(&ctx);
        self.shortcuts(&ctx);
        self.toolbar.game_toggles_on = Command::all()
            .into_iter()
            .filter(|command| self.game.is_on(*command))
            .collect();
        let menu_pick = egui::Panel::top("menu")
            .show(ui, |ui| {
                self.toolbar.menu_bar(ui, &mut self.wb, &self.recent)
            })
            .inner;
        let toolbar_pick = egui::Panel::top("toolbar")
            .show(ui, |ui| {
                self.toolbar.toolbar(ui, &mut self.wb, &self.recent)
            })
            .inner;
        if let Some(path) = menu_pick.or(toolbar_pick) {
            self.leave_document(Next::Open(path));
        }
        if self.recovery.offer.is_some() {
            banner(ui, "recovery", Color32::from_rgb(90, 70, 10)).show(ui, |ui| {
                match self.recovery.banner(ui, &self.wb.doc.name) {
                    Some(crate::recovery::Choice::Restore) => self.restore_recovery(),
                    Some(crate::recovery::Choice::Discard) => self.discard_recovery(),
                    None => {}
                }
            });
        }
        if self.disk.conflict.is_some() {
            banner(ui, "conflict", Color32::from_rgb(120, 30, 30)).show(ui, |ui| {
                match self.disk.banner(ui, &self.wb.doc.name) {
                    Some(ConflictChoice::ReloadTheirs) => self.reload_theirs(),
                    Some(ConflictChoice::KeepMine) => self.keep_mine(),
                    None => {}
                }
            });
        }
        egui::Panel::bottom("status").show(ui, |ui| {
            let (hover, hint) = self.game.status(&mut self.wb);
            crate::status_bar::status_bar(ui, &self.wb, &hover, &hint);
        });
        self.game.show(ui, &mut self.wb, self.checks.is_busy());
        self.dialogs(&ctx);
        self.toolbar.help_window(&ctx);
        if let Some(jump) = crate::undo_list::undo_list(&ctx, &mut self.history_open, &self.wb.doc)
        {
            self.jump(jump);
        }
        self.run_commands();
        self.game
            .show_windows(&ctx, &mut self.wb, &mut self.preferences);
        self.recent.note(self.wb.doc.path.as_deref());
        self.settle();
        self.recovery.tick(&mut self.wb, &ctx);
        let title = self.title();
        if self.shown_title.as_ref() != Some(&title) {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.shown_title = Some(title);
        }
    }

    // --- changes --------------------------------------------------------------------------

    /// Applies one edit through the workbench, then does what follows any change.
    pub fn edit(&mut self, edit: impl Into<AnyEdit>) -> bool {
        self.block_edits_while_offered();
        let applied = self.wb.edit(edit);
        self.settle();
        applied
    }

    /// While a recovery copy waits for a decision, edits would fork from it: refuse them.
    fn block_edits_while_offered(&mut self) {
        self.wb.edits_blocked = match &self.read_only {
            Some(why) => Some(why.clone()),
            None => self.recovery.offer.is_some().then(|| {
                "Restore or discard the unsaved changes from the earlier session first (the banner above the map)"
                    .to_owned()
            }),
        };
    }

    /// Runs what follows a change made through the workbench since the last look.
    fn settle(&mut self) {
        if std::mem::take(&mut self.wb.changed) {
            self.changed();
        }
    }

    fn undo(&mut self) {
        self.step_history(true);
    }

    fn redo(&mut self) {
        self.step_history(false);
    }

    /// Several steps back or forward at once, from the undo history list; one check after them.
    fn jump(&mut self, jump: crate::undo_list::Jump) {
        if self.recovery.offer.is_some() {
            self.refuse("Restore or discard the unsaved changes from the earlier session first");
            return;
        }
        let (steps, back) = match jump {
            crate::undo_list::Jump::Back(n) => (n, true),
            crate::undo_list::Jump::Forward(n) => (n, false),
        };
        let mut taken = 0;
        for _ in 0..steps {
            let step = if back {
                self.wb.doc.undo()
            } else {
                self.wb.doc.redo()
            };
            if step.is_none() {
                break;
            }
            taken += 1;
        }
        if taken > 0 {
            self.changed();
            let done = if back { "Undid" } else { "Redid" };
            let plural = if taken == 1 { "" } else { "s" };
            self.say(StatusKind::Done, format!("{done} {taken} change{plural}"));
        }
    }

    /// One step back (undo) or forward (redo) in the history, said in the status line.
    fn step_history(&mut self, back: bool) {
        if self.recovery.offer.is_some() {
            self.refuse("Restore or discard the unsaved changes from the earlier session first");
            return;
        }
        let (step, done, none) = if back {
            (self.wb.doc.undo(), "Undid", "Nothing to undo")
        } else {
            (self.wb.doc.redo(), "Redid", "Nothing to redo")
        };
        match step {
            Some(label) => {
                self.changed();
                self.say(StatusKind::Done, format!("{done} {label}"));
            }
            None => self.refuse(none),
        }
    }

    /// After any change of the scenario: check it again in the background, schedule a
    /// recovery copy, and drop a selection that no longer exists.
    fn changed(&mut self) {
        self.request_check();
        self.recovery.changed();
        self.game.changed(&mut self.wb);
    }

    fn request_check(&mut self) {
        if let Some(scenario) = self.wb.doc.current() {
            let dir = self.wb.doc.dir();
            let original = self.wb.doc.on_disk.as_deref();
            self.checks.request(
                &scenario,
                original.and_then(|b| std::str::from_utf8(b).ok()),
                self.wb.doc.modeline.as_deref(),
                dir,
                self.wb.ctx.as_ref(),
            );
        }
    }

    fn receive_checks(&mut self) {
        if let Some(report) = self.checks.poll() {
            self.take_report(report);
        }
    }

    fn take_report(&mut self, report: crate::checks::Report) {
        self.wb.doc.problems = report.problems;
        self.wb.doc.fairness = report.fairness;
        self.wb.doc.findings = report.findings;
        self.wb.doc.changes = report.changes;
        if let Some(catalog) = report.catalog {
            self.wb.doc.set_catalog(catalog);
        }
    }

    /// Waits (up to a minute) for the check in flight, so a caller driving the editor
    /// headless sees its answer.
    pub fn settle_checks(&mut self) {
        if let Some(report) = self.checks.wait(std::time::Duration::from_secs(60)) {
            self.take_report(report);
        }
    }

    pub(crate) fn say(&mut self, kind: StatusKind, text: String) {
        self.wb.say(kind, text);
    }

    pub(crate) fn refuse(&mut self, text: &str) {
        self.wb.refuse(text);
    }

    /// Keeps the watch on the open file and handles what it reports.
    fn watch_file(&mut self, ctx: &egui::Context) {
        self.disk.ensure(&mut self.wb);
        self.disk.wake(ctx);
        self.poll_disk();
    }

    /// Handles a change the watcher reported since the last frame, if any.
    pub(crate) fn poll_disk(&mut self) {
        if self.disk.reported_change() {
            self.disk_changed();
        }
    }

    /// The file changed on disk (or may have): a clean document takes the new version.
    pub(crate) fn disk_changed(&mut self) {
        if let Some(bytes) = self.disk.changed(&mut self.wb) {
            self.take_disk_version(bytes);
            self.say(
                StatusKind::Done,
                format!("{} changed on disk and was reloaded", self.wb.doc.name),
            );
        }
    }

    /// Called when the program ends: unsaved work is kept in the recovery copy.
    pub fn on_exit(&mut self) {
        self.write_recovery();
    }

    fn handle_close_request(&mut self, ctx: &egui::Context) {
        if !ctx.input(|i| i.viewport().close_requested()) {
            return;
        }
        if self.allow_close || !self.wb.doc.is_dirty() {
            return;
        }
        ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
        // The work is on disk before the user answers (a failure shows in the status line).
        self.write_recovery();
        self.dialog = Some(Dialog::Quit);
    }

    fn quit(&mut self) {
        self.allow_close = true;
        if let Some(ctx) = &self.wb.ctx {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }

    // --- input ----------------------------------------------------------------------------

    /// Queues the commands whose keys were pressed this frame. Keys go to a text field that has
    /// the keyboard, and to nothing while a dialog is open.
    fn shortcuts(&mut self, ctx: &egui::Context) {
        if self.dialog.is_some() || ctx.text_edit_focused() {
            return;
        }
        self.wb.commands.extend(crate::command::pressed(ctx));
        if let Some(text) = crate::command::pasted_text(ctx) {
            self.game.pasted(text);
            self.wb.commands.push(Command::Paste);
        }
    }

    /// One key press, run at once, for tests that do not draw frames.
    #[cfg(test)]
    pub(crate) fn shortcut(&mut self, key: egui::Key, m: egui::Modifiers) {
        if let Some(command) = Command::for_key(key, m) {
            self.run(command);
        }
    }

    /// Runs the commands queued this frame by buttons, menus and keys, in order. A command
    /// that opens a dialog ends the frame's commands: the rest were typed behind it.
    fn run_commands(&mut self) {
        for command in std::mem::take(&mut self.wb.commands) {
            self.run(command);
            if self.dialog.is_some() {
                break;
            }
        }
    }

    /// The one place a command is carried out.
    pub(crate) fn run(&mut self, command: Command) {
        // A command the open game cannot run says why, from a key as from a greyed button.
        if let Some(why) = crate::rulesets::game_refuses(self.wb.doc.ruleset(), command) {
            self.refuse(why);
            return;
        }
        match command {
            Command::New(ruleset) => self.leave_document(Next::New(ruleset)),
            Command::Open => match &mut self.wb.page {
                Some(page) => page.pick_file = true,
                None => {
                    self.dialog = Some(crate::dialogs::open_dialog(&self.wb.doc));
                    self.focus_dialog = true;
                }
            },
            Command::Save => {
                self.save();
            }
            Command::SaveAs => match self.save_blocker() {
                Some(reason) => self.refuse(&reason),
                None if self.wb.page.is_some() => {
                    self.save();
                }
                None => self.open_save_as(false),
            },
            Command::Reload => {
                if self.wb.page.is_some() {
                    self.refuse(crate::page::NO_RELOAD);
                } else if self.wb.doc.path.is_some() {
                    self.leave_document(Next::Reload);
                } else {
                    self.refuse("This scenario has no file yet to read again");
                }
            }
            Command::Undo => self.undo(),
            Command::Redo => self.redo(),
            Command::UndoHistory => self.history_open = !self.history_open,
            Command::Cancel => self.game.cancel(&mut self.wb),
            Command::Fit => self.wb.view = None,
            Command::ZoomIn => self.wb.zoom_step(ZOOM_STEP),
            Command::ZoomOut => self.wb.zoom_step(1.0 / ZOOM_STEP),
            Command::ObjectivesLayer => self.wb.toggle_layer(true),
            Command::ZonesLayer => self.wb.toggle_layer(false),
            Command::Help => self.toolbar.help_open = !self.toolbar.help_open,
            // The rest are the open game's own.
            Command::Export
            | Command::RotateClockwise
            | Command::RotateCounterClockwise
            | Command::Flip
            | Command::Delete
            | Command::Copy
            | Command::Cut
            | Command::Paste
            | Command::Duplicate
            | Command::SelectAll
            | Command::ScenarioPanel
            | Command::Layers
            | Command::HexLabels
            | Command::CarryOnTurn
            | Command::SightOverlay
            | Command::ReachOverlay
            | Command::AreaOverlay
            | Command::RangeOverlay => {
                self.game.run(command, &mut self.wb, &mut self.preferences);
            }
        }
        self.settle();
    }

    /// The open game's editor as `T` with the workbench, for a test that drives its panels.
    pub fn game_parts<T: 'static>(&mut self) -> Option<(&mut T, &mut Workbench)> {
        let game = self.game.as_any_mut().downcast_mut::<T>()?;
        Some((game, &mut self.wb))
    }

    /// The open game's editor as `T`, for a test that looks at its panels.
    pub fn game_ref<T: 'static>(&self) -> Option<&T> {
        self.game.as_any().downcast_ref::<T>()
    }
}

/// A coloured strip above the map, for a decision that waits (recovery, conflict).
fn banner(ui: &egui::Ui, id: &'static str, fill: Color32) -> egui::Panel {
    egui::Panel::top(id).frame(
        egui::Frame::side_top_panel(ui.style())
            .fill(fill)
            .inner_margin(8.0),
    )
}

impl eframe::App for EditorApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        EditorApp::on_exit(self);
    }
}

#[cfg(test)]
mod tests {
    use crate::rulesets::hex_skirmish::held::ArenaDocument;
    use crate::rulesets::sentinel_tactics::held::MapDocument;
    use std::path::Path;

    use super::*;
    use crate::document::Problem;
    use crate::rulesets::sentinel_tactics::bench::Selection;
    use crate::rulesets::sentinel_tactics::bench::Tool;
    use crate::rulesets::sentinel_tactics::canvas::Drag;
    use crate::rulesets::sentinel_tactics::edit::Edit;
    use crate::rulesets::sentinel_tactics::editor::tests::parts;
    use crate::rulesets::sentinel_tactics::side_panel::{focus_problem, problem_target};
    use crate::rulesets::sentinel_tactics::status_line::hover_text;
    use egui::{Key, Modifiers};
    use megahex::board::Axial;
    use megahex_schema::HexRef;
    use megahex_schema::rulesets::sentinel_tactics::Side;
    use megahex_schema::rulesets::sentinel_tactics::TilePlacement;
    use std::time::{Duration, Instant};

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("megahex-editor-app-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// An editor on a copy of the bundled sample in its own folder, with its own recovery
    /// folder, so tests never touch the user's cache.
    fn app_on_file(name: &str) -> (EditorApp, PathBuf, PathBuf) {
        let dir = scratch(name);
        let file = dir.join("scenario.yaml");
        std::fs::write(&file, crate::document::SAMPLE_YAML).unwrap();
        let recovery = dir.join("recovery");
        let app = EditorApp::with_recovery_dir(Document::open(&file), recovery.clone());
        (app, file, recovery)
    }

    fn frame(app: &mut EditorApp, ctx: &egui::Context) {
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(1000.0, 700.0),
            )),
            ..Default::default()
        };
        let output = ctx.run_ui(input, |ui| app.show(ui));
        output.drop_without_applying_deltas();
    }

    fn problem(pointer: Option<&str>, hexes: Vec<Axial>) -> Problem {
        Problem {
            pointer: pointer.map(str::to_owned),
            hexes,
            ..Problem::editor("test", "test".to_owned())
        }
    }

    #[test]
    fn a_finding_selects_its_token_or_tile_and_names_the_hexes_to_show() {
        let doc = Document::sample();
        // legacy is token 0, on [0, 0].
        assert_eq!(
            problem_target(&problem(Some("/tokens/0/at"), vec![]), &doc),
            (Some(Selection::Token(0)), vec![[0, 0]])
        );
        // The finding's own hexes win over the token's.
        assert_eq!(
            problem_target(&problem(Some("/tokens/1"), vec![[5, -2]]), &doc),
            (Some(Selection::Token(1)), vec![[5, -2]])
        );
        let (selection, hexes) = problem_target(&problem(Some("/map/tiles/2"), vec![]), &doc);
        assert_eq!(selection, Some(Selection::Tile(2)));
        assert_eq!(hexes.len(), 19);
        // Out of range or elsewhere: nothing selected, unless the hexes lie on one tile.
        assert_eq!(
            problem_target(&problem(Some("/tokens/99/at"), vec![]), &doc),
            (None, vec![])
        );
        assert_eq!(
            problem_target(&problem(Some("/objectives/0"), vec![[0, 0]]), &doc),
            (Some(Selection::Tile(0)), vec![[0, 0]])
        );
        assert_eq!(problem_target(&problem(None, vec![]), &doc), (None, vec![]));
    }

    #[test]
    fn clicking_a_real_finding_selects_and_centres_it_and_its_hexes_get_badges() {
        let (mut app, _, _) = app_on_file("focus");
        let ctx = crate::fonts::context();
        frame(&mut app, &ctx);
        // Tile 1 onto tile 0: the checker names the overlapping hexes and the tile.
        assert!(app.edit(Edit::MoveTile {
            index: 1,
            at: [1, 0]
        }));
        app.settle_checks();
        let index = app
            .wb
            .doc
            .problems
            .iter()
            .position(|p| p.code == "tile-overlap")
            .unwrap();
        let problem = app.wb.doc.problems[index].clone();
        assert!(!problem.hexes.is_empty(), "{problem:?}");
        parts(&mut app).wb.map.selection = None;
        app.wb.view.as_mut().unwrap().pan(egui::vec2(300.0, -200.0));
        focus_problem(&mut parts(&mut app).wb, index);
        let (selection, hexes) = problem_target(&problem, &app.wb.doc);
        assert!(selection.is_some());
        assert_eq!(parts(&mut app).wb.map.selection, selection);
        let rect = app.wb.canvas_rect.unwrap();
        let centre = crate::view::world_bounds(hexes.iter().copied())
            .unwrap()
            .center();
        let on_screen = app.wb.view.unwrap().screen_from_world(centre);
        assert!((on_screen - rect.center()).length() < 1.0);
        let badges = crate::map_frame::problem_badges(&app.wb.doc.problems);
        for hex in &problem.hexes {
            assert!(badges.iter().any(|(h, _)| h == hex));
        }
    }

    /// Waits (at most 20 s) for the watcher to report a change of the open file, then handles
    /// it as a frame would.
    fn wait_for_disk_change(app: &mut EditorApp) {
        let start = Instant::now();
        let watcher = app.disk.watcher.as_ref().expect("the file is watched");
        while !watcher.changed() {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "no change reported for {}",
                watcher.path().display()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        app.disk_changed();
    }

    /// The sample with another title, as another program would save it: a new file renamed
    /// over the old one.
    fn save_elsewhere(file: &Path, title: &str) {
        let text =
            crate::document::SAMPLE_YAML.replacen("title: ", &format!("title: {title} #"), 1);
        assert_ne!(text, crate::document::SAMPLE_YAML);
        let temp = file.with_file_name(".other-program.tmp");
        std::fs::write(&temp, text).unwrap();
        std::fs::rename(&temp, file).unwrap();
    }

    fn title_of(app: &EditorApp) -> String {
        app.wb
            .doc
            .scenario()
            .unwrap()
            .title
            .clone()
            .unwrap_or_default()
    }

    #[test]
    fn an_outside_change_reloads_a_clean_document_and_keeps_the_view_and_selection() {
        let (mut app, file, _) = app_on_file("reload-clean");
        let ctx = crate::fonts::context();
        frame(&mut app, &ctx);
        app.wb
            .view
            .as_mut()
            .unwrap()
            .zoom_around(egui::pos2(300.0, 300.0), 1.7);
        let view = app.wb.view;
        let mut p = parts(&mut app);
        p.canvas.select_at(&mut p.wb, [5, -2]);
        assert_eq!(parts(&mut app).wb.map.selection, Some(Selection::Token(1)));
        assert!(app.disk.watcher.is_some(), "the frame started the watch");
        save_elsewhere(&file, "Theirs");
        wait_for_disk_change(&mut app);
        assert!(title_of(&app).starts_with("Theirs"), "{}", title_of(&app));
        assert!(!app.wb.doc.is_dirty());
        assert!(app.disk.conflict.is_none(), "no conflict");
        assert_eq!(app.wb.view, view, "pan and zoom are kept");
        assert_eq!(parts(&mut app).wb.map.selection, Some(Selection::Token(1)));
        assert!(app.wb.status.as_ref().unwrap().text.contains("reloaded"));
    }

    #[test]
    fn an_outside_change_with_unsaved_edits_raises_a_conflict_and_reload_theirs_can_be_undone() {
        let (mut app, file, recovery) = app_on_file("reload-conflict");
        let ctx = crate::fonts::context();
        frame(&mut app, &ctx);
        assert!(app.edit(Edit::FlipTile { index: 0 }));
        let mine = app.wb.doc.scenario().unwrap().clone();
        save_elsewhere(&file, "Theirs");
        wait_for_disk_change(&mut app);
        assert!(app.disk.conflict.is_some(), "the conflict is raised");
        assert_eq!(
            app.wb.doc.scenario(),
            Some(&mine),
            "nothing replaced silently"
        );
        let theirs_on_disk = std::fs::read(&file).unwrap();
        // The banner is on screen with both choices.
        frame(&mut app, &ctx);
        app.reload_theirs();
        assert!(app.disk.conflict.is_none(), "no conflict");
        assert!(title_of(&app).starts_with("Theirs"));
        assert!(
            !app.wb.doc.is_dirty(),
            "the file's version is what is saved"
        );
        assert_eq!(
            std::fs::read(&file).unwrap(),
            theirs_on_disk,
            "theirs untouched"
        );
        // Mine: one undo away, and kept in a recovery copy.
        let (_, copy) = storage::find_recovery(&recovery, Some(&file)).unwrap();
        assert!(
            copy.ends_with(
                &crate::storage::to_yaml(&mine, app.wb.doc.modeline.as_deref()).unwrap()
            )
        );
        frame(&mut app, &ctx);
        assert!(
            storage::find_recovery(&recovery, Some(&file)).is_some(),
            "not cleared"
        );
        app.shortcut(Key::Z, Modifiers::COMMAND);
        assert_eq!(app.wb.doc.scenario(), Some(&mine));
        assert!(app.wb.doc.is_dirty());
    }

    #[test]
    fn keep_mine_then_save_asks_before_overwriting_and_own_saves_are_ignored() {
        let (mut app, file, _) = app_on_file("reload-keep");
        let ctx = crate::fonts::context();
        frame(&mut app, &ctx);
        assert!(app.edit(Edit::FlipTile { index: 0 }));
        save_elsewhere(&file, "Theirs");
        wait_for_disk_change(&mut app);
        assert!(app.disk.conflict.is_some());
        app.keep_mine();
        assert!(app.disk.conflict.is_none(), "no conflict");
        assert!(app.wb.doc.is_dirty());
        // Reading the file to compare it opens it, which the watch may report: such events
        // must not bring the conflict back (on Linux they come within the debounce time).
        assert!(app.changed_on_disk());
        let quiet = Instant::now() + crate::watch::DEBOUNCE * 4;
        while Instant::now() < quiet {
            app.poll_disk();
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(app.disk.conflict.is_none(), "no conflict");
        // Saving asks first, and writes nothing yet.
        let theirs = std::fs::read(&file).unwrap();
        assert!(!app.save());
        assert_eq!(app.dialog, Some(Dialog::Overwrite));
        assert_eq!(std::fs::read(&file).unwrap(), theirs);
        app.dialog = None;
        // Overwriting is a choice: then the file is mine, and the save's own change event
        // neither reloads nor raises a conflict.
        let path = file.clone();
        assert!(app.save_to(&path));
        let mine = app.wb.doc.scenario().unwrap().clone();
        wait_for_disk_change(&mut app);
        assert!(app.disk.conflict.is_none(), "no conflict");
        assert_eq!(app.wb.doc.scenario(), Some(&mine));
        assert!(app.wb.status.as_ref().unwrap().text.starts_with("Saved"));
        // And the next save does not ask.
        assert!(app.edit(Edit::FlipTile { index: 0 }));
        assert!(app.save());
        assert_eq!(app.dialog, None);
    }

    #[test]
    fn hover_text_names_the_hex_its_tile_and_tokens() {
        let doc = Document::sample();
        assert_eq!(
            hover_text(&doc, Some([0, 0])),
            "q,r 0,0   tile M1 hex 10 (1/10)   elevation 1   terrain: none   tokens: legacy"
        );
        assert_eq!(
            hover_text(&doc, Some([40, 40])),
            "q,r 40,40: not on the map"
        );
        assert!(hover_text(&doc, None).contains("Point at a hex"));
    }

    /// Runs frames without a window: the whole UI must lay out and paint for a good file and
    /// for a broken one, and the first frame must fit the map.
    #[test]
    fn frames_run_headless_for_good_and_broken_files() {
        let recovery = scratch("headless");
        for doc in [
            Document::sample(),
            Document::from_bytes("bad.yaml".into(), None, b"map: [\n"),
        ] {
            let has_map = doc.board().is_some();
            let mut app = EditorApp::with_recovery_dir(doc, recovery.clone());
            assert!(app.title().starts_with("Megahex editor - "));
            let ctx = crate::fonts::context();
            for _ in 0..2 {
                let input = egui::RawInput {
                    screen_rect: Some(egui::Rect::from_min_size(
                        egui::Pos2::ZERO,
                        egui::vec2(1000.0, 700.0),
                    )),
                    ..Default::default()
                };
                let output = ctx.run_ui(input, |ui| app.show(ui));
                assert!(!output.shapes.is_empty());
                output.drop_without_applying_deltas();
            }
            assert_eq!(app.wb.view.is_some(), has_map);
        }
    }

    /// Opening or reloading a file checks that file in the background; the checks shown are
    /// never the previous file's (its check used to be asked for, then dropped at once).
    #[test]
    fn an_opened_or_reloaded_file_gets_its_own_background_check() {
        let (mut app, _, _) = app_on_file("reopen");
        app.settle_checks();
        let other =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/city-blades-gambit.yaml");
        app.go(Next::Open(other));
        assert!(app.checks.is_busy(), "the opened file is being checked");
        app.settle_checks();
        let verdict = app.wb.doc.map_findings().and_then(|f| f.verdict.as_ref());
        assert!(verdict.is_some(), "the opened file's own findings arrived");
        app.go(Next::Reload);
        assert!(app.checks.is_busy(), "the reloaded file is being checked");
        app.settle_checks();
        assert!(
            app.wb
                .doc
                .map_findings()
                .is_some_and(|f| f.verdict.is_some())
        );
    }

    #[test]
    fn an_edit_rebuilds_the_board_and_the_background_check_updates_the_problems() {
        let (mut app, _, _) = app_on_file("check");
        assert_eq!(app.wb.doc.problems, Vec::new());
        // Tile 2 onto tile 1: the board is rebuilt at once, the checker reports the overlap.
        assert!(app.edit(Edit::MoveTile {
            index: 1,
            at: [1, 0]
        }));
        assert!(app.wb.doc.board().unwrap().hexes().len() < 4 * 19);
        assert!(app.checks.is_busy());
        app.settle_checks();
        assert!(
            app.wb.doc.problems.iter().any(|p| p.code == "tile-overlap"),
            "{:?}",
            app.wb.doc.problems
        );
        assert!(app.title().ends_with(" •"));
        app.shortcut(Key::Z, Modifiers::COMMAND);
        app.settle_checks();
        assert_eq!(app.wb.doc.problems, Vec::new());
        assert!(!app.title().ends_with(" •"));
        assert_eq!(app.wb.status.as_ref().unwrap().text, "Undid move tile");
    }

    #[test]
    fn keys_rotate_flip_delete_undo_and_redo_the_selected_tile() {
        let (mut app, _, _) = app_on_file("keys");
        // Without a selection, R says what to do instead of doing nothing.
        app.shortcut(Key::R, Modifiers::NONE);
        assert_eq!(app.wb.status.as_ref().unwrap().kind, StatusKind::Refused);
        // Hex [5, -2] holds omni; clicking again selects the tile under it.
        let mut p = parts(&mut app);
        p.canvas.select_at(&mut p.wb, [5, -2]);
        assert_eq!(parts(&mut app).wb.map.selection, Some(Selection::Token(1)));
        let mut p = parts(&mut app);
        p.canvas.select_at(&mut p.wb, [5, -2]);
        assert_eq!(parts(&mut app).wb.map.selection, Some(Selection::Tile(1)));
        app.shortcut(Key::R, Modifiers::NONE);
        app.shortcut(Key::R, Modifiers::NONE);
        app.shortcut(Key::R, Modifiers::SHIFT);
        app.shortcut(Key::F, Modifiers::NONE);
        let tile = app.wb.doc.scenario().unwrap().map.tiles[1];
        assert_eq!((tile.rotation, tile.side), (1, Side::Megalopolis));
        let editing = app.wb.doc.editing().unwrap();
        assert_eq!(editing.undo_label(), Some("flip tile"));
        app.shortcut(Key::Z, Modifiers::COMMAND);
        app.shortcut(Key::Z, Modifiers::COMMAND);
        assert_eq!(app.wb.doc.scenario().unwrap().map.tiles[1].rotation, 2);
        app.shortcut(Key::Z, Modifiers::COMMAND | Modifiers::SHIFT);
        assert_eq!(app.wb.doc.scenario().unwrap().map.tiles[1].rotation, 1);
        app.shortcut(Key::Y, Modifiers::COMMAND);
        assert_eq!(
            app.wb.doc.scenario().unwrap().map.tiles[1].side,
            Side::Megalopolis
        );
        app.shortcut(Key::Delete, Modifiers::NONE);
        assert_eq!(app.wb.doc.scenario().unwrap().map.tiles.len(), 3);
        assert_eq!(parts(&mut app).wb.map.selection, None);
        // A token: select and delete.
        let mut p = parts(&mut app);
        p.canvas.select_at(&mut p.wb, [0, 0]);
        assert_eq!(parts(&mut app).wb.map.selection, Some(Selection::Token(0)));
        app.shortcut(Key::Backspace, Modifiers::NONE);
        assert!(
            app.wb
                .doc
                .scenario()
                .unwrap()
                .tokens
                .iter()
                .all(|t| t.id != "legacy")
        );
    }

    #[test]
    fn the_palette_refuses_a_tile_already_on_the_map_and_places_a_free_one() {
        let (mut app, _, _) = app_on_file("palette");
        let placement = |tile, side| TilePlacement {
            tile,
            side,
            at: [0, 0],
            rotation: 0,
        };
        let mut p = parts(&mut app);
        p.canvas
            .place(&mut p.wb, placement(8, Side::Megalopolis), [9, -6]);
        let status = app.wb.status.clone().unwrap();
        assert_eq!(status.kind, StatusKind::Refused);
        assert!(
            status.text.contains("already on the map"),
            "{}",
            status.text
        );
        assert_eq!(app.wb.doc.scenario().unwrap().map.tiles.len(), 4);
        parts(&mut app).wb.map.tool = Tool::Place(placement(3, Side::Megalopolis));
        // R and F turn the tile in hand before it is put down.
        app.shortcut(Key::R, Modifiers::NONE);
        app.shortcut(Key::F, Modifiers::NONE);
        let Tool::Place(in_hand) = parts(&mut app).wb.map.tool else {
            panic!("still placing");
        };
        let mut p = parts(&mut app);
        p.canvas.place(&mut p.wb, in_hand, [8, -5]);
        let placed = *app.wb.doc.scenario().unwrap().map.tiles.last().unwrap();
        assert_eq!(
            placed,
            TilePlacement {
                tile: 3,
                side: Side::InsulaPrimalis,
                at: [8, -5],
                rotation: 1
            }
        );
        assert_eq!(parts(&mut app).wb.map.selection, Some(Selection::Tile(4)));
        assert_eq!(parts(&mut app).wb.map.tool, Tool::Select);
    }

    #[test]
    fn a_dragged_token_keeps_the_form_of_its_references() {
        let (mut app, _, _) = app_on_file("drag-token");
        // legacy is at 1/10 = [0, 0]; one step S is [0, 1], which is 1/13... whatever the
        // catalog says: the reference stays in T/I form and resolves to the new hex.
        let mut p = parts(&mut app);
        p.canvas.finish_drag_for_test(
            &mut p.wb,
            Drag::Token {
                index: 0,
                grab: [0, 0],
                to: [0, 1],
            },
        );
        let token = &app.wb.doc.scenario().unwrap().tokens[0];
        assert!(matches!(
            token.at,
            megahex_schema::Footprint::One(HexRef::Tile(_))
        ));
        assert_eq!(app.wb.doc.tokens()[0].hexes, vec![[0, 1]]);
        // omni covers three hexes written as [q, r]: all move by the same offset.
        let mut p = parts(&mut app);
        p.canvas.finish_drag_for_test(
            &mut p.wb,
            Drag::Token {
                index: 1,
                grab: [5, -2],
                to: [5, -3],
            },
        );
        assert_eq!(
            app.wb.doc.tokens()[1].hexes,
            vec![[5, -3], [6, -3], [5, -2]]
        );
        // Off the map: refused, nothing moves.
        let before = app.wb.doc.scenario().unwrap().clone();
        let mut p = parts(&mut app);
        p.canvas.finish_drag_for_test(
            &mut p.wb,
            Drag::Token {
                index: 0,
                grab: [0, 0],
                to: [-20, 0],
            },
        );
        assert_eq!(app.wb.doc.scenario().unwrap(), &before);
        assert_eq!(app.wb.status.as_ref().unwrap().kind, StatusKind::Refused);
        // A tile drag moves its centre by the same offset as the pointer.
        let mut p = parts(&mut app);
        p.canvas.finish_drag_for_test(
            &mut p.wb,
            Drag::Tile {
                index: 2,
                grab: [2, 4],
                to: [3, 4],
            },
        );
        assert_eq!(app.wb.doc.scenario().unwrap().map.tiles[2].at, [3, 3]);
    }

    #[test]
    fn unsaved_hex_skirmish_work_is_recovered_too() {
        use crate::rulesets::hex_skirmish::edits::{Ground, SkirmishEdit};
        let dir = scratch("skirmish-recovery");
        let file = dir.join("arena.yaml");
        let bundled = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../scenarios/skirmish-drowned-arena.yaml");
        std::fs::copy(&bundled, &file).unwrap();
        let recovery = dir.join("recovery");
        let mut app = EditorApp::with_recovery_dir(Document::open(&file), recovery.clone());
        app.recovery.delay = Duration::ZERO;
        let ctx = crate::fonts::context();
        assert!(app.wb.edit(SkirmishEdit::Paint {
            hexes: vec![[0, 0]],
            ground: Ground::Terrain {
                name: "bushes".into(),
                levels: None,
            },
        }));
        frame(&mut app, &ctx);
        let edited = app.wb.doc.skirmish().unwrap().clone();
        assert!(storage::find_recovery(&recovery, Some(&file)).is_some());
        std::mem::forget(app);

        let mut again = EditorApp::with_recovery_dir(Document::open(&file), recovery.clone());
        assert!(again.recovery.offer.is_some());
        again.restore_recovery();
        assert_eq!(again.wb.doc.skirmish(), Some(&edited));
        assert!(again.wb.doc.is_dirty());
        assert_eq!(again.wb.doc.undo_label(), Some("restore unsaved changes"));
        assert!(again.save());
        assert_eq!(Document::open(&file).skirmish(), Some(&edited));
    }

    #[test]
    fn unsaved_work_is_copied_for_recovery_and_offered_at_the_next_start() {
        let (mut app, file, recovery) = app_on_file("recovery");
        app.recovery.delay = Duration::ZERO;
        let ctx = crate::fonts::context();
        assert!(app.edit(Edit::FlipTile { index: 0 }));
        assert!(app.edit(Edit::MoveToken {
            index: 0,
            at: megahex_schema::Footprint::One(HexRef::Axial([1, 0])),
        }));
        frame(&mut app, &ctx);
        let (copy, text) = storage::find_recovery(&recovery, Some(&file)).unwrap();
        assert!(text.ends_with(&app.wb.doc.current_text().unwrap()));
        assert!(copy.starts_with(&recovery));
        let edited = app.wb.doc.scenario().unwrap().clone();
        let edited_text = app.wb.doc.current_text().unwrap();
        // "Crash": the editor goes away without saving, without `on_exit`, and without running
        // any destructor (as when the process is killed); the file is unchanged.
        std::mem::forget(app);
        assert_eq!(
            std::fs::read_to_string(&file).unwrap(),
            crate::document::SAMPLE_YAML
        );

        let mut again = EditorApp::with_recovery_dir(Document::open(&file), recovery.clone());
        assert!(again.recovery.offer.is_some());
        assert!(!again.wb.doc.is_dirty());
        // Edits wait until the copy is dealt with, so it cannot be overwritten by accident.
        assert!(!again.edit(Edit::RotateTile {
            index: 0,
            clockwise: true
        }));
        again.restore_recovery();
        assert!(again.recovery.offer.is_none());
        assert_eq!(again.wb.doc.scenario(), Some(&edited));
        assert_eq!(again.wb.doc.current_text().unwrap(), edited_text);
        assert!(
            again.wb.doc.is_dirty(),
            "restored work is unsaved until saved"
        );
        assert_eq!(
            std::fs::read_to_string(&file).unwrap(),
            crate::document::SAMPLE_YAML,
            "restoring never writes the file"
        );
        // Saving writes the file and removes the copy.
        assert!(again.save());
        assert!(storage::find_recovery(&recovery, Some(&file)).is_none());
        assert_eq!(Document::open(&file).scenario(), Some(&edited));
        assert!(!again.title().contains('•'));
    }

    #[test]
    fn a_discarded_copy_is_gone_and_a_copy_equal_to_the_file_is_not_offered() {
        let (app, file, recovery) = app_on_file("discard");
        drop(app);
        storage::write_recovery(&recovery, Some(&file), "format: 1\nruleset: sentinel-tactics\nmap:\n  tiles:\n    - {tile: 2, side: megalopolis, at: [0, 0]}\n").unwrap();
        let mut app = EditorApp::with_recovery_dir(Document::open(&file), recovery.clone());
        assert!(app.recovery.offer.is_some());
        app.discard_recovery();
        assert!(app.recovery.offer.is_none());
        assert!(storage::find_recovery(&recovery, Some(&file)).is_none());
        // A copy holding what the file holds is stale: removed without asking.
        storage::write_recovery(&recovery, Some(&file), crate::document::SAMPLE_YAML).unwrap();
        let app = EditorApp::with_recovery_dir(Document::open(&file), recovery.clone());
        assert!(app.recovery.offer.is_none());
        assert!(storage::find_recovery(&recovery, Some(&file)).is_none());
    }

    #[test]
    fn going_back_to_the_saved_state_removes_the_copy() {
        let (mut app, file, recovery) = app_on_file("undo-clean");
        app.recovery.delay = Duration::ZERO;
        let ctx = crate::fonts::context();
        app.edit(Edit::FlipTile { index: 0 });
        frame(&mut app, &ctx);
        assert!(storage::find_recovery(&recovery, Some(&file)).is_some());
        app.shortcut(Key::Z, Modifiers::COMMAND);
        frame(&mut app, &ctx);
        assert!(storage::find_recovery(&recovery, Some(&file)).is_none());
    }

    #[test]
    fn the_copy_waits_for_a_quiet_moment() {
        let (mut app, file, recovery) = app_on_file("quiet");
        app.recovery.delay = Duration::from_secs(3600);
        let ctx = crate::fonts::context();
        app.edit(Edit::FlipTile { index: 0 });
        frame(&mut app, &ctx);
        assert!(storage::find_recovery(&recovery, Some(&file)).is_none());
        // Quitting writes it at once.
        app.on_exit();
        assert!(storage::find_recovery(&recovery, Some(&file)).is_some());
    }

    #[test]
    fn a_failed_save_keeps_the_edits_and_says_why() {
        use std::os::unix::fs::PermissionsExt;
        let (mut app, _, _) = app_on_file("readonly");
        app.edit(Edit::FlipTile { index: 0 });
        let locked = scratch("readonly-target");
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o555)).unwrap();
        // As root, permissions do not stop writes: then a missing folder stands in.
        let target = if std::fs::write(locked.join("probe"), "").is_ok() {
            locked.join("missing").join("out.yaml")
        } else {
            locked.join("out.yaml")
        };
        let saved = app.save_to(&target);
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
        assert!(!saved);
        assert!(!target.exists());
        let status = app.wb.status.clone().unwrap();
        assert_eq!(status.kind, StatusKind::Failed);
        assert!(
            status.text.contains("Your changes are kept"),
            "{}",
            status.text
        );
        assert!(app.wb.doc.is_dirty());
        assert!(app.title().ends_with(" •"));
    }

    #[test]
    fn saving_the_sample_asks_for_a_path() {
        let recovery = scratch("sample-save");
        let mut app = EditorApp::with_recovery_dir(Document::sample(), recovery);
        app.shortcut(Key::S, Modifiers::COMMAND);
        assert!(matches!(app.dialog, Some(Dialog::SaveAs { .. })));
    }

    #[test]
    fn leaving_a_dirty_document_asks_first() {
        let (mut app, _, _) = app_on_file("leave");
        app.edit(Edit::FlipTile { index: 0 });
        app.shortcut(Key::N, Modifiers::COMMAND);
        let new = Next::New(megahex_schema::Ruleset::SentinelTactics);
        assert_eq!(app.dialog, Some(Dialog::Discard(new.clone())));
        assert!(
            app.wb.doc.is_dirty(),
            "nothing is dropped before the answer"
        );
        app.dialog = None;
        app.go(new);
        assert_eq!(app.wb.doc.name, crate::document::UNTITLED_NAME);
        assert!(app.wb.doc.scenario().unwrap().map.tiles.is_empty());
    }

    /// An editor in a web page (no files: saves are downloads), on `text` named `name`.
    fn app_in_a_page(test: &str, name: &str, text: &str) -> EditorApp {
        let mut app =
            EditorApp::with_recovery_dir(Document::sample(), scratch(test).join("recovery"));
        app.wb.page = Some(crate::page::PageRequests::default());
        app.open_text(name.to_owned(), text.to_owned());
        app
    }

    #[test]
    fn in_a_page_save_downloads_the_file_with_the_edit_and_its_comments() {
        let text =
            crate::document::SAMPLE_YAML.replace("title: Editor sample", "title: Mine  # kept");
        let mut app = app_in_a_page("page-save", "mine.yaml", &text);
        assert_eq!(app.wb.doc.name, "mine.yaml");
        assert!(app.edit(Edit::RotateTile {
            index: 2,
            clockwise: true
        }));
        app.run(Command::Save);
        let page = app.wb.page.as_ref().unwrap();
        assert_eq!(page.downloads.len(), 1);
        let download = &page.downloads[0];
        assert_eq!(download.name, "mine.yaml");
        let saved = String::from_utf8(download.bytes.clone()).unwrap();
        let differing: Vec<(&str, &str)> = text
            .lines()
            .zip(saved.lines())
            .filter(|(a, b)| a != b)
            .collect();
        assert_eq!(
            differing,
            vec![(
                "    - {tile: 8, side: insula-primalis, at: [2, 3], rotation: 0}",
                "    - {tile: 8, side: insula-primalis, at: [2, 3], rotation: 1}"
            )]
        );
        assert_eq!(text.lines().count(), saved.lines().count());
        assert!(!app.wb.doc.is_dirty(), "a download counts as saved");
        assert!(app.dialog.is_none(), "no path is asked for");
    }

    #[test]
    fn in_a_page_open_asks_for_the_file_picker_and_reload_is_refused() {
        let mut app = app_in_a_page("page-open", "a.yaml", crate::document::SAMPLE_YAML);
        app.run(Command::Open);
        assert!(app.wb.page.as_ref().unwrap().pick_file);
        assert!(app.dialog.is_none());
        app.run(Command::Reload);
        assert_eq!(app.wb.doc.name, "a.yaml");
        assert!(app.wb.status.as_ref().unwrap().text.contains("no file"));
    }

    #[test]
    fn a_shared_view_refuses_edits_until_it_is_a_copy_to_edit() {
        let ctx = crate::fonts::context();
        let mut app = app_in_a_page("page-view", "a.yaml", crate::document::SAMPLE_YAML);
        app.read_only = Some("a shared view".to_owned());
        frame(&mut app, &ctx);
        let turn = Edit::RotateTile {
            index: 0,
            clockwise: true,
        };
        assert!(!app.edit(turn.clone()));
        assert!(!app.wb.doc.is_dirty());
        app.read_only = None;
        frame(&mut app, &ctx);
        assert!(app.edit(turn));
        assert!(app.wb.doc.is_dirty());
    }

    #[test]
    fn the_page_title_names_the_scenario_and_counts_errors_and_warnings() {
        let mut app = app_in_a_page("page-title", "a.yaml", crate::document::SAMPLE_YAML);
        app.settle_checks();
        assert_eq!(app.page_title(), "Editor sample — no problems — Megahex");
        // Tile 1 onto tile 0: one overlap, as `megahex validate` reports it.
        assert!(app.edit(Edit::MoveTile {
            index: 1,
            at: [1, 0]
        }));
        assert!(app.page_title().ends_with("checking… — Megahex"));
        app.settle_checks();
        let errors = app.wb.doc.count(megahex::Severity::Error);
        assert!(errors >= 1);
        assert_eq!(
            app.page_title(),
            format!(
                "Editor sample — {errors} problem{} — Megahex",
                if errors == 1 { "" } else { "s" }
            )
        );
    }
}
