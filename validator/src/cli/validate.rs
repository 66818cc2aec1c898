//! `megahex validate`: which inputs to check (files, directories, globs, standard input, minus
//! the excluded ones), checking them in parallel, per-code severity overrides (`--allow`,
//! `--warn`, `--deny` and `megahex.toml`), and printing the report. `megahex watch` reuses all
//! of it ([`CheckArgs`], [`collect_inputs`], [`check_files`], [`render`]), so the two agree on
//! which files are scenarios and on what is reported.

use std::collections::HashSet;
use std::io::{IsTerminal, Read};
use std::path::{Component, Path, PathBuf};

use clap::Args;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use megahex::report::{self, FileResult};
use megahex::severity::{CONFIG_FILE, Level, Overrides, ProjectConfig};
use megahex::{CatalogFile, Checker, Code, Severity};
use megahex_schema::Catalog;
use rayon::prelude::*;

use super::output::{EXIT_FINDINGS, EXIT_OK, Format, fail};

/// The name a scenario read from standard input is reported under.
pub const STDIN_NAME: &str = "<stdin>";

/// The file of exclusion patterns looked for in the current directory and in each directory
/// given on the command line.
pub const IGNORE_FILE: &str = ".megahexignore";

/// `megahex validate`'s arguments.
#[derive(Args)]
pub struct ValidateArgs {
    /// Files, directories (searched for *.yaml and *.yml), glob patterns, or - for standard input.
    #[arg(value_name = "PATH", default_value = ".")]
    paths: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// Fail (exit 1) on warnings too.
    #[arg(long)]
    deny_warnings: bool,
    #[command(flatten)]
    check: CheckArgs,
}

/// The options `validate` and `watch` share: which files a directory search skips, how findings
/// are judged, and how files are checked. One definition keeps the two commands' flags alike.
#[derive(Args)]
pub struct CheckArgs {
    /// Also report fairness information: each team's distance and expected turns to its
    /// objectives, who can hit whom on turn 1, and stats the report lacked.
    #[arg(long)]
    fairness: bool,
    /// Skip files and folders matching this glob in directory searches and glob expansion
    /// (repeatable; adds to .megahexignore).
    #[arg(long, value_name = "PATTERN")]
    exclude: Vec<String>,
    /// Do not report this diagnostic code at all (repeatable).
    #[arg(long, value_name = "CODE", value_parser = code_parser(), hide_possible_values = true)]
    allow: Vec<Code>,
    /// Report this diagnostic code as a warning, not an error (repeatable).
    #[arg(long, value_name = "CODE", value_parser = code_parser(), hide_possible_values = true)]
    warn: Vec<Code>,
    /// Report this diagnostic code as an error, even where it is a warning (repeatable).
    #[arg(long, value_name = "CODE", value_parser = code_parser(), hide_possible_values = true)]
    deny: Vec<Code>,
    /// Refuse files larger than this many bytes (scenarios are a few kilobytes).
    #[arg(long, value_name = "BYTES", default_value_t = megahex::check::DEFAULT_MAX_FILE_BYTES)]
    max_file_bytes: usize,
}

/// Diagnostic codes on the command line: an unknown one is a usage error listing the codes
/// (and shells complete them).
fn code_parser() -> impl TypedValueParser<Value = Code> {
    PossibleValuesParser::new(Code::ALL.map(Code::as_str)).try_map(|name| {
        Code::from_name(&name).ok_or_else(|| format!("`{name}` is not a diagnostic code"))
    })
}

impl CheckArgs {
    /// The command line's overrides; a code given to two of the flags is a usage error.
    fn overrides(&self) -> Result<Overrides, String> {
        let mut overrides = Overrides::default();
        let flags = [
            (Level::Allow, &self.allow),
            (Level::Warn, &self.warn),
            (Level::Deny, &self.deny),
        ];
        for (level, codes) in flags {
            for &code in codes {
                match overrides.get(code) {
                    Some(other) if other != level => {
                        return Err(format!(
                            "`{}` is given to both --{} and --{}; pick one",
                            code.as_str(),
                            other.as_str(),
                            level.as_str()
                        ));
                    }
                    _ => overrides.set(code, level),
                }
            }
        }
        Ok(overrides)
    }

