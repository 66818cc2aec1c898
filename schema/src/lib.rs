//! Megahex's scenario data model, its JSON Schema and the default component catalog.
//!
//! Pure data: types, parsing of catalog text, and schema generation. No printing and no file IO,
//! so the CLI, the editor and the tests share one definition of a scenario.

// Purity by lint: the data model prints nothing; only the binaries do.
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod claims;
mod generate;
pub mod header;
pub mod hexref;
pub mod limits;
pub mod rulesets;
pub mod sight;

pub use generate::generate_schema;
pub use header::{FORMAT_VERSION, ID_PATTERN, Team};
pub use hexref::{Footprint, HexRef, TileHex, TileHexMap};
pub use rulesets::{AnyScenario, Catalog, CatalogError, Ruleset};
pub use sight::{LosBlocking, LosEdges};

/// The committed schema, as shipped: validation always uses this exact text. A `static`, not a
/// `const`: every crate that used a `const` would carry its own copy of the text.
pub static COMMITTED_SCHEMA: &str = include_str!("../scenario.schema.json");

/// Stable `$id` of the schema, for editors and SchemaStore.
pub const SCHEMA_ID: &str = "https://megahex.dev/schema/scenario-1.schema.json";

/// A scenario as a YAML value, with every enum written the way files write it: a variant with
/// data as a one-key mapping (`during: {commit-limit: {max: 3}}`), a unit variant as its name.
/// serde_yaml's own encoding of enums (YAML tags) is not Megahex's format, so saving goes
/// through JSON's data model, where enums are mappings.
pub fn yaml_value<T: serde::Serialize>(scenario: &T) -> Result<serde_yaml::Value, YamlWriteError> {
    let json = serde_json::to_value(scenario)?;
    Ok(serde_yaml::to_value(json)?)
}

/// [`yaml_value`] as text.
pub fn yaml_text<T: serde::Serialize>(scenario: &T) -> Result<String, YamlWriteError> {
    Ok(serde_yaml::to_string(&yaml_value(scenario)?)?)
}

/// Why a value could not be written as YAML (a map key that is not a string, a number JSON
/// cannot hold).
#[derive(Debug, thiserror::Error)]
pub enum YamlWriteError {
    /// The value has no JSON form.
    #[error("{0}")]
    Json(#[from] serde_json::Error),
    /// The JSON form has no YAML text.
    #[error("{0}")]
    Yaml(#[from] serde_yaml::Error),
}

/// The generated schema as the pretty JSON text that is committed.
pub fn generate_schema_text() -> String {
    let mut text = serde_json::to_string_pretty(&generate_schema()).unwrap_or_default();
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fails when the types change without `schema/scenario.schema.json` being regenerated.
    /// Regenerate with `cargo run -p megahex -- schema -o schema/scenario.schema.json`.
    #[test]
    fn committed_schema_matches_the_types() {
        let generated = generate_schema_text();
        if std::env::var_os("MEGAHEX_BLESS").is_some() {
            std::fs::write(
                concat!(env!("CARGO_MANIFEST_DIR"), "/scenario.schema.json"),
                &generated,
            )
            .unwrap();
            return;
        }
        assert!(
            generated == COMMITTED_SCHEMA,
            "schema/scenario.schema.json is out of date; run `MEGAHEX_BLESS=1 cargo test -p megahex-schema` or `cargo run -p megahex -- schema -o schema/scenario.schema.json`"
        );
    }
}
