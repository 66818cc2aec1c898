//! `megahex watch`: validate once, then check each scenario file again whenever it changes.
//!
//! Folders are watched rather than files, because most editors save by writing a new file and
//! renaming it over the old one, which a watch on the old file would not see (the editor's
//! `watch.rs` does the same). A directory given is watched together with every folder its
//! search enters, each folder on its own, so the folders a search skips (`.git`, `target`, the
//! excluded ones) cost nothing; a file given is watched through its folder. Events are
//! debounced, so one save (often several events) is one change. A scenario's own catalog (its
//! `catalog:` file) is watched too, through its folder, and a change to it checks the scenarios
//! that name it again. Which files are scenarios, how they are checked and how the report looks
//! all come from `validate`.

use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::{Component, Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use clap::{Args, ValueEnum};
use megahex::Checker;
use megahex::report::FileResult;
use megahex::severity::{CONFIG_FILE, Overrides};
use megahex_schema::Catalog;
use notify::{EventHandler, RecommendedWatcher, RecursiveMode, Watcher, WatcherKind};
use notify_debouncer_mini::{Config, DebounceEventResult, Debouncer, new_debouncer_opt};

use super::output::{EXIT_OK, Format, fail};
use super::validate::{self, CheckArgs, IGNORE_FILE, Input, Missing};

/// How long the watched folders must be quiet before a change is checked: long enough that an
/// editor's save (a temporary file, then a rename) is one change, short enough that the report
/// follows the save within a second.
const DEBOUNCE: Duration = Duration::from_millis(200);

/// `megahex watch`'s arguments.
#[derive(Args)]
pub struct WatchArgs {
    /// Files, directories (searched for *.yaml and *.yml, and watched with their subfolders) or
    /// glob patterns.
    #[arg(value_name = "PATH", default_value = ".")]
    paths: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = WatchFormat::Human)]
    format: WatchFormat,
    #[command(flatten)]
    check: CheckArgs,
}

/// The formats that make sense as a stream of reports; SARIF and JUnit describe a whole run.
#[derive(Clone, Copy, ValueEnum)]
enum WatchFormat {
    /// Readable reports with source snippets, each under a line with the time.
    Human,
    /// One JSON document per line, one per check (the time lines go to standard error).
    Json,
    /// GitHub Actions annotations, each check under a line with the time.
    Github,
}

impl From<WatchFormat> for Format {
    fn from(format: WatchFormat) -> Format {
        match format {
            WatchFormat::Human => Format::Human,
            WatchFormat::Json => Format::Json,
            WatchFormat::Github => Format::Github,
        }
    }
}

/// What wakes the watch loop.
enum Message {
    /// A debounced batch of changes, or the watch's own trouble.
    Changes(DebounceEventResult),
    /// Ctrl+C.
    Stop,
}

/// Runs `megahex watch` until Ctrl+C and returns the exit code: 0 then, 2 when the command line
/// is wrong or the watch cannot start.
pub fn run(args: &WatchArgs, catalog: Catalog) -> i32 {
    match Session::start(args, catalog) {
        Ok(session) => session.run(),
        Err(message) => fail(&message),
    }
}

/// One `megahex watch`: what it checks, what it knows of the files, and the watch itself.
struct Session<'a> {
    args: &'a WatchArgs,
    cwd: Option<PathBuf>,
    checker: Checker,
    overrides: Overrides,
    /// The files of the last look, by [`key`], with the name reports give them.
    known: HashMap<PathBuf, String>,
    /// The catalog file each scenario named when it was last checked, both by [`key`], with
    /// the catalog's name for reports.
    catalogs: HashMap<PathBuf, (PathBuf, String)>,
    /// The inputs of the first look, checked first.
    first: Vec<Input>,
    folders: Folders,
    debouncer: Debouncer<ChangeWatcher>,
    messages: mpsc::Receiver<Message>,
}

