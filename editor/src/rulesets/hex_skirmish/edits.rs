//! Every change to a hex-skirmish scenario is a [`SkirmishEdit`], applied through the shared
//! history ([`crate::history::History`]), so each can be undone and redone.

use megahex::board::Axial;
use megahex_schema::rulesets::hex_skirmish::{
    Chest, Hexagon, Hexes, Map, MapHexes, Rectangle, Scenario, SpawnZone, Unit,
};

/// The hex-skirmish scenario being edited, with its undo and redo history.
pub type SkirmishEditing = crate::history::History<Scenario, SkirmishEdit>;

crate::versioned! {
    Scenario,
    SkirmishPatch {
        schema: Option<String>,
        format: u32,
        ruleset: megahex_schema::rulesets::hex_skirmish::RulesetTag,
        title: Option<String>,
        description: Option<String>,
        catalog: Option<String>,
        rules: megahex_schema::rulesets::hex_skirmish::Rules,
        terrain: megahex_schema::rulesets::hex_skirmish::TerrainTypes,
        map: Map,
        teams: Vec<megahex_schema::Team>,
        units: Vec<Unit>,
        chests: Vec<megahex_schema::rulesets::hex_skirmish::Chest>,
        spawn: Vec<megahex_schema::rulesets::hex_skirmish::SpawnZone>,
        objectives: Vec<megahex_schema::rulesets::hex_skirmish::Objective>,
        round_limit: Option<u32>,
        water_monster: Option<megahex_schema::rulesets::hex_skirmish::Attributes>,
        special_rules: Vec<String>,
        playtest: Vec<megahex_schema::rulesets::hex_skirmish::playtest::PlaytestTurn>,
        assertions: Vec<megahex_schema::rulesets::hex_skirmish::assertions::Assertion>,
    }
}

/// The outline of a map: the shape its `fill` terrain covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outline {
    /// `hexagon: {radius}` around `[0, 0]`.
    Hexagon {
        /// Hexes from the centre to the edge.
        radius: u32,
    },
    /// `rectangle: {width, height}` from `[0, 0]`.
    Rectangle {
        /// Columns.
        width: u32,
        /// Hexes in each column.
        height: u32,
    },
}

/// What the brush puts on a hex.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ground {
    /// A terrain type, with building levels for terrain that is climbed.
    Terrain {
        /// Its name (`open`, `water`, or one the scenario's `terrain:` adds).
        name: String,
        /// Building levels, `None` for the terrain's default.
        levels: Option<u32>,
    },
    /// No hex: the hex is taken off the map (only hexes listed beyond the outline can be).
    Erase,
    /// A team's spawn zone: the hexes join it, or leave it with `erase`.
    Spawn {
        /// The team's id.
        team: String,
        /// Take the hexes out of the zone instead.
        erase: bool,
    },
}

/// One change a designer makes to a hex-skirmish scenario.
#[derive(Debug, Clone, PartialEq)]
pub enum SkirmishEdit {
    /// One brush stroke or one shape filled: these hexes get this ground.
    Paint {
        /// The hexes, in the order the brush met them.
        hexes: Vec<Axial>,
        /// What they get.
        ground: Ground,
    },
    /// The map's outline and the terrain that fills it; hexes listed on top stay.
    SetOutline {
        /// The new outline.
        outline: Outline,
        /// The terrain of its hexes that no entry lists (`None`: `open`).
        fill: Option<String>,
    },
    /// The scenario's title (`None` takes it away).
    SetTitle(Option<String>),
    /// Put a treasure chest on the map.
    AddChest(Chest),
    /// Take a chest off the map.
    RemoveChest {
        /// Position in `chests`.
        index: usize,
    },
    /// Put a unit on the map (the unit palette).
    AddUnit(Box<Unit>),
    /// Move a unit to another hex.
    MoveUnit {
        /// Position in `units`.
        index: usize,
        /// Where it stands now.
        at: Axial,
    },
    /// Replace a unit's fields (the inspector).
    UpdateUnit {
        /// Position in `units`.
        index: usize,
        /// The new unit.
        unit: Box<Unit>,
        /// Made while a number is dragged, after the drag's first change: one undo step takes
        /// the whole drag back.
        continues: bool,
    },
    /// Take a unit off the map.
    RemoveUnit {
        /// Position in `units`.
        index: usize,
    },
    /// A key written as YAML in the "More keys" boxes (`None` takes it out).
    SetKey {
        /// The key as the file writes it.
        key: &'static str,
        /// Its new value.
        value: Option<serde_yaml::Value>,
    },
    /// Take the version another program saved, dropping the unsaved edits (undo brings them
    /// back).
    ReloadFromDisk(Box<Scenario>),
}

