//! A scenario file as the editor shows and edits it. Loading and checking go through the
//! `megahex` library, so the editor sees exactly what `megahex validate` sees; the board and
//! tokens are laid out again from the edited scenario after every change.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use megahex::board::{Axial, Board};
use megahex::{CatalogFile, Checker, Outcome, ReadError, Severity};
use megahex_schema::Catalog;
use megahex_schema::{AnyScenario, Ruleset};

use megahex::report::decor::Decorations;
use megahex::scene::Scene;

use crate::held::{AnyEdit, GameData, HeldScenario};
use crate::history::Undo;
use crate::storage;

/// File name shown for the bundled sample.
pub const SAMPLE_NAME: &str = "sample.yaml";

/// File name shown for a new scenario that has not been saved yet.
pub const UNTITLED_NAME: &str = "untitled.yaml";

/// The scenario opened when no file is given, so the editor always has a map to show.
pub const SAMPLE_YAML: &str = include_str!("sample.yaml");

pub use crate::problem::Problem;

/// A token resolved to map positions, ready to draw and to pick with the pointer: the
/// library's, so the editor places tokens exactly as the rules do.
pub type PlacedToken = megahex::scene::Placed;

/// Everything the editor knows about the open file.
#[derive(Debug, Clone)]
pub struct Document {
    /// File name for the window title.
    pub name: String,
    /// Where it was read from and is saved to; `None` for the bundled sample and new documents,
    /// which have to be saved under a name first.
    pub path: Option<PathBuf>,
    /// The file's yaml-language-server modeline, written back on save.
    pub modeline: Option<String>,
    /// The catalog the scenario is built with: the built-in one or its `catalog:` merge.
    pub catalog: Catalog,
    /// The scenario being edited, of whichever game, with its history; `None` when the file
    /// did not load far enough to be edited (the problems say why).
    pub held: Option<Box<dyn HeldScenario>>,
    /// The current scenario as the rules see it (board, tokens, hazards, sight rules), built
    /// once per change and shared with the overlays' worker: one board for drawing, picking
    /// and rules previews.
    pub scene: Option<Arc<Scene>>,
    /// What the map marks besides the ground: team colours, objective hexes, tokens to collect,
    /// deployment zones (the library's, so exports mark the same).
    pub decor: Decorations,
    /// The board's ground as the library draws it (terrain, relief, borders), laid out once
    /// per change, painted every frame.
    pub ground: Vec<megahex::report::ground::Drawn>,
    /// The latest checker findings, in source order.
    pub problems: Vec<Problem>,
    /// The fairness report: distances, expected turns, turn-1 exposure (information only).
    pub fairness: Vec<Problem>,
    /// What the last background check worked out for the game beyond the problems (a map's
    /// verdict, self-play and tile replacements).
    pub findings: GameData,
    /// What changed since the file was last read or saved, from the last background check.
    pub changes: Option<megahex::diff::ScenarioDiff>,
    /// Changes with every new layout of the board and tokens (an edit, undo, reload, catalog),
    /// and is never the same for two documents: overlays cached for one layout stay valid
    /// until this changes.
    pub layout: u64,
    /// The file's bytes as last read or written by the editor, to tell an outside change of
    /// the file from the editor's own save.
    pub on_disk: Option<Vec<u8>>,
    /// What the game sets up for the current scenario with its layout (its rules, say), built
    /// once per change and asked by its previews and panels.
    pub rules: GameData,
}

/// Source of [`Document::layout`] numbers.
static LAYOUTS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

impl Document {
    /// A document with nothing loaded yet, for the loaders to fill.
    pub(crate) fn empty(name: String, path: Option<PathBuf>) -> Document {
        Document {
            name,
            path,
            modeline: None,
            catalog: Catalog::builtin(),
            held: None,
            scene: None,
            decor: Decorations::default(),
            ground: Vec::new(),
            problems: Vec::new(),
            fairness: Vec::new(),
            changes: None,
            findings: GameData::default(),
            layout: 0,
            on_disk: None,
            rules: GameData::default(),
        }
    }

    /// The game of the open document, when it loaded far enough to be edited.
    pub fn ruleset(&self) -> Option<Ruleset> {
        self.held.as_deref().map(HeldScenario::ruleset)
    }

    /// The current scenario of whichever ruleset the file plays, for checks and recovery.
    pub fn current(&self) -> Option<AnyScenario> {
        self.held.as_deref().map(HeldScenario::current)
    }

