//! Reading a schema-valid document into a game's types. Anything the schema let through but
//! the types refuse (a number too big for its field) still gets a pointer and a designer's
//! message.

use crate::diagnostic::{Code, Diagnostic};
use crate::yaml;

/// Reads the document into a ruleset's types; anything the schema let through but the types
/// refuse (a number too big for its field) still gets a pointer.
pub fn typed<T: serde::de::DeserializeOwned>(
    value: &serde_json::Value,
) -> Result<T, Box<Diagnostic>> {
    // Tracking the path costs a third of the reading; only a value that does not fit needs it,
    // so it is read again with the path when that happens.
    if let Ok(typed) = T::deserialize(value) {
        return Ok(typed);
    }
    serde_path_to_error::deserialize(value).map_err(|e| {
        let pointer = path_to_pointer(&e.path().to_string());
        Box::new(Diagnostic::error(
            Code::Schema,
            pointer.clone(),
            plain_serde_message(&pointer, &e.inner().to_string()),
        ))
    })
}

/// Rewrites the few serde messages the schema lets through in a designer's words.
fn plain_serde_message(pointer: &str, message: &str) -> String {
    let field = pointer
        .rsplit('/')
        .next()
        .filter(|s| !s.is_empty())
        .unwrap_or("value");
    if message.contains("untagged enum Footprint") || message.contains("untagged enum HexRef") {
        return format!(
            "`{field}` is not a valid hex reference: write [q, r], T/I (for example 3/7) or {{tile: T, hex: I}}"
        );
    }
    format!("`{field}`: {message}")
}

/// Turns serde_path_to_error's `a.b[2].c` into a JSON pointer `/a/b/2/c`.
pub fn path_to_pointer(path: &str) -> String {
    if path == "." {
        return String::new();
    }
    let mut pointer = String::new();
    for part in path.split('.') {
        let mut rest = part;
        if let Some(cut) = rest.find('[') {
            if cut > 0 {
                pointer.push('/');
                pointer.push_str(&yaml::escape_pointer_segment(&rest[..cut]));
            }
            rest = &rest[cut..];
            while let Some(end) = rest.find(']') {
                pointer.push('/');
                pointer.push_str(&rest[1..end]);
                rest = &rest[end + 1..];
            }
        } else {
            pointer.push('/');
            pointer.push_str(&yaml::escape_pointer_segment(rest));
        }
    }
    pointer
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_to_pointer_handles_indexes() {
        assert_eq!(path_to_pointer("map.tiles[3].tile"), "/map/tiles/3/tile");
        assert_eq!(path_to_pointer("tokens[0].at[1]"), "/tokens/0/at/1");
        assert_eq!(path_to_pointer("."), "");
    }
}
