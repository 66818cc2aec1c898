//! The scenario panels, shown in the right panel instead of the problems: title, description
//! and round limit; teams and turn order; objectives with the fields their kind needs;
//! deployment zones (painted on the map, see [`crate::rulesets::sentinel_tactics::deployment`]); and the rule options.
//!
//! The panels read the document's scenario and send one named edit ([`PanelEdit`]) per change,
//! applied when they are done, so every change is undoable under its own name. Text fields
//! change the scenario when they are left (Enter, Tab or a click elsewhere), not per
//! keystroke, so a typed word is one undo step. Team and token references are picked from the
//! scenario's own lists, so they cannot be mistyped; what is still wrong, the live checks
//! report.

use super::bench::{MapBench, Tool};
use crate::rulesets::sentinel_tactics::held::MapDocument;
use std::collections::HashMap;

use egui::containers::menu::{MenuButton, MenuConfig};
use egui::{Color32, RichText, Ui};
use megahex::Severity;
use megahex_schema::limits::MAX_ROUNDS;
use megahex_schema::rulesets::sentinel_tactics::{EnvironmentCard, HazardAttack, Scenario};
use megahex_schema::{LosBlocking, LosEdges, Team};

use crate::rulesets::sentinel_tactics::edit::Edit;
use crate::rulesets::sentinel_tactics::objective_panel::objectives;
use crate::rulesets::sentinel_tactics::paint::{Brush, PaintTarget, Stroke};
use crate::rulesets::sentinel_tactics::panel_edit::{PanelEdit, card_name};
use crate::rulesets::sentinel_tactics::scenario_edits::fresh_id;
use crate::rulesets::sentinel_tactics::scenario_widgets::{
    Env, hint, section, team_combo, team_ids, typed,
};

/// The scenario panels' own state, kept on the app between frames.
#[derive(Debug, Clone, Default)]
pub struct ScenarioUi {
    /// The right panel shows the scenario panels instead of the problems.
    pub open: bool,
    /// What is being typed in a text field, by field, until the field is left.
    buffers: HashMap<egui::Id, String>,
    /// The painting stroke in progress, from press to release.
    pub stroke: Option<Stroke>,
}

/// Colours offered for teams, with names for their tooltips.
const PRESET_COLOURS: [(&str, &str); 8] = [
    ("blue", "#3c8cff"),
    ("red", "#e63c3c"),
    ("yellow", "#fabe28"),
    ("purple", "#aa5ae6"),
    ("cyan", "#28c8c8"),
    ("pink", "#f078c8"),
    ("green", "#46b450"),
    ("orange", "#f08c28"),
];

fn card_help(card: EnvironmentCard) -> &'static str {
    match card {
        EnvironmentCard::FlowOfFieryLava => {
            "\"Flow of Fiery Lava\": the volcano's lava hexes become hazard spaces"
        }
        EnvironmentCard::Monorail => "The Megalopolis monorail train runs on monorail track tokens",
        EnvironmentCard::Velociraptors => "Insula Primalis velociraptors roam the map",
        EnvironmentCard::TyrannosaurusRex => "The Tyrannosaurus rex roams the map",
    }
}

const CARDS: [EnvironmentCard; 4] = [
    EnvironmentCard::FlowOfFieryLava,
    EnvironmentCard::Monorail,
    EnvironmentCard::Velociraptors,
    EnvironmentCard::TyrannosaurusRex,
];

