//! The map queries on a hex-skirmish scenario (`los`, `reach`, `render`): answered by the
//! ruleset's own rules, printed and drawn by the shared reports every map game uses.

use std::path::Path;

use megahex::board::hex::{Axial, distance};
use megahex::board::los::Sight;
use megahex::report;
use megahex::report::svg::{self, Overlay};
use megahex::rulesets::hex_skirmish::game::Game;
use megahex::rulesets::hex_skirmish::state::State;
use megahex::rulesets::hex_skirmish::{moves, view};
use megahex_schema::rulesets::hex_skirmish::Scenario;

use crate::cli::output::{PictureSize, fail, picture_settings, print, write_picture};

/// The game at its start, for questions about the map as set up.
fn start(scenario: &Scenario) -> (Game, State) {
    let game = Game::new(scenario);
    let state = game.start();
    (game, state)
}

fn rule(game: &Game) -> String {
    view::rule_name(game.rules.los_blocking, game.rules.los_edges)
}

fn resolve(game: &Game, state: &State, text: &str) -> Result<(Axial, Option<usize>), i32> {
    view::resolve_arg(game, state, text).map_err(|e| fail(&e))
}

fn sights_from(game: &Game, from: Axial) -> Vec<Sight> {
    game.arena
        .hexes()
        .iter()
        .filter_map(|h| view::sight(game, from, h.at))
        .collect()
}

/// `megahex los` on a hex-skirmish scenario.
pub fn los(
    scenario: &Scenario,
    from: Option<&str>,
    to: Option<&str>,
    matrix: bool,
    json: bool,
) -> i32 {
    let (game, state) = start(scenario);
    let rule = rule(&game);
    if matrix {
        let sights: Vec<Sight> = game
            .arena
            .hexes()
            .iter()
            .flat_map(|a| sights_from(&game, a.at))
            .collect();
        return if json {
            print(&report::query::sight_records(&sights, &rule))
        } else {
            print(&report::query::sight_matrix_text(&sights, &rule))
        };
    }
    let Some(from) = from else {
        return fail("los needs --from REF (or --matrix)");
    };
    let from = match resolve(&game, &state, from) {
        Ok((at, _)) => at,
        Err(code) => return code,
    };
    match to {
        Some(to) => {
            let to = match resolve(&game, &state, to) {
                Ok((at, _)) => at,
                Err(code) => return code,
            };
            let Some(sight) = view::sight(&game, from, to) else {
                return fail("no pair of hexes on the map to compare");
            };
            if json {
                print(&report::query::sight_record(&sight, &rule))
            } else {
                print(&report::query::sight_text(&sight, &rule))
            }
        }
        None => {
            let sights = sights_from(&game, from);
            if json {
                print(&report::query::sight_records(&sights, &rule))
            } else {
                let board = view::board(&game);
                print(&report::query::sight_map(&board, &[from], &sights, &rule))
            }
        }
    }
}

/// `megahex reach` on a hex-skirmish scenario: where a unit can move with its actions.
pub fn reach(scenario: &Scenario, from: &str, actions: Option<u32>, json: bool) -> i32 {
    let (game, state) = start(scenario);
    let (at, unit) = match resolve(&game, &state, from) {
        Ok(found) => found,
        Err(code) => return code,
    };
    let Some(unit) = unit else {
        return fail(format!(
            "`{from}` has no unit on it: reach needs a unit (its id, or the hex it stands on)"
        ));
    };
    let budget = actions.unwrap_or(game.units[unit].attributes.actions);
    let found = moves::destinations(&game, &state, unit, budget);
    if json {
        print(&report::query::reach_json(at, &found))
    } else {
        print(&report::query::reach_map(
            &view::board(&game),
            &[at],
            &found,
        ))
    }
}

/// `megahex render` on a hex-skirmish scenario.
pub fn render(
    scenario: &Scenario,
    output: &Path,
    overlay: Option<&str>,
    size: &PictureSize,
) -> i32 {
    let (png, drawing, zoom) = match picture_settings(output, size) {
        Ok(settings) => settings,
        Err(code) => return code,
    };
    let (game, state) = start(scenario);
    let overlay = match overlay.map(|o| o.split(':').collect::<Vec<_>>()) {
        None => Overlay::None,
        Some(parts) => match overlay_of(&game, &state, &parts) {
            Ok(overlay) => overlay,
            Err(code) => return code,
        },
    };
    let board = view::board(&game);
    let pieces = view::pieces(&game, &state);
    let decor = view::decorations(scenario);
    let picture = svg::render_sized(&board, &pieces, &overlay, &decor, drawing);
    write_picture(picture, output, png, zoom)
}

fn overlay_of(game: &Game, state: &State, parts: &[&str]) -> Result<Overlay, i32> {
    let rule = rule(game);
    Ok(match parts {
        ["los", from] => {
            let (from, _) = resolve(game, state, from)?;
            Overlay::Sight {
                from: vec![from],
                sights: sights_from(game, from),
                rule,
            }
        }
        ["los", from, to] => {
            let ((from, _), (to, _)) = (resolve(game, state, from)?, resolve(game, state, to)?);
            let sight = view::sight(game, from, to)
                .ok_or_else(|| fail("no pair of hexes on the map to compare"))?;
            Overlay::Pair { sight, rule }
        }
        ["range", from] => {
            let (from, _) = resolve(game, state, from)?;
            let ranges = game
                .arena
                .hexes()
                .iter()
                .map(|h| (h.at, distance(from, h.at)))
                .collect();
            Overlay::Range {
                from: vec![from],
                ranges,
            }
        }
        ["reach", from, n] => {
            let Ok(budget) = n.parse::<u32>() else {
                return Err(fail(format!(
                    "reach overlay: `{n}` is not a number of actions"
                )));
            };
            let (at, unit) = resolve(game, state, from)?;
            let unit = unit.ok_or_else(|| fail(format!("`{from}` has no unit on it")))?;
            Overlay::Reach {
                from: vec![at],
                found: moves::destinations(game, state, unit, budget),
                label: format!("{budget} actions"),
            }
        }
        _ => {
            return Err(fail(
                "--overlay takes los:REF, los:REF:REF, range:REF or reach:REF:N (N actions)",
            ));
        }
    })
}