    /// True when the file loaded far enough to be edited, in either ruleset.
    pub fn is_editable(&self) -> bool {
        self.held.is_some()
    }

    /// The history of whichever ruleset's scenario is open.
    fn history(&self) -> Option<&dyn Undo> {
        self.held.as_deref().map(HeldScenario::history)
    }

    fn history_mut(&mut self) -> Option<&mut dyn Undo> {
        match &mut self.held {
            Some(held) => Some(held.history_mut()),
            None => None,
        }
    }

    /// True when there are edits that are not on disk.
    pub fn is_dirty(&self) -> bool {
        self.history().is_some_and(Undo::is_dirty)
    }

    /// The folder a scenario's `catalog:` path is relative to.
    pub fn dir(&self) -> Option<PathBuf> {
        folder_of(self.path.as_deref())
    }

    /// Applies one edit and lays the map out again. `Ok(true)` when the scenario changed,
    /// `Ok(false)` when the edit changed nothing, `Err` with the reason when it was refused.
    pub fn apply(&mut self, edit: impl Into<AnyEdit>) -> Result<bool, String> {
        let Some(held) = &mut self.held else {
            return Err("this file did not load as a scenario, so it cannot be edited; fix the problems listed and reload (F5)".to_owned());
        };
        let changed = held.apply(edit.into())?;
        if changed {
            self.rebuild();
        }
        Ok(changed)
    }

    /// Undoes the last edit; returns what was undone.
    pub fn undo(&mut self) -> Option<String> {
        let label = self.history_mut()?.undo()?;
        self.rebuild();
        Some(label)
    }

    /// Redoes the last undone edit; returns what was redone.
    pub fn redo(&mut self) -> Option<String> {
        let label = self.history_mut()?.redo()?;
        self.rebuild();
        Some(label)
    }

    /// Lays out the board and tokens of the current scenario with the catalog in use.
    pub fn rebuild(&mut self) {
        self.layout = LAYOUTS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        match self
            .held
            .as_deref()
            .and_then(|held| held.layout(&self.catalog))
        {
            Some(layout) => {
                self.ground = megahex::report::ground::ground(&layout.scene.board);
                self.decor = layout.decor;
                self.rules = layout.rules;
                self.scene = Some(Arc::new(layout.scene));
            }
            None => {
                self.scene = None;
                self.decor = Decorations::default();
                self.ground = Vec::new();
                self.rules = GameData::default();
            }
        }
    }

    /// Takes a new catalog from a check (the scenario's `catalog:` merge) and lays out again.
    pub fn set_catalog(&mut self, catalog: Catalog) {
        if catalog != self.catalog {
            self.catalog = catalog;
            self.rebuild();
        }
    }

    /// The text a save writes to `target`: the file's own text with the edits written in
    /// (comments, order and style kept), or deterministic YAML for a file the editor made,
    /// with the modeline adjusted to the target's folder.
    pub fn text_for(&self, target: &Path) -> Result<String, String> {
        let held = self
            .held
            .as_deref()
            .ok_or("there is no scenario to save: the file did not load")?;
        let modeline =
            storage::modeline_for(self.modeline.as_deref(), self.path.as_deref(), target);
        let original = self
            .on_disk
            .as_deref()
            .and_then(|b| std::str::from_utf8(b).ok());
        held.saved_text(original, modeline.as_deref())
    }

    /// The text a save in place writes, with the modeline as it was read: for a document with
    /// no folder to rewrite its `$schema=` path against (one downloaded from a web page).
    pub fn text_as_is(&self) -> Result<String, String> {
        let held = self
            .held
            .as_deref()
            .ok_or("there is no scenario to save: the file did not load")?;
        let original = self
            .on_disk
            .as_deref()
            .and_then(|b| std::str::from_utf8(b).ok());
        held.saved_text(original, self.modeline.as_deref())
    }

    /// Records that `text`, handed out as a download, is now what "saved" means.
    pub(crate) fn mark_downloaded(&mut self, text: &str) {
        self.mark_saved();
        self.on_disk = Some(text.as_bytes().to_vec());
    }

    /// The current scenario as it would be saved in place, for checks and recovery copies.
    pub fn current_text(&self) -> Result<String, String> {
        match &self.held {
            Some(held) => held.to_yaml(self.modeline.as_deref()),
            None => Err("there is no scenario: the file did not load".to_owned()),
        }
    }

