//! Line of sight and movement reach on arbitrary tile placements: never a panic, and the
//! answers agree with each other (the invariants are in `fuzz/checks/los_reach.rs`, shared with
//! the regression replay in `tests/e2e/fuzz_regressions.rs`).
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use megahex_schema::Catalog;

#[path = "../checks/los_reach.rs"]
mod los_reach;

static CATALOG: OnceLock<Catalog> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    los_reach::run(data, CATALOG.get_or_init(Catalog::builtin));
});
