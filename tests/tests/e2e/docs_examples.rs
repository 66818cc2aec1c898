//! The examples in `docs/diagnostics.md` are real: each YAML example is written to a scratch
//! folder, `megahex validate` runs on it, and its output and exit code must match the console
//! block that follows. `MEGAHEX_BLESS=1 cargo test -p megahex-tests --test e2e docs_examples::`
//! rewrites the console blocks after a deliberate change of wording.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use common::{megahex_in, scratch_dir, workspace_root};

/// One console block: the command's arguments, and where its output sits in the document.
struct ConsoleBlock {
    args: Vec<String>,
    /// Line range (0-based, exclusive end) of the output between the command and `$ echo $?`.
    output_lines: std::ops::Range<usize>,
    /// Line holding the exit code.
    code_line: usize,
}

fn backticked_names(line: &str) -> Vec<String> {
    line.split('`')
        .skip(1)
        .step_by(2)
        .filter(|name| name.ends_with(".yaml") || name.ends_with(".yml"))
        .map(str::to_owned)
        .collect()
}

#[test]
fn diagnostics_doc_outputs_are_what_megahex_prints() {
    let path = workspace_root().join("docs/diagnostics.md");
    let doc = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = doc.lines().collect();
    let dir = scratch_dir("docs-examples");

    let mut pending_names: Vec<String> = Vec::new();
    let mut blocks = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if line.starts_with("**Example**") {
            pending_names = backticked_names(line);
        } else if line.trim_start() == "```yaml" && !pending_names.is_empty() {
            let end = i
                + 1
                + lines[i + 1..]
                    .iter()
                    .position(|l| l.trim_start() == "```")
                    .unwrap();
            let name = pending_names.remove(0);
            let mut text = lines[i + 1..end].join("\n");
            text.push('\n');
            std::fs::write(dir.join(&name), text).unwrap();
            i = end;
        } else if line.trim_start() == "```console" {
            let command = lines[i + 1];
            let args: Vec<String> = command
                .strip_prefix("$ megahex ")
                .unwrap_or_else(|| panic!("line {}: console block starts with `{command}`", i + 2))
                .split_whitespace()
                .map(str::to_owned)
                .collect();
            let echo = i
                + 2
                + lines[i + 2..]
                    .iter()
                    .position(|l| *l == "$ echo $?")
                    .unwrap();
            blocks.push(ConsoleBlock {
                args,
                output_lines: i + 2..echo,
                code_line: echo + 1,
            });
            i = echo + 1;
        }
        i += 1;
    }
    assert!(
        blocks.len() >= 15,
        "only {} console examples found",
        blocks.len()
    );

    let mut rewritten: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
    let mut problems = Vec::new();
    // Replace from the bottom so earlier line numbers stay valid.
    for block in blocks.iter().rev() {
        let run = megahex_in(&dir, &block.args);
        let actual: Vec<String> = format!("{}{}", run.stdout, run.stderr)
            .lines()
            .map(|l| l.trim_end().to_owned())
            .collect();
        let documented: Vec<String> = lines[block.output_lines.clone()]
            .iter()
            .map(|l| l.trim_end().to_owned())
            .collect();
        if actual != documented || lines[block.code_line] != run.code.to_string() {
            problems.push(format!(
                "docs/diagnostics.md line {}: `megahex {}` printed (exit {}):\n{}\n",
                block.output_lines.start,
                block.args.join(" "),
                run.code,
                actual.join("\n")
            ));
        }
        rewritten[block.code_line] = run.code.to_string();
        rewritten.splice(block.output_lines.clone(), actual);
    }
    if std::env::var_os("MEGAHEX_BLESS").is_some() {
        let mut text = rewritten.join("\n");
        text.push('\n');
        std::fs::write(&path, text).unwrap();
        return;
    }
    assert!(
        problems.is_empty(),
        "{} example(s) are out of date; rerun with MEGAHEX_BLESS=1 after checking the change:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
