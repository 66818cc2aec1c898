//! Replays small enough to follow by hand: each expected value is worked out from the rules in
//! the comment above it.

use megahex_schema::rulesets::solar_sentinels::Scenario;

use super::{Replay, place};
use crate::rulesets::solar_sentinels::deck;
use crate::rulesets::solar_sentinels::game::Table;

fn load(text: &str) -> Scenario {
    let document = crate::yaml::load(text, crate::yaml::Limits::default()).unwrap();
    serde_json::from_value(document.value).unwrap()
}

/// A card `a` with health 4 and damage 2, no effects.
const A: &str = "level: 1, health: 4, damage: 2";
/// A hero with Health 10, Strategy 2, Recovery 2.
const HERO: &str = "health: 10, strategy: 2, recovery: 2";

/// One card a stack (`a`, then `b` with health 3 and damage 1, then `c` of level 2 with health
/// 3 and damage 1), the box's 17 dice, and the boss (health 6, damage 3, entourage 1, with
/// `boss`'s extra keys).
fn small(a: &str, hero: &str, boss: &str, playtest: &str) -> Scenario {
    load(&format!(
        "format: 1
ruleset: solar-sentinels
components: {{stack-size: 1, bosses: 1, missions: 0}}
heroes:
  - {{id: hero, {hero}}}
  - {{id: other, health: 10, strategy: 2, recovery: 2}}
conflict:
  - {{id: a, {a}}}
  - {{id: b, level: 1, health: 3, damage: 1}}
  - {{id: c, level: 2, health: 3, damage: 1}}
bosses:
  - {{id: boss, health: 6, damage: 3, entourage: 1{boss}}}
setup: {{hero: hero, stacks: [[a], [b], [c]], bosses: [boss]}}
playtest:
{playtest}"
    ))
}

/// Replays `deck`, then hands the finished replay and its first illegal step (pointer and
/// message) to `check`.
fn replayed(deck: &Scenario, check: impl FnOnce(&Replay, Option<(String, String)>)) {
    let table = Table::new(deck);
    let hero = deck::hero(deck).unwrap();
    let mut game = Replay::new(deck, &table, hero);
    let result = game.play().err().map(|i| (i.step, i.illegal.message));
    check(&game, result);
}

/// The first illegal step of `deck`'s playtest, if any.
fn first_illegal(deck: &Scenario) -> Option<(String, String)> {
    let mut found = None;
    replayed(deck, |_, result| found = result);
    found
}

#[track_caller]
fn illegal_at(deck: &Scenario, pointer: &str, words: &str) {
    let (at, message) = first_illegal(deck).expect("an illegal step");
    assert_eq!(at, pointer, "{message}");
    assert!(message.contains(words), "`{message}` lacks `{words}`");
}

#[track_caller]
fn legal(deck: &Scenario) {
    assert_eq!(first_illegal(deck), None);
}

fn fixture() -> Scenario {
    load(include_str!(
        "../../../../../../tests/fixtures/valid/solar-playtest.yaml"
    ))
}

#[test]
fn the_fixture_game_is_won_with_the_health_and_stats_worked_out_by_hand() {
    // Nothing ever deals damage: the warden falls in round 1 (heal 2: Health 22), the larva in
    // round 2, the brute to the larva's item and the seer in round 3 (Strategy 3), and the
    // boss in step 2 of round 4. The larva's single-use item is spent.
    let deck = fixture();
    replayed(&deck, |game, illegal| {
        assert_eq!(illegal, None);
        assert_eq!(game.s.round, 4);
        assert_eq!(game.s.health, 22);
        assert_eq!(game.s.strategy, 3);
        assert!(game.inventory.is_empty());
        assert!(crate::rulesets::solar_sentinels::game::play::boss_down(
            &game.s
        ));
    });
}

