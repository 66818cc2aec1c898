//! Builds a document from parser events: the JSON value, each node's place in the source, and
//! the limits that keep hostile files cheap. Both parsers (the quick one for the plain YAML
//! scenario files are written in, and yaml-rust2 for everything else) feed this one builder,
//! so a file means the same whichever of them read it.

use std::borrow::Cow;
use std::collections::HashMap;

use serde_json::{Map, Number, Value};
use yaml_rust2::Yaml;
use yaml_rust2::parser::Tag;
use yaml_rust2::scanner::TScalarStyle;

use super::spans::{Node, Spans};
use super::{Document, Limits, Span, YamlError};

/// What a parser reports, with scalars borrowed from the text where they can be.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Event<'t> {
    DocumentStart,
    Alias(usize),
    Scalar(Cow<'t, str>, TScalarStyle, usize, Option<Tag>),
    SequenceStart(usize, Option<Tag>),
    MappingStart(usize, Option<Tag>),
    /// The end of the innermost open sequence or mapping.
    End,
}

/// Maps positions to lines, columns and byte offsets. The table of line starts is made the
/// first time a position needs it; the quick reader knows its lines and never does.
pub(super) struct LineIndex<'a> {
    pub(super) text: &'a str,
    line_starts: std::cell::OnceCell<Vec<usize>>,
}

impl<'a> LineIndex<'a> {
    pub(super) fn new(text: &'a str) -> Self {
        LineIndex {
            text,
            line_starts: std::cell::OnceCell::new(),
        }
    }

    fn line_starts(&self) -> &[usize] {
        self.line_starts.get_or_init(|| {
            let mut starts = Vec::with_capacity(self.text.len() / 32 + 1);
            starts.push(0);
            starts.extend(
                self.text
                    .bytes()
                    .enumerate()
                    .filter(|&(_, b)| b == b'\n')
                    .map(|(i, _)| i + 1),
            );
            starts
        })
    }

    /// A zero-length span at a 1-based line and a 0-based column counted in characters.
    pub(super) fn at_line_column(&self, line: usize, column: usize) -> Span {
        let line = line.max(1);
        let start = self
            .line_starts()
            .get(line - 1)
            .copied()
            .unwrap_or(self.text.len());
        let line_text = &self.text[start..];
        let offset = start
            + line_text
                .char_indices()
                .nth(column)
                .map(|(i, _)| i)
                .unwrap_or(line_text.len());
        Span {
            offset,
            len: 0,
            line,
            column: column + 1,
        }
    }

    /// A zero-length span at a byte offset.
    pub(super) fn at_offset(&self, offset: usize) -> Span {
        let line_starts = self.line_starts();
        let line = line_starts.partition_point(|&s| s <= offset).max(1);
        let start = line_starts[line - 1];
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

    /// The number of lines a parser counts at the end of the text.
    pub(super) fn lines(&self) -> usize {
        self.text.bytes().filter(|&b| b == b'\n').count() + 1
    }

    /// A zero-length span at a byte offset a little before `later`: worked out from `later`
    /// when both are on one line, which is how a block mapping's first key stands before the
    /// colon that opens it.
    fn at_offset_before(&self, offset: usize, later: Span) -> Span {
        let column = self
            .text
            .get(offset..later.offset)
            .filter(|between| !between.contains('\n'))
            .and_then(|between| later.column.checked_sub(between.chars().count()));
        match column {
            Some(column) if column >= 1 => Span {
                offset,
                len: 0,
                line: later.line,
                column,
            },
            _ => self.at_offset(offset),
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
    fn scalar(&self, start: Span, value: &str, style: TScalarStyle) -> Span {
        let rest = &self.text.as_bytes()[start.offset..];
        let quoted = matches!(
            style,
            TScalarStyle::SingleQuoted | TScalarStyle::DoubleQuoted
        );
        let wanted = if quoted { value.len() + 2 } else { value.len() };
        // Only the first `wanted` bytes can hold the line's end that cuts the span short.
        let near = &rest[..wanted.min(rest.len())];
        let line_end = near.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
        self.to(start, start.offset + wanted.min(line_end).max(1))
    }
}

struct Frame {
    kind: FrameKind,
    /// The frame's node in the span table.
    node: usize,
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
        /// The key waiting for its value, and where the key stands.
        pending_key: Option<(String, Span)>,
    },
}

pub(super) struct Builder<'a> {
    pub(super) lines: LineIndex<'a>,
    limits: Limits,
    stack: Vec<Frame>,
    anchors: HashMap<usize, (Value, usize)>,
    nodes: usize,
    root: Option<Value>,
    documents: usize,
    spans: Spans,
}

impl<'a> Builder<'a> {
    pub(super) fn new(text: &'a str, limits: Limits) -> Self {
        Builder {
            lines: LineIndex::new(text),
            limits,
            stack: Vec::new(),
            anchors: HashMap::new(),
            nodes: 0,
            root: None,
            documents: 0,
            spans: Spans::with_capacity(text.len() / 8),
        }
    }

    pub(super) fn err(&self, message: impl Into<String>, at: Span) -> YamlError {
        YamlError {
            message: message.into(),
            span: Some(at),
        }
    }

