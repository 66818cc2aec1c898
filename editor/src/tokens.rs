//! The token palette and the token inspector.
//!
//! The palette offers every figure of the catalog's roster and the game's markers. A pick is put
//! down by clicking the map ([`Tool::PlaceToken`]) with a fresh id, the first team for
//! characters and minions, and, for a multi-hex figure, a footprint that R / Shift+R turn
//! around its first hex (with the library's rotation). The inspector edits the selected token.
//!
//! Every change is an [`Edit`] applied through [`EditorApp::edit`], so it can be undone. Text
//! fields are applied when the field is left (Enter, Tab or a click elsewhere), not on every
//! key, so one typed value is one undo step.

use egui::RichText;
use megahex::board::{Axial, Board, BoardHex, neighbours, rot_cw};
use megahex_schema::{
    Catalog, Figure, FigureKind, Footprint, HexRef, Scenario, TileHex, TileHexMap, Token, TokenKind,
};

use crate::draw::Marks;
use crate::edit::Edit;
use crate::workbench::{Selection, StatusKind, Tool, Workbench};

/// The largest footprint the palette puts down: a whole tile. A custom catalog may name bigger
/// figures; their hexes are better written by hand than guessed.
pub const MAX_FOOTPRINT: usize = 19;

/// Which palette the left panel shows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Tab {
    /// The map tiles.
    #[default]
    Tiles,
    /// Figures and markers.
    Tokens,
}

/// A marker of the game, as the palette offers it and as it is written in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Marker {
    /// The palette's name for it.
    pub name: &'static str,
    /// The token kind written.
    pub kind: TokenKind,
    /// Start of its ids (`shard-1`, `shard-2`).
    pub stem: &'static str,
    /// The label a new one gets, if any.
    pub label: Option<&'static str>,
    /// The palette's tooltip.
    pub help: &'static str,
}

/// The markers of the palette: every non-figure token kind, and lava tokens (hazards labelled
/// "Lava", as scenario files write them).
pub const MARKERS: [Marker; 7] = [
    Marker {
        name: "Scenario token",
        kind: TokenKind::ScenarioToken,
        stem: "token",
        label: None,
        help: "A scenario token: a vial, a beacon, anything the scenario's objectives name",
    },
    Marker {
        name: "Pylon",
        kind: TokenKind::Pylon,
        stem: "pylon",
        label: None,
        help: "A pylon token; give it health in the inspector to make it a target that can be destroyed",
    },
    Marker {
        name: "Shard",
        kind: TokenKind::Shard,
        stem: "shard",
        label: None,
        help: "A shard token, for example one to collect",
    },
    Marker {
        name: "Effect marker",
        kind: TokenKind::EffectMarker,
        stem: "effect",
        label: None,
        help: "Where an effect is, such as an Impaling Structure or a Blazing Tornado",
    },
    Marker {
        name: "Hazard",
        kind: TokenKind::Hazard,
        stem: "hazard",
        label: None,
        help: "A hazard space; set its radius in the inspector (none means its own hex only)",
    },
    Marker {
        name: "Lava token",
        kind: TokenKind::Hazard,
        stem: "lava",
        label: Some("Lava"),
        help: "A lava token: a hazard labelled Lava",
    },
    Marker {
        name: "Monorail track",
        kind: TokenKind::MonorailTrack,
        stem: "track",
        label: None,
        help: "A piece of monorail track for the monorail train",
    },
];

/// What the palette hands out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    /// A figure of the roster, by its id.
    Figure(String),
    /// A marker.
    Marker(Marker),
}

/// The token being placed, and how it is turned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InHand {
    /// What is placed.
    pub piece: Piece,
    /// Sixths of a turn clockwise, 0..5; only multi-hex figures look different.
    pub rotation: u8,
}

/// An inspector text field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Field {
    /// `id`.
    Id,
    /// `label`.
    Label,
    /// `health`.
    Health,
    /// `radius`.
    Radius,
}

