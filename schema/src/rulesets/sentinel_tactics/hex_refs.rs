//! Every hex reference a scenario holds, visited in one fixed order. Editors that move or turn
//! tiles rewrite references through this, so no list of hexes is forgotten; the order lets an
//! edit name a reference by its position.

use super::playtest::{MovePath, PlaytestAction};
use super::scenario::Scenario;
use crate::hexref::{Footprint, HexRef};

impl Scenario {
    /// Calls `visit` on every hex reference, in file order: token footprints, objective hexes,
    /// deployment zones, reinforcement hexes, then the playtest's paths, placements, attack
    /// origins and pushes.
    pub fn for_each_hex_ref_mut(&mut self, visit: &mut dyn FnMut(&mut HexRef)) {
        for token in &mut self.tokens {
            match &mut token.at {
                Footprint::One(hex) => visit(hex),
                Footprint::Many(hexes) => hexes.iter_mut().for_each(&mut *visit),
            }
        }
        let lists = self
            .objectives
            .iter_mut()
            .map(|o| &mut o.hexes)
            .chain(self.deployment.iter_mut().map(|z| &mut z.hexes))
            .chain(self.reinforcements.iter_mut().map(|r| &mut r.hexes));
        for list in lists {
            list.iter_mut().for_each(&mut *visit);
        }
        for turn in &mut self.playtest {
            for action in &mut turn.actions {
                match action {
                    PlaytestAction::Move(path) | PlaytestAction::Sprint(path) => match path {
                        MovePath::Steps(steps) => steps.iter_mut().for_each(&mut *visit),
                        MovePath::Placed(placed) => {
                            placed.path.iter_mut().for_each(&mut *visit);
                            placed.place.iter_mut().for_each(&mut *visit);
                        }
                    },
                    PlaytestAction::Attack(attack) => {
                        attack.origin.iter_mut().for_each(&mut *visit);
                        attack.push.iter_mut().for_each(&mut *visit);
                        for target in &mut attack.targets {
                            target.push.iter_mut().for_each(&mut *visit);
                        }
                    }
                    PlaytestAction::Aim | PlaytestAction::Dodge => {}
                }
            }
            for hazard in &mut turn.hazards {
                hazard.push.iter_mut().for_each(&mut *visit);
            }
        }
    }

    /// Every hex reference, in the order [`Scenario::for_each_hex_ref_mut`] visits them.
    pub fn hex_refs(&self) -> Vec<HexRef> {
        let mut copy = self.clone();
        let mut refs = Vec::new();
        copy.for_each_hex_ref_mut(&mut |r| refs.push(*r));
        refs
    }
}

#[cfg(test)]
mod tests {
    use crate::hexref::TileHex;
    use crate::rulesets::sentinel_tactics::scenario::Scenario;

    #[test]
    fn every_hex_of_a_scenario_is_visited_once_in_file_order() {
        // One reference of each kind, numbered by its tile so the order can be read back.
        let yaml = "
format: 1
ruleset: sentinel-tactics
map: {tiles: [{tile: 1, side: megalopolis, at: [0, 0]}]}
teams: [{id: a}, {id: b}]
tokens:
  - {id: x, kind: character, character: legacy, team: a, at: 1/1}
  - {id: y, kind: character, character: legacy, team: b, at: [2/1, 2/2]}
objectives:
  - {id: o, team: a, kind: reach, hexes: [3/1]}
deployment:
  - {team: a, hexes: [4/1]}
reinforcements:
  - {team: a, character: legacy, round: 2, hexes: [5/1]}
playtest:
  - turn: a
    actions:
      - move: [6/1]
      - sprint: {path: [7/1], place: [8/1]}
      - attack: {with: punch, target: y, origin: 9/1, roll: [6], defense: [1], push: [10/1]}
    hazards:
      - {roll: [1], push: [11/1]}
";
        let scenario: Scenario = serde_yaml::from_str(yaml).expect("a scenario");
        let tiles: Vec<u32> = scenario
            .hex_refs()
            .iter()
            .map(|r| r.tile_hex().map_or(0, |t: TileHex| t.tile))
            .collect();
        assert_eq!(tiles, vec![1, 2, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    }
}
