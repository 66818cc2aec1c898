//! The map canvas: picking, dragging and placing. What a gesture means is
//! decided here; the change itself is an [`Edit`] applied through [`EditorApp::edit`].

use super::bench::{MapBench, Selection, Tool};
use crate::rulesets::sentinel_tactics::held::MapDocument;
use egui::{Color32, PointerButton, Pos2, Sense};
use megahex::board::Axial;
use megahex_schema::Footprint;
use megahex_schema::rulesets::sentinel_tactics::TilePlacement;

use crate::command::Command;
use crate::draw::{self, Ghost, Marks};
use crate::map_frame::{frame_view, hex_at_screen, map_legend, problem_badges, zoom_and_hover};
use crate::rulesets::sentinel_tactics::edit::Edit;
use crate::rulesets::sentinel_tactics::overlay_view::OverlayView;
use crate::rulesets::sentinel_tactics::scenario_panel::ScenarioUi;
use crate::rulesets::sentinel_tactics::token_rules::in_bounds;
use crate::rulesets::sentinel_tactics::tokens::TokenUi;
use crate::workbench::StatusKind;

/// A drag in progress on the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Drag {
    /// Moving the view.
    Pan,
    /// Painting hexes; the stroke itself is kept in [`crate::rulesets::sentinel_tactics::scenario_panel::ScenarioUi`].
    Paint,
    /// Moving a tile; `grab` is the hex it was picked up by, `to` where that hex is now.
    Tile {
        /// Position in `map.tiles`.
        index: usize,
        /// The hex under the pointer when the drag began.
        grab: Axial,
        /// The hex under the pointer now.
        to: Axial,
    },
    /// Moving every selected piece by the same offset.
    Group {
        /// The hex under the pointer when the drag began.
        grab: Axial,
        /// The hex under the pointer now.
        to: Axial,
    },
    /// Shift+drag: selecting what lies inside a box, in world space.
    Box {
        /// Where the drag began.
        from_in_world: Pos2,
        /// Where the pointer is now.
        to_in_world: Pos2,
    },
    /// Moving a token, all its hexes by the same offset.
    Token {
        /// Position in `tokens`.
        index: usize,
        /// The hex under the pointer when the drag began.
        grab: Axial,
        /// The hex under the pointer now.
        to: Axial,
    },
}

/// The canvas's own state: the gesture in progress.
#[derive(Debug, Default)]
pub struct Canvas {
    /// A drag on the map, from press to release.
    pub drag: Option<Drag>,
    /// Esc ended a drag this frame: egui ends the drag on Esc, and the canvas drops it rather
    /// than finishing the move; the shell's Cancel then says so instead of clearing the
    /// selection.
    pub drag_cancelled: bool,
    /// A tile face is being dragged from the palette: released over the map, it is placed.
    pub palette_drag: bool,
}

/// What other panels hold that the map draws and feeds: the token in hand, the painting
/// stroke and the overlays.
pub struct Layers<'a> {
    /// The token palette (what is in hand).
    pub tokens: &'a mut TokenUi,
    /// The scenario panels (zones, the stroke).
    pub scenario: &'a mut ScenarioUi,
    /// The overlays.
    pub overlays: &'a mut OverlayView,
}

/// The hexes a tile would cover if placed as `placement`, with their ground, laid out by the
/// library (so a preview shows exactly what would land).
pub fn tile_hexes(
    placement: TilePlacement,
    catalog: &megahex_schema::Catalog,
) -> Vec<megahex::board::BoardHex> {
    let (board, _) = megahex::rulesets::sentinel_tactics::map::build(&[placement], catalog);
    board.hexes().to_vec()
}

fn offset(at: Axial, from: Axial, to: Axial) -> Axial {
    [
        at[0].saturating_add(to[0].saturating_sub(from[0])),
        at[1].saturating_add(to[1].saturating_sub(from[1])),
    ]
}

/// Shift+click: adds the token on the hex (else its tile) to the selection, or drops it.
fn toggle_at(wb: &mut MapBench<'_>, at: Axial) {
    if let Some(&piece) = pieces_at(wb, at).first() {
        wb.map.picked = Some(at);
        crate::rulesets::sentinel_tactics::group::toggle(wb, piece);
    } else {
        say_locked(wb, at);
    }
}

