//! The `--format json` document (DESIGN §5, a contract).

use serde::Serialize;

use super::{FileResult, Summary};
use crate::diagnostic::{Code, Severity};

#[derive(Serialize)]
struct JsonReport<'a> {
    version: u32,
    files: Vec<JsonFile<'a>>,
    summary: JsonSummary,
}

#[derive(Serialize)]
struct JsonFile<'a> {
    path: &'a str,
    ok: bool,
    diagnostics: Vec<JsonDiagnostic<'a>>,
}

#[derive(Serialize)]
struct JsonDiagnostic<'a> {
    code: Code,
    severity: Severity,
    message: &'a str,
    help: Option<&'a str>,
    line: Option<usize>,
    column: Option<usize>,
    pointer: Option<&'a str>,
    hexes: &'a [[i32; 2]],
    /// Only for a finding in another file (a broken catalog): where it stands there. `line`,
    /// `column` and `pointer` stay the checked file's reference to that file.
    #[serde(skip_serializing_if = "Option::is_none")]
    origin: Option<JsonOrigin<'a>>,
}

#[derive(Serialize)]
struct JsonOrigin<'a> {
    path: &'a str,
    line: Option<usize>,
    column: Option<usize>,
}

#[derive(Serialize)]
struct JsonSummary {
    files: usize,
    errors: usize,
    warnings: usize,
}

/// Renders a run as one JSON document.
pub fn render(results: &[FileResult]) -> String {
    let summary = Summary::of(results);
    let report = JsonReport {
        version: 1,
        files: results
            .iter()
            .map(|r| JsonFile {
                path: &r.path,
                ok: r.is_ok(),
                diagnostics: r
                    .diagnostics
                    .iter()
                    .map(|d| JsonDiagnostic {
                        code: d.code,
                        severity: d.severity,
                        message: &d.message,
                        help: d.help.as_deref(),
                        line: d.span.map(|s| s.line),
                        column: d.span.map(|s| s.column),
                        pointer: d.pointer.as_deref(),
                        hexes: &d.hexes,
                        origin: d.origin.as_deref().map(|o| JsonOrigin {
                            path: &o.path,
                            line: o.span.map(|s| s.line),
                            column: o.span.map(|s| s.column),
                        }),
                    })
                    .collect(),
            })
            .collect(),
        summary: JsonSummary {
            files: summary.files,
            errors: summary.errors,
            warnings: summary.warnings,
        },
    };
    let mut text = serde_json::to_string(&report).unwrap_or_default();
    text.push('\n');
    text
}
