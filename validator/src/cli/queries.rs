//! The rules queries: `los`, `reach` and `area`.

use std::io::Write;
use std::path::Path;

use megahex::board::area;
use megahex::board::hex::Axial;
use megahex::board::los;
use megahex::board::movement::MoveAction;
use megahex::report::{self, FileResult};
use megahex::scene::Scene;
use megahex::{CatalogFile, Checker, Severity};
use megahex_schema::{AnyScenario, Catalog};

use super::{EXIT_FINDINGS, EXIT_OK, fail};

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

/// Reads and checks a scenario, printing its errors; the scenario and the catalog it uses,
/// and whether it had errors. Exit code 1 when there is no scenario to answer on.
pub(super) fn load_scenario(
    path: &Path,
    catalog: &Catalog,
) -> Result<(AnyScenario, Catalog, bool), i32> {
    let bytes =
        std::fs::read(path).map_err(|e| fail(&format!("cannot read {}: {e}", path.display())))?;
    let checker = Checker::new(catalog.clone()).map_err(|e| fail(&e))?;
    let base = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let read_catalog =
        |relative: &str| CatalogFile::read(&base, relative, checker.max_file_bytes());
    let outcome = checker.check_bytes(&bytes, &read_catalog);
    let errors: Vec<_> = outcome
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .cloned()
        .collect();
    let had_errors = !errors.is_empty();
    if had_errors {
        let result = FileResult {
            path: path.display().to_string(),
            source: String::from_utf8_lossy(&bytes).into_owned(),
            diagnostics: errors,
        };
        eprint!("{}", report::human::render(&[result], false));
        if outcome.scenario.is_none() {
            return Err(EXIT_FINDINGS);
        }
        eprintln!("megahex: note: answering anyway, on the parts of the map that could be built");
    }
    match (outcome.scenario, outcome.catalog) {
        (Some(scenario), Some(catalog)) => Ok((
            scenario,
            std::sync::Arc::unwrap_or_clone(catalog),
            had_errors,
        )),
        (Some(scenario), None) => Ok((scenario, catalog.clone(), had_errors)),
        _ => Err(EXIT_FINDINGS),
    }
}

/// Writes a picture as SVG or PNG, by the output's extension.
pub(super) fn write_picture(picture: String, output: &Path, png: bool, zoom: f64) -> i32 {
    let bytes = if png {
        match megahex::report::png::from_svg(&picture, zoom) {
            Ok(bytes) => bytes,
            Err(e) => return fail(&e.to_string()),
        }
    } else {
        picture.into_bytes()
    };
    match std::fs::write(output, bytes) {
        Ok(()) => EXIT_OK,
        Err(e) => fail(&format!("cannot write {}: {e}", output.display())),
    }
}

/// How to write the picture: whether the output is a PNG (else SVG), the drawing size and the
/// PNG zoom; or, having said what is wrong with the options, the exit code.
pub(super) fn picture_settings(
    output: &Path,
    size: &PictureSize,
) -> Result<(bool, megahex::report::svg::Size, f64), i32> {
    let png = match output.extension().and_then(|e| e.to_str()) {
        Some(ext) if ext.eq_ignore_ascii_case("svg") => false,
        Some(ext) if ext.eq_ignore_ascii_case("png") => true,
        _ => {
            return Err(fail(
                "render writes SVG or PNG: give an output file ending in .svg or .png",
            ));
        }
    };
    let (drawing, zoom) = size.check().map_err(|message| fail(&message))?;
    Ok((png, drawing, zoom))
}

/// A query that answered still exits 1 when the scenario had errors, so CI notices.
pub(super) fn with_findings(code: i32, had_errors: bool) -> i32 {
    if code == EXIT_OK && had_errors {
        EXIT_FINDINGS
    } else {
        code
    }
}

pub(super) fn print(text: &str) -> i32 {
    match std::io::stdout().write_all(text.as_bytes()) {
        Ok(()) => EXIT_OK,
        Err(e) => fail(&format!("cannot write the answer: {e}")),
    }
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

/// The size options of `render`, as given.
#[derive(Debug, Clone, PartialEq)]
pub struct PictureSize {
    /// Pixels per hex radius.
    pub scale: f64,
    /// Millimetres across a hex's flats, for a print at tile scale.
    pub print_mm: Option<f64>,
    /// Dots per inch of a printed PNG.
    pub dpi: f64,
}

impl PictureSize {
    /// The drawing size and the PNG zoom, or what is wrong with the options.
    pub(super) fn check(&self) -> Result<(megahex::report::svg::Size, f64), String> {
        use megahex::report::svg::Size;
        match self.print_mm {
            None => {
                if !(self.scale.is_finite() && (4.0..=400.0).contains(&self.scale)) {
                    return Err("--scale must be between 4 and 400 pixels per hex".into());
                }
                Ok((Size::Pixels(self.scale), 1.0))
            }
            Some(mm) => {
                if !(mm.is_finite() && (5.0..=200.0).contains(&mm)) {
                    return Err("--print-mm must be between 5 and 200 millimetres".into());
                }
                if !(self.dpi.is_finite() && (36.0..=1200.0).contains(&self.dpi)) {
                    return Err("--dpi must be between 36 and 1200".into());
                }
                // SVG millimetres are 96 / 25.4 CSS pixels; the PNG wants `dpi` per 25.4 mm.
                Ok((Size::Print { hex_flats_mm: mm }, self.dpi / 96.0))
            }
        }
    }
}
