//! Id rules every ruleset shares: an id is used once in its list, and a reference names
//! something that exists.

use crate::diagnostic::{Code, Diagnostic, Edit, EditTo, Fix};

/// Reports every id used a second time in its group. A group is the list's key in the file
/// (`teams`), what one entry is called (`team`), and its ids in file order.
pub fn duplicates(groups: &[(&str, &str, Vec<&str>)], out: &mut Vec<Diagnostic>) {
    for (list, what, ids) in groups {
        // Sorting (stable, so each id's first use leads its run) finds the repeats in
        // O(n log n) whatever the ids are, with no hashing of text from the file.
        let mut sorted: Vec<(&str, usize)> = ids.iter().copied().zip(0..).collect();
        sorted.sort_by_key(|&(id, _)| id);
        let mut repeats: Vec<(usize, usize)> = Vec::new();
        for run in sorted.chunk_by(|a, b| a.0 == b.0) {
            repeats.extend(run[1..].iter().map(|&(_, i)| (i, run[0].1)));
        }
        repeats.sort_unstable();
        for (i, earlier) in repeats {
            let id = ids[i];
            {
                out.push(
                    Diagnostic::error(
                        Code::DuplicateId,
                        format!("/{list}/{i}/id"),
                        format!("{what} id `{id}` is already used by {list}[{earlier}]"),
                    )
                    .with_help(format!("give each {what} its own id")),
                );
            }
        }
    }
}

/// An `unknown-reference` finding for `written` at `pointer`, listing what is known. When a
/// known id is a slip of the keyboard away, the help asks "did you mean" and the finding
/// carries the fix that writes it.
pub fn unknown(pointer: String, written: &str, message: String, known: &[&str]) -> Diagnostic {
    let mut listed: Vec<&str> = Vec::new();
    for id in known {
        if !listed.contains(id) {
            listed.push(id);
        }
    }
    let nearest = closest(written, &listed);
    let help = match &nearest {
        _ if listed.is_empty() => "nothing of that kind is defined in this scenario".to_owned(),
        Some(near) => format!("did you mean `{near}`? known: {}", listed.join(", ")),
        None => format!("known: {}", listed.join(", ")),
    };
    let finding =
        Diagnostic::error(Code::UnknownReference, pointer.clone(), message).with_help(help);
    match nearest {
        Some(near) => finding.with_fix(Fix {
            title: format!("write `{near}`"),
            edits: vec![Edit {
                pointer,
                to: EditTo::Value(near.into()),
            }],
        }),
        None => finding,
    }
}

/// The name among `allowed` that `written` most likely misspells: at most two edits away (a
/// quarter of a long name), the nearest first.
pub fn closest<S: AsRef<str>>(written: &str, allowed: &[S]) -> Option<String> {
    allowed
        .iter()
        .map(AsRef::as_ref)
        .filter(|candidate| *candidate != written)
        .map(|candidate| (strsim::levenshtein(written, candidate), candidate))
        .filter(|(d, candidate)| *d <= 2.max(candidate.len() / 4))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_near_miss_is_named_and_fixed_and_a_far_one_only_listed() {
        let near = unknown(
            "/tokens/0/team".into(),
            "heros",
            "no team".into(),
            &["heroes", "villains"],
        );
        assert_eq!(
            near.help.as_deref(),
            Some("did you mean `heroes`? known: heroes, villains")
        );
        assert_eq!(near.fixes.len(), 1);
        assert_eq!(near.fixes[0].edits[0].pointer, "/tokens/0/team");
        assert_eq!(near.fixes[0].edits[0].to, EditTo::Value("heroes".into()));
        let far = unknown(
            "/tokens/0/team".into(),
            "nobody",
            "no team".into(),
            &["heroes"],
        );
        assert_eq!(far.help.as_deref(), Some("known: heroes"));
        assert!(far.fixes.is_empty());
        assert_eq!(
            closest("rotaton", &["tile", "rotation"]).as_deref(),
            Some("rotation")
        );
        assert_eq!(closest("elevation", &["tile", "side"]), None);
    }

    /// Each repeat is reported once, in file order, naming the first use: checked against the
    /// plain search over every earlier id.
    #[test]
    fn repeats_are_reported_in_file_order_with_their_first_use() {
        let mut state = 0x9E37_79B9_u64;
        for _ in 0..200 {
            let ids: Vec<String> = (0..12)
                .map(|_| {
                    state = state
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1);
                    format!("id{}", (state >> 33) % 6)
                })
                .collect();
            let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
            let mut found = Vec::new();
            duplicates(&[("tokens", "token", ids.clone())], &mut found);
            let expected: Vec<String> = (0..ids.len())
                .filter_map(|i| {
                    let earlier = ids[..i].iter().position(|id| *id == ids[i])?;
                    Some(format!(
                        "/tokens/{i}/id: token id `{}` is already used by tokens[{earlier}]",
                        ids[i]
                    ))
                })
                .collect();
            let got: Vec<String> = found
                .iter()
                .map(|d| {
                    format!(
                        "{}: {}",
                        d.pointer.as_deref().unwrap_or_default(),
                        d.message
                    )
                })
                .collect();
            assert_eq!(got, expected, "{ids:?}");
        }
    }
}
