//! The map canvas and the tile palette: picking, dragging and placing. What a gesture means is
//! decided here; the change itself is an [`Edit`] applied through [`EditorApp::edit`].

use std::collections::BTreeMap;

use egui::{Color32, PointerButton, Pos2, Sense};
use megahex::Severity;
use megahex::board::{Axial, Board};
use megahex_schema::hexref::MAX_COORDINATE;
use megahex_schema::{Footprint, Side, TilePlacement};

use crate::app::{Drag, EditorApp};
use crate::draw::{self, Ghost, Marks};
use crate::edit::Edit;
use crate::view::{View, hex_at_world, world_bounds};
use crate::workbench::{Selection, StatusKind, Tool};

/// Free space around the map after "Fit", in points.
const FIT_MARGIN: f32 = 24.0;
/// Scroll distance, in points, that zooms by a factor of e.
const SCROLL_PER_E_ZOOM: f32 = 200.0;
/// Map background.
pub const TABLE: Color32 = Color32::from_rgb(26, 28, 34);

/// Any hex under a screen point, on the map or not.
fn hex_at_screen(view: &View, pos: Pos2) -> Axial {
    hex_at_world(view.world_from_screen(pos))
}

/// The hexes a tile would cover if placed as `placement`, laid out by the library.
pub fn tile_hexes(placement: TilePlacement, catalog: &megahex_schema::Catalog) -> Vec<Axial> {
    let (board, _) = Board::build(&[placement], catalog);
    board.hexes().iter().map(|h| h.at).collect()
}

/// The hexes named by current findings, each once, with the worst severity among them.
pub fn problem_badges(problems: &[crate::document::Problem]) -> Vec<(Axial, Severity)> {
    let mut worst: BTreeMap<Axial, Severity> = BTreeMap::new();
    for problem in problems {
        for &hex in &problem.hexes {
            let entry = worst.entry(hex).or_insert(problem.severity);
            if rank(problem.severity) > rank(*entry) {
                *entry = problem.severity;
            }
        }
    }
    worst.into_iter().collect()
}

fn rank(severity: Severity) -> u8 {
    match severity {
        Severity::Error => 2,
        Severity::Warning => 1,
        Severity::Info => 0,
    }
}

fn in_bounds(at: Axial) -> bool {
    at.iter().all(|c| c.abs() <= MAX_COORDINATE)
}

fn offset(at: Axial, from: Axial, to: Axial) -> Axial {
    [
        at[0].saturating_add(to[0].saturating_sub(from[0])),
        at[1].saturating_add(to[1].saturating_sub(from[1])),
    ]
}