impl crate::history::Change<Scenario> for SkirmishEdit {
    fn apply_to(&self, scenario: &mut Scenario) -> Result<(), String> {
        match self {
            SkirmishEdit::Paint {
                hexes,
                ground: Ground::Spawn { team, erase },
            } => {
                paint_spawn(scenario, team, hexes, *erase);
                Ok(())
            }
            SkirmishEdit::Paint { hexes, ground } => paint(&mut scenario.map, hexes, ground),
            SkirmishEdit::SetTitle(title) => {
                scenario.title.clone_from(title);
                Ok(())
            }
            SkirmishEdit::AddChest(chest) => {
                if scenario.chests.iter().any(|c| c.id == chest.id) {
                    return Err(format!("there is already a chest `{}`", chest.id));
                }
                scenario.chests.push(chest.clone());
                Ok(())
            }
            SkirmishEdit::RemoveChest { index } => {
                if *index >= scenario.chests.len() {
                    return Err(format!("there is no chest {index}"));
                }
                scenario.chests.remove(*index);
                Ok(())
            }
            SkirmishEdit::SetOutline { outline, fill } => {
                let map = &mut scenario.map;
                (map.hexagon, map.rectangle) = match *outline {
                    Outline::Hexagon { radius } => (
                        Some(Hexagon {
                            radius,
                            centre: [0, 0],
                        }),
                        None,
                    ),
                    Outline::Rectangle { width, height } => (
                        None,
                        Some(Rectangle {
                            width,
                            height,
                            corner: [0, 0],
                        }),
                    ),
                };
                map.fill = fill.clone().filter(|f| f != "open");
                Ok(())
            }
            SkirmishEdit::AddUnit(unit) => {
                if scenario.units.iter().any(|u| u.id == unit.id) {
                    return Err(format!("there is already a unit `{}`", unit.id));
                }
                scenario.units.push((**unit).clone());
                Ok(())
            }
            SkirmishEdit::MoveUnit { index, at } => {
                unit_mut(scenario, *index)?.at = *at;
                Ok(())
            }
            SkirmishEdit::UpdateUnit { index, unit, .. } => {
                let clash = scenario
                    .units
                    .iter()
                    .enumerate()
                    .any(|(i, u)| i != *index && u.id == unit.id);
                if clash {
                    return Err(format!("another unit is already called `{}`", unit.id));
                }
                *unit_mut(scenario, *index)? = (**unit).clone();
                Ok(())
            }
            SkirmishEdit::RemoveUnit { index } => {
                unit_mut(scenario, *index)?;
                scenario.units.remove(*index);
                Ok(())
            }
            SkirmishEdit::SetKey { key, value } => {
                *scenario = crate::key_text::with_key(scenario, key, value.clone())?;
                Ok(())
            }
            SkirmishEdit::ReloadFromDisk(theirs) => {
                *scenario = (**theirs).clone();
                Ok(())
            }
        }
    }

    fn label(&self, before: &Scenario) -> String {
        let unit_id = |index: &usize| {
            before
                .units
                .get(*index)
                .map_or_else(|| "unit".to_owned(), |u| u.id.clone())
        };
        match self {
            SkirmishEdit::Paint { hexes, ground } => {
                let what = match ground {
                    Ground::Terrain { name, .. } => format!("paint {name}"),
                    Ground::Erase => "erase".to_owned(),
                    Ground::Spawn { team, erase: false } => format!("paint {team}'s spawn zone"),
                    Ground::Spawn { team, erase: true } => format!("erase {team}'s spawn zone"),
                };
                match hexes.len() {
                    1 => format!("{what} on 1 hex"),
                    n => format!("{what} on {n} hexes"),
                }
            }
            SkirmishEdit::SetOutline { outline, .. } => match outline {
                Outline::Hexagon { radius } => format!("hexagon map of radius {radius}"),
                Outline::Rectangle { width, height } => format!("{width}×{height} map"),
            },
            SkirmishEdit::SetTitle(_) => "set the title".into(),
            SkirmishEdit::AddChest(chest) => format!("add {}", chest.id),
            SkirmishEdit::RemoveChest { index } => match before.chests.get(*index) {
                Some(chest) => format!("remove {}", chest.id),
                None => "remove chest".into(),
            },
            SkirmishEdit::AddUnit(unit) => format!("add {}", unit.id),
            SkirmishEdit::MoveUnit { index, .. } => format!("move {}", unit_id(index)),
            SkirmishEdit::UpdateUnit { index, .. } => format!("edit {}", unit_id(index)),
            SkirmishEdit::RemoveUnit { index } => format!("remove {}", unit_id(index)),
            SkirmishEdit::SetKey { key, .. } => format!("edit {key}"),
            SkirmishEdit::ReloadFromDisk(_) => "reload from disk".into(),
        }
    }

