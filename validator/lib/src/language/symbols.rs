//! Ids and what names them: where each id is defined and every place that refers to it, found
//! in a document's data by the pointer patterns each game lists for its own keys. The index
//! behind go to definition, references, rename and completion; it reads the plain document,
//! so it answers while the file is half written and does not yet pass the schema.

use serde_json::Value;

use crate::yaml::escape_pointer_segment;

/// Whether a place defines an id or refers to one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// The id's own entry (`teams[0].id`).
    Definition,
    /// A use of an id defined elsewhere (`tokens[2].team`).
    Reference,
}

/// Where ids of some kinds stand: a JSON pointer pattern in which `*` is any list index or
/// mapping key, and a final `@` means the keys of the mapping there are the ids.
#[derive(Debug, Clone, Copy)]
pub struct Slot {
    /// The pattern, such as `/tokens/*/team`.
    pub pattern: &'static str,
    /// The kinds of id it holds; a reference may name any of them (`turn-order`: a team or a
    /// token).
    pub kinds: &'static [&'static str],
    /// Definition or reference.
    pub role: Role,
}

impl Slot {
    /// A slot that defines ids of `kind`.
    pub const fn definition(pattern: &'static str, kind: &'static [&'static str]) -> Slot {
        Slot {
            pattern,
            kinds: kind,
            role: Role::Definition,
        }
    }

    /// A slot that refers to ids of `kinds`.
    pub const fn reference(pattern: &'static str, kinds: &'static [&'static str]) -> Slot {
        Slot {
            pattern,
            kinds,
            role: Role::Reference,
        }
    }
}

/// One id at one place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symbol {
    /// What it names: its definition's kind, or for a reference the first kind defined with
    /// that id among those its slot allows.
    pub kind: &'static str,
    /// The id.
    pub id: String,
    /// Where it is written.
    pub pointer: String,
    /// Whether the id is the key of a mapping entry (the pointer's key) rather than a value.
    pub on_key: bool,
    /// Definition or reference.
    pub role: Role,
}

/// Every id of `document` that `slots` find, definitions first, each group in document order.
pub fn collect(document: &Value, slots: &[Slot]) -> Vec<Symbol> {
    let mut found = Vec::new();
    for role in [Role::Definition, Role::Reference] {
        for slot in slots.iter().filter(|s| s.role == role) {
            let segments: Vec<&str> = slot.pattern.split('/').skip(1).collect();
            walk(document, &segments, String::new(), slot, &mut found);
        }
    }
    // A reference takes the kind of the definition it names, where there is one.
    let defined: Vec<(&'static str, String)> = found
        .iter()
        .filter(|s| s.role == Role::Definition)
        .map(|s| (s.kind, s.id.clone()))
        .collect();
    for symbol in found.iter_mut().filter(|s| s.role == Role::Reference) {
        let slot_kinds = slots
            .iter()
            .find(|s| s.role == Role::Reference && matches(s.pattern, &symbol.pointer))
            .map_or(&[][..], |s| s.kinds);
        if let Some((kind, _)) = defined
            .iter()
            .find(|(kind, id)| *id == symbol.id && slot_kinds.contains(kind))
        {
            symbol.kind = kind;
        }
    }
    found
}

fn walk(value: &Value, segments: &[&str], pointer: String, slot: &Slot, out: &mut Vec<Symbol>) {
    let Some((&first, rest)) = segments.split_first() else {
        if let Some(id) = as_id(value) {
            out.push(Symbol {
                kind: slot.kinds.first().copied().unwrap_or_default(),
                id,
                pointer,
                on_key: false,
                role: slot.role,
            });
        }
        return;
    };
    match (first, value) {
        ("@", Value::Object(entries)) if rest.is_empty() => {
            for key in entries.keys() {
                out.push(Symbol {
                    kind: slot.kinds.first().copied().unwrap_or_default(),
                    id: key.clone(),
                    pointer: format!("{pointer}/{}", escape_pointer_segment(key)),
                    on_key: true,
                    role: slot.role,
                });
            }
        }
        ("*", Value::Array(items)) => {
            for (i, item) in items.iter().enumerate() {
                walk(item, rest, format!("{pointer}/{i}"), slot, out);
            }
        }
        ("*", Value::Object(entries)) => {
            for (key, item) in entries {
                let here = format!("{pointer}/{}", escape_pointer_segment(key));
                walk(item, rest, here, slot, out);
            }
        }
        (key, Value::Object(entries)) => {
            if let Some(item) = entries.get(key) {
                walk(item, rest, format!("{pointer}/{key}"), slot, out);
            }
        }
        _ => {}
    }
}

/// An id as written: a string that is not a hex reference (`2/10`; ids have no `/`), or a
/// whole number (tile numbers).
fn as_id(value: &Value) -> Option<String> {
    match value {
        Value::String(text) if !text.is_empty() && !text.contains('/') => Some(text.clone()),
        Value::Number(number) if number.is_u64() => Some(number.to_string()),
        _ => None,
    }
}

/// Whether a concrete pointer fits a slot's pattern (`@` fits any key).
pub fn matches(pattern: &str, pointer: &str) -> bool {
    let mut wanted = pattern.split('/');
    let mut have = pointer.split('/');
    loop {
        match (wanted.next(), have.next()) {
            (None, None) => return true,
            (Some("*" | "@"), Some(_)) => {}
            (Some(w), Some(h)) if w == h => {}
            _ => return false,
        }
    }
}

/// The kinds of id expected at `pointer`, when a reference slot is there: what completion
/// offers.
pub fn expected_at<'a>(slots: &'a [Slot], pointer: &str) -> Option<&'a [&'static str]> {
    slots
        .iter()
        .find(|s| s.role == Role::Reference && matches(s.pattern, pointer))
        .map(|s| s.kinds)
}