impl EditorApp {
    /// The map: draws it and turns pointer gestures into selections and edits.
    pub(crate) fn map(&mut self, ui: &mut egui::Ui) {
        let (response, painter) = ui.allocate_painter(ui.available_size(), Sense::click_and_drag());
        if self.wb.doc.scenario().is_none() {
            painter.text(
                response.rect.center(),
                egui::Align2::CENTER_CENTER,
                "Nothing to draw: the file has no map (see Problems)",
                egui::FontId::proportional(18.0),
                Color32::LIGHT_GRAY,
            );
            self.wb.hovered = None;
            self.wb.pointer_hex = None;
            return;
        }
        let hexes: Vec<Axial> = self
            .wb
            .doc
            .board
            .as_ref()
            .map(|b| b.hexes().iter().map(|h| h.at).collect())
            .unwrap_or_default();
        // An empty map still needs a view, to place the first tile.
        let bounds = world_bounds(hexes.iter().copied())
            .or_else(|| world_bounds([[-3, 0], [3, 0], [0, -3], [0, 3]]));
        let Some(bounds) = bounds else {
            return;
        };
        self.wb.canvas_rect = Some(response.rect);
        let view = *self
            .wb
            .view
            .get_or_insert_with(|| View::fit(bounds, response.rect, FIT_MARGIN));
        // While a tile is dragged from the palette the map is not hovered (the button has the
        // pointer), so follow the pointer itself.
        let dragged_in = || {
            ui.input(|i| i.pointer.latest_pos())
                .filter(|p| response.rect.contains(*p))
        };
        let pointer = response
            .hover_pos()
            .or_else(|| self.palette_drag.then(dragged_in).flatten());
        let pointer_hex = pointer.map(|p| hex_at_screen(&view, p));
        if self.palette_drag && ui.input(|i| i.pointer.any_released()) {
            self.palette_drag = false;
            if let (Tool::Place(placement), Some(pos)) = (self.wb.tool, dragged_in()) {
                let at = self.snap(hex_at_screen(&view, pos), ui.input(|i| i.modifiers.alt));
                self.place(placement, at);
            }
        }

        self.scenario_ui
            .paint_input(&mut self.wb, ui, &response, &view);
        // Drags: a selected tile or a token moves, anything else pans.
        if response.drag_started() {
            let origin = ui
                .input(|i| i.pointer.press_origin())
                .or(pointer)
                .map(|p| hex_at_screen(&view, p));
            self.drag = match origin {
                Some(grab) if response.drag_started_by(PointerButton::Primary) => {
                    Some(self.start_drag(grab))
                }
                _ => Some(Drag::Pan),
            };
        }
        if response.dragged() {
            match &mut self.drag {
                Some(Drag::Tile { to, .. } | Drag::Token { to, .. }) => {
                    if let Some(at) = pointer_hex {
                        *to = at;
                    }
                }
                Some(Drag::Paint) => {}
                _ => {
                    if let Some(view) = &mut self.wb.view {
                        view.pan(response.drag_delta());
                    }
                }
            }
        }
        if response.drag_stopped()
            && let Some(drag) = self.drag.take()
        {
            self.finish_drag(drag);
        }

        if response.clicked()
            && let Some(at) = response
                .interact_pointer_pos()
                .map(|p| hex_at_screen(&view, p))
        {
            match self.wb.tool {
                Tool::Place(placement) => {
                    let at = self.snap(at, ui.input(|i| i.modifiers.alt));
                    self.place(placement, at)
                }
                Tool::PlaceToken => {
                    let keep = ui.input(|i| i.modifiers.shift);
                    self.token_ui.place_token(&mut self.wb, at, keep);
                }
                Tool::Select => self.select_at(at),
                // Painted by `paint_input` as the button goes down and up.
                Tool::Paint(_) => {}
            }
        }
        if response.secondary_clicked() && self.wb.tool != Tool::Select {
            let what = match self.wb.tool {
                Tool::Paint(_) => "Painting stopped",
                _ => "Placing cancelled",
            };
            self.wb.tool = Tool::Select;
            self.say(StatusKind::Done, what.to_owned());
        }
        if response.double_clicked() && pointer_hex.is_some_and(|h| !self.on_board(h)) {
            self.wb.view = None;
        }

        if let (Some(p), Some(view)) = (pointer, &mut self.wb.view) {
            let (scroll, pinch) = ui.input(|i| (i.smooth_scroll_delta().y, i.zoom_delta()));
            let factor = pinch * (scroll / SCROLL_PER_E_ZOOM).exp();
            if factor != 1.0 {
                view.zoom_around(p, factor);
            }
        }
        let hovered = pointer_hex.filter(|&h| self.on_board(h));
        if hovered != self.wb.hovered || pointer_hex != self.wb.pointer_hex {
            // The status bar was drawn before the canvas: show the new hex on the next frame.
            self.wb.hovered = hovered;
            self.wb.pointer_hex = pointer_hex;
            ui.ctx().request_repaint();
        }
        self.wb.pointer_world = pointer.map(|p| view.world_from_screen(p));
        let marks = self.marks();
        self.overlay_cache.set_repaint(ui.ctx());
        let layer = self.overlay_layer();
        let view = self.wb.view.unwrap_or(view);
        draw::draw_map(&painter, &view, &self.wb.doc, &marks, &layer);
        if hexes.is_empty() {
            painter.text(
                response.rect.center_top() + egui::vec2(0.0, 40.0),
                egui::Align2::CENTER_CENTER,
                "The map is empty: pick a tile in the palette on the left, then click here",
                egui::FontId::proportional(16.0),
                Color32::LIGHT_GRAY,
            );
        }
    }

