//! PNG pictures: the SVG drawing of [`super::svg`] rasterised, so a PNG and an SVG of the same
//! map always match. Text uses the font bundled with the editor, so pictures look the same on
//! every machine, fonts installed or not.

use resvg::{tiny_skia, usvg};

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
/// of them, so a print at `dpi` dots per inch uses `zoom = dpi / 96`).
pub fn from_svg(svg: &str, zoom: f64) -> Result<Vec<u8>, PngError> {
    pixmap(svg, zoom)?
        .encode_png()
        .map_err(|e| PngError::Encode(e.to_string()))
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
    fonts.load_font_data(epaint_default_fonts::UBUNTU_LIGHT.to_vec());
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
