//! Saving by editing the designer's own text, for the editor's saves and the language
//! server's quick fixes.
//!
//! A save compares the scenario as the file on disk reads with the scenario being saved, and
//! rewrites only the nodes that differ: a changed number or word in place (its trailing comment
//! kept), a changed record or list as the lines of that entry, added entries after their last
//! sibling, removed entries as their lines. Comments, key order, blank lines and the flow or
//! block style the designer chose stay as written everywhere else. Whatever this cannot place
//! (an anchor shared by two nodes, a list written inside a line) is handed up to the enclosing
//! node, and the caller falls back to the house style when even the whole file cannot be
//! patched or the patched text would not read back as the same scenario.

use super::{self as yaml, Document as Source, Limits, Span};
use serde_json::Value as Json;
use serde_yaml::{Mapping, Value};

use super::write::{self, block_mapping, block_sequence, flow, read_as, to_yaml};

/// The original text with the changes from `old` to `new` written in, or `None` when the
/// changes cannot be placed in this text.
pub fn patch(original: &str, old: &Value, new: &Value) -> Option<String> {
    let source = yaml::load(original, Limits::default()).ok()?;
    let patcher = Patcher::new(original, source);
    let mut splices = patcher.node("", old, new, false).ok()?;
    splices.sort_by_key(|s| s.start);
    if splices.windows(2).any(|w| w[0].end > w[1].start) {
        return None;
    }
    let mut out = original.to_owned();
    for splice in splices.iter().rev() {
        out.replace_range(splice.start..splice.end, &splice.text);
    }
    Some(out)
}

/// One replacement of a byte range of the original text.
#[derive(Debug)]
struct Splice {
    start: usize,
    end: usize,
    text: String,
}

/// A change this node cannot place; the enclosing node rewrites itself instead.
struct Unplaced;

type Placed = Result<Vec<Splice>, Unplaced>;

struct Patcher<'a> {
    text: &'a str,
    source: Source,
    /// Byte offset where each line starts.
    line_starts: Vec<usize>,
}

