//! Painting hexes with the pointer: onto a team's deployment zone, or onto the hexes of a hold
//! or reach objective. A stroke (press to release) is gathered here and applied as one
//! named edit ([`PanelEdit::Paint`]), so one stroke is one undo step; while it lasts, the map
//! previews its result.

use super::bench::{MapBench, Tool};
use crate::rulesets::sentinel_tactics::held::MapDocument;
use egui::Color32;
use megahex::board::{Axial, Board};
use megahex_schema::rulesets::sentinel_tactics::{DeploymentZone, Scenario};
use megahex_schema::{HexRef, TileHex, TileHexMap};

use crate::rulesets::sentinel_tactics::edit::Edit;
use crate::rulesets::sentinel_tactics::paint::{Brush, PaintTarget, Stroke, target_name};
use crate::rulesets::sentinel_tactics::panel_edit::PanelEdit;
use crate::rulesets::sentinel_tactics::scenario_panel::ScenarioUi;
use crate::view::View;
use crate::workbench::StatusKind;

/// Objective hexes being painted: gold, unlike any team colour of the default palette.
pub const OBJECTIVE_HEXES: Color32 = Color32::from_rgb(255, 210, 40);

/// The reference written for a painted hex, in the form the list already uses (`T/I` for an
/// empty list, the way designers read printed tiles).
fn reference(board: &Board, at: Axial, like: Option<&HexRef>) -> Option<HexRef> {
    let hex = board.get(at)?;
    Some(match like {
        Some(HexRef::Axial(_)) => HexRef::Axial(at),
        Some(HexRef::TileMap(_)) => HexRef::TileMap(TileHexMap {
            tile: hex.tile,
            hex: hex.index,
        }),
        _ => HexRef::Tile(TileHex {
            tile: hex.tile,
            hex: hex.index,
        }),
    })
}

/// The references a stroke adds to a list (those already there, in any form, are skipped, and
/// so is a hex crossed twice), or the written references it removes (references that do not
/// resolve are left for the checker to report).
fn stroke_refs(list: &[HexRef], board: &Board, hexes: &[Axial], erase: bool) -> Vec<HexRef> {
    if erase {
        return list
            .iter()
            .filter(|r| board.resolve(r).is_ok_and(|at| hexes.contains(&at)))
            .copied()
            .collect();
    }
    let mut added: Vec<HexRef> = Vec::new();
    for &at in hexes {
        let there = list
            .iter()
            .chain(&added)
            .any(|r| board.resolve(r) == Ok(at));
        if !there && let Some(r) = reference(board, at, list.first()) {
            added.push(r);
        }
    }
    added
}

/// The named edit a stroke makes: the hexes added to (or removed from) the target, `None`
/// when it changes nothing. A team's new hexes go to its first zone, or a new one; removing
/// takes them from all its zones.
pub fn stroke_edit(
    scenario: &Scenario,
    board: &Board,
    target: PaintTarget,
    erase: bool,
    hexes: &[Axial],
) -> Result<Option<PanelEdit>, String> {
    let refs = match target {
        PaintTarget::Zone(team) => {
            let id = crate::rulesets::sentinel_tactics::paint::painted_team(scenario, team)?;
            let zones: Vec<&DeploymentZone> = scenario
                .deployment
                .iter()
                .filter(|z| z.team == id)
                .collect();
            if erase {
                let mut removed: Vec<HexRef> = Vec::new();
                for zone in &zones {
                    for r in stroke_refs(&zone.hexes, board, hexes, true) {
                        if !removed.contains(&r) {
                            removed.push(r);
                        }
                    }
                }
                removed
            } else {
                // Hexes already in another zone of the same team are not written twice.
                let mut fresh = hexes.to_vec();
                for zone in &zones {
                    fresh.retain(|h| !zone.hexes.iter().any(|r| board.resolve(r) == Ok(*h)));
                }
                let first = zones.first().map_or(&[][..], |z| z.hexes.as_slice());
                stroke_refs(first, board, &fresh, false)
            }
        }
        PaintTarget::Objective(index) => {
            let objective = scenario
                .objectives
                .get(index)
                .ok_or("the objective being painted is no longer in the scenario")?;
            if megahex_schema::rulesets::sentinel_tactics::objective_rules::fields(objective.kind)
                .hexes
                == megahex_schema::rulesets::sentinel_tactics::objective_rules::Need::Unused
            {
                return Err(format!(
                    "a {} objective has no hexes",
                    objective.kind.as_str()
                ));
            }
            stroke_refs(&objective.hexes, board, hexes, erase)
        }
    };
    Ok((!refs.is_empty()).then_some(PanelEdit::Paint {
        target,
        erase,
        hexes: refs,
    }))
}