#[test]
fn round_one_of_the_fixture_by_hand() {
    // Round 1 commits 3 purple and the red, then 1 blue: all five are exhausted, and Recovery
    // 3 returns 2 purple and the red. The pool of 17 is then 4 yellow, 4 green, 3 blue,
    // 3 purple, 1 red (15); 1 blue and 1 purple stay exhausted. The warden and the discarded
    // drone are in the discard; the larva is now on top of stack 1.
    let mut deck = fixture();
    deck.playtest.truncate(1);
    replayed(&deck, |game, illegal| {
        assert_eq!(illegal, None);
        assert_eq!(game.s.health, 22);
        assert_eq!(game.s.pool.0, [4, 4, 3, 3, 1]);
        assert_eq!(game.s.exhausted.0, [0, 0, 1, 1, 0]);
        let ids = |cards: &[usize]| -> Vec<String> {
            cards.iter().map(|c| game.card_id(*c).to_string()).collect()
        };
        assert_eq!(ids(&game.s.discard), ["warden", "drone"]);
        assert_eq!(ids(&game.s.stacks[0]), ["larva"]);
        assert_eq!(ids(&game.s.stacks[2]), ["seer", "stinger"]);
    });
}

#[test]
fn a_commit_limit_counts_every_step_of_the_round() {
    // Max 3 a round: 2 yellow in step 1, then 2 more is 4.
    let effects = format!("{A}, effects: [{{during: {{commit-limit: {{max: 3}}}}}}]");
    let steps = |second: &str| {
        format!(
            "  - activate: [a]
    steps:
      - {{commit: {{yellow: 2}}, rolled: [yellow:miss, yellow:miss]}}
      - {second}
    discard: b
"
        )
    };
    let over = small(
        &effects,
        HERO,
        "",
        &steps(
            "{commit: {yellow: 2}, rolled: [yellow:miss, yellow:miss, yellow:miss, yellow:miss]}",
        ),
    );
    illegal_at(
        &over,
        "/playtest/0/steps/1/commit",
        "`a` allows 3 dice committed this round (commit-limit), 2 before this step, and this step commits 2",
    );
    // One more die is the third: legal. `a` stands and deals 2 (Health 10 - 2 = 8); the three
    // yellow dice are exhausted, and Recovery 2 is not used.
    let within = small(
        &effects,
        HERO,
        "",
        &steps("{commit: {yellow: 1}, rolled: [yellow:miss, yellow:miss, yellow:miss]}"),
    );
    replayed(&within, |game, illegal| {
        assert_eq!(illegal, None);
        assert_eq!(game.s.health, 8);
        assert_eq!(game.s.pool.0, [1, 4, 4, 4, 1]);
        assert_eq!(game.s.exhausted.0, [3, 0, 0, 0, 0]);
    });
}

#[test]
fn commit_bans_and_whole_colours_are_refused_at_the_colour() {
    let effects = format!(
        "{A}, effects: [{{during: {{ban: {{colours: [red], from: commit}}}}}}, {{during: commit-whole-colour}}]"
    );
    let round = |commit: &str, rolled: &str| {
        small(
            &effects,
            HERO,
            "",
            &format!(
                "  - activate: [a]\n    steps: [{{commit: {commit}, rolled: {rolled}}}]\n    discard: b\n"
            ),
        )
    };
    illegal_at(
        &round("{red: 1}", "[red:hit]"),
        "/playtest/0/steps/0/commit/red",
        "`a` bans committing red dice",
    );
    // The pool holds the box's 4 blue dice: one commits all four.
    illegal_at(
        &round("{blue: 1}", "[blue:hit]"),
        "/playtest/0/steps/0/commit/blue",
        "the pool holds 4 blue dice (commit-whole-colour)",
    );
    legal(&round(
        "{blue: 4}",
        "[blue:miss, blue:miss, blue:miss, blue:miss]",
    ));
}

#[test]
fn dice_not_in_the_pool_are_counted_by_colour() {
    // The box has one red die.
    let deck = small(
        A,
        HERO,
        "",
        "  - activate: [a]\n    steps: [{commit: {red: 2}, rolled: [red:hit, red:hit]}]\n",
    );
    illegal_at(
        &deck,
        "/playtest/0/steps/0/commit/red",
        "the step commits 2 red dice, and the pool holds 1",
    );
}

