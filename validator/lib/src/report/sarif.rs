//! `--format sarif`: a SARIF 2.1.0 log, for code-scanning dashboards (GitHub code scanning and
//! other SARIF viewers).
//!
//! The tool lists one rule per diagnostic code, in documentation order, with its one-line
//! summary and a link to its section of `docs/diagnostics.md`; every finding is a result that
//! points at its rule and at the file, line and column. File paths are written as relative URI
//! references (percent-encoded) against `%SRCROOT%`, so run megahex from the repository root.

use serde_json::{Value, json};

use super::FileResult;
use crate::diagnostic::{Code, Diagnostic, Severity};
use crate::yaml::Span;

/// The SARIF version written.
pub const SARIF_VERSION: &str = "2.1.0";

/// Where the published SARIF 2.1.0 JSON schema lives, for the log's `$schema`.
pub const SARIF_SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// The project's repository (from Cargo metadata), for rule documentation links.
const REPOSITORY: &str = env!("CARGO_PKG_REPOSITORY");

/// The documentation of a diagnostic code: its section of `docs/diagnostics.md` in the
/// repository, so a dashboard can link from a finding to the explanation and the fix.
pub fn doc_url(code: Code) -> String {
    format!(
        "{}/blob/main/docs/diagnostics.md#{}",
        REPOSITORY.trim_end_matches('/'),
        code.as_str()
    )
}

/// Renders a run as one SARIF log (pretty-printed JSON, ending in a newline).
pub fn render(results: &[FileResult]) -> String {
    let rules: Vec<Value> = Code::ALL.iter().map(|&code| rule(code)).collect();
    let findings: Vec<Value> = results
        .iter()
        .flat_map(|r| r.diagnostics.iter().map(|d| result(r, d)))
        .collect();
    let log = json!({
        "$schema": SARIF_SCHEMA,
        "version": SARIF_VERSION,
        "runs": [{
            "tool": {
                "driver": {
                    "name": "megahex",
                    "version": env!("CARGO_PKG_VERSION"),
                    "informationUri": REPOSITORY,
                    "rules": rules,
                }
            },
            "columnKind": "unicodeCodePoints",
            "results": findings,
        }]
    });
    let mut text = serde_json::to_string_pretty(&log).unwrap_or_default();
    text.push('\n');
    text
}

/// The documentation of the diagnostic codes; each rule's full description is its "Meaning"
/// paragraph, so the dashboard and the docs say the same thing.
const DIAGNOSTICS_DOC: &str = include_str!("../../../../docs/diagnostics.md");

/// The "**Meaning.**" paragraph of `code`'s section of docs/diagnostics.md, as plain text
/// (emphasis dropped, links as their text, lines joined).
pub fn meaning(code: Code) -> Option<String> {
    let heading = format!("\n## {}\n", code.as_str());
    let section = &DIAGNOSTICS_DOC[DIAGNOSTICS_DOC.find(&heading)? + heading.len()..];
    let section = &section[..section.find("\n## ").unwrap_or(section.len())];
    let start = section.find("**Meaning.**")? + "**Meaning.**".len();
    let mut blocks = section[start..].split("\n\n");
    let mut text = words(blocks.next()?);
    // A paragraph that ends in a colon introduces a list: the list belongs to the meaning.
    if text.ends_with(':')
        && let Some(list) = blocks.next().filter(|b| b.starts_with("- "))
    {
        let items: Vec<String> = list
            .split("\n- ")
            .map(|item| words(item.trim_start_matches("- ")))
            .collect();
        text = format!("{text} {}", items.join(" "));
    }
    Some(plain_text(&text.replace("**", "")))
}

