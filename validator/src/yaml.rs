//! Span-aware YAML loading.
//!
//! The schema check works on JSON values and reports JSON pointers; designers need lines and
//! columns. This loader builds the JSON value and, beside it, a map from every pointer to where
//! that node (and each mapping key) stands in the source. It is iterative, bounds nesting depth
//! and alias expansion, and refuses duplicate keys, so hostile files get an error instead of a
//! crash or a hang.

use std::collections::HashMap;

use serde_json::{Map, Number, Value};
use yaml_rust2::Yaml;
use yaml_rust2::parser::{Event, Parser, Tag};
use yaml_rust2::scanner::{Marker, TScalarStyle};

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

/// A loaded document: its value plus the location of every node.
#[derive(Debug, Clone)]
pub struct Document {
    /// The document as JSON data.
    pub value: Value,
    /// Span of the value at each JSON pointer ("" is the root).
    pub value_spans: HashMap<String, Span>,
    /// Span of the key at each JSON pointer naming a mapping entry.
    pub key_spans: HashMap<String, Span>,
}

impl Document {
    /// The best span for a pointer: the node itself, or its nearest located ancestor.
    pub fn locate(&self, pointer: &str) -> Option<Span> {
        let mut current = pointer;
        loop {
            if let Some(span) = self.value_spans.get(current) {
                return Some(*span);
            }
            match current.rfind('/') {
                Some(cut) => current = &current[..cut],
                None => return None,
            }
        }
    }

    /// The span of the key naming `pointer`, falling back to its value.
    pub fn locate_key(&self, pointer: &str) -> Option<Span> {
        self.key_spans
            .get(pointer)
            .copied()
            .or_else(|| self.locate(pointer))
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

/// Maps the parser's character positions to byte offsets.
struct LineIndex<'a> {
    text: &'a str,
    line_starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    fn new(text: &'a str) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { text, line_starts }
    }

    /// A zero-length span at a parser marker (line 1-based, column 0-based in characters).
    fn at(&self, marker: Marker) -> Span {
        let line = marker.line().max(1);
        let start = self
            .line_starts
            .get(line - 1)
            .copied()
            .unwrap_or(self.text.len());
        let line_text = &self.text[start..];
        let offset = start
            + line_text
                .char_indices()
                .nth(marker.col())
                .map(|(i, _)| i)
                .unwrap_or(line_text.len());
        Span {
            offset,
            len: 0,
            line,
            column: marker.col() + 1,
        }
    }

    /// Extends `span` to end at `end_offset` (bytes), never past the text and never inside a
    /// character, so every span can be sliced and shown.
    fn to(&self, span: Span, end_offset: usize) -> Span {
        let mut end = end_offset.clamp(span.offset, self.text.len());
        while !self.text.is_char_boundary(end) {
            end += 1;
        }
        Span {
            len: end - span.offset,
            ..span
        }
    }

    /// Span of a scalar: the rest of its token on the line.
    fn scalar(&self, marker: Marker, value: &str, style: TScalarStyle) -> Span {
        let start = self.at(marker);
        let rest = &self.text[start.offset..];
        let line_end = rest.find('\n').unwrap_or(rest.len());
        let quoted = matches!(
            style,
            TScalarStyle::SingleQuoted | TScalarStyle::DoubleQuoted
        );
        let wanted = if quoted { value.len() + 2 } else { value.len() };
        self.to(start, start.offset + wanted.min(line_end).max(1))
    }
}

struct Frame {
    kind: FrameKind,
    pointer: String,
    start: Span,
    anchor: usize,
    nodes: usize,
    /// Byte offset of the earliest child, since a block collection's marker can follow it.
    first_child: usize,
}

enum FrameKind {
    Seq(Vec<Value>),
    Map {
        entries: Map<String, Value>,
        pending_key: Option<String>,
    },
}

struct Builder<'a> {
    lines: LineIndex<'a>,
    limits: Limits,
    stack: Vec<Frame>,
    anchors: HashMap<usize, (Value, usize)>,
    nodes: usize,
    root: Option<Value>,
    documents: usize,
    value_spans: HashMap<String, Span>,
    key_spans: HashMap<String, Span>,
}

