//! The odds of a hex-skirmish strike, the water monster and the turns-to-kill tables, for
//! people and for programs (DESIGN §5 JSON).

use std::fmt::Write;

use crate::odds::Odds;
use crate::report::odds::{chance_line, table};

use super::duel::Duel;
use super::matchups::Matchup;
use super::{Blow, Damage, KillTable, Strike, blow_odds, hit_ways};

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
        value["kill"] = kill_json(kill);
    }
    format!("{value}\n")
}

/// A table's expected turns to one decimal, or `never`.
fn expected_turns_text(kill: &KillTable) -> String {
    kill.expected_turns
        .map_or_else(|| "never".to_owned(), |t| format!("{t:.1}"))
}

/// `{"hit_points","attacks","dead_by_turn","expected_turns"}`: a turns-to-kill table.
fn kill_json(kill: &KillTable) -> serde_json::Value {
    serde_json::json!({
        "hit_points": kill.hit_points,
        "attacks": kill.attacks,
        "dead_by_turn": kill.dead_by_turn,
        "expected_turns": kill.expected_turns,
    })
}

/// The chance a blow lands, soak or not: the same blow dealing exactly 1.
fn lands(blow: &Blow) -> f64 {
    let one = blow_odds(&Blow {
        damage: Damage::Fixed(1),
        bonus: 0,
        soak: 0,
        ..*blow
    });
    one.probabilities().get(1).copied().unwrap_or(0.0)
}

/// `{"hit":p,"damage":[…],"expected":e,"spell":{"strike-roll","resistance","soak"}}`, with
/// `"kill"` as [`strike_json`] gives it, and a newline: a spell's odds.
pub fn spell_json(blow: &Blow, odds: &Odds, kill: Option<&KillTable>) -> String {
    let mut value = serde_json::json!({
        "hit": lands(blow),
        "damage": odds.probabilities(),
        "expected": odds.expected(),
        "spell": {
            "strike-roll": blow.contested,
            "resistance": blow.resistible.then_some(blow.resistance),
            "soak": blow.soak,
        },
    });
    if let Some(kill) = kill {
        value["kill"] = kill_json(kill);
    }
    format!("{value}\n")
}

/// A spell's odds: how it lands, its damage, and the table of what one cast takes off.
pub fn spell_human(blow: &Blow, odds: &Odds) -> String {
    let mut out = String::new();
    let strike = match blow.contested {
        true => format!(
            "D10 + {} strike against D10 + {} defence (ties go to the caster)",
            blow.strike, blow.defense
        ),
        false => "no strike roll".to_owned(),
    };
    let resisted = match blow.resistible {
        true => format!(
            ", resisted when D10 + {} resistance beats D10 + {} strike",
            blow.resistance, blow.strike
        ),
        false => String::new(),
    };
    let _ = writeln!(
        out,
        "a spell: {strike}{resisted}: lands {:.2}%",
        lands(blow) * 100.0
    );
    let _ = writeln!(
        out,
        "damage when it lands: {} {:+} bonus - {} soak, at least 0",
        blow.damage, blow.bonus, blow.soak
    );
    out.push_str(&table(odds));
    out
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
        "Turns to kill, each attacker striking with its best weapon every turn, or casting a spell while its points last when that is sooner; then the actions it spends moving into reach from where it starts, and the turns counted from the start"
    );
    let means: Vec<String> = pairs.iter().map(Matchup::means).collect();
    let width = |f: fn(&Matchup) -> &str, title: &str| {
        pairs
            .iter()
            .map(|p| f(p).len())
            .max()
            .unwrap_or(0)
            .max(title.len())
    };
    let (wa, wd) = (
        width(|p| &p.attacker, "attacker"),
        width(|p| &p.defender, "defender"),
    );
    let ww = means
        .iter()
        .map(String::len)
        .max()
        .unwrap_or(0)
        .max("weapon".len());
    let _ = writeln!(
        out,
        "{:wa$}  {:wd$}  {:ww$}     hit  damage  strikes  turns  dead by turn 1    2    3  moving  from start",
        "attacker", "defender", "weapon"
    );
    for (p, means) in pairs.iter().zip(&means) {
        let turns = expected_turns_text(&p.kill);
        let by = |t: usize| {
            p.kill
                .dead_by_turn
                .get(t)
                .map_or_else(String::new, |d| format!("{:>3.0}%", d * 100.0))
        };
        let moving = p.approach.map_or_else(|| "-".to_owned(), |a| a.to_string());
        let from_start = p
            .from_start
            .as_ref()
            .map_or_else(|| "-".to_owned(), expected_turns_text);
        let _ = writeln!(
            out,
            "{:wa$}  {:wd$}  {means:ww$}  {:>5.1}%  {:>6.2}  {:>7}  {turns:>5}  {:>13} {} {}  {moving:>6}  {from_start:>10}",
            p.attacker,
            p.defender,
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

/// The duels to the end of every pair of enemies: who strikes first, each one's weapon, the
/// chance each is left standing and the rounds it takes.
pub fn duels_human(duels: &[Duel]) -> String {
    let mut out = String::new();
    if duels.is_empty() {
        return out;
    }
    let _ = writeln!(
        out,
        "Duels to the end, side by side from the start, each striking with its best weapon every turn (the earlier turn strikes first each round)"
    );
    let weapons: Vec<String> = duels
        .iter()
        .map(|d| format!("{} / {}", d.weapons.0, d.weapons.1))
        .collect();
    let width = |f: &dyn Fn(usize) -> usize, title: &str| {
        (0..duels.len()).map(f).max().unwrap_or(0).max(title.len())
    };
    let (wf, ws, ww) = (
        width(&|i| duels[i].first.len(), "first"),
        width(&|i| duels[i].second.len(), "second"),
        width(&|i| weapons[i].len(), "weapons"),
    );
    let _ = writeln!(
        out,
        "{:wf$}  {:ws$}  {:ww$}  first wins  second wins  rounds",
        "first", "second", "weapons"
    );
    for (duel, weapons) in duels.iter().zip(&weapons) {
        let rounds = duel
            .expected_rounds
            .map_or_else(|| "never".to_owned(), |r| format!("{r:.1}"));
        let _ = writeln!(
            out,
            "{:wf$}  {:ws$}  {weapons:ww$}  {:>9.1}%  {:>10.1}%  {rounds:>6}",
            duel.first,
            duel.second,
            duel.first_wins * 100.0,
            duel.second_wins * 100.0,
        );
    }
    out
}

/// `{"pairs":[{"attacker","defender","weapon","hit","damage","expected","attacks",
/// "hit_points","expected_turns","dead_by_turn","then","approach","expected_turns_from_start"}],
/// "duels":[{"first","second","weapons",
/// "first-wins","second-wins","expected-rounds"}]}` and a newline.
pub fn matchups_json(pairs: &[Matchup], duels: &[Duel]) -> String {
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
                "then": p.then.as_ref().map(|(casts, weapon)| {
                    serde_json::json!({"casts": casts, "weapon": weapon})
                }),
                "approach": p.approach,
                "expected_turns_from_start": p.from_start.as_ref().and_then(|k| k.expected_turns),
            })
        })
        .collect();
    let duels: Vec<serde_json::Value> = duels
        .iter()
        .map(|d| {
            serde_json::json!({
                "first": d.first,
                "second": d.second,
                "weapons": [d.weapons.0, d.weapons.1],
                "first-wins": d.first_wins,
                "second-wins": d.second_wins,
                "expected-rounds": d.expected_rounds,
            })
        })
        .collect();
    format!(
        "{}\n",
        serde_json::json!({ "pairs": pairs, "duels": duels })
    )
}
