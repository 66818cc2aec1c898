//! Commands, arguments, file discovery and exit codes (DESIGN §5).

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand, ValueEnum};
use megahex::board::movement::MoveAction;
use megahex::report::{self, FileResult};
use megahex::{Checker, Severity};
use megahex_schema::Catalog;

mod queries;

/// Exit status: no errors.
pub const EXIT_OK: i32 = 0;
/// Exit status: at least one error in the input.
pub const EXIT_FINDINGS: i32 = 1;
/// Exit status: usage, IO or internal failure.
pub const EXIT_FAILURE: i32 = 2;

#[derive(Parser)]
#[command(
    name = "megahex",
    version,
    about = "Validate and explore Sentinel Tactics scenarios",
    long_about = "Megahex checks Sentinel Tactics scenario files against the scenario schema and the game's rules.\n\nExit codes: 0 no errors, 1 errors found, 2 usage, IO or internal failure."
)]
struct Cli {
    /// Tile and roster catalog that corrects or extends the built-in one.
    #[arg(long, global = true, value_name = "FILE")]
    catalog: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check scenario files: YAML syntax, the schema, and the rules.
    Validate {
        /// Files, directories (searched for *.yaml and *.yml) or glob patterns.
        #[arg(value_name = "PATH", default_value = ".")]
        paths: Vec<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// Fail (exit 1) on warnings too.
        #[arg(long)]
        deny_warnings: bool,
        /// Refuse files larger than this many bytes (scenarios are a few kilobytes).
        #[arg(long, value_name = "BYTES", default_value_t = megahex::check::DEFAULT_MAX_FILE_BYTES)]
        max_file_bytes: usize,
    },
    /// Print the scenario JSON Schema.
    Schema {
        /// Write it to this file instead of standard output.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// List the tile catalog in use.
    Tiles {
        /// Print the catalog as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Line of sight and range from a hex or figure.
    Los {
        /// The scenario file.
        scenario: PathBuf,
        /// Viewer: q,r, T/I (tile/index) or a token id.
        #[arg(
            long,
            value_name = "REF",
            required_unless_present = "matrix",
            allow_hyphen_values = true
        )]
        from: Option<String>,
        /// Target: q,r, T/I or a token id. Without it, every hex of the map.
        #[arg(long, value_name = "REF", allow_hyphen_values = true)]
        to: Option<String>,
        /// Every ordered pair of hexes.
        #[arg(long, conflicts_with_all = ["from", "to"])]
        matrix: bool,
        /// Print JSON (see docs/cli.md).
        #[arg(long)]
        json: bool,
    },
    /// Where a figure can end its movement, with the least cost.
    Reach {
        /// The scenario file.
        scenario: PathBuf,
        /// The moving figure or hex: q,r, T/I or a token id.
        #[arg(long, value_name = "REF", allow_hyphen_values = true)]
        from: String,
        /// A Move action with this move value.
        #[arg(long = "move", value_name = "N", group = "action")]
        move_value: Option<u32>,
        /// A Sprint action: two hexes, elevation ignored.
        #[arg(long, group = "action")]
        sprint: bool,
        /// A push of N hexes, elevation ignored.
        #[arg(long, value_name = "N", group = "action")]
        push: Option<u32>,
        /// The figure has Mobility: elevation changes cost nothing.
        #[arg(long)]
        mobility: bool,
        /// Print JSON (see docs/cli.md).
        #[arg(long)]
        json: bool,
    },
    /// Draw the map as SVG or PNG, with an optional rules overlay.
    Render {
        /// The scenario file.
        scenario: PathBuf,
        /// Where to write the picture: .svg or .png.
        #[arg(short, long, value_name = "OUT.svg|OUT.png")]
        output: PathBuf,
        /// los:REF (sight from a hex or figure), los:REF:REF (one pair), range:REF or reach:REF:N.
        #[arg(long, value_name = "OVERLAY")]
        overlay: Option<String>,
        /// Pixels per hex radius.
        #[arg(long, default_value_t = megahex::report::svg::DEFAULT_SCALE, conflicts_with = "print_mm")]
        scale: f64,
        /// Print at tile scale: one hex this many millimetres across its flats (measure a tile).
        #[arg(long, value_name = "MM")]
        print_mm: Option<f64>,
        /// Dots per inch of a printed PNG.
        #[arg(long, default_value_t = 300.0, requires = "print_mm")]
        dpi: f64,
    },
    /// What an area or vertex attack hits.
    Area {
        /// The scenario file.
        scenario: PathBuf,
        /// The attacker: q,r, T/I or a token id.
        #[arg(long, value_name = "REF", allow_hyphen_values = true)]
        from: String,
        /// The origin hex (for a vertex attack, the hex whose corner is chosen).
        #[arg(long, value_name = "REF", allow_hyphen_values = true)]
        origin: String,
        /// The attack's origin value: how far the origin may be from the attacker.
        #[arg(long, value_name = "O", default_value_t = 0)]
        max_origin: u32,
        /// The attack's radius.
        #[arg(
            long,
            value_name = "R",
            conflicts_with = "vertex",
            required_unless_present = "vertex"
        )]
        radius: Option<u32>,
        /// A vertex attack at this corner of the origin hex (0 east, then clockwise to 5).
        #[arg(long, value_name = "CORNER", value_parser = clap::value_parser!(u8).range(0..6))]
        vertex: Option<u8>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
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

