//! Copy, cut, paste and duplicate: the selected tiles and tokens as YAML text on the system
//! clipboard, so they paste into the same file, into another editor window, or into a text
//! editor as scenario lines.
//!
//! A clip names every token hex as `[q, r]`, so it means the same thing wherever it is pasted;
//! pasted tokens are written as `T/I` where the hex is on a tile, as new tokens are.

use super::bench::{MapBench, Selection};
use crate::rulesets::sentinel_tactics::held::MapDocument;
use megahex::board::{Axial, Board, DIRECTIONS};
use megahex_schema::rulesets::sentinel_tactics::{TilePlacement, Token};
use megahex_schema::{Footprint, HexRef};
use serde::{Deserialize, Serialize};

use crate::rulesets::sentinel_tactics::edit::Edit;
use crate::rulesets::sentinel_tactics::group::{describe, selected};
use crate::rulesets::sentinel_tactics::token_rules::{fresh_id, hex_ref_for, plus};
use crate::workbench::StatusKind;

/// What a copy puts on the clipboard.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Clip {
    /// Marks the text as a Megahex clip (format 1).
    #[serde(rename = "megahex-clip")]
    pub version: u32,
    /// Placed tiles, as in `map.tiles`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tiles: Vec<TilePlacement>,
    /// Tokens, each hex as `[q, r]`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tokens: Vec<Token>,
}

/// The selection as clip text, or `None` when nothing is selected.
pub fn copy_text(wb: &MapBench<'_>) -> Option<String> {
    let clip = clip_of(wb)?;
    let body = serde_yaml::to_string(&clip).ok()?;
    Some(format!(
        "# Megahex: {} copied from {}\n{body}",
        describe(clip.tiles.len(), clip.tokens.len()),
        wb.doc.name
    ))
}

fn clip_of(wb: &MapBench<'_>) -> Option<Clip> {
    let (scenario, board) = (wb.doc.scenario()?, wb.doc.board()?);
    let mut clip = Clip {
        version: 1,
        ..Clip::default()
    };
    for piece in selected(wb) {
        match piece {
            Selection::Tile(i) => clip.tiles.extend(scenario.map.tiles.get(i).copied()),
            Selection::Token(i) => {
                let Some(token) = scenario.tokens.get(i) else {
                    continue;
                };
                let hexes: Option<Vec<HexRef>> = token
                    .at
                    .hexes()
                    .iter()
                    .map(|r| board.resolve(r).ok().map(HexRef::Axial))
                    .collect();
                let at = match (&token.at, hexes?.as_slice()) {
                    (Footprint::One(_), [one]) => Footprint::One(*one),
                    (_, many) => Footprint::Many(many.to_vec()),
                };
                clip.tokens.push(Token {
                    at,
                    ..token.clone()
                });
            }
        }
    }
    (!clip.tiles.is_empty() || !clip.tokens.is_empty()).then_some(clip)
}

/// What a paste will do: the edit, the pieces it adds (to select them) and what it left out.
#[derive(Debug)]
pub struct Pasting {
    /// One edit adding every pasted piece.
    pub edit: Edit,
    /// The new pieces, by the positions they will have.
    pub pieces: Vec<Selection>,
    /// Pieces that could not be pasted, and why.
    pub left_out: Vec<String>,
}

/// Reads clip text; the error says what the clipboard held instead.
pub fn read_clip(text: &str) -> Result<Clip, String> {
    let clip: Clip = serde_yaml::from_str(text).map_err(|e| {
        if !text.contains("megahex-clip") {
            let start: String = text.trim().chars().take(40).collect();
            return format!(
                "The clipboard holds text, not Megahex tiles or tokens (it starts \"{start}\"); select some on a map and copy them with Ctrl+C"
            );
        }
        // A clip that was changed by hand: say where, in words rather than the parser's.
        let line = e.location().map_or(String::new(), |l| format!(" at line {}", l.line()));
        format!(
            "The Megahex tiles and tokens on the clipboard cannot be read{line}: they were changed since they were copied; copy them again with Ctrl+C"
        )
    })?;
    if clip.version != 1 {
        return Err(format!(
            "The clipboard holds a format {} clip; this editor reads format 1",
            clip.version
        ));
    }
    Ok(clip)
}