impl<'a> Session<'a> {
    /// Reads the command line as `validate` would, and starts watching before the first check,
    /// so that no change made while it runs is missed.
    fn start(args: &'a WatchArgs, catalog: Catalog) -> Result<Session<'a>, String> {
        if args.paths.iter().any(|p| p == "-") {
            return Err(
                "watch cannot read standard input; give files, directories or glob patterns".into(),
            );
        }
        let cwd = std::env::current_dir().ok();
        let overrides = args.check.severity_overrides(&args.paths)?;
        let inputs = validate::collect_inputs(
            &args.paths,
            args.check.excludes(),
            cwd.as_deref(),
            Missing::Fail,
        )?;
        if inputs.is_empty() {
            eprintln!(
                "megahex: note: no scenario files found in {} yet",
                args.paths.join(", ")
            );
        }
        let checker = args.check.checker(catalog)?;
        let (sender, messages) = mpsc::channel();
        let stop = sender.clone();
        ctrlc::set_handler(move || {
            // The receiver is gone only when the loop has ended already.
            let _ = stop.send(Message::Stop);
        })
        .map_err(|e| format!("cannot catch Ctrl+C: {e}"))?;
        let debouncer = new_debouncer_opt::<_, ChangeWatcher>(
            Config::default().with_timeout(DEBOUNCE),
            move |result: DebounceEventResult| {
                let _ = sender.send(Message::Changes(result));
            },
        )
        .map_err(|e| format!("cannot start watching: {e}"))?;
        let mut session = Session {
            args,
            cwd,
            checker,
            overrides,
            known: HashMap::new(),
            catalogs: HashMap::new(),
            first: Vec::new(),
            folders: Folders::default(),
            debouncer,
            messages,
        };
        let wanted = session.folders_wanted()?;
        let failures =
            session
                .folders
                .refresh(session.debouncer.watcher(), wanted, &HashSet::new());
        if let Some(failure) = failures.into_iter().next() {
            return Err(failure);
        }
        session.known = known_files(&inputs);
        session.first = inputs;
        Ok(session)
    }

    /// The first check, then one check per batch of changes, until Ctrl+C.
    fn run(mut self) -> i32 {
        let first = std::mem::take(&mut self.first);
        let header = format!(
            "watching {}: {}",
            self.args.paths.join(", "),
            files(first.len())
        );
        if let Err(message) = self.report(&header, &first, true) {
            return fail(&message);
        }
        // The scenarios' own catalogs are known now.
        self.watch_folders(&HashSet::new());
        eprintln!(
            "megahex: watching {} for changes; press Ctrl+C to stop",
            plural(self.folders.watched.len(), "folder")
        );
        loop {
            let outcome = match self.messages.recv() {
                Ok(Message::Changes(Ok(events))) => {
                    let paths: Vec<PathBuf> = events.into_iter().map(|e| e.path).collect();
                    self.changed(&paths, None)
                }
                Ok(Message::Changes(Err(e))) => self.changed(&[], Some(format!("{e}"))),
                Ok(Message::Stop) | Err(_) => return EXIT_OK,
            };
            if let Err(message) = outcome {
                return fail(&message);
            }
        }
    }

    /// Checks what a batch of changes touched: the changed and new scenario files, or every
    /// file when `megahex.toml` or a `.megahexignore` changed or the watch had `trouble`. Only a
    /// report that cannot be written is an error.
    fn changed(&mut self, paths: &[PathBuf], trouble: Option<String>) -> Result<(), String> {
        let settings = paths.iter().find_map(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .filter(|n| *n == CONFIG_FILE || *n == IGNORE_FILE)
        });
        let everything = match (&trouble, settings) {
            (Some(trouble), _) => Some(format!("the watch reported trouble ({trouble})")),
            (None, Some(name)) => Some(format!("{name} changed")),
            (None, None) => None,
        };
        if everything.is_some() {
            match self.args.check.severity_overrides(&self.args.paths) {
                Ok(overrides) => self.overrides = overrides,
                Err(message) => {
                    eprintln!("megahex: {message}; keeping the severities read before");
                }
            }
        }
        let inputs = match validate::collect_inputs(
            &self.args.paths,
            self.args.check.excludes(),
            self.cwd.as_deref(),
            Missing::Skip,
        ) {
            Ok(inputs) => inputs,
            Err(message) => {
                eprintln!("megahex: {message}");
                return Ok(());
            }
        };
        // New folders are watched from now on; the files already in them count as new.
        self.watch_folders(&paths.iter().cloned().collect());

        let touched: HashSet<PathBuf> = paths
            .iter()
            .map(|p| key(p).unwrap_or_else(|| p.clone()))
            .collect();
        let now = known_files(&inputs);
        let mut to_check = Vec::new();
        let (mut changed, mut new, mut catalogs) = (Vec::new(), Vec::new(), Vec::new());
        for input in inputs {
            let Input::File(path) = &input else { continue };
            let Some(k) = key(path) else { continue };
            let name = validate::display_path(path);
            let catalog = self
                .catalogs
                .get(&k)
                .filter(|(catalog, _)| touched.contains(catalog));
            if !self.known.contains_key(&k) {
                new.push(name);
            } else if touched.contains(&k) {
                changed.push(name);
            } else if let Some((_, catalog_name)) = catalog {
                if !catalogs.contains(catalog_name) {
                    catalogs.push(catalog_name.clone());
                }
            } else if everything.is_none() {
                continue;
            }
            to_check.push(input);
        }
        let mut removed: Vec<&String> = self
            .known
            .iter()
            .filter(|(k, _)| !now.contains_key(*k))
            .map(|(_, name)| name)
            .collect();
        removed.sort();
        let header = match everything {
            Some(reason) => format!("{reason}: checking all {}", files(to_check.len())),
            None => [("changed", changed), ("new", new)]
                .into_iter()
                .chain([("removed", removed.into_iter().cloned().collect())])
                .chain([("catalog changed", catalogs)])
                .filter(|(_, names)| !names.is_empty())
                .map(|(what, names)| format!("{what}: {}", names.join(", ")))
                .collect::<Vec<_>>()
                .join("; "),
        };
        self.catalogs
            .retain(|scenario, _| now.contains_key(scenario));
        self.known = now;
        if header.is_empty() {
            // Only other files changed (a temporary file, a picture): nothing to say.
            return Ok(());
        }
        self.report(&header, &to_check, false)?;
        // A scenario may name a catalog in a folder not watched yet.
        self.watch_folders(&HashSet::new());
        Ok(())
    }

