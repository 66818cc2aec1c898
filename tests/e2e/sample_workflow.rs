//! The sample GitHub Actions workflow in `docs/ci.md`, played step by step as a runner would.
//!
//! The page promises that its first workflow works as written in a scenario repository with
//! Megahex as a submodule. GitHub itself cannot run here, so this test does what the runner
//! does with each step the workflow uses, on a scratch scenario repository of that shape, with
//! the Megahex commit at `HEAD` as the submodule. Anything the workflow uses that the test
//! cannot play (another action, `if:`, another shell) fails the test, so the page and the test
//! cannot drift apart.
//!
//! It builds Megahex in release mode (`cargo install`, a few minutes), so plain `cargo test`
//! skips it; `.ci/run` runs it with `--ignored`. It also needs `check-jsonschema` on the
//! `PATH`, for the workflow's syntax check against GitHub's workflow schema.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command, Stdio};

use common::{expectation, fixtures_dir, scratch_dir, workspace_root};

/// The first line of the sample's code block: where a user copies it to.
const WORKFLOW_PATH_LINE: &str = "# .github/workflows/scenarios.yml";

/// The yaml code block of `docs/ci.md` that starts with [`WORKFLOW_PATH_LINE`], exactly as
/// printed (without the fences).
fn sample_workflow() -> String {
    workflow_block(WORKFLOW_PATH_LINE)
}

/// The yaml code block of `docs/ci.md` that starts with `path_line`, exactly as printed.
fn workflow_block(path_line: &str) -> String {
    let page = std::fs::read_to_string(workspace_root().join("docs/ci.md")).expect("docs/ci.md");
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in page.lines() {
        match (&mut current, line.trim_end()) {
            (None, "```yaml") => current = Some(String::new()),
            (Some(block), "```") => {
                blocks.push(std::mem::take(block));
                current = None;
            }
            (Some(block), _) => {
                block.push_str(line);
                block.push('\n');
            }
            (None, _) => {}
        }
    }
    let mut samples = blocks
        .into_iter()
        .filter(|block| block.lines().next() == Some(path_line));
    let sample = samples
        .next()
        .expect("docs/ci.md has a yaml block starting with the workflow's path");
    assert!(
        samples.next().is_none(),
        "docs/ci.md has two blocks starting with {path_line}"
    );
    sample
}

/// One step of the job, as far as a runner needs to know.
#[derive(Debug)]
enum Step {
    /// `uses: actions/checkout@…`, with or without `submodules: true`.
    Checkout { submodules: bool },
    /// `run: …`, in the runner's default shell.
    Run(String),
}

/// The job's steps, refusing anything this test cannot play faithfully.
fn job_steps(workflow: &str) -> Vec<(String, Step)> {
    let document: serde_yaml::Value =
        serde_yaml::from_str(workflow).expect("the sample workflow is YAML");
    let jobs = document["jobs"]
        .as_mapping()
        .expect("the workflow has `jobs`");
    assert_eq!(jobs.len(), 1, "the sample has one job");
    let (_, job) = jobs.iter().next().expect("one job");
    let job = job.as_mapping().expect("the job is a mapping");
    for key in job.keys() {
        let key = key.as_str().unwrap_or_default();
        assert!(
            ["runs-on", "steps"].contains(&key),
            "the test cannot play the job key `{key}`"
        );
    }
    let runs_on = job
        .get("runs-on")
        .and_then(serde_yaml::Value::as_str)
        .unwrap_or_default();
    assert!(
        runs_on.starts_with("ubuntu-"),
        "the test plays a Linux runner, not `{runs_on}`"
    );
    let steps = job
        .get("steps")
        .and_then(serde_yaml::Value::as_sequence)
        .expect("the job has steps");
    steps
        .iter()
        .enumerate()
        .map(|(index, step)| {
            let step = step.as_mapping().expect("a step is a mapping");
            for key in step.keys() {
                let key = key.as_str().unwrap_or_default();
                assert!(
                    ["name", "uses", "with", "run"].contains(&key),
                    "the test cannot play the step key `{key}`"
                );
            }
            let text = |key: &str| step.get(key).and_then(serde_yaml::Value::as_str);
            let action = match (text("uses"), text("run")) {
                (Some(uses), None) => {
                    assert!(
                        uses.starts_with("actions/checkout@"),
                        "the test cannot play the action `{uses}`"
                    );
                    let mut submodules = false;
                    if let Some(with) = step.get("with") {
                        for (key, value) in with.as_mapping().expect("`with` is a mapping") {
                            assert_eq!(
                                key.as_str(),
                                Some("submodules"),
                                "the test cannot play checkout's `{key:?}`"
                            );
                            submodules = value.as_bool() == Some(true);
                        }
                    }
                    Step::Checkout { submodules }
                }
                (None, Some(script)) => {
                    assert!(step.get("with").is_none(), "`with` on a run step");
                    Step::Run(script.to_owned())
                }
                _ => panic!("step {index} needs exactly one of `uses` and `run`"),
            };
            let name = text("name")
                .or(text("uses"))
                .or(text("run"))
                .unwrap_or_default()
                .to_owned();
            (name, action)
        })
        .collect()
}

