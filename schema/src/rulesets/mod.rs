//! The schema crate's registry of games: the one file that names every game's body. The
//! shared header's `ruleset` decides which body a file holds; each game's types live in its
//! own folder here, and a new game is one folder and one arm in each `match` below.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub mod hex_skirmish;
pub mod sentinel_tactics;
pub mod solar_sentinels;

/// The component catalog every command loads and `--catalog` extends. Only Sentinel Tactics
/// has printed components today (tile sides and figures), so the catalog is its own; a game
/// with components of its own adds them to it.
pub use sentinel_tactics::catalog::{Catalog, CatalogError};

/// A scenario of any ruleset, as a file holds it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum AnyScenario {
    /// A Sentinel Tactics scenario.
    SentinelTactics(Box<sentinel_tactics::scenario::Scenario>),
    /// A hex-skirmish scenario.
    HexSkirmish(Box<hex_skirmish::Scenario>),
    /// A Solar Sentinels deck and setup.
    SolarSentinels(Box<solar_sentinels::Scenario>),
}

impl AnyScenario {
    /// The ruleset the file names.
    pub fn ruleset(&self) -> Ruleset {
        match self {
            AnyScenario::SentinelTactics(_) => Ruleset::SentinelTactics,
            AnyScenario::HexSkirmish(_) => Ruleset::HexSkirmish,
            AnyScenario::SolarSentinels(_) => Ruleset::SolarSentinels,
        }
    }

    /// The title, if the file gives one.
    pub fn title(&self) -> Option<&str> {
        match self {
            AnyScenario::SentinelTactics(s) => s.title.as_deref(),
            AnyScenario::HexSkirmish(s) => s.title.as_deref(),
            AnyScenario::SolarSentinels(s) => s.title.as_deref(),
        }
    }

    /// The catalog file the scenario names, if any.
    pub fn catalog(&self) -> Option<&str> {
        match self {
            AnyScenario::SentinelTactics(s) => s.catalog.as_deref(),
            AnyScenario::HexSkirmish(s) => s.catalog.as_deref(),
            AnyScenario::SolarSentinels(s) => s.catalog.as_deref(),
        }
    }

    /// The Sentinel Tactics scenario, if that is the ruleset.
    pub fn sentinel_tactics(&self) -> Option<&sentinel_tactics::scenario::Scenario> {
        match self {
            AnyScenario::SentinelTactics(s) => Some(s),
            _ => None,
        }
    }

    /// The hex-skirmish scenario, if that is the ruleset.
    pub fn hex_skirmish(&self) -> Option<&hex_skirmish::Scenario> {
        match self {
            AnyScenario::HexSkirmish(s) => Some(s),
            _ => None,
        }
    }

    /// The Solar Sentinels deck, if that is the ruleset.
    pub fn solar_sentinels(&self) -> Option<&solar_sentinels::Scenario> {
        match self {
            AnyScenario::SolarSentinels(s) => Some(s),
            _ => None,
        }
    }

    /// Reads a scenario from a JSON value, choosing the body by the `ruleset` it names; a
    /// value that names no known ruleset is refused with the names that are.
    pub fn deserialize_value(value: &serde_json::Value) -> Result<AnyScenario, serde_json::Error> {
        let Some(ruleset) = Ruleset::of(value) else {
            let known: Vec<&str> = Ruleset::ALL.iter().map(|r| r.as_str()).collect();
            return Err(serde::de::Error::custom(format!(
                "`ruleset` must name a game: {}",
                known.join(", ")
            )));
        };
        match ruleset {
            Ruleset::SentinelTactics => sentinel_tactics::scenario::Scenario::deserialize(value)
                .map(|s| AnyScenario::SentinelTactics(Box::new(s))),
            Ruleset::HexSkirmish => hex_skirmish::Scenario::deserialize(value)
                .map(|s| AnyScenario::HexSkirmish(Box::new(s))),
            Ruleset::SolarSentinels => solar_sentinels::Scenario::deserialize(value)
                .map(|s| AnyScenario::SolarSentinels(Box::new(s))),
        }
    }
}

