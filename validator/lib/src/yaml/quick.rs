//! A quick reader for the plain YAML scenario files are written in: block mappings and lists
//! indented with spaces, flow lists and mappings on one line, plain and quoted scalars on one
//! line, and `|` and `>` text blocks. It reports exactly the events, at exactly the places,
//! that yaml-rust2 reports for the same text, about ten times faster. Anything else (anchors,
//! tags, multi-line flow, escapes, tabs, unusual indentation, any error) it leaves to
//! yaml-rust2 by answering [`Unread`], so every file still means exactly what YAML says.

use std::borrow::Cow;

use yaml_rust2::scanner::TScalarStyle;

use super::Span;
use super::build::Event;

/// The quick reader leaves this text to the complete one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Unread;

/// Where the quick reader's events go: the document builder, or a list in tests.
pub(super) trait Sink<'t> {
    fn take(&mut self, event: Event<'t>, at: Span) -> Result<(), Unread>;
}

impl<'t> Sink<'t> for Vec<(Event<'t>, Span)> {
    fn take(&mut self, event: Event<'t>, at: Span) -> Result<(), Unread> {
        self.push((event, at));
        Ok(())
    }
}

/// Reads `text` into `sink`, or answers [`Unread`] (possibly after some events).
pub(super) fn read<'t>(
    text: &'t str,
    line_count: usize,
    max_depth: usize,
    sink: &mut impl Sink<'t>,
) -> Result<(), Unread> {
    if !plain_characters(text.as_bytes()) || ends_in_spaces(text) {
        return Err(Unread);
    }
    let mut reader = Reader {
        text,
        bytes: text.as_bytes(),
        pos: 0,
        line: 1,
        line_start: 0,
        end_line: line_count + usize::from(!text.is_empty() && !text.ends_with('\n')),
        ascii_until: 0,
        max_depth,
        sink,
    };
    reader.document()
}

/// True when the text has none of the characters YAML treats specially (tabs, carriage
/// returns, other controls, the byte order mark, Unicode line separators and non-characters).
fn plain_characters(bytes: &[u8]) -> bool {
    // Most of a file is printable ASCII: check that a block at a time, the rest byte by byte.
    let printable = |b: u8| (b.wrapping_sub(0x20) < 0x5f) | (b == b'\n');
    let blocks = bytes.chunks_exact(32);
    let tail = blocks.remainder();
    let mut start = 0;
    for block in blocks {
        if !block.iter().fold(true, |ok, &b| ok & printable(b)) {
            break;
        }
        start += 32;
    }
    if start == bytes.len() - tail.len() && tail.iter().all(|&b| printable(b)) {
        return true;
    }
    // Back up to a character boundary: a block may have ended inside one.
    while start > 0 && bytes[start] & 0xc0 == 0x80 {
        start -= 1;
    }
    let mut i = start;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b'\n' | 0x20..=0x7e => {}
            0x00..=0x1f | 0x7f => return false,
            0xc2 if matches!(bytes.get(i + 1), Some(0x80..=0xa0)) => return false,
            0xe2 if bytes.get(i + 1) == Some(&0x80)
                && matches!(bytes.get(i + 2), Some(0xa8 | 0xa9)) =>
            {
                return false;
            }
            0xef if (bytes.get(i + 1) == Some(&0xbb) && bytes.get(i + 2) == Some(&0xbf))
                || (bytes.get(i + 1) == Some(&0xbf)
                    && matches!(bytes.get(i + 2), Some(0xbe | 0xbf))) =>
            {
                return false;
            }
            _ => {}
        }
        i += 1;
    }
    true
}

/// True when the text's last line is spaces or a comment with no newline after it, where
/// yaml-rust2 places the ends of nested blocks on that line and the end of the document after
/// it.
fn ends_in_spaces(text: &str) -> bool {
    let last_line = text.rsplit('\n').next().unwrap_or_default();
    let content = last_line.trim_start_matches(' ');
    !last_line.is_empty() && (content.is_empty() || content.starts_with('#'))
}

/// Bytes that cannot start a plain scalar, or that the quick reader leaves alone there.
fn special_start(b: u8) -> bool {
    matches!(
        b,
        b',' | b'['
            | b']'
            | b'{'
            | b'}'
            | b'#'
            | b'&'
            | b'*'
            | b'!'
            | b'|'
            | b'>'
            | b'\''
            | b'"'
            | b'%'
            | b'@'
            | b'`'
            | b'?'
            | b':'
    )
}

