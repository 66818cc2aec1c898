//! `megahex sheet`: one page, its text there to be read out of the PDF's page content (each
//! tile, token and objective), its paper size as asked, and its map the very drawing
//! `megahex render` makes.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use common::{megahex_in, scratch_dir, workspace_root};
use megahex_schema::rulesets::sentinel_tactics::Scenario;

const BLADES: &str = "scenarios/city-blades-gambit.yaml";

/// The strings a PDF's page content shows (`(...) Tj` inside each `BT ... ET` text object):
/// literal strings read as PDF reads them, balanced parentheses kept and escapes undone.
fn shown_text(pdf: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(pdf);
    text.split("\nBT\n")
        .skip(1)
        .filter_map(|object| object.split("\nET").next())
        .flat_map(|object| strings_shown(object.as_bytes()))
        .collect()
}

fn strings_shown(pdf: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < pdf.len() {
        if pdf[i] != b'(' {
            i += 1;
            continue;
        }
        let (mut depth, mut j, mut shown) = (1, i + 1, Vec::new());
        while j < pdf.len() && depth > 0 {
            match pdf[j] {
                b'\\' if j + 1 < pdf.len() => {
                    shown.push(pdf[j + 1]);
                    j += 1;
                }
                b'(' => {
                    depth += 1;
                    shown.push(b'(');
                }
                b')' => {
                    depth -= 1;
                    if depth > 0 {
                        shown.push(b')');
                    }
                }
                c => shown.push(c),
            }
            j += 1;
        }
        if pdf[j..].starts_with(b" Tj") {
            out.push(String::from_utf8_lossy(&shown).into_owned());
        }
        i = j;
    }
    out
}

fn scenario(path: &str) -> Scenario {
    serde_yaml::from_str(&std::fs::read_to_string(workspace_root().join(path)).unwrap()).unwrap()
}