#[test]
fn an_assign_limit_refuses_the_third_die() {
    // Max 2 dice on `a` (health 4): two hits deal 2 and leave it standing.
    let deck = small(
        &format!("{A}, effects: [{{during: {{assign-limit: {{max: 2}}}}}}]"),
        HERO,
        "",
        "  - activate: [a]
    steps:
      - commit: {purple: 3}
        rolled: [purple:hit, purple:hit, purple:hit]
        assign: {a: [purple:hit, purple:hit, purple:hit]}
",
    );
    illegal_at(
        &deck,
        "/playtest/0/steps/0/assign/a/2",
        "it takes at most 2 dice (assign-limit)",
    );
}

#[test]
fn an_escort_colour_goes_on_first() {
    let effects = format!("{A}, effects: [{{during: {{escort: yellow}}}}]");
    let round = |assign: &str| {
        small(
            &effects,
            HERO,
            "",
            &format!(
                "  - activate: [a]
    steps:
      - commit: {{yellow: 1, purple: 1}}
        rolled: [yellow:crit, purple:crit]
        assign: {{a: {assign}}}
    discard: b
"
            ),
        )
    };
    illegal_at(
        &round("[purple:crit, yellow:crit]"),
        "/playtest/0/steps/0/assign/a/0",
        "each purple die needs a yellow die put on it before (escort)",
    );
    // Crit and crit: 4 damage defeats `a`, so nothing is suffered.
    replayed(&round("[yellow:crit, purple:crit]"), |game, illegal| {
        assert_eq!(illegal, None);
        assert_eq!(game.s.health, 10);
    });
}

#[test]
fn misses_are_not_assigned_unless_a_card_swaps_them() {
    let plain = small(
        A,
        HERO,
        "",
        "  - activate: [a]
    steps: [{commit: {blue: 2}, rolled: [blue:miss, blue:hit], assign: {a: [blue:miss]}}]
",
    );
    illegal_at(
        &plain,
        "/playtest/0/steps/0/assign/a/0",
        "blue:miss is a miss for `a`",
    );
    // With hits and misses swapped (red excepted), the blue miss deals 1 and the blue hit
    // nothing: `a` (health 4) keeps standing and deals 2.
    let swapped =
        format!("{A}, effects: [{{during: {{swap-hits-and-misses: {{except: [red]}}}}}}]");
    let round = |assign: &str| {
        small(
            &swapped,
            HERO,
            "",
            &format!(
                "  - activate: [a]
    steps: [{{commit: {{blue: 2}}, rolled: [blue:miss, blue:hit], assign: {{a: {assign}}}}}]
    discard: b
"
            ),
        )
    };
    replayed(&round("[blue:miss]"), |game, illegal| {
        assert_eq!(illegal, None);
        assert_eq!(game.s.health, 8);
    });
    illegal_at(
        &round("[blue:hit]"),
        "/playtest/0/steps/0/assign/a/0",
        "blue:hit is a miss for `a`",
    );
}

#[test]
fn a_hero_whose_misses_deal_damage_may_assign_them() {
    // Purple misses deal 1 for this hero: two purple misses and a crit deal 4 and defeat `a`.
    let hero = "health: 10, strategy: 2, recovery: 2, ability: {effect: {during: {face-value: {face: miss, colours: [purple], value: 1}}}}";
    let deck = small(
        A,
        hero,
        "",
        "  - activate: [a]
    steps:
      - {commit: {purple: 3}, rolled: [purple:miss, purple:miss, purple:crit], assign: {a: [purple:miss, purple:miss, purple:crit]}}
    discard: b
",
    );
    replayed(&deck, |game, illegal| {
        assert_eq!(illegal, None);
        assert_eq!(game.s.health, 10);
        assert_eq!(game.s.tally[0].defeated, 1);
    });
}

