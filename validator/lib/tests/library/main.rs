//! The rules library's integration tests in one test binary: geometry properties over random
//! maps, and files built to make a validator slow.

// Test code: a broken answer should fail loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod geometry_properties;
mod hostile;
