//! Report formats. Each format is its own module and returns text; only the CLI prints.

pub mod change_marks;
pub mod decor;
pub mod diff;
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
use crate::yaml::Span;

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
    /// The result of checking `bytes` read as `path`: the text is kept for the findings'
    /// snippets, and a clean file has none to show. What `megahex validate` and the web page's
    /// checker both report.
    pub fn checked(path: String, bytes: &[u8], diagnostics: Vec<Diagnostic>) -> FileResult {
        let source = if diagnostics.is_empty() {
            String::new()
        } else {
            String::from_utf8(bytes.to_vec()).unwrap_or_default()
        };
        FileResult {
            path,
            source,
            diagnostics,
        }
    }

    /// True when the file has no errors.
    pub fn is_ok(&self) -> bool {
        !self
            .diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }
}

/// Where a report shows a finding: in the file it stands in, which for a broken catalog is the
/// catalog file, and then the line of the checked file that names that file.
pub struct Place<'a> {
    /// The file shown.
    pub path: &'a str,
    /// Its text, for snippets.
    pub source: &'a str,
    /// Where in it.
    pub span: Option<Span>,
    /// `named at PATH:LINE:COLUMN`, the checked file's reference, for a finding in another file.
    pub named_at: Option<String>,
}

impl FileResult {
    /// Where a finding of this file is shown.
    pub fn place<'a>(&'a self, diagnostic: &'a Diagnostic) -> Place<'a> {
        match &diagnostic.origin {
            None => Place {
                path: &self.path,
                source: &self.source,
                span: diagnostic.span,
                named_at: None,
            },
            Some(origin) => Place {
                path: &origin.path,
                source: &origin.source,
                span: origin.span,
                named_at: Some(match diagnostic.span {
                    Some(span) => format!("named at {}:{}:{}", self.path, span.line, span.column),
                    None => format!("named in {}", self.path),
                }),
            },
        }
    }
}

/// A finding's help, with the reference to the file it stands in when that is another file.
fn help_with(help: Option<&str>, named_at: Option<&str>) -> Option<String> {
    match (help, named_at) {
        (Some(help), Some(at)) => Some(format!("{help}\n{at}")),
        (help, at) => help.or(at).map(str::to_owned),
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