    /// Watches the folders wanted now; `named` are the folders an event named (made again,
    /// perhaps). What cannot be watched is noted on standard error.
    fn watch_folders(&mut self, named: &HashSet<PathBuf>) {
        match self.folders_wanted() {
            Ok(wanted) => {
                for failure in self
                    .folders
                    .refresh(self.debouncer.watcher(), wanted, named)
                {
                    eprintln!("megahex: {failure}");
                }
            }
            Err(message) => eprintln!("megahex: {message}"),
        }
    }

    /// Checks `inputs` in parallel and prints the time and `header`, then their report (`always`,
    /// even of no file). A file that cannot be read (gone again already) is noted on standard
    /// error. Remembers the catalog each scenario named.
    fn report(&mut self, header: &str, inputs: &[Input], always: bool) -> Result<(), String> {
        let mut results: Vec<FileResult> = Vec::new();
        let checked = validate::check_files(
            &self.checker,
            &self.overrides,
            inputs,
            None,
            &validate::Prefetched::new(),
        );
        for (input, checked) in inputs.iter().zip(checked) {
            let scenario = match input {
                Input::File(path) => key(path),
                Input::Stdin => None,
            };
            match checked {
                Ok(checked) => {
                    if let Some(scenario) = scenario {
                        match checked.catalog.as_deref().and_then(|c| Some((key(c)?, c))) {
                            Some((catalog, path)) => {
                                let name = validate::display_path(path);
                                self.catalogs.insert(scenario, (catalog, name));
                            }
                            None => {
                                self.catalogs.remove(&scenario);
                            }
                        }
                    }
                    results.push(checked.result);
                }
                Err(message) => eprintln!("megahex: {message}"),
            }
        }
        let line = format!("[{}] {header}\n", clock());
        let mut text = String::new();
        match self.args.format {
            // Standard output stays one JSON document per line.
            WatchFormat::Json => eprint!("{line}"),
            WatchFormat::Human | WatchFormat::Github => text.push_str(&line),
        }
        if always || !results.is_empty() {
            text.push_str(&validate::render(self.args.format.into(), &results, false));
        }
        let mut stdout = std::io::stdout().lock();
        stdout
            .write_all(text.as_bytes())
            .and_then(|()| stdout.flush())
            .map_err(|e| format!("cannot write the report: {e}"))
    }

