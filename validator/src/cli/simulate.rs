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
    let skill = match plays.skill {
        Some(games) => match skill(args, &scenario, &catalog, &teams, &results, games) {
            Ok(report) => Some(report),
            Err(code) => return code,
        },
        None => None,
    };
    let summary = simulate::summarise(teams, &results);
    let text = if plays.json {
        megahex::report::simulation::json_with_skill(&summary, plays.seed, &policy, skill.as_ref())
    } else {
        let mut text = megahex::report::simulation::human(&summary, plays.seed, &policy);
        if let Some(skill) = &skill {
            text.push_str(&megahex::report::simulation::skill_human(skill));
        }
        text
    };
    crate::cli::output::print(&text)
}

/// Plays each team by the stronger player against simple opponents, `games` games each on the
/// seeds of the simple games, with a progress bar, and compares.
fn skill(
    args: &SimulateArgs,
    scenario: &megahex_schema::AnyScenario,
    catalog: &Catalog,
    teams: &[String],
    simple: &[megahex::simulate::GameResult],
    games: u32,
) -> Result<simulate::skill::SkillReport, i32> {
    use simulate::skill::Player;
    if games == 0 || games > 1_000_000 {
        return Err(fail("--skill must be between 1 and 1000000 games"));
    }
    let seed = args.plays.seed;
    let terminal = std::io::stderr().is_terminal();
    let sides = teams.len() as u32;
    let progress = progress_bar(games.saturating_mul(sides + 1), terminal);
    let play = |seats: &[Player]| -> Result<Vec<megahex::simulate::GameResult>, i32> {
        match rulesets::seated_play(scenario, catalog, (games, seed), seats, &progress) {
            Ok(Ok(results)) => Ok(results),
            Ok(Err(e)) => {
                eprintln!("megahex: {e}");
                Err(EXIT_FINDINGS)
            }
            Err(message) => Err(fail(message)),
        }
    };
    // The simple games are the first of the run's own, played again only when more are asked.
    let baseline = match simple.len() >= games as usize {
        true => simple[..games as usize].to_vec(),
        false => play(&[])?,
    };
    let mut strong = Vec::with_capacity(teams.len());
    for team in 0..teams.len() {
        let mut seats = vec![Player::Simple; teams.len()];
        seats[team] = Player::Lookahead;
        strong.push(play(&seats)?);
    }
    if terminal {
        eprintln!();
    }
    Ok(simulate::skill::skill_report(
        simulate::skill::LOOKAHEAD,
        teams,
        &baseline,
        &strong,
    ))
}
