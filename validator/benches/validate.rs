//! Validation throughput on 400 real scenario files: the library's `Checker` over all of them in
//! parallel, as `megahex validate` runs it, and the `megahex validate` binary end to end (start,
//! search, read, check, report). The files are copies of the bundled `scenarios/*.yaml` with
//! varied titles, written to a temporary folder when the bench starts and removed at its end.
//!
//! With `MEGAHEX_BENCH_CHECK_JSONSCHEMA=1` and `check-jsonschema` on the `PATH`, the same 400
//! files are also timed through `check-jsonschema --schemafile schema/scenario.schema.json`
//! (schema only), for the comparison in `docs/ci.md`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use megahex::Checker;
use megahex_schema::Catalog;
use rayon::prelude::*;

/// How many scenario files each run validates.
const FILES: usize = 400;

/// The workspace root.
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the validator lives inside the workspace")
        .to_path_buf()
}

/// Writes `FILES` scenarios into a fresh folder: the bundled ones in turn, each copy with its
/// own title, so every file is a different, valid scenario.
fn generate(dir: &Path) -> Vec<PathBuf> {
    let mut bundled: Vec<PathBuf> = std::fs::read_dir(workspace_root().join("scenarios"))
        .expect("the bundled scenarios")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    bundled.sort();
    assert!(!bundled.is_empty(), "no bundled scenarios");
    let texts: Vec<String> = bundled
        .iter()
        .map(|p| std::fs::read_to_string(p).expect("a bundled scenario"))
        .collect();
    if dir.exists() {
        std::fs::remove_dir_all(dir).expect("remove an old bench folder");
    }
    std::fs::create_dir_all(dir).expect("create the bench folder");
    (0..FILES)
        .map(|i| {
            let text = &texts[i % texts.len()];
            let copy: String = text
                .lines()
                .map(|line| match line.strip_prefix("title: ") {
                    Some(title) => format!("title: {title} (variant {i})"),
                    None => line.to_owned(),
                })
                .collect::<Vec<_>>()
                .join("\n");
            let path = dir.join(format!("scenario-{i:03}.yaml"));
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

fn validate_400(c: &mut Criterion) {
    let folder =
        Folder(std::env::temp_dir().join(format!("megahex-bench-validate-{}", std::process::id())));
    let files = generate(&folder.0);

    // The generated files must really be valid, or the bench would time error paths.
    let checker = Checker::new(Catalog::builtin()).expect("the checker");
    let no_catalog = |_: &str| -> Result<megahex::CatalogFile, String> { Err("no catalog".into()) };
    for file in &files {
        let outcome = checker.check_bytes(&std::fs::read(file).unwrap(), &no_catalog);
        assert!(
            outcome.diagnostics.is_empty(),
            "{} is not clean: {:?}",
            file.display(),
            outcome.diagnostics
        );
    }

    let mut group = c.benchmark_group("validate 400 scenario files");
    group.throughput(Throughput::Elements(FILES as u64));
    group.sample_size(20);
    group.bench_function(
        "library: Checker, files read and checked in parallel",
        |b| {
            b.iter(|| {
                let outcomes: Vec<usize> = files
                    .par_iter()
                    .map(|file| {
                        let bytes = std::fs::read(file).unwrap();
                        checker.check_bytes(&bytes, &no_catalog).diagnostics.len()
                    })
                    .collect();
                black_box(outcomes)
            })
        },
    );
    let binary = env!("CARGO_BIN_EXE_megahex");
    group.bench_function("binary: megahex validate DIR, end to end", |b| {
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
    if std::env::var_os("MEGAHEX_BENCH_CHECK_JSONSCHEMA").is_some_and(|v| !v.is_empty()) {
        let schema = workspace_root().join("schema/scenario.schema.json");
        group.sample_size(10);
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
    group.finish();
}

criterion_group!(benches, validate_400);
criterion_main!(benches);
