//! `megahex odds --ruleset solar-sentinels`: a pool's damage, and one round's engagement
//! against enemies given by Health or taken with their effects from a deck's cards.

use std::io::IsTerminal;

use megahex::rulesets::solar_sentinels::engage::{Enemies, EngageError, Stage, work_out};
use megahex::rulesets::solar_sentinels::engaged::{CardsError, foes_of_cards};
use megahex::rulesets::solar_sentinels::engagement::{self, Foe};
use megahex::rulesets::solar_sentinels::odds_report::{
    AdviceReport, Engagement, advice_human, advice_json,
};
use megahex::rulesets::solar_sentinels::{Colour, Pool, deck, dice, pool_odds_dealing};
use megahex_schema::rulesets::solar_sentinels::Scenario as Deck;

use clap::Args;

use crate::cli::load::load_scenario;
use crate::cli::output::fail;

/// The options it takes, for the message that names another ruleset's option.
pub const TAKES: &str = "--pool, --health, --enemies, --enemy-damage, --strategy, --deck, --cards, --hero, --defeat, --rolled, --steps-left and --dealt";

// A pool of unit dice, and the enemies of one round.
#[derive(Debug, Args)]
#[group(id = "solar-sentinels", multiple = true)]
#[command(next_help_heading = "Solar Sentinels")]
pub struct Options {
    /// Unit dice rolled together, by colour, for example yellow=2,red=1; colours left out
    /// count 0.
    #[arg(long, value_name = "COLOUR=N,...")]
    pool: Option<String>,
    /// The enemy's Health: adds the chance the pool deals at least that much.
    #[arg(long, value_name = "H")]
    health: Option<u32>,
    /// The active enemies' Health, without effects: with --strategy, adds the chance of
    /// defeating them all this round under the best play (past 4 enemies, between two bounds).
    #[arg(long, value_name = "H1,H2,...", value_delimiter = ',')]
    enemies: Vec<u32>,
    /// The active enemies' Damage, in the order of --enemies: adds the least Health the hero
    /// can expect to lose to them this round, played to lose the least.
    #[arg(
        long,
        value_name = "D1,D2,...",
        value_delimiter = ',',
        requires = "enemies"
    )]
    enemy_damage: Vec<u32>,
    /// The hero's Strategy: commit, roll and assign steps this round; with --deck, the
    /// setup's hero's by default.
    #[arg(long, value_name = "S")]
    strategy: Option<u32>,
    /// A deck file whose cards --cards names: the enemies come with their Health, Damage and
    /// effects, the hero's ability counts, and the pool defaults to the setup's dice after its
    /// rank's handicaps.
    #[arg(long, value_name = "FILE", requires = "cards")]
    deck: Option<std::path::PathBuf>,
    /// The active enemies, by card id in --deck (conflict cards or bosses).
    #[arg(long, value_name = "ID1,ID2,...", value_delimiter = ',', requires = "deck", conflicts_with_all = ["enemies", "enemy_damage", "health"])]
    cards: Vec<String>,
    /// The dice in the exhausted area this round, by colour (with --deck), for cards that take
    /// only colours found there; the setup's handicaps' by default.
    #[arg(long, value_name = "COLOUR=N,...", requires = "deck")]
    exhausted: Option<String>,
    /// The hero whose ability and Strategy count (with --deck; the setup's by default).
    #[arg(long, value_name = "ID", requires = "deck")]
    hero: Option<String>,
    /// The enemies to defeat this round, the others free to stand (the endgame's boss): card
    /// ids from --cards, or places in --enemies counted from 1. Adds their chance under the
    /// best play for it; with more than 4 enemies, it is the one chance worked out.
    #[arg(
        long,
        value_name = "WHICH,...",
        value_delimiter = ',',
        conflicts_with = "rolled"
    )]
    defeat: Vec<String>,
    /// The dice a Strategy step just rolled and not yet assigned, by colour and face, for
    /// example red:hit,yellow:crit: with --steps-left, answers the best assignment, the next
    /// commit and the chance of defeating every enemy this round. --pool is then the dice
    /// still to commit (none by default).
    #[arg(long, value_name = "COLOUR:FACE,...", requires = "steps_left", conflicts_with_all = ["health", "strategy", "enemy_damage"])]
    rolled: Option<String>,
    /// Strategy steps left after the roll given by --rolled (0 on the last step).
    #[arg(long, value_name = "N", requires = "rolled")]
    steps_left: Option<u32>,
    /// Damage already on each enemy this round, in the order of --enemies or --cards (with
    /// --rolled).
    #[arg(
        long,
        value_name = "D1,D2,...",
        value_delimiter = ',',
        requires = "rolled"
    )]
    dealt: Vec<u32>,
}

