//! What the schema cannot say about a hex-skirmish scenario: terrain names, the map in one
//! piece, units and chests on the map and not sharing a hex, references, attributes that fit
//! together, and a way from each team to its objective.

use std::collections::HashMap;

use megahex_schema::AnyScenario;
use megahex_schema::rulesets::hex_skirmish::{ObjectiveKind, Scenario};

use super::arena::Arena;
use super::game::{Game, Goal, WATER_MONSTER};
use crate::diagnostic::{Code, Diagnostic};
use crate::ids::{duplicates, unknown};
use crate::seam::{CheckContext, Outcome};

/// Reads a schema-valid document as an arena and checks it.
pub fn check_document(document: &serde_json::Value, context: &CheckContext) -> Outcome {
    match crate::typed::typed::<Scenario>(document) {
        Ok(scenario) => Outcome {
            diagnostics: check_scenario(&scenario, context.play),
            scenario: Some(AnyScenario::HexSkirmish(Box::new(scenario))),
            catalog: None,
        },
        Err(d) => Outcome::refused(vec![*d]),
    }
}

/// Every check on a scenario that passed the schema, the playtest replay included when there
/// is no error before it.
pub fn check_scenario(scenario: &Scenario, play: bool) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let (arena, problems) = Arena::build(scenario);
    for p in problems {
        let code = if p.unknown_terrain {
            Code::TerrainUnknown
        } else {
            Code::Schema
        };
        out.push(Diagnostic::error(code, p.pointer, p.message).with_help(p.help));
    }
    check_map(&arena, &mut out);
    check_ids(scenario, &mut out);
    check_places(scenario, &arena, &mut out);
    super::assertions::check_places(scenario, &arena, &mut out);
    check_attributes(scenario, &mut out);
    let errors = |out: &[Diagnostic]| out.iter().any(|d| d.severity == crate::Severity::Error);
    if !errors(&out) {
        check_objectives(scenario, &mut out);
    }
    if play && !errors(&out) {
        out.extend(super::replay::replay(scenario));
        out.extend(super::assertions::check(scenario));
    }
    out
}

fn check_map(arena: &Arena, out: &mut Vec<Diagnostic>) {
    // The schema asks for a shape or hexes, so a map always has some.
    let components = arena.components();
    if components.len() > 1 {
        let sizes: Vec<String> = components.iter().map(|c| c.len().to_string()).collect();
        out.push(
            Diagnostic::error(
                Code::MapDisconnected,
                "/map",
                format!(
                    "the map is in {} pieces ({} hexes)",
                    components.len(),
                    sizes.join(", ")
                ),
            )
            .with_help("add hexes so that every piece touches another")
            .with_hexes(components.iter().skip(1).flatten().copied()),
        );
    }
}

fn check_ids(scenario: &Scenario, out: &mut Vec<Diagnostic>) {
    let groups = [
        (
            "teams",
            "team",
            scenario.teams.iter().map(|t| t.id.as_str()).collect(),
        ),
        (
            "units",
            "unit",
            scenario.units.iter().map(|u| u.id.as_str()).collect(),
        ),
        (
            "chests",
            "chest",
            scenario.chests.iter().map(|c| c.id.as_str()).collect(),
        ),
        (
            "objectives",
            "objective",
            scenario.objectives.iter().map(|o| o.id.as_str()).collect(),
        ),
    ];
    duplicates(&groups, out);
    for (i, unit) in scenario.units.iter().enumerate() {
        if unit.id == WATER_MONSTER {
            out.push(
                Diagnostic::error(
                    Code::DuplicateId,
                    format!("/units/{i}/id"),
                    format!("unit id `{WATER_MONSTER}` is the water monster's own id"),
                )
                .with_help(
                    "give the unit another id; playtests name the water monster `water-monster`",
                ),
            );
        }
    }
    let teams: Vec<&str> = scenario.teams.iter().map(|t| t.id.as_str()).collect();
    let units: Vec<&str> = scenario.units.iter().map(|u| u.id.as_str()).collect();
    let chests: Vec<&str> = scenario.chests.iter().map(|c| c.id.as_str()).collect();
    let team_refs = scenario
        .units
        .iter()
        .enumerate()
        .map(|(i, u)| (format!("/units/{i}/team"), &u.team))
        .chain(
            scenario
                .objectives
                .iter()
                .enumerate()
                .map(|(i, o)| (format!("/objectives/{i}/team"), &o.team)),
        )
        .chain(
            scenario
                .spawn
                .iter()
                .enumerate()
                .map(|(i, z)| (format!("/spawn/{i}/team"), &z.team)),
        );
    for (pointer, team) in team_refs {
        if !teams.contains(&team.as_str()) {
            out.push(unknown(
                pointer,
                team,
                format!("no team is called `{team}`"),
                &teams,
            ));
        }
    }
    for (i, objective) in scenario.objectives.iter().enumerate() {
        for (j, target) in objective.targets.iter().enumerate() {
            if !units.contains(&target.as_str()) {
                out.push(unknown(
                    format!("/objectives/{i}/targets/{j}"),
                    target,
                    format!("no unit is called `{target}`"),
                    &units,
                ));
            }
        }
        for (j, chest) in objective.chests.iter().enumerate() {
            if !chests.contains(&chest.as_str()) {
                out.push(unknown(
                    format!("/objectives/{i}/chests/{j}"),
                    chest,
                    format!("no chest is called `{chest}`"),
                    &chests,
                ));
            }
        }
    }
}