/// Runs the CLI and returns the process exit code.
pub fn run() -> i32 {
    install_panic_hook();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                EXIT_FAILURE
            } else {
                EXIT_OK
            };
        }
    };
    let catalog = match load_catalog(cli.catalog.as_deref()) {
        Ok(catalog) => catalog,
        Err(message) => return fail(&message),
    };
    match cli.command {
        Command::Validate {
            paths,
            format,
            deny_warnings,
            max_file_bytes,
        } => validate(&paths, format, deny_warnings, max_file_bytes, catalog),
        Command::Schema { output } => schema(output.as_deref()),
        Command::Tiles { json } => tiles(&catalog, json),
        Command::Los {
            scenario,
            from,
            to,
            matrix,
            json,
        } => queries::los(
            &scenario,
            &catalog,
            from.as_deref(),
            to.as_deref(),
            matrix,
            json,
        ),
        Command::Reach {
            scenario,
            from,
            move_value,
            sprint,
            push,
            mobility,
            json,
        } => {
            let action = match (move_value, sprint, push) {
                (Some(budget), _, _) => MoveAction::Move { budget, mobility },
                (None, true, _) => MoveAction::Sprint,
                (None, false, Some(n)) => MoveAction::Push(n),
                (None, false, None) => return fail("reach needs --move N, --sprint or --push N"),
            };
            queries::reach(&scenario, &catalog, &from, action, json)
        }
        Command::Render {
            scenario,
            output,
            overlay,
            scale,
            print_mm,
            dpi,
        } => queries::render(
            &scenario,
            &catalog,
            &output,
            overlay.as_deref(),
            &queries::PictureSize {
                scale,
                print_mm,
                dpi,
            },
        ),
        Command::Area {
            scenario,
            from,
            origin,
            max_origin,
            radius,
            vertex,
            json,
        } => queries::area(
            &scenario, &catalog, &from, &origin, max_origin, radius, vertex, json,
        ),
    }
}

/// Reports a usage, IO or internal failure and gives its exit code.
pub fn fail(message: &str) -> i32 {
    eprintln!("megahex: {message}");
    EXIT_FAILURE
}

fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let location = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        let payload = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown cause".into());
        eprintln!(
            "megahex: internal error{location}: {payload}\nThis is a bug in megahex, not in your scenario. Please report it with the file that triggered it."
        );
        std::process::exit(EXIT_FAILURE);
    }));
}

fn load_catalog(path: Option<&Path>) -> Result<Catalog, String> {
    let builtin = Catalog::builtin();
    let Some(path) = path else {
        return Ok(builtin);
    };
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read catalog {}: {e}", path.display()))?;
    let user = Catalog::from_yaml(&text)
        .map_err(|e| format!("catalog {} is not valid: {e}", path.display()))?;
    builtin
        .merged(&user)
        .map_err(|e| format!("catalog {} cannot be merged: {e}", path.display()))
}

fn is_scenario_file(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("yaml" | "yml")
    )
}

/// Hidden folders (`.git`) and build output (`target`, `node_modules`) are never scenarios.
fn is_skipped_dir(entry: &walkdir::DirEntry) -> bool {
    let name = entry.file_name().to_string_lossy();
    entry.file_type().is_dir()
        && (name.starts_with('.') || name == "target" || name == "node_modules")
}

