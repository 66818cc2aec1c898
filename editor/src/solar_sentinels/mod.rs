//! The Solar Sentinels deck editor: no map, but the three stacks as columns of cards, the
//! hero and rank on the left, and on the right the selected card's inspector with the odds of
//! its engagement and the deck's problems.

pub mod card_inspector;
pub mod edits;
pub mod odds_view;
pub mod stacks_view;

use std::collections::HashMap;

use egui::RichText;
use megahex_schema::solar_sentinels::Scenario;

use crate::workbench::Workbench;
use edits::DeckEdit;

/// What the deck panels remember between frames.
#[derive(Default)]
pub struct DeckUi {
    /// The conflict card in the inspector, by position in `conflict`.
    pub selected: Option<usize>,
    /// Text typed into fields that have the keyboard.
    pub buffers: HashMap<egui::Id, String>,
    /// Best-play odds already worked out.
    pub odds: odds_view::OddsCache,
}

impl DeckUi {
    /// Forgets the selection, for a new document.
    pub fn reset(&mut self) {
        self.selected = None;
        self.buffers.clear();
    }

    /// The status line's hint.
    pub fn hint(&self) -> &'static str {
        match self.selected {
            Some(_) => "Edit the card on the right; Delete removes it; Ctrl+Z undoes",
            None => "Click a card to inspect it; the hero and rank are on the left",
        }
    }

    /// The left panel: the hero played, the rank, the heroes and the bosses.
    pub fn setup_panel(&mut self, ui: &mut egui::Ui, wb: &mut Workbench) {
        let Some(deck) = wb.doc.deck().cloned() else {
            return;
        };
        ui.heading("Setup");
        let mut hero = deck.setup.hero.clone();
        egui::ComboBox::new("deck-hero", "hero")
            .selected_text(hero_name(&deck, &hero))
            .show_ui(ui, |ui| {
                for h in &deck.heroes {
                    ui.selectable_value(&mut hero, h.id.clone(), hero_name(&deck, &h.id));
                }
            });
        if hero != deck.setup.hero {
            wb.edit_deck(DeckEdit::SetHero(hero));
        }
        if let Some(h) = deck.heroes.iter().find(|h| h.id == deck.setup.hero) {
            ui.label(format!(
                "Health {}, Strategy {}, Recovery {}",
                h.health, h.strategy, h.recovery
            ));
            if let Some(name) = h.ability.as_ref().and_then(|a| a.name.as_deref()) {
                ui.label(RichText::new(name).italics());
            }
        }
        ui.add_space(6.0);
        let mut rank = deck.setup.rank;
        egui::ComboBox::new("deck-rank", "rank")
            .selected_text(rank_name(rank))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut rank, None, rank_name(None));
                for r in 1..=6 {
                    ui.selectable_value(&mut rank, Some(r), rank_name(Some(r)));
                }
            });
        if rank != deck.setup.rank {
            wb.edit_deck(DeckEdit::SetRank(rank));
        }
        if let Some(r) = deck.setup.rank {
            ui.label(
                RichText::new(format!(
                    "Draw {} missions, complete {}; {} handicap{}",
                    r + 3,
                    r + 2,
                    r - 1,
                    if r == 2 { "" } else { "s" }
                ))
                .weak(),
            );
        }
        ui.add_space(6.0);
        ui.label(RichText::new("Stack order").strong());
        match deck.setup.stacks.is_some() {
            true => {
                ui.label("Fixed, top card first.");
                if ui
                    .button("Shuffle at setup")
                    .on_hover_text("Leave the order out: the cards are shuffled each game")
                    .clicked()
                {
                    wb.edit_deck(DeckEdit::SetStacks(None));
                }
            }
            false => {
                ui.label("Shuffled each game; shown in file order.");
                if ui
                    .button("Fix this order")
                    .on_hover_text("Write the columns as the setup's stack order, top card first")
                    .clicked()
                {
                    wb.edit_deck(DeckEdit::SetStacks(Some(edits::columns(&deck))));
                }
            }
        }
        ui.add_space(6.0);
        egui::CollapsingHeader::new(format!("Heroes ({})", deck.heroes.len()))
            .default_open(false)
            .show(ui, |ui| {
                for h in &deck.heroes {
                    ui.label(format!(
                        "{}: {}/{}/{}",
                        hero_name(&deck, &h.id),
                        h.health,
                        h.strategy,
                        h.recovery
                    ));
                }
            });
        egui::CollapsingHeader::new(format!("Bosses ({})", deck.bosses.len()))
            .default_open(true)
            .show(ui, |ui| {
                for b in &deck.bosses {
                    ui.label(format!(
                        "{}: Health {}, Damage {}, +{}",
                        b.name.as_deref().unwrap_or(&b.id),
                        b.health,
                        b.damage,
                        b.entourage
                    ));
                }
            });
        ui.label(RichText::new(format!("{} missions in the deck", deck.missions.len())).weak());
    }

    /// The right panel: the card inspector with its odds, then the problems.
    pub fn side_panel(&mut self, ui: &mut egui::Ui, wb: &mut Workbench, checking: bool) {
        let count = wb.doc.deck().map_or(0, |d| d.conflict.len());
        match self.selected.filter(|i| *i < count) {
            Some(index) => {
                egui::ScrollArea::vertical()
                    .id_salt("deck-inspector")
                    .max_height(ui.available_height() * 0.65)
                    .show(ui, |ui| card_inspector::card_inspector(ui, wb, self, index));
            }
            None => {
                self.selected = None;
                ui.label(RichText::new("Click a card to inspect it.").weak());
            }
        }
        ui.separator();
        let clicked =
            crate::problems::problems_panel(ui, &wb.doc.problems, checking, wb.doc.is_dirty());
        if let Some(problem) = clicked.and_then(|i| wb.doc.problems.get(i)) {
            self.selected = card_of(problem.pointer.as_deref()).or(self.selected);
        }
    }

    /// Takes the selected card out of the deck.
    pub fn delete_selected(&mut self, wb: &mut Workbench) {
        if let Some(index) = self.selected.take() {
            wb.edit_deck(DeckEdit::RemoveCard { index });
        }
    }
}

