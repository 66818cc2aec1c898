//! The previews the map shows for the selected unit, answered by the ruleset's own rules: what
//! it sees (bushes block sight, buildings lift it), and where its actions take it (water,
//! climbing, leaving and entering cost what the rules say), with the cheapest path to the
//! hovered hex. Drawn as the shared overlay [`Layer`], in the colours `megahex render` uses.

use megahex::board::Axial;
use megahex::report::layer::Layer;
use megahex::rulesets::hex_skirmish::{game::Game, moves, view};
use megahex_schema::rulesets::hex_skirmish::Scenario;

pub use crate::preview::Tint as Preview;

/// What a preview answer depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Key {
    layout: u64,
    ask: Ask,
}

/// What a preview is asked: from which unit (an index into `units`), which preview, and the
/// actions a reach spends (`None`: the unit's own).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ask {
    /// The unit it is drawn from.
    pub unit: usize,
    /// Sight or reach.
    pub preview: Preview,
    /// Actions for the reach.
    pub actions: Option<u32>,
}

/// The last preview's answer, kept until the map, the unit or a setting changes: sight from a
/// hex to every hex is the costly part, and the pointer moves every frame.
#[derive(Debug, Default)]
pub struct OverlayCache {
    answer: Option<(Key, Layer, Vec<megahex::board::movement::Destination>)>,
}

/// The preview `ask` of `scenario` (laid out as `layout`, with its rules `game`), with the
/// hovered hex's line or path on top.
pub fn preview_layer(
    cache: &mut OverlayCache,
    game: &Game,
    scenario: &Scenario,
    layout: u64,
    ask: Ask,
    hovered: Option<Axial>,
) -> Layer {
    let Ask {
        unit,
        preview,
        actions,
    } = ask;
    if !matches!(preview, Preview::Sight | Preview::Reach) {
        return Layer::default();
    }
    let key = Key { layout, ask };
    let Some((from, index)) = scenario
        .units
        .get(unit)
        .and_then(|u| Some((u.at, game.unit(&u.id)?)))
    else {
        return Layer::default();
    };
    if cache.answer.as_ref().map(|(k, ..)| *k) != Some(key) {
        let mut layer = Layer::default();
        layer.add_source(&[from]);
        let mut found = Vec::new();
        match preview {
            Preview::Sight => layer.add_sight(
                &[from],
                game.arena.hexes().iter().filter_map(|h| {
                    let sight = view::sight(game, from, h.at)?;
                    Some((h.at, sight.visible, sight.reverse_visible))
                }),
            ),
            Preview::Reach => {
                let budget = actions.unwrap_or(scenario.units[unit].attributes.actions);
                found = moves::destinations(game, &game.start(), index, budget);
                layer.add_reach(&[from], &found);
            }
            Preview::None | Preview::Area => {}
        }
        cache.answer = Some((key, layer, found));
    }
    let Some((_, layer, found)) = &cache.answer else {
        return Layer::default();
    };
    let mut layer = layer.clone();
    match (preview, hovered) {
        (Preview::Sight, Some(to)) if to != from => {
            if let Some(sight) = view::sight(game, from, to) {
                layer.add_pair(&sight);
            }
        }
        (Preview::Reach, Some(to)) => {
            if let Some(d) = found.iter().find(|d| d.at == to) {
                layer.add_path(&d.path);
            }
        }
        _ => {}
    }
    layer
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::Change;
    use crate::rulesets::hex_skirmish::edits::{Ground, SkirmishEdit};

    /// The new skirmish (open ground, a hexagon of radius 5) with a water hex east of the red
    /// fighter at [-4, 2].
    fn pond() -> Scenario {
        let mut scenario = crate::rulesets::hex_skirmish::new_scenario();
        SkirmishEdit::Paint {
            hexes: vec![[-3, 2]],
            ground: Ground::Terrain {
                name: "water".into(),
                levels: None,
            },
        }
        .apply_to(&mut scenario)
        .unwrap();
        scenario
    }

    #[test]
    fn reach_counts_actions_by_terrain() {
        let scenario = pond();
        let mut cache = OverlayCache::default();
        let layer = preview_layer(
            &mut cache,
            &Game::new(&scenario),
            &scenario,
            1,
            Ask {
                unit: 0,
                preview: Preview::Reach,
                actions: Some(2),
            },
            None,
        );
        let costs: Vec<(Axial, u32)> = layer
            .centre_numbers
            .iter()
            .map(|(at, cost, _)| (*at, *cost))
            .collect();
        // By hand: an open step costs 1, entering water 2.
        assert!(costs.contains(&([-4, 1], 1)), "{costs:?}");
        assert!(costs.contains(&([-3, 2], 2)), "{costs:?}");
        // [-2, 2] is two hexes away, but its only two-step path wades through the water
        // (2 to enter, 2 to leave) and the dry way round is three steps.
        assert!(!costs.iter().any(|(at, _)| *at == [-2, 2]), "{costs:?}");
        assert!(costs.iter().all(|(_, c)| *c <= 2));
        let path = preview_layer(
            &mut cache,
            &Game::new(&scenario),
            &scenario,
            1,
            Ask {
                unit: 0,
                preview: Preview::Reach,
                actions: Some(2),
            },
            Some([-3, 2]),
        );
        assert_eq!(
            path.paths.last().map(|(p, _)| p.clone()),
            Some(vec![[-4, 2], [-3, 2]])
        );
    }

    #[test]
    fn sight_is_tinted_on_every_other_hex_and_hovering_adds_the_line() {
        let scenario = pond();
        let mut cache = OverlayCache::default();
        let hexes = 1 + 3 * 5 * 6; // a hexagon of radius 5
        let layer = preview_layer(
            &mut cache,
            &Game::new(&scenario),
            &scenario,
            1,
            Ask {
                unit: 0,
                preview: Preview::Sight,
                actions: None,
            },
            None,
        );
        assert_eq!(layer.tints.len(), hexes - 1);
        let hovered = preview_layer(
            &mut cache,
            &Game::new(&scenario),
            &scenario,
            1,
            Ask {
                unit: 0,
                preview: Preview::Sight,
                actions: None,
            },
            Some([4, -4]),
        );
        assert!(
            hovered.witness.is_some(),
            "nothing on open ground blocks sight"
        );
    }
}