/// Works out and prints the odds; exit 0, or 2 for options that make no pool or engagement.
pub fn run(args: &Options, json: bool, catalog: &megahex_schema::Catalog) -> i32 {
    let deck = match &args.deck {
        Some(path) => match load_deck(path, catalog) {
            Ok(deck) => Some(deck),
            Err(code) => return code,
        },
        None => None,
    };
    let pool = match (args.pool.as_deref(), &deck) {
        (Some(text), _) => match Pool::parse(text) {
            Ok(pool) => pool,
            Err(e) => return fail(format!("--pool: {e}")),
        },
        // Mid-round, the pool is what is still to commit: none unless given.
        (None, _) if args.rolled.is_some() => Pool::default(),
        (None, Some(deck)) => {
            deck::after_handicaps(deck::DiceBox::of(deck).pool, &deck.setup.handicaps).0
        }
        (None, None) => {
            return fail(
                "solar-sentinels odds need --pool, for example --pool yellow=2,blue=1,red=1",
            );
        }
    };
    if pool.is_empty() && args.rolled.is_none() {
        return fail("--pool has no dice: give at least one");
    }
    let enemies = match &deck {
        // Health given by hand would be searched without the deck's cards and their effects,
        // so a deck takes its enemies by card id only.
        Some(_) if !args.enemies.is_empty() => {
            return fail(
                "--enemies gives enemies by Health alone; with --deck, name the deck's cards instead, for example --cards pale-larva,dust-mite-swarm (or drop --deck and give --pool)",
            );
        }
        Some(deck) => match from_deck(deck, args) {
            Ok(enemies) => Some(enemies),
            Err(message) => return fail(&message),
        },
        None => match plain(args) {
            Ok(enemies) => enemies,
            Err(message) => return fail(&message),
        },
    };
    if let (Some(rolled), Some(steps_left)) = (args.rolled.as_deref(), args.steps_left) {
        return advise(rolled, steps_left, &args.dealt, &pool, enemies, json);
    }
    // With a deck, each face deals what the hero's ability makes it.
    let dealing = enemies
        .as_ref()
        .and_then(|e| e.hero_dealing)
        .unwrap_or(engagement::PLAIN);
    let odds = pool_odds_dealing(&pool, Colour::faces, &dealing);
    let defeat = args.health.map(|h| (h, dice::at_least(&odds, h)));
    let strategy = match (&enemies, args.strategy, &deck) {
        (None, None, _) => None,
        (None, Some(_), _) | (Some(_), None, None) => {
            return fail(
                "--enemies and --strategy go together, for example --enemies 3,4 --strategy 2",
            );
        }
        (Some(_), Some(s), _) => Some(s),
        (Some(_), None, Some(deck)) => match chosen_hero(deck, args) {
            Ok(Some(hero)) => Some(hero.strategy),
            Ok(None) => return fail("the deck names no such hero: give --strategy or --hero"),
            Err(message) => return fail(&message),
        },
    };
    let all = match (enemies, strategy) {
        (Some(enemies), Some(strategy)) => match engage(&pool, enemies, strategy, &args.defeat) {
            Ok(e) => Some(e),
            Err(message) => return fail(&message),
        },
        _ => None,
    };
    let text = if json {
        megahex::rulesets::solar_sentinels::odds_report::pool_json(
            &odds,
            defeat.map(|(_, p)| p),
            all.as_ref(),
        )
    } else {
        megahex::rulesets::solar_sentinels::odds_report::pool_human(
            &pool,
            &odds,
            defeat,
            all.as_ref(),
        )
    };
    crate::cli::output::print(&text)
}

/// `--rolled`: the advisor's best assignment of a roll mid-round; exit 0, or 2 when the
/// options make no roll or enemies, or the advisor does not weigh them.
fn advise(
    rolled: &str,
    steps_left: u32,
    dealt: &[u32],
    pool: &Pool,
    enemies: Option<Enemies>,
    json: bool,
) -> i32 {
    let faces = match engagement::parse_rolled(rolled) {
        Ok(faces) => faces,
        Err(e) => return fail(format!("--rolled: {e}")),
    };
    let Some(enemies) = enemies else {
        return fail("--rolled needs the enemies: --enemies 3,2 (or --deck with --cards)");
    };
    if !dealt.is_empty() && dealt.len() != enemies.foes.len() {
        return fail(format!(
            "--dealt gives {} values for {} enemies: one for each, in their order",
            dealt.len(),
            enemies.foes.len()
        ));
    }
    let mut foes = enemies.foes.clone();
    for (foe, dealt) in foes.iter_mut().zip(dealt) {
        foe.health = foe.health.saturating_sub(*dealt);
    }
    let advice = match engagement::Advisor::default().advise(&faces, &foes, pool, steps_left) {
        Ok(advice) => advice,
        Err(e) => return fail(e.to_string()),
    };
    let named: Vec<(Option<String>, u32)> = enemies
        .cards
        .into_iter()
        .zip(foes.iter().map(|f| f.health))
        .collect();
    let report = AdviceReport {
        enemies: &named,
        steps_left,
        advice: &advice,
    };
    let text = match json {
        true => advice_json(&report),
        false => advice_human(&report),
    };
    crate::cli::output::print(&text)
}

