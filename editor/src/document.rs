//! A scenario file as the editor shows it: loaded and checked through the `megahex` library, so
//! the editor sees exactly what `megahex validate` sees, with the board and tokens laid out.

use std::path::{Path, PathBuf};

use megahex::board::{Axial, Board};
use megahex::{Checker, Severity};
use megahex_schema::{Catalog, Scenario};

/// File name shown for the bundled sample.
pub const SAMPLE_NAME: &str = "sample.yaml";

/// The scenario opened when no file is given, so the editor always has a map to show.
pub const SAMPLE_YAML: &str = include_str!("sample.yaml");

/// One finding shown in the problems panel; a checker diagnostic or a failure to read the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// Diagnostic code (`tile-overlap`, ...), or `io` / `internal` for the editor's own failures.
    pub code: String,
    /// How serious it is.
    pub severity: Severity,
    /// 1-based line and column in the YAML source, when known.
    pub line_column: Option<(usize, usize)>,
    /// What is wrong.
    pub message: String,
    /// How to fix it, when the checker knows.
    pub help: Option<String>,
}

/// A token resolved to map positions, ready to draw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlacedToken {
    /// The token's id, used as its label.
    pub id: String,
    /// Position of its team in `teams`, for the colour.
    pub team: Option<usize>,
    /// Targets (figures) occupy hexes and are drawn larger than markers.
    pub is_target: bool,
    /// The hexes that resolved, in the order written; unresolved ones are left out (the checker
    /// reports them).
    pub hexes: Vec<Axial>,
}

/// Everything the editor knows about the open file.
#[derive(Debug, Clone)]
pub struct Document {
    /// File name for the window title.
    pub name: String,
    /// Where it was read from; `None` for the bundled sample, which cannot be reloaded.
    pub path: Option<PathBuf>,
    /// The typed scenario, when the file got that far.
    pub scenario: Option<Scenario>,
    /// The assembled map, when there is a scenario and a catalog.
    pub board: Option<Board>,
    /// Tokens that resolved to at least one hex.
    pub tokens: Vec<PlacedToken>,
    /// Checker findings and load failures, in source order.
    pub problems: Vec<Problem>,
}

impl Document {
    /// The bundled sample scenario.
    pub fn sample() -> Document {
        Document::from_bytes(SAMPLE_NAME.to_owned(), None, SAMPLE_YAML.as_bytes())
    }

    /// Reads and checks a file. Never fails: read errors become problems, so the window can
    /// still open and say what went wrong.
    pub fn open(path: &Path) -> Document {
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        match std::fs::read(path) {
            Ok(bytes) => Document::from_bytes(name, Some(path.to_path_buf()), &bytes),
            Err(e) => Document {
                problems: vec![Problem {
                    code: "io".to_owned(),
                    severity: Severity::Error,
                    line_column: None,
                    message: format!("cannot read {}: {e}", path.display()),
                    help: None,
                }],
                ..Document::empty(name, Some(path.to_path_buf()))
            },
        }
    }

    /// Reads the same file again; the bundled sample is rebuilt from memory.
    pub fn reload(&self) -> Document {
        match &self.path {
            Some(path) => Document::open(path),
            None => Document::sample(),
        }
    }

    /// Checks file contents. A scenario's `catalog:` path is read relative to `path`'s folder.
    pub fn from_bytes(name: String, path: Option<PathBuf>, bytes: &[u8]) -> Document {
        let checker = match Checker::new(Catalog::builtin()) {
            Ok(checker) => checker,
            Err(e) => {
                return Document {
                    problems: vec![Problem {
                        code: "internal".to_owned(),
                        severity: Severity::Error,
                        line_column: None,
                        message: format!("the scenario checker could not start: {e}"),
                        help: None,
                    }],
                    ..Document::empty(name, path)
                };
            }
        };
        let dir = path
            .as_deref()
            .and_then(Path::parent)
            .map(Path::to_path_buf);
        let read_catalog = |rel: &str| -> Result<String, String> {
            let Some(dir) = &dir else {
                return Err("the bundled sample cannot refer to catalog files".to_owned());
            };
            std::fs::read_to_string(dir.join(rel)).map_err(|e| e.to_string())
        };
        let outcome = checker.check_bytes(bytes, &read_catalog);
        let problems = outcome
            .diagnostics
            .iter()
            .map(|d| Problem {
                code: d.code.as_str().to_owned(),
                severity: d.severity,
                line_column: d.span.as_ref().map(|s| (s.line, s.column)),
                message: d.message.clone(),
                help: d.help.clone(),
            })
            .collect();
        let board = match (&outcome.scenario, &outcome.catalog) {
            // Placement problems are already among the diagnostics (tile-unknown, tile-overlap).
            (Some(scenario), Some(catalog)) => Some(Board::build(&scenario.map.tiles, catalog).0),
            _ => None,
        };
        let tokens = match (&outcome.scenario, &board) {
            (Some(scenario), Some(board)) => place_tokens(scenario, board),
            _ => Vec::new(),
        };
        Document {
            name,
            path,
            scenario: outcome.scenario,
            board,
            tokens,
            problems,
        }
    }

