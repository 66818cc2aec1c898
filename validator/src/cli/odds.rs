//! `megahex odds`: the exact damage distribution of one attack, in the rules of the ruleset
//! asked for.

use clap::{Args, ValueEnum};
use megahex::rulesets::hex_skirmish::kill::MAX_TURNS;
use megahex::rulesets::hex_skirmish::monster::MAX_STEPS;
use megahex::rulesets::hex_skirmish::{self, Damage, Strike, Trigger, turns_to_kill};
use megahex::rulesets::sentinel_tactics::dice::{self, Attack, Defense, Faces};

/// Largest `--attacks` and `--hit-points`, well beyond any character sheet.
const MAX_ATTACKS: u32 = 9;
const MAX_HIT_POINTS: u32 = 999;

use super::{EXIT_OK, fail};

/// The rule systems that have a notion of one attack's odds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OddsRuleset {
    // Plain comments: doc comments here would turn `--help` into its long form.
    // Sentinel Tactics: the die code against defence dice.
    SentinelTactics,
    // Hex-skirmish: D10 + Strike against D10 + Defense, damage less soak.
    HexSkirmish,
}

/// The attack and defence, as given on the command line.
#[derive(Debug, Args)]
pub struct OddsArgs {
    /// Whose rules: sentinel-tactics (--dice, --defense and tokens) or hex-skirmish (--strike,
    /// --defense, --damage, --bonus, --soak).
    #[arg(long, value_enum, default_value_t = OddsRuleset::SentinelTactics)]
    ruleset: OddsRuleset,
    /// Attack dice in the die code (sentinel-tactics).
    #[arg(long, value_name = "N")]
    dice: Option<u32>,
    /// Auto-miss faces, comma-separated (the struck-through numbers of the die code).
    #[arg(long, value_name = "FACES", value_delimiter = ',')]
    auto_miss: Vec<u8>,
    /// Range to the target: distance plus elevation difference. Dice lower than it miss.
    #[arg(long, value_name = "R", default_value_t = 0)]
    range: u32,
    /// Reach: the range counts as this much less.
    #[arg(long, value_name = "N", default_value_t = 0)]
    reach: u32,
    /// The defender's defence dice (sentinel-tactics), or its Defense attribute (hex-skirmish).
    #[arg(long, value_name = "M", allow_negative_numbers = true)]
    defense: Option<i32>,
    /// The attacker spends an Aim token.
    #[arg(long)]
    aim: bool,
    /// The defender spends a Dodge token.
    #[arg(long)]
    dodge: bool,
    /// Attack+1 tokens spent on this target.
    #[arg(long, value_name = "K", default_value_t = 0)]
    attack_plus: u32,
    /// The attacker has an Attack-1 token (one die fewer).
    #[arg(long)]
    attack_minus: bool,
    /// Defense+1 tokens spent.
    #[arg(long, value_name = "K", default_value_t = 0)]
    defense_plus: u32,
    /// The defender has a Defense-1 token (one die fewer).
    #[arg(long)]
    defense_minus: bool,
    /// The attacker's Strike attribute (hex-skirmish).
    #[arg(long, value_name = "S", allow_negative_numbers = true)]
    strike: Option<i32>,
    /// The weapon's damage, a number or a dice code such as 1d6 or 2d4+1 (hex-skirmish;
    /// unarmed is 1).
    #[arg(long, value_name = "N|DICE")]
    damage: Option<String>,
    /// The attacker's Damage Bonus (hex-skirmish).
    #[arg(
        long,
        value_name = "B",
        default_value_t = 0,
        allow_negative_numbers = true
    )]
    bonus: i32,
    /// The defender's Soak (hex-skirmish).
    #[arg(
        long,
        value_name = "K",
        default_value_t = 0,
        allow_negative_numbers = true
    )]
    soak: i32,
    /// The defender's Hit Points: adds the turns-to-kill table (hex-skirmish).
    #[arg(long, value_name = "H")]
    hit_points: Option<u32>,
    /// Strikes a turn for the turns-to-kill table: the attacker's Attacks (hex-skirmish).
    #[arg(long, value_name = "A", default_value_t = 1)]
    attacks: u32,
    /// The chance of N consecutive steps in water without meeting the water monster
    /// (hex-skirmish).
    #[arg(long, value_name = "N")]
    water_steps: Option<usize>,
    /// A hex-skirmish scenario: the turns-to-kill table of every pair of enemy units in it.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["strike", "water_steps", "hit_points"])]
    scenario: Option<std::path::PathBuf>,
    /// Print JSON: {"damage":[p0,p1,...],"expected":e}, with "hit":p for hex-skirmish.
    #[arg(long)]
    json: bool,
}

/// Works out and prints the odds; exit 0, or 2 for options that make no attack.
pub fn run(args: &OddsArgs, catalog: &megahex_schema::Catalog) -> i32 {
    match (args.ruleset, &args.scenario) {
        (_, Some(path)) => scenario_pairs(path, catalog, args.json),
        (OddsRuleset::SentinelTactics, None) => sentinel_tactics(args),
        (OddsRuleset::HexSkirmish, None) => skirmish(args),
    }
}

