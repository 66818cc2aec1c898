//! Megahex: the rules engine and scenario linter for every game it plays, each behind the
//! registry in [`rulesets`].
//!
//! Engine code takes plain data (and closures for anything that touches the outside world) and
//! returns plain data. Only the `megahex` binary prints.

// Purity by lint: the library hands back data, and only the `megahex` binary prints.
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod board;
pub mod check;
pub mod claims;
pub mod diagnostic;
pub mod diff;
pub mod ids;
pub mod illegal;
pub mod language;
#[cfg(test)]
mod mangle;
pub mod odds;
pub mod report;
mod rng;
pub mod rulesets;
pub mod scene;
pub mod seam;
pub mod severity;
pub mod simulate;
mod typed;
pub mod yaml;

pub use check::{CatalogFile, Checker, Outcome, ReadError, SchemaError};
pub use diagnostic::{Code, Diagnostic, Edit, EditTo, Fix, Origin, Severity};
