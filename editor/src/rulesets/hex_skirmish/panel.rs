//! The hex-skirmish palette on the left of the map: what a click on the map does (select, paint
//! a terrain with a brush of some shape, place a unit), the map's outline, and the preview the
//! map shows for the selected unit. Its state is [`SkirmishUi`], shared with the canvas and the
//! inspector.

use crate::rulesets::hex_skirmish::held::ArenaDocument;
use egui::RichText;
use megahex::board::Axial;
use megahex_schema::rulesets::hex_skirmish::map::builtin_terrain;
use megahex_schema::rulesets::hex_skirmish::{Map, Scenario};

use super::edits::{Ground, Outline, SkirmishEdit};
use super::overlays::{OverlayCache, Preview};
use super::presets::PRESETS;
use crate::workbench::Workbench;

/// What a click on the map does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SkirmishTool {
    /// Pick a unit (its inspector, odds and previews); drag one to move it; drag the ground to
    /// pan.
    #[default]
    Select,
    /// Paint the brush's ground; a stroke from press to release is one edit.
    Paint,
    /// Put a unit of the palette's preset down.
    PlaceUnit,
    /// Put a treasure chest down, or take one away.
    PlaceChest,
}

/// The shape a click of the brush covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BrushShape {
    /// The hex under the pointer.
    Hex,
    /// Every hex within this many of the pointer's.
    Hexagon(u32),
    /// This many columns of this many hexes, the pointer's hex at the top left.
    Rectangle(u32, u32),
}

impl BrushShape {
    /// The hexes the brush covers with its centre (or corner) at `at`.
    pub fn footprint(self, at: Axial) -> Vec<Axial> {
        let map = match self {
            BrushShape::Hex => return vec![at],
            BrushShape::Hexagon(radius) => Map {
                hexagon: Some(megahex_schema::rulesets::hex_skirmish::Hexagon {
                    radius,
                    centre: at,
                }),
                ..Map::default()
            },
            BrushShape::Rectangle(width, height) => Map {
                rectangle: Some(megahex_schema::rulesets::hex_skirmish::Rectangle {
                    width,
                    height,
                    corner: at,
                }),
                ..Map::default()
            },
        };
        super::edits::outline_hexes(&map)
    }
}

/// The hex-skirmish panels' own state.
#[derive(Debug)]
pub struct SkirmishUi {
    /// What a click on the map does.
    pub tool: SkirmishTool,
    /// What the brush paints.
    pub ground: Ground,
    /// What a click of the brush covers.
    pub brush: BrushShape,
    /// The hexes of the stroke in progress, painted as one edit when the button is let go.
    pub stroke: Vec<Axial>,
    /// The palette's preset (an index into [`PRESETS`]).
    pub preset: usize,
    /// The team a placed unit joins (an index into `teams`).
    pub team: usize,
    /// The selected unit (an index into `units`).
    pub selected: Option<usize>,
    /// A unit being dragged: its index and the hex under the pointer.
    pub dragging: Option<(usize, Axial)>,
    /// The outline the map panel would set.
    pub outline: Outline,
    /// The preview the map shows for the selected unit (sight or reach), if any.
    pub preview: Preview,
    /// Actions the reach preview spends (`None`: the unit's own).
    pub actions: Option<u32>,
    /// The previews' answers for the current layout.
    pub cache: OverlayCache,
    /// The inspector's fields being typed in.
    pub inspector: super::unit_inspector::Fields,
    /// The "More keys" boxes being typed.
    pub key_texts: crate::key_text::KeyTexts,
}

impl Default for SkirmishUi {
    fn default() -> Self {
        SkirmishUi {
            tool: SkirmishTool::Select,
            ground: Ground::Terrain {
                name: "water".to_owned(),
                levels: None,
            },
            brush: BrushShape::Hex,
            stroke: Vec::new(),
            preset: 0,
            team: 0,
            selected: None,
            dragging: None,
            outline: Outline::Hexagon { radius: 5 },
            preview: Preview::None,
            actions: None,
            cache: OverlayCache::default(),
            inspector: Default::default(),
            key_texts: Default::default(),
        }
    }
}

