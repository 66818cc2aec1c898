//! Commands, arguments, file discovery and exit codes (DESIGN §5).

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::parser::ValueSource;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use megahex::check::{DEFAULT_MAX_FILE_BYTES, catalog};
use megahex::report::{self, FileResult};
use megahex::yaml::Limits;
use megahex::{CatalogFile, Code, Diagnostic};
use megahex_schema::Catalog;
use output::{EXIT_FAILURE, EXIT_OK, fail};

mod diff;
mod load;
mod lsp;
mod output;
mod query_args;
mod rulesets;
mod simulate;
mod simulate_args;
mod validate;
mod watch;

#[derive(Parser)]
#[command(
    name = "megahex",
    version,
    about = rulesets::ABOUT,
    long_about = rulesets::LONG_ABOUT
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
    Los(query_args::LosArgs),
    /// Where a figure can end its movement, with the least cost.
    Reach(rulesets::ReachArgs),
    /// Draw the map as SVG or PNG, with an optional rules overlay.
    Render(query_args::RenderArgs),
    /// The exact damage odds of one attack against one defender.
    Odds(Box<rulesets::OddsArgs>),
    /// Seeded self-play: win rates, game lengths and deciding objectives.
    Simulate(rulesets::SimulateArgs),
    /// What changed between two versions of a scenario, and what it does to sight, reach,
    /// the claims and the fairness figures.
    Diff(diff::DiffArgs),
    /// Which tiles to use instead when a map uses a tile twice or one you do not own.
    Inventory(rulesets::InventoryArgs),
    /// A one-page setup sheet to build the table from: the map, the tiles, tokens, teams,
    /// objectives and special rules, as PDF, PNG or SVG.
    Sheet(rulesets::SheetArgs),
    /// What an area or vertex attack hits.
    Area(query_args::AreaArgs),
    /// Serve the checks to a text editor: a language server over standard input and output.
    Lsp,
    /// Print a shell completion script.
    Completions {
        /// The shell to complete in.
        shell: clap_complete::Shell,
    },
}

/// Runs the CLI and returns the process exit code.
pub fn run() -> i32 {
    install_panic_hook();
    // The matches stay for `odds`, which asks which options were written on the line.
    let parsed = Cli::command()
        .try_get_matches()
        .and_then(|matches| Ok((Cli::from_arg_matches(&matches)?, matches)));
    let (cli, matches) = match parsed {
        Ok(parsed) => parsed,
        Err(e) => {
            let e = e.format(&mut Cli::command());
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
        Command::Los(args) => load::answer(&args.scenario, &catalog, |scenario, catalog| {
            rulesets::los(scenario, catalog, &args)
        }),
        Command::Reach(args) => load::answer(&args.scenario, &catalog, |scenario, catalog| {
            rulesets::reach(scenario, catalog, &args)
        }),
        Command::Render(args) => load::answer(&args.scenario, &catalog, |scenario, catalog| {
            rulesets::render(scenario, catalog, &args)
        }),
        Command::Area(args) => load::answer(&args.scenario, &catalog, |scenario, catalog| {
            rulesets::area(scenario, catalog, &args)
        }),
        Command::Odds(args) => {
            let odds = matches.subcommand_matches("odds");
            let given =
                |id: &str| odds.and_then(|m| m.value_source(id)) == Some(ValueSource::CommandLine);
            rulesets::odds(&args, &given, &catalog)
        }
        Command::Simulate(args) => simulate::run(&args, &catalog),
        Command::Diff(args) => diff::run(&args, &catalog),
        Command::Inventory(args) => rulesets::inventory(&args, &catalog),
        Command::Sheet(args) => rulesets::sheet(&args, &catalog),
        Command::Lsp => lsp::run(catalog),
        Command::Completions { shell } => completions(shell),
    }
}

/// Prints a completion script generated from the same definitions the parser uses, so it
/// always knows every command, option and value (formats, diagnostic codes).
fn completions(shell: clap_complete::Shell) -> i32 {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "megahex", &mut script);
    match output::write_stdout(&script) {
        Ok(()) => EXIT_OK,
        Err(e) => fail(format!("cannot write the completion script: {e}")),
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
        if output::is_closed_pipe(&payload) {
            std::process::exit(EXIT_OK);
        }
        // Written without `eprintln!`, which would panic again on a closed standard error.
        let _ = writeln!(
            std::io::stderr(),
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
            Err(e) => fail(format!("cannot write {}: {e}", path.display())),
        },
        None => output::print(&text),
    }
}

fn tiles(catalog: &Catalog, json: bool) -> i32 {
    if json {
        return match serde_json::to_string_pretty(catalog) {
            Ok(text) => output::print(&format!("{text}\n")),
            Err(e) => fail(format!("cannot encode the catalog: {e}")),
        };
    }
    output::print(&megahex::rulesets::catalog_text(catalog))
}
