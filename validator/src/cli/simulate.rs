//! `megahex simulate`: seeded self-play, with a progress line on a terminal.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};

use clap::Args;
use megahex::rulesets::hex_skirmish::selfplay;
use megahex::rulesets::sentinel_tactics::selfplay as st_selfplay;
use megahex::simulate;
use megahex_schema::{AnyScenario, Catalog};

use super::{EXIT_FINDINGS, EXIT_OK, fail};

/// What to play.
#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// The scenario file (a sentinel-tactics scenario needs stats for every figure; see
    /// docs/simulation.md).
    pub(super) scenario: PathBuf,
    /// Games to play.
    #[arg(long, default_value_t = 1000)]
    pub(super) games: u32,
    /// Random seed: the same seed gives the same report.
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
    /// Print JSON.
    #[arg(long)]
    pub(super) json: bool,
    /// Solar Sentinels: the ranks to play every hero at, as `2`, `1,3` or `1-6` (default: the
    /// setup's rank, or no missions without one).
    #[arg(long, value_name = "RANKS")]
    pub(super) ranks: Option<String>,
    /// Solar Sentinels: a second version of the deck to compare with, played with the same
    /// seeds; the report adds the difference in win rate and its interval.
    #[arg(long, value_name = "DECK")]
    pub(super) against: Option<PathBuf>,
}

/// Plays the games and prints the report; 1 if the scenario has errors or lacks stats.
pub fn run(args: &SimulateArgs, catalog: &Catalog) -> i32 {
    if args.games == 0 || args.games > 10_000_000 {
        return fail("--games must be between 1 and 10000000");
    }
    let (scenario, catalog, had_errors) =
        match super::queries::load_scenario(&args.scenario, catalog) {
            Ok(loaded) => loaded,
            Err(code) => return code,
        };
    if had_errors {
        eprintln!("megahex: fix the errors above before simulating");
        return EXIT_FINDINGS;
    }
    if let AnyScenario::SolarSentinels(deck) = &scenario {
        return super::simulate_deck::run(deck, args, &catalog);
    }
    if args.ranks.is_some() || args.against.is_some() {
        return fail("--ranks and --against are for solar-sentinels decks");
    }
    let terminal = std::io::stderr().is_terminal();
    let progress = progress_bar(args.games, terminal);
    let played = match &scenario {
        AnyScenario::SentinelTactics(scenario) => {
            st_selfplay::simulate(scenario, &catalog, args.games, args.seed, &progress).map(|r| {
                let teams = scenario.teams.iter().map(|t| t.id.clone()).collect();
                (teams, r)
            })
        }
        AnyScenario::HexSkirmish(scenario) => {
            selfplay::simulate(scenario, args.games, args.seed, &progress).map(|r| {
                let teams = scenario.teams.iter().map(|t| t.id.clone()).collect();
                (teams, r)
            })
        }
        AnyScenario::SolarSentinels(_) => {
            eprintln!(
                "megahex: simulating a solar-sentinels deck is not built yet; `megahex odds --ruleset solar-sentinels` gives the engagement odds"
            );
            return EXIT_FINDINGS;
        }
    };
    let (teams, results) = match played {
        Ok(results) => results,
        Err(e) => {
            if terminal {
                eprintln!();
            }
            eprintln!("megahex: {e}");
            return EXIT_FINDINGS;
        }
    };
    if terminal {
        eprintln!();
    }
    let summary = simulate::summarise(teams, &results);
    let text = if args.json {
        megahex::report::simulation::json(&summary, args.seed)
    } else {
        megahex::report::simulation::human(&summary, args.seed)
    };
    print!("{text}");
    EXIT_OK
}

/// A progress line on standard error for `total` games, redrawn every hundredth; silent when
/// standard error is not a terminal.
pub(super) fn progress_bar(total: u32, terminal: bool) -> impl Fn() + Sync {
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
