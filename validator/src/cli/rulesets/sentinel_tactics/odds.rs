//! `megahex odds --ruleset sentinel-tactics`: the die code against defence dice.

use clap::Args;
use megahex::rulesets::sentinel_tactics::dice::{self, Attack, Defense, Faces};

use crate::cli::output::fail;

/// The options it takes, for the message that names another ruleset's option.
pub const TAKES: &str = "--dice, --defense, --auto-miss, --range, --reach and the token options";

// The attack and the tokens; `--defense` is the registry's, as the arena game reads it too.
#[derive(Debug, Args)]
#[group(id = "sentinel-tactics", multiple = true)]
#[command(next_help_heading = "Sentinel Tactics")]
pub struct Options {
    /// Attack dice in the die code.
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
}

/// Works out and prints the odds of one attack; exit 0, or 2 for options that make none.
pub fn run(options: &Options, defense: Option<i32>, json: bool) -> i32 {
    let (Some(dice), Some(defense)) = (options.dice, defense) else {
        return fail(
            "sentinel-tactics odds need --dice N and --defense M, for example --dice 3 --defense 2",
        );
    };
    let Ok(defense) = u32::try_from(defense) else {
        return fail("--defense is a number of defence dice, 0 or more");
    };
    let Some(auto_miss) = Faces::of(&options.auto_miss) else {
        return fail("--auto-miss takes faces 1 to 6, for example --auto-miss 2,4");
    };
    let attack = Attack {
        dice,
        auto_miss,
        range: options.range,
        reach: options.reach,
        aim: options.aim,
        plus: options.attack_plus,
        minus: options.attack_minus,
    };
    let defense = Defense {
        dice: defense,
        dodge: options.dodge,
        plus: options.defense_plus,
        minus: options.defense_minus,
    };
    match dice::odds(&attack, &defense) {
        Ok(odds) => {
            let text = if json {
                megahex::report::odds::json(&odds)
            } else {
                megahex::rulesets::sentinel_tactics::odds_report::human(&attack, &defense, &odds)
            };
            crate::cli::output::print(&text)
        }
        Err(e) => fail(e),
    }
}
