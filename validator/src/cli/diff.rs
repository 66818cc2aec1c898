//! `megahex diff`: what changed between two versions of a scenario, and what it does to the
//! game. Two files, a file and its version at a git revision, or the seven arguments git gives
//! an external diff driver.

use std::path::{Path, PathBuf};
use std::process::Command;

use clap::{Args, ValueEnum};
use megahex::report;
use megahex::{CatalogFile, Checker, ReadError};
use megahex_schema::{AnyScenario, Catalog};

use super::load::{Errors, check};
use super::output::{EXIT_FINDINGS, EXIT_OK, fail};
use super::output::{PictureSize, print, write_picture};

/// Which versions to compare, and how to show the changes.
#[derive(Debug, Args)]
pub struct DiffArgs {
    /// OLD NEW: two scenario files. With --git: the one file. With --git-driver: the seven
    /// arguments git passes (PATH OLD-FILE OLD-HEX OLD-MODE NEW-FILE NEW-HEX NEW-MODE).
    #[arg(value_name = "FILE", num_args = 1..=7, required = true)]
    files: Vec<PathBuf>,
    /// Compare FILE as it is now with FILE at this git revision (a commit, branch or tag).
    #[arg(long, value_name = "REV")]
    git: Option<String>,
    /// Run as git's external diff driver (see docs/ci.md, "A git diff driver").
    #[arg(long, conflicts_with = "git")]
    git_driver: bool,
    /// How to show the changes.
    #[arg(long, value_enum, default_value_t = DiffFormat::Human)]
    format: DiffFormat,
    /// Write to this file instead of standard output (needed for png).
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Pixels per hex radius, for svg and png.
    #[arg(long, default_value_t = megahex::report::svg::DEFAULT_SCALE)]
    scale: f64,
}

/// The forms of the report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum DiffFormat {
    /// Readable text.
    Human,
    /// One JSON document (see docs/cli.md).
    Json,
    /// Markdown, for a pull request comment.
    Markdown,
    /// The new map with the changes marked, as SVG.
    Svg,
    /// The same picture as PNG (needs --output).
    Png,
}

/// One version to compare: a name for the report, its bytes, and where its catalog file is read.
struct Version {
    label: String,
    bytes: Vec<u8>,
    catalogs: CatalogSource,
}

/// Where a version's `catalog:` file comes from.
enum CatalogSource {
    /// The folder on disk.
    Folder(PathBuf),
    /// The same folder at a git revision.
    Git { folder: PathBuf, rev: String },
}

impl CatalogSource {
    fn read(&self, relative: &str, max_bytes: usize) -> Result<CatalogFile, ReadError> {
        match self {
            CatalogSource::Folder(base) => CatalogFile::read(base, relative, max_bytes),
            CatalogSource::Git { folder, rev } => {
                let text = git_show(folder, rev, relative)?;
                if text.len() > max_bytes {
                    return Err(format!("{relative} at {rev} is over {max_bytes} bytes").into());
                }
                Ok(CatalogFile {
                    path: format!("{rev}:{relative}"),
                    text: String::from_utf8_lossy(&text).into_owned(),
                })
            }
        }
    }
}

/// Runs the comparison and writes the report.
pub fn run(args: &DiffArgs, catalog: &Catalog) -> i32 {
    let versions = match versions(args) {
        Ok(Some(versions)) => versions,
        Ok(None) => return EXIT_OK,
        Err(code) => return code,
    };
    let [old, new] = versions;
    let checker = match Checker::new(catalog.clone()) {
        Ok(checker) => checker.without_play(),
        Err(e) => return fail(e),
    };
    let (old_scenario, old_catalog) = match load(&checker, &old) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let (new_scenario, new_catalog) = match load(&checker, &new) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let diff = megahex::rulesets::diff(&old_scenario, &old_catalog, &new_scenario, &new_catalog);
    let (old_label, new_label) = (old.label.as_str(), new.label.as_str());
    let text = match args.format {
        DiffFormat::Human => report::diff::human(old_label, new_label, &diff),
        DiffFormat::Json => report::diff::json(old_label, new_label, &diff),
        DiffFormat::Markdown => report::diff::markdown(old_label, new_label, &diff),
        DiffFormat::Svg | DiffFormat::Png => {
            return picture(args, &new_scenario, &new_catalog, diff);
        }
    };
    match &args.output {
        None => print(&text),
        Some(path) => match std::fs::write(path, text) {
            Ok(()) => EXIT_OK,
            Err(e) => fail(format!("cannot write {}: {e}", path.display())),
        },
    }
}