impl Field {
    fn name(self) -> &'static str {
        match self {
            Field::Id => "Id",
            Field::Label => "Label",
            Field::Health => "Health",
            Field::Radius => "Radius",
        }
    }

    fn help(self) -> &'static str {
        match self {
            Field::Id => {
                "Unique id, used by objectives and CLI queries: letters, digits, '-', '_' and '.'. Renaming it renames it in the objectives too."
            }
            Field::Label => "Label shown on the map; empty for none",
            Field::Health => {
                "Health, for a token that can be attacked (such as a destructible pylon); empty for none"
            }
            Field::Radius => {
                "Hazard radius in hexes, for hazard tokens; empty for none (its own hex only)"
            }
        }
    }

    fn value(self, token: &Token) -> String {
        let number = |n: Option<u32>| n.map(|n| n.to_string()).unwrap_or_default();
        match self {
            Field::Id => token.id.clone(),
            Field::Label => token.label.clone().unwrap_or_default(),
            Field::Health => number(token.health),
            Field::Radius => number(token.radius),
        }
    }
}

/// A text field being typed in. It is applied to the token it was opened for, when the field
/// is left, even if the selection changed meanwhile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draft {
    /// Position of the token in `tokens`.
    index: usize,
    /// The token's id when typing began; if it is not there any more, the draft is dropped.
    token_id: String,
    /// Which field.
    field: Field,
    /// The field's widget.
    widget: egui::Id,
    /// What has been typed.
    text: String,
}

/// State of the token palette and inspector.
#[derive(Debug, Clone, Default)]
pub struct TokenUi {
    /// Which palette the left panel shows.
    pub tab: Tab,
    /// What [`Tool::PlaceToken`] puts down.
    pub in_hand: Option<InHand>,
    /// The inspector field being typed in.
    pub draft: Option<Draft>,
}

/// Every token kind with the name the inspector shows; the match makes a new kind in the schema
/// a compile error here rather than a missing entry.
pub fn kind_name(kind: TokenKind) -> &'static str {
    match kind {
        TokenKind::Character => "Character",
        TokenKind::Minion => "Minion",
        TokenKind::ScenarioToken => "Scenario token",
        TokenKind::Pylon => "Pylon",
        TokenKind::Shard => "Shard",
        TokenKind::EffectMarker => "Effect marker",
        TokenKind::Hazard => "Hazard",
        TokenKind::MonorailTrack => "Monorail track",
        TokenKind::Environment => "Environment",
    }
}

/// The kinds in the inspector's list.
const KINDS: [TokenKind; 9] = [
    TokenKind::Character,
    TokenKind::Minion,
    TokenKind::Environment,
    TokenKind::ScenarioToken,
    TokenKind::Pylon,
    TokenKind::Shard,
    TokenKind::EffectMarker,
    TokenKind::Hazard,
    TokenKind::MonorailTrack,
];

/// How many hexes a figure covers: its catalog size, one when the catalog does not say.
pub fn figure_size(figure: &Figure) -> usize {
    usize::try_from(figure.hexes.unwrap_or(1).max(1)).unwrap_or(usize::MAX)
}

/// The hexes of a `size`-hex footprint relative to its first hex, turned `rotation` sixths
/// clockwise with the library's [`rot_cw`]. Unturned, the body grows from the first hex
/// downwards (south first, then clockwise around it), so a two-hex figure has its head on top
/// like a tile's arrow. Each hex touches an earlier one, so any size is contiguous.
pub fn footprint_offsets(size: usize, rotation: u8) -> Vec<Axial> {
    let mut shape: Vec<Axial> = vec![[0, 0]];
    let mut next = 0;
    while shape.len() < size {
        let Some(&from) = shape.get(next) else {
            break;
        };
        // The library's neighbours run N, NE, SE, S, SW, NW: start at S.
        for &hex in neighbours(from).iter().cycle().skip(3).take(6) {
            if shape.len() < size && !shape.contains(&hex) {
                shape.push(hex);
            }
        }
        next += 1;
    }
    shape
        .into_iter()
        .map(|h| rot_cw(h, u32::from(rotation % 6)))
        .collect()
}

fn plus(a: Axial, b: Axial) -> Axial {
    [a[0].saturating_add(b[0]), a[1].saturating_add(b[1])]
}

fn minus(a: Axial, b: Axial) -> Axial {
    [a[0].saturating_sub(b[0]), a[1].saturating_sub(b[1])]
}

/// How a new token names its hex: `T/I` (tile T, hex I), the way designers read the printed
/// tiles, unless that would name another hex (a tile placed twice); then `[q, r]`. `None` off
/// the map.
pub fn hex_ref_for(board: &Board, at: Axial) -> Option<HexRef> {
    let hex = board.get(at)?;
    let tile = HexRef::Tile(TileHex {
        tile: hex.tile,
        hex: hex.index,
    });
    Some(if board.resolve(&tile).ok() == Some(at) {
        tile
    } else {
        HexRef::Axial(at)
    })
}