    fn on_board(&self, at: Axial) -> bool {
        self.wb.doc.board.as_ref().is_some_and(|b| b.contains(at))
    }

    /// What a drag that begins on `grab` moves: the selection if it is under the pointer, else
    /// a token there, else the view.
    fn start_drag(&mut self, grab: Axial) -> Drag {
        if matches!(self.wb.tool, Tool::Paint(_)) {
            return Drag::Paint;
        }
        if self.wb.tool != Tool::Select {
            return Drag::Pan;
        }
        let tile_here = self
            .wb
            .doc
            .board
            .as_ref()
            .and_then(|b| b.get(grab))
            .map(|h| h.placement);
        let tokens_here: Vec<usize> = self.wb.doc.tokens_at(grab).map(|t| t.index).collect();
        match self.wb.selection {
            Some(Selection::Tile(index)) if tile_here == Some(index) => {
                return Drag::Tile {
                    index,
                    grab,
                    to: grab,
                };
            }
            Some(Selection::Token(index)) if tokens_here.contains(&index) => {
                return Drag::Token {
                    index,
                    grab,
                    to: grab,
                };
            }
            _ => {}
        }
        if let Some(&index) = tokens_here.first() {
            self.wb.selection = Some(Selection::Token(index));
            self.wb.picked = Some(grab);
            return Drag::Token {
                index,
                grab,
                to: grab,
            };
        }
        Drag::Pan
    }

    /// Ends a drag as if the pointer had been released, for tests.
    #[cfg(test)]
    pub(crate) fn finish_drag_for_test(&mut self, drag: Drag) {
        self.finish_drag(drag);
    }

    fn finish_drag(&mut self, drag: Drag) {
        match drag {
            Drag::Pan | Drag::Paint => {}
            Drag::Tile { index, grab, to } => {
                let Some(tile) = self.wb.doc.scenario().and_then(|s| s.map.tiles.get(index)) else {
                    return;
                };
                let at = offset(tile.at, grab, to);
                if !in_bounds(at) {
                    self.refuse("Cannot move the tile that far from the map");
                    return;
                }
                self.edit(Edit::MoveTile { index, at });
            }
            Drag::Token { index, grab, to } => {
                if grab == to {
                    return;
                }
                match self.moved_footprint(index, grab, to) {
                    Ok(at) => {
                        self.edit(Edit::MoveToken { index, at });
                    }
                    Err(reason) => self.refuse(&reason),
                }
            }
        }
    }

    /// A token's footprint shifted by `to - grab`, keeping the form each hex was written in
    /// (`[q, r]`, `T/I` or `{tile, hex}`) so the file still reads the way the designer wrote it.
    fn moved_footprint(&self, index: usize, grab: Axial, to: Axial) -> Result<Footprint, String> {
        let (Some(scenario), Some(board)) = (self.wb.doc.scenario(), self.wb.doc.board.as_ref())
        else {
            return Err("there is no map".to_owned());
        };
        let token = scenario.tokens.get(index).ok_or("no such token")?;
        let mut moved = Vec::new();
        for reference in token.at.hexes() {
            let from = board
                .resolve(reference)
                .map_err(|e| format!("cannot move {}: {e}", token.id))?;
            let at = offset(from, grab, to);
            let Some(hex) = board.get(at) else {
                return Err(format!(
                    "Cannot move {} off the map (to q,r {},{})",
                    token.id, at[0], at[1]
                ));
            };
            moved.push(crate::tokens::same_form(reference, hex));
        }
        Ok(match (&token.at, moved.as_slice()) {
            (Footprint::One(_), [one]) => Footprint::One(*one),
            _ => Footprint::Many(moved),
        })
    }

