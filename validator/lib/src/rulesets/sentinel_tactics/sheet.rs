//! The setup sheet: one page a group builds the table from. The map as `megahex render` draws it
//! (each tile's name on its centre hex and its arrow), then the tiles to take out of the box with
//! their side and arrow direction, the teams and turn order, the tokens and where each starts,
//! the objectives with their hexes, the deployment zones, reinforcements, bonuses and special
//! rules, with the scenario's description under its title. Laid out once in millimetres ([`layout`]) and written as SVG
//! here, as PDF in [`pdf`], and as PNG from the SVG.

pub mod pdf;
pub mod poster;

use std::fmt::Write;

use megahex_schema::rulesets::sentinel_tactics::{Scenario, Side};

use crate::report::svg::{Overlay, Size, render_sized, wrap};
use crate::scene::Scene;

/// A page size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Paper {
    /// 210 × 297 mm.
    A4,
    /// 297 × 420 mm.
    A3,
    /// US Letter, 215.9 × 279.4 mm.
    Letter,
}

impl Paper {
    /// Width and height in millimetres, portrait.
    pub fn mm(self) -> [f64; 2] {
        match self {
            Paper::A4 => [210.0, 297.0],
            Paper::A3 => [297.0, 420.0],
            Paper::Letter => [215.9, 279.4],
        }
    }
}

/// How the sheet is sized: a paper size (the map fitted to it), or the map at tile scale (the
/// page as large as it needs).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SheetSize {
    /// Fit on this paper.
    Paper(Paper),
    /// The map printed at tile scale: one hex this many millimetres across its flats.
    TableScale(f64),
}

/// Margin around the page's content.
const MARGIN_MM: f64 = 12.0;
/// The text's size in points, and the line height in millimetres.
const TEXT_PT: f64 = 8.5;
const LINE_MM: f64 = 3.9;
const HEADING_PT: f64 = 10.0;
const TITLE_PT: f64 = 16.0;
/// A point in millimetres.
pub const MM_PER_PT: f64 = 25.4 / 72.0;

/// One line of text on the page.
#[derive(Debug, Clone, PartialEq)]
pub struct TextLine {
    /// Left edge, millimetres from the page's left.
    pub x_mm: f64,
    /// Baseline, millimetres from the page's top.
    pub y_mm: f64,
    /// Size in points.
    pub size_pt: f64,
    /// Bold (headings and the title).
    pub bold: bool,
    /// The text.
    pub text: String,
}

/// The page, laid out.
#[derive(Debug, Clone, PartialEq)]
pub struct Sheet {
    /// Page width and height in millimetres.
    pub page_mm: [f64; 2],
    /// The map's picture: the document `megahex render` writes.
    pub map_svg: String,
    /// Where the map goes: left, top, width and height in millimetres.
    pub map_mm: [f64; 4],
    /// The text.
    pub lines: Vec<TextLine>,
}

