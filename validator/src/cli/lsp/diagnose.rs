//! One document checked as `megahex validate` checks a file, and its findings in the
//! protocol's words: the same checker, the same catalog reading and the same `megahex.toml`
//! overrides, so the editor and CI never disagree.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;

use lsp_types::{
    CodeDescription, Diagnostic as LspDiagnostic, DiagnosticRelatedInformation, DiagnosticSeverity,
    Location, NumberOrString, Uri,
};
use megahex::report::sarif::doc_url;
use megahex::severity::{CONFIG_FILE, Overrides, ProjectConfig};
use megahex::{CatalogFile, Checker, Code, Diagnostic, Outcome, Severity};

use super::text::range_of;
use super::uri;

/// The texts of the documents open in the client, by path: a catalog being edited is read
/// from here rather than from disk, so its scenarios see the unsaved text.
pub type Overlay = HashMap<PathBuf, Arc<str>>;

/// What checking one document found.
#[derive(Debug, Default)]
pub struct Checked {
    /// The findings on the document itself.
    pub own: Vec<LspDiagnostic>,
    /// Findings that stand in another file (a broken catalog), by that file's URI.
    pub elsewhere: HashMap<Uri, Vec<LspDiagnostic>>,
    /// The catalog file the scenario names, resolved against its folder.
    pub catalog: Option<PathBuf>,
    /// The `megahex.toml` whose overrides applied.
    pub config: Option<PathBuf>,
    /// Why that `megahex.toml` could not be used, in words for the client's log.
    pub config_problem: Option<String>,
    /// The check's outcome, its findings with the overrides applied: what hovers read.
    pub outcome: Option<Arc<Outcome>>,
}

/// Reads the catalog a scenario names for a check of the document at `path`: the client's
/// unsaved text when the catalog is open there.
pub fn catalog_reader<'a>(
    checker: &'a Checker,
    path: Option<&'a Path>,
    overlay: &'a Overlay,
) -> impl Fn(&str) -> Result<CatalogFile, megahex::check::ReadError> + 'a {
    let folder = folder_of(path);
    move |relative: &str| read(&folder.join(relative), overlay, checker.max_file_bytes())
}

