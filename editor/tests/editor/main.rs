//! The editor's integration tests in one test binary, one module per subject: the app driven
//! like a designer (flows), saving that keeps the text, the docs' key table and the modules'
//! import graph. One binary links egui and the library once, where a binary per file linked
//! them nine times.

// Test code: a missing file or a broken answer should fail loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

mod deck_flows;
mod dialog_flows;
mod docs_keys;
mod flows;
mod game_commands;
mod glyphs;
mod group_flows;
mod layers_flows;
mod module_graph;
mod more_keys_flows;
mod save_keeps_text;
mod skirmish_flows;
mod stats_flows;
