//! The registry: the one file of the library that names every game. Each game is a folder
//! here with its own rules (terrain meaning, dice and odds, actions, checks, playtest replay,
//! self-play) on top of the shared pieces below the games ([`crate::board`], [`crate::claims`],
//! [`crate::ids`], [`crate::seam`]); every capability the pipeline, the CLI and the editor reach
//! for is dispatched here by an exhaustive `match`, so a new game that misses one does not
//! compile.

pub mod hex_skirmish;
pub mod sentinel_tactics;
pub mod solar_sentinels;

/// `megahex tiles`: the component catalog in words and small pictures. The catalog is Sentinel
/// Tactics' own (the schema's registry says why), and so is its picture.
pub use sentinel_tactics::catalog_text::render as catalog_text;

use megahex_schema::{AnyScenario, Catalog, Ruleset};

use crate::diff::ScenarioDiff;
use crate::seam::{CheckContext, Outcome};

/// Reads a schema-valid document into `ruleset`'s types and runs that game's checks.
pub fn check_document(
    ruleset: Ruleset,
    document: &serde_json::Value,
    context: &CheckContext,
) -> Outcome {
    match ruleset {
        Ruleset::SentinelTactics => sentinel_tactics::check_document(document, context),
        Ruleset::HexSkirmish => hex_skirmish::checks::check_document(document, context),
        Ruleset::SolarSentinels => solar_sentinels::checks::check_document(document, context),
    }
}

/// What changed between two versions of a scenario. Two versions of one game are compared by
/// that game's own diff where it has one (the map, the pieces and their consequences); any
/// other pair, or a file that changed game, gets its keys compared.
pub fn diff(
    old: &AnyScenario,
    old_catalog: &Catalog,
    new: &AnyScenario,
    new_catalog: &Catalog,
) -> ScenarioDiff {
    let own = match (old, new) {
        (AnyScenario::SentinelTactics(old), AnyScenario::SentinelTactics(new)) => {
            Some(sentinel_tactics::diff::diff(
                &sentinel_tactics::diff::Version {
                    scenario: old,
                    catalog: old_catalog,
                },
                &sentinel_tactics::diff::Version {
                    scenario: new,
                    catalog: new_catalog,
                },
            ))
        }
        (AnyScenario::SentinelTactics(_), _)
        | (AnyScenario::HexSkirmish(_), _)
        | (AnyScenario::SolarSentinels(_), _) => None,
    };
    own.unwrap_or_else(|| crate::diff::by_keys(old, new, &[Ruleset::SentinelTactics]))
}

/// Where `ruleset`'s scenarios define ids and refer to them, for the language server's
/// definitions, references, rename and completion.
pub fn symbol_slots(ruleset: Ruleset) -> &'static [crate::language::Slot] {
    match ruleset {
        Ruleset::SentinelTactics => sentinel_tactics::symbols::SLOTS,
        Ruleset::HexSkirmish => hex_skirmish::symbols::SLOTS,
        Ruleset::SolarSentinels => solar_sentinels::symbols::SLOTS,
    }
}

/// Every id `document` (a scenario of `ruleset`, valid or not) defines or names, with where.
pub fn symbols(ruleset: Ruleset, document: &serde_json::Value) -> Vec<crate::language::Symbol> {
    match ruleset {
        Ruleset::SentinelTactics => sentinel_tactics::symbols::symbols(document),
        Ruleset::HexSkirmish => {
            crate::language::symbols::collect(document, hex_skirmish::symbols::SLOTS)
        }
        Ruleset::SolarSentinels => {
            crate::language::symbols::collect(document, solar_sentinels::symbols::SLOTS)
        }
    }
}

/// What a text editor shows over the place `question` asks about in `scenario`, in Markdown,
/// where its game has something to say (the schema's description of a key is the caller's).
pub fn hover(
    scenario: &AnyScenario,
    catalog: &Catalog,
    question: &crate::language::HoverQuestion,
) -> Option<String> {
    match scenario {
        AnyScenario::SentinelTactics(scenario) => {
            sentinel_tactics::hover::hover(scenario, catalog, question)
        }
        AnyScenario::HexSkirmish(scenario) => hex_skirmish::hover::hover(scenario, question),
        AnyScenario::SolarSentinels(deck) => solar_sentinels::hover::hover(deck, question),
    }
}