    /// The severity overrides of a run over `paths`: `megahex.toml`'s, with the command line's
    /// on top. Read again by `watch` when the file changes.
    pub(super) fn severity_overrides(&self, paths: &[String]) -> Result<Overrides, String> {
        let command_line = self.overrides()?;
        let Some(file) = find_config(paths) else {
            return Ok(command_line);
        };
        let text = std::fs::read_to_string(&file)
            .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        let config =
            ProjectConfig::from_toml(&text).map_err(|e| format!("{}: {e}", file.display()))?;
        Ok(config.severity.overridden_by(&command_line))
    }

    /// The checker for a run: the schema is compiled and the catalog merged once, then shared
    /// by every file (and, in `watch`, by every later check).
    pub(super) fn checker(&self, catalog: Catalog) -> Result<Checker, String> {
        Ok(Checker::new(catalog)
            .map_err(|e| e.to_string())?
            .with_max_file_bytes(self.max_file_bytes)
            .with_fairness(self.fairness))
    }

    /// The `--exclude` patterns.
    pub(super) fn excludes(&self) -> &[String] {
        &self.exclude
    }
}

/// The `megahex.toml` that applies: the one in the first directory given, else the one in the
/// current directory.
fn find_config(paths: &[String]) -> Option<PathBuf> {
    let first_dir = paths
        .iter()
        .map(Path::new)
        .find(|p| p.as_os_str() != "-" && p.is_dir());
    first_dir
        .map(|dir| dir.join(CONFIG_FILE))
        .into_iter()
        .chain([PathBuf::from(CONFIG_FILE)])
        .find(|file| file.is_file())
}

/// Runs `megahex validate` and returns the exit code.
pub fn run(args: &ValidateArgs, catalog: Catalog) -> i32 {
    let overrides = match args.check.severity_overrides(&args.paths) {
        Ok(overrides) => overrides,
        Err(message) => return fail(&message),
    };
    let cwd = std::env::current_dir().ok();
    let (inputs, prefetched) = match collect_and_read(
        &args.paths,
        &args.check.exclude,
        cwd.as_deref(),
        Missing::Fail,
    ) {
        Ok(found) => found,
        Err(message) => return fail(&message),
    };
    if inputs.is_empty() {
        eprintln!(
            "megahex: note: no scenario files found in {}",
            args.paths.join(", ")
        );
    }
    let checker = match args.check.checker(catalog) {
        Ok(checker) => checker,
        Err(message) => return fail(&message),
    };
    let stdin = if inputs.contains(&Input::Stdin) {
        match read_stdin(args.check.max_file_bytes) {
            Ok(stdin) => Some(stdin),
            Err(e) => return fail(format!("cannot read standard input: {e}")),
        }
    } else {
        None
    };
    let checked: Result<Vec<FileResult>, String> =
        check_files(&checker, &overrides, &inputs, stdin.as_ref(), &prefetched)
            .into_iter()
            .map(|checked| checked.map(|c| c.result))
            .collect();
    let results = match checked {
        Ok(results) => results,
        Err(message) => return fail(&message),
    };
    let text = render(args.format, &results, args.deny_warnings);
    if let Err(e) = super::output::write_stdout(text.as_bytes()) {
        return fail(format!("cannot write the report: {e}"));
    }
    let failing =
        |s: Severity| s == Severity::Error || (args.deny_warnings && s == Severity::Warning);
    if results
        .iter()
        .flat_map(|r| &r.diagnostics)
        .any(|d| failing(d.severity))
    {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    }
}