    /// A click in select mode: tokens on the hex first, then its tile; clicking again cycles
    /// through them, so a tile under a figure can still be selected.
    pub(crate) fn select_at(&mut self, at: Axial) {
        self.wb.picked = Some(at);
        let mut candidates: Vec<Selection> = self
            .wb
            .doc
            .tokens_at(at)
            .map(|t| Selection::Token(t.index))
            .collect();
        if let Some(hex) = self.wb.doc.board.as_ref().and_then(|b| b.get(at)) {
            candidates.push(Selection::Tile(hex.placement));
        }
        self.wb.selection = match self
            .wb
            .selection
            .and_then(|s| candidates.iter().position(|&c| c == s))
        {
            Some(i) => candidates.get((i + 1) % candidates.len()).copied(),
            None => candidates.first().copied(),
        };
    }

    /// Puts the palette's tile down with its centre on `at`.
    /// Where a new tile goes for a pointer at `at`: snapped edge to edge next to the map,
    /// unless `free` (Alt held) asks for the exact hex. Moving a placed tile does not snap, so
    /// it can be nudged hex by hex.
    fn snap(&self, at: Axial, free: bool) -> Axial {
        match self.wb.doc.scenario() {
            Some(s) if !free => crate::snap::snapped_centre(at, &s.map.tiles, None),
            _ => at,
        }
    }

    /// Is Alt held now (free placement)?
    fn ctx_alt(&self) -> bool {
        self.wb
            .ctx
            .as_ref()
            .is_some_and(|c| c.input(|i| i.modifiers.alt))
    }

    pub(crate) fn place(&mut self, placement: TilePlacement, at: Axial) {
        if !in_bounds(at) {
            self.refuse("Cannot place a tile that far from the map");
            return;
        }
        let placement = TilePlacement { at, ..placement };
        if self.edit(Edit::AddTile(placement)) {
            let index = self
                .wb
                .doc
                .scenario()
                .map_or(0, |s| s.map.tiles.len().saturating_sub(1));
            self.wb.selection = Some(Selection::Tile(index));
            self.wb.tool = Tool::Select;
            self.say(
                StatusKind::Done,
                format!(
                    "Placed {}{} at q,r {},{}",
                    placement.side.prefix(),
                    placement.tile,
                    at[0],
                    at[1]
                ),
            );
        } else {
            // The inventory rule or similar: stop placing, the status line says why.
            self.wb.tool = Tool::Select;
        }
    }

