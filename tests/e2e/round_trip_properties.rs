//! Random scenarios survive a save and load round trip unchanged: written with serde_yaml (as
//! the editor saves them) and read back through the validator's own span-aware loader.
//! Free text is drawn from characters that trouble YAML writers: quotes, colons, hashes,
//! newlines, words like `yes`, `null` and `1/10`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use megahex::Checker;
use megahex_schema::Catalog;
use megahex_schema::rulesets::sentinel_tactics::{
    AbilityCost, AttackKind, AttackStats, Bonus, DeploymentZone, EffectTokens, EnvironmentCard,
    FigureStats, HazardAttack, Map, Movement, Objective, ObjectiveKind, Pick, Reinforcement,
    RolledMovement, Rules, Scenario, Side, StaticMovement, TilePlacement, Token, TokenKind,
};
use megahex_schema::{Footprint, HexRef, LosBlocking, LosEdges, Team, TileHex, TileHexMap};
use proptest::prelude::*;

fn tricky_text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z0-9 ]{0,12}",
        Just("yes".to_owned()),
        Just("null".to_owned()),
        Just("~".to_owned()),
        Just("1/10".to_owned()),
        Just("- dash".to_owned()),
        Just("key: value".to_owned()),
        Just("# not a comment".to_owned()),
        Just("line one\nline two".to_owned()),
        Just("  leading and trailing  ".to_owned()),
        Just("quote \" and ' apostrophe".to_owned()),
        Just("[brackets] {braces} &anchor *alias !tag".to_owned()),
        Just("Blade's Gambit: Part 2 — 100%".to_owned()),
        Just("0x1F".to_owned()),
        Just("3.0".to_owned()),
        Just(String::new()),
    ]
}

fn id() -> impl Strategy<Value = String> {
    "[a-z][a-z0-9-]{0,8}"
}

fn hex_ref() -> impl Strategy<Value = HexRef> {
    prop_oneof![
        (-20i32..20, -20i32..20).prop_map(|(q, r)| HexRef::Axial([q, r])),
        (1u32..9, 1u32..20).prop_map(|(tile, hex)| HexRef::Tile(TileHex { tile, hex })),
        (1u32..9, 1u32..20).prop_map(|(tile, hex)| HexRef::TileMap(TileHexMap { tile, hex })),
    ]
}

fn footprint() -> impl Strategy<Value = Footprint> {
    prop_oneof![
        hex_ref().prop_map(Footprint::One),
        proptest::collection::vec(hex_ref(), 1..4).prop_map(Footprint::Many),
    ]
}

fn token() -> impl Strategy<Value = Token> {
    (
        id(),
        prop_oneof![
            Just(TokenKind::Character),
            Just(TokenKind::Minion),
            Just(TokenKind::Pylon),
            Just(TokenKind::Shard),
            Just(TokenKind::Hazard),
            Just(TokenKind::EffectMarker),
        ],
        id(),
        proptest::option::of(id()),
        footprint(),
        proptest::option::of(tricky_text()),
        proptest::option::of(1u32..9),
        proptest::option::of(0u32..3),
        proptest::option::of(hazard_attack()),
        proptest::option::of((0u32..3, 0u32..3, 0u32..3, 0u32..3)),
    )
        .prop_map(
            |(id, kind, character, team, at, label, health, radius, hazard, effects)| Token {
                id,
                kind,
                // Figures must name a roster entry; markers may leave it out.
                character: Some(character),
                team,
                at,
                label,
                health,
                radius,
                hazard_attack: hazard,
                effect_tokens: effects.map(|(a, b, c, d)| EffectTokens {
                    attack_plus: a,
                    attack_minus: b,
                    defense_plus: c,
                    defense_minus: d,
                }),
            },
        )
}

fn hazard_attack() -> impl Strategy<Value = HazardAttack> {
    (0u32..6, proptest::collection::btree_set(1u8..=6, 0..3)).prop_map(|(dice, misses)| {
        HazardAttack {
            dice,
            auto_miss: misses.into_iter().collect(),
        }
    })
}

fn objective() -> impl Strategy<Value = Objective> {
    (
        id(),
        id(),
        prop_oneof![
            Just(ObjectiveKind::Incapacitate),
            Just(ObjectiveKind::Destroy),
            Just(ObjectiveKind::Collect),
            Just(ObjectiveKind::Hold),
            Just(ObjectiveKind::Reach),
            Just(ObjectiveKind::Survive),
        ],
        proptest::collection::vec(id(), 1..3),
        proptest::collection::vec(hex_ref(), 1..3),
        proptest::option::of(1u32..5),
        proptest::option::of(tricky_text()),
    )
        .prop_map(
            |(id, team, kind, names, hexes, count, description)| Objective {
                id,
                team,
                kind,
                // Every kind-specific key is filled, so the schema's if/then rules always hold.
                targets: names.clone(),
                tokens: names,
                hexes,
                count,
                rounds: Some(count.unwrap_or(1)),
                description,
            },
        )
}

