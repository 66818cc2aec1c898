//! The hex-skirmish map: every hex with its terrain and building levels, built from a
//! scenario's `map:` and `terrain:`, and what the terrain does to a step and to sight.

use std::collections::HashMap;

use megahex_schema::rulesets::hex_skirmish::{Map, Scenario, TerrainType, map::builtin_terrain};
use megahex_schema::{LosBlocking, LosEdges};

use super::Damage;
use crate::board::hex::{Axial, distance, neighbours};
use crate::board::los::{self, Line};

/// The terrain of a hex that `map:` does not name.
pub const DEFAULT_FILL: &str = "open";
/// Actions a level a climb costs on terrain that does not say.
pub const DEFAULT_CLIMB_COST: u32 = 3;

/// A terrain type with every value decided: the built-in one, with the scenario's changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Terrain {
    /// Its name in the file.
    pub name: String,
    /// Actions to move one hex within it.
    pub move_cost: u32,
    /// Least cost of a step into it from other terrain.
    pub enter_cost: u32,
    /// Least cost of a step out of it into other terrain.
    pub leave_cost: u32,
    /// Actions per level climbed onto or down from its levels.
    pub climb_cost: u32,
    /// Ranged range per level stood on.
    pub range_per_level: u32,
    /// Blocks sight between two units at any height.
    pub blocks_sight: bool,
    /// Damage on entering.
    pub enter_damage: Option<Damage>,
    /// The water monster lives here.
    pub water: bool,
    /// No unit may enter.
    pub impassable: bool,
}

impl Terrain {
    fn resolve(
        name: &str,
        base: &TerrainType,
        change: Option<&TerrainType>,
    ) -> (Terrain, Option<String>) {
        let pick = |f: fn(&TerrainType) -> Option<u32>, default: u32| {
            change.and_then(f).or_else(|| f(base)).unwrap_or(default)
        };
        let flag = |f: fn(&TerrainType) -> Option<bool>| {
            change.and_then(f).or_else(|| f(base)).unwrap_or(false)
        };
        let damage_text = change
            .and_then(|c| c.enter_damage.clone())
            .or_else(|| base.enter_damage.clone());
        let (enter_damage, problem) = match damage_text.map(|d| Damage::from_schema(&d)) {
            None => (None, None),
            Some(Ok(d)) => (Some(d), None),
            Some(Err(e)) => (None, Some(e.to_string())),
        };
        let terrain = Terrain {
            name: name.to_owned(),
            move_cost: pick(|t| t.move_cost, 1),
            enter_cost: pick(|t| t.enter_cost, 0),
            leave_cost: pick(|t| t.leave_cost, 0),
            climb_cost: pick(|t| t.climb_cost, DEFAULT_CLIMB_COST),
            range_per_level: pick(|t| t.range_per_level, 0),
            blocks_sight: flag(|t| t.blocks_sight),
            enter_damage,
            water: flag(|t| t.water),
            impassable: flag(|t| t.impassable),
        };
        (terrain, problem)
    }
}

/// One hex of the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArenaHex {
    /// Its position.
    pub at: Axial,
    /// Index into [`Arena::terrain`].
    pub terrain: usize,
    /// Building levels: the height a unit standing here is at.
    pub levels: u32,
}

/// Something in `map:` or `terrain:` the arena cannot use, with where it is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArenaProblem {
    /// JSON pointer to the value.
    pub pointer: String,
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub help: String,
    /// A terrain name no type has (rather than a value a type cannot use).
    pub unknown_terrain: bool,
}

/// The assembled map.
#[derive(Debug, Clone, Default)]
pub struct Arena {
    hexes: Vec<ArenaHex>,
    slots: HashMap<Axial, usize>,
    terrain: Vec<Terrain>,
    /// The map neighbours of each hex, by slot.
    adjacent: Vec<Vec<usize>>,
}