/// `reference` rewritten to name `hex`, in the form it was written in, so the file still reads
/// the way the designer wrote it.
pub(crate) fn same_form(reference: &HexRef, hex: &BoardHex) -> HexRef {
    match reference {
        HexRef::Axial(_) => HexRef::Axial(hex.at),
        HexRef::Tile(_) => HexRef::Tile(TileHex {
            tile: hex.tile,
            hex: hex.index,
        }),
        HexRef::TileMap(_) => HexRef::TileMap(TileHexMap {
            tile: hex.tile,
            hex: hex.index,
        }),
    }
}

/// True when `id` matches [`megahex_schema::ID_PATTERN`]: letters, digits, `-`, `_` and `.`,
/// starting with a letter or digit.
pub fn is_valid_id(id: &str) -> bool {
    let mut chars = id.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphanumeric())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// `text` made into a valid id: other characters become `-`, leading punctuation goes, and
/// nothing left gives `token`. Catalog ids are not checked against the id pattern.
pub fn id_from(text: &str) -> String {
    let mapped: String = text
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '-'
            }
        })
        .collect();
    let trimmed = mapped.trim_start_matches(|c: char| !c.is_ascii_alphanumeric());
    if trimmed.is_empty() {
        "token".to_owned()
    } else {
        trimmed.to_owned()
    }
}

/// A token id not used yet: `stem` itself when `bare_first` and free (a character is usually
/// named by its roster id), else `stem-N` with the smallest free N, from 2 after a bare stem,
/// else from 1.
pub fn fresh_id(stem: &str, bare_first: bool, tokens: &[Token]) -> String {
    let taken = |id: &str| tokens.iter().any(|t| t.id == id);
    if bare_first && !taken(stem) {
        return stem.to_owned();
    }
    // At most `tokens.len()` numbers are taken, so this ends.
    let mut n: usize = if bare_first { 2 } else { 1 };
    loop {
        let id = format!("{stem}-{n}");
        if !taken(&id) {
            return id;
        }
        n = n.saturating_add(1);
    }
}

/// The stem of a figure's ids: a character's roster id (`legacy`); for minions and environment
/// figures the last word of it, as scenario files name them (`soldier-1` for
/// `blade-battalion-soldier`).
fn figure_stem(figure: &Figure) -> (String, bool) {
    match figure.kind {
        FigureKind::Character => (id_from(&figure.id), true),
        FigureKind::Minion | FigureKind::Environment => {
            let last = figure
                .id
                .rsplit('-')
                .find(|word| !word.is_empty())
                .unwrap_or(&figure.id);
            (id_from(last), false)
        }
    }
}

/// The footprint of a new token: `offsets` from `at`, each hex on the map.
fn place_footprint(
    board: &Board,
    at: Axial,
    offsets: &[Axial],
    name: &str,
) -> Result<Footprint, String> {
    let mut refs = Vec::with_capacity(offsets.len());
    for &offset in offsets {
        let hex = plus(at, offset);
        let Some(reference) = hex_ref_for(board, hex) else {
            return Err(if offset == [0, 0] {
                format!(
                    "Cannot place {name} off the map (q,r {},{})",
                    hex[0], hex[1]
                )
            } else {
                format!(
                    "Cannot place {name} there: its hex q,r {},{} would be off the map. Turn it with R or pick another hex",
                    hex[0], hex[1]
                )
            });
        };
        refs.push(reference);
    }
    Ok(match refs.as_slice() {
        [one] => Footprint::One(*one),
        _ => Footprint::Many(refs),
    })
}

