//! Scenario files built to make a validator slow, shared by the hostile-file test and the
//! `validate` bench: every key and id shares a 60-character prefix and its length with the
//! others, and one figure stands on thousands of hexes.

#![allow(dead_code)]

/// The shared prefix: long, so comparing two keys reads far before they differ.
fn prefix() -> String {
    "k".repeat(60)
}

/// A scenario whose `special-rules` is a mapping of `keys` keys (the schema refuses it, after
/// the loader has read every key).
pub fn many_keys(keys: usize) -> String {
    let mut text = String::from(
        "format: 1\nruleset: sentinel-tactics\nmap:\n  tiles:\n    - {tile: 1, side: megalopolis, at: [0, 0]}\nspecial-rules:\n",
    );
    for i in 0..keys {
        text.push_str(&format!("  {}{i:08}: x\n", prefix()));
    }
    text
}

/// A valid map with `tokens` markers, every second one repeating the id before it.
pub fn many_ids(tokens: usize) -> String {
    let mut text = String::from(
        "format: 1\nruleset: sentinel-tactics\nmap:\n  tiles:\n    - {tile: 1, side: megalopolis, at: [0, 0]}\ntokens:\n",
    );
    for i in 0..tokens {
        text.push_str(&format!(
            "  - {{id: {}{:08}, kind: effect-marker, at: 1/1}}\n",
            prefix(),
            i / 2
        ));
    }
    text
}

/// A figure listed on `hexes` hexes of a map of free hexes laid out in a row.
pub fn long_footprint(hexes: usize) -> String {
    let mut text =
        String::from("format: 1\nruleset: sentinel-tactics\nmap:\n  hexes:\n    - {at: [");
    let row: Vec<String> = (0..hexes).map(|q| format!("[{q}, 0]")).collect();
    text.push_str(&row.join(", "));
    text.push_str(
        "], elevation: 1}\ntokens:\n  - {id: blob, kind: character, character: legacy, at: [",
    );
    text.push_str(&row.join(", "));
    text.push_str("]}\n");
    text
}

/// The bench's files: name, text, and how many keys, ids or hexes it holds.
pub fn files() -> Vec<(&'static str, String, usize)> {
    vec![
        ("20,000 keys in one mapping", many_keys(20_000), 20_000),
        ("5,000 token ids, half repeated", many_ids(5_000), 5_000),
        ("one figure on 5,000 hexes", long_footprint(5_000), 5_000),
    ]
}

#[cfg(test)]
mod checks {
    use megahex::{Checker, Code};
    use megahex_schema::Catalog;

    fn check(text: &str) -> Vec<(Code, Option<String>)> {
        let checker = Checker::new(Catalog::builtin()).expect("the checker");
        let no_catalog = |_: &str| Err("no catalog".into());
        checker
            .check_text(text, &no_catalog)
            .diagnostics
            .into_iter()
            .map(|d| (d.code, d.pointer))
            .collect()
    }

    #[test]
    fn thousands_of_keys_sharing_a_prefix_are_all_read() {
        let found = check(&super::many_keys(3_000));
        assert_eq!(
            found,
            vec![(Code::Schema, Some("/special-rules".to_owned()))],
            "the mapping is read whole, then refused by the schema as not a list"
        );
    }

    #[test]
    fn every_repeated_id_among_thousands_is_reported() {
        let found = check(&super::many_ids(2_000));
        let expected: Vec<(Code, Option<String>)> = (0..1_000)
            .map(|k| (Code::DuplicateId, Some(format!("/tokens/{}/id", 2 * k + 1))))
            .collect();
        assert_eq!(found, expected);
    }

    #[test]
    fn a_figure_on_thousands_of_hexes_is_refused_once() {
        let found = check(&super::long_footprint(2_000));
        assert_eq!(
            found,
            vec![(Code::FootprintInvalid, Some("/tokens/0/at".to_owned()))]
        );
    }
}
