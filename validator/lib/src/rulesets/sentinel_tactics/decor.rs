//! What a picture of a Sentinel Tactics scenario marks besides the ground, in the shared
//! pictures' marks: team colours, objective hexes, tokens to collect, deployment zones and the
//! placed tiles' labels.

use megahex_schema::rulesets::sentinel_tactics::{ObjectiveKind, Scenario};

use crate::board::Board;
use crate::board::hex::Axial;
use crate::report::decor::{Decorations, ObjectiveMark, TileMark, ZoneMark, collect_marks};
use crate::report::palette;

/// The marks of `scenario` on its `board`. References that do not resolve are left out
/// (the validator reports them).
pub fn decorations(scenario: &Scenario, board: &Board) -> Decorations {
    let teams = &scenario.teams;
    let resolved = |refs: &[megahex_schema::HexRef]| -> Vec<Axial> {
        refs.iter().filter_map(|r| board.resolve(r).ok()).collect()
    };
    let token_colours = scenario
        .tokens
        .iter()
        .map(|t| {
            let colour = palette::colour_of_team(teams, t.team.as_deref(), palette::NEUTRAL);
            (t.id.clone(), colour)
        })
        .collect();
    let objective_colour =
        |team: &str| palette::colour_of_team(teams, Some(team), palette::OBJECTIVE);
    let objectives = scenario
        .objectives
        .iter()
        .filter(|o| !o.hexes.is_empty())
        .map(|o| ObjectiveMark {
            id: o.id.clone(),
            team: o.team.clone(),
            kind: o.kind.as_str(),
            colour: objective_colour(&o.team),
            hexes: resolved(&o.hexes),
        })
        .collect();
    let collect = collect_marks(
        scenario
            .objectives
            .iter()
            .filter(|o| o.kind == ObjectiveKind::Collect)
            .flat_map(|o| {
                o.tokens
                    .iter()
                    .map(move |t| (t.as_str(), o.id.as_str(), o.team.as_str()))
            }),
        objective_colour,
    );
    let zones = scenario
        .deployment
        .iter()
        .map(|z| ZoneMark::of_team(teams, &z.team, resolved(&z.hexes)))
        .collect();
    let tiles = scenario
        .map
        .tiles
        .iter()
        .enumerate()
        .filter(|(placement, _)| board.hexes().iter().any(|h| h.placement == *placement))
        .map(|(_, tile)| TileMark {
            centre: tile.at,
            rotation: tile.rotation,
            label: format!("{}{}", tile.side.prefix(), tile.tile),
        })
        .collect();
    Decorations {
        token_colours,
        objectives,
        collect,
        zones,
        tiles,
        team_names: crate::report::decor::team_names(teams),
    }
}