/// The token `piece` makes with its first hex on `at`, turned `rotation` sixths, or why it
/// cannot go there. Characters and minions play for the scenario's first team; environment
/// figures and markers belong to no team.
pub fn new_token(
    piece: &Piece,
    rotation: u8,
    at: Axial,
    scenario: &Scenario,
    board: &Board,
    catalog: &Catalog,
) -> Result<Token, String> {
    match piece {
        Piece::Figure(id) => {
            let figure = catalog
                .figure(id)
                .ok_or_else(|| format!("`{id}` is no longer in the roster; pick another figure"))?;
            let size = figure_size(figure);
            if size > MAX_FOOTPRINT {
                return Err(format!(
                    "{} covers {size} hexes; the palette places figures of up to {MAX_FOOTPRINT}, so write its hexes in the file",
                    figure.name
                ));
            }
            let at = place_footprint(board, at, &footprint_offsets(size, rotation), &figure.name)?;
            let team = match figure.kind {
                FigureKind::Character | FigureKind::Minion => {
                    scenario.teams.first().map(|t| t.id.clone())
                }
                FigureKind::Environment => None,
            };
            let (stem, bare_first) = figure_stem(figure);
            Ok(Token {
                id: fresh_id(&stem, bare_first, &scenario.tokens),
                kind: figure.kind.token_kind(),
                character: Some(figure.id.clone()),
                team,
                at,
                label: None,
                health: None,
                radius: None,
                hazard_attack: None,
                effect_tokens: None,
            })
        }
        Piece::Marker(marker) => Ok(Token {
            id: fresh_id(marker.stem, false, &scenario.tokens),
            kind: marker.kind,
            character: None,
            team: None,
            at: place_footprint(board, at, &[[0, 0]], marker.name)?,
            label: marker.label.map(str::to_owned),
            health: None,
            radius: None,
            hazard_attack: None,
            effect_tokens: None,
        }),
    }
}

/// A placed token's hexes turned a sixth around its first hex, each written in the form it
/// had; the error names the hex that would leave the map.
pub fn turned_footprint(
    token: &Token,
    board: &Board,
    clockwise: bool,
) -> Result<Footprint, String> {
    let refs = token.at.hexes();
    let [first, _, ..] = refs else {
        return Err(format!(
            "{} stands on one hex: only multi-hex figures turn",
            token.id
        ));
    };
    let cannot = |e: String| format!("Cannot turn {}: {e}", token.id);
    let first = board.resolve(first).map_err(|e| cannot(e.to_string()))?;
    let turns = if clockwise { 1 } else { 5 };
    let mut turned = Vec::with_capacity(refs.len());
    for reference in refs {
        let at = board
            .resolve(reference)
            .map_err(|e| cannot(e.to_string()))?;
        let to = plus(first, rot_cw(minus(at, first), turns));
        let hex = board.get(to).ok_or_else(|| {
            cannot(format!(
                "a hex would land off the map (q,r {},{})",
                to[0], to[1]
            ))
        })?;
        turned.push(same_form(reference, hex));
    }
    Ok(Footprint::Many(turned))
}

/// A whole number, or nothing for an empty field.
fn parse_count(text: &str, what: &str, min: u32) -> Result<Option<u32>, String> {
    if text.is_empty() {
        return Ok(None);
    }
    match text.parse::<u32>() {
        Ok(n) if n >= min => Ok(Some(n)),
        Ok(_) => Err(format!(
            "{what} must be at least {min}; leave it empty for none"
        )),
        Err(_) => Err(format!(
            "{what} must be a whole number (`{text}` is not); leave it empty for none"
        )),
    }
}