    /// Saves atomically to `target` and makes it the document's file. On failure nothing
    /// changes (the edits stay unsaved) and the reason is returned.
    pub fn save_to(&mut self, target: &Path) -> Result<(), String> {
        let text = self.text_for(target)?;
        storage::save_atomic(target, &text)
            .map_err(|e| format!("Could not save {}: {e}", target.display()))?;
        self.mark_saved();
        self.on_disk = Some(text.clone().into_bytes());
        self.modeline = storage::modeline(&text);
        self.name = file_name(target);
        self.path = Some(target.to_path_buf());
        Ok(())
    }

    /// Records that the current scenario is what is on disk now.
    pub(crate) fn mark_saved(&mut self) {
        if let Some(history) = self.history_mut() {
            history.mark_saved();
        }
        // Nothing differs from the file any more; the next check says so too.
        self.changes = None;
    }

    /// What Ctrl+Z would undo, in either ruleset's history.
    pub fn undo_label(&self) -> Option<&str> {
        self.history()?.undo_label()
    }

    /// The undo history list: the steps that can be undone, oldest first, and those that can
    /// be redone, next first.
    pub fn steps(&self) -> (Vec<&str>, Vec<&str>) {
        self.history().map(Undo::steps).unwrap_or_default()
    }

    /// What Ctrl+Shift+Z would redo, in either ruleset's history.
    pub fn redo_label(&self) -> Option<&str> {
        self.history()?.redo_label()
    }

    /// Number of problems of a severity, for the toolbar summary.
    pub fn count(&self, severity: Severity) -> usize {
        self.problems
            .iter()
            .filter(|p| p.severity == severity)
            .count()
    }

    /// The assembled map of the current scenario.
    pub fn board(&self) -> Option<&Board> {
        self.scene.as_deref().map(|s| &s.board)
    }

    /// The tokens whose hexes all resolved, in file order (the checker reports the others).
    pub fn tokens(&self) -> &[PlacedToken] {
        self.scene.as_deref().map_or(&[], |s| s.tokens.as_slice())
    }

    /// The tokens standing on a hex, for the hover readout and for picking.
    pub fn tokens_at(&self, at: Axial) -> impl Iterator<Item = &PlacedToken> {
        self.tokens().iter().filter(move |t| t.hexes.contains(&at))
    }
}

/// The name shown for a file: its last component.
pub fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// The folder of a file, for its relative `catalog:` path.
pub fn folder_of(path: Option<&Path>) -> Option<PathBuf> {
    path.and_then(Path::parent).map(Path::to_path_buf)
}

/// The library's checker as the editor runs it: with the fairness report, which the designer
/// sees next to the findings (the CLI shows it only with `--fairness`).
pub fn new_checker() -> Result<Checker, String> {
    base_checker().map(|c| c.with_fairness(true))
}

/// The checker every other is a setting of, made once: compiling the schema is most of the
/// cost of a small file's check (a fifth of a second in a web page).
fn base_checker() -> Result<Checker, String> {
    static BASE: std::sync::OnceLock<Result<Checker, String>> = std::sync::OnceLock::new();
    BASE.get_or_init(|| Checker::new(Catalog::builtin()).map_err(|e| e.to_string()))
        .clone()
}

/// The scenario a file holds: the checker's, or, for a file the checks refuse but that still
/// reads as a scenario (an empty map, a number out of range), the file as read, so the editor
/// can open what it saved, restore any recovery copy, and let the designer fix it on the map
/// while the problems list says what is wrong.
///
/// Only text within the loader's limits (size, nesting, alias expansion) is read this way, so a
/// hostile file is refused as the checks refused it.
pub fn scenario_of(outcome: Option<Outcome>, bytes: &[u8]) -> Option<AnyScenario> {
    match outcome.and_then(|o| o.scenario) {
        Some(scenario) => Some(scenario),
        None => storage::read_any(std::str::from_utf8(bytes).ok()?),
    }
}

/// Checks scenario bytes with the library's checker; `path` locates a relative `catalog:`.
/// Returns the outcome (when the checker could start) and the findings as problems. The full
/// check, as the background worker runs it, for callers that want its answer at once.
pub fn check_bytes(bytes: &[u8], path: Option<&Path>) -> (Option<Outcome>, Vec<Problem>) {
    match new_checker() {
        Ok(checker) => check_with(&checker, bytes, folder_of(path).as_deref()),
        Err(e) => (
            None,
            vec![Problem::editor(
                "internal",
                format!("the scenario checker could not start: {e}"),
            )],
        ),
    }
}