#[test]
fn kept_misses_are_not_rolled_again() {
    // Under no-reroll-misses step 2 rolls only the unassigned yellow hit; the miss stays.
    let effects = format!("{A}, effects: [{{during: no-reroll-misses}}]");
    let round = |rolled: &str| {
        small(
            &effects,
            HERO,
            "",
            &format!(
                "  - activate: [a]
    steps:
      - {{commit: {{yellow: 2}}, rolled: [yellow:miss, yellow:hit]}}
      - {{rolled: {rolled}}}
    discard: b
"
            ),
        )
    };
    illegal_at(
        &round("[yellow:hit, yellow:crit]"),
        "/playtest/0/steps/1/rolled",
        "the step rolls 1 yellow (0 committed, 1 unassigned rolled again), and `rolled` lists 2 yellow",
    );
    legal(&round("[yellow:crit]"));
}

#[test]
fn health_lost_after_a_roll_ends_the_game_there() {
    // Health 2 and one Health a miss: two misses leave 0.
    let effects = format!("{A}, effects: [{{during: {{lose-health: {{per: miss}}}}}}]");
    let hero = "health: 2, strategy: 2, recovery: 2";
    let ended = small(
        &effects,
        hero,
        "",
        "  - activate: [a]\n    steps: [{commit: {green: 2}, rolled: [green:miss, green:miss]}]\n",
    );
    replayed(&ended, |game, illegal| {
        assert_eq!(illegal, None, "a lost game recorded to its end is legal");
        assert_eq!(game.s.health, 0);
    });
    let goes_on = small(
        &effects,
        hero,
        "",
        "  - activate: [a]\n    steps: [{commit: {green: 2}, rolled: [green:miss, green:miss]}]\n    discard: b\n",
    );
    illegal_at(
        &goes_on,
        "/playtest/0",
        "Health falls to 0 after the roll (lose-health): the hero has lost here",
    );
}

#[test]
fn a_strategy_reward_adds_a_step_in_the_same_round() {
    // Strategy 2; `a` (health 1) gives +1 Strategy when defeated in step 1, so a third step
    // is allowed; without the reward it is one too many.
    let round = |a: &str| {
        small(
            a,
            HERO,
            "",
            "  - activate: [a]
    steps:
      - {commit: {red: 1}, rolled: [red:hit], assign: {a: [red:hit]}}
      - {commit: {yellow: 1}, rolled: [yellow:miss]}
      - {commit: {yellow: 1}, rolled: [yellow:miss, yellow:miss]}
    discard: b
",
        )
    };
    legal(&round(
        "level: 1, health: 1, damage: 2, reward: {strategy: 1}",
    ));
    illegal_at(
        &round("level: 1, health: 1, damage: 2"),
        "/playtest/0/steps/2",
        "Strategy 2 allows 2 Strategy steps a round, and this is step 3",
    );
}

/// Round 1 activates `a` with no step and discards `b`, leaving stacks 1 and 2 empty.
const ROUND_ONE: &str = "  - {activate: [a], discard: b}\n";

#[test]
fn the_endgame_may_start_once_a_stack_is_empty_and_must_once_all_are() {
    // Round 1: `a` deals 2. Round 2 activates `c`, the last card, and no discard is left.
    let forced = small(
        A,
        HERO,
        "",
        &format!("{ROUND_ONE}  - activate: [c]\n  - activate: [c]\n"),
    );
    illegal_at(
        &forced,
        "/playtest/2",
        "all three stacks are empty: the endgame must start",
    );
    // Round 2 may start it: the boss and its entourage of 1, `c`.
    let started = small(
        A,
        HERO,
        "",
        &format!("{ROUND_ONE}  - {{endgame: true, activate: [c]}}\n"),
    );
    replayed(&started, |game, illegal| {
        assert_eq!(illegal, None);
        assert!(game.s.endgame);
        // `a` dealt 2, then the boss 3 and `c` 1: 10 - 6.
        assert_eq!(game.s.health, 4);
        assert_eq!(game.s.active.len(), 2, "the boss and `c` stay active");
    });
    // Before round 1 no stack is empty.
    let early = small(A, HERO, "", "  - {endgame: true, activate: [a]}\n");
    illegal_at(
        &early,
        "/playtest/0/endgame",
        "no stack is empty (they hold 1, 1 and 1 cards)",
    );
}