impl ScenarioUi {
    /// The scenario panels. What they change is applied when they are done, as one named edit
    /// (or, when one frame made several, as one step holding them all).
    pub(crate) fn scenario_panel(&mut self, wb: &mut MapBench<'_>, ui: &mut Ui) {
        let errors = wb.doc.count(Severity::Error);
        let warnings = wb.doc.count(Severity::Warning);
        ui.horizontal_wrapped(|ui| {
            ui.heading("Scenario setup");
            let problems = format!(
                "Problems: {}",
                crate::problems::count_text(errors, warnings)
            );
            if ui
                .button(problems)
                .on_hover_text("Show the problems list again")
                .clicked()
            {
                self.open = false;
            }
        });
        if let Tool::Paint(brush) = wb.map.tool {
            self.painting_bar(wb, ui, brush);
        }
        ui.separator();
        // Through the bench's two halves, so the map's tool and the document borrow apart.
        let Some(scenario) = wb.wb.doc.scenario() else {
            return;
        };
        let mut env = Env {
            edits: Vec::new(),
            buffers: &mut self.buffers,
            tool: &mut wb.map.tool,
            board: wb.wb.doc.board(),
            show_zones: &mut wb.wb.layers.zones,
            refused: None,
        };
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                section(ui, "Title and story", |ui| story(ui, scenario, &mut env));
                section(ui, "Teams", |ui| teams(ui, scenario, &mut env));
                section(ui, "Turn order", |ui| turn_order(ui, scenario, &mut env));
                section(ui, "Objectives", |ui| objectives(ui, scenario, &mut env));
                section(ui, "Deployment zones", |ui| {
                    deployment(ui, scenario, &mut env);
                });
                section(ui, "Rules", |ui| rules(ui, scenario, &mut env));
            });
        let Env {
            mut edits, refused, ..
        } = env;
        // An entry taken out of a list shifts the positions after it: removals go last.
        edits.sort_by_key(PanelEdit::removes);
        let edit = match edits.len() {
            0 => None,
            1 => edits.pop().map(Edit::Panel),
            n => {
                let first = edits.first().map(|e| e.label(scenario)).unwrap_or_default();
                Some(Edit::Batch {
                    label: format!("{first} and {} more changes", n - 1),
                    edits: edits.into_iter().map(Edit::Panel).collect(),
                })
            }
        };
        if let Some(edit) = edit {
            wb.edit(edit);
        }
        if let Some(reason) = refused {
            wb.refuse(&reason);
        }
    }

    /// Above the sections while painting: what is painted, the Erase toggle, and Stop.
    fn painting_bar(&mut self, wb: &mut MapBench<'_>, ui: &mut Ui, brush: Brush) {
        let what = wb.doc.scenario().map_or_else(String::new, |s| {
            crate::rulesets::sentinel_tactics::paint::target_name(s, brush.target)
        });
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(format!("Painting {what}")).strong());
            let mut erase = brush.erase;
            if ui
                .checkbox(&mut erase, "Erase")
                .on_hover_text("Strokes remove hexes instead of adding them (holding Shift does the same for one stroke)")
                .changed()
            {
                wb.map.tool = Tool::Paint(Brush { erase, ..brush });
            }
            if ui.button("Stop painting").on_hover_text("Esc").clicked() {
                wb.map.tool = Tool::Select;
            }
        });
    }
}

fn story(ui: &mut Ui, scenario: &Scenario, env: &mut Env<'_>) {
    egui::Grid::new("scenario-story")
        .num_columns(2)
        .spacing([8.0, 6.0])
        .show(ui, |ui| {
            ui.label("Title");
            let title = scenario.title.as_deref().unwrap_or_default();
            if let Some(text) = env.text(ui, "story-title", title, "Scenario title", 220.0, false)
                && typed(&text) != scenario.title
            {
                env.send(PanelEdit::SetTitle(typed(&text)));
            }
            ui.end_row();
            ui.label("Description");
            let description = scenario.description.as_deref().unwrap_or_default();
            if let Some(text) = env.text(
                ui,
                "story-description",
                description,
                "The story and setup notes, for the players",
                220.0,
                true,
            ) && typed(&text) != scenario.description
            {
                env.send(PanelEdit::SetDescription(typed(&text)));
            }
            ui.end_row();
            ui.label("Round limit");
            ui.horizontal(|ui| {
                let limit = scenario.round_limit;
                if let Some(new) = env.number(ui, "story-round-limit", limit, "none", MAX_ROUNDS)
                    && new != limit
                {
                    env.send(PanelEdit::SetRoundLimit(new));
                }
                hint(ui, "the game ends after this many rounds; empty: no limit");
            });
            ui.end_row();
        });
}

