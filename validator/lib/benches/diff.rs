//! `megahex diff` on two eight-tile versions of a scenario: the change lists with every
//! consequence (all sight pairs of both maps, figure sight, reach, fairness).
#![allow(clippy::expect_used, clippy::panic)]

use criterion::{Criterion, criterion_group, criterion_main};
use megahex::Checker;
use megahex_schema::{AnyScenario, Catalog};
use std::hint::black_box;

/// The eight tiles in two rows of four, as the geometry benchmarks lay them out.
const EIGHT_TILES: &str = "  tiles:
    - {tile: 1, side: megalopolis, at: [0, 0], rotation: 0}
    - {tile: 2, side: insula-primalis, at: [5, -2], rotation: 1}
    - {tile: 3, side: megalopolis, at: [10, -4], rotation: 2}
    - {tile: 4, side: insula-primalis, at: [15, -6], rotation: 3}
    - {tile: 5, side: megalopolis, at: [2, 3], rotation: 4}
    - {tile: 6, side: insula-primalis, at: [7, 1], rotation: 5}
    - {tile: 7, side: megalopolis, at: [12, -1], rotation: 0}
    - {tile: 8, side: insula-primalis, at: [17, -3], rotation: 1}
";

/// A bundled scenario's figures and objectives on the eight-tile map.
fn eight_tile_scenario() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../scenarios/city-blades-gambit.yaml"
    );
    let text = std::fs::read_to_string(path).expect("the bundled scenario");
    let start = text.find("  tiles:\n").expect("a tile list");
    let end = text[start..].find("\n\n").expect("a blank line after it") + start + 1;
    format!("{}{EIGHT_TILES}{}", &text[..start], &text[end..])
}

fn parse(text: &str) -> (AnyScenario, Catalog) {
    let checker = Checker::new(Catalog::builtin())
        .expect("the schema")
        .without_play();
    let outcome = checker.check_text(text, &|_| Err("no catalog".into()));
    assert!(outcome.is_ok(), "{:?}", outcome.diagnostics);
    (
        outcome.scenario.expect("a scenario"),
        outcome
            .catalog
            .map_or_else(Catalog::builtin, std::sync::Arc::unwrap_or_clone),
    )
}

fn diff(c: &mut Criterion) {
    let old_text = eight_tile_scenario();
    let new_text = old_text
        .replace(
            "{tile: 3, side: megalopolis, at: [10, -4], rotation: 2}",
            "{tile: 3, side: megalopolis, at: [10, -4], rotation: 5}",
        )
        .replace("team: heroes, at: [0, 1]}", "team: heroes, at: [1, 1]}");
    assert_ne!(old_text, new_text);
    let (old, old_catalog) = parse(&old_text);
    let (new, new_catalog) = parse(&new_text);
    let found = megahex::rulesets::diff(&old, &old_catalog, &new, &new_catalog);
    assert!(!found.consequences.sight.pairs.is_empty());
    assert_eq!(found.consequences.sight.compared_pairs, 152 * 151);
    c.bench_function("diff, two 8-tile scenarios, with every consequence", |b| {
        b.iter(|| {
            black_box(megahex::rulesets::diff(
                &old,
                &old_catalog,
                &new,
                &new_catalog,
            ))
        })
    });
    c.bench_function("diff, two 8-tile files read and compared", |b| {
        b.iter(|| {
            let (old, old_catalog) = parse(&old_text);
            let (new, new_catalog) = parse(&new_text);
            black_box(megahex::rulesets::diff(
                &old,
                &old_catalog,
                &new,
                &new_catalog,
            ))
        })
    });
}

/// Blade's Gambit with tile 1 placed a second time, east of tile 3: four free tiles, so 48
/// candidates, ranked and judged by the checks `megahex validate` runs.
fn inventory(c: &mut Criterion) {
    use megahex::rulesets::sentinel_tactics::{inventory, replacement_judge};
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../scenarios/city-blades-gambit.yaml"
    );
    let text = std::fs::read_to_string(path).expect("the bundled scenario");
    let last = "    - {tile: 5, side: megalopolis, at: [7, 1], rotation: 0}\n";
    let text = text.replacen(
        last,
        &format!("{last}    - {{tile: 1, side: insula-primalis, at: [10, -4], rotation: 0}}\n"),
        1,
    );
    let checker = Checker::new(Catalog::builtin()).expect("the schema");
    let outcome = checker.check_text(&text, &|_| Err("no catalog".into()));
    let Some(AnyScenario::SentinelTactics(scenario)) = outcome.scenario else {
        panic!("the scenario reads");
    };
    let catalog = Catalog::builtin();
    let owned = inventory::Owned::whole_box(&catalog);
    let propose = || {
        let judge = replacement_judge(&scenario, &catalog, true);
        inventory::propose(&scenario, &catalog, &owned, 3, &judge)
    };
    let found = propose();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].proposals.len(), 3);
    c.bench_function(
        "inventory, proposals for one duplicated tile (48 candidates)",
        |b| b.iter(|| black_box(propose())),
    );
}

criterion_group!(benches, diff, inventory);
criterion_main!(benches);