impl<'a> Builder<'a> {
    fn err(&self, message: impl Into<String>, marker: Marker) -> YamlError {
        YamlError {
            message: message.into(),
            span: Some(self.lines.at(marker)),
        }
    }

    /// Pointer of the next value to be added at the top of the stack.
    fn child_pointer(&self) -> String {
        match self.stack.last() {
            None => String::new(),
            Some(frame) => match &frame.kind {
                FrameKind::Seq(items) => format!("{}/{}", frame.pointer, items.len()),
                FrameKind::Map { pending_key, .. } => format!(
                    "{}/{}",
                    frame.pointer,
                    escape_pointer_segment(pending_key.as_deref().unwrap_or_default())
                ),
            },
        }
    }

    fn expecting_key(&self) -> bool {
        matches!(
            self.stack.last().map(|f| &f.kind),
            Some(FrameKind::Map {
                pending_key: None,
                ..
            })
        )
    }

    fn count(&mut self, nodes: usize, marker: Marker) -> Result<(), YamlError> {
        self.nodes = self.nodes.saturating_add(nodes);
        if self.nodes > self.limits.max_nodes {
            return Err(self.err(
                format!(
                    "the document expands to more than {} nodes (aliases included); refusing it as a possible YAML bomb",
                    self.limits.max_nodes
                ),
                marker,
            ));
        }
        Ok(())
    }

    /// Adds a finished value (and its node count) to the enclosing collection.
    fn push_value(
        &mut self,
        value: Value,
        nodes: usize,
        anchor: usize,
        start_offset: usize,
        marker: Marker,
    ) -> Result<(), YamlError> {
        if anchor != 0 {
            self.anchors.insert(anchor, (value.clone(), nodes));
        }
        let Some(frame) = self.stack.last_mut() else {
            if self.root.is_some() {
                return Err(self.err("a scenario file holds one YAML document", marker));
            }
            self.root = Some(value);
            return Ok(());
        };
        frame.nodes += nodes;
        frame.first_child = frame.first_child.min(start_offset);
        match &mut frame.kind {
            FrameKind::Seq(items) => items.push(value),
            FrameKind::Map {
                entries,
                pending_key,
            } => {
                let key = pending_key.take().unwrap_or_default();
                entries.insert(key, value);
            }
        }
        Ok(())
    }

    fn on_key(&mut self, key: String, span: Span, marker: Marker) -> Result<(), YamlError> {
        let duplicate = match self.stack.last().map(|f| &f.kind) {
            Some(FrameKind::Map { entries, .. }) => entries.contains_key(&key),
            _ => false,
        };
        if duplicate {
            return Err(self.err(
                format!("duplicate key `{key}`: each key may appear once in a mapping"),
                marker,
            ));
        }
        if let Some(frame) = self.stack.last_mut()
            && let FrameKind::Map { pending_key, .. } = &mut frame.kind
        {
            let child = format!("{}/{}", frame.pointer, escape_pointer_segment(&key));
            self.key_spans.insert(child, span);
            frame.first_child = frame.first_child.min(span.offset);
            *pending_key = Some(key);
        }
        Ok(())
    }

    fn open(&mut self, is_map: bool, anchor: usize, marker: Marker) -> Result<(), YamlError> {
        if self.expecting_key() {
            return Err(self.err(
                "a mapping key must be a plain value, not a list or mapping",
                marker,
            ));
        }
        if self.stack.len() >= self.limits.max_depth {
            return Err(self.err(
                format!(
                    "nesting deeper than {} levels; scenario files are never this deep",
                    self.limits.max_depth
                ),
                marker,
            ));
        }
        self.count(1, marker)?;
        let pointer = self.child_pointer();
        let start = self.lines.at(marker);
        let kind = if is_map {
            FrameKind::Map {
                entries: Map::new(),
                pending_key: None,
            }
        } else {
            FrameKind::Seq(Vec::new())
        };
        self.stack.push(Frame {
            kind,
            pointer,
            start,
            anchor,
            nodes: 1,
            first_child: usize::MAX,
        });
        Ok(())
    }

