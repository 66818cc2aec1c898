//! A fix written into the designer's text: values through the save that keeps comments and
//! layout ([`crate::yaml::patch`]), renamed keys in place. The text outside the edit stays as
//! it was.

use crate::diagnostic::{EditTo, Fix};
use crate::yaml::{self, Limits};

/// `text` with `fix` made, or `None` when the text no longer holds what the fix edits (it
/// changed since the check) or the edit cannot be written.
pub fn apply(text: &str, fix: &Fix) -> Option<String> {
    let document = yaml::load(text, Limits::default()).ok()?;
    let mut value = document.value.clone();
    for edit in &fix.edits {
        if let EditTo::Value(to) = &edit.to {
            set(&mut value, &edit.pointer, to.clone())?;
        }
    }
    let mut edited = if value == document.value {
        text.to_owned()
    } else {
        let old: serde_yaml::Value = serde_json::from_value(document.value.clone()).ok()?;
        let new: serde_yaml::Value = serde_json::from_value(value).ok()?;
        yaml::patch::patch(text, &old, &new)?
    };
    let renames: Vec<(&str, &str)> = fix
        .edits
        .iter()
        .filter_map(|edit| match &edit.to {
            EditTo::Key(name) => Some((edit.pointer.as_str(), name.as_str())),
            EditTo::Value(_) => None,
        })
        .collect();
    if !renames.is_empty() {
        let reread = yaml::load(&edited, Limits::default()).ok()?;
        let mut spans = renames
            .iter()
            .map(|(pointer, name)| Some((reread.key_span(pointer)?, *name)))
            .collect::<Option<Vec<_>>>()?;
        spans.sort_by_key(|(span, _)| std::cmp::Reverse(span.offset));
        for (span, name) in spans {
            edited.replace_range(span.offset..span.offset + span.len, name);
        }
    }
    Some(edited)
}

/// Sets the node at `pointer`, adding the last key to its mapping when it is missing.
fn set(root: &mut serde_json::Value, pointer: &str, to: serde_json::Value) -> Option<()> {
    if let Some(node) = root.pointer_mut(pointer) {
        *node = to;
        return Some(());
    }
    let (parent, key) = pointer.rsplit_once('/')?;
    let key = key.replace("~1", "/").replace("~0", "~");
    root.pointer_mut(parent)?.as_object_mut()?.insert(key, to);
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Edit;
    use serde_json::json;

    fn fix(edits: Vec<Edit>) -> Fix {
        Fix {
            title: String::new(),
            edits,
        }
    }

    #[test]
    fn a_value_is_written_in_place_keeping_comments_and_layout() {
        let text = "# my map\nmap:\n  tiles:\n    - {tile: 8, side: megalopolis, at: [0, 0]}  # west\n    - {tile: 8, side: megalopolis, at: [5, 3]}  # east\n";
        let edit = Edit {
            pointer: "/map/tiles/1".to_owned(),
            to: EditTo::Value(
                json!({"tile": 6, "side": "megalopolis", "at": [5, 3], "rotation": 2}),
            ),
        };
        let fixed = apply(text, &fix(vec![edit])).unwrap();
        let changed: Vec<(&str, &str)> = text
            .lines()
            .zip(fixed.lines())
            .filter(|(a, b)| a != b)
            .collect();
        assert_eq!(changed.len(), 1, "{fixed}");
        assert!(
            changed[0].1.contains("tile: 6") && changed[0].1.contains("rotation: 2"),
            "{fixed}"
        );
        assert!(fixed.starts_with("# my map\n"));
    }

    #[test]
    fn a_key_is_renamed_where_it_stands_and_a_missing_key_is_added() {
        let text = "tokens:\n  - id: ra   # the hero\n    knd: character\n";
        let rename = Edit {
            pointer: "/tokens/0/knd".to_owned(),
            to: EditTo::Key("kind".to_owned()),
        };
        assert_eq!(
            apply(text, &fix(vec![rename])).unwrap(),
            "tokens:\n  - id: ra   # the hero\n    kind: character\n"
        );
        let add = Edit {
            pointer: "/tokens/0/team".to_owned(),
            to: EditTo::Value(json!("heroes")),
        };
        let added = apply(text, &fix(vec![add])).unwrap();
        assert!(added.contains("team: heroes"), "{added}");
        assert!(added.contains("# the hero"), "{added}");
        let gone = Edit {
            pointer: "/tokens/3/id".to_owned(),
            to: EditTo::Value(json!("x")),
        };
        assert_eq!(apply(text, &fix(vec![gone])), None);
    }
}
