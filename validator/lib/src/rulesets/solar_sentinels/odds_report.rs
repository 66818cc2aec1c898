//! The odds of a Solar Sentinels dice pool, for people and for programs (DESIGN §5 JSON).

use std::fmt::Write;

use crate::odds::Odds;
use crate::report::odds::table;

use super::engagement::{CheapPlay, Corner, CritChances, FEWEST_TARGETS};
use super::{Colour, Pool, at_least};

/// `{"damage":[p0,p1,…],"expected":e}`, with `"defeat":p` when a Health was given, and
/// `"defeat-all":p` and `"fewest"` when enemies and a Strategy were, `"on-cards"` for enemies
/// from a deck, and a newline: the solar-sentinels odds of a pool (DESIGN §5; `fewest` and
/// `on-cards` are additions).
pub fn pool_json(odds: &Odds, defeat: Option<f64>, engagement: Option<&Engagement>) -> String {
    let mut value = serde_json::json!({
        "damage": odds.probabilities(),
        "expected": odds.expected(),
    });
    if let Some(defeat) = defeat {
        value["defeat"] = serde_json::json!(defeat);
    }
    if let Some(e) = engagement {
        match &e.asked {
            Asked::Every(every) => every_enemy_json(&mut value, every),
            Asked::Bounded(bounded) => {
                // Bounds that meet are the exact answer.
                if let Some(low) = bounded.low
                    && (bounded.high - low).abs() < 1e-12
                {
                    value["defeat-all"] = serde_json::json!(low);
                }
                value["defeat-all-bounds"] = serde_json::json!({
                    "low": bounded.low,
                    "high": bounded.high,
                    "groups": bounded.groups,
                    "no-floor": bounded.no_floor,
                });
            }
            Asked::Chosen(chosen) => {
                value["chosen"] = serde_json::json!({
                    "enemies": chosen.chosen,
                    "chance": chosen.chance,
                    "searched": chosen.searched,
                });
            }
        }
        value["crit"] = serde_json::json!({
            "first-roll": e.crits.first_roll,
            "round": e.crits.round,
        });
        if !e.left_out.is_empty() {
            let left_out: serde_json::Map<String, serde_json::Value> = e
                .left_out
                .iter()
                .map(|(card, kinds)| (card.clone(), serde_json::json!(kinds)))
                .collect();
            value["left-out"] = left_out.into();
        }
        if !e.on_cards.is_empty() {
            let rows: Vec<serde_json::Value> = e
                .on_cards
                .iter()
                .map(|(card, health, odds)| {
                    serde_json::json!({
                        "card": card,
                        "health": health,
                        "damage": odds.probabilities(),
                        "expected": odds.expected(),
                        "defeat": at_least(odds, *health),
                    })
                })
                .collect();
            value["on-cards"] = rows.into();
        }
    }
    format!("{value}\n")
}

