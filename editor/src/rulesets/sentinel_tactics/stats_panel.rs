//! The selected figure's stats for the simulation (the scenario's `stats:` entry for its
//! roster id): health, actions, defence, movement, Mobility, attacks (with their costs,
//! One-Shot and power card) and power cards, entered in the inspector instead of YAML. A change is one named edit, made when a number stops being
//! dragged or typed, a box is ticked or a choice is picked.

use super::bench::MapBench;
use crate::rulesets::sentinel_tactics::held::MapDocument;
use egui::RichText;
use megahex_schema::rulesets::sentinel_tactics::stats::{
    AbilityCost, AttackKind, AttackStats, FigureStats, Movement, Pick, RolledMovement,
    StaticMovement,
};

use crate::rulesets::sentinel_tactics::edit::Edit;

/// The stats being changed, until the change is made.
#[derive(Debug, Default)]
pub struct StatsPanel {
    /// The figure the draft belongs to and the draft; it follows the scenario (undo, another
    /// figure) while nothing is being changed.
    draft: Option<(String, FigureStats)>,
    /// A number is being dragged or typed: keep the draft until it is left.
    changing: bool,
}

/// What a widget asks of the draft this frame.
#[derive(Debug, Default, Clone, Copy)]
struct Asked {
    /// Something changed that is still being changed (a drag, typing).
    changing: bool,
    /// The change is finished: make the edit.
    commit: bool,
}

impl Asked {
    fn from(&mut self, response: &egui::Response, instant: bool) {
        if response.changed() {
            if instant {
                self.commit = true;
            } else {
                self.changing = true;
            }
        }
        if response.drag_stopped() || response.lost_focus() {
            self.commit = true;
        }
    }
}

impl StatsPanel {
    /// The section, for the figure with roster id `figure`.
    pub fn ui(&mut self, wb: &mut MapBench<'_>, ui: &mut egui::Ui, figure: &str) {
        let current = wb
            .doc
            .scenario()
            .and_then(|s| s.stats.get(figure))
            .cloned()
            .unwrap_or_default();
        let follows = !self.changing || self.draft.as_ref().is_none_or(|(f, _)| f != figure);
        if follows {
            self.draft = Some((figure.to_owned(), current.clone()));
            self.changing = false;
        }
        let Some((_, draft)) = self.draft.as_mut() else {
            return;
        };
        let mut asked = Asked::default();
        egui::CollapsingHeader::new(RichText::new("Stats for the simulation").strong())
            .id_salt("figure-stats")
            .default_open(current != FigureStats::default())
            .show(ui, |ui| {
                ui.label(
                    RichText::new(format!(
                        "For every `{figure}` on the map: the fairness verdict, odds and self-play use them. Numbers you choose; official cards are never copied in."
                    ))
                    .weak(),
                );
                egui::Grid::new("figure-stats-grid")
                    .num_columns(2)
                    .spacing([8.0, 4.0])
                    .show(ui, |ui| {
                        optional_number(ui, "Starting health", &mut draft.health, 1..=99, &mut asked);
                        optional_number(ui, "Actions", &mut draft.actions, 1..=9, &mut asked);
                        optional_number(ui, "Defence dice", &mut draft.defense, 0..=12, &mut asked);
                        movement_row(ui, &mut draft.movement, &mut asked);
                        let r = ui
                            .checkbox(&mut draft.mobility, "Mobility")
                            .on_hover_text("Ignores elevation when moving");
                        asked.from(&r, true);
                        ui.end_row();
                    });
                attacks_ui(ui, &mut draft.attacks, &draft.cards, &mut asked);
                cards_ui(ui, draft, &mut asked);
            });
        self.changing = asked.changing || (self.changing && !asked.commit);
        if asked.commit && *draft != current {
            let stats = (*draft != FigureStats::default()).then(|| draft.clone());
            self.changing = false;
            wb.edit(Edit::SetStats {
                figure: figure.to_owned(),
                stats: stats.map(Box::new),
            });
        }
    }
}