/// One checked input: its findings, and the catalog file it named, which `watch` also watches.
pub(super) struct Checked {
    /// The findings, with the severity overrides applied.
    pub result: FileResult,
    /// The file the scenario's `catalog:` names, relative to the scenario, whether or not it
    /// could be read.
    pub catalog: Option<PathBuf>,
}

/// Checks `inputs` in parallel, one file per core, with `overrides` applied. The results are in
/// the order of `inputs` (rayon's `collect` keeps it), so the output is stable; a file that
/// cannot be read is an `Err` in its place.
pub(super) fn check_files(
    checker: &Checker,
    overrides: &Overrides,
    inputs: &[Input],
    stdin: Option<&StdinText>,
    prefetched: &Prefetched,
) -> Vec<Result<Checked, String>> {
    inputs
        .par_iter()
        .map(|input| {
            check_input(checker, input, stdin, prefetched).map(|checked| Checked {
                result: FileResult {
                    diagnostics: overrides.apply(checked.result.diagnostics),
                    ..checked.result
                },
                ..checked
            })
        })
        .collect()
}

/// The report of `results` in `format`, coloured when it goes to a terminal.
pub(super) fn render(format: Format, results: &[FileResult], deny_warnings: bool) -> String {
    match format {
        Format::Human => {
            // NO_COLOR counts only when set to something (no-color.org).
            let color = std::io::stdout().is_terminal()
                && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
            report::human::render(results, color)
        }
        Format::Json => report::json::render(results),
        Format::Github => report::github::render(results),
        Format::Sarif => report::sarif::render(results),
        Format::Junit => report::junit::render(results, deny_warnings),
    }
}

/// One thing to check.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) enum Input {
    /// `-`: a scenario on standard input.
    Stdin,
    /// A scenario file.
    File(PathBuf),
}

/// Standard input, read once before the parallel checks.
pub(super) enum StdinText {
    /// The bytes, within the size limit.
    Bytes(Vec<u8>),
    /// Over the limit: only its length was counted.
    TooLong(u64),
}

/// Reads standard input, keeping at most `max` bytes in memory: past that it only counts, so
/// the size finding can give the real length.
fn read_stdin(max: usize) -> std::io::Result<StdinText> {
    let limit = u64::try_from(max).unwrap_or(u64::MAX).saturating_add(1);
    let mut taken = std::io::stdin().lock().take(limit);
    let mut bytes = Vec::new();
    taken.read_to_end(&mut bytes)?;
    if bytes.len() <= max {
        return Ok(StdinText::Bytes(bytes));
    }
    let rest = std::io::copy(&mut taken.into_inner(), &mut std::io::sink())?;
    Ok(StdinText::TooLong(bytes.len() as u64 + rest))
}

