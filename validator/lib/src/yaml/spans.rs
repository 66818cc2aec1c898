//! Where each node of a loaded document stands in its source. The loader keeps a flat table in
//! document order; the map from JSON pointers to places is made from it the first time a
//! finding or an edit asks for one. Building a pointer string for every node of every file cost
//! more than the rest of the loader, and a clean file never needs one.

use std::cell::OnceCell;
use std::collections::HashMap;

use serde_json::Value;

use super::{Span, escape_pointer_segment};

/// One node's place: its value's span, the span of the key naming it (mapping entries only),
/// and where its subtree ends in the table.
#[derive(Debug, Clone, Copy)]
pub(super) struct Node {
    pub(super) value: Span,
    pub(super) key: Option<Span>,
    /// Index one past this node's last descendant.
    pub(super) end: u32,
}

/// The places of one node, by pointer.
#[derive(Debug, Clone, Copy)]
struct Places {
    value: Span,
    key: Option<Span>,
}

/// The nodes of a document in the order they appear: a collection, then its children in their
/// order in the value. A node made by an alias has no children here, even when its value has.
#[derive(Debug, Clone, Default)]
pub(super) struct Spans {
    pub(super) nodes: Vec<Node>,
    by_pointer: OnceCell<HashMap<String, Places>>,
}

impl Spans {
    pub(super) fn with_capacity(nodes: usize) -> Spans {
        Spans {
            nodes: Vec::with_capacity(nodes),
            by_pointer: OnceCell::new(),
        }
    }

    fn by_pointer(&self, root: &Value) -> &HashMap<String, Places> {
        self.by_pointer.get_or_init(|| {
            let mut map = HashMap::with_capacity(self.nodes.len());
            if !self.nodes.is_empty() {
                self.index(0, root, String::new(), &mut map);
            }
            map
        })
    }

    /// Adds node `at` (whose value is `value`) and its descendants under `pointer`.
    fn index(&self, at: usize, value: &Value, pointer: String, map: &mut HashMap<String, Places>) {
        let Some(node) = self.nodes.get(at) else {
            return;
        };
        let end = node.end as usize;
        let mut child = at + 1;
        let mut visit = |segment: &dyn std::fmt::Display, value: &Value| {
            if child < end {
                let here = child;
                child = self.nodes.get(here).map_or(end, |n| n.end as usize);
                self.index(here, value, format!("{pointer}/{segment}"), map);
            }
        };
        match value {
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    visit(&i, item);
                }
            }
            Value::Object(entries) => {
                for (key, item) in entries {
                    visit(&escape_pointer_segment(key), item);
                }
            }
            _ => {}
        }
        map.insert(
            pointer,
            Places {
                value: node.value,
                key: node.key,
            },
        );
    }

    /// The span of the value at exactly `pointer`.
    pub(super) fn value(&self, root: &Value, pointer: &str) -> Option<Span> {
        self.by_pointer(root).get(pointer).map(|p| p.value)
    }

    /// The span of the key naming exactly `pointer`.
    pub(super) fn key(&self, root: &Value, pointer: &str) -> Option<Span> {
        self.by_pointer(root).get(pointer).and_then(|p| p.key)
    }

    /// The pointer of the smallest span (key or value) holding `offset`, and whether it is a
    /// key's.
    pub(super) fn innermost(&self, root: &Value, offset: usize) -> Option<(String, bool)> {
        let holds = |span: Span| span.offset <= offset && offset <= span.offset + span.len;
        let mut best: Option<(usize, &String, bool)> = None;
        for (pointer, places) in self.by_pointer(root) {
            let found = [(places.key, true), (Some(places.value), false)];
            for (span, on_key) in found {
                let Some(span) = span.filter(|&span| holds(span)) else {
                    continue;
                };
                // The smaller span wins; between equals, the deeper pointer, then the key.
                let better = best.is_none_or(|(len, other, other_key)| {
                    (span.len, std::cmp::Reverse(pointer.len()), !on_key)
                        < (len, std::cmp::Reverse(other.len()), !other_key)
                });
                if better {
                    best = Some((span.len, pointer, on_key));
                }
            }
        }
        best.map(|(_, pointer, on_key)| (pointer.clone(), on_key))
    }

    /// The span of `pointer`, or of its nearest located ancestor.
    pub(super) fn nearest(&self, root: &Value, pointer: &str) -> Option<Span> {
        let by_pointer = self.by_pointer(root);
        let mut current = pointer;
        loop {
            if let Some(places) = by_pointer.get(current) {
                return Some(places.value);
            }
            current = &current[..current.rfind('/')?];
        }
    }
}
