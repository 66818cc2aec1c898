//! Inputs the fuzzers once crashed on (`fuzz/regressions/`), replayed on every test run so the
//! fixes stay fixed without a fuzzing toolchain.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use megahex::Checker;
use megahex_schema::Catalog;

#[test]
fn every_recorded_fuzz_crash_now_gets_an_answer() {
    let dir = common::workspace_root()
        .join("fuzz")
        .join("regressions")
        .join("validate");
    let mut inputs: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    inputs.sort();
    assert!(
        !inputs.is_empty(),
        "no regression inputs in {}",
        dir.display()
    );
    let checker = Checker::new(Catalog::builtin()).unwrap();
    for path in inputs {
        let bytes = std::fs::read(&path).unwrap();
        let outcome = checker.check_bytes(&bytes, &|_| Err("no catalog".into()));
        // An answer: either a scenario or at least one located finding.
        assert!(
            outcome.scenario.is_some() || outcome.diagnostics.iter().any(|d| d.span.is_some()),
            "{}: {:?}",
            path.display(),
            outcome.diagnostics
        );
        // Every span can be sliced out of the text it points into.
        if let Ok(text) = std::str::from_utf8(&bytes) {
            for span in outcome.diagnostics.iter().filter_map(|d| d.span) {
                assert!(
                    text.get(span.offset..span.offset + span.len).is_some()
                        || span.offset == text.len(),
                    "{}",
                    path.display()
                );
            }
        }
    }
}