/// The quick check of scenario bytes (the file, without the checks that play the rules), for
/// the UI thread: reading a file or a recovery copy never asks line-of-sight questions there.
pub fn quick_check(bytes: &[u8], path: Option<&Path>) -> (Option<Outcome>, Vec<Problem>) {
    let checker = base_checker().map(Checker::without_play);
    match checker {
        Ok(checker) => check_with(&checker, bytes, folder_of(path).as_deref()),
        Err(e) => (
            None,
            vec![Problem::editor(
                "internal",
                format!("the scenario checker could not start: {e}"),
            )],
        ),
    }
}

/// Checks with an existing checker, so a background worker builds it once.
pub fn check_with(
    checker: &Checker,
    bytes: &[u8],
    dir: Option<&Path>,
) -> (Option<Outcome>, Vec<Problem>) {
    let read_catalog = |rel: &str| -> Result<CatalogFile, ReadError> {
        let Some(dir) = dir else {
            return Err("a scenario that is not saved yet cannot refer to catalog files".into());
        };
        CatalogFile::read(dir, rel, checker.max_file_bytes())
    };
    let outcome = checker.check_bytes(bytes, &read_catalog);
    let problems = outcome
        .diagnostics
        .iter()
        .filter(|d| d.severity != Severity::Info)
        .map(problem_of)
        .collect();
    (Some(outcome), problems)
}

/// The fairness report of a check (its information findings), apart from the problems.
pub fn fairness_of(outcome: &Outcome) -> Vec<Problem> {
    outcome
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Info)
        .map(problem_of)
        .collect()
}

fn problem_of(d: &megahex::Diagnostic) -> Problem {
    // A finding in another file (a broken catalog) says where in that file; its line and
    // column stay the scenario's, which names the file.
    let message = match d.origin.as_deref() {
        Some(origin) => match origin.span {
            Some(at) => format!(
                "{} (at {}:{}:{})",
                d.message, origin.path, at.line, at.column
            ),
            None => format!("{} (in {})", d.message, origin.path),
        },
        None => d.message.clone(),
    };
    Problem {
        code: d.code.as_str().to_owned(),
        severity: d.severity,
        line_column: d.span.as_ref().map(|s| (s.line, s.column)),
        message,
        help: d.help.clone(),
        hexes: d.hexes.clone(),
        pointer: d.pointer.clone(),
    }
}

