//! Helpers shared by the end-to-end tests: where the corpus lives, how to run the real `megahex`
//! binary, and how a fixture states what it expects (see `tests/fixtures/README.md`).

// Each test file uses a different subset of these helpers.
#![allow(dead_code)]

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The workspace root (the parent of `validator/`, the package these tests belong to).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the command's package lives inside the workspace")
        .to_path_buf()
}

/// `tests/fixtures`.
pub fn fixtures_dir() -> PathBuf {
    workspace_root().join("tests").join("fixtures")
}

/// The `*.yaml` and `*.yml` files directly inside `dir`, sorted; empty if `dir` does not exist.
pub fn yaml_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .map(|e| e.expect("readable directory entry").path())
        .filter(|p| {
            p.is_file() && matches!(p.extension().and_then(|e| e.to_str()), Some("yaml" | "yml"))
        })
        .collect();
    files.sort();
    files
}

/// The fixtures of one corpus directory (`valid`, `warning`, `invalid`, `known-bugs`).
pub fn fixtures(kind: &str) -> Vec<PathBuf> {
    let files = yaml_files(&fixtures_dir().join(kind));
    assert!(!files.is_empty(), "no fixtures in tests/fixtures/{kind}");
    files
}

/// The bundled example scenarios, if any exist yet.
pub fn scenario_files() -> Vec<PathBuf> {
    yaml_files(&workspace_root().join("scenarios"))
}

/// A path relative to `base`, with `/` separators, for messages and for running the CLI from
/// `base` so that reported paths are short and predictable.
pub fn relative(path: &Path, base: &Path) -> String {
    path.strip_prefix(base)
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

/// Whether this run rewrites the documented outputs and pictures to what Megahex prints and
/// draws today (`MEGAHEX_BLESS=1`), instead of failing on a difference.
pub fn blessing() -> bool {
    std::env::var_os("MEGAHEX_BLESS").is_some()
}

/// A fresh, empty scratch directory for one test.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("megahex-tests")
        .join(name);
    if dir.exists() {
        std::fs::remove_dir_all(&dir).expect("remove old scratch directory");
    }
    std::fs::create_dir_all(&dir).expect("create scratch directory");
    dir
}

// ---------------------------------------------------------------------------------------------
// The binary under test

/// The `megahex` binary under test: the one Cargo built for this test target (these tests are
/// a target of the command's own package, so Cargo builds the binary first, with the same
/// profile and features). Set `MEGAHEX_BIN` to test another build.
pub fn megahex_bin() -> &'static Path {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        let Some(path) = std::env::var_os("MEGAHEX_BIN") else {
            return PathBuf::from(env!("CARGO_BIN_EXE_megahex"));
        };
        let path = PathBuf::from(path);
        assert!(
            path.is_file(),
            "MEGAHEX_BIN={} is not a file",
            path.display()
        );
        path
    })
}

/// What one run of the binary did.
#[derive(Debug)]
pub struct Run {
    /// Exit status, or -1 when killed by a signal.
    pub code: i32,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

impl Run {
    /// Stdout parsed as the `--format json` document.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.stdout).unwrap_or_else(|e| {
            panic!(
                "stdout is not one JSON document ({e}):\n{}\nstderr:\n{}",
                self.stdout, self.stderr
            )
        })
    }
}

/// Longest a single run may take: a slow run means a hang. The dearest odds (a card that weighs
/// every commit, against the setup's 14 dice) take some 40 s of CPU in a debug build, so a
/// loaded machine needs the margin.
const RUN_TIMEOUT: Duration = Duration::from_secs(150);

/// Runs `megahex ARGS` in `dir`, without colours, and gives up on a hang.
pub fn megahex_in<I, S>(dir: &Path, args: I) -> Run
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    run_megahex(dir, args, None)
}

/// Runs `megahex ARGS` in `dir` with `input` on standard input.
pub fn megahex_with_stdin<I, S>(dir: &Path, args: I, input: &[u8]) -> Run
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    run_megahex(dir, args, Some(input))
}

