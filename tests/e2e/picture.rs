//! The picture `megahex render` draws carries the scenario's marks: each token in its team's
//! colour, objective hexes outlined in the colour of the team that wants them, tokens to collect
//! ringed, deployment zones tinted. Checked from the SVG of a bundled scenario whose two teams
//! name their own colours in the file, so the expected colours are the file's, not the code's.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use common::{megahex_in, scratch_dir, workspace_root};
use megahex_schema::rulesets::sentinel_tactics::Scenario;

/// The `fill` or `stroke` attribute of every SVG element that has `marker="value"`.
fn attribute_of(svg: &str, marker: &str, value: &str, attribute: &str) -> Vec<String> {
    let tag = format!("{marker}=\"{value}\"");
    svg.lines()
        .filter(|line| line.contains(&tag))
        .filter_map(|line| {
            let start = line.find(&format!(" {attribute}=\""))? + attribute.len() + 3;
            let end = line[start..].find('"')? + start;
            Some(line[start..end].to_owned())
        })
        .collect()
}

#[test]
fn tokens_carry_their_team_colour_and_objectives_are_marked() {
    let file = workspace_root().join("scenarios/objective-shard-rush.yaml");
    let scenario: Scenario =
        serde_yaml::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let colour = |team: &str| {
        scenario
            .teams
            .iter()
            .find(|t| t.id == team)
            .and_then(|t| t.color.clone())
            .expect("both teams name a colour in the file")
            .to_lowercase()
    };
    assert_ne!(colour("heroes"), colour("citizens"), "two team colours");

    let out = scratch_dir("picture").join("shard-rush.svg");
    let run = megahex_in(
        &workspace_root(),
        [
            "render",
            file.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let svg = std::fs::read_to_string(&out).unwrap();

    let mut checked = 0;
    for token in scenario.tokens.iter().filter(|t| t.team.is_some()) {
        let fills = attribute_of(&svg, "data-token", &token.id, "fill");
        assert!(!fills.is_empty(), "{} is drawn", token.id);
        let team = token.team.as_deref().unwrap();
        for fill in fills {
            assert_eq!(
                fill,
                colour(team),
                "{} is drawn in {team}'s colour",
                token.id
            );
        }
        checked += 1;
    }
    assert!(checked >= 4, "tokens of both teams were checked");

    // Every objective with hexes is marked on each of its hexes, in its team's colour.
    for objective in scenario.objectives.iter().filter(|o| !o.hexes.is_empty()) {
        let marks = svg
            .lines()
            .filter(|l| l.contains(&format!("data-objective=\"{}\"", objective.id)))
            .collect::<Vec<_>>();
        assert_eq!(
            marks.len(),
            objective.hexes.len(),
            "{} hexes marked",
            objective.id
        );
        for mark in marks {
            assert!(
                mark.contains(&format!("stroke=\"{}\"", colour(&objective.team))),
                "{} is marked in {}'s colour",
                objective.id,
                objective.team
            );
        }
    }
    // Tokens to collect are ringed, once per objective that collects them.
    for objective in scenario.objectives.iter().filter(|o| !o.tokens.is_empty()) {
        for token in &objective.tokens {
            let rings = attribute_of(&svg, "data-collect", token, "stroke");
            assert!(
                rings.contains(&colour(&objective.team)),
                "{token} is ringed for {}",
                objective.team
            );
        }
    }
    // Deployment zones are tinted in their team's colour.
    for zone in &scenario.deployment {
        let tints = attribute_of(&svg, "data-zone", &zone.team, "fill");
        assert_eq!(tints.len(), zone.hexes.len(), "the zone of {}", zone.team);
        assert!(tints.iter().all(|t| *t == colour(&zone.team)));
    }
}
