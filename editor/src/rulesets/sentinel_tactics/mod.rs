//! The editor's Sentinel Tactics panels: the tile and token palettes, the token inspector, the
//! scenario panels (teams, objectives, deployment, stats, rules), the map canvas with its tile
//! and token gestures, copy and paste, the rules overlays and the picture export; and the
//! scenario's named edits ([`edit::Edit`]).

pub mod bench;
pub mod canvas;
pub mod claims_view;
pub mod clipboard;
pub mod commands;
pub mod deployment;
pub mod edit;
#[cfg(test)]
mod edit_properties;
pub mod editor;
pub mod export;
pub mod fairness_view;
pub mod findings;
pub mod group;
pub mod held;
pub mod inspector;
pub mod inventory_fix;
pub mod layers;
pub mod map_commands;
pub mod objective_panel;
pub mod off_map;
pub mod overlay;
pub mod overlay_cache;
pub mod overlay_view;
pub mod overlay_worker;
pub mod paint;
pub mod panel_edit;
pub mod scenario_edits;
pub mod scenario_panel;
pub mod scenario_widgets;
pub mod side_panel;
pub mod snap;
pub mod stats_panel;
pub mod status_line;
pub mod tile_palette;
pub mod token_rules;
pub mod tokens;
pub mod turning;
