//! The validation pipeline: text in, located diagnostics out.
//!
//! Order matters and each stage stops the ones after it when it fails: YAML syntax, format
//! version, schema, typed model, catalog, semantic checks. Later stages would only repeat the
//! earlier finding in worse words.

pub mod catalog;
pub mod schema;

use std::sync::Arc;

use megahex_schema::{AnyScenario, Catalog, FORMAT_VERSION, Ruleset};

use crate::diagnostic::{Code, Diagnostic, Origin};
use crate::rulesets;
use crate::seam::CheckContext;
pub use crate::seam::Outcome;
use crate::yaml::{self, Document, Limits, Span};

pub use catalog::{CatalogFile, CatalogProblem, ReadError};
pub use schema::{SchemaChecker, SchemaError};

/// Reads the catalog file a scenario names, given the path as written (relative to the
/// scenario), so the engine itself does no IO.
pub type ReadCatalog<'a> = &'a dyn Fn(&str) -> Result<CatalogFile, ReadError>;

/// Largest scenario file accepted, in bytes. Real scenarios are a few kilobytes.
pub const DEFAULT_MAX_FILE_BYTES: usize = 16 * 1024 * 1024;

/// Everything one validation run shares across files: build it once. A clone shares the
/// compiled schema, so checkers that differ only in their settings cost one compilation.
#[derive(Clone)]
pub struct Checker {
    schema: Arc<SchemaChecker>,
    /// Shared with every outcome checked against it, rather than copied into each.
    catalog: Arc<Catalog>,
    limits: Limits,
    max_file_bytes: usize,
    fairness: bool,
    /// Whether the checks that play the rules run: the turn order, playtest replay, the
    /// designer's `assert:` claims and the fairness report. They ask line-of-sight questions, which an editor opening a file on
    /// its UI thread leaves to its background check.
    play: bool,
}

impl Checker {
    /// A checker using `catalog` (the built-in one, or the user's merge of it).
    pub fn new(catalog: Catalog) -> Result<Checker, SchemaError> {
        Ok(Checker {
            schema: Arc::new(SchemaChecker::new()?),
            catalog: Arc::new(catalog),
            limits: Limits::default(),
            max_file_bytes: DEFAULT_MAX_FILE_BYTES,
            fairness: false,
            play: true,
        })
    }

    /// Without the checks that play the rules (turn order, playtest replay, claims, fairness): a quick
    /// check of the file itself, for reading a scenario where time matters more than those.
    pub fn without_play(mut self) -> Checker {
        self.play = false;
        self
    }

    /// Also reports the fairness information (`objective-distance`, `turn-one-exposure`,
    /// `stats-missing`) for scenarios without errors. Off by default, so CI logs stay quiet.
    pub fn with_fairness(mut self, on: bool) -> Checker {
        self.fairness = on;
        self
    }

    /// Changes the largest accepted file size.
    pub fn with_max_file_bytes(mut self, bytes: usize) -> Checker {
        self.max_file_bytes = bytes;
        self
    }

    /// The scenario schema the checker holds files to, as JSON.
    pub fn schema(&self) -> &serde_json::Value {
        self.schema.schema()
    }

    /// The catalog in use.
    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// The largest file accepted, scenario or catalog.
    pub fn max_file_bytes(&self) -> usize {
        self.max_file_bytes
    }

    /// Reads a catalog file's text under the limits scenario files have.
    pub fn load_catalog(&self, text: &str) -> Result<Catalog, CatalogProblem> {
        catalog::load(text, self.limits, self.max_file_bytes)
    }

    /// Validates raw file bytes. `read_catalog` loads a scenario's `catalog:` file.
    pub fn check_bytes(&self, bytes: &[u8], read_catalog: ReadCatalog) -> Outcome {
        if let Some(refused) = self.refuse_size(bytes.len() as u64) {
            return refused;
        }
        match std::str::from_utf8(bytes) {
            Ok(text) => self.check_text(text, read_catalog),
            Err(e) => {
                let offset = e.valid_up_to();
                let prefix = &bytes[..offset];
                let line = prefix.iter().filter(|&&b| b == b'\n').count() + 1;
                let line_start = prefix
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(0, |p| p + 1);
                let column =
                    std::str::from_utf8(&prefix[line_start..]).map_or(1, |s| s.chars().count() + 1);
                failed(Diagnostic {
                    span: Some(Span {
                        offset,
                        len: 0,
                        line,
                        column,
                    }),
                    pointer: None,
                    ..Diagnostic::error(
                        Code::YamlSyntax,
                        "",
                        "the file is not UTF-8 text (is it a binary file?)",
                    )
                    .with_help("save the scenario as UTF-8 text")
                })
            }
        }
    }

