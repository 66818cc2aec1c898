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
