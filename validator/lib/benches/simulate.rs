//! Self-play speed on the bundled 3-against-3 skirmish, the hex-skirmish arena and the Solar
//! Sentinels example deck: games per second on all cores.

use criterion::{Criterion, criterion_group, criterion_main};
use megahex::rulesets::hex_skirmish::selfplay;
use megahex::rulesets::sentinel_tactics::selfplay as st_selfplay;
use megahex::simulate::skill::Player;
use megahex_schema::Catalog;
use megahex_schema::rulesets::sentinel_tactics::Scenario;
use std::hint::black_box;

fn games(c: &mut Criterion) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/skirmish-three-on-three.yaml");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let Ok(scenario) = serde_yaml::from_str::<Scenario>(&text) else {
        return;
    };
    let catalog = Catalog::builtin();
    let mut group = c.benchmark_group("simulate skirmish-three-on-three");
    group.sample_size(10);
    group.bench_function("1000 games, all cores", |b| {
        b.iter(|| black_box(st_selfplay::simulate(&scenario, &catalog, 1000, 7, &|| {})))
    });
    // The skill report's games: the first team played by the stronger player.
    group.bench_function("20 games, the first team looking ahead, all cores", |b| {
        b.iter(|| {
            black_box(st_selfplay::simulate_seated(
                &scenario,
                &catalog,
                20,
                7,
                &[Player::Lookahead],
                &|| {},
            ))
        })
    });
    group.finish();
}

/// Hex-skirmish self-play on the bundled arena (the ruleset asks for 10,000 games a second on
/// two cores).
fn arena_games(c: &mut Criterion) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/skirmish-drowned-arena.yaml");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let Ok(scenario) =
        serde_yaml::from_str::<megahex_schema::rulesets::hex_skirmish::Scenario>(&text)
    else {
        return;
    };
    let mut group = c.benchmark_group("simulate skirmish-drowned-arena");
    group.sample_size(10);
    group.bench_function("10000 games, all cores", |b| {
        b.iter(|| black_box(selfplay::simulate(&scenario, 10_000, 7, &|| {})))
    });
    group.bench_function("100 games, the first team looking ahead, all cores", |b| {
        b.iter(|| {
            black_box(selfplay::simulate_seated(
                &scenario,
                100,
                7,
                &[Player::Lookahead],
                &|| {},
            ))
        })
    });
    group.finish();
}

/// Solar Sentinels self-play on the example deck: 2,000 whole games (each of the six heroes,
/// at the setup's rank) should take under a second on two cores.
fn deck_games(c: &mut Criterion) {
    use megahex::rulesets::solar_sentinels::selfplay::{self as deck_selfplay, Plan};
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/solar-first-light.yaml");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let Ok(document) = megahex::yaml::load(&text, megahex::yaml::Limits::default()) else {
        return;
    };
    let Ok(deck) = serde_json::from_value::<megahex_schema::rulesets::solar_sentinels::Scenario>(
        document.value,
    ) else {
        return;
    };
    let plan = Plan {
        games: 2000 / deck.heroes.len().max(1) as u32,
        seed: 7,
        ranks: Plan::ranks_of(&deck),
    };
    let mut group = c.benchmark_group("simulate solar-first-light");
    group.sample_size(10);
    group.bench_function("about 2000 games, all cores", |b| {
        b.iter(|| black_box(deck_selfplay::simulate(&deck, &plan, &|| {})))
    });
    group.finish();
}

criterion_group!(benches, games, arena_games, deck_games);
criterion_main!(benches);