/// The new map with the changes marked.
fn picture(
    args: &DiffArgs,
    scenario: &AnyScenario,
    catalog: &Catalog,
    diff: megahex::diff::ScenarioDiff,
) -> i32 {
    let size = PictureSize {
        scale: args.scale,
        print_mm: None,
        dpi: 96.0,
    };
    let svg = match super::rulesets::diff_picture(scenario, catalog, diff, &size) {
        Ok(svg) => svg,
        Err(code) => return code,
    };
    let png = args.format == DiffFormat::Png;
    match &args.output {
        Some(path) => write_picture(svg, path, png, 1.0),
        None if png => fail("--format png needs --output FILE.png"),
        None => print(&svg),
    }
}

/// The two versions the arguments name; `None` when git asks about a file added or deleted,
/// which is said in a line and needs no comparison.
fn versions(args: &DiffArgs) -> Result<Option<[Version; 2]>, i32> {
    let files = &args.files;
    if args.git_driver {
        let [path, old_file, _, _, new_file, _, _] = files.as_slice() else {
            return Err(fail(
                "--git-driver takes the seven arguments git passes an external diff command",
            ));
        };
        let folder = folder_of(path);
        let null = Path::new("/dev/null");
        if old_file == null || new_file == null {
            let what = if old_file == null { "new" } else { "deleted" };
            let code = print(&format!("{}: {what} scenario file\n", path.display()));
            return if code == EXIT_OK { Ok(None) } else { Err(code) };
        }
        let label = path.display().to_string();
        return Ok(Some([
            Version {
                label: format!("a/{label}"),
                bytes: read(old_file)?,
                catalogs: CatalogSource::Folder(folder.clone()),
            },
            Version {
                label: format!("b/{label}"),
                bytes: read(new_file)?,
                catalogs: CatalogSource::Folder(folder),
            },
        ]));
    }
    if let Some(rev) = &args.git {
        let [file] = files.as_slice() else {
            return Err(fail("--git REV compares one FILE with its version at REV"));
        };
        let folder = folder_of(file);
        let name = file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let old_bytes = git_show(&folder, rev, &name).map_err(|e| fail(&e))?;
        return Ok(Some([
            Version {
                label: format!("{}@{rev}", file.display()),
                bytes: old_bytes,
                catalogs: CatalogSource::Git {
                    folder: folder.clone(),
                    rev: rev.clone(),
                },
            },
            Version {
                label: file.display().to_string(),
                bytes: read(file)?,
                catalogs: CatalogSource::Folder(folder),
            },
        ]));
    }
    let [old, new] = files.as_slice() else {
        return Err(fail(
            "diff compares two files: megahex diff OLD NEW (or one with --git REV FILE)",
        ));
    };
    let version = |path: &PathBuf| -> Result<Version, i32> {
        Ok(Version {
            label: path.display().to_string(),
            bytes: read(path)?,
            catalogs: CatalogSource::Folder(folder_of(path)),
        })
    };
    Ok(Some([version(old)?, version(new)?]))
}

fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

fn read(path: &Path) -> Result<Vec<u8>, i32> {
    std::fs::read(path).map_err(|e| fail(format!("cannot read {}: {e}", path.display())))
}

/// A file's bytes at a revision, from the repository that holds `folder`.
fn git_show(folder: &Path, rev: &str, relative: &str) -> Result<Vec<u8>, String> {
    let output = Command::new("git")
        .arg("-C")
        .arg(folder)
        .arg("show")
        .arg(format!("{rev}:./{relative}"))
        .output()
        .map_err(|e| format!("cannot run git: {e}"))?;
    if !output.status.success() {
        let why = String::from_utf8_lossy(&output.stderr);
        return Err(format!(
            "git cannot show {relative} at {rev}: {}",
            why.trim()
        ));
    }
    Ok(output.stdout)
}

/// Reads a version without the checks that play the rules. Its errors are shown as notes on
/// standard error: the comparison goes on with what was read, since an old version with an
/// error is still worth comparing with the fix. 1 when the file is not a scenario at all.
fn load(checker: &Checker, version: &Version) -> Result<(AnyScenario, Catalog), i32> {
    let read_catalog = |relative: &str| version.catalogs.read(relative, checker.max_file_bytes());
    let loaded = check(
        checker,
        &version.label,
        &version.bytes,
        &read_catalog,
        Errors::Print,
    );
    let Some(scenario) = loaded.scenario else {
        eprintln!(
            "megahex: {} is not a scenario that can be compared",
            version.label
        );
        return Err(EXIT_FINDINGS);
    };
    Ok((scenario, loaded.catalog))
}