/// Pastes `clip` with its first piece on `at`, or, with no `at`, where it was copied from when
/// that is free, else beside it (a duplicate).
pub fn paste(wb: &MapBench<'_>, clip: &Clip, at: Option<Axial>) -> Result<Pasting, String> {
    let origin = clip_origin(clip).ok_or("the clip is empty")?;
    let offsets: Vec<Axial> = match at {
        Some(target) => vec![[
            target[0].saturating_sub(origin[0]),
            target[1].saturating_sub(origin[1]),
        ]],
        None => nudges(),
    };
    // The first place where every token lands; failing that, the first place tried, with
    // what does not land there left out.
    let mut first = None;
    for by in offsets {
        let attempt = attempt(wb, clip, by)?;
        if attempt.landed.iter().all(Option::is_some) {
            return Ok(attempt.into_pasting(wb, clip));
        }
        first.get_or_insert(attempt);
    }
    first
        .map(|a| a.into_pasting(wb, clip))
        .ok_or_else(|| "there is nowhere to paste".to_owned())
}

/// The clip shifted by one offset: the tiles that can be added, the board they make, where
/// each token would stand, and what was left out.
struct Attempt {
    new_tiles: Vec<TilePlacement>,
    board: Board,
    landed: Vec<Option<Vec<Axial>>>,
    left_out: Vec<String>,
}

impl Attempt {
    fn into_pasting(self, wb: &MapBench<'_>, clip: &Clip) -> Pasting {
        pasting(
            wb,
            self.new_tiles,
            clip,
            self.landed,
            &self.board,
            self.left_out,
        )
    }
}

fn attempt(wb: &MapBench<'_>, clip: &Clip, by: Axial) -> Result<Attempt, String> {
    let scenario = wb
        .doc
        .scenario()
        .ok_or("there is no scenario to paste into")?;
    let mut tiles = scenario.map.tiles.clone();
    let mut new_tiles = Vec::new();
    let mut left_out = Vec::new();
    for tile in &clip.tiles {
        if let Some(on_map) = tiles.iter().find(|t| t.tile == tile.tile) {
            left_out.push(format!(
                "tile {} (already on the map, {} side up)",
                tile.tile,
                on_map.side.as_str()
            ));
            continue;
        }
        let moved = TilePlacement {
            at: plus(tile.at, by),
            ..*tile
        };
        if !crate::rulesets::sentinel_tactics::token_rules::in_bounds(moved.at) {
            left_out.push(format!("tile {} (too far from the map)", tile.tile));
            continue;
        }
        tiles.push(moved);
        new_tiles.push(moved);
    }
    let board = megahex::rulesets::sentinel_tactics::map::build(&tiles, &wb.doc.catalog).0;
    let landed = land_tokens(wb, clip, &board, by);
    Ok(Attempt {
        new_tiles,
        board,
        landed,
        left_out,
    })
}

/// Where each clip token would stand shifted by `by`: its hexes, if all are on `board` and
/// free of other figures.
fn land_tokens(
    wb: &MapBench<'_>,
    clip: &Clip,
    board: &Board,
    by: Axial,
) -> Vec<Option<Vec<Axial>>> {
    let taken: Vec<Axial> = wb
        .doc
        .tokens()
        .iter()
        .filter(|t| t.target)
        .flat_map(|t| t.hexes.iter().copied())
        .collect();
    clip.tokens
        .iter()
        .map(|token| {
            token
                .at
                .hexes()
                .iter()
                .map(|r| match r {
                    HexRef::Axial(a) => Some(plus(*a, by)),
                    _ => None,
                })
                .collect::<Option<Vec<Axial>>>()
                .filter(|hexes| {
                    hexes
                        .iter()
                        .all(|h| board.contains(*h) && !taken.contains(h))
                })
        })
        .collect()
}

