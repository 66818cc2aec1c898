//! The workbench: the state every game's panels work on (the document, the view, the pointer,
//! the status line) and the queue of commands panels send. Panels receive it instead of the
//! whole window, and change the scenario only through [`Workbench::edit`]. What is selected and
//! the tool in hand are each game's own.

use egui::Pos2;
use megahex::board::Axial;

use crate::command::Command;
use crate::document::Document;
use crate::held::AnyEdit;
use crate::view::View;

/// How a status message reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatusKind {
    /// Something done (saved, undone).
    Done,
    /// An edit the rules or the editor refused.
    Refused,
    /// Something failed (a save, a recovery copy).
    Failed,
}

/// The status line: the outcome of the last action, so nothing is refused silently.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Status {
    /// What happened.
    pub text: String,
    /// How to colour it.
    pub kind: StatusKind,
    /// When it was said, so it can fade once it is stale.
    pub since: web_time::Instant,
}

impl Status {
    /// How long the line keeps a message: news of something done goes after a few seconds, a
    /// refusal a little later, and a failure stays until something else is said.
    pub fn lifetime(&self) -> Option<std::time::Duration> {
        match self.kind {
            StatusKind::Done => Some(std::time::Duration::from_secs(6)),
            StatusKind::Refused => Some(std::time::Duration::from_secs(12)),
            StatusKind::Failed => None,
        }
    }

    /// Time left before it is stale, or `None` if it never is; zero once it is.
    pub fn remaining(&self) -> Option<std::time::Duration> {
        self.lifetime()
            .map(|life| life.saturating_sub(self.since.elapsed()))
    }
}

/// Which of the scenario's marks the map shows (and exports carry).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MapLayers {
    /// Objective hexes and tokens to collect, in their team's colour.
    pub objectives: bool,
    /// Deployment zones.
    pub zones: bool,
    /// What changed since the last save, marked as `megahex diff` marks it.
    pub changes: bool,
    /// The tokens (a designer hides them to see the ground under a crowd).
    pub tokens: bool,
}

impl Default for MapLayers {
    fn default() -> MapLayers {
        MapLayers {
            objectives: true,
            zones: true,
            changes: false,
            tokens: true,
        }
    }
}

impl MapLayers {
    /// `decor` without the marks whose layer is off.
    pub fn filter(
        self,
        decor: megahex::report::decor::Decorations,
    ) -> megahex::report::decor::Decorations {
        let decor = if self.objectives {
            decor
        } else {
            decor.without_objectives()
        };
        if self.zones {
            decor
        } else {
            decor.without_zones()
        }
    }
}

/// What the panels share. Owned by the shell; each panel's own state stays in the panel.
pub struct Workbench {
    /// The open document.
    pub doc: Document,
    /// `None` until the canvas size is known, and after "Fit": fit the map on the next frame.
    pub view: Option<View>,
    /// The view is still the fitted one (no pan, zoom or jump since), so a resized window fits
    /// the map again instead of only keeping its middle in place.
    pub view_fitted: bool,
    /// The board hex under the pointer.
    pub hovered: Option<Axial>,
    /// Any hex under the pointer, on the map or not (where a tile would be placed).
    pub pointer_hex: Option<Axial>,
    /// The pointer in world space, for the corner of a vertex attack.
    pub pointer_world: Option<Pos2>,
    /// The status line.
    pub status: Option<Status>,
    /// Where the map was drawn last frame, to centre the view on a problem.
    pub canvas_rect: Option<egui::Rect>,
    /// Where the minimap was drawn last frame, while part of the map lay outside the canvas.
    pub minimap_rect: Option<egui::Rect>,
    /// The context of the last frame, so workers can wake the UI when they finish.
    pub ctx: Option<egui::Context>,
    /// Commands asked for this frame, run together by the shell.
    pub commands: Vec<Command>,
    /// Which marks the map shows.
    pub layers: MapLayers,
    /// Why edits are refused for now (a recovery copy waits for a decision), if they are.
    pub edits_blocked: Option<String>,
    /// An edit, undo or redo changed the scenario since the shell last looked.
    pub changed: bool,
    /// The web page the editor runs in, if it runs in one: saves become its downloads.
    pub page: Option<crate::page::PageRequests>,
}

/// How much one Zoom in step magnifies: fine enough to frame a map exactly.
pub const ZOOM_STEP: f32 = 1.15;

impl Workbench {
    /// Zooms around the middle of the map.
    pub fn zoom_step(&mut self, factor: f32) {
        if let (Some(view), Some(rect)) = (&mut self.view, self.canvas_rect) {
            view.zoom_around(rect.center(), factor);
            self.view_fitted = false;
        }
    }

