//! The README's first command builds a subset of what its test command builds: every crate
//! `cargo build -p megahex` compiles is compiled with the features `cargo test --workspace`
//! gives it, so the tests reuse that first build. A dependency update that turns a feature on
//! in the editor or a test dependency breaks this silently (the tests just take minutes longer
//! to build); this test says which crate, and `validator/Cargo.toml`'s feature-unification
//! list is where the feature goes.

use std::collections::BTreeMap;
use std::process::Command;

use crate::common::workspace_root;

/// Each package of a `cargo tree` (name and version) with the features it is built with.
fn features(args: &[&str]) -> BTreeMap<String, String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .current_dir(workspace_root())
        .arg("tree")
        .args(args)
        .args(["--locked", "--prefix", "none", "--format", "{p}|{f}"])
        .output()
        .expect("run cargo tree");
    assert!(
        output.status.success(),
        "cargo tree {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| line.trim_end_matches(" (*)").split_once('|'))
        .map(|(package, features)| (package.to_owned(), features.to_owned()))
        .collect()
}

#[test]
fn the_first_build_is_part_of_the_test_build() {
    let first = features(&["-p", "megahex", "-e", "normal,build"]);
    let tests = features(&["--workspace", "-e", "normal,build,dev"]);
    assert!(
        first.len() > 100,
        "only {} packages in the build",
        first.len()
    );
    let differ: Vec<String> = first
        .iter()
        .filter(|(package, features)| tests.get(*package) != Some(*features))
        .map(|(package, features)| {
            format!(
                "{package}: `-p megahex` builds [{features}], the tests [{}]",
                tests.get(package).map_or("", String::as_str)
            )
        })
        .collect();
    assert!(
        differ.is_empty(),
        "name these features in validator/Cargo.toml's feature-unification list:\n{}",
        differ.join("\n")
    );
}
