//! What the schema says of a key: its description, found by walking the scenario schema along
//! a document's pointer. The same words yaml-language-server shows, so a server that answers
//! hover for the rules still explains every key.

use serde_json::Value;

/// The schema's description of the node at `pointer` in `document`, if it has one.
pub fn describe(schema: &Value, document: &Value, pointer: &str) -> Option<String> {
    let defs = schema.get("$defs");
    let mut here: Vec<&Value> = vec![schema];
    let mut instance = Some(document);
    for segment in pointer.split('/').skip(1) {
        let segment = segment.replace("~1", "/").replace("~0", "~");
        let mut next = Vec::new();
        for node in expand(&here, instance, defs) {
            if let Some(property) = node.get("properties").and_then(|p| p.get(&segment)) {
                next.push(property);
            } else if let Some(items) = node
                .get("items")
                .filter(|_| segment.parse::<usize>().is_ok())
            {
                next.push(items);
            } else if let Some(extra) = node.get("additionalProperties").filter(|a| a.is_object()) {
                next.push(extra);
            }
        }
        instance = instance.and_then(|value| match value {
            Value::Object(entries) => entries.get(&segment),
            Value::Array(items) => segment.parse::<usize>().ok().and_then(|i| items.get(i)),
            _ => None,
        });
        if next.is_empty() {
            return None;
        }
        here = next;
    }
    // The node's own words first (a property's description beside its `$ref`), then its
    // definition's.
    here.iter()
        .chain(expand(&here, instance, defs).iter())
        .find_map(|node| node.get("description").and_then(Value::as_str))
        .map(str::to_owned)
}

/// The schemas that apply to `instance` at this level: each node with its `$ref`s followed and
/// its `allOf`, `anyOf` and `oneOf` branches, and the `then` of each `if` the instance meets.
fn expand<'a>(
    nodes: &[&'a Value],
    instance: Option<&Value>,
    defs: Option<&'a Value>,
) -> Vec<&'a Value> {
    let mut out: Vec<&'a Value> = Vec::new();
    let mut stack: Vec<&'a Value> = nodes.iter().rev().copied().collect();
    while let Some(node) = stack.pop() {
        if out.iter().any(|seen| std::ptr::eq(*seen, node)) || out.len() > 256 {
            continue;
        }
        out.push(node);
        if let Some(target) = node
            .get("$ref")
            .and_then(Value::as_str)
            .and_then(|r| r.strip_prefix("#/$defs/"))
            .and_then(|name| defs?.get(name))
        {
            stack.push(target);
        }
        for key in ["allOf", "anyOf", "oneOf"] {
            if let Some(branches) = node.get(key).and_then(Value::as_array) {
                stack.extend(branches.iter().rev());
            }
        }
        if let (Some(condition), Some(then)) = (node.get("if"), node.get("then"))
            && meets(condition, instance)
        {
            stack.push(then);
        }
    }
    out
}

/// Whether `instance` meets an `if` of the simple kind the schema writes: properties with a
/// `const` or an anchored literal `pattern`.
fn meets(condition: &Value, instance: Option<&Value>) -> bool {
    let Some(properties) = condition.get("properties").and_then(Value::as_object) else {
        return false;
    };
    properties.iter().all(|(key, rule)| {
        let value = instance.and_then(|i| i.get(key));
        if let Some(wanted) = rule.get("const") {
            return value == Some(wanted);
        }
        match rule.get("pattern").and_then(Value::as_str) {
            Some(pattern) => {
                let literal = pattern.trim_start_matches('^').trim_end_matches('$');
                value.and_then(Value::as_str) == Some(literal)
            }
            None => value.is_some(),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_key_is_described_through_refs_lists_and_the_branch_its_game_picks() {
        let schema = json!({
            "properties": {"game": {"description": "Which game."}},
            "allOf": [
                {"if": {"properties": {"game": {"pattern": "^a$"}}}, "then": {"$ref": "#/$defs/A"}},
                {"if": {"properties": {"game": {"pattern": "^b$"}}}, "then": {"$ref": "#/$defs/B"}},
            ],
            "$defs": {
                "A": {"properties": {"units": {"type": "array", "items": {"$ref": "#/$defs/Unit"}}}},
                "B": {"properties": {"units": {"description": "B's units."}}},
                "Unit": {"description": "One unit.", "properties": {"id": {"description": "Its id."}}},
            }
        });
        let doc_a = json!({"game": "a", "units": [{"id": "x"}]});
        assert_eq!(
            describe(&schema, &doc_a, "/game").as_deref(),
            Some("Which game.")
        );
        assert_eq!(
            describe(&schema, &doc_a, "/units/0/id").as_deref(),
            Some("Its id.")
        );
        assert_eq!(
            describe(&schema, &doc_a, "/units/0").as_deref(),
            Some("One unit.")
        );
        assert_eq!(describe(&schema, &doc_a, "/units/0/nothing"), None);
        let doc_b = json!({"game": "b", "units": 3});
        assert_eq!(
            describe(&schema, &doc_b, "/units").as_deref(),
            Some("B's units.")
        );
    }
}