/// Git, with a fixed identity and local file clones allowed (submodules from a path).
fn git(dir: &Path, args: &[&str]) {
    let output = Command::new("git")
        .current_dir(dir)
        .args(["-c", "protocol.file.allow=always"])
        .args(args)
        .env("GIT_CONFIG_COUNT", "1")
        .env("GIT_CONFIG_KEY_0", "protocol.file.allow")
        .env("GIT_CONFIG_VALUE_0", "always")
        .env("GIT_AUTHOR_NAME", "Scenario Designer")
        .env("GIT_AUTHOR_EMAIL", "designer@example.invalid")
        .env("GIT_COMMITTER_NAME", "Scenario Designer")
        .env("GIT_COMMITTER_EMAIL", "designer@example.invalid")
        .output()
        .expect("run git");
    assert!(
        output.status.success(),
        "git {args:?} in {} failed:\n{}",
        dir.display(),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// What one step did.
#[derive(Debug)]
struct StepResult {
    name: String,
    code: i32,
    stdout: String,
}

/// Plays the steps for one push of `repository`, on a fresh runner whose `~/.cargo/bin` is
/// empty, and stops at the first failing step as GitHub does. `target_dir` is shared between
/// runs only to spare a second release build; it does not change what is installed.
fn play(
    steps: &[(String, Step)],
    repository: &Path,
    runner: &Path,
    target_dir: &Path,
) -> Vec<StepResult> {
    std::fs::create_dir_all(runner).expect("create the runner's folder");
    let workspace = runner.join("work");
    let cargo_bin_root = runner.join("cargo-install");
    let path = std::env::join_paths(std::iter::once(cargo_bin_root.join("bin")).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .expect("PATH");
    let mut results = Vec::new();
    for (name, step) in steps {
        let result = match step {
            Step::Checkout { submodules } => {
                let url = repository.to_str().expect("UTF-8 scratch path");
                let work = workspace.to_str().expect("UTF-8 scratch path");
                git(runner, &["clone", "-q", url, work]);
                if *submodules {
                    git(
                        &workspace,
                        &["submodule", "update", "-q", "--init", "--force"],
                    );
                }
                StepResult {
                    name: name.clone(),
                    code: 0,
                    stdout: String::new(),
                }
            }
            Step::Run(script) => {
                // The runner writes the script to a file and runs `bash -e FILE` in the
                // workspace, with a fresh environment of its own.
                let script_file = runner.join("step.sh");
                std::fs::write(&script_file, script).expect("write the step's script");
                let mut command = Command::new("bash");
                command
                    .arg("-e")
                    .arg(&script_file)
                    .current_dir(&workspace)
                    .env_clear()
                    .stdin(Stdio::null())
                    .stderr(Stdio::inherit());
                for kept in [
                    "HOME",
                    "CARGO_HOME",
                    "RUSTUP_HOME",
                    "RUSTUP_TOOLCHAIN",
                    "LANG",
                ] {
                    if let Some(value) = std::env::var_os(kept) {
                        command.env(kept, value);
                    }
                }
                let output = command
                    .env("PATH", &path)
                    .env("CARGO_INSTALL_ROOT", &cargo_bin_root)
                    .env("CARGO_TARGET_DIR", target_dir)
                    .env("CI", "true")
                    .env("GITHUB_ACTIONS", "true")
                    .env("GITHUB_WORKSPACE", &workspace)
                    .output()
                    .expect("run bash");
                StepResult {
                    name: name.clone(),
                    code: output.status.code().unwrap_or(-1),
                    stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
                }
            }
        };
        let failed = result.code != 0;
        results.push(result);
        if failed {
            break;
        }
    }
    results
}

/// The `(file, line, title)` of every `::error` workflow command in a step's output.
fn error_annotations(stdout: &str) -> BTreeSet<(String, usize, String)> {
    stdout
        .lines()
        .filter_map(|line| line.strip_prefix("::error "))
        .map(|command| {
            let (properties, _message) = command
                .split_once("::")
                .expect("a workflow command has `::` before its message");
            let property = |key: &str| {
                properties
                    .split(',')
                    .find_map(|pair| pair.strip_prefix(key)?.strip_prefix('='))
                    .unwrap_or_else(|| panic!("no `{key}` in `{command}`"))
                    .to_owned()
            };
            let line = property("line").parse().expect("a line number");
            (property("file"), line, property("title"))
        })
        .collect()
}

#[test]
#[ignore = "builds Megahex in release mode and needs check-jsonschema; .ci/run runs it"]
fn the_sample_workflow_in_docs_ci_works_as_written() {
    let workflow = sample_workflow();
    let steps = job_steps(&workflow);
    let scratch = scratch_dir("sample-workflow");
    // .ci/xvfb-lib.sh builds the release editor in this folder too, to reuse what both share.
    let target_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("sample-workflow-target");

    // A scenario repository as docs/ci.md describes it, with the workflow copied in.
    let repository = scratch.join("scenario-repository");
    std::fs::create_dir_all(repository.join("scenarios")).expect("create scenarios/");
    std::fs::create_dir_all(repository.join(".github/workflows")).expect("create workflows/");
    let workflow_file = repository.join(".github/workflows/scenarios.yml");
    std::fs::write(&workflow_file, &workflow).expect("write the workflow");
    let scenario = "skirmish-three-on-three.yaml";
    std::fs::copy(
        workspace_root().join("scenarios").join(scenario),
        repository.join("scenarios").join(scenario),
    )
    .expect("copy a bundled scenario");
    git(&repository, &["init", "-q"]);
    let megahex_source = workspace_root();
    let megahex_source = megahex_source.to_str().expect("UTF-8 workspace path");
    git(
        &repository,
        &["submodule", "add", "-q", megahex_source, "megahex"],
    );
    git(&repository, &["add", "."]);
    git(
        &repository,
        &["commit", "-q", "-m", "Scenarios, checked in CI"],
    );

    // The workflows' syntax, against GitHub's workflow schema as vendored by check-jsonschema:
    // this one, and the one that posts `megahex diff` on a pull request.
    let diff_workflow = scratch.join("scenario-diff.yml");
    std::fs::write(
        &diff_workflow,
        workflow_block("# .github/workflows/scenario-diff.yml"),
    )
    .expect("write the diff workflow");
    for file in [&workflow_file, &diff_workflow] {
        let schema_check = Command::new("check-jsonschema")
            .args(["--builtin-schema", "vendor.github-workflows"])
            .arg(file)
            .output()
            .expect("check-jsonschema on the PATH (pip install check-jsonschema)");
        assert!(
            schema_check.status.success(),
            "{} breaks GitHub's workflow schema:\n{}",
            file.display(),
            String::from_utf8_lossy(&schema_check.stdout)
        );
    }

    // A push of legal scenarios: every step passes, and nothing is annotated.
    let clean = play(&steps, &repository, &scratch.join("runner-1"), &target_dir);
    assert_eq!(clean.len(), steps.len(), "a step failed: {clean:#?}");
    for step in &clean {
        assert_eq!(step.code, 0, "step `{}` failed: {step:#?}", step.name);
    }
    let report = &clean.last().expect("the validate step").stdout;
    assert!(
        !report.contains("::error") && !report.contains("::warning"),
        "{report}"
    );
    assert!(
        report.contains("1 file checked: 0 errors, 0 warnings"),
        "{report}"
    );

    // A push that adds a scenario with errors: the validate step fails, with one annotation
    // per finding, on the lines the fixture's header names.
    let broken_fixture = fixtures_dir().join("invalid/token-off-map.yaml");
    let expected = expectation(&broken_fixture).expect("the fixture's header");
    std::fs::copy(&broken_fixture, repository.join("scenarios/broken.yaml"))
        .expect("copy the broken scenario");
    git(&repository, &["add", "."]);
    git(
        &repository,
        &["commit", "-q", "-m", "A scenario with tokens off the map"],
    );
    let broken = play(&steps, &repository, &scratch.join("runner-2"), &target_dir);
    assert_eq!(
        broken.len(),
        steps.len(),
        "an earlier step failed: {broken:#?}"
    );
    let validate = broken.last().expect("the validate step");
    assert_eq!(validate.code, expected.exit, "{validate:#?}");
    let expected_annotations: BTreeSet<(String, usize, String)> = expected
        .diagnostics
        .iter()
        .map(|(code, line)| ("scenarios/broken.yaml".to_owned(), *line, code.clone()))
        .collect();
    assert_eq!(error_annotations(&validate.stdout), expected_annotations);
}
