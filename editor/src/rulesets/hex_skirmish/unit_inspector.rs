//! The inspector of the selected unit: its id, name, team and kind, the attribute line, its
//! weapons and spells. Each change is one [`SkirmishEdit::UpdateUnit`]; dragging a number is
//! one undo step however far it goes.

use crate::rulesets::hex_skirmish::held::ArenaDocument;
use std::collections::HashMap;

use egui::{RichText, Ui};
use megahex::rulesets::hex_skirmish::Damage as Dice;
use megahex_schema::limits::{MAX_HEALTH, MAX_HEXES};
use megahex_schema::rulesets::hex_skirmish::unit::{MAX_ACTIONS, MAX_ATTRIBUTE};
use megahex_schema::rulesets::hex_skirmish::{
    Damage, Scenario, Spell, Unit, UnitKind, Weapon, WeaponKind,
};

use super::edits::SkirmishEdit;
use crate::text_field::TextField;
use crate::workbench::Workbench;

/// Text typed into the inspector's fields, kept while a field has the keyboard.
pub type Fields = HashMap<egui::Id, String>;

/// A changed unit, and whether the change goes on a drag already under way.
struct Changed {
    unit: Unit,
    continues: bool,
}

/// The inspector for unit `index`; returns `false` when there is no such unit.
pub fn unit_inspector(ui: &mut Ui, wb: &mut Workbench, fields: &mut Fields, index: usize) -> bool {
    let Some(scenario) = wb.doc.skirmish().cloned() else {
        return false;
    };
    let Some(unit) = scenario.units.get(index).cloned() else {
        return false;
    };
    let mut changed: Option<Changed> = None;
    identity(ui, fields, &scenario, &unit, &mut changed);
    ui.separator();
    attributes(ui, &unit, &mut changed);
    ui.separator();
    weapons(ui, fields, &unit, &mut changed);
    ui.separator();
    spells(ui, fields, &unit, &mut changed);
    if let Some(Changed { unit, continues }) = changed {
        wb.edit(SkirmishEdit::UpdateUnit {
            index,
            unit: Box::new(unit),
            continues,
        });
    }
    true
}

fn text(ui: &mut Ui, fields: &mut Fields, salt: &str, current: &str, width: f32) -> Option<String> {
    let field = TextField {
        hint: "",
        width,
        multiline: false,
    };
    field.show(ui, fields, salt, current)
}

fn identity(
    ui: &mut Ui,
    fields: &mut Fields,
    scenario: &Scenario,
    unit: &Unit,
    out: &mut Option<Changed>,
) {
    egui::Grid::new("skirmish-unit-identity").show(ui, |ui| {
        ui.label("id");
        if let Some(id) = text(ui, fields, "unit-id", &unit.id, 140.0) {
            *out = Some(Changed {
                unit: Unit {
                    id: id.trim().to_owned(),
                    ..unit.clone()
                },
                continues: false,
            });
        }
        ui.end_row();
        ui.label("name");
        let name = unit.name.clone().unwrap_or_default();
        if let Some(typed) = text(ui, fields, "unit-name", &name, 140.0) {
            let typed = typed.trim();
            *out = Some(Changed {
                unit: Unit {
                    name: (!typed.is_empty()).then(|| typed.to_owned()),
                    ..unit.clone()
                },
                continues: false,
            });
        }
        ui.end_row();
        ui.label("team");
        let mut team = unit.team.clone();
        egui::ComboBox::from_id_salt("unit-team")
            .selected_text(&team)
            .show_ui(ui, |ui| {
                for t in &scenario.teams {
                    ui.selectable_value(&mut team, t.id.clone(), &t.id);
                }
            });
        if team != unit.team {
            *out = Some(Changed {
                unit: Unit {
                    team,
                    ..unit.clone()
                },
                continues: false,
            });
        }
        ui.end_row();
        ui.label("kind");
        let mut kind = unit.kind;
        ui.horizontal(|ui| {
            ui.selectable_value(&mut kind, UnitKind::Character, "character");
            ui.selectable_value(&mut kind, UnitKind::Monster, "monster");
        });
        if kind != unit.kind {
            *out = Some(Changed {
                unit: Unit {
                    kind,
                    ..unit.clone()
                },
                continues: false,
            });
        }
        ui.end_row();
    });
}