fn teams(ui: &mut Ui, scenario: &Scenario, env: &mut Env<'_>) {
    if scenario.teams.is_empty() {
        hint(
            ui,
            "No teams yet. Objectives, turn order and zones need at least one.",
        );
    }
    egui::Grid::new("scenario-teams")
        .num_columns(4)
        .spacing([6.0, 4.0])
        .show(ui, |ui| {
            if !scenario.teams.is_empty() {
                ui.label("");
                ui.label(RichText::new("Id").weak());
                ui.label(RichText::new("Name").weak());
                ui.end_row();
            }
            for (index, team) in scenario.teams.iter().enumerate() {
                colour_menu(ui, scenario, index, env);
                let id = team.id.as_str();
                if let Some(new) = env.text(ui, ("team-id", index), id, "id", 90.0, false)
                    && new.trim() != id
                {
                    let to = new.trim().to_owned();
                    env.send(PanelEdit::RenameTeam { index, to });
                }
                let name = team.name.as_deref().unwrap_or_default();
                if let Some(new) =
                    env.text(ui, ("team-name", index), name, "display name", 120.0, false)
                    && typed(&new) != team.name
                {
                    let name = typed(&new);
                    env.send(PanelEdit::SetTeamName { index, name });
                }
                if ui
                    .small_button("×")
                    .on_hover_text(format!(
                        "Remove team {id} with its turn-order entries and deployment zone; the checks then list anything else that still names it"
                    ))
                    .clicked()
                {
                    env.send(PanelEdit::RemoveTeam { index });
                    env.stop_painting();
                }
                ui.end_row();
            }
        });
    if ui
        .button("Add team")
        .on_hover_text("A new team; give it an id and a name in its row")
        .clicked()
    {
        let id = fresh_id(
            "team",
            scenario.teams.len() + 1,
            scenario.teams.iter().map(|t| t.id.as_str()),
        );
        env.send(PanelEdit::AddTeam(Team {
            id,
            name: None,
            color: None,
        }));
    }
}

/// The team's colour swatch; its menu offers preset colours, a `#rrggbb` field, and
/// "Automatic" (no colour in the file: the editor picks one by position).
fn colour_menu(ui: &mut Ui, scenario: &Scenario, index: usize, env: &mut Env<'_>) {
    let shown = crate::draw::team_color(&scenario.teams, index);
    let written = scenario.teams.get(index).and_then(|t| t.color.clone());
    let config = MenuConfig::new().close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
    let (response, _) = MenuButton::from_button(swatch_button(shown))
        .config(config)
        .ui(ui, |ui| {
            ui.label("Team colour");
            ui.horizontal(|ui| {
                for (name, hex) in PRESET_COLOURS {
                    let colour = crate::draw::parse_hex_color(hex).unwrap_or(Color32::GRAY);
                    if ui
                        .add(swatch_button(colour))
                        .on_hover_text(format!("{name} {hex}"))
                        .clicked()
                    {
                        let colour = Some(hex.to_owned());
                        env.send(PanelEdit::SetTeamColour { index, colour });
                        ui.close();
                    }
                }
            });
            ui.horizontal(|ui| {
                ui.label("#rrggbb");
                let current = written.clone().unwrap_or_default();
                if let Some(text) =
                    env.text(ui, ("team-colour", index), &current, "#rrggbb", 80.0, false)
                {
                    let text = text.trim();
                    if text.is_empty() || crate::draw::parse_hex_color(text).is_some() {
                        let colour = typed(text);
                        env.send(PanelEdit::SetTeamColour { index, colour });
                    } else {
                        env.refused = Some(format!(
                            "`{text}` is not a colour: write # and six hex digits, like #3c8cff"
                        ));
                    }
                }
            });
            if ui
                .button("Automatic")
                .on_hover_text("No colour in the file: the editor picks one by the team's position")
                .clicked()
            {
                env.send(PanelEdit::SetTeamColour {
                    index,
                    colour: None,
                });
                ui.close();
            }
        });
    response.on_hover_text(match &written {
        Some(c) => format!("Colour {c}; click to change"),
        None => "Automatic colour; click to choose one".to_owned(),
    });
}

