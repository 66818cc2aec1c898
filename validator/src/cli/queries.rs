//! The rules queries: `los`, `reach` and `area`.

use std::path::Path;

use megahex::board::area;
use megahex::board::hex::Axial;
use megahex::board::los;
use megahex::board::movement::MoveAction;
use megahex::report;
use megahex::scene::Scene;
use megahex_schema::{AnyScenario, Catalog};

use super::load::load_scenario;
use super::output::{PictureSize, fail, picture_settings, print, with_findings, write_picture};

/// Loads and checks a scenario for a query. Errors are reported like `validate` does; when they
/// leave no usable scenario the command ends with exit code 1, otherwise it answers on what could
/// be built and still exits 1 (the flag in the result), since the input has errors.
fn load(path: &Path, catalog: &Catalog) -> Result<(Scene, bool), i32> {
    let (scenario, catalog, had_errors) = load_scenario(path, catalog)?;
    match scenario {
        AnyScenario::SentinelTactics(scenario) => Ok((Scene::new(&scenario, &catalog), had_errors)),
        other => Err(fail(&format!(
            "the {} ruleset has no area attacks; `megahex area` works on sentinel-tactics scenarios",
            other.ruleset().as_str()
        ))),
    }
}

/// Loads a scenario for a query that every map ruleset answers: the Sentinel Tactics scene,
/// or the hex-skirmish scenario with whether it had errors.
fn load_map(path: &Path, catalog: &Catalog) -> Result<Loaded, i32> {
    let (scenario, catalog, had_errors) = load_scenario(path, catalog)?;
    Ok(match scenario {
        AnyScenario::SentinelTactics(scenario) => Loaded::SentinelTactics(
            Box::new(Scene::new(&scenario, &catalog)),
            scenario,
            had_errors,
        ),
        AnyScenario::HexSkirmish(scenario) => Loaded::HexSkirmish(scenario, had_errors),
        AnyScenario::SolarSentinels(_) => {
            return Err(fail(
                "a solar-sentinels deck has no map: ask `megahex odds --ruleset solar-sentinels` or `megahex simulate` instead",
            ));
        }
    })
}

/// A scenario ready for a query, by ruleset.
enum Loaded {
    SentinelTactics(Box<Scene>, Box<megahex_schema::Scenario>, bool),
    HexSkirmish(Box<megahex_schema::hex_skirmish::Scenario>, bool),
}

fn resolve(scene: &Scene, text: &str) -> Result<Vec<Axial>, i32> {
    scene
        .resolve_arg(text)
        .map(|(hexes, _)| hexes)
        .map_err(|e| fail(&e))
}

/// `megahex los`.
pub fn los(
    path: &Path,
    catalog: &Catalog,
    from: Option<&str>,
    to: Option<&str>,
    matrix: bool,
    json: bool,
) -> i32 {
    let (scene, had_errors) = match load_map(path, catalog) {
        Ok(Loaded::SentinelTactics(scene, _, had_errors)) => (*scene, had_errors),
        Ok(Loaded::HexSkirmish(scenario, had_errors)) => {
            let code = super::skirmish::los(&scenario, from, to, matrix, json);
            return with_findings(code, had_errors);
        }
        Err(code) => return code,
    };
    let done = |code: i32| with_findings(code, had_errors);
    let rule = scene.rules.name();
    let board = &scene.board;
    if matrix {
        let sights = los::sight_matrix(board, scene.rules);
        return if json {
            done(print(&report::query::sight_records(&sights, &rule)))
        } else {
            let seen = sights.iter().filter(|s| s.visible).count();
            done(print(&format!(
                "{seen} of {} ordered pairs see each other; rule {rule}\n",
                sights.len()
            )))
        };
    }
    let Some(from) = from else {
        return fail("los needs --from REF (or --matrix)");
    };
    let from = match resolve(&scene, from) {
        Ok(hexes) => hexes,
        Err(code) => return code,
    };
    match to {
        Some(to) => {
            let to = match resolve(&scene, to) {
                Ok(hexes) => hexes,
                Err(code) => return code,
            };
            let Some(sight) = los::best_sight(board, &from, &to, scene.rules) else {
                return fail("no pair of hexes on the map to compare");
            };
            if json {
                done(print(&report::query::sight_record(&sight, &rule)))
            } else {
                done(print(&report::query::sight_text(&sight, &rule)))
            }
        }
        None => {
            let sights: Vec<los::Sight> = board
                .hexes()
                .iter()
                .map(|h| h.at)
                .filter_map(|b| los::best_sight(board, &from, &[b], scene.rules))
                .collect();
            if json {
                done(print(&report::query::sight_records(&sights, &rule)))
            } else {
                done(print(&report::query::sight_map(
                    board, &from, &sights, &rule,
                )))
            }
        }
    }
}