/// Every terrain a brush can paint: the built-in ones, then the scenario's own.
pub fn terrain_names(scenario: &Scenario) -> Vec<String> {
    let mut names: Vec<String> = builtin_terrain().into_keys().collect();
    for name in scenario.terrain.keys() {
        if !names.contains(name) {
            names.push(name.clone());
        }
    }
    names
}

/// True for terrain that is climbed (it has levels): the brush then paints a number of levels.
pub fn is_climbed(scenario: &Scenario, name: &str) -> bool {
    let builtin = builtin_terrain();
    scenario
        .terrain
        .get(name)
        .and_then(|t| t.climb_cost)
        .or_else(|| builtin.get(name).and_then(|t| t.climb_cost))
        .is_some_and(|c| c > 0)
}

impl SkirmishUi {
    /// The left panel: tools, brush, map outline and unit palette.
    pub fn palette(&mut self, ui: &mut egui::Ui, wb: &mut Workbench) {
        let Some(scenario) = wb.doc.skirmish().cloned() else {
            return;
        };
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.heading("Hex-skirmish");
            ui.horizontal_wrapped(|ui| {
                ui.selectable_value(&mut self.tool, SkirmishTool::Select, "Select");
                ui.selectable_value(&mut self.tool, SkirmishTool::Paint, "Paint");
                ui.selectable_value(&mut self.tool, SkirmishTool::PlaceUnit, "Unit");
                ui.selectable_value(&mut self.tool, SkirmishTool::PlaceChest, "Chest");
            });
            ui.label(RichText::new(self.hint()).weak());
            ui.separator();
            self.brush_panel(ui, &scenario);
            ui.separator();
            self.outline_panel(ui, wb, &scenario);
            ui.separator();
            self.unit_palette(ui, &scenario);
            ui.separator();
            self.preview_panel(ui);
        });
    }

    /// What a click on the map does now, for the palette and the status line.
    pub fn hint(&self) -> &'static str {
        match self.tool {
            SkirmishTool::Select => {
                "Click a unit to inspect it; hover another for the odds. Drag a unit to move it, the ground to pan."
            }
            SkirmishTool::Paint => {
                "Click or drag over the map: one stroke is one undo step. Right-click to stop."
            }
            SkirmishTool::PlaceUnit => {
                "Click a hex. Shift+click places another. Right-click to stop."
            }
            SkirmishTool::PlaceChest => {
                "Click a hex for a treasure chest; click a chest to take it away. Right-click to stop."
            }
        }
    }

    fn brush_panel(&mut self, ui: &mut egui::Ui, scenario: &Scenario) {
        ui.label(RichText::new("Terrain").strong());
        for name in terrain_names(scenario) {
            let on = matches!(&self.ground, Ground::Terrain { name: n, .. } if *n == name);
            if ui.selectable_label(on, &name).clicked() {
                let levels = is_climbed(scenario, &name).then_some(1);
                self.ground = Ground::Terrain { name, levels };
                self.tool = SkirmishTool::Paint;
            }
        }
        if ui
            .selectable_label(
                self.ground == Ground::Erase,
                "erase (hexes beyond the outline)",
            )
            .clicked()
        {
            self.ground = Ground::Erase;
            self.tool = SkirmishTool::Paint;
        }
        for team in &scenario.teams {
            let on = matches!(&self.ground, Ground::Spawn { team: t, .. } if *t == team.id);
            let name = team.name.as_deref().unwrap_or(&team.id);
            if ui
                .selectable_label(on, format!("spawn zone of {name}"))
                .clicked()
            {
                self.ground = Ground::Spawn {
                    team: team.id.clone(),
                    erase: false,
                };
                self.tool = SkirmishTool::Paint;
            }
        }
        if let Ground::Spawn { erase, .. } = &mut self.ground {
            ui.checkbox(erase, "take hexes out of the zone");
        }
        if let Ground::Terrain {
            levels: Some(levels),
            ..
        } = &mut self.ground
        {
            ui.horizontal(|ui| {
                let label = ui.label("Levels");
                ui.add(
                    egui::DragValue::new(levels)
                        .range(1..=megahex_schema::rulesets::hex_skirmish::map::MAX_LEVELS),
                )
                .labelled_by(label.id);
            });
        }
        ui.label(RichText::new("Brush").strong());
        let mut shape = match self.brush {
            BrushShape::Hex => 0,
            BrushShape::Hexagon(_) => 1,
            BrushShape::Rectangle(..) => 2,
        };
        ui.horizontal(|ui| {
            ui.selectable_value(&mut shape, 0, "Hex");
            ui.selectable_value(&mut shape, 1, "Hexagon");
            ui.selectable_value(&mut shape, 2, "Rectangle");
        });
        self.brush = match (shape, self.brush) {
            (1, BrushShape::Hexagon(r)) => BrushShape::Hexagon(r),
            (1, _) => BrushShape::Hexagon(1),
            (2, BrushShape::Rectangle(w, h)) => BrushShape::Rectangle(w, h),
            (2, _) => BrushShape::Rectangle(3, 2),
            _ => BrushShape::Hex,
        };
        let side = 1..=megahex_schema::rulesets::hex_skirmish::map::MAX_MAP_SIDE;
        match &mut self.brush {
            BrushShape::Hexagon(radius) => {
                ui.horizontal(|ui| {
                    let label = ui.label("Radius");
                    ui.add(egui::DragValue::new(radius).range(side.clone()))
                        .labelled_by(label.id);
                });
            }
            BrushShape::Rectangle(width, height) => {
                ui.horizontal(|ui| size_fields(ui, width, height, side.clone()));
            }
            BrushShape::Hex => {}
        }
    }

    fn outline_panel(&mut self, ui: &mut egui::Ui, wb: &mut Workbench, scenario: &Scenario) {
        ui.label(RichText::new("Map outline").strong());
        let side = 1..=megahex_schema::rulesets::hex_skirmish::map::MAX_MAP_SIDE;
        ui.horizontal(|ui| {
            let hexagon = matches!(self.outline, Outline::Hexagon { .. });
            if ui.selectable_label(hexagon, "Hexagon").clicked() {
                self.outline = Outline::Hexagon { radius: 5 };
            }
            if ui.selectable_label(!hexagon, "Rectangle").clicked() {
                self.outline = Outline::Rectangle {
                    width: 11,
                    height: 9,
                };
            }
        });
        ui.horizontal(|ui| match &mut self.outline {
            Outline::Hexagon { radius } => {
                let label = ui.label("Radius");
                ui.add(egui::DragValue::new(radius).range(0..=*side.end()))
                    .labelled_by(label.id);
            }
            Outline::Rectangle { width, height } => size_fields(ui, width, height, side.clone()),
        });
        let fill = match &self.ground {
            Ground::Terrain { name, levels: None } => Some(name.clone()),
            _ => None,
        };
        let fill_name = fill.clone().unwrap_or_else(|| "open".to_owned());
        let button = ui
            .button(format!("Make the map this shape of {fill_name}"))
            .on_hover_text("Hexes painted on the map stay; the rest of the outline is filled with the brush's terrain (open for buildings and erase).");
        if button.clicked() {
            wb.edit(SkirmishEdit::SetOutline {
                outline: self.outline,
                fill,
            });
        }
        ui.label(RichText::new(outline_now(&scenario.map)).weak());
    }

    fn unit_palette(&mut self, ui: &mut egui::Ui, scenario: &Scenario) {
        ui.label(RichText::new("Units").strong());
        for (i, preset) in PRESETS.iter().enumerate() {
            let on = self.tool == SkirmishTool::PlaceUnit && self.preset == i;
            let line = preset.line;
            let text = format!("{}  (hp {}, strike {:+})", preset.name, line[5], line[3]);
            if ui.selectable_label(on, text).clicked() {
                self.preset = i;
                self.tool = SkirmishTool::PlaceUnit;
            }
        }
        if scenario.teams.is_empty() {
            ui.label(RichText::new("Add a team to the file to place units.").weak());
            return;
        }
        self.team = self.team.min(scenario.teams.len() - 1);
        ui.horizontal_wrapped(|ui| {
            ui.label("for");
            for (i, team) in scenario.teams.iter().enumerate() {
                let name = team.name.clone().unwrap_or_else(|| team.id.clone());
                ui.selectable_value(&mut self.team, i, name);
            }
        });
    }

    fn preview_panel(&mut self, ui: &mut egui::Ui) {
        ui.label(RichText::new("Preview from the selected unit").strong());
        let preview = &mut self.preview;
        ui.horizontal(|ui| {
            ui.selectable_value(preview, Preview::None, "None");
            ui.selectable_value(preview, Preview::Sight, "Sight (L)");
            ui.selectable_value(preview, Preview::Reach, "Reach (M)");
        });
        if *preview == Preview::Reach {
            ui.horizontal(|ui| {
                let mut own = self.actions.is_none();
                ui.checkbox(&mut own, "its own actions");
                if own {
                    self.actions = None;
                } else {
                    let actions = self.actions.get_or_insert(4);
                    let label = ui.label("or");
                    ui.add(
                        egui::DragValue::new(actions)
                            .range(0..=megahex_schema::rulesets::hex_skirmish::unit::MAX_ACTIONS)
                            .suffix(" actions"),
                    )
                    .labelled_by(label.id);
                }
            });
        }
    }
}