fn pasting(
    wb: &MapBench<'_>,
    new_tiles: Vec<TilePlacement>,
    clip: &Clip,
    landed: Vec<Option<Vec<Axial>>>,
    board: &Board,
    mut left_out: Vec<String>,
) -> Pasting {
    let scenario_tiles = wb.doc.scenario().map_or(0, |s| s.map.tiles.len());
    let mut tokens: Vec<Token> = wb
        .doc
        .scenario()
        .map(|s| s.tokens.clone())
        .unwrap_or_default();
    let first_token = tokens.len();
    let mut edits: Vec<Edit> = new_tiles.iter().copied().map(Edit::AddTile).collect();
    let mut pieces: Vec<Selection> = (0..new_tiles.len())
        .map(|i| Selection::Tile(scenario_tiles + i))
        .collect();
    for (token, hexes) in clip.tokens.iter().zip(landed) {
        let refs: Option<Vec<HexRef>> = hexes
            .as_ref()
            .and_then(|h| h.iter().map(|&a| hex_ref_for(board, a)).collect());
        let Some(refs) = refs else {
            left_out.push(format!("{} (no free hex on the map for it)", token.id));
            continue;
        };
        let (stem, bare_first) = id_stem(&token.id);
        let id = fresh_id(stem, bare_first, &tokens);
        let at = match (&token.at, refs.as_slice()) {
            (Footprint::One(_), [one]) => Footprint::One(*one),
            _ => Footprint::Many(refs),
        };
        let pasted = Token {
            id,
            at,
            ..token.clone()
        };
        tokens.push(pasted.clone());
        pieces.push(Selection::Token(tokens.len() - 1));
        edits.push(Edit::AddToken(pasted));
    }
    let label = format!(
        "paste {}",
        describe(new_tiles.len(), tokens.len() - first_token)
    );
    Pasting {
        edit: Edit::Batch { label, edits },
        pieces,
        left_out,
    }
}

/// `soldier-3` pastes as the next free `soldier-N`; `legacy` as `legacy-2`.
fn id_stem(id: &str) -> (&str, bool) {
    match id.rsplit_once('-') {
        Some((stem, n)) if !stem.is_empty() && n.chars().all(|c| c.is_ascii_digit()) => {
            (stem, false)
        }
        _ => (id, true),
    }
}

/// The hex a clip is placed by: its first tile's centre, else its first token's first hex.
fn clip_origin(clip: &Clip) -> Option<Axial> {
    clip.tiles.first().map(|t| t.at).or_else(|| {
        clip.tokens
            .first()
            .and_then(|t| t.at.hexes().first().copied())
            .and_then(|r| match r {
                HexRef::Axial(a) => Some(a),
                _ => None,
            })
    })
}

/// Where a paste without a target tries to go: the copied place, then one to four hexes away
/// in each direction.
fn nudges() -> Vec<Axial> {
    let mut all = vec![[0, 0]];
    for steps in 1..=4 {
        for d in DIRECTIONS {
            all.push([d[0] * steps, d[1] * steps]);
        }
    }
    all
}

/// The editor's side of the clipboard: the last clip copied here, for a Paste from the menu
/// when the system clipboard cannot be read, and the text a Ctrl+V brought this frame.
#[derive(Debug, Default)]
pub struct Clipboard {
    last: Option<String>,
    /// Text the system pasted (egui's paste event), used by the next Paste.
    pub pasted: Option<String>,
}

impl Clipboard {
    /// Ctrl+C: the selection onto the system clipboard.
    pub fn copy(&mut self, wb: &mut MapBench<'_>) -> bool {
        let Some(text) = copy_text(wb) else {
            wb.refuse(
                "Select tiles or tokens to copy (click them; Shift+click or Shift+drag for several)",
            );
            return false;
        };
        if let Some(ctx) = &wb.ctx {
            ctx.copy_text(text.clone());
        }
        let what =
            clip_of(wb).map_or_else(String::new, |c| describe(c.tiles.len(), c.tokens.len()));
        self.last = Some(text);
        wb.say(StatusKind::Done, format!("Copied {what}"));
        true
    }

