//! `megahex odds`: the exact damage distribution of one attack.

use clap::Args;
use megahex::dice::{self, Attack, Defense, Faces};

use super::{EXIT_OK, fail};

/// The attack and defence, as given on the command line.
#[derive(Debug, Args)]
pub struct OddsArgs {
    /// Attack dice in the die code.
    #[arg(long, value_name = "N")]
    dice: u32,
    /// Auto-miss faces, comma-separated (the struck-through numbers of the die code).
    #[arg(long, value_name = "FACES", value_delimiter = ',')]
    auto_miss: Vec<u8>,
    /// Range to the target: distance plus elevation difference. Dice lower than it miss.
    #[arg(long, value_name = "R", default_value_t = 0)]
    range: u32,
    /// Reach: the range counts as this much less.
    #[arg(long, value_name = "N", default_value_t = 0)]
    reach: u32,
    /// The defender's defence dice.
    #[arg(long, value_name = "M")]
    defense: u32,
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
    /// Print JSON: {"damage":[p0,p1,...],"expected":e}.
    #[arg(long)]
    json: bool,
}

/// Works out and prints the odds; exit 0, or 2 for options that make no attack.
pub fn run(args: &OddsArgs) -> i32 {
    let Some(auto_miss) = Faces::of(&args.auto_miss) else {
        return fail("--auto-miss takes faces 1 to 6, for example --auto-miss 2,4");
    };
    let attack = Attack {
        dice: args.dice,
        auto_miss,
        range: args.range,
        reach: args.reach,
        aim: args.aim,
        plus: args.attack_plus,
        minus: args.attack_minus,
    };
    let defense = Defense {
        dice: args.defense,
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