/// The keys of an arena's file no form covers yet: written as YAML in the side panel.
const MORE_KEYS: &[crate::key_text::KeyDoc] = &[
    crate::key_text::KeyDoc {
        key: "description",
        what: "Free text for the players: the story and setup notes.",
    },
    crate::key_text::KeyDoc {
        key: "teams",
        what: "The sides: each an id, and a name and #rrggbb colour if you like.",
    },
    crate::key_text::KeyDoc {
        key: "objectives",
        what: "What each team plays for: id, team, kind (defeat, reach, hold, open, survive) and its hexes, count or rounds.",
    },
    crate::key_text::KeyDoc {
        key: "rules",
        what: "Rule settings; a key left out takes its default.",
    },
    crate::key_text::KeyDoc {
        key: "round-limit",
        what: "The game ends after this many rounds.",
    },
    crate::key_text::KeyDoc {
        key: "water-monster",
        what: "The water monster's attribute line, where the scenario changes the manual's.",
    },
    crate::key_text::KeyDoc {
        key: "terrain",
        what: "Terrain types the scenario adds or changes.",
    },
    crate::key_text::KeyDoc {
        key: "special-rules",
        what: "Scenario rules, as text for the players: one list item each.",
    },
    crate::key_text::KeyDoc {
        key: "assert",
        what: "Claims the scenario makes about itself, checked by every validation.",
    },
    crate::key_text::KeyDoc {
        key: "playtest",
        what: "A scripted playtest, replayed under the rules.",
    },
];

