//! The setup sheet as PDF: the map as an image rasterised from the same drawing as
//! `megahex render`, and the text in the standard Helvetica fonts, so any PDF reader shows it,
//! prints it, and lets its text be searched and copied. At tile scale the map follows on as
//! many pages of the same paper as it needs.

use miniz_oxide::deflate::compress_to_vec_zlib;
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, Str};

use super::poster::{OVERLAP_MM, POSTER_MARGIN_MM, Poster, PosterPage};
use super::{MM_PER_PT, Sheet, TextLine};
use crate::report::png::{PngError, rgba_from_svg};

/// Dots per inch of the map's image.
const MAP_DPI: f64 = 200.0;

/// The text as the standard fonts' encoding holds it: ASCII, with the few other characters a
/// scenario is likely to hold written the ASCII way.
fn ascii(text: &str) -> Vec<u8> {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '→' => out.push_str("->"),
            '–' | '—' => out.push('-'),
            '‘' | '’' => out.push('\''),
            '“' | '”' => out.push('"'),
            '…' => out.push_str("..."),
            '×' => out.push('x'),
            c if c.is_ascii() && !c.is_ascii_control() => out.push(c),
            c if c.is_whitespace() => out.push(' '),
            _ => out.push('?'),
        }
    }
    out.into_bytes()
}

/// A picture placed on a page: RGB pixels and where they go, in millimetres.
struct Picture {
    width: u32,
    height: u32,
    rgb: Vec<u8>,
    at_mm: [f64; 4],
}

/// A straight line on a page, in millimetres, optionally dashed.
struct Stroke {
    from_mm: [f64; 2],
    to_mm: [f64; 2],
    width_mm: f64,
    rgb: [f32; 3],
    dashed: bool,
}

/// Black, for marks on white paper.
const INK: [f32; 3] = [0.0, 0.0, 0.0];
/// White, for lines over the map's dark ground.
const ON_MAP: [f32; 3] = [1.0, 1.0, 1.0];
/// The key's colour: orange, which stands out on the map's blues, greys and greens.
const KEY: [f32; 3] = [1.0, 0.55, 0.0];

/// What one page holds.
struct Page {
    size_mm: [f64; 2],
    picture: Option<Picture>,
    strokes: Vec<Stroke>,
    lines: Vec<TextLine>,
    /// Text in a colour of its own (the key's page names over the map).
    coloured: Vec<(TextLine, [f32; 3])>,
}

/// A drawing rasterised at [`MAP_DPI`] for `width_mm` of paper, on white.
fn picture(svg: &str, at_mm: [f64; 4]) -> Result<Picture, PngError> {
    let [view_w, _] = super::svg_size(svg);
    let pixels_wide = (at_mm[2] / 25.4 * MAP_DPI).max(1.0);
    let (width, height, rgba) = rgba_from_svg(svg, pixels_wide / view_w)?;
    // Premultiplied pixels over white: transparent parts of the drawing print as paper.
    let rgb = rgba
        .chunks_exact(4)
        .flat_map(|p| {
            let clear = 255 - u16::from(p[3]);
            [0, 1, 2].map(|i| (u16::from(p[i]) + clear).min(255) as u8)
        })
        .collect();
    Ok(Picture {
        width,
        height,
        rgb,
        at_mm,
    })
}

/// Writes the sheet as a one-page PDF document.
pub fn to_pdf(sheet: &Sheet) -> Result<Vec<u8>, PngError> {
    Ok(write(&[sheet_page(sheet, Vec::new())?]))
}

/// The sheet's page, with `strokes` drawn over its map.
fn sheet_page(sheet: &Sheet, strokes: Vec<Stroke>) -> Result<Page, PngError> {
    Ok(Page {
        size_mm: sheet.page_mm,
        picture: Some(picture(&sheet.map_svg, sheet.map_mm)?),
        strokes,
        lines: sheet.lines.clone(),
        coloured: Vec::new(),
    })
}

