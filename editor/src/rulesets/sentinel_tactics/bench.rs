//! What the map editor works on beyond the workbench every game shares: what is selected, the
//! tool in hand, the overlays, the hex labels and whether tokens turn with their tile. Its
//! panels receive a [`MapBench`]: the shared workbench (reached through it as through a
//! `&mut Workbench`) with this state beside it.

use crate::rulesets::sentinel_tactics::held::MapDocument;
use std::ops::{Deref, DerefMut};

use megahex_schema::rulesets::sentinel_tactics::TilePlacement;

use super::edit::Edit;
use crate::workbench::Workbench;

/// What is selected on the map: the handle edits use (a position in the scenario's lists).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Selection {
    /// A placed tile, by position in `map.tiles`.
    Tile(usize),
    /// A token, by position in `tokens`.
    Token(usize),
}

/// What a click on the map does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    /// Select tiles and tokens, drag them, pan.
    Select,
    /// Put this tile down where the map is clicked (its `at` follows the pointer).
    Place(TilePlacement),
    /// Put the token picked in the token palette down where the map is clicked; what is in
    /// hand, and how it is turned, is kept in [`super::tokens::TokenUi`].
    PlaceToken,
    /// Paint hexes onto a deployment zone or an objective's hexes (the scenario panels).
    Paint(super::paint::Brush),
    /// Put a token that stands off the map (by position in `tokens`) back where the map is
    /// clicked ([`super::off_map`]).
    PutBack(usize),
}

/// The map editor's state that its panels share.
#[derive(Debug, Clone)]
pub struct MapState {
    /// What is selected: the piece the inspector and overlays show (the last one picked).
    pub selection: Option<Selection>,
    /// The other pieces picked with it (Shift+click, a box): moved, turned, removed and copied
    /// together with `selection` ([`super::group`]).
    pub more: Vec<Selection>,
    /// The hex last clicked: with a tile selected, the hex overlays start from.
    pub picked: Option<megahex::board::Axial>,
    /// What a click on the map does.
    pub tool: Tool,
    /// Which overlays are on, and their parameters.
    pub overlays: super::overlay::Settings,
    /// What is written on each hex of the map.
    pub hex_labels: crate::draw::HexLabels,
    /// Turning a tile turns what stands on it too (otherwise it keeps its place on the table).
    pub carry_on_turn: bool,
    /// Layers a click or a drag on the map leaves alone.
    pub locks: Locks,
}

/// Layers locked against clicks and drags on the map, so a designer working on one layer does
/// not move another by accident. Panels, menus and keys still reach a locked piece.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Locks {
    /// The tiles.
    pub map: bool,
    /// The tokens.
    pub tokens: bool,
}

impl Default for MapState {
    fn default() -> MapState {
        MapState {
            selection: None,
            more: Vec::new(),
            picked: None,
            tool: Tool::Select,
            overlays: super::overlay::Settings::default(),
            hex_labels: crate::draw::HexLabels::Off,
            carry_on_turn: false,
            locks: Locks::default(),
        }
    }
}

/// The shared workbench with the map editor's state beside it: what the map's panels receive.
pub struct MapBench<'a> {
    /// What every game's panels share.
    pub wb: &'a mut Workbench,
    /// The map editor's own.
    pub map: &'a mut MapState,
}

impl Deref for MapBench<'_> {
    type Target = Workbench;

    fn deref(&self) -> &Workbench {
        self.wb
    }
}

impl DerefMut for MapBench<'_> {
    fn deref_mut(&mut self) -> &mut Workbench {
        self.wb
    }
}

impl MapBench<'_> {
    /// Whether a click or a drag on the map may pick the tokens: their layer is shown and not
    /// locked.
    pub fn tokens_pickable(&self) -> bool {
        self.wb.layers.tokens && !self.map.locks.tokens
    }

    /// Whether a click or a drag on the map may pick the tiles.
    pub fn tiles_pickable(&self) -> bool {
        !self.map.locks.map
    }

    /// Drops a selection that no longer exists (after an edit or a reload).
    pub fn drop_stale_selection(&mut self) {
        let counts = self
            .wb
            .doc
            .scenario()
            .map_or((0, 0), |s| (s.map.tiles.len(), s.tokens.len()));
        let exists = |piece: &Selection| match *piece {
            Selection::Tile(i) => i < counts.0,
            Selection::Token(i) => i < counts.1,
        };
        if !self.map.selection.as_ref().is_none_or(exists) {
            self.map.selection = None;
        }
        self.map.more.retain(exists);
        if self.map.selection.is_none() {
            self.map.more.clear();
        }
    }

    /// The undo menu's name for an edit made to the open scenario.
    pub fn label_of(&self, edit: &Edit) -> String {
        self.wb
            .doc
            .scenario()
            .map_or_else(|| "edit".to_owned(), |scenario| edit.label(scenario))
    }
}