    fn continues_a_gesture(&self) -> bool {
        matches!(
            self,
            SkirmishEdit::UpdateUnit {
                continues: true,
                ..
            }
        )
    }
}

fn unit_mut(scenario: &mut Scenario, index: usize) -> Result<&mut Unit, String> {
    scenario
        .units
        .get_mut(index)
        .ok_or_else(|| format!("there is no unit {index}"))
}

/// The hexes of the map's outline (hexagon or rectangle), as the rules lay them out.
pub fn outline_hexes(map: &Map) -> Vec<Axial> {
    megahex::rulesets::hex_skirmish::arena::shape_hexes(map)
}

/// Adds a stroke to a team's spawn zone (making the zone if the team has none), or takes it
/// out; a zone left with no hexes goes.
fn paint_spawn(scenario: &mut Scenario, team: &str, hexes: &[Axial], erase: bool) {
    let index = match scenario.spawn.iter().position(|z| z.team == team) {
        Some(index) => index,
        None if erase => return,
        None => {
            scenario.spawn.push(SpawnZone {
                team: team.to_owned(),
                hexes: Vec::new(),
            });
            scenario.spawn.len() - 1
        }
    };
    let zone = &mut scenario.spawn[index].hexes;
    for at in hexes {
        if erase {
            zone.retain(|h| h != at);
        } else if !zone.contains(at) {
            zone.push(*at);
        }
    }
    if zone.is_empty() {
        scenario.spawn.remove(index);
    }
}

