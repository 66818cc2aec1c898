//! `megahex watch` end to end, on the real binary: the first report, an editor's atomic save
//! (a temporary file renamed over the scenario) reported as a fresh check of that file alone, a
//! new file picked up, a scenario's own catalog changing, JSON lines, Ctrl+C exiting with code
//! 0, and the usage errors. Every child is killed when its test ends, pass or fail.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use std::io::Read;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{json_shape_problems, megahex_bin, megahex_in, scratch_dir, workspace_root};

/// Longest wait for a report. The design asks for about a second after a save; this is
/// generous so a loaded machine does not fail the test. The typical figure is in docs/ci.md.
const REPORT_TIMEOUT: Duration = Duration::from_secs(10);

/// Longest wait for the first report, which includes starting the binary.
const START_TIMEOUT: Duration = Duration::from_secs(30);

/// A running `megahex watch`, with its output collected as it comes. Dropping it kills the
/// process, so no test leaves one behind.
struct Watch {
    child: Child,
    stdout: Arc<Mutex<String>>,
    stderr: Arc<Mutex<String>>,
}

impl Watch {
    fn start(dir: &Path, args: &[&str]) -> Watch {
        let mut child = Command::new(megahex_bin())
            .current_dir(dir)
            .arg("watch")
            .args(args)
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start megahex watch");
        let collect = |mut pipe: Box<dyn Read + Send>| {
            let text = Arc::new(Mutex::new(String::new()));
            let sink = Arc::clone(&text);
            std::thread::spawn(move || {
                let mut buffer = [0u8; 4096];
                while let Ok(n) = pipe.read(&mut buffer) {
                    if n == 0 {
                        break;
                    }
                    sink.lock()
                        .unwrap()
                        .push_str(&String::from_utf8_lossy(&buffer[..n]));
                }
            });
            text
        };
        let stdout = collect(Box::new(child.stdout.take().unwrap()));
        let stderr = collect(Box::new(child.stderr.take().unwrap()));
        Watch {
            child,
            stdout,
            stderr,
        }
    }

    /// How much standard output there is so far: later waits look only past it.
    fn mark(&self) -> usize {
        self.stdout.lock().unwrap().len()
    }

