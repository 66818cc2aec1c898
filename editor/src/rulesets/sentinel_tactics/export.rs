//! Exporting the map as a picture: SVG or PNG, at screen scale or at tile scale for printing.
//! The drawing is the library's, the same one `megahex render` makes, with the overlay that is
//! on in the editor.

use super::bench::MapBench;
use crate::rulesets::sentinel_tactics::held::MapDocument;
use std::path::{Path, PathBuf};

use megahex::board::Axial;
use megahex::board::movement::MoveAction;
use megahex::report::decor::Decorations;
use megahex::report::png;
use megahex::report::svg::{self, Overlay, Size};
use megahex::scene::Scene;

use crate::page::Download;
use crate::rulesets::sentinel_tactics::overlay::Tint;
use crate::storage;
use crate::workbench::StatusKind;

/// The export dialog's own state: the choices, kept between exports, and the export being
/// written on its worker thread.
#[derive(Default)]
pub struct ExportPanel {
    /// The dialog's choices, once it has been opened.
    pub settings: Option<ExportSettings>,
    /// The dialog is showing.
    pub open: bool,
    /// An export being written: its outcome when done.
    pub job: Option<std::sync::mpsc::Receiver<Result<Exported, String>>>,
    /// The hex size of an export at tile scale just started, for the preferences.
    measured: Option<f64>,
    /// The document (path, name) the settings' file path was made for.
    made_for: Option<(Option<PathBuf>, String)>,
}

/// A hex's width across its flats on a printout, until the designer measures their own tiles.
/// Not a figure from the rulebook: the dialog asks for the real one.
pub const DEFAULT_PRINT_MM: f64 = 40.0;

/// The picture formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum PictureFormat {
    /// Scalable, for documents and the web.
    Svg,
    /// Pixels, for chat, slides and printing at a chosen resolution.
    Png,
    /// The one-page setup sheet, as `megahex sheet` writes it: the map with the tiles, tokens,
    /// teams, objectives and special rules to build the table from.
    SetupSheet,
}

/// A finished export: what the status line says, and the picture for a web page to download.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub struct Exported {
    message: String,
    download: Option<Picture>,
}

/// A picture for a web page to download.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
struct Picture {
    name: String,
    /// As base64 on its way from a page's worker: a third of the text a list of numbers
    /// takes, and read in a fraction of the time.
    #[serde(with = "base64_bytes")]
    bytes: Vec<u8>,
    format: PictureFormat,
}

mod base64_bytes {
    use base64::Engine;
    use base64::engine::general_purpose::STANDARD;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(bytes: &[u8], to: S) -> Result<S::Ok, S::Error> {
        to.serialize_str(&STANDARD.encode(bytes))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(from: D) -> Result<Vec<u8>, D::Error> {
        let text = String::deserialize(from)?;
        STANDARD.decode(text).map_err(serde::de::Error::custom)
    }
}

impl PictureFormat {
    /// The media type, for a download.
    fn mime(self) -> &'static str {
        match self {
            PictureFormat::Svg => "image/svg+xml",
            PictureFormat::Png => "image/png",
            PictureFormat::SetupSheet => "application/pdf",
        }
    }

    fn extension(self) -> &'static str {
        match self {
            PictureFormat::Svg => "svg",
            PictureFormat::Png => "png",
            PictureFormat::SetupSheet => "pdf",
        }
    }

    fn label(self) -> &'static str {
        match self {
            PictureFormat::Svg => "SVG",
            PictureFormat::Png => "PNG",
            PictureFormat::SetupSheet => "Setup sheet (PDF)",
        }
    }
}

/// The export dialog's choices, kept between exports.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ExportSettings {
    /// The file to write, as typed.
    pub path: String,
    /// SVG or PNG.
    pub format: PictureFormat,
    /// Print at tile scale instead of screen scale.
    pub print: bool,
    /// Screen scale: pixels per hex radius.
    pub scale: f64,
    /// Tile scale: millimetres across one hex's flats.
    pub print_mm: f64,
    /// Tile scale, PNG: dots per inch.
    pub dpi: f64,
    /// Draw the overlay that is on (sight, reach or range from the selection).
    pub with_overlay: bool,
}