#[test]
fn the_pdf_is_one_page_with_every_tile_token_and_objective_in_its_text() {
    let dir = scratch_dir("sheet-pdf");
    let out = dir.join("setup.pdf");
    let run = megahex_in(
        &workspace_root(),
        ["sheet", BLADES, "-o", out.to_str().unwrap()],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let pdf = std::fs::read(&out).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    let text = String::from_utf8_lossy(&pdf);
    let pages = text.matches("/Type /Page\n").count() + text.matches("/Type /Page ").count();
    assert_eq!(pages, 1, "one page object");
    assert!(text.contains("/Count 1"));
    // A4 is 210 x 297 mm: 595.28 x 841.89 points of 1/72 inch.
    assert!(text.contains("/MediaBox [0 0 595.2756 841.8898]"), "A4");
    let shown = shown_text(&pdf).join("\n");
    let scenario = scenario(BLADES);
    for placement in &scenario.map.tiles {
        let name = format!("M{} (tile {},", placement.tile, placement.tile);
        assert!(shown.contains(&name), "tile {}: {shown}", placement.tile);
    }
    for token in &scenario.tokens {
        assert!(
            shown.contains(&format!("{} (", token.id)),
            "token {}",
            token.id
        );
    }
    for objective in &scenario.objectives {
        assert!(shown.contains(&objective.id), "objective {}", objective.id);
    }
    for team in &scenario.teams {
        assert!(shown.contains(&team.id), "team {}", team.id);
    }
    // The zones, the figures arriving later, the bonuses and the description are on it too:
    // the heroes' zone starts with the hexes the file writes as `1/4, 1/7`.
    assert!(shown.contains("Deployment zones"), "{shown}");
    assert!(shown.contains("heroes: 1/4 1/7 "), "{shown}");
    assert!(shown.contains("Reinforcements"), "{shown}");
    for bonus in &scenario.bonuses {
        assert!(
            shown.contains(&format!("{}, {}:", bonus.team, bonus.when)),
            "bonus {}: {shown}",
            bonus.when
        );
    }
    let description = scenario.description.as_deref().unwrap();
    let first_words: String = description
        .split_whitespace()
        .take(4)
        .collect::<Vec<_>>()
        .join(" ");
    assert!(shown.contains(&first_words), "{first_words}: {shown}");
}

#[test]
fn the_map_on_the_sheet_is_the_drawing_render_makes() {
    let dir = scratch_dir("sheet-svg");
    let root = workspace_root();
    let (sheet, map) = (dir.join("setup.svg"), dir.join("map.svg"));
    let run = megahex_in(&root, ["sheet", BLADES, "-o", sheet.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let render = megahex_in(&root, ["render", BLADES, "-o", map.to_str().unwrap()]);
    assert_eq!(render.code, 0, "{}", render.stderr);
    let sheet = std::fs::read_to_string(sheet).unwrap();
    let map = std::fs::read_to_string(map).unwrap();
    // Every element of the map's drawing but its root and background is on the sheet as is.
    let body: Vec<&str> = map
        .lines()
        .filter(|l| !l.starts_with("<svg") && !l.starts_with("</svg") && !l.contains("100%"))
        .collect();
    assert!(body.len() > 100, "a real drawing");
    let sheet_lines: std::collections::HashSet<&str> = sheet.lines().collect();
    for line in body {
        assert!(sheet_lines.contains(line), "missing from the sheet: {line}");
    }
}

#[test]
fn letter_paper_and_table_scale_size_the_page() {
    let dir = scratch_dir("sheet-sizes");
    let root = workspace_root();
    let letter = dir.join("letter.pdf");
    let run = megahex_in(
        &root,
        [
            "sheet",
            BLADES,
            "-o",
            letter.to_str().unwrap(),
            "--paper",
            "letter",
        ],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    // US Letter is 8.5 x 11 inches: 612 x 792 points.
    let text = String::from_utf8_lossy(&std::fs::read(&letter).unwrap()).into_owned();
    assert!(text.contains("/MediaBox [0 0 612 792]"), "letter");
    let table = dir.join("table.svg");
    let run = megahex_in(
        &root,
        [
            "sheet",
            BLADES,
            "-o",
            table.to_str().unwrap(),
            "--table-scale",
            "40",
        ],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let svg = std::fs::read_to_string(&table).unwrap();
    // The map is 9 hex columns wide at least (four tiles): far wider than A4 at 40 mm a hex.
    let width: f64 = svg
        .split("width=\"")
        .nth(1)
        .and_then(|w| w.split("mm").next())
        .unwrap()
        .parse()
        .unwrap();
    assert!(width > 9.0 * 40.0 * 0.75, "{width} mm");
    let bad = megahex_in(&root, ["sheet", BLADES, "-o", "x.doc"]);
    assert_eq!(bad.code, 2);
}

/// Pages of one side of the paper a map side needs, by the rule docs/cli.md gives: 12 mm
/// margins, neighbouring pages showing the same 15 mm.
fn pages_along(map_mm: f64, paper_mm: f64) -> usize {
    let room = paper_mm - 24.0;
    if map_mm <= room {
        1
    } else {
        ((map_mm - room) / (room - 15.0)).ceil() as usize + 1
    }
}

#[test]
fn at_tile_scale_the_pdf_is_the_sheet_then_the_map_over_pages_of_the_paper() {
    let dir = scratch_dir("sheet-poster");
    let root = workspace_root();
    // The map's size at 40 mm a hex, as `megahex render` draws it.
    let map = dir.join("map.svg");
    let run = megahex_in(
        &root,
        [
            "render",
            BLADES,
            "-o",
            map.to_str().unwrap(),
            "--print-mm",
            "40",
        ],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let svg = std::fs::read_to_string(&map).unwrap();
    let size = |key: &str| -> f64 {
        svg.split(&format!("{key}=\""))
            .nth(1)
            .and_then(|w| w.split("mm").next())
            .unwrap()
            .parse()
            .unwrap()
    };
    let (map_w, map_h) = (size("width"), size("height"));
    // US Letter is 215.9 x 279.4 mm; the map goes upright or on its side, whichever takes
    // fewer pages.
    let upright = pages_along(map_w, 215.9) * pages_along(map_h, 279.4);
    let on_side = pages_along(map_w, 279.4) * pages_along(map_h, 215.9);
    let map_pages = upright.min(on_side);
    assert!(map_pages > 1, "{map_w} x {map_h} mm fits one page");

    let out = dir.join("poster.pdf");
    let run = megahex_in(
        &root,
        [
            "sheet",
            BLADES,
            "-o",
            out.to_str().unwrap(),
            "--table-scale",
            "40",
            "--paper",
            "letter",
        ],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let pdf = std::fs::read(&out).unwrap();
    let text = String::from_utf8_lossy(&pdf);
    assert!(
        text.contains(&format!("/Count {}", map_pages + 1)),
        "{map_pages} map pages"
    );
    let letter = text.matches("/MediaBox [0 0 612 792]").count();
    let letter_on_side = text.matches("/MediaBox [0 0 792 612]").count();
    assert_eq!(
        letter + letter_on_side,
        map_pages + 1,
        "every page is letter"
    );
    let shown = shown_text(&pdf);
    // The sheet's own text, then each page's name on it and in the key.
    assert!(shown.iter().any(|s| s.starts_with("Setup: ")), "{shown:?}");
    assert!(
        shown
            .iter()
            .any(|s| s.starts_with("The map at tile scale follows on pages A1 to "))
    );
    assert_eq!(
        shown.iter().filter(|s| *s == "A1").count(),
        2,
        "the key's and the page's"
    );
    assert!(shown.iter().any(|s| s.contains("Print at 100 %.")));
    assert!(shown.iter().any(|s| s == "this bar is 50 mm"));
}
