//! The token palette and the token inspector.
//!
//! The palette offers every figure of the catalog's roster and the game's markers. A pick is put
//! down by clicking the map ([`Tool::PlaceToken`]) with a fresh id, the palette's team for
//! characters and minions ("Figures join", the first team until another is picked), and, for a
//! multi-hex figure, a footprint that R / Shift+R turn
//! around its first hex (with the library's rotation). The inspector edits the selected token.
//!
//! Every change is an [`Edit`] applied through [`EditorApp::edit`], so it can be undone. Text
//! fields are applied when the field is left (Enter, Tab or a click elsewhere), not on every
//! key, so one typed value is one undo step.

use super::bench::{MapBench, Selection, Tool};
use crate::rulesets::sentinel_tactics::held::MapDocument;
use egui::RichText;
use megahex::board::Axial;
use megahex_schema::rulesets::sentinel_tactics::{Figure, FigureKind};

use crate::draw::Marks;
use crate::rulesets::sentinel_tactics::edit::Edit;
use crate::rulesets::sentinel_tactics::token_rules::{
    MARKERS, MAX_FOOTPRINT, Piece, figure_size, footprint_offsets, footprint_text, new_token, plus,
    turned_footprint,
};
use crate::workbench::StatusKind;

/// Which palette the left panel shows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Tab {
    /// The map tiles.
    #[default]
    Tiles,
    /// Figures and markers.
    Tokens,
}

/// The token being placed, and how it is turned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InHand {
    /// What is placed.
    pub piece: Piece,
    /// Sixths of a turn clockwise, 0..5; only multi-hex figures look different.
    pub rotation: u8,
}

/// State of the token palette and inspector.
#[derive(Debug, Clone, Default)]
pub struct TokenUi {
    /// Which palette the left panel shows.
    pub tab: Tab,
    /// What [`Tool::PlaceToken`] puts down.
    pub in_hand: Option<InHand>,
    /// The team new characters and minions join (`None`: the scenario's first team).
    pub team: Option<String>,
}

