//! Megahex's end-to-end tests in one test binary, one module per subject: a single binary
//! links the library once, where a binary per file linked it twenty-two times.

// Test code: a missing file or a broken answer should fail loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod lsp;

mod build;
mod clients;
mod diff;
mod docs_console;
mod fixtures;
mod formats;
mod fuzz_regressions;
mod inventory;
mod language_server;
mod neovim;
mod odds;
mod picture;
mod pipes;
mod queries;
mod round_trip;
mod round_trip_properties;
mod rulebook;
mod sample_workflow;
mod schema_store;
mod sheet;
mod simulate;
mod skirmish;
mod structure;
mod watch;