/// The words of the sheet, by section: a heading and its lines.
pub fn sections(scenario: &Scenario, scene: &Scene) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    let tiles = scenario
        .map
        .tiles
        .iter()
        .map(|p| {
            format!(
                "{}{} (tile {}, {} side) centred at {},{}; arrow {}",
                match p.side {
                    Side::Megalopolis => "M",
                    Side::InsulaPrimalis => "IP",
                },
                p.tile,
                p.tile,
                match p.side {
                    Side::Megalopolis => "Megalopolis",
                    Side::InsulaPrimalis => "Insula Primalis",
                },
                p.at[0],
                p.at[1],
                arrow_words(p.rotation)
            )
        })
        .collect();
    out.push(("Tiles to take out of the box".to_owned(), tiles));
    let mut teams: Vec<String> = scenario
        .teams
        .iter()
        .map(|t| match &t.name {
            Some(name) => format!("{} ({name})", t.id),
            None => t.id.clone(),
        })
        .collect();
    if !scenario.turn_order.is_empty() {
        teams.push(format!("Turn order: {}", scenario.turn_order.join(", ")));
    }
    if let Some(rounds) = scenario.round_limit {
        teams.push(format!("Round limit: {rounds}"));
    }
    out.push(("Teams and turn order".to_owned(), teams));
    let tokens = scenario
        .tokens
        .iter()
        .map(|token| {
            let at: Vec<String> = scene
                .token(&token.id)
                .map(|placed| placed.hexes.iter().map(|&h| hex_name(scene, h)).collect())
                .unwrap_or_default();
            let what = token.character.as_deref().unwrap_or(token.kind.as_str());
            let team = token
                .team
                .as_deref()
                .map(|t| format!(", {t}"))
                .unwrap_or_default();
            format!("{} ({what}{team}) on {}", token.id, at.join(" "))
        })
        .collect();
    out.push(("Tokens and where they start".to_owned(), tokens));
    let objectives = scenario
        .objectives
        .iter()
        .map(|o| {
            let mut line = format!("{} ({}, {})", o.id, o.team, o.kind.as_str());
            let mut what = Vec::new();
            if !o.hexes.is_empty() {
                what.push(format!("hexes {}", hexes_named(scene, &o.hexes)));
            }
            if !o.tokens.is_empty() {
                what.push(format!("tokens {}", o.tokens.join(" ")));
            }
            if !o.targets.is_empty() {
                what.push(format!("targets {}", o.targets.join(" ")));
            }
            if let Some(count) = o.count {
                what.push(format!("{count} needed"));
            }
            if let Some(rounds) = o.rounds {
                what.push(format!("for {rounds} round(s)"));
            }
            if !what.is_empty() {
                line.push_str(&format!(" {}", what.join(", ")));
            }
            if let Some(text) = &o.description {
                line.push_str(": ");
                line.push_str(text.trim());
            }
            line
        })
        .collect();
    out.push(("Objectives".to_owned(), objectives));
    if !scenario.deployment.is_empty() {
        let zones = scenario
            .deployment
            .iter()
            .map(|z| format!("{}: {}", z.team, hexes_named(scene, &z.hexes)))
            .collect();
        out.push(("Deployment zones".to_owned(), zones));
    }
    if !scenario.reinforcements.is_empty() {
        let arriving = scenario
            .reinforcements
            .iter()
            .map(|r| {
                let place = match r.hexes.is_empty() {
                    true => "in its deployment zone".to_owned(),
                    false => format!("on {}", hexes_named(scene, &r.hexes)),
                };
                format!(
                    "round {}: {} {} for {}, {place}",
                    r.round, r.count, r.character, r.team
                )
            })
            .collect();
        out.push(("Reinforcements".to_owned(), arriving));
    }
    if !scenario.bonuses.is_empty() {
        let bonuses = scenario
            .bonuses
            .iter()
            .map(|b| format!("{}, {}: {}", b.team, b.when.trim(), b.effect.trim()))
            .collect();
        out.push(("Bonuses".to_owned(), bonuses));
    }
    if !scenario.special_rules.is_empty() {
        out.push(("Special rules".to_owned(), scenario.special_rules.clone()));
    }
    out
}

/// A hex as the table names it: `T/I` on a tile (tile number, hex index), else `q,r`.
fn hex_name(scene: &Scene, at: crate::board::Axial) -> String {
    match scene.board.get(at) {
        Some(hex) if hex.tile > 0 => format!("{}/{}", hex.tile, hex.index),
        _ => format!("{},{}", at[0], at[1]),
    }
}

/// Hex references as the table names them; one that does not resolve is left out (the
/// validator reports it).
fn hexes_named(scene: &Scene, refs: &[megahex_schema::HexRef]) -> String {
    let names: Vec<String> = refs
        .iter()
        .filter_map(|r| scene.board.resolve(r).ok())
        .map(|h| hex_name(scene, h))
        .collect();
    names.join(" ")
}

/// Where a tile's arrow points, as the printed scenario pages draw it.
fn arrow_words(rotation: u8) -> &'static str {
    match rotation % 6 {
        0 => "up",
        1 => "up and right (turned once clockwise)",
        2 => "down and right (turned twice clockwise)",
        3 => "down",
        4 => "down and left (turned twice counter-clockwise)",
        _ => "up and left (turned once counter-clockwise)",
    }
}