/// A number that may be left out: a tick to give it, and its value.
fn optional_number(
    ui: &mut egui::Ui,
    name: &str,
    value: &mut Option<u32>,
    range: std::ops::RangeInclusive<u32>,
    asked: &mut Asked,
) {
    let mut given = value.is_some();
    let r = ui
        .checkbox(&mut given, name)
        .on_hover_text("Tick to give it, untick to leave it out");
    if r.changed() {
        *value = given.then_some((*range.start()).max(1).min(*range.end()));
        asked.commit = true;
    }
    if let Some(v) = value {
        let r = ui.add(egui::DragValue::new(v).range(range));
        asked.from(&r, false);
    } else {
        ui.label(RichText::new("not given").weak());
    }
    ui.end_row();
}

fn movement_row(ui: &mut egui::Ui, movement: &mut Option<Movement>, asked: &mut Asked) {
    ui.label("Movement")
        .on_hover_text("Dice rolled each turn (and which one counts), or a printed value");
    // Stacked, so the row fits the panel's narrowest width instead of widening it.
    ui.vertical(|ui| {
        let shown = match movement {
            None => "not given",
            Some(Movement::Rolled(_)) => "rolled",
            Some(Movement::Static(_)) => "printed",
        };
        egui::ComboBox::from_id_salt("stats-movement")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                let options = [
                    ("not given", None),
                    (
                        "rolled",
                        Some(Movement::Rolled(RolledMovement {
                            dice: 3,
                            pick: Pick::Median,
                        })),
                    ),
                    (
                        "printed",
                        Some(Movement::Static(StaticMovement { value: 4 })),
                    ),
                ];
                for (name, option) in options {
                    if ui.selectable_label(shown == name, name).clicked() && shown != name {
                        *movement = option;
                        asked.commit = true;
                    }
                }
            });
        match movement {
            Some(Movement::Rolled(rolled)) => ui.horizontal(|ui| {
                let r = ui.add(
                    egui::DragValue::new(&mut rolled.dice)
                        .range(1..=6)
                        .suffix(" dice"),
                );
                asked.from(&r, false);
                egui::ComboBox::from_id_salt("stats-pick")
                    .selected_text(pick_name(rolled.pick))
                    .show_ui(ui, |ui| {
                        for pick in [Pick::Highest, Pick::Median, Pick::Lowest] {
                            let r = ui.selectable_value(&mut rolled.pick, pick, pick_name(pick));
                            asked.from(&r, true);
                        }
                    });
            }),
            Some(Movement::Static(printed)) => ui.horizontal(|ui| {
                let r = ui.add(
                    egui::DragValue::new(&mut printed.value)
                        .range(0..=20)
                        .prefix("move "),
                );
                asked.from(&r, false);
            }),
            None => ui.horizontal(|_| {}),
        };
    });
    ui.end_row();
}

fn pick_name(pick: Pick) -> &'static str {
    match pick {
        Pick::Highest => "keep the highest",
        Pick::Median => "keep the middle",
        Pick::Lowest => "keep the lowest",
    }
}

fn kind_name(kind: AttackKind) -> &'static str {
    match kind {
        AttackKind::Melee => "melee",
        AttackKind::Range => "range",
        AttackKind::Area => "area",
        AttackKind::Vertex => "vertex",
    }
}

/// A number in `range` with its words around it ("reach 2", "3 dice").
fn number(
    ui: &mut egui::Ui,
    value: &mut u32,
    range: std::ops::RangeInclusive<u32>,
    prefix: &str,
    suffix: &str,
    asked: &mut Asked,
) {
    let r = ui.add(
        egui::DragValue::new(value)
            .range(range)
            .prefix(prefix)
            .suffix(suffix),
    );
    asked.from(&r, false);
}

