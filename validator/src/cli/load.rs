//! Reading a scenario for a command other than `validate`: one place checks the bytes, prints
//! the errors as `validate` prints them (or only counts them), and says what could be built.

use std::path::Path;

use megahex::check::ReadCatalog;
use megahex::report::{self, FileResult};
use megahex::{CatalogFile, Checker, Severity};
use megahex_schema::{AnyScenario, Catalog};

use super::output::{EXIT_FINDINGS, fail, with_findings};

/// What became of a file a command reads.
pub struct Loaded {
    /// The scenario, if the file is one.
    pub scenario: Option<AnyScenario>,
    /// The catalog it uses (its own catalog file merged in, or the one given).
    pub catalog: Catalog,
    /// How many errors it has.
    pub errors: usize,
}

/// Whether a command shows a file's errors or leaves them to `megahex validate`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Errors {
    /// Printed on standard error, as `validate` prints them.
    Print,
    /// Only counted.
    Count,
}

/// Checks a file's bytes, `label` naming it in what is printed.
pub fn check(
    checker: &Checker,
    label: &str,
    bytes: &[u8],
    read_catalog: ReadCatalog,
    errors: Errors,
) -> Loaded {
    let outcome = checker.check_bytes(bytes, read_catalog);
    let found: Vec<_> = outcome
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .cloned()
        .collect();
    let count = found.len();
    if errors == Errors::Print && !found.is_empty() {
        let result = FileResult {
            path: label.to_owned(),
            source: String::from_utf8_lossy(bytes).into_owned(),
            diagnostics: found,
        };
        eprint!("{}", report::human::render(&[result], false));
    }
    Loaded {
        scenario: outcome.scenario,
        catalog: outcome.catalog.map_or_else(
            || checker.catalog().clone(),
            std::sync::Arc::unwrap_or_clone,
        ),
        errors: count,
    }
}

/// Reads a file from disk and checks it, its catalog file found beside it.
pub fn check_file(checker: &Checker, path: &Path, errors: Errors) -> Result<Loaded, i32> {
    let bytes =
        std::fs::read(path).map_err(|e| fail(format!("cannot read {}: {e}", path.display())))?;
    let base = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let read_catalog =
        |relative: &str| CatalogFile::read(&base, relative, checker.max_file_bytes());
    Ok(check(
        checker,
        &path.display().to_string(),
        &bytes,
        &read_catalog,
        errors,
    ))
}

/// Reads and checks a scenario, printing its errors; the scenario and the catalog it uses,
/// and whether it had errors. Exit code 1 when there is no scenario to answer on.
pub fn load_scenario(path: &Path, catalog: &Catalog) -> Result<(AnyScenario, Catalog, bool), i32> {
    let checker = Checker::new(catalog.clone()).map_err(fail)?;
    let loaded = check_file(&checker, path, Errors::Print)?;
    let had_errors = loaded.errors > 0;
    let Some(scenario) = loaded.scenario else {
        return Err(EXIT_FINDINGS);
    };
    if had_errors {
        eprintln!("megahex: note: answering anyway, on the parts of the map that could be built");
    }
    Ok((scenario, loaded.catalog, had_errors))
}

/// Reads and checks a scenario, then answers a question on it: the answer's exit code, or 1
/// when the scenario had errors and the answer was otherwise fine.
pub fn answer(
    path: &Path,
    catalog: &Catalog,
    question: impl FnOnce(&AnyScenario, &Catalog) -> i32,
) -> i32 {
    match load_scenario(path, catalog) {
        Ok((scenario, catalog, had_errors)) => {
            with_findings(question(&scenario, &catalog), had_errors)
        }
        Err(code) => code,
    }
}
