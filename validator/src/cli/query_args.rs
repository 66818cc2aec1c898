//! The options of the map queries (`los`, `reach`, `render`, `area`): every game with a map
//! answers them in its own rules.

use std::path::PathBuf;

use clap::Args;

use super::output::PictureSize;

// `megahex los`. Plain comments on these structs: the command's own line is its help.
#[derive(Debug, Args)]
pub struct LosArgs {
    /// The scenario file.
    pub scenario: PathBuf,
    /// Viewer: q,r, T/I (tile/index) or a token id.
    #[arg(
        long,
        value_name = "REF",
        required_unless_present = "matrix",
        allow_hyphen_values = true
    )]
    pub from: Option<String>,
    /// Target: q,r, T/I or a token id. Without it, every hex of the map.
    #[arg(long, value_name = "REF", allow_hyphen_values = true)]
    pub to: Option<String>,
    /// Every ordered pair of hexes.
    #[arg(long, conflicts_with_all = ["from", "to"])]
    pub matrix: bool,
    /// Print JSON (see docs/cli.md).
    #[arg(long)]
    pub json: bool,
}

// `megahex render`.
#[derive(Debug, Args)]
pub struct RenderArgs {
    /// The scenario file.
    pub scenario: PathBuf,
    /// Where to write the picture: .svg or .png.
    #[arg(short, long, value_name = "OUT.svg|OUT.png")]
    pub output: PathBuf,
    /// los:REF (sight from a hex or figure), los:REF:REF (one pair), range:REF or reach:REF:N.
    #[arg(long, value_name = "OVERLAY")]
    pub overlay: Option<String>,
    /// Pixels per hex radius.
    #[arg(long, default_value_t = megahex::report::svg::DEFAULT_SCALE, conflicts_with = "print_mm")]
    pub scale: f64,
    /// Print at tile scale: one hex this many millimetres across its flats (measure a tile).
    #[arg(long, value_name = "MM")]
    pub print_mm: Option<f64>,
    /// Dots per inch of a printed PNG.
    #[arg(long, default_value_t = 300.0, requires = "print_mm")]
    pub dpi: f64,
}

impl RenderArgs {
    /// The picture's size options.
    pub fn size(&self) -> PictureSize {
        PictureSize {
            scale: self.scale,
            print_mm: self.print_mm,
            dpi: self.dpi,
        }
    }
}

// `megahex area`.
#[derive(Debug, Args)]
pub struct AreaArgs {
    /// The scenario file.
    pub scenario: PathBuf,
    /// The attacker: q,r, T/I or a token id.
    #[arg(long, value_name = "REF", allow_hyphen_values = true)]
    pub from: String,
    /// The origin hex (for a vertex attack, the hex whose corner is chosen).
    #[arg(long, value_name = "REF", allow_hyphen_values = true)]
    pub origin: String,
    /// The attack's origin value: how far the origin may be from the attacker.
    #[arg(long, value_name = "O", default_value_t = 0)]
    pub max_origin: u32,
    /// The attack's radius.
    #[arg(
        long,
        value_name = "R",
        conflicts_with = "vertex",
        required_unless_present = "vertex"
    )]
    pub radius: Option<u32>,
    /// A vertex attack at this corner of the origin hex (0 east, then clockwise to 5).
    #[arg(long, value_name = "CORNER", value_parser = clap::value_parser!(u8).range(0..6))]
    pub vertex: Option<u8>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}