/// Lays the page out: the title, the map across the top, the sections in two columns under it.
pub fn layout(scenario: &Scenario, scene: &Scene, size: SheetSize) -> Sheet {
    let decor = super::decor::decorations(scenario, &scene.board);
    let (drawing, paper) = match size {
        SheetSize::Paper(paper) => (Size::Pixels(crate::report::svg::DEFAULT_SCALE), Some(paper)),
        SheetSize::TableScale(mm) => (Size::Print { hex_flats_mm: mm }, None),
    };
    let map_svg = render_sized(&scene.board, &scene.tokens, &Overlay::None, &decor, drawing);
    let [map_w, map_h] = svg_size(&map_svg);
    let sections = sections(scenario, scene);
    // Two columns of text under the map.
    let page_w = match (paper, size) {
        (Some(paper), _) => paper.mm()[0],
        (None, SheetSize::TableScale(_)) => {
            (map_w * px_to_mm_print(&map_svg) + 2.0 * MARGIN_MM).max(Paper::A4.mm()[0])
        }
        _ => Paper::A4.mm()[0],
    };
    let column_w = (page_w - 3.0 * MARGIN_MM) / 2.0;
    let chars = (column_w / (TEXT_PT * MM_PER_PT * 0.5)).floor().max(20.0) as usize;
    // Each section as its rows, then the sections in order down the left column until it
    // holds half the rows, the rest down the right.
    let blocks: Vec<Vec<(bool, String)>> = sections
        .iter()
        .map(|(heading, lines)| {
            let mut rows = vec![(true, heading.clone())];
            if lines.is_empty() {
                rows.push((false, "none".to_owned()));
            }
            for line in lines {
                for (k, piece) in wrap(line, chars).into_iter().enumerate() {
                    let indent = if k == 0 { "" } else { "   " };
                    rows.push((false, format!("{indent}{piece}")));
                }
            }
            rows.push((false, String::new()));
            rows
        })
        .collect();
    let total: usize = blocks.iter().map(Vec::len).sum();
    let mut columns: [Vec<(bool, String)>; 2] = [Vec::new(), Vec::new()];
    for block in blocks {
        let column = usize::from(columns[0].len() * 2 >= total);
        columns[column].extend(block);
    }
    let description: Vec<String> = scenario
        .description
        .as_deref()
        .map(|text| {
            let full = ((page_w - 2.0 * MARGIN_MM) / (TEXT_PT * MM_PER_PT * 0.5)).floor();
            wrap(text.trim(), full.max(20.0) as usize)
        })
        .unwrap_or_default();
    let text_h = columns.iter().map(Vec::len).max().unwrap_or(0) as f64 * LINE_MM;
    let title_h = TITLE_PT * MM_PER_PT + 4.0 + description.len() as f64 * LINE_MM;
    let (map_mm, page_h) = match paper {
        Some(paper) => {
            let page_h = paper.mm()[1];
            let room_h = (page_h - 2.0 * MARGIN_MM - title_h - text_h - 4.0).max(40.0);
            let room_w = page_w - 2.0 * MARGIN_MM;
            let scale = (room_w / map_w).min(room_h / map_h);
            let (w, h) = (map_w * scale, map_h * scale);
            ([(page_w - w) / 2.0, MARGIN_MM + title_h, w, h], page_h)
        }
        None => {
            let mm = px_to_mm_print(&map_svg);
            let (w, h) = (map_w * mm, map_h * mm);
            let page_h = (2.0 * MARGIN_MM + title_h + h + 4.0 + text_h).max(Paper::A4.mm()[1]);
            ([(page_w - w) / 2.0, MARGIN_MM + title_h, w, h], page_h)
        }
    };
    let mut lines = vec![TextLine {
        x_mm: MARGIN_MM,
        y_mm: MARGIN_MM + TITLE_PT * MM_PER_PT,
        size_pt: TITLE_PT,
        bold: true,
        text: format!(
            "Setup: {}",
            scenario.title.as_deref().unwrap_or("untitled scenario")
        ),
    }];
    for (row, text) in description.iter().enumerate() {
        lines.push(TextLine {
            x_mm: MARGIN_MM,
            y_mm: MARGIN_MM + TITLE_PT * MM_PER_PT + 2.0 + (row as f64 + 1.0) * LINE_MM,
            size_pt: TEXT_PT,
            bold: false,
            text: text.clone(),
        });
    }
    let top = map_mm[1] + map_mm[3] + 4.0 + LINE_MM;
    for (c, column) in columns.iter().enumerate() {
        let x = MARGIN_MM + c as f64 * (column_w + MARGIN_MM);
        for (row, (heading, text)) in column.iter().enumerate() {
            if text.is_empty() {
                continue;
            }
            lines.push(TextLine {
                x_mm: x,
                y_mm: top + row as f64 * LINE_MM,
                size_pt: if *heading { HEADING_PT } else { TEXT_PT },
                bold: *heading,
                text: text.clone(),
            });
        }
    }
    Sheet {
        page_mm: [page_w, page_h],
        map_svg,
        map_mm,
        lines,
    }
}

