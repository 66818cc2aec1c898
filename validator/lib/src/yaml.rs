//! Span-aware YAML loading.
//!
//! The schema check works on JSON values and reports JSON pointers; designers need lines and
//! columns. This loader builds the JSON value and, beside it, a map from every pointer to where
//! that node (and each mapping key) stands in the source. It is iterative, bounds nesting depth
//! and alias expansion, and refuses duplicate keys, so hostile files get an error instead of a
//! crash or a hang.

mod build;
mod full;
pub mod patch;
mod quick;
mod spans;
#[cfg(test)]
mod tests;
pub mod write;

use serde_json::Value;

use spans::Spans;

/// Limits that keep hostile input cheap to refuse.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Deepest nesting of sequences and mappings.
    pub max_depth: usize,
    /// Most nodes the document may expand to, aliases included.
    pub max_nodes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_depth: 128,
            max_nodes: 1_000_000,
        }
    }
}

/// A place in the source text. `line` and `column` are 1-based; `column` counts characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Span {
    /// Byte offset of the start.
    pub offset: usize,
    /// Length in bytes.
    pub len: usize,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
}

#[cfg(test)]
impl Span {
    /// A one-byte span at a line and column, for tests of the report formats.
    pub(crate) fn at(line: usize, column: usize) -> Span {
        Span {
            offset: 0,
            len: 1,
            line,
            column,
        }
    }
}

/// A loaded document: its value plus the location of every node, found by JSON pointer.
#[derive(Debug, Clone)]
pub struct Document {
    /// The document as JSON data.
    pub value: Value,
    spans: Spans,
}

impl Document {
    /// The span of the value at exactly `pointer` ("" is the root). A node inside an alias's
    /// copy has none of its own.
    pub fn value_span(&self, pointer: &str) -> Option<Span> {
        self.spans.value(&self.value, pointer)
    }

    /// The span of the key naming the mapping entry at exactly `pointer`.
    pub fn key_span(&self, pointer: &str) -> Option<Span> {
        self.spans.key(&self.value, pointer)
    }

    /// The best span for a pointer: the node itself, or its nearest located ancestor.
    pub fn locate(&self, pointer: &str) -> Option<Span> {
        self.spans.nearest(&self.value, pointer)
    }

    /// The span of the key naming `pointer`, falling back to its value.
    pub fn locate_key(&self, pointer: &str) -> Option<Span> {
        self.key_span(pointer).or_else(|| self.locate(pointer))
    }

    /// The innermost node at byte `offset` (a cursor just after a word still touches it): its
    /// pointer, and whether the offset is on the key naming it rather than on its value. For a
    /// text editor's questions about the place under the cursor.
    pub fn pointer_at(&self, offset: usize) -> Option<(String, bool)> {
        self.spans.innermost(&self.value, offset)
    }

    /// Every span the document knows, of values and of keys, in document order.
    pub fn spans(&self) -> impl Iterator<Item = Span> + '_ {
        self.spans
            .nodes
            .iter()
            .flat_map(|node| std::iter::once(node.value).chain(node.key))
    }
}

/// Why a text is not a usable YAML document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YamlError {
    /// What is wrong.
    pub message: String,
    /// Where, when known.
    pub span: Option<Span>,
}

/// Escapes one JSON pointer segment (RFC 6901).
pub fn escape_pointer_segment(segment: &str) -> String {
    segment.replace('~', "~0").replace('/', "~1")
}

/// Loads one YAML document with locations: by the quick reader when the file is written in
/// the plain YAML it reads, else (and for every error) by the complete one.
pub fn load(text: &str, limits: Limits) -> Result<Document, YamlError> {
    let mut builder = build::Builder::new(text, limits);
    let line_count = builder.lines.lines();
    if quick::read(text, line_count, limits.max_depth, &mut builder).is_ok()
        && let Ok(document) = builder.finish()
    {
        return Ok(document);
    }
    full::load(text, limits)
}