/// A number of the attribute line: `Some(continues)` when it changed.
fn number<T: egui::emath::Numeric>(
    ui: &mut Ui,
    label: &str,
    hover: &str,
    value: &mut T,
    range: std::ops::RangeInclusive<T>,
) -> Option<bool> {
    ui.label(label).on_hover_text(hover);
    let response = ui.add(egui::DragValue::new(value).range(range));
    ui.end_row();
    response
        .changed()
        .then(|| response.dragged() && !response.drag_started())
}

fn attributes(ui: &mut Ui, unit: &Unit, out: &mut Option<Changed>) {
    ui.label(RichText::new("Attributes").strong());
    let mut next = unit.clone();
    let a = &mut next.attributes;
    let signed = -MAX_ATTRIBUTE..=MAX_ATTRIBUTE;
    let mut continues = None;
    egui::Grid::new("skirmish-unit-attributes").show(ui, |ui| {
        let rows = [
            number(
                ui,
                "initiative",
                "Higher acts first in a round",
                &mut a.initiative,
                0..=99,
            ),
            number(
                ui,
                "actions",
                "Actions a turn: a step, an attack, a spell",
                &mut a.actions,
                1..=MAX_ACTIONS,
            ),
            number(
                ui,
                "attacks",
                "Offensive actions a turn at most",
                &mut a.attacks,
                0..=MAX_ACTIONS,
            ),
            number(
                ui,
                "strike",
                "Added to the attacker's D10",
                &mut a.strike,
                signed.clone(),
            ),
            number(
                ui,
                "damage bonus",
                "Added to each weapon's damage",
                &mut a.damage_bonus,
                signed.clone(),
            ),
            number(
                ui,
                "hit points",
                "0 is dead",
                &mut a.hit_points,
                1..=MAX_HEALTH,
            ),
            number(
                ui,
                "soak",
                "Taken off each blow's damage",
                &mut a.soak,
                0..=MAX_ATTRIBUTE,
            ),
            number(
                ui,
                "defense",
                "Added to the defender's D10",
                &mut a.defense,
                signed.clone(),
            ),
            number(
                ui,
                "resistance",
                "Against spells that allow a resistance check",
                &mut a.resistance,
                signed.clone(),
            ),
            number(
                ui,
                "spell points",
                "Spent on spells",
                &mut a.spell_points,
                0..=MAX_HEALTH,
            ),
        ];
        continues = rows.into_iter().flatten().next();
    });
    if let Some(continues) = continues {
        *out = Some(Changed {
            unit: next,
            continues,
        });
    }
}

/// The damage typed into a field, as the file writes it; `None` (and the field red) when it is
/// neither a number nor a dice code.
fn damage_field(ui: &mut Ui, fields: &mut Fields, salt: &str, current: &Damage) -> Option<Damage> {
    let typed = text(ui, fields, salt, &current.to_string(), 56.0)?;
    match typed.parse::<Dice>() {
        Ok(Dice::Fixed(n)) => Some(Damage::Fixed(n)),
        Ok(dice) => Some(Damage::Dice(dice.to_string())),
        Err(e) => {
            ui.label(RichText::new(e.to_string()).color(egui::Color32::LIGHT_RED));
            None
        }
    }
}

/// One kind of arm of a unit (its weapons, or its spells): a row each with the name, the
/// damage and a remove button, then the kind's own settings; and a button that adds one.
/// True when anything changed.
struct ArmList<'a, T> {
    /// `weapon` or `spell`, for the fields' ids and the buttons.
    what: &'a str,
    /// The name and the damage of one.
    name_and_damage: fn(&mut T) -> (&mut String, &mut Damage),
    /// A new one, the `n`th.
    new: fn(usize) -> T,
}

