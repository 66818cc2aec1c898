//! Places in a document as the protocol counts them (0-based lines, UTF-16 code units within a
//! line) and as the library counts them (byte offsets), and edits by range.

use lsp_types::{Position, Range};

/// The byte offset of `position` in `text`. A line past the end is the end of the text, a
/// character past the end of its line is the end of that line, and a position inside a
/// character that takes two UTF-16 units is that character's start: a client that miscounts
/// gets the nearest place, never a panic.
pub fn offset_at(text: &str, position: Position) -> usize {
    let mut line_start = 0;
    for _ in 0..position.line {
        match text[line_start..].find('\n') {
            Some(newline) => line_start += newline + 1,
            None => return text.len(),
        }
    }
    let line_end = text[line_start..]
        .find('\n')
        .map_or(text.len(), |newline| line_start + newline);
    let mut units = 0;
    for (at, c) in text[line_start..line_end].char_indices() {
        let next = units + c.len_utf16() as u32;
        if next > position.character {
            return line_start + at;
        }
        units = next;
    }
    line_end
}

/// The protocol's position of byte `offset` in `text` (clamped to the text, and to the start of
/// the character it falls in).
pub fn position_at(text: &str, offset: usize) -> Position {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line_start = before.rfind('\n').map_or(0, |newline| newline + 1);
    let line = before.matches('\n').count();
    let character: usize = before[line_start..].chars().map(char::len_utf16).sum();
    Position::new(
        u32::try_from(line).unwrap_or(u32::MAX),
        u32::try_from(character).unwrap_or(u32::MAX),
    )
}

/// The range of the bytes `start..end` of `text`.
pub fn range_of(text: &str, start: usize, end: usize) -> Range {
    Range::new(position_at(text, start), position_at(text, end.max(start)))
}

/// Applies one change of a `didChange` notification: `range` replaced by `new_text`, or the
/// whole text when the change has no range (full synchronisation).
pub fn apply_change(text: &mut String, range: Option<Range>, new_text: &str) {
    match range {
        None => new_text.clone_into(text),
        Some(range) => {
            let start = offset_at(text, range.start);
            let end = offset_at(text, range.end).max(start);
            text.replace_range(start..end, new_text);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_units_and_offsets_count_bytes() {
        // "é" is 2 bytes and 1 unit; "𝄞" is 4 bytes and 2 units.
        let text = "ab\né𝄞x\n";
        assert_eq!(offset_at(text, Position::new(0, 1)), 1);
        assert_eq!(offset_at(text, Position::new(1, 0)), 3);
        assert_eq!(offset_at(text, Position::new(1, 1)), 5);
        assert_eq!(offset_at(text, Position::new(1, 3)), 9);
        assert_eq!(position_at(text, 9), Position::new(1, 3));
        assert_eq!(position_at(text, 5), Position::new(1, 1));
        for offset in [0, 1, 2, 3, 5, 9, 10, 11] {
            assert_eq!(offset_at(text, position_at(text, offset)), offset);
        }
    }

    #[test]
    fn a_position_a_client_miscounts_lands_on_the_nearest_place() {
        let text = "ab\n𝄞\n";
        // Inside the surrogate pair: the character's start.
        assert_eq!(offset_at(text, Position::new(1, 1)), 3);
        // Past the line's end, and past the last line.
        assert_eq!(offset_at(text, Position::new(0, 40)), 2);
        assert_eq!(offset_at(text, Position::new(9, 0)), text.len());
        assert_eq!(position_at(text, 4), Position::new(1, 0));
        assert_eq!(position_at(text, 99), Position::new(2, 0));
    }

    #[test]
    fn ranged_changes_edit_in_place_and_a_change_without_range_replaces_all() {
        let mut text = "tiles:\n  - 1\n".to_owned();
        apply_change(
            &mut text,
            Some(Range::new(Position::new(1, 4), Position::new(1, 5))),
            "12",
        );
        assert_eq!(text, "tiles:\n  - 12\n");
        apply_change(
            &mut text,
            Some(Range::new(Position::new(2, 0), Position::new(2, 0))),
            "  - 3\n",
        );
        assert_eq!(text, "tiles:\n  - 12\n  - 3\n");
        apply_change(&mut text, None, "new");
        assert_eq!(text, "new");
    }
}