/// Writes the setup sheet with the map at tile scale after it: the sheet (`cover`, laid out on
/// the poster's paper) with a key of the pages drawn over its map, then one page per part of
/// `map_svg` (the map drawn at tile scale) as `poster` splits it, each with its name, cut
/// marks, the lines where its neighbours lie over it, and a 50 mm bar to check the printer's
/// scale.
pub fn poster_to_pdf(
    cover: &Sheet,
    map_svg: &str,
    poster: &Poster,
    title: &str,
) -> Result<Vec<u8>, PngError> {
    let [map_x, map_y, map_w, _] = cover.map_mm;
    let to_cover = map_w / poster.map_mm[0];
    let mut key = Vec::new();
    let mut key_names = Vec::new();
    let mut cover_lines = cover.lines.clone();
    for page in &poster.pages {
        let [x, y, w, h] = page.window_mm.map(|v| v * to_cover);
        let (left, top) = (map_x + x, map_y + y);
        let corners = [
            [left, top],
            [left + w, top],
            [left + w, top + h],
            [left, top + h],
        ];
        for i in 0..4 {
            key.push(Stroke {
                from_mm: corners[i],
                to_mm: corners[(i + 1) % 4],
                width_mm: 0.4,
                rgb: KEY,
                dashed: false,
            });
        }
        let name = TextLine {
            x_mm: left + 1.5,
            y_mm: top + 4.0,
            size_pt: 9.0,
            bold: true,
            text: page.label.clone(),
        };
        key_names.push((name, KEY));
    }
    let last = poster.pages.last().map_or("A1", |p| p.label.as_str());
    cover_lines.push(TextLine {
        x_mm: super::MARGIN_MM,
        y_mm: cover.page_mm[1] - super::MARGIN_MM / 2.0,
        size_pt: 8.0,
        bold: false,
        text: format!(
            "The map at tile scale follows on pages A1 to {last} ({} pages, {} x {} mm); the key on the map above shows where each goes.",
            poster.pages.len(),
            poster.map_mm[0].round(),
            poster.map_mm[1].round()
        ),
    });
    let mut pages = vec![Page {
        lines: cover_lines,
        coloured: key_names,
        ..sheet_page(cover, key)?
    }];
    for page in &poster.pages {
        pages.push(poster_page(map_svg, poster, page, title)?);
    }
    Ok(write(&pages))
}

/// One part of the map at tile scale, with its marks and words.
fn poster_page(
    map_svg: &str,
    poster: &Poster,
    page: &PosterPage,
    title: &str,
) -> Result<Page, PngError> {
    let [x, y, w, h] = page.window_mm;
    let [view_w, view_h] = super::svg_size(map_svg);
    let unit_mm = poster.map_mm[0] / view_w;
    // The window of the map, in millimetres, on white.
    let inner_start = map_svg.find('>').map_or(0, |i| i + 1);
    let inner_end = map_svg.rfind("</svg>").unwrap_or(map_svg.len());
    let inner = map_svg[inner_start..inner_end].replacen(
        r#"<rect width="100%" height="100%""#,
        &format!(r#"<rect width="{view_w:.3}" height="{view_h:.3}""#),
        1,
    );
    let window = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.3}mm" height="{h:.3}mm" viewBox="{x:.3} {y:.3} {w:.3} {h:.3}" font-family="sans-serif"><rect x="{x:.3}" y="{y:.3}" width="{w:.3}" height="{h:.3}" fill="#ffffff"/><g transform="scale({unit_mm:.6})">{inner}</g></svg>"##
    );
    let at = poster.picture_on_page(page);
    let [left, top, width, height] = at;
    let (right, bottom) = (left + width, top + height);
    let mut strokes = Vec::new();
    // Cut marks at the picture's corners, in the margin, 2 mm clear of the picture.
    let mark = |from: [f64; 2], to: [f64; 2]| Stroke {
        from_mm: from,
        to_mm: to,
        width_mm: 0.25,
        rgb: INK,
        dashed: false,
    };
    for cx in [left, right] {
        for (cy, out) in [(top, -1.0), (bottom, 1.0)] {
            strokes.push(mark([cx, cy + out * 2.0], [cx, cy + out * 8.0]));
        }
    }
    for cy in [top, bottom] {
        for (cx, out) in [(left, -1.0), (right, 1.0)] {
            strokes.push(mark([cx + out * 2.0, cy], [cx + out * 8.0, cy]));
        }
    }
    // Where the next page to the right and below starts: its edge lands on these lines.
    let has_right = page.column + 1 < poster.columns;
    let has_below = page.row + 1 < poster.rows;
    if has_right {
        let at_x = right - OVERLAP_MM;
        strokes.push(Stroke {
            from_mm: [at_x, top],
            to_mm: [at_x, bottom],
            width_mm: 0.3,
            rgb: ON_MAP,
            dashed: true,
        });
    }
    if has_below {
        let at_y = bottom - OVERLAP_MM;
        strokes.push(Stroke {
            from_mm: [left, at_y],
            to_mm: [right, at_y],
            width_mm: 0.3,
            rgb: ON_MAP,
            dashed: true,
        });
    }
    // A bar of known length, to check the printer did not scale the page.
    let [page_w, page_h] = poster.paper_mm;
    let bar_y = page_h - 4.0;
    strokes.push(Stroke {
        from_mm: [page_w - POSTER_MARGIN_MM - 50.0, bar_y],
        to_mm: [page_w - POSTER_MARGIN_MM, bar_y],
        width_mm: 0.6,
        rgb: INK,
        dashed: false,
    });
    let trim = match (page.column > 0, page.row > 0) {
        (true, true) => "Trim the left and top edges at the marks",
        (true, false) => "Trim the left edge at the marks",
        (false, true) => "Trim the top edge at the marks",
        (false, false) => "Keep this page whole",
    };
    let neighbours = match (has_right, has_below) {
        (true, true) => "; the pages to the right and below lie over it up to the dashed lines",
        (true, false) => "; the page to the right lies over it up to the dashed line",
        (false, true) => "; the page below lies over it up to the dashed line",
        (false, false) => "",
    };
    let lines = vec![
        TextLine {
            x_mm: POSTER_MARGIN_MM,
            y_mm: 8.0,
            size_pt: 11.0,
            bold: true,
            text: page.label.clone(),
        },
        TextLine {
            x_mm: POSTER_MARGIN_MM + 12.0,
            y_mm: 8.0,
            size_pt: 8.0,
            bold: false,
            text: format!(
                "{title}: row {} of {}, column {} of {}, map at tile scale",
                page.label.trim_end_matches(|c: char| c.is_ascii_digit()),
                poster.rows,
                page.column + 1,
                poster.columns
            ),
        },
        TextLine {
            x_mm: POSTER_MARGIN_MM,
            y_mm: page_h - 6.0,
            size_pt: 7.0,
            bold: false,
            text: format!("{trim}{neighbours}. Print at 100 %."),
        },
        TextLine {
            x_mm: page_w - POSTER_MARGIN_MM - 50.0,
            y_mm: bar_y - 1.5,
            size_pt: 6.5,
            bold: false,
            text: "this bar is 50 mm".to_owned(),
        },
    ];
    Ok(Page {
        size_mm: poster.paper_mm,
        picture: Some(picture(&window, at)?),
        strokes,
        lines,
        coloured: Vec::new(),
    })
}

