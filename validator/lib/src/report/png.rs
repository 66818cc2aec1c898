//! PNG pictures: the SVG drawing of [`super::svg`] rasterised, so a PNG and an SVG of the same
//! map always match. Text uses the font bundled with the editor, so pictures look the same on
//! every machine, fonts installed or not.

use resvg::{tiny_skia, usvg};

/// The font the pictures' text is drawn with: egui's Ubuntu Light, which the editor also draws
/// its own text with from these same bytes. A `static`, so a program holding both (the web
/// page's WebAssembly) holds the font once; each use of the fonts crate's `const` would copy it.
pub static PICTURE_FONT: &[u8] = epaint_default_fonts::UBUNTU_LIGHT;

/// The largest picture made, in pixels (a 10 000 × 10 000 image): beyond that a typo in a
/// scale or resolution would quietly fill the memory.
const MAX_PIXELS: u64 = 100_000_000;

/// Why no picture came out.
#[derive(Debug, thiserror::Error)]
pub enum PngError {
    /// The drawing could not be read (a bug in the SVG writer, not the user's input).
    #[error("the drawing could not be rasterised: {0}")]
    Svg(String),
    /// The requested size is empty or too large.
    #[error("a {width} × {height} pixel picture is too large; lower the scale or resolution")]
    TooLarge {
        /// Requested width in pixels.
        width: u64,
        /// Requested height in pixels.
        height: u64,
    },
    /// Encoding failed.
    #[error("the PNG could not be encoded: {0}")]
    Encode(String),
}

/// Rasterises an SVG document, `zoom` pixels per SVG pixel (CSS pixels: a millimetre is 96 / 25.4
/// of them, so a print at `dpi` dots per inch uses `zoom = dpi / 96`). The file records that
/// resolution (`96 × zoom` dots per inch), so a picture drawn at tile scale prints at tile scale.
pub fn from_svg(svg: &str, zoom: f64) -> Result<Vec<u8>, PngError> {
    let png = pixmap(svg, zoom)?
        .encode_png()
        .map_err(|e| PngError::Encode(e.to_string()))?;
    Ok(with_resolution(png, 96.0 * zoom))
}

/// Length of the PNG signature and the IHDR chunk that always follows it.
const SIGNATURE_AND_HEADER: usize = 8 + 4 + 4 + 13 + 4;

/// `png` with a `pHYs` chunk saying `dpi` dots per inch, right after its header (where the
/// format wants it, before the image data). Without one a printer guesses the size.
fn with_resolution(png: Vec<u8>, dpi: f64) -> Vec<u8> {
    if png.len() < SIGNATURE_AND_HEADER || &png[12..16] != b"IHDR" || !dpi.is_finite() || dpi <= 0.0
    {
        return png;
    }
    let per_metre = (dpi / 0.0254).round().clamp(1.0, f64::from(u32::MAX)) as u32;
    let mut chunk = Vec::with_capacity(21);
    chunk.extend_from_slice(&9u32.to_be_bytes());
    chunk.extend_from_slice(b"pHYs");
    chunk.extend_from_slice(&per_metre.to_be_bytes());
    chunk.extend_from_slice(&per_metre.to_be_bytes());
    chunk.push(1); // the unit is the metre
    let crc = crc32fast::hash(&chunk[4..]);
    chunk.extend_from_slice(&crc.to_be_bytes());
    let mut out = Vec::with_capacity(png.len() + chunk.len());
    out.extend_from_slice(&png[..SIGNATURE_AND_HEADER]);
    out.extend_from_slice(&chunk);
    out.extend_from_slice(&png[SIGNATURE_AND_HEADER..]);
    out
}

/// The same drawing as pixels: width, height and premultiplied RGBA rows, for a picture placed
/// in another document (the setup sheet's PDF).
pub fn rgba_from_svg(svg: &str, zoom: f64) -> Result<(u32, u32, Vec<u8>), PngError> {
    let pixmap = pixmap(svg, zoom)?;
    Ok((pixmap.width(), pixmap.height(), pixmap.take()))
}

fn pixmap(svg: &str, zoom: f64) -> Result<tiny_skia::Pixmap, PngError> {
    let mut options = usvg::Options::default();
    let fonts = options.fontdb_mut();
    fonts.load_font_data(PICTURE_FONT.to_vec());
    fonts.set_sans_serif_family("Ubuntu");
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| PngError::Svg(e.to_string()))?;
    let size = tree.size();
    let width = (f64::from(size.width()) * zoom).ceil();
    let height = (f64::from(size.height()) * zoom).ceil();
    let too_large = || PngError::TooLarge {
        width: width as u64,
        height: height as u64,
    };
    if !(width.is_finite() && height.is_finite() && width >= 1.0 && height >= 1.0)
        || (width as u64).saturating_mul(height as u64) > MAX_PIXELS
    {
        return Err(too_large());
    }
    let mut pixmap = tiny_skia::Pixmap::new(width as u32, height as u32).ok_or_else(too_large)?;
    let zoom = zoom as f32;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(zoom, zoom),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_picture_records_the_resolution_it_was_drawn_at() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>"#;
        // 300 dpi is 11811.02 dots a metre; a PNG stores whole dots.
        let png = from_svg(svg, 300.0 / 96.0).unwrap();
        let at = png.windows(4).position(|w| w == b"pHYs").unwrap();
        assert_eq!(
            u32::from_be_bytes(png[at + 4..at + 8].try_into().unwrap()),
            11811
        );
        assert_eq!(
            u32::from_be_bytes(png[at + 8..at + 12].try_into().unwrap()),
            11811
        );
        assert_eq!(png[at + 12], 1, "per metre");
        // Before the image data, and the file still decodes to the same pixels.
        let data = png.windows(4).position(|w| w == b"IDAT").unwrap();
        assert!(at < data);
        let decoded = tiny_skia::Pixmap::decode_png(&png).unwrap();
        assert_eq!((decoded.width(), decoded.height()), (32, 32));
        assert_eq!(decoded.pixel(5, 5).unwrap().red(), 255);
    }
}