/// The symbol written at `pointer` (on its key when `on_key`).
pub fn at<'a>(symbols: &'a [Symbol], pointer: &str, on_key: bool) -> Option<&'a Symbol> {
    symbols
        .iter()
        .find(|s| s.pointer == pointer && s.on_key == on_key)
}

/// Every place that names the same thing as `symbol`: its definitions and references.
pub fn occurrences<'a>(symbols: &'a [Symbol], symbol: &Symbol) -> Vec<&'a Symbol> {
    symbols
        .iter()
        .filter(|s| s.kind == symbol.kind && s.id == symbol.id)
        .collect()
}

/// The definitions of ids of `kinds`, in document order, each id once: completion's offer.
pub fn defined<'a>(symbols: &'a [Symbol], kinds: &[&str]) -> Vec<&'a Symbol> {
    let mut offered: Vec<&Symbol> = Vec::new();
    for symbol in symbols
        .iter()
        .filter(|s| s.role == Role::Definition && kinds.contains(&s.kind))
    {
        if !offered
            .iter()
            .any(|o| o.kind == symbol.kind && o.id == symbol.id)
        {
            offered.push(symbol);
        }
    }
    offered
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const SLOTS: &[Slot] = &[
        Slot::definition("/teams/*/id", &["team"]),
        Slot::definition("/tokens/*/id", &["token"]),
        Slot::reference("/tokens/*/team", &["team"]),
        Slot::reference("/order/*", &["team", "token"]),
        Slot::reference("/assign/*/@", &["token"]),
    ];

    fn document() -> Value {
        json!({
            "teams": [{"id": "heroes"}, {"id": "villains"}],
            "tokens": [
                {"id": "ra", "team": "heroes"},
                {"id": "blade", "team": "villains"},
                {"id": "drone", "team": "nobody"},
            ],
            "order": ["heroes", "blade", "2/10"],
            "assign": [{"ra": 1, "blade": 2}],
        })
    }

    #[test]
    fn definitions_and_references_are_found_by_pattern_with_the_kind_they_name() {
        let symbols = collect(&document(), SLOTS);
        let seen: Vec<(&str, &str, &str, Role)> = symbols
            .iter()
            .map(|s| (s.kind, s.id.as_str(), s.pointer.as_str(), s.role))
            .collect();
        use Role::{Definition as D, Reference as R};
        assert_eq!(
            seen,
            [
                ("team", "heroes", "/teams/0/id", D),
                ("team", "villains", "/teams/1/id", D),
                ("token", "ra", "/tokens/0/id", D),
                ("token", "blade", "/tokens/1/id", D),
                ("token", "drone", "/tokens/2/id", D),
                ("team", "heroes", "/tokens/0/team", R),
                ("team", "villains", "/tokens/1/team", R),
                ("team", "nobody", "/tokens/2/team", R),
                // A turn order entry names a team or a token: the one defined.
                ("team", "heroes", "/order/0", R),
                ("token", "blade", "/order/1", R),
                ("token", "ra", "/assign/0/ra", R),
                ("token", "blade", "/assign/0/blade", R),
            ]
        );
        assert!(
            symbols
                .iter()
                .filter(|s| s.pointer.starts_with("/assign"))
                .all(|s| s.on_key)
        );
    }

    #[test]
    fn occurrences_gather_one_things_definition_and_uses_and_completion_offers_each_id_once() {
        let symbols = collect(&document(), SLOTS);
        let blade = at(&symbols, "/order/1", false).unwrap();
        let places: Vec<&str> = occurrences(&symbols, blade)
            .iter()
            .map(|s| s.pointer.as_str())
            .collect();
        assert_eq!(places, ["/tokens/1/id", "/order/1", "/assign/0/blade"]);
        let kinds = expected_at(SLOTS, "/order/7").unwrap();
        let offered: Vec<&str> = defined(&symbols, kinds)
            .iter()
            .map(|s| s.id.as_str())
            .collect();
        assert_eq!(offered, ["heroes", "villains", "ra", "blade", "drone"]);
        assert_eq!(expected_at(SLOTS, "/tokens/0/id"), None);
        assert!(matches("/assign/*/@", "/assign/3/ra"));
        assert!(!matches("/tokens/*/team", "/tokens/0/team/x"));
    }
}