    fn close(&mut self, marker: Marker) -> Result<(), YamlError> {
        let end = self.lines.at(marker).offset;
        let Some(frame) = self.stack.pop() else {
            return Err(self.err("unbalanced collection end", marker));
        };
        let value = match frame.kind {
            FrameKind::Seq(items) => Value::Array(items),
            FrameKind::Map { entries, .. } => Value::Object(entries),
        };
        let start = if frame.first_child < frame.start.offset {
            self.lines.at_offset(frame.first_child)
        } else {
            frame.start
        };
        let span = self.lines.to(start, end);
        self.value_spans.insert(frame.pointer, span);
        self.push_value(value, frame.nodes, frame.anchor, span.offset, marker)
    }

    fn scalar(
        &mut self,
        text: String,
        style: TScalarStyle,
        anchor: usize,
        tag: Option<Tag>,
        marker: Marker,
    ) -> Result<(), YamlError> {
        let span = self.lines.scalar(marker, &text, style);
        if self.expecting_key() {
            let key = match resolve_scalar(&text, style, tag.as_ref()) {
                Ok(Value::String(s)) => s,
                Ok(Value::Null) => String::new(),
                Ok(other) => other.to_string(),
                Err(message) => return Err(self.err(message, marker)),
            };
            return self.on_key(key, span, marker);
        }
        self.count(1, marker)?;
        let value = resolve_scalar(&text, style, tag.as_ref()).map_err(|m| self.err(m, marker))?;
        let pointer = self.child_pointer();
        // An empty value has no token of its own: the parser marks the next one. Put it just
        // after its key instead, where the designer left it empty.
        let span = match self.key_spans.get(&pointer) {
            Some(key) if text.is_empty() && style == TScalarStyle::Plain => {
                let key_text = self
                    .lines
                    .text
                    .get(key.offset..key.offset + key.len)
                    .unwrap_or_default();
                Span {
                    offset: key.offset + key.len,
                    len: 0,
                    line: key.line,
                    column: key.column + key_text.chars().count(),
                }
            }
            _ => span,
        };
        self.value_spans.insert(pointer, span);
        self.push_value(value, 1, anchor, span.offset, marker)
    }

    fn alias(&mut self, id: usize, marker: Marker) -> Result<(), YamlError> {
        let Some((value, nodes)) = self.anchors.get(&id).cloned() else {
            return Err(self.err("alias to an unknown anchor", marker));
        };
        if self.expecting_key() {
            return match value {
                Value::String(s) => {
                    let span = self.lines.at(marker);
                    self.on_key(s, span, marker)
                }
                _ => Err(self.err("an alias used as a key must name a plain value", marker)),
            };
        }
        self.count(nodes, marker)?;
        let pointer = self.child_pointer();
        let span = self
            .lines
            .to(self.lines.at(marker), self.lines.at(marker).offset + 1);
        self.value_spans.insert(pointer, span);
        self.push_value(value, nodes, 0, span.offset, marker)
    }
}

impl LineIndex<'_> {
    fn at_offset(&self, offset: usize) -> Span {
        let line = self.line_starts.partition_point(|&s| s <= offset).max(1);
        let start = self.line_starts[line - 1];
        let column = self.text[start..offset.min(self.text.len())]
            .chars()
            .count()
            + 1;
        Span {
            offset,
            len: 0,
            line,
            column,
        }
    }
}

/// Resolves a scalar the way YAML 1.2's core schema does, keeping the source's intent.
fn resolve_scalar(text: &str, style: TScalarStyle, tag: Option<&Tag>) -> Result<Value, String> {
    if let Some(tag) = tag {
        let core = tag.handle == "tag:yaml.org,2002:" || tag.handle == "!!";
        if !core {
            return Err(format!(
                "custom YAML tags such as `{}{}` are not allowed in scenario files",
                tag.handle, tag.suffix
            ));
        }
        return match tag.suffix.as_str() {
            "str" => Ok(Value::String(text.to_owned())),
            "null" | "bool" | "int" | "float" => Ok(resolve_plain(text)),
            other => Err(format!(
                "the YAML tag `!!{other}` is not allowed in scenario files"
            )),
        };
    }
    if style != TScalarStyle::Plain {
        return Ok(Value::String(text.to_owned()));
    }
    Ok(resolve_plain(text))
}

