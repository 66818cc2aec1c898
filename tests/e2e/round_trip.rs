//! Round trips through the data model: every valid scenario loads, saves deterministically, and
//! loads again to the same model; a second YAML parser and the committed JSON Schema agree.

// Test code: a failed unwrap is a failed test, also in the helpers outside `#[test]` functions.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use std::path::{Path, PathBuf};

use common::{fixtures, relative, scenario_files, workspace_root};
use megahex::{CatalogFile, Checker, Outcome, Severity};
use megahex_schema::Catalog;

/// Valid fixtures (warnings allowed) and the bundled scenarios.
fn valid_corpus() -> Vec<PathBuf> {
    let mut files = fixtures("valid");
    files.extend(fixtures("warning"));
    files.extend(scenario_files());
    files
}

fn checker() -> Checker {
    Checker::new(Catalog::builtin()).unwrap()
}

/// Checks `text` as if it were the file `path`: a scenario's `catalog:` is read relative to it,
/// the way the CLI does.
fn check(checker: &Checker, path: &Path, text: &str) -> Outcome {
    let base = path.parent().unwrap().to_path_buf();
    checker.check_text(text, &|relative: &str| {
        CatalogFile::read(&base, relative, checker.max_file_bytes())
    })
}

/// Like `check`, with no catalog reader at all.
fn check_without_catalog(checker: &Checker, text: &str) -> Outcome {
    checker.check_text(text, &|_| Err("no catalog".into()))
}

fn errors(outcome: &Outcome) -> Vec<String> {
    outcome
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| {
            format!(
                "{} at line {:?}: {}",
                d.code.as_str(),
                d.span.map(|s| s.line),
                d.message
            )
        })
        .collect()
}

fn name(path: &Path) -> String {
    relative(path, &workspace_root())
}

#[test]
fn valid_scenarios_round_trip_through_the_model() {
    let checker = checker();
    let corpus = valid_corpus();
    assert!(corpus.len() >= 5, "only {} valid files", corpus.len());
    for path in corpus {
        let name = name(&path);
        let text = std::fs::read_to_string(&path).unwrap();

        let first = check(&checker, &path, &text);
        assert!(errors(&first).is_empty(), "{name}: {:?}", errors(&first));
        let model = first.scenario.expect("a valid file yields a model");

        let saved = megahex_schema::yaml_text(&model).unwrap();
        let again = check(&checker, &path, &saved);
        assert!(
            errors(&again).is_empty(),
            "{name}: the re-saved text has errors {:?}:\n{saved}",
            errors(&again)
        );
        let reloaded = again.scenario.expect("the re-saved text yields a model");
        assert_eq!(reloaded, model, "{name}: the model changed on a round trip");

        let saved_twice = megahex_schema::yaml_text(&reloaded).unwrap();
        assert_eq!(saved_twice, saved, "{name}: saving is not deterministic");
    }
}

#[test]
fn scenarios_without_a_catalog_key_load_without_a_catalog_reader() {
    let checker = checker();
    for path in valid_corpus() {
        let name = name(&path);
        let text = std::fs::read_to_string(&path).unwrap();
        let outcome = check_without_catalog(&checker, &text);
        let model = outcome.scenario.as_ref();
        if model.is_some_and(|s| s.catalog().is_some()) {
            // The reader is needed; without it the catalog is reported, and nothing else.
            let codes: Vec<&str> = outcome
                .diagnostics
                .iter()
                .map(|d| d.code.as_str())
                .collect();
            assert_eq!(codes, ["catalog-invalid"], "{name}");
            continue;
        }
        assert!(
            errors(&outcome).is_empty(),
            "{name}: {:?}",
            errors(&outcome)
        );
        let model = outcome.scenario.unwrap();
        let saved = megahex_schema::yaml_text(&model).unwrap();
        let again = check_without_catalog(&checker, &saved);
        assert!(errors(&again).is_empty(), "{name}: {:?}", errors(&again));
        assert_eq!(again.scenario.as_ref(), Some(&model), "{name}");
    }
}

/// A scenario read by serde_yaml's parser, its numbers taken as JSON Schema takes them: JSON has
/// one number type, so `3.0` is the integer 3.
fn read_with_serde_yaml(text: &str) -> Result<megahex_schema::AnyScenario, String> {
    fn json(value: serde_yaml::Value) -> serde_json::Value {
        use serde_yaml::Value as Y;
        match value {
            Y::Null => serde_json::Value::Null,
            Y::Bool(b) => b.into(),
            Y::Number(n) => match (n.as_i64(), n.as_u64(), n.as_f64()) {
                (Some(i), _, _) => i.into(),
                (_, Some(u), _) => u.into(),
                (_, _, Some(f)) if f.fract() == 0.0 && f.abs() < 1e15 => (f as i64).into(),
                (_, _, Some(f)) => f.into(),
                _ => serde_json::Value::Null,
            },
            Y::String(s) => s.into(),
            Y::Sequence(items) => items.into_iter().map(json).collect(),
            Y::Mapping(map) => map
                .into_iter()
                .filter_map(|(k, v)| k.as_str().map(|k| (k.to_owned(), json(v))))
                .collect::<serde_json::Map<_, _>>()
                .into(),
            Y::Tagged(tagged) => json(tagged.value),
        }
    }
    let value: serde_yaml::Value = serde_yaml::from_str(text).map_err(|e| e.to_string())?;
    megahex_schema::AnyScenario::deserialize_value(&json(value)).map_err(|e| e.to_string())
}

#[test]
fn a_second_yaml_parser_reads_the_same_model() {
    let checker = checker();
    for path in valid_corpus() {
        let name = name(&path);
        let text = std::fs::read_to_string(&path).unwrap();
        let model = check(&checker, &path, &text).scenario.unwrap();
        let other = read_with_serde_yaml(&text)
            .unwrap_or_else(|e| panic!("{name}: serde_yaml refuses it: {e}"));
        assert_eq!(other, model, "{name}: serde_yaml reads another model");

        let saved = megahex_schema::yaml_text(&model).unwrap();
        let other_again = read_with_serde_yaml(&saved).unwrap();
        assert_eq!(
            other_again, model,
            "{name}: serde_yaml reads the re-saved text differently"
        );
    }
}

#[test]
fn valid_scenarios_and_their_re_saved_text_match_the_committed_schema() {
    let schema: serde_json::Value = serde_json::from_str(megahex_schema::COMMITTED_SCHEMA).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let checker = checker();
    for path in valid_corpus() {
        let name = name(&path);
        let text = std::fs::read_to_string(&path).unwrap();
        let model = check(&checker, &path, &text).scenario.unwrap();
        let saved = megahex_schema::yaml_text(&model).unwrap();
        for (what, source) in [("original", &text), ("re-saved", &saved)] {
            let instance: serde_json::Value = serde_yaml::from_str(source).unwrap();
            let problems: Vec<String> = validator
                .iter_errors(&instance)
                .map(|e| format!("{} at {}", e, e.instance_path().as_str()))
                .collect();
            assert!(problems.is_empty(), "{name} ({what}): {problems:?}");
        }
    }
}
