//! Where hex-skirmish scenarios define and name ids.

use crate::language::symbols::Slot;

const TEAM: &[&str] = &["team"];
const UNIT: &[&str] = &["unit"];
/// A claim's end: a unit or a chest (or a hex, which is no id).
const UNIT_OR_CHEST: &[&str] = &["unit", "chest"];

/// The id slots.
pub const SLOTS: &[Slot] = &[
    Slot::definition("/teams/*/id", TEAM),
    Slot::definition("/units/*/id", UNIT),
    Slot::definition("/chests/*/id", &["chest"]),
    Slot::definition("/objectives/*/id", &["objective"]),
    Slot::reference("/units/*/team", TEAM),
    Slot::reference("/spawn/*/team", TEAM),
    Slot::reference("/objectives/*/team", TEAM),
    Slot::reference("/objectives/*/targets/*", UNIT),
    Slot::reference("/objectives/*/chests/*", &["chest"]),
    Slot::reference("/playtest/*/unit", UNIT),
    Slot::reference("/playtest/*/actions/*/attack/target", UNIT),
    Slot::reference("/playtest/*/actions/*/cast/target", UNIT),
    Slot::reference("/playtest/*/actions/*/open", &["chest"]),
    Slot::reference("/assert/*/sight/from", UNIT_OR_CHEST),
    Slot::reference("/assert/*/sight/to", UNIT_OR_CHEST),
    Slot::reference("/assert/*/range/from", UNIT_OR_CHEST),
    Slot::reference("/assert/*/range/to", UNIT_OR_CHEST),
    Slot::reference("/assert/*/reach/figure", UNIT),
    Slot::reference("/assert/*/reach/hex", UNIT_OR_CHEST),
    Slot::reference("/assert/*/odds/attacker", UNIT),
    Slot::reference("/assert/*/odds/defender", UNIT),
    Slot::reference("/assert/*/balance/team", TEAM),
];