fn run_megahex<I, S>(dir: &Path, args: I, input: Option<&[u8]>) -> Run
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    let mut child = Command::new(megahex_bin())
        .current_dir(dir)
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start megahex");
    let writer = match (input, child.stdin.take()) {
        (Some(input), Some(mut stdin)) => {
            let input = input.to_vec();
            Some(std::thread::spawn(move || {
                // megahex may stop reading early (a usage error); that is not a test failure.
                let _ = std::io::Write::write_all(&mut stdin, &input);
            }))
        }
        _ => None,
    };
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let stdout = drain(Box::new(child.stdout.take().expect("piped stdout")));
    let stderr = drain(Box::new(child.stderr.take().expect("piped stderr")));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for megahex") {
            break status;
        }
        if started.elapsed() > RUN_TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("megahex did not finish within {RUN_TIMEOUT:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    if let Some(writer) = writer {
        writer.join().expect("stdin writer");
    }
    Run {
        code: status.code().unwrap_or(-1),
        stdout: stdout.join().expect("stdout reader"),
        stderr: stderr.join().expect("stderr reader"),
    }
}

/// Runs `megahex ARGS` from `tests/fixtures`.
pub fn megahex<I, S>(args: I) -> Run
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    megahex_in(&fixtures_dir(), args)
}

// ---------------------------------------------------------------------------------------------
// Fixture expectations

/// What a fixture's header comments promise.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expectation {
    /// `# exit: N`.
    pub exit: i32,
    /// One `(code, line)` per `# expect: <code> <line>`, sorted.
    pub diagnostics: Vec<(String, usize)>,
}

/// A fixture's text, lossily decoded (some fixtures are deliberately not UTF-8) and without a
/// leading byte order mark.
pub fn fixture_text(path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
    let text = String::from_utf8_lossy(&bytes).into_owned();
    match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_owned(),
        None => text,
    }
}

/// Number of lines of a text, counting a last line without a newline.
pub fn line_count(text: &str) -> usize {
    text.lines().count()
}

/// Reads the header: the comment lines at the very top of the file. Refuses malformed
/// `expect`/`exit` lines rather than silently ignoring a typo.
pub fn expectation(path: &Path) -> Result<Expectation, String> {
    let text = fixture_text(path);
    let lines = line_count(&text);
    let mut exit = None;
    let mut diagnostics = Vec::new();
    for (n, line) in text
        .lines()
        .enumerate()
        .take_while(|(_, l)| l.starts_with('#'))
    {
        let n = n + 1;
        let body = line.trim_start_matches('#').trim_start();
        if let Some(rest) = line.strip_prefix("# expect: ") {
            let parts: Vec<&str> = rest.split(' ').collect();
            let [code, target] = parts.as_slice() else {
                return Err(format!(
                    "line {n}: write `# expect: <code> <line>`, got `{line}`"
                ));
            };
            if megahex::Code::from_name(code).is_none() {
                return Err(format!("line {n}: `{code}` is not a diagnostic code"));
            }
            let target: usize = target
                .parse()
                .map_err(|_| format!("line {n}: `{target}` is not a line number"))?;
            if target == 0 || target > lines.max(1) {
                return Err(format!(
                    "line {n}: line {target} is outside the file (1..={lines})"
                ));
            }
            diagnostics.push(((*code).to_owned(), target));
        } else if let Some(rest) = line.strip_prefix("# exit: ") {
            let code: i32 = rest
                .parse()
                .map_err(|_| format!("line {n}: `{rest}` is not an exit code"))?;
            if exit.replace(code).is_some() {
                return Err(format!("line {n}: a second `# exit:` line"));
            }
        } else if body.starts_with("expect:") || body.starts_with("exit:") {
            return Err(format!(
                "line {n}: malformed header line `{line}`; write `# expect: <code> <line>` or `# exit: <code>`"
            ));
        }
    }
    let exit = exit.ok_or("the header has no `# exit: <code>` line")?;
    diagnostics.sort();
    Ok(Expectation { exit, diagnostics })
}

// ---------------------------------------------------------------------------------------------
// The `--format json` contract (DESIGN §5)

fn keys(value: &serde_json::Value) -> Vec<&str> {
    let mut keys: Vec<&str> = value
        .as_object()
        .map(|o| o.keys().map(String::as_str).collect())
        .unwrap_or_default();
    keys.sort_unstable();
    keys
}

fn sorted<'a>(names: &[&'a str]) -> Vec<&'a str> {
    let mut names = names.to_vec();
    names.sort_unstable();
    names
}

