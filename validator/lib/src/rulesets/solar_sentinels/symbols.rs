//! Where Solar Sentinels decks define and name their cards' ids.

use crate::language::symbols::Slot;

const CARD: &[&str] = &["card"];
/// An enemy in play: a conflict card or a boss.
const ENEMY: &[&str] = &["card", "boss"];
const HERO: &[&str] = &["hero"];
const MISSION: &[&str] = &["mission"];

/// The id slots.
pub const SLOTS: &[Slot] = &[
    Slot::definition("/conflict/*/id", CARD),
    Slot::definition("/bosses/*/id", &["boss"]),
    Slot::definition("/heroes/*/id", HERO),
    Slot::definition("/missions/*/id", MISSION),
    Slot::reference("/conflict/*/additional-enemies/*", CARD),
    Slot::reference("/setup/hero", HERO),
    Slot::reference("/setup/bosses/*", &["boss"]),
    Slot::reference("/setup/missions/drawn/*", MISSION),
    Slot::reference("/setup/missions/kept/*", MISSION),
    Slot::reference("/setup/stacks/*/*", CARD),
    Slot::reference("/playtest/*/activate/*", CARD),
    Slot::reference("/playtest/*/boss", &["boss"]),
    Slot::reference("/playtest/*/discard", CARD),
    Slot::reference("/playtest/*/forfeit/*", MISSION),
    Slot::reference("/playtest/*/take/*", ENEMY),
    Slot::reference("/playtest/*/use/*", ENEMY),
    Slot::reference("/playtest/*/use/*/item", ENEMY),
    Slot::reference("/playtest/*/use/*/on", ENEMY),
    Slot::reference("/playtest/*/steps/*/assign/@", ENEMY),
    Slot::reference("/assert/*/odds/cards/*", ENEMY),
    Slot::reference("/assert/*/odds/hero", HERO),
    Slot::reference("/assert/*/balance/hero", HERO),
];
