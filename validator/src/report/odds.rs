//! The odds of one attack, for people (a table with bars) and for programs (DESIGN §5 JSON).

use std::fmt::Write;

use crate::odds::Odds;
use crate::rulesets::hex_skirmish::matchups::Matchup;
use crate::rulesets::hex_skirmish::{KillTable, Strike, hit_ways};
use crate::rulesets::sentinel_tactics::dice::{Attack, Defense};
use crate::rulesets::solar_sentinels::engagement::{CheapPlay, FEWEST_TARGETS};
use crate::rulesets::solar_sentinels::{Colour, Pool};

/// `{"damage":[p0,p1,…],"expected":e}` and a newline.
pub fn json(odds: &Odds) -> String {
    let value = serde_json::json!({
        "damage": odds.probabilities(),
        "expected": odds.expected(),
    });
    format!("{value}\n")
}

/// What was rolled, then one line per amount of damage with its chance and a bar, then the
/// expected damage and the chance of at least 1.
pub fn human(attack: &Attack, defense: &Defense, odds: &Odds) -> String {
    let mut out = String::new();
    let mut steps = vec![format!("{} attack dice", attack.rolled())];
    if attack.auto_miss.list().is_empty() {
        steps.push("no auto-misses".into());
    } else {
        steps.push(format!("auto-miss {}", attack.auto_miss));
    }
    if attack.aim {
        steps.push("Aim".into());
    }
    if attack.range_to_make() > 1 {
        steps.push(format!("dice under {} miss", attack.range_to_make()));
    }
    let mut defence = format!("{} defence dice", defense.rolled());
    if defense.dodge {
        defence.push_str(", Dodge");
    }
    let _ = writeln!(out, "{} against {defence}", steps.join(", "));
    out.push_str(&table(odds));
    out
}