    /// O and Z: shows or hides a layer of the scenario's marks, said in the status line.
    pub fn toggle_layer(&mut self, objectives: bool) {
        let (on, name) = if objectives {
            self.layers.objectives = !self.layers.objectives;
            (self.layers.objectives, "Objectives")
        } else {
            self.layers.zones = !self.layers.zones;
            (self.layers.zones, "Deployment zones")
        };
        let state = if on { "shown" } else { "hidden" };
        self.say(
            StatusKind::Done,
            format!("{name} {state} on the map and in exports"),
        );
    }

    /// A workbench on `doc`, nothing selected, the map fitted on the first frame.
    pub fn new(doc: Document) -> Workbench {
        Workbench {
            doc,
            view: None,
            hovered: None,
            pointer_hex: None,
            pointer_world: None,
            status: None,
            canvas_rect: None,
            minimap_rect: None,
            view_fitted: false,
            ctx: None,
            commands: Vec::new(),
            layers: MapLayers::default(),
            edits_blocked: None,
            changed: false,
            page: None,
        }
    }

    /// Applies one edit: the only way the scenario changes. A refused edit is reported in the
    /// status line.
    pub fn edit(&mut self, edit: impl Into<AnyEdit>) -> bool {
        let edit = edit.into();
        let label = self
            .doc
            .held
            .as_ref()
            .map_or_else(|| "edit".to_owned(), |held| held.label(&edit));
        self.apply_named(&label, |doc| doc.apply(edit))
    }

    /// Runs `apply` on the document unless edits are blocked; a refusal is said in the status
    /// line under `label`.
    fn apply_named(
        &mut self,
        label: &str,
        apply: impl FnOnce(&mut Document) -> Result<bool, String>,
    ) -> bool {
        if let Some(why) = &self.edits_blocked {
            let why = why.clone();
            self.refuse(&why);
            return false;
        }
        match apply(&mut self.doc) {
            Ok(true) => {
                self.changed = true;
                self.status = None;
                true
            }
            Ok(false) => false,
            Err(reason) => {
                self.refuse(&format!("Cannot {label}: {reason}"));
                false
            }
        }
    }

    /// Asks the shell to run `command` this frame.
    pub fn send(&mut self, command: Command) {
        self.commands.push(command);
    }

    /// Puts a message in the status line.
    pub fn say(&mut self, kind: StatusKind, text: String) {
        self.status = Some(Status {
            text,
            kind,
            since: web_time::Instant::now(),
        });
    }

    /// Drops a status message that has been shown long enough; asks for a frame when the
    /// current one will be, so it goes without waiting for input.
    pub fn expire_status(&mut self) {
        let Some(left) = self.status.as_ref().and_then(Status::remaining) else {
            return;
        };
        if left.is_zero() {
            self.status = None;
        } else if let Some(ctx) = &self.ctx {
            ctx.request_repaint_after(left);
        }
    }

    /// Says why something was not done.
    pub fn refuse(&mut self, text: &str) {
        self.say(StatusKind::Refused, text.to_owned());
    }

    /// Is `at` a hex of the map?
    pub fn on_board(&self, at: Axial) -> bool {
        self.doc.board().is_some_and(|b| b.contains(at))
    }

    /// Moves the view so the middle of `hexes` is in the middle of the map, at the same zoom.
    pub fn centre_on(&mut self, hexes: &[Axial]) {
        let (Some(view), Some(rect)) = (&mut self.view, self.canvas_rect) else {
            return;
        };
        let Some(bounds) = crate::view::world_bounds(hexes.iter().copied()) else {
            return;
        };
        view.origin_in_screen = rect.center() - bounds.center().to_vec2() * view.scale;
        self.view_fitted = false;
    }

    /// Is Alt held now (free placement)?
    pub fn alt_held(&self) -> bool {
        self.ctx
            .as_ref()
            .is_some_and(|c| c.input(|i| i.modifiers.alt))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    fn said(kind: StatusKind, ago: u64) -> Workbench {
        let mut wb = Workbench::new(Document::sample());
        wb.status = Some(Status {
            text: "x".into(),
            kind,
            since: Instant::now() - Duration::from_secs(ago),
        });
        wb.expire_status();
        wb
    }

    #[test]
    fn news_fades_from_the_status_line_and_failures_stay() {
        assert!(
            said(StatusKind::Done, 1).status.is_some(),
            "fresh news stays"
        );
        assert!(said(StatusKind::Done, 7).status.is_none(), "old news goes");
        assert!(
            said(StatusKind::Refused, 7).status.is_some(),
            "a refusal stays longer"
        );
        assert!(said(StatusKind::Refused, 13).status.is_none());
        assert!(
            said(StatusKind::Failed, 3600).status.is_some(),
            "a failure stays"
        );
    }
}
