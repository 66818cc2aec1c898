//! Turning a placed tile without surprising the designer. A reference written `T/I` names a hex
//! of the tile, so it turns with the tile; one written `[q, r]` names a place on the table, so
//! it stays. Left alone, a turn would move some tokens and objective hexes and not others. This
//! module rewrites the references on the turned tile so that either everything on it stays
//! where it stood (the default) or everything turns with it, and says what happened.

use megahex_schema::Catalog;
use megahex_schema::HexRef;
use megahex_schema::rulesets::sentinel_tactics::{Scenario, TilePlacement};

use crate::rulesets::sentinel_tactics::token_rules::same_form;

/// A turn worked out: the references to rewrite (by their position in
/// [`Scenario::for_each_hex_ref_mut`] order) and a sentence for the status line.
#[derive(Debug, Clone, PartialEq)]
pub struct Turn {
    /// New references, by position.
    pub refs: Vec<(usize, HexRef)>,
    /// What stayed and what turned, for the status line.
    pub note: String,
}

/// Works out turning the tile at `index` one sixth (clockwise or back). With `carry`, what
/// stands on it turns with it; otherwise it keeps its place on the table. A multi-hex figure
/// that also stands on another tile always keeps its place, so it is never torn apart.
pub fn turn_tile(
    scenario: &Scenario,
    catalog: &Catalog,
    index: usize,
    clockwise: bool,
    carry: bool,
) -> Result<Turn, String> {
    let tiles = &scenario.map.tiles;
    let tile = *tiles
        .get(index)
        .ok_or_else(|| format!("there is no tile number {} on the map", index + 1))?;
    let mut turned = tiles.clone();
    turned[index].rotation = turned_rotation(tile.rotation, clockwise);
    let (before, _) = megahex::rulesets::sentinel_tactics::map::build(tiles, catalog);
    let (after, _) = megahex::rulesets::sentinel_tactics::map::build(&turned, catalog);
    let on_tile = |r: &HexRef| {
        before
            .resolve(r)
            .ok()
            .and_then(|at| before.get(at))
            .is_some_and(|h| h.placement == index)
    };
    // Tokens first, in the visiting order: which of them stand wholly on the tile.
    let mut whole: Vec<bool> = Vec::new();
    let mut on_it: Vec<(String, bool)> = Vec::new();
    for token in &scenario.tokens {
        let hexes = token.at.hexes();
        let all = hexes.iter().all(&on_tile);
        let any = hexes.iter().any(&on_tile);
        whole.extend(std::iter::repeat_n(all, hexes.len()));
        if any {
            on_it.push((token.id.clone(), all));
        }
    }
    let mut refs = Vec::new();
    let mut other_hexes = 0;
    for (n, reference) in scenario.hex_refs().iter().enumerate() {
        if !on_tile(reference) {
            continue;
        }
        let is_token = n < whole.len();
        if !is_token {
            other_hexes += 1;
        }
        let moves = carry && (!is_token || whole[n]);
        let Some(old) = before.resolve(reference).ok().and_then(|at| before.get(at)) else {
            continue;
        };
        let new = if moves {
            after
                .hexes()
                .iter()
                .find(|h| h.placement == index && h.index == old.index)
        } else {
            after.get(old.at)
        };
        let Some(new) = new else {
            continue;
        };
        let rewritten = same_form(reference, new);
        if rewritten != *reference {
            refs.push((n, rewritten));
        }
    }
    Ok(Turn {
        refs,
        note: note(tile, clockwise, carry, &on_it, other_hexes),
    })
}

/// The rotation one sixth further, clockwise or back: how every tile, figure and preview
/// turns.
pub fn turned_rotation(rotation: u8, clockwise: bool) -> u8 {
    if clockwise {
        (rotation + 1) % 6
    } else {
        (rotation + 5) % 6
    }
}

/// "Turned M3 clockwise; soldier-1 and 2 objective or zone hexes stayed where they stood."
fn note(
    tile: TilePlacement,
    clockwise: bool,
    carry: bool,
    tokens: &[(String, bool)],
    other_hexes: usize,
) -> String {
    let name = format!("{}{}", tile.side.prefix(), tile.tile);
    let way = if clockwise {
        "clockwise"
    } else {
        "counter-clockwise"
    };
    let mut turned: Vec<String> = Vec::new();
    let mut stayed: Vec<String> = Vec::new();
    for (id, whole) in tokens {
        if carry && *whole {
            turned.push(id.clone());
        } else {
            stayed.push(id.clone());
        }
    }
    let hexes = match other_hexes {
        0 => None,
        1 => Some("1 objective, zone or playtest hex".to_owned()),
        n => Some(format!("{n} objective, zone or playtest hexes")),
    };
    if let Some(hexes) = hexes {
        if carry {
            turned.push(hexes);
        } else {
            stayed.push(hexes);
        }
    }
    let mut text = format!("Turned {name} {way}");
    if !turned.is_empty() {
        text.push_str(&format!("; {} turned with it", join(&turned)));
    }
    if !stayed.is_empty() {
        // One token or one hex is "it"; several, or a count of hexes, "they".
        let several_hexes = !carry && other_hexes > 1;
        let verb = if stayed.len() == 1 && !several_hexes {
            "stayed where it stood"
        } else {
            "stayed where they stood"
        };
        text.push_str(&format!("; {} {verb}", join(&stayed)));
    }
    if turned.is_empty() && stayed.is_empty() {
        text.push_str("; nothing stands on it");
    }
    text
}