impl TokenUi {
    /// The left panel: the tile palette or the token palette, one tab each. True when a tile
    /// face started being dragged onto the map.
    pub fn left_panel(&mut self, ui: &mut egui::Ui, wb: &mut MapBench<'_>) -> bool {
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.tab, Tab::Tiles, "Tiles");
            ui.selectable_value(&mut self.tab, Tab::Tokens, "Tokens");
        });
        ui.separator();
        match self.tab {
            Tab::Tiles => crate::rulesets::sentinel_tactics::tile_palette::tile_palette(ui, wb),
            Tab::Tokens => {
                self.token_palette(wb, ui);
                false
            }
        }
    }

    /// Which team the characters and minions placed next join.
    fn team_picker(&mut self, wb: &MapBench<'_>, ui: &mut egui::Ui) {
        let Some(scenario) = wb.doc.scenario() else {
            return;
        };
        let Some(first) = scenario.teams.first() else {
            return;
        };
        let current = self
            .team
            .as_ref()
            .and_then(|id| scenario.teams.iter().find(|t| t.id == *id))
            .unwrap_or(first);
        let shown = super::token_rules::team_label;
        let mut picked = None;
        ui.horizontal(|ui| {
            let label = ui
                .label("Figures join")
                .on_hover_text("The team characters and minions placed from here play for");
            egui::ComboBox::from_id_salt("palette-team")
                .selected_text(shown(current))
                .show_ui(ui, |ui| {
                    for team in &scenario.teams {
                        if ui
                            .selectable_label(team.id == current.id, shown(team))
                            .clicked()
                        {
                            picked = Some(team.id.clone());
                        }
                    }
                })
                .response
                .labelled_by(label.id);
        });
        if picked.is_some() {
            self.team = picked;
        }
        ui.separator();
    }

    fn holding(&self, wb: &MapBench<'_>, piece: &Piece) -> bool {
        wb.map.tool == Tool::PlaceToken && self.in_hand.as_ref().is_some_and(|h| h.piece == *piece)
    }

    /// The token palette: the roster's figures by kind, then the markers.
    pub(crate) fn token_palette(&mut self, wb: &mut MapBench<'_>, ui: &mut egui::Ui) {
        ui.heading("Tokens");
        ui.label(
            RichText::new("Pick one, then click the map. Shift+click places another. Esc cancels.")
                .weak(),
        );
        ui.separator();
        self.team_picker(wb, ui);
        super::off_map::off_map_list(ui, wb);
        let editable = wb.doc.scenario().is_some();
        let figures = wb.doc.catalog.figures.clone();
        let mut picked = None;
        egui::ScrollArea::vertical().show(ui, |ui| {
            for (kind, title) in [
                (FigureKind::Character, "Characters"),
                (FigureKind::Minion, "Minions"),
                (FigureKind::Environment, "Environment"),
            ] {
                let group: Vec<&Figure> = figures.iter().filter(|f| f.kind == kind).collect();
                if group.is_empty() {
                    continue;
                }
                ui.label(RichText::new(title).strong());
                for figure in group {
                    let piece = Piece::Figure(figure.id.clone());
                    let size = figure_size(figure);
                    let text = if size > 1 {
                        format!("{} ({size} hexes)", figure.name)
                    } else {
                        figure.name.clone()
                    };
                    let turn = if size > 1 {
                        "; R / Shift+R turn it while placing"
                    } else {
                        ""
                    };
                    let button = egui::Button::new(text).selected(self.holding(wb, &piece));
                    let response = ui.add_enabled(editable, button).on_hover_text(format!(
                        "Place {} (roster id `{}`), covering {size} hex(es){turn}",
                        figure.name, figure.id
                    ));
                    if response.clicked() {
                        picked = Some(piece);
                    }
                }
            }
            ui.label(RichText::new("Markers").strong());
            for marker in MARKERS {
                let piece = Piece::Marker(marker);
                let button = egui::Button::new(marker.name).selected(self.holding(wb, &piece));
                if ui
                    .add_enabled(editable, button)
                    .on_hover_text(marker.help)
                    .clicked()
                {
                    picked = Some(piece);
                }
            }
        });
        if let Some(piece) = picked {
            self.pick_token(wb, piece);
        }
    }

    fn piece_name_and_size(&self, wb: &MapBench<'_>, piece: &Piece) -> (String, usize) {
        match piece {
            Piece::Figure(id) => wb
                .doc
                .catalog
                .figure(id)
                .map_or_else(|| (id.clone(), 1), |f| (f.name.clone(), figure_size(f))),
            Piece::Marker(marker) => (marker.name.to_owned(), 1),
        }
    }

    /// Takes a palette entry in hand: the next click on the map puts it down.
    pub(crate) fn pick_token(&mut self, wb: &mut MapBench<'_>, piece: Piece) {
        let (name, size) = self.piece_name_and_size(wb, &piece);
        self.in_hand = Some(InHand { piece, rotation: 0 });
        wb.map.tool = Tool::PlaceToken;
        crate::rulesets::sentinel_tactics::group::select_only(wb, None);
        let turn = if size > 1 {
            ", R / Shift+R turn it"
        } else {
            ""
        };
        wb.say(
            StatusKind::Done,
            format!("Placing {name}: click the map where it goes{turn}"),
        );
    }

    /// The status line's hint while placing a token.
    pub(crate) fn placing_token_hint(&self, wb: &MapBench<'_>) -> String {
        let Some(hand) = &self.in_hand else {
            return "Pick a token in the Tokens palette, then click the map. Esc cancels."
                .to_owned();
        };
        let (name, size) = self.piece_name_and_size(wb, &hand.piece);
        let turn = if size > 1 {
            " Its first hex goes where you click; R / Shift+R turn it."
        } else {
            ""
        };
        format!(
            "Placing {name}: click a hex to put it there, Shift+click to place another.{turn} Esc cancels."
        )
    }

    /// R / Shift+R while placing: turns the token in hand.
    pub(crate) fn turn_in_hand(&mut self, wb: &mut MapBench<'_>, clockwise: bool) {
        let Some(hand) = &self.in_hand else {
            return;
        };
        let (name, size) = self.piece_name_and_size(wb, &hand.piece);
        if size < 2 {
            wb.refuse(&format!(
                "{name} stands on one hex: only multi-hex figures turn"
            ));
            return;
        }
        if let Some(hand) = &mut self.in_hand {
            hand.rotation = crate::rulesets::sentinel_tactics::turning::turned_rotation(
                hand.rotation,
                clockwise,
            );
        }
    }

    /// R / Shift+R on a selected token: turns a multi-hex figure around its first hex.
    pub(crate) fn rotate_token(&mut self, wb: &mut MapBench<'_>, index: usize, clockwise: bool) {
        let (Some(scenario), Some(board)) = (wb.doc.scenario(), wb.doc.board()) else {
            return;
        };
        let Some(token) = scenario.tokens.get(index) else {
            return;
        };
        match turned_footprint(token, board, clockwise) {
            Ok(at) => {
                wb.edit(Edit::RotateToken { index, at });
            }
            Err(reason) => wb.refuse(&reason),
        }
    }

    /// A click while placing a token: adds it with its first hex on `at` and selects it. With
    /// `keep_placing` (Shift+click) the same token stays in hand for the next click.
    pub(crate) fn place_token(&mut self, wb: &mut MapBench<'_>, at: Axial, keep_placing: bool) {
        let Some(hand) = self.in_hand.clone() else {
            wb.map.tool = Tool::Select;
            wb.refuse("Pick a token in the Tokens palette first");
            return;
        };
        let (Some(scenario), Some(board)) = (wb.doc.scenario(), wb.doc.board()) else {
            wb.map.tool = Tool::Select;
            wb.refuse("There is no map to place a token on");
            return;
        };
        let token = match new_token(
            &hand.piece,
            hand.rotation,
            at,
            scenario,
            board,
            &wb.doc.catalog,
        ) {
            Ok(mut token) => {
                // The palette's team, while the scenario still has it.
                if token.team.is_some()
                    && let Some(team) = &self.team
                    && scenario.teams.iter().any(|t| t.id == *team)
                {
                    token.team = Some(team.clone());
                }
                token
            }
            Err(reason) => {
                // Still in hand: another hex may do.
                wb.refuse(&reason);
                return;
            }
        };
        let done = format!(
            "Placed {} at {}; edit it on the right",
            token.id,
            footprint_text(&token.at)
        );
        if wb.edit(Edit::AddToken(token)) {
            let index = wb
                .doc
                .scenario()
                .map_or(0, |s| s.tokens.len().saturating_sub(1));
            crate::rulesets::sentinel_tactics::group::select_only(
                wb,
                Some(Selection::Token(index)),
            );
            wb.map.picked = Some(at);
            if !keep_placing {
                wb.map.tool = Tool::Select;
            }
            wb.say(StatusKind::Done, done);
        } else {
            wb.map.tool = Tool::Select;
        }
    }

    /// The preview of the token in hand under the pointer: red where a hex is off the map.
    pub(crate) fn token_ghost(&self, wb: &MapBench<'_>, marks: &mut Marks) {
        let (Some(at), Some(hand)) = (wb.pointer_hex, &self.in_hand) else {
            return;
        };
        let (_, size) = self.piece_name_and_size(wb, &hand.piece);
        marks.ghost_token = footprint_offsets(size.min(MAX_FOOTPRINT), hand.rotation)
            .into_iter()
            .map(|offset| plus(at, offset))
            .collect();
        marks.ghost_token_ok = marks
            .ghost_token
            .iter()
            .all(|&h| wb.doc.board().is_some_and(|b| b.contains(h)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::EditorApp;
    use crate::document::Document;
    use crate::rulesets::sentinel_tactics::canvas::Drag;
    use crate::rulesets::sentinel_tactics::editor::tests::parts;
    use crate::rulesets::sentinel_tactics::held::MapDocument;
    use crate::rulesets::sentinel_tactics::inspector::*;
    use crate::rulesets::sentinel_tactics::token_rules::*;
    use egui::{Key, Modifiers};
    use megahex::board::distance;
    use megahex_schema::rulesets::sentinel_tactics::{Token, TokenKind};
    use megahex_schema::{Footprint, HexRef, TileHex};
    use std::path::PathBuf;

    /// An editor on a copy of the bundled sample: tile 1 (M1) at [0, 0] unturned, so its hex
    /// `1/I` is at the catalog's (q, r) for index I; legacy on [0, 0], omni on tile 2, vial-1
    /// (a marker) on tile 8; teams heroes then villains.
    fn sample_app(name: &str) -> (EditorApp, PathBuf) {
        let dir = std::env::temp_dir().join(format!(
            "megahex-editor-tokens-{name}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("scenario.yaml");
        std::fs::write(&file, crate::document::SAMPLE_YAML).unwrap();
        let app = EditorApp::with_recovery_dir(Document::open(&file), dir.join("recovery"));
        (app, file)
    }

    fn t(tile: u32, hex: u32) -> HexRef {
        HexRef::Tile(TileHex { tile, hex })
    }

    fn tokens(app: &EditorApp) -> &[Token] {
        &app.wb.doc.scenario().unwrap().tokens
    }

    fn figure(id: &str) -> Piece {
        Piece::Figure(id.to_owned())
    }

    fn marker(name: &str) -> Piece {
        Piece::Marker(*MARKERS.iter().find(|m| m.name == name).unwrap())
    }

    fn type_into(app: &mut EditorApp, index: usize, field: Field, text: &str) {
        let token_id = tokens(app)[index].id.clone();
        let mut p = parts(app);
        p.inspector.commit_draft(
            &mut p.wb,
            Draft {
                index,
                token_id,
                field,
                widget: egui::Id::unique("test"),
                text: text.to_owned(),
            },
        );
    }

    #[test]
    fn footprints_grow_south_first_and_turn_with_the_library_rotation() {
        assert_eq!(footprint_offsets(1, 4), vec![[0, 0]]);
        // Head on top, tail below; a half turn puts the tail above.
        assert_eq!(footprint_offsets(2, 0), vec![[0, 0], [0, 1]]);
        assert_eq!(footprint_offsets(2, 3), vec![[0, 0], [0, -1]]);
        // Omnitron-V: S then SW of the first hex. rot_cw(q, r) = (-r, q + r):
        // [0, 1] -> [-1, 1] and [-1, 1] -> [-1, 0]; five turns undo one: [0, 1] -> [1, 0],
        // [-1, 1] -> [0, 1].
        assert_eq!(footprint_offsets(3, 0), vec![[0, 0], [0, 1], [-1, 1]]);
        assert_eq!(footprint_offsets(3, 1), vec![[0, 0], [-1, 1], [-1, 0]]);
        assert_eq!(footprint_offsets(3, 5), vec![[0, 0], [1, 0], [0, 1]]);
        assert_eq!(footprint_offsets(3, 6), footprint_offsets(3, 0));
        // Any size is contiguous and has no repeats: each hex touches an earlier one.
        for size in [7, 12, MAX_FOOTPRINT] {
            let hexes = footprint_offsets(size, 2);
            assert_eq!(hexes.len(), size);
            for (i, hex) in hexes.iter().enumerate().skip(1) {
                assert!(!hexes[..i].contains(hex), "{size}: {hex:?} twice");
                assert!(hexes[..i].iter().any(|h| distance(*h, *hex) == 1));
            }
        }
    }

    #[test]
    fn fresh_ids_follow_the_way_scenarios_name_tokens() {
        let (app, _) = sample_app("ids");
        let mut taken = tokens(&app).to_vec();
        for id in ["soldier-1", "soldier-3"] {
            let mut token = taken[2].clone();
            token.id = id.to_owned();
            taken.push(token);
        }
        assert_eq!(fresh_id("legacy", true, &taken), "legacy-2");
        assert_eq!(fresh_id("bunker", true, &taken), "bunker");
        assert_eq!(fresh_id("soldier", false, &taken), "soldier-2");
        assert_eq!(fresh_id("vial", false, &taken), "vial-2");
        assert_eq!(fresh_id("shard", false, &taken), "shard-1");
        let catalog = &app.wb.doc.catalog;
        let stem = |id: &str| figure_stem(catalog.figure(id).unwrap());
        assert_eq!(stem("baron-blade"), ("baron-blade".to_owned(), true));
        assert_eq!(
            stem("blade-battalion-soldier"),
            ("soldier".to_owned(), false)
        );
        assert_eq!(stem("tyrannosaurus-rex"), ("rex".to_owned(), false));
        // Catalog ids are not checked against the id pattern; new token ids always are.
        assert_eq!(id_from("Omni Reaper!"), "Omni-Reaper-");
        assert_eq!(id_from("--x"), "x");
        assert_eq!(id_from("!!"), "token");
        assert!(is_valid_id("raptor-2") && is_valid_id("a.b_c"));
        assert!(!is_valid_id("") && !is_valid_id("-a") && !is_valid_id("a b"));
    }

    /// Picks Omnitron-V, turns it in hand, places it, turns it on the map, and undoes: every
    /// footprint worked out from the catalog's M1 hexes (index 3 = [1, -2], 6 = [2, -2],
    /// 8 = [1, -1], 11 = [2, -1], 13 = [1, 0], 2 = [-1, -1], 4 = [-2, 0]).
    #[test]
    fn a_multi_hex_figure_is_placed_turned_and_undone() {
        let (mut app, _) = sample_app("omnitron");
        let mut p = parts(&mut app);
        p.token_ui.pick_token(&mut p.wb, figure("omnitron-v"));
        assert_eq!(parts(&mut app).wb.map.tool, Tool::PlaceToken);
        app.shortcut(Key::R, Modifiers::NONE);
        let p = parts(&mut app);
        assert_eq!(p.token_ui.in_hand.as_ref().unwrap().rotation, 1);

        // Turned once, the body is SW then NW of the first hex: from [-1, -1] the NW hex
        // [-2, -1] is off the map, so nothing is placed and the figure stays in hand.
        let mut p = parts(&mut app);
        p.token_ui.place_token(&mut p.wb, [-1, -1], false);
        assert_eq!(app.wb.status.as_ref().unwrap().kind, StatusKind::Refused);
        assert!(app.wb.status.as_ref().unwrap().text.contains("q,r -2,-1"));
        assert_eq!(tokens(&app).len(), 3);
        assert_eq!(parts(&mut app).wb.map.tool, Tool::PlaceToken);

        // From [2, -2]: [1, -1] and [1, -2], all on M1.
        let mut p = parts(&mut app);
        p.token_ui.place_token(&mut p.wb, [2, -2], false);
        let expected = Token {
            id: "omnitron-v".into(),
            kind: TokenKind::Character,
            character: Some("omnitron-v".into()),
            team: Some("heroes".into()),
            at: Footprint::Many(vec![t(1, 6), t(1, 8), t(1, 3)]),
            label: None,
            health: None,
            radius: None,
            hazard_attack: None,
            effect_tokens: None,
        };
        assert_eq!(tokens(&app).get(3), Some(&expected));
        assert_eq!(parts(&mut app).wb.map.selection, Some(Selection::Token(3)));
        assert_eq!(parts(&mut app).wb.map.tool, Tool::Select);
        assert_eq!(
            app.wb.doc.tokens()[3].hexes,
            vec![[2, -2], [1, -1], [1, -2]]
        );

        // Shift+R on the selected figure turns it back: S then SW of [2, -2].
        app.shortcut(Key::R, Modifiers::SHIFT);
        assert_eq!(
            tokens(&app)[3].at,
            Footprint::Many(vec![t(1, 6), t(1, 11), t(1, 8)])
        );
        assert_eq!(
            app.wb.doc.editing().unwrap().undo_label(),
            Some("rotate token")
        );
        // R turns it back to where it was placed; R again would put its last hex on [2, -3],
        // off the map: refused, and nothing changes.
        app.shortcut(Key::R, Modifiers::NONE);
        assert_eq!(tokens(&app)[3], expected);
        app.shortcut(Key::R, Modifiers::NONE);
        assert_eq!(app.wb.status.as_ref().unwrap().kind, StatusKind::Refused);
        assert!(
            app.wb.status.as_ref().unwrap().text.contains("q,r 2,-3"),
            "{:?}",
            app.wb.status
        );
        assert_eq!(tokens(&app)[3], expected);

        app.settle_checks();
        // The figure stands legally; the sample has an Omnitron-V already, and a character is
        // one figure, so the only finding is that warning.
        let codes: Vec<&str> = app
            .wb
            .doc
            .problems
            .iter()
            .map(|p| p.code.as_str())
            .collect();
        assert_eq!(
            codes,
            ["character-duplicate"],
            "the placed figure validates"
        );

        // Undo: the turn back, the Shift+R turn, the placement.
        app.shortcut(Key::Z, Modifiers::COMMAND);
        assert_eq!(
            tokens(&app)[3].at,
            Footprint::Many(vec![t(1, 6), t(1, 11), t(1, 8)])
        );
        app.shortcut(Key::Z, Modifiers::COMMAND);
        app.shortcut(Key::Z, Modifiers::COMMAND);
        assert_eq!(tokens(&app).len(), 3, "undoing the placement removes it");
        assert_eq!(parts(&mut app).wb.map.selection, None);
        app.shortcut(Key::Z, Modifiers::COMMAND | Modifiers::SHIFT);
        assert_eq!(tokens(&app)[3], expected);

        // The saved text: fields in the model's order, hexes as the printed tiles name them.
        let yaml = crate::storage::to_yaml(app.wb.doc.scenario().unwrap(), None).unwrap();
        assert!(
            yaml.contains(
                "\n  - {id: omnitron-v, kind: character, character: omnitron-v, team: heroes, at: [1/6, 1/8, 1/3]}\n"
            ),
            "{yaml}"
        );
    }

    #[test]
    fn markers_and_environment_figures_get_numbered_ids_and_no_team() {
        let (mut app, _) = sample_app("markers");
        let mut p = parts(&mut app);
        p.token_ui.pick_token(&mut p.wb, marker("Lava token"));
        let mut p = parts(&mut app);
        p.token_ui.place_token(&mut p.wb, [-1, -1], false);
        let mut p = parts(&mut app);
        p.token_ui.pick_token(&mut p.wb, marker("Shard"));
        // Shift+click keeps the shard in hand for the next one.
        let mut p = parts(&mut app);
        p.token_ui.place_token(&mut p.wb, [-2, 0], true);
        assert_eq!(parts(&mut app).wb.map.tool, Tool::PlaceToken);
        let mut p = parts(&mut app);
        p.token_ui.place_token(&mut p.wb, [1, 0], false);
        assert_eq!(parts(&mut app).wb.map.tool, Tool::Select);
        let mut p = parts(&mut app);
        p.token_ui.pick_token(&mut p.wb, figure("velociraptor"));
        let mut p = parts(&mut app);
        p.token_ui.place_token(&mut p.wb, [0, -1], false);
        let mut p = parts(&mut app);
        p.token_ui
            .pick_token(&mut p.wb, figure("blade-battalion-soldier"));
        p.token_ui.place_token(&mut p.wb, [1, -1], false);
        let placed: Vec<_> = tokens(&app)[3..]
            .iter()
            .map(|t| {
                (
                    t.id.as_str(),
                    t.kind,
                    t.team.as_deref(),
                    t.label.as_deref(),
                    &t.at,
                )
            })
            .collect();
        let one = |tile, hex| Footprint::One(t(tile, hex));
        assert_eq!(
            placed,
            vec![
                ("lava-1", TokenKind::Hazard, None, Some("Lava"), &one(1, 2)),
                ("shard-1", TokenKind::Shard, None, None, &one(1, 4)),
                ("shard-2", TokenKind::Shard, None, None, &one(1, 13)),
                (
                    "velociraptor-1",
                    TokenKind::Environment,
                    None,
                    None,
                    &one(1, 5)
                ),
                (
                    "soldier-1",
                    TokenKind::Minion,
                    Some("heroes"),
                    None,
                    &one(1, 8)
                ),
            ]
        );
        // A marker has one hex: R says so and changes nothing.
        let mut p = parts(&mut app);
        p.canvas.select_at(&mut p.wb, [-2, 0]);
        assert_eq!(parts(&mut app).wb.map.selection, Some(Selection::Token(4)));
        let before = app.wb.doc.scenario().unwrap().clone();
        app.shortcut(Key::R, Modifiers::NONE);
        assert_eq!(app.wb.status.as_ref().unwrap().kind, StatusKind::Refused);
        assert_eq!(app.wb.doc.scenario().unwrap(), &before);
        app.settle_checks();
        assert_eq!(app.wb.doc.problems, Vec::new());
        // Off the map: refused, nothing added.
        let mut p = parts(&mut app);
        p.token_ui.pick_token(&mut p.wb, marker("Pylon"));
        let mut p = parts(&mut app);
        p.token_ui.place_token(&mut p.wb, [-30, 0], false);
        assert_eq!(tokens(&app).len(), 8);
        assert!(app.wb.status.as_ref().unwrap().text.contains("off the map"));
    }

    #[test]
    fn placed_tokens_drag_and_delete_like_the_others() {
        let (mut app, _) = sample_app("drag");
        let mut p = parts(&mut app);
        p.token_ui.pick_token(&mut p.wb, figure("omnitron-v"));
        let mut p = parts(&mut app);
        p.token_ui.place_token(&mut p.wb, [2, -2], false);
        // Unturned from [2, -2]: [2, -1] and [1, -1]. One hex down: [2, -1], [2, 0], [1, 0],
        // which are 1/11, 1/16 and 1/13.
        assert_eq!(
            app.wb.doc.tokens()[3].hexes,
            vec![[2, -2], [2, -1], [1, -1]]
        );
        let mut p = parts(&mut app);
        p.canvas.finish_drag_for_test(
            &mut p.wb,
            Drag::Token {
                index: 3,
                grab: [2, -1],
                to: [2, 0],
            },
        );
        assert_eq!(
            tokens(&app)[3].at,
            Footprint::Many(vec![t(1, 11), t(1, 16), t(1, 13)])
        );
        app.shortcut(Key::Delete, Modifiers::NONE);
        assert_eq!(tokens(&app).len(), 3);
        assert_eq!(parts(&mut app).wb.map.selection, None);
    }

    #[test]
    fn the_inspector_applies_typed_values_and_renames_references() {
        let (mut app, _) = sample_app("inspector");
        // omni (token 1) is a target of the objective stop-omni.
        type_into(&mut app, 1, Field::Id, "omnitron");
        assert_eq!(tokens(&app)[1].id, "omnitron");
        let objective = &app.wb.doc.scenario().unwrap().objectives[1];
        assert_eq!(objective.targets, vec!["omnitron".to_owned()]);
        assert_eq!(
            app.wb.status.as_ref().unwrap().text,
            "Renamed `omni` to `omnitron`; the objective naming it follows"
        );
        // One undo restores both.
        app.shortcut(Key::Z, Modifiers::COMMAND);
        assert_eq!(tokens(&app)[1].id, "omni");
        assert_eq!(
            app.wb.doc.scenario().unwrap().objectives[1].targets,
            vec!["omni".to_owned()]
        );

        let before = app.wb.doc.scenario().unwrap().clone();
        for (field, text, why) in [
            (Field::Id, "legacy", "already exists"),
            (Field::Id, "two words", "not a valid id"),
            (Field::Id, " ", "needs an id"),
            (Field::Health, "0", "from 1 to 99"),
            (Field::Health, "100", "from 1 to 99"),
            (Field::Radius, "21", "from 0 to 20"),
            (Field::Radius, "far", "whole number"),
        ] {
            type_into(&mut app, 1, field, text);
            let status = app.wb.status.clone().unwrap();
            assert_eq!(status.kind, StatusKind::Refused, "{text}");
            assert!(status.text.contains(why), "{text}: {}", status.text);
            assert_eq!(app.wb.doc.scenario().unwrap(), &before, "{text}");
        }

        type_into(&mut app, 2, Field::Label, "  Vial of Sun  ");
        type_into(&mut app, 2, Field::Health, "3");
        type_into(&mut app, 2, Field::Radius, "1");
        let vial = &tokens(&app)[2];
        assert_eq!(
            (vial.label.as_deref(), vial.health, vial.radius),
            (Some("Vial of Sun"), Some(3), Some(1))
        );
        // Emptying a field removes the key; the same text again is no edit at all.
        type_into(&mut app, 2, Field::Health, "");
        assert_eq!(tokens(&app)[2].health, None);
        let revision = app.wb.doc.editing().unwrap().revision();
        type_into(&mut app, 2, Field::Label, "Vial of Sun");
        assert_eq!(app.wb.doc.editing().unwrap().revision(), revision);
        // Four typed values, four undo steps.
        for _ in 0..4 {
            app.shortcut(Key::Z, Modifiers::COMMAND);
        }
        assert_eq!(app.wb.doc.scenario().unwrap(), &before);
    }
}
