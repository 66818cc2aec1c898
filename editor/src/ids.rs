//! Fresh ids for what the editor adds (tokens, teams, objectives, units, chests), so a new piece
//! never takes an id already in the file.

/// `prefix-N` with the smallest N from `from` that no id in `taken` has.
pub fn fresh_id<'a>(
    prefix: &str,
    from: usize,
    taken: impl Iterator<Item = &'a str> + Clone,
) -> String {
    (from..)
        .map(|n| format!("{prefix}-{n}"))
        .find(|id| !taken.clone().any(|t| t == id))
        .unwrap_or_else(|| prefix.to_owned())
}

/// `text` with every character outside letters, digits, `-`, `_` and `.` made `-`: the
/// characters an id and a link's file name both keep as they are.
pub fn dashed(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '-'
            }
        })
        .collect()
}

/// `stem` itself while it is free, then `stem-2`, `stem-3`, ….
pub fn stem_or_numbered<'a>(stem: &str, taken: impl Iterator<Item = &'a str> + Clone) -> String {
    if taken.clone().any(|t| t == stem) {
        fresh_id(stem, 2, taken)
    } else {
        stem.to_owned()
    }
}