/// "a", "a and b", "a, b and c".
fn join(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::sentinel_tactics::edit::Edit;
    use megahex::board::{Axial, rot_cw};

    /// Two tiles; on tile 1 a token written `T/I`, one written `[q, r]`, and an objective hex;
    /// a two-hex figure standing on both tiles.
    fn scenario() -> Scenario {
        serde_yaml::from_str(
            "
format: 1
ruleset: sentinel-tactics
map:
  tiles:
    - {tile: 1, side: megalopolis, at: [0, 0]}
    - {tile: 2, side: megalopolis, at: [0, 5]}
teams: [{id: a}]
tokens:
  - {id: by-tile, kind: scenario-token, at: 1/3}
  - {id: by-place, kind: scenario-token, at: [1, -2]}
  - {id: astride, kind: scenario-token, at: [1/19, 2/1]}
objectives:
  - {id: o, team: a, kind: reach, hexes: [1/7]}
",
        )
        .unwrap()
    }

    /// Where each reference lies on the table, under a map.
    fn places(scenario: &Scenario) -> Vec<Axial> {
        let (board, _) = megahex::rulesets::sentinel_tactics::map::build(
            &scenario.map.tiles,
            &Catalog::builtin(),
        );
        scenario
            .hex_refs()
            .iter()
            .map(|r| board.resolve(r).unwrap())
            .collect()
    }

    fn turned(carry: bool) -> (Scenario, Turn) {
        let mut scenario = scenario();
        let turn = turn_tile(&scenario, &Catalog::builtin(), 0, true, carry).unwrap();
        let edit = Edit::TurnTile {
            index: 0,
            clockwise: true,
            refs: turn.refs.clone(),
        };
        let mut editing = crate::rulesets::sentinel_tactics::edit::Editing::new(scenario.clone());
        editing.apply(edit).unwrap();
        scenario = editing.scenario().clone();
        (scenario, turn)
    }

    #[test]
    fn by_default_everything_on_the_tile_stays_where_it_stood() {
        let before = places(&scenario());
        let (after, turn) = turned(false);
        assert_eq!(after.map.tiles[0].rotation, 1, "the tile itself turned");
        assert_eq!(
            places(&after),
            before,
            "every reference still names the same hex"
        );
        // The `T/I` ones were rewritten to keep their place; the `[q, r]` one needed nothing.
        assert_eq!(after.tokens[1].at, scenario().tokens[1].at);
        assert_ne!(after.tokens[0].at, scenario().tokens[0].at);
        assert!(
            turn.note
                .contains("by-tile, by-place, astride and 1 objective"),
            "{}",
            turn.note
        );
        assert!(
            turn.note.contains("stayed where they stood"),
            "{}",
            turn.note
        );
    }

    #[test]
    fn carried_tokens_turn_around_the_tile_centre_and_a_figure_astride_stays() {
        let before = places(&scenario());
        let (after, turn) = turned(true);
        let now = places(&after);
        // Tile 1's centre is at [0, 0]: a sixth clockwise about it is the library's rotation.
        for n in [0, 1, 4] {
            assert_eq!(
                now[n],
                rot_cw(before[n], 1),
                "reference {n} turned with the tile"
            );
        }
        assert_eq!(
            &now[2..4],
            &before[2..4],
            "the figure on both tiles kept its place"
        );
        // `T/I` references follow the tile by themselves: they are written as before.
        assert_eq!(after.tokens[0].at, scenario().tokens[0].at);
        assert_eq!(after.objectives[0].hexes, scenario().objectives[0].hexes);
        assert!(
            turn.note.contains("by-tile, by-place and 1 objective"),
            "{}",
            turn.note
        );
        assert!(
            turn.note.contains("turned with it; astride stayed"),
            "{}",
            turn.note
        );
    }

    #[test]
    fn undo_puts_the_tile_and_every_reference_back() {
        let mut editing = crate::rulesets::sentinel_tactics::edit::Editing::new(scenario());
        let turn = turn_tile(&scenario(), &Catalog::builtin(), 0, false, false).unwrap();
        editing
            .apply(Edit::TurnTile {
                index: 0,
                clockwise: false,
                refs: turn.refs,
            })
            .unwrap();
        assert_eq!(editing.scenario().map.tiles[0].rotation, 5);
        editing.undo();
        assert_eq!(*editing.scenario(), scenario());
    }
}
