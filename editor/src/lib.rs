//! The Megahex scenario editor as a library: the window ([`EditorApp`]), the document it
//! edits and the panels, so the binary stays a thin `main` and flow tests (or another program)
//! can drive the same app headless.

pub mod app;
pub mod background;
#[cfg(target_arch = "wasm32")]
pub mod browser_storage;
pub mod changes_view;
pub mod checks;
pub mod claims_view;
pub mod command;
pub mod dialogs;
pub mod disk;
pub mod document;
pub mod draw;
pub mod folder_browser;
pub mod fonts;
pub mod game_editor;
pub mod ground_paint;
pub mod held;
pub mod history;
pub mod ids;
pub mod key_text;
pub mod loading;
pub mod map_frame;
pub mod minimap;
pub mod page;
pub mod page_worker;
pub mod places;
pub mod preferences;
pub mod preview;
pub mod problem;
pub mod problems;
pub mod recent;
pub mod recovery;
pub mod rulesets;
pub mod schema_example;
pub mod share_link;
pub mod status_bar;
pub mod storage;
pub mod text_field;

pub mod toolbar;
pub mod undo_list;
pub mod view;
pub mod watch;
pub mod workbench;

pub use app::EditorApp;
pub use document::Document;