fn key_byte(b: u8, first: bool) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || (!first && (b == b'-' || b == b'.'))
}

struct Reader<'t, 's, S> {
    text: &'t str,
    bytes: &'t [u8],
    pos: usize,
    /// The 1-based number of the line `line_start` begins.
    line: usize,
    line_start: usize,
    /// The line yaml-rust2 gives the end of the text.
    end_line: usize,
    /// How far the current line is known to be ASCII.
    ascii_until: usize,
    max_depth: usize,
    sink: &'s mut S,
}

impl<'t, S: Sink<'t>> Reader<'t, '_, S> {
    fn byte(&self, at: usize) -> Option<u8> {
        self.bytes.get(at).copied()
    }

    /// A place on the current line.
    fn at(&mut self, offset: usize) -> Span {
        // Columns count characters; on the ASCII start of a line they are bytes.
        if self.ascii_until < self.line_start {
            self.ascii_until = self.line_start;
        }
        if self.ascii_until < offset {
            let ahead = &self.bytes[self.ascii_until..offset];
            self.ascii_until += if ahead.is_ascii() {
                ahead.len()
            } else {
                ahead
                    .iter()
                    .position(|b| !b.is_ascii())
                    .unwrap_or(ahead.len())
            };
        }
        let column = if offset <= self.ascii_until {
            offset - self.line_start
        } else {
            self.text[self.line_start..offset].chars().count()
        };
        Span {
            offset,
            len: 0,
            line: self.line,
            column: column + 1,
        }
    }

    /// The place yaml-rust2 gives the end of the text.
    fn end(&self) -> Span {
        Span {
            offset: self.text.len(),
            len: 0,
            line: self.end_line,
            column: 1,
        }
    }

    /// Where the next token is: the current position, or the end.
    fn here(&mut self) -> Span {
        if self.pos >= self.bytes.len() {
            self.end()
        } else {
            self.at(self.pos)
        }
    }

    fn emit(&mut self, event: Event<'t>, at: Span) -> Result<(), Unread> {
        self.sink.take(event, at)
    }

    fn plain(&mut self, start: usize, end: usize) -> Result<(), Unread> {
        let at = self.at(start);
        self.emit(
            Event::Scalar(
                Cow::Borrowed(&self.text[start..end]),
                TScalarStyle::Plain,
                0,
                None,
            ),
            at,
        )
    }

    /// Moves to the start of the next line (or the end of the text).
    fn next_line(&mut self) {
        match memchr(b'\n', &self.bytes[self.pos.min(self.bytes.len())..]) {
            Some(i) => {
                self.pos += i + 1;
                self.line_start = self.pos;
                self.line += 1;
            }
            None => self.pos = self.bytes.len(),
        }
    }

    /// From the start of the current line, skips blank and comment lines; stops at the first
    /// character of the next line with content and answers its indentation.
    fn content(&mut self) -> Option<usize> {
        if self.pos >= self.bytes.len() {
            return None;
        }
        self.pos = self.line_start;
        loop {
            let mut i = self.pos;
            while self.byte(i) == Some(b' ') {
                i += 1;
            }
            match self.byte(i) {
                None => {
                    self.pos = self.bytes.len();
                    return None;
                }
                Some(b'\n' | b'#') => {
                    self.pos = i;
                    self.next_line();
                    if self.pos >= self.bytes.len() {
                        return None;
                    }
                }
                Some(_) => {
                    self.pos = i;
                    return Some(i - self.line_start);
                }
            }
        }
    }

    /// After a token: spaces, then an optional comment, then the line's end.
    fn end_of_line(&mut self) -> Result<(), Unread> {
        let spaced = self.byte(self.pos) == Some(b' ');
        while self.byte(self.pos) == Some(b' ') {
            self.pos += 1;
        }
        match self.byte(self.pos) {
            None => Ok(()),
            Some(b'\n') => {
                self.next_line();
                Ok(())
            }
            Some(b'#') if spaced => {
                self.next_line();
                Ok(())
            }
            Some(_) => Err(Unread),
        }
    }

    fn is_dash(&self, at: usize) -> bool {
        self.byte(at) == Some(b'-') && matches!(self.byte(at + 1), Some(b' ' | b'\n') | None)
    }

