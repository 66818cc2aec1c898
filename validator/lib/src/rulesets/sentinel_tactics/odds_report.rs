//! The odds of one Sentinel Tactics attack, for people: what was rolled, then the damage table.

use std::fmt::Write;

use crate::odds::Odds;
use crate::report::odds::table;

use super::dice::{Attack, Defense};

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