fn resolve_plain(text: &str) -> Value {
    match Yaml::from_str(text) {
        Yaml::Null => Value::Null,
        Yaml::Boolean(b) => Value::Bool(b),
        Yaml::Integer(i) => Value::Number(Number::from(i)),
        Yaml::Real(real) => match real.parse::<f64>().ok().and_then(whole_or_real) {
            Some(n) => Value::Number(n),
            // Infinity, NaN and out-of-range numbers stay text, so the schema names the problem.
            None => Value::String(real),
        },
        _ => Value::String(text.to_owned()),
    }
}

/// A number as JSON Schema sees it: `3.0` is the integer 3 (JSON has one number type), so
/// `rotation: 3.0` means what a text editor and check-jsonschema say it means.
fn whole_or_real(real: f64) -> Option<Number> {
    // Beyond 2^53 not every whole number is a float; such values stay real and the schema's
    // maximum refuses them.
    const EXACT: f64 = 9_007_199_254_740_992.0;
    if real.fract() == 0.0 && real.abs() <= EXACT {
        // The guard above makes this conversion exact.
        #[allow(clippy::cast_possible_truncation)]
        return Some(Number::from(real as i64));
    }
    Number::from_f64(real)
}

/// Loads one YAML document with locations.
pub fn load(text: &str, limits: Limits) -> Result<Document, YamlError> {
    let mut builder = Builder {
        lines: LineIndex::new(text),
        limits,
        stack: Vec::new(),
        anchors: HashMap::new(),
        nodes: 0,
        root: None,
        documents: 0,
        value_spans: HashMap::new(),
        key_spans: HashMap::new(),
    };
    let mut parser = Parser::new_from_str(text);
    loop {
        let (event, marker) = parser.next_token().map_err(|e| YamlError {
            message: if e.info().contains("recursion limit") {
                format!(
                    "nesting deeper than the parser allows ({}); scenario files are never this deep",
                    e.info()
                )
            } else {
                e.info().to_owned()
            },
            span: Some(builder.lines.at(*e.marker())),
        })?;
        match event {
            Event::StreamEnd => break,
            Event::StreamStart | Event::Nothing | Event::DocumentEnd => {}
            Event::DocumentStart => {
                builder.documents += 1;
                if builder.documents > 1 {
                    return Err(builder.err(
                        "a scenario file holds one YAML document; remove the second `---`",
                        marker,
                    ));
                }
            }
            Event::Alias(id) => builder.alias(id, marker)?,
            Event::Scalar(text, style, anchor, tag) => {
                builder.scalar(text, style, anchor, tag, marker)?
            }
            Event::SequenceStart(anchor, tag) => {
                check_collection_tag(tag.as_ref(), "seq").map_err(|m| builder.err(m, marker))?;
                builder.open(false, anchor, marker)?
            }
            Event::MappingStart(anchor, tag) => {
                check_collection_tag(tag.as_ref(), "map").map_err(|m| builder.err(m, marker))?;
                builder.open(true, anchor, marker)?
            }
            Event::SequenceEnd | Event::MappingEnd => builder.close(marker)?,
        }
    }
    let Some(value) = builder.root else {
        return Err(YamlError {
            message: "the file is empty: a scenario needs at least `format`, `ruleset` and `map`"
                .into(),
            span: Some(Span {
                offset: 0,
                len: 0,
                line: 1,
                column: 1,
            }),
        });
    };
    Ok(Document {
        value,
        value_spans: builder.value_spans,
        key_spans: builder.key_spans,
    })
}

