//! `--format github`: GitHub Actions workflow commands, so each finding becomes an annotation on
//! the file and line in a pull request.
//!
//! One line per finding:
//! `::error file=PATH,line=L,col=C,title=CODE::MESSAGE` (`::warning` for warnings, `::notice`
//! for information), then the human summary line, which is the only text that stays visible in
//! the job log (GitHub turns the command lines into annotations and hides them).
//!
//! Escaping follows the runner's rules for workflow commands: in property values `%`, `\r`,
//! `\n`, `:` and `,` are percent-encoded; in the message `%`, `\r` and `\n`. Nothing else needs
//! it, so a path with spaces passes through as it is.

use super::human::summary_line;
use super::{FileResult, Summary, help_with};
use crate::diagnostic::{Diagnostic, Severity};

/// Renders every finding of a run as a workflow command, then the summary line.
pub fn render(results: &[FileResult]) -> String {
    let mut out = String::new();
    for result in results {
        for diagnostic in &result.diagnostics {
            out.push_str(&command(result, diagnostic));
            out.push('\n');
        }
    }
    out.push_str(&summary_line(Summary::of(results)));
    out.push('\n');
    out
}

/// One finding as a workflow command line, without the line break.
fn command(result: &FileResult, diagnostic: &Diagnostic) -> String {
    let place = result.place(diagnostic);
    let name = match diagnostic.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "notice",
    };
    let mut properties = vec![format!("file={}", escape_property(place.path))];
    if let Some(span) = place.span {
        properties.push(format!("line={}", span.line));
        properties.push(format!("col={}", span.column));
    }
    properties.push(format!(
        "title={}",
        escape_property(diagnostic.code.as_str())
    ));
    let mut message = diagnostic.message.clone();
    if let Some(help) = help_with(diagnostic.help.as_deref(), place.named_at.as_deref()) {
        message.push_str("\nhelp: ");
        message.push_str(&help);
    }
    format!(
        "::{name} {}::{}",
        properties.join(","),
        escape_data(&message)
    )
}

/// Escapes a workflow command's message.
pub fn escape_data(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '%' => out.push_str("%25"),
            '\r' => out.push_str("%0D"),
            '\n' => out.push_str("%0A"),
            c => out.push(c),
        }
    }
    out
}

/// Escapes a workflow command's property value (file, title): as the message, and also `:`
/// and `,`, which would otherwise end the value.
pub fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Code;
    use crate::yaml::Span;

    #[test]
    fn escaping_follows_the_runner_rules() {
        assert_eq!(
            escape_data("100% sure\r\nnext: a,b"),
            "100%25 sure%0D%0Anext: a,b"
        );
        assert_eq!(
            escape_property("dir, with: 50%\nx"),
            "dir%2C with%3A 50%25%0Ax"
        );
    }

    #[test]
    fn errors_warnings_and_notices_with_odd_paths() {
        let results = vec![
            FileResult {
                path: "my maps, old/a:b.yaml".into(),
                source: String::new(),
                diagnostics: vec![
                    Diagnostic {
                        span: Some(Span::at(7, 40)),
                        ..Diagnostic::error(
                            Code::TileOverlap,
                            "/map/tiles/1/at",
                            "tile 2 overlaps tile 1 (map.tiles[0]) on 3 hex(es)",
                        )
                        .with_help("move the tile, 100% of it")
                    },
                    Diagnostic {
                        span: Some(Span::at(10, 25)),
                        ..Diagnostic::warning(Code::UnknownReference, "/tokens/0/kind", "a, b: c")
                    },
                ],
            },
            FileResult {
                path: "ok.yaml".into(),
                source: String::new(),
                diagnostics: vec![],
            },
            FileResult {
                path: "big.yaml".into(),
                source: String::new(),
                diagnostics: vec![Diagnostic {
                    severity: Severity::Info,
                    pointer: None,
                    ..Diagnostic::error(Code::Schema, "", "no place\r\nat all")
                }],
            },
        ];
        assert_eq!(
            render(&results),
            "::error file=my maps%2C old/a%3Ab.yaml,line=7,col=40,title=tile-overlap::tile 2 overlaps tile 1 (map.tiles[0]) on 3 hex(es)%0Ahelp: move the tile, 100%25 of it\n\
             ::warning file=my maps%2C old/a%3Ab.yaml,line=10,col=25,title=unknown-reference::a, b: c\n\
             ::notice file=big.yaml,title=schema::no place%0D%0Aat all\n\
             3 files checked: 1 error, 1 warning\n"
        );
    }

    #[test]
    fn a_clean_run_is_only_the_summary() {
        assert_eq!(render(&[]), "0 files checked: 0 errors, 0 warnings\n");
    }
}