fn footprint_text(at: &Footprint) -> String {
    at.hexes()
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

impl TokenUi {
    fn holding(&self, wb: &Workbench, piece: &Piece) -> bool {
        wb.tool == Tool::PlaceToken && self.in_hand.as_ref().is_some_and(|h| h.piece == *piece)
    }

    /// The token palette: the roster's figures by kind, then the markers.
    pub(crate) fn token_palette(&mut self, wb: &mut Workbench, ui: &mut egui::Ui) {
        ui.heading("Tokens");
        ui.label(
            RichText::new("Pick one, then click the map. Shift+click places another. Esc cancels.")
                .weak(),
        );
        ui.separator();
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

    fn piece_name_and_size(&self, wb: &Workbench, piece: &Piece) -> (String, usize) {
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
    pub(crate) fn pick_token(&mut self, wb: &mut Workbench, piece: Piece) {
        let (name, size) = self.piece_name_and_size(wb, &piece);
        self.in_hand = Some(InHand { piece, rotation: 0 });
        wb.tool = Tool::PlaceToken;
        wb.selection = None;
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
    pub(crate) fn placing_token_hint(&self, wb: &Workbench) -> String {
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
    pub(crate) fn turn_in_hand(&mut self, wb: &mut Workbench, clockwise: bool) {
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
            hand.rotation = if clockwise {
                (hand.rotation + 1) % 6
            } else {
                (hand.rotation + 5) % 6
            };
        }
    }

    /// R / Shift+R on a selected token: turns a multi-hex figure around its first hex.
    pub(crate) fn rotate_token(&mut self, wb: &mut Workbench, index: usize, clockwise: bool) {
        let (Some(scenario), Some(board)) = (wb.doc.scenario(), wb.doc.board.as_ref()) else {
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
    pub(crate) fn place_token(&mut self, wb: &mut Workbench, at: Axial, keep_placing: bool) {
        let Some(hand) = self.in_hand.clone() else {
            wb.tool = Tool::Select;
            wb.refuse("Pick a token in the Tokens palette first");
            return;
        };
        let (Some(scenario), Some(board)) = (wb.doc.scenario(), wb.doc.board.as_ref()) else {
            wb.tool = Tool::Select;
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
            Ok(token) => token,
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
            wb.selection = Some(Selection::Token(index));
            wb.picked = Some(at);
            if !keep_placing {
                wb.tool = Tool::Select;
            }
            wb.say(StatusKind::Done, done);
        } else {
            wb.tool = Tool::Select;
        }
    }

    /// The preview of the token in hand under the pointer: red where a hex is off the map.
    pub(crate) fn token_ghost(&self, wb: &Workbench, marks: &mut Marks) {
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
            .all(|&h| wb.doc.board.as_ref().is_some_and(|b| b.contains(h)));
    }

    // --- inspector -------------------------------------------------------------------------

    /// The inspector of the selected token, at the top of the right panel.
    pub(crate) fn token_inspector(&mut self, wb: &mut Workbench, ui: &mut egui::Ui) {
        // A field that lost the keyboard without being drawn again (the selection changed
        // first) is applied here.
        let left = self
            .draft
            .as_ref()
            .is_some_and(|d| !ui.memory(|m| m.has_focus(d.widget)));
        if left && let Some(draft) = self.draft.take() {
            self.commit_draft(wb, draft);
        }
        let Some(Selection::Token(index)) = wb.selection else {
            return;
        };
        let Some(scenario) = wb.doc.scenario() else {
            return;
        };
        let Some(token) = scenario.tokens.get(index).cloned() else {
            return;
        };
        let teams: Vec<(String, String)> = scenario
            .teams
            .iter()
            .map(|t| {
                let shown = match &t.name {
                    Some(name) if *name != t.id => format!("{} ({name})", t.id),
                    _ => t.id.clone(),
                };
                (t.id.clone(), shown)
            })
            .collect();
        let figures: Vec<Figure> = wb.doc.catalog.figures.clone();
        egui::CollapsingHeader::new(RichText::new(format!("Token {}", token.id)).heading())
            .id_salt("token-inspector")
            .default_open(true)
            .show(ui, |ui| {
                egui::Grid::new("token-inspector-grid")
                    .num_columns(2)
                    .spacing([8.0, 4.0])
                    .show(ui, |ui| {
                        self.text_row(wb, ui, index, &token, Field::Id);
                        self.kind_row(wb, ui, index, &token);
                        self.figure_row(wb, ui, index, &token, &figures);
                        self.team_row(wb, ui, index, &token, &teams);
                        self.text_row(wb, ui, index, &token, Field::Label);
                        self.text_row(wb, ui, index, &token, Field::Health);
                        self.text_row(wb, ui, index, &token, Field::Radius);
                        ui.label("Hexes").on_hover_text(
                            "Where it stands; drag it on the map to move it. The first hex is the one it turns around (a T-rex's head).",
                        );
                        ui.label(footprint_text(&token.at));
                        ui.end_row();
                    });
                ui.horizontal_wrapped(|ui| {
                    if token.at.hexes().len() > 1 {
                        if ui
                            .button("Turn counter-clockwise")
                            .on_hover_text("60° counter-clockwise around its first hex (Shift+R)")
                            .clicked()
                        {
                            self.rotate_token(wb, index, false);
                        }
                        if ui
                            .button("Turn clockwise")
                            .on_hover_text("60° clockwise around its first hex (R)")
                            .clicked()
                        {
                            self.rotate_token(wb, index, true);
                        }
                    }
                    if ui
                        .button("Remove token")
                        .on_hover_text("Take it off the map (Delete)")
                        .clicked()
                        && wb.edit(Edit::RemoveToken { index })
                    {
                        wb.selection = None;
                    }
                });
            });
        ui.separator();
    }

    /// A text field: shows the token's value until typed in, then the typed text, which is
    /// applied when the field is left.
    fn text_row(
        &mut self,
        wb: &mut Workbench,
        ui: &mut egui::Ui,
        index: usize,
        token: &Token,
        field: Field,
    ) {
        let label = ui.label(field.name()).on_hover_text(field.help());
        let widget = egui::Id::unique(("megahex-token-field", index, field));
        let mut text = match &self.draft {
            Some(draft) if draft.widget == widget => draft.text.clone(),
            _ => field.value(token),
        };
        let response = ui
            .add(
                egui::TextEdit::singleline(&mut text)
                    .id(widget)
                    .desired_width(160.0),
            )
            .labelled_by(label.id)
            .on_hover_text(field.help());
        if response.has_focus() {
            match &mut self.draft {
                Some(draft) if draft.widget == widget => draft.text = text,
                _ => {
                    if let Some(other) = self.draft.take() {
                        self.commit_draft(wb, other);
                    }
                    // The id as it is now: committing the other field may have renamed it.
                    let token_id = wb
                        .doc
                        .scenario()
                        .and_then(|s| s.tokens.get(index))
                        .map_or_else(|| token.id.clone(), |t| t.id.clone());
                    self.draft = Some(Draft {
                        index,
                        token_id,
                        field,
                        widget,
                        text,
                    });
                }
            }
        } else if response.lost_focus()
            && let Some(mut draft) = self.draft.take_if(|d| d.widget == widget)
        {
            draft.text = text;
            self.commit_draft(wb, draft);
        }
        ui.end_row();
    }

    fn kind_row(&mut self, wb: &mut Workbench, ui: &mut egui::Ui, index: usize, token: &Token) {
        let label = ui
            .label("Kind")
            .on_hover_text("What the token is; figures (character, minion, environment) occupy hexes and need a roster figure");
        let mut chosen = None;
        egui::ComboBox::from_id_salt(("token-kind", index))
            .selected_text(kind_name(token.kind))
            .show_ui(ui, |ui| {
                for kind in KINDS {
                    if ui
                        .selectable_label(kind == token.kind, kind_name(kind))
                        .clicked()
                    {
                        chosen = Some(kind);
                    }
                }
            })
            .response
            .labelled_by(label.id);
        ui.end_row();
        if let Some(kind) = chosen {
            self.update_token(wb, index, |t| t.kind = kind);
        }
    }

    fn figure_row(
        &mut self,
        wb: &mut Workbench,
        ui: &mut egui::Ui,
        index: usize,
        token: &Token,
        figures: &[Figure],
    ) {
        let label = ui
            .label("Figure")
            .on_hover_text("Roster figure (`character:`) for characters, minions and environment figures. Changing it keeps the hexes: the Problems list says if they no longer fit.");
        let shown = match &token.character {
            None => "(none)".to_owned(),
            Some(id) => figures
                .iter()
                .find(|f| f.id == *id)
                .map_or_else(|| format!("{id} (not in the roster)"), |f| f.name.clone()),
        };
        let mut chosen: Option<Option<&Figure>> = None;
        egui::ComboBox::from_id_salt(("token-figure", index))
            .selected_text(shown)
            .show_ui(ui, |ui| {
                if ui
                    .selectable_label(token.character.is_none(), "(none)")
                    .clicked()
                {
                    chosen = Some(None);
                }
                for figure in figures {
                    let current = token.character.as_deref() == Some(figure.id.as_str());
                    if ui
                        .selectable_label(current, &figure.name)
                        .on_hover_text(format!("`{}`", figure.id))
                        .clicked()
                    {
                        chosen = Some(Some(figure));
                    }
                }
            })
            .response
            .labelled_by(label.id);
        ui.end_row();
        if let Some(choice) = chosen {
            let figure = choice.map(|f| (f.id.clone(), f.kind.token_kind()));
            self.update_token(wb, index, |t| match figure {
                None => t.character = None,
                Some((id, kind)) => {
                    t.character = Some(id);
                    // A figure's kind follows the roster (the checker warns otherwise).
                    if t.kind.is_figure() {
                        t.kind = kind;
                    }
                }
            });
        }
    }

    fn team_row(
        &mut self,
        wb: &mut Workbench,
        ui: &mut egui::Ui,
        index: usize,
        token: &Token,
        teams: &[(String, String)],
    ) {
        let label = ui
            .label("Team")
            .on_hover_text("The side the token plays for; teams are defined in the scenario");
        let shown = match &token.team {
            None => "(none)".to_owned(),
            Some(id) => teams.iter().find(|(team, _)| team == id).map_or_else(
                || format!("{id} (not in teams)"),
                |(_, shown)| shown.clone(),
            ),
        };
        let mut chosen: Option<Option<String>> = None;
        egui::ComboBox::from_id_salt(("token-team", index))
            .selected_text(shown)
            .show_ui(ui, |ui| {
                if ui
                    .selectable_label(token.team.is_none(), "(none)")
                    .clicked()
                {
                    chosen = Some(None);
                }
                for (id, shown) in teams {
                    if ui
                        .selectable_label(token.team.as_ref() == Some(id), shown)
                        .clicked()
                    {
                        chosen = Some(Some(id.clone()));
                    }
                }
            })
            .response
            .labelled_by(label.id);
        ui.end_row();
        if let Some(team) = chosen {
            self.update_token(wb, index, |t| t.team = team);
        }
    }

    /// Applies a change to the token at `index` as one [`Edit::UpdateToken`]; nothing when it
    /// changes nothing.
    fn update_token(
        &mut self,
        wb: &mut Workbench,
        index: usize,
        change: impl FnOnce(&mut Token),
    ) -> bool {
        let Some(token) = wb.doc.scenario().and_then(|s| s.tokens.get(index)) else {
            return false;
        };
        let mut next = token.clone();
        change(&mut next);
        if next == *token {
            return false;
        }
        wb.edit(Edit::UpdateToken {
            index,
            token: Box::new(next),
        })
    }

    /// Applies what was typed in an inspector field. Bad values are refused in the status line
    /// and the field shows the token's value again.
    pub(crate) fn commit_draft(&mut self, wb: &mut Workbench, draft: Draft) {
        let Some(scenario) = wb.doc.scenario() else {
            return;
        };
        let Some(token) = scenario.tokens.get(draft.index).cloned() else {
            return;
        };
        if token.id != draft.token_id {
            wb.refuse(&format!(
                "Not applied: token `{}` changed while you were typing",
                draft.token_id
            ));
            return;
        }
        let text = draft.text.trim();
        let parsed = match draft.field {
            Field::Id if text == token.id => return,
            Field::Id if text.is_empty() => Err("A token needs an id".to_owned()),
            Field::Id if !is_valid_id(text) => Err(format!(
                "`{text}` is not a valid id: use letters, digits, '-', '_' and '.', starting with a letter or digit"
            )),
            Field::Id => Ok(Token {
                id: text.to_owned(),
                ..token.clone()
            }),
            Field::Label => Ok(Token {
                label: (!text.is_empty()).then(|| text.to_owned()),
                ..token.clone()
            }),
            Field::Health => parse_count(text, "Health", 1).map(|health| Token {
                health,
                ..token.clone()
            }),
            Field::Radius => parse_count(text, "Radius", 0).map(|radius| Token {
                radius,
                ..token.clone()
            }),
        };
        let next = match parsed {
            Ok(next) => next,
            Err(reason) => {
                wb.refuse(&format!("{reason}; `{}` is unchanged", token.id));
                return;
            }
        };
        if next == token {
            return;
        }
        let references = scenario
            .objectives
            .iter()
            .flat_map(|o| o.targets.iter().chain(&o.tokens))
            .filter(|id| **id == token.id)
            .count();
        let renamed = next.id != token.id;
        let new_id = next.id.clone();
        let applied = wb.edit(Edit::UpdateToken {
            index: draft.index,
            token: Box::new(next),
        });
        if applied && renamed {
            let also = match references {
                0 => String::new(),
                1 => "; the objective naming it follows".to_owned(),
                n => format!("; the {n} objective references to it follow"),
            };
            wb.say(
                StatusKind::Done,
                format!("Renamed `{}` to `{new_id}`{also}", token.id),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::EditorApp;
    use crate::canvas::Drag;
    use crate::document::Document;
    use egui::{Key, Modifiers};
    use megahex::board::distance;
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
        app.token_ui.commit_draft(
            &mut app.wb,
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
        app.token_ui.pick_token(&mut app.wb, figure("omnitron-v"));
        assert_eq!(app.wb.tool, Tool::PlaceToken);
        app.shortcut(Key::R, Modifiers::NONE);
        assert_eq!(app.token_ui.in_hand.as_ref().unwrap().rotation, 1);

        // Turned once, the body is SW then NW of the first hex: from [-1, -1] the NW hex
        // [-2, -1] is off the map, so nothing is placed and the figure stays in hand.
        app.token_ui.place_token(&mut app.wb, [-1, -1], false);
        assert_eq!(app.wb.status.as_ref().unwrap().kind, StatusKind::Refused);
        assert!(app.wb.status.as_ref().unwrap().text.contains("q,r -2,-1"));
        assert_eq!(tokens(&app).len(), 3);
        assert_eq!(app.wb.tool, Tool::PlaceToken);

        // From [2, -2]: [1, -1] and [1, -2], all on M1.
        app.token_ui.place_token(&mut app.wb, [2, -2], false);
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
        assert_eq!(app.wb.selection, Some(Selection::Token(3)));
        assert_eq!(app.wb.tool, Tool::Select);
        assert_eq!(app.wb.doc.tokens[3].hexes, vec![[2, -2], [1, -1], [1, -2]]);

        // Shift+R on the selected figure turns it back: S then SW of [2, -2].
        app.shortcut(Key::R, Modifiers::SHIFT);
        assert_eq!(
            tokens(&app)[3].at,
            Footprint::Many(vec![t(1, 6), t(1, 11), t(1, 8)])
        );
        assert_eq!(
            app.wb.doc.editing.as_ref().unwrap().undo_label(),
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
        assert_eq!(
            app.wb.doc.problems,
            Vec::new(),
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
        assert_eq!(app.wb.selection, None);
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
        app.token_ui.pick_token(&mut app.wb, marker("Lava token"));
        app.token_ui.place_token(&mut app.wb, [-1, -1], false);
        app.token_ui.pick_token(&mut app.wb, marker("Shard"));
        // Shift+click keeps the shard in hand for the next one.
        app.token_ui.place_token(&mut app.wb, [-2, 0], true);
        assert_eq!(app.wb.tool, Tool::PlaceToken);
        app.token_ui.place_token(&mut app.wb, [1, 0], false);
        assert_eq!(app.wb.tool, Tool::Select);
        app.token_ui.pick_token(&mut app.wb, figure("velociraptor"));
        app.token_ui.place_token(&mut app.wb, [0, -1], false);
        app.token_ui
            .pick_token(&mut app.wb, figure("blade-battalion-soldier"));
        app.token_ui.place_token(&mut app.wb, [1, -1], false);
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
        app.canvas.select_at(&mut app.wb, [-2, 0]);
        assert_eq!(app.wb.selection, Some(Selection::Token(4)));
        let before = app.wb.doc.scenario().unwrap().clone();
        app.shortcut(Key::R, Modifiers::NONE);
        assert_eq!(app.wb.status.as_ref().unwrap().kind, StatusKind::Refused);
        assert_eq!(app.wb.doc.scenario().unwrap(), &before);
        app.settle_checks();
        assert_eq!(app.wb.doc.problems, Vec::new());
        // Off the map: refused, nothing added.
        app.token_ui.pick_token(&mut app.wb, marker("Pylon"));
        app.token_ui.place_token(&mut app.wb, [-30, 0], false);
        assert_eq!(tokens(&app).len(), 8);
        assert!(app.wb.status.as_ref().unwrap().text.contains("off the map"));
    }

    #[test]
    fn placed_tokens_drag_and_delete_like_the_others() {
        let (mut app, _) = sample_app("drag");
        app.token_ui.pick_token(&mut app.wb, figure("omnitron-v"));
        app.token_ui.place_token(&mut app.wb, [2, -2], false);
        // Unturned from [2, -2]: [2, -1] and [1, -1]. One hex down: [2, -1], [2, 0], [1, 0],
        // which are 1/11, 1/16 and 1/13.
        assert_eq!(app.wb.doc.tokens[3].hexes, vec![[2, -2], [2, -1], [1, -1]]);
        app.canvas.finish_drag_for_test(
            &mut app.wb,
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
        assert_eq!(app.wb.selection, None);
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
            (Field::Health, "0", "at least 1"),
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
        let revision = app.wb.doc.editing.as_ref().unwrap().revision();
        type_into(&mut app, 2, Field::Label, "Vial of Sun");
        assert_eq!(app.wb.doc.editing.as_ref().unwrap().revision(), revision);
        // Four typed values, four undo steps.
        for _ in 0..4 {
            app.shortcut(Key::Z, Modifiers::COMMAND);
        }
        assert_eq!(app.wb.doc.scenario().unwrap(), &before);
    }
}
