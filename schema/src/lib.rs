//! Megahex's scenario data model, its JSON Schema and the default component catalog.
//!
//! Pure data: types, parsing of catalog text, and schema generation. No printing and no file IO,
//! so the CLI, the editor and the tests share one definition of a scenario.

pub mod catalog;
mod generate;
mod hex_refs;
pub mod hexref;
pub mod limits;
pub mod playtest;
pub mod scenario;
pub mod stats;

pub use catalog::{
    Catalog, CatalogError, CatalogHex, Figure, FigureKind, FigureMovement, Terrain, TileSide,
};
pub use generate::generate_schema;
pub use hexref::{Footprint, HexRef, TileHex, TileHexMap};
pub use playtest::{
    HazardRoll, MovePath, PlacedMove, PlaytestAction, PlaytestAttack, PlaytestTarget, PlaytestTurn,
};
pub use scenario::*;
pub use stats::{
    AttackKind, AttackStats, FigureStats, Movement, Pick, RolledMovement, StaticMovement,
    StatsByFigure,
};

/// The committed schema, as shipped: validation always uses this exact text.
pub const COMMITTED_SCHEMA: &str = include_str!("../scenario.schema.json");

/// Stable `$id` of the schema, for editors and SchemaStore.
pub const SCHEMA_ID: &str = "https://megahex.dev/schema/scenario-1.schema.json";

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