/// A block of Markdown as one line of words.
fn words(block: &str) -> String {
    block.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Markdown links `[text](target)` as their text.
fn plain_text(markdown: &str) -> String {
    let mut out = String::new();
    let mut rest = markdown;
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find("](").map(|i| open + i) else {
            break;
        };
        let Some(end) = rest[close..].find(')').map(|i| close + i) else {
            break;
        };
        out.push_str(&rest[..open]);
        out.push_str(&rest[open + 1..close]);
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    out
}

fn rule(code: Code) -> Value {
    let url = doc_url(code);
    let full = meaning(code).unwrap_or_else(|| code.summary().to_owned());
    json!({
        "id": code.as_str(),
        "shortDescription": { "text": code.summary() },
        "fullDescription": { "text": full },
        "help": {
            "text": format!("{} See {url}", code.summary()),
            "markdown": format!("{} See [{}]({url}).", code.summary(), code.as_str()),
        },
        "helpUri": url,
    })
}

fn result(file: &FileResult, diagnostic: &Diagnostic) -> Value {
    let level = match diagnostic.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    };
    let mut message = diagnostic.message.clone();
    if let Some(help) = &diagnostic.help {
        message.push_str("\nhelp: ");
        message.push_str(help);
    }
    // A finding in another file (a broken catalog) is located there; the checked file's line
    // that names it is a related location.
    let place = file.place(diagnostic);
    let rule_index = Code::ALL.iter().position(|&c| c == diagnostic.code);
    let mut finding = json!({
        "ruleId": diagnostic.code.as_str(),
        "ruleIndex": rule_index,
        "level": level,
        "message": { "text": message },
        "locations": [{ "physicalLocation": physical_location(place.path, place.span) }],
    });
    if diagnostic.origin.is_some() {
        finding["relatedLocations"] = json!([{
            "id": 1,
            "physicalLocation": physical_location(&file.path, diagnostic.span),
            "message": { "text": "the scenario names the file here" },
        }]);
    }
    finding
}

fn physical_location(path: &str, span: Option<Span>) -> Value {
    let mut physical = json!({ "artifactLocation": artifact_location(path) });
    if let Some(span) = span {
        physical["region"] = json!({ "startLine": span.line, "startColumn": span.column });
    }
    physical
}

/// A file path as a SARIF artifact location: relative paths against `%SRCROOT%`, absolute ones
/// as `file://` URIs.
fn artifact_location(path: &str) -> Value {
    let path = path.replace('\\', "/");
    let windows_drive =
        path.as_bytes().get(1) == Some(&b':') && path.as_bytes()[0].is_ascii_alphabetic();
    if path.starts_with('/') {
        json!({ "uri": format!("file://{}", encode_path(&path)) })
    } else if windows_drive {
        let (drive, rest) = path.split_at(2);
        json!({ "uri": format!("file:///{drive}{}", encode_path(rest)) })
    } else {
        json!({ "uri": encode_path(&path), "uriBaseId": "%SRCROOT%" })
    }
}

