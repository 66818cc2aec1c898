//! The command-line examples in the user docs are real: every `$ megahex ...` line of a console
//! block in the documents below is run, and what it prints must be the lines under it (a line
//! `...` stands for any number of lines), and `$ echo $?` must show its exit code.
//!
//! Most documents run from the repository root. `docs/diagnostics.md` runs in a scratch
//! folder holding its YAML examples: each YAML block after an `**Example**` line naming
//! `files.yaml` is written there first, so every diagnostic's example is a file and a run.
//!
//! A block that only illustrates (a file that is not in the repository, a session at a
//! terminal) is marked with `<!-- console: illustrative -->` on the line before it and is not
//! run. `MEGAHEX_BLESS=1 cargo test -p megahex --test e2e docs_console::` rewrites the outputs
//! of blocks without `...` after a deliberate change.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use std::path::{Path, PathBuf};

use common::{megahex_in, scratch_dir, workspace_root};

/// Where a document's commands run.
#[derive(Clone, Copy)]
enum Runs {
    /// From the repository root.
    AtRoot,
    /// In a scratch folder holding the document's YAML examples.
    AmongItsExamples,
}

/// The documents checked, where their commands run, and how many commands each has at least
/// (so a parser that stops finding blocks fails).
const DOCS: [(&str, Runs, usize); 5] = [
    ("docs/rules.md", Runs::AtRoot, 5),
    ("docs/cli.md", Runs::AtRoot, 40),
    ("docs/simulation.md", Runs::AtRoot, 1),
    ("docs/catalog.md", Runs::AtRoot, 0),
    ("docs/diagnostics.md", Runs::AmongItsExamples, 30),
];

const ILLUSTRATIVE: &str = "<!-- console: illustrative -->";

/// One command of a console block and the lines documented under it.
struct Command {
    args: Vec<String>,
    /// A file fed to standard input (`$ cat FILE | megahex ...`).
    stdin: Option<String>,
    /// The documented output's line range in the file.
    output: std::ops::Range<usize>,
    /// The `$ echo $?` answer's line, if the block shows it.
    code_line: Option<usize>,
}

/// The commands of every checked console block of a document. `lines` are the document's lines
/// with each console block's indentation (inside a list item) taken off.
fn commands(doc: &str, lines: &[&str]) -> Vec<Command> {
    let mut found = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim_start() != "```console" {
            i += 1;
            continue;
        }
        let end = i
            + 1
            + lines[i + 1..]
                .iter()
                .position(|l| l.trim_start() == "```")
                .unwrap();
        let illustrative = i > 0 && lines[i - 1].trim() == ILLUSTRATIVE;
        if !illustrative {
            let mut j = i + 1;
            while j < end {
                let line = lines[j];
                let Some(command) = line.strip_prefix("$ ") else {
                    panic!("{doc} line {}: output before any command", j + 1);
                };
                let out_end = j
                    + 1
                    + lines[j + 1..end]
                        .iter()
                        .take_while(|l| !l.starts_with("$ "))
                        .count();
                if command == "echo $?" {
                    let last: &mut Command = found.last_mut().expect("echo after a command");
                    last.code_line = Some(j + 1);
                    j = out_end;
                    continue;
                }
                let (stdin, rest) = match command.strip_prefix("cat ") {
                    Some(piped) => {
                        let (file, rest) = piped.split_once(" | ").unwrap_or_else(|| {
                            panic!("{doc} line {}: `cat` without a pipe into megahex", j + 1)
                        });
                        (Some(file.to_owned()), rest)
                    }
                    None => (None, command),
                };
                let args = rest.strip_prefix("megahex ").unwrap_or_else(|| {
                    panic!(
                        "{doc} line {}: `{command}` is not a megahex command; mark the block {ILLUSTRATIVE}",
                        j + 1
                    )
                });
                assert!(
                    !args.contains('|') && !args.contains('>'),
                    "{doc} line {}: pipes and redirections are not run; mark the block {ILLUSTRATIVE}",
                    j + 1
                );
                found.push(Command {
                    args: args.split_whitespace().map(str::to_owned).collect(),
                    stdin,
                    output: j + 1..out_end,
                    code_line: None,
                });
                j = out_end;
            }
        }
        i = end + 1;
    }
    found
}