fn check_input(
    checker: &Checker,
    input: &Input,
    stdin: Option<&StdinText>,
    prefetched: &Prefetched,
) -> Result<Checked, String> {
    let (name, bytes, base) = match input {
        Input::Stdin => {
            let bytes = match stdin {
                Some(StdinText::Bytes(bytes)) => bytes.clone(),
                Some(StdinText::TooLong(len)) => {
                    return Ok(Checked {
                        result: refused(STDIN_NAME.to_owned(), checker, *len),
                        catalog: None,
                    });
                }
                None => Vec::new(),
            };
            // A scenario's own `catalog:` path is relative to the current directory.
            (STDIN_NAME.to_owned(), bytes, PathBuf::from("."))
        }
        Input::File(file) if prefetched.contains_key(file) => {
            let bytes = prefetched.get(file).cloned().unwrap_or_default();
            if checker.refuse_size(bytes.len() as u64).is_some() {
                return Ok(Checked {
                    result: refused(display_path(file), checker, bytes.len() as u64),
                    catalog: None,
                });
            }
            let base = file.parent().map(Path::to_path_buf).unwrap_or_default();
            (display_path(file), bytes, base)
        }
        Input::File(file) => {
            let cannot = |e: std::io::Error| format!("cannot read {}: {e}", file.display());
            let mut opened = std::fs::File::open(file).map_err(cannot)?;
            // A file over the limit is refused from its size alone, without reading it.
            let len = opened.metadata().map(|m| m.len()).ok();
            if let Some(len) = len
                && checker.refuse_size(len).is_some()
            {
                return Ok(Checked {
                    result: refused(display_path(file), checker, len),
                    catalog: None,
                });
            }
            let mut bytes = Vec::with_capacity(len.map_or(0, |l| l as usize + 1));
            opened.read_to_end(&mut bytes).map_err(cannot)?;
            let base = file.parent().map(Path::to_path_buf).unwrap_or_default();
            (display_path(file), bytes, base)
        }
    };
    let catalog = std::cell::RefCell::new(None);
    let read_catalog = |relative: &str| {
        catalog.replace(Some(base.join(relative)));
        CatalogFile::read(&base, relative, checker.max_file_bytes())
    };
    let outcome = checker.check_bytes(&bytes, &read_catalog);
    Ok(Checked {
        result: FileResult::checked(name, &bytes, outcome.diagnostics),
        catalog: catalog.into_inner(),
    })
}

fn refused(path: String, checker: &Checker, len: u64) -> FileResult {
    FileResult {
        path,
        source: String::new(),
        diagnostics: checker
            .refuse_size(len)
            .map(|o| o.diagnostics)
            .unwrap_or_default(),
    }
}

/// Whether a directory search takes this file: `*.yaml` and `*.yml`.
pub(super) fn is_scenario_file(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("yaml" | "yml")
    )
}

/// Whether the file is a tile and roster catalog, which scenarios name with `catalog:` and
/// which may sit beside them: a top-level `tiles:` or `figures:` key and no `ruleset:`. A
/// folder search leaves such files out; named on the command line they are checked as
/// scenarios (and fail loudly). Also the file's whole text when it is a small scenario, so the
/// check need not open it again.
fn read_head(path: &Path) -> (bool, Option<Vec<u8>>) {
    use std::io::Read;
    const HEAD: u64 = 64 * 1024;
    let Ok(file) = std::fs::File::open(path) else {
        return (false, None);
    };
    let len = file.metadata().map(|m| m.len()).unwrap_or(u64::MAX);
    let mut head = Vec::with_capacity(len.min(HEAD) as usize + 1);
    if file.take(HEAD).read_to_end(&mut head).is_err() {
        return (false, None);
    }
    let (catalog_key, ruleset) = top_level_keys(&head);
    let catalog = catalog_key && !ruleset;
    let whole = (!catalog && head.len() as u64 == len).then_some(head);
    (catalog, whole)
}

/// Whether `text` has a top-level `tiles:` or `figures:` line, and a `ruleset:` line (on
/// finding which it stops looking).
pub(super) fn top_level_keys(text: &[u8]) -> (bool, bool) {
    let mut catalog_key = false;
    for line in text.split(|&b| b == b'\n') {
        // Only top-level keys matter, and they start with a letter.
        match line.first() {
            Some(b't') => catalog_key |= line.starts_with(b"tiles:"),
            Some(b'f') => catalog_key |= line.starts_with(b"figures:"),
            Some(b'r') if line.starts_with(b"ruleset:") => return (catalog_key, true),
            _ => {}
        }
    }
    (catalog_key, false)
}

/// Hidden folders (`.git`) and build output (`target`, `node_modules`) are never scenarios.
fn is_skipped_dir(entry: &walkdir::DirEntry) -> bool {
    let name = entry.file_name().to_string_lossy();
    entry.file_type().is_dir()
        && (name.starts_with('.') || name == "target" || name == "node_modules")
}