fn attacks_ui(
    ui: &mut egui::Ui,
    attacks: &mut Vec<AttackStats>,
    cards: &[String],
    asked: &mut Asked,
) {
    let mut remove = None;
    for (i, attack) in attacks.iter_mut().enumerate() {
        ui.push_id(("attack", i), |ui| {
            ui.horizontal_wrapped(|ui| {
                let r = ui.add(egui::TextEdit::singleline(&mut attack.name).desired_width(90.0));
                asked.from(&r, false);
                egui::ComboBox::from_id_salt("kind")
                    .selected_text(kind_name(attack.kind))
                    .show_ui(ui, |ui| {
                        for kind in [
                            AttackKind::Melee,
                            AttackKind::Range,
                            AttackKind::Area,
                            AttackKind::Vertex,
                        ] {
                            let r = ui.selectable_value(&mut attack.kind, kind, kind_name(kind));
                            asked.from(&r, true);
                        }
                    });
                number(ui, &mut attack.dice, 0..=12, "", " dice", asked);
                number(ui, &mut attack.reach, 0..=12, "reach ", "", asked);
                if matches!(attack.kind, AttackKind::Area | AttackKind::Vertex) {
                    number(ui, &mut attack.origin, 0..=12, "origin ", "", asked);
                }
                if attack.kind == AttackKind::Area {
                    number(ui, &mut attack.radius, 0..=6, "radius ", "", asked);
                }
                number(ui, &mut attack.push, 0..=6, "push ", "", asked);
                let r = ui
                    .checkbox(&mut attack.unlimited, "unlimited")
                    .on_hover_text("May be used more than once a turn, an action each time");
                asked.from(&r, true);
                let r = ui.checkbox(&mut attack.one_shot, "one-shot").on_hover_text(
                    "Used once, then out of play until the character is incapacitated",
                );
                asked.from(&r, true);
                cost_ui(ui, &mut attack.cost, asked);
                card_ui(ui, &mut attack.card, cards, asked);
                if ui
                    .small_button("Remove")
                    .on_hover_text("Remove this attack")
                    .clicked()
                {
                    remove = Some(i);
                }
            });
        });
    }
    if let Some(i) = remove {
        attacks.remove(i);
        asked.commit = true;
    }
    if ui
        .button("Add attack")
        .on_hover_text("A melee attack of 2 dice; change its name, kind and dice here")
        .clicked()
    {
        let name = format!("Attack {}", attacks.len() + 1);
        attacks.push(AttackStats {
            name,
            kind: AttackKind::Melee,
            dice: 2,
            auto_miss: Vec::new(),
            reach: 0,
            origin: 0,
            radius: 0,
            push: 0,
            unlimited: false,
            cost: None,
            one_shot: false,
            card: None,
        });
        asked.commit = true;
    }
}

/// What using an attack costs: an action, or health, or Attack+1 tokens instead.
fn cost_ui(ui: &mut egui::Ui, cost: &mut Option<AbilityCost>, asked: &mut Asked) {
    let shown = match cost {
        None => "costs an action",
        Some(c) if c.attack_plus > 0 => "costs Attack+1",
        Some(_) => "costs health",
    };
    egui::ComboBox::from_id_salt("cost")
        .selected_text(shown)
        .show_ui(ui, |ui| {
            let options = [
                ("costs an action", None),
                (
                    "costs health",
                    Some(AbilityCost {
                        health: 1,
                        attack_plus: 0,
                    }),
                ),
                (
                    "costs Attack+1",
                    Some(AbilityCost {
                        health: 0,
                        attack_plus: 1,
                    }),
                ),
            ];
            for (name, option) in options {
                if ui.selectable_label(shown == name, name).clicked() && shown != name {
                    *cost = option;
                    asked.commit = true;
                }
            }
        })
        .response
        .on_hover_text(
            "A health ability costs health, the Omni-Cannon Attack+1 tokens, instead of an action",
        );
    match cost {
        Some(c) if c.attack_plus > 0 => number(ui, &mut c.attack_plus, 1..=9, "", " tokens", asked),
        Some(c) => number(ui, &mut c.health, 1..=9, "", " health", asked),
        None => {}
    }
}