/// The document's lines with each console block's indentation taken off, and that indentation
/// by line (to put back when rewriting).
fn outdented(text: &str) -> (Vec<String>, Vec<&str>) {
    let mut lines = Vec::new();
    let mut indents = Vec::new();
    let mut indent: Option<&str> = None;
    for line in text.lines() {
        let trimmed = line.trim_start();
        let here = &line[..line.len() - trimmed.len()];
        match indent {
            None if trimmed == "```console" => {
                indent = Some(here);
                lines.push(trimmed.to_owned());
                indents.push(here);
            }
            Some(block) => {
                let inner = line.strip_prefix(block).unwrap_or(trimmed);
                if trimmed == "```" {
                    indent = None;
                }
                lines.push(inner.to_owned());
                indents.push(block);
            }
            None => {
                lines.push(line.to_owned());
                indents.push("");
            }
        }
    }
    (lines, indents)
}

/// Does the output match the documented lines? A line `...` matches any run of lines, and a
/// line cut short with `...` (perhaps followed by closing brackets, as a long JSON line is
/// shown) matches any line that starts with what comes before.
fn matches(documented: &[String], actual: &[String]) -> bool {
    match documented.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => {
            let same = actual.first().is_some_and(|line| match cut_short(first) {
                Some(prefix) => line.starts_with(prefix),
                None => line == first,
            });
            same && matches(rest, &actual[1..])
        }
    }
}

/// The part before `...` of a line shown cut short.
fn cut_short(line: &str) -> Option<&str> {
    let trimmed = line.trim_end_matches([']', '}']);
    trimmed
        .strip_suffix("...")
        .filter(|prefix| !prefix.is_empty())
}

/// The file names an `**Example**` line gives in backticks.
fn example_names(line: &str) -> Vec<String> {
    line.split('`')
        .skip(1)
        .step_by(2)
        .filter(|name| name.ends_with(".yaml") || name.ends_with(".yml"))
        .map(str::to_owned)
        .collect()
}

/// Writes the YAML examples of a document into a fresh scratch folder: each YAML block after
/// an `**Example**` line takes the next name that line gives.
fn write_examples(doc: &str, lines: &[&str]) -> PathBuf {
    let dir = scratch_dir(&format!("docs-examples-{}", doc.replace('/', "_")));
    let mut names: Vec<String> = Vec::new();
    let mut written = 0;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if line.starts_with("**Example**") {
            names = example_names(line);
        } else if line.trim_start() == "```yaml" && !names.is_empty() {
            let end = i
                + 1
                + lines[i + 1..]
                    .iter()
                    .position(|l| l.trim_start() == "```")
                    .unwrap();
            let name = names.remove(0);
            let mut text = lines[i + 1..end].join("\n");
            text.push('\n');
            std::fs::write(dir.join(&name), text).unwrap();
            written += 1;
            i = end;
        }
        i += 1;
    }
    assert!(written > 0, "{doc}: no YAML examples found");
    dir
}

fn run(root: &Path, command: &Command) -> (Vec<String>, i32) {
    let run = match &command.stdin {
        None => megahex_in(root, &command.args),
        Some(file) => {
            let input = std::fs::read(root.join(file)).unwrap();
            common::megahex_with_stdin(root, &command.args, &input)
        }
    };
    let lines = format!("{}{}", run.stdout, run.stderr)
        .lines()
        .map(|l| l.trim_end().to_owned())
        .collect();
    (lines, run.code)
}