    /// Ctrl+X: copy, then remove the selection (one undo step).
    pub fn cut(&mut self, wb: &mut MapBench<'_>) {
        if self.copy(wb) {
            crate::rulesets::sentinel_tactics::map_commands::remove_selected(wb);
        }
    }

    /// Ctrl+V: what the clipboard holds, its first piece on `at` (the hex under the pointer),
    /// or where it was copied from.
    pub fn paste(&mut self, wb: &mut MapBench<'_>, at: Option<Axial>) {
        let text = self
            .pasted
            .take()
            .or_else(system_text)
            .or_else(|| self.last.clone());
        let Some(text) = text else {
            wb.refuse("The clipboard is empty: copy tiles or tokens first (Ctrl+C)");
            return;
        };
        match read_clip(&text).and_then(|clip| paste(wb, &clip, at)) {
            Ok(pasting) => finish(wb, pasting),
            Err(reason) => wb.refuse(&reason),
        }
    }

    /// Ctrl+D: copies of the selection beside it.
    pub fn duplicate(&mut self, wb: &mut MapBench<'_>) {
        let Some(clip) = clip_of(wb) else {
            wb.refuse("Select tiles or tokens to duplicate (click them)");
            return;
        };
        match paste(wb, &clip, None) {
            Ok(pasting) => finish(wb, pasting),
            Err(reason) => wb.refuse(&reason),
        }
    }
}

/// Makes the paste and selects what it added; the status line says what was left out.
fn finish(wb: &mut MapBench<'_>, pasting: Pasting) {
    let left_out = pasting.left_out.join(", ");
    if pasting.pieces.is_empty() {
        wb.refuse(&format!("Nothing to paste: {left_out}"));
        return;
    }
    let label = wb.label_of(&pasting.edit);
    if !wb.edit(pasting.edit) {
        return;
    }
    let mut pieces = pasting.pieces.into_iter();
    crate::rulesets::sentinel_tactics::group::select_only(wb, pieces.next());
    wb.map.more.extend(pieces);
    let mut text = crate::rulesets::sentinel_tactics::map_commands::capitalised(&label);
    if !left_out.is_empty() {
        text.push_str(&format!("; left out {left_out}"));
    }
    wb.say(StatusKind::Done, text);
}

/// The system clipboard's text, when it can be read (not under every desktop or in tests).
#[cfg(not(target_arch = "wasm32"))]
fn system_text() -> Option<String> {
    arboard::Clipboard::new().ok()?.get_text().ok()
}

/// In a browser the page may read the clipboard only inside a paste event, which egui turns
/// into its own paste; the menu's Paste has nothing to read.
#[cfg(target_arch = "wasm32")]
fn system_text() -> Option<String> {
    None
}

/// Ctrl+A: every tile and token.
pub fn select_all(wb: &mut MapBench<'_>) {
    let Some(scenario) = wb.doc.scenario() else {
        return;
    };
    let mut all: Vec<Selection> = (0..scenario.map.tiles.len()).map(Selection::Tile).collect();
    all.extend((0..scenario.tokens.len()).map(Selection::Token));
    let mut pieces = all.into_iter();
    crate::rulesets::sentinel_tactics::group::select_only(wb, pieces.next());
    wb.map.more.extend(pieces);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_that_is_not_a_clip_is_refused_in_words_not_the_parsers() {
        let error = read_clip("Dear diary, today I built a map").unwrap_err();
        assert!(error.contains("not Megahex tiles or tokens"), "{error}");
        assert!(error.contains("Dear diary"), "{error}");
        assert!(!error.contains("expected"), "{error}");
        let error = read_clip("megahex-clip: 1\ntiles: [oops\n").unwrap_err();
        assert!(error.contains("changed since they were copied"), "{error}");
        assert!(!error.contains("missing field"), "{error}");
        // Its twin, a clip as Ctrl+C writes it, reads.
        let clip = "megahex-clip: 1\ntiles: []\ntokens: []\n";
        assert!(read_clip(clip).is_ok(), "{:?}", read_clip(clip));
    }
}
