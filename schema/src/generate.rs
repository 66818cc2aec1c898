//! Schema generation: the schema schemars derives from the types, shaped for the clients that
//! read it (yaml-language-server's hover and completion, check-jsonschema, `megahex validate`).

use serde_json::{Map, Value};

use crate::SCHEMA_ID;
use crate::header::FORMAT_VERSION;
use crate::rulesets::Ruleset;

/// Generates the scenario JSON Schema from the types: a shared header whose `ruleset` picks
/// the body, one `$defs` entry per ruleset.
pub fn generate_schema() -> Value {
    let mut generator = schemars::generate::SchemaSettings::draft2020_12().into_generator();
    let bodies: Vec<(Ruleset, schemars::Schema)> = Ruleset::ALL
        .iter()
        .map(|&ruleset| (ruleset, ruleset.body_schema(&mut generator)))
        .collect();
    let ruleset = generator.subschema_for::<Ruleset>();
    let branches: Vec<Value> = bodies
        .iter()
        .map(|(name, body)| {
            // A pattern rather than a `const`: yaml-language-server lists a value found in an
            // `if` as the key's allowed values on hover.
            serde_json::json!({
                "if": {
                    "properties": {"ruleset": {"type": "string", "pattern": format!("^{}$", name.as_str())}},
                    "required": ["ruleset"]
                },
                "then": body
            })
        })
        .collect();
    let defs = ruleset_after_first_body(generator.take_definitions(true), &bodies);
    let mut value = serde_json::json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "Megahex scenario",
        "description": "A scenario for a hex-map tabletop game, checked by `megahex validate`. The `ruleset` key decides which game's keys follow.",
        "type": "object",
        "properties": {
            "format": {
                "description": "File format version. This version of Megahex reads format 1.",
                "type": "integer",
                "minimum": 1,
                "maximum": FORMAT_VERSION,
                "examples": [1]
            },
            "ruleset": {
                "$ref": ruleset.get("$ref").cloned().unwrap_or_default(),
                "description": "Which game's rules apply: it decides every key after the shared header (format, ruleset, title, description and catalog)."
            }
        },
        "required": ["format", "ruleset"],
        "allOf": branches,
        "examples": Ruleset::ALL.iter().map(|r| r.example()).collect::<Vec<_>>(),
        "$defs": defs
    });
    if let Some(Value::Object(defs)) = value.get_mut("$defs") {
        for def in defs.values_mut() {
            constants_as_enum(def);
        }
    }
    bound_integers(&mut value);
    value
}

/// Moves the `Ruleset` definition to just after the first body's, where deriving it from a
/// field once put it. Each game's `ruleset` tag refers to it by name (a game cannot name the
/// others), so it is generated last; the move keeps the committed schema's text unchanged.
fn ruleset_after_first_body(
    defs: Map<String, Value>,
    bodies: &[(Ruleset, schemars::Schema)],
) -> Map<String, Value> {
    let first_body = bodies
        .first()
        .and_then(|(_, body)| body.get("$ref"))
        .and_then(Value::as_str)
        .and_then(|r| r.strip_prefix("#/$defs/"));
    let (Some(first_body), Some(ruleset)) = (first_body, defs.get("Ruleset").cloned()) else {
        return defs;
    };
    let mut ordered = Map::new();
    for (name, def) in defs {
        if name == "Ruleset" {
            continue;
        }
        let after = name == first_body;
        ordered.insert(name, def);
        if after {
            ordered.insert("Ruleset".to_owned(), ruleset.clone());
        }
    }
    ordered
}

/// Rewrites a `oneOf` of documented string constants as one `enum` with
/// `markdownEnumDescriptions`. Both validate the same values, but hover in yaml-language-server
/// shows the key's own description and every value with its text only for the `enum`; on a
/// `oneOf` it shows just the chosen constant's text.
fn constants_as_enum(def: &mut Value) {
    let Some(Value::Array(branches)) = def.get("oneOf") else {
        return;
    };
    let constants: Option<Vec<(Value, Value)>> = branches
        .iter()
        .map(|branch| {
            let constant = branch.get("const").filter(|c| c.is_string())?;
            let known = |key: &String| matches!(key.as_str(), "const" | "type" | "description");
            if !branch.as_object()?.keys().all(known) {
                return None;
            }
            let text = branch.get("description").cloned().unwrap_or_default();
            Some((constant.clone(), text))
        })
        .collect();
    let (Some(constants), Value::Object(map)) = (constants, &mut *def) else {
        return;
    };
    let mut rewritten = Map::new();
    for (key, value) in std::mem::take(map) {
        if key != "oneOf" {
            rewritten.insert(key, value);
            continue;
        }
        let (values, texts): (Vec<Value>, Vec<Value>) = constants.iter().cloned().unzip();
        rewritten.insert("type".into(), "string".into());
        rewritten.insert("enum".into(), Value::Array(values));
        if texts.iter().any(|t| !t.is_null()) {
            let texts = texts
                .into_iter()
                .map(|t| if t.is_null() { "".into() } else { t })
                .collect();
            rewritten.insert("markdownEnumDescriptions".into(), Value::Array(texts));
        }
    }
    *map = rewritten;
}

