//! The odds of one attack, for people (a table with bars) and for programs (DESIGN §5 JSON).

use std::fmt::Write;

use crate::dice::{Attack, Defense, Odds};
use crate::hex_skirmish::{Strike, hit_ways};

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

/// One line per amount of damage with its chance and a bar, then the expected damage and the
/// chance of at least 1.
fn table(odds: &Odds) -> String {
    let mut out = String::new();
    let probabilities = odds.probabilities();
    for (damage, p) in probabilities.iter().enumerate() {
        let bar = "#".repeat((p * 40.0).round() as usize);
        let _ = writeln!(out, "{damage:>3} damage  {:>6.2}%  {bar}", p * 100.0);
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
pub fn strike_json(strike: &Strike, odds: &Odds) -> String {
    let value = serde_json::json!({
        "hit": hit_ways(strike.strike, strike.defense) as f64 / 100.0,
        "damage": odds.probabilities(),
        "expected": odds.expected(),
    });
    format!("{value}\n")
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
