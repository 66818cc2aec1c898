//! What the command line writes: exit codes, failures on standard error, answers on standard
//! output, pictures to files and the progress bar of long runs. Every command prints through
//! here.

use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicU32, Ordering};

use clap::ValueEnum;

/// Exit status: no errors.
pub const EXIT_OK: i32 = 0;
/// Exit status: at least one error in the input.
pub const EXIT_FINDINGS: i32 = 1;
/// Exit status: usage, IO or internal failure.
pub const EXIT_FAILURE: i32 = 2;

/// Reports a usage, IO or internal failure and gives its exit code. A closed standard error
/// loses the message but not the exit code.
pub fn fail(message: impl std::fmt::Display) -> i32 {
    let _ = writeln!(std::io::stderr(), "megahex: {message}");
    EXIT_FAILURE
}

/// Writes to standard output. A reader that closed the pipe early (`megahex … | head`) has
/// all it wanted: that is a normal end, not a failure, so it reads as written.
pub fn write_stdout(bytes: &[u8]) -> std::io::Result<()> {
    match std::io::stdout().lock().write_all(bytes) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        written => written,
    }
}

/// Whether a panic's message is the standard library's `print!` meeting a closed pipe: the
/// panic hook ends such a run quietly rather than calling it a bug.
pub fn is_closed_pipe(panic_message: &str) -> bool {
    panic_message.starts_with("failed printing to std") && panic_message.contains("Broken pipe")
}

/// Writes a picture as SVG or PNG, by the output's extension.
pub fn write_picture(picture: String, output: &Path, png: bool, zoom: f64) -> i32 {
    let bytes = if png {
        match megahex::report::png::from_svg(&picture, zoom) {
            Ok(bytes) => bytes,
            Err(e) => return fail(e),
        }
    } else {
        picture.into_bytes()
    };
    match std::fs::write(output, bytes) {
        Ok(()) => EXIT_OK,
        Err(e) => fail(format!("cannot write {}: {e}", output.display())),
    }
}

/// How to write the picture: whether the output is a PNG (else SVG), the drawing size and the
/// PNG zoom; or, having said what is wrong with the options, the exit code.
pub fn picture_settings(
    output: &Path,
    size: &PictureSize,
) -> Result<(bool, megahex::report::svg::Size, f64), i32> {
    let png = match output.extension().and_then(|e| e.to_str()) {
        Some(ext) if ext.eq_ignore_ascii_case("svg") => false,
        Some(ext) if ext.eq_ignore_ascii_case("png") => true,
        _ => {
            return Err(fail(
                "render writes SVG or PNG: give an output file ending in .svg or .png",
            ));
        }
    };
    let (drawing, zoom) = size.check().map_err(|message| fail(&message))?;
    Ok((png, drawing, zoom))
}

/// A query that answered still exits 1 when the scenario had errors, so CI notices.
pub fn with_findings(code: i32, had_errors: bool) -> i32 {
    if code == EXIT_OK && had_errors {
        EXIT_FINDINGS
    } else {
        code
    }
}

/// Writes an answer to standard output.
pub fn print(text: &str) -> i32 {
    match write_stdout(text.as_bytes()) {
        Ok(()) => EXIT_OK,
        Err(e) => fail(format!("cannot write the answer: {e}")),
    }
}

/// The size options of `render`, as given.
#[derive(Debug, Clone, PartialEq)]
pub struct PictureSize {
    /// Pixels per hex radius.
    pub scale: f64,
    /// Millimetres across a hex's flats, for a print at tile scale.
    pub print_mm: Option<f64>,
    /// Dots per inch of a printed PNG.
    pub dpi: f64,
}

impl PictureSize {
    /// The drawing size and the PNG zoom, or what is wrong with the options.
    pub fn check(&self) -> Result<(megahex::report::svg::Size, f64), String> {
        use megahex::report::svg::Size;
        match self.print_mm {
            None => {
                if !(self.scale.is_finite() && (4.0..=400.0).contains(&self.scale)) {
                    return Err("--scale must be between 4 and 400 pixels per hex".into());
                }
                Ok((Size::Pixels(self.scale), 1.0))
            }
            Some(mm) => {
                if !(mm.is_finite() && (5.0..=200.0).contains(&mm)) {
                    return Err("--print-mm must be between 5 and 200 millimetres".into());
                }
                if !(self.dpi.is_finite() && (36.0..=1200.0).contains(&self.dpi)) {
                    return Err("--dpi must be between 36 and 1200".into());
                }
                // SVG millimetres are 96 / 25.4 CSS pixels; the PNG wants `dpi` per 25.4 mm.
                Ok((Size::Print { hex_flats_mm: mm }, self.dpi / 96.0))
            }
        }
    }
}

/// A progress line on standard error for `total` games, redrawn every hundredth; silent when
/// standard error is not a terminal.
pub fn progress_bar(total: u32, terminal: bool) -> impl Fn() + Sync {
    let done = AtomicU32::new(0);
    let step = (total / 100).max(1);
    move || {
        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
        if terminal && (n.is_multiple_of(step) || n == total) {
            let width = 30;
            let filled = (u64::from(n) * width / u64::from(total.max(1))) as usize;
            eprint!(
                "\r[{}{}] {n}/{total} games",
                "#".repeat(filled),
                " ".repeat(width as usize - filled),
            );
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
/// How `validate` and `watch` write their findings.
pub enum Format {
    /// Readable reports with source snippets.
    Human,
    /// One JSON document (see docs/cli.md).
    Json,
    /// GitHub Actions annotations (workflow commands).
    Github,
    /// A SARIF 2.1.0 log, for code scanning.
    Sarif,
    /// JUnit XML: one test case per file.
    Junit,
}
