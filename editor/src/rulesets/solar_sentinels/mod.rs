//! The Solar Sentinels deck editor: no map, but the three stacks as columns of cards, the
//! setup with the heroes, bosses and missions on the left, and on the right the inspector of
//! what is selected (a card or a boss with the odds of its engagement, a hero, or the missions)
//! and the deck's problems.

pub mod boss_inspector;
pub mod card_inspector;
pub mod claims_view;
pub mod commands;
pub mod editor;
pub mod edits;
pub mod effect_menu;
pub mod fields;
pub mod held;
pub mod hero_inspector;
pub mod jobs;
pub mod missions_view;
pub mod odds_view;
pub mod roster_view;
pub mod stacks_view;

use crate::rulesets::solar_sentinels::held::DeckDocument;
use std::collections::HashMap;

use egui::RichText;
use megahex_schema::rulesets::solar_sentinels::Scenario;

use crate::workbench::Workbench;
use edits::DeckEdit;

/// What the inspector shows: one card, hero or boss (by position in its list, as the edits
/// name them), or the list of missions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Selected {
    /// A conflict card, by position in `conflict`.
    Card(usize),
    /// A hero, by position in `heroes`.
    Hero(usize),
    /// A boss, by position in `bosses`.
    Boss(usize),
    /// Every mission, in one list.
    Missions,
}

impl Selected {
    /// True when the deck still has what is selected (an undo can take a card away).
    fn is_in(self, deck: &Scenario) -> bool {
        match self {
            Selected::Card(i) => i < deck.conflict.len(),
            Selected::Hero(i) => i < deck.heroes.len(),
            Selected::Boss(i) => i < deck.bosses.len(),
            Selected::Missions => true,
        }
    }
}

/// What the deck panels remember between frames.
#[derive(Default)]
pub struct DeckUi {
    /// What the inspector shows.
    pub selected: Option<Selected>,
    /// Text typed into fields that have the keyboard.
    pub buffers: HashMap<egui::Id, String>,
    /// Best-play odds already worked out.
    pub odds: odds_view::OddsCache,
    /// The "More keys" boxes being typed.
    pub key_texts: crate::key_text::KeyTexts,
}

/// The keys of a deck's file no panel covers yet: written as YAML in the side panel.
const MORE_KEYS: &[crate::key_text::KeyDoc] = &[
    crate::key_text::KeyDoc {
        key: "description",
        what: "Free text for the player: the story and how to set up.",
    },
    crate::key_text::KeyDoc {
        key: "setup",
        what: "The setup: the hero played, rank, stacks, seed, handicaps and mission draw.",
    },
    crate::key_text::KeyDoc {
        key: "components",
        what: "The components the game is played with, where the deck changes them.",
    },
    crate::key_text::KeyDoc {
        key: "dice",
        what: "The dice of each colour, where the deck changes them.",
    },
    crate::key_text::KeyDoc {
        key: "heroes",
        what: "The heroes: add or remove one here; the inspector edits each.",
    },
    crate::key_text::KeyDoc {
        key: "bosses",
        what: "The bosses: add or remove one here; the inspector edits each.",
    },
    crate::key_text::KeyDoc {
        key: "missions",
        what: "The missions: add or remove one here; Missions on the left edits each.",
    },
    crate::key_text::KeyDoc {
        key: "assert",
        what: "Claims the deck makes about itself, checked by every validation.",
    },
    crate::key_text::KeyDoc {
        key: "playtest",
        what: "A scripted playtest, replayed under the rules.",
    },
];

