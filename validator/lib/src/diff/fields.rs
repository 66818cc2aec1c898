//! Key-by-key differences between two JSON documents: what a scenario's rules, teams, claims
//! and every other key not drawn on the map changed, written as JSON Pointers into the file.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One value that changed, was added or was removed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FieldChange {
    /// Where, as a JSON Pointer (`/rules/los-blocking`).
    pub pointer: String,
    /// The value before, absent when the key is new.
    #[serde(
        skip_serializing_if = "Option::is_none",
        default,
        deserialize_with = "present"
    )]
    pub old: Option<Value>,
    /// The value after, absent when the key was removed.
    #[serde(
        skip_serializing_if = "Option::is_none",
        default,
        deserialize_with = "present"
    )]
    pub new: Option<Value>,
}

/// A key that is there, even as `null`: a value changed to `null` is not a key removed.
fn present<'de, D: serde::Deserializer<'de>>(value: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(value).map(Some)
}

/// Every leaf that differs between `old` and `new`, under `pointer`. Objects are compared key by
/// key (in `old`'s order, then keys only `new` has); lists item by item, so an item appended
/// shows as one addition; anything else as a whole.
pub fn changes(old: &Value, new: &Value, pointer: &str) -> Vec<FieldChange> {
    let mut out = Vec::new();
    walk(old, new, pointer, &mut out);
    out
}

fn walk(old: &Value, new: &Value, pointer: &str, out: &mut Vec<FieldChange>) {
    match (old, new) {
        (Value::Object(a), Value::Object(b)) => {
            for (key, before) in a {
                let here = format!("{pointer}/{}", escape(key));
                match b.get(key) {
                    Some(after) => walk(before, after, &here, out),
                    None => out.push(removed(here, before)),
                }
            }
            for (key, after) in b.iter().filter(|(k, _)| !a.contains_key(*k)) {
                out.push(added(format!("{pointer}/{}", escape(key)), after));
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            for (i, (before, after)) in a.iter().zip(b).enumerate() {
                walk(before, after, &format!("{pointer}/{i}"), out);
            }
            for (i, before) in a.iter().enumerate().skip(b.len()) {
                out.push(removed(format!("{pointer}/{i}"), before));
            }
            for (i, after) in b.iter().enumerate().skip(a.len()) {
                out.push(added(format!("{pointer}/{i}"), after));
            }
        }
        _ if old == new => {}
        _ => out.push(FieldChange {
            pointer: pointer.to_owned(),
            old: Some(old.clone()),
            new: Some(new.clone()),
        }),
    }
}

fn added(pointer: String, value: &Value) -> FieldChange {
    FieldChange {
        pointer,
        old: None,
        new: Some(value.clone()),
    }
}

fn removed(pointer: String, value: &Value) -> FieldChange {
    FieldChange {
        pointer,
        old: Some(value.clone()),
        new: None,
    }
}

/// A key as a JSON Pointer token (RFC 6901).
fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn equal_documents_have_no_changes() {
        let doc = json!({"rules": {"los-blocking": "strict"}, "teams": [{"id": "a"}]});
        assert!(changes(&doc, &doc, "").is_empty());
    }

    #[test]
    fn a_changed_leaf_is_named_by_its_pointer_with_both_values() {
        let old = json!({"rules": {"los-blocking": "strict", "edges": "strict"}});
        let new = json!({"rules": {"los-blocking": "permissive", "edges": "strict"}});
        assert_eq!(
            changes(&old, &new, ""),
            vec![FieldChange {
                pointer: "/rules/los-blocking".into(),
                old: Some(json!("strict")),
                new: Some(json!("permissive")),
            }]
        );
    }

    #[test]
    fn list_items_appended_or_dropped_show_one_by_one() {
        let old = json!({"special-rules": ["a", "b", "c"]});
        let new = json!({"special-rules": ["a", "x"]});
        let found = changes(&old, &new, "");
        let pointers: Vec<(&str, bool, bool)> = found
            .iter()
            .map(|c| (c.pointer.as_str(), c.old.is_some(), c.new.is_some()))
            .collect();
        assert_eq!(
            pointers,
            vec![
                ("/special-rules/1", true, true),
                ("/special-rules/2", true, false)
            ]
        );
    }

    #[test]
    fn new_keys_come_after_the_old_ones_and_slashes_are_escaped() {
        let old = json!({"a": 1});
        let new = json!({"b/c": 2, "a": 1});
        let found = changes(&old, &new, "/x");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].pointer, "/x/b~1c");
        assert_eq!(found[0].old, None);
    }
}