/// The scenario as it would be after a stroke, for the preview while the stroke lasts.
pub fn apply_stroke(
    scenario: &Scenario,
    board: &Board,
    target: PaintTarget,
    erase: bool,
    hexes: &[Axial],
) -> Result<Scenario, String> {
    let mut next = scenario.clone();
    if let Some(edit) = stroke_edit(scenario, board, target, erase, hexes)? {
        edit.apply(&mut next)?;
    }
    Ok(next)
}

impl ScenarioUi {
    /// The painting tool's pointer input, every frame: the button down on the map extends the
    /// stroke (Shift makes it remove), and the release applies it as one edit.
    pub(crate) fn paint_input(
        &mut self,
        wb: &mut MapBench<'_>,
        ui: &egui::Ui,
        response: &egui::Response,
        view: &View,
    ) {
        let Tool::Paint(brush) = wb.map.tool else {
            self.stroke = None;
            return;
        };
        let down = response.is_pointer_button_down_on() && ui.input(|i| i.pointer.primary_down());
        if down {
            let (pos, shift) = ui.input(|i| (i.pointer.interact_pos(), i.modifiers.shift));
            let stroke = self
                .stroke
                .get_or_insert_with(|| Stroke::new(brush.target, brush.erase || shift));
            if let (Some(pos), Some(board)) = (pos, &wb.doc.board()) {
                stroke.extend_to(view.world_from_screen(pos), board);
            }
        } else if let Some(stroke) = self.stroke.take() {
            self.commit_stroke(wb, &stroke);
        }
    }

    /// Applies a finished stroke as one edit.
    pub(crate) fn commit_stroke(&mut self, wb: &mut MapBench<'_>, stroke: &Stroke) {
        let (Some(scenario), Some(board)) = (wb.doc.scenario(), wb.doc.board()) else {
            return;
        };
        if stroke.hexes.is_empty() {
            return;
        }
        match stroke_edit(scenario, board, stroke.target, stroke.erase, &stroke.hexes) {
            Ok(None) => {}
            Ok(Some(edit)) => {
                let what = target_name(scenario, stroke.target);
                let n = match &edit {
                    PanelEdit::Paint { hexes, .. } => hexes.len(),
                    _ => 0,
                };
                if wb.edit(Edit::Panel(edit)) {
                    let hexes = if n == 1 { "hex" } else { "hexes" };
                    let text = if stroke.erase {
                        format!("Removed {n} {hexes} from {what}")
                    } else {
                        format!("Painted {n} {hexes} onto {what}")
                    };
                    wb.say(StatusKind::Done, text);
                }
            }
            Err(reason) => {
                wb.map.tool = Tool::Select;
                wb.refuse(&format!("Painting stopped: {reason}"));
            }
        }
    }

    /// Deployment zones (when shown, or being painted) in their teams' colours, and the hexes
    /// of the objective being painted; a stroke in progress is shown as if applied.
    pub(crate) fn zone_marks(&self, wb: &MapBench<'_>) -> Vec<(Vec<Axial>, Color32)> {
        let (Some(scenario), Some(board)) = (wb.doc.scenario(), wb.doc.board()) else {
            return Vec::new();
        };
        let preview = self
            .stroke
            .as_ref()
            .and_then(|s| apply_stroke(scenario, board, s.target, s.erase, &s.hexes).ok());
        let scenario = preview.as_ref().unwrap_or(scenario);
        let resolved = |list: &[HexRef]| -> Vec<Axial> {
            list.iter().filter_map(|r| board.resolve(r).ok()).collect()
        };
        let painting = match wb.map.tool {
            Tool::Paint(brush) => Some(brush.target),
            _ => None,
        };
        let mut marks = Vec::new();
        let show_zones = wb.layers.zones || matches!(painting, Some(PaintTarget::Zone(_)));
        if show_zones {
            for zone in &scenario.deployment {
                let color = scenario
                    .teams
                    .iter()
                    .position(|t| t.id == zone.team)
                    .map_or(Color32::GRAY, |i| {
                        crate::draw::team_color(&scenario.teams, i)
                    });
                marks.push((resolved(&zone.hexes), color));
            }
        }
        if let Some(PaintTarget::Objective(i)) = painting
            && let Some(objective) = scenario.objectives.get(i)
        {
            marks.push((resolved(&objective.hexes), OBJECTIVE_HEXES));
        }
        marks
    }