/// Percent-encodes a path for a URI reference: keeps the characters RFC 3986 allows in a path
/// (unreserved, sub-delimiters, `@` and `/`) and encodes every other byte, `:` included so a
/// relative path is never read as a scheme.
pub fn encode_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for byte in path.bytes() {
        let keep = byte.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=@/".contains(&byte);
        if keep {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::Span;

    #[test]
    fn paths_become_uri_references() {
        assert_eq!(encode_path("my maps, v2/a.yaml"), "my%20maps,%20v2/a.yaml");
        assert_eq!(encode_path("50%/c:d#e?.yaml"), "50%25/c%3Ad%23e%3F.yaml");
        assert_eq!(encode_path("é.yaml"), "%C3%A9.yaml");
        assert_eq!(
            artifact_location("/tmp/x y.yaml"),
            json!({"uri": "file:///tmp/x%20y.yaml"})
        );
        assert_eq!(
            artifact_location(r"C:\maps\a.yaml"),
            json!({"uri": "file:///C:/maps/a.yaml"})
        );
    }

    #[test]
    fn a_run_is_a_sarif_log_with_rules_and_results() {
        let results = vec![
            FileResult {
                path: "maps, v2/a b.yaml".into(),
                source: String::new(),
                diagnostics: vec![Diagnostic {
                    span: Some(Span {
                        offset: 80,
                        len: 6,
                        line: 7,
                        column: 40,
                    }),
                    ..Diagnostic::error(
                        Code::TileOverlap,
                        "/map/tiles/1/at",
                        "tile 2 overlaps <tile 1>",
                    )
                    .with_help("move \"it\"")
                }],
            },
            FileResult {
                path: "ok.yaml".into(),
                source: String::new(),
                diagnostics: vec![],
            },
            FileResult {
                path: "<stdin>".into(),
                source: String::new(),
                diagnostics: vec![Diagnostic {
                    pointer: None,
                    ..Diagnostic::warning(Code::UnknownReference, "", "no place")
                }],
            },
        ];
        let log: Value = serde_json::from_str(&render(&results)).unwrap();
        assert_eq!(log["$schema"], SARIF_SCHEMA);
        assert_eq!(log["version"], "2.1.0");
        let run = &log["runs"][0];
        assert_eq!(run["tool"]["driver"]["name"], "megahex");
        assert_eq!(run["columnKind"], "unicodeCodePoints");
        let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
        assert_eq!(rules.len(), Code::ALL.len());
        assert_eq!(
            rules[6],
            json!({
                "id": "tile-overlap",
                "shortDescription": {"text": "Two tiles cover the same hex."},
                "fullDescription": {"text": "Two placed tiles cover the same hex. A tile covers every hex within 2 of its `at`, so two tiles overlap when their centres are 4 or fewer hexes apart. The later tile in the list is reported; the label lists the shared hexes."},
                "help": {
                    "text": format!("Two tiles cover the same hex. See {REPOSITORY}/blob/main/docs/diagnostics.md#tile-overlap"),
                    "markdown": format!("Two tiles cover the same hex. See [tile-overlap]({REPOSITORY}/blob/main/docs/diagnostics.md#tile-overlap)."),
                },
                "helpUri": format!("{REPOSITORY}/blob/main/docs/diagnostics.md#tile-overlap"),
            })
        );
        assert_eq!(
            run["results"],
            json!([
                {
                    "ruleId": "tile-overlap",
                    "ruleIndex": 6,
                    "level": "error",
                    "message": {"text": "tile 2 overlaps <tile 1>\nhelp: move \"it\""},
                    "locations": [{"physicalLocation": {
                        "artifactLocation": {"uri": "maps,%20v2/a%20b.yaml", "uriBaseId": "%SRCROOT%"},
                        "region": {"startLine": 7, "startColumn": 40},
                    }}],
                },
                {
                    "ruleId": "unknown-reference",
                    "ruleIndex": 13,
                    "level": "warning",
                    "message": {"text": "no place"},
                    "locations": [{"physicalLocation": {
                        "artifactLocation": {"uri": "%3Cstdin%3E", "uriBaseId": "%SRCROOT%"},
                    }}],
                },
            ])
        );
    }

    #[test]
    fn every_rule_links_to_its_section() {
        for code in Code::ALL {
            assert!(doc_url(code).ends_with(&format!("docs/diagnostics.md#{}", code.as_str())));
        }
    }

    /// GitHub code scanning requires a full description of every rule; each comes from the
    /// code's own section of docs/diagnostics.md.
    #[test]
    fn every_rule_has_its_documented_meaning_as_full_description() {
        for code in Code::ALL {
            let text = meaning(code).unwrap_or_default();
            assert!(
                text.len() > code.summary().len() / 2,
                "{}: {text:?}",
                code.as_str()
            );
            assert!(!text.contains("**") && !text.contains("]("), "{text}");
            assert!(
                !text.ends_with(':'),
                "{}: its list is left out",
                code.as_str()
            );
        }
        assert_eq!(
            plain_text("see [Making tiles touch](scenario-format.md#making-tiles-touch) now"),
            "see Making tiles touch now"
        );
    }
}