/// A path as reports show it: as found, without a leading `./`.
pub(super) fn display_path(path: &Path) -> String {
    let text = path.to_string_lossy();
    text.strip_prefix("./").unwrap_or(&text).to_owned()
}

/// What [`collect_inputs`] does with a named path that does not exist or a glob that matches
/// nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Missing {
    /// A usage error (`validate`, and `watch` at its start).
    Fail,
    /// Skipped: `watch` looks again after a change, and a file may be gone for a moment while
    /// an editor saves it.
    Skip,
}

/// The exclusions every search of a run applies: `--exclude` and the current directory's
/// `.megahexignore`.
fn global_rules(excludes: &[String]) -> Result<Ignore, String> {
    let mut global = Ignore::default();
    for pattern in excludes {
        global.add(pattern, Anchor::Either, &format!("--exclude `{pattern}`"))?;
    }
    global.load(Path::new(IGNORE_FILE), Anchor::CurrentDir)?;
    Ok(global)
}

/// The exclusions of a search of `dir`: the run's, plus the directory's own ignore file unless
/// it is the current directory's, already read.
fn dir_rules(global: &Ignore, dir: &Path, cwd_canonical: Option<&Path>) -> Result<Ignore, String> {
    let mut rules = global.clone();
    if dir.canonicalize().ok().as_deref() != cwd_canonical {
        rules.load(&dir.join(IGNORE_FILE), Anchor::WalkRoot)?;
    }
    Ok(rules)
}

/// Everything a search of `dir` visits, `dir` first: skipped and excluded folders are not
/// entered, excluded files not listed.
fn search<'a>(
    dir: &'a Path,
    rules: &'a Ignore,
    cwd: Option<&'a Path>,
) -> impl Iterator<Item = walkdir::DirEntry> + 'a {
    walkdir::WalkDir::new(dir)
        .follow_links(true)
        .into_iter()
        .filter_entry(move |e| {
            e.depth() == 0
                || !(is_skipped_dir(e)
                    || rules.excludes(e.path(), Some(dir), cwd, e.file_type().is_dir()))
        })
        .filter_map(Result::ok)
}

/// The folders a search of `dir` enters (`dir` included), with the same skips and exclusions
/// as [`collect_inputs`]: `watch` watches exactly these. `own_ignore` says whether `dir`'s own
/// `.megahexignore` applies (it does for a directory given on the command line).
pub(super) fn folders_searched(
    dir: &Path,
    excludes: &[String],
    cwd: Option<&Path>,
    own_ignore: bool,
) -> Result<Vec<PathBuf>, String> {
    let global = global_rules(excludes)?;
    let cwd_canonical = cwd.and_then(|c| c.canonicalize().ok());
    let rules = if own_ignore {
        dir_rules(&global, dir, cwd_canonical.as_deref())?
    } else {
        global
    };
    Ok(search(dir, &rules, cwd)
        .filter(|e| e.file_type().is_dir())
        .map(walkdir::DirEntry::into_path)
        .collect())
}

/// Expands the command line's paths into inputs: in the order given, each directory's and each
/// glob's files sorted, a file named twice checked once. Exclusions apply to what directories
/// and globs find, never to a file named on the command line.
pub(super) fn collect_inputs(
    paths: &[String],
    excludes: &[String],
    cwd: Option<&Path>,
    missing: Missing,
) -> Result<Vec<Input>, String> {
    collect_and_read(paths, excludes, cwd, missing).map(|(inputs, _)| inputs)
}

/// Files already read whole while a folder search told scenarios from catalogs, by path.
pub(super) type Prefetched = std::collections::HashMap<PathBuf, Vec<u8>>;

/// At most this many bytes of files are kept from the folder search for the check.
const PREFETCH_BYTES: usize = 256 * 1024 * 1024;