/// A deck file, checked; its problems are printed and make exit 1 or 2.
fn load_deck(path: &std::path::Path, catalog: &megahex_schema::Catalog) -> Result<Deck, i32> {
    let (scenario, _, had_errors) = load_scenario(path, catalog)?;
    let Some(deck) = scenario.solar_sentinels() else {
        return Err(fail(format!(
            "{} is not a solar-sentinels deck: --deck takes a deck file",
            path.display()
        )));
    };
    if had_errors {
        return Err(fail(format!(
            "{} has errors (megahex validate lists them): fix them before working out odds",
            path.display()
        )));
    }
    Ok(deck.clone())
}

/// `--enemies` (and `--enemy-damage`): enemies with no effects, or none given.
fn plain(args: &Options) -> Result<Option<Enemies>, String> {
    if args.enemies.is_empty() {
        return Ok(None);
    }
    if !args.enemy_damage.is_empty() && args.enemy_damage.len() != args.enemies.len() {
        return Err(format!(
            "--enemy-damage gives {} Damage values for {} enemies: one for each, in the order of --enemies",
            args.enemy_damage.len(),
            args.enemies.len()
        ));
    }
    Ok(Some(Enemies {
        foes: args.enemies.iter().map(|h| Foe::plain(*h)).collect(),
        damage: args.enemy_damage.clone(),
        cards: vec![None; args.enemies.len()],
        left_out: Vec::new(),
        hero_dealing: None,
    }))
}

/// The hero `--hero` names, else the setup's (none when the deck lacks the setup's hero).
fn chosen_hero<'d>(
    deck: &'d Deck,
    args: &Options,
) -> Result<Option<&'d megahex_schema::rulesets::solar_sentinels::Hero>, String> {
    match args.hero.as_deref() {
        Some(id) => deck
            .heroes
            .iter()
            .find(|h| h.id == id)
            .map(Some)
            .ok_or_else(|| format!("--hero {id}: the deck has no such hero")),
        None => Ok(deck::hero(deck)),
    }
}

/// `--cards`: each card's Health, Damage and effects, under the hero's ability.
fn from_deck(deck: &Deck, args: &Options) -> Result<Enemies, String> {
    let hero = chosen_hero(deck, args)?;
    let exhausted = match args.exhausted.as_deref() {
        Some(text) => Pool::parse(text).map_err(|e| format!("--exhausted: {e}"))?,
        None => deck::after_handicaps(deck::DiceBox::of(deck).pool, &deck.setup.handicaps).1,
    };
    let found = foes_of_cards(deck, hero, &args.cards, &exhausted).map_err(|e| match e {
        CardsError::NoCard(id) => {
            format!("--cards {id}: the deck has no conflict card or boss with this id")
        }
        other => other.to_string(),
    })?;
    Ok(Enemies {
        foes: found.foes,
        damage: found.damage,
        cards: found.cards.into_iter().map(Some).collect(),
        left_out: found.left_out,
        hero_dealing: Some(found.hero_dealing),
    })
}

/// `--defeat`: each enemy named, by its place among `cards` (card ids, `None` for enemies
/// given by Health, named by place from 1).
fn chosen_places(defeat: &[String], cards: &[Option<String>]) -> Result<Vec<usize>, String> {
    let mut places = Vec::new();
    for which in defeat {
        let by_id = cards
            .iter()
            .position(|c| c.as_deref() == Some(which.as_str()));
        let by_place = which
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=cards.len()).contains(n))
            .map(|n| n - 1);
        let Some(place) = by_id.or(by_place) else {
            return Err(format!(
                "--defeat {which}: not one of the enemies; name a card of --cards, or a place in --enemies from 1 to {}",
                cards.len()
            ));
        };
        if !places.contains(&place) {
            places.push(place);
        }
    }
    Ok(places)
}

/// The engagement worked out by the library, with a progress bar on a terminal for the long
/// searches; `defeat` names the enemies whose chance is asked.
fn engage(
    pool: &Pool,
    enemies: Enemies,
    strategy: u32,
    defeat: &[String],
) -> Result<Engagement, String> {
    let chosen = chosen_places(defeat, &enemies.cards)?;
    let terminal = std::io::stderr().is_terminal();
    let told = |stage: Stage<'_>| {
        if !terminal {
            return;
        }
        match stage {
            Stage::Searching { done, of } => {
                let width = 30;
                let filled = done * width / of.max(1);
                eprint!(
                    "\r[{}{}] working out the best play: {}%",
                    "#".repeat(filled),
                    " ".repeat(width - filled),
                    done * 100 / of.max(1)
                );
            }
            Stage::Working(what) => eprint!("\r{}\rworking out {what}…", " ".repeat(60)),
            Stage::Done => eprint!("\r{}\r", " ".repeat(60)),
        }
    };
    work_out(pool, enemies, strategy, &chosen, &told).map_err(|e| match e {
        EngageError::Chosen(e) => format!("--defeat: {e}"),
        EngageError::Search(e) => e.to_string(),
    })
}
