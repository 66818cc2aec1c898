//! A hex-skirmish scenario laid out for the shared pictures and text maps, and its rules
//! answers in the shapes those reports draw: the arena as a board (water, leafy bushes,
//! buildings raised by their levels), units and chests as pieces, spawn zones and objective
//! hexes as marks; sight as [`Sight`] records and movement as destinations.

use megahex_schema::rulesets::hex_skirmish::{ObjectiveKind, Scenario};
use megahex_schema::{LosBlocking, LosEdges};

use super::game::Game;
use super::state::State;
use crate::board::hex::{Axial, distance};
use crate::board::los::{Line, Sight};
use crate::board::movement::Gait;
use crate::board::{Board, BoardHex, Face, Feature};
use crate::report::decor::{Decorations, ObjectiveMark, ZoneMark, collect_marks};
use crate::report::palette;
use crate::scene::Placed;

/// The arena as a board for drawing: open ground as sand, buildings as city blocks one step
/// higher a level, bushes as leafy cover, water as water.
pub fn board(game: &Game) -> Board {
    Board::from_hexes(game.arena.hexes().iter().enumerate().map(|(slot, hex)| {
        let terrain = game.arena.terrain(slot);
        let mut tags = Vec::new();
        if terrain.water {
            tags.push(Feature::Water);
        }
        if terrain.blocks_sight {
            tags.push(Feature::Cover);
        }
        if terrain.impassable {
            tags.push(Feature::Lava);
        }
        BoardHex {
            at: hex.at,
            elevation: (hex.levels + 1).min(u32::from(u8::MAX)) as u8,
            terrain: tags,
            tile: 0,
            face: if hex.levels > 0 {
                Face::Paved
            } else {
                Face::Wild
            },
            index: 0,
            placement: 0,
        }
    }))
}

/// Units and chests as pieces where they stand in `state`.
pub fn pieces(game: &Game, state: &State) -> Vec<Placed> {
    let at = |slot: usize| game.arena.hex(slot).at;
    let units = game.units.iter().enumerate().filter_map(|(i, spec)| {
        let slot = state.units[i].at?;
        Some(Placed {
            index: i,
            id: spec.id.clone(),
            team: spec.team.map(|t| game.teams[t].clone()),
            hexes: vec![at(slot)],
            gait: Gait::Single,
            target: true,
        })
    });
    let chests = game
        .chests
        .iter()
        .enumerate()
        .filter(|(c, _)| state.opened[*c].is_none())
        .map(|(c, (id, slot))| Placed {
            index: game.units.len() + c,
            id: id.clone(),
            team: None,
            hexes: vec![at(*slot)],
            gait: Gait::Single,
            target: false,
        });
    units.chain(chests).collect()
}

/// The marks of a picture: team colours, reach hexes and wanted chests in the colour of the
/// team that wants them, and spawn zones.
pub fn decorations(scenario: &Scenario) -> Decorations {
    let teams = &scenario.teams;
    let colour = |team: &str| palette::colour_of_team(teams, Some(team), palette::OBJECTIVE);
    let token_colours = scenario
        .units
        .iter()
        .map(|u| {
            (
                u.id.clone(),
                palette::colour_of_team(teams, Some(&u.team), palette::NEUTRAL),
            )
        })
        .collect();
    let objectives = scenario
        .objectives
        .iter()
        .filter(|o| o.kind == ObjectiveKind::Reach)
        .map(|o| ObjectiveMark {
            id: o.id.clone(),
            team: o.team.clone(),
            kind: "reach",
            colour: colour(&o.team),
            hexes: o.hexes.clone(),
        })
        .collect();
    let all_chests: Vec<&str> = scenario.chests.iter().map(|c| c.id.as_str()).collect();
    let collect = collect_marks(
        scenario
            .objectives
            .iter()
            .filter(|o| o.kind == ObjectiveKind::Open)
            .flat_map(|o| {
                let chests: Vec<&str> = if o.chests.is_empty() {
                    all_chests.clone()
                } else {
                    o.chests.iter().map(String::as_str).collect()
                };
                chests
                    .into_iter()
                    .map(move |c| (c, o.id.as_str(), o.team.as_str()))
            }),
        colour,
    );
    let zones = scenario
        .spawn
        .iter()
        .map(|z| ZoneMark::of_team(teams, &z.team, z.hexes.clone()))
        .collect();
    Decorations {
        token_colours,
        objectives,
        collect,
        zones,
        tiles: Vec::new(),
        team_names: crate::report::decor::team_names(teams),
    }
}

/// The name of the sight rule in force, as reports give it.
pub fn rule_name(blocking: LosBlocking, edges: LosEdges) -> String {
    crate::board::los::LosRules { blocking, edges }.name()
}

/// Sight between two hexes as a full record: hex-skirmish sight is the same both ways, and its
/// range is the distance (heights add to a ranged weapon's range, not to the distance).
pub fn sight(game: &Game, from: Axial, to: Axial) -> Option<Sight> {
    let line = game.arena.sight(
        from,
        to,
        game.rules.los_blocking,
        game.rules.los_edges,
        true,
    )?;
    let levels = |at: Axial| game.arena.slot(at).map_or(0, |s| game.arena.hex(s).levels);
    let d = distance(from, to);
    let (visible, witness, blocked_by) = match line {
        Line::Clear(segment) => (true, Some(segment), Vec::new()),
        Line::Blocked(blockers) => (false, None, blockers),
    };
    Some(Sight {
        from,
        to,
        visible,
        reverse_visible: visible,
        distance: d,
        elevation_difference: levels(from).abs_diff(levels(to)),
        range: d,
        witness,
        blocked_by,
        notes: Vec::new(),
    })
}

/// Finds what a command-line reference names: `q,r`, a unit id or a chest id.
pub fn resolve_arg(
    game: &Game,
    state: &State,
    text: &str,
) -> Result<(Axial, Option<usize>), PlaceError> {
    let text = text.trim();
    if let Some((q, r)) = text.split_once(',')
        && let (Ok(q), Ok(r)) = (q.trim().parse::<i32>(), r.trim().parse::<i32>())
    {
        return match game.arena.slot([q, r]) {
            Some(slot) => Ok(([q, r], game.unit_at(state, slot))),
            None => Err(PlaceError::OffMap([q, r])),
        };
    }
    if let Some(unit) = game.unit(text) {
        return match state.units[unit].at {
            Some(slot) => Ok((game.arena.hex(slot).at, Some(unit))),
            None => Err(PlaceError::NotPlaced(text.to_owned())),
        };
    }
    if let Some((_, slot)) = game.chests.iter().find(|(id, _)| id == text) {
        return Ok((game.arena.hex(*slot).at, None));
    }
    Err(PlaceError::Unknown(text.to_owned()))
}

/// Why a command-line reference names no place of the arena.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlaceError {
    /// `q,r` off the map.
    #[error("[{}, {}] is not on the map", .0[0], .0[1])]
    OffMap(Axial),
    /// A unit that starts off the map.
    #[error("`{0}` is not on the map at the start")]
    NotPlaced(String),
    /// Neither a hex, a unit nor a chest.
    #[error("`{0}` is not a hex (q,r), a unit or a chest of this scenario")]
    Unknown(String),
}