#[test]
fn a_shielded_boss_takes_nothing_while_its_entourage_stands() {
    // Boss health 2. Step 1: a crit on the boss while `c` stands deals 0. Step 2: `c` falls to
    // three hits, then the crit deals 2 and wins. Had the shield let the first crit through,
    // the game would be won in step 1 and step 2 refused.
    let deck = small(
        A,
        HERO,
        ", effects: [{during: shielded-while-enemies}]",
        &format!(
            "{ROUND_ONE}  - endgame: true
    activate: [c]
    steps:
      - {{commit: {{purple: 1}}, rolled: [purple:crit], assign: {{boss: [purple:crit]}}}}
      - commit: {{purple: 3, red: 1}}
        rolled: [purple:hit, purple:hit, purple:hit, red:crit]
        assign: {{c: [purple:hit, purple:hit, purple:hit], boss: [red:crit]}}
"
        ),
    );
    let boss_health_two = Scenario {
        bosses: deck
            .bosses
            .iter()
            .map(|b| megahex_schema::rulesets::solar_sentinels::Boss {
                health: 2,
                ..b.clone()
            })
            .collect(),
        ..deck.clone()
    };
    legal(&boss_health_two);
}

#[test]
fn a_win_ends_the_recording() {
    // Boss health 6: a red crit and two purple crits deal 6 in step 1.
    let deck = small(
        A,
        HERO,
        "",
        &format!(
            "{ROUND_ONE}  - endgame: true
    activate: [c]
    steps:
      - {{commit: {{purple: 2, red: 1}}, rolled: [purple:crit, purple:crit, red:crit], assign: {{boss: [purple:crit, purple:crit, red:crit]}}}}
      - {{commit: {{blue: 1}}, rolled: [blue:hit]}}
"
        ),
    );
    illegal_at(
        &deck,
        "/playtest/1",
        "the boss is defeated in step 1: the game is won here",
    );
}

#[test]
fn an_unfixed_boss_order_needs_the_boss_named() {
    let mut deck = small(
        A,
        HERO,
        "",
        &format!("{ROUND_ONE}  - {{endgame: true, activate: [c]}}\n"),
    );
    deck.setup.bosses.clear();
    illegal_at(
        &deck,
        "/playtest/1/endgame",
        "the setup's boss order is not fixed: say which",
    );
    deck.playtest[1].boss = Some("boss".into());
    legal(&deck);
    // A fixed order names its boss; another one is refused.
    let mut fixed = small(
        A,
        HERO,
        "",
        &format!("{ROUND_ONE}  - {{endgame: true, boss: nobody, activate: [c]}}\n"),
    );
    illegal_at(&fixed, "/playtest/1/boss", "no boss is called `nobody`");
    fixed.playtest[1].boss = Some("boss".into());
    legal(&fixed);
}

/// Two cards a stack and four missions at rank 1: three kept, none of which this game
/// completes (99 crits), so the entourage is the boss's 1 and 3 more.
fn with_missions(playtest: &str) -> Scenario {
    load(&format!(
        "format: 1
ruleset: solar-sentinels
components: {{stack-size: 2, bosses: 1, missions: 4}}
heroes:
  - {{id: hero, {HERO}}}
  - {{id: other, {HERO}}}
conflict:
  - {{id: a, {A}}}
  - {{id: b, {A}}}
  - {{id: c, {A}}}
  - {{id: d, {A}}}
  - {{id: e, {A}}}
  - {{id: f, {A}}}
bosses:
  - {{id: boss, health: 6, damage: 3, entourage: 1}}
missions:
  - {{id: m1, condition: {{roll-crits: 99}}}}
  - {{id: m2, condition: {{roll-crits: 99}}}}
  - {{id: m3, condition: {{roll-crits: 99}}, forfeit: false}}
  - {{id: m4, condition: {{roll-crits: 99}}}}
setup:
  hero: hero
  rank: 1
  missions: {{drawn: [m1, m2, m3, m4], kept: [m1, m2, m3]}}
  stacks: [[a, d], [b, e], [c, f]]
  bosses: [boss]
playtest:
  - {{activate: [a], discard: d}}
{playtest}"
    ))
}