impl<T> ArmList<'_, T> {
    fn show(
        &self,
        ui: &mut Ui,
        fields: &mut Fields,
        list: &mut Vec<T>,
        mut details: impl FnMut(&mut Ui, &mut T) -> bool,
    ) -> bool {
        let what = self.what;
        let mut touched = false;
        let mut drop = None;
        for (i, arm) in list.iter_mut().enumerate() {
            ui.horizontal(|ui| {
                let (name, damage) = (self.name_and_damage)(arm);
                if let Some(typed) = text(ui, fields, &format!("{what}-name-{i}"), name, 110.0) {
                    *name = typed.trim().to_owned();
                    touched = true;
                }
                if let Some(typed) = damage_field(ui, fields, &format!("{what}-damage-{i}"), damage)
                {
                    *damage = typed;
                    touched = true;
                }
                let remove = ui
                    .small_button("×")
                    .on_hover_text(format!("Remove this {what}"));
                if remove.clicked() {
                    drop = Some(i);
                }
            });
            ui.horizontal(|ui| touched |= details(ui, arm));
        }
        if let Some(i) = drop {
            list.remove(i);
            touched = true;
        }
        if ui.button(format!("Add a {what}")).clicked() {
            list.push((self.new)(list.len() + 1));
            touched = true;
        }
        touched
    }
}

fn weapons(ui: &mut Ui, fields: &mut Fields, unit: &Unit, out: &mut Option<Changed>) {
    ui.label(RichText::new("Weapons").strong());
    let mut next = unit.clone();
    let list = ArmList {
        what: "weapon",
        name_and_damage: |w: &mut Weapon| (&mut w.name, &mut w.damage),
        new: |n| Weapon {
            name: format!("Weapon {n}"),
            kind: WeaponKind::Melee,
            damage: Damage::Dice("1d6".to_owned()),
            range: None,
        },
    };
    let touched = list.show(ui, fields, &mut next.weapons, |ui, weapon| {
        let mut touched = false;
        let mut ranged = weapon.kind == WeaponKind::Ranged;
        if ui.checkbox(&mut ranged, "ranged").changed() {
            weapon.kind = if ranged {
                WeaponKind::Ranged
            } else {
                WeaponKind::Melee
            };
            weapon.range = ranged.then_some(weapon.range.unwrap_or(4));
            touched = true;
        }
        if let Some(range) = &mut weapon.range {
            touched |= ui
                .add(
                    egui::DragValue::new(range)
                        .range(1..=MAX_HEXES)
                        .prefix("range "),
                )
                .changed();
        }
        touched
    });
    if touched {
        *out = Some(Changed {
            unit: next,
            continues: false,
        });
    }
}

fn spells(ui: &mut Ui, fields: &mut Fields, unit: &Unit, out: &mut Option<Changed>) {
    ui.label(RichText::new("Spells").strong());
    let mut next = unit.clone();
    let list = ArmList {
        what: "spell",
        name_and_damage: |s: &mut Spell| (&mut s.name, &mut s.damage),
        new: |n| Spell {
            name: format!("Spell {n}"),
            cost: 1,
            damage: Damage::Dice("1d6".to_owned()),
            range: 4,
            strike: true,
            resistance: false,
            soak: true,
        },
    };
    let touched = list.show(ui, fields, &mut next.spells, |ui, spell| {
        let cost = egui::DragValue::new(&mut spell.cost)
            .range(0..=MAX_HEALTH)
            .prefix("cost ");
        let range = egui::DragValue::new(&mut spell.range)
            .range(1..=MAX_HEXES)
            .prefix("range ");
        let mut touched = ui.add(cost).changed() | ui.add(range).changed();
        for (flag, label, hover) in [
            (
                &mut spell.strike,
                "strike",
                "Rolled against the target's Defense",
            ),
            (
                &mut spell.resistance,
                "resistance",
                "The target may resist it",
            ),
            (&mut spell.soak, "soak", "The target's soak counts"),
        ] {
            touched |= ui.checkbox(flag, label).on_hover_text(hover).changed();
        }
        touched
    });
    if touched {
        *out = Some(Changed {
            unit: next,
            continues: false,
        });
    }
}
