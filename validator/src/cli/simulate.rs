//! `megahex simulate`: seeded self-play, with a progress line on a terminal.

use std::io::IsTerminal;

use megahex::simulate;
use megahex_schema::Catalog;

use super::output::progress_bar;
use super::output::{EXIT_FINDINGS, fail};
use super::rulesets::{self, SelfPlay, SimulateArgs};

/// Plays the games and prints the report; 1 if the scenario has errors or lacks stats.
pub fn run(args: &SimulateArgs, catalog: &Catalog) -> i32 {
    let plays = &args.plays;
    if plays.games == 0 || plays.games > 10_000_000 {
        return fail("--games must be between 1 and 10000000");
    }
    let (scenario, catalog, had_errors) = match super::load::load_scenario(&args.scenario, catalog)
    {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    if had_errors {
        eprintln!("megahex: fix the errors above before simulating");
        return EXIT_FINDINGS;
    }
    let terminal = std::io::stderr().is_terminal();
    let progress = progress_bar(plays.games, terminal);
    let (played, policy) = match rulesets::self_play(&scenario, &catalog, args, &progress) {
        SelfPlay::Games(played, policy) => (played, policy),
        SelfPlay::Answered(code) => return code,
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
    let text = if plays.json {
        megahex::report::simulation::json(&summary, plays.seed, &policy)
    } else {
        megahex::report::simulation::human(&summary, plays.seed, &policy)
    };
    crate::cli::output::print(&text)
}