    /// Waits until the output after `mark` holds every one of `needles`, and returns it.
    fn wait_for(&self, mark: usize, needles: &[&str], limit: Duration) -> String {
        let start = Instant::now();
        loop {
            let text = self.stdout.lock().unwrap()[mark..].to_owned();
            if needles.iter().all(|n| text.contains(n)) {
                return text;
            }
            assert!(
                start.elapsed() < limit,
                "no {needles:?} within {limit:?}; output since the mark:\n{text}\nstderr:\n{}",
                self.stderr.lock().unwrap()
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Waits until the watch says it is watching: the first report comes before the watches on
    /// the scenarios' own catalog folders, so a save in between would go unseen.
    fn wait_until_watching(&self, limit: Duration) {
        let start = Instant::now();
        while !self.stderr.lock().unwrap().contains("press Ctrl+C to stop") {
            assert!(
                start.elapsed() < limit,
                "the watch did not start watching within {limit:?}; stderr:\n{}",
                self.stderr.lock().unwrap()
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Sends Ctrl+C's signal and waits for the exit code.
    #[cfg(unix)]
    fn interrupt(&mut self) -> Option<i32> {
        let status = Command::new("kill")
            .args(["-INT", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        let start = Instant::now();
        while start.elapsed() < REPORT_TIMEOUT {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        panic!("megahex watch did not stop on SIGINT within {REPORT_TIMEOUT:?}");
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Saves the way most editors do: the new text goes to a temporary file in the same folder,
/// which is then renamed over the old file in one step.
fn atomic_save(path: &Path, text: &str) {
    let temp = path.with_file_name(format!(
        ".{}.tmp",
        path.file_name().unwrap().to_string_lossy()
    ));
    std::fs::write(&temp, text).unwrap();
    std::fs::rename(&temp, path).unwrap();
}

fn bundled(name: &str) -> String {
    std::fs::read_to_string(workspace_root().join("scenarios").join(name)).unwrap()
}

/// A fresh folder with two good scenarios, `duel.yaml` and `other.yaml`; also gives the duel's
/// text.
fn scenario_folder(name: &str) -> (std::path::PathBuf, String) {
    let dir = scratch_dir(name);
    std::fs::write(dir.join("duel.yaml"), bundled("duel-ra-vs-blade.yaml")).unwrap();
    std::fs::write(dir.join("other.yaml"), bundled("jungle-raptor-run.yaml")).unwrap();
    (dir, bundled("duel-ra-vs-blade.yaml"))
}

#[test]
fn an_atomic_save_is_reported_then_the_fix_then_a_new_file() {
    let (dir, good) = scenario_folder("watch-atomic-save");
    let parent = dir.parent().unwrap();
    let name = "watch-atomic-save";
    let broken = good.replace("team: blade, at: 2/5", "team: bladez, at: 2/5");
    assert_ne!(broken, good);

    let mut watch = Watch::start(parent, &[name]);
    let first = watch.wait_for(0, &["2 files checked: 0 errors, 0 warnings"], START_TIMEOUT);
    assert!(
        first.contains(&format!("watching {name}: 2 files")),
        "{first}"
    );
    assert!(first.starts_with('['), "a time line first: {first}");

    // The broken version, saved atomically: only that file is checked again.
    let mark = watch.mark();
    let saved = Instant::now();
    atomic_save(&dir.join("duel.yaml"), &broken);
    let report = watch.wait_for(
        mark,
        &["1 file checked: 1 error, 0 warnings"],
        REPORT_TIMEOUT,
    );
    eprintln!(
        "report of the broken save after {} ms",
        saved.elapsed().as_millis()
    );
    assert!(
        report.contains(&format!("changed: {name}/duel.yaml")),
        "{report}"
    );
    assert!(report.contains("unknown-reference"), "{report}");
    assert!(report.contains("bladez"), "{report}");
    assert!(!report.contains("other.yaml"), "{report}");

    // The fix: a clean report.
    let mark = watch.mark();
    let saved = Instant::now();
    atomic_save(&dir.join("duel.yaml"), &good);
    let report = watch.wait_for(
        mark,
        &["1 file checked: 0 errors, 0 warnings"],
        REPORT_TIMEOUT,
    );
    eprintln!(
        "report of the fixed save after {} ms",
        saved.elapsed().as_millis()
    );
    assert!(
        report.contains(&format!("changed: {name}/duel.yaml")),
        "{report}"
    );

    // A new scenario is checked; a file that is not YAML is not.
    let mark = watch.mark();
    std::fs::write(dir.join("notes.txt"), "not a scenario").unwrap();
    atomic_save(&dir.join("new.yaml"), &bundled("city-blades-gambit.yaml"));
    let report = watch.wait_for(
        mark,
        &[
            &format!("new: {name}/new.yaml"),
            "1 file checked: 0 errors, 0 warnings",
        ],
        REPORT_TIMEOUT,
    );
    assert!(!report.contains("notes.txt"), "{report}");

    #[cfg(unix)]
    assert_eq!(watch.interrupt(), Some(0), "Ctrl+C exits with code 0");
}

#[test]
fn a_change_to_a_scenarios_own_catalog_checks_the_scenario_again() {
    // The scenario names `../support/tile-nine-catalog.yaml`, outside the folder watched.
    let dir = scratch_dir("watch-catalog");
    let fixtures = common::fixtures_dir();
    std::fs::create_dir_all(dir.join("scenarios")).unwrap();
    std::fs::create_dir_all(dir.join("support")).unwrap();
    let scenario = std::fs::read_to_string(fixtures.join("valid/custom-catalog.yaml")).unwrap();
    std::fs::write(dir.join("scenarios/guarded.yaml"), &scenario).unwrap();
    std::fs::write(
        dir.join("scenarios/plain.yaml"),
        bundled("duel-ra-vs-blade.yaml"),
    )
    .unwrap();
    let catalog_path = dir.join("support/tile-nine-catalog.yaml");
    let catalog = std::fs::read_to_string(fixtures.join("support/tile-nine-catalog.yaml")).unwrap();
    std::fs::write(&catalog_path, &catalog).unwrap();

    let mut watch = Watch::start(&dir, &["scenarios"]);
    watch.wait_for(0, &["2 files checked: 0 errors, 0 warnings"], START_TIMEOUT);
    watch.wait_until_watching(START_TIMEOUT);

    // The catalog loses the figure the scenario places: that scenario alone is checked again.
    let renamed = catalog.replace("id: sky-guard", "id: sky-warden");
    assert_ne!(renamed, catalog);
    let mark = watch.mark();
    atomic_save(&catalog_path, &renamed);
    let report = watch.wait_for(
        mark,
        &["1 file checked: 1 error, 0 warnings"],
        REPORT_TIMEOUT,
    );
    assert!(
        report.contains("catalog changed: scenarios/../support/tile-nine-catalog.yaml"),
        "{report}"
    );
    assert!(report.contains("guarded.yaml"), "{report}");
    assert!(report.contains("sky-guard"), "{report}");
    assert!(!report.contains("plain.yaml"), "{report}");

    // The catalog put back: a clean report.
    let mark = watch.mark();
    atomic_save(&catalog_path, &catalog);
    watch.wait_for(
        mark,
        &["catalog changed", "1 file checked: 0 errors, 0 warnings"],
        REPORT_TIMEOUT,
    );
    #[cfg(unix)]
    assert_eq!(watch.interrupt(), Some(0));
}

#[test]
fn json_watch_prints_one_document_per_check() {
    let (dir, good) = scenario_folder("watch-json");
    let mut watch = Watch::start(&dir, &["--format", "json", "."]);
    let first = watch.wait_for(0, &["\n"], START_TIMEOUT);
    let mark = watch.mark();
    atomic_save(
        &dir.join("duel.yaml"),
        &good.replace("tile: 6,", "tile: 6, ruin: 1,"),
    );
    let report = watch.wait_for(mark, &["\n"], REPORT_TIMEOUT);
    // A loaded machine can see one save's events in two debounce windows, and check twice:
    // every line is still a whole document.
    let whole = |text: &str| text[..text.rfind('\n').map_or(0, |end| end + 1)].to_owned();
    let (first, report) = (whole(&first), whole(&report));
    for line in first.lines().chain(report.lines()) {
        let document: serde_json::Value = serde_json::from_str(line)
            .unwrap_or_else(|e| panic!("one document per line ({e}): {line}"));
        assert_eq!(json_shape_problems(&document), Vec::<String>::new());
    }
    let last = report.lines().last().unwrap_or_default();
    let document: serde_json::Value = serde_json::from_str(last).unwrap();
    assert_eq!(document["summary"]["files"], 1);
    assert_eq!(document["files"][0]["path"], "duel.yaml");
    assert_eq!(document["files"][0]["ok"], false);
    assert_eq!(document["files"][0]["diagnostics"][0]["code"], "schema");
    // The time lines went to standard error, out of the JSON's way.
    assert!(watch.stderr.lock().unwrap().contains("changed: duel.yaml"));
    #[cfg(unix)]
    assert_eq!(watch.interrupt(), Some(0));
}

#[test]
fn watch_refuses_what_it_cannot_watch() {
    let dir = scratch_dir("watch-usage");
    let run = megahex_in(&dir, ["watch", "-"]);
    assert_eq!(run.code, 2, "{run:?}");
    assert!(run.stderr.contains("standard input"), "{run:?}");
    let run = megahex_in(&dir, ["watch", "missing.yaml"]);
    assert_eq!(run.code, 2, "{run:?}");
    assert!(run.stderr.contains("no such file"), "{run:?}");
    let run = megahex_in(&dir, ["watch", "--format", "sarif", "."]);
    assert_eq!(run.code, 2, "{run:?}");
    assert!(run.stderr.contains("human, json, github"), "{run:?}");
}