/// Gives every integer without a `minimum` or `maximum` its storage type's limits (from
/// schemars' `format`), so no value the schema accepts fails later when it is read into the
/// types, and a text editor refuses what `megahex validate` refuses.
fn bound_integers(node: &mut Value) {
    match node {
        Value::Object(map) => {
            let is_integer = match map.get("type") {
                Some(Value::String(t)) => t == "integer",
                Some(Value::Array(types)) => types.iter().any(|t| t == "integer"),
                _ => false,
            };
            let limits = map
                .get("format")
                .and_then(Value::as_str)
                .and_then(storage_limits);
            if is_integer && let Some((smallest, largest)) = limits {
                if !map.contains_key("minimum") {
                    map.insert("minimum".into(), smallest.into());
                }
                if !map.contains_key("maximum") {
                    map.insert("maximum".into(), largest.into());
                }
            }
            map.values_mut().for_each(bound_integers);
        }
        Value::Array(items) => items.iter_mut().for_each(bound_integers),
        _ => {}
    }
}

/// The range of a schemars integer `format`.
fn storage_limits(format: &str) -> Option<(i64, i64)> {
    Some(match format {
        "uint8" => (0, i64::from(u8::MAX)),
        "uint16" => (0, i64::from(u16::MAX)),
        "uint32" => (0, i64::from(u32::MAX)),
        "int8" => (i64::from(i8::MIN), i64::from(i8::MAX)),
        "int16" => (i64::from(i16::MIN), i64::from(i16::MAX)),
        "int32" => (i64::from(i32::MIN), i64::from(i32::MAX)),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every integer the schema describes, with its path.
    fn integers<'a>(node: &'a Value, path: String, out: &mut Vec<(String, &'a Value)>) {
        match node {
            Value::Object(map) => {
                let types = map.get("type");
                let integer = types == Some(&Value::from("integer"))
                    || types
                        .and_then(Value::as_array)
                        .is_some_and(|t| t.contains(&Value::from("integer")));
                if integer {
                    out.push((path.clone(), node));
                }
                for (key, child) in map {
                    integers(child, format!("{path}/{key}"), out);
                }
            }
            Value::Array(items) => {
                for (i, child) in items.iter().enumerate() {
                    integers(child, format!("{path}/{i}"), out);
                }
            }
            _ => {}
        }
    }

    #[test]
    fn every_integer_has_a_range_its_storage_type_holds() {
        let schema = generate_schema();
        let mut found = Vec::new();
        integers(&schema, String::new(), &mut found);
        assert!(found.len() > 30, "only {} integers found", found.len());
        for (path, node) in found {
            let min = node.get("minimum").and_then(Value::as_i64);
            let max = node.get("maximum").and_then(Value::as_i64);
            let (Some(min), Some(max)) = (min, max) else {
                panic!("{path} has no minimum and maximum: {node}");
            };
            assert!(min <= max, "{path}");
            if let Some((smallest, largest)) = node
                .get("format")
                .and_then(Value::as_str)
                .and_then(storage_limits)
            {
                assert!(smallest <= min && max <= largest, "{path}: {min}..{max}");
            }
        }
    }

    #[test]
    fn the_format_key_accepts_only_the_version_this_build_reads() {
        let schema = generate_schema();
        let format = &schema["properties"]["format"];
        assert_eq!(format["minimum"], 1);
        assert_eq!(format["maximum"], 1);
    }

    #[test]
    fn documented_constants_become_one_enum_with_descriptions() {
        let schema = generate_schema();
        let edges = &schema["$defs"]["LosEdges"];
        assert!(edges.get("oneOf").is_none(), "{edges}");
        assert_eq!(edges["enum"], serde_json::json!(["permissive", "strict"]));
        let texts = edges["markdownEnumDescriptions"].as_array().unwrap();
        assert_eq!(texts.len(), 2);
        assert!(
            texts[1]
                .as_str()
                .unwrap()
                .starts_with("The rulebook (default)")
        );
        // Validation is unchanged: the enum accepts exactly the constants.
        let validator = jsonschema::validator_for(&schema).unwrap();
        let mut scenario = serde_json::json!({
            "format": 1, "ruleset": "sentinel-tactics",
            "map": {"tiles": [{"tile": 1, "side": "megalopolis", "at": [0, 0]}]},
            "rules": {"los-edges": "permissive"}
        });
        assert!(validator.is_valid(&scenario));
        scenario["rules"]["los-edges"] = "lenient".into();
        assert!(!validator.is_valid(&scenario));
    }
}
