//! Self-play speed on the bundled 3-against-3 skirmish: games per second on all cores.

use criterion::{Criterion, criterion_group, criterion_main};
use megahex::simulate;
use megahex_schema::{Catalog, Scenario};
use std::hint::black_box;

fn games(c: &mut Criterion) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../scenarios/skirmish-three-on-three.yaml");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let Ok(scenario) = serde_yaml::from_str::<Scenario>(&text) else {
        return;
    };
    let catalog = Catalog::builtin();
    let mut group = c.benchmark_group("simulate skirmish-three-on-three");
    group.sample_size(10);
    group.bench_function("1000 games, all cores", |b| {
        b.iter(|| black_box(simulate::simulate(&scenario, &catalog, 1000, 7, &|| {})))
    });
    group.finish();
}

criterion_group!(benches, games);
criterion_main!(benches);
