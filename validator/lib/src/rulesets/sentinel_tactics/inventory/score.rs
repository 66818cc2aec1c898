//! How much a replacement changes the map: on each hex of the placement, the elevation
//! difference and each terrain tag gained or lost (cover, lava...), counted three times where a
//! token, objective, deployment or reinforcement hex stands; plus each ordered pair of figures
//! whose line-of-sight verdict changes.

use std::collections::HashSet;

use megahex_schema::Catalog;
use megahex_schema::rulesets::sentinel_tactics::{Scenario, TilePlacement, TokenKind};

use crate::board::los::{self, LosRules};
use crate::board::{Axial, Board};
use crate::rulesets::sentinel_tactics::scene::kind_of;
use crate::scene::Scene;

/// Weight of a hex that something of the scenario stands on or names.
pub const MARKED_HEX_WEIGHT: f64 = 3.0;
/// Weight of a terrain tag gained or lost, against one level of elevation.
pub const TERRAIN_WEIGHT: f64 = 2.0;
/// Weight of an ordered pair of figures whose sight verdict changes.
pub const SIGHT_WEIGHT: f64 = 3.0;

/// What a replacement changes, and the total the proposals are ranked by (lower is better).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Score {
    /// The weighted sum.
    pub total: f64,
    /// Levels of elevation changed, summed over the hexes.
    pub elevation: u32,
    /// Terrain tags gained or lost, summed over the hexes.
    pub terrain: u32,
    /// Hexes changed where the scenario has something.
    pub marked_hexes: u32,
    /// Ordered pairs of figures whose sight verdict changes.
    pub sight_pairs: u32,
}

/// What every candidate for one scenario is measured against, worked out once.
pub(super) struct Context {
    /// Hexes a token stands on or the scenario names.
    marked: HashSet<Axial>,
    /// Each figure's hexes.
    figures: Vec<Vec<Axial>>,
    rules: LosRules,
}

impl Context {
    pub(super) fn new(scenario: &Scenario, catalog: &Catalog) -> Context {
        let scene = Scene::new(scenario, catalog);
        let board = &scene.board;
        let mut marked: HashSet<Axial> = scene
            .tokens
            .iter()
            .flat_map(|t| t.hexes.iter().copied())
            .collect();
        let refs = scenario
            .objectives
            .iter()
            .flat_map(|o| o.hexes.iter())
            .chain(scenario.deployment.iter().flat_map(|z| z.hexes.iter()))
            .chain(scenario.reinforcements.iter().flat_map(|r| r.hexes.iter()));
        marked.extend(refs.filter_map(|r| board.resolve(r).ok()));
        let figures = scene
            .tokens
            .iter()
            .filter(|t| {
                matches!(
                    kind_of(scenario, t),
                    Some(TokenKind::Character | TokenKind::Minion)
                )
            })
            .filter(|t| !t.hexes.is_empty())
            .map(|t| t.hexes.clone())
            .collect();
        los::warm(board, scene.rules);
        Context {
            marked,
            figures,
            rules: scene.rules,
        }
    }
}

fn verdicts(board: &Board, figures: &[Vec<Axial>], rules: LosRules) -> Vec<bool> {
    let mut out = Vec::with_capacity(figures.len() * figures.len());
    for (i, a) in figures.iter().enumerate() {
        for (j, b) in figures.iter().enumerate() {
            if i != j {
                out.push(los::best_verdicts(board, a, b, rules).is_some_and(|v| v.0));
            }
        }
    }
    out
}

/// The score of putting `placement` in place of placement `index` of `scenario`.
pub fn score(
    scenario: &Scenario,
    catalog: &Catalog,
    index: usize,
    placement: TilePlacement,
) -> Score {
    score_in(
        &Context::new(scenario, catalog),
        scenario,
        catalog,
        index,
        placement,
    )
}

pub(super) fn score_in(
    context: &Context,
    scenario: &Scenario,
    catalog: &Catalog,
    index: usize,
    placement: TilePlacement,
) -> Score {
    let (before, _) = crate::rulesets::sentinel_tactics::map::build_map(&scenario.map, catalog);
    let changed = super::with_placement(scenario, index, placement);
    let (after, _) = crate::rulesets::sentinel_tactics::map::build_map(&changed.map, catalog);
    let mut score = Score::default();
    let mut total = 0.0;
    for hex in before.hexes().iter().filter(|h| h.placement == index) {
        let Some(new) = after.get(hex.at) else {
            continue;
        };
        let levels = u32::from(hex.elevation.abs_diff(new.elevation));
        let tags = hex
            .terrain
            .iter()
            .filter(|t| !new.terrain.contains(t))
            .count()
            + new
                .terrain
                .iter()
                .filter(|t| !hex.terrain.contains(t))
                .count();
        let tags = tags as u32;
        if levels == 0 && tags == 0 {
            continue;
        }
        let weight = if context.marked.contains(&hex.at) {
            score.marked_hexes += 1;
            MARKED_HEX_WEIGHT
        } else {
            1.0
        };
        score.elevation += levels;
        score.terrain += tags;
        total += weight * (f64::from(levels) + TERRAIN_WEIGHT * f64::from(tags));
    }
    let (was, now) = (
        verdicts(&before, &context.figures, context.rules),
        verdicts(&after, &context.figures, context.rules),
    );
    score.sight_pairs = was.iter().zip(&now).filter(|(a, b)| a != b).count() as u32;
    score.total = total + SIGHT_WEIGHT * f64::from(score.sight_pairs);
    score
}
