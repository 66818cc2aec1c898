//! `megahex sheet`: the setup sheet, as PDF, PNG or SVG.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use megahex::rulesets::sentinel_tactics::sheet::{self, Paper, SheetSize};
use megahex::scene::Scene;
use megahex_schema::{AnyScenario, Catalog};

use crate::cli::load::load_scenario;
use crate::cli::output::with_findings;
use crate::cli::output::{EXIT_OK, fail};

/// The scenario, the file to write, and the page.
#[derive(Debug, Args)]
pub struct SheetArgs {
    /// The scenario file.
    scenario: PathBuf,
    /// Where to write the sheet: .pdf, .png or .svg.
    #[arg(short, long, value_name = "OUT.pdf|OUT.png|OUT.svg")]
    output: PathBuf,
    /// The paper size; the map is fitted to it. With --table-scale, the PDF's pages.
    #[arg(long, value_enum, default_value_t = PaperArg::A4)]
    paper: PaperArg,
    /// Print the map at tile scale too: one hex this many millimetres across its flats
    /// (measure a tile). A PDF gets the sheet, then the map over as many pages as it needs;
    /// an SVG or PNG is one page as large as the map.
    #[arg(long, value_name = "MM")]
    table_scale: Option<f64>,
    /// Dots per inch of a PNG sheet.
    #[arg(long, default_value_t = 150.0)]
    dpi: f64,
}

/// Paper sizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum PaperArg {
    /// 210 × 297 mm.
    A4,
    /// 297 × 420 mm.
    A3,
    /// 8.5 × 11 inches.
    Letter,
}

/// Writes the sheet; 1 (after writing it) when the scenario has errors.
pub fn run(args: &SheetArgs, catalog: &Catalog) -> i32 {
    let ext = args
        .output
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let Some(ext) = ext.filter(|e| ["pdf", "png", "svg"].contains(&e.as_str())) else {
        return fail(
            "sheet writes PDF, PNG or SVG: give an output file ending in .pdf, .png or .svg",
        );
    };
    let paper = match args.paper {
        PaperArg::A4 => Paper::A4,
        PaperArg::A3 => Paper::A3,
        PaperArg::Letter => Paper::Letter,
    };
    let size = match args.table_scale {
        Some(mm) if !(mm.is_finite() && (5.0..=200.0).contains(&mm)) => {
            return fail("--table-scale must be between 5 and 200 millimetres");
        }
        Some(mm) => SheetSize::TableScale(mm),
        None => SheetSize::Paper(paper),
    };
    if !(args.dpi.is_finite() && (36.0..=600.0).contains(&args.dpi)) {
        return fail("--dpi must be between 36 and 600");
    }
    let (scenario, catalog, had_errors) = match load_scenario(&args.scenario, catalog) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let AnyScenario::SentinelTactics(scenario) = scenario else {
        return fail("the setup sheet is drawn for sentinel-tactics maps");
    };
    let scene = Scene::new(&scenario, &catalog);
    let laid_out = sheet::layout(&scenario, &scene, size);
    let bytes = match (ext.as_str(), size) {
        ("pdf", SheetSize::TableScale(mm)) => {
            sheet::poster_pdf(&scenario, &scene, mm, paper).map_err(|e| e.to_string())
        }
        ("pdf", _) => sheet::pdf::to_pdf(&laid_out).map_err(|e| e.to_string()),
        ("png", _) => megahex::report::png::from_svg(&sheet::to_svg(&laid_out), args.dpi / 96.0)
            .map_err(|e| e.to_string()),
        _ => Ok(sheet::to_svg(&laid_out).into_bytes()),
    };
    let code = match bytes {
        Ok(bytes) => match std::fs::write(&args.output, bytes) {
            Ok(()) => EXIT_OK,
            Err(e) => fail(format!("cannot write {}: {e}", args.output.display())),
        },
        Err(message) => fail(&message),
    };
    with_findings(code, had_errors)
}