/// Every pair of enemies of a hex-skirmish scenario, with their turns to kill.
fn scenario_pairs(path: &std::path::Path, catalog: &megahex_schema::Catalog, json: bool) -> i32 {
    let (scenario, _, had_errors) = match super::queries::load_scenario(path, catalog) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let megahex_schema::AnyScenario::HexSkirmish(scenario) = scenario else {
        return fail(
            "--scenario gives the turns-to-kill table of a hex-skirmish scenario; for sentinel-tactics odds use --dice and --defense",
        );
    };
    let game = hex_skirmish::game::Game::new(&scenario);
    let pairs = hex_skirmish::matchups::matchups(&game);
    let text = if json {
        megahex::report::odds::matchups_json(&pairs)
    } else {
        megahex::report::odds::matchups_human(&pairs)
    };
    super::queries::with_findings(super::queries::print(&text), had_errors)
}

fn sentinel_tactics(args: &OddsArgs) -> i32 {
    let foreign = [
        ("--strike", args.strike.is_some()),
        ("--damage", args.damage.is_some()),
        ("--bonus", args.bonus != 0),
        ("--soak", args.soak != 0),
        ("--water-steps", args.water_steps.is_some()),
        ("--hit-points", args.hit_points.is_some()),
        ("--attacks", args.attacks != 1),
    ];
    if let Some((flag, _)) = foreign.iter().find(|(_, given)| *given) {
        return fail(&format!(
            "{flag} is a hex-skirmish option; add --ruleset hex-skirmish, or use --dice and --defense"
        ));
    }
    let (Some(dice), Some(defense)) = (args.dice, args.defense) else {
        return fail(
            "sentinel-tactics odds need --dice N and --defense M, for example --dice 3 --defense 2",
        );
    };
    let Ok(defense) = u32::try_from(defense) else {
        return fail("--defense is a number of defence dice, 0 or more");
    };
    let Some(auto_miss) = Faces::of(&args.auto_miss) else {
        return fail("--auto-miss takes faces 1 to 6, for example --auto-miss 2,4");
    };
    let attack = Attack {
        dice,
        auto_miss,
        range: args.range,
        reach: args.reach,
        aim: args.aim,
        plus: args.attack_plus,
        minus: args.attack_minus,
    };
    let defense = Defense {
        dice: defense,
        dodge: args.dodge,
        plus: args.defense_plus,
        minus: args.defense_minus,
    };
    match dice::odds(&attack, &defense) {
        Ok(odds) => {
            let text = if args.json {
                megahex::report::odds::json(&odds)
            } else {
                megahex::report::odds::human(&attack, &defense, &odds)
            };
            print!("{text}");
            EXIT_OK
        }
        Err(e) => fail(&e.to_string()),
    }
}

fn skirmish(args: &OddsArgs) -> i32 {
    let foreign = [
        ("--dice", args.dice.is_some()),
        ("--auto-miss", !args.auto_miss.is_empty()),
        ("--range", args.range != 0),
        ("--reach", args.reach != 0),
        ("--aim", args.aim),
        ("--dodge", args.dodge),
        ("--attack-plus", args.attack_plus != 0),
        ("--attack-minus", args.attack_minus),
        ("--defense-plus", args.defense_plus != 0),
        ("--defense-minus", args.defense_minus),
    ];
    if let Some((flag, _)) = foreign.iter().find(|(_, given)| *given) {
        return fail(&format!(
            "{flag} is a sentinel-tactics option; hex-skirmish takes --strike, --defense, --damage, --bonus and --soak"
        ));
    }
    let water = match args.water_steps {
        Some(steps) if steps > MAX_STEPS => {
            return fail(&format!("--water-steps takes 0 to {MAX_STEPS} steps"));
        }
        Some(steps) => Some((steps, Trigger::default().unmet(steps))),
        None => None,
    };
    let (Some(strike), Some(defense)) = (args.strike, args.defense) else {
        if let Some(water) = water {
            print!("{}", megahex::report::odds::water(water, args.json));
            return EXIT_OK;
        }
        return fail(
            "hex-skirmish odds need --strike S and --defense D, for example --strike 3 --defense 2",
        );
    };
    let damage = match args.damage.as_deref().map(str::parse::<Damage>) {
        None => Damage::Fixed(1),
        Some(Ok(damage)) => damage,
        Some(Err(e)) => return fail(&format!("--damage: {e}")),
    };
    let strike = Strike {
        strike,
        defense,
        damage,
        bonus: args.bonus,
        soak: args.soak,
    };
    if !(1..=MAX_ATTACKS).contains(&args.attacks)
        || args
            .hit_points
            .is_some_and(|h| h == 0 || h > MAX_HIT_POINTS)
    {
        return fail(&format!(
            "--attacks takes 1 to {MAX_ATTACKS} and --hit-points 1 to {MAX_HIT_POINTS}"
        ));
    }
    match hex_skirmish::odds(&strike) {
        Ok(odds) => {
            let kill = args
                .hit_points
                .map(|hit_points| turns_to_kill(&odds, hit_points, args.attacks, MAX_TURNS));
            let text = if args.json {
                megahex::report::odds::strike_json(&strike, &odds, water, kill.as_ref())
            } else {
                let mut text = megahex::report::odds::strike_human(&strike, &odds);
                if let Some(kill) = &kill {
                    text.push_str(&megahex::report::odds::kill_human(kill));
                }
                if let Some(water) = water {
                    text.push_str(&megahex::report::odds::water(water, false));
                }
                text
            };
            print!("{text}");
            EXIT_OK
        }
        Err(e) => fail(&e.to_string()),
    }
}
