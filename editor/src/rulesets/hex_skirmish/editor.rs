//! The hex-skirmish editor as the shell sees it: the palette on the left, the unit inspector
//! with the odds and the problems on the right, the arena in the middle.

use crate::rulesets::hex_skirmish::held::ArenaDocument;
use std::any::Any;

use super::overlays::Preview;
use super::panel::{SkirmishTool, SkirmishUi};
use crate::command::Command;
use crate::game_editor::GameEditor;
use crate::preferences::Preferences;
use crate::workbench::{StatusKind, Workbench};

impl GameEditor for SkirmishUi {
    fn show(&mut self, ui: &mut egui::Ui, wb: &mut Workbench, checking: bool) {
        egui::Panel::left("skirmish-palette")
            .default_size(210.0)
            .resizable(false)
            .show(ui, |ui| self.palette(ui, wb));
        egui::Panel::right("problems")
            .default_size(360.0)
            .min_size(240.0)
            .resizable(true)
            .show(ui, |ui| self.side_panel(ui, wb, checking));
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE.fill(crate::map_frame::TABLE))
            .show(ui, |ui| self.canvas(ui, wb));
    }

    fn status(&mut self, wb: &mut Workbench) -> (String, String) {
        (
            super::status_text(wb.doc.skirmish(), wb.doc.skirmish_game(), wb.hovered),
            self.hint().to_owned(),
        )
    }

    fn run(&mut self, command: Command, wb: &mut Workbench, _preferences: &mut Preferences) {
        // The rest are refused for an arena before they get here (`commands::cannot`).
        match command {
            Command::Delete => self.delete_selected(wb),
            Command::SightOverlay => self.preview = self.preview.toggled(Preview::Sight),
            Command::ReachOverlay => self.preview = self.preview.toggled(Preview::Reach),
            _ => {}
        }
    }

    fn is_on(&self, command: Command) -> bool {
        match command {
            Command::SightOverlay => self.preview == Preview::Sight,
            Command::ReachOverlay => self.preview == Preview::Reach,
            _ => false,
        }
    }

    fn cancel(&mut self, wb: &mut Workbench) {
        // A drag ends on Esc in the canvas; here the tool in hand, else the selection.
        if self.tool != SkirmishTool::Select {
            self.tool = SkirmishTool::Select;
            self.stroke.clear();
            wb.say(StatusKind::Done, "Back to Select".to_owned());
        } else {
            self.selected = None;
        }
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}
