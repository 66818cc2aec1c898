//! The map queries on a Sentinel Tactics scenario (`los`, `reach`, `area`, `render`), and the
//! picture of a diff: answered on the scenario's scene.

use megahex::board::area;
use megahex::board::hex::Axial;
use megahex::board::los;
use megahex::board::movement::MoveAction;
use megahex::diff::ScenarioDiff;
use megahex::report;
use megahex::report::svg::{self, Overlay};
use megahex::scene::Scene;
use megahex_schema::Catalog;
use megahex_schema::rulesets::sentinel_tactics::scenario::Scenario;

use crate::cli::output::{PictureSize, fail, picture_settings, print, write_picture};
use crate::cli::query_args::{AreaArgs, LosArgs, RenderArgs};

fn resolve(scene: &Scene, text: &str) -> Result<Vec<Axial>, i32> {
    scene
        .resolve_arg(text)
        .map(|(hexes, _)| hexes)
        .map_err(|e| fail(&e))
}

/// `megahex los`.
pub fn los(scenario: &Scenario, catalog: &Catalog, args: &LosArgs) -> i32 {
    let scene = Scene::new(scenario, catalog);
    let rule = scene.rules.name();
    let board = &scene.board;
    if args.matrix {
        let sights = los::sight_matrix(board, scene.rules);
        return if args.json {
            print(&report::query::sight_records(&sights, &rule))
        } else {
            print(&report::query::sight_matrix_text(&sights, &rule))
        };
    }
    let Some(from) = args.from.as_deref() else {
        return fail("los needs --from REF (or --matrix)");
    };
    let from = match resolve(&scene, from) {
        Ok(hexes) => hexes,
        Err(code) => return code,
    };
    match args.to.as_deref() {
        Some(to) => {
            let to = match resolve(&scene, to) {
                Ok(hexes) => hexes,
                Err(code) => return code,
            };
            let Some(sight) = los::best_sight(board, &from, &to, scene.rules) else {
                return fail("no pair of hexes on the map to compare");
            };
            if args.json {
                print(&report::query::sight_record(&sight, &rule))
            } else {
                print(&report::query::sight_text(&sight, &rule))
            }
        }
        None => {
            let sights: Vec<los::Sight> = board
                .hexes()
                .iter()
                .map(|h| h.at)
                .filter_map(|b| los::best_sight(board, &from, &[b], scene.rules))
                .collect();
            if args.json {
                print(&report::query::sight_records(&sights, &rule))
            } else {
                print(&report::query::sight_map(board, &from, &sights, &rule))
            }
        }
    }
}

/// `megahex reach`: where a figure can end a Move, a Sprint or a push.
pub fn reach(
    scenario: &Scenario,
    catalog: &Catalog,
    from: &str,
    action: Option<MoveAction>,
    json: bool,
) -> i32 {
    let scene = Scene::new(scenario, catalog);
    let Some(action) = action else {
        return fail("reach on a sentinel-tactics scenario needs --move N, --sprint or --push N");
    };
    let (hexes, token) = match scene.resolve_arg(from) {
        Ok(found) => found,
        Err(e) => return fail(&e),
    };
    let found = scene.reach(&hexes, token, action);
    if json {
        print(&report::query::reach_json(hexes[0], &found))
    } else {
        print(&report::query::reach_map(&scene.board, &hexes, &found))
    }
}

/// `megahex area`: the hexes an area or vertex attack hits.
pub fn area(scenario: &Scenario, catalog: &Catalog, args: &AreaArgs) -> i32 {
    let scene = Scene::new(scenario, catalog);
    let source = match resolve(&scene, &args.from) {
        Ok(hexes) => hexes,
        Err(code) => return code,
    };
    let origin = match resolve(&scene, &args.origin) {
        Ok(hexes) => hexes[0],
        Err(code) => return code,
    };
    let template = match (args.vertex, args.radius) {
        (Some(corner), _) => area::vertex(
            &scene.board,
            &source,
            origin,
            usize::from(corner),
            args.max_origin,
            scene.rules,
        ),
        (None, Some(radius)) => area::area(
            &scene.board,
            &source,
            origin,
            args.max_origin,
            radius,
            scene.rules,
        ),
        (None, None) => return fail("area needs --radius R or --vertex CORNER"),
    };
    if args.json {
        print(&report::query::area_json(&template))
    } else {
        print(&report::query::area_map(&scene.board, &source, &template))
    }
}

/// `megahex render`: the map with an optional overlay.
pub fn render(scenario: &Scenario, catalog: &Catalog, args: &RenderArgs) -> i32 {
    let scene = Scene::new(scenario, catalog);
    let decor = megahex::rulesets::sentinel_tactics::decor::decorations(scenario, &scene.board);
    let (png, drawing, zoom) = match picture_settings(&args.output, &args.size()) {
        Ok(settings) => settings,
        Err(code) => return code,
    };
    let overlay = match args
        .overlay
        .as_deref()
        .map(|o| o.split(':').collect::<Vec<_>>())
    {
        None => Overlay::None,
        Some(parts) => match overlay_of(&scene, &parts) {
            Ok(overlay) => overlay,
            Err(code) => return code,
        },
    };
    let picture = svg::render_sized(&scene.board, &scene.tokens, &overlay, &decor, drawing);
    write_picture(picture, &args.output, png, zoom)
}

fn overlay_of(scene: &Scene, parts: &[&str]) -> Result<Overlay, i32> {
    Ok(match parts {
        ["los", from] => Overlay::sight_from(scene, resolve(scene, from)?),
        ["los", from, to] => {
            let (from, to) = match (resolve(scene, from), resolve(scene, to)) {
                (Ok(from), Ok(to)) => (from, to),
                (Err(code), _) | (_, Err(code)) => return Err(code),
            };
            Overlay::pair(scene, &from, &to)
                .ok_or_else(|| fail("no pair of hexes on the map to compare"))?
        }
        ["range", from] => Overlay::range_from(scene, resolve(scene, from)?),
        ["reach", from, n] => {
            let Ok(budget) = n.parse::<u32>() else {
                return Err(fail(format!("reach overlay: `{n}` is not a move value")));
            };
            let (hexes, token) = scene.resolve_arg(from).map_err(|e| fail(&e))?;
            let action = MoveAction::Move {
                budget,
                mobility: false,
            };
            Overlay::reach_of(scene, hexes, token, action)
        }
        _ => {
            return Err(fail(
                "--overlay takes los:REF, los:REF:REF, range:REF or reach:REF:N",
            ));
        }
    })
}

/// The new map of a diff with the changes marked, as SVG.
pub fn diff_picture(
    scenario: &Scenario,
    catalog: &Catalog,
    diff: ScenarioDiff,
    size: &PictureSize,
) -> Result<String, i32> {
    let (drawing, _) = size.check().map_err(|message| fail(&message))?;
    let scene = Scene::new(scenario, catalog);
    let decor = megahex::rulesets::sentinel_tactics::decor::decorations(scenario, &scene.board);
    let overlay = Overlay::changes(&scene, diff);
    Ok(svg::render_sized(
        &scene.board,
        &scene.tokens,
        &overlay,
        &decor,
        drawing,
    ))
}
