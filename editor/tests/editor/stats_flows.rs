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
    let stats = |h: &egui_kittest::Harness<'_, megahex_editor::app::EditorApp>| {
        h.state()
            .wb
            .doc
            .scenario()
            .unwrap()
            .stats
            .get("legacy")
            .cloned()
    };
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
