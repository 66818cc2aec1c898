//! The Megahex scenario editor as a library: the window ([`EditorApp`]), the document it
//! edits and the panels, so the binary stays a thin `main` and flow tests (or another program)
//! can drive the same app headless.

pub mod app;
pub mod canvas;
pub mod checks;
pub mod clipboard;
pub mod command;
pub mod deployment;
pub mod dialogs;
pub mod disk;
pub mod document;
pub mod draw;
pub mod edit;
#[cfg(test)]
mod edit_properties;
pub mod export;
pub mod fairness_view;
pub mod folder_browser;
pub mod ground_paint;
pub mod group;
pub mod hex_skirmish;
pub mod history;
pub mod inspector;
pub mod map_commands;
pub mod objective_panel;
pub mod overlay;
pub mod overlay_cache;
pub mod overlay_view;
pub mod overlay_worker;
pub mod paint;
pub mod panel_edit;
pub mod preferences;
pub mod problems;
pub mod recent;
pub mod recovery;
pub mod scenario_edits;
pub mod scenario_panel;
pub mod scenario_widgets;
pub mod snap;
pub mod stats_panel;
pub mod status_bar;
pub mod storage;
pub mod text_patch;
pub mod tile_palette;
pub mod token_rules;
pub mod tokens;
pub mod toolbar;
pub mod turning;
pub mod view;
pub mod watch;
pub mod workbench;

pub use app::EditorApp;
pub use document::Document;
