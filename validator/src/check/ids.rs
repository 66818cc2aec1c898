//! Id rules every ruleset shares: an id is used once in its list, and a reference names
//! something that exists.

use std::collections::HashMap;

use crate::diagnostic::{Code, Diagnostic};

/// Reports every id used a second time in its group. A group is the list's key in the file
/// (`teams`), what one entry is called (`team`), and its ids in file order.
pub fn duplicates(groups: &[(&str, &str, Vec<&str>)], out: &mut Vec<Diagnostic>) {
    for (list, what, ids) in groups {
        let mut first: HashMap<&str, usize> = HashMap::new();
        for (i, id) in ids.iter().enumerate() {
            if let Some(&earlier) = first.get(id) {
                out.push(
                    Diagnostic::error(
                        Code::DuplicateId,
                        format!("/{list}/{i}/id"),
                        format!("{what} id `{id}` is already used by {list}[{earlier}]"),
                    )
                    .with_help(format!("give each {what} its own id")),
                );
            } else {
                first.insert(id, i);
            }
        }
    }
}

/// An `unknown-reference` finding, listing what is known.
pub fn unknown(pointer: String, message: String, known: &[&str]) -> Diagnostic {
    let mut listed: Vec<&str> = Vec::new();
    for id in known {
        if !listed.contains(id) {
            listed.push(id);
        }
    }
    let help = if listed.is_empty() {
        "nothing of that kind is defined in this scenario".to_owned()
    } else {
        format!("known: {}", listed.join(", "))
    };
    Diagnostic::error(Code::UnknownReference, pointer, message).with_help(help)
}