/// The answers about every enemy, into the JSON `value`.
fn every_enemy_json(value: &mut serde_json::Value, every: &EveryEnemy) {
    value["defeat-all"] = serde_json::json!(every.defeat_all);
    if every.beyond_reach {
        value["beyond-reach"] = serde_json::json!(true);
    }
    if let Ok(n) = every.expected_defeated {
        value["expected-defeated"] = serde_json::json!(n);
    }
    if let Some(Ok((least, best_play))) = every.damage_taken {
        value["damage-taken"] = serde_json::json!(least);
        value["damage-taken-best-play"] = serde_json::json!(best_play);
    }
    if let Some(more) = &every.one_more_die {
        let worth: serde_json::Map<String, serde_json::Value> = more
            .iter()
            .map(|(colour, p)| (colour.name().to_owned(), serde_json::json!(p)))
            .collect();
        value["one-more-die"] = worth.into();
    }
    let rows: Vec<serde_json::Value> = every
        .fewest
        .iter()
        .zip(FEWEST_TARGETS)
        .map(|(found, target)| match found {
            Some((pool, p)) => {
                serde_json::json!({"target": target, "dice": dice_json(pool), "count": pool.len(), "chance": p})
            }
            None => serde_json::json!({"target": target, "dice": null}),
        })
        .collect();
    value["fewest"] = rows.into();
    if let Cheapest::Found(plays) = &every.cheapest {
        let rows: Vec<serde_json::Value> = plays
            .iter()
            .zip(FEWEST_TARGETS)
            .map(|(found, target)| match found {
                Some(play) => {
                    let mut row = serde_json::json!({
                        "target": target,
                        "first": dice_json(&play.first),
                        "mean-dice": play.mean_dice,
                        "chance": play.chance,
                    });
                    if let Some(mix) = &play.mix {
                        row["mix"] = serde_json::json!({
                            "share": mix.share,
                            "reaching": corner_json(&mix.reaching),
                            "below": corner_json(&mix.below),
                        });
                    }
                    row
                }
                None => serde_json::json!({"target": target, "first": null}),
            })
            .collect();
        value["cheapest"] = rows.into();
    }
}

/// One play of a mix: its first commit, dice on average and chance.
fn corner_json(corner: &Corner) -> serde_json::Value {
    serde_json::json!({
        "first": dice_json(&corner.first),
        "mean-dice": corner.mean_dice,
        "chance": corner.chance,
    })
}

/// A pool as `{"colour": n, …}`, colours it has none of left out.
fn dice_json(pool: &Pool) -> serde_json::Value {
    let dice: serde_json::Map<String, serde_json::Value> = Colour::ALL
        .into_iter()
        .filter(|c| pool.count(*c) > 0)
        .map(|c| (c.name().to_owned(), pool.count(c).into()))
        .collect();
    dice.into()
}

/// The cheapest adaptive plays, or why they were not worked out.
#[derive(Debug, Clone)]
pub enum Cheapest {
    /// For 80, 90 and 95 %: the play, or `None` when even the best play falls short.
    Found(Vec<Option<CheapPlay>>),
    /// Why not (too many dice for the search, or effects on the dice).
    Skipped(String),
}