/// Resolves every token's footprint on the board; hexes that do not resolve are skipped.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::hex_skirmish::held::ArenaDocument;
    use crate::rulesets::sentinel_tactics::edit::Edit;
    use crate::rulesets::sentinel_tactics::held::MapDocument;

    #[test]
    fn a_hex_skirmish_file_is_edited_and_saved_with_its_comments() {
        use crate::rulesets::hex_skirmish::edits::{Ground, SkirmishEdit};
        let from =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/skirmish-bush-maze.yaml");
        let dir = scratch("skirmish-save");
        let path = dir.join("maze.yaml");
        std::fs::copy(&from, &path).unwrap();
        let mut doc = Document::open(&path);
        assert!(doc.scenario().is_none(), "not a sentinel-tactics scenario");
        assert!(doc.skirmish().is_some());
        assert!(doc.board().is_some_and(|b| b.hexes().len() == 91));
        let water = Ground::Terrain {
            name: "water".into(),
            levels: None,
        };
        let painted = doc.apply(SkirmishEdit::Paint {
            hexes: vec![[3, -3]],
            ground: water,
        });
        assert_eq!(painted, Ok(true));
        assert!(doc.is_dirty());
        assert_eq!(doc.undo_label(), Some("paint water on 1 hex"));
        doc.save_to(&path).unwrap();
        assert!(!doc.is_dirty());
        let saved = std::fs::read_to_string(&path).unwrap();
        assert!(saved.contains("# The outer hedge"), "comments are kept");
        let again = Document::open(&path);
        assert_eq!(again.skirmish(), doc.skirmish());
        let (_, problems) = check_bytes(saved.as_bytes(), Some(&path));
        assert!(problems.is_empty(), "{problems:?}");
    }

    use megahex_schema::rulesets::sentinel_tactics::{Side, TilePlacement};

    #[test]
    fn a_broken_catalog_is_named_with_its_own_line() {
        let dir = scratch("broken-catalog");
        // Line 4 of the catalog repeats the id `sky`, whose `s` is the 10th character.
        std::fs::write(
            dir.join("house.yaml"),
            "format: 1\nfigures:\n  - {id: sky, name: Sky, kind: character, hexes: 1}\n  - {id: sky, name: Two, kind: character, hexes: 1}\n",
        )
        .unwrap();
        let path = dir.join("scenario.yaml");
        let text = "format: 1\nruleset: sentinel-tactics\ncatalog: house.yaml\nmap:\n  tiles:\n    - {tile: 1, side: megalopolis, at: [0, 0]}\n";
        std::fs::write(&path, text).unwrap();
        let (_, problems) = quick_check(text.as_bytes(), Some(&path));
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(problems[0].code, "catalog-invalid");
        assert_eq!(problems[0].line_column, Some((3, 10)));
        let place = format!("{}:4:10", dir.join("house.yaml").display());
        assert!(
            problems[0].message.ends_with(&format!("(at {place})")),
            "{}",
            problems[0].message
        );
    }

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "megahex-editor-document-{name}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_file_the_checks_refuse_but_that_reads_as_a_scenario_still_opens() {
        // What the editor saves after every tile is removed: the schema wants one tile.
        let text = "format: 1\nruleset: sentinel-tactics\nmap:\n  tiles: []\n";
        let doc = Document::from_bytes("empty.yaml".into(), None, text.as_bytes());
        let scenario = doc.scenario().expect("it opens");
        assert!(scenario.map.tiles.is_empty());
        assert!(
            doc.problems.iter().any(|p| p.message.contains("map.tiles")),
            "the problem is listed: {:?}",
            doc.problems
        );
    }

    #[test]
    fn the_bundled_sample_is_valid_and_fully_drawn() {
        let doc = Document::sample();
        assert_eq!(doc.problems, Vec::new());
        let board = doc.board().unwrap();
        assert_eq!(board.hexes().len(), 4 * 19);
        assert!(board.hexes().iter().any(|h| h.is_cover()));
        assert!(board.hexes().iter().any(|h| h.is_lava()));
        let ids: Vec<&str> = doc.tokens().iter().map(|t| t.id.as_str()).collect();
        assert_eq!(ids, ["legacy", "omni", "vial-1"]);
        // legacy stands on 1/10, the centre of tile 1 placed at [0, 0].
        assert_eq!(doc.tokens()[0].hexes, vec![[0, 0]]);
        assert_eq!(doc.tokens()[0].team.as_deref(), Some("heroes"));
        assert_eq!(doc.tokens()[1].hexes.len(), 3);
        assert_eq!(doc.tokens()[2].index, 2);
        assert!(!doc.tokens()[2].target);
        assert_eq!(doc.tokens_at([0, 0]).count(), 1);
        assert!(!doc.is_dirty());
        assert!(doc.modeline.is_some());
    }

    #[test]
    fn broken_yaml_becomes_located_problems_not_a_crash() {
        let mut doc = Document::from_bytes("bad.yaml".into(), None, b"format: 1\nmap: [\n");
        assert!(doc.scenario().is_none());
        assert!(doc.board().is_none());
        assert_eq!(doc.count(Severity::Error), doc.problems.len());
        let first = &doc.problems[0];
        assert_eq!(first.code, "yaml-syntax");
        assert!(first.line_column.is_some());
        // Nothing to edit, and saying so instead of ignoring the edit.
        assert!(doc.apply(Edit::FlipTile { index: 0 }).is_err());
        assert!(doc.current_text().is_err());
    }

    #[test]
    fn a_semantic_error_still_draws_the_map() {
        let yaml = "format: 1\nruleset: sentinel-tactics\nmap:\n  tiles:\n    - {tile: 1, side: megalopolis, at: [0, 0], rotation: 0}\ntokens:\n  - {id: lost, kind: scenario-token, at: [40, 40]}\n";
        let doc = Document::from_bytes("off.yaml".into(), None, yaml.as_bytes());
        assert!(doc.problems.iter().any(|p| p.code == "token-off-map"));
        assert_eq!(doc.board().map(|b| b.hexes().len()), Some(19));
        assert!(doc.tokens().is_empty());
    }

    #[test]
    fn a_missing_file_is_reported() {
        let doc = Document::open(Path::new("/nonexistent/megahex/none.yaml"));
        assert_eq!(doc.name, "none.yaml");
        assert_eq!(doc.problems.len(), 1);
        assert_eq!(doc.problems[0].code, "io");
    }

    #[test]
    fn an_edit_rebuilds_the_board_and_tokens_that_follow_their_tile() {
        let mut doc = Document::sample();
        // legacy stands on 1/10, so it moves with tile 1.
        assert_eq!(
            doc.apply(Edit::MoveTile {
                index: 0,
                at: [-6, 0]
            }),
            Ok(true)
        );
        let board = doc.board().unwrap();
        assert!(board.contains([-6, 0]));
        assert!(!board.contains([0, 0]));
        assert_eq!(doc.tokens()[0].hexes, vec![[-6, 0]]);
        assert!(doc.is_dirty());
        assert_eq!(
            doc.apply(Edit::MoveTile {
                index: 0,
                at: [-6, 0]
            }),
            Ok(false)
        );
        assert_eq!(doc.undo().as_deref(), Some("move tile"));
        assert!(doc.board().unwrap().contains([0, 0]));
        assert!(!doc.is_dirty());
        assert_eq!(doc.redo().as_deref(), Some("move tile"));
        assert_eq!(doc.tokens()[0].hexes, vec![[-6, 0]]);
    }

    #[test]
    fn the_inventory_rule_is_refused_with_a_reason() {
        let mut doc = Document::sample();
        let refused = doc.apply(Edit::AddTile(TilePlacement {
            tile: 8,
            side: Side::Megalopolis,
            at: [10, 10],
            rotation: 0,
        }));
        assert!(refused.unwrap_err().contains("already on the map"));
        assert!(!doc.is_dirty());
    }

    #[test]
    fn the_current_text_is_a_valid_scenario_that_round_trips() {
        let doc = Document::sample();
        let text = doc.current_text().unwrap();
        assert!(text.starts_with("# yaml-language-server: $schema="));
        let (outcome, problems) = check_bytes(text.as_bytes(), None);
        assert_eq!(problems, Vec::new());
        let outcome = outcome.unwrap();
        assert_eq!(
            outcome
                .scenario
                .as_ref()
                .and_then(AnyScenario::sentinel_tactics),
            doc.scenario()
        );
        let mut new = Document::untitled(megahex_schema::Ruleset::SentinelTactics);
        assert!(
            new.scenario().unwrap().map.tiles.is_empty(),
            "New starts empty"
        );
        let (_, problems) = check_bytes(new.current_text().unwrap().as_bytes(), None);
        let codes: Vec<(&str, Option<&str>)> = problems
            .iter()
            .map(|p| (p.code.as_str(), p.pointer.as_deref()))
            .collect();
        assert_eq!(
            codes,
            vec![("schema", Some("/map/tiles"))],
            "an empty map is the one thing a new scenario lacks"
        );
        new.apply(Edit::AddTile(
            megahex_schema::rulesets::sentinel_tactics::TilePlacement {
                tile: 1,
                side: megahex_schema::rulesets::sentinel_tactics::Side::Megalopolis,
                at: [0, 0],
                rotation: 0,
            },
        ))
        .unwrap();
        let (_, problems) = check_bytes(new.current_text().unwrap().as_bytes(), None);
        assert_eq!(problems, Vec::new(), "one tile makes it a valid scenario");
    }

    #[test]
    fn save_writes_exactly_the_yaml_and_makes_the_document_clean() {
        let dir = scratch("save");
        let mut doc = Document::sample();
        doc.apply(Edit::RotateTile {
            index: 0,
            clockwise: true,
        })
        .unwrap();
        let target = dir.join("mine.yaml");
        doc.save_to(&target).unwrap();
        let written = std::fs::read_to_string(&target).unwrap();
        assert_eq!(written, doc.text_for(&target).unwrap());
        assert_eq!(
            written,
            storage::to_yaml(doc.scenario().unwrap(), doc.modeline.as_deref()).unwrap()
        );
        assert!(!doc.is_dirty());
        assert_eq!(doc.name, "mine.yaml");
        assert_eq!(doc.path.as_deref(), Some(target.as_path()));
        // What was saved opens as the same scenario.
        let again = Document::open(&target);
        assert_eq!(again.scenario(), doc.scenario());
        assert_eq!(again.problems, Vec::new());
    }

    #[test]
    fn a_failed_save_keeps_the_edits_unsaved() {
        let dir = scratch("failed-save");
        let mut doc = Document::sample();
        doc.apply(Edit::FlipTile { index: 0 }).unwrap();
        let target = dir.join("no-such-folder").join("mine.yaml");
        let error = doc.save_to(&target).unwrap_err();
        assert!(error.contains("Could not save"), "{error}");
        assert!(doc.is_dirty());
        assert_eq!(doc.path, None);
        assert_eq!(doc.name, SAMPLE_NAME);
    }
}
