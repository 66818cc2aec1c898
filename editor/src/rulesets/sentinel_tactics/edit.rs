//! Every change to the scenario is an [`Edit`], applied in one place ([`Editing::apply`]), so
//! every change can be undone and redone, and nothing else mutates the document.

use megahex_schema::Footprint;
use megahex_schema::rulesets::sentinel_tactics::{Scenario, Side, TilePlacement, Token};

/// One change a designer makes.
#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    /// Put a tile on the table.
    AddTile(TilePlacement),
    /// Move a placed tile so its centre hex is at `at`.
    MoveTile {
        /// Position in `map.tiles`.
        index: usize,
        /// New centre.
        at: [i32; 2],
    },
    /// Turn a placed tile by one sixth, clockwise or back.
    RotateTile {
        /// Position in `map.tiles`.
        index: usize,
        /// Clockwise (R) or counter-clockwise (Shift+R).
        clockwise: bool,
    },
    /// Turn a placed tile by one sixth and rewrite the references on it (by their position in
    /// [`Scenario::for_each_hex_ref_mut`] order), so what stands on it stays put or turns with
    /// it as the designer chose ([`crate::rulesets::sentinel_tactics::turning`]).
    TurnTile {
        /// Position in `map.tiles`.
        index: usize,
        /// Clockwise (R) or counter-clockwise (Shift+R).
        clockwise: bool,
        /// The rewritten references.
        refs: Vec<(usize, megahex_schema::HexRef)>,
    },
    /// Turn a tile over: the other face of the same physical tile.
    FlipTile {
        /// Position in `map.tiles`.
        index: usize,
    },
    /// Put another tile, side or rotation in a placement's place (the inventory solver's
    /// quick fix for a tile used twice).
    ReplaceTile {
        /// Position in `map.tiles`.
        index: usize,
        /// The placement to put there.
        placement: TilePlacement,
    },
    /// Take a tile off the table.
    RemoveTile {
        /// Position in `map.tiles`.
        index: usize,
    },
    /// Put a token on the map (the token palette).
    AddToken(Token),
    /// Move a token.
    MoveToken {
        /// Position in `tokens`.
        index: usize,
        /// Where it stands now.
        at: Footprint,
    },
    /// Turn a multi-hex figure: its hexes, turned around the first one (R / Shift+R).
    RotateToken {
        /// Position in `tokens`.
        index: usize,
        /// Where it stands once turned.
        at: Footprint,
    },
    /// Replace a token's fields (the inspector). A new id is carried into the objectives that
    /// name the old one, in the same step, so a rename never leaves a dangling reference and
    /// one undo restores both.
    UpdateToken {
        /// Position in `tokens`.
        index: usize,
        /// The new token.
        token: Box<Token>,
    },
    /// Remove a token.
    RemoveToken {
        /// Position in `tokens`.
        index: usize,
    },
    /// Give a figure its stats for the simulation (`stats:` by roster id), or take them away.
    SetStats {
        /// The roster id (`legacy`, `blade-battalion-soldier`).
        figure: String,
        /// The stats; `None` removes the entry.
        stats: Option<Box<megahex_schema::rulesets::sentinel_tactics::stats::FigureStats>>,
    },
    /// Several edits made as one step, so one undo takes them all back: moving, turning or
    /// removing a selection of several pieces, pasting. Each applies to the scenario the one
    /// before it left; if any cannot be made, none is.
    Batch {
        /// The name the undo menu shows: "move 2 tiles and 3 tokens".
        label: String,
        /// The edits, in order.
        edits: Vec<Edit>,
    },
    /// A change made in the scenario panels or with the painting brush.
    Panel(crate::rulesets::sentinel_tactics::panel_edit::PanelEdit),
    /// Take the version another program saved, dropping the unsaved edits (undo brings them
    /// back).
    ReloadFromDisk(Box<Scenario>),
}

impl Edit {
    /// True for an edit that a widget makes on every frame of one gesture (dragging a number
    /// of the rule options): repeated under the same name, it stays one undo step.
    fn continues_a_gesture(&self) -> bool {
        matches!(
            self,
            Edit::Panel(crate::rulesets::sentinel_tactics::panel_edit::PanelEdit::SetRules(_))
        )
    }