/// Every way `report` departs from the documented JSON shape, as readable problems. Checks key
/// sets exactly, value types, 1-based positions, non-empty messages, `ok` flags and the summary
/// counts.
pub fn json_shape_problems(report: &serde_json::Value) -> Vec<String> {
    let mut problems = Vec::new();
    let mut problem = |p: String| problems.push(p);
    if keys(report) != sorted(&["version", "files", "summary"]) {
        problem(format!("top-level keys are {:?}", keys(report)));
    }
    if report["version"] != 1 {
        problem(format!("version is {}", report["version"]));
    }
    let files = report["files"].as_array().cloned().unwrap_or_default();
    let (mut errors, mut warnings) = (0, 0);
    for (i, file) in files.iter().enumerate() {
        let at = format!("files[{i}]");
        if keys(file) != sorted(&["path", "ok", "diagnostics"]) {
            problem(format!("{at} keys are {:?}", keys(file)));
        }
        if file["path"].as_str().is_none_or(str::is_empty) {
            problem(format!("{at}.path is {}", file["path"]));
        }
        let diagnostics = file["diagnostics"].as_array().cloned().unwrap_or_default();
        let mut has_error = false;
        for (j, d) in diagnostics.iter().enumerate() {
            let at = format!("{at}.diagnostics[{j}]");
            let expected = sorted(&[
                "code", "severity", "message", "help", "line", "column", "pointer", "hexes",
            ]);
            // `origin`, the one optional key, is there only for a finding in another file.
            let mut found = keys(d);
            if let Some(origin) = d.get("origin") {
                found.retain(|k| *k != "origin");
                let path_ok = origin["path"].as_str().is_some_and(|p| !p.is_empty());
                let place_ok = ["line", "column"]
                    .iter()
                    .all(|k| origin[k].is_null() || origin[k].as_u64().is_some_and(|n| n >= 1));
                if keys(origin) != sorted(&["path", "line", "column"]) || !path_ok || !place_ok {
                    problem(format!("{at}.origin is {origin}"));
                }
            }
            if found != expected {
                problem(format!("{at} keys are {:?}", keys(d)));
            }
            let code = d["code"].as_str().unwrap_or_default();
            if megahex::Code::from_name(code).is_none() {
                problem(format!("{at}.code {} is not a documented code", d["code"]));
            }
            match d["severity"].as_str() {
                Some("error") => {
                    errors += 1;
                    has_error = true;
                }
                Some("warning") => warnings += 1,
                Some("info") => {}
                _ => problem(format!("{at}.severity is {}", d["severity"])),
            }
            if d["message"].as_str().is_none_or(|m| m.trim().is_empty()) {
                problem(format!("{at}.message is {}", d["message"]));
            }
            if !(d["help"].is_null() || d["help"].as_str().is_some_and(|h| !h.is_empty())) {
                problem(format!("{at}.help is {}", d["help"]));
            }
            for key in ["line", "column"] {
                if d[key].as_u64().is_none_or(|n| n < 1) {
                    problem(format!("{at}.{key} is {}, expected a number >= 1", d[key]));
                }
            }
            if !(d["pointer"].is_null()
                || d["pointer"]
                    .as_str()
                    .is_some_and(|p| p.is_empty() || p.starts_with('/')))
            {
                problem(format!("{at}.pointer is {}", d["pointer"]));
            }
            let hexes_ok = d["hexes"].as_array().is_some_and(|hexes| {
                hexes.iter().all(|h| {
                    h.as_array()
                        .is_some_and(|qr| qr.len() == 2 && qr.iter().all(|n| n.is_i64()))
                })
            });
            if !hexes_ok {
                problem(format!("{at}.hexes is {}", d["hexes"]));
            }
        }
        if file["ok"].as_bool() != Some(!has_error) {
            problem(format!(
                "{at}.ok is {} but the file has {}errors",
                file["ok"],
                if has_error { "" } else { "no " }
            ));
        }
    }
    let summary = &report["summary"];
    if keys(summary) != sorted(&["files", "errors", "warnings"]) {
        problem(format!("summary keys are {:?}", keys(summary)));
    }
    let counts = [
        ("files", files.len()),
        ("errors", errors),
        ("warnings", warnings),
    ];
    for (key, count) in counts {
        if summary[key].as_u64() != Some(count as u64) {
            problem(format!(
                "summary.{key} is {}, counted {count}",
                summary[key]
            ));
        }
    }
    problems
}

/// The `(code, line)` pairs of one file's diagnostics, sorted.
pub fn code_lines(file: &serde_json::Value) -> Vec<(String, usize)> {
    let mut found: Vec<(String, usize)> = file["diagnostics"]
        .as_array()
        .map(|ds| {
            ds.iter()
                .map(|d| {
                    (
                        d["code"].as_str().unwrap_or_default().to_owned(),
                        d["line"].as_u64().unwrap_or_default() as usize,
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    found.sort();
    found
}