    /// Takes one event, found at `at`.
    pub(super) fn event(&mut self, event: Event<'_>, at: Span) -> Result<(), YamlError> {
        match event {
            Event::DocumentStart => {
                self.documents += 1;
                if self.documents > 1 {
                    return Err(self.err(
                        "a scenario file holds one YAML document; remove the second `---`",
                        at,
                    ));
                }
                Ok(())
            }
            Event::Alias(id) => self.alias(id, at),
            Event::Scalar(text, style, anchor, tag) => {
                self.scalar(text, style, anchor, tag.as_ref(), at)
            }
            Event::SequenceStart(anchor, tag) => {
                check_collection_tag(tag.as_ref(), "seq").map_err(|m| self.err(m, at))?;
                self.open(false, anchor, at)
            }
            Event::MappingStart(anchor, tag) => {
                check_collection_tag(tag.as_ref(), "map").map_err(|m| self.err(m, at))?;
                self.open(true, anchor, at)
            }
            Event::End => self.close(at),
        }
    }

    /// The loaded document, once the events are over.
    pub(super) fn finish(self) -> Result<Document, YamlError> {
        let Some(value) = self.root else {
            return Err(YamlError {
                message:
                    "the file is empty: a scenario needs at least `format`, `ruleset` and `map`"
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
            spans: self.spans,
        })
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

    /// The span of the key the next value belongs to, if it belongs to one.
    fn pending_key_span(&self) -> Option<Span> {
        match self.stack.last().map(|f| &f.kind) {
            Some(FrameKind::Map {
                pending_key: Some((_, span)),
                ..
            }) => Some(*span),
            _ => None,
        }
    }

    fn count(&mut self, nodes: usize, at: Span) -> Result<(), YamlError> {
        self.nodes = self.nodes.saturating_add(nodes);
        if self.nodes > self.limits.max_nodes {
            return Err(self.err(
                format!(
                    "the document expands to more than {} nodes (aliases included); refusing it as a possible YAML bomb",
                    self.limits.max_nodes
                ),
                at,
            ));
        }
        Ok(())
    }

    /// Starts a node in the span table for the next value, with its key's span.
    fn start_node(&mut self, value: Span) -> usize {
        let index = self.spans.nodes.len();
        self.spans.nodes.push(Node {
            value,
            key: self.pending_key_span(),
            end: (index + 1) as u32,
        });
        index
    }

    /// Adds a finished value (and its node count) to the enclosing collection.
    fn push_value(
        &mut self,
        value: Value,
        nodes: usize,
        anchor: usize,
        start_offset: usize,
        at: Span,
    ) -> Result<(), YamlError> {
        if anchor != 0 {
            self.anchors.insert(anchor, (value.clone(), nodes));
        }
        let Some(frame) = self.stack.last_mut() else {
            if self.root.is_some() {
                return Err(self.err("a scenario file holds one YAML document", at));
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
                let key = pending_key.take().map(|(key, _)| key).unwrap_or_default();
                entries.insert(key, value);
            }
        }
        Ok(())
    }

    fn on_key(&mut self, key: String, span: Span, at: Span) -> Result<(), YamlError> {
        let duplicate = match self.stack.last().map(|f| &f.kind) {
            // A short mapping is searched faster than its key is hashed.
            Some(FrameKind::Map { entries, .. }) if entries.len() < 12 => {
                entries.keys().any(|k| *k == key)
            }
            Some(FrameKind::Map { entries, .. }) => entries.contains_key(&key),
            _ => false,
        };
        if duplicate {
            return Err(self.err(
                format!("duplicate key `{key}`: each key may appear once in a mapping"),
                at,
            ));
        }
        if let Some(frame) = self.stack.last_mut()
            && let FrameKind::Map { pending_key, .. } = &mut frame.kind
        {
            frame.first_child = frame.first_child.min(span.offset);
            *pending_key = Some((key, span));
        }
        Ok(())
    }

    fn open(&mut self, is_map: bool, anchor: usize, at: Span) -> Result<(), YamlError> {
        if self.expecting_key() {
            return Err(self.err(
                "a mapping key must be a plain value, not a list or mapping",
                at,
            ));
        }
        if self.stack.len() >= self.limits.max_depth {
            return Err(self.err(
                format!(
                    "nesting deeper than {} levels; scenario files are never this deep",
                    self.limits.max_depth
                ),
                at,
            ));
        }
        self.count(1, at)?;
        let node = self.start_node(at);
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
            node,
            start: at,
            anchor,
            nodes: 1,
            first_child: usize::MAX,
        });
        Ok(())
    }

    fn close(&mut self, at: Span) -> Result<(), YamlError> {
        let Some(frame) = self.stack.pop() else {
            return Err(self.err("unbalanced collection end", at));
        };
        let value = match frame.kind {
            FrameKind::Seq(items) => Value::Array(items),
            FrameKind::Map { entries, .. } => Value::Object(entries),
        };
        let start = if frame.first_child < frame.start.offset {
            self.lines.at_offset_before(frame.first_child, frame.start)
        } else {
            frame.start
        };
        let span = self.lines.to(start, at.offset);
        let end = self.spans.nodes.len() as u32;
        if let Some(node) = self.spans.nodes.get_mut(frame.node) {
            node.value = span;
            node.end = end;
        }
        self.push_value(value, frame.nodes, frame.anchor, span.offset, at)
    }