impl SkirmishUi {
    /// The right panel: the selected unit's inspector and odds, then the problems.
    pub fn side_panel(&mut self, ui: &mut egui::Ui, wb: &mut Workbench, checking: bool) {
        let unit = self
            .selected
            .and_then(|i| Some((i, wb.doc.skirmish()?.units.get(i)?.id.clone())));
        match unit {
            Some((index, id)) => {
                ui.horizontal(|ui| {
                    ui.heading(&id);
                    let remove = ui
                        .button("Remove")
                        .on_hover_text("Take this unit off the map (Delete)");
                    if remove.clicked() {
                        self.delete_selected(wb);
                    }
                });
                if let (Some(scenario), Some(game)) = (wb.doc.skirmish(), wb.doc.skirmish_game()) {
                    let hovered = wb.hovered.and_then(|h| SkirmishUi::unit_at(wb, h));
                    super::odds_view::odds_panel(ui, game, scenario, index, hovered);
                }
                ui.separator();
                egui::ScrollArea::vertical()
                    .id_salt("skirmish-inspector")
                    .max_height(ui.available_height() * 0.6)
                    .show(ui, |ui| {
                        super::unit_inspector::unit_inspector(ui, wb, &mut self.inspector, index);
                    });
            }
            None => {
                self.selected = None;
                ui.label(RichText::new("Click a unit on the map to inspect it.").weak());
            }
        }
        ui.separator();
        let clicked = crate::problems::problems_panel(
            ui,
            &wb.doc.problems,
            checking,
            wb.doc.is_dirty(),
            &crate::problems::has_hexes,
        );
        if let Some(problem) = clicked.and_then(|i| wb.doc.problems.get(i)).cloned() {
            self.focus(wb, &problem);
        }
        crate::rulesets::hex_skirmish::claims_view::claims_section(
            ui,
            wb.doc.skirmish(),
            &wb.doc.problems,
            checking,
        );
        crate::changes_view::changes_section(ui, wb.doc.changes.as_ref(), wb.doc.is_dirty(), None);
        self.more_keys(ui, wb);
    }