/// Writes a stroke into the map: each hex leaves the entries that listed it, then joins the
/// entry of its new terrain and levels (one list per kind of ground, as a designer writes them),
/// or no entry at all when it is an outline hex going back to the fill.
fn paint(map: &mut Map, hexes: &[Axial], ground: &Ground) -> Result<(), String> {
    let outline = outline_hexes(map);
    let fill = map.fill.clone().unwrap_or_else(|| "open".to_owned());
    if *ground == Ground::Erase
        && let Some(at) = hexes.iter().find(|h| outline.contains(h))
    {
        return Err(format!(
            "[{}, {}] is part of the map's outline; paint it, or change the outline to take it off",
            at[0], at[1]
        ));
    }
    for at in hexes {
        for entry in &mut map.hexes {
            entry.at = match std::mem::replace(&mut entry.at, Hexes::Many(Vec::new())) {
                Hexes::One(one) if one == *at => Hexes::Many(Vec::new()),
                Hexes::Many(mut many) => {
                    many.retain(|h| h != at);
                    Hexes::Many(many)
                }
                one => one,
            };
        }
        map.hexes
            .retain(|e| !matches!(&e.at, Hexes::Many(m) if m.is_empty()));
        let Ground::Terrain { name, levels } = ground else {
            continue;
        };
        let back_to_fill = outline.contains(at) && *name == fill && levels.is_none();
        if back_to_fill {
            continue;
        }
        let same = map
            .hexes
            .iter_mut()
            .find(|e| e.terrain.as_deref() == Some(name.as_str()) && e.levels == *levels);
        match same {
            Some(entry) => {
                let mut list = match std::mem::replace(&mut entry.at, Hexes::Many(Vec::new())) {
                    Hexes::One(one) => vec![one],
                    Hexes::Many(many) => many,
                };
                list.push(*at);
                entry.at = Hexes::Many(list);
            }
            None => map.hexes.push(MapHexes {
                at: Hexes::Many(vec![*at]),
                terrain: Some(name.clone()),
                levels: *levels,
            }),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::Change;

    fn scenario() -> Scenario {
        super::super::new_scenario()
    }

    fn terrain_of(scenario: &Scenario, at: Axial) -> Option<(String, u32)> {
        let game = megahex::rulesets::hex_skirmish::game::Game::new(scenario);
        let slot = game.arena.slot(at)?;
        let hex = game.arena.hex(slot);
        Some((game.arena.terrain(slot).name.clone(), hex.levels))
    }

    #[test]
    fn a_stroke_is_one_undo_step_and_outline_hexes_go_back_to_the_fill() {
        let mut editing = SkirmishEditing::new(scenario());
        let water = Ground::Terrain {
            name: "water".into(),
            levels: None,
        };
        let stroke = vec![[0, 0], [1, 0], [1, -1]];
        editing
            .apply(SkirmishEdit::Paint {
                hexes: stroke.clone(),
                ground: water,
            })
            .unwrap();
        assert_eq!(editing.undo_label(), Some("paint water on 3 hexes"));
        for at in &stroke {
            assert_eq!(terrain_of(editing.scenario(), *at).unwrap().0, "water");
        }
        assert_eq!(
            editing.scenario().map.hexes.len(),
            1,
            "one list per kind of ground"
        );
        // Painting open (the fill) over one of them leaves two listed, not an `open` entry.
        let open = Ground::Terrain {
            name: "open".into(),
            levels: None,
        };
        editing
            .apply(SkirmishEdit::Paint {
                hexes: vec![[1, 0]],
                ground: open,
            })
            .unwrap();
        assert_eq!(terrain_of(editing.scenario(), [1, 0]).unwrap().0, "open");
        assert_eq!(
            editing.scenario().map.hexes[0].at,
            Hexes::Many(vec![[0, 0], [1, -1]])
        );
        editing.undo();
        editing.undo();
        assert_eq!(*editing.scenario(), scenario());
    }

    #[test]
    fn buildings_keep_their_levels_and_hexes_beyond_the_outline_join_the_map() {
        let mut s = scenario();
        let beyond: Axial = [9, 0];
        assert!(terrain_of(&s, beyond).is_none());
        let tower = Ground::Terrain {
            name: "building".into(),
            levels: Some(2),
        };
        SkirmishEdit::Paint {
            hexes: vec![[0, 0], beyond],
            ground: tower,
        }
        .apply_to(&mut s)
        .unwrap();
        assert_eq!(terrain_of(&s, [0, 0]), Some(("building".into(), 2)));
        assert_eq!(terrain_of(&s, beyond), Some(("building".into(), 2)));
        SkirmishEdit::Paint {
            hexes: vec![beyond],
            ground: Ground::Erase,
        }
        .apply_to(&mut s)
        .unwrap();
        assert!(terrain_of(&s, beyond).is_none(), "erased off the map");
        let refused = SkirmishEdit::Paint {
            hexes: vec![[0, 0]],
            ground: Ground::Erase,
        }
        .apply_to(&mut s);
        assert!(refused.unwrap_err().contains("outline"));
    }

    #[test]
    fn spawn_zones_grow_and_shrink_by_strokes_and_go_when_empty() {
        let mut s = scenario();
        assert!(s.spawn.is_empty());
        let paint = |erase| Ground::Spawn {
            team: "red".into(),
            erase,
        };
        SkirmishEdit::Paint {
            hexes: vec![[-5, 0], [-5, 1], [-5, 0]],
            ground: paint(false),
        }
        .apply_to(&mut s)
        .unwrap();
        assert_eq!(s.spawn.len(), 1);
        assert_eq!(s.spawn[0].hexes, vec![[-5, 0], [-5, 1]], "each hex once");
        SkirmishEdit::Paint {
            hexes: vec![[-5, 0], [-5, 1]],
            ground: paint(true),
        }
        .apply_to(&mut s)
        .unwrap();
        assert!(s.spawn.is_empty(), "an empty zone goes");
        assert_eq!(s.map, scenario().map, "the terrain is untouched");
    }

    #[test]
    fn a_unit_id_is_never_used_twice() {
        let mut s = scenario();
        let unit = s.units[0].clone();
        let again = SkirmishEdit::AddUnit(Box::new(unit.clone())).apply_to(&mut s);
        assert!(again.unwrap_err().contains(&unit.id));
        let mut renamed = s.units[1].clone();
        renamed.id = unit.id.clone();
        let clash = SkirmishEdit::UpdateUnit {
            index: 1,
            unit: Box::new(renamed),
            continues: false,
        }
        .apply_to(&mut s);
        assert!(clash.is_err());
    }
}
