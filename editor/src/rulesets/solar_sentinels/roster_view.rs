//! The setup panel's entry for the missions, then its heroes and bosses: tiles like the stacks'
//! cards, so a hero, a boss or the missions are picked for the inspector the way a card is.

use egui::RichText;
use megahex_schema::rulesets::solar_sentinels::Scenario;

use super::Selected;
use super::stacks_view::{count_effects, plain_border, tile};

/// Draws the lists; a click on a tile selects what it shows.
pub fn roster(ui: &mut egui::Ui, deck: &Scenario, selected: &mut Option<Selected>) {
    let fixed = deck.missions.iter().filter(|m| !m.forfeit).count();
    let line = match deck.missions.len() {
        0 => "none in the deck".to_owned(),
        n => format!("{n} cards · {fixed} cannot be forfeited"),
    };
    let title = RichText::new("Missions").strong();
    let lines = [RichText::new(line).small()];
    if pick(ui, *selected, Selected::Missions, title, &lines) {
        *selected = Some(Selected::Missions);
    }
    ui.add_space(4.0);
    egui::CollapsingHeader::new(format!("Heroes ({})", deck.heroes.len()))
        .default_open(true)
        .show(ui, |ui| {
            for (i, hero) in deck.heroes.iter().enumerate() {
                let stats = format!(
                    "Health {} · Strategy {} · Recovery {}",
                    hero.health, hero.strategy, hero.recovery
                );
                let ability = hero.ability.as_ref().and_then(|a| a.name.as_deref());
                let played = (hero.id == deck.setup.hero).then_some("played");
                let note = [ability, played].into_iter().flatten().collect::<Vec<_>>();
                let mut lines = vec![RichText::new(stats).small()];
                if !note.is_empty() {
                    lines.push(RichText::new(note.join(" · ")).small().weak());
                }
                let title = RichText::new(hero.name.as_deref().unwrap_or(&hero.id)).strong();
                if pick(ui, *selected, Selected::Hero(i), title, &lines) {
                    *selected = Some(Selected::Hero(i));
                }
            }
        });
    egui::CollapsingHeader::new(format!("Bosses ({})", deck.bosses.len()))
        .default_open(true)
        .show(ui, |ui| {
            for (i, boss) in deck.bosses.iter().enumerate() {
                let stats = format!(
                    "Health {} · Damage {} · +{}",
                    boss.health, boss.damage, boss.entourage
                );
                let mut lines = vec![RichText::new(stats).small()];
                let effects = count_effects(boss.effects.len());
                if !effects.is_empty() {
                    lines.push(RichText::new(effects).small().weak());
                }
                let title = RichText::new(boss.name.as_deref().unwrap_or(&boss.id)).strong();
                if pick(ui, *selected, Selected::Boss(i), title, &lines) {
                    *selected = Some(Selected::Boss(i));
                }
            }
        });
}

/// One tile, drawn selected when it shows what is selected; true when it was clicked.
fn pick(
    ui: &mut egui::Ui,
    selected: Option<Selected>,
    this: Selected,
    title: RichText,
    lines: &[RichText],
) -> bool {
    tile(ui, selected == Some(this), plain_border(), title, lines)
}