    /// The finding for a file over the size limit, decided from its length alone so a caller
    /// can refuse a huge file without reading it.
    pub fn refuse_size(&self, len: u64) -> Option<Outcome> {
        if len <= self.max_file_bytes as u64 {
            return None;
        }
        Some(failed(Diagnostic {
            span: Some(start_span()),
            pointer: None,
            ..Diagnostic::error(
                Code::YamlSyntax,
                "",
                format!(
                    "the file is {len} bytes, over the {}-byte limit for scenario files",
                    self.max_file_bytes
                ),
            )
            .with_help("scenario files are a few kilobytes; is this the right file? (`--max-file-bytes` raises the limit)")
        }))
    }

    /// Validates one scenario's text.
    pub fn check_text(&self, text: &str, read_catalog: ReadCatalog) -> Outcome {
        // YAML allows a byte order mark at the start; spans still count it, so snippets line up.
        match text.strip_prefix('\u{feff}') {
            Some(rest) => {
                let mut outcome = self.check_document_text(rest, read_catalog);
                for span in outcome
                    .diagnostics
                    .iter_mut()
                    .filter_map(|d| d.span.as_mut())
                {
                    span.offset += '\u{feff}'.len_utf8();
                }
                outcome
            }
            None => self.check_document_text(text, read_catalog),
        }
    }

    fn check_document_text(&self, text: &str, read_catalog: ReadCatalog) -> Outcome {
        let document = match yaml::load(text, self.limits) {
            Ok(document) => document,
            Err(e) => {
                return failed(Diagnostic {
                    span: e.span,
                    pointer: None,
                    ..Diagnostic::error(Code::YamlSyntax, "", e.message)
                        .with_help("fix the YAML syntax at this point; the rest of the file is checked once it parses")
                });
            }
        };
        if let Some(d) = check_format(&document) {
            return failed(locate(d, &document, text));
        }
        let schema_diagnostics = self.schema.check(&document.value);
        if !schema_diagnostics.is_empty() {
            return finish(schema_diagnostics, &document, text, None, None);
        }
        // The schema requires a known ruleset, so a file that passed it names one.
        let Some(ruleset) = Ruleset::of(&document.value) else {
            let d = Diagnostic::error(
                Code::Schema,
                "/ruleset",
                "`ruleset` names no game this Megahex knows",
            )
            .with_help("write one of the rulesets docs/scenario-format.md lists");
            return finish(vec![d], &document, text, None, None);
        };
        let scenario_catalog = |path: &str| self.scenario_catalog(path, read_catalog);
        let context = CheckContext {
            catalog: &self.catalog,
            scenario_catalog: &scenario_catalog,
            play: self.play,
            fairness: self.fairness,
        };
        let checked = rulesets::check_document(ruleset, &document.value, &context);
        finish(
            checked.diagnostics,
            &document,
            text,
            checked.scenario,
            checked.catalog,
        )
    }
}

impl Checker {
    /// The run's catalog with a scenario's own catalog file merged in, or why it cannot be.
    fn scenario_catalog(
        &self,
        path: &str,
        read_catalog: ReadCatalog,
    ) -> Result<Catalog, Box<Diagnostic>> {
        let cannot = |message: &str| {
            Diagnostic::error(
                Code::CatalogInvalid,
                "/catalog",
                format!("catalog `{path}` cannot be used: {message}"),
            )
        };
        let file = read_catalog(path).map_err(|message| {
            Box::new(cannot(&message.to_string()).with_help(
                "the path is relative to the scenario file; see docs/scenario-format.md for the catalog format",
            ))
        })?;
        let user = self.load_catalog(&file.text).map_err(|problem| {
            let d = cannot(&problem.message)
                .with_help("fix the catalog file at this place; see docs/scenario-format.md for the catalog format")
                .in_file(Origin {
                    path: file.path.clone(),
                    source: file.text.clone(),
                    span: problem.span,
                });
            Box::new(d)
        })?;
        self.catalog
            .merged(&user)
            .map_err(|e| Box::new(cannot(&e.message)))
    }
}

/// A span cut to its first line: a finding about a whole mapping is shown where the mapping
/// starts, not as a snippet of the entire file.
fn first_line(mut span: Span, text: &str) -> Span {
    let end = (span.offset + span.len).min(text.len());
    if let Some(newline) = text.get(span.offset..end).and_then(|s| s.find('\n')) {
        span.len = newline;
    }
    span
}