impl Arena {
    /// Builds the map; a hex with an unknown terrain name gets the fill terrain and a problem.
    pub fn build(scenario: &Scenario) -> (Arena, Vec<ArenaProblem>) {
        let mut problems = Vec::new();
        let builtin = builtin_terrain();
        let open = builtin.get(DEFAULT_FILL).cloned().unwrap_or_default();
        let mut terrain = Vec::new();
        let mut by_name: HashMap<String, usize> = HashMap::new();
        let names = builtin.keys().chain(
            scenario
                .terrain
                .keys()
                .filter(|n| !builtin.contains_key(*n)),
        );
        for name in names {
            let base = builtin.get(name).unwrap_or(&open);
            let (resolved, problem) = Terrain::resolve(name, base, scenario.terrain.get(name));
            if let Some(message) = problem {
                problems.push(ArenaProblem {
                    pointer: format!(
                        "/terrain/{}/enter-damage",
                        crate::yaml::escape_pointer_segment(name)
                    ),
                    message,
                    help: "write a number (3) or a dice code (1d6, 2d4+1)".into(),
                    unknown_terrain: false,
                });
            }
            by_name.insert(name.clone(), terrain.len());
            terrain.push(resolved);
        }
        let mut arena = Arena {
            terrain,
            ..Arena::default()
        };
        let known = |name: &str| by_name.get(name).copied();
        let unknown = |pointer: String, name: &str, problems: &mut Vec<ArenaProblem>| {
            let mut names: Vec<&str> = by_name.keys().map(String::as_str).collect();
            names.sort_unstable();
            problems.push(ArenaProblem {
                pointer,
                message: format!("no terrain type is called `{name}`"),
                help: format!(
                    "use one of {}, or define `{name}` under `terrain:`",
                    names.join(", ")
                ),
                unknown_terrain: true,
            });
        };
        let fill = match scenario.map.fill.as_deref() {
            None => known(DEFAULT_FILL).unwrap_or(0),
            Some(name) => known(name).unwrap_or_else(|| {
                unknown("/map/fill".into(), name, &mut problems);
                known(DEFAULT_FILL).unwrap_or(0)
            }),
        };
        for at in shape_hexes(&scenario.map) {
            arena.set(at, fill, 0);
        }
        for (i, entry) in scenario.map.hexes.iter().enumerate() {
            let terrain = match entry.terrain.as_deref() {
                None => fill,
                Some(name) => known(name).unwrap_or_else(|| {
                    unknown(format!("/map/hexes/{i}/terrain"), name, &mut problems);
                    fill
                }),
            };
            let levels = entry
                .levels
                .unwrap_or(u32::from(arena.terrain[terrain].name == "building"));
            for &at in entry.at.as_slice() {
                arena.set(at, terrain, levels);
            }
        }
        arena.adjacent = arena
            .hexes
            .iter()
            .map(|h| {
                neighbours(h.at)
                    .into_iter()
                    .filter_map(|n| arena.slots.get(&n).copied())
                    .collect()
            })
            .collect();
        (arena, problems)
    }

    fn set(&mut self, at: Axial, terrain: usize, levels: u32) {
        let hex = ArenaHex {
            at,
            terrain,
            levels,
        };
        match self.slots.get(&at) {
            Some(&slot) => self.hexes[slot] = hex,
            None => {
                self.slots.insert(at, self.hexes.len());
                self.hexes.push(hex);
            }
        }
    }

    /// Every hex, in the order the map names them.
    pub fn hexes(&self) -> &[ArenaHex] {
        &self.hexes
    }

    /// The slot of the hex at a position, if it is on the map.
    pub fn slot(&self, at: Axial) -> Option<usize> {
        self.slots.get(&at).copied()
    }

    /// The hex in a slot.
    pub fn hex(&self, slot: usize) -> ArenaHex {
        self.hexes[slot]
    }

    /// Every terrain type, built-in ones first.
    pub fn terrain_types(&self) -> &[Terrain] {
        &self.terrain
    }

    /// The terrain of the hex in a slot.
    pub fn terrain(&self, slot: usize) -> &Terrain {
        &self.terrain[self.hexes[slot].terrain]
    }

    /// The map neighbours of the hex in a slot.
    pub fn adjacent(&self, slot: usize) -> &[usize] {
        &self.adjacent[slot]
    }

    /// Actions a step between two adjacent hexes costs, or `None` if the hex stepped into is
    /// impassable. Within one terrain a step costs its move cost; across terrains, at least
    /// the entered terrain's enter cost and the left terrain's leave cost; between different
    /// heights, at least the climb cost of each level climbed up or down.
    pub fn step_cost(&self, from: usize, to: usize) -> Option<u32> {
        let (a, b) = (self.hexes[from], self.hexes[to]);
        let (ta, tb) = (&self.terrain[a.terrain], &self.terrain[b.terrain]);
        if tb.impassable {
            return None;
        }
        let mut cost = tb.move_cost;
        if a.terrain != b.terrain {
            cost = cost.max(tb.enter_cost).max(ta.leave_cost);
        }
        let climbed = a.levels.abs_diff(b.levels);
        if climbed > 0 {
            let per_level = if a.levels > b.levels {
                ta.climb_cost
            } else {
                tb.climb_cost
            };
            cost = cost.max(per_level.saturating_mul(climbed));
        }
        Some(cost)
    }

