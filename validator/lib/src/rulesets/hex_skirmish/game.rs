//! What a hex-skirmish scenario fixes for a whole game: the arena, the rules, the units with
//! their weapons and spells, the chests and the objectives, all resolved to map slots and
//! indexes so that playing never looks a name up.

use megahex_schema::rulesets::hex_skirmish::{
    Attributes, ObjectiveKind, Rules, Scenario, Spell as SpellText, UnitKind, Weapon as WeaponText,
    WeaponKind,
};

use super::arena::Arena;
use super::{Blow, Damage, Trigger};
use crate::board::hex::Axial;
use crate::board::los::Line;

/// The id the water monster has in playtests and reports.
pub const WATER_MONSTER: &str = "water-monster";

/// The water monster's attribute line from the manual's page on monsters.
pub fn manual_water_monster() -> Attributes {
    Attributes {
        initiative: 0,
        actions: 4,
        attacks: 3,
        strike: 3,
        damage_bonus: 0,
        hit_points: 27,
        soak: 0,
        defense: 0,
        resistance: 5,
        spell_points: 0,
    }
}

/// A weapon, ready to strike with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Weapon {
    /// Its name (`unarmed` for a bare-handed attack).
    pub name: String,
    /// Needs sight and range rather than adjacency.
    pub ranged: bool,
    /// Range in hexes (1 for melee).
    pub range: u32,
    /// Damage before bonus and soak.
    pub damage: Damage,
}

/// A spell, ready to cast.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spell {
    /// Its name.
    pub name: String,
    /// Spell points it costs.
    pub cost: u32,
    /// Damage it deals.
    pub damage: Damage,
    /// Range in hexes.
    pub range: u32,
    /// Rolls a strike against the target's defence.
    pub strike: bool,
    /// Allows a resistance check.
    pub resistance: bool,
    /// Soak applies.
    pub soak: bool,
}

/// A weapon or a spell of a unit, by its index in the unit's list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Means {
    /// One of the unit's weapons.
    Weapon(usize),
    /// One of the unit's spells.
    Spell(usize),
}

/// A unit as the scenario gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitSpec {
    /// Its id.
    pub id: String,
    /// Its team's index; `None` for the water monster, everyone's enemy.
    pub team: Option<usize>,
    /// Acts after every character.
    pub monster: bool,
    /// Where it starts; `None` for the water monster, which surfaces during play.
    pub start: Option<usize>,
    /// The attribute line.
    pub attributes: Attributes,
    /// Its weapons; an unarmed attack when there are none.
    pub weapons: Vec<Weapon>,
    /// Its spells.
    pub spells: Vec<Spell>,
}

impl UnitSpec {
    /// Two units fight each other: different teams, or either is the water monster.
    pub fn enemy_of(&self, other: &UnitSpec) -> bool {
        self.team.is_none() || other.team.is_none() || self.team != other.team
    }
}

/// An objective, resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Goal {
    /// Every one of these units is dead (an empty list is never met).
    Defeat(Vec<usize>),
    /// A living unit of the team stands on one of these slots.
    Reach(Vec<usize>),
    /// The team has opened `count` of these chests.
    Open {
        /// Chest indexes.
        chests: Vec<usize>,
        /// How many.
        count: u32,
    },
    /// A unit of the team is alive at the end of this round.
    Survive(u32),
}

/// A team's objective.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Objective {
    /// Its id.
    pub id: String,
    /// The team that wins by it.
    pub team: usize,
    /// What it asks.
    pub goal: Goal,
}

