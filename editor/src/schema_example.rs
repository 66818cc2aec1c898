//! The smallest value a JSON Schema accepts, built from the schema itself: the starting text a
//! designer picks from a list (an effect's rule) and then changes, so the list can never offer
//! a line the file format refuses or miss a form the format gained.

use serde_json::{Map, Value};

/// How deep references are followed before giving up (the schema's own nesting is shallow).
const MAX_DEPTH: usize = 12;

/// A small value `node` accepts, with `$ref`s resolved in `defs` (the schema's `$defs`):
/// the first constant, enum value or branch; required keys only; the least number allowed (at
/// least 1); the fewest list items allowed. `None` where the schema gives nothing to build.
pub fn example(node: &Value, defs: &Map<String, Value>) -> Option<Value> {
    example_at(node, defs, 0)
}

fn example_at(node: &Value, defs: &Map<String, Value>, depth: usize) -> Option<Value> {
    if depth > MAX_DEPTH {
        return None;
    }
    let next = |n: &Value| example_at(n, defs, depth + 1);
    if let Some(reference) = node.get("$ref").and_then(Value::as_str) {
        let name = reference.strip_prefix("#/$defs/")?;
        return next(defs.get(name)?);
    }
    if let Some(constant) = node.get("const") {
        return Some(constant.clone());
    }
    if let Some(first) = node
        .get("enum")
        .and_then(Value::as_array)
        .and_then(|e| e.first())
    {
        return Some(first.clone());
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(branches) = node.get(key).and_then(Value::as_array) {
            return branches.iter().find_map(next);
        }
    }
    let kind = match node.get("type") {
        Some(Value::String(t)) => t.as_str(),
        Some(Value::Array(types)) => types
            .iter()
            .filter_map(Value::as_str)
            .find(|t| *t != "null")?,
        _ => return None,
    };
    match kind {
        "object" => {
            let mut out = Map::new();
            let properties = node.get("properties");
            for key in node
                .get("required")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let key = key.as_str()?;
                let property = properties.and_then(|p| p.get(key))?;
                out.insert(key.to_owned(), next(property)?);
            }
            Some(Value::Object(out))
        }
        "array" => {
            let count = node.get("minItems").and_then(Value::as_u64).unwrap_or(0);
            let item = match node.get("items") {
                Some(items) if count > 0 => next(items)?,
                _ => return Some(Value::Array(Vec::new())),
            };
            Some(Value::Array(vec![item; count as usize]))
        }
        "integer" => {
            let least = node
                .get("minimum")
                .and_then(Value::as_i64)
                .unwrap_or(0)
                .max(1);
            let most = node
                .get("maximum")
                .and_then(Value::as_i64)
                .unwrap_or(i64::MAX);
            Some(Value::from(least.min(most)))
        }
        "number" => {
            let least = node
                .get("minimum")
                .and_then(Value::as_f64)
                .unwrap_or(0.0)
                .max(1.0);
            let most = node
                .get("maximum")
                .and_then(Value::as_f64)
                .unwrap_or(f64::MAX);
            Some(Value::from(least.min(most)))
        }
        "boolean" => Some(Value::Bool(false)),
        "string" => Some(Value::String("x".to_owned())),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_takes_required_keys_least_numbers_and_first_choices() {
        let defs: Map<String, Value> = serde_json::from_value(serde_json::json!({
            "Colour": {"type": "string", "enum": ["red", "blue"]}
        }))
        .unwrap();
        let node = serde_json::json!({
            "type": "object",
            "properties": {
                "max": {"type": "integer", "minimum": 0, "maximum": 17},
                "colours": {"type": "array", "items": {"$ref": "#/$defs/Colour"}, "minItems": 1},
                "per": {"type": "string"}
            },
            "required": ["max", "colours"]
        });
        assert_eq!(
            example(&node, &defs),
            Some(serde_json::json!({"max": 1, "colours": ["red"]}))
        );
        let choice = serde_json::json!({"oneOf": [{"const": "skip"}, {"type": "integer"}]});
        assert_eq!(example(&choice, &defs), Some(Value::from("skip")));
        let nowhere = serde_json::json!({"$ref": "#/$defs/Missing"});
        assert_eq!(example(&nowhere, &defs), None);
    }
}
