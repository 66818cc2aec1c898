//! `--format junit`: JUnit XML, for CI systems that show test reports (GitLab, Jenkins, Azure
//! Pipelines and others).
//!
//! One `<testsuite>` per run and one `<testcase>` per file. Each error is a `<failure>` of its
//! testcase (with `--deny-warnings`, each warning too, so the report agrees with the exit code);
//! other findings are listed in the testcase's `<system-out>`. All text is XML-escaped, and
//! characters XML 1.0 cannot carry at all are replaced with U+FFFD.

use super::{FileResult, help_with};
use crate::diagnostic::{Diagnostic, Severity};

/// Renders a run as one JUnit XML document. With `deny_warnings`, warnings are failures too.
pub fn render(results: &[FileResult], deny_warnings: bool) -> String {
    let fails = |d: &Diagnostic| {
        d.severity == Severity::Error || (deny_warnings && d.severity == Severity::Warning)
    };
    let failed_files = results
        .iter()
        .filter(|r| r.diagnostics.iter().any(fails))
        .count();
    let counts = format!(
        "tests=\"{}\" failures=\"{failed_files}\" errors=\"0\"",
        results.len()
    );
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out.push_str(&format!("<testsuites name=\"megahex\" {counts}>\n"));
    out.push_str(&format!(
        "  <testsuite name=\"megahex validate\" {counts} skipped=\"0\">\n"
    ));
    for result in results {
        let path = escape(&result.path);
        out.push_str(&format!(
            "    <testcase classname=\"megahex\" name=\"{path}\" file=\"{path}\""
        ));
        if result.diagnostics.is_empty() {
            out.push_str("/>\n");
            continue;
        }
        out.push_str(">\n");
        let mut others = Vec::new();
        for diagnostic in &result.diagnostics {
            if fails(diagnostic) {
                out.push_str(&format!(
                    "      <failure type=\"{}\" message=\"{}\">{}</failure>\n",
                    diagnostic.code.as_str(),
                    escape(&diagnostic.message),
                    escape(&finding_text(result, diagnostic))
                ));
            } else {
                others.push(finding_text(result, diagnostic));
            }
        }
        if !others.is_empty() {
            out.push_str(&format!(
                "      <system-out>{}</system-out>\n",
                escape(&others.join("\n"))
            ));
        }
        out.push_str("    </testcase>\n");
    }
    out.push_str("  </testsuite>\n</testsuites>\n");
    out
}

/// A finding as text: `path:line:column: severity [code] message`, then the help line.
fn finding_text(result: &FileResult, diagnostic: &Diagnostic) -> String {
    let shown = result.place(diagnostic);
    let place = match shown.span {
        Some(span) => format!("{}:{}:{}", shown.path, span.line, span.column),
        None => shown.path.to_owned(),
    };
    let severity = match diagnostic.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "info",
    };
    let mut text = format!(
        "{place}: {severity} [{}] {}",
        diagnostic.code.as_str(),
        diagnostic.message
    );
    if let Some(help) = help_with(diagnostic.help.as_deref(), shown.named_at.as_deref()) {
        text.push_str("\nhelp: ");
        text.push_str(&help);
    }
    text
}

/// Escapes text for XML attribute values and element content. Line breaks are written as
/// character references so they survive in attributes; characters that XML 1.0 forbids
/// (most control characters) become U+FFFD.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            '\t' => out.push_str("&#9;"),
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Code;
    use crate::yaml::Span;

    fn results() -> Vec<FileResult> {
        vec![
            FileResult {
                path: "maps & <more>/a, \"b\".yaml".into(),
                source: String::new(),
                diagnostics: vec![
                    Diagnostic {
                        span: Some(Span::at(7, 40)),
                        ..Diagnostic::error(
                            Code::TileOverlap,
                            "/map/tiles/1/at",
                            "tile 2 overlaps tile 1 (map.tiles[0]) on 3 hex(es)",
                        )
                        .with_help("move it")
                    },
                    Diagnostic {
                        span: Some(Span::at(9, 3)),
                        ..Diagnostic::error(
                            Code::DuplicateId,
                            "/teams/1/id",
                            "team id `a'b` is <used>\u{1}",
                        )
                    },
                    Diagnostic {
                        span: Some(Span::at(10, 25)),
                        ..Diagnostic::warning(
                            Code::UnknownReference,
                            "/tokens/0/kind",
                            "odd & odder",
                        )
                        .with_help("write `kind: minion`")
                    },
                ],
            },
            FileResult {
                path: "ok.yaml".into(),
                source: String::new(),
                diagnostics: vec![],
            },
            FileResult {
                path: "warned.yaml".into(),
                source: String::new(),
                diagnostics: vec![Diagnostic {
                    pointer: None,
                    ..Diagnostic::warning(Code::Schema, "", "no place")
                }],
            },
        ]
    }

    #[test]
    fn escaping() {
        assert_eq!(
            escape("a & b <c> \"d\" 'e'\nf\u{0}g"),
            "a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;&#10;f\u{fffd}g"
        );
    }

    #[test]
    fn errors_fail_and_warnings_are_output() {
        let expected = r#"<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="megahex" tests="3" failures="1" errors="0">
  <testsuite name="megahex validate" tests="3" failures="1" errors="0" skipped="0">
    <testcase classname="megahex" name="maps &amp; &lt;more&gt;/a, &quot;b&quot;.yaml" file="maps &amp; &lt;more&gt;/a, &quot;b&quot;.yaml">
      <failure type="tile-overlap" message="tile 2 overlaps tile 1 (map.tiles[0]) on 3 hex(es)">maps &amp; &lt;more&gt;/a, &quot;b&quot;.yaml:7:40: error [tile-overlap] tile 2 overlaps tile 1 (map.tiles[0]) on 3 hex(es)&#10;help: move it</failure>
      <failure type="duplicate-id" message="team id `a&apos;b` is &lt;used&gt;�">maps &amp; &lt;more&gt;/a, &quot;b&quot;.yaml:9:3: error [duplicate-id] team id `a&apos;b` is &lt;used&gt;�</failure>
      <system-out>maps &amp; &lt;more&gt;/a, &quot;b&quot;.yaml:10:25: warning [unknown-reference] odd &amp; odder&#10;help: write `kind: minion`</system-out>
    </testcase>
    <testcase classname="megahex" name="ok.yaml" file="ok.yaml"/>
    <testcase classname="megahex" name="warned.yaml" file="warned.yaml">
      <system-out>warned.yaml: warning [schema] no place</system-out>
    </testcase>
  </testsuite>
</testsuites>
"#;
        assert_eq!(render(&results(), false), expected);
    }

    #[test]
    fn deny_warnings_makes_warnings_failures() {
        let text = render(&results(), true);
        assert!(text.contains(r#"<testsuites name="megahex" tests="3" failures="2" errors="0">"#));
        assert!(text.contains(
            "      <failure type=\"schema\" message=\"no place\">warned.yaml: warning [schema] no place</failure>\n"
        ));
        assert!(!text.contains("<system-out>warned.yaml"));
    }

    #[test]
    fn an_empty_run_is_an_empty_suite() {
        assert_eq!(
            render(&[], false),
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"megahex\" tests=\"0\" failures=\"0\" errors=\"0\">\n  <testsuite name=\"megahex validate\" tests=\"0\" failures=\"0\" errors=\"0\" skipped=\"0\">\n  </testsuite>\n</testsuites>\n"
        );
    }
}