/// A button filled with a colour (the default fonts have no round or square glyph to tint).
fn swatch_button(colour: Color32) -> egui::Button<'static> {
    egui::Button::new("    ").fill(colour)
}

/// A small square of colour before a label.
pub(crate) fn swatch(ui: &mut Ui, colour: Color32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
    ui.painter().rect_filled(rect, 2.0, colour);
}

fn turn_order(ui: &mut Ui, scenario: &Scenario, env: &mut Env<'_>) {
    let teams = team_ids(scenario);
    hint(ui, "Teams take their turns in this order each round.");
    let len = scenario.turn_order.len();
    for (index, entry) in scenario.turn_order.iter().enumerate() {
        ui.horizontal(|ui| {
            ui.label(format!("{}.", index + 1));
            if let Some(team) = team_combo(ui, ("turn-order", index), entry, &teams) {
                env.send(PanelEdit::SetTurn { index, team });
            }
            if ui
                .add_enabled(index > 0, egui::Button::new("Up").small())
                .on_hover_text("Earlier")
                .clicked()
            {
                env.send(PanelEdit::SwapTurnWithNext { index: index - 1 });
            }
            if ui
                .add_enabled(index + 1 < len, egui::Button::new("Down").small())
                .on_hover_text("Later")
                .clicked()
            {
                env.send(PanelEdit::SwapTurnWithNext { index });
            }
            if ui
                .small_button("×")
                .on_hover_text("Remove from the turn order")
                .clicked()
            {
                env.send(PanelEdit::RemoveTurn { index });
            }
        });
    }
    ui.add_enabled_ui(!teams.is_empty(), |ui| {
        egui::ComboBox::from_id_salt("turn-order-add")
            .selected_text("Add a team…")
            .show_ui(ui, |ui| {
                for id in &teams {
                    if ui.selectable_label(false, id.as_str()).clicked() {
                        env.send(PanelEdit::AddTurn(id.clone()));
                    }
                }
            });
    });
}

fn deployment(ui: &mut Ui, scenario: &Scenario, env: &mut Env<'_>) {
    ui.checkbox(env.show_zones, "Show zones on the map");
    hint(
        ui,
        "Paint, then click or drag over hexes on the map; hold Shift (or tick Erase) to remove.",
    );
    let board = env.board;
    let count = |team: &str| -> usize {
        scenario
            .deployment
            .iter()
            .filter(|z| z.team == team)
            .map(|z| z.hexes.len())
            .sum()
    };
    egui::Grid::new("scenario-zones")
        .num_columns(4)
        .spacing([6.0, 4.0])
        .show(ui, |ui| {
            for (i, team) in scenario.teams.iter().enumerate() {
                let colour = crate::draw::team_color(&scenario.teams, i);
                ui.horizontal(|ui| {
                    swatch(ui, colour);
                    ui.label(team.id.as_str());
                });
                let n = count(&team.id);
                ui.label(format!("{n} {}", if n == 1 { "hex" } else { "hexes" }));
                env.paint_button(
                    ui,
                    PaintTarget::Zone(i),
                    &format!("Click or drag over hexes on the map to add them to the zone of {}; Shift removes", team.id),
                );
                if ui
                    .add_enabled(n > 0, egui::Button::new("Clear"))
                    .on_hover_text(format!("Remove the whole zone of {}", team.id))
                    .clicked()
                {
                    env.send(PanelEdit::ClearZone {
                        team: team.id.clone(),
                    });
                }
                ui.end_row();
            }
        });
    // Zones of teams that are not in `teams`: give them to a team, or remove them.
    let teams = team_ids(scenario);
    for (index, zone) in scenario.deployment.iter().enumerate() {
        if teams.contains(&zone.team) {
            continue;
        }
        ui.horizontal(|ui| {
            ui.label(
                RichText::new(format!("zone of `{}`, not a team", zone.team))
                    .color(Color32::LIGHT_RED),
            );
            if let Some(team) = team_combo(ui, ("zone-team", index), &zone.team, &teams) {
                env.send(PanelEdit::SetZoneTeam { index, team });
            }
            if ui
                .small_button("×")
                .on_hover_text("Remove this zone")
                .clicked()
            {
                env.send(PanelEdit::RemoveZone { index });
            }
        });
    }
    if board.is_none() {
        hint(ui, "The map did not load, so zones cannot be painted.");
    }
}

