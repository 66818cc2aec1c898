//! Where each node of a loaded document stands in its source, kept as a flat table in document
//! order and looked up by JSON pointer only when a finding or an edit asks. Building a pointer
//! string for every node of every file cost more than the rest of the loader.

use serde_json::Value;

use super::Span;

/// One node's place: its value's span, the span of the key naming it (mapping entries only),
/// and where its subtree ends in the table.
#[derive(Debug, Clone, Copy)]
pub(super) struct Node {
    pub(super) value: Span,
    pub(super) key: Option<Span>,
    /// Index one past this node's last descendant.
    pub(super) end: u32,
}

/// The nodes of a document in the order they appear: a collection, then its children in their
/// order in the value. A node made by an alias has no children here, even when its value has.
#[derive(Debug, Clone, Default)]
pub(super) struct Spans {
    pub(super) nodes: Vec<Node>,
}

/// A lookup's end: the deepest node the pointer reached, and whether it reached all of it.
struct Walk {
    node: usize,
    whole: bool,
}

impl Spans {
    /// Follows `pointer` through `root` and the table together, as far as both go.
    fn walk(&self, root: &Value, pointer: &str) -> Option<Walk> {
        if self.nodes.is_empty() {
            return None;
        }
        if pointer.is_empty() {
            return Some(Walk {
                node: 0,
                whole: true,
            });
        }
        let rest = pointer.strip_prefix('/')?;
        let mut node = 0;
        let mut value = root;
        for segment in rest.split('/') {
            let stop = Walk { node, whole: false };
            let Some(position) = child_position(value, segment) else {
                return Some(stop);
            };
            let Some(child) = self.child(node, position) else {
                return Some(stop);
            };
            value = match value {
                Value::Array(items) => &items[position],
                Value::Object(entries) => match entries.values().nth(position) {
                    Some(v) => v,
                    None => return Some(stop),
                },
                _ => return Some(stop),
            };
            node = child;
        }
        Some(Walk { node, whole: true })
    }

    /// The table index of the `position`th child of `node`, when the table has it.
    fn child(&self, node: usize, position: usize) -> Option<usize> {
        let end = self.nodes.get(node)?.end as usize;
        let mut child = node + 1;
        for _ in 0..position {
            child = self.nodes.get(child)?.end as usize;
        }
        (child < end).then_some(child)
    }

    /// The span of the value at exactly `pointer`.
    pub(super) fn value(&self, root: &Value, pointer: &str) -> Option<Span> {
        let walk = self.walk(root, pointer)?;
        walk.whole.then(|| self.nodes[walk.node].value)
    }

    /// The span of the key naming exactly `pointer`.
    pub(super) fn key(&self, root: &Value, pointer: &str) -> Option<Span> {
        let walk = self.walk(root, pointer)?;
        if walk.whole {
            self.nodes[walk.node].key
        } else {
            None
        }
    }

    /// The span of `pointer`, or of its nearest located ancestor.
    pub(super) fn nearest(&self, root: &Value, pointer: &str) -> Option<Span> {
        let walk = self.walk(root, pointer)?;
        Some(self.nodes[walk.node].value)
    }
}

/// Which child of `value` a pointer segment names: an array index written as JSON Pointer
/// writes it, or a mapping key after unescaping `~1` and `~0`.
fn child_position(value: &Value, segment: &str) -> Option<usize> {
    match value {
        Value::Array(items) => {
            let canonical = segment == "0"
                || (!segment.is_empty()
                    && !segment.starts_with('0')
                    && segment.bytes().all(|b| b.is_ascii_digit()));
            let index: usize = segment.parse().ok().filter(|_| canonical)?;
            (index < items.len()).then_some(index)
        }
        Value::Object(entries) => {
            let key = unescape(segment)?;
            entries.keys().position(|k| *k == key)
        }
        _ => None,
    }
}

/// Undoes RFC 6901 escaping; `None` for a `~` that is not `~0` or `~1`, which no key writes.
fn unescape(segment: &str) -> Option<std::borrow::Cow<'_, str>> {
    if !segment.contains('~') {
        return Some(std::borrow::Cow::Borrowed(segment));
    }
    let mut key = String::with_capacity(segment.len());
    let mut chars = segment.chars();
    while let Some(c) = chars.next() {
        if c == '~' {
            match chars.next() {
                Some('0') => key.push('~'),
                Some('1') => key.push('/'),
                _ => return None,
            }
        } else {
            key.push(c);
        }
    }
    Some(std::borrow::Cow::Owned(key))
}
