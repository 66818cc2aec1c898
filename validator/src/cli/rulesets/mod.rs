//! The command line's registry: the one file of the CLI that names every game. Each command
//! that depends on the game asks it here, in an exhaustive `match`, so a fourth game is one
//! folder beside these and one arm in each function; where a game lacks a capability, its arm
//! says so in one sentence.

mod hex_skirmish;
mod sentinel_tactics;
mod solar_sentinels;

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use megahex::diff::ScenarioDiff;
use megahex::simulate::{GameResult, SimulateError};
use megahex_schema::{AnyScenario, Catalog};

use super::output::{PictureSize, fail};
use super::query_args::{AreaArgs, LosArgs, RenderArgs};
use super::simulate_args::Plays;

pub use sentinel_tactics::inventory::InventoryArgs;
pub use sentinel_tactics::sheet::SheetArgs;

/// `megahex --help`'s first line.
pub const ABOUT: &str =
    "Validate and explore game scenarios: Sentinel Tactics, hex-skirmish and Solar Sentinels";

/// `megahex --help`'s long description.
pub const LONG_ABOUT: &str = "Megahex checks scenario files against the scenario schema and their game's rules: Sentinel Tactics (`ruleset: sentinel-tactics`), the hex-skirmish arena game (`ruleset: hex-skirmish`) and 20 Strong: Solar Sentinels decks (`ruleset: solar-sentinels`).\n\nExit codes: 0 no errors, 1 errors found, 2 usage, IO or internal failure.";

/// The rule systems that have a notion of one attack's odds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OddsRuleset {
    // Plain comments: doc comments here would turn `--help` into its long form.
    // Sentinel Tactics: the die code against defence dice.
    SentinelTactics,
    // Hex-skirmish: D10 + Strike against D10 + Defense, damage less soak.
    HexSkirmish,
    // Solar Sentinels: a pool of unit dice rolled together.
    SolarSentinels,
}

impl OddsRuleset {
    /// Its name on the command line, which is also its option group's id.
    fn name(self) -> &'static str {
        match self {
            OddsRuleset::SentinelTactics => "sentinel-tactics",
            OddsRuleset::HexSkirmish => "hex-skirmish",
            OddsRuleset::SolarSentinels => "solar-sentinels",
        }
    }

    /// The options it takes, for the message that names another ruleset's option.
    fn takes(self) -> &'static str {
        match self {
            OddsRuleset::SentinelTactics => sentinel_tactics::odds::TAKES,
            OddsRuleset::HexSkirmish => hex_skirmish::odds::TAKES,
            OddsRuleset::SolarSentinels => solar_sentinels::odds::TAKES,
        }
    }
}

/// The options of `megahex odds`: the shared ones, then each game's group, whose id is the
/// game's name; an option of another game's group is refused.
#[derive(Debug, Args)]
pub struct OddsArgs {
    /// Whose rules: sentinel-tactics (--dice, --defense and tokens), hex-skirmish (--strike,
    /// --defense, --damage, --bonus, --soak) or solar-sentinels (--pool, --health).
    #[arg(long, value_enum, default_value_t = OddsRuleset::SentinelTactics)]
    ruleset: OddsRuleset,
    /// The defender's defence dice (sentinel-tactics), or its Defense attribute (hex-skirmish).
    #[arg(
        long,
        value_name = "M",
        allow_negative_numbers = true,
        groups = ["sentinel-tactics", "hex-skirmish"]
    )]
    defense: Option<i32>,
    /// Print JSON: {"damage":[p0,p1,...],"expected":e}, with "hit":p for hex-skirmish, and
    /// "defeat":p (--health), "defeat-all":p with "fewest", "expected-defeated" and "crit"
    /// (--enemies; "defeat-all-bounds" past 4 enemies), "damage-taken":e (--enemy-damage) and
    /// "chosen" (--defeat) for solar-sentinels.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    sentinel_tactics: sentinel_tactics::odds::Options,
    #[command(flatten)]
    hex_skirmish: hex_skirmish::odds::Options,
    #[command(flatten)]
    solar_sentinels: solar_sentinels::odds::Options,
}

