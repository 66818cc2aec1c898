//! Which rules preview colours the map's hexes. Every ruleset's previews share the one setting
//! (and its keys, L and M), so switching from one map to another keeps what the designer chose.

/// The overlay that colours the hexes; only one at a time, so the colours keep one meaning.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tint {
    /// No tint.
    #[default]
    None,
    /// Line of sight from the selection (L).
    Sight,
    /// Movement reach of the selection (M).
    Reach,
    /// An area template with the hovered hex as origin (A).
    Area,
}

impl Tint {
    /// What a key for `tint` leaves on: `tint`, or nothing when it is already on.
    pub fn toggled(self, tint: Tint) -> Tint {
        if self == tint { Tint::None } else { tint }
    }
}
