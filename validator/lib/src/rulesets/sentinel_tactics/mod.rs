//! The `sentinel-tactics` ruleset (the rulebook, seed 000): the game's rules over the tile
//! board in [`crate::board`]. `game` is the game itself (rounds, turns, movement, attacks,
//! hazards); `dice` the attack and defence dice and their exact odds; `checks`, `turns` and
//! `assertions` what `megahex validate` reports; `playtest` replays a scripted game; `selfplay` plays seeded
//! games; `fairness` reports distances, exposure and a verdict.

pub mod assertions;
pub mod catalog_text;
pub mod checks;
pub mod decor;
pub mod dice;
pub mod diff;
pub mod fairness;
pub mod game;
pub mod hover;
pub mod inventory;
pub mod map;
pub mod odds_report;
pub mod playtest;
pub mod scene;
pub mod selfplay;
pub mod sheet;
pub mod symbols;
pub mod turns;

use std::sync::Arc;

use megahex_schema::AnyScenario;
use megahex_schema::Catalog;
use megahex_schema::rulesets::sentinel_tactics::Scenario;

use crate::board::los::LosRules;
use crate::diagnostic::{Code, Diagnostic, Edit, EditTo, Fix, Severity};
use crate::scene::Scene;
use crate::seam::{CheckContext, Outcome};
use game::Game;

/// Reads a schema-valid document as a Sentinel Tactics scenario, with the catalog it names
/// merged into the run's, and checks it.
pub fn check_document(document: &serde_json::Value, context: &CheckContext) -> Outcome {
    let scenario: Scenario = match crate::typed::typed(document) {
        Ok(scenario) => scenario,
        Err(d) => return Outcome::refused(vec![*d]),
    };
    let catalog = match &scenario.catalog {
        None => Arc::clone(context.catalog),
        Some(path) => match (context.scenario_catalog)(path) {
            Ok(catalog) => Arc::new(catalog),
            Err(d) => {
                return Outcome {
                    diagnostics: vec![*d],
                    scenario: Some(AnyScenario::SentinelTactics(Box::new(scenario))),
                    catalog: None,
                };
            }
        },
    };
    let diagnostics = findings(&scenario, &catalog, context.play, context.fairness);
    Outcome {
        diagnostics,
        scenario: Some(AnyScenario::SentinelTactics(Box::new(scenario))),
        catalog: Some(catalog),
    }
}

/// Everything `megahex validate` finds in a scenario that passed the schema: the semantic
/// checks, then (on a file without errors, when `play`) the checks that play the rules, and the
/// fairness report when asked for.
pub fn findings(
    scenario: &Scenario,
    catalog: &Catalog,
    play: bool,
    fairness: bool,
) -> Vec<Diagnostic> {
    // One board, one scene and one game serve every check of the file.
    let (board, problems) =
        crate::rulesets::sentinel_tactics::map::build_map(&scenario.map, catalog);
    let components = board.connected_components();
    let mut diagnostics =
        checks::check_scenario_on(scenario, catalog, &board, problems, &components);
    suggest_replacements(scenario, catalog, &mut diagnostics);
    let errors = |d: &[Diagnostic]| d.iter().filter(|d| d.severity == Severity::Error).count();
    let scene = Scene::on_board(scenario, catalog, board);
    // A map in pieces is the one way an objective is out of reach, so that check also runs
    // when `map-disconnected` is the only error.
    if diagnostics
        .iter()
        .all(|d| d.severity != Severity::Error || d.code == Code::MapDisconnected)
    {
        diagnostics.extend(self::fairness::unreachable_objectives_in(
            scenario,
            catalog,
            &scene,
            &components,
        ));
    }
    if errors(&diagnostics) == 0 && play {
        let game = Game::on_scene(scenario, catalog, scene);
        diagnostics.extend(turns::uneven_in(scenario, &game));
        diagnostics.extend(playtest::findings(scenario, &game));
        diagnostics.extend(assertions::check_in(scenario, catalog, &game.scene));
        if fairness {
            diagnostics.extend(self::fairness::report(scenario, catalog));
        }
    }
    diagnostics
}