fn check_places(scenario: &Scenario, arena: &Arena, out: &mut Vec<Diagnostic>) {
    let off_map = |code, pointer: String, what: String, at: [i32; 2]| {
        Diagnostic::error(
            code,
            pointer,
            format!(
                "{what} is at [{}, {}], which is not on the map",
                at[0], at[1]
            ),
        )
        .with_help("move it onto the map, or add the hex under `map: hexes:`")
        .with_hexes([at])
    };
    let mut taken: HashMap<[i32; 2], &str> = HashMap::new();
    for (i, unit) in scenario.units.iter().enumerate() {
        let pointer = format!("/units/{i}/at");
        let Some(slot) = arena.slot(unit.at) else {
            out.push(off_map(
                Code::TokenOffMap,
                pointer,
                format!("unit `{}`", unit.id),
                unit.at,
            ));
            continue;
        };
        let terrain = arena.terrain(slot);
        if terrain.impassable {
            out.push(
                Diagnostic::error(
                    Code::HexImpassable,
                    pointer.clone(),
                    format!(
                        "unit `{}` starts on {}, which no unit may enter",
                        unit.id, terrain.name
                    ),
                )
                .with_help("start it on a hex it can stand on")
                .with_hexes([unit.at]),
            );
        }
        if let Some(other) = taken.insert(unit.at, &unit.id) {
            out.push(
                Diagnostic::error(
                    Code::HexOccupied,
                    pointer,
                    format!(
                        "units `{other}` and `{}` both start on [{}, {}]",
                        unit.id, unit.at[0], unit.at[1]
                    ),
                )
                .with_help("one unit to a hex: move one of them")
                .with_hexes([unit.at]),
            );
        }
    }
    let hex_lists = scenario
        .chests
        .iter()
        .enumerate()
        .map(|(i, c)| {
            (
                format!("/chests/{i}/at"),
                format!("chest `{}`", c.id),
                vec![c.at],
            )
        })
        .chain(scenario.spawn.iter().enumerate().map(|(i, z)| {
            (
                format!("/spawn/{i}/hexes"),
                format!("a hex of `{}`'s spawn zone", z.team),
                z.hexes.clone(),
            )
        }))
        .chain(scenario.objectives.iter().enumerate().map(|(i, o)| {
            (
                format!("/objectives/{i}/hexes"),
                format!("a hex of objective `{}`", o.id),
                o.hexes.clone(),
            )
        }));
    for (pointer, what, hexes) in hex_lists {
        let single = pointer.ends_with("/at");
        for (j, &at) in hexes.iter().enumerate() {
            if arena.slot(at).is_none() {
                let pointer = if single {
                    pointer.clone()
                } else {
                    format!("{pointer}/{j}")
                };
                out.push(off_map(Code::HexOffMap, pointer, what.clone(), at));
            }
        }
    }
}

