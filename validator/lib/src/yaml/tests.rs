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
    let text = "map:\n  tiles:\n    - {tile: 1, side: megalopolis}\n    - tile: 9\n      side: é\n";
    let doc = load_ok(text);
    let tile = doc.value_span("/map/tiles/1/tile").unwrap();
    assert_eq!((tile.line, tile.column), (4, 13));
    assert_eq!(&text[tile.offset..tile.offset + tile.len], "9");
    let side = doc.value_span("/map/tiles/0/side").unwrap();
    assert_eq!((side.line, side.column), (3, 23));
    let key = doc.key_span("/map/tiles/1/side").unwrap();
    assert_eq!((key.line, key.column), (5, 7));
    let accented = doc.value_span("/map/tiles/1/side").unwrap();
    assert_eq!(&text[accented.offset..accented.offset + accented.len], "é");
    let item = doc.locate("/map/tiles/1/missing").unwrap();
    assert_eq!(item.line, 4);
}

#[test]
fn empty_values_are_located_at_their_key() {
    let doc = load_ok("a:\n  id:\n  name: x\nlast:\n");
    let id = doc.value_span("/a/id").unwrap();
    assert_eq!((id.line, id.column), (2, 5));
    let last = doc.value_span("/last").unwrap();
    assert_eq!((last.line, last.column), (4, 5));
}

/// Found by fuzzing: a span ending inside a two-byte character.
#[test]
fn spans_never_end_inside_a_character() {
    let text = "[?\r#/,\n,O\rO+:\n\u{43f}\u{43f}[\u{1}\u{43f}\u{43f}[\u{12}0\n<:\u{1a}:o#";
    if let Ok(doc) = load(text, Limits::default()) {
        for span in doc.spans() {
            assert!(text.get(span.offset..span.offset + span.len).is_some());
        }
    }
    for len in 1..text.len() {
        if let Some(prefix) = text.get(..len)
            && let Ok(doc) = load(prefix, Limits::default())
        {
            for span in doc.spans() {
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

#[test]
fn pointers_unescape_keys_and_stop_at_aliases() {
    let text = "a/b: 1\nc~d: 2\nbase: &base {x: 1, y: [2, 3]}\ncopy: *base\nlist: [10, 20]\n";
    let doc = load_ok(text);
    let slash = doc.value_span("/a~1b").unwrap();
    assert_eq!((slash.line, slash.column), (1, 6));
    assert_eq!(doc.key_span("/c~0d").unwrap().line, 2);
    assert_eq!(doc.value_span("/a~2b"), None);
    assert_eq!(doc.value_span("/base/y/1").unwrap().column, 27);
    // The alias's copy has one place, the alias; what is inside it is found there.
    let alias = doc.value_span("/copy").unwrap();
    assert_eq!((alias.line, alias.column, alias.len), (4, 7, 1));
    assert_eq!(doc.value_span("/copy/y/1"), None);
    assert_eq!(doc.locate("/copy/y/1"), Some(alias));
    // Indexes are written as JSON Pointer writes them.
    assert_eq!(doc.value_span("/list/1").unwrap().column, 12);
    assert_eq!(doc.value_span("/list/01"), None);
    assert_eq!(doc.value_span("/list/2"), None);
    assert_eq!(doc.locate("/list/2").unwrap().column, 7);
    assert_eq!(doc.locate("no-slash"), None);
    assert_eq!(doc.locate("").unwrap().offset, 0);
}

/// The loader's shortcuts for words and whole numbers against yaml-rust2's own resolution.
#[test]
fn scalars_resolve_as_yaml_rust2_resolves_them() {
    let words = [
        "",
        "~",
        "null",
        "Null",
        "NULL",
        "true",
        "True",
        "TRUE",
        "tRUE",
        "false",
        "FALSE",
        "yes",
        "no",
        "on",
        ".inf",
        "-.Inf",
        "+.INF",
        ".nan",
        ".NaN",
        "inf",
        "nan",
        "infinity",
        "0",
        "-0",
        "007",
        "-12",
        "+12",
        "9223372036854775807",
        "9223372036854775808",
        "-9223372036854775808",
        "-9223372036854775809",
        "0x1f",
        "0o17",
        "0b1",
        "1e3",
        "2.5",
        "3.0",
        "-",
        "3/7",
        "1d6",
        "Legacy",
        "a b",
        "é",
        "-x",
        "1_000",
        "+",
        "+.5",
        ".5",
    ];
    for word in words {
        let ours = build::resolve_plain(std::borrow::Cow::Borrowed(word));
        let theirs = match yaml_rust2::Yaml::from_str(word) {
            yaml_rust2::Yaml::Null => Value::Null,
            yaml_rust2::Yaml::Boolean(b) => Value::Bool(b),
            yaml_rust2::Yaml::Integer(i) => Value::from(i),
            yaml_rust2::Yaml::Real(real) => match real.parse::<f64>() {
                Ok(r)
                    if r.is_finite() && r.fract() == 0.0 && r.abs() <= 9_007_199_254_740_992.0 =>
                {
                    Value::from(r as i64)
                }
                Ok(r) if r.is_finite() => Value::from(r),
                _ => Value::String(real),
            },
            _ => Value::String(word.to_owned()),
        };
        assert_eq!(ours, theirs, "`{word}`");
    }
}

#[test]
fn the_node_under_a_cursor_is_the_innermost_key_or_value_there() {
    let text = "tokens:\n  - {id: ra, at: 2/10}\n  - id: blade\n    team: villains\n";
    let doc = load_ok(text);
    let at = |needle: &str, past: usize| doc.pointer_at(text.find(needle).unwrap() + past);
    assert_eq!(at("ra,", 0), Some(("/tokens/0/id".to_owned(), false)));
    // Just after the word still touches it.
    assert_eq!(at("ra,", 2), Some(("/tokens/0/id".to_owned(), false)));
    assert_eq!(at("2/10", 3), Some(("/tokens/0/at".to_owned(), false)));
    assert_eq!(at("team", 1), Some(("/tokens/1/team".to_owned(), true)));
    assert_eq!(
        at("villains", 4),
        Some(("/tokens/1/team".to_owned(), false))
    );
    assert_eq!(at("tokens", 2), Some(("/tokens".to_owned(), true)));
}