    fn scalar(
        &mut self,
        text: Cow<'_, str>,
        style: TScalarStyle,
        anchor: usize,
        tag: Option<&Tag>,
        at: Span,
    ) -> Result<(), YamlError> {
        let span = self.lines.scalar(at, &text, style);
        if self.expecting_key() {
            let key = match resolve_scalar(text, style, tag) {
                Ok(Value::String(s)) => s,
                Ok(Value::Null) => String::new(),
                Ok(other) => other.to_string(),
                Err(message) => return Err(self.err(message, at)),
            };
            return self.on_key(key, span, at);
        }
        self.count(1, at)?;
        let empty_plain = text.is_empty() && style == TScalarStyle::Plain;
        let value = resolve_scalar(text, style, tag).map_err(|m| self.err(m, at))?;
        // An empty value has no token of its own: the parser marks the next one. Put it just
        // after its key instead, where the designer left it empty.
        let span = match self.pending_key_span() {
            Some(key) if empty_plain => {
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
        self.start_node(span);
        self.push_value(value, 1, anchor, span.offset, at)
    }

    fn alias(&mut self, id: usize, at: Span) -> Result<(), YamlError> {
        let Some((value, nodes)) = self.anchors.get(&id).cloned() else {
            return Err(self.err("alias to an unknown anchor", at));
        };
        if self.expecting_key() {
            return match value {
                Value::String(s) => self.on_key(s, at, at),
                _ => Err(self.err("an alias used as a key must name a plain value", at)),
            };
        }
        self.count(nodes, at)?;
        let span = self.lines.to(at, at.offset + 1);
        self.start_node(span);
        self.push_value(value, nodes, 0, span.offset, at)
    }
}

impl<'t> super::quick::Sink<'t> for Builder<'_> {
    fn take(&mut self, event: Event<'t>, at: Span) -> Result<(), super::quick::Unread> {
        self.event(event, at).map_err(|_| super::quick::Unread)
    }
}

/// Resolves a scalar the way YAML 1.2's core schema does, keeping the source's intent.
fn resolve_scalar(
    text: Cow<'_, str>,
    style: TScalarStyle,
    tag: Option<&Tag>,
) -> Result<Value, String> {
    if let Some(tag) = tag {
        let core = tag.handle == "tag:yaml.org,2002:" || tag.handle == "!!";
        if !core {
            return Err(format!(
                "custom YAML tags such as `{}{}` are not allowed in scenario files",
                tag.handle, tag.suffix
            ));
        }
        return match tag.suffix.as_str() {
            "str" => Ok(Value::String(text.into_owned())),
            "null" | "bool" | "int" | "float" => Ok(resolve_plain(text)),
            other => Err(format!(
                "the YAML tag `!!{other}` is not allowed in scenario files"
            )),
        };
    }
    if style != TScalarStyle::Plain {
        return Ok(Value::String(text.into_owned()));
    }
    Ok(resolve_plain(text))
}

pub(super) fn resolve_plain(text: Cow<'_, str>) -> Value {
    // Most scalars are words or whole numbers; these shortcuts give what yaml-rust2's
    // resolution gives them, without its allocations.
    // Numbers are written with digits, letters, signs, points and underscores only, so text
    // without a digit, or with another character (`3/7`, `a b`), is text.
    let numeric = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.' | b'_');
    if !is_core_word(&text)
        && (!text.bytes().any(|b| b.is_ascii_digit()) || !text.bytes().all(numeric))
    {
        return Value::String(text.into_owned());
    }
    let digits = text.strip_prefix('-').unwrap_or(&text);
    if !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && let Ok(whole) = text.parse::<i64>()
    {
        return Value::Number(Number::from(whole));
    }
    match Yaml::from_str(&text) {
        Yaml::Null => Value::Null,
        Yaml::Boolean(b) => Value::Bool(b),
        Yaml::Integer(i) => Value::Number(Number::from(i)),
        Yaml::Real(real) => match real.parse::<f64>().ok().and_then(whole_or_real) {
            Some(n) => Value::Number(n),
            // Infinity, NaN and out-of-range numbers stay text, so the schema names the problem.
            None => Value::String(real),
        },
        _ => Value::String(text.into_owned()),
    }
}

/// The digit-free words YAML's core schema reads as something other than text: null, the
/// booleans, infinity and not-a-number.
fn is_core_word(text: &str) -> bool {
    matches!(
        text,
        "" | "~"
            | "null"
            | "true"
            | "True"
            | "TRUE"
            | "false"
            | "False"
            | "FALSE"
            | ".inf"
            | ".Inf"
            | ".INF"
            | "+.inf"
            | "+.Inf"
            | "+.INF"
            | "-.inf"
            | "-.Inf"
            | "-.INF"
            | ".nan"
            | ".NaN"
            | ".NAN"
    )
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
