//! What a token is made of when the palette puts one down: the markers of the game, footprints
//! of multi-hex figures and how they turn, and the ids new tokens get. No UI here, so the
//! canvas, the palette and the tests share one set of rules.

use megahex::board::{Axial, Board, BoardHex, neighbours, rot_cw};
use megahex_schema::Catalog;
use megahex_schema::rulesets::sentinel_tactics::{Figure, FigureKind, Scenario, Token, TokenKind};
use megahex_schema::{Footprint, HexRef, TileHex, TileHexMap};

/// The largest footprint the palette puts down: a whole tile. A custom catalog may name bigger
/// figures; their hexes are better written by hand than guessed.
pub const MAX_FOOTPRINT: usize = 19;

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

/// True when a position is within the file format's coordinate range
/// ([`megahex_schema::hexref::MAX_COORDINATE`]), where every tile and token must stand.
pub fn in_bounds(at: Axial) -> bool {
    let limit = megahex_schema::hexref::MAX_COORDINATE.unsigned_abs();
    at.iter().all(|c| c.unsigned_abs() <= limit)
}

/// The sum of two axial offsets.
pub fn plus(a: Axial, b: Axial) -> Axial {
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
    let mapped = crate::ids::dashed(text);
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
    let taken = tokens.iter().map(|t| t.id.as_str());
    match bare_first {
        true => crate::ids::stem_or_numbered(stem, taken),
        false => crate::ids::fresh_id(stem, 1, taken),
    }
}

/// The stem of a figure's ids: a character's roster id (`legacy`); for minions and environment
/// figures the last word of it, as scenario files name them (`soldier-1` for
/// `blade-battalion-soldier`).
pub fn figure_stem(figure: &Figure) -> (String, bool) {
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
/// Where a token that stands off the map (its tile was removed, or its hexes never resolved)
/// goes when put back with its first hex on `at`: as many hexes as it is written with, unturned.
pub fn footprint_back_at(token: &Token, at: Axial, board: &Board) -> Result<Footprint, String> {
    let size = token.at.hexes().len().max(1);
    place_footprint(board, at, &footprint_offsets(size, 0), &token.id)
}

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

/// A footprint as the inspector and the status line write it: `3/7, 3/8`.
pub fn footprint_text(at: &Footprint) -> String {
    at.hexes()
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// How a team is shown in a picker: its id, with its name when it has a different one
/// ("heroes (Freedom Five)").
pub fn team_label(team: &megahex_schema::Team) -> String {
    match &team.name {
        Some(name) if *name != team.id => format!("{} ({name})", team.id),
        _ => team.id.clone(),
    }
}
