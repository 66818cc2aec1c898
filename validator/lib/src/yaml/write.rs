//! The YAML Megahex writes: the house layout of a whole scenario (flow style for short lists
//! and records, as scenario files are written by hand), and reading text back as a typed value
//! the way `megahex validate` reads it. Shared by the editor's saves and the language server's
//! quick fixes, so both write the same text.

use serde_yaml::{Mapping, Value};

/// A value of a ruleset's body type (or any part of one) as `megahex validate` reads the text
/// (`3.0` is the whole number 3), or, for text the checks refuse that still reads as one (an
/// empty `id:`), as serde_yaml reads it. Only text within the loader's limits (size, nesting,
/// alias expansion) is read at all, so a hostile file is refused as the checks refused it.
pub fn read_as<S: serde::de::DeserializeOwned>(text: &str) -> Option<S> {
    let document = super::load(text, super::Limits::default()).ok()?;
    serde_json::from_value(document.value)
        .ok()
        .or_else(|| serde_yaml::from_str(text).ok())
}

/// The scenario as the YAML the editor writes: the schema modeline (when the file had one) and
/// the fields in the model's order, so the same scenario always saves to the same text.
///
/// Short lists and records are written in flow style (`at: [0, 0]`, one `{tile: 1, ...}` per
/// line), the way scenario files are written by hand, so a save stays readable and diffs stay
/// small. The layout is checked by reading it back; if it ever reads differently, the plain
/// serde layout is written instead.
pub fn to_yaml<S>(scenario: &S, modeline: Option<&str>) -> Result<String, String>
where
    S: serde::Serialize + serde::de::DeserializeOwned + PartialEq,
{
    let fail = |e: serde_yaml::Error| format!("cannot write the scenario as YAML: {e}");
    let value = megahex_schema::yaml_value(scenario)
        .map_err(|e| format!("cannot write the scenario as YAML: {e}"))?;
    let mut body = String::new();
    match &value {
        Value::Mapping(map) => block_mapping(map, 0, &mut body).map_err(fail)?,
        _ => body = serde_yaml::to_string(&value).map_err(fail)?,
    }
    if read_as::<S>(&body).as_ref() != Some(scenario) {
        body = serde_yaml::to_string(&value).map_err(fail)?;
    }
    Ok(match modeline {
        Some(line) => format!("{line}\n{body}"),
        None => body,
    })
}

/// Longest line written in flow style; longer records are written as blocks.
pub const FLOW_WIDTH: usize = 100;

/// Writes a mapping in block style at `indent` spaces.
pub fn block_mapping(
    map: &Mapping,
    indent: usize,
    out: &mut String,
) -> Result<(), serde_yaml::Error> {
    let pad = " ".repeat(indent);
    for (key, value) in map {
        let Some(key_text) = flow(key) else {
            // Keys of the model are plain words; anything else goes through serde as is.
            let mut one = Mapping::new();
            one.insert(key.clone(), value.clone());
            push_indented(&serde_yaml::to_string(&one)?, &pad, out);
            continue;
        };
        // Nested records and lists go on one line when they fit; top-level sections
        // (`map`, `rules`, `tokens`) stay blocks, with lists of plain values the exception.
        let one_line = flow(value)
            .filter(|f| indent + key_text.len() + 2 + f.len() <= FLOW_WIDTH)
            .filter(|_| match value {
                Value::Mapping(_) => indent > 0,
                Value::Sequence(items) => indent > 0 || items.iter().all(is_scalar),
                _ => false,
            });
        if let Some(f) = one_line {
            out.push_str(&format!("{pad}{key_text}: {f}\n"));
            continue;
        }
        match value {
            Value::Mapping(inner) if !inner.is_empty() => {
                out.push_str(&format!("{pad}{key_text}:\n"));
                block_mapping(inner, indent + 2, out)?;
            }
            Value::Sequence(items) if !items.is_empty() => {
                out.push_str(&format!("{pad}{key_text}:\n"));
                block_sequence(items, indent + 2, out)?;
            }
            _ => {
                // Scalars (multi-line text included) as serde writes them, indented.
                let mut one = Mapping::new();
                one.insert(key.clone(), value.clone());
                push_indented(&serde_yaml::to_string(&one)?, &pad, out);
            }
        }
    }
    Ok(())
}