/// One round's engagement as `megahex odds` reports it.
#[derive(Debug, Clone)]
pub struct Engagement {
    /// The enemies: their Health, with the card's id when they came from a deck.
    pub enemies: Vec<(Option<String>, u32)>,
    /// Strategy steps.
    pub strategy: u32,
    /// The answers about every enemy, or about the chosen ones (`--defeat`).
    pub asked: Asked,
    /// The chance of rolling at least one crit.
    pub crits: CritChances,
    /// By card: its effects on the engagement that the search leaves out.
    pub left_out: Vec<(String, Vec<&'static str>)>,
    /// For enemies from a deck: each card's id, Health, and the damage the whole pool deals it
    /// in one roll with its effects and the hero's ability, every die it takes assigned to it.
    pub on_cards: Vec<(String, u32, Odds)>,
}

/// What an engagement was asked about.
#[derive(Debug, Clone)]
pub enum Asked {
    /// Every enemy: defeating them all, and what it takes.
    Every(EveryEnemy),
    /// The chosen enemies, the rest free to stand (the endgame's boss).
    Chosen(ChosenOdds),
    /// Every enemy, more than the search shares dice among: defeating them all, between two
    /// exact searches of the enemies grouped.
    Bounded(BoundedOdds),
}

/// The chance of defeating more enemies than the search shares dice among, between bounds.
#[derive(Debug, Clone)]
pub struct BoundedOdds {
    /// Best play reaches at least this (`None`: no grouping gives a floor).
    pub low: Option<f64>,
    /// Best play reaches at most this.
    pub high: f64,
    /// The enemies searched, by name, each group searched as one enemy.
    pub groups: Vec<Vec<String>>,
    /// How many enemies the search shares dice among.
    pub most_searched: usize,
    /// Why there is no floor, when there is none.
    pub no_floor: Option<String>,
}

/// The answers about every enemy of an engagement.
#[derive(Debug, Clone)]
pub struct EveryEnemy {
    /// The chance of defeating them all under the best play.
    pub defeat_all: f64,
    /// Their Health adds up to more than the pool can deal in a round: the chance is 0
    /// without a search.
    pub beyond_reach: bool,
    /// The expected number of them defeated under the play that defeats the most, or why
    /// it was not worked out.
    pub expected_defeated: Result<f64, String>,
    /// For 80, 90 and 95 %: the fewest strongest dice that reach it, with their chance.
    pub fewest: Vec<Option<(Pool, f64)>>,
    /// For the same targets: the play that commits the fewest dice on average.
    pub cheapest: Cheapest,
    /// When the enemies' Damage is known, the expected Damage taken: the least any play
    /// leaves, and what the play for the best chance of defeating everyone leaves; or why the
    /// search could not work them out.
    pub damage_taken: Option<Result<(f64, f64), String>>,
    /// The chance of defeating them all with one more die of each colour, where the pool is
    /// small enough to search five times more (none otherwise).
    pub one_more_die: Option<Vec<(Colour, f64)>>,
}

/// The chosen enemies' chance, with the names of the enemies searched for it.
#[derive(Debug, Clone)]
pub struct ChosenOdds {
    /// The chosen enemies: card ids, or "enemy N" by place.
    pub chosen: Vec<String>,
    /// The chance of defeating them all this round under the best play for it.
    pub chance: f64,
    /// The enemies the search kept: the chosen ones and those whose effects reach them.
    pub searched: Vec<String>,
}

/// A target's fewest-dice play in words: one play, or two mixed and how often each.
fn cheap_play_human(play: &CheapPlay) -> String {
    let corner = |c: &Corner| {
        let what = match c.first.is_empty() && c.mean_dice == 0.0 {
            true => "commit nothing".to_owned(),
            false => format!("commit {} first", c.first),
        };
        format!(
            "{what} ({:.2} dice on average, {:.2}%)",
            c.mean_dice,
            c.chance * 100.0
        )
    };
    match &play.mix {
        None => format!(
            "commit {} first, {:.2} dice on average: {:.2}%",
            play.first,
            play.mean_dice,
            play.chance * 100.0
        ),
        Some(mix) => format!(
            "{:.2} dice on average: {:.2}%, mixing two plays: in {:.1}% of rounds {}; in the rest {}",
            play.mean_dice,
            play.chance * 100.0,
            mix.share * 100.0,
            corner(&mix.reaching),
            corner(&mix.below)
        ),
    }
}

/// The pool, its damage table, the chance to defeat an enemy of the Health given, and the
/// chance to defeat every enemy given over the Strategy steps.
pub fn pool_human(
    pool: &Pool,
    odds: &Odds,
    defeat: Option<(u32, f64)>,
    all: Option<&Engagement>,
) -> String {
    let mut out = format!("{pool} rolled together\n");
    out.push_str(&table(odds));
    if let Some((health, p)) = defeat {
        let _ = writeln!(
            out,
            "defeats an enemy of Health {health} in one roll: {:.2}%",
            p * 100.0
        );
    }
    if let Some(e) = all {
        let healths: Vec<String> = e
            .enemies
            .iter()
            .map(|(card, h)| match card {
                Some(card) => format!("{card}: Health {h}"),
                None => h.to_string(),
            })
            .collect();
        let by_health = e.enemies.iter().all(|(card, _)| card.is_none());
        let healths = match by_health {
            true => vec![format!("Health {}", healths.join(", "))],
            false => healths,
        };
        if !e.on_cards.is_empty() {
            let _ = writeln!(
                out,
                "the same roll on each card alone, with its effects, every die it takes assigned to it:"
            );
            for (card, health, odds) in &e.on_cards {
                let _ = writeln!(
                    out,
                    "  {card}: expected damage {:.3}; at least its Health {health}: {:.2}%",
                    odds.expected(),
                    at_least(odds, *health) * 100.0
                );
            }
        }
        match &e.asked {
            Asked::Every(every) => every_enemy_human(&mut out, e, every, &healths),
            Asked::Chosen(chosen) => chosen_human(&mut out, e, chosen),
            Asked::Bounded(bounded) => bounded_human(&mut out, e, bounded, &healths),
        }
        crits_human(&mut out, e);
    }
    out
}

/// The answers about every enemy: the chance of defeating them all, what one more die and
/// fewer dice do to it, the number expected defeated and the Health expected lost.
fn every_enemy_human(out: &mut String, e: &Engagement, every: &EveryEnemy, healths: &[String]) {
    let _ = writeln!(
        out,
        "defeats every enemy ({}) this round with Strategy {}, played at best: {:.2}%",
        healths.join(", "),
        e.strategy,
        every.defeat_all * 100.0
    );
    if every.beyond_reach {
        let _ = writeln!(
            out,
            "  their Health adds up to more than these dice can deal in a round: no play defeats them all"
        );
    }
    if let Some(more) = every.one_more_die.as_ref().filter(|m| !m.is_empty()) {
        let worth: Vec<String> = more
            .iter()
            .map(|(colour, p)| {
                format!(
                    "{} {:+.2} points ({:.2}%)",
                    colour.name(),
                    (p - every.defeat_all) * 100.0,
                    p * 100.0
                )
            })
            .collect();
        let _ = writeln!(out, "  one more die: {}", worth.join(", "));
    }
    for (card, kinds) in &e.left_out {
        let _ = writeln!(
            out,
            "  {card}: left out of the search (not played): {}",
            kinds.join(", ")
        );
    }
    for (found, target) in every.fewest.iter().zip(FEWEST_TARGETS) {
        let _ = match found {
            Some((pool, p)) => writeln!(
                out,
                "  {:.0}%: the {} strongest dice ({pool}), all committed at the first step: {:.2}%",
                target * 100.0,
                pool.len(),
                p * 100.0
            ),
            None => writeln!(out, "  {:.0}%: not with this pool", target * 100.0),
        };
    }
    match &every.cheapest {
        Cheapest::Found(plays) => {
            let _ = writeln!(
                out,
                "the same, holding dice back until a roll asks for them (fewest dice on average, mixing two plays where that takes fewer):"
            );
            for (found, target) in plays.iter().zip(FEWEST_TARGETS) {
                let _ = match found {
                    Some(play) => {
                        writeln!(out, "  {:.0}%: {}", target * 100.0, cheap_play_human(play))
                    }
                    None => writeln!(out, "  {:.0}%: not with this pool", target * 100.0),
                };
            }
        }
        Cheapest::Skipped(why) => {
            let _ = writeln!(out, "holding dice back: not worked out, {why}");
        }
    }
    let _ = match &every.expected_defeated {
        Ok(n) => writeln!(
            out,
            "enemies expected defeated this round, played to defeat the most: {n:.3} of {}",
            e.enemies.len()
        ),
        Err(why) => writeln!(out, "enemies expected defeated: not worked out, {why}"),
    };
    if let Some(Err(why)) = &every.damage_taken {
        let _ = writeln!(out, "least Health expected lost: not worked out, {why}");
    }
    if let Some(Ok((least, best_play))) = every.damage_taken {
        let _ = writeln!(
            out,
            "least Health expected lost to them this round, played to lose the least: {least:.3}"
        );
        let _ = writeln!(
            out,
            "Health expected lost when played for the best chance of defeating them all: {best_play:.3}"
        );
    }
}

/// `--defeat`: the chosen enemies' chance, and which enemies were searched for it.
/// The chance of defeating more enemies than the search takes, as two bounds and where they
/// come from.
fn bounded_human(out: &mut String, e: &Engagement, bounded: &BoundedOdds, healths: &[String]) {
    let chance = match bounded.low {
        Some(low) if (bounded.high - low).abs() < 5e-5 => format!("{:.2}%", low * 100.0),
        Some(low) => format!(
            "between {:.2}% and {:.2}%",
            low * 100.0,
            bounded.high * 100.0
        ),
        None => format!("at most {:.2}%", bounded.high * 100.0),
    };
    let _ = writeln!(
        out,
        "defeats every enemy ({}) this round with Strategy {}, played at best: {chance}",
        healths.join(", "),
        e.strategy
    );
    let groups: Vec<String> = bounded
        .groups
        .iter()
        .filter(|g| g.len() > 1)
        .map(|g| format!("{{{}}}", g.join(", ")))
        .collect();
    let reading = "docs/rules.md, \"More than four enemies\"";
    let meet = bounded
        .low
        .is_some_and(|low| (bounded.high - low).abs() < 1e-9);
    let how = match (bounded.low, groups.is_empty()) {
        (Some(_), false) if meet => format!(
            "the floor, which searches {} as one enemy each, meets the ceiling, so the answer is exact ({reading})",
            groups.join(" and ")
        ),
        (Some(_), false) => format!(
            "the floor searches {} as one enemy each, and the ceiling groups or leaves out enemies so that no real play does better; both are exact searches ({reading})",
            groups.join(" and ")
        ),
        (Some(_), true) => "their Health is out of the pool's reach".to_owned(),
        (None, _) => {
            let why = bounded.no_floor.as_deref().unwrap_or("none was found");
            let kept: Vec<String> = bounded
                .groups
                .iter()
                .map(|g| match g.as_slice() {
                    [one] => one.clone(),
                    _ => format!("{{{}}}", g.join(", ")),
                })
                .collect();
            format!(
                "the ceiling is the exact chance against {}; no floor, since {why} ({reading})",
                kept.join(", ")
            )
        }
    };
    let _ = writeln!(
        out,
        "  {} enemies are more than the exact search shares dice among ({}): {how}",
        e.enemies.len(),
        bounded.most_searched
    );
}

fn chosen_human(out: &mut String, e: &Engagement, chosen: &ChosenOdds) {
    let _ = writeln!(
        out,
        "defeats {} this round with Strategy {}, the others free to stand, played at best for it: {:.2}%",
        chosen.chosen.join(" and "),
        e.strategy,
        chosen.chance * 100.0
    );
    let others = e.enemies.len() - chosen.searched.len();
    let beside: Vec<&str> = chosen
        .searched
        .iter()
        .filter(|s| !chosen.chosen.contains(s))
        .map(String::as_str)
        .collect();
    let left_out = match others {
        0 => "every enemy searched".to_owned(),
        1 => "the other enemy cannot change it".to_owned(),
        n => format!("the other {n} enemies cannot change it"),
    };
    let _ = match beside.is_empty() {
        true => writeln!(out, "  {left_out}"),
        false => writeln!(
            out,
            "  searched with {} (effects that reach the others); {left_out}",
            beside.join(", ")
        ),
    };
    for (card, kinds) in &e.left_out {
        let _ = writeln!(
            out,
            "  {card}: left out of the search (not played): {}",
            kinds.join(", ")
        );
    }
}

/// The chance of rolling at least one crit.
fn crits_human(out: &mut String, e: &Engagement) {
    let _ = match e.strategy {
        0 | 1 => writeln!(
            out,
            "at least one crit in one roll of the whole pool: {:.2}%",
            e.crits.first_roll * 100.0
        ),
        steps => writeln!(
            out,
            "at least one crit: {:.2}% in one roll of the whole pool, {:.2}% over the round's {steps} rolls when every die rolls at each step",
            e.crits.first_roll * 100.0,
            e.crits.round * 100.0,
        ),
    };
}

/// The mid-round advisor's answer for one roll: the enemies (card id, Health left), the steps
/// left, and the advice.
pub struct AdviceReport<'a> {
    /// Each enemy: its card id (from a deck) and its Health left before the roll.
    pub enemies: &'a [(Option<String>, u32)],
    /// Strategy steps after this roll.
    pub steps_left: u32,
    /// The advisor's answer.
    pub advice: &'a super::engagement::Advice,
}