impl DeckUi {
    /// The status line's hint.
    pub fn hint(&self) -> &'static str {
        match self.selected {
            Some(Selected::Card(_)) => {
                "Edit the card on the right; Delete removes it; Ctrl+Z undoes"
            }
            Some(Selected::Hero(_) | Selected::Boss(_) | Selected::Missions) => {
                "Edit on the right; Ctrl+Z undoes"
            }
            None => "Click a card, a hero, a boss or Missions to inspect it",
        }
    }

    /// The left panel: the hero played, the rank and the stack order, then the heroes, bosses
    /// and missions to pick for the inspector. It scrolls, as six heroes and four bosses can
    /// be taller than the window.
    pub fn setup_panel(&mut self, ui: &mut egui::Ui, wb: &mut Workbench) {
        let Some(deck) = wb.doc.deck().cloned() else {
            return;
        };
        egui::ScrollArea::vertical()
            .id_salt("deck-setup")
            .show(ui, |ui| self.setup_contents(ui, wb, &deck));
    }

    fn setup_contents(&mut self, ui: &mut egui::Ui, wb: &mut Workbench, deck: &Scenario) {
        ui.heading("Setup");
        let mut hero = deck.setup.hero.clone();
        egui::ComboBox::new("deck-hero", "hero")
            .selected_text(hero_name(deck, &hero))
            .show_ui(ui, |ui| {
                for h in &deck.heroes {
                    ui.selectable_value(&mut hero, h.id.clone(), hero_name(deck, &h.id));
                }
            });
        if hero != deck.setup.hero {
            wb.edit(DeckEdit::SetHero(hero));
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
            wb.edit(DeckEdit::SetRank(rank));
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
                    wb.edit(DeckEdit::SetStacks(None));
                }
            }
            false => {
                ui.label("Shuffled each game; shown in file order.");
                if ui
                    .button("Fix this order")
                    .on_hover_text("Write the columns as the setup's stack order, top card first")
                    .clicked()
                {
                    wb.edit(DeckEdit::SetStacks(Some(edits::columns(deck))));
                }
            }
        }
        ui.add_space(6.0);
        roster_view::roster(ui, deck, &mut self.selected);
    }

    /// The right panel: the inspector of what is selected, then the problems.
    pub fn side_panel(&mut self, ui: &mut egui::Ui, wb: &mut Workbench, checking: bool) {
        let selected = wb
            .doc
            .deck()
            .and_then(|deck| self.selected.filter(|s| s.is_in(deck)));
        match selected {
            Some(selected) => {
                // The problems below keep the room their rows need, up to a third of the
                // panel; the inspector (and its odds chart) gets the rest.
                let rows = wb.doc.problems.len().max(1) as f32;
                let problems_room = (60.0 + 24.0 * rows).min(ui.available_height() * 0.35);
                egui::ScrollArea::vertical()
                    .id_salt("deck-inspector")
                    .max_height(ui.available_height() - problems_room)
                    .show(ui, |ui| {
                        // Room for the scroll bar, which floats over the right edge.
                        ui.set_max_width(ui.available_width() - 16.0);
                        self.inspector(ui, wb, selected);
                    });
            }
            None => {
                self.selected = None;
                ui.label(
                    RichText::new("Click a card, or a hero, a boss or Missions on the left.")
                        .weak(),
                );
            }
        }
        ui.separator();
        let clicked = crate::problems::problems_panel(
            ui,
            &wb.doc.problems,
            checking,
            wb.doc.is_dirty(),
            &clickable,
        );
        if let Some(problem) = clicked.and_then(|i| wb.doc.problems.get(i)) {
            self.selected = selection_of(problem.pointer.as_deref()).or(self.selected);
        }
        claims_view::claims_section(ui, wb.doc.deck(), &wb.doc.problems, checking);
        crate::changes_view::changes_section(ui, wb.doc.changes.as_ref(), wb.doc.is_dirty(), None);
        self.more_keys(ui, wb);
    }

    /// The keys the panels do not cover, as YAML.
    fn more_keys(&mut self, ui: &mut egui::Ui, wb: &mut Workbench) {
        let Some(deck) = wb.doc.deck().cloned() else {
            return;
        };
        let applied = crate::key_text::more_keys(ui, &deck, MORE_KEYS, &mut self.key_texts);
        if let Some((key, value)) = applied {
            wb.edit(edits::DeckEdit::SetKey { key, value });
        }
    }

    fn inspector(&mut self, ui: &mut egui::Ui, wb: &mut Workbench, selected: Selected) {
        match selected {
            Selected::Card(index) => card_inspector::card_inspector(ui, wb, self, index),
            Selected::Hero(index) => hero_inspector::hero_inspector(ui, wb, self, index),
            Selected::Boss(index) => boss_inspector::boss_inspector(ui, wb, self, index),
            Selected::Missions => missions_view::missions_view(ui, wb, self),
        }
    }

    /// Takes the selected card out of the deck; heroes, bosses and missions stay (other parts
    /// of the deck refer to them).
    pub fn delete_selected(&mut self, wb: &mut Workbench) {
        if let Some(Selected::Card(index)) = self.selected {
            self.selected = None;
            wb.edit(DeckEdit::RemoveCard { index });
        }
    }
}

/// What a problem's pointer is about (`/conflict/7/health`, `/bosses/1/effects/0`), to select
/// it when the problem is clicked.
fn selection_of(pointer: Option<&str>) -> Option<Selected> {
    let mut parts = pointer?.strip_prefix('/')?.split('/');
    let list = parts.next()?;
    if list == "missions" {
        return Some(Selected::Missions);
    }
    let index = parts.next()?.parse().ok()?;
    match list {
        "conflict" => Some(Selected::Card(index)),
        "heroes" => Some(Selected::Hero(index)),
        "bosses" => Some(Selected::Boss(index)),
        _ => None,
    }
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
/// The status line's text for a deck: what it holds.
pub fn status_text(doc: &crate::document::Document) -> String {
    match doc.deck() {
        Some(deck) => format!(
            "{} conflict cards, {} bosses, {} heroes, {} missions",
            deck.conflict.len(),
            deck.bosses.len(),
            deck.heroes.len(),
            deck.missions.len()
        ),
        None => String::new(),
    }
}

/// The parts of a deck that its inspector opens, so a finding about one of them can be
/// clicked.
const DECK_PARTS: [&str; 4] = ["/conflict/", "/heroes/", "/bosses/", "/missions"];

/// A finding can be opened when it is about a card, a hero, a boss or the missions.
fn clickable(problem: &crate::document::Problem) -> Option<&'static str> {
    crate::problems::has_hexes(problem).or_else(|| {
        problem
            .pointer
            .as_deref()
            .is_some_and(|p| DECK_PARTS.iter().any(|d| p.starts_with(d)))
            .then_some(crate::problems::IN_INSPECTOR)
    })
}

#[cfg(test)]
pub(crate) fn example_deck() -> Scenario {
    let text = include_str!("../../../../scenarios/solar-first-light.yaml");
    crate::storage::read_as(text).unwrap_or_else(|| panic!("the example deck reads"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_problem_selects_what_it_is_about() {
        let of = selection_of;
        assert_eq!(of(Some("/conflict/7/health")), Some(Selected::Card(7)));
        assert_eq!(of(Some("/conflict/12")), Some(Selected::Card(12)));
        assert_eq!(of(Some("/bosses/1/health")), Some(Selected::Boss(1)));
        assert_eq!(of(Some("/heroes/0/strategy")), Some(Selected::Hero(0)));
        assert_eq!(of(Some("/missions/3/condition")), Some(Selected::Missions));
        assert_eq!(of(Some("/missions")), Some(Selected::Missions));
        assert_eq!(of(Some("/conflict")), None);
        assert_eq!(of(Some("/setup/hero")), None);
        assert_eq!(of(None), None);
    }
}