impl ExportSettings {
    /// Defaults for a document: a PNG next to the scenario file, named after it, at the
    /// printed tiles' scale (what a designer prints to lay beside the table).
    pub fn for_document(path: Option<&Path>, name: &str) -> ExportSettings {
        let stem = Path::new(name)
            .file_stem()
            .map_or_else(|| "map".to_owned(), |s| s.to_string_lossy().into_owned());
        let target = match path.and_then(Path::parent) {
            Some(dir) => dir.join(format!("{stem}.png")),
            None => PathBuf::from(format!("{stem}.png")),
        };
        ExportSettings {
            path: target.display().to_string(),
            format: PictureFormat::Png,
            print: true,
            scale: svg::DEFAULT_SCALE,
            print_mm: DEFAULT_PRINT_MM,
            dpi: 300.0,
            with_overlay: true,
        }
    }

    /// Switches format, changing the file name's ending to match.
    pub fn set_format(&mut self, format: PictureFormat) {
        self.format = format;
        let path = PathBuf::from(self.path.trim()).with_extension(format.extension());
        self.path = path.display().to_string();
    }

    /// The drawing size and the PNG zoom, or what is wrong with the numbers.
    fn size(&self) -> Result<(Size, f64), String> {
        if self.print {
            if !(self.print_mm.is_finite() && (5.0..=200.0).contains(&self.print_mm)) {
                return Err("the hex width must be between 5 and 200 mm".into());
            }
            if !(self.dpi.is_finite() && (36.0..=1200.0).contains(&self.dpi)) {
                return Err("the resolution must be between 36 and 1200 dpi".into());
            }
            // SVG millimetres are 96 / 25.4 CSS pixels; a PNG wants `dpi` per 25.4 mm.
            Ok((
                Size::Print {
                    hex_flats_mm: self.print_mm,
                },
                self.dpi / 96.0,
            ))
        } else if self.scale.is_finite() && (4.0..=400.0).contains(&self.scale) {
            Ok((Size::Pixels(self.scale), 1.0))
        } else {
            Err("the scale must be between 4 and 400 pixels per hex".into())
        }
    }
}

/// The overlay a picture will carry, as plain data the export's worker thread can draw.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
enum OverlayPlan {
    None,
    Sight(Vec<Axial>),
    Reach(Vec<Axial>, Option<String>, MoveAction),
    Range(Vec<Axial>),
}

impl OverlayPlan {
    /// The overlay, drawn from the scene.
    fn draw(self, scene: &Scene) -> Overlay {
        match self {
            OverlayPlan::None => Overlay::None,
            OverlayPlan::Sight(hexes) => Overlay::sight_from(scene, hexes),
            OverlayPlan::Reach(hexes, token, action) => {
                let token = token.as_deref().and_then(|id| scene.token(id));
                Overlay::reach_of(scene, hexes, token, action)
            }
            OverlayPlan::Range(hexes) => Overlay::range_from(scene, hexes),
        }
    }
}

