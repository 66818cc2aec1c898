//! What the validation pipeline hands a game and takes back: the seam between
//! [`crate::check`] and the games in [`crate::rulesets`]. Both sides import it; it imports
//! neither, so the pipeline never names a game and a game never reaches into the pipeline.

use std::sync::Arc;

use megahex_schema::{AnyScenario, Catalog};

use crate::diagnostic::{Diagnostic, Severity};

/// What a game's checks may use of the run, besides the document itself.
pub struct CheckContext<'a> {
    /// The run's catalog of tiles and figures (the built-in one, or the user's merge of it).
    pub catalog: &'a Arc<Catalog>,
    /// Merges a scenario's own `catalog:` file into the run's, given the path as written, or
    /// says why it cannot be: the pipeline does the IO, so a game does none.
    pub scenario_catalog: &'a dyn Fn(&str) -> Result<Catalog, Box<Diagnostic>>,
    /// Whether the checks that play the rules run (turn order, playtest replay, claims).
    pub play: bool,
    /// Whether the fairness report's findings are wanted.
    pub fairness: bool,
}

/// The result for one file, and a game's verdict on a schema-valid one: findings (a game's
/// carry pointers; the pipeline finds their lines and sorts them), and the typed scenario and
/// its catalog when the file got that far.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// Findings, sorted by position.
    pub diagnostics: Vec<Diagnostic>,
    /// The typed scenario, of whichever ruleset it names, when the file got that far.
    pub scenario: Option<AnyScenario>,
    /// The catalog the scenario was checked against (the run's, or the scenario's own merge).
    pub catalog: Option<Arc<Catalog>>,
}

impl Outcome {
    /// True when no finding is an error.
    pub fn is_ok(&self) -> bool {
        !self
            .diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }

    /// A file whose checks found `diagnostics` without getting to a typed scenario.
    pub fn refused(diagnostics: Vec<Diagnostic>) -> Outcome {
        Outcome {
            diagnostics,
            scenario: None,
            catalog: None,
        }
    }
}