/// The conflict card a problem's pointer is about (`/conflict/7/health`).
fn card_of(pointer: Option<&str>) -> Option<usize> {
    pointer?
        .strip_prefix("/conflict/")?
        .split('/')
        .next()?
        .parse()
        .ok()
}

fn hero_name(deck: &Scenario, id: &str) -> String {
    deck.heroes
        .iter()
        .find(|h| h.id == id)
        .and_then(|h| h.name.clone())
        .unwrap_or_else(|| id.to_owned())
}

fn rank_name(rank: Option<u32>) -> String {
    const TITLES: [&str; 6] = [
        "Solar Soldier",
        "Solar Specialist",
        "Solar Sergeant",
        "Solar Staff Sergeant",
        "Solar Sentinel",
        "Senior Solar Sentinel",
    ];
    match rank {
        None => "No missions".to_owned(),
        Some(r) => format!(
            "{r}: {}",
            TITLES.get(r.saturating_sub(1) as usize).unwrap_or(&"")
        ),
    }
}

/// The bundled example deck, for tests.
#[cfg(test)]
pub(crate) fn example_deck() -> Scenario {
    let text = include_str!("../../../scenarios/solar-first-light.yaml");
    crate::storage::read_as(text).unwrap_or_else(|| panic!("the example deck reads"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_problem_at_a_card_selects_it() {
        assert_eq!(card_of(Some("/conflict/7/health")), Some(7));
        assert_eq!(card_of(Some("/conflict/12")), Some(12));
        assert_eq!(card_of(Some("/bosses/1/health")), None);
        assert_eq!(card_of(None), None);
    }
}