/// [`collect_inputs`], keeping the text of the small files a folder search read.
pub(super) fn collect_and_read(
    paths: &[String],
    excludes: &[String],
    cwd: Option<&Path>,
    missing: Missing,
) -> Result<(Vec<Input>, Prefetched), String> {
    let mut prefetched = Prefetched::new();
    let mut kept = 0;
    let global = global_rules(excludes)?;
    let cwd_canonical = cwd.and_then(|c| c.canonicalize().ok());

    let mut inputs = Vec::new();
    let mut seen = HashSet::new();
    let mut push = |input: Input, inputs: &mut Vec<Input>| {
        if seen.insert(input.clone()) {
            inputs.push(input);
        }
    };
    for raw in paths {
        let path = Path::new(raw);
        if raw == "-" {
            push(Input::Stdin, &mut inputs);
        } else if path.is_dir() {
            let rules = dir_rules(&global, path, cwd_canonical.as_deref())?;
            let candidates: Vec<PathBuf> = search(path, &rules, cwd)
                .filter(|e| e.file_type().is_file() && is_scenario_file(e.path()))
                .map(walkdir::DirEntry::into_path)
                .collect();
            // Telling catalogs apart reads each file's start: on every core, as the checks do.
            let heads: Vec<(PathBuf, bool, Option<Vec<u8>>)> = candidates
                .into_par_iter()
                .map(|p| {
                    let (catalog, whole) = read_head(&p);
                    (p, catalog, whole)
                })
                .collect();
            let mut found = Vec::with_capacity(heads.len());
            for (path, catalog, whole) in heads {
                if catalog {
                    continue;
                }
                if let Some(bytes) = whole
                    && kept + bytes.len() <= PREFETCH_BYTES
                {
                    kept += bytes.len();
                    prefetched.insert(path.clone(), bytes);
                }
                found.push(path);
            }
            found.sort();
            for file in found {
                push(Input::File(file), &mut inputs);
            }
        } else if path.exists() {
            push(Input::File(path.to_path_buf()), &mut inputs);
        } else if raw.contains(['*', '?', '[']) {
            let pattern = glob::glob(raw).map_err(|e| format!("bad glob pattern `{raw}`: {e}"))?;
            let matched: Vec<PathBuf> = pattern
                .filter_map(Result::ok)
                .filter(|p| p.is_file())
                .collect();
            if matched.is_empty() && missing == Missing::Fail {
                return Err(format!("no files match `{raw}`"));
            }
            let mut found: Vec<PathBuf> = matched
                .into_iter()
                .filter(|p| !global.excludes_with_parents(p, cwd))
                .collect();
            found.sort();
            for file in found {
                push(Input::File(file), &mut inputs);
            }
        } else if missing == Missing::Fail {
            return Err(format!("{raw}: no such file or directory"));
        }
    }
    Ok((inputs, prefetched))
}

/// What a path pattern is matched against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Anchor {
    /// The path relative to the current directory (`./.megahexignore`).
    CurrentDir,
    /// The path relative to the directory being searched (its own `.megahexignore`).
    WalkRoot,
    /// Either of the two (`--exclude`).
    Either,
}

/// One exclusion pattern.
#[derive(Debug, Clone)]
struct Rule {
    pattern: glob::Pattern,
    /// No `/` in the pattern: it matches a file or folder name at any depth.
    name_only: bool,
    /// A trailing `/`: it matches folders only.
    dir_only: bool,
    anchor: Anchor,
}

/// Exclusion patterns from `--exclude` and `.megahexignore` files: globs in the `glob` crate's
/// syntax (`*` and `?` stay within one path segment, `**` crosses them), as in `.gitignore`
/// without negation.
#[derive(Debug, Clone, Default)]
struct Ignore {
    rules: Vec<Rule>,
}

const MATCH: glob::MatchOptions = glob::MatchOptions {
    case_sensitive: true,
    require_literal_separator: true,
    require_literal_leading_dot: false,
};