    /// A short name for the undo menu, for the edit made to `before`.
    pub fn label(&self, before: &Scenario) -> String {
        match self {
            Edit::AddTile(t) => format!("add tile {}", t.tile),
            Edit::MoveTile { .. } => "move tile".into(),
            Edit::RotateTile { .. } | Edit::TurnTile { .. } => "rotate tile".into(),
            Edit::FlipTile { .. } => "flip tile".into(),
            Edit::RemoveTile { .. } => "remove tile".into(),
            Edit::ReplaceTile { placement, .. } => format!("use tile {}", placement.tile),
            Edit::AddToken(t) => format!("add {}", t.id),
            Edit::MoveToken { .. } => "move token".into(),
            Edit::RotateToken { .. } => "rotate token".into(),
            Edit::UpdateToken { token, .. } => format!("edit {}", token.id),
            Edit::RemoveToken { .. } => "remove token".into(),
            Edit::Batch { label, .. } => label.clone(),
            Edit::SetStats { figure, stats } => match stats {
                Some(_) => format!("set stats of {figure}"),
                None => format!("clear stats of {figure}"),
            },
            Edit::Panel(edit) => edit.label(before),
            Edit::ReloadFromDisk(_) => "reload from disk".into(),
        }
    }

    /// Applies the edit, or says why it cannot be made (the scenario is then untouched).
    fn apply(&self, scenario: &mut Scenario) -> Result<(), String> {
        let tiles = &mut scenario.map.tiles;
        let tile_at = |tiles: &[TilePlacement], index: usize| {
            tiles
                .get(index)
                .copied()
                .ok_or_else(|| format!("there is no tile number {} on the map", index + 1))
        };
        match self {
            Edit::AddTile(placement) => {
                // The inventory rule: each physical tile once, one face up.
                if let Some(existing) = tiles.iter().find(|t| t.tile == placement.tile) {
                    return Err(format!(
                        "tile {} is already on the map ({} side up); flip it to use its other side",
                        placement.tile,
                        existing.side.as_str()
                    ));
                }
                tiles.push(*placement);
            }
            Edit::MoveTile { index, at } => {
                tile_at(tiles, *index)?;
                tiles[*index].at = *at;
            }
            Edit::RotateTile { index, clockwise } => {
                let tile = tile_at(tiles, *index)?;
                tiles[*index].rotation =
                    crate::rulesets::sentinel_tactics::turning::turned_rotation(
                        tile.rotation,
                        *clockwise,
                    );
            }
            Edit::TurnTile {
                index,
                clockwise,
                refs,
            } => {
                let tile = tile_at(tiles, *index)?;
                tiles[*index].rotation =
                    crate::rulesets::sentinel_tactics::turning::turned_rotation(
                        tile.rotation,
                        *clockwise,
                    );
                let mut n = 0;
                let mut next = refs.iter().peekable();
                scenario.for_each_hex_ref_mut(&mut |reference| {
                    if let Some((_, new)) = next.next_if(|(at, _)| *at == n) {
                        *reference = *new;
                    }
                    n += 1;
                });
            }
            Edit::FlipTile { index } => {
                let tile = tile_at(tiles, *index)?;
                tiles[*index].side = other_side(tile.side);
            }
            Edit::ReplaceTile { index, placement } => {
                tile_at(tiles, *index)?;
                if tiles
                    .iter()
                    .enumerate()
                    .any(|(i, t)| i != *index && t.tile == placement.tile)
                {
                    return Err(format!("tile {} is already on the map", placement.tile));
                }
                tiles[*index] = *placement;
            }
            Edit::RemoveTile { index } => {
                tile_at(tiles, *index)?;
                tiles.remove(*index);
            }
            Edit::AddToken(token) => {
                if scenario.tokens.iter().any(|t| t.id == token.id) {
                    return Err(format!("a token called `{}` already exists", token.id));
                }
                scenario.tokens.push(token.clone());
            }
            Edit::MoveToken { index, at } | Edit::RotateToken { index, at } => {
                let token = scenario.tokens.get_mut(*index).ok_or("no such token")?;
                token.at = at.clone();
            }
            Edit::UpdateToken { index, token } => {
                if scenario
                    .tokens
                    .iter()
                    .enumerate()
                    .any(|(i, t)| i != *index && t.id == token.id)
                {
                    return Err(format!("a token called `{}` already exists", token.id));
                }
                let slot = scenario.tokens.get_mut(*index).ok_or("no such token")?;
                let old_id = std::mem::replace(slot, (**token).clone()).id;
                if old_id != token.id {
                    rename_token_references(scenario, &old_id, &token.id);
                }
            }
            Edit::RemoveToken { index } => {
                if *index >= scenario.tokens.len() {
                    return Err("no such token".into());
                }
                scenario.tokens.remove(*index);
            }
            Edit::SetStats { figure, stats } => match stats {
                Some(stats) => {
                    scenario.stats.insert(figure.clone(), (**stats).clone());
                }
                None => {
                    scenario.stats.remove(figure);
                }
            },
            Edit::Batch { edits, .. } => {
                for edit in edits {
                    edit.apply(scenario)?;
                }
            }
            Edit::Panel(edit) => edit.apply(scenario)?,
            Edit::ReloadFromDisk(new) => *scenario = (**new).clone(),
        }
        Ok(())
    }
}