    fn empty(name: String, path: Option<PathBuf>) -> Document {
        Document {
            name,
            path,
            scenario: None,
            board: None,
            tokens: Vec::new(),
            problems: Vec::new(),
        }
    }

    /// Number of problems of a severity, for the toolbar summary.
    pub fn count(&self, severity: Severity) -> usize {
        self.problems
            .iter()
            .filter(|p| p.severity == severity)
            .count()
    }

    /// The tokens standing on a hex, for the hover readout.
    pub fn tokens_at(&self, at: Axial) -> impl Iterator<Item = &PlacedToken> {
        self.tokens.iter().filter(move |t| t.hexes.contains(&at))
    }
}

/// Resolves every token's footprint on the board; hexes that do not resolve are skipped.
fn place_tokens(scenario: &Scenario, board: &Board) -> Vec<PlacedToken> {
    scenario
        .tokens
        .iter()
        .filter_map(|token| {
            let hexes: Vec<Axial> = token
                .at
                .hexes()
                .iter()
                .filter_map(|r| board.resolve(r).ok())
                .collect();
            if hexes.is_empty() {
                return None;
            }
            let team = token
                .team
                .as_ref()
                .and_then(|id| scenario.teams.iter().position(|t| &t.id == id));
            Some(PlacedToken {
                id: token.id.clone(),
                team,
                is_target: token.is_target(),
                hexes,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_sample_is_valid_and_fully_drawn() {
        let doc = Document::sample();
        assert_eq!(doc.problems, Vec::new());
        let board = doc.board.as_ref().unwrap();
        assert_eq!(board.hexes().len(), 4 * 19);
        assert!(board.hexes().iter().any(|h| h.is_cover()));
        assert!(board.hexes().iter().any(|h| h.is_lava()));
        let ids: Vec<&str> = doc.tokens.iter().map(|t| t.id.as_str()).collect();
        assert_eq!(ids, ["legacy", "omni", "vial-1"]);
        // legacy stands on 1/10, the centre of tile 1 placed at [0, 0].
        assert_eq!(doc.tokens[0].hexes, vec![[0, 0]]);
        assert_eq!(doc.tokens[0].team, Some(0));
        assert_eq!(doc.tokens[1].hexes.len(), 3);
        assert!(!doc.tokens[2].is_target);
        assert_eq!(doc.tokens_at([0, 0]).count(), 1);
    }

    #[test]
    fn broken_yaml_becomes_located_problems_not_a_crash() {
        let doc = Document::from_bytes("bad.yaml".into(), None, b"format: 1\nmap: [\n");
        assert!(doc.scenario.is_none());
        assert!(doc.board.is_none());
        assert_eq!(doc.count(Severity::Error), doc.problems.len());
        let first = &doc.problems[0];
        assert_eq!(first.code, "yaml-syntax");
        assert!(first.line_column.is_some());
    }

    #[test]
    fn a_semantic_error_still_draws_the_map() {
        let yaml = "format: 1\nruleset: sentinel-tactics\nmap:\n  tiles:\n    - {tile: 1, side: megalopolis, at: [0, 0], rotation: 0}\ntokens:\n  - {id: lost, kind: scenario-token, at: [40, 40]}\n";
        let doc = Document::from_bytes("off.yaml".into(), None, yaml.as_bytes());
        assert!(doc.problems.iter().any(|p| p.code == "token-off-map"));
        assert_eq!(doc.board.as_ref().map(|b| b.hexes().len()), Some(19));
        assert!(doc.tokens.is_empty());
    }

    #[test]
    fn a_missing_file_is_reported() {
        let doc = Document::open(Path::new("/nonexistent/megahex/none.yaml"));
        assert_eq!(doc.name, "none.yaml");
        assert_eq!(doc.problems.len(), 1);
        assert_eq!(doc.problems[0].code, "io");
    }
}