/// Expands the command line's paths into files, in a stable order.
fn collect_files(paths: &[String]) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for raw in paths {
        let path = Path::new(raw);
        if path.is_dir() {
            let mut found: Vec<PathBuf> = walkdir::WalkDir::new(path)
                .follow_links(true)
                .into_iter()
                .filter_entry(|e| e.depth() == 0 || !is_skipped_dir(e))
                .filter_map(Result::ok)
                .filter(|e| e.file_type().is_file() && is_scenario_file(e.path()))
                .map(|e| e.into_path())
                .collect();
            found.sort();
            files.extend(found);
        } else if path.exists() {
            files.push(path.to_path_buf());
        } else if raw.contains(['*', '?', '[']) {
            let pattern = glob::glob(raw).map_err(|e| format!("bad glob pattern `{raw}`: {e}"))?;
            let mut found: Vec<PathBuf> = pattern
                .filter_map(Result::ok)
                .filter(|p| p.is_file())
                .collect();
            if found.is_empty() {
                return Err(format!("no files match `{raw}`"));
            }
            found.sort();
            files.extend(found);
        } else {
            return Err(format!("{raw}: no such file or directory"));
        }
    }
    Ok(files)
}

fn display_path(path: &Path) -> String {
    let text = path.to_string_lossy();
    text.strip_prefix("./").unwrap_or(&text).to_owned()
}

fn validate(
    paths: &[String],
    format: Format,
    deny_warnings: bool,
    max_file_bytes: usize,
    catalog: Catalog,
) -> i32 {
    let files = match collect_files(paths) {
        Ok(files) => files,
        Err(message) => return fail(&message),
    };
    if files.is_empty() {
        eprintln!(
            "megahex: note: no scenario files found in {}",
            paths.join(", ")
        );
    }
    let checker = match Checker::new(catalog) {
        Ok(checker) => checker.with_max_file_bytes(max_file_bytes),
        Err(message) => return fail(&message),
    };
    let mut results = Vec::with_capacity(files.len());
    for file in &files {
        // A file over the limit is refused from its size alone, without reading it into memory.
        if let Some(outcome) = std::fs::metadata(file)
            .ok()
            .and_then(|m| checker.refuse_size(m.len()))
        {
            results.push(FileResult {
                path: display_path(file),
                source: String::new(),
                diagnostics: outcome.diagnostics,
            });
            continue;
        }
        let bytes = match std::fs::read(file) {
            Ok(bytes) => bytes,
            Err(e) => return fail(&format!("cannot read {}: {e}", file.display())),
        };
        let base = file.parent().map(Path::to_path_buf).unwrap_or_default();
        let read_catalog = |relative: &str| {
            std::fs::read_to_string(base.join(relative)).map_err(|e| e.to_string())
        };
        let outcome = checker.check_bytes(&bytes, &read_catalog);
        results.push(FileResult {
            path: display_path(file),
            source: String::from_utf8(bytes).unwrap_or_default(),
            diagnostics: outcome.diagnostics,
        });
    }
    let text = match format {
        Format::Human => {
            // NO_COLOR counts only when set to something (no-color.org).
            let color = std::io::stdout().is_terminal()
                && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
            report::human::render(&results, color)
        }
        Format::Json => report::json::render(&results),
        Format::Github => report::github::render(&results),
        Format::Sarif => report::sarif::render(&results),
        Format::Junit => report::junit::render(&results, deny_warnings),
    };
    if let Err(e) = std::io::stdout().write_all(text.as_bytes()) {
        return fail(&format!("cannot write the report: {e}"));
    }
    let failing = |s: Severity| s == Severity::Error || (deny_warnings && s == Severity::Warning);
    if results
        .iter()
        .flat_map(|r| &r.diagnostics)
        .any(|d| failing(d.severity))
    {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    }
}

fn schema(output: Option<&Path>) -> i32 {
    let text = megahex_schema::generate_schema_text();
    match output {
        Some(path) => match std::fs::write(path, text) {
            Ok(()) => EXIT_OK,
            Err(e) => fail(&format!("cannot write {}: {e}", path.display())),
        },
        None => {
            print!("{text}");
            EXIT_OK
        }
    }
}

fn tiles(catalog: &Catalog, json: bool) -> i32 {
    if json {
        return match serde_json::to_string_pretty(catalog) {
            Ok(text) => {
                println!("{text}");
                EXIT_OK
            }
            Err(e) => fail(&format!("cannot encode the catalog: {e}")),
        };
    }
    print!("{}", megahex::report::catalog::render(catalog));
    EXIT_OK
}
