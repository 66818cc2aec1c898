//! The whole validate pipeline: bytes in, diagnostics out, never a panic.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use megahex::Checker;
use megahex_schema::Catalog;

static CHECKER: OnceLock<Option<Checker>> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    if let Some(checker) = CHECKER.get_or_init(|| Checker::new(Catalog::builtin()).ok()) {
        let outcome = checker.check_bytes(data, &|_| Err("no catalog while fuzzing".into()));
        for d in &outcome.diagnostics {
            assert!(!d.message.is_empty());
        }
    }
});
