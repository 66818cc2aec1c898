//! The odds of one attack, for people (a table with bars) and for programs (DESIGN §5 JSON): the
//! parts every game's odds report shares. Each game words its own roll in its folder.

use std::fmt::Write;

use crate::odds::Odds;

/// `{"damage":[p0,p1,…],"expected":e}` and a newline.
pub fn json(odds: &Odds) -> String {
    let value = serde_json::json!({
        "damage": odds.probabilities(),
        "expected": odds.expected(),
    });
    format!("{value}\n")
}

/// `label`, the chance as a percentage, and a bar of up to 40 `#`.
pub fn chance_line(out: &mut String, label: &str, p: f64) {
    let bar = "#".repeat((p * 40.0).round() as usize);
    let line = format!("{label}  {:>6.2}%  {bar}", p * 100.0);
    let _ = writeln!(out, "{}", line.trim_end());
}

/// One line per amount of damage with its chance and a bar, then the expected damage and the
/// chance of at least 1.
pub fn table(odds: &Odds) -> String {
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
