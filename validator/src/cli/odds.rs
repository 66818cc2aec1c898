//! `megahex odds`: the exact damage distribution of one attack, in the rules of the ruleset
//! asked for.

use megahex::rulesets::hex_skirmish::kill::MAX_TURNS;
use megahex::rulesets::hex_skirmish::monster::MAX_STEPS;
use megahex::rulesets::hex_skirmish::{self, Damage, Strike, Trigger, turns_to_kill};
use megahex::rulesets::sentinel_tactics::dice::{self, Attack, Defense, Faces};

/// Largest `--attacks` and `--hit-points`, well beyond any character sheet.
const MAX_ATTACKS: u32 = 9;
const MAX_HIT_POINTS: u32 = 999;

use super::odds_args::{OddsArgs, OddsRuleset};
use super::output::{EXIT_OK, fail};

/// Works out and prints the odds; exit 0, or 2 for options that make no attack.
pub fn run(args: &OddsArgs, catalog: &megahex_schema::Catalog) -> i32 {
    if args.scenario.is_none()
        && let Some((flag, owners)) = args.foreign_flag()
    {
        let owners: Vec<&str> = owners.iter().map(|r| r.name()).collect();
        return fail(&format!(
            "{flag} is a {} option; add --ruleset {}, or use {} for {}",
            owners.join(" and "),
            owners[0],
            args.ruleset.takes(),
            args.ruleset.name()
        ));
    }
    match (args.ruleset, &args.scenario) {
        (_, Some(path)) => scenario_pairs(path, catalog, args.json),
        (OddsRuleset::SentinelTactics, None) => sentinel_tactics(args),
        (OddsRuleset::HexSkirmish, None) => skirmish(args),
        (OddsRuleset::SolarSentinels, None) => super::odds_solar::run(args, catalog),
    }
}

/// Every pair of enemies of a hex-skirmish scenario, with their turns to kill.
fn scenario_pairs(path: &std::path::Path, catalog: &megahex_schema::Catalog, json: bool) -> i32 {
    let (scenario, _, had_errors) = match super::load::load_scenario(path, catalog) {
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
        megahex::rulesets::hex_skirmish::odds_report::matchups_json(&pairs)
    } else {
        megahex::rulesets::hex_skirmish::odds_report::matchups_human(&pairs)
    };
    super::output::with_findings(super::output::print(&text), had_errors)
}

fn sentinel_tactics(args: &OddsArgs) -> i32 {
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
                megahex::rulesets::sentinel_tactics::odds_report::human(&attack, &defense, &odds)
            };
            print!("{text}");
            EXIT_OK
        }
        Err(e) => fail(&e.to_string()),
    }
}

fn skirmish(args: &OddsArgs) -> i32 {
    let water = match args.water_steps {
        Some(steps) if steps > MAX_STEPS => {
            return fail(&format!("--water-steps takes 0 to {MAX_STEPS} steps"));
        }
        Some(steps) => Some((steps, Trigger::default().unmet(steps))),
        None => None,
    };
    let (Some(strike), Some(defense)) = (args.strike, args.defense) else {
        if let Some(water) = water {
            print!(
                "{}",
                megahex::rulesets::hex_skirmish::odds_report::water(water, args.json)
            );
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
                megahex::rulesets::hex_skirmish::odds_report::strike_json(
                    &strike,
                    &odds,
                    water,
                    kill.as_ref(),
                )
            } else {
                let mut text =
                    megahex::rulesets::hex_skirmish::odds_report::strike_human(&strike, &odds);
                if let Some(kill) = &kill {
                    text.push_str(&megahex::rulesets::hex_skirmish::odds_report::kill_human(
                        kill,
                    ));
                }
                if let Some(water) = water {
                    text.push_str(&megahex::rulesets::hex_skirmish::odds_report::water(
                        water, false,
                    ));
                }
                text
            };
            print!("{text}");
            EXIT_OK
        }
        Err(e) => fail(&e.to_string()),
    }
}