/// `megahex reach`: Sentinel Tactics takes a move action; hex-skirmish spends actions (the
/// unit's own unless `actions` says).
pub fn reach(
    path: &Path,
    catalog: &Catalog,
    from: &str,
    action: Option<MoveAction>,
    actions: Option<u32>,
    json: bool,
) -> i32 {
    let (scene, had_errors) = match load_map(path, catalog) {
        Ok(Loaded::SentinelTactics(scene, _, had_errors)) => (*scene, had_errors),
        Ok(Loaded::HexSkirmish(scenario, had_errors)) => {
            let code = super::skirmish::reach(&scenario, from, actions, json);
            return with_findings(code, had_errors);
        }
        Err(code) => return code,
    };
    let Some(action) = action else {
        return fail("reach on a sentinel-tactics scenario needs --move N, --sprint or --push N");
    };
    let done = |code: i32| with_findings(code, had_errors);
    let (hexes, token) = match scene.resolve_arg(from) {
        Ok(found) => found,
        Err(e) => return fail(&e),
    };
    let found = scene.reach(&hexes, token, action);
    if json {
        done(print(&report::query::reach_json(hexes[0], &found)))
    } else {
        done(print(&report::query::reach_map(
            &scene.board,
            &hexes,
            &found,
        )))
    }
}

/// `megahex area`.
#[allow(clippy::too_many_arguments)]
pub fn area(
    path: &Path,
    catalog: &Catalog,
    from: &str,
    origin: &str,
    max_origin: u32,
    radius: Option<u32>,
    vertex: Option<u8>,
    json: bool,
) -> i32 {
    let (scene, had_errors) = match load(path, catalog) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let done = |code: i32| with_findings(code, had_errors);
    let source = match resolve(&scene, from) {
        Ok(hexes) => hexes,
        Err(code) => return code,
    };
    let origin = match resolve(&scene, origin) {
        Ok(hexes) => hexes[0],
        Err(code) => return code,
    };
    let template = match (vertex, radius) {
        (Some(corner), _) => area::vertex(
            &scene.board,
            &source,
            origin,
            usize::from(corner),
            max_origin,
            scene.rules,
        ),
        (None, Some(radius)) => area::area(
            &scene.board,
            &source,
            origin,
            max_origin,
            radius,
            scene.rules,
        ),
        (None, None) => return fail("area needs --radius R or --vertex CORNER"),
    };
    if json {
        done(print(&report::query::area_json(&template)))
    } else {
        done(print(&report::query::area_map(
            &scene.board,
            &source,
            &template,
        )))
    }
}

/// `megahex render`.
pub fn render(
    path: &Path,
    catalog: &Catalog,
    output: &Path,
    overlay: Option<&str>,
    size: &PictureSize,
) -> i32 {
    use megahex::report::svg::{self, Overlay};
    let (scene, scenario, had_errors) = match load_map(path, catalog) {
        Ok(Loaded::SentinelTactics(scene, scenario, had_errors)) => (*scene, scenario, had_errors),
        Ok(Loaded::HexSkirmish(scenario, had_errors)) => {
            let code = super::skirmish::render(&scenario, output, overlay, size);
            return with_findings(code, had_errors);
        }
        Err(code) => return code,
    };
    let decor = megahex::report::decor::Decorations::of(&scenario, &scene.board);
    let done = |code: i32| with_findings(code, had_errors);
    let (png, drawing, zoom) = match picture_settings(output, size) {
        Ok(settings) => settings,
        Err(code) => return code,
    };
    let overlay = match overlay.map(|o| o.split(':').collect::<Vec<_>>()) {
        None => Overlay::None,
        Some(parts) => match parts.as_slice() {
            ["los", from] => match resolve(&scene, from) {
                Ok(from) => Overlay::sight_from(&scene, from),
                Err(code) => return code,
            },
            ["los", from, to] => {
                let (from, to) = match (resolve(&scene, from), resolve(&scene, to)) {
                    (Ok(f), Ok(t)) => (f, t),
                    (Err(code), _) | (_, Err(code)) => return code,
                };
                match Overlay::pair(&scene, &from, &to) {
                    Some(pair) => pair,
                    None => return fail("no pair of hexes on the map to compare"),
                }
            }
            ["range", from] => match resolve(&scene, from) {
                Ok(from) => Overlay::range_from(&scene, from),
                Err(code) => return code,
            },
            ["reach", from, n] => {
                let Ok(budget) = n.parse::<u32>() else {
                    return fail(&format!("reach overlay: `{n}` is not a move value"));
                };
                let (hexes, token) = match scene.resolve_arg(from) {
                    Ok(found) => found,
                    Err(e) => return fail(&e),
                };
                let action = MoveAction::Move {
                    budget,
                    mobility: false,
                };
                Overlay::reach_of(&scene, hexes, token, action)
            }
            _ => return fail("--overlay takes los:REF, los:REF:REF, range:REF or reach:REF:N"),
        },
    };
    let picture = svg::render_sized(&scene.board, &scene.tokens, &overlay, &decor, drawing);
    done(write_picture(picture, output, png, zoom))
}
