//! `megahex odds --ruleset hex-skirmish`: D10 + Strike against D10 + Defense, damage less
//! soak; and the turns-to-kill table of a scenario's enemies.

use std::path::{Path, PathBuf};

use clap::Args;
use megahex::rulesets::hex_skirmish::kill::MAX_TURNS;
use megahex::rulesets::hex_skirmish::monster::MAX_STEPS;
use megahex::rulesets::hex_skirmish::{self, Damage, Strike, Trigger, odds_report, turns_to_kill};
use megahex_schema::{AnyScenario, Catalog};

use crate::cli::load::load_scenario;
use crate::cli::output::{fail, print, with_findings};

/// The options it takes, for the message that names another ruleset's option.
pub const TAKES: &str = "--strike, --defense, --damage, --bonus, --soak, --resistance, --no-strike-roll, --no-soak, --hit-points, --attacks and --water-steps";

/// Largest `--attacks` and `--hit-points`, well beyond any character sheet.
const MAX_ATTACKS: u32 = 9;
const MAX_HIT_POINTS: u32 = 999;

// The strike, the kill table and the water; `--defense` is the registry's, as the die-code
// game reads it too.
#[derive(Debug, Args)]
#[group(id = "hex-skirmish", multiple = true)]
#[command(next_help_heading = "Hex-skirmish")]
pub struct Options {
    /// The attacker's Strike attribute.
    #[arg(long, value_name = "S", allow_negative_numbers = true)]
    strike: Option<i32>,
    /// The weapon's damage, a number or a dice code such as 1d6 or 2d4+1 (unarmed is 1).
    #[arg(long, value_name = "N|DICE")]
    damage: Option<String>,
    /// The attacker's Damage Bonus.
    #[arg(
        long,
        value_name = "B",
        default_value_t = 0,
        allow_negative_numbers = true
    )]
    bonus: i32,
    /// The defender's Soak.
    #[arg(
        long,
        value_name = "K",
        default_value_t = 0,
        allow_negative_numbers = true
    )]
    soak: i32,
    /// A spell that allows a resistance check, against the target's Resistance R: it lands
    /// only when D10 + R is not higher than the caster's D10 + Strike.
    #[arg(long, value_name = "R", allow_negative_numbers = true)]
    resistance: Option<i32>,
    /// A spell that rolls no strike: no defence roll either.
    #[arg(long)]
    no_strike_roll: bool,
    /// A spell that soak does not reduce.
    #[arg(long)]
    no_soak: bool,
    /// The defender's Hit Points: adds the turns-to-kill table.
    #[arg(long, value_name = "H")]
    hit_points: Option<u32>,
    /// Strikes a turn for the turns-to-kill table: the attacker's Attacks.
    #[arg(long, value_name = "A", default_value_t = 1)]
    attacks: u32,
    /// The chance of N consecutive steps in water without meeting the water monster.
    #[arg(long, value_name = "N")]
    water_steps: Option<usize>,
    /// A hex-skirmish scenario: the turns-to-kill table of every pair of enemy units in it,
    /// and how a duel to the end between each pair ends.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["strike", "water_steps", "hit_points"])]
    scenario: Option<PathBuf>,
}

impl Options {
    /// The scenario whose turns-to-kill table is asked for, whatever the ruleset.
    pub fn scenario(&self) -> Option<&Path> {
        self.scenario.as_deref()
    }
}

/// Every pair of enemies of a hex-skirmish scenario, with their turns to kill; `elsewhere`
/// ends the refusal of another game's file.
pub fn scenario_pairs(path: &Path, catalog: &Catalog, json: bool, elsewhere: &str) -> i32 {
    let (scenario, _, had_errors) = match load_scenario(path, catalog) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let AnyScenario::HexSkirmish(scenario) = scenario else {
        return fail(format!(
            "--scenario gives the turns-to-kill table of a hex-skirmish scenario; {elsewhere}"
        ));
    };
    let game = hex_skirmish::game::Game::new(&scenario);
    let pairs = hex_skirmish::matchups::matchups(&game);
    let duels = hex_skirmish::duel::duels(&game);
    let text = if json {
        odds_report::matchups_json(&pairs, &duels)
    } else {
        let mut text = odds_report::matchups_human(&pairs);
        text.push_str(&odds_report::duels_human(&duels));
        text
    };
    with_findings(print(&text), had_errors)
}