impl<'a> Patcher<'a> {
    fn new(text: &'a str, source: Source) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Patcher {
            text,
            source,
            line_starts,
        }
    }

    /// The splices that turn the node at `pointer` from `old` into `new`. `in_flow` says the
    /// node stands inside a `[...]` or `{...}` written on a line.
    fn node(&self, pointer: &str, old: &Value, new: &Value, in_flow: bool) -> Placed {
        if old == new {
            return Ok(Vec::new());
        }
        let written = self.source.value.pointer(pointer);
        let flow_here = in_flow || self.is_flow(pointer);
        let fine = match (old, new, written) {
            (Value::Mapping(o), Value::Mapping(n), Some(Json::Object(w))) => {
                self.mapping(pointer, o, n, w, flow_here)
            }
            (Value::Sequence(o), Value::Sequence(n), Some(Json::Array(w)))
                if w.len() == o.len() =>
            {
                self.sequence(pointer, o, n, flow_here)
            }
            _ => Err(Unplaced),
        };
        fine.or_else(|_| self.replace(pointer, new, in_flow))
    }

    fn mapping(
        &self,
        pointer: &str,
        old: &Mapping,
        new: &Mapping,
        written: &serde_json::Map<String, Json>,
        in_flow: bool,
    ) -> Placed {
        let mut splices = Vec::new();
        let mut added = Mapping::new();
        for (key, value) in new {
            let name = key.as_str().ok_or(Unplaced)?;
            let child = child_pointer(pointer, name);
            match (written.contains_key(name), old.get(key)) {
                (true, Some(before)) => splices.extend(self.node(&child, before, value, in_flow)?),
                (true, None) => splices.extend(self.replace(&child, value, in_flow)?),
                (false, before) if before != Some(value) => {
                    added.insert(key.clone(), value.clone());
                }
                (false, _) => {}
            }
        }
        let removed: Vec<String> = old
            .keys()
            .filter(|k| !new.contains_key(*k))
            .filter_map(|k| k.as_str())
            .filter(|k| written.contains_key(*k))
            .map(|k| child_pointer(pointer, k))
            .collect();
        if in_flow && (!added.is_empty() || !removed.is_empty()) {
            return Err(Unplaced);
        }
        for child in &removed {
            let (start, end, shares_line) = self.entry_lines(child)?;
            if shares_line {
                return Err(Unplaced);
            }
            splices.push(Splice {
                start,
                end,
                text: String::new(),
            });
        }
        if !added.is_empty() {
            splices.push(self.add_entries(pointer, written, &added)?);
        }
        Ok(splices)
    }

    fn sequence(&self, pointer: &str, old: &[Value], new: &[Value], in_flow: bool) -> Placed {
        if old.len() == new.len() {
            let mut splices = Vec::new();
            for (i, (before, after)) in old.iter().zip(new).enumerate() {
                splices.extend(self.node(&format!("{pointer}/{i}"), before, after, in_flow)?);
            }
            return Ok(splices);
        }
        if in_flow || old.is_empty() || new.is_empty() {
            return Err(Unplaced);
        }
        // Items that stay are left alone, an item that changed is patched where it stands,
        // removed items take their lines, added ones follow the item before them.
        let indent = self.item_lines(&format!("{pointer}/0"))?.2;
        let mut splices = Vec::new();
        let mut anchor = self.item_lines(&format!("{pointer}/0"))?.0;
        let mut added: Vec<Value> = Vec::new();
        for step in align(old, new) {
            if !matches!(step, Step::Insert(_)) && !added.is_empty() {
                splices.push(self.inserted(anchor, &std::mem::take(&mut added), indent)?);
            }
            match step {
                Step::Keep(i) => anchor = self.item_lines(&format!("{pointer}/{i}"))?.1,
                Step::Patch(i, j) => {
                    let item = format!("{pointer}/{i}");
                    splices.extend(self.node(&item, &old[i], &new[j], in_flow)?);
                    anchor = self.item_lines(&item)?.1;
                }
                Step::Remove(i) => {
                    let (start, end, _) = self.item_lines(&format!("{pointer}/{i}"))?;
                    splices.push(Splice {
                        start,
                        end,
                        text: String::new(),
                    });
                    anchor = end;
                }
                Step::Insert(j) => added.push(new[j].clone()),
            }
        }
        if !added.is_empty() {
            splices.push(self.inserted(anchor, &added, indent)?);
        }
        Ok(splices)
    }

    /// New list items written as lines at `at`, their dashes at `indent`.
    fn inserted(&self, at: usize, items: &[Value], indent: usize) -> Result<Splice, Unplaced> {
        let mut text = String::new();
        block_sequence(items, indent, &mut text).map_err(|_| Unplaced)?;
        Ok(self.at_line_end(at, at, text))
    }

    /// Rewrites the node at `pointer` whole.
    fn replace(&self, pointer: &str, new: &Value, in_flow: bool) -> Placed {
        let span = self.source.value_span(pointer).ok_or(Unplaced)?;
        if pointer.is_empty() {
            return Err(Unplaced);
        }
        let single_line = flow(new).filter(|f| !f.contains('\n'));
        if let (Some(range), Some(text)) = (self.inline_range(pointer, span), single_line) {
            // A value written on one line stays on one line: a scalar for a scalar, a flow
            // collection for a flow collection, and anything inside a flow collection.
            if in_flow || self.is_flow(pointer) || !is_collection(new) {
                return Ok(vec![Splice {
                    start: range.0,
                    end: range.1,
                    text,
                }]);
            }
        }
        if in_flow {
            return Err(Unplaced);
        }
        let (parent, name) = pointer.rsplit_once('/').ok_or(Unplaced)?;
        match self.source.value.pointer(parent) {
            Some(Json::Object(_)) => {
                let key = self.source.key_span(pointer).ok_or(Unplaced)?;
                let (_, end, _) = self.entry_lines(pointer)?;
                let indent = self.column_of(key.offset);
                let mut one = Mapping::new();
                one.insert(Value::String(unescape(name)), new.clone());
                let mut text = String::new();
                block_mapping(&one, indent, &mut text).map_err(|_| Unplaced)?;
                let text = text.get(indent..).ok_or(Unplaced)?.to_owned();
                Ok(vec![self.at_line_end(key.offset, end, text)])
            }
            Some(Json::Array(_)) => {
                let (start, end, indent) = self.item_lines(pointer)?;
                let mut text = String::new();
                block_sequence(std::slice::from_ref(new), indent, &mut text)
                    .map_err(|_| Unplaced)?;
                Ok(vec![self.at_line_end(start, end, text)])
            }
            _ => Err(Unplaced),
        }
    }

    /// A splice ending at a line end, keeping the text's last line without a newline if the
    /// replaced lines were the file's last.
    fn at_line_end(&self, start: usize, end: usize, mut text: String) -> Splice {
        if end == self.text.len() && !self.text.ends_with('\n') && start != end {
            text.pop();
        }
        if start == end && start == self.text.len() && !self.text.ends_with('\n') {
            text.insert(0, '\n');
        }
        Splice { start, end, text }
    }

    /// The byte range of a node written on one line: a plain or quoted scalar, or a flow
    /// collection. `None` for block collections and block or multi-line scalars.
    fn inline_range(&self, pointer: &str, span: Span) -> Option<(usize, usize)> {
        let rest = self.text.get(span.offset..)?;
        if rest.starts_with('[') || rest.starts_with('{') {
            let end = span.offset + matching_close(rest)?;
            return (!self.text[span.offset..end].contains('\n')).then_some((span.offset, end));
        }
        let written = self.source.value.pointer(pointer)?;
        if matches!(written, Json::Array(_) | Json::Object(_)) {
            return None;
        }
        if rest.starts_with('|') || rest.starts_with('>') || rest.starts_with('*') {
            return None;
        }
        let token = self.text.get(span.offset..span.offset + span.len)?;
        // The span is the token's first line; it is the whole scalar only if it reads back
        // as the same value (a quoted scalar continued on the next line does not).
        let reads = yaml::load(token, Limits::default()).ok()?.value;
        (&reads == written).then_some((span.offset, span.offset + span.len))
    }

    fn is_flow(&self, pointer: &str) -> bool {
        self.source
            .value_span(pointer)
            .and_then(|s| self.text.get(s.offset..))
            .is_some_and(|rest| rest.starts_with('[') || rest.starts_with('{'))
    }

    /// The lines of a mapping entry, from its key to the end of its last line, and whether
    /// the key shares its first line with a list item's dash.
    fn entry_lines(&self, pointer: &str) -> Result<(usize, usize, bool), Unplaced> {
        let key = self.source.key_span(pointer).ok_or(Unplaced)?;
        let line_start = self.line_start(key.offset);
        let before = &self.text[line_start..key.offset];
        if !before.chars().all(|c| c == ' ' || c == '-') {
            return Err(Unplaced);
        }
        let column = self.column_of(key.offset);
        let end = self.extent_end(key.offset, column, self.dashes_at(pointer, column));
        Ok((line_start, end, !before.trim().is_empty()))
    }

    /// True when the value at `pointer` is a block list whose dashes stand at `column`.
    fn dashes_at(&self, pointer: &str, column: usize) -> bool {
        self.source.value_span(pointer).is_some_and(|v| {
            self.text[v.offset..].starts_with('-') && self.column_of(v.offset) == column
        })
    }

    /// The lines of a block sequence item and the column of its dash.
    fn item_lines(&self, pointer: &str) -> Result<(usize, usize, usize), Unplaced> {
        let span = self.source.value_span(pointer).ok_or(Unplaced)?;
        let before = &self.text[..span.offset];
        let dash = before.trim_end_matches(' ');
        if !dash.ends_with('-') {
            return Err(Unplaced);
        }
        let dash_at = dash.len() - 1;
        let line_start = self.line_start(dash_at);
        if !self.text[line_start..dash_at].trim().is_empty() {
            return Err(Unplaced);
        }
        let column = dash_at - line_start;
        Ok((line_start, self.extent_end(dash_at, column, false), column))
    }

    /// The end (after its newline) of the last line belonging to the node that starts at
    /// `offset` with its key or dash at `column`: the following lines indented deeper, and
    /// with `dashes_at_column` the list items at the same column. Comments and blank lines
    /// after its last line belong to what follows.
    fn extent_end(&self, offset: usize, column: usize, dashes_at_column: bool) -> usize {
        let first_line = self.line_of(offset);
        let mut last = first_line;
        for line in first_line + 1..self.line_starts.len() {
            let text = self.line_text(line);
            let trimmed = text.trim_start_matches(' ');
            if trimmed.trim().is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let indent = text.len() - trimmed.len();
            let item = trimmed == "-" || trimmed.starts_with("- ");
            if indent > column || (dashes_at_column && indent == column && item) {
                last = line;
            } else {
                break;
            }
        }
        self.line_starts
            .get(last + 1)
            .copied()
            .unwrap_or(self.text.len())
    }

    fn add_entries(
        &self,
        pointer: &str,
        written: &serde_json::Map<String, Json>,
        added: &Mapping,
    ) -> Result<Splice, Unplaced> {
        let keys: Vec<String> = written.keys().map(|k| child_pointer(pointer, k)).collect();
        let first = keys
            .iter()
            .filter_map(|k| self.source.key_span(k))
            .min_by_key(|s| s.offset)
            .ok_or(Unplaced)?;
        let last = keys
            .iter()
            .max_by_key(|k| self.source.key_span(k).map(|s| s.offset))
            .ok_or(Unplaced)?;
        let indent = self.column_of(first.offset);
        let last_key = self.source.key_span(last).ok_or(Unplaced)?;
        let column = self.column_of(last_key.offset);
        let at = self.extent_end(last_key.offset, column, self.dashes_at(last, column));
        let mut text = String::new();
        block_mapping(added, indent, &mut text).map_err(|_| Unplaced)?;
        Ok(self.at_line_end(at, at, text))
    }

    fn line_of(&self, offset: usize) -> usize {
        self.line_starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1)
    }

    fn line_start(&self, offset: usize) -> usize {
        self.line_starts[self.line_of(offset)]
    }

    /// Column in bytes; indentation in YAML is spaces, so bytes and characters agree there.
    fn column_of(&self, offset: usize) -> usize {
        offset - self.line_start(offset)
    }

    fn line_text(&self, line: usize) -> &str {
        let start = self.line_starts[line];
        let end = self
            .line_starts
            .get(line + 1)
            .map_or(self.text.len(), |e| e - 1);
        &self.text[start..end]
    }
}

