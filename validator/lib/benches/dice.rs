//! Dice benchmarks: exact odds of an attack (Sentinel Tactics), of a strike (hex-skirmish) and of
//! a pool of unit dice (Solar Sentinels).

use criterion::{Criterion, criterion_group, criterion_main};
use megahex::rulesets::hex_skirmish::{self, Damage, Strike};
use megahex::rulesets::sentinel_tactics::dice::{self, Attack, Defense, Faces};
use std::hint::black_box;

fn exact_odds(c: &mut Criterion) {
    let plain = Attack {
        dice: 6,
        ..Attack::default()
    };
    let defense = Defense {
        dice: 5,
        ..Defense::default()
    };
    c.bench_function("odds, 6 attack dice vs 5 defence dice", |b| {
        b.iter(|| black_box(dice::odds(black_box(&plain), black_box(&defense))))
    });
    let coded = Attack {
        dice: 6,
        auto_miss: Faces::of(&[2, 4]).unwrap_or_default(),
        range: 3,
        ..Attack::default()
    };
    c.bench_function("odds, 6 dice with auto-miss 2,4 at range 3 vs 5", |b| {
        b.iter(|| black_box(dice::odds(black_box(&coded), black_box(&defense))))
    });
    let big = Attack {
        dice: 10,
        ..Attack::default()
    };
    let big_defense = Defense {
        dice: 10,
        ..Defense::default()
    };
    c.bench_function("odds, 10 vs 10", |b| {
        b.iter(|| black_box(dice::odds(black_box(&big), black_box(&big_defense))))
    });
}

/// Strike 3 against Defense 2 with a 2d6+1 weapon, a bonus of 1 and a soak of 2.
fn strike_3_vs_2() -> Strike {
    Strike {
        strike: 3,
        defense: 2,
        damage: "2d6+1".parse().unwrap_or(Damage::Fixed(1)),
        bonus: 1,
        soak: 2,
    }
}

/// Hex-skirmish: one strike, D10 against D10, with a dice weapon and soak (the ruleset asks for
/// at most 10 µs a pair).
fn strike_odds(c: &mut Criterion) {
    let strike = strike_3_vs_2();
    c.bench_function(
        "hex-skirmish odds, strike 3 vs defense 2, 2d6+1 +1 bonus - 2 soak",
        |b| b.iter(|| black_box(hex_skirmish::odds(black_box(&strike)))),
    );
}

/// Hex-skirmish: a spell that rolls a strike and allows a resistance check (1000 D10 triples)
/// with a dice damage, the dearest blow there is.
fn resisted_spell_odds(c: &mut Criterion) {
    let blow = hex_skirmish::Blow {
        contested: true,
        resistible: true,
        strike: 2,
        defense: 1,
        resistance: 3,
        damage: "2d6+1".parse().unwrap_or(Damage::Fixed(1)),
        bonus: 0,
        soak: 1,
    };
    c.bench_function(
        "hex-skirmish odds, a resisted 2d6+1 spell, strike 2 vs defense 1 and resistance 3",
        |b| b.iter(|| black_box(hex_skirmish::blow_odds(black_box(&blow)))),
    );
}

/// Hex-skirmish: a duel to the end of two units of 40 hit points, three strikes a turn each
/// with a 2d6+1 weapon (1,600 states of the chain).
fn duel_odds(c: &mut Criterion) {
    let blow = hex_skirmish::odds(&strike_3_vs_2())
        .map(|o| o.probabilities())
        .unwrap_or_default();
    c.bench_function(
        "hex-skirmish duel, 40 hit points each, 3 strikes a turn of 2d6+1",
        |b| {
            b.iter(|| {
                black_box(hex_skirmish::duel::duel_odds(
                    (black_box(&blow), 3, 40),
                    (&blow, 3, 40),
                ))
            })
        },
    );
}

/// Solar Sentinels: the whole box of 17 unit dice rolled together, the largest pool the game has
/// (the ruleset asks for at most 5 µs a pool).
fn pool_odds(c: &mut Criterion) {
    use megahex::rulesets::solar_sentinels::{Colour, Pool, pool_odds};
    let pool = Pool::whole_box();
    c.bench_function("solar-sentinels odds, the whole box of 17 dice", |b| {
        b.iter(|| black_box(pool_odds(black_box(&pool), Colour::faces)))
    });
}