/// The game a scenario is written for: it decides every key after the shared header.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    JsonSchema,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::VariantArray,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Ruleset {
    /// Sentinel Tactics: The Flame of Freedom, on the game's eight double-sided tiles.
    SentinelTactics,
    /// A hex-map arena game: an action budget, a D10 strike against a D10 defence, soak and
    /// terrain that costs actions, on a free hex map.
    HexSkirmish,
    /// 20 Strong: Solar Sentinels, a solo dice-and-card game with no map: the file is a deck
    /// and its setup.
    SolarSentinels,
}

impl Ruleset {
    /// Every ruleset, in the order the schema lists them (the order they are declared in).
    pub const ALL: &'static [Ruleset] = <Ruleset as strum::VariantArray>::VARIANTS;

    /// The name written in scenario files (serde's name too: both are kebab-case).
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// The game's name as a designer writes it in a sentence.
    pub fn title(self) -> &'static str {
        match self {
            Ruleset::SentinelTactics => "Sentinel Tactics",
            Ruleset::HexSkirmish => "hex-skirmish",
            Ruleset::SolarSentinels => "Solar Sentinels",
        }
    }

    /// Looks a ruleset up by the name written in files.
    pub fn from_name(name: &str) -> Option<Ruleset> {
        name.parse().ok()
    }

    /// The name the game's own `ruleset` tag writes: the registry's name must equal it.
    #[cfg(test)]
    fn tag_name(self) -> &'static str {
        match self {
            Ruleset::SentinelTactics => sentinel_tactics::scenario::RulesetTag::NAME,
            Ruleset::HexSkirmish => hex_skirmish::RulesetTag::NAME,
            Ruleset::SolarSentinels => solar_sentinels::RulesetTag::NAME,
        }
    }

    /// The JSON Schema of the game's body, as schemars derives it from the game's types.
    pub(crate) fn body_schema(self, generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        match self {
            Ruleset::SentinelTactics => {
                generator.subschema_for::<sentinel_tactics::scenario::Scenario>()
            }
            Ruleset::HexSkirmish => generator.subschema_for::<hex_skirmish::Scenario>(),
            Ruleset::SolarSentinels => generator.subschema_for::<solar_sentinels::Scenario>(),
        }
    }

    /// A small scenario of the game, shown as the schema's example.
    pub(crate) fn example(self) -> serde_json::Value {
        match self {
            Ruleset::SentinelTactics => sentinel_tactics::scenario::scenario_example(),
            Ruleset::HexSkirmish => hex_skirmish::scenario_example(),
            Ruleset::SolarSentinels => solar_sentinels::scenario_example(),
        }
    }

    /// The ruleset a scenario document names, if it names a known one.
    pub fn of(document: &serde_json::Value) -> Option<Ruleset> {
        document
            .get("ruleset")
            .and_then(serde_json::Value::as_str)
            .and_then(Ruleset::from_name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_game_tags_its_files_with_the_name_the_registry_gives_it() {
        for &ruleset in Ruleset::ALL {
            assert_eq!(ruleset.tag_name(), ruleset.as_str());
            let written = serde_json::to_value(ruleset).unwrap();
            assert_eq!(written, ruleset.as_str());
        }
    }

    #[test]
    fn a_value_naming_no_known_ruleset_is_refused_with_the_known_names() {
        for value in [
            serde_json::json!({"format": 1}),
            serde_json::json!({"format": 1, "ruleset": "chess"}),
        ] {
            let error = AnyScenario::deserialize_value(&value)
                .err()
                .map(|e| e.to_string());
            assert_eq!(
                error.as_deref(),
                Some("`ruleset` must name a game: sentinel-tactics, hex-skirmish, solar-sentinels"),
                "{value}"
            );
        }
    }

    #[test]
    fn each_ruleset_reads_its_own_body() {
        let files = [
            include_str!("../../../scenarios/city-blades-gambit.yaml"),
            include_str!("../../../scenarios/skirmish-rooftop-town.yaml"),
            include_str!("../../../scenarios/solar-first-light.yaml"),
        ];
        let mut read = Vec::new();
        for text in files {
            let value: serde_json::Value = serde_yaml::from_str(text).unwrap();
            let scenario = AnyScenario::deserialize_value(&value).unwrap();
            assert_eq!(Some(scenario.ruleset()), Ruleset::of(&value));
            read.push(scenario.ruleset());
        }
        assert_eq!(read, Ruleset::ALL);
    }
}