/// What a save does with one list item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    /// The old item `i` stays as written.
    Keep(usize),
    /// The old item `i` becomes the new item `j`, patched where it stands.
    Patch(usize, usize),
    /// The old item `i` is gone.
    Remove(usize),
    /// The new item `j` is added.
    Insert(usize),
}

/// Above this many item pairs, the list is aligned by its unchanged ends only.
const ALIGN_PAIRS: usize = 1 << 20;

/// Lines up an old list with a new one: the longest run of items that are the same entry (the
/// same `id`, or equal when they have none) in order, each kept or patched in place; between
/// two such items, old and new items without an `id` are paired in order and patched, and the
/// rest removed or inserted. A moved token and an added one saved together so touch only the
/// moved value and add lines.
fn align(old: &[Value], new: &[Value]) -> Vec<Step> {
    let same = |a: &Value, b: &Value| match (entry_id(a), entry_id(b)) {
        (Some(x), Some(y)) => x == y,
        (None, None) => a == b,
        _ => false,
    };
    let anchors = if old.len().saturating_mul(new.len()) <= ALIGN_PAIRS {
        longest_common(old, new, &same)
    } else {
        let prefix = old.iter().zip(new).take_while(|(a, b)| same(a, b)).count();
        let room = old.len().min(new.len()) - prefix;
        let suffix = old
            .iter()
            .rev()
            .zip(new.iter().rev())
            .take(room)
            .take_while(|(a, b)| same(a, b))
            .count();
        let ends = (0..prefix).map(|k| (k, k));
        let tail = (0..suffix)
            .rev()
            .map(|k| (old.len() - 1 - k, new.len() - 1 - k));
        ends.chain(tail).collect()
    };
    let mut steps = Vec::new();
    let (mut i, mut j) = (0, 0);
    for (a, b) in anchors.into_iter().chain([(old.len(), new.len())]) {
        let (mut gone, mut come) = (i..a, j..b);
        while !gone.is_empty() && !come.is_empty() {
            let (o, n) = (gone.start, come.start);
            if entry_id(&old[o]).is_some() || entry_id(&new[n]).is_some() {
                break;
            }
            steps.push(Step::Patch(o, n));
            gone.start += 1;
            come.start += 1;
        }
        steps.extend(gone.map(Step::Remove));
        steps.extend(come.map(Step::Insert));
        if a < old.len() {
            steps.push(match old[a] == new[b] {
                true => Step::Keep(a),
                false => Step::Patch(a, b),
            });
        }
        (i, j) = (a + 1, b + 1);
    }
    steps
}

