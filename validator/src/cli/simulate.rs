//! `megahex simulate`: seeded self-play, with a progress line on a terminal.

use std::io::IsTerminal;

use megahex::rulesets::hex_skirmish::selfplay;
use megahex::rulesets::sentinel_tactics::selfplay as st_selfplay;
use megahex::simulate;
use megahex_schema::{AnyScenario, Catalog};

use super::output::progress_bar;
use super::output::{EXIT_FINDINGS, EXIT_OK, fail};
use super::simulate_args::SimulateArgs;

/// Plays the games and prints the report; 1 if the scenario has errors or lacks stats.
pub fn run(args: &SimulateArgs, catalog: &Catalog) -> i32 {
    if args.games == 0 || args.games > 10_000_000 {
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
    let progress = progress_bar(args.games, terminal);
    let deck_options = args.ranks.is_some() || args.against.is_some();
    let played = match &scenario {
        AnyScenario::SolarSentinels(deck) => {
            return super::simulate_deck::run(deck, args, &catalog);
        }
        _ if deck_options => return fail("--ranks and --against are for solar-sentinels decks"),
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