/// Works out and prints the odds of one strike; exit 0, or 2 for options that make none.
pub fn run(options: &Options, defense: Option<i32>, json: bool) -> i32 {
    let water = match options.water_steps {
        Some(steps) if steps > MAX_STEPS => {
            return fail(format!("--water-steps takes 0 to {MAX_STEPS} steps"));
        }
        Some(steps) => Some((steps, Trigger::default().unmet(steps))),
        None => None,
    };
    let (Some(strike), Some(defense)) = (options.strike, defense) else {
        if let Some(water) = water {
            return print(&odds_report::water(water, json));
        }
        return fail(
            "hex-skirmish odds need --strike S and --defense D, for example --strike 3 --defense 2",
        );
    };
    let damage = match options.damage.as_deref().map(str::parse::<Damage>) {
        None => Damage::Fixed(1),
        Some(Ok(damage)) => damage,
        Some(Err(e)) => return fail(format!("--damage: {e}")),
    };
    let strike = Strike {
        strike,
        defense,
        damage,
        bonus: options.bonus,
        soak: options.soak,
    };
    if !(1..=MAX_ATTACKS).contains(&options.attacks)
        || options
            .hit_points
            .is_some_and(|h| h == 0 || h > MAX_HIT_POINTS)
    {
        return fail(format!(
            "--attacks takes 1 to {MAX_ATTACKS} and --hit-points 1 to {MAX_HIT_POINTS}"
        ));
    }
    let spell = options.resistance.is_some() || options.no_strike_roll || options.no_soak;
    if let Err(e) = hex_skirmish::odds(&strike) {
        return fail(e);
    }
    if let Some(r) = options
        .resistance
        .filter(|r| r.abs() > hex_skirmish::odds::MAX_ATTRIBUTE)
    {
        return fail(format!(
            "--resistance {r} is outside -{0} to {0}",
            hex_skirmish::odds::MAX_ATTRIBUTE
        ));
    }
    if spell {
        let blow = hex_skirmish::Blow {
            contested: !options.no_strike_roll,
            resistible: options.resistance.is_some(),
            strike: strike.strike,
            defense: strike.defense,
            resistance: options.resistance.unwrap_or(0),
            damage,
            bonus: options.bonus,
            soak: if options.no_soak { 0 } else { options.soak },
        };
        let odds = hex_skirmish::blow_odds(&blow);
        let kill = options
            .hit_points
            .map(|hit_points| turns_to_kill(&odds, hit_points, options.attacks, MAX_TURNS));
        let text = match json {
            true => odds_report::spell_json(&blow, &odds, kill.as_ref()),
            false => {
                let mut text = odds_report::spell_human(&blow, &odds);
                if let Some(kill) = &kill {
                    text.push_str(&odds_report::kill_human(kill));
                }
                text
            }
        };
        return print(&text);
    }
    match hex_skirmish::odds(&strike) {
        Ok(odds) => {
            let kill = options
                .hit_points
                .map(|hit_points| turns_to_kill(&odds, hit_points, options.attacks, MAX_TURNS));
            let text = if json {
                odds_report::strike_json(&strike, &odds, water, kill.as_ref())
            } else {
                let mut text = odds_report::strike_human(&strike, &odds);
                if let Some(kill) = &kill {
                    text.push_str(&odds_report::kill_human(kill));
                }
                if let Some(water) = water {
                    text.push_str(&odds_report::water(water, false));
                }
                text
            };
            print(&text)
        }
        Err(e) => fail(e),
    }
}
