//! The odds of one attack, for people (a table with bars) and for programs (DESIGN §5 JSON).

use std::fmt::Write;

use crate::dice::{Attack, Defense, Odds};

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