    /// The range of a ranged attack from a hex: the weapon's, plus the bonus for the levels the
    /// attacker stands on.
    pub fn ranged_reach(&self, from: usize, weapon_range: u32) -> u32 {
        let hex = self.hexes[from];
        let per_level = self.terrain[hex.terrain].range_per_level;
        weapon_range.saturating_add(per_level.saturating_mul(hex.levels))
    }

    /// Line of sight between two hexes: a hex strictly between them blocks when its terrain
    /// blocks sight, or when its levels are higher than the `blocking` rule allows for the two
    /// ends' heights. Units never block. `None` when either hex is off the map.
    pub fn sight(
        &self,
        from: Axial,
        to: Axial,
        blocking: LosBlocking,
        edges: LosEdges,
        explain: bool,
    ) -> Option<Line> {
        let (a, b) = (self.slot(from)?, self.slot(to)?);
        let (ha, hb) = (self.hexes[a].levels, self.hexes[b].levels);
        let threshold = match blocking {
            LosBlocking::HigherThanEither => ha.min(hb),
            LosBlocking::HigherThanBoth => ha.max(hb),
        };
        let blocks = |h: &&ArenaHex| self.terrain[h.terrain].blocks_sight || h.levels > threshold;
        let near = distance(from, to) + 4;
        let blocking_hexes = self
            .hexes
            .iter()
            .filter(|h| distance(from, h.at) + distance(h.at, to) <= near)
            .filter(blocks)
            .map(|h| h.at);
        Some(los::line_between(from, to, blocking_hexes, edges, explain))
    }

    /// Groups of hexes that touch, largest first: one group means a map in one piece.
    pub fn components(&self) -> Vec<Vec<Axial>> {
        let at: Vec<Axial> = self.hexes.iter().map(|h| h.at).collect();
        crate::board::components(&at, |slot| self.adjacent[slot].clone())
    }
}