    /// The keys the map and the inspector do not cover, as YAML.
    fn more_keys(&mut self, ui: &mut egui::Ui, wb: &mut Workbench) {
        let Some(scenario) = wb.doc.skirmish().cloned() else {
            return;
        };
        let applied = crate::key_text::more_keys(ui, &scenario, MORE_KEYS, &mut self.key_texts);
        if let Some((key, value)) = applied {
            wb.edit(SkirmishEdit::SetKey { key, value });
        }
    }

    /// Shows a finding on the map: selects the unit it points at, and centres on its hexes.
    fn focus(&mut self, wb: &mut Workbench, problem: &crate::document::Problem) {
        let unit = problem
            .pointer
            .as_deref()
            .and_then(|p| p.strip_prefix("/units/"))
            .and_then(|rest| rest.split('/').next()?.parse::<usize>().ok())
            .filter(|&i| wb.doc.skirmish().is_some_and(|s| i < s.units.len()));
        let mut hexes = problem.hexes.clone();
        if let Some(i) = unit {
            self.selected = Some(i);
            self.tool = SkirmishTool::Select;
            if hexes.is_empty() {
                hexes.extend(wb.doc.skirmish().and_then(|s| s.units.get(i)).map(|u| u.at));
            }
        }
        wb.centre_on(&hexes);
    }
}

/// What the map's outline is now, for the panel.
fn outline_now(map: &Map) -> String {
    let hexes = super::edits::outline_hexes(map).len();
    let fill = map.fill.as_deref().unwrap_or("open");
    match (map.hexagon, map.rectangle) {
        (Some(h), _) => format!(
            "Now: hexagon of radius {}, {hexes} hexes of {fill}",
            h.radius
        ),
        (None, Some(r)) => format!(
            "Now: rectangle {}×{}, {hexes} hexes of {fill}",
            r.width, r.height
        ),
        (None, None) => "Now: only the hexes painted one by one".to_owned(),
    }
}

/// A width and a height, each named for screen readers: "width 11 height 9".
fn size_fields(
    ui: &mut egui::Ui,
    width: &mut u32,
    height: &mut u32,
    range: std::ops::RangeInclusive<u32>,
) {
    let label = ui.label("width");
    ui.add(egui::DragValue::new(width).range(range.clone()))
        .labelled_by(label.id);
    let label = ui.label("height");
    ui.add(egui::DragValue::new(height).range(range))
        .labelled_by(label.id);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brush_footprints_are_the_shapes_a_map_outline_takes() {
        assert_eq!(BrushShape::Hex.footprint([2, 3]), vec![[2, 3]]);
        // A hexagon of radius 1 is its centre and the six around it: 1 + 6.
        let ring = BrushShape::Hexagon(1).footprint([2, 3]);
        assert_eq!(ring.len(), 7);
        assert!(
            ring.iter()
                .all(|h| megahex::board::hex::distance(*h, [2, 3]) <= 1)
        );
        // 3 columns of 2: six hexes, the corner among them.
        let block = BrushShape::Rectangle(3, 2).footprint([2, 3]);
        assert_eq!(block.len(), 6);
        assert!(block.contains(&[2, 3]));
    }
}
