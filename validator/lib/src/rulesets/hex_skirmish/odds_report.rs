//! The odds of a hex-skirmish strike, the water monster and the turns-to-kill tables, for
//! people and for programs (DESIGN §5 JSON).

use std::fmt::Write;

use crate::odds::Odds;
use crate::report::odds::{chance_line, table};

use super::matchups::Matchup;
use super::{KillTable, Strike, hit_ways};

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
