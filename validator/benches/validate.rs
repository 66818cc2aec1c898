//! What `megahex validate` costs on a convention-sized scenario: one file on one thread (the
//! library's `Checker`, as each worker runs it), and a folder of 4,000 copies through the
//! binary end to end (start, search, read, check, report) on every core and on one. The copies are
//! `scenarios/convention-dawn-over-megalopolis.yaml`, six tiles and twenty tokens, each with its
//! own title, written to a temporary folder when the bench starts and removed at its end.
//!
//! The schema-only validators CI users reach for run on the same folder, the same way, when
//! asked: `MEGAHEX_BENCH_CHECK_JSONSCHEMA=1` times `check-jsonschema --schemafile` and
//! `MEGAHEX_BENCH_AJV=1` times `ajv validate --spec=draft2020` (both must be on the `PATH`),
//! for the comparison in `docs/ci.md`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use megahex::Checker;
use megahex_schema::Catalog;

/// The allocator `megahex validate` runs with, so the library's cost here is the binary's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// How many scenario files the folder holds.
const FILES: usize = 4_000;

/// The scenario every file is a copy of.
const CONVENTION: &str = "scenarios/convention-dawn-over-megalopolis.yaml";

/// The workspace root.
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the validator lives inside the workspace")
        .to_path_buf()
}

fn convention_text() -> String {
    std::fs::read_to_string(workspace_root().join(CONVENTION)).expect("the convention scenario")
}

/// Writes `FILES` copies of the convention scenario into a fresh folder, each with its own
/// title, so every file is a different, valid scenario.
fn generate(dir: &Path) -> Vec<PathBuf> {
    let text = convention_text();
    if dir.exists() {
        std::fs::remove_dir_all(dir).expect("remove an old bench folder");
    }
    std::fs::create_dir_all(dir).expect("create the bench folder");
    (0..FILES)
        .map(|i| {
            let copy: String = text
                .lines()
                .map(|line| match line.strip_prefix("title: ") {
                    Some(title) => format!("title: {title} (table {i})"),
                    None => line.to_owned(),
                })
                .collect::<Vec<_>>()
                .join("\n");
            let path = dir.join(format!("scenario-{i:04}.yaml"));
            std::fs::write(&path, copy + "\n").expect("write a bench scenario");
            path
        })
        .collect()
}

/// Removes the generated folder when the bench ends, even when it fails.
struct Folder(PathBuf);

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn no_catalog(_: &str) -> Result<megahex::CatalogFile, megahex::ReadError> {
    Err("no catalog".into())
}

fn one_file(c: &mut Criterion) {
    let checker = Checker::new(Catalog::builtin()).expect("the checker");
    let bytes = convention_text().into_bytes();
    // The file must really be valid, or the bench would time an error path.
    let outcome = checker.check_bytes(&bytes, &no_catalog);
    assert!(outcome.diagnostics.is_empty(), "{:?}", outcome.diagnostics);

    let mut group = c.benchmark_group("validate one file");
    group.throughput(Throughput::Elements(1));
    group.bench_function("library: Checker::check_bytes, one thread", |b| {
        b.iter(|| black_box(checker.check_bytes(black_box(&bytes), &no_catalog)))
    });
    group.finish();
}

fn folder_of_4000(c: &mut Criterion) {
    let folder =
        Folder(std::env::temp_dir().join(format!("megahex-bench-validate-{}", std::process::id())));
    let files = generate(&folder.0);

    let mut group = c.benchmark_group("validate 4,000 files");
    group.throughput(Throughput::Elements(FILES as u64));
    group.sample_size(10);
    let binary = env!("CARGO_BIN_EXE_megahex");
    group.bench_function("binary: megahex validate DIR, all threads", |b| {
        b.iter(|| {
            let status = Command::new(binary)
                .arg("validate")
                .arg(&folder.0)
                .stdout(Stdio::null())
                .status()
                .unwrap();
            assert!(status.success());
        })
    });
    group.bench_function("binary: megahex validate DIR, one thread", |b| {
        b.iter(|| {
            let status = Command::new(binary)
                .arg("validate")
                .arg(&folder.0)
                .env("RAYON_NUM_THREADS", "1")
                .stdout(Stdio::null())
                .status()
                .unwrap();
            assert!(status.success());
        })
    });
    let schema = workspace_root().join("schema/scenario.schema.json");
    if wanted("MEGAHEX_BENCH_CHECK_JSONSCHEMA") {
        group.bench_function("check-jsonschema --schemafile, schema only", |b| {
            b.iter(|| {
                let status = Command::new("check-jsonschema")
                    .arg("--schemafile")
                    .arg(&schema)
                    .args(&files)
                    .stdout(Stdio::null())
                    .status()
                    .expect("check-jsonschema on the PATH");
                assert!(status.success());
            })
        });
    }
    if wanted("MEGAHEX_BENCH_AJV") {
        let data = folder.0.join("*.yaml");
        group.bench_function("ajv validate --spec=draft2020, schema only", |b| {
            b.iter(|| {
                let status = Command::new("ajv")
                    .args(["validate", "--spec=draft2020", "--strict=false", "-s"])
                    .arg(&schema)
                    .arg("-d")
                    .arg(&data)
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .status()
                    .expect("ajv on the PATH");
                assert!(status.success());
            })
        });
    }
    group.finish();
}

/// Whether an opt-in comparison row was asked for.
fn wanted(variable: &str) -> bool {
    std::env::var_os(variable).is_some_and(|v| !v.is_empty())
}

/// Files built to be slow: thousands of keys in one mapping and thousands of ids, all sharing
/// long prefixes (what makes keys collide in a hash that looks at lengths or prefixes, and the
/// worst case for comparing them), and a figure standing on thousands of hexes. Each is timed
/// per key, id or hex, beside the convention scenario's cost per YAML node.
fn hostile_files(c: &mut Criterion) {
    let checker = Checker::new(Catalog::builtin()).expect("the checker");
    let mut group = c.benchmark_group("hostile files");
    group.sample_size(10);
    for (name, text, count) in hostile::files() {
        let bytes = text.into_bytes();
        group.throughput(Throughput::Elements(count as u64));
        group.bench_function(name, |b| {
            b.iter(|| black_box(checker.check_bytes(black_box(&bytes), &no_catalog)))
        });
    }
    group.finish();
}

#[path = "../lib/tests/library/hostile.rs"]
mod hostile;

criterion_group!(benches, one_file, folder_of_4000, hostile_files);
criterion_main!(benches);
