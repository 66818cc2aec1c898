//! The options of `megahex odds`, for every game that has odds, and which game each option
//! belongs to.

use clap::{Args, ValueEnum};

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
    pub(super) fn name(self) -> &'static str {
        match self {
            OddsRuleset::SentinelTactics => "sentinel-tactics",
            OddsRuleset::HexSkirmish => "hex-skirmish",
            OddsRuleset::SolarSentinels => "solar-sentinels",
        }
    }

    /// The options it takes, for the message that names another ruleset's option.
    pub(super) fn takes(self) -> &'static str {
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
    pub(super) ruleset: OddsRuleset,
    /// Attack dice in the die code (sentinel-tactics).
    #[arg(long, value_name = "N")]
    pub(super) dice: Option<u32>,
    /// Auto-miss faces, comma-separated (the struck-through numbers of the die code).
    #[arg(long, value_name = "FACES", value_delimiter = ',')]
    pub(super) auto_miss: Vec<u8>,
    /// Range to the target: distance plus elevation difference. Dice lower than it miss.
    #[arg(long, value_name = "R", default_value_t = 0)]
    pub(super) range: u32,
    /// Reach: the range counts as this much less.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub(super) reach: u32,
    /// The defender's defence dice (sentinel-tactics), or its Defense attribute (hex-skirmish).
    #[arg(long, value_name = "M", allow_negative_numbers = true)]
    pub(super) defense: Option<i32>,
    /// The attacker spends an Aim token.
    #[arg(long)]
    pub(super) aim: bool,
    /// The defender spends a Dodge token.
    #[arg(long)]
    pub(super) dodge: bool,
    /// Attack+1 tokens spent on this target.
    #[arg(long, value_name = "K", default_value_t = 0)]
    pub(super) attack_plus: u32,
    /// The attacker has an Attack-1 token (one die fewer).
    #[arg(long)]
    pub(super) attack_minus: bool,
    /// Defense+1 tokens spent.
    #[arg(long, value_name = "K", default_value_t = 0)]
    pub(super) defense_plus: u32,
    /// The defender has a Defense-1 token (one die fewer).
    #[arg(long)]
    pub(super) defense_minus: bool,
    /// The attacker's Strike attribute (hex-skirmish).
    #[arg(long, value_name = "S", allow_negative_numbers = true)]
    pub(super) strike: Option<i32>,
    /// The weapon's damage, a number or a dice code such as 1d6 or 2d4+1 (hex-skirmish;
    /// unarmed is 1).
    #[arg(long, value_name = "N|DICE")]
    pub(super) damage: Option<String>,
    /// The attacker's Damage Bonus (hex-skirmish).
    #[arg(
        long,
        value_name = "B",
        default_value_t = 0,
        allow_negative_numbers = true
    )]
    pub(super) bonus: i32,
    /// The defender's Soak (hex-skirmish).
    #[arg(
        long,
        value_name = "K",
        default_value_t = 0,
        allow_negative_numbers = true
    )]
    pub(super) soak: i32,
    /// The defender's Hit Points: adds the turns-to-kill table (hex-skirmish).
    #[arg(long, value_name = "H")]
    pub(super) hit_points: Option<u32>,
    /// Strikes a turn for the turns-to-kill table: the attacker's Attacks (hex-skirmish).
    #[arg(long, value_name = "A", default_value_t = 1)]
    pub(super) attacks: u32,
    /// The chance of N consecutive steps in water without meeting the water monster
    /// (hex-skirmish).
    #[arg(long, value_name = "N")]
    pub(super) water_steps: Option<usize>,
    /// A hex-skirmish scenario: the turns-to-kill table of every pair of enemy units in it.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["strike", "water_steps", "hit_points"])]
    pub(super) scenario: Option<std::path::PathBuf>,
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

impl OddsArgs {
    /// The first option given that the ruleset asked for does not take, with the rulesets
    /// that do.
    pub(super) fn foreign_flag(&self) -> Option<(&'static str, &'static [OddsRuleset])> {
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