fn start_span() -> Span {
    Span {
        offset: 0,
        len: 0,
        line: 1,
        column: 1,
    }
}

fn failed(diagnostic: Diagnostic) -> Outcome {
    Outcome::refused(vec![diagnostic])
}

fn finish(
    diagnostics: Vec<Diagnostic>,
    document: &Document,
    text: &str,
    scenario: Option<AnyScenario>,
    catalog: Option<Arc<Catalog>>,
) -> Outcome {
    let mut diagnostics: Vec<Diagnostic> = diagnostics
        .into_iter()
        .map(|d| locate(d, document, text))
        .collect();
    diagnostics.sort_by_key(|d| (d.span.map(|s| s.offset), d.code));
    Outcome {
        diagnostics,
        scenario,
        catalog,
    }
}

/// Fills a diagnostic's span from its pointer, cut to its first line.
fn locate(mut diagnostic: Diagnostic, document: &Document, text: &str) -> Diagnostic {
    if diagnostic.span.is_none()
        && let Some(pointer) = &diagnostic.pointer
    {
        let span = if diagnostic.at_key {
            document.locate_key(pointer)
        } else {
            document.locate(pointer)
        };
        diagnostic.span = span.map(|span| first_line(span, text));
    }
    diagnostic
}

/// `unsupported-format` comes before the schema so old or future files get one clear message.
fn check_format(document: &Document) -> Option<Diagnostic> {
    let format = document.value.get("format")?;
    let version = format.as_u64()?;
    if version == u64::from(FORMAT_VERSION) {
        return None;
    }
    let help = if version > u64::from(FORMAT_VERSION) {
        "this file was written for a newer Megahex; upgrade megahex to read it"
    } else {
        "set `format: 1`"
    };
    Some(
        Diagnostic::error(
            Code::UnsupportedFormat,
            "/format",
            format!("format {version} is not supported; this version of Megahex reads format {FORMAT_VERSION}"),
        )
        .with_help(help),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_catalog(_: &str) -> Result<CatalogFile, ReadError> {
        Err("no catalog in this test".into())
    }

    fn check(text: &str) -> Outcome {
        Checker::new(Catalog::builtin())
            .unwrap()
            .check_text(text, &no_catalog)
    }

    const MINIMAL: &str = "format: 1\nruleset: sentinel-tactics\nmap:\n  tiles:\n    - {tile: 1, side: megalopolis, at: [0, 0]}\n";

    #[test]
    fn a_minimal_scenario_is_valid() {
        let outcome = check(MINIMAL);
        assert!(outcome.diagnostics.is_empty(), "{:?}", outcome.diagnostics);
        assert!(outcome.scenario.is_some());
    }

    #[test]
    fn format_two_is_unsupported_at_its_line() {
        let outcome = check(&MINIMAL.replace("format: 1", "format: 2"));
        assert_eq!(outcome.diagnostics.len(), 1);
        assert_eq!(outcome.diagnostics[0].code, Code::UnsupportedFormat);
        assert_eq!(
            outcome.diagnostics[0].span.map(|s| (s.line, s.column)),
            Some((1, 9))
        );
    }

    #[test]
    fn unknown_keys_point_at_the_key() {
        let outcome = check(&format!("{MINIMAL}colour: red\n"));
        let d = &outcome.diagnostics[0];
        assert_eq!(d.code, Code::Schema);
        assert_eq!(d.span.map(|s| (s.line, s.column)), Some((6, 1)));
    }

    #[test]
    fn numbers_too_big_for_the_model_are_schema_errors_not_panics() {
        let outcome = check(&MINIMAL.replace("tile: 1,", "tile: 99999999999,"));
        assert_eq!(
            outcome.diagnostics[0].code,
            Code::Schema,
            "{:?}",
            outcome.diagnostics
        );
        assert_eq!(outcome.diagnostics[0].span.map(|s| s.line), Some(5));
    }

    #[test]
    fn binary_and_oversized_files_are_refused() {
        let checker = Checker::new(Catalog::builtin())
            .unwrap()
            .with_max_file_bytes(100);
        let outcome = checker.check_bytes(&[b'a', b':', b' ', 0xff, 0xfe], &no_catalog);
        assert_eq!(outcome.diagnostics[0].code, Code::YamlSyntax);
        assert_eq!(outcome.diagnostics[0].span.map(|s| s.column), Some(4));
        let outcome = checker.check_bytes(&[b'#'; 200], &no_catalog);
        assert!(outcome.diagnostics[0].message.contains("limit"));
    }

    #[test]
    fn the_readme_example_is_a_valid_scenario() {
        let readme = include_str!("../../../../README.md");
        let start = readme.find("```yaml\n").expect("README has a yaml example") + 8;
        let end = start + readme[start..].find("```").expect("the example is closed");
        let outcome = check(&readme[start..end]);
        assert!(outcome.diagnostics.is_empty(), "{:?}", outcome.diagnostics);
    }

    #[test]
    fn a_byte_order_mark_is_allowed() {
        let outcome = check(&format!("\u{feff}{MINIMAL}"));
        assert!(outcome.diagnostics.is_empty(), "{:?}", outcome.diagnostics);
        let outcome = check(&format!(
            "\u{feff}{}",
            MINIMAL.replace("format: 1", "format: 3")
        ));
        let span = outcome.diagnostics[0].span.unwrap();
        assert_eq!((span.line, span.column, span.offset), (1, 9, 11));
    }

    #[test]
    fn a_whole_number_may_be_written_with_a_decimal_point() {
        // JSON Schema counts 3.0 as the integer 3, so megahex reads it as check-jsonschema does.
        let turned = MINIMAL.replace("at: [0, 0]}", "at: [0, 0], rotation: 3.0}");
        assert_ne!(turned, MINIMAL);
        let outcome = check(&turned);
        assert!(outcome.diagnostics.is_empty(), "{:?}", outcome.diagnostics);
        let scenario = outcome.scenario.unwrap();
        let scenario = scenario.sentinel_tactics().unwrap();
        assert_eq!(scenario.map.tiles[0].rotation, 3);
        // Out of range, the message quotes the schema's range for the key.
        let outcome = check(&MINIMAL.replace("at: [0, 0]}", "at: [0, 0], rotation: 7.0}"));
        assert_eq!(outcome.diagnostics.len(), 1, "{:?}", outcome.diagnostics);
        assert_eq!(outcome.diagnostics[0].code, Code::Schema);
        assert!(
            outcome.diagnostics[0]
                .message
                .contains("must be at most 5, but is 7"),
            "{}",
            outcome.diagnostics[0].message
        );
        // A fraction is still not a whole number.
        let outcome = check(&MINIMAL.replace("at: [0, 0]}", "at: [0, 0], rotation: 2.5}"));
        assert_eq!(outcome.diagnostics[0].code, Code::Schema);
    }
}

/// Mangled input must never panic: a cheap in-tree fuzz over truncations and byte edits of a
/// real scenario. `cargo fuzz` targets go further; this keeps the guarantee in every test run.
#[cfg(test)]
mod mangled_input {
    use super::*;

    const BASE: &str = "# yaml-language-server: $schema=../schema/scenario.schema.json\nformat: 1\nruleset: sentinel-tactics\nrules: {los-blocking: higher-than-both}\nmap:\n  tiles:\n    - {tile: 1, side: megalopolis, at: [0, 0], rotation: 0}\n    - {tile: 8, side: insula-primalis, at: [5, -2], rotation: 3}\nteams:\n  - {id: heroes, name: Heroes}\n  - {id: villains}\ntokens:\n  - {id: legacy, kind: character, character: legacy, team: heroes, at: 1/10}\n  - {id: omni, kind: character, character: omnitron-v, team: villains, at: [[5,-2],[6,-2],[5,-1]]}\n  - {id: vial, kind: scenario-token, at: {tile: 8, hex: 3}}\nobjectives:\n  - {id: grab, team: villains, kind: collect, tokens: [vial], count: 1}\n  - {id: hold, team: heroes, kind: hold, hexes: [1/1, [0, 0]], rounds: 2}\nturn-order: [heroes, villains]\n";

    #[test]
    fn truncations_and_byte_edits_never_panic() {
        let checker = Checker::new(Catalog::builtin()).unwrap();
        let no_catalog = |_: &str| Err("no catalog".into());
        assert!(checker.check_text(BASE, &no_catalog).is_ok());
        for cut in 0..BASE.len() {
            let _ = checker.check_bytes(&BASE.as_bytes()[..cut], &no_catalog);
        }
        let alphabet = b"{}[]:,-&*!|>'\"#%@`?/ \n\t0123456789abc";
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        for _ in 0..3000 {
            let bytes = crate::mangle::edit(BASE.as_bytes(), 4, alphabet, &mut state);
            let outcome = checker.check_bytes(&bytes, &no_catalog);
            for d in &outcome.diagnostics {
                assert!(!d.message.is_empty());
            }
        }
    }
}