fn scenario() -> impl Strategy<Value = Scenario> {
    let tiles = proptest::collection::vec(
        (1u32..9, any::<bool>(), -15i32..15, -15i32..15, 0u8..6),
        1..5,
    )
    .prop_map(|v| {
        v.into_iter()
            .map(|(tile, city, q, r, rotation)| TilePlacement {
                tile,
                side: if city {
                    Side::Megalopolis
                } else {
                    Side::InsulaPrimalis
                },
                at: [q, r],
                rotation,
            })
            .collect::<Vec<_>>()
    });
    let rules = (
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        proptest::option::of(hazard_attack()),
    )
        .prop_map(|(both, strict, lava, repeat, lava_attack)| Rules {
            los_blocking: if both {
                LosBlocking::HigherThanBoth
            } else {
                LosBlocking::HigherThanEither
            },
            los_edges: if strict {
                LosEdges::Strict
            } else {
                LosEdges::Permissive
            },
            environment: if lava {
                vec![EnvironmentCard::FlowOfFieryLava]
            } else {
                vec![]
            },
            repeat_basic_actions: repeat,
            lava_attack,
        });
    let teams = proptest::collection::vec((id(), proptest::option::of(tricky_text())), 0..3)
        .prop_map(|v| {
            v.into_iter()
                .map(|(id, name)| Team {
                    id,
                    name,
                    color: None,
                })
                .collect::<Vec<_>>()
        });
    let extras = (
        proptest::collection::vec((id(), proptest::collection::vec(hex_ref(), 1..3)), 0..2),
        proptest::collection::btree_map(id(), figure_stats(), 0..3),
        proptest::collection::vec((1u32..6, id(), id(), 1u32..3), 0..2),
        proptest::option::of(1u32..10),
        proptest::collection::vec((id(), tricky_text(), tricky_text()), 0..2),
        proptest::collection::vec(tricky_text(), 0..3),
    );
    (
        proptest::option::of(tricky_text()),
        proptest::option::of(tricky_text()),
        rules,
        tiles,
        teams,
        proptest::collection::vec(token(), 0..4),
        proptest::collection::vec(objective(), 0..3),
        proptest::collection::vec(id(), 0..3),
        extras,
    )
        .prop_map(
            |(title, description, rules, tiles, teams, tokens, objectives, turn_order, extras)| {
                let (zones, stats, waves, round_limit, bonuses, special_rules) = extras;
                Scenario {
                    schema: None,
                    format: 1,
                    ruleset: Default::default(),
                    title,
                    description,
                    catalog: None,
                    rules,
                    map: Map {
                        tiles,
                        hexes: Vec::new(),
                    },
                    teams,
                    tokens,
                    objectives,
                    turn_order,
                    deployment: zones
                        .into_iter()
                        .map(|(team, hexes)| DeploymentZone { team, hexes })
                        .collect(),
                    reinforcements: waves
                        .into_iter()
                        .map(|(round, team, character, count)| Reinforcement {
                            round,
                            team,
                            character,
                            count,
                            hexes: vec![],
                        })
                        .collect(),
                    round_limit,
                    bonuses: bonuses
                        .into_iter()
                        .map(|(team, when, effect)| Bonus { team, when, effect })
                        .collect(),
                    special_rules,
                    stats,
                    playtest: Vec::new(),
                    assertions: Vec::new(),
                }
            },
        )
}

/// Stats with every key sometimes present, both movement forms, and attacks of each kind.
fn figure_stats() -> impl Strategy<Value = FigureStats> {
    let movement = prop_oneof![
        Just(None),
        (1u32..6, 0usize..3).prop_map(|(dice, pick)| Some(Movement::Rolled(RolledMovement {
            dice,
            pick: [Pick::Highest, Pick::Lowest, Pick::Median][pick],
        }))),
        (0u32..9).prop_map(|value| Some(Movement::Static(StaticMovement { value }))),
    ];
    let attack = (
        tricky_text(),
        0usize..4,
        0u32..8,
        proptest::collection::btree_set(1u8..=6, 0..3),
        (0u32..3, 0u32..3, 0u32..3, 0u32..3),
        (
            any::<bool>(),
            any::<bool>(),
            proptest::option::of((0u32..3, 0u32..5)),
            proptest::option::of(tricky_text()),
        ),
    )
        .prop_map(
            |(
                name,
                kind,
                dice,
                misses,
                (reach, origin, radius, push),
                (unlimited, one_shot, cost, card),
            )| AttackStats {
                name,
                kind: [
                    AttackKind::Melee,
                    AttackKind::Range,
                    AttackKind::Area,
                    AttackKind::Vertex,
                ][kind],
                dice,
                auto_miss: misses.into_iter().collect(),
                reach,
                origin,
                radius,
                push,
                unlimited,
                cost: cost.map(|(health, attack_plus)| AbilityCost {
                    health,
                    attack_plus,
                }),
                one_shot,
                card,
            },
        );
    (
        proptest::option::of(1u32..20),
        proptest::option::of(1u32..4),
        proptest::option::of(0u32..6),
        movement,
        any::<bool>(),
        proptest::collection::vec(attack, 0..3),
        (
            proptest::collection::vec(tricky_text(), 0..3),
            proptest::collection::vec(tricky_text(), 0..3),
            proptest::option::of(1u32..4),
        ),
    )
        .prop_map(
            |(health, actions, defense, movement, mobility, attacks, (cards, in_play, most))| {
                FigureStats {
                    health,
                    actions,
                    defense,
                    movement,
                    mobility,
                    attacks,
                    cards,
                    in_play,
                    cards_in_play: most,
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn random_scenarios_survive_save_and_load(original in scenario()) {
        let checker = Checker::new(Catalog::builtin()).unwrap();
        let text = serde_yaml::to_string(&original).unwrap();
        let outcome = checker.check_text(&text, &|_| Err("no catalog".into()));
        let schema_errors: Vec<_> = outcome
            .diagnostics
            .iter()
            .filter(|d| matches!(d.code, megahex::Code::Schema | megahex::Code::YamlSyntax))
            .collect();
        prop_assert!(schema_errors.is_empty(), "{:?}\n{}", schema_errors, text);
        let loaded = outcome
            .scenario
            .and_then(|s| s.sentinel_tactics().cloned())
            .expect("a scenario that passed the schema loads");
        prop_assert_eq!(&loaded, &original, "{}", text);
        // Saving what was loaded gives the same text again.
        prop_assert_eq!(serde_yaml::to_string(&loaded).unwrap(), text);
    }
}
