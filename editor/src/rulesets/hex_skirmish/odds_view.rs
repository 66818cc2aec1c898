//! The odds between the selected unit and the one under the pointer: for each of the
//! attacker's weapons and spells, the chance a strike lands, the damage it deals after soak,
//! and the turns it takes to bring the other down, from the ruleset's exact distributions (the
//! numbers `megahex odds --scenario` prints).

use egui::RichText;
use megahex::rulesets::hex_skirmish::game::Game;
use megahex::rulesets::hex_skirmish::matchups::{Matchup, matchup};
use megahex_schema::rulesets::hex_skirmish::Scenario;

/// Every weapon and spell of `attacker` against `defender` (indices into `units`).
pub fn odds_between(
    game: &Game,
    scenario: &Scenario,
    attacker: usize,
    defender: usize,
) -> Vec<Matchup> {
    let id = |i: usize| scenario.units.get(i).and_then(|u| game.unit(&u.id));
    let (Some(a), Some(d)) = (id(attacker), id(defender)) else {
        return Vec::new();
    };
    game.means_of(a)
        .into_iter()
        .filter_map(|means| matchup(game, a, means, d))
        .collect()
}

/// The odds section of the inspector.
pub fn odds_panel(
    ui: &mut egui::Ui,
    game: &Game,
    scenario: &Scenario,
    selected: usize,
    hovered: Option<usize>,
) {
    ui.label(RichText::new("Odds").strong());
    let name = |i: usize| scenario.units.get(i).map_or("?", |u| u.id.as_str());
    let Some(target) = hovered.filter(|&h| h != selected) else {
        ui.label(
            RichText::new(format!(
                "Hover another unit on the map for {}'s odds against it.",
                name(selected)
            ))
            .weak(),
        );
        return;
    };
    ui.label(format!("{} against {}", name(selected), name(target)));
    let rows = odds_between(game, scenario, selected, target);
    if rows.is_empty() {
        ui.label(RichText::new("It has no weapon or spell.").weak());
        return;
    }
    egui::Grid::new("skirmish-odds")
        .striped(true)
        .show(ui, |ui| {
            for heading in ["", "hit", "damage", "turns to kill"] {
                ui.label(RichText::new(heading).weak());
            }
            ui.end_row();
            for row in &rows {
                ui.label(row.means());
                ui.label(format!("{:.0}%", 100.0 * row.hit));
                ui.label(format!("{:.2}", row.odds.expected()))
                    .on_hover_text(damage_text(row));
                ui.label(match row.kill.expected_turns {
                    Some(turns) => format!("{turns:.1}"),
                    None => "never".to_owned(),
                });
                ui.end_row();
            }
        });
}

/// The damage distribution of one strike, as a line of chances.
fn damage_text(row: &Matchup) -> String {
    row.odds
        .probabilities()
        .iter()
        .enumerate()
        .filter(|(_, p)| **p > 0.0)
        .map(|(k, p)| format!("{k}: {:.1}%", 100.0 * p))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sure_blow_is_counted_by_hand() {
        // Strike 9 against Defense 0: D10 + 9 is at least 10, D10 + 0 at most 10, and ties go
        // to the attacker, so every strike lands. A fixed 3 damage, bonus 0 and soak 1 deals
        // 2; 14 hit points take 7 strikes, and with 2 attacks a turn that is 4 turns.
        let mut scenario = crate::rulesets::hex_skirmish::new_scenario();
        let (a, d) = (0, 1);
        scenario.units[a].attributes.strike = 9;
        scenario.units[a].attributes.damage_bonus = 0;
        scenario.units[a].attributes.attacks = 2;
        scenario.units[a].weapons[0].damage =
            megahex_schema::rulesets::hex_skirmish::Damage::Fixed(3);
        scenario.units[d].attributes.defense = 0;
        scenario.units[d].attributes.soak = 1;
        scenario.units[d].attributes.hit_points = 14;
        let rows = odds_between(&Game::new(&scenario), &scenario, a, d);
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].hit, 1.0);
        assert_eq!(rows[0].odds.expected(), 2.0);
        assert_eq!(rows[0].kill.expected_turns, Some(4.0));
    }
}
