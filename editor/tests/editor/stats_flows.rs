//! Stats entered in the inspector instead of YAML, and the fairness verdict's self-play win
//! rates.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::support::*;
use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use megahex_editor::rulesets::sentinel_tactics::held::MapDocument;

#[test]
fn stats_ticked_in_the_inspector_are_one_named_edit_each_and_undo_clears_them() {
    let (_dir, mut harness) = bundled_app("stats-entry", "city-blades-gambit.yaml");
    assert!(harness.state().wb.doc.scenario().unwrap().stats.is_empty());
    let legacy = token_hexes(&harness, "legacy")[0];
    let pos = screen_of(&harness, legacy);
    click_at(&mut harness, pos);
    harness.get_by_label("Stats for the simulation").click();
    harness.run_steps(2);

    harness.get_by_label("Starting health").click();
    harness.run_steps(2);
    let stats = |h: &egui_kittest::Harness<'_, megahex_editor::app::EditorApp>| legacy_stats(h);
    assert_eq!(stats(&harness).and_then(|s| s.health), Some(1));
    let undo = |h: &egui_kittest::Harness<'_, megahex_editor::app::EditorApp>| {
        h.state()
            .wb
            .doc
            .editing()
            .unwrap()
            .undo_label()
            .map(str::to_owned)
    };
    assert_eq!(undo(&harness).as_deref(), Some("set stats of legacy"));

    harness.get_by_label("Add attack").click();
    harness.run_steps(2);
    let attacks = stats(&harness).unwrap().attacks;
    assert_eq!(attacks.len(), 1);
    assert_eq!(attacks[0].dice, 2);

    press(&mut harness, Modifiers::COMMAND, Key::Z);
    press(&mut harness, Modifiers::COMMAND, Key::Z);
    assert_eq!(stats(&harness), None, "two undos take both changes back");
}

#[test]
fn the_verdict_shows_self_play_win_rates_when_every_figure_has_stats() {
    let (_dir, mut harness) = bundled_app("stats-selfplay", "skirmish-three-on-three.yaml");
    harness.state_mut().settle_checks();
    harness.run_steps(3);
    let summary = match harness
        .state()
        .wb
        .doc
        .map_findings()
        .and_then(|f| f.selfplay.clone())
    {
        Some(Ok(summary)) => summary,
        other => panic!("self-play was not played: {other:?}"),
    };
    assert_eq!(
        summary.games,
        megahex_editor::rulesets::sentinel_tactics::findings::SELF_PLAY_GAMES
    );
    let decided: u32 = summary.teams.iter().map(|t| t.1).sum();
    let undecided = (summary.round_limit_share * f64::from(summary.games)).round() as u32;
    assert_eq!(
        decided + undecided,
        summary.games,
        "every game is counted once"
    );
    harness.get_by_label(
        &megahex_editor::rulesets::sentinel_tactics::fairness_view::selfplay_heading(&summary),
    );
    for line in megahex_editor::rulesets::sentinel_tactics::fairness_view::selfplay_lines(&summary)
    {
        harness.get_by_label(&line);
    }

    // The same seed and number of games as `megahex simulate`, so the CLI gives the same rates.
    let scenario = harness.state().wb.doc.scenario().unwrap().clone();
    let catalog = harness.state().wb.doc.catalog.clone();
    let results = megahex::rulesets::sentinel_tactics::selfplay::simulate(
        &scenario,
        &catalog,
        megahex_editor::rulesets::sentinel_tactics::findings::SELF_PLAY_GAMES,
        megahex_editor::rulesets::sentinel_tactics::findings::SELF_PLAY_SEED,
        &|| {},
    )
    .unwrap();
    assert_eq!(
        megahex::rulesets::sentinel_tactics::selfplay::summarise(&scenario, &results),
        summary
    );
}

#[test]
fn without_stats_the_verdict_says_why_there_are_no_win_rates() {
    let (_dir, mut harness) = bundled_app("stats-none", "city-blades-gambit.yaml");
    harness.state_mut().settle_checks();
    harness.run_steps(3);
    match harness
        .state()
        .wb
        .doc
        .map_findings()
        .and_then(|f| f.selfplay.clone())
    {
        Some(Err(reason)) => assert!(reason.contains("stats missing"), "{reason}"),
        other => panic!("expected a reason, got {other:?}"),
    }
}

#[test]
fn opening_a_figure_with_stats_leaves_the_map_where_it_was() {
    let (_dir, mut harness) = bundled_app("stats-layout", "skirmish-three-on-three.yaml");
    harness.state_mut().settle_checks();
    harness.run_steps(3);
    let before = harness.state().wb.canvas_rect;
    let legacy = token_hexes(&harness, "legacy")[0];
    let pos = screen_of(&harness, legacy);
    click_at(&mut harness, pos);
    harness.run_steps(3);
    harness.get_by_label("Stats for the simulation");
    assert_eq!(
        harness.state().wb.canvas_rect,
        before,
        "the stats rows fit the panel instead of widening it"
    );
}

#[test]
fn an_attacks_cost_one_shot_and_power_card_are_set_in_the_inspector() {
    let (_dir, mut harness) = bundled_app("stats-cards", "city-blades-gambit.yaml");
    let legacy = token_hexes(&harness, "legacy")[0];
    let pos = screen_of(&harness, legacy);
    click_at(&mut harness, pos);
    harness.get_by_label("Stats for the simulation").click();
    harness.run_steps(2);
    let stats = |h: &egui_kittest::Harness<'_, megahex_editor::app::EditorApp>| {
        legacy_stats(h).unwrap_or_default()
    };
    harness.get_by_label("Add attack").click();
    harness.run_steps(2);
    harness.get_by_label("one-shot").click();
    harness.run_steps(2);
    assert!(stats(&harness).attacks[0].one_shot);
    // A health ability: it costs a health point instead of an action.
    pick(&mut harness, "costs an action", "costs health");
    let cost = stats(&harness).attacks[0].cost.expect("a cost");
    assert_eq!((cost.health, cost.attack_plus), (1, 0));
    // A power card in play at the start, and the attack put on it.
    harness.get_by_label("Add power card").click_accesskit();
    harness.run_steps(2);
    assert_eq!(stats(&harness).cards, vec!["Card 1".to_owned()]);
    harness
        .get_by_label("in play at the start")
        .click_accesskit();
    harness.run_steps(2);
    pick(&mut harness, "card: on the panel", "Card 1");
    let now = stats(&harness);
    assert_eq!(now.cards, vec!["Card 1".to_owned()]);
    assert_eq!(now.in_play, vec!["Card 1".to_owned()]);
    assert_eq!(now.attacks[0].card.as_deref(), Some("Card 1"));
    // Each was one named edit: six undos leave no stats.
    for _ in 0..6 {
        press(&mut harness, Modifiers::COMMAND, Key::Z);
    }
    assert_eq!(stats(&harness), Default::default());
}

/// Legacy's stats in the open scenario, if it has any.
fn legacy_stats(
    harness: &egui_kittest::Harness<'_, megahex_editor::app::EditorApp>,
) -> Option<megahex_schema::rulesets::sentinel_tactics::FigureStats> {
    scenario(harness).stats.get("legacy").cloned()
}