/// The inventory solver's judge of replacements for `scenario`: a candidate passes when it
/// brings no error the scenario does not already have (`tile-duplicate` aside, since the
/// solver fixes those one at a time); with `play`, a candidate with no error at all must also
/// pass the checks that play the rules (playtests, claims, the turn order).
pub fn replacement_judge<'a>(
    scenario: &Scenario,
    catalog: &'a Catalog,
    play: bool,
) -> impl Fn(&Scenario) -> bool + 'a {
    let errors = |found: Vec<Diagnostic>| -> Vec<(Code, Option<String>)> {
        found
            .into_iter()
            .filter(|d| d.severity == Severity::Error && d.code != Code::TileDuplicate)
            .map(|d| (d.code, d.pointer))
            .collect()
    };
    let already = errors(checks::check_scenario(scenario, catalog));
    move |candidate: &Scenario| {
        let semantic = checks::check_scenario(candidate, catalog);
        let clean = semantic.iter().all(|d| d.severity != Severity::Error);
        if !errors(semantic).iter().all(|e| already.contains(e)) {
            return false;
        }
        !(play && clean)
            || findings(candidate, catalog, true, false)
                .iter()
                .all(|d| d.severity != Severity::Error)
    }
}

/// Puts the inventory solver's best replacement, from one box of tiles, in the help of each
/// `tile-duplicate`, judged by the semantic checks (the rules' play is left to
/// `megahex inventory`, which weighs more than one).
fn suggest_replacements(scenario: &Scenario, catalog: &Catalog, diagnostics: &mut [Diagnostic]) {
    if !diagnostics.iter().any(|d| d.code == Code::TileDuplicate) {
        return;
    }
    let owned = inventory::Owned::whole_box(catalog);
    let judge = replacement_judge(scenario, catalog, false);
    // The best proposal in the help and as the preferred fix; two more as other fixes.
    let changes = inventory::propose(scenario, catalog, &owned, 3, &judge);
    for change in changes {
        let pointer = format!("/map/tiles/{}/tile", change.index);
        let Some(found) = diagnostics.iter_mut().find(|d| {
            d.code == Code::TileDuplicate && d.pointer.as_deref() == Some(pointer.as_str())
        }) else {
            continue;
        };
        let help = match change.proposals.first() {
            Some(best) => {
                let p = best.placement;
                format!(
                    "use a tile not on the map: `{{tile: {}, side: {}, at: [{}, {}], rotation: {}}}` changes the map least ({} level(s) of elevation, {} terrain tag(s), {} figure sight pair(s)); `megahex inventory FILE` lists more",
                    p.tile,
                    p.side.as_str(),
                    p.at[0],
                    p.at[1],
                    p.rotation,
                    best.score.elevation,
                    best.score.terrain,
                    best.score.sight_pairs
                )
            }
            None => "every tile of the box is on the map already: take this placement off the map, or add a catalog with more tiles".to_owned(),
        };
        found.help = Some(help);
        let replaced = inventory::which_tile(&scenario.map.tiles, change.index);
        for proposal in &change.proposals {
            let p = proposal.placement;
            let Ok(to) = serde_json::to_value(p) else {
                continue;
            };
            found.fixes.push(Fix {
                title: format!(
                    "use tile {} ({} side, rotation {}) instead of {replaced}",
                    p.tile,
                    p.side.as_str(),
                    p.rotation
                ),
                edits: vec![Edit {
                    pointer: format!("/map/tiles/{}", change.index),
                    to: EditTo::Value(to),
                }],
            });
        }
    }
}

/// A scenario read as `megahex validate` reads it, for the tests of the modules that take one.
#[cfg(test)]
pub(crate) fn parsed(text: &str) -> Scenario {
    #[allow(clippy::unwrap_used)]
    let checker = crate::check::Checker::new(Catalog::builtin()).unwrap();
    let outcome = checker.check_text(text, &|_| Err("no catalog".into()));
    match outcome.scenario {
        Some(megahex_schema::AnyScenario::SentinelTactics(s)) => *s,
        #[allow(clippy::panic)]
        _ => panic!("not a scenario: {:?}", outcome.diagnostics),
    }
}

impl LosRules {
    /// The line-of-sight options a Sentinel Tactics scenario chose.
    pub fn from_rules(rules: &megahex_schema::rulesets::sentinel_tactics::Rules) -> LosRules {
        LosRules {
            blocking: rules.los_blocking,
            edges: rules.los_edges,
        }
    }
}
