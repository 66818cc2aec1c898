//! The complete YAML 1.2 reader (yaml-rust2), for every file the quick reader leaves alone.

use std::borrow::Cow;

use yaml_rust2::parser::{Event as Parsed, Parser};

use super::build::{Builder, Event};
use super::{Document, Limits, YamlError};

/// Loads one YAML document with locations through yaml-rust2.
pub(super) fn load(text: &str, limits: Limits) -> Result<Document, YamlError> {
    let mut builder = Builder::new(text, limits);
    let mut parser = Parser::new_from_str(text);
    loop {
        let (parsed, marker) = parser.next_token().map_err(|e| YamlError {
            message: if e.info().contains("recursion limit") {
                format!(
                    "nesting deeper than the parser allows ({}); scenario files are never this deep",
                    e.info()
                )
            } else {
                e.info().to_owned()
            },
            span: Some(builder.lines.at_line_column(e.marker().line(), e.marker().col())),
        })?;
        let at = builder.lines.at_line_column(marker.line(), marker.col());
        let event = match parsed {
            Parsed::StreamEnd => break,
            other => match ours(other) {
                Some(event) => event,
                None => continue,
            },
        };
        builder.event(event, at)?;
    }
    builder.finish()
}

/// The events yaml-rust2 reports for `text`, with their places, up to its first error: the
/// reference the quick reader is tested against.
#[cfg(test)]
pub(super) fn events(text: &str) -> Result<Vec<(Event<'static>, super::Span)>, String> {
    let lines = super::build::LineIndex::new(text);
    let mut parser = Parser::new_from_str(text);
    let mut events = Vec::new();
    loop {
        let (parsed, marker) = parser.next_token().map_err(|e| e.to_string())?;
        let at = lines.at_line_column(marker.line(), marker.col());
        let event = match parsed {
            Parsed::StreamEnd => break,
            other => match ours(other) {
                Some(event) => event,
                None => continue,
            },
        };
        events.push((event, at));
    }
    Ok(events)
}

/// yaml-rust2's event as the builder takes it; `None` for the stream and document marks the
/// builder has no use for.
fn ours(parsed: Parsed) -> Option<Event<'static>> {
    Some(match parsed {
        Parsed::StreamStart | Parsed::StreamEnd | Parsed::Nothing | Parsed::DocumentEnd => {
            return None;
        }
        Parsed::DocumentStart => Event::DocumentStart,
        Parsed::Alias(id) => Event::Alias(id),
        Parsed::Scalar(text, style, anchor, tag) => {
            Event::Scalar(Cow::Owned(text), style, anchor, tag)
        }
        Parsed::SequenceStart(anchor, tag) => Event::SequenceStart(anchor, tag),
        Parsed::MappingStart(anchor, tag) => Event::MappingStart(anchor, tag),
        Parsed::SequenceEnd | Parsed::MappingEnd => Event::End,
    })
}
