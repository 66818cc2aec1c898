//! Commands, arguments, file discovery and exit codes (DESIGN §5).

use std::path::{Path, PathBuf};

use clap::{CommandFactory, Parser, Subcommand};
use megahex::board::movement::MoveAction;
use megahex::check::{DEFAULT_MAX_FILE_BYTES, catalog};
use megahex::report::{self, FileResult};
use megahex::yaml::Limits;
use megahex::{CatalogFile, Code, Diagnostic};
use megahex_schema::Catalog;
use output::{EXIT_FAILURE, EXIT_OK, fail};

mod diff;
mod inventory;
mod load;
mod odds;
mod odds_args;
mod odds_solar;
mod output;
mod queries;
mod sheet;
mod simulate;
mod simulate_args;
mod simulate_deck;
mod skirmish;
mod validate;
mod watch;

#[derive(Parser)]
#[command(
    name = "megahex",
    version,
    about = "Validate and explore game scenarios: Sentinel Tactics, hex-skirmish and Solar Sentinels",
    long_about = "Megahex checks scenario files against the scenario schema and their game's rules: Sentinel Tactics (`ruleset: sentinel-tactics`), the hex-skirmish arena game (`ruleset: hex-skirmish`) and 20 Strong: Solar Sentinels decks (`ruleset: solar-sentinels`).\n\nExit codes: 0 no errors, 1 errors found, 2 usage, IO or internal failure."
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
    Validate(validate::ValidateArgs),
    /// Validate, then check each scenario file again whenever it changes.
    Watch(watch::WatchArgs),
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
        /// Hex-skirmish: the actions to spend on moving (default: the unit's `actions`).
        #[arg(long, value_name = "N", group = "action")]
        actions: Option<u32>,
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
    /// The exact damage odds of one attack against one defender.
    Odds(odds_args::OddsArgs),
    /// Seeded self-play: win rates, game lengths and deciding objectives.
    Simulate(simulate_args::SimulateArgs),
    /// What changed between two versions of a scenario, and what it does to sight, reach,
    /// the claims and the fairness figures.
    Diff(diff::DiffArgs),
    /// Which tiles to use instead when a map uses a tile twice or one you do not own.
    Inventory(inventory::InventoryArgs),
    /// A one-page setup sheet to build the table from: the map, the tiles, tokens, teams,
    /// objectives and special rules, as PDF, PNG or SVG.
    Sheet(sheet::SheetArgs),
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
    /// Print a shell completion script.
    Completions {
        /// The shell to complete in.
        shell: clap_complete::Shell,
    },
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
        Command::Validate(args) => validate::run(&args, catalog),
        Command::Watch(args) => watch::run(&args, catalog),
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
            actions,
            json,
        } => {
            let action = match (move_value, sprint, push) {
                (Some(budget), _, _) => Some(MoveAction::Move { budget, mobility }),
                (None, true, _) => Some(MoveAction::Sprint),
                (None, false, Some(n)) => Some(MoveAction::Push(n)),
                (None, false, None) => None,
            };
            queries::reach(&scenario, &catalog, &from, action, actions, json)
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
            &output::PictureSize {
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
        Command::Odds(args) => odds::run(&args, &catalog),
        Command::Simulate(args) => simulate::run(&args, &catalog),
        Command::Diff(args) => diff::run(&args, &catalog),
        Command::Inventory(args) => inventory::run(&args, &catalog),
        Command::Sheet(args) => sheet::run(&args, &catalog),
        Command::Completions { shell } => completions(shell),
    }
}

/// Prints a completion script generated from the same definitions the parser uses, so it
/// always knows every command, option and value (formats, diagnostic codes).
fn completions(shell: clap_complete::Shell) -> i32 {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "megahex", &mut script);
    match std::io::Write::write_all(&mut std::io::stdout(), &script) {
        Ok(()) => EXIT_OK,
        Err(e) => fail(&format!("cannot write the completion script: {e}")),
    }
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

/// The built-in catalog with the `--catalog` file merged in. A broken file is shown at its
/// line with a snippet, as a scenario finding is, and stops the run (exit 2).
fn load_catalog(path: Option<&Path>) -> Result<Catalog, String> {
    let builtin = Catalog::builtin();
    let Some(path) = path else {
        return Ok(builtin);
    };
    let file = CatalogFile::read_path(path, DEFAULT_MAX_FILE_BYTES)
        .map_err(|e| format!("cannot read catalog {}: {e}", path.display()))?;
    let user = catalog::load(&file.text, Limits::default(), DEFAULT_MAX_FILE_BYTES).map_err(
        |problem| {
            let finding = Diagnostic {
                span: problem.span,
                pointer: None,
                ..Diagnostic::error(Code::CatalogInvalid, "", problem.message)
            }
            .with_help("fix the catalog file at this place; see docs/scenario-format.md for the catalog format");
            let report = report::human::render_findings(&FileResult {
                path: file.path.clone(),
                source: file.text.clone(),
                diagnostics: vec![finding],
            });
            format!("catalog {} is not valid:\n{report}", file.path)
        },
    )?;
    builtin
        .merged(&user)
        .map_err(|e| format!("catalog {} cannot be merged: {e}", path.display()))
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