/// The setup sheet on `paper`, then the map at tile scale (one hex `hex_flats_mm` across its
/// flats) split over as many pages of the same paper as it needs, as one PDF.
pub fn poster_pdf(
    scenario: &Scenario,
    scene: &Scene,
    hex_flats_mm: f64,
    paper: Paper,
) -> Result<Vec<u8>, crate::report::png::PngError> {
    let cover = layout(scenario, scene, SheetSize::Paper(paper));
    let decor = super::decor::decorations(scenario, &scene.board);
    let map_svg = render_sized(
        &scene.board,
        &scene.tokens,
        &Overlay::None,
        &decor,
        Size::Print { hex_flats_mm },
    );
    let [w, h] = svg_size(&map_svg);
    let unit_mm = px_to_mm_print(&map_svg);
    let plan = poster::plan([w * unit_mm, h * unit_mm], paper);
    let title = scenario.title.as_deref().unwrap_or("untitled scenario");
    pdf::poster_to_pdf(&cover, &map_svg, &plan, title)
}

/// The width and height of a drawing's view box.
fn svg_size(svg: &str) -> [f64; 2] {
    let view_box = svg
        .split("viewBox=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap_or("0 0 1 1");
    let numbers: Vec<f64> = view_box
        .split_whitespace()
        .filter_map(|n| n.parse().ok())
        .collect();
    match numbers.as_slice() {
        [_, _, w, h] if *w > 0.0 && *h > 0.0 => [*w, *h],
        _ => [1.0, 1.0],
    }
}

/// Millimetres per drawing unit of a print-sized drawing (its `width="…mm"` over its view box).
fn px_to_mm_print(svg: &str) -> f64 {
    let width_mm = svg
        .split("width=\"")
        .nth(1)
        .and_then(|rest| rest.split("mm\"").next())
        .and_then(|n| n.parse::<f64>().ok());
    match width_mm {
        Some(mm) => mm / svg_size(svg)[0],
        None => 25.4 / 96.0,
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The sheet as an SVG document in millimetres, on white, the map's drawing placed inside it.
pub fn to_svg(sheet: &Sheet) -> String {
    let [w, h] = sheet.page_mm;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.2}mm" height="{h:.2}mm" viewBox="0 0 {w:.3} {h:.3}" font-family="sans-serif">"#
    );
    let _ = writeln!(
        svg,
        r##"<rect width="100%" height="100%" fill="#ffffff"/>"##
    );
    let [x, y, mw, _] = sheet.map_mm;
    let [vw, vh] = svg_size(&sheet.map_svg);
    let inner_start = sheet.map_svg.find('>').map_or(0, |i| i + 1);
    let inner_end = sheet.map_svg.rfind("</svg>").unwrap_or(sheet.map_svg.len());
    // The drawing's background fills its own view box, not the page.
    let inner = sheet.map_svg[inner_start..inner_end].replacen(
        r#"<rect width="100%" height="100%""#,
        &format!(r#"<rect width="{vw:.3}" height="{vh:.3}""#),
        1,
    );
    let _ = writeln!(
        svg,
        r#"<g transform="translate({x:.3} {y:.3}) scale({:.6})">"#,
        mw / vw
    );
    svg.push_str(&inner);
    svg.push_str("</g>\n");
    for line in &sheet.lines {
        let weight = if line.bold {
            r#" font-weight="bold""#
        } else {
            ""
        };
        let _ = writeln!(
            svg,
            r##"<text x="{:.2}" y="{:.2}" font-size="{:.3}" fill="#111111"{weight}>{}</text>"##,
            line.x_mm,
            line.y_mm,
            line.size_pt * MM_PER_PT,
            escape(&line.text)
        );
    }
    svg.push_str("</svg>\n");
    svg
}
