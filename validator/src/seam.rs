//! What the validation pipeline hands a game and takes back: the seam between
//! [`crate::check`] and the games in [`crate::rulesets`]. Both sides import it; it imports
//! neither, so the pipeline never names a game and a game never reaches into the pipeline.

use std::sync::Arc;

use megahex_schema::{AnyScenario, Catalog};

use crate::diagnostic::Diagnostic;

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

/// A game's verdict on a schema-valid document: findings with pointers (the pipeline finds
/// their lines), and the typed scenario and its catalog when the file got that far.
#[derive(Debug, Default)]
pub struct Checked {
    /// Findings, each with a pointer or a span.
    pub diagnostics: Vec<Diagnostic>,
    /// The typed scenario.
    pub scenario: Option<AnyScenario>,
    /// The catalog it was checked against, when the game uses one.
    pub catalog: Option<Arc<Catalog>>,
}

impl Checked {
    /// A file whose checks found `diagnostics` without getting to a typed scenario.
    pub fn refused(diagnostics: Vec<Diagnostic>) -> Checked {
        Checked {
            diagnostics,
            ..Checked::default()
        }
    }
}