fn folder_of(path: Option<&Path>) -> PathBuf {
    path.and_then(Path::parent)
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// Checks the text of the document at `path` (`None` for an unsaved buffer, whose catalog and
/// `megahex.toml` are looked for in the current directory, as `validate -` does).
pub fn check(checker: &Checker, path: Option<&Path>, text: &str, overlay: &Overlay) -> Checked {
    let folder = folder_of(path);
    if is_catalog(text) {
        return Checked {
            own: catalog_problems(checker, text),
            ..Checked::default()
        };
    }
    let (overrides, config, config_problem) = overrides_for(&folder);
    let named_catalog = std::cell::RefCell::new(None);
    let read_catalog = |relative: &str| {
        let file = folder.join(relative);
        named_catalog.replace(Some(file.clone()));
        read(&file, overlay, checker.max_file_bytes())
    };
    let mut outcome = checker.check_text(text, &read_catalog);
    outcome.diagnostics = overrides.apply(std::mem::take(&mut outcome.diagnostics));
    let mut checked = Checked {
        catalog: named_catalog.into_inner(),
        config,
        config_problem,
        ..Checked::default()
    };
    for finding in &outcome.diagnostics {
        let mut here = to_protocol(finding, text, finding.span);
        if let Some(origin) = &finding.origin
            && let Some(origin_uri) = uri::from_path(Path::new(&origin.path))
        {
            let there = to_protocol(finding, &origin.source, origin.span);
            here.related_information = Some(vec![DiagnosticRelatedInformation {
                location: Location::new(origin_uri.clone(), there.range),
                message: "the problem is here, in the catalog file".to_owned(),
            }]);
            checked.elsewhere.entry(origin_uri).or_default().push(there);
        }
        checked.own.push(here);
    }
    checked.outcome = Some(Arc::new(outcome));
    checked
}

/// Whether the text is a tile and roster catalog rather than a scenario: the rule a folder
/// search of `megahex validate` uses to leave catalogs out.
fn is_catalog(text: &str) -> bool {
    let (catalog_key, ruleset) = crate::cli::validate::top_level_keys(text.as_bytes());
    catalog_key && !ruleset
}

/// A catalog document's own finding, where it cannot be used.
fn catalog_problems(checker: &Checker, text: &str) -> Vec<LspDiagnostic> {
    match checker.load_catalog(text) {
        Ok(_) => Vec::new(),
        Err(problem) => {
            let finding = Diagnostic {
                span: problem.span,
                pointer: None,
                ..Diagnostic::error(
                    Code::CatalogInvalid,
                    "",
                    format!("this catalog cannot be used: {}", problem.message),
                )
            }
            .with_help("fix the catalog file at this place; see docs/scenario-format.md for the catalog format");
            vec![to_protocol(&finding, text, finding.span)]
        }
    }
}

/// A catalog file's text: the client's unsaved one when it is open there, else the disk's.
fn read(
    file: &Path,
    overlay: &Overlay,
    max_bytes: usize,
) -> Result<CatalogFile, megahex::check::ReadError> {
    let key = file.canonicalize().unwrap_or_else(|_| file.to_path_buf());
    let shown = key.to_string_lossy().into_owned();
    match overlay.get(&key) {
        Some(text) if text.len() > max_bytes => Err(megahex::check::ReadError::TooLarge {
            bytes: text.len() as u64,
            limit: max_bytes,
        }),
        Some(text) => Ok(CatalogFile {
            path: shown,
            text: text.to_string(),
        }),
        None => CatalogFile::read_path(file, max_bytes).map(|read| CatalogFile {
            path: shown,
            ..read
        }),
    }
}

/// The overrides of the nearest `megahex.toml` in the document's folder or above it.
fn overrides_for(folder: &Path) -> (Overrides, Option<PathBuf>, Option<String>) {
    let Some(file) = folder
        .ancestors()
        .map(|dir| dir.join(CONFIG_FILE))
        .find(|file| file.is_file())
    else {
        return (Overrides::default(), None, None);
    };
    let config = std::fs::read_to_string(&file)
        .map_err(|e| e.to_string())
        .and_then(|text| ProjectConfig::from_toml(&text).map_err(|e| e.to_string()));
    match config {
        Ok(config) => (config.severity, Some(file), None),
        Err(e) => {
            let problem = format!("{} is ignored: {e}", file.display());
            (Overrides::default(), Some(file), Some(problem))
        }
    }
}

/// A finding as the protocol carries it, placed at `span` of `text`: the code linked to its
/// section of docs/diagnostics.md, the help after the message as `megahex validate` prints it.
pub fn to_protocol(
    finding: &Diagnostic,
    text: &str,
    span: Option<megahex::yaml::Span>,
) -> LspDiagnostic {
    let range = span.map_or_else(
        || range_of(text, 0, 0),
        |span| range_of(text, span.offset, span.offset + span.len),
    );
    let severity = match finding.severity {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Info => DiagnosticSeverity::INFORMATION,
    };
    let message = match &finding.help {
        Some(help) => format!("{}\nhelp: {help}", finding.message),
        None => finding.message.clone(),
    };
    LspDiagnostic {
        range,
        severity: Some(severity),
        code: Some(NumberOrString::String(finding.code.as_str().to_owned())),
        code_description: Uri::from_str(&doc_url(finding.code))
            .ok()
            .map(|href| CodeDescription { href }),
        source: Some("megahex".to_owned()),
        message,
        related_information: None,
        tags: None,
        data: Some(serde_json::json!({
            "pointer": finding.pointer,
            "hexes": finding.hexes,
        })),
    }
}
