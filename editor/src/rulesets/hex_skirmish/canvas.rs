//! The hex-skirmish map: drawn by the shared painter (ground, pieces, marks, overlay layer),
//! with this ruleset's gestures. A brush stroke from press to release is one edit; a unit is
//! picked with a click, moved with a drag, and placed from the palette; the ground drags to pan.

use crate::rulesets::hex_skirmish::held::ArenaDocument;
use egui::{Color32, PointerButton, Sense};
use megahex::board::Axial;
use megahex_schema::rulesets::hex_skirmish::Chest;

use super::edits::{Ground, SkirmishEdit};
use super::overlays::{Ask, preview_layer};
use super::panel::{SkirmishTool, SkirmishUi};
use super::presets::{PRESETS, fresh_id};
use crate::draw::{self, Marks};
use crate::map_frame::{frame_view, hex_at_screen, map_legend, problem_badges, zoom_and_hover};
use crate::workbench::{StatusKind, Workbench};

/// The stroke's tint while it is painted.
const STROKE: Color32 = Color32::from_rgba_premultiplied(60, 110, 160, 150);

/// Puts a chest on `at`, or takes away the chest there.
pub fn toggle_chest(wb: &mut Workbench, at: Axial) {
    let Some(scenario) = wb.doc.skirmish() else {
        return;
    };
    if let Some(index) = scenario.chests.iter().position(|c| c.at == at) {
        wb.edit(SkirmishEdit::RemoveChest { index });
        return;
    }
    if !wb.on_board(at) {
        wb.refuse(&format!(
            "Cannot put a chest on [{}, {}]: it is not on the map",
            at[0], at[1]
        ));
        return;
    }
    let id = crate::ids::stem_or_numbered("chest", scenario.chests.iter().map(|c| c.id.as_str()));
    wb.edit(SkirmishEdit::AddChest(Chest {
        id,
        at,
        label: None,
    }));
}

impl SkirmishUi {
    /// The unit standing on `at`, if any (an index into `units`).
    pub fn unit_at(wb: &Workbench, at: Axial) -> Option<usize> {
        wb.doc.skirmish()?.units.iter().position(|u| u.at == at)
    }

