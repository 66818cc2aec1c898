//! The `sentinel-tactics` ruleset (the rulebook, seed 000): the game's rules over the tile
//! board in [`crate::board`]. `game` is the game itself (rounds, turns, movement, attacks,
//! hazards); `dice` the attack and defence dice and their exact odds; `checks`, `turns` and
//! `assertions` what `megahex validate` reports; `playtest` replays a scripted game; `selfplay` plays seeded
//! games; `fairness` reports distances, exposure and a verdict.

pub mod assertions;
pub mod checks;
pub mod dice;
pub mod diff;
pub mod fairness;
pub mod game;
pub mod playtest;
pub mod selfplay;
pub mod turns;
