//! Property: whatever sequence of edits a designer makes on the sample, undoing all of them
//! gives back exactly the document that was opened: the same scenario, the same saved YAML text,
//! the same board and tokens; redoing them all gives back the edited document. Refused edits,
//! and edits that change nothing, leave the document as it was.

use crate::rulesets::sentinel_tactics::held::MapDocument;
use std::sync::OnceLock;

use megahex_schema::rulesets::sentinel_tactics::{
    ObjectiveKind, Scenario, Side, TilePlacement, Token, TokenKind,
};
use megahex_schema::{Footprint, HexRef, LosEdges, Team, TileHex, TileHexMap};
use proptest::prelude::*;

use crate::document::Document;
use crate::rulesets::sentinel_tactics::edit::Edit;
use crate::rulesets::sentinel_tactics::paint::PaintTarget;
use crate::rulesets::sentinel_tactics::panel_edit::{IdList, PanelEdit};
use crate::storage;

/// A change to the whole scenario, as another program saving the file makes one.
#[derive(Debug, Clone)]
enum Tweak {
    Title(Option<String>),
    RoundLimit(Option<u32>),
    ToggleEdges,
    AddTeam(String),
    DropLastTeam,
    DropObjectives,
    SwapTurnOrder,
    SpecialRule(String),
}

impl Tweak {
    fn apply(&self, scenario: &mut Scenario) {
        match self {
            Tweak::Title(title) => scenario.title.clone_from(title),
            Tweak::RoundLimit(limit) => scenario.round_limit = *limit,
            Tweak::ToggleEdges => {
                scenario.rules.los_edges = match scenario.rules.los_edges {
                    LosEdges::Permissive => LosEdges::Strict,
                    LosEdges::Strict => LosEdges::Permissive,
                }
            }
            Tweak::AddTeam(id) => scenario.teams.push(Team {
                id: id.clone(),
                name: Some(format!("Team {id}")),
                color: None,
            }),
            Tweak::DropLastTeam => {
                scenario.teams.pop();
            }
            Tweak::DropObjectives => scenario.objectives.clear(),
            Tweak::SwapTurnOrder => scenario.turn_order.reverse(),
            Tweak::SpecialRule(text) => scenario.special_rules.push(text.clone()),
        }
    }
}

/// One step of a session: an edit (some built from the current scenario), or undo / redo.
#[derive(Debug, Clone)]
enum Step {
    Edit(Edit),
    ReloadFromDisk(Tweak),
    Undo,
    Redo,
}

fn sample() -> Document {
    static SAMPLE: OnceLock<Document> = OnceLock::new();
    SAMPLE.get_or_init(Document::sample).clone()
}

fn side() -> impl Strategy<Value = Side> {
    prop_oneof![Just(Side::Megalopolis), Just(Side::InsulaPrimalis)]
}

fn axial() -> impl Strategy<Value = [i32; 2]> {
    [-8i32..=8, -8i32..=8]
}

fn hex_ref() -> impl Strategy<Value = HexRef> {
    prop_oneof![
        3 => axial().prop_map(HexRef::Axial),
        1 => (1u32..=9, 1u32..=20).prop_map(|(tile, hex)| HexRef::Tile(TileHex { tile, hex })),
        1 => (1u32..=9, 1u32..=20).prop_map(|(tile, hex)| HexRef::TileMap(TileHexMap { tile, hex })),
    ]
}

fn footprint() -> impl Strategy<Value = Footprint> {
    prop_oneof![
        3 => hex_ref().prop_map(Footprint::One),
        1 => prop::collection::vec(hex_ref(), 1..=3).prop_map(Footprint::Many),
    ]
}

/// Ids from a small pool that includes the sample's own, so clashes and renames of tokens the
/// objectives name come up often.
fn token_id() -> impl Strategy<Value = String> {
    prop::sample::select(vec!["legacy", "omni", "vial-1", "t1", "t2", "pylon-a"])
        .prop_map(str::to_owned)
}

