//! A Sentinel Tactics scenario laid out as the shared [`Scene`]: its map, its tokens where they
//! stand (with each figure's gait from the catalog), and its hazard spaces.

use megahex_schema::Catalog;
use megahex_schema::rulesets::sentinel_tactics::{
    EnvironmentCard, FigureMovement, FigureStats, Scenario, TokenKind,
};

use super::map::build_map;
use crate::board::Board;
use crate::board::area::hazard_zone;
use crate::board::hex::Axial;
use crate::board::los::LosRules;
use crate::scene::{Placed, Scene};

impl Scene {
    /// Builds the scene; tokens that do not resolve are left out (the validator reports them).
    pub fn new(scenario: &Scenario, catalog: &Catalog) -> Scene {
        let (board, _) = build_map(&scenario.map, catalog);
        Scene::on_board(scenario, catalog, board)
    }

    /// The scene on a board already built from the scenario's map, so the checks of one file
    /// share one board.
    pub fn on_board(scenario: &Scenario, catalog: &Catalog, board: Board) -> Scene {
        let rules = LosRules::from_rules(&scenario.rules);
        let tokens: Vec<Placed> = scenario
            .tokens
            .iter()
            .enumerate()
            .filter_map(|(index, t)| {
                let hexes: Option<Vec<Axial>> =
                    t.at.hexes().iter().map(|r| board.resolve(r).ok()).collect();
                let movement = t
                    .character
                    .as_deref()
                    .and_then(|c| catalog.figure(c))
                    .map_or(FigureMovement::Single, |f| f.movement);
                Some(Placed {
                    index,
                    team: t.team.clone(),
                    id: t.id.clone(),
                    hexes: hexes?,
                    gait: movement.into(),
                    target: t.is_target(),
                })
            })
            .collect();
        let mut hazards: Vec<Axial> = Vec::new();
        if scenario
            .rules
            .environment
            .contains(&EnvironmentCard::FlowOfFieryLava)
        {
            hazards.extend(board.hexes().iter().filter(|h| h.is_lava()).map(|h| h.at));
        }
        for placed in &tokens {
            let Some(token) = scenario.tokens.get(placed.index) else {
                continue;
            };
            if token.kind != TokenKind::Hazard {
                continue;
            }
            for &origin in &placed.hexes {
                hazards.extend(hazard_zone(
                    &board,
                    origin,
                    token.radius.unwrap_or(0),
                    rules,
                ));
            }
        }
        hazards.sort_unstable();
        hazards.dedup();
        Scene {
            board,
            rules,
            tokens,
            hazards,
        }
    }
}

/// The kind of a placed token, read from the scenario it was laid out from.
pub fn kind_of(scenario: &Scenario, placed: &Placed) -> Option<TokenKind> {
    scenario.tokens.get(placed.index).map(|t| t.kind)
}

/// A figure's stats: the scenario's own `stats:` entry, else the catalog roster's (a roster
/// file). One place for that precedence, for the fairness report, playtests and self-play.
pub fn figure_stats(scenario: &Scenario, catalog: &Catalog, figure: &str) -> Option<FigureStats> {
    scenario
        .stats
        .get(figure)
        .cloned()
        .or_else(|| catalog.figure(figure).and_then(|f| f.stats.clone()))
}