/// `megahex odds`: `given` says whether an option (by its id) was written on the command line.
pub fn odds(args: &OddsArgs, given: &dyn Fn(&str) -> bool, catalog: &Catalog) -> i32 {
    if let Some(path) = args.hex_skirmish.scenario() {
        // A file of another game gets pointed to the odds it does have.
        let elsewhere = "for sentinel-tactics odds use --dice and --defense";
        return hex_skirmish::odds::scenario_pairs(path, catalog, args.json, elsewhere);
    }
    if let Some((flag, owners)) = foreign_option(args.ruleset, given) {
        let owners: Vec<&str> = owners.iter().map(|r| r.name()).collect();
        return fail(format!(
            "{flag} is a {} option; add --ruleset {}, or use {} for {}",
            owners.join(" and "),
            owners.first().copied().unwrap_or_default(),
            args.ruleset.takes(),
            args.ruleset.name()
        ));
    }
    match args.ruleset {
        OddsRuleset::SentinelTactics => {
            sentinel_tactics::odds::run(&args.sentinel_tactics, args.defense, args.json)
        }
        OddsRuleset::HexSkirmish => {
            hex_skirmish::odds::run(&args.hex_skirmish, args.defense, args.json)
        }
        OddsRuleset::SolarSentinels => {
            solar_sentinels::odds::run(&args.solar_sentinels, args.json, catalog)
        }
    }
}

/// The first option given that belongs to other games' groups only, as `--flag`, with the
/// games whose group holds it. Read from clap's own definition of the groups.
fn foreign_option(
    ruleset: OddsRuleset,
    given: &dyn Fn(&str) -> bool,
) -> Option<(String, Vec<OddsRuleset>)> {
    let mut command = OddsArgs::augment_args(clap::Command::new("odds"));
    command.build();
    let owners_of = |id: &clap::Id| -> Vec<OddsRuleset> {
        OddsRuleset::value_variants()
            .iter()
            .copied()
            .filter(|game| {
                command
                    .get_groups()
                    .any(|g| g.get_id() == game.name() && g.get_args().any(|a| a == id))
            })
            .collect()
    };
    command
        .get_arguments()
        .filter(|arg| given(arg.get_id().as_str()))
        .find_map(|arg| {
            let owners = owners_of(arg.get_id());
            let foreign = !owners.is_empty() && !owners.contains(&ruleset);
            Some((format!("--{}", arg.get_long()?), owners)).filter(|_| foreign)
        })
}

/// `megahex los`.
pub fn los(scenario: &AnyScenario, catalog: &Catalog, args: &LosArgs) -> i32 {
    match scenario {
        AnyScenario::SentinelTactics(scenario) => {
            sentinel_tactics::queries::los(scenario, catalog, args)
        }
        AnyScenario::HexSkirmish(scenario) => hex_skirmish::queries::los(
            scenario,
            args.from.as_deref(),
            args.to.as_deref(),
            args.matrix,
            args.json,
        ),
        AnyScenario::SolarSentinels(_) => fail(solar_sentinels::NO_MAP),
    }
}

// `megahex reach`: each game's way of moving. Plain comment: the command's line is its help.
#[derive(Debug, Args)]
pub struct ReachArgs {
    /// The scenario file.
    pub scenario: PathBuf,
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
}

/// `megahex reach`: Sentinel Tactics takes a move action; hex-skirmish spends actions (the
/// unit's own unless `--actions` says).
pub fn reach(scenario: &AnyScenario, catalog: &Catalog, args: &ReachArgs) -> i32 {
    use megahex::board::movement::MoveAction;
    match scenario {
        AnyScenario::SentinelTactics(scenario) => {
            let action = match (args.move_value, args.sprint, args.push) {
                (Some(budget), _, _) => Some(MoveAction::Move {
                    budget,
                    mobility: args.mobility,
                }),
                (None, true, _) => Some(MoveAction::Sprint),
                (None, false, Some(n)) => Some(MoveAction::Push(n)),
                (None, false, None) => None,
            };
            sentinel_tactics::queries::reach(scenario, catalog, &args.from, action, args.json)
        }
        AnyScenario::HexSkirmish(scenario) => {
            hex_skirmish::queries::reach(scenario, &args.from, args.actions, args.json)
        }
        AnyScenario::SolarSentinels(_) => fail(solar_sentinels::NO_MAP),
    }
}

/// `megahex render`.
pub fn render(scenario: &AnyScenario, catalog: &Catalog, args: &RenderArgs) -> i32 {
    match scenario {
        AnyScenario::SentinelTactics(scenario) => {
            sentinel_tactics::queries::render(scenario, catalog, args)
        }
        AnyScenario::HexSkirmish(scenario) => hex_skirmish::queries::render(
            scenario,
            &args.output,
            args.overlay.as_deref(),
            &args.size(),
        ),
        AnyScenario::SolarSentinels(_) => fail(solar_sentinels::NO_MAP),
    }
}

