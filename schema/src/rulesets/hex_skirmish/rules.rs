//! The settings of the hex-skirmish rules: every rule the manual leaves open, with its default.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::sight::{LosBlocking, LosEdges};

/// Rule settings; anything left out takes the default written beside it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
#[schemars(rename = "HexSkirmishRules")]
pub struct Rules {
    /// Which buildings between two units block their sight (default `higher-than-both`: a
    /// unit standing at least as high as a building sees over it). Bushes block at any height.
    #[serde(
        default = "higher_than_both",
        skip_serializing_if = "is_higher_than_both"
    )]
    pub los_blocking: LosBlocking,
    /// Whether a line that only touches a blocking hex's edge or corner is blocked (default
    /// `strict`: it is).
    #[serde(default, skip_serializing_if = "is_strict")]
    pub los_edges: LosEdges,
    /// How a spell's resistance check is rolled (default `opposed`).
    #[serde(default, skip_serializing_if = "is_opposed")]
    pub resistance_check: ResistanceCheck,
    /// Damage of an attack with no weapon, before the damage bonus (default 1).
    #[serde(default = "one", skip_serializing_if = "is_one")]
    #[schemars(range(min = 0, max = 99))]
    pub unarmed_damage: u32,
    /// A climb the unit cannot pay for this turn is paid on with the actions of its next turns
    /// (default true). Off, a climb must be paid in full in one turn.
    #[serde(default = "yes", skip_serializing_if = "is_yes")]
    pub climb_carries_over: bool,
    /// The water monster lurks in water (default true).
    #[serde(default = "yes", skip_serializing_if = "is_yes")]
    pub water_monster: bool,
    /// The highest d6 face that calls up the water monster on a unit's 1st, 2nd, 3rd …
    /// consecutive step in water; the last entry holds for every later step (default
    /// `[1, 2, 3]`).
    #[serde(default = "trigger", skip_serializing_if = "is_trigger")]
    #[schemars(length(min = 1, max = 10), inner(range(min = 0, max = 6)))]
    pub monster_trigger: Vec<u8>,
    /// Damage a unit takes when entering a hex is reduced by its soak (default false: the
    /// manual's bushes deal 1d6 "to the character").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub soak_terrain_damage: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            los_blocking: higher_than_both(),
            los_edges: LosEdges::Strict,
            resistance_check: ResistanceCheck::Opposed,
            unarmed_damage: 1,
            climb_carries_over: true,
            water_monster: true,
            monster_trigger: trigger(),
            soak_terrain_damage: false,
        }
    }
}

impl Rules {
    /// True when every setting is its default, so saves can leave the block out.
    pub fn is_default(&self) -> bool {
        *self == Rules::default()
    }
}

/// How a resistance check is rolled.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ResistanceCheck {
    /// The target rolls D10 + Resistance against the caster's D10 + Strike; the higher wins
    /// and ties go to the caster, as for strikes. A resisted spell deals no damage.
    #[default]
    Opposed,
    /// No resistance checks: spells that allow one land as if it failed.
    None,
}

fn higher_than_both() -> LosBlocking {
    LosBlocking::HigherThanBoth
}

fn is_higher_than_both(b: &LosBlocking) -> bool {
    *b == LosBlocking::HigherThanBoth
}

fn is_strict(e: &LosEdges) -> bool {
    *e == LosEdges::Strict
}

fn is_opposed(c: &ResistanceCheck) -> bool {
    *c == ResistanceCheck::Opposed
}

fn one() -> u32 {
    1
}

fn is_one(n: &u32) -> bool {
    *n == 1
}

fn yes() -> bool {
    true
}

fn is_yes(b: &bool) -> bool {
    *b
}

fn trigger() -> Vec<u8> {
    vec![1, 2, 3]
}

fn is_trigger(t: &Vec<u8>) -> bool {
    *t == trigger()
}
