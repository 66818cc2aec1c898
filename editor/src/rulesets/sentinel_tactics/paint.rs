//! The painting tool's vocabulary: what a brush paints onto, and a stroke gathered from the
//! pointer. A leaf module, so the map's [`super::bench::Tool`] can name a brush without
//! depending on the panels that paint.

use egui::Pos2;
use megahex::board::Axial;
use megahex::board::Board;
use megahex_schema::rulesets::sentinel_tactics::Scenario;

use crate::view::hex_at_world;

/// Distance between the points sampled along a pointer move, in world units (a hex is about
/// 1.7 across), so a fast stroke leaves no gaps.
const SAMPLE_STEP: f32 = 0.2;

/// What a brush paints onto.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaintTarget {
    /// The deployment zone of the team at this position in `teams`.
    Zone(usize),
    /// The `hexes` of the objective at this position in `objectives`.
    Objective(usize),
}

/// The painting tool: where hexes go, and whether strokes add or remove them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Brush {
    /// What the hexes are added to or removed from.
    pub target: PaintTarget,
    /// Every stroke removes hexes (the panel's toggle); holding Shift does it for one stroke.
    pub erase: bool,
}

/// A stroke in progress: the board hexes crossed since the button went down.
#[derive(Debug, Clone, PartialEq)]
pub struct Stroke {
    /// What the stroke paints onto.
    pub target: PaintTarget,
    /// The stroke removes hexes instead of adding them.
    pub erase: bool,
    /// Board hexes crossed, in order, each once.
    pub hexes: Vec<Axial>,
    /// The last pointer position, in world space, to fill the gap to the next one.
    last: Option<Pos2>,
}

impl Stroke {
    /// A stroke that has not crossed any hex yet.
    pub fn new(target: PaintTarget, erase: bool) -> Stroke {
        Stroke {
            target,
            erase,
            hexes: Vec::new(),
            last: None,
        }
    }

    /// Adds the board hexes on the way from the last pointer position to `world`: between two
    /// frames the pointer can jump several hexes, and a stroke must not leave gaps.
    pub fn extend_to(&mut self, world: Pos2, board: &Board) {
        let from = self.last.unwrap_or(world);
        let steps = ((world - from).length() / SAMPLE_STEP)
            .ceil()
            .clamp(1.0, 10_000.0) as usize;
        for i in 0..=steps {
            let at = hex_at_world(from.lerp(world, i as f32 / steps as f32));
            if board.contains(at) && !self.hexes.contains(&at) {
                self.hexes.push(at);
            }
        }
        self.last = Some(world);
    }
}

/// The id of the team whose zone a brush paints, or why there is none.
pub fn painted_team(scenario: &Scenario, team: usize) -> Result<&str, String> {
    scenario
        .teams
        .get(team)
        .map(|t| t.id.as_str())
        .ok_or_else(|| "the team being painted is no longer in the scenario".to_owned())
}

/// "the deployment zone of heroes", "the hexes of objective hold-1".
pub fn target_name(scenario: &Scenario, target: PaintTarget) -> String {
    match target {
        PaintTarget::Zone(i) => scenario.teams.get(i).map_or_else(
            || "a team that is gone".to_owned(),
            |t| format!("the deployment zone of {}", t.id),
        ),
        PaintTarget::Objective(i) => scenario.objectives.get(i).map_or_else(
            || "an objective that is gone".to_owned(),
            |o| format!("the hexes of objective {}", o.id),
        ),
    }
}