    /// The status line's hint while painting.
    pub(crate) fn paint_hint(&self, wb: &MapBench<'_>, brush: Brush) -> String {
        let what = wb
            .doc
            .scenario()
            .map_or_else(String::new, |s| target_name(s, brush.target));
        if brush.erase {
            format!(
                "Erasing: click or drag over hexes to remove them from {what} (untick Erase in the Scenario panel to add). Right-click or Esc stops."
            )
        } else {
            format!(
                "Painting: click or drag over hexes to add them to {what}; hold Shift to remove. Right-click or Esc stops."
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::Document;
    use crate::rulesets::sentinel_tactics::editor::tests::parts;
    use crate::rulesets::sentinel_tactics::held::MapDocument;
    use crate::view::world_from_hex;

    fn tile_hex(tile: u32, hex: u32) -> HexRef {
        HexRef::Tile(TileHex { tile, hex })
    }

    fn sample() -> (Scenario, Board) {
        let doc = Document::sample();
        (
            doc.scenario().cloned().unwrap(),
            doc.board().unwrap().clone(),
        )
    }

    #[test]
    fn a_fast_stroke_leaves_no_gaps_and_skips_hexes_off_the_map() {
        let (_, board) = sample();
        let mut stroke = Stroke::new(PaintTarget::Zone(0), false);
        // Two pointer positions two hexes apart: the hex between them is crossed too.
        stroke.extend_to(world_from_hex([-1, 0]), &board);
        stroke.extend_to(world_from_hex([1, 0]), &board);
        assert_eq!(stroke.hexes, vec![[-1, 0], [0, 0], [1, 0]]);
        // Back over the same hexes: each is listed once.
        stroke.extend_to(world_from_hex([0, 0]), &board);
        assert_eq!(stroke.hexes.len(), 3);
        // Tile 1 (centre [0, 0]) ends at q = -2; [-3, 0] and beyond are off the map.
        let mut off = Stroke::new(PaintTarget::Zone(0), false);
        off.extend_to(world_from_hex([-5, 0]), &board);
        off.extend_to(world_from_hex([-2, 0]), &board);
        assert_eq!(off.hexes, vec![[-2, 0]]);
    }

    #[test]
    fn painting_a_zone_writes_tile_hexes_once_and_erasing_drops_an_empty_zone() {
        let (scenario, board) = sample();
        // Team 1 is villains. [-1, 0], [0, 0] and [1, 0] are hexes 7, 10 and 13 of tile 1.
        let painted = apply_stroke(
            &scenario,
            &board,
            PaintTarget::Zone(1),
            false,
            &[[-1, 0], [0, 0], [1, 0]],
        )
        .unwrap();
        assert_eq!(
            painted.deployment,
            vec![DeploymentZone {
                team: "villains".into(),
                hexes: vec![tile_hex(1, 7), tile_hex(1, 10), tile_hex(1, 13)],
            }]
        );
        // Painting over a hex already in the zone adds only the new one ([0, 1] is 1/15).
        let again = apply_stroke(
            &painted,
            &board,
            PaintTarget::Zone(1),
            false,
            &[[0, 0], [0, 1]],
        )
        .unwrap();
        assert_eq!(
            again.deployment[0].hexes,
            vec![
                tile_hex(1, 7),
                tile_hex(1, 10),
                tile_hex(1, 13),
                tile_hex(1, 15)
            ]
        );
        let erased = apply_stroke(
            &again,
            &board,
            PaintTarget::Zone(1),
            true,
            &[[0, 0], [0, 1]],
        )
        .unwrap();
        assert_eq!(
            erased.deployment[0].hexes,
            vec![tile_hex(1, 7), tile_hex(1, 13)]
        );
        let gone = apply_stroke(
            &erased,
            &board,
            PaintTarget::Zone(1),
            true,
            &[[-1, 0], [1, 0], [2, 2]],
        )
        .unwrap();
        assert_eq!(gone.deployment, vec![], "an empty zone is not written");
        assert!(apply_stroke(&scenario, &board, PaintTarget::Zone(7), false, &[[0, 0]]).is_err());
    }

    #[test]
    fn painted_hexes_follow_the_form_the_list_already_uses() {
        let (mut scenario, board) = sample();
        scenario.deployment.push(DeploymentZone {
            team: "heroes".into(),
            hexes: vec![HexRef::Axial([0, 0])],
        });
        let painted = apply_stroke(
            &scenario,
            &board,
            PaintTarget::Zone(0),
            false,
            &[[0, 0], [1, 0]],
        )
        .unwrap();
        assert_eq!(
            painted.deployment[0].hexes,
            vec![HexRef::Axial([0, 0]), HexRef::Axial([1, 0])]
        );
        // Objective 0 collects tokens: it has no hexes to paint.
        let refused = apply_stroke(
            &scenario,
            &board,
            PaintTarget::Objective(0),
            false,
            &[[5, -2]],
        );
        assert_eq!(refused, Err("a collect objective has no hexes".to_owned()));
        // As a reach objective: [5, -2] is the centre of tile 2, so 2/10.
        megahex_schema::rulesets::sentinel_tactics::objective_rules::set_kind(
            &mut scenario.objectives[0],
            megahex_schema::rulesets::sentinel_tactics::ObjectiveKind::Reach,
            None,
        );
        let reach = apply_stroke(
            &scenario,
            &board,
            PaintTarget::Objective(0),
            false,
            &[[5, -2]],
        )
        .unwrap();
        assert_eq!(reach.objectives[0].hexes, vec![tile_hex(2, 10)]);
        assert!(
            apply_stroke(
                &scenario,
                &board,
                PaintTarget::Objective(9),
                false,
                &[[5, -2]]
            )
            .is_err()
        );
    }

    #[test]
    fn a_stroke_is_one_undo_step_and_esc_stops_painting() {
        let mut app = crate::app::EditorApp::with_recovery_dir(
            Document::sample(),
            std::env::temp_dir().join(format!("megahex-editor-deploy-{}", std::process::id())),
        );
        let before = app.wb.doc.scenario().cloned().unwrap();
        parts(&mut app).wb.map.tool = Tool::Paint(Brush {
            target: PaintTarget::Zone(0),
            erase: false,
        });
        let mut stroke = Stroke::new(PaintTarget::Zone(0), false);
        stroke.hexes = vec![[-1, 0], [0, 0], [1, 0]];
        let mut p = parts(&mut app);
        p.scenario_ui.commit_stroke(&mut p.wb, &stroke);
        let zone = &app.wb.doc.scenario().unwrap().deployment;
        assert_eq!(zone.len(), 1);
        assert_eq!(zone[0].hexes.len(), 3);
        assert_eq!(
            app.wb.status.as_ref().unwrap().text,
            "Painted 3 hexes onto the deployment zone of heroes"
        );
        // Over two painted hexes and one new one: the status counts the new one.
        let mut more = Stroke::new(PaintTarget::Zone(0), false);
        more.hexes = vec![[0, 0], [1, 0], [0, 1]];
        let mut p = parts(&mut app);
        p.scenario_ui.commit_stroke(&mut p.wb, &more);
        assert_eq!(
            app.wb.status.as_ref().unwrap().text,
            "Painted 1 hex onto the deployment zone of heroes"
        );
        app.shortcut(egui::Key::Z, egui::Modifiers::COMMAND);
        app.shortcut(egui::Key::Z, egui::Modifiers::COMMAND);
        assert_eq!(app.wb.doc.scenario(), Some(&before), "one undo per stroke");
        app.shortcut(egui::Key::Escape, egui::Modifiers::NONE);
        assert_eq!(parts(&mut app).wb.map.tool, Tool::Select);
        assert_eq!(app.wb.status.as_ref().unwrap().text, "Painting stopped");
    }
}