    /// A `-` that does not start a number or a word, which yaml-rust2 may read as a dash.
    fn odd_dash(&self) -> bool {
        self.byte(self.pos) == Some(b'-')
            && !self
                .byte(self.pos + 1)
                .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'.')
    }

    fn document(&mut self) -> Result<(), Unread> {
        match self.content() {
            Some(0) if !self.is_dash(self.pos) => self.block_mapping(0, 1, true),
            _ => Err(Unread),
        }
    }

    /// A plain key at the current position: its end and the place of its colon.
    fn key(&self) -> Option<(usize, usize)> {
        let start = self.pos;
        if !key_byte(self.byte(start)?, true) {
            return None;
        }
        let mut i = start + 1;
        while self.byte(i).is_some_and(|b| key_byte(b, false)) {
            i += 1;
        }
        let colon = i;
        (self.byte(colon) == Some(b':')
            && matches!(self.byte(colon + 1), Some(b' ' | b'\n') | None))
        .then_some((i, colon))
    }

    /// A block mapping whose first key is at the current position, in column `indent`.
    fn block_mapping(&mut self, indent: usize, depth: usize, root: bool) -> Result<(), Unread> {
        if depth > self.max_depth {
            return Err(Unread);
        }
        let mut first = true;
        loop {
            let (key_end, colon) = self.key().ok_or(Unread)?;
            if first {
                let at = self.at(colon);
                if root {
                    self.emit(Event::DocumentStart, at)?;
                }
                self.emit(Event::MappingStart(0, None), at)?;
                first = false;
            }
            self.plain(self.pos, key_end)?;
            self.pos = colon + 1;
            self.value(indent, depth)?;
            match self.content() {
                None => return self.emit(Event::End, self.end()),
                Some(i) if i == indent && !self.is_dash(self.pos) => {}
                Some(i) if i < indent => {
                    let at = self.here();
                    return self.emit(Event::End, at);
                }
                Some(_) => return Err(Unread),
            }
        }
    }

    /// A block list whose first dash is at the current position, in column `indent`.
    fn block_sequence(&mut self, indent: usize, depth: usize) -> Result<(), Unread> {
        if depth > self.max_depth {
            return Err(Unread);
        }
        let at = self.here();
        self.emit(Event::SequenceStart(0, None), at)?;
        loop {
            if self.byte(self.pos + 1) != Some(b' ') {
                return Err(Unread);
            }
            self.pos += 1;
            while self.byte(self.pos) == Some(b' ') {
                self.pos += 1;
            }
            match self.byte(self.pos) {
                None | Some(b'\n' | b'#') => return Err(Unread),
                Some(_) if self.is_dash(self.pos) => return Err(Unread),
                Some(_) if self.key().is_some() => {
                    let column = self.pos - self.line_start;
                    self.block_mapping(column, depth + 1, false)?;
                }
                Some(_) => self.item(indent, depth)?,
            }
            match self.content() {
                None => return self.emit(Event::End, self.end()),
                Some(i) if i == indent && self.is_dash(self.pos) => {}
                Some(i) if i < indent => {
                    let at = self.here();
                    return self.emit(Event::End, at);
                }
                Some(_) => return Err(Unread),
            }
        }
    }

    /// The value after a mapping key's colon, in a mapping at column `indent`.
    fn value(&mut self, indent: usize, depth: usize) -> Result<(), Unread> {
        while self.byte(self.pos) == Some(b' ') {
            self.pos += 1;
        }
        match self.byte(self.pos) {
            None | Some(b'\n' | b'#') => {
                self.next_line();
                match self.content() {
                    Some(i) if i > indent => {
                        if self.is_dash(self.pos) {
                            self.block_sequence(i, depth + 1)
                        } else {
                            self.block_mapping(i, depth + 1, false)
                        }
                    }
                    Some(i) if i == indent && self.is_dash(self.pos) => Err(Unread),
                    _ => {
                        let at = self.here();
                        self.emit(
                            Event::Scalar(Cow::Borrowed(""), TScalarStyle::Plain, 0, None),
                            at,
                        )
                    }
                }
            }
            Some(_) if self.is_dash(self.pos) => Err(Unread),
            Some(_) => self.item(indent, depth),
        }
    }

    /// A value written on its key's or dash's line, in a block at column `indent`.
    fn item(&mut self, indent: usize, depth: usize) -> Result<(), Unread> {
        match self.byte(self.pos) {
            Some(b'{' | b'[') => {
                self.flow(indent, depth + 1)?;
                self.end_of_line()
            }
            Some(b'"' | b'\'') => {
                self.quoted()?;
                self.end_of_line()
            }
            Some(b'|' | b'>') => self.block_scalar(indent),
            Some(b) if special_start(b) || self.odd_dash() => Err(Unread),
            Some(_) => self.block_plain(indent),
            None => Err(Unread),
        }
    }

    /// A plain scalar that must end on its line, in a block at column `indent`.
    fn block_plain(&mut self, indent: usize) -> Result<(), Unread> {
        let start = self.pos;
        let line_end = memchr(b'\n', &self.bytes[start..]).map_or(self.bytes.len(), |i| start + i);
        let mut end = line_end;
        let mut i = start;
        while i < line_end {
            match self.bytes[i] {
                b'#' if self.bytes[i - 1] == b' ' => {
                    end = i;
                    break;
                }
                b':' if matches!(self.byte(i + 1), Some(b' ' | b'\n') | None) => {
                    return Err(Unread);
                }
                _ => {}
            }
            i += 1;
        }
        let value_end = start + self.text[start..end].trim_end_matches(' ').len();
        self.plain(start, value_end)?;
        self.pos = line_end;
        self.next_line();
        // A more indented line after it, even a comment, could continue the scalar.
        let mut probe = self.pos;
        loop {
            let mut i = probe;
            while self.byte(i) == Some(b' ') {
                i += 1;
            }
            match self.byte(i) {
                None => return Ok(()),
                Some(b'\n') => probe = i + 1,
                Some(_) if i - probe > indent => return Err(Unread),
                Some(_) => return Ok(()),
            }
        }
    }

    /// A single- or double-quoted scalar on one line, at the current position.
    fn quoted(&mut self) -> Result<(), Unread> {
        let start = self.pos;
        let quote = self.bytes[start];
        let mut i = start + 1;
        let mut doubled = false;
        loop {
            match self.byte(i) {
                None | Some(b'\n' | b'\\') => return Err(Unread),
                Some(b) if b == quote => {
                    if quote == b'\'' && self.byte(i + 1) == Some(b'\'') {
                        doubled = true;
                        i += 2;
                        continue;
                    }
                    break;
                }
                Some(_) => i += 1,
            }
        }
        let inner = &self.text[start + 1..i];
        let (value, style) = if quote == b'\'' {
            let value = if doubled {
                Cow::Owned(inner.replace("''", "'"))
            } else {
                Cow::Borrowed(inner)
            };
            (value, TScalarStyle::SingleQuoted)
        } else {
            (Cow::Borrowed(inner), TScalarStyle::DoubleQuoted)
        };
        let at = self.at(start);
        self.pos = i + 1;
        self.emit(Event::Scalar(value, style, 0, None), at)
    }

    /// A `|` or `>` block whose header is at the current position, under a block at column
    /// `indent`. Only blocks whose lines all share one indentation are read here.
    fn block_scalar(&mut self, indent: usize) -> Result<(), Unread> {
        let folded = self.bytes[self.pos] == b'>';
        self.pos += 1;
        let strip = match self.byte(self.pos) {
            Some(b'-') => {
                self.pos += 1;
                true
            }
            Some(b' ' | b'\n') | None => false,
            Some(_) => return Err(Unread),
        };
        self.end_of_line()?;
        if self.pos >= self.bytes.len() {
            return Err(Unread);
        }
        // The first line sets the block's indentation.
        let mut base = 0;
        while self.byte(self.pos + base) == Some(b' ') {
            base += 1;
        }
        if base <= indent || matches!(self.byte(self.pos + base), Some(b'\n') | None) {
            return Err(Unread);
        }
        let at = self.at(self.pos + base);
        let mut value = String::new();
        let mut blank_lines = 0;
        let mut any = false;
        loop {
            if self.pos >= self.bytes.len() {
                break;
            }
            let mut spaces = 0;
            while self.byte(self.pos + spaces) == Some(b' ') {
                spaces += 1;
            }
            match self.byte(self.pos + spaces) {
                Some(b'\n') if spaces == 0 => {
                    blank_lines += 1;
                    self.next_line();
                    continue;
                }
                Some(b'\n') | None => return Err(Unread),
                Some(_) if spaces < base => break,
                Some(_) if spaces > base => return Err(Unread),
                Some(_) => {}
            }
            let start = self.pos + base;
            let end = memchr(b'\n', &self.bytes[start..]).map_or(self.bytes.len(), |i| start + i);
            if any {
                if blank_lines == 0 {
                    value.push(if folded { ' ' } else { '\n' });
                } else {
                    if !folded {
                        value.push('\n');
                    }
                    for _ in 0..blank_lines {
                        value.push('\n');
                    }
                }
            }
            value.push_str(&self.text[start..end]);
            any = true;
            blank_lines = 0;
            self.pos = end;
            self.next_line();
        }
        if !strip {
            value.push('\n');
        }
        let style = if folded {
            TScalarStyle::Folded
        } else {
            TScalarStyle::Literal
        };
        self.emit(Event::Scalar(Cow::Owned(value), style, 0, None), at)
    }

    /// A flow list or mapping that opens at the current position, inside a block at column
    /// `indent`; its later lines must be indented deeper than that block.
    fn flow(&mut self, indent: usize, depth: usize) -> Result<(), Unread> {
        if depth > self.max_depth {
            return Err(Unread);
        }
        let map = self.bytes[self.pos] == b'{';
        let close = if map { b'}' } else { b']' };
        let at = self.at(self.pos);
        self.emit(
            if map {
                Event::MappingStart(0, None)
            } else {
                Event::SequenceStart(0, None)
            },
            at,
        )?;
        self.pos += 1;
        let mut entries = 0;
        loop {
            self.flow_space(indent)?;
            if self.byte(self.pos) == Some(close) && entries == 0 {
                break;
            }
            if map {
                let (key_end, colon) = self.key().ok_or(Unread)?;
                if self.byte(colon + 1) != Some(b' ') {
                    return Err(Unread);
                }
                self.plain(self.pos, key_end)?;
                self.pos = colon + 1;
                self.flow_space(indent)?;
            }
            self.flow_value(indent, depth)?;
            entries += 1;
            self.flow_space(indent)?;
            match self.byte(self.pos) {
                Some(b',') => {
                    self.pos += 1;
                    self.flow_space(indent)?;
                    if self.byte(self.pos) == Some(close) {
                        return Err(Unread);
                    }
                }
                Some(b) if b == close => break,
                _ => return Err(Unread),
            }
        }
        let at = self.at(self.pos);
        self.pos += 1;
        self.emit(Event::End, at)
    }

    /// Spaces and line breaks between a flow collection's tokens. A line must be indented
    /// deeper than the block holding the collection; a comment is left to yaml-rust2.
    fn flow_space(&mut self, indent: usize) -> Result<(), Unread> {
        loop {
            while self.byte(self.pos) == Some(b' ') {
                self.pos += 1;
            }
            match self.byte(self.pos) {
                Some(b'\n') => {
                    self.next_line();
                    let mut i = self.pos;
                    while self.byte(i) == Some(b' ') {
                        i += 1;
                    }
                    if self.byte(i) != Some(b'\n') && i - self.line_start <= indent {
                        return Err(Unread);
                    }
                }
                Some(b'#') => return Err(Unread),
                _ => return Ok(()),
            }
        }
    }

    /// One entry's value inside a flow collection.
    fn flow_value(&mut self, indent: usize, depth: usize) -> Result<(), Unread> {
        match self.byte(self.pos) {
            Some(b'{' | b'[') => self.flow(indent, depth + 1),
            Some(b'"' | b'\'') => self.quoted(),
            None | Some(b'\n') => Err(Unread),
            Some(b) if special_start(b) || self.odd_dash() => Err(Unread),
            Some(_) => {
                let start = self.pos;
                let mut i = start;
                while let Some(b) = self.byte(i) {
                    match b {
                        b',' | b']' | b'}' => break,
                        b'\n' if self.flow_scalar_ends_at(i) => break,
                        b'\n' | b':' | b'[' | b'{' | b'#' => return Err(Unread),
                        _ => i += 1,
                    }
                }
                let end = start + self.text[start..i].trim_end_matches(' ').len();
                self.plain(start, end)?;
                self.pos = i;
                Ok(())
            }
        }
    }
}

impl<S> Reader<'_, '_, S> {
    /// Whether a flow scalar stops at the line break at `at`: only when the next thing after
    /// it is the end of its entry, else the scalar would go on over the line.
    fn flow_scalar_ends_at(&self, at: usize) -> bool {
        let next = self.bytes[at..]
            .iter()
            .find(|&&b| b != b' ' && b != b'\n')
            .copied();
        matches!(next, Some(b',' | b']' | b'}'))
    }
}

/// The first `needle` in `haystack`.
fn memchr(needle: u8, haystack: &[u8]) -> Option<usize> {
    haystack.iter().position(|&b| b == needle)
}

#[cfg(test)]
mod tests;