/// The die code a lava hex attacks with under "Flow of Fiery Lava": the card's numbers, typed
/// by the designer (Megahex does not invent them); playtests and self-play need it.
fn lava_attack(ui: &mut Ui, attack: &mut Option<HazardAttack>) {
    let mut on = attack.is_some();
    if ui
        .checkbox(&mut on, "lava-attack")
        .on_hover_text("The attack a lava hex makes (the card's die code), so playtests and self-play can play the lava")
        .changed()
    {
        *attack = on.then(|| HazardAttack {
            dice: 1,
            auto_miss: Vec::new(),
        });
    }
    let Some(attack) = attack else {
        hint(
            ui,
            "Without it, playtests and self-play cannot play the lava.",
        );
        return;
    };
    ui.horizontal_wrapped(|ui| {
        ui.label("dice");
        ui.add(egui::DragValue::new(&mut attack.dice).range(0..=12));
        ui.label("auto-miss on");
        for face in 1..=6u8 {
            let mut miss = attack.auto_miss.contains(&face);
            if ui.toggle_value(&mut miss, face.to_string()).changed() {
                if miss {
                    attack.auto_miss.push(face);
                    attack.auto_miss.sort_unstable();
                } else {
                    attack.auto_miss.retain(|f| *f != face);
                }
            }
        }
    });
    hint(ui, "Type the card's die code.");
}

