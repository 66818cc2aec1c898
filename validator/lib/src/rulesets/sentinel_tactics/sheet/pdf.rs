//! The setup sheet as a one-page PDF: the map as an image rasterised from the same drawing as
//! `megahex render`, and the text in the standard Helvetica fonts, so any PDF reader shows it,
//! prints it, and lets its text be searched and copied.

use miniz_oxide::deflate::compress_to_vec_zlib;
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, Str};

use super::{MM_PER_PT, Sheet};
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

/// Writes the sheet as a PDF document.
pub fn to_pdf(sheet: &Sheet) -> Result<Vec<u8>, PngError> {
    let pt = |mm: f64| (mm / MM_PER_PT) as f32;
    let [page_w, page_h] = sheet.page_mm;
    let [map_x, map_y, map_w, map_h] = sheet.map_mm;
    let [view_w, _] = super::svg_size(&sheet.map_svg);
    let pixels_wide = (map_w / 25.4 * MAP_DPI).max(1.0);
    let (width, height, rgba) = rgba_from_svg(&sheet.map_svg, pixels_wide / view_w)?;
    let rgb: Vec<u8> = rgba
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    let image = compress_to_vec_zlib(&rgb, 6);

    let (catalog, pages, page, image_id, content_id, regular, bold) = (
        Ref::new(1),
        Ref::new(2),
        Ref::new(3),
        Ref::new(4),
        Ref::new(5),
        Ref::new(6),
        Ref::new(7),
    );
    let mut pdf = Pdf::new();
    pdf.catalog(catalog).pages(pages);
    pdf.pages(pages).kids([page]).count(1);
    let mut page_dict = pdf.page(page);
    page_dict.media_box(Rect::new(0.0, 0.0, pt(page_w), pt(page_h)));
    page_dict.parent(pages);
    page_dict.contents(content_id);
    let mut resources = page_dict.resources();
    resources.x_objects().pair(Name(b"Map"), image_id);
    resources
        .fonts()
        .pair(Name(b"F1"), regular)
        .pair(Name(b"F2"), bold);
    resources.finish();
    page_dict.finish();
    pdf.type1_font(regular).base_font(Name(b"Helvetica"));
    pdf.type1_font(bold).base_font(Name(b"Helvetica-Bold"));
    let mut xobject = pdf.image_xobject(image_id, &image);
    xobject.filter(Filter::FlateDecode);
    xobject.width(width as i32);
    xobject.height(height as i32);
    xobject.color_space().device_rgb();
    xobject.bits_per_component(8);
    xobject.finish();

    let mut content = Content::new();
    content.save_state();
    content.transform([
        pt(map_w),
        0.0,
        0.0,
        pt(map_h),
        pt(map_x),
        pt(page_h - map_y - map_h),
    ]);
    content.x_object(Name(b"Map"));
    content.restore_state();
    for line in &sheet.lines {
        let font = if line.bold { Name(b"F2") } else { Name(b"F1") };
        content.begin_text();
        content.set_font(font, line.size_pt as f32);
        content.next_line(pt(line.x_mm), pt(page_h - line.y_mm));
        content.show(Str(&ascii(&line.text)));
        content.end_text();
    }
    pdf.stream(content_id, &content.finish());
    Ok(pdf.finish())
}
