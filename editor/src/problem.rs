//! One finding as the editor shows it, from any game's check or from the editor itself: a leaf
//! the document, the check worker and the panels share.

use megahex::Severity;
use megahex::board::Axial;

/// One finding shown in the problems panel; a checker diagnostic or a failure to read the file.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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
    /// The map hexes it is about.
    pub hexes: Vec<Axial>,
    /// JSON pointer to the value it is about (`/tokens/3/at`, `/map/tiles/2`).
    pub pointer: Option<String>,
}

impl Problem {
    /// A failure of the editor itself rather than a finding about the scenario.
    pub fn editor(code: &str, message: String) -> Problem {
        Problem {
            code: code.to_owned(),
            severity: Severity::Error,
            line_column: None,
            message,
            help: None,
            hexes: Vec::new(),
            pointer: None,
        }
    }
}