/// Renames a token id wherever objectives name it (`targets`, `tokens`). The turn order,
/// deployment and reinforcements name teams and roster figures, never token ids.
fn rename_token_references(scenario: &mut Scenario, from: &str, to: &str) {
    for objective in &mut scenario.objectives {
        for id in objective
            .targets
            .iter_mut()
            .chain(objective.tokens.iter_mut())
        {
            if id == from {
                to.clone_into(id);
            }
        }
    }
}

/// The other face of a physical tile.
pub fn other_side(side: Side) -> Side {
    match side {
        Side::Megalopolis => Side::InsulaPrimalis,
        Side::InsulaPrimalis => Side::Megalopolis,
    }
}

/// The Sentinel Tactics scenario being edited, with its undo and redo history.
pub type Editing = crate::history::History<Scenario, Edit>;

crate::versioned! {
    Scenario,
    Patch {
        schema: Option<String>,
        format: u32,
        ruleset: megahex_schema::rulesets::sentinel_tactics::scenario::RulesetTag,
        title: Option<String>,
        description: Option<String>,
        catalog: Option<String>,
        rules: megahex_schema::rulesets::sentinel_tactics::Rules,
        map: megahex_schema::rulesets::sentinel_tactics::Map,
        teams: Vec<megahex_schema::Team>,
        tokens: Vec<Token>,
        objectives: Vec<megahex_schema::rulesets::sentinel_tactics::Objective>,
        turn_order: Vec<String>,
        deployment: Vec<megahex_schema::rulesets::sentinel_tactics::DeploymentZone>,
        reinforcements: Vec<megahex_schema::rulesets::sentinel_tactics::Reinforcement>,
        round_limit: Option<u32>,
        bonuses: Vec<megahex_schema::rulesets::sentinel_tactics::Bonus>,
        special_rules: Vec<String>,
        stats: megahex_schema::rulesets::sentinel_tactics::stats::StatsByFigure,
        playtest: Vec<megahex_schema::rulesets::sentinel_tactics::playtest::PlaytestTurn>,
        assertions: Vec<megahex_schema::rulesets::sentinel_tactics::assertions::Assertion>,
    }
}

impl crate::history::Change<Scenario> for Edit {
    fn apply_to(&self, scenario: &mut Scenario) -> Result<(), String> {
        self.apply(scenario)
    }

    fn label(&self, before: &Scenario) -> String {
        Edit::label(self, before)
    }