/// The `id` of a list item that is a mapping with one.
fn entry_id(item: &Value) -> Option<&Value> {
    item.as_mapping()?.get("id")
}

/// The index pairs of a longest common subsequence under `same`, in order.
fn longest_common(
    old: &[Value],
    new: &[Value],
    same: &dyn Fn(&Value, &Value) -> bool,
) -> Vec<(usize, usize)> {
    let width = new.len() + 1;
    // lengths[i * width + j]: the longest common run of old[i..] and new[j..].
    let mut lengths = vec![0u32; (old.len() + 1) * width];
    for i in (0..old.len()).rev() {
        for j in (0..new.len()).rev() {
            lengths[i * width + j] = match same(&old[i], &new[j]) {
                true => lengths[(i + 1) * width + j + 1] + 1,
                false => lengths[(i + 1) * width + j].max(lengths[i * width + j + 1]),
            };
        }
    }
    let mut pairs = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < old.len() && j < new.len() {
        if same(&old[i], &new[j]) {
            pairs.push((i, j));
            i += 1;
            j += 1;
        } else if lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
            i += 1;
        } else {
            j += 1;
        }
    }
    pairs
}

fn child_pointer(pointer: &str, key: &str) -> String {
    format!("{pointer}/{}", yaml::escape_pointer_segment(key))
}