/// `{"damage":[p0,p1,…],"expected":e}`, with `"defeat":p` when a Health was given, and
/// `"defeat-all":p` and `"fewest"` when enemies and a Strategy were, and a newline: the
/// solar-sentinels odds of a pool (DESIGN §5; `fewest` is an addition).
pub fn pool_json(odds: &Odds, defeat: Option<f64>, engagement: Option<&Engagement>) -> String {
    let mut value = serde_json::json!({
        "damage": odds.probabilities(),
        "expected": odds.expected(),
    });
    if let Some(defeat) = defeat {
        value["defeat"] = serde_json::json!(defeat);
    }
    if let Some(e) = engagement {
        value["defeat-all"] = serde_json::json!(e.defeat_all);
        if let Some(Ok((least, best_play))) = e.damage_taken {
            value["damage-taken"] = serde_json::json!(least);
            value["damage-taken-best-play"] = serde_json::json!(best_play);
        }
        if !e.left_out.is_empty() {
            let left_out: serde_json::Map<String, serde_json::Value> = e
                .left_out
                .iter()
                .map(|(card, kinds)| (card.clone(), serde_json::json!(kinds)))
                .collect();
            value["left-out"] = left_out.into();
        }
        let rows: Vec<serde_json::Value> = e
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
        if let Cheapest::Found(plays) = &e.cheapest {
            let rows: Vec<serde_json::Value> = plays
                .iter()
                .zip(FEWEST_TARGETS)
                .map(|(found, target)| match found {
                    Some(play) => serde_json::json!({
                        "target": target,
                        "first": dice_json(&play.first),
                        "mean-dice": play.mean_dice,
                        "chance": play.chance,
                    }),
                    None => serde_json::json!({"target": target, "first": null}),
                })
                .collect();
            value["cheapest"] = rows.into();
        }
    }
    format!("{value}\n")
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
    /// The chance of defeating them all under the best play.
    pub defeat_all: f64,
    /// For 80, 90 and 95 %: the fewest strongest dice that reach it, with their chance.
    pub fewest: Vec<Option<(Pool, f64)>>,
    /// For the same targets: the play that commits the fewest dice on average.
    pub cheapest: Cheapest,
    /// When the enemies' Damage is known, the expected Damage taken: the least any play
    /// leaves, and what the play for the best chance of defeating everyone leaves; or why the
    /// search could not work them out.
    pub damage_taken: Option<Result<(f64, f64), String>>,
    /// By card: its effects on the engagement that the search leaves out.
    pub left_out: Vec<(String, Vec<&'static str>)>,
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
        let _ = writeln!(
            out,
            "defeats every enemy ({}) this round with Strategy {}, played at best: {:.2}%",
            healths.join(", "),
            e.strategy,
            e.defeat_all * 100.0
        );
        for (card, kinds) in &e.left_out {
            let _ = writeln!(
                out,
                "  {card}: left out of the search (not played): {}",
                kinds.join(", ")
            );
        }
        for (found, target) in e.fewest.iter().zip(FEWEST_TARGETS) {
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
        match &e.cheapest {
            Cheapest::Found(plays) => {
                let _ = writeln!(
                    out,
                    "the same, holding dice back until a roll asks for them (fewest dice on average):"
                );
                for (found, target) in plays.iter().zip(FEWEST_TARGETS) {
                    let _ = match found {
                        Some(play) => writeln!(
                            out,
                            "  {:.0}%: commit {} first, {:.2} dice on average: {:.2}%",
                            target * 100.0,
                            play.first,
                            play.mean_dice,
                            play.chance * 100.0
                        ),
                        None => writeln!(out, "  {:.0}%: not with this pool", target * 100.0),
                    };
                }
            }
            Cheapest::Skipped(why) => {
                let _ = writeln!(out, "holding dice back: not worked out, {why}");
            }
        }
        if let Some(Err(why)) = &e.damage_taken {
            let _ = writeln!(out, "least Health expected lost: not worked out, {why}");
        }
        if let Some(Ok((least, best_play))) = e.damage_taken {
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
    out
}

/// `label`, the chance as a percentage, and a bar of up to 40 `#`.
fn chance_line(out: &mut String, label: &str, p: f64) {
    let bar = "#".repeat((p * 40.0).round() as usize);
    let line = format!("{label}  {:>6.2}%  {bar}", p * 100.0);
    let _ = writeln!(out, "{}", line.trim_end());
}

/// One line per amount of damage with its chance and a bar, then the expected damage and the
/// chance of at least 1.
fn table(odds: &Odds) -> String {
    let mut out = String::new();
    let probabilities = odds.probabilities();
    for (damage, p) in probabilities.iter().enumerate() {
        chance_line(&mut out, &format!("{damage:>3} damage"), *p);
    }
    let hit = 1.0 - probabilities.first().copied().unwrap_or(1.0);
    let _ = writeln!(
        out,
        "expected damage {:.3}; at least 1 damage {:.2}%",
        odds.expected(),
        hit * 100.0
    );
    out
}

/// `{"hit":p,"damage":[p0,p1,…],"expected":e}` and a newline: the hex-skirmish odds (DESIGN §5).
/// With `water`, `"water":{"steps":n,"unmet":p}` too; with `kill`, `"kill":{"hit_points":h,
/// "attacks":a,"dead_by_turn":[p1,p2,…],"expected_turns":e}` (`null` when it never dies).
pub fn strike_json(
    strike: &Strike,
    odds: &Odds,
    water: Option<Water>,
    kill: Option<&KillTable>,
) -> String {
    let mut value = serde_json::json!({
        "hit": hit_ways(strike.strike, strike.defense) as f64 / 100.0,
        "damage": odds.probabilities(),
        "expected": odds.expected(),
    });
    if let Some(water) = water {
        value["water"] = water_json(water);
    }
    if let Some(kill) = kill {
        value["kill"] = serde_json::json!({
            "hit_points": kill.hit_points,
            "attacks": kill.attacks,
            "dead_by_turn": kill.dead_by_turn,
            "expected_turns": kill.expected_turns,
        });
    }
    format!("{value}\n")
}

/// The expected turns to kill, then the chance of a kill by each turn until it is near sure.
pub fn kill_human(kill: &KillTable) -> String {
    let mut out = String::new();
    let expected = match kill.expected_turns {
        Some(turns) => format!("expected {turns:.2} turns"),
        None => "never: no strike can take a hit point off".to_owned(),
    };
    let _ = writeln!(
        out,
        "turns to kill {} hit points at {} strike(s) a turn: {expected}",
        kill.hit_points, kill.attacks
    );
    if kill.expected_turns.is_none() {
        return out;
    }
    for (turn, p) in kill.dead_by_turn.iter().enumerate().take(12) {
        chance_line(&mut out, &format!("  by turn {:>2}", turn + 1), *p);
        if *p > 0.999 {
            break;
        }
    }
    out
}

/// Steps in water, and the (ways, out of) chance of not meeting the monster over them.
pub type Water = (usize, (u128, u128));

fn water_json((steps, (ways, total)): Water) -> serde_json::Value {
    serde_json::json!({"steps": steps, "unmet": ways as f64 / total as f64})
}

/// The water monster's chance over a walk through water: `{"water":{...}}` or a line of text.
pub fn water(water: Water, json: bool) -> String {
    if json {
        return format!("{}\n", serde_json::json!({ "water": water_json(water) }));
    }
    let (steps, (ways, total)) = water;
    let divisor = gcd(ways, total).max(1);
    let p = ways as f64 / total as f64;
    format!(
        "{steps} step(s) in water without meeting the monster: {:.2}% ({}/{}); it comes {:.2}%\n",
        p * 100.0,
        ways / divisor,
        total / divisor,
        (1.0 - p) * 100.0
    )
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The strike against the defence and its chance to hit, then the damage table.
pub fn strike_human(strike: &Strike, odds: &Odds) -> String {
    let mut out = String::new();
    let hit = hit_ways(strike.strike, strike.defense);
    let _ = writeln!(
        out,
        "D10 + {} strike against D10 + {} defence: hits {hit}% (ties go to the attacker)",
        strike.strike, strike.defense
    );
    let _ = writeln!(
        out,
        "damage on a hit: {} {:+} bonus - {} soak, at least 0",
        strike.damage, strike.bonus, strike.soak
    );
    out.push_str(&table(odds));
    out
}

/// The turns-to-kill table of every pair of enemies in a scenario, one line a pair.
pub fn matchups_human(pairs: &[Matchup]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Turns to kill, each attacker striking with its best weapon every turn (spells aside: their points run out)"
    );
    let width = |f: fn(&Matchup) -> &str, title: &str| {
        pairs
            .iter()
            .map(|p| f(p).len())
            .max()
            .unwrap_or(0)
            .max(title.len())
    };
    let (wa, wd, ww) = (
        width(|p| &p.attacker, "attacker"),
        width(|p| &p.defender, "defender"),
        width(|p| &p.weapon, "weapon"),
    );
    let _ = writeln!(
        out,
        "{:wa$}  {:wd$}  {:ww$}     hit  damage  strikes  turns  dead by turn 1    2    3",
        "attacker", "defender", "weapon"
    );
    for p in pairs {
        let turns = p
            .kill
            .expected_turns
            .map_or_else(|| "never".to_owned(), |t| format!("{t:.1}"));
        let by = |t: usize| {
            p.kill
                .dead_by_turn
                .get(t)
                .map_or_else(String::new, |d| format!("{:>3.0}%", d * 100.0))
        };
        let _ = writeln!(
            out,
            "{:wa$}  {:wd$}  {:ww$}  {:>5.1}%  {:>6.2}  {:>7}  {turns:>5}  {:>13} {} {}",
            p.attacker,
            p.defender,
            p.weapon,
            p.hit * 100.0,
            p.odds.expected(),
            p.kill.attacks,
            by(0),
            by(1),
            by(2),
        );
    }
    out
}

/// `{"pairs":[{"attacker","defender","weapon","hit","damage","expected","attacks",
/// "hit_points","expected_turns","dead_by_turn"}]}` and a newline.
pub fn matchups_json(pairs: &[Matchup]) -> String {
    let pairs: Vec<serde_json::Value> = pairs
        .iter()
        .map(|p| {
            serde_json::json!({
                "attacker": p.attacker,
                "defender": p.defender,
                "weapon": p.weapon,
                "hit": p.hit,
                "damage": p.odds.probabilities(),
                "expected": p.odds.expected(),
                "attacks": p.kill.attacks,
                "hit_points": p.kill.hit_points,
                "expected_turns": p.kill.expected_turns,
                "dead_by_turn": p.kill.dead_by_turn,
            })
        })
        .collect();
    format!("{}\n", serde_json::json!({ "pairs": pairs }))
}