/// The picture's bytes: the drawing as SVG, or rasterised to PNG; or the setup sheet, on A4
/// or (at tile scale) with the map at the size of the tiles.
pub fn picture(
    scenario: &megahex_schema::rulesets::sentinel_tactics::Scenario,
    scene: &Scene,
    decor: &Decorations,
    overlay: &Overlay,
    settings: &ExportSettings,
) -> Result<Vec<u8>, String> {
    let (size, zoom) = settings.size()?;
    if settings.format == PictureFormat::SetupSheet {
        use megahex::rulesets::sentinel_tactics::sheet::{self, Paper, SheetSize};
        let pdf = match size {
            // The sheet on A4, then the map at tile scale over as many A4 pages as it needs.
            Size::Print { hex_flats_mm } => {
                sheet::poster_pdf(scenario, scene, hex_flats_mm, Paper::A4)
            }
            Size::Pixels(_) => {
                sheet::pdf::to_pdf(&sheet::layout(scenario, scene, SheetSize::Paper(Paper::A4)))
            }
        };
        return pdf.map_err(|e| e.to_string());
    }
    let drawing = svg::render_sized(&scene.board, &scene.tokens, overlay, decor, size);
    match settings.format {
        PictureFormat::Png => png::from_svg(&drawing, zoom).map_err(|e| e.to_string()),
        _ => Ok(drawing.into_bytes()),
    }
}

/// One export, as plain data: drawn and written on a thread (or in a web page's worker), as
/// the overlay's line-of-sight and movement questions and the rasterising take a while.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub struct ExportPicture {
    scenario: megahex_schema::rulesets::sentinel_tactics::Scenario,
    catalog: megahex_schema::Catalog,
    plan: OverlayPlan,
    layers: crate::workbench::MapLayers,
    settings: ExportSettings,
    target: PathBuf,
    to_page: bool,
}

impl crate::background::Job for ExportPicture {
    type Answer = Result<Exported, String>;
    const GAME: megahex_schema::Ruleset = megahex_schema::Ruleset::SentinelTactics;
    const NAME: &'static str = "export-picture";

    fn run(self) -> Result<Exported, String> {
        let ExportPicture {
            scenario,
            catalog,
            plan,
            layers,
            settings,
            target,
            to_page,
        } = self;
        let scene = Scene::new(&scenario, &catalog);
        let decor = layers.filter(megahex::rulesets::sentinel_tactics::decor::decorations(
            &scenario,
            &scene.board,
        ));
        let overlay = plan.draw(&scene);
        let with = if matches!(overlay, Overlay::None) {
            ""
        } else {
            " with the overlay"
        };
        let name = crate::document::file_name(&target);
        let outcome = match picture(&scenario, &scene, &decor, &overlay, &settings) {
            Ok(bytes) if to_page => Ok(Exported {
                message: format!("Exported the map{with}: downloaded {name}"),
                download: Some(Picture {
                    format: settings.format,
                    name,
                    bytes,
                }),
            }),
            Ok(bytes) => match storage::save_atomic(&target, &bytes) {
                Ok(()) => Ok(Exported {
                    message: format!("Exported the map{with} to {}", target.display()),
                    download: None,
                }),
                Err(e) => Err(e.to_string()),
            },
            Err(reason) => Err(reason),
        };
        outcome.map_err(|reason| format!("Could not export to {}: {reason}", target.display()))
    }
}

/// Runs the map's job named `name` (a web page's worker asks), given and answered as JSON.
pub fn run_job(name: &str, input: serde_json::Value) -> Result<serde_json::Value, String> {
    use crate::background::Job;
    match name {
        n if n == ExportPicture::NAME => crate::background::run_json::<ExportPicture>(input),
        _ => Err(format!("the map editor has no job named `{name}`")),
    }
}

impl ExportPanel {
    /// Opens the export dialog, with the last choices or defaults for this document.
    /// `measured_mm` is the hex size the designer entered in an earlier session, if any.
    pub(crate) fn open_export(&mut self, wb: &mut MapBench<'_>, measured_mm: Option<f64>) {
        if wb.doc.scenario().is_none() {
            wb.refuse("Fix the file so it can be read before exporting a picture of it");
            return;
        }
        let document = (wb.doc.path.clone(), wb.doc.name.clone());
        let fresh = ExportSettings::for_document(wb.doc.path.as_deref(), &wb.doc.name);
        match &mut self.settings {
            // Another document: the designer's choices stay, the file is named after this one.
            Some(settings) if self.made_for.as_ref() != Some(&document) => {
                settings.path = fresh.path;
                let format = settings.format;
                settings.set_format(format);
            }
            Some(_) => {}
            None => {
                let mut settings = fresh;
                if let Some(mm) = measured_mm {
                    settings.print_mm = mm;
                }
                self.settings = Some(settings);
            }
        }
        self.made_for = Some(document);
        self.open = true;
    }