/// `megahex area`: only Sentinel Tactics has area and vertex attacks.
pub fn area(scenario: &AnyScenario, catalog: &Catalog, args: &AreaArgs) -> i32 {
    match scenario {
        AnyScenario::SentinelTactics(scenario) => {
            sentinel_tactics::queries::area(scenario, catalog, args)
        }
        AnyScenario::HexSkirmish(_) | AnyScenario::SolarSentinels(_) => fail(format!(
            "the {} ruleset has no area attacks; `megahex area` works on sentinel-tactics scenarios",
            scenario.ruleset().as_str()
        )),
    }
}

/// The picture of `megahex diff`: the new map with the changes marked, as SVG.
pub fn diff_picture(
    scenario: &AnyScenario,
    catalog: &Catalog,
    diff: ScenarioDiff,
    size: &PictureSize,
) -> Result<String, i32> {
    match scenario {
        AnyScenario::SentinelTactics(scenario) => {
            sentinel_tactics::queries::diff_picture(scenario, catalog, diff, size)
        }
        AnyScenario::HexSkirmish(_) | AnyScenario::SolarSentinels(_) => Err(fail(
            "the picture of a diff is drawn for sentinel-tactics maps; use --format human, markdown or json",
        )),
    }
}

/// `megahex inventory`: the tiles of a Sentinel Tactics map.
pub fn inventory(args: &InventoryArgs, catalog: &Catalog) -> i32 {
    sentinel_tactics::inventory::run(args, catalog)
}

/// `megahex sheet`: the setup sheet of a Sentinel Tactics map.
pub fn sheet(args: &SheetArgs, catalog: &Catalog) -> i32 {
    sentinel_tactics::sheet::run(args, catalog)
}

/// The options of `megahex simulate`: the scenario, the plays, and each game's own.
#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// The scenario file (a sentinel-tactics scenario needs stats for every figure; see
    /// docs/simulation.md).
    pub scenario: PathBuf,
    #[command(flatten)]
    pub plays: Plays,
    #[command(flatten)]
    solar_sentinels: solar_sentinels::simulate::Options,
}

/// What a game's self-play gives back.
pub enum SelfPlay {
    /// Each game's result, for the shared report, with the teams in the scenario's order, and
    /// the policy that played them in one line.
    Games(
        Result<(Vec<String>, Vec<GameResult>), SimulateError>,
        megahex::simulate::PolicyNote,
    ),
    /// The game printed its own report; the exit code.
    Answered(i32),
}

/// Games with a player for each team (in the scenario's team order), for the skill report;
/// an error message when the ruleset has no stronger player.
pub fn seated_play(
    scenario: &AnyScenario,
    catalog: &Catalog,
    (games, seed): (u32, u64),
    seats: &[megahex::simulate::skill::Player],
    progress: &(dyn Fn() + Sync),
) -> Result<Result<Vec<GameResult>, SimulateError>, &'static str> {
    match scenario {
        AnyScenario::SolarSentinels(_) => Err(
            "a solar-sentinels deck's skill report compares whole policies (see docs/simulation.md)",
        ),
        AnyScenario::SentinelTactics(scenario) => Ok(
            megahex::rulesets::sentinel_tactics::selfplay::simulate_seated(
                scenario, catalog, games, seed, seats, progress,
            ),
        ),
        AnyScenario::HexSkirmish(scenario) => {
            Ok(megahex::rulesets::hex_skirmish::selfplay::simulate_seated(
                scenario, games, seed, seats, progress,
            ))
        }
    }
}

/// `megahex simulate`: seeded games in the scenario's rules.
pub fn self_play(
    scenario: &AnyScenario,
    catalog: &Catalog,
    args: &SimulateArgs,
    progress: &(dyn Fn() + Sync),
) -> SelfPlay {
    let plays = &args.plays;
    match scenario {
        AnyScenario::SolarSentinels(deck) => SelfPlay::Answered(solar_sentinels::simulate::run(
            deck,
            plays,
            &args.solar_sentinels,
            catalog,
        )),
        _ if args.solar_sentinels.given() => {
            SelfPlay::Answered(fail("--ranks and --against are for solar-sentinels decks"))
        }
        AnyScenario::SentinelTactics(scenario) => SelfPlay::Games(
            sentinel_tactics::self_play(scenario, catalog, plays.games, plays.seed, progress),
            sentinel_tactics::policy(scenario, catalog),
        ),
        AnyScenario::HexSkirmish(scenario) => SelfPlay::Games(
            hex_skirmish::self_play(scenario, plays.games, plays.seed, progress),
            hex_skirmish::policy(scenario),
        ),
    }
}
