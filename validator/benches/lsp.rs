//! What `megahex lsp` costs a designer while typing, measured as an editor sees it: from a
//! one-character change sent to the server to the diagnostics it publishes for that version,
//! and from a hover request to its answer. The document is the convention scenario
//! (`scenarios/convention-dawn-over-megalopolis.yaml`) with its map grown to all eight tiles:
//! the two the box has left placed beside the six it uses.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../../tests/e2e/lsp/mod.rs"]
#[allow(dead_code)]
mod lsp;

use std::process::Command;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::json;

/// The tiles the convention map lacks, in the two free places beside it.
const TWO_MORE_TILES: &str = "    - {tile: 5, side: megalopolis, at: [3, -5], rotation: 0}\n    - {tile: 8, side: megalopolis, at: [8, -7], rotation: 0}\n";

fn eight_tile_convention() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../scenarios/convention-dawn-over-megalopolis.yaml"
    );
    let text = std::fs::read_to_string(path).expect("the bundled scenario");
    let last_tile = "    - {tile: 2, side: megalopolis, at: [-2, -3], rotation: 0}\n";
    assert!(
        text.contains(last_tile),
        "the convention map changed; update the bench"
    );
    text.replacen(last_tile, &format!("{last_tile}{TWO_MORE_TILES}"), 1)
}

fn bench(c: &mut Criterion) {
    let text = eight_tile_convention();
    let mut command = Command::new(env!("CARGO_BIN_EXE_megahex"));
    command.arg("lsp");
    let mut server = lsp::Server::start(command, json!({}));
    let folder = std::env::temp_dir().join("megahex-bench-lsp");
    std::fs::create_dir_all(&folder).unwrap();
    let uri = format!("file://{}/convention-8.yaml", folder.display());
    let opened = server.open_version(&uri, &text, 1);
    assert!(
        opened.is_empty(),
        "the eight-tile map has findings: {opened:?}"
    );
    let title = text.find("title: ").unwrap();
    let line = text[..title].matches('\n').count();
    let column = title - text[..title].rfind('\n').map_or(0, |n| n + 1) + "title: ".len();
    let mut version = 1;
    c.bench_function("lsp: a one-character change to its diagnostics, 8 tiles", |b| {
        b.iter_custom(|rounds| {
            let started = Instant::now();
            for _ in 0..rounds {
                version += 1;
                // The title's first letter, D and d in turn.
                let letter = if version % 2 == 0 { "d" } else { "D" };
                let range = json!({"start": {"line": line, "character": column}, "end": {"line": line, "character": column + 1}});
                let found = server.change(&uri, version, json!([{"range": range, "text": letter}]));
                assert!(found.is_empty());
            }
            started.elapsed()
        });
    });
    // Over a token's id in `tokens:`: its figure, its stats and how far it moves.
    let tokens = text.find("\ntokens:").unwrap();
    let token = tokens + text[tokens..].find("- {id: ").unwrap() + "- {id: ".len() + 1;
    let token_line = text[..token].matches('\n').count();
    let token_column = token - text[..token].rfind('\n').map_or(0, |n| n + 1);
    assert!(
        server
            .hover(&uri, token_line, token_column)
            .contains("token")
    );
    c.bench_function("lsp: hover over a token, 8 tiles", |b| {
        b.iter(|| server.hover(&uri, token_line, token_column));
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = bench
}
criterion_main!(benches);
