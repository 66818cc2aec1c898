//! End-to-end tests of the rules queries (`los`, `reach`, `area`, `render`) against cases worked
//! by hand from the rulebook and the tile catalog.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use common::{fixtures_dir, megahex_in};
use serde_json::Value;

fn query(args: &[&str]) -> common::Run {
    megahex_in(&fixtures_dir().join("queries"), args)
}

fn los_json(file: &str, from: &str, to: &str) -> Value {
    let run = query(&["los", file, "--from", from, "--to", to, "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    run.json()
}

#[test]
fn range_follows_the_rulebook_examples() {
    // M1 hex 1 is elevation 4 and hex 15 is elevation 1, three hexes apart:
    // "3 hexes away ... the difference in their elevation is 3" -> range 6.
    let far = los_json("one-city-tile.yaml", "1/1", "1/15");
    assert_eq!(
        (
            far["distance"].as_u64(),
            far["elevation_difference"].as_u64(),
            far["range"].as_u64()
        ),
        (Some(3), Some(3), Some(6))
    );
    // Hex 3 (elevation 1) is adjacent to hex 1: "adjacent, but still at range 4".
    let near = los_json("one-city-tile.yaml", "1/1", "1/3");
    assert_eq!(near["range"].as_u64(), Some(4));
    assert_eq!(near["visible"], Value::Bool(true));
    assert_eq!(near["reverse_visible"], Value::Bool(true));
    // Same answer with q,r references: hex 1 is local (0,-2) and hex 15 is (0,1).
    assert_eq!(
        los_json("one-city-tile.yaml", "0,-2", "0,1")["range"].as_u64(),
        Some(6)
    );
}

#[test]
fn los_json_has_exactly_the_documented_fields() {
    let record = los_json("one-city-tile.yaml", "1/4", "1/16");
    let keys: Vec<&str> = record
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    let required = [
        "from",
        "to",
        "visible",
        "reverse_visible",
        "distance",
        "elevation_difference",
        "range",
        "rule",
        "witness",
        "blocked_by",
    ];
    for key in required {
        assert!(keys.contains(&key), "missing {key} in {record}");
    }
    for key in &keys {
        assert!(
            required.contains(key) || *key == "notes",
            "unexpected key {key}"
        );
    }
    assert_eq!(record["rule"], "higher-than-either/strict");
    // Either a witness segment of two points or a list of blocking hexes, never neither.
    let witness = record["witness"].as_array();
    let blockers = record["blocked_by"].as_array().unwrap();
    assert!(
        witness.is_some_and(|w| w.len() == 2) || !blockers.is_empty(),
        "{record}"
    );
}

#[test]
fn cover_hides_the_figure_in_it_but_lets_it_see_out() {
    // Absolute Zero stands in cover on IP1 hex 10; the Wraith is two hexes north on hex 1.
    // The hex between them (hex 5) is elevation 1 and not cover, so the line itself is clear.
    let pair = los_json("one-jungle-tile.yaml", "wraith", "zero");
    assert_eq!(pair["visible"], Value::Bool(false), "{pair}");
    assert_eq!(pair["reverse_visible"], Value::Bool(true), "{pair}");
    assert!(pair["notes"].as_array().is_some_and(|n| !n.is_empty()));
    // An adjacent viewer (hex 5) sees into the cover.
    let adjacent = los_json("one-jungle-tile.yaml", "1/5", "zero");
    assert_eq!(adjacent["visible"], Value::Bool(true));
}

#[test]
fn los_without_to_answers_for_every_hex_and_matrix_for_every_pair() {
    let run = query(&["los", "one-city-tile.yaml", "--from", "legacy", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.json().as_array().unwrap().len(), 19);
    let run = query(&["los", "one-city-tile.yaml", "--matrix", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let records = run.json();
    let records = records.as_array().unwrap();
    assert_eq!(records.len(), 19 * 19);
    // Every pair appears in both directions with mirrored verdicts.
    for r in records {
        let back = records
            .iter()
            .find(|x| x["from"] == r["to"] && x["to"] == r["from"])
            .unwrap();
        assert_eq!(r["visible"], back["reverse_visible"]);
        assert_eq!(r["range"], back["range"]);
    }
}

#[test]
fn bad_references_exit_2_with_a_message() {
    for bad in ["nobody", "9/3", "40,40", "1/25"] {
        let run = query(&["los", "one-city-tile.yaml", "--from", bad, "--to", "1/1"]);
        assert_eq!(run.code, 2, "{bad}: {}", run.stdout);
        assert!(run.stderr.contains("megahex:"), "{bad}: {}", run.stderr);
    }
}

#[test]
fn sprint_from_the_centre_reaches_the_whole_tile() {
    // Every hex of a tile is within two steps of its centre, and Sprint ignores elevation.
    let run = query(&[
        "reach",
        "one-city-tile.yaml",
        "--from",
        "legacy",
        "--sprint",
        "--json",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let doc = run.json();
    assert_eq!(doc["from"], serde_json::json!([0, 0]));
    let hexes = doc["hexes"].as_array().unwrap();
    assert_eq!(hexes.len(), 19);
    for h in hexes {
        assert!(
            h["at"].is_array() && h["cost"].as_u64().unwrap() <= 2 && h["hazards"].is_array(),
            "{h}"
        );
    }
}

#[test]
fn a_move_pays_for_climbing() {
    // From hex 10 (elevation 1), hex 5 (elevation 3, directly north) costs 1 + 2 = 3.
    let run = query(&[
        "reach",
        "one-city-tile.yaml",
        "--from",
        "1/10",
        "--move",
        "3",
        "--json",
    ]);
    let doc = run.json();
    let cost = |at: [i32; 2]| {
        doc["hexes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|h| h["at"] == serde_json::json!(at))
            .and_then(|h| h["cost"].as_u64())
    };
    assert_eq!(cost([0, -1]), Some(3));
    // With a move value of 2 it is out of reach; with Mobility it costs 1.
    let short = query(&[
        "reach",
        "one-city-tile.yaml",
        "--from",
        "1/10",
        "--move",
        "2",
        "--json",
    ])
    .json();
    assert!(
        !short["hexes"]
            .as_array()
            .unwrap()
            .iter()
            .any(|h| h["at"] == serde_json::json!([0, -1]))
    );
    let mobile = query(&[
        "reach",
        "one-city-tile.yaml",
        "--from",
        "1/10",
        "--move",
        "2",
        "--mobility",
        "--json",
    ])
    .json();
    assert!(
        mobile["hexes"]
            .as_array()
            .unwrap()
            .iter()
            .any(|h| h["at"] == serde_json::json!([0, -1]) && h["cost"] == 1)
    );
}

#[test]
fn an_area_attack_centred_on_its_source_spares_the_source() {
    let run = query(&[
        "area",
        "one-city-tile.yaml",
        "--from",
        "legacy",
        "--origin",
        "legacy",
        "--radius",
        "1",
        "--json",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let doc = run.json();
    assert_eq!(doc["origin_ok"], Value::Bool(true));
    // Six neighbours, all adjacent to the origin (so in sight); the source itself is immune.
    assert_eq!(doc["hits"].as_array().unwrap().len(), 6);
    assert!(
        !doc["hits"]
            .as_array()
            .unwrap()
            .contains(&serde_json::json!([0, 0]))
    );
}

#[test]
fn render_writes_an_svg_with_the_overlay_legend() {
    let out = common::scratch_dir("render").join("map.svg");
    let run = query(&[
        "render",
        "one-city-tile.yaml",
        "-o",
        out.to_str().unwrap(),
        "--overlay",
        "los:legacy",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let svg = std::fs::read_to_string(&out).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.matches("<polygon").count() >= 19);
    assert!(svg.contains("Line of sight"));
    let bad = query(&[
        "render",
        "one-city-tile.yaml",
        "-o",
        out.to_str().unwrap(),
        "--overlay",
        "sideways:1",
    ]);
    assert_eq!(bad.code, 2);
}

/// Reads the width and height from a PNG's header (bytes 16..24, big-endian).
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "not a PNG");
    let word =
        |at: usize| u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    (word(16), word(20))
}

#[test]
fn render_prints_at_tile_scale_in_svg_and_png() {
    let dir = common::scratch_dir("render-print");
    let (svg_out, png_out) = (dir.join("print.svg"), dir.join("print.png"));
    // One tile: hex centres span x = 1.5 q for q in -2..=2, so -3..3 radii, and the drawing adds
    // one radius each side for the hexes and half a radius of margin each side: 9 radii wide.
    // 34.641016 mm across the flats is 20 mm per radius (flats = sqrt(3) radii): 180 mm wide.
    let svg = query(&[
        "render",
        "one-city-tile.yaml",
        "-o",
        svg_out.to_str().unwrap(),
        "--print-mm",
        "34.641016",
    ]);
    assert_eq!(svg.code, 0, "{}", svg.stderr);
    let text = std::fs::read_to_string(&svg_out).unwrap();
    assert!(text.contains(r#"width="180.00mm""#), "{}", &text[..200]);
    // The PNG of the same print at 127 dpi: 180 mm is 180 / 25.4 inches, so 900 pixels.
    let png = query(&[
        "render",
        "one-city-tile.yaml",
        "-o",
        png_out.to_str().unwrap(),
        "--print-mm",
        "34.641016",
        "--dpi",
        "127",
    ]);
    assert_eq!(png.code, 0, "{}", png.stderr);
    let (width, _) = png_size(&std::fs::read(&png_out).unwrap());
    assert_eq!(width, 900);
}

#[test]
fn render_writes_a_png_at_screen_scale_and_refuses_other_formats() {
    let dir = common::scratch_dir("render-png");
    let out = dir.join("map.png");
    // At 10 pixels per radius the one-tile map is 9 radii, 90 pixels, wide (see above).
    let run = query(&[
        "render",
        "one-city-tile.yaml",
        "-o",
        out.to_str().unwrap(),
        "--scale",
        "10",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let (width, height) = png_size(&std::fs::read(&out).unwrap());
    assert_eq!(width, 90);
    assert!(
        height > 80,
        "the map is about 9 radii tall plus the legend: {height}"
    );
    let gif = query(&[
        "render",
        "one-city-tile.yaml",
        "-o",
        dir.join("map.gif").to_str().unwrap(),
    ]);
    assert_eq!(gif.code, 2);
    assert!(gif.stderr.contains(".svg or .png"), "{}", gif.stderr);
    let huge = query(&[
        "render",
        "one-city-tile.yaml",
        "-o",
        out.to_str().unwrap(),
        "--print-mm",
        "200",
        "--dpi",
        "1200",
    ]);
    assert_eq!(huge.code, 2, "{}", huge.stderr);
    assert!(huge.stderr.contains("too large"), "{}", huge.stderr);
}

#[test]
fn hexes_given_one_by_one_extend_a_tile_map() {
    let file = "homebrew-free-hexes.yaml";
    // The rooftop [0, 3] (elevation 3) and M1 hex 1 at [0, -2] (elevation 4): 5 hexes apart,
    // 1 level apart, so range 6.
    let far = los_json(file, "0,3", "1/1");
    assert_eq!(
        (
            far["distance"].as_u64(),
            far["elevation_difference"].as_u64(),
            far["range"].as_u64()
        ),
        (Some(5), Some(1), Some(6))
    );
    // Along the street, the thicket at [5, 0] blocks the line from [3, 0] to [6, 0]; a figure
    // in it is hidden from [3, 0] but sees out.
    assert_eq!(los_json(file, "3,0", "6,0")["visible"], Value::Bool(false));
    let into = los_json(file, "3,0", "5,0");
    assert_eq!(into["visible"], Value::Bool(false));
    assert_eq!(into["reverse_visible"], Value::Bool(true));
    // A street hex is not a tile's: it has no `tile/hex` name, and the map is whole.
    let run = query(&["validate", file]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
}