fn token() -> impl Strategy<Value = Token> {
    (
        token_id(),
        prop::sample::select(vec![
            TokenKind::Character,
            TokenKind::Minion,
            TokenKind::Pylon,
            TokenKind::Hazard,
            TokenKind::ScenarioToken,
            TokenKind::Environment,
        ]),
        prop::option::of(prop::sample::select(vec!["legacy", "omnitron-v", "nobody"])),
        prop::option::of(prop::sample::select(vec!["heroes", "villains", "nobody"])),
        footprint(),
        prop::option::of("[a-z :#'\"]{0,8}"),
        prop::option::of(0u32..=9),
        prop::option::of(0u32..=3),
    )
        .prop_map(
            |(id, kind, character, team, at, label, health, radius)| Token {
                id,
                kind,
                character: character.map(str::to_owned),
                team: team.map(str::to_owned),
                at,
                label,
                health,
                radius,
                hazard_attack: None,
                effect_tokens: None,
            },
        )
}

/// The scenario panels' edits, with positions a little past the sample's lists and ids that
/// clash, so some are refused.
fn panel_edit() -> impl Strategy<Value = PanelEdit> {
    let index = || 0usize..4;
    let team_id = || {
        prop::sample::select(vec!["heroes", "villains", "rebels", "two words"])
            .prop_map(str::to_owned)
    };
    prop_oneof![
        prop::option::of("[A-Za-z0-9 :#'\"-]{0,12}").prop_map(PanelEdit::SetTitle),
        prop::option::of("[a-z ]{0,12}").prop_map(PanelEdit::SetDescription),
        prop::option::of(1u32..=12).prop_map(PanelEdit::SetRoundLimit),
        team_id().prop_map(|id| PanelEdit::AddTeam(Team {
            id,
            name: None,
            color: None
        })),
        (index(), team_id()).prop_map(|(index, to)| PanelEdit::RenameTeam { index, to }),
        (index(), prop::option::of("[A-Z][a-z]{0,6}"))
            .prop_map(|(index, name)| PanelEdit::SetTeamName { index, name }),
        (index(), prop::option::of(Just("#3c8cff".to_owned())))
            .prop_map(|(index, colour)| PanelEdit::SetTeamColour { index, colour }),
        index().prop_map(|index| PanelEdit::RemoveTeam { index }),
        team_id().prop_map(PanelEdit::AddTurn),
        index().prop_map(|index| PanelEdit::SwapTurnWithNext { index }),
        index().prop_map(|index| PanelEdit::RemoveTurn { index }),
        index().prop_map(|index| PanelEdit::RemoveObjective { index }),
        (
            index(),
            prop::sample::select(vec![
                ObjectiveKind::Incapacitate,
                ObjectiveKind::Collect,
                ObjectiveKind::Hold,
                ObjectiveKind::Survive,
            ])
        )
            .prop_map(|(index, kind)| PanelEdit::SetObjectiveKind { index, kind }),
        (index(), token_id()).prop_map(|(index, id)| PanelEdit::AddObjectiveToken {
            index,
            list: IdList::Targets,
            id,
        }),
        (index(), index()).prop_map(|(index, at)| PanelEdit::RemoveObjectiveToken {
            index,
            list: IdList::Tokens,
            at,
        }),
        (index(), prop::option::of(1u32..=5))
            .prop_map(|(index, count)| PanelEdit::SetObjectiveCount { index, count }),
        (
            index(),
            any::<bool>(),
            prop::collection::vec(hex_ref(), 0..3)
        )
            .prop_map(|(index, erase, hexes)| PanelEdit::Paint {
                target: if index % 2 == 0 {
                    PaintTarget::Zone(index / 2)
                } else {
                    PaintTarget::Objective(index / 2)
                },
                erase,
                hexes,
            }),
        team_id().prop_map(|team| PanelEdit::ClearZone { team }),
        any::<bool>().prop_map(|permissive| {
            PanelEdit::SetRules(Box::new(
                megahex_schema::rulesets::sentinel_tactics::Rules {
                    los_edges: if permissive {
                        LosEdges::Permissive
                    } else {
                        LosEdges::Strict
                    },
                    ..megahex_schema::rulesets::sentinel_tactics::Rules::default()
                },
            ))
        }),
    ]
}

fn tweak() -> impl Strategy<Value = Tweak> {
    prop_oneof![
        prop::option::of("[A-Za-z0-9 :#'\"-]{0,12}").prop_map(Tweak::Title),
        prop::option::of(0u32..=12).prop_map(Tweak::RoundLimit),
        Just(Tweak::ToggleEdges),
        prop::sample::select(vec!["heroes", "villains", "environment"])
            .prop_map(|id| Tweak::AddTeam(id.to_owned())),
        Just(Tweak::DropLastTeam),
        Just(Tweak::DropObjectives),
        Just(Tweak::SwapTurnOrder),
        "[a-z ]{0,10}".prop_map(Tweak::SpecialRule),
    ]
}