/// The power card an attack is on: the character panel, or one of the figure's cards.
fn card_ui(ui: &mut egui::Ui, card: &mut Option<String>, cards: &[String], asked: &mut Asked) {
    if cards.is_empty() && card.is_none() {
        return;
    }
    let shown = card.clone().unwrap_or_else(|| "on the panel".to_owned());
    egui::ComboBox::from_id_salt("card")
        .selected_text(format!("card: {shown}"))
        .show_ui(ui, |ui| {
            let mut options = vec![None];
            options.extend(cards.iter().cloned().map(Some));
            for option in options {
                let name = option.clone().unwrap_or_else(|| "on the panel".to_owned());
                if ui.selectable_label(*card == option, name).clicked() && *card != option {
                    *card = option;
                    asked.commit = true;
                }
            }
        })
        .response
        .on_hover_text("An attack on a power card is usable while the card is in play");
}

/// The figure's power cards: each with whether it starts in play, and how many may be in play.
fn cards_ui(ui: &mut egui::Ui, stats: &mut FigureStats, asked: &mut Asked) {
    ui.label(RichText::new("Power cards").strong())
        .on_hover_text("Its hand: attacks on a card are usable while the card is in play; a Power Up places or replaces one");
    let mut remove = None;
    let mut renamed = None;
    for (i, name) in stats.cards.iter_mut().enumerate() {
        ui.push_id(("card", i), |ui| {
            ui.horizontal(|ui| {
                let before = name.clone();
                let r = ui.add(egui::TextEdit::singleline(name).desired_width(110.0));
                asked.from(&r, false);
                if r.changed() {
                    renamed = Some((before.clone(), name.clone()));
                }
                let mut in_play = stats.in_play.contains(&before);
                let r = ui
                    .checkbox(&mut in_play, "in play at the start")
                    .on_hover_text("Each character starts with two of its cards in play");
                if r.changed() {
                    match in_play {
                        true => stats.in_play.push(before.clone()),
                        false => stats.in_play.retain(|c| *c != before),
                    }
                    asked.commit = true;
                }
                if ui
                    .small_button("Remove")
                    .on_hover_text("Remove this power card")
                    .clicked()
                {
                    remove = Some(i);
                }
            });
        });
    }
    // A renamed card keeps its place in play and its attacks.
    if let Some((before, after)) = renamed {
        for c in stats.in_play.iter_mut().filter(|c| **c == before) {
            c.clone_from(&after);
        }
        for a in &mut stats.attacks {
            if a.card.as_deref() == Some(before.as_str()) {
                a.card = Some(after.clone());
            }
        }
    }
    if let Some(i) = remove {
        let gone = stats.cards.remove(i);
        stats.in_play.retain(|c| *c != gone);
        for a in &mut stats.attacks {
            if a.card.as_deref() == Some(gone.as_str()) {
                a.card = None;
            }
        }
        asked.commit = true;
    }
    ui.horizontal(|ui| {
        if ui
            .button("Add power card")
            .on_hover_text("A card of its hand; name it here, and put attacks on it")
            .clicked()
        {
            let name = (1..)
                .map(|n| format!("Card {n}"))
                .find(|n| !stats.cards.contains(n))
                .unwrap_or_default();
            stats.cards.push(name);
            asked.commit = true;
        }
        let mut limit = stats.cards_in_play.is_some();
        let r = ui
            .checkbox(&mut limit, "more than two in play")
            .on_hover_text("An ability lets it hold more power cards in play at once");
        if r.changed() {
            stats.cards_in_play = limit.then_some(3);
            asked.commit = true;
        }
        if let Some(most) = stats.cards_in_play.as_mut() {
            number(ui, most, 1..=9, "at most ", "", asked);
        }
    });
}