impl Ignore {
    /// Adds one pattern; `origin` names where it came from, for the error message.
    fn add(&mut self, line: &str, anchor: Anchor, origin: &str) -> Result<(), String> {
        let text = line.trim();
        if text.starts_with('!') {
            return Err(format!(
                "{origin}: negated patterns (`!`) are not supported; name the files to check on the command line instead"
            ));
        }
        let dir_only = text.ends_with('/');
        let body = text.trim_end_matches('/');
        let body = body.strip_prefix("./").unwrap_or(body);
        let anchored = body.starts_with('/');
        let body = body.trim_start_matches('/');
        if body.is_empty() {
            return Err(format!("{origin}: empty pattern"));
        }
        let pattern =
            glob::Pattern::new(body).map_err(|e| format!("{origin}: bad pattern `{body}`: {e}"))?;
        self.rules.push(Rule {
            pattern,
            name_only: !anchored && !body.contains('/'),
            dir_only,
            anchor,
        });
        Ok(())
    }

    /// Reads an ignore file if there is one: a glob per line, `#` starts a comment line.
    fn load(&mut self, file: &Path, anchor: Anchor) -> Result<(), String> {
        let text = match std::fs::read_to_string(file) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(format!("cannot read {}: {e}", file.display())),
        };
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            self.add(line, anchor, &format!("{} line {}", file.display(), n + 1))?;
        }
        Ok(())
    }

    /// Whether a path met while searching `root` is excluded.
    fn excludes(&self, path: &Path, root: Option<&Path>, cwd: Option<&Path>, is_dir: bool) -> bool {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let from_root = root
            .and_then(|r| path.strip_prefix(r).ok())
            .and_then(slashed);
        let from_cwd = relative_to(path, cwd);
        self.rules.iter().any(|rule| {
            if rule.dir_only && !is_dir {
                return false;
            }
            if rule.name_only {
                return rule.pattern.matches_with(&name, MATCH);
            }
            let candidates = match rule.anchor {
                Anchor::CurrentDir => [from_cwd.as_deref(), None],
                Anchor::WalkRoot => [from_root.as_deref(), None],
                Anchor::Either => [from_cwd.as_deref(), from_root.as_deref()],
            };
            candidates
                .into_iter()
                .flatten()
                .any(|p| rule.pattern.matches_with(p, MATCH))
        })
    }

    /// Whether a file a glob found is excluded, itself or through one of its folders.
    fn excludes_with_parents(&self, file: &Path, cwd: Option<&Path>) -> bool {
        let mut prefix = PathBuf::new();
        let components: Vec<Component> = file.components().collect();
        for (i, component) in components.iter().enumerate() {
            prefix.push(component);
            let is_dir = i + 1 < components.len();
            if matches!(component, Component::Normal(_))
                && self.excludes(&prefix, None, cwd, is_dir)
            {
                return true;
            }
        }
        false
    }
}

/// A relative path as `a/b/c`, without `.` segments; `None` if it climbs out with `..`.
fn slashed(path: &Path) -> Option<String> {
    let mut parts = Vec::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::Normal(part) => parts.push(part.to_string_lossy().into_owned()),
            _ => return None,
        }
    }
    Some(parts.join("/"))
}

