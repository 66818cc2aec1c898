//! Where Sentinel Tactics scenarios define and name ids, and where they name a tile by its
//! number: a hex reference `2/10` or `{tile: 2, hex: 10}` names the tile of `map.tiles` that
//! holds it.

use serde_json::Value;

use crate::language::symbols::{Role, Slot, Symbol, collect};

const TEAM: &[&str] = &["team"];
const TOKEN: &[&str] = &["token"];
/// A turn order entry, a claim's end: a team or a token, or a token or a hex.
const TEAM_OR_TOKEN: &[&str] = &["team", "token"];

/// The id slots.
pub const SLOTS: &[Slot] = &[
    Slot::definition("/teams/*/id", TEAM),
    Slot::definition("/tokens/*/id", TOKEN),
    Slot::definition("/objectives/*/id", &["objective"]),
    Slot::definition("/map/tiles/*/tile", &["tile"]),
    Slot::reference("/tokens/*/team", TEAM),
    Slot::reference("/objectives/*/team", TEAM),
    Slot::reference("/objectives/*/targets/*", TOKEN),
    Slot::reference("/objectives/*/tokens/*", TOKEN),
    Slot::reference("/turn-order/*", TEAM_OR_TOKEN),
    Slot::reference("/deployment/*/team", TEAM),
    Slot::reference("/reinforcements/*/team", TEAM),
    Slot::reference("/bonuses/*/team", TEAM),
    Slot::reference("/playtest/*/turn", TOKEN),
    Slot::reference("/playtest/*/actions/*/attack/target", TOKEN),
    Slot::reference("/playtest/*/actions/*/attack/targets/*/target", TOKEN),
    Slot::reference("/assert/*/sight/from", TOKEN),
    Slot::reference("/assert/*/sight/to", TOKEN),
    Slot::reference("/assert/*/range/from", TOKEN),
    Slot::reference("/assert/*/range/to", TOKEN),
    Slot::reference("/assert/*/reach/figure", TOKEN),
    Slot::reference("/assert/*/reach/hex", TOKEN),
    Slot::reference("/assert/*/odds/attacker", TOKEN),
    Slot::reference("/assert/*/odds/defender", TOKEN),
    Slot::reference("/assert/*/exposure/team", TEAM),
    Slot::reference("/assert/*/balance/team", TEAM),
];

/// Every id and tile number of `document`.
pub fn symbols(document: &Value) -> Vec<Symbol> {
    let mut found = collect(document, SLOTS);
    tile_references(document, String::new(), &mut found);
    found
}

/// Hex references anywhere outside `map.tiles`, as references to their tile.
fn tile_references(value: &Value, pointer: String, out: &mut Vec<Symbol>) {
    let mut refer = |tile: u64, pointer: String| {
        out.push(Symbol {
            kind: "tile",
            id: tile.to_string(),
            pointer,
            on_key: false,
            role: Role::Reference,
        });
    };
    match value {
        Value::String(text) => {
            if let Some((tile, hex)) = text.split_once('/')
                && let (Ok(tile), Ok(_)) = (tile.trim().parse::<u64>(), hex.trim().parse::<u64>())
            {
                refer(tile, pointer);
            }
        }
        Value::Object(entries) => {
            if pointer == "/map/tiles" {
                return;
            }
            if let (Some(tile), Some(_)) = (
                entries.get("tile").and_then(Value::as_u64),
                entries.get("hex"),
            ) {
                refer(tile, format!("{pointer}/tile"));
                return;
            }
            for (key, item) in entries {
                let here = format!("{pointer}/{}", crate::yaml::escape_pointer_segment(key));
                if here != "/map/tiles" {
                    tile_references(item, here, out);
                }
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                tile_references(item, format!("{pointer}/{i}"), out);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::language::symbols::{at, occurrences};

    #[test]
    fn a_hex_reference_names_its_tile_in_either_spelling() {
        let document: Value = serde_yaml::from_str(
            "map:\n  tiles:\n    - {tile: 2, side: megalopolis, at: [0, 0]}\n    - {tile: 5, side: megalopolis, at: [5, -2]}\n\
             tokens:\n  - {id: ra, at: 2/10}\n  - {id: tower, at: [{tile: 5, hex: 1}, 5/2]}\n\
             objectives:\n  - {id: hold, team: a, kind: hold, hexes: [\"2 / 3\"]}\n",
        )
        .unwrap();
        let symbols = symbols(&document);
        let tile = at(&symbols, "/tokens/1/at/0/tile", false).unwrap();
        let places: Vec<&str> = occurrences(&symbols, tile)
            .iter()
            .map(|s| s.pointer.as_str())
            .collect();
        assert_eq!(
            places,
            ["/map/tiles/1/tile", "/tokens/1/at/0/tile", "/tokens/1/at/1"]
        );
        let two = at(&symbols, "/objectives/0/hexes/0", false).unwrap();
        assert_eq!((two.kind, two.id.as_str()), ("tile", "2"));
        assert_eq!(occurrences(&symbols, two).len(), 3);
    }
}
