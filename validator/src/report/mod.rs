//! Report formats. Each format is its own module and returns text; only the CLI prints.

pub mod catalog;
pub mod decor;
pub mod github;
pub mod ground;
pub mod human;
pub mod json;
pub mod junit;
pub mod layer;
pub mod odds;
pub mod palette;
pub mod pieces;
pub mod png;
pub mod query;
pub mod sarif;
pub mod simulation;
pub mod svg;

use crate::diagnostic::{Diagnostic, Severity};

/// One validated file, as reports see it.
#[derive(Debug, Clone)]
pub struct FileResult {
    /// Path as the user gave it (or as found under a directory they gave).
    pub path: String,
    /// The file's text, for source snippets (empty when unreadable or not UTF-8).
    pub source: String,
    /// Findings, in source order.
    pub diagnostics: Vec<Diagnostic>,
}

impl FileResult {
    /// True when the file has no errors.
    pub fn is_ok(&self) -> bool {
        !self
            .diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }
}

/// Totals over a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Summary {
    /// Files checked.
    pub files: usize,
    /// Error findings.
    pub errors: usize,
    /// Warning findings.
    pub warnings: usize,
}

impl Summary {
    /// Counts the findings of a run.
    pub fn of(results: &[FileResult]) -> Summary {
        let count = |severity| {
            results
                .iter()
                .flat_map(|r| &r.diagnostics)
                .filter(|d| d.severity == severity)
                .count()
        };
        Summary {
            files: results.len(),
            errors: count(Severity::Error),
            warnings: count(Severity::Warning),
        }
    }
}
