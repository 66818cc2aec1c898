//! Human output: miette reports with the YAML snippet and a help line.

use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteDiagnostic, NamedSource, Report,
};

use super::{FileResult, Summary, help_with};
use crate::diagnostic::{Diagnostic, Severity};

/// Renders every finding of a run, then a summary line.
pub fn render(results: &[FileResult], color: bool) -> String {
    let mut out = String::new();
    for result in results {
        out.push_str(&findings(result, color));
    }
    out.push_str(&summary_line(Summary::of(results)));
    out.push('\n');
    out
}

fn render_one(
    handler: &GraphicalReportHandler,
    result: &FileResult,
    diagnostic: &Diagnostic,
    out: &mut String,
) {
    let severity = match diagnostic.severity {
        Severity::Error => miette::Severity::Error,
        Severity::Warning => miette::Severity::Warning,
        Severity::Info => miette::Severity::Advice,
    };
    let mut report = MietteDiagnostic::new(diagnostic.message.clone())
        .with_code(diagnostic.code.as_str())
        .with_severity(severity);
    // A finding in another file (a broken catalog) shows that file, and where this one names it.
    let place = result.place(diagnostic);
    let (path, source, span) = (place.path, place.source, place.span);
    if let Some(help) = help_with(diagnostic.help.as_deref(), place.named_at.as_deref()) {
        report = report.with_help(help);
    }
    if let Some(span) = span.filter(|s| s.offset <= source.len()) {
        let label = if diagnostic.hexes.is_empty() {
            "here".to_owned()
        } else {
            let hexes: Vec<String> = diagnostic
                .hexes
                .iter()
                .take(6)
                .map(|[q, r]| format!("[{q}, {r}]"))
                .collect();
            let more = if diagnostic.hexes.len() > 6 {
                ", ..."
            } else {
                ""
            };
            format!("hexes {}{more}", hexes.join(", "))
        };
        report = report.with_label(LabeledSpan::new(Some(label), span.offset, span.len));
        let source = NamedSource::new(path, source.to_owned());
        let report = Report::new(report).with_source_code(source);
        let _ = handler.render_report(out, report.as_ref());
    } else {
        out.push_str(&format!("{path}\n"));
        let _ = handler.render_report(out, &report);
    }
    out.push('\n');
}

/// The findings of one file without colour or the summary line, for a report that is not a
/// validation run (a broken `--catalog` file).
pub fn render_findings(result: &FileResult) -> String {
    findings(result, false)
}

/// Every finding of one file as a miette report.
fn findings(result: &FileResult, color: bool) -> String {
    let theme = if color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme).with_width(100);
    let mut out = String::new();
    for diagnostic in &result.diagnostics {
        render_one(&handler, result, diagnostic, &mut out);
    }
    out
}

/// The closing line of a human report.
pub fn summary_line(summary: Summary) -> String {
    let plural = |n: usize, word: &str| {
        if n == 1 {
            format!("{n} {word}")
        } else {
            format!("{n} {word}s")
        }
    };
    format!(
        "{} checked: {}, {}",
        plural(summary.files, "file"),
        plural(summary.errors, "error"),
        plural(summary.warnings, "warning")
    )
}
