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

/// `stem` itself while it is free, then `stem-2`, `stem-3`, ….
pub fn stem_or_numbered<'a>(stem: &str, taken: impl Iterator<Item = &'a str> + Clone) -> String {
    if taken.clone().any(|t| t == stem) {
        fresh_id(stem, 2, taken)
    } else {
        stem.to_owned()
    }
}
