//! What each objective kind is made of: the fields it uses, what a kind change clears, and
//! which tokens it can name. The one home of these rules: the schema's per-kind `required`
//! keys are generated from [`fields`], `megahex validate` checks the tokens an objective names
//! with [`fits`], and the editor's panels show and keep exactly these fields.

use super::scenario::{Objective, ObjectiveKind, Token, TokenKind};

/// Whether an objective kind uses a field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    /// Not part of this kind: hidden, and cleared when the kind changes.
    Unused,
    /// Shown, may be left empty.
    Optional,
    /// Shown, and the schema requires it for this kind.
    Required,
}

/// The fields an objective kind uses, besides id, team, kind and description.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fields {
    /// Token ids to incapacitate or destroy.
    pub targets: Need,
    /// Token ids to collect.
    pub tokens: Need,
    /// Hexes to hold or reach.
    pub hexes: Need,
    /// How many.
    pub count: Need,
    /// For how many rounds.
    pub rounds: Need,
}

/// The fields a kind uses; the required ones become the schema's `if kind then required`
/// rules.
pub fn fields(kind: ObjectiveKind) -> Fields {
    use Need::{Optional, Required, Unused};
    let none = Fields {
        targets: Unused,
        tokens: Unused,
        hexes: Unused,
        count: Unused,
        rounds: Unused,
    };
    match kind {
        ObjectiveKind::Incapacitate => Fields {
            targets: Optional,
            count: Optional,
            ..none
        },
        ObjectiveKind::Destroy => Fields {
            targets: Required,
            count: Optional,
            ..none
        },
        ObjectiveKind::Collect => Fields {
            tokens: Required,
            count: Optional,
            ..none
        },
        ObjectiveKind::Hold => Fields {
            hexes: Required,
            count: Optional,
            rounds: Optional,
            ..none
        },
        ObjectiveKind::Reach => Fields {
            hexes: Required,
            ..none
        },
        ObjectiveKind::Survive => Fields {
            rounds: Required,
            ..none
        },
    }
}

/// Changes an objective's kind: fields the new kind does not use are dropped, so the file holds
/// exactly what the panel shows; a survive objective starts with the round limit (or 1 round).
pub fn set_kind(objective: &mut Objective, kind: ObjectiveKind, round_limit: Option<u32>) {
    objective.kind = kind;
    let f = fields(kind);
    if f.targets == Need::Unused {
        objective.targets.clear();
    }
    if f.tokens == Need::Unused {
        objective.tokens.clear();
    }
    if f.hexes == Need::Unused {
        objective.hexes.clear();
    }
    if f.count == Need::Unused {
        objective.count = None;
    }
    if f.rounds == Need::Unused {
        objective.rounds = None;
    }
    if f.rounds == Need::Required && objective.rounds.is_none() {
        objective.rounds = Some(round_limit.unwrap_or(1));
    }
}

/// Which tokens an objective of `kind` for `team` can name: enemy characters to incapacitate,
/// targets other than characters to destroy, markers to collect.
pub fn fits(kind: ObjectiveKind, team: &str, token: &Token) -> bool {
    match kind {
        ObjectiveKind::Incapacitate => {
            token.kind == TokenKind::Character && token.team.as_deref() != Some(team)
        }
        ObjectiveKind::Destroy => token.kind != TokenKind::Character && token.is_target(),
        ObjectiveKind::Collect => !token.is_target(),
        ObjectiveKind::Hold | ObjectiveKind::Reach | ObjectiveKind::Survive => false,
    }
}

/// The keys the schema requires for each kind, in kind order: `(kind, key)`.
pub fn required_keys() -> Vec<(ObjectiveKind, &'static str)> {
    let mut out = Vec::new();
    for kind in ObjectiveKind::ALL {
        let f = fields(kind);
        for (need, key) in [
            (f.targets, "targets"),
            (f.tokens, "tokens"),
            (f.hexes, "hexes"),
            (f.count, "count"),
            (f.rounds, "rounds"),
        ] {
            if need == Need::Required {
                out.push((kind, key));
            }
        }
    }
    out
}