    /// The folders to watch, canonical and without repeats: each directory given with every
    /// folder its search enters, the folder of each file given, the fixed part of each glob
    /// pattern (with its subfolders when the pattern reaches into them), and the folder of each
    /// scenario's own catalog.
    fn folders_wanted(&self) -> Result<Vec<PathBuf>, String> {
        let excludes = self.args.check.excludes();
        let cwd = self.cwd.as_deref();
        let mut wanted = Vec::new();
        for raw in &self.args.paths {
            let path = Path::new(raw);
            let found = if path.is_dir() {
                validate::folders_searched(path, excludes, cwd, true)?
            } else if path.exists() || !raw.contains(['*', '?', '[']) {
                // A file, or one that is gone for a moment while it is saved: its folder.
                vec![folder_of(path).to_path_buf()]
            } else {
                let (base, deep) = glob_base(raw);
                if !base.is_dir() {
                    Vec::new()
                } else if deep {
                    validate::folders_searched(&base, excludes, cwd, false)?
                } else {
                    vec![base]
                }
            };
            for folder in found {
                if let Ok(folder) = folder.canonicalize()
                    && !wanted.contains(&folder)
                {
                    wanted.push(folder);
                }
            }
        }
        // Catalog keys are in canonical folders already.
        let mut catalog_folders: Vec<&Path> = self
            .catalogs
            .values()
            .filter_map(|(catalog, _)| catalog.parent())
            .filter(|folder| folder.is_dir() && !wanted.iter().any(|w| w == folder))
            .collect();
        catalog_folders.sort();
        catalog_folders.dedup();
        wanted.extend(catalog_folders.into_iter().map(Path::to_path_buf));
        Ok(wanted)
    }
}

/// notify's recommended watcher with reads left out. On Linux, opening a file or folder is an
/// event, and checking reads the files (and searching opens the folders), so without this
/// every check would set off the next.
struct ChangeWatcher(RecommendedWatcher);

impl Watcher for ChangeWatcher {
    fn new<F: EventHandler>(mut handler: F, config: notify::Config) -> notify::Result<Self> {
        let changes_only = move |event: notify::Result<notify::Event>| {
            if !matches!(&event, Ok(e) if e.kind.is_access()) {
                handler.handle_event(event);
            }
        };
        RecommendedWatcher::new(changes_only, config).map(ChangeWatcher)
    }

    fn watch(&mut self, path: &Path, mode: RecursiveMode) -> notify::Result<()> {
        self.0.watch(path, mode)
    }

    fn unwatch(&mut self, path: &Path) -> notify::Result<()> {
        self.0.unwatch(path)
    }

    fn kind() -> WatcherKind {
        RecommendedWatcher::kind()
    }
}

/// The folders being watched, each with what tells it from a folder made later under the same
/// name, so that a folder deleted and made again is watched again.
#[derive(Default)]
struct Folders {
    watched: HashMap<PathBuf, Option<(u64, u64)>>,
}

