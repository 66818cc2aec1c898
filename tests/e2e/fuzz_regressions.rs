//! Inputs the fuzzers once crashed on, and seed inputs kept for the same purpose
//! (`fuzz/regressions/<target>/`), replayed on every test run so the
//! fixes stay fixed without a fuzzing toolchain.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

/// The `los_reach` target's input decoding and invariants, the same file the fuzz target
/// includes, so an input saved from a fuzzing run is judged here exactly as it was there.
#[path = "../../fuzz/checks/los_reach.rs"]
mod los_reach;

use std::path::PathBuf;

use megahex::Checker;
use megahex_schema::Catalog;

/// The saved inputs of one fuzz target, in name order; there must be some.
fn regressions(target: &str) -> Vec<PathBuf> {
    let dir = common::workspace_root()
        .join("fuzz")
        .join("regressions")
        .join(target);
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
    inputs
}

#[test]
fn every_recorded_los_reach_input_keeps_the_sight_and_reach_invariants() {
    let catalog = Catalog::builtin();
    for path in regressions("los_reach") {
        // A failed invariant panics with the decoded case; the file is named just before.
        eprintln!("replaying {}", path.display());
        los_reach::run(&std::fs::read(&path).unwrap(), &catalog);
    }
}

#[test]
fn every_recorded_fuzz_crash_now_gets_an_answer() {
    let checker = Checker::new(Catalog::builtin()).unwrap();
    for path in regressions("validate") {
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