/// Everything fixed for a game.
#[derive(Debug, Clone)]
pub struct Game {
    /// The map.
    pub arena: Arena,
    /// The rule settings.
    pub rules: Rules,
    /// The water monster's trigger.
    pub trigger: Trigger,
    /// Team ids.
    pub teams: Vec<String>,
    /// The units: the scenario's, then the water monster if it can appear.
    pub units: Vec<UnitSpec>,
    /// Chests: id and slot.
    pub chests: Vec<(String, usize)>,
    /// Objectives, in file order: the first one met decides the game.
    pub objectives: Vec<Objective>,
    /// The last round, if the scenario sets one.
    pub round_limit: Option<u32>,
    /// Sight between every pair of slots, once [`Game::remember_sight`] has worked it out.
    sight: Option<Vec<bool>>,
}

impl Game {
    /// The game a scenario sets up. Anything the checks report as an error (a unit off the map,
    /// an unknown team) is left out rather than guessed at.
    pub fn new(scenario: &Scenario) -> Game {
        let (arena, _) = Arena::build(scenario);
        let teams: Vec<String> = scenario.teams.iter().map(|t| t.id.clone()).collect();
        let team_of = |id: &str| teams.iter().position(|t| t == id);
        let unarmed = |rules: &Rules| Weapon {
            name: "unarmed".into(),
            ranged: false,
            range: 1,
            damage: Damage::Fixed(rules.unarmed_damage),
        };
        let mut units: Vec<UnitSpec> = scenario
            .units
            .iter()
            .filter_map(|u| {
                let start = arena.slot(u.at)?;
                let mut weapons: Vec<Weapon> = u.weapons.iter().filter_map(weapon).collect();
                if weapons.is_empty() {
                    weapons.push(unarmed(&scenario.rules));
                }
                Some(UnitSpec {
                    id: u.id.clone(),
                    team: Some(team_of(&u.team)?),
                    monster: u.kind == UnitKind::Monster,
                    start: Some(start),
                    attributes: u.attributes.clone(),
                    weapons,
                    spells: u.spells.iter().filter_map(spell).collect(),
                })
            })
            .collect();
        let has_water = (0..arena.hexes().len()).any(|s| arena.terrain(s).water);
        if scenario.rules.water_monster && has_water {
            units.push(UnitSpec {
                id: WATER_MONSTER.into(),
                team: None,
                monster: true,
                start: None,
                attributes: scenario
                    .water_monster
                    .clone()
                    .unwrap_or_else(manual_water_monster),
                weapons: vec![unarmed(&scenario.rules)],
                spells: Vec::new(),
            });
        }
        let chests: Vec<(String, usize)> = scenario
            .chests
            .iter()
            .filter_map(|c| Some((c.id.clone(), arena.slot(c.at)?)))
            .collect();
        let unit_of = |id: &str| units.iter().position(|u| u.id == id);
        let objectives = scenario
            .objectives
            .iter()
            .filter_map(|o| {
                let team = team_of(&o.team)?;
                let goal = match o.kind {
                    ObjectiveKind::Defeat if o.targets.is_empty() => Goal::Defeat(
                        (0..units.len())
                            .filter(|&u| units[u].team.is_some_and(|t| t != team))
                            .collect(),
                    ),
                    ObjectiveKind::Defeat => {
                        Goal::Defeat(o.targets.iter().filter_map(|t| unit_of(t)).collect())
                    }
                    ObjectiveKind::Reach => {
                        Goal::Reach(o.hexes.iter().filter_map(|&h| arena.slot(h)).collect())
                    }
                    ObjectiveKind::Open => {
                        let listed: Vec<usize> = if o.chests.is_empty() {
                            (0..chests.len()).collect()
                        } else {
                            o.chests
                                .iter()
                                .filter_map(|c| chests.iter().position(|(id, _)| id == c))
                                .collect()
                        };
                        let count = o.count.unwrap_or(listed.len() as u32);
                        Goal::Open {
                            chests: listed,
                            count,
                        }
                    }
                    ObjectiveKind::Survive => Goal::Survive(o.rounds.unwrap_or(1)),
                };
                Some(Objective {
                    id: o.id.clone(),
                    team,
                    goal,
                })
            })
            .collect();
        Game {
            trigger: Trigger {
                faces_by_step: scenario.rules.monster_trigger.clone(),
            },
            rules: scenario.rules.clone(),
            arena,
            teams,
            units,
            chests,
            objectives,
            round_limit: scenario.round_limit,
            sight: None,
        }
    }