const FACE_NAMES: [&str; 3] = ["miss", "hit", "crit"];

/// Dice by colour and face as `2 red hit, 1 yellow crit`, or `none`.
fn faces_text(faces: &super::engagement::Faces) -> String {
    let parts: Vec<String> = Colour::ALL
        .into_iter()
        .flat_map(|colour| {
            (0..3).filter_map(move |f| {
                let n = faces[colour as usize][f];
                (n > 0).then(|| format!("{n} {} {}", colour.name(), FACE_NAMES[f]))
            })
        })
        .collect();
    match parts.is_empty() {
        true => "none".to_owned(),
        false => parts.join(", "),
    }
}

fn faces_json(faces: &super::engagement::Faces) -> serde_json::Value {
    let dice: Vec<serde_json::Value> = Colour::ALL
        .into_iter()
        .flat_map(|colour| {
            (0..3).filter_map(move |f| {
                let n = faces[colour as usize][f];
                (n > 0).then(|| {
                    serde_json::json!({"colour": colour.name(), "face": FACE_NAMES[f], "count": n})
                })
            })
        })
        .collect();
    serde_json::Value::Array(dice)
}

fn enemy_name(at: usize, card: &Option<String>) -> String {
    match card {
        Some(id) => id.clone(),
        None => format!("enemy {}", at + 1),
    }
}