    /// The hex size of the last export at tile scale, taken once so the shell can keep it for
    /// the next session.
    pub fn take_measured(&mut self) -> Option<f64> {
        self.measured.take()
    }

    /// What the picture's overlay is drawn from: the tint that is on (sight or reach), else
    /// range numbers if on. Area templates have no picture form yet and are left out.
    fn picture_overlay(&self, wb: &MapBench<'_>) -> OverlayPlan {
        let Some(source) = crate::rulesets::sentinel_tactics::overlay_view::overlay_source(wb)
        else {
            return OverlayPlan::None;
        };
        match wb.map.overlays.tint {
            Tint::Sight => OverlayPlan::Sight(source.hexes),
            Tint::Reach => OverlayPlan::Reach(source.hexes, source.token, wb.map.overlays.action()),
            Tint::Area | Tint::None if wb.map.overlays.range => OverlayPlan::Range(source.hexes),
            Tint::Area | Tint::None => OverlayPlan::None,
        }
    }

    /// Starts writing the picture on a worker thread (drawing an overlay means line-of-sight
    /// and movement questions, which the UI thread does not answer); [`Self::poll_export`]
    /// reports the outcome in the status line. Never touches the scenario. False if it could not
    /// start.
    pub(crate) fn start_export(
        &mut self,
        wb: &mut MapBench<'_>,
        settings: &ExportSettings,
    ) -> bool {
        let Some(scenario) = wb.doc.scenario().cloned() else {
            wb.refuse("Fix the file so it can be read before exporting a picture of it");
            return false;
        };
        if let Err(reason) = settings.size() {
            wb.say(StatusKind::Failed, format!("Could not export: {reason}"));
            return false;
        }
        let plan = if settings.with_overlay {
            self.picture_overlay(wb)
        } else {
            OverlayPlan::None
        };
        let job = ExportPicture {
            scenario,
            catalog: wb.doc.catalog.clone(),
            plan,
            // The marks the map shows now go into the picture too.
            layers: wb.layers,
            settings: settings.clone(),
            target: crate::storage::input_path(&settings.path),
            // A web page has no folders: the picture becomes its download instead.
            to_page: wb.page.is_some(),
        };
        self.job = Some(crate::background::offload(job));
        wb.say(StatusKind::Done, "Exporting the map…".to_owned());
        true
    }

    /// The outcome of an export that has finished, into the status line. True when one
    /// finished and succeeded.
    pub(crate) fn poll_export(&mut self, wb: &mut MapBench<'_>) -> Option<bool> {
        let outcome = self.job.as_ref()?.try_recv().ok()?;
        self.job = None;
        Some(Self::report_export(wb, outcome))
    }

    fn report_export(wb: &mut MapBench<'_>, outcome: Result<Exported, String>) -> bool {
        match outcome {
            Ok(exported) => {
                if let (Some(picture), Some(page)) = (exported.download, &mut wb.page) {
                    page.downloads.push(Download {
                        mime: picture.format.mime(),
                        name: picture.name,
                        bytes: picture.bytes,
                    });
                }
                wb.say(StatusKind::Done, exported.message);
                true
            }
            Err(text) => {
                wb.say(StatusKind::Failed, text);
                false
            }
        }
    }

    /// Exports and waits for the outcome (headless use: scripts and tests).
    pub fn export_to(&mut self, wb: &mut MapBench<'_>, settings: &ExportSettings) -> bool {
        if !self.start_export(wb, settings) {
            return false;
        }
        let Some(job) = self.job.take() else {
            return false;
        };
        match job.recv_timeout(std::time::Duration::from_secs(60)) {
            Ok(outcome) => Self::report_export(wb, outcome),
            Err(_) => false,
        }
    }