/// The rule options, sent as one edit of the options when any changed.
fn rules(ui: &mut Ui, scenario: &Scenario, env: &mut Env<'_>) {
    let mut options = scenario.rules.clone();
    let r = &mut options;
    ui.label("los-blocking: a hex between two figures blocks line of sight when it is");
    ui.horizontal(|ui| {
        ui.radio_value(
            &mut r.los_blocking,
            LosBlocking::HigherThanEither,
            "higher-than-either",
        )
        .on_hover_text("The rulebook: higher than at least one of the two figures");
        ui.radio_value(
            &mut r.los_blocking,
            LosBlocking::HigherThanBoth,
            "higher-than-both",
        )
        .on_hover_text("A house rule: higher than both figures");
    });
    ui.label("los-edges: a line that only grazes a blocking hex is");
    ui.horizontal(|ui| {
        ui.radio_value(&mut r.los_edges, LosEdges::Strict, "strict")
            .on_hover_text(
                "The rulebook (default): blocked; touching a blocking hex's edge or corner blocks",
            );
        ui.radio_value(&mut r.los_edges, LosEdges::Permissive, "permissive")
            .on_hover_text("A house rule: not blocked; only a line entering a blocking hex is");
    });
    ui.label("environment: the cards in play");
    for card in CARDS {
        let mut on = r.environment.contains(&card);
        if ui
            .checkbox(&mut on, card_name(card))
            .on_hover_text(card_help(card))
            .changed()
        {
            if on {
                r.environment.push(card);
            } else {
                r.environment.retain(|c| *c != card);
            }
        }
    }
    ui.checkbox(&mut r.repeat_basic_actions, "repeat-basic-actions")
        .on_hover_text(
            "A house rule: Move, Sprint, Aim and Dodge may each be taken more than once a turn (the rulebook allows each once a turn)",
        );
    if r.environment.contains(&EnvironmentCard::FlowOfFieryLava) {
        lava_attack(ui, &mut r.lava_attack);
    }
    if options != scenario.rules {
        env.send(PanelEdit::SetRules(Box::new(options)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::sentinel_tactics::held::MapDocument;
    use crate::rulesets::sentinel_tactics::objective_panel::KINDS;
    use crate::rulesets::sentinel_tactics::scenario_edits::{id_problem, remove_team, rename_team};
    use megahex_schema::rulesets::sentinel_tactics::objective_rules::Fields;
    use megahex_schema::rulesets::sentinel_tactics::objective_rules::{
        Need, fields, fits, set_kind,
    };
    use megahex_schema::rulesets::sentinel_tactics::{Bonus, DeploymentZone, Reinforcement};
    use megahex_schema::rulesets::sentinel_tactics::{Objective, ObjectiveKind};
    use megahex_schema::{HexRef, TileHex};

    fn sample() -> Scenario {
        crate::document::Document::sample()
            .scenario()
            .cloned()
            .unwrap()
    }

    fn required(f: Fields) -> Vec<&'static str> {
        let mut keys = Vec::new();
        for (key, need) in [
            ("targets", f.targets),
            ("tokens", f.tokens),
            ("hexes", f.hexes),
            ("count", f.count),
            ("rounds", f.rounds),
        ] {
            if need == Need::Required {
                keys.push(key);
            }
        }
        keys
    }

    /// The fields marked required are exactly the schema's `if kind then required` keys, read
    /// from the committed schema file.
    #[test]
    fn required_fields_are_those_the_schema_requires_for_each_kind() {
        let schema: serde_json::Value =
            serde_json::from_str(megahex_schema::COMMITTED_SCHEMA).unwrap();
        let rules = schema["$defs"]["Objective"]["allOf"].as_array().unwrap();
        for kind in KINDS {
            let mut from_schema: Vec<&str> = rules
                .iter()
                .filter(|r| r["if"]["properties"]["kind"]["const"] == kind.as_str())
                .flat_map(|r| r["then"]["required"].as_array().unwrap())
                .map(|k| k.as_str().unwrap())
                .collect();
            from_schema.sort_unstable();
            assert_eq!(required(fields(kind)), from_schema, "{}", kind.as_str());
        }
        // And what each kind shows, from the field descriptions in the schema.
        assert_eq!(fields(ObjectiveKind::Reach).count, Need::Unused);
        assert_eq!(fields(ObjectiveKind::Hold).rounds, Need::Optional);
        assert_eq!(fields(ObjectiveKind::Incapacitate).targets, Need::Optional);
        assert_eq!(fields(ObjectiveKind::Survive).count, Need::Unused);
    }

    #[test]
    fn a_new_kind_drops_the_fields_it_does_not_use() {
        let mut o = Objective {
            id: "o".into(),
            team: "heroes".into(),
            kind: ObjectiveKind::Hold,
            targets: vec![],
            tokens: vec![],
            hexes: vec![HexRef::Axial([0, 0])],
            count: Some(1),
            rounds: Some(2),
            description: Some("keep".into()),
        };
        set_kind(&mut o, ObjectiveKind::Reach, Some(6));
        assert_eq!(o.hexes, vec![HexRef::Axial([0, 0])]);
        assert_eq!((o.count, o.rounds), (None, None));
        set_kind(&mut o, ObjectiveKind::Survive, Some(6));
        assert!(o.hexes.is_empty());
        assert_eq!(o.rounds, Some(6), "starts at the round limit");
        set_kind(&mut o, ObjectiveKind::Hold, None);
        assert_eq!(o.rounds, Some(6), "hold uses rounds too");
        set_kind(&mut o, ObjectiveKind::Collect, None);
        assert_eq!(o.rounds, None);
        o.tokens = vec!["vial-1".into()];
        set_kind(&mut o, ObjectiveKind::Destroy, None);
        assert!(o.tokens.is_empty());
        set_kind(&mut o, ObjectiveKind::Survive, None);
        assert_eq!(o.rounds, Some(1), "no round limit: one round");
        assert_eq!(o.description.as_deref(), Some("keep"));
    }

    #[test]
    fn token_choices_fit_the_kind() {
        let s = sample();
        let ids = |kind, team: &str| -> Vec<&str> {
            s.tokens
                .iter()
                .filter(|t| fits(kind, team, t))
                .map(|t| t.id.as_str())
                .collect()
        };
        // legacy is a hero, omni a villain, vial-1 a marker without health.
        assert_eq!(ids(ObjectiveKind::Incapacitate, "heroes"), ["omni"]);
        assert_eq!(ids(ObjectiveKind::Incapacitate, "villains"), ["legacy"]);
        assert_eq!(ids(ObjectiveKind::Collect, "heroes"), ["vial-1"]);
        assert!(ids(ObjectiveKind::Destroy, "heroes").is_empty());
        assert!(ids(ObjectiveKind::Hold, "heroes").is_empty());
    }

    #[test]
    fn ids_follow_the_schema_pattern() {
        for good in ["a", "rebels", "team-3", "A1_b.c", "9lives"] {
            assert_eq!(id_problem(good), None, "{good}");
        }
        for bad in ["", "-a", "two words", "é", "a/b", ".x"] {
            assert!(id_problem(bad).is_some(), "{bad:?}");
        }
        assert_eq!(
            fresh_id("team", 3, ["heroes", "team-3"].into_iter()),
            "team-4"
        );
        assert_eq!(fresh_id("objective", 1, [].into_iter()), "objective-1");
    }

    #[test]
    fn renaming_a_team_renames_every_reference_and_refuses_clashes() {
        let mut s = sample();
        s.deployment.push(DeploymentZone {
            team: "heroes".into(),
            hexes: vec![HexRef::Tile(TileHex { tile: 1, hex: 7 })],
        });
        s.reinforcements.push(Reinforcement {
            round: 2,
            team: "heroes".into(),
            character: "legacy".into(),
            count: 1,
            hexes: vec![],
        });
        s.bonuses.push(Bonus {
            team: "heroes".into(),
            when: "always".into(),
            effect: "none".into(),
        });
        let before = s.clone();
        assert!(
            rename_team(&mut s, 0, "villains")
                .unwrap_err()
                .contains("already exists")
        );
        assert!(rename_team(&mut s, 0, "two words").is_err());
        assert!(rename_team(&mut s, 5, "x").is_err());
        assert_eq!(s, before, "a refused rename changes nothing");

        rename_team(&mut s, 0, "rebels").unwrap();
        assert_eq!(s.teams[0].id, "rebels");
        assert_eq!(s.teams[0].name.as_deref(), Some("Heroes"));
        assert_eq!(s.tokens[0].team.as_deref(), Some("rebels"));
        assert_eq!(s.tokens[1].team.as_deref(), Some("villains"));
        assert_eq!(s.objectives[1].team, "rebels");
        assert_eq!(s.objectives[0].team, "villains");
        assert_eq!(s.turn_order, ["rebels", "villains"]);
        assert_eq!(s.deployment[0].team, "rebels");
        assert_eq!(s.reinforcements[0].team, "rebels");
        assert_eq!(s.bonuses[0].team, "rebels");
        let (_, problems) = crate::document::check_bytes(
            crate::storage::to_yaml(&s, None).unwrap().as_bytes(),
            None,
        );
        assert_eq!(problems, Vec::new(), "the renamed scenario is still valid");
    }

    #[test]
    fn removing_a_team_takes_its_turns_and_zone_and_leaves_the_rest_to_the_checks() {
        let mut s = sample();
        s.deployment.push(DeploymentZone {
            team: "villains".into(),
            hexes: vec![HexRef::Tile(TileHex { tile: 2, hex: 10 })],
        });
        remove_team(&mut s, 1);
        assert_eq!(s.teams.len(), 1);
        assert_eq!(s.turn_order, ["heroes"]);
        assert!(s.deployment.is_empty());
        // omni and the collect objective still name villains: the checks say so.
        assert_eq!(s.tokens[1].team.as_deref(), Some("villains"));
        let (_, problems) = crate::document::check_bytes(
            crate::storage::to_yaml(&s, None).unwrap().as_bytes(),
            None,
        );
        let pointers: Vec<&str> = problems
            .iter()
            .filter(|p| p.code == "unknown-reference")
            .filter_map(|p| p.pointer.as_deref())
            .collect();
        assert_eq!(pointers, ["/tokens/1/team", "/objectives/0/team"]);
        remove_team(&mut s, 3);
        assert_eq!(s.teams.len(), 1, "out of range: nothing happens");
    }
}