/// When a click found nothing it may pick on a hex where a locked or hidden layer has a piece:
/// says so, and where to unlock it.
fn say_locked(wb: &mut MapBench<'_>, at: Axial) {
    let token_here = wb.doc.tokens_at(at).next().is_some();
    let tile_here = wb
        .doc
        .board()
        .and_then(|b| b.get(at))
        .is_some_and(|h| h.tile != 0);
    let what = if token_here && !wb.tokens_pickable() {
        match wb.layers.tokens {
            true => "The tokens are locked",
            false => "The tokens are hidden",
        }
    } else if tile_here && !wb.tiles_pickable() {
        "The map's tiles are locked"
    } else {
        return;
    };
    wb.say(
        StatusKind::Refused,
        format!("{what}: View > Layers shows and unlocks them"),
    );
}

impl Canvas {
    /// The map: draws it and turns pointer gestures into selections and edits.
    pub fn ui(&mut self, ui: &mut egui::Ui, wb: &mut MapBench<'_>, layers: Layers<'_>) {
        let (response, painter) = ui.allocate_painter(ui.available_size(), Sense::click_and_drag());
        self.drag_cancelled = false;
        if wb.doc.scenario().is_none() {
            painter.text(
                response.rect.center(),
                egui::Align2::CENTER_CENTER,
                "Nothing to draw: the file has no map (see Problems)",
                egui::FontId::proportional(18.0),
                Color32::LIGHT_GRAY,
            );
            wb.hovered = None;
            wb.pointer_hex = None;
            return;
        }
        let Some(view) = frame_view(wb, response.rect) else {
            return;
        };
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
            if let (Tool::Place(placement), Some(pos)) = (wb.map.tool, dragged_in()) {
                let at = self.snap(wb, hex_at_screen(&view, pos), ui.input(|i| i.modifiers.alt));
                self.place(wb, placement, at);
            }
        }

