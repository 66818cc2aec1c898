//! Reading a scenario for a command other than `validate`: its findings are printed as
//! `validate` prints them, and a command answers on what could be built.

use std::path::Path;

use megahex::report::{self, FileResult};
use megahex::{CatalogFile, Checker, Severity};
use megahex_schema::{AnyScenario, Catalog};

use super::output::{EXIT_FINDINGS, fail, with_findings};

/// Reads and checks a scenario, printing its errors; the scenario and the catalog it uses,
/// and whether it had errors. Exit code 1 when there is no scenario to answer on.
pub fn load_scenario(path: &Path, catalog: &Catalog) -> Result<(AnyScenario, Catalog, bool), i32> {
    let bytes =
        std::fs::read(path).map_err(|e| fail(format!("cannot read {}: {e}", path.display())))?;
    let checker = Checker::new(catalog.clone()).map_err(fail)?;
    let base = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let read_catalog =
        |relative: &str| CatalogFile::read(&base, relative, checker.max_file_bytes());
    let outcome = checker.check_bytes(&bytes, &read_catalog);
    let errors: Vec<_> = outcome
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .cloned()
        .collect();
    let had_errors = !errors.is_empty();
    if had_errors {
        let result = FileResult {
            path: path.display().to_string(),
            source: String::from_utf8_lossy(&bytes).into_owned(),
            diagnostics: errors,
        };
        eprint!("{}", report::human::render(&[result], false));
        if outcome.scenario.is_none() {
            return Err(EXIT_FINDINGS);
        }
        eprintln!("megahex: note: answering anyway, on the parts of the map that could be built");
    }
    match (outcome.scenario, outcome.catalog) {
        (Some(scenario), Some(catalog)) => Ok((
            scenario,
            std::sync::Arc::unwrap_or_clone(catalog),
            had_errors,
        )),
        (Some(scenario), None) => Ok((scenario, catalog.clone(), had_errors)),
        _ => Err(EXIT_FINDINGS),
    }
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