fn check_collection_tag(tag: Option<&Tag>, expected: &str) -> Result<(), String> {
    match tag {
        None => Ok(()),
        Some(t)
            if (t.handle == "tag:yaml.org,2002:" || t.handle == "!!") && t.suffix == expected =>
        {
            Ok(())
        }
        Some(t) => Err(format!(
            "YAML tags such as `{}{}` are not allowed in scenario files",
            t.handle, t.suffix
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load_ok(text: &str) -> Document {
        load(text, Limits::default()).unwrap()
    }

    #[test]
    fn values_resolve_like_yaml_core_schema() {
        let doc = load_ok("a: 1\nb: '1'\nc: true\nd: ~\ne: 2.5\nf: 3/7\ng: [1, -2]\nh: .nan\n");
        assert_eq!(
            doc.value,
            serde_json::json!({"a": 1, "b": "1", "c": true, "d": null, "e": 2.5, "f": "3/7", "g": [1, -2], "h": ".nan"})
        );
    }

    #[test]
    fn spans_point_at_lines_and_columns() {
        let text =
            "map:\n  tiles:\n    - {tile: 1, side: megalopolis}\n    - tile: 9\n      side: é\n";
        let doc = load_ok(text);
        let tile = doc.value_spans["/map/tiles/1/tile"];
        assert_eq!((tile.line, tile.column), (4, 13));
        assert_eq!(&text[tile.offset..tile.offset + tile.len], "9");
        let side = doc.value_spans["/map/tiles/0/side"];
        assert_eq!((side.line, side.column), (3, 23));
        let key = doc.key_spans["/map/tiles/1/side"];
        assert_eq!((key.line, key.column), (5, 7));
        let accented = doc.value_spans["/map/tiles/1/side"];
        assert_eq!(&text[accented.offset..accented.offset + accented.len], "é");
        let item = doc.locate("/map/tiles/1/missing").unwrap();
        assert_eq!(item.line, 4);
    }

    #[test]
    fn empty_values_are_located_at_their_key() {
        let doc = load_ok("a:\n  id:\n  name: x\nlast:\n");
        let id = doc.value_spans["/a/id"];
        assert_eq!((id.line, id.column), (2, 5));
        let last = doc.value_spans["/last"];
        assert_eq!((last.line, last.column), (4, 5));
    }

    /// Found by fuzzing: a span ending inside a two-byte character.
    #[test]
    fn spans_never_end_inside_a_character() {
        let text = "[?\r#/,\n,O\rO+:\n\u{43f}\u{43f}[\u{1}\u{43f}\u{43f}[\u{12}0\n<:\u{1a}:o#";
        if let Ok(doc) = load(text, Limits::default()) {
            for span in doc.value_spans.values().chain(doc.key_spans.values()) {
                assert!(text.get(span.offset..span.offset + span.len).is_some());
            }
        }
        for len in 1..text.len() {
            if let Some(prefix) = text.get(..len)
                && let Ok(doc) = load(prefix, Limits::default())
            {
                for span in doc.value_spans.values() {
                    assert!(prefix.get(span.offset..span.offset + span.len).is_some());
                }
            }
        }
    }

    #[test]
    fn duplicate_keys_are_refused_at_the_second_key() {
        let err = load("a: 1\nb: 2\na: 3\n", Limits::default()).unwrap_err();
        assert!(err.message.contains("duplicate key `a`"));
        assert_eq!(err.span.unwrap().line, 3);
    }

    #[test]
    fn syntax_errors_carry_a_location() {
        let err = load("a: [1, 2\nb: 3\n", Limits::default()).unwrap_err();
        assert_eq!(err.span.unwrap().line, 2);
    }

    #[test]
    fn alias_bombs_and_deep_nesting_are_refused() {
        let mut bomb = String::from("a: &a [x, x, x, x, x, x, x, x, x, x]\n");
        for i in 1..9 {
            let prev = (b'a' + i - 1) as char;
            let name = (b'a' + i) as char;
            bomb.push_str(&format!(
                "{name}: &{name} [*{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}]\n"
            ));
        }
        let err = load(&bomb, Limits::default()).unwrap_err();
        assert!(err.message.contains("YAML bomb"), "{}", err.message);

        let deep = "[".repeat(100_000);
        let err = load(&deep, Limits::default()).unwrap_err();
        assert!(err.message.contains("nesting"), "{}", err.message);
    }

    #[test]
    fn empty_files_multiple_documents_and_tags_are_refused() {
        assert!(
            load("", Limits::default())
                .unwrap_err()
                .message
                .contains("empty")
        );
        assert!(load("# only a comment\n", Limits::default()).is_err());
        assert!(load("a: 1\n---\nb: 2\n", Limits::default()).is_err());
        assert!(load("a: !custom 1\n", Limits::default()).is_err());
        assert_eq!(load_ok("a: !!str 1\n").value, serde_json::json!({"a": "1"}));
    }
}