        layers.scenario.paint_input(wb, ui, &response, &view);
        // Drags: a selected tile or a token moves, anything else pans.
        if response.drag_started() {
            let origin = ui
                .input(|i| i.pointer.press_origin())
                .or(pointer)
                .map(|p| hex_at_screen(&view, p));
            let box_select = wb.map.tool == Tool::Select && ui.input(|i| i.modifiers.shift);
            let start = ui.input(|i| i.pointer.press_origin()).or(pointer);
            self.drag = match (origin, start) {
                (Some(_), Some(at)) if box_select => {
                    let from_in_world = view.world_from_screen(at);
                    Some(Drag::Box {
                        from_in_world,
                        to_in_world: from_in_world,
                    })
                }
                (Some(grab), _) if response.drag_started_by(PointerButton::Primary) => {
                    Some(self.start_drag(wb, grab))
                }
                _ => Some(Drag::Pan),
            };
        }
        if response.dragged() {
            match &mut self.drag {
                Some(Drag::Tile { to, .. } | Drag::Token { to, .. } | Drag::Group { to, .. }) => {
                    if let Some(at) = pointer_hex {
                        *to = at;
                    }
                }
                Some(Drag::Box { to_in_world, .. }) => {
                    if let Some(p) = pointer {
                        *to_in_world = view.world_from_screen(p);
                    }
                }
                Some(Drag::Paint) => {}
                _ => {
                    if let Some(view) = &mut wb.view {
                        view.pan(response.drag_delta());
                        wb.view_fitted = false;
                    }
                }
            }
        }
        if response.drag_stopped()
            && let Some(drag) = self.drag.take()
        {
            if ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                self.drag_cancelled = true;
            } else {
                self.finish_drag(wb, drag);
            }
        }

        if response.clicked()
            && let Some(at) = response
                .interact_pointer_pos()
                .map(|p| hex_at_screen(&view, p))
        {
            match wb.map.tool {
                Tool::Place(placement) => {
                    let at = self.snap(wb, at, ui.input(|i| i.modifiers.alt));
                    self.place(wb, placement, at)
                }
                Tool::PlaceToken => {
                    let keep = ui.input(|i| i.modifiers.shift);
                    layers.tokens.place_token(wb, at, keep);
                }
                Tool::PutBack(index) => super::off_map::put_back(wb, index, at),
                Tool::Select if ui.input(|i| i.modifiers.shift) => toggle_at(wb, at),
                Tool::Select => self.select_at(wb, at),
                // Painted by `paint_input` as the button goes down and up.
                Tool::Paint(_) => {}
            }
        }
        if response.secondary_clicked() && wb.map.tool != Tool::Select {
            let what = match wb.map.tool {
                Tool::Paint(_) => "Painting stopped",
                _ => "Placing cancelled",
            };
            wb.map.tool = Tool::Select;
            wb.say(StatusKind::Done, what.to_owned());
        } else if response.secondary_clicked()
            && let Some(at) = pointer_hex
        {
            // A right-click picks what is under the pointer, unless it is already picked
            // (then the menu acts on the whole selection).
            let picked = super::group::selected(wb);
            if !pieces_at(wb, at).iter().any(|piece| picked.contains(piece)) {
                self.select_at(wb, at);
            }
        }
        response.context_menu(|ui| piece_menu(ui, wb));
        if response.double_clicked() && pointer_hex.is_some_and(|h| !wb.on_board(h)) {
            wb.view = None;
        }

        zoom_and_hover(ui, wb, &view, pointer);
        let marks = self.marks(wb, layers.tokens, layers.scenario);
        layers.overlays.cache.set_repaint(ui.ctx());
        let layer = layers.overlays.overlay_layer(wb);
        let view = wb.view.unwrap_or(view);
        draw::draw_map(&painter, &view, &wb.doc, &marks, &layer);
        map_legend(ui, wb, response.rect);
        crate::minimap::minimap(ui, wb, response.rect);
        if wb.doc.board().is_none_or(|b| b.hexes().is_empty()) {
            painter.text(
                response.rect.center_top() + egui::vec2(0.0, 40.0),
                egui::Align2::CENTER_CENTER,
                empty_map_text(wb),
                egui::FontId::proportional(16.0),
                Color32::LIGHT_GRAY,
            );
        }
    }

    /// What a drag that begins on `grab` moves: the selection if it is under the pointer, else
    /// a token there, else the view.
    fn start_drag(&mut self, wb: &mut MapBench<'_>, grab: Axial) -> Drag {
        if matches!(wb.map.tool, Tool::Paint(_)) {
            return Drag::Paint;
        }
        if wb.map.tool != Tool::Select {
            return Drag::Pan;
        }
        let tile_here = wb
            .doc
            .board()
            .and_then(|b| b.get(grab))
            .filter(|_| wb.tiles_pickable())
            .map(|h| h.placement);
        let tokens_here: Vec<usize> = match wb.tokens_pickable() {
            true => wb.doc.tokens_at(grab).map(|t| t.index).collect(),
            false => Vec::new(),
        };
        if crate::rulesets::sentinel_tactics::group::is_group(wb)
            && crate::rulesets::sentinel_tactics::group::selected(wb)
                .into_iter()
                .any(|p| {
                    crate::rulesets::sentinel_tactics::group::piece_hexes(wb, p).contains(&grab)
                })
        {
            return Drag::Group { grab, to: grab };
        }
        match wb.map.selection {
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
            crate::rulesets::sentinel_tactics::group::select_only(
                wb,
                Some(Selection::Token(index)),
            );
            wb.map.picked = Some(grab);
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
    pub(crate) fn finish_drag_for_test(&mut self, wb: &mut MapBench<'_>, drag: Drag) {
        self.finish_drag(wb, drag);
    }

    fn finish_drag(&mut self, wb: &mut MapBench<'_>, drag: Drag) {
        match drag {
            Drag::Pan | Drag::Paint => {}
            Drag::Group { grab, to } => {
                if grab != to {
                    let by = [to[0].saturating_sub(grab[0]), to[1].saturating_sub(grab[1])];
                    let edit = crate::rulesets::sentinel_tactics::group::move_edit(wb, by);
                    crate::rulesets::sentinel_tactics::map_commands::run_group_edit(wb, edit);
                }
            }
            Drag::Box {
                from_in_world,
                to_in_world,
            } => {
                let found = crate::rulesets::sentinel_tactics::group::select_in_box(
                    wb,
                    from_in_world,
                    to_in_world,
                    true,
                );
                let total = crate::rulesets::sentinel_tactics::group::selected(wb).len();
                wb.say(
                    StatusKind::Done,
                    format!(
                        "The box picked {found}; {total} selected (Shift+click one to drop it)"
                    ),
                );
            }
            Drag::Tile { index, grab, to } => {
                let Some(tile) = wb.doc.scenario().and_then(|s| s.map.tiles.get(index)) else {
                    return;
                };
                let at = offset(tile.at, grab, to);
                if !in_bounds(at) {
                    wb.refuse("Cannot move the tile that far from the map");
                    return;
                }
                wb.edit(Edit::MoveTile { index, at });
            }
            Drag::Token { index, grab, to } => {
                if grab == to {
                    return;
                }
                match self.moved_footprint(wb, index, grab, to) {
                    Ok(at) => {
                        wb.edit(Edit::MoveToken { index, at });
                    }
                    Err(reason) => wb.refuse(&reason),
                }
            }
        }
    }

    /// A token's footprint shifted by `to - grab`, keeping the form each hex was written in
    /// (`[q, r]`, `T/I` or `{tile, hex}`) so the file still reads the way the designer wrote it.
    fn moved_footprint(
        &self,
        wb: &MapBench<'_>,
        index: usize,
        grab: Axial,
        to: Axial,
    ) -> Result<Footprint, String> {
        let (Some(scenario), Some(board)) = (wb.doc.scenario(), wb.doc.board()) else {
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
            moved.push(crate::rulesets::sentinel_tactics::token_rules::same_form(
                reference, hex,
            ));
        }
        Ok(match (&token.at, moved.as_slice()) {
            (Footprint::One(_), [one]) => Footprint::One(*one),
            _ => Footprint::Many(moved),
        })
    }

    /// A click in select mode: tokens on the hex first, then its tile; clicking again cycles
    /// through them, so a tile under a figure can still be selected.
    pub(crate) fn select_at(&mut self, wb: &mut MapBench<'_>, at: Axial) {
        wb.map.picked = Some(at);
        wb.map.more.clear();
        let candidates = pieces_at(wb, at);
        if candidates.is_empty() {
            say_locked(wb, at);
        }
        wb.map.selection = match wb
            .map
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
    fn snap(&self, wb: &MapBench<'_>, at: Axial, free: bool) -> Axial {
        match wb.doc.scenario() {
            Some(s) if !free => {
                crate::rulesets::sentinel_tactics::snap::snapped_centre(at, &s.map.tiles, None)
            }
            _ => at,
        }
    }

    pub(crate) fn place(&mut self, wb: &mut MapBench<'_>, placement: TilePlacement, at: Axial) {
        if !in_bounds(at) {
            wb.refuse("Cannot place a tile that far from the map");
            return;
        }
        let placement = TilePlacement { at, ..placement };
        if wb.edit(Edit::AddTile(placement)) {
            let index = wb
                .doc
                .scenario()
                .map_or(0, |s| s.map.tiles.len().saturating_sub(1));
            crate::rulesets::sentinel_tactics::group::select_only(wb, Some(Selection::Tile(index)));
            wb.map.tool = Tool::Select;
            wb.say(
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
            wb.map.tool = Tool::Select;
        }
    }

    /// Highlights and previews for the current selection and gesture.
    pub fn marks(&self, wb: &MapBench<'_>, tokens: &TokenUi, scenario: &ScenarioUi) -> Marks {
        let free_placement = wb.alt_held();
        let mut marks = Marks {
            hovered: wb.hovered,
            badges: problem_badges(&wb.doc.problems),
            zones: scenario.zone_marks(wb),
            labels: wb.map.hex_labels,
            objectives: wb.layers.objectives,
            hide_tokens: !wb.layers.tokens,
            ..Marks::default()
        };
        let scenario = wb.doc.scenario();
        let board = wb.doc.board();
        let tile_of = |index: usize| -> Vec<Axial> {
            board.map_or_else(Vec::new, |b| {
                b.hexes()
                    .iter()
                    .filter(|h| h.placement == index)
                    .map(|h| h.at)
                    .collect()
            })
        };
        for piece in crate::rulesets::sentinel_tactics::group::selected(wb) {
            match piece {
                Selection::Tile(index) => marks.selected_tile.extend(tile_of(index)),
                Selection::Token(_) => marks.selected_token.extend(
                    crate::rulesets::sentinel_tactics::group::piece_hexes(wb, piece),
                ),
            }
        }
        // A tile ghost is red where it would lie on another tile.
        let ghost = |placement: TilePlacement, moving: Option<usize>| -> Option<Ghost> {
            let hexes = tile_hexes(placement, &wb.doc.catalog);
            if wb.doc.board().is_none_or(|b| b.hexes().is_empty()) {
                return None;
            }
            let blocked = hexes.iter().any(|h| {
                board
                    .and_then(|b| b.get(h.at))
                    .is_some_and(|bh| Some(bh.placement) != moving)
            });
            Some(Ghost {
                hexes,
                blocked,
                label: format!("{}{}", placement.side.prefix(), placement.tile),
                centre: placement.at,
                rotation: placement.rotation,
            })
        };
        match (wb.map.tool, self.drag) {
            (Tool::PlaceToken, _) => tokens.token_ghost(wb, &mut marks),
            (Tool::Place(placement), _) => {
                if let Some(at) = wb.pointer_hex {
                    let at = self.snap(wb, at, free_placement);
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
            (
                _,
                Some(Drag::Box {
                    from_in_world,
                    to_in_world,
                }),
            ) => {
                marks.select_box = Some(egui::Rect::from_two_pos(from_in_world, to_in_world));
            }
            (_, Some(Drag::Group { grab, to })) => {
                marks.ghost_token = crate::rulesets::sentinel_tactics::group::selected(wb)
                    .into_iter()
                    .flat_map(|p| crate::rulesets::sentinel_tactics::group::piece_hexes(wb, p))
                    .map(|h| offset(h, grab, to))
                    .collect();
                marks.ghost_token_ok = crate::rulesets::sentinel_tactics::group::move_edit(
                    wb,
                    [to[0].saturating_sub(grab[0]), to[1].saturating_sub(grab[1])],
                )
                .is_ok();
            }
            (_, Some(Drag::Token { index, grab, to })) => {
                if let Some(token) = wb.doc.tokens().iter().find(|t| t.index == index) {
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
}
/// What the canvas says when it has no hex to draw: a map with no tiles asks for one; a map
/// whose tiles could not be laid out (a catalog that did not load) points at the problems.
pub fn empty_map_text(wb: &MapBench<'_>) -> &'static str {
    let placed = wb
        .doc
        .scenario()
        .is_some_and(|s| !s.map.tiles.is_empty() || !s.map.hexes.is_empty());
    match placed {
        true => "The map could not be drawn: the problems on the right say why",
        false => "The map is empty: pick a tile in the palette on the left, then click here",
    }
}

/// What can be picked at `at`: the tokens standing there, then the tile under them; none of a
/// layer that is locked or hidden.
fn pieces_at(wb: &MapBench<'_>, at: Axial) -> Vec<Selection> {
    let mut pieces: Vec<Selection> = match wb.tokens_pickable() {
        true => wb
            .doc
            .tokens_at(at)
            .map(|t| Selection::Token(t.index))
            .collect(),
        false => Vec::new(),
    };
    if let Some(hex) = wb
        .doc
        .board()
        .and_then(|b| b.get(at))
        .filter(|h| h.tile != 0 && wb.tiles_pickable())
    {
        pieces.push(Selection::Tile(hex.placement));
    }
    pieces
}

/// The right-click menu on the map: what can be done to the pieces picked, as the menus and
/// keys do it (each entry queues its command, with its keys shown).
fn piece_menu(ui: &mut egui::Ui, wb: &mut MapBench<'_>) {
    let picked = super::group::selected(wb);
    if picked.is_empty() {
        ui.label("Nothing here to act on");
        if ui.button("Fit the map").clicked() {
            wb.send(Command::Fit);
            ui.close();
        }
        return;
    }
    let tiles = picked.iter().any(|p| matches!(p, Selection::Tile(_)));
    let tokens = picked.iter().any(|p| matches!(p, Selection::Token(_)));
    let mut commands = vec![Command::RotateClockwise, Command::RotateCounterClockwise];
    if tiles && !tokens && picked.len() == 1 {
        commands.push(Command::Flip);
    }
    commands.extend([Command::Copy, Command::Cut]);
    if tokens && !tiles {
        commands.push(Command::Duplicate);
    }
    commands.push(Command::Delete);
    for command in commands {
        let button = egui::Button::new(command.label()).shortcut_text(command.keys_text());
        if ui.add(button).on_hover_text(command.tooltip()).clicked() {
            wb.send(command);
            ui.close();
        }
    }
}