/// The advice for people.
pub fn advice_human(report: &AdviceReport<'_>) -> String {
    let mut out = String::new();
    let advice = report.advice;
    let steps = match report.steps_left {
        1 => "1 step left".to_owned(),
        n => format!("{n} steps left"),
    };
    let _ = writeln!(out, "Best assignment of this roll ({steps} after it):");
    for (at, ((card, health), faces)) in report.enemies.iter().zip(&advice.assign).enumerate() {
        let _ = writeln!(
            out,
            "  {:<24} Health {health:>2} left: {}",
            enemy_name(at, card),
            faces_text(faces)
        );
    }
    let _ = writeln!(out, "  {:<24} {}", "roll again", faces_text(&advice.kept));
    let commit = match advice.commit.is_empty() {
        true => "nothing".to_owned(),
        false => advice.commit.to_string(),
    };
    let _ = writeln!(
        out,
        "Commit next: {commit} (the fewest dice, strongest first, that keep the chance)"
    );
    let _ = writeln!(
        out,
        "Chance of defeating every enemy this round: {:.1}%",
        advice.chance * 100.0
    );
    out
}

/// The advice for programs.
pub fn advice_json(report: &AdviceReport<'_>) -> String {
    let advice = report.advice;
    let assign: Vec<serde_json::Value> = report
        .enemies
        .iter()
        .zip(&advice.assign)
        .enumerate()
        .map(|(at, ((card, health), faces))| {
            serde_json::json!({"enemy": at + 1, "card": card, "health-left": health, "dice": faces_json(faces)})
        })
        .collect();
    let commit: serde_json::Map<String, serde_json::Value> = Colour::ALL
        .into_iter()
        .filter(|c| advice.commit.count(*c) > 0)
        .map(|c| (c.name().to_owned(), advice.commit.count(c).into()))
        .collect();
    let value = serde_json::json!({
        "advice": {
            "steps-left": report.steps_left,
            "assign": assign,
            "roll-again": faces_json(&advice.kept),
            "commit": commit,
            "chance": advice.chance,
        }
    });
    format!("{value:#}\n")
}