#[test]
fn console_examples_print_what_the_docs_show() {
    let root = workspace_root();
    let bless = common::blessing();
    let mut problems = Vec::new();
    for (doc, runs, at_least) in DOCS {
        let path = root.join(doc);
        let text = std::fs::read_to_string(&path).unwrap();
        let (lines, indents) = outdented(&text);
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        let here = match runs {
            Runs::AtRoot => root.clone(),
            Runs::AmongItsExamples => write_examples(doc, &lines),
        };
        // The document as written, indentation and all, for rewriting.
        let mut rewritten: Vec<String> = text.lines().map(str::to_owned).collect();
        let commands = commands(doc, &lines);
        assert!(
            commands.len() >= at_least,
            "{doc}: only {} commands found",
            commands.len()
        );
        for command in commands.iter().rev() {
            let (actual, code) = run(&here, command);
            let documented: Vec<String> = lines[command.output.clone()]
                .iter()
                .map(|l| l.trim_end().to_owned())
                .collect();
            let code_ok = command
                .code_line
                .is_none_or(|l| lines.get(l).is_some_and(|c| c.trim() == code.to_string()));
            if matches(&documented, &actual) && code_ok {
                continue;
            }
            let wildcard = documented
                .iter()
                .any(|l| l == "..." || cut_short(l).is_some());
            problems.push(format!(
                "{doc} line {}: `megahex {}` printed (exit {code}){}:\n{}\n",
                command.output.start,
                command.args.join(" "),
                if wildcard {
                    ", not blessed: the block has `...`"
                } else {
                    ""
                },
                actual.join("\n")
            ));
            if !wildcard {
                // Put each line back at its block's indentation.
                let indent = indents
                    .get(command.output.start)
                    .copied()
                    .unwrap_or_default();
                if let Some(l) = command.code_line {
                    rewritten[l] = format!("{indent}{code}");
                }
                let indented: Vec<String> = actual.iter().map(|l| format!("{indent}{l}")).collect();
                rewritten.splice(command.output.clone(), indented);
            }
        }
        if bless {
            let mut out = rewritten.join("\n");
            out.push('\n');
            std::fs::write(&path, out).unwrap();
        }
    }
    assert!(
        problems.is_empty() || bless,
        "{} example(s) are out of date; rerun with MEGAHEX_BLESS=1 after checking the change:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn wildcards_match_runs_of_lines() {
    let v = |s: &[&str]| s.iter().map(|x| (*x).to_owned()).collect::<Vec<_>>();
    assert!(matches(&v(&["a", "...", "d"]), &v(&["a", "b", "c", "d"])));
    assert!(matches(&v(&["a", "...", "d"]), &v(&["a", "d"])));
    assert!(!matches(&v(&["a", "...", "d"]), &v(&["a", "b", "c"])));
    assert!(!matches(&v(&["a", "b"]), &v(&["a", "b", "c"])));
    assert!(matches(
        &v(&["[{\"a\":1},...]"]),
        &v(&["[{\"a\":1},{\"b\":2}]"])
    ));
    assert!(!matches(&v(&["[{\"a\":1},...]"]), &v(&["[{\"a\":2}]"])));
}

/// The pictures under `docs/images/` that a `megahex render` line of the docs makes are what
/// that line makes today: each is rendered again to a scratch file and compared byte for byte.
/// `MEGAHEX_BLESS=1` writes the new pictures in place.
#[test]
fn doc_pictures_are_what_megahex_render_draws() {
    let root = workspace_root();
    let bless = common::blessing();
    let scratch = common::scratch_dir("docs-pictures");
    let mut stale = Vec::new();
    let mut checked = 0;
    for doc in std::fs::read_dir(root.join("docs")).unwrap() {
        let path = doc.unwrap().path();
        if path.extension().is_none_or(|e| e != "md") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for line in text.lines() {
            let Some(args) = line.trim().strip_prefix("megahex render ") else {
                continue;
            };
            let mut args: Vec<String> = std::iter::once("render".to_owned())
                .chain(args.split_whitespace().map(str::to_owned))
                .collect();
            let Some(o) = args.iter().position(|a| a == "-o") else {
                continue;
            };
            let picture = args[o + 1].clone();
            if !picture.starts_with("docs/images/") {
                continue;
            }
            let fresh = scratch.join(picture.replace('/', "_"));
            args[o + 1] = fresh.display().to_string();
            let run = megahex_in(&root, &args);
            assert_eq!(run.code, 0, "`{line}` failed: {}", run.stderr);
            checked += 1;
            let made = std::fs::read(&fresh).unwrap();
            if std::fs::read(root.join(&picture)).ok().as_deref() != Some(made.as_slice()) {
                if bless {
                    std::fs::write(root.join(&picture), &made).unwrap();
                }
                stale.push(picture);
            }
        }
    }
    assert!(checked >= 10, "only {checked} pictures found");
    assert!(
        stale.is_empty() || bless,
        "these pictures are not what their commands draw today; rerun with MEGAHEX_BLESS=1 after looking at them: {stale:?}"
    );
}