    fn continues_a_gesture(&self) -> bool {
        Edit::continues_a_gesture(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::sentinel_tactics::held::MapDocument;

    #[test]
    fn a_history_step_keeps_only_the_parts_its_edit_changed() {
        let scenario = crate::document::Document::sample()
            .scenario()
            .cloned()
            .unwrap();
        let mut editing = Editing::new(scenario.clone());
        editing
            .apply(Edit::MoveTile {
                index: 0,
                at: [9, 9],
            })
            .unwrap();
        let (patch, label) = editing.undo.last().unwrap();
        assert_eq!(label, "move tile");
        assert_eq!(
            *patch,
            Patch {
                map: Some(scenario.map.clone()),
                ..Patch::default()
            },
            "only the map, as it was"
        );
        editing.undo();
        assert_eq!(*editing.scenario(), scenario);
        editing.redo();
        assert_eq!(editing.scenario().map.tiles[0].at, [9, 9]);
    }
    use megahex_schema::HexRef;
    use megahex_schema::rulesets::sentinel_tactics::{Map, TokenKind};

    fn scenario() -> Scenario {
        Scenario {
            schema: None,
            format: 1,
            ruleset: Default::default(),
            title: Some("t".into()),
            description: None,
            catalog: None,
            rules: Default::default(),
            map: Map {
                tiles: vec![TilePlacement {
                    tile: 1,
                    side: Side::Megalopolis,
                    at: [0, 0],
                    rotation: 0,
                }],
                hexes: Vec::new(),
            },
            teams: vec![],
            tokens: vec![],
            objectives: vec![],
            turn_order: vec![],
            deployment: vec![],
            reinforcements: vec![],
            round_limit: None,
            bonuses: vec![],
            special_rules: vec![],
            stats: Default::default(),
            playtest: Vec::new(),
            assertions: Vec::new(),
        }
    }

    fn pylon(id: &str) -> Token {
        Token {
            id: id.into(),
            kind: TokenKind::Pylon,
            character: None,
            team: None,
            at: Footprint::One(HexRef::Axial([0, 0])),
            label: None,
            health: None,
            radius: None,
            hazard_attack: None,
            effect_tokens: None,
        }
    }

    #[test]
    fn edits_undo_and_redo_in_order() {
        let original = scenario();
        let mut editing = Editing::new(original.clone());
        assert!(!editing.is_dirty());
        editing
            .apply(Edit::AddTile(TilePlacement {
                tile: 2,
                side: Side::InsulaPrimalis,
                at: [5, -2],
                rotation: 0,
            }))
            .unwrap();
        editing
            .apply(Edit::RotateTile {
                index: 1,
                clockwise: true,
            })
            .unwrap();
        editing.apply(Edit::FlipTile { index: 1 }).unwrap();
        editing.apply(Edit::AddToken(pylon("p1"))).unwrap();
        assert!(editing.is_dirty());
        let tile = editing.scenario().map.tiles[1];
        assert_eq!((tile.rotation, tile.side), (1, Side::Megalopolis));
        let after = editing.scenario().clone();
        for _ in 0..4 {
            assert!(editing.undo().is_some());
        }
        assert_eq!(editing.scenario(), &original);
        assert!(!editing.is_dirty());
        assert_eq!(editing.undo(), None);
        for _ in 0..4 {
            assert!(editing.redo().is_some());
        }
        assert_eq!(editing.scenario(), &after);
    }

    #[test]
    fn a_panel_edit_is_named_after_what_it_changed() {
        use crate::rulesets::sentinel_tactics::panel_edit::PanelEdit;
        let before = scenario();
        let mut editing = Editing::new(before.clone());
        let mut panel = |edit: PanelEdit| editing.apply(Edit::Panel(edit));
        panel(PanelEdit::SetTitle(Some("Blades at dawn".into()))).unwrap();
        panel(PanelEdit::AddTeam(megahex_schema::Team {
            id: "heroes".into(),
            name: None,
            color: None,
        }))
        .unwrap();
        panel(PanelEdit::AddTurn("heroes".into())).unwrap();
        let last = before.teams.len();
        panel(PanelEdit::RenameTeam {
            index: last,
            to: "blades".into(),
        })
        .unwrap();
        panel(PanelEdit::SetRoundLimit(Some(6))).unwrap();
        panel(PanelEdit::SetRules(Box::new(
            megahex_schema::rulesets::sentinel_tactics::Rules {
                los_edges: megahex_schema::LosEdges::Permissive,
                ..before.rules.clone()
            },
        )))
        .unwrap();
        // A refused edit changes nothing and leaves no step.
        let refused = panel(PanelEdit::RenameTeam {
            index: last,
            to: "two words".into(),
        });
        assert!(refused.unwrap_err().contains("is not an id"));

        // Undo names each step, newest first, and the rename took the turn order with it.
        assert_eq!(
            editing.scenario().turn_order.last().map(String::as_str),
            Some("blades")
        );
        let mut names = Vec::new();
        while let Some(name) = editing.undo() {
            names.push(name);
        }
        let title = if before.title.is_some() {
            "edit title"
        } else {
            "add title"
        };
        assert_eq!(
            names,
            [
                "set los-edges to permissive",
                "set round limit to 6",
                "rename team heroes to blades",
                "add heroes to the turn order",
                "add team heroes",
                title,
            ]
        );
        assert_eq!(editing.scenario(), &before);
        assert_eq!(editing.redo_label(), Some(title));
    }

    #[test]
    fn dragging_a_rule_number_is_one_undo_step() {
        use crate::rulesets::sentinel_tactics::panel_edit::PanelEdit;
        let before = scenario();
        let mut editing = Editing::new(before.clone());
        let lava = |dice| {
            Edit::Panel(PanelEdit::SetRules(Box::new(
                megahex_schema::rulesets::sentinel_tactics::Rules {
                    lava_attack: Some(megahex_schema::rulesets::sentinel_tactics::HazardAttack {
                        dice,
                        auto_miss: Vec::new(),
                    }),
                    ..before.rules.clone()
                },
            )))
        };
        editing.apply(lava(1)).unwrap();
        assert_eq!(editing.undo_label(), Some("add lava-attack"));
        // A drag: every frame sets the number again.
        for dice in 2..=5 {
            editing.apply(lava(dice)).unwrap();
        }
        assert_eq!(editing.undo_label(), Some("edit lava-attack"));
        let lava_dice = |e: &Editing| e.scenario().rules.lava_attack.as_ref().map(|a| a.dice);
        assert_eq!(lava_dice(&editing), Some(5));
        // Two steps: adding it, and the drag.
        assert_eq!(editing.undo().as_deref(), Some("edit lava-attack"));
        assert_eq!(lava_dice(&editing), Some(1));
        assert_eq!(editing.undo().as_deref(), Some("add lava-attack"));
        assert_eq!(editing.scenario(), &before);
        assert_eq!(editing.undo(), None);
    }

    #[test]
    fn rotation_wraps_both_ways() {
        let mut editing = Editing::new(scenario());
        editing
            .apply(Edit::RotateTile {
                index: 0,
                clockwise: false,
            })
            .unwrap();
        assert_eq!(editing.scenario().map.tiles[0].rotation, 5);
        for _ in 0..7 {
            editing
                .apply(Edit::RotateTile {
                    index: 0,
                    clockwise: true,
                })
                .unwrap();
        }
        assert_eq!(editing.scenario().map.tiles[0].rotation, 0);
    }

    #[test]
    fn the_inventory_rule_and_unique_ids_are_enforced_without_changing_anything() {
        let mut editing = Editing::new(scenario());
        let err = editing
            .apply(Edit::AddTile(TilePlacement {
                tile: 1,
                side: Side::InsulaPrimalis,
                at: [5, -2],
                rotation: 0,
            }))
            .unwrap_err();
        assert!(err.contains("already on the map"));
        editing.apply(Edit::AddToken(pylon("p"))).unwrap();
        assert!(editing.apply(Edit::AddToken(pylon("p"))).is_err());
        assert_eq!(editing.scenario().tokens.len(), 1);
        assert_eq!(editing.undo_label(), Some("add p"));
        assert!(editing.apply(Edit::RemoveTile { index: 7 }).is_err());
    }

    #[test]
    fn a_new_edit_clears_the_redo_history() {
        let mut editing = Editing::new(scenario());
        editing.apply(Edit::AddToken(pylon("a"))).unwrap();
        editing.undo();
        assert_eq!(editing.redo_label(), Some("add a"));
        editing.apply(Edit::AddToken(pylon("b"))).unwrap();
        assert_eq!(editing.redo(), None);
    }

    #[test]
    fn saving_makes_the_document_clean_and_later_edits_dirty_again() {
        let mut editing = Editing::new(scenario());
        editing.apply(Edit::AddToken(pylon("a"))).unwrap();
        editing.mark_saved();
        assert!(!editing.is_dirty());
        editing.undo();
        assert!(
            editing.is_dirty(),
            "undoing past a save is an unsaved change"
        );
    }

    #[test]
    fn a_recovered_document_is_dirty_and_undoes_to_the_file() {
        let on_disk = scenario();
        let mut changed = scenario();
        changed.title = Some("changed".into());
        let mut editing = Editing::recovered(Some(on_disk.clone()), changed.clone());
        assert!(editing.is_dirty());
        assert_eq!(editing.scenario(), &changed);
        assert_eq!(editing.undo_label(), Some("restore unsaved changes"));
        editing.undo();
        assert_eq!(editing.scenario(), &on_disk);
        assert!(!editing.is_dirty());

        // A file that no longer parses: the recovered work is unsaved until it is written.
        let mut editing = Editing::recovered(None, changed);
        assert!(editing.is_dirty());
        assert_eq!(editing.undo_label(), None);
        editing.mark_saved();
        assert!(!editing.is_dirty());
    }

    #[test]
    fn the_revision_counts_real_changes_only() {
        let mut editing = Editing::new(scenario());
        editing
            .apply(Edit::MoveTile {
                index: 0,
                at: [0, 0],
            })
            .unwrap();
        assert_eq!(
            editing.revision(),
            0,
            "a move to the same place changes nothing"
        );
        editing.apply(Edit::FlipTile { index: 0 }).unwrap();
        editing.undo();
        editing.redo();
        assert_eq!(editing.revision(), 3);
        assert!(editing.apply(Edit::FlipTile { index: 9 }).is_err());
        assert_eq!(editing.revision(), 3);
    }
}