    /// The export dialog, while it is open.
    pub(crate) fn export_window(&mut self, wb: &mut MapBench<'_>, ctx: &egui::Context) {
        if !self.open {
            return;
        }
        let Some(mut settings) = self.settings.clone() else {
            self.open = false;
            return;
        };
        let (mut export, mut cancel) = (false, false);
        egui::Window::new("Export picture")
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui| {
                ui.horizontal(|ui| {
                    ui.label("File:");
                    ui.add(egui::TextEdit::singleline(&mut settings.path).desired_width(320.0));
                });
                ui.horizontal(|ui| {
                    ui.label("Format:");
                    for format in [
                        PictureFormat::Png,
                        PictureFormat::Svg,
                        PictureFormat::SetupSheet,
                    ] {
                        if ui.radio(settings.format == format, format.label()).clicked() {
                            settings.set_format(format);
                        }
                    }
                });
                let sheet = settings.format == PictureFormat::SetupSheet;
                let (fitted, scaled) = if sheet {
                    ("The map fitted to an A4 page", "The map at tile scale (the page grows)")
                } else {
                    ("Screen scale", "Print at tile scale")
                };
                ui.radio_value(&mut settings.print, false, fitted);
                ui.add_enabled_ui(!settings.print && !sheet, |ui| {
                    ui.add(
                        egui::Slider::new(&mut settings.scale, 4.0..=400.0)
                            .logarithmic(true)
                            .text("pixels per hex (centre to corner)"),
                    );
                });
                ui.radio_value(&mut settings.print, true, scaled);
                ui.add_enabled_ui(settings.print, |ui| {
                    ui.add(
                        egui::DragValue::new(&mut settings.print_mm)
                            .range(5.0..=200.0)
                            .speed(0.1)
                            .suffix(" mm across a hex's flats"),
                    )
                    .on_hover_text(
                        "Measure one hex on your tiles, from one flat side to the opposite one, so the printout matches them",
                    );
                    ui.add_enabled(
                        settings.format == PictureFormat::Png,
                        egui::DragValue::new(&mut settings.dpi)
                            .range(36.0..=1200.0)
                            .suffix(" dpi"),
                    );
                });
                ui.checkbox(
                    &mut settings.with_overlay,
                    "Include the overlay that is on (sight, reach or range)",
                );
                ui.horizontal(|ui| {
                    export = ui.button("Export").clicked();
                    cancel = ui.button("Cancel").clicked();
                });
            });
        if export && self.start_export(wb, &settings) {
            self.open = false;
            if settings.print {
                self.measured = Some(settings.print_mm);
            }
        }
        if cancel || ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
            self.open = false;
        }
        self.settings = Some(settings);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::EditorApp;
    use crate::document::Document;
    use crate::rulesets::sentinel_tactics::editor::tests::parts;
    use crate::rulesets::sentinel_tactics::held::MapDocument;

    /// A web page's export goes to its job worker and comes back as the same download a
    /// thread makes: the same picture, byte for byte.
    #[test]
    fn an_export_in_a_web_pages_worker_downloads_the_picture_a_thread_makes() {
        use crate::background::{Job, job_answered, offload, use_job_worker};
        let doc = Document::sample();
        let Some(megahex_schema::AnyScenario::SentinelTactics(scenario)) = doc.current() else {
            panic!("the sample is a map");
        };
        let job = || ExportPicture {
            scenario: (*scenario).clone(),
            catalog: doc.catalog.clone(),
            plan: OverlayPlan::Sight(vec![[0, 0]]),
            layers: crate::workbench::MapLayers::default(),
            settings: ExportSettings {
                format: PictureFormat::Png,
                print: false,
                scale: 12.0,
                ..ExportSettings::for_document(None, "sample.yaml")
            },
            target: PathBuf::from("sample.png"),
            to_page: true,
        };
        let here = job().run().expect("drawn");
        let posted = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
        let inbox = std::rc::Rc::clone(&posted);
        use_job_worker(move |message| {
            inbox.borrow_mut().push(message);
            Ok(())
        });
        let answer = offload(job());
        let message = posted.borrow_mut().remove(0);
        job_answered(
            &crate::background::answer_posted(&message, crate::rulesets::run_job).unwrap(),
        );
        let there = answer.try_recv().expect("answered").expect("drawn");
        assert_eq!(there.message, here.message);
        let (there, here) = (there.download.unwrap(), here.download.unwrap());
        assert_eq!(
            (there.name.as_str(), there.format),
            ("sample.png", PictureFormat::Png)
        );
        assert!(here.bytes.starts_with(b"\x89PNG"));
        assert_eq!(there.bytes, here.bytes);
    }

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "megahex-editor-export-{name}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// An editor on a copy of the one-tile query fixture (tile M1 at the origin).
    fn one_tile_app(name: &str) -> (EditorApp, PathBuf) {
        let dir = scratch(name);
        let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/fixtures/queries/one-city-tile.yaml");
        let file = dir.join("one.yaml");
        std::fs::copy(fixture, &file).unwrap();
        let app = EditorApp::with_recovery_dir(Document::open(&file), dir.join("recovery"));
        (app, dir)
    }

    fn png_size(bytes: &[u8]) -> (u32, u32) {
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        let word = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
        (word(16), word(20))
    }

    /// A file opened after an export is exported under its own name, not the previous
    /// file's; the designer's choices (here SVG) stay.
    #[test]
    fn after_another_file_is_opened_the_export_is_named_after_it() {
        let (mut app, dir) = one_tile_app("rename");
        let mut p = parts(&mut app);
        p.export.open_export(&mut p.wb, None);
        let p = parts(&mut app);
        let first = p.export.settings.clone().unwrap();
        assert_eq!(PathBuf::from(&first.path), dir.join("one.png"));
        let p = parts(&mut app);
        p.export
            .settings
            .as_mut()
            .unwrap()
            .set_format(PictureFormat::Svg);
        let other = dir.join("two.yaml");
        std::fs::copy(dir.join("one.yaml"), &other).unwrap();
        app.wb.doc = Document::open(&other);
        let mut p = parts(&mut app);
        p.export.open_export(&mut p.wb, None);
        let p = parts(&mut app);
        let second = p.export.settings.clone().unwrap();
        assert_eq!(PathBuf::from(&second.path), dir.join("two.svg"));
        assert_eq!(second.format, PictureFormat::Svg);
        // The same file again keeps what was typed.
        let p = parts(&mut app);
        p.export.settings.as_mut().unwrap().path = dir.join("mine.svg").display().to_string();
        let mut p = parts(&mut app);
        p.export.open_export(&mut p.wb, None);
        let p = parts(&mut app);
        let third = p.export.settings.clone().unwrap();
        assert_eq!(PathBuf::from(&third.path), dir.join("mine.svg"));
    }

    #[test]
    fn a_print_at_tile_scale_has_the_measured_hex_size() {
        let (mut app, dir) = one_tile_app("print");
        let mut settings =
            ExportSettings::for_document(app.wb.doc.path.as_deref(), &app.wb.doc.name);
        // The default file sits next to the scenario and is named after it.
        assert_eq!(PathBuf::from(&settings.path), dir.join("one.png"));
        settings.print = true;
        // 34.641016 mm across the flats is 20 mm per radius (flats = sqrt(3) radii). One tile is
        // 9 radii wide with the margins (centres at x = 1.5 q for q in -2..=2, one radius of hex
        // each side, half a radius of margin each side): 180 mm, 900 pixels at 127 dpi.
        settings.print_mm = 34.641016;
        settings.dpi = 127.0;
        let mut p = parts(&mut app);
        assert!(p.export.export_to(&mut p.wb, &settings));
        assert_eq!(
            png_size(&std::fs::read(dir.join("one.png")).unwrap()).0,
            900
        );
        settings.set_format(PictureFormat::Svg);
        assert_eq!(PathBuf::from(&settings.path), dir.join("one.svg"));
        let mut p = parts(&mut app);
        assert!(p.export.export_to(&mut p.wb, &settings));
        let svg = std::fs::read_to_string(dir.join("one.svg")).unwrap();
        assert!(svg.contains(r#"width="180.00mm""#), "{}", &svg[..160]);
        // Exporting is not an edit.
        assert!(!app.wb.doc.is_dirty());
    }

    #[test]
    fn the_setup_sheet_is_exported_as_a_one_page_pdf_naming_the_tiles() {
        let (mut app, dir) = one_tile_app("sheet");
        let mut settings =
            ExportSettings::for_document(app.wb.doc.path.as_deref(), &app.wb.doc.name);
        settings.set_format(PictureFormat::SetupSheet);
        settings.print = false;
        assert!(settings.path.ends_with(".pdf"), "{}", settings.path);
        let mut p = parts(&mut app);
        assert!(p.export.export_to(&mut p.wb, &settings));
        let pdf = std::fs::read(dir.join("one.pdf")).unwrap();
        let text = String::from_utf8_lossy(&pdf);
        assert!(text.starts_with("%PDF-"));
        assert!(text.contains("/Count 1"));
        let tile = app.wb.doc.scenario().unwrap().map.tiles[0].tile;
        assert!(
            text.contains(&format!("(tile {tile},")),
            "the tile is named"
        );
    }

    #[test]
    fn the_overlay_that_is_on_goes_into_the_picture() {
        let (mut app, dir) = one_tile_app("overlay");
        let legacy = app
            .wb
            .doc
            .tokens()
            .iter()
            .find(|t| t.id == "legacy")
            .unwrap()
            .index;
        parts(&mut app).wb.map.selection = Some(
            crate::rulesets::sentinel_tactics::bench::Selection::Token(legacy),
        );
        parts(&mut app).wb.map.overlays.toggle(Tint::Sight);
        let mut settings =
            ExportSettings::for_document(app.wb.doc.path.as_deref(), &app.wb.doc.name);
        settings.set_format(PictureFormat::Svg);
        let mut p = parts(&mut app);
        assert!(p.export.export_to(&mut p.wb, &settings));
        let with = std::fs::read_to_string(dir.join("one.svg")).unwrap();
        assert!(
            with.contains("Line of sight"),
            "the legend names the overlay"
        );
        settings.with_overlay = false;
        let mut p = parts(&mut app);
        assert!(p.export.export_to(&mut p.wb, &settings));
        let without = std::fs::read_to_string(dir.join("one.svg")).unwrap();
        assert!(!without.contains("Line of sight"));
    }

    #[test]
    fn a_failed_export_says_why_and_keeps_the_work() {
        let (mut app, dir) = one_tile_app("fail");
        let mut settings =
            ExportSettings::for_document(app.wb.doc.path.as_deref(), &app.wb.doc.name);
        settings.path = dir.join("no-such-folder/map.png").display().to_string();
        let mut p = parts(&mut app);
        assert!(!p.export.export_to(&mut p.wb, &settings));
        let status = app.wb.status.clone().unwrap();
        assert_eq!(status.kind, StatusKind::Failed);
        assert!(status.text.contains("no-such-folder"), "{}", status.text);
        settings.path = dir.join("map.png").display().to_string();
        settings.print = false;
        settings.scale = 1000.0;
        let mut p = parts(&mut app);
        assert!(!p.export.export_to(&mut p.wb, &settings));
        assert!(
            app.wb
                .status
                .clone()
                .unwrap()
                .text
                .contains("between 4 and 400")
        );
        assert!(!dir.join("map.png").exists());
    }
}