/// Indices run a little past the sample's four tiles and three tokens, so some edits are
/// refused for naming nothing.
fn step() -> impl Strategy<Value = Step> {
    let index = || 0usize..7;
    prop_oneof![
        2 => (1u32..=9, side(), axial(), 0u8..6).prop_map(|(tile, side, at, rotation)| {
            Step::Edit(Edit::AddTile(TilePlacement { tile, side, at, rotation }))
        }),
        2 => (index(), axial()).prop_map(|(index, at)| Step::Edit(Edit::MoveTile { index, at })),
        2 => (index(), any::<bool>())
            .prop_map(|(index, clockwise)| Step::Edit(Edit::RotateTile { index, clockwise })),
        1 => index().prop_map(|index| Step::Edit(Edit::FlipTile { index })),
        1 => index().prop_map(|index| Step::Edit(Edit::RemoveTile { index })),
        2 => token().prop_map(|t| Step::Edit(Edit::AddToken(t))),
        2 => (index(), footprint()).prop_map(|(index, at)| Step::Edit(Edit::MoveToken { index, at })),
        1 => (index(), footprint())
            .prop_map(|(index, at)| Step::Edit(Edit::RotateToken { index, at })),
        2 => (index(), token()).prop_map(|(index, token)| {
            Step::Edit(Edit::UpdateToken { index, token: Box::new(token) })
        }),
        1 => index().prop_map(|index| Step::Edit(Edit::RemoveToken { index })),
        4 => panel_edit().prop_map(|edit| Step::Edit(Edit::Panel(edit))),
        1 => tweak().prop_map(Step::ReloadFromDisk),
        1 => Just(Step::Undo),
        1 => Just(Step::Redo),
    ]
}

/// Everything about the document that an edit may change and undo must restore.
#[derive(Debug, PartialEq)]
struct Snapshot {
    scenario: Scenario,
    yaml: String,
    board: Vec<megahex::board::BoardHex>,
    tokens: Vec<crate::document::PlacedToken>,
    dirty: bool,
}

fn snapshot(doc: &Document) -> Snapshot {
    let scenario = doc.scenario().cloned().expect("the sample is a scenario");
    let yaml = storage::to_yaml(&scenario, doc.modeline.as_deref()).expect("the scenario writes");
    Snapshot {
        yaml,
        scenario,
        board: doc.board().map(|b| b.hexes().to_vec()).unwrap_or_default(),
        tokens: doc.tokens().to_vec(),
        dirty: doc.is_dirty(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn undoing_every_edit_restores_the_exact_document(steps in prop::collection::vec(step(), 1..40)) {
        let mut doc = sample();
        let original = snapshot(&doc);
        prop_assert!(!original.dirty);
        for step in &steps {
            let before = snapshot(&doc);
            let edit = match step {
                Step::Undo => {
                    doc.undo();
                    continue;
                }
                Step::Redo => {
                    doc.redo();
                    continue;
                }
                Step::Edit(edit) => edit.clone(),
                Step::ReloadFromDisk(tweak) => {
                    let mut next = doc.scenario().cloned().expect("the sample is a scenario");
                    tweak.apply(&mut next);
                    Edit::ReloadFromDisk(Box::new(next))
                }
            };
            match doc.apply(edit.clone()) {
                Ok(true) => prop_assert_ne!(&before.scenario, &snapshot(&doc).scenario, "{:?}", edit),
                // Refused, or nothing to change: the document is as it was.
                Ok(false) | Err(_) => prop_assert_eq!(&before, &snapshot(&doc), "{:?}", edit),
            }
        }
        let edited = snapshot(&doc);
        let mut undone = 0;
        while doc.undo().is_some() {
            undone += 1;
            prop_assert!(undone <= steps.len(), "more undo steps than edits");
        }
        prop_assert_eq!(&snapshot(&doc), &original);
        for _ in 0..undone {
            prop_assert!(doc.redo().is_some());
        }
        prop_assert_eq!(&snapshot(&doc), &edited);
    }
}