fn unescape(segment: &str) -> String {
    segment.replace("~1", "/").replace("~0", "~")
}

fn is_collection(value: &Value) -> bool {
    matches!(value, Value::Sequence(_) | Value::Mapping(_))
}

/// Length of the flow collection that `text` starts with, through its closing bracket.
fn matching_close(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        if let Some(q) = quote {
            if escaped {
                escaped = false;
            } else if q == '"' && c == '\\' {
                escaped = true;
            } else if c == q {
                quote = None;
            }
            continue;
        }
        match c {
            '"' | '\'' => quote = Some(c),
            '[' | '{' => depth += 1,
            ']' | '}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// The text a save writes: the file's own text with the edits written in when there is one
/// (`original`, as last read or saved), else the house style. `modeline` is the modeline the
/// saved file should carry.
pub fn saved_text<S>(
    original: Option<&str>,
    scenario: &S,
    modeline: Option<&str>,
) -> Result<String, String>
where
    S: serde::Serialize + serde::de::DeserializeOwned + PartialEq,
{
    if let Some(text) = original.and_then(|o| patched(o, scenario, modeline)) {
        return Ok(text);
    }
    to_yaml(scenario, modeline)
}

/// `original` with `scenario`'s differences written in, if that reads back as `scenario`.
fn patched<S>(original: &str, scenario: &S, modeline: Option<&str>) -> Option<String>
where
    S: serde::Serialize + serde::de::DeserializeOwned + PartialEq,
{
    let before: S = read_as(original)?;
    let old = serde_yaml::to_value(&before).ok()?;
    let new = serde_yaml::to_value(scenario).ok()?;
    let text = with_modeline(patch(original, &old, &new)?, modeline);
    let reads: S = read_as(&text)?;
    (reads == *scenario).then_some(text)
}

/// `text` with its modeline line replaced by `modeline` (or `modeline` added on top).
fn with_modeline(text: String, modeline: Option<&str>) -> String {
    let Some(wanted) = modeline else {
        return text;
    };
    match write::modeline(&text) {
        Some(current) if current == wanted => text,
        Some(current) => text.replacen(&current, wanted, 1),
        None => format!("{wanted}\n{text}"),
    }
}