    /// Highlights and previews for the current selection and gesture.
    fn marks(&self) -> Marks {
        let free_placement = self.ctx_alt();
        let mut marks = Marks {
            hovered: self.wb.hovered,
            badges: problem_badges(&self.wb.doc.problems),
            zones: self.scenario_ui.zone_marks(&self.wb),
            ..Marks::default()
        };
        let scenario = self.wb.doc.scenario();
        let board = self.wb.doc.board.as_ref();
        let tile_of = |index: usize| -> Vec<Axial> {
            board.map_or_else(Vec::new, |b| {
                b.hexes()
                    .iter()
                    .filter(|h| h.placement == index)
                    .map(|h| h.at)
                    .collect()
            })
        };
        match self.wb.selection {
            Some(Selection::Tile(index)) => marks.selected_tile = tile_of(index),
            Some(Selection::Token(index)) => {
                marks.selected_token = self
                    .wb
                    .doc
                    .tokens
                    .iter()
                    .find(|t| t.index == index)
                    .map(|t| t.hexes.clone())
                    .unwrap_or_default();
            }
            None => {}
        }
        // A tile ghost is red where it would lie on another tile.
        let ghost = |placement: TilePlacement, moving: Option<usize>| -> Option<Ghost> {
            let hexes = tile_hexes(placement, &self.wb.doc.catalog);
            if hexes.is_empty() {
                return None;
            }
            let blocked = hexes.iter().any(|&h| {
                board
                    .and_then(|b| b.get(h))
                    .is_some_and(|bh| Some(bh.placement) != moving)
            });
            Some(Ghost {
                hexes,
                blocked,
                label: format!("{}{}", placement.side.prefix(), placement.tile),
                centre: placement.at,
            })
        };
        match (self.wb.tool, self.drag) {
            (Tool::PlaceToken, _) => self.token_ui.token_ghost(&self.wb, &mut marks),
            (Tool::Place(placement), _) => {
                if let Some(at) = self.wb.pointer_hex {
                    let at = self.snap(at, free_placement);
                    marks.ghost_tile = ghost(TilePlacement { at, ..placement }, None);
                }
            }
            (_, Some(Drag::Tile { index, grab, to })) => {
                if let Some(tile) = scenario.and_then(|s| s.map.tiles.get(index)) {
                    let moved = TilePlacement {
                        at: offset(tile.at, grab, to),
                        ..*tile
                    };
                    marks.ghost_tile = ghost(moved, Some(index));
                }
            }
            (_, Some(Drag::Token { index, grab, to })) => {
                if let Some(token) = self.wb.doc.tokens.iter().find(|t| t.index == index) {
                    marks.ghost_token = token.hexes.iter().map(|&h| offset(h, grab, to)).collect();
                    marks.ghost_token_ok = marks
                        .ghost_token
                        .iter()
                        .all(|&h| board.is_some_and(|b| b.contains(h)));
                }
            }
            _ => {}
        }
        marks
    }

    /// The tile palette: every tile of the catalog with both faces. A tile already on the map
    /// is shown as used, because each physical tile can only be put down once.
    pub(crate) fn palette(&mut self, ui: &mut egui::Ui) {
        ui.heading("Tiles");
        ui.label(
            egui::RichText::new(
                "Pick a side and click the map, or drag it onto the map. Esc cancels.",
            )
            .weak(),
        );
        ui.separator();
        let mut sides: BTreeMap<u32, Vec<Side>> = BTreeMap::new();
        for side in &self.wb.doc.catalog.tiles {
            sides.entry(side.tile).or_default().push(side.side);
        }
        let on_map: BTreeMap<u32, Side> = self
            .wb
            .doc
            .scenario()
            .map(|s| s.map.tiles.iter().map(|t| (t.tile, t.side)).collect())
            .unwrap_or_default();
        let editable = self.wb.doc.scenario().is_some();
        egui::ScrollArea::vertical().show(ui, |ui| {
            for (tile, faces) in &sides {
                ui.horizontal(|ui| {
                    let used = on_map.get(tile);
                    ui.label(format!("{tile}"));
                    for &side in faces {
                        let label = format!("{}{}", side.prefix(), tile);
                        let placing = matches!(self.wb.tool, Tool::Place(p) if p.tile == *tile && p.side == side);
                        let button = egui::Button::new(&label)
                            .selected(placing)
                            .sense(Sense::click_and_drag());
                        let response = ui.add_enabled(editable && used.is_none(), button);
                        let response = match used {
                            Some(up) => response.on_disabled_hover_text(format!(
                                "Tile {tile} is on the map, {} side up. Each tile can be used once: select it and press F to flip it.",
                                up.as_str()
                            )),
                            None => response.on_hover_text(format!(
                                "Place tile {tile}, {} side up",
                                side.as_str()
                            )),
                        };
                        let dragged = response.drag_started();
                        if dragged {
                            self.palette_drag = true;
                        }
                        if response.clicked() || dragged {
                            self.wb.tool = Tool::Place(TilePlacement {
                                tile: *tile,
                                side,
                                at: [0, 0],
                                rotation: 0,
                            });
                            self.wb.selection = None;
                            self.say(
                                StatusKind::Done,
                                format!("Placing {label}: click the map where its centre goes"),
                            );
                        }
                    }
                    if used.is_some() {
                        ui.label(egui::RichText::new("used").weak().small());
                    }
                });
            }
        });
    }
}