/// The hexes of the map's shape, in reading order of the shape.
pub fn shape_hexes(map: &Map) -> Vec<Axial> {
    let mut out = Vec::new();
    if let Some(hexagon) = map.hexagon {
        let n = hexagon.radius as i32;
        let [cq, cr] = hexagon.centre;
        for q in -n..=n {
            for r in (-n).max(-q - n)..=n.min(-q + n) {
                out.push([cq.saturating_add(q), cr.saturating_add(r)]);
            }
        }
    }
    if let Some(rectangle) = map.rectangle {
        let [cq, cr] = rectangle.corner;
        for column in 0..rectangle.width as i32 {
            for row in 0..rectangle.height as i32 {
                // Flat-top hexes: every column starts half a hex below the one before, so a
                // straight bottom edge takes one row less of r every second column.
                out.push([
                    cq.saturating_add(column),
                    cr.saturating_add(row - column / 2),
                ]);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scenario(yaml: &str) -> Scenario {
        serde_yaml::from_str(yaml).unwrap()
    }

    const HEAD: &str = "format: 1\nruleset: hex-skirmish\n";

    #[test]
    fn a_hexagon_of_radius_n_has_3n_n_plus_1_plus_1_hexes_all_within_n() {
        for n in 0..6u32 {
            let s = scenario(&format!(
                "{HEAD}map: {{hexagon: {{radius: {n}, centre: [2, -1]}}}}\n"
            ));
            let (arena, problems) = Arena::build(&s);
            assert!(problems.is_empty());
            assert_eq!(arena.hexes().len() as u32, 3 * n * (n + 1) + 1);
            assert!(arena.hexes().iter().all(|h| distance(h.at, [2, -1]) <= n));
        }
    }

    #[test]
    fn a_rectangle_is_width_columns_of_height_hexes_with_a_flat_top_and_bottom() {
        let s = scenario(&format!(
            "{HEAD}map: {{rectangle: {{width: 4, height: 3}}}}\n"
        ));
        let (arena, _) = Arena::build(&s);
        assert_eq!(arena.hexes().len(), 12);
        // Pixel y at size 1 is sqrt(3) * (r + q / 2): each column's top hex is at y 0 or half a
        // hex lower, never more, so the top edge is straight.
        for column in 0..4 {
            let top = arena
                .hexes()
                .iter()
                .filter(|h| h.at[0] == column)
                .map(|h| f64::from(h.at[1]) + f64::from(h.at[0]) / 2.0)
                .fold(f64::INFINITY, f64::min);
            assert!(top == 0.0 || top == 0.5, "column {column}: {top}");
        }
        assert_eq!(arena.components().len(), 1);
    }

    #[test]
    fn the_seed_and_reference_terrain_costs_hold() {
        let s = scenario(&format!(
            "{HEAD}map:\n  hexes:\n    - {{at: [[0, 0], [1, 0], [5, 0]]}}\n    - {{at: [[2, 0], [3, 0]], terrain: water}}\n    - {{at: [4, 0], terrain: building, levels: 2}}\n    - {{at: [6, 0], terrain: bushes}}\n"
        ));
        let (arena, problems) = Arena::build(&s);
        assert!(problems.is_empty(), "{problems:?}");
        let slot = |q| arena.slot([q, 0]).unwrap();
        // Open ground: one action a hex (seed: "one action in most areas").
        assert_eq!(arena.step_cost(slot(0), slot(1)), Some(1));
        // Water: entering costs 2, each hex in it 2, leaving 2.
        assert_eq!(arena.step_cost(slot(1), slot(2)), Some(2));
        assert_eq!(arena.step_cost(slot(2), slot(3)), Some(2));
        assert_eq!(arena.step_cost(slot(3), slot(1)), Some(2));
        // A building of two levels: 3 actions a level, up or down.
        assert_eq!(arena.step_cost(slot(5), slot(4)), Some(6));
        assert_eq!(arena.step_cost(slot(4), slot(5)), Some(6));
        // Bushes cost a plain step; their damage is the hindrance.
        assert_eq!(arena.step_cost(slot(5), slot(6)), Some(1));
        assert_eq!(
            arena.terrain(slot(6)).enter_damage,
            Some("1d6".parse().unwrap())
        );
        // +2 range a level for a ranged attack from the roof.
        assert_eq!(arena.ranged_reach(slot(4), 5), 9);
        assert_eq!(arena.ranged_reach(slot(0), 5), 5);
    }

    #[test]
    fn a_scenario_changes_a_builtin_type_key_by_key_and_unknown_names_are_reported() {
        let s = scenario(&format!(
            "{HEAD}terrain:\n  water: {{move-cost: 3}}\n  lava: {{impassable: true}}\nmap:\n  fill: sand\n  hexes:\n    - {{at: [[0, 0], [1, 0]], terrain: water}}\n    - {{at: [2, 0], terrain: lava}}\n    - {{at: [3, 0], terrain: mud}}\n"
        ));
        let (arena, problems) = Arena::build(&s);
        let water = arena.terrain(arena.slot([0, 0]).unwrap());
        assert_eq!(
            (water.move_cost, water.enter_cost, water.water),
            (3, 2, true)
        );
        assert_eq!(
            arena.step_cost(arena.slot([1, 0]).unwrap(), arena.slot([2, 0]).unwrap()),
            None
        );
        let pointers: Vec<&str> = problems.iter().map(|p| p.pointer.as_str()).collect();
        assert_eq!(pointers, ["/map/fill", "/map/hexes/2/terrain"]);
        assert!(problems.iter().all(|p| p.unknown_terrain));
    }

    #[test]
    fn bushes_block_sight_between_but_not_at_the_ends_and_buildings_by_height() {
        // A line of five hexes along q; the middle one changes.
        let line = |middle: &str| {
            scenario(&format!(
                "{HEAD}map:\n  hexes:\n    - {{at: [[0, 0], [1, 0], [3, 0], [4, 0]]}}\n    - {{at: [2, 0], {middle}}}\n"
            ))
        };
        let sees = |s: &Scenario, from: Axial, to: Axial, blocking| {
            let (arena, _) = Arena::build(s);
            matches!(
                arena.sight(from, to, blocking, LosEdges::Strict, false),
                Some(Line::Clear(_))
            )
        };
        let bush = line("terrain: bushes");
        assert!(!sees(&bush, [0, 0], [4, 0], LosBlocking::HigherThanBoth));
        // A unit standing in bushes is not hidden by its own hex.
        assert!(sees(&bush, [0, 0], [2, 0], LosBlocking::HigherThanBoth));
        let shed = line("terrain: building, levels: 1");
        assert!(!sees(&shed, [0, 0], [4, 0], LosBlocking::HigherThanBoth));
        assert!(sees(
            &line("terrain: water"),
            [0, 0],
            [4, 0],
            LosBlocking::HigherThanBoth
        ));
    }

    #[test]
    fn standing_as_high_as_a_building_sees_over_it_unless_the_rule_says_either() {
        let s = scenario(&format!(
            "{HEAD}map:\n  hexes:\n    - {{at: [[0, 0], [1, 0], [3, 0]]}}\n    - {{at: [2, 0], terrain: building, levels: 1}}\n    - {{at: [4, 0], terrain: building, levels: 1}}\n"
        ));
        let (arena, _) = Arena::build(&s);
        let clear = |blocking| {
            matches!(
                arena.sight([4, 0], [0, 0], blocking, LosEdges::Strict, false),
                Some(Line::Clear(_))
            )
        };
        assert!(clear(LosBlocking::HigherThanBoth));
        assert!(!clear(LosBlocking::HigherThanEither));
    }
}