impl Folders {
    /// Watches each `wanted` folder that is not watched yet, is new under its name, or was
    /// `named` by an event (deleted and made again, say); forgets the watched folders that are
    /// gone. Returns what could not be watched.
    fn refresh(
        &mut self,
        watcher: &mut dyn Watcher,
        wanted: Vec<PathBuf>,
        named: &HashSet<PathBuf>,
    ) -> Vec<String> {
        self.watched.retain(|folder, _| {
            let here = folder.is_dir();
            if !here {
                let _ = watcher.unwatch(folder);
            }
            here
        });
        let mut failures = Vec::new();
        for folder in wanted {
            let id = identity(&folder);
            match self.watched.get(&folder) {
                Some(known) if *known == id && !named.contains(&folder) => continue,
                // Unwatching a folder the system already dropped fails; that is fine.
                Some(_) => {
                    let _ = watcher.unwatch(&folder);
                }
                None => {}
            }
            match watcher.watch(&folder, RecursiveMode::NonRecursive) {
                Ok(()) => {
                    self.watched.insert(folder, id);
                }
                Err(e) => {
                    self.watched.remove(&folder);
                    failures.push(format!("cannot watch {}: {e}", folder.display()));
                }
            }
        }
        failures
    }
}

/// The device and inode of a folder, which a new folder under the same name does not share.
#[cfg(unix)]
fn identity(folder: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(folder).ok().map(|m| (m.dev(), m.ino()))
}

/// Without inodes, a folder is known by its name alone.
#[cfg(not(unix))]
fn identity(_folder: &Path) -> Option<(u64, u64)> {
    None
}

/// A file's path as watch events name it: its folder's canonical path and its own name. The
/// file itself is not resolved, so a symbolic link is known by its own name, in its folder.
fn key(path: &Path) -> Option<PathBuf> {
    let name = path.file_name()?;
    Some(folder_of(path).canonicalize().ok()?.join(name))
}

/// The folder a file is in; `.` for a bare file name.
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// The files among `inputs`, by [`key`], with their report names.
fn known_files(inputs: &[Input]) -> HashMap<PathBuf, String> {
    inputs
        .iter()
        .filter_map(|input| match input {
            Input::File(path) => key(path).map(|k| (k, validate::display_path(path))),
            Input::Stdin => None,
        })
        .collect()
}

/// The folder a glob pattern's matches are in: its components before the first with a
/// wildcard. The flag says whether matches can be deeper down (more components follow, or
/// `**`).
fn glob_base(pattern: &str) -> (PathBuf, bool) {
    let components: Vec<Component> = Path::new(pattern).components().collect();
    let mut base = PathBuf::new();
    for (i, component) in components.iter().enumerate() {
        let text = component.as_os_str().to_string_lossy();
        if text.contains(['*', '?', '[']) {
            let deep = i + 1 < components.len() || text.contains("**");
            if base.as_os_str().is_empty() {
                base.push(".");
            }
            return (base, deep);
        }
        base.push(component);
    }
    (base, false)
}

/// The time of day in UTC, as `HH:MM:SS UTC` (UTC needs no time zone database).
fn clock() -> String {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or_default()
        % 86_400;
    format!(
        "{:02}:{:02}:{:02} UTC",
        seconds / 3600,
        seconds % 3600 / 60,
        seconds % 60
    )
}

fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

fn files(n: usize) -> String {
    plural(n, "file")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_glob_is_watched_from_its_fixed_part() {
        assert_eq!(
            glob_base("scenarios/*.yaml"),
            (PathBuf::from("scenarios"), false)
        );
        assert_eq!(glob_base("*.yml"), (PathBuf::from("."), false));
        assert_eq!(glob_base("a/b/*/c.yaml"), (PathBuf::from("a/b"), true));
        assert_eq!(glob_base("maps/**"), (PathBuf::from("maps"), true));
    }

    #[test]
    fn the_clock_reads_hours_minutes_and_seconds() {
        let clock = clock();
        assert_eq!(clock.len(), "00:00:00 UTC".len());
        assert!(clock.ends_with(" UTC"));
        assert_eq!(clock.matches(':').count(), 2);
    }
}
