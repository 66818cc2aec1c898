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
    // Solar Sentinels: a pool of unit dice rolled together.
    SolarSentinels,
}

impl OddsRuleset {
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
            OddsRuleset::SentinelTactics => {
                "--dice, --defense, --auto-miss, --range, --reach and the token options"
            }
            OddsRuleset::HexSkirmish => {
                "--strike, --defense, --damage, --bonus, --soak, --hit-points, --attacks and --water-steps"
            }
            OddsRuleset::SolarSentinels => {
                "--pool, --health, --enemies, --enemy-damage, --strategy, --deck, --cards and --hero"
            }
        }
    }
}

/// The attack and defence, as given on the command line.
#[derive(Debug, Args)]
pub struct OddsArgs {
    /// Whose rules: sentinel-tactics (--dice, --defense and tokens), hex-skirmish (--strike,
    /// --defense, --damage, --bonus, --soak) or solar-sentinels (--pool, --health).
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
    /// Unit dice rolled together, by colour (solar-sentinels), for example yellow=2,red=1;
    /// colours left out count 0.
    #[arg(long, value_name = "COLOUR=N,...")]
    pub(super) pool: Option<String>,
    /// The enemy's Health (solar-sentinels): adds the chance the pool deals at least that much.
    #[arg(long, value_name = "H")]
    pub(super) health: Option<u32>,
    /// The active enemies' Health, without effects (solar-sentinels): with --strategy, adds the
    /// chance of defeating them all this round under the best play.
    #[arg(long, value_name = "H1,H2,...", value_delimiter = ',')]
    pub(super) enemies: Vec<u32>,
    /// The active enemies' Damage, in the order of --enemies (solar-sentinels): adds the least
    /// Health the hero can expect to lose to them this round, played to lose the least.
    #[arg(long, value_name = "D1,D2,...", value_delimiter = ',')]
    pub(super) enemy_damage: Vec<u32>,
    /// The hero's Strategy (solar-sentinels): commit, roll and assign steps this round; with
    /// --deck, the setup's hero's by default.
    #[arg(long, value_name = "S")]
    pub(super) strategy: Option<u32>,
    /// A deck file (solar-sentinels) whose cards --cards names: the enemies come with their
    /// Health, Damage and effects, the hero's ability counts, and the pool defaults to the
    /// setup's dice after its rank's handicaps.
    #[arg(long, value_name = "FILE", requires = "cards")]
    pub(super) deck: Option<std::path::PathBuf>,
    /// The active enemies, by card id in --deck (conflict cards or bosses).
    #[arg(long, value_name = "ID1,ID2,...", value_delimiter = ',', requires = "deck", conflicts_with_all = ["enemies", "enemy_damage", "health"])]
    pub(super) cards: Vec<String>,
    /// The dice in the exhausted area this round, by colour (solar-sentinels, with --deck), for
    /// cards that take only colours found there; the setup's handicaps' by default.
    #[arg(long, value_name = "COLOUR=N,...", requires = "deck")]
    pub(super) exhausted: Option<String>,
    /// The hero whose ability and Strategy count (solar-sentinels, with --deck; the setup's by
    /// default).
    #[arg(long, value_name = "ID", requires = "deck")]
    pub(super) hero: Option<String>,
    /// Print JSON: {"damage":[p0,p1,...],"expected":e}, with "hit":p for hex-skirmish, and
    /// "defeat":p (--health), "defeat-all":p with "fewest" (--enemies) and "damage-taken":e
    /// (--enemy-damage) for solar-sentinels.
    #[arg(long)]
    pub(super) json: bool,
}

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

impl OddsArgs {
    /// The first option given that the ruleset asked for does not take, with the rulesets
    /// that do.
    fn foreign_flag(&self) -> Option<(&'static str, &'static [OddsRuleset])> {
        use OddsRuleset::{HexSkirmish as Hs, SentinelTactics as St, SolarSentinels as Ss};
        let given: [(&'static str, bool, &'static [OddsRuleset]); 26] = [
            ("--dice", self.dice.is_some(), &[St]),
            ("--auto-miss", !self.auto_miss.is_empty(), &[St]),
            ("--range", self.range != 0, &[St]),
            ("--reach", self.reach != 0, &[St]),
            ("--defense", self.defense.is_some(), &[St, Hs]),
            ("--aim", self.aim, &[St]),
            ("--dodge", self.dodge, &[St]),
            ("--attack-plus", self.attack_plus != 0, &[St]),
            ("--attack-minus", self.attack_minus, &[St]),
            ("--defense-plus", self.defense_plus != 0, &[St]),
            ("--defense-minus", self.defense_minus, &[St]),
            ("--strike", self.strike.is_some(), &[Hs]),
            ("--damage", self.damage.is_some(), &[Hs]),
            ("--bonus", self.bonus != 0, &[Hs]),
            ("--soak", self.soak != 0, &[Hs]),
            ("--hit-points", self.hit_points.is_some(), &[Hs]),
            ("--attacks", self.attacks != 1, &[Hs]),
            ("--water-steps", self.water_steps.is_some(), &[Hs]),
            ("--pool", self.pool.is_some(), &[Ss]),
            ("--health", self.health.is_some(), &[Ss]),
            ("--enemies", !self.enemies.is_empty(), &[Ss]),
            ("--enemy-damage", !self.enemy_damage.is_empty(), &[Ss]),
            ("--strategy", self.strategy.is_some(), &[Ss]),
            ("--deck", self.deck.is_some(), &[Ss]),
            ("--hero", self.hero.is_some(), &[Ss]),
            ("--exhausted", self.exhausted.is_some(), &[Ss]),
        ];
        given
            .into_iter()
            .find(|(_, on, owners)| *on && !owners.contains(&self.ruleset))
            .map(|(flag, _, owners)| (flag, owners))
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
