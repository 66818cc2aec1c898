//! What a text editor asks about a scenario besides its findings: what the key or id under
//! the cursor is, where an id is defined and used, which ids fit a place. Plain data in and
//! out, for the language server and any other front end; each game says where its ids stand
//! (the registry's [`crate::rulesets::symbol_slots`]).

pub mod fix;
pub mod schema_help;
pub mod symbols;

pub use schema_help::describe;
pub use symbols::{Role, Slot, Symbol};

use crate::diagnostic::Diagnostic;

/// A text editor's question about the place under its cursor.
#[derive(Debug, Clone, Copy)]
pub struct HoverQuestion<'a> {
    /// The document as data.
    pub document: &'a serde_json::Value,
    /// The innermost node under the cursor.
    pub pointer: &'a str,
    /// Whether the cursor is on the key naming that node.
    pub on_key: bool,
    /// The document's ids ([`crate::rulesets::symbols`]).
    pub symbols: &'a [Symbol],
    /// The findings of the document's last full check, when there is one for this text.
    pub findings: Option<&'a [Diagnostic]>,
}

/// Who stands on a hex, as a hover's last line.
pub fn who_stands_here<'a>(ids: impl Iterator<Item = &'a str>) -> String {
    let named: Vec<String> = ids.map(|id| format!("`{id}`")).collect();
    if named.is_empty() {
        "\n\nNobody stands here.".to_owned()
    } else {
        format!("\n\nStanding here: {}.", named.join(", "))
    }
}

/// The claim `/assert/N` a pointer stands in, as that pointer.
pub fn claim_at(pointer: &str) -> Option<String> {
    let rest = pointer.strip_prefix("/assert/")?;
    let index = rest.split('/').next()?;
    index.parse::<usize>().ok()?;
    Some(format!("/assert/{index}"))
}

/// Whether the claim at `claim` (`/assert/N`) holds, by the last check's findings, in words:
/// the reading of `megahex validate` and the editor's checklist ([`crate::claims::verdict`]).
/// `None` findings: no check has run on this text yet.
pub fn claim_verdict(claim: &str, findings: Option<&[Diagnostic]>) -> String {
    use crate::claims::Verdict;
    let Some(findings) = findings else {
        return "**checking…** (the claim's verdict comes with this text's check)".to_owned();
    };
    let Some(index) = claim
        .rsplit('/')
        .next()
        .and_then(|i| i.parse::<usize>().ok())
    else {
        return String::new();
    };
    let listed = findings
        .iter()
        .map(|d| (d.code, d.severity, d.pointer.as_deref()));
    let own = findings
        .iter()
        .find(|d| crate::claims::is_about(index, d.pointer.as_deref()));
    let said = own.map_or(String::new(), |d| format!(": {}", d.message));
    match crate::claims::verdict(index, listed) {
        Verdict::Holds => "**✓ holds**".to_owned(),
        Verdict::Fails => format!("**✗ does not hold**{said}"),
        Verdict::Unsettled => format!("**? not settled**{said}"),
        Verdict::NotChecked => "**not checked**: the file has errors to fix first".to_owned(),
    }
}