/// Solar Sentinels: the best play of the whole box against three enemies with Strategy 2 (the
/// ruleset asks for at most 100 ms with no colour effects).
fn engagement(c: &mut Criterion) {
    use megahex::rulesets::solar_sentinels::{Colour, Pool, engagement};
    let pool = Pool::whole_box();
    let mut group = c.benchmark_group("solar-sentinels engagement");
    group.sample_size(10);
    group.bench_function("the whole box against Health 4, 5 and 6, Strategy 2", |b| {
        b.iter(|| black_box(engagement::defeat_all(black_box(&pool), &[4, 5, 6], 2)))
    });
    // One effect that depends on colour (at most 2 s): the Health 6 enemy takes no red die.
    let mut no_red = engagement::Foe::plain(6);
    no_red.values[4] = [0, 0, 0];
    let mut limited = engagement::Foe::plain(4);
    // A commit limit holds dice back: the state keeps the pool not yet committed, and each
    // step tries every commit the limit allows (here 5 dice a round while the 4 stands).
    limited.limits.commits.per_round = Some(5);
    let plain = engagement::Foe::plain;
    let with_effects = [
        (
            "the whole box against Health 4, 5 and 6 (no red on the 6), Strategy 2",
            [plain(4), plain(5), no_red],
        ),
        (
            "the whole box against Health 4 (5 dice a round), 5 and 6, Strategy 2",
            [limited, plain(5), plain(6)],
        ),
    ];
    for (name, foes) in with_effects {
        group.bench_function(name, |b| {
            b.iter(|| {
                black_box(engagement::defeat_all_foes(
                    black_box(&pool),
                    &foes,
                    2,
                    &|_, _| {},
                ))
            })
        });
    }
    // One defeat a roll while the Health 4 stands: the shares are the plain ones, fewer kept.
    let mut one_defeat = engagement::Foe::plain(4);
    one_defeat.limits.one_defeat = true;
    let limited_defeats = [one_defeat, plain(5), plain(6)];
    group.bench_function(
        "the whole box against Health 4 (one defeat a roll), 5 and 6, Strategy 2",
        |b| {
            b.iter(|| {
                black_box(engagement::defeat_all_foes(
                    black_box(&pool),
                    &limited_defeats,
                    2,
                    &|_, _| {},
                ))
            })
        },
    );
    // An endgame past what the search shares dice among: a boss of Health 12, an entourage of
    // three and three more enemies for unfinished missions, between two bounds.
    let endgame: Vec<engagement::Foe> = [12, 4, 3, 3, 2, 2, 2].map(plain).to_vec();
    let faces = Colour::ALL.map(Colour::faces);
    group.bench_function(
        "bounds: the whole box against seven enemies (Health 12, 4, 3, 3, 2, 2, 2), Strategy 2",
        |b| {
            b.iter(|| {
                black_box(engagement::defeat_all_bounds(
                    &faces,
                    black_box(&pool),
                    &endgame,
                    2,
                    &|_, _| {},
                ))
            })
        },
    );
    // The Health expected lost (both figures) with an effect on the dice: every last roll is
    // shared to leave the least Damage.
    let mut no_red = engagement::Foe::plain(6);
    no_red.values[4] = [0, 0, 0];
    let against = [plain(4), plain(5), no_red];
    group.bench_function(
        "Health expected lost, the whole box against Health 4, 5 and 6 (no red on the 6), Strategy 2",
        |b| {
            b.iter(|| {
                black_box(engagement::damage_taken_against(
                    black_box(&pool),
                    &against,
                    &[2, 3, 4],
                    2,
                ))
            })
        },
    );
    // The cheapest play weighs every choice of dice at every step: eight dice, two steps.
    let eight = Pool([2, 2, 2, 1, 1]);
    group.bench_function(
        "the cheapest plays for 80, 90 and 95 %, 8 dice against Health 2 and 3, Strategy 2",
        |b| {
            b.iter(|| {
                black_box(engagement::cheapest_plays(
                    black_box(&eight),
                    &[2, 3],
                    2,
                    &engagement::FEWEST_TARGETS,
                ))
            })
        },
    );
    // The same against effects, by the search with effects: red may not go on the Health 2.
    let mut no_red = engagement::Foe::plain(2);
    no_red.values[Colour::Red as usize] = [0, 0, 0];
    let against = [no_red, engagement::Foe::plain(3)];
    group.bench_function(
        "the cheapest plays for 80, 90 and 95 %, 8 dice against Health 2 (no red) and 3, Strategy 2",
        |b| {
            b.iter(|| {
                black_box(engagement::cheapest_plays_against(
                    black_box(&eight),
                    &against,
                    2,
                    &engagement::FEWEST_TARGETS,
                ))
            })
        },
    );
    // What one more die of each colour is worth: five more searches of the plain engagement.
    let nine = Pool([2, 2, 2, 2, 1]);
    group.bench_function(
        "one more die of each colour, 9 dice against Health 3, 4 and 5, Strategy 2",
        |b| {
            b.iter(|| {
                black_box(engagement::one_more_die(
                    black_box(&nine),
                    &[
                        engagement::Foe::plain(3),
                        engagement::Foe::plain(4),
                        engagement::Foe::plain(5),
                    ],
                    2,
                ))
            })
        },
    );
    // The endgame: a boss of Health 12 among six enemies, one of which allows 3 dice a round
    // while it stands. The boss's chance searches those two (the least expected count of the
    // boss standing); the four plain ones are left out.
    let mut boss = engagement::Foe::plain(12);
    boss.limits.boss = true;
    let mut gate = engagement::Foe::plain(4);
    gate.limits.commits.per_round = Some(3);
    let endgame = [boss, gate, plain(3), plain(4), plain(2), plain(3)];
    group.bench_function(
        "the boss (Health 12) among six enemies, one allowing 3 dice a round, the whole box, Strategy 2",
        |b| {
            b.iter(|| {
                black_box(engagement::defeat_chosen(
                    black_box(&pool),
                    &endgame,
                    &[0],
                    2,
                    &|_, _| {},
                ))
            })
        },
    );
    // The enemies expected defeated: the least expected count standing, plain search.
    group.bench_function(
        "enemies expected defeated, the whole box against Health 4, 5 and 6, Strategy 2",
        |b| {
            b.iter(|| {
                black_box(engagement::expected_defeated(
                    black_box(&pool),
                    &[plain(4), plain(5), plain(6)],
                    2,
                    &|_, _| {},
                ))
            })
        },
    );
    group.finish();
}

criterion_group!(
    benches,
    engagement,
    exact_odds,
    strike_odds,
    resisted_spell_odds,
    duel_odds,
    pool_odds
);
criterion_main!(benches);