    /// The index of the unit with this id.
    pub fn unit(&self, id: &str) -> Option<usize> {
        self.units.iter().position(|u| u.id == id)
    }

    /// What a blow of `unit` with `means` against `target` is: the one place a weapon or a
    /// spell becomes dice, for play, odds and self-play alike. `None` if the unit has no such
    /// weapon or spell.
    pub fn blow(&self, unit: usize, means: Means, target: usize) -> Option<Blow> {
        let (me, them) = (
            &self.units.get(unit)?.attributes,
            &self.units.get(target)?.attributes,
        );
        let opposed = self.rules.resistance_check
            == megahex_schema::rulesets::hex_skirmish::ResistanceCheck::Opposed;
        Some(match means {
            Means::Weapon(w) => Blow {
                contested: true,
                resistible: false,
                strike: me.strike,
                defense: them.defense,
                resistance: them.resistance,
                damage: self.units[unit].weapons.get(w)?.damage,
                bonus: me.damage_bonus,
                soak: them.soak,
            },
            Means::Spell(s) => {
                let spell = self.units[unit].spells.get(s)?;
                Blow {
                    contested: spell.strike,
                    resistible: spell.resistance && opposed,
                    strike: me.strike,
                    defense: them.defense,
                    resistance: them.resistance,
                    damage: spell.damage,
                    bonus: 0,
                    soak: if spell.soak { them.soak } else { 0 },
                }
            }
        })
    }

    /// Every weapon and then every spell of a unit.
    pub fn means_of(&self, unit: usize) -> Vec<Means> {
        let Some(spec) = self.units.get(unit) else {
            return Vec::new();
        };
        (0..spec.weapons.len())
            .map(Means::Weapon)
            .chain((0..spec.spells.len()).map(Means::Spell))
            .collect()
    }

    /// The water monster's index, if it can appear.
    pub fn water_monster(&self) -> Option<usize> {
        self.units.iter().position(|u| u.team.is_none())
    }

    /// Works out sight between every pair of hexes once, for callers about to ask many times.
    pub fn remember_sight(&mut self) {
        let n = self.arena.hexes().len();
        let mut table = vec![false; n * n];
        for a in 0..n {
            for b in a..n {
                let seen = self.sight_between(a, b);
                table[a * n + b] = seen;
                table[b * n + a] = seen;
            }
        }
        self.sight = Some(table);
    }

    /// Whether a unit on slot `a` sees slot `b` (sight here is the same both ways).
    pub fn sees(&self, a: usize, b: usize) -> bool {
        match &self.sight {
            Some(table) => table[a * self.arena.hexes().len() + b],
            None => self.sight_between(a, b),
        }
    }

    fn sight_between(&self, a: usize, b: usize) -> bool {
        let (from, to): (Axial, Axial) = (self.arena.hex(a).at, self.arena.hex(b).at);
        matches!(
            self.arena.sight(
                from,
                to,
                self.rules.los_blocking,
                self.rules.los_edges,
                false
            ),
            Some(Line::Clear(_))
        )
    }
}

fn weapon(w: &WeaponText) -> Option<Weapon> {
    let ranged = w.kind == WeaponKind::Ranged;
    Some(Weapon {
        name: w.name.clone(),
        ranged,
        range: if ranged { w.range.unwrap_or(1) } else { 1 },
        damage: Damage::from_schema(&w.damage).ok()?,
    })
}

fn spell(s: &SpellText) -> Option<Spell> {
    Some(Spell {
        name: s.name.clone(),
        cost: s.cost,
        damage: Damage::from_schema(&s.damage).ok()?,
        range: s.range,
        strike: s.strike,
        resistance: s.resistance,
        soak: s.soak,
    })
}