fn check_attributes(scenario: &Scenario, out: &mut Vec<Diagnostic>) {
    for (i, unit) in scenario.units.iter().enumerate() {
        let a = &unit.attributes;
        if a.attacks > a.actions {
            out.push(
                Diagnostic::error(
                    Code::AttacksOverActions,
                    format!("/units/{i}/attacks"),
                    format!(
                        "unit `{}` has {} attacks but only {} actions: every attack takes an action",
                        unit.id, a.attacks, a.actions
                    ),
                )
                .with_help(format!("set `attacks` to at most {}", a.actions)),
            );
        }
        for (j, spell) in unit.spells.iter().enumerate() {
            if spell.cost > a.spell_points {
                out.push(
                    Diagnostic::error(
                        Code::SpellUnaffordable,
                        format!("/units/{i}/spells/{j}/cost"),
                        format!(
                            "`{}` costs {} spell points and unit `{}` has {}: it can never be cast",
                            spell.name, spell.cost, unit.id, a.spell_points
                        ),
                    )
                    .with_help("lower the cost or give the unit more `spell-points`"),
                );
            }
            if a.attacks == 0 {
                out.push(
                    Diagnostic::error(
                        Code::SpellUnaffordable,
                        format!("/units/{i}/spells/{j}"),
                        format!(
                            "unit `{}` has no attacks, and casting `{}` takes one",
                            unit.id, spell.name
                        ),
                    )
                    .with_help("a spell costs one action, one attack and its spell points"),
                );
            }
        }
    }
}

/// Each objective can be met at all, and some unit of its team has a way there over terrain
/// it may enter (other units aside, since they move).
fn check_objectives(scenario: &Scenario, out: &mut Vec<Diagnostic>) {
    let game = Game::new(scenario);
    for (i, (objective, text)) in game.objectives.iter().zip(&scenario.objectives).enumerate() {
        let pointer = format!("/objectives/{i}");
        let team = &game.teams[objective.team];
        let starts: Vec<usize> = game
            .units
            .iter()
            .filter(|u| u.team == Some(objective.team))
            .filter_map(|u| u.start)
            .collect();
        let impossible = |message: String, help: &str| {
            Diagnostic::error(Code::ObjectiveImpossible, pointer.clone(), message)
                .with_help(help.to_owned())
        };
        match &objective.goal {
            Goal::Defeat(targets) if targets.is_empty() => {
                out.push(impossible(
                    format!(
                        "objective `{}`: team `{team}` has no enemy units to defeat",
                        text.id
                    ),
                    "add units of another team, or list `targets`",
                ));
                continue;
            }
            Goal::Open { chests, count } if *count as usize > chests.len() => {
                out.push(impossible(
                    format!(
                        "objective `{}` asks for {count} chests and lists {}",
                        text.id,
                        chests.len()
                    ),
                    "lower `count` or add chests",
                ));
                continue;
            }
            Goal::Survive(rounds) if scenario.round_limit.is_some_and(|limit| *rounds > limit) => {
                out.push(impossible(
                    format!(
                        "objective `{}` asks to survive {rounds} rounds, past the round limit",
                        text.id
                    ),
                    "lower `rounds` or raise `round-limit`",
                ));
                continue;
            }
            _ => {}
        }
        if text.kind == ObjectiveKind::Survive {
            continue;
        }
        let reachable = reachable_from(&game, &starts);
        // Where a unit must get to: the hexes themselves, or next to a target or chest.
        let wanted: Vec<usize> = match &objective.goal {
            Goal::Reach(slots) => slots.clone(),
            Goal::Defeat(targets) => targets
                .iter()
                .filter_map(|&t| game.units[t].start)
                .flat_map(|s| game.arena.adjacent(s).iter().copied().chain([s]))
                .collect(),
            Goal::Open { chests, .. } => chests
                .iter()
                .map(|&c| game.chests[c].1)
                .flat_map(|s| game.arena.adjacent(s).iter().copied().chain([s]))
                .collect(),
            Goal::Survive(_) => Vec::new(),
        };
        if starts.is_empty() || !wanted.iter().any(|&s| reachable[s]) {
            out.push(
                Diagnostic::error(
                    Code::ObjectiveUnreachable,
                    pointer.clone(),
                    format!(
                        "no unit of team `{team}` has a way to objective `{}`",
                        text.id
                    ),
                )
                .with_help("open a path over terrain units may enter, or move the team's units"),
            );
        }
    }
}

/// Every slot some unit starting on `starts` can walk to, over passable terrain.
pub(crate) fn reachable_from(game: &Game, starts: &[usize]) -> Vec<bool> {
    let mut seen = vec![false; game.arena.hexes().len()];
    let mut stack: Vec<usize> = starts.to_vec();
    for &s in starts {
        seen[s] = true;
    }
    while let Some(slot) = stack.pop() {
        for &next in game.arena.adjacent(slot) {
            if !seen[next] && game.arena.step_cost(slot, next).is_some() {
                seen[next] = true;
                stack.push(next);
            }
        }
    }
    seen
}
