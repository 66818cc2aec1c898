//! The committed schema is ready for yaml-language-server and a SchemaStore entry (see
//! docs/ci.md): a stable `$id`, a title, a description on every property and definition, and
//! examples that are themselves valid scenarios, both for the schema and for `megahex validate`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use common::{megahex_in, scratch_dir, workspace_root};
use serde_json::Value;

fn schema() -> Value {
    let text = std::fs::read_to_string(workspace_root().join("schema/scenario.schema.json"))
        .expect("the committed schema");
    serde_json::from_str(&text).unwrap()
}

#[test]
fn the_schema_has_an_id_a_title_and_a_description() {
    let schema = schema();
    let id = schema["$id"].as_str().unwrap();
    assert!(
        id.starts_with("https://") && id.ends_with(".json"),
        "$id is {id}"
    );
    assert_eq!(id, megahex_schema::SCHEMA_ID);
    assert_eq!(
        schema["$schema"],
        "https://json-schema.org/draft/2020-12/schema"
    );
    assert!(schema["title"].as_str().is_some_and(|t| !t.is_empty()));
    assert!(
        schema["description"]
            .as_str()
            .is_some_and(|t| !t.is_empty())
    );
}

#[test]
fn every_property_and_definition_is_described() {
    let schema = schema();
    let mut missing = Vec::new();
    for (name, property) in schema["properties"].as_object().unwrap() {
        if property.get("description").is_none() {
            missing.push(format!("properties/{name}"));
        }
    }
    for (name, definition) in schema["$defs"].as_object().unwrap() {
        if definition.get("description").is_none() {
            missing.push(format!("$defs/{name}"));
        }
    }
    assert!(missing.is_empty(), "without a description: {missing:?}");
}

#[test]
fn the_examples_are_valid_scenarios() {
    let schema = schema();
    let examples = schema["examples"].as_array().expect("top-level examples");
    assert!(!examples.is_empty());
    let validator = jsonschema::validator_for(&schema).unwrap();
    let dir = scratch_dir("schema-store-examples");
    for (i, example) in examples.iter().enumerate() {
        let problems: Vec<String> = validator
            .iter_errors(example)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        assert!(problems.is_empty(), "example {i}: {problems:?}");
        // JSON is YAML: the example as a scenario file, through every check megahex has.
        let name = format!("example-{i}.yaml");
        std::fs::write(
            dir.join(&name),
            serde_json::to_string_pretty(example).unwrap(),
        )
        .unwrap();
        let run = megahex_in(&dir, ["validate", "--deny-warnings", &name]);
        assert_eq!(run.code, 0, "example {i}: {}{}", run.stdout, run.stderr);
    }
}
