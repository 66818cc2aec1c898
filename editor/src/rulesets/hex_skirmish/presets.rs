//! The unit palette's starting points: a fighter, an archer, a mage and a monster, with the
//! attribute lines of the bundled scenarios' units, to be changed in the inspector.

use megahex_schema::rulesets::hex_skirmish::{
    Attributes, Damage, Spell, Unit, UnitKind, Weapon, WeaponKind,
};

/// What a preset's weapon or spell is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arm {
    /// A melee weapon: name, damage dice.
    Melee(&'static str, &'static str),
    /// A ranged weapon: name, damage dice, range.
    Ranged(&'static str, &'static str, u32),
    /// A spell: name, spell-point cost, damage dice, range.
    Spell(&'static str, u32, &'static str, u32),
}

/// One entry of the unit palette.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Preset {
    /// Shown in the palette, and the start of a placed unit's id.
    pub name: &'static str,
    /// Character or monster.
    pub kind: UnitKind,
    /// `[initiative, actions, attacks, strike, damage bonus, hit points, soak, defence,
    /// resistance, spell points]`, the order of the attribute line.
    pub line: [i32; 10],
    /// Its weapons and spells.
    pub arms: &'static [Arm],
}

/// The palette, in the order shown.
pub const PRESETS: [Preset; 4] = [
    Preset {
        name: "fighter",
        kind: UnitKind::Character,
        line: [4, 4, 2, 3, 1, 14, 1, 2, 0, 0],
        arms: &[Arm::Melee("Sword", "1d8")],
    },
    Preset {
        name: "archer",
        kind: UnitKind::Character,
        line: [5, 4, 1, 3, 0, 11, 0, 2, 0, 0],
        arms: &[Arm::Ranged("Longbow", "1d8", 6), Arm::Melee("Knife", "1d4")],
    },
    Preset {
        name: "mage",
        kind: UnitKind::Character,
        line: [3, 4, 1, 1, 0, 9, 0, 1, 3, 8],
        arms: &[
            Arm::Melee("Staff", "1d4"),
            Arm::Spell("Firebolt", 2, "2d6", 5),
        ],
    },
    Preset {
        name: "ogre",
        kind: UnitKind::Monster,
        line: [2, 3, 1, 4, 2, 24, 2, 1, 0, 0],
        arms: &[Arm::Melee("Club", "2d6")],
    },
];

fn unsigned(n: i32) -> u32 {
    u32::try_from(n).unwrap_or(0)
}

impl Preset {
    /// A unit of this preset, called `id`, on `team`, standing at `at`.
    pub fn unit(&self, id: &str, team: &str, at: [i32; 2]) -> Unit {
        let l = self.line;
        let dice = |code: &str| Damage::Dice(code.to_owned());
        let mut weapons = Vec::new();
        let mut spells = Vec::new();
        for arm in self.arms {
            match *arm {
                Arm::Melee(name, damage) => weapons.push(Weapon {
                    name: name.to_owned(),
                    kind: WeaponKind::Melee,
                    damage: dice(damage),
                    range: None,
                }),
                Arm::Ranged(name, damage, range) => weapons.push(Weapon {
                    name: name.to_owned(),
                    kind: WeaponKind::Ranged,
                    damage: dice(damage),
                    range: Some(range),
                }),
                Arm::Spell(name, cost, damage, range) => spells.push(Spell {
                    name: name.to_owned(),
                    cost,
                    damage: dice(damage),
                    range,
                    strike: true,
                    resistance: false,
                    soak: true,
                }),
            }
        }
        Unit {
            id: id.to_owned(),
            name: None,
            team: team.to_owned(),
            kind: self.kind,
            at,
            attributes: Attributes {
                initiative: unsigned(l[0]),
                actions: unsigned(l[1]),
                attacks: unsigned(l[2]),
                strike: l[3],
                damage_bonus: l[4],
                hit_points: unsigned(l[5]),
                soak: l[6],
                defense: l[7],
                resistance: l[8],
                spell_points: unsigned(l[9]),
            },
            weapons,
            spells,
        }
    }
}

/// The first id `{team}-{name}`, `{team}-{name}-2`, … that no unit has yet.
pub fn fresh_id(taken: &[Unit], team: &str, name: &str) -> String {
    crate::ids::stem_or_numbered(
        &format!("{team}-{name}"),
        taken.iter().map(|u| u.id.as_str()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_is_a_legal_unit() {
        let mut scenario = super::super::new_scenario();
        scenario.units.clear();
        for (i, preset) in PRESETS.iter().enumerate() {
            let at = [i as i32 - 2, 0];
            let id = fresh_id(&scenario.units, "red", preset.name);
            scenario.units.push(preset.unit(&id, "red", at));
        }
        scenario.units[3].team = "blue".into();
        let text = crate::storage::to_yaml(&scenario, None).unwrap();
        let (_, problems) = crate::document::check_bytes(text.as_bytes(), None);
        assert!(problems.is_empty(), "{problems:?}\n{text}");
    }

    #[test]
    fn a_fresh_id_skips_the_ones_taken() {
        let fighter = PRESETS[0];
        let one = fighter.unit("red-fighter", "red", [0, 0]);
        assert_eq!(fresh_id(&[], "red", "fighter"), "red-fighter");
        assert_eq!(fresh_id(&[one], "red", "fighter"), "red-fighter-2");
    }
}