/// A path relative to the current directory, as `a/b/c`, when it is inside it.
fn relative_to(path: &Path, cwd: Option<&Path>) -> Option<String> {
    if path.is_absolute() {
        cwd.and_then(|c| path.strip_prefix(c).ok())
            .and_then(slashed)
    } else {
        slashed(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ignore(patterns: &[(&str, Anchor)]) -> Ignore {
        let mut ignore = Ignore::default();
        for (pattern, anchor) in patterns {
            ignore.add(pattern, *anchor, "test").unwrap();
        }
        ignore
    }

    #[test]
    fn a_folder_search_leaves_catalogs_out_but_not_broken_scenarios() {
        let dir = std::env::temp_dir().join(format!("megahex-catalog-skip-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let write = |name: &str, text: &str| {
            let path = dir.join(name);
            std::fs::write(&path, text).unwrap();
            path
        };
        let catalog = write("catalog.yaml", "# house tiles\nformat: 1\ntiles: []\n");
        let roster = write("roster.yaml", "format: 1\nfigures: []\n");
        let scenario = write(
            "scenario.yaml",
            "format: 1\nruleset: sentinel-tactics\nmap:\n  tiles: []\n",
        );
        let no_ruleset = write("broken.yaml", "format: 1\nmap:\n  tiles: []\n");
        let is_catalog_file = |path: &Path| read_head(path).0;
        assert!(is_catalog_file(&catalog) && is_catalog_file(&roster));
        assert!(!is_catalog_file(&scenario));
        assert!(
            !is_catalog_file(&no_ruleset),
            "a scenario missing `ruleset` is still checked"
        );
        // A scenario's whole text comes back, so the check reads it from there.
        assert_eq!(
            read_head(&scenario).1.as_deref(),
            Some(&std::fs::read(&scenario).unwrap()[..])
        );
        assert_eq!(read_head(&catalog).1, None);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn names_match_at_any_depth_and_paths_from_their_anchor() {
        let rules = ignore(&[
            ("draft-*.yaml", Anchor::Either),
            ("wip/", Anchor::Either),
            ("old/*.yaml", Anchor::WalkRoot),
            ("scenarios/junk/**", Anchor::CurrentDir),
        ]);
        let root = Some(Path::new("scenarios"));
        let ex = |p: &str, dir: bool| rules.excludes(Path::new(p), root, None, dir);
        assert!(ex("scenarios/a/draft-1.yaml", false));
        assert!(!ex("scenarios/a/final.yaml", false));
        assert!(ex("scenarios/wip", true));
        assert!(
            !ex("scenarios/wip", false),
            "a trailing / matches folders only"
        );
        assert!(ex("scenarios/old/a.yaml", false));
        assert!(
            !ex("scenarios/old/deeper/a.yaml", false),
            "* stays in one segment"
        );
        assert!(ex("./scenarios/junk/x/y.yaml", false));
        assert!(!ex("scenarios/a/junk/x.yaml", false));
    }

    #[test]
    fn exclude_matches_from_the_current_directory_or_the_searched_one() {
        let rules = ignore(&[("drafts/*", Anchor::Either)]);
        let root = Some(Path::new("maps"));
        assert!(rules.excludes(Path::new("maps/drafts/a.yaml"), root, None, false));
        assert!(rules.excludes(
            Path::new("drafts/a.yaml"),
            Some(Path::new(".")),
            None,
            false
        ));
        let cwd = Some(Path::new("/work"));
        assert!(rules.excludes(Path::new("/work/drafts/a.yaml"), None, cwd, false));
        assert!(!rules.excludes(Path::new("/elsewhere/drafts/a.yaml"), None, cwd, false));
    }

    #[test]
    fn glob_results_are_excluded_through_their_folders() {
        let rules = ignore(&[("wip", Anchor::Either), ("a/b/", Anchor::CurrentDir)]);
        assert!(rules.excludes_with_parents(Path::new("x/wip/s.yaml"), None));
        assert!(rules.excludes_with_parents(Path::new("a/b/c/s.yaml"), None));
        assert!(!rules.excludes_with_parents(Path::new("a/c/s.yaml"), None));
    }

    #[test]
    fn bad_patterns_are_refused() {
        let mut rules = Ignore::default();
        assert!(
            rules
                .add("!keep.yaml", Anchor::Either, "x")
                .unwrap_err()
                .contains("negated")
        );
        assert!(
            rules
                .add("/", Anchor::Either, "x")
                .unwrap_err()
                .contains("empty")
        );
        assert!(
            rules
                .add("a[", Anchor::Either, "x")
                .unwrap_err()
                .contains("bad pattern")
        );
    }
}