/// Writes a sequence in block style, each item flow style when it fits on its line.
pub fn block_sequence(
    items: &[Value],
    indent: usize,
    out: &mut String,
) -> Result<(), serde_yaml::Error> {
    let pad = " ".repeat(indent);
    for item in items {
        if let Some(f) = flow(item).filter(|f| indent + 2 + f.len() <= FLOW_WIDTH) {
            out.push_str(&format!("{pad}- {f}\n"));
            continue;
        }
        match item {
            Value::Mapping(map) if !map.is_empty() => {
                // The first entry goes on the dash's line, the rest under it.
                let mut inner = String::new();
                block_mapping(map, indent + 2, &mut inner)?;
                out.push_str(&pad);
                out.push_str("- ");
                out.push_str(&inner[indent + 2..]);
            }
            _ => push_indented(&serde_yaml::to_string(&vec![item.clone()])?, &pad, out),
        }
    }
    Ok(())
}

fn push_indented(text: &str, pad: &str, out: &mut String) {
    for line in text.lines() {
        if !line.is_empty() {
            out.push_str(pad);
        }
        out.push_str(line);
        out.push('\n');
    }
}

fn is_scalar(value: &Value) -> bool {
    !matches!(
        value,
        Value::Sequence(_) | Value::Mapping(_) | Value::Tagged(_)
    )
}

/// A value in flow style, or `None` when it should not be (multi-line text, tags).
pub fn flow(value: &Value) -> Option<String> {
    match value {
        Value::Null => Some("null".to_owned()),
        Value::Bool(b) => Some(b.to_string()),
        Value::Number(n) => Some(n.to_string()),
        Value::String(s) => flow_string(s),
        Value::Sequence(items) => {
            let parts: Option<Vec<String>> = items.iter().map(flow).collect();
            Some(format!("[{}]", parts?.join(", ")))
        }
        Value::Mapping(map) => {
            let parts: Option<Vec<String>> = map
                .iter()
                .map(|(k, v)| Some(format!("{}: {}", flow(k)?, flow(v)?)))
                .collect();
            Some(format!("{{{}}}", parts?.join(", ")))
        }
        Value::Tagged(_) => None,
    }
}

/// A string as a flow scalar: plain when serde would write it plain and no flow indicator can
/// misread it, else double-quoted (JSON strings are YAML double-quoted scalars).
fn flow_string(s: &str) -> Option<String> {
    if s.contains('\n') {
        return None;
    }
    let plain = serde_yaml::to_string(s).ok()?;
    let plain = plain.strip_suffix('\n').unwrap_or(&plain);
    let risky = s.is_empty()
        || s.contains(['[', ']', '{', '}', ',', '#', '"', '\''])
        || s.contains(": ")
        || s.ends_with(':')
        || s.starts_with(' ')
        || s.ends_with(' ');
    if plain == s && !risky {
        Some(s.to_owned())
    } else {
        serde_json::to_string(s).ok()
    }
}

/// The yaml-language-server modeline at the top of a file's text, to keep it on save.
pub fn modeline(text: &str) -> Option<String> {
    text.lines()
        .take_while(|l| l.trim_start().starts_with('#') || l.trim().is_empty())
        .find(|l| l.contains("yaml-language-server:"))
        .map(|l| l.trim_end().to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn awkward_strings_are_quoted_in_flow_style() {
        for s in [
            "a, b",
            "x: y",
            "[1]",
            "#tag",
            "",
            " pad",
            "yes",
            "1",
            "null",
            "it's",
            "say \"hi\"",
            "ünï",
            "a:",
        ] {
            let text = format!("k: [{}]\n", flow_string(s).unwrap());
            let back: std::collections::BTreeMap<String, Vec<String>> =
                serde_yaml::from_str(&text).unwrap();
            assert_eq!(back["k"], vec![s.to_owned()], "{text}");
        }
        assert_eq!(flow_string("1/10").as_deref(), Some("1/10"));
        assert_eq!(flow_string("two\nlines"), None);
    }
}
