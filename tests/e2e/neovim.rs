//! `megahex lsp` in a real editor: a headless Neovim, its built-in LSP client attached as a
//! designer's configuration attaches it (docs/editors.md), opens every fixture and the bundled
//! scenarios and shows the diagnostics `megahex validate` reports, then hovers, jumps to a
//! definition and lists quick fixes.
//!
//! Neovim is not a Rust crate, so the test is ignored by default; `.ci/run` installs it
//! (`.ci/install-clients.sh`) and runs `cargo test -p megahex --test e2e -- --ignored neovim::`.

// Test code: a failed unwrap is a failed test, also in the helpers outside `#[test]` functions.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use std::process::Command;

use common::{megahex_bin, megahex_in, relative, scratch_dir, workspace_root};
use serde_json::{Value, json};

#[test]
#[ignore = "needs Neovim; .ci/run installs it"]
fn neovim_shows_what_validate_reports_and_answers_hover_definition_and_fixes() {
    let nvim = std::env::var("MEGAHEX_NEOVIM").unwrap_or_else(|_| "nvim".to_owned());
    let root = workspace_root();
    let mut files: Vec<String> = ["valid", "warning", "invalid"]
        .into_iter()
        .flat_map(common::fixtures)
        .chain(common::scenario_files())
        // An editor opens text: a file that is not UTF-8 is not one a designer edits here.
        .filter(|f| std::fs::read_to_string(f).is_ok())
        .map(|f| relative(&f, &root))
        .collect();
    files.sort();
    // A place in a file, by the text found there and a step into it.
    let at = |file: &str, needle: &str, past: usize| {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        let offset = text.find(needle).unwrap() + past;
        let line = text[..offset].matches('\n').count();
        let character = offset - text[..offset].rfind('\n').map_or(0, |n| n + 1);
        json!({"file": file, "line": line, "character": character})
    };
    let blades = "scenarios/city-blades-gambit.yaml";
    let arena = "tests/fixtures/valid/hex-skirmish-playtest.yaml";
    let deck = "tests/fixtures/valid/solar-playtest.yaml";
    let plan = json!({
        "files": files,
        "hovers": [
            at(blades, "at: 1/10", 6),
            at(arena, "target: mage", 9),
            at(deck, "activate: [warden]", 12),
        ],
        "definitions": [
            at(blades, "team: heroes, at: 1/10", 8),
            at(arena, "target: mage", 9),
            at(deck, "activate: [warden]", 12),
        ],
        "actions": {"file": "tests/fixtures/invalid/tile-duplicate-blades.yaml", "line": 0, "character": 0},
        "references": [
            at(blades, "team: heroes, at: 1/10", 8),
            at(arena, "target: mage", 9),
            at(deck, "activate: [warden]", 12),
        ],
        "completions": [
            at(blades, "team: heroes, at: 1/10", 8),
            at(deck, "stacks: [[drone", 10),
        ],
        "rename": {
            "file": "tests/fixtures/valid/hex-skirmish-playtest.yaml",
            "line": at(arena, "target: mage", 9)["line"],
            "character": at(arena, "target: mage", 9)["character"],
            "new_name": "sorcerer",
        },
    });
    let scratch = scratch_dir("neovim-client");
    let plan_file = scratch.join("plan.json");
    let out_file = scratch.join("out.json");
    std::fs::write(&plan_file, plan.to_string()).unwrap();
    let script = root.join("tests/e2e/neovim_client.lua");
    let run = Command::new(&nvim)
        .current_dir(&root)
        .args(["--headless", "--clean", "-c"])
        .arg(format!("luafile {}", script.display()))
        .env("MEGAHEX_BIN", megahex_bin())
        .env("MEGAHEX_NVIM_PLAN", &plan_file)
        .env("MEGAHEX_NVIM_OUT", &out_file)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {nvim}: {e}; run `bash .ci/install-clients.sh`"));
    let got: Value = std::fs::read_to_string(&out_file)
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_else(|| {
            panic!(
                "Neovim wrote no result: {}\n{}",
                String::from_utf8_lossy(&run.stdout),
                String::from_utf8_lossy(&run.stderr)
            )
        });

    // Every file: the diagnostics Neovim shows are validate's (code, severity, line, column).
    let mut args = vec!["validate".to_owned(), "--format".into(), "json".into()];
    args.extend(files.iter().cloned());
    let report = megahex_in(&root, &args).json();
    let shown = got["files"].as_array().unwrap();
    assert_eq!(shown.len(), files.len());
    let mut differ = Vec::new();
    for (file, expected) in shown.iter().zip(report["files"].as_array().unwrap()) {
        assert_eq!(
            file["arrived"], true,
            "{}: no diagnostics arrived",
            file["path"]
        );
        let severity = |s: &str| match s {
            "error" => 1,
            "warning" => 2,
            _ => 3,
        };
        let mut want: Vec<(String, u64, u64, u64)> = expected["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| {
                (
                    d["code"].as_str().unwrap().to_owned(),
                    severity(d["severity"].as_str().unwrap()),
                    d["line"].as_u64().unwrap_or(1),
                    d["column"].as_u64().unwrap_or(1),
                )
            })
            .collect();
        let mut have: Vec<(String, u64, u64, u64)> = file["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| {
                (
                    d["code"].as_str().unwrap_or_default().to_owned(),
                    d["severity"].as_u64().unwrap(),
                    d["line"].as_u64().unwrap(),
                    d["column"].as_u64().unwrap(),
                )
            })
            .collect();
        want.sort();
        have.sort();
        if want != have {
            differ.push(format!(
                "{}:\n  neovim:   {have:?}\n  validate: {want:?}",
                file["path"]
            ));
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));

    // Hovers over `1/10`, a unit and a card name what is there; each id's definition is its
    // own entry (the first line in the file that writes the id after `id: `).
    let hovers: Vec<&str> = got["hovers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h.as_str().unwrap())
        .collect();
    assert!(hovers[0].contains("hex 1/10"), "{hovers:?}");
    assert!(hovers[1].contains("unit `mage`"), "{hovers:?}");
    assert!(hovers[2].contains("card `warden`"), "{hovers:?}");
    for ((file, id), definition) in [(blades, "heroes"), (arena, "mage"), (deck, "warden")]
        .into_iter()
        .zip(got["definitions"].as_array().unwrap())
    {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        let line = text
            .lines()
            .position(|l| l.contains(&format!("id: {id}")))
            .unwrap();
        assert_eq!(
            definition[0]["range"]["start"]["line"], line,
            "{file} {id}: {definition}"
        );
    }
    let actions: Vec<&str> = got["actions"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(
        !actions.is_empty() && actions.iter().all(|a| a.starts_with("use tile ")),
        "{actions:?}"
    );
    // The preferred fix, applied in Neovim, leaves nothing to report.
    assert_eq!(got["fixed_diagnostics"], json!([]), "{}", got["fixed_text"]);

    // References: every line that writes the id (each writes it once here).
    let mut counts = Vec::new();
    for (file, id) in [(blades, "heroes"), (arena, "mage"), (deck, "warden")] {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        counts.push(crate::language_server::id_lines(&text, id).len() as u64);
    }
    let references: Vec<u64> = got["references"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect();
    assert_eq!(references, counts);

    // Completion: a token's team offers the teams, a stack the deck's conflict cards.
    let completions = got["completions"].as_array().unwrap();
    assert_eq!(completions[0], json!(["heroes", "villains"]));
    let deck_text = std::fs::read_to_string(root.join(deck)).unwrap();
    let cards: Vec<String> = deck_text
        .lines()
        .skip_while(|l| !l.starts_with("conflict:"))
        .take_while(|l| !l.starts_with("bosses:"))
        .filter_map(|l| l.split("id: ").nth(1))
        .map(|rest| rest.split([',', '}']).next().unwrap().trim().to_owned())
        .collect();
    assert_eq!(completions[1], json!(cards));

    // Rename in the buffer: every `mage` id is `sorcerer`, and the file still checks clean.
    let renamed = got["renamed_text"].as_str().unwrap();
    let arena_text = std::fs::read_to_string(root.join(arena)).unwrap();
    assert_eq!(
        crate::language_server::id_lines(renamed, "sorcerer"),
        crate::language_server::id_lines(&arena_text, "mage")
    );
    assert!(crate::language_server::id_lines(renamed, "mage").is_empty());
    assert_eq!(got["renamed_diagnostics"], json!([]));
}
