//! A scenario made ready for rules questions: its board, its pieces where they stand, and
//! which hexes are occupied or hazardous. The CLI queries, the pictures and the editor overlays
//! all start here, so they ask the same questions of the same data; each game lays its own
//! scenario out as a scene.

use crate::board::Board;
use crate::board::hex::Axial;
use crate::board::los::LosRules;
use crate::board::movement::{self, Destination, Gait, MoveAction, Mover, World};

/// A token resolved onto the board.
#[derive(Debug, Clone, PartialEq)]
pub struct Placed {
    /// Position in the scenario's `tokens`, the handle an editor's edits use.
    pub index: usize,
    /// Token id.
    pub id: String,
    /// The team it plays for, if any (its colour in pictures).
    pub team: Option<String>,
    /// Its hexes, in the order written (head first for a T-rex).
    pub hexes: Vec<Axial>,
    /// How its footprint moves.
    pub gait: Gait,
    /// True for anything with health.
    pub target: bool,
}

/// Board, rules and tokens of one scenario.
#[derive(Debug, Clone)]
pub struct Scene {
    /// The assembled map.
    pub board: Board,
    /// Line-of-sight options in force.
    pub rules: LosRules,
    /// Tokens whose hexes all resolved.
    pub tokens: Vec<Placed>,
    /// Hazard spaces: lava under "Flow of Fiery Lava", and hexes covered by hazard tokens.
    pub hazards: Vec<Axial>,
}

impl Scene {
    /// A token by id.
    pub fn token(&self, id: &str) -> Option<&Placed> {
        self.tokens.iter().find(|t| t.id == id)
    }

    /// Is the hex held by a target other than `except`?
    pub fn occupied_by_other(&self, at: Axial, except: Option<&str>) -> bool {
        self.tokens
            .iter()
            .any(|t| t.target && Some(t.id.as_str()) != except && t.hexes.contains(&at))
    }

    /// Is the hex a hazard space?
    pub fn is_hazard(&self, at: Axial) -> bool {
        self.hazards.binary_search(&at).is_ok()
    }

    /// The mover for a token, with its gait, or a one-hex mover.
    pub fn mover(&self, hexes: &[Axial], token: Option<&Placed>) -> Mover {
        Mover {
            hexes: hexes.to_vec(),
            movement: token.map_or(Gait::Single, |t| t.gait),
        }
    }

    /// Where a figure (or a bare hex) may end a movement: the scene's occupancy with the mover
    /// itself left out, its hazard spaces, and the figure's gait.
    pub fn reach(
        &self,
        hexes: &[Axial],
        token: Option<&Placed>,
        action: MoveAction,
    ) -> Vec<Destination> {
        let me = token.map(|t| t.id.as_str());
        let occupied = |at: Axial| self.occupied_by_other(at, me);
        let hazard = |at: Axial| self.is_hazard(at);
        let world = World {
            occupied: &occupied,
            hazard: &hazard,
        };
        movement::reach(&self.board, &self.mover(hexes, token), action, &world)
    }

    /// Resolves a command-line hex reference: `q,r`, `T/I` or a token id.
    pub fn resolve_arg(&self, text: &str) -> Result<(Vec<Axial>, Option<&Placed>), PlaceError> {
        let trimmed = text.trim();
        if let Some(token) = self.token(trimmed) {
            return Ok((token.hexes.clone(), Some(token)));
        }
        if let Some((q, r)) = trimmed.split_once(',') {
            let parse = |s: &str| {
                s.trim()
                    .trim_start_matches('[')
                    .trim_end_matches(']')
                    .trim()
                    .parse::<i32>()
            };
            if let (Ok(q), Ok(r)) = (parse(q), parse(r)) {
                return if self.board.contains([q, r]) {
                    Ok((vec![[q, r]], None))
                } else {
                    Err(PlaceError::OffMap([q, r]))
                };
            }
        }
        if trimmed.contains('/') {
            let tile_hex = trimmed
                .parse()
                .map_err(|e| PlaceError::TileHex(format!("{e}")))?;
            return self
                .board
                .resolve(&megahex_schema::HexRef::Tile(tile_hex))
                .map(|at| (vec![at], None))
                .map_err(|e| PlaceError::TileHex(e.to_string()));
        }
        Err(PlaceError::Unknown {
            text: trimmed.to_owned(),
            tokens: self.tokens.iter().map(|t| t.id.clone()).collect(),
        })
    }
}

/// Why a command-line reference names no place on the map.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlaceError {
    /// `q,r` off the map.
    #[error("hex {},{} is not on the map", .0[0], .0[1])]
    OffMap(Axial),
    /// A `T/I` reference that is malformed or names no hex of the map, in words.
    #[error("{0}")]
    TileHex(String),
    /// Neither a hex nor a token: the tokens it could have named.
    #[error(
        "`{text}` is not a hex or a token: write q,r (for example 2,-1), T/I (for example 3/7) or a token id ({})",
        if tokens.is_empty() { "this scenario has no tokens".to_owned() } else { tokens.join(", ") }
    )]
    Unknown {
        /// The reference as written.
        text: String,
        /// The scenario's token ids.
        tokens: Vec<String>,
    },
}