/// The pages as one PDF document.
fn write(pages: &[Page]) -> Vec<u8> {
    let pt = |mm: f64| (mm / MM_PER_PT) as f32;
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let regular = Ref::new(3);
    let bold = Ref::new(4);
    // Three objects a page: the page, its content and its picture.
    let ids = |i: usize| {
        let base = 5 + 3 * i as i32;
        (Ref::new(base), Ref::new(base + 1), Ref::new(base + 2))
    };
    let mut pdf = Pdf::new();
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids((0..pages.len()).map(|i| ids(i).0))
        .count(pages.len() as i32);
    pdf.type1_font(regular).base_font(Name(b"Helvetica"));
    pdf.type1_font(bold).base_font(Name(b"Helvetica-Bold"));
    for (i, page) in pages.iter().enumerate() {
        let (page_id, content_id, image_id) = ids(i);
        let [page_w, page_h] = page.size_mm;
        let mut page_dict = pdf.page(page_id);
        page_dict.media_box(Rect::new(0.0, 0.0, pt(page_w), pt(page_h)));
        page_dict.parent(tree);
        page_dict.contents(content_id);
        let mut resources = page_dict.resources();
        if page.picture.is_some() {
            resources.x_objects().pair(Name(b"Map"), image_id);
        }
        resources
            .fonts()
            .pair(Name(b"F1"), regular)
            .pair(Name(b"F2"), bold);
        resources.finish();
        page_dict.finish();

        let mut content = Content::new();
        if let Some(picture) = &page.picture {
            let image = compress_to_vec_zlib(&picture.rgb, 6);
            let mut xobject = pdf.image_xobject(image_id, &image);
            xobject.filter(Filter::FlateDecode);
            xobject.width(picture.width as i32);
            xobject.height(picture.height as i32);
            xobject.color_space().device_rgb();
            xobject.bits_per_component(8);
            xobject.finish();
            let [x, y, w, h] = picture.at_mm;
            content.save_state();
            content.transform([pt(w), 0.0, 0.0, pt(h), pt(x), pt(page_h - y - h)]);
            content.x_object(Name(b"Map"));
            content.restore_state();
        }
        for stroke in &page.strokes {
            content.save_state();
            content.set_line_width(pt(stroke.width_mm));
            let [r, g, b] = stroke.rgb;
            content.set_stroke_rgb(r, g, b);
            if stroke.dashed {
                content.set_dash_pattern([pt(3.0), pt(2.0)], 0.0);
            }
            content.move_to(pt(stroke.from_mm[0]), pt(page_h - stroke.from_mm[1]));
            content.line_to(pt(stroke.to_mm[0]), pt(page_h - stroke.to_mm[1]));
            content.stroke();
            content.restore_state();
        }
        let black = page.lines.iter().map(|line| (line, INK));
        let coloured = page.coloured.iter().map(|(line, rgb)| (line, *rgb));
        for (line, [r, g, b]) in black.chain(coloured) {
            let font = if line.bold { Name(b"F2") } else { Name(b"F1") };
            content.begin_text();
            content.set_fill_rgb(r, g, b);
            content.set_font(font, line.size_pt as f32);
            content.next_line(pt(line.x_mm), pt(page_h - line.y_mm));
            content.show(Str(&ascii(&line.text)));
            content.end_text();
        }
        pdf.stream(content_id, &content.finish());
    }
    pdf.finish()
}