    /// The map: draws it and turns pointer gestures into selections and edits.
    pub fn canvas(&mut self, ui: &mut egui::Ui, wb: &mut Workbench) {
        let (response, painter) = ui.allocate_painter(ui.available_size(), Sense::click_and_drag());
        let Some(view) = frame_view(wb, response.rect) else {
            return;
        };
        let pointer = response.hover_pos();
        let pointer_hex = pointer.map(|p| hex_at_screen(&view, p));
        let press_hex = ui
            .input(|i| i.pointer.press_origin())
            .map(|p| hex_at_screen(&view, p));
        let primary_down = ui.input(|i| i.pointer.primary_down());
        // Painting: every hex the brush passes over while the button is down joins the stroke.
        let painting = self.tool == SkirmishTool::Paint
            && primary_down
            && response.is_pointer_button_down_on();
        if painting && let Some(at) = pointer_hex {
            for hex in self.brush.footprint(at) {
                if !self.stroke.contains(&hex) {
                    self.stroke.push(hex);
                }
            }
        }
        if !primary_down && !self.stroke.is_empty() {
            let hexes = std::mem::take(&mut self.stroke);
            wb.edit(SkirmishEdit::Paint {
                hexes,
                ground: self.ground.clone(),
            });
        }
        if response.drag_started() {
            let grabbed = press_hex.and_then(|h| SkirmishUi::unit_at(wb, h));
            let by_primary = response.drag_started_by(PointerButton::Primary);
            self.dragging = match (self.tool, grabbed, press_hex) {
                (SkirmishTool::Select, Some(unit), Some(at)) if by_primary => {
                    self.selected = Some(unit);
                    Some((unit, at))
                }
                _ => None,
            };
        }
        if response.dragged() {
            match (&mut self.dragging, pointer_hex) {
                (Some((_, to)), Some(at)) => *to = at,
                (Some(_), None) => {}
                (None, _)
                    if self.tool != SkirmishTool::Paint
                        || !response.dragged_by(PointerButton::Primary) =>
                {
                    if let Some(view) = &mut wb.view {
                        view.pan(response.drag_delta());
                        wb.view_fitted = false;
                    }
                }
                (None, _) => {}
            }
        }
        if response.drag_stopped()
            && let Some((index, to)) = self.dragging.take()
        {
            // egui ends a drag on Esc: the unit stays where it was.
            if ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                wb.say(StatusKind::Done, "Move cancelled".to_owned());
            } else {
                self.move_unit(wb, index, to);
            }
        }
        if response.clicked()
            && let Some(at) = pointer_hex
        {
            match self.tool {
                SkirmishTool::Select => self.selected = SkirmishUi::unit_at(wb, at),
                SkirmishTool::PlaceUnit => {
                    let keep = ui.input(|i| i.modifiers.shift);
                    self.place_unit(wb, at, keep);
                }
                SkirmishTool::PlaceChest => toggle_chest(wb, at),
                // Painted as the button goes down and up.
                SkirmishTool::Paint => {}
            }
        }
        if response.secondary_clicked() && self.tool != SkirmishTool::Select {
            self.tool = SkirmishTool::Select;
            self.stroke.clear();
            wb.say(StatusKind::Done, "Back to selecting".to_owned());
        }
        if response.double_clicked() && pointer_hex.is_some_and(|h| !wb.on_board(h)) {
            wb.view = None;
        }
        zoom_and_hover(ui, wb, &view, pointer);
        let view = wb.view.unwrap_or(view);
        let marks = self.marks(wb);
        let layer = match (self.selected, wb.doc.skirmish(), wb.doc.skirmish_game()) {
            (Some(unit), Some(scenario), Some(game)) => preview_layer(
                &mut self.cache,
                game,
                scenario,
                wb.doc.layout,
                Ask {
                    unit,
                    preview: self.preview,
                    actions: self.actions,
                },
                wb.hovered,
            ),
            _ => Default::default(),
        };
        draw::draw_map(&painter, &view, &wb.doc, &marks, &layer);
        map_legend(ui, wb, response.rect);
        crate::minimap::minimap(ui, wb, response.rect);
    }

    /// What to highlight: the hovered hex, the selected unit, the stroke, where a dragged or
    /// placed unit would stand, the problems' hexes.
    fn marks(&self, wb: &Workbench) -> Marks {
        let mut marks = Marks {
            hovered: wb.hovered,
            badges: problem_badges(&wb.doc.problems),
            objectives: wb.layers.objectives,
            ..Marks::default()
        };
        let scenario = wb.doc.skirmish();
        if let Some(unit) = self.selected.and_then(|i| scenario?.units.get(i)) {
            marks.selected_token = vec![unit.at];
        }
        // Spawn zones in their teams' colours, when shown or being painted; a stroke in the
        // colour of what it paints.
        let spawn_team = match (&self.ground, self.tool) {
            (Ground::Spawn { team, .. }, SkirmishTool::Paint) => Some(team.as_str()),
            _ => None,
        };
        if wb.layers.zones || spawn_team.is_some() {
            for zone in &wb.doc.decor.zones {
                marks
                    .zones
                    .push((zone.hexes.clone(), draw::rgb(zone.colour)));
            }
        }
        let stroke_colour = spawn_team
            .and_then(|team| wb.doc.decor.zones.iter().find(|z| z.team == team))
            .map_or(STROKE, |z| draw::rgb(z.colour));
        if !self.stroke.is_empty() {
            marks.zones.push((self.stroke.clone(), stroke_colour));
        }
        let ghost = match (self.dragging, self.tool, wb.pointer_hex) {
            (Some((index, to)), ..) => Some((to, Some(index))),
            (None, SkirmishTool::PlaceUnit, Some(at)) => Some((at, None)),
            (None, SkirmishTool::Paint, Some(at)) if self.stroke.is_empty() => {
                marks.zones.push((self.brush.footprint(at), stroke_colour));
                None
            }
            _ => None,
        };
        if let Some((at, moving)) = ghost {
            marks.ghost_token = vec![at];
            marks.ghost_token_ok = self.free(wb, at, moving).is_ok();
        }
        marks
    }

    /// Can a unit (`moving`, or a new one) stand on `at`? The reason why not, if not.
    fn free(&self, wb: &Workbench, at: Axial, moving: Option<usize>) -> Result<(), String> {
        if !wb.on_board(at) {
            return Err(format!("[{}, {}] is not on the map", at[0], at[1]));
        }
        match SkirmishUi::unit_at(wb, at) {
            Some(other) if Some(other) != moving => {
                let id = wb
                    .doc
                    .skirmish()
                    .and_then(|s| s.units.get(other))
                    .map_or("a unit", |u| u.id.as_str());
                Err(format!("{id} stands on [{}, {}]", at[0], at[1]))
            }
            _ => Ok(()),
        }
    }

    fn move_unit(&mut self, wb: &mut Workbench, index: usize, to: Axial) {
        let from = wb
            .doc
            .skirmish()
            .and_then(|s| s.units.get(index))
            .map(|u| u.at);
        if from == Some(to) {
            return;
        }
        match self.free(wb, to, Some(index)) {
            Ok(()) => {
                wb.edit(SkirmishEdit::MoveUnit { index, at: to });
            }
            Err(why) => wb.refuse(&format!("Cannot move the unit there: {why}")),
        }
    }

    /// Puts a unit of the palette's preset on `at`, for the palette's team; selects it, and
    /// goes back to selecting unless `keep`.
    pub fn place_unit(&mut self, wb: &mut Workbench, at: Axial, keep: bool) {
        let Some(scenario) = wb.doc.skirmish() else {
            return;
        };
        let Some(team) = scenario.teams.get(self.team).map(|t| t.id.clone()) else {
            wb.refuse("Cannot place a unit: the scenario has no team yet");
            return;
        };
        if let Err(why) = self.free(wb, at, None) {
            wb.refuse(&format!("Cannot place a unit there: {why}"));
            return;
        }
        let preset = PRESETS[self.preset.min(PRESETS.len() - 1)];
        let id = fresh_id(&scenario.units, &team, preset.name);
        let index = scenario.units.len();
        if wb.edit(SkirmishEdit::AddUnit(Box::new(preset.unit(&id, &team, at)))) {
            self.selected = Some(index);
            if !keep {
                self.tool = SkirmishTool::Select;
            }
        }
    }

    /// Takes the selected unit off the map (Delete).
    pub fn delete_selected(&mut self, wb: &mut Workbench) {
        match self.selected.take() {
            Some(index) => {
                wb.edit(SkirmishEdit::RemoveUnit { index });
            }
            None => wb.refuse("Nothing to delete: click a unit first"),
        }
    }

    /// Paints the brush's ground on `at` as one stroke, as a click of the brush does.
    pub fn paint_at(&mut self, wb: &mut Workbench, at: Axial) -> bool {
        let ground: Ground = self.ground.clone();
        wb.edit(SkirmishEdit::Paint {
            hexes: self.brush.footprint(at),
            ground,
        })
    }
}
