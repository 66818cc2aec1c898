//! `megahex simulate` on a solar-sentinels deck: every hero at the asked ranks, and an
//! optional comparison with a second version of the deck.

use std::io::IsTerminal;

use clap::Args;
use megahex::rulesets::solar_sentinels::game::against_best::{round_gaps, round_gaps_line};
use megahex::rulesets::solar_sentinels::selfplay::{self, DeckSummary, Plan};
use megahex_schema::rulesets::solar_sentinels::Scenario;
use megahex_schema::{AnyScenario, Catalog};

use crate::cli::load::load_scenario;
use crate::cli::output::progress_bar;
use crate::cli::output::{EXIT_FINDINGS, fail};
use crate::cli::simulate_args::Plays;

// The ranks to play and a second deck to compare with.
#[derive(Debug, Args)]
#[group(id = "solar-sentinels", multiple = true)]
#[command(next_help_heading = "Solar Sentinels")]
pub struct Options {
    /// The ranks to play every hero at, as `2`, `1,3` or `1-6` (default: the setup's rank, or
    /// no missions without one).
    #[arg(long, value_name = "RANKS")]
    ranks: Option<String>,
    /// A second version of the deck to compare with, played with the same seeds; the report
    /// adds the difference in win rate and its interval.
    #[arg(long, value_name = "DECK")]
    against: Option<std::path::PathBuf>,
}

impl Options {
    /// Whether any of them is given, for the games that take none.
    pub fn given(&self) -> bool {
        self.ranks.is_some() || self.against.is_some()
    }
}

/// Rounds self-play plays of each hero against each boss, to set its chance beside best play's.
const GAP_ROUNDS: u32 = 2000;

/// Most games one run plays in all.
const MAX_TOTAL_GAMES: u32 = 10_000_000;

/// Reads `--ranks`: `2`, `1,3`, `1-6`, or `none` for no missions.
fn parse_ranks(text: &str) -> Result<Vec<Option<u32>>, String> {
    let bad = || {
        format!("--ranks {text}: write a rank from 1 to 6, a list `1,3`, a range `1-6`, or `none`")
    };
    let mut ranks = Vec::new();
    for part in text.split(',').map(str::trim) {
        if part == "none" {
            ranks.push(None);
            continue;
        }
        let (from, to) = match part.split_once('-') {
            Some((a, b)) => (a.trim(), b.trim()),
            None => (part, part),
        };
        let from: u32 = from.parse().map_err(|_| bad())?;
        let to: u32 = to.parse().map_err(|_| bad())?;
        if !(1..=6).contains(&from) || !(from..=6).contains(&to) {
            return Err(bad());
        }
        ranks.extend((from..=to).map(Some));
    }
    match ranks.is_empty() {
        true => Err(bad()),
        false => Ok(ranks),
    }
}

/// Plays the deck (and the `--against` deck) and prints the report.
pub fn run(deck: &Scenario, plays: &Plays, options: &Options, catalog: &Catalog) -> i32 {
    let ranks = match &options.ranks {
        Some(text) => match parse_ranks(text) {
            Ok(ranks) => ranks,
            Err(e) => return fail(&e),
        },
        None => Plan::ranks_of(deck),
    };
    let plan = Plan {
        games: plays.games,
        seed: plays.seed,
        ranks,
    };
    if let Some(problem) = plan.unplayable(deck) {
        return fail(format!("--ranks: {problem}"));
    }
    let other = match &options.against {
        None => None,
        Some(path) => match load_scenario(path, catalog) {
            Ok((AnyScenario::SolarSentinels(other), _, false)) => Some(other),
            Ok((_, _, true)) => {
                eprintln!(
                    "megahex: fix the errors above in {} before comparing",
                    path.display()
                );
                return EXIT_FINDINGS;
            }
            Ok(_) => return fail(format!("{} is not a solar-sentinels deck", path.display())),
            Err(code) => return code,
        },
    };
    let per_deck =
        |d: &Scenario| u64::from(plan.games) * d.heroes.len() as u64 * plan.ranks.len() as u64;
    let skill_plan = plays.skill.map(|games| Plan {
        games,
        seed: plan.seed,
        ranks: plan.ranks.clone(),
    });
    let skill_games = skill_plan.as_ref().map_or(0, |p| {
        2 * u64::from(p.games) * deck.heroes.len() as u64 * p.ranks.len() as u64
    });
    if plays.skill == Some(0) {
        return fail("--skill must be at least 1 game");
    }
    let total = per_deck(deck) + other.as_deref().map_or(0, per_deck) + skill_games;
    if total > u64::from(MAX_TOTAL_GAMES) {
        return fail(format!(
            "{total} games in all (--games for each hero and rank): at most {MAX_TOTAL_GAMES}"
        ));
    }
    let terminal = std::io::stderr().is_terminal();
    let progress = progress_bar(total as u32, terminal);
    let summary = selfplay::simulate(deck, &plan, &progress);
    let compared: Option<DeckSummary> = other.map(|o| selfplay::simulate(&o, &plan, &progress));
    let skill = skill_plan.map(|p| selfplay::skill(deck, &p, &progress));
    // Best play's side needs an exact search of each hero's whole pool against each boss, about
    // a second each on a full box, so it comes with the skill report that asks how well
    // self-play plays.
    let against_best = skill
        .as_ref()
        .and_then(|_| round_gaps_line(&round_gaps(deck, GAP_ROUNDS, plays.seed)));
    if terminal {
        eprintln!();
    }
    let report = megahex::rulesets::solar_sentinels::simulation_report::Report {
        summary: &summary,
        against: compared.as_ref(),
        seed: plays.seed,
        against_best,
        skill: skill.as_ref(),
    };
    crate::cli::output::print(&match plays.json {
        true => report.json(),
        false => report.human(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_read_as_lists_and_ranges() {
        assert_eq!(parse_ranks("2").unwrap(), vec![Some(2)]);
        assert_eq!(parse_ranks("1,3").unwrap(), vec![Some(1), Some(3)]);
        assert_eq!(parse_ranks("4-6").unwrap(), vec![Some(4), Some(5), Some(6)]);
        assert_eq!(parse_ranks("none,1").unwrap(), vec![None, Some(1)]);
        for bad in ["0", "7", "3-2", "x", ""] {
            assert!(parse_ranks(bad).is_err(), "{bad}");
        }
    }
}