#[test]
fn each_incomplete_mission_adds_an_enemy_to_the_entourage() {
    // Stack 1 is empty after round 1; the entourage is 1 + 3 = 4: `b`, `c`, then `e`, `f`.
    legal(&with_missions(
        "  - {endgame: true, activate: [b, c, e, f]}\n",
    ));
    illegal_at(
        &with_missions("  - {endgame: true, activate: [b, c, e]}\n"),
        "/playtest/1/activate",
        "the entourage of `boss` is 4 enemies, and `activate` lists 3",
    );
    // A forfeited mission still counts as incomplete: still 4.
    legal(&with_missions(
        "  - {forfeit: [m1], endgame: true, activate: [b, c, e, f]}\n",
    ));
    // Missions are forfeited in order, and m3 says it cannot be.
    illegal_at(
        &with_missions("  - {forfeit: [m2], activate: [b]}\n"),
        "/playtest/1/forfeit/0",
        "`m2` is not the current mission: the current mission is `m1`",
    );
    illegal_at(
        &with_missions("  - {forfeit: [m1, m2, m3], activate: [b]}\n"),
        "/playtest/1/forfeit/2",
        "mission `m3` cannot be forfeited",
    );
}

#[test]
fn items_are_used_from_the_inventory() {
    // `a` (health 1) gives an item that defeats a level 1 or 2 enemy for 2 pool dice.
    let a = "level: 1, health: 1, damage: 2, reward: {item: {use: single, power: {defeat-by-exhausting: {dice: 2}}}}";
    let deck = |round_two: &str| {
        small(
            a,
            HERO,
            "",
            &format!(
                "  - activate: [a]
    steps: [{{commit: {{red: 1}}, rolled: [red:hit], assign: {{a: [red:hit]}}}}]
    take: [a]
    discard: b
{round_two}"
            ),
        )
    };
    // Round 2: the item defeats `c` for the two weakest dice (yellow): nothing is suffered,
    // and the item is spent.
    replayed(
        &deck("  - {activate: [c], use: [{item: a, on: c}]}\n"),
        |game, illegal| {
            assert_eq!(illegal, None);
            assert_eq!(game.s.health, 10);
            assert_eq!(game.s.pool.0, [2, 4, 4, 4, 0]);
            assert!(game.inventory.is_empty());
        },
    );
    illegal_at(
        &deck("  - {activate: [c], use: [a]}\n"),
        "/playtest/1/use/0",
        "the item of `a` defeats an active enemy, and the playtest does not say which",
    );
    illegal_at(
        &deck("  - {activate: [c], use: [{item: b, on: c}]}\n"),
        "/playtest/1/use/0",
        "the inventory holds no item from `b`",
    );
}

#[test]
fn the_message_names_the_round_and_step() {
    assert_eq!(
        place("/playtest/2/steps/1/commit"),
        "playtest round 3, step 2"
    );
    assert_eq!(place("/playtest/0/discard"), "playtest round 1");
    assert_eq!(place("/playtest"), "playtest");
}

#[test]
fn hits_go_on_a_pairing_card_two_of_a_colour_at_a_time() {
    let round = |a: &str, rolled: &str, assign: &str| {
        small(
            &format!("{a}, effects: [{{during: hits-in-pairs}}]"),
            HERO,
            "",
            &format!(
                "  - activate: [a]
    steps:
      - commit: {{purple: 2, red: 1}}
        rolled: {rolled}
        assign: {{a: {assign}}}
    discard: b
"
            ),
        )
    };
    // A purple hit and a red hit are two colours: the purple one (first in colour order)
    // has no partner.
    illegal_at(
        &round(
            A,
            "[purple:hit, purple:crit, red:hit]",
            "[purple:hit, red:hit]",
        ),
        "/playtest/0/steps/0/assign/a",
        "one purple hit on `a` has no partner",
    );
    // Two purple hits and a crit deal 4 to Health 4: `a` falls and nothing is suffered.
    replayed(
        &round(
            A,
            "[purple:hit, purple:hit, red:crit]",
            "[purple:hit, purple:hit, red:crit]",
        ),
        |game, illegal| {
            assert_eq!(illegal, None);
            assert_eq!(game.s.health, 10);
        },
    );
    // Health 1: the first hit of the pair meets it, yet the card falls only with its
    // partner, which may then still go on it.
    legal(&round(
        "level: 1, health: 1, damage: 2",
        "[purple:hit, purple:hit, red:hit]",
        "[purple:hit, purple:hit]",
    ));
}

#[test]
fn one_defeat_an_assign_step_while_the_limiting_card_stands() {
    // `a` (Health 1, one more enemy with it) brings `b` (Health 3). Three red crits: the first
    // fells `a`; the next two would fell `b` in the same assign step.
    let deck = |steps: &str| {
        small(
            "level: 1, health: 1, damage: 2, additional-enemies: 1, effects: [{during: one-defeat-per-assign}]",
            HERO,
            "",
            &format!("  - activate: [a, b]\n    steps:\n{steps}    discard: c\n"),
        )
    };
    illegal_at(
        &deck(
            "      - commit: {red: 1, purple: 2}
        rolled: [red:crit, purple:crit, purple:crit]
        assign: {a: [red:crit], b: [purple:crit, purple:crit]}
",
        ),
        "/playtest/0/steps/0/assign/b/1",
        "while `a` stands, one enemy at most is defeated in an assign step",
    );
    // The second crit waits for step 2, rolled again: `b` falls then.
    legal(&deck(
        "      - commit: {red: 1, purple: 2}
        rolled: [red:crit, purple:crit, purple:crit]
        assign: {a: [red:crit], b: [purple:crit]}
      - commit: {}
        rolled: [purple:crit]
        assign: {b: [purple:crit]}
",
    ));
}

#[test]
fn a_crit_on_an_exhausting_card_takes_an_unassigned_hit_out_of_the_next_roll() {
    // Step 1: a red crit on `a` (Health 4) leaves two purple hits unassigned, and exhausts one
    // of them; step 2 rolls the other only, and its crit defeats `a`.
    let round = |second_roll: &str| {
        small(
            &format!("{A}, effects: [{{during: crit-exhausts-hit}}]"),
            HERO,
            "",
            &format!(
                "  - activate: [a]
    steps:
      - commit: {{purple: 2, red: 1}}
        rolled: [red:crit, purple:hit, purple:hit]
        assign: {{a: [red:crit]}}
      - commit: {{}}
        rolled: {second_roll}
        assign: {{a: [purple:crit]}}
    discard: b
"
            ),
        )
    };
    illegal_at(
        &round("[purple:crit, purple:hit]"),
        "/playtest/0/steps/1/rolled",
        "exhaust 1 hit of the unassigned hits (2 in all)",
    );
    replayed(&round("[purple:crit]"), |game, illegal| {
        assert_eq!(illegal, None);
        assert_eq!(game.s.health, 10);
    });
}

#[test]
fn a_miss_forces_a_hit_to_be_rolled_again_and_rerolled_says_how_it_fell() {
    let round = |rerolled: &str, assign: &str| {
        small(
            &format!("{A}, effects: [{{during: miss-rerolls-hit}}]"),
            HERO,
            "",
            &format!(
                "  - activate: [a]
    steps:
      - commit: {{yellow: 1, purple: 1}}
        rolled: [yellow:miss, purple:hit]
        rerolled: {rerolled}
        assign: {{a: {assign}}}
    discard: b
"
            ),
        )
    };
    // One miss, one hit: the purple hit is rolled again.
    illegal_at(
        &round("[]", "[purple:hit]"),
        "/playtest/0/steps/0/rerolled",
        "force 1 hit to be rolled again",
    );
    illegal_at(
        &round("[yellow:hit]", "[]"),
        "/playtest/0/steps/0/rerolled/0",
        "no yellow die rolled a hit this step",
    );
    // Rolled again, the purple shows a crit, and only the crit can go on `a`.
    legal(&round("[purple:crit]", "[purple:crit]"));
    illegal_at(
        &round("[purple:crit]", "[purple:hit]"),
        "/playtest/0/steps/0/assign/a/0",
        "no unassigned die shows purple:hit",
    );
}
