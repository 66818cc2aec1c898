//! Playtest replay (DESIGN §6): a scenario's `playtest:` turns are played out under the rules,
//! with the dice the script gives, and the first action that breaks a rule is reported as
//! `playtest-illegal` at its place in the file.
//!
//! What is checked: whose turn it is (the turn order's teams, in turn), that the figure is
//! still in play, the action budget, Move paths (adjacent steps on the map, cost with elevation
//! within the move value, not ending on another target), Sprint, Aim and Dodge tokens, and
//! attacks (the attack exists, melee adjacency, line of sight, area and vertex origins and
//! templates, the number of dice rolled, damage, incapacitation and overkill push).
//! Multi-hex figures move by their catalog's rule: Omnitron-V starts from one of its hexes and
//! ends in any shape with a hex on the path's end (`place`, or its old shape moved along), a
//! tail follows its head. Hazards and power-card effects are not applied.

use megahex_schema::{
    AttackKind, Catalog, FigureMovement, FigureStats, HexRef, MovePath, Movement, PlaytestAction,
    PlaytestAttack, Scenario,
};

use crate::board::area;
use crate::board::los;
use crate::board::movement::MoveAction;
use crate::board::{Axial, distance};
use crate::diagnostic::{Code, Diagnostic};
use crate::dice::{self, Attack, Defense, Faces};
use crate::scene::Scene;

/// A target on the map during the replay.
#[derive(Debug, Clone)]
struct Piece {
    id: String,
    team: Option<String>,
    hexes: Vec<Axial>,
    /// How it moves when it covers several hexes.
    movement: FigureMovement,
    /// Health left, when the stats give it.
    health: Option<u32>,
    stats: Option<FigureStats>,
    aim: bool,
    dodge: bool,
    /// Incapacitated or destroyed.
    out: bool,
}

/// The first illegal action of the scenario's playtest, if any.
pub fn replay(scenario: &Scenario, catalog: &Catalog) -> Option<Diagnostic> {
    if scenario.playtest.is_empty() {
        return None;
    }
    let scene = Scene::new(scenario, catalog);
    let stats_of = |figure: Option<&str>| -> Option<FigureStats> {
        crate::scene::figure_stats(scenario, catalog, figure?)
    };
    let mut pieces: Vec<Piece> = scenario
        .tokens
        .iter()
        .filter_map(|token| {
            let placed = scene.tokens.iter().find(|p| p.id == token.id && p.target)?;
            let stats = stats_of(token.character.as_deref());
            let movement = token
                .character
                .as_deref()
                .and_then(|figure| catalog.figure(figure))
                .map(|figure| figure.movement)
                .unwrap_or_default();
            Some(Piece {
                id: token.id.clone(),
                team: token.team.clone(),
                hexes: placed.hexes.clone(),
                movement,
                health: token.health.or(stats.as_ref().and_then(|s| s.health)),
                stats,
                aim: false,
                dodge: false,
                out: false,
            })
        })
        .collect();
    for (t, turn) in scenario.playtest.iter().enumerate() {
        let at_turn = |key: &str| format!("/playtest/{t}/{key}");
        let illegal = |pointer: String, message: String| {
            Some(Diagnostic::error(
                Code::PlaytestIllegal,
                pointer,
                format!("playtest turn {}: {message}", t + 1),
            ))
        };
        let Some(me) = pieces.iter().position(|p| p.id == turn.turn) else {
            return illegal(
                at_turn("turn"),
                format!("`{}` is not a figure on the map", turn.turn),
            );
        };
        if pieces[me].out {
            return illegal(
                at_turn("turn"),
                format!("`{}` is out of play and takes no turns", turn.turn),
            );
        }
        if !scenario.turn_order.is_empty() {
            let due = &scenario.turn_order[t % scenario.turn_order.len()];
            if pieces[me].team.as_ref() != Some(due) {
                return illegal(
                    at_turn("turn"),
                    format!(
                        "it is team `{due}`'s turn (turn order), not `{}`'s",
                        pieces[me].team.as_deref().unwrap_or("no team")
                    ),
                );
            }
        }
        let Some(stats) = pieces[me].stats.clone() else {
            return illegal(
                at_turn("turn"),
                format!(
                    "`{}` has no stats; give at least `actions` under `stats:`",
                    turn.turn
                ),
            );
        };
        let Some(actions) = stats.actions else {
            return illegal(
                at_turn("turn"),
                format!("`{}` has no `actions` in its stats", turn.turn),
            );
        };
        // Power Up: Aim and Dodge tokens from the last turn are discarded.
        pieces[me].aim = false;
        pieces[me].dodge = false;
        if turn.actions.len() > actions as usize {
            return illegal(
                at_turn(&format!("actions/{actions}")),
                format!(
                    "`{}` has {actions} actions a turn; this is action {}",
                    turn.turn,
                    actions + 1
                ),
            );
        }
        for (a, action) in turn.actions.iter().enumerate() {
            let pointer = at_turn(&format!("actions/{a}"));
            let result = match action {
                PlaytestAction::Aim => {
                    pieces[me].aim = true;
                    Ok(())
                }
                PlaytestAction::Dodge => {
                    pieces[me].dodge = true;
                    Ok(())
                }
                PlaytestAction::Move(path) => {
                    let value = match (turn.move_value, stats.movement) {
                        (Some(v), _) => Some(v),
                        (None, Some(Movement::Static(s))) => Some(s.value),
                        _ => None,
                    };
                    match value {
                        None => Err(format!(
                            "`{}` rolls for movement: give this turn's `move-value`",
                            turn.turn
                        )),
                        Some(v) => walk(
                            &scene,
                            &mut pieces,
                            me,
                            path,
                            MoveAction::Move {
                                budget: v,
                                mobility: stats.mobility,
                            },
                        ),
                    }
                }
                PlaytestAction::Sprint(path) => {
                    walk(&scene, &mut pieces, me, path, MoveAction::Sprint)
                }
                PlaytestAction::Attack(attack) => strike(&scene, &mut pieces, me, attack),
            };
            if let Err(message) = result {
                return illegal(pointer, message);
            }
        }
    }
    None
}

/// Resolves a scripted hex; the error names it.
fn hex(scene: &Scene, reference: &HexRef) -> Result<Axial, String> {
    scene.board.resolve(reference).map_err(|e| e.to_string())
}

fn occupied_by_other(pieces: &[Piece], me: usize, at: Axial) -> Option<&str> {
    pieces
        .iter()
        .enumerate()
        .find(|(i, p)| *i != me && !p.out && p.hexes.contains(&at))
        .map(|(_, p)| p.id.as_str())
}

/// A Move, Sprint or push along `path`: adjacent steps on the map, within the budget, ending
/// on no other target. A multi-hex figure moves by its catalog's rule (see [`multi_hex_end`]).
fn walk(
    scene: &Scene,
    pieces: &mut [Piece],
    me: usize,
    path: &MovePath,
    action: MoveAction,
) -> Result<(), String> {
    let steps = path
        .steps()
        .iter()
        .map(|step| hex(scene, step))
        .collect::<Result<Vec<Axial>, String>>()?;
    let place = path
        .place()
        .map(|place| {
            place
                .iter()
                .map(|h| hex(scene, h))
                .collect::<Result<Vec<_>, _>>()
        })
        .transpose()?;
    let hexes = pieces[me].hexes.clone();
    // Where the path may start: a single hex, a tail's head, or any of Omnitron-V's hexes the
    // first step touches (the cheapest that is legal is taken).
    let starts: Vec<Axial> = match (hexes.len(), pieces[me].movement, steps.first()) {
        (1, _, _) | (_, FigureMovement::Single | FigureMovement::Tail, _) => {
            hexes.first().copied().into_iter().collect()
        }
        (_, FigureMovement::AnyConfiguration, Some(&first)) => {
            let touching: Vec<Axial> = hexes
                .iter()
                .copied()
                .filter(|&h| distance(h, first) == 1)
                .collect();
            if touching.is_empty() {
                hexes.first().copied().into_iter().collect()
            } else {
                touching
            }
        }
        (_, FigureMovement::AnyConfiguration, None) => hexes.clone(),
    };
    let mut outcome = Err("the figure is not on the map".to_owned());
    for &start in &starts {
        outcome = path_cost(scene, start, &steps, action).map(|_| start);
        if outcome.is_ok() {
            break;
        }
    }
    let start = outcome?;
    let end = steps.last().copied().unwrap_or(start);
    let moved = if hexes.len() == 1 {
        if let Some(place) = &place
            && place != &[end]
        {
            return Err(format!(
                "`place` is for figures on several hexes; `{}` ends on [{}, {}]",
                pieces[me].id, end[0], end[1]
            ));
        }
        vec![end]
    } else {
        multi_hex_end(scene, &pieces[me], start, &steps, place)?
    };
    for &at in &moved {
        if let Some(other) = occupied_by_other(pieces, me, at) {
            return Err(format!(
                "the move ends on `{other}`; figures may pass through targets but not stop on them"
            ));
        }
    }
    pieces[me].hexes = moved;
    Ok(())
}

/// The cost of stepping from `start` along `steps`, or why the steps are not a legal path for
/// `action`.
fn path_cost(
    scene: &Scene,
    start: Axial,
    steps: &[Axial],
    action: MoveAction,
) -> Result<u32, String> {
    let (budget, label) = match action {
        MoveAction::Move { budget, .. } => (budget, format!("move value {budget}")),
        MoveAction::Sprint => (2, "a Sprint of 2 hexes".to_owned()),
        MoveAction::Push(n) => (n, format!("a push of {n}")),
    };
    let mut at = start;
    let mut spent = 0;
    for (i, &next) in steps.iter().enumerate() {
        if distance(at, next) != 1 {
            return Err(format!(
                "step {} goes from [{}, {}] to [{}, {}], which are not adjacent",
                i + 1,
                at[0],
                at[1],
                next[0],
                next[1]
            ));
        }
        let (Some(from_hex), Some(to_hex)) = (scene.board.get(at), scene.board.get(next)) else {
            return Err(format!("step {} leaves the map", i + 1));
        };
        spent += action.step_cost(from_hex.elevation, to_hex.elevation);
        if spent > budget {
            return Err(format!(
                "the path costs {spent} by step {} (elevation changes cost 1 more a level), more than {label}",
                i + 1
            ));
        }
        at = next;
    }
    Ok(spent)
}

/// Where a multi-hex figure stands after a legal path from `start`. A tail follows its head
/// hex by hex. Omnitron-V may be placed in any shape with one hex on the path's end (or, for an
/// empty path, on one of its hexes): `place` when the script gives it, else its old shape
/// moved along with it.
fn multi_hex_end(
    scene: &Scene,
    piece: &Piece,
    start: Axial,
    steps: &[Axial],
    place: Option<Vec<Axial>>,
) -> Result<Vec<Axial>, String> {
    let end = steps.last().copied().unwrap_or(start);
    let on_map =
        |hexes: &[Axial], what: &str| match hexes.iter().find(|h| !scene.board.contains(**h)) {
            Some(off) => Err(format!(
                "{what} puts `{}` on [{}, {}], off the map",
                piece.id, off[0], off[1]
            )),
            None => Ok(()),
        };
    match (piece.movement, place) {
        (FigureMovement::Tail, Some(_)) => Err(format!(
            "`{}` moves head first with its tail following; it takes no `place`",
            piece.id
        )),
        (FigureMovement::Tail, None) => {
            // The body follows the head hex by hex; the head may not step back onto it (the
            // movement search's rule too).
            let mut body = piece.hexes.clone();
            for (i, &step) in steps.iter().enumerate() {
                if body.iter().skip(1).any(|&h| h == step) {
                    return Err(format!(
                        "step {} turns `{}`'s head back onto its tail",
                        i + 1,
                        piece.id
                    ));
                }
                body.insert(0, step);
                body.truncate(piece.hexes.len());
            }
            // The body is the trail the head left, newest first: on the map, as the path is.
            Ok(body)
        }
        (_, Some(place)) => {
            let ends: Vec<Axial> = if steps.is_empty() {
                piece.hexes.clone()
            } else {
                vec![end]
            };
            if !place.iter().any(|h| ends.contains(h)) {
                return Err(format!(
                    "`place` must cover the path's end, [{}, {}]",
                    end[0], end[1]
                ));
            }
            let size = u32::try_from(piece.hexes.len()).unwrap_or(u32::MAX);
            if let Some(problem) = crate::check::semantic::footprint_problem(&place, Some(size)) {
                return Err(format!("the `place` shape does not fit: {problem}"));
            }
            on_map(&place, "`place`")?;
            Ok(place)
        }
        (_, None) => {
            let offset = [end[0] - start[0], end[1] - start[1]];
            let moved: Vec<Axial> = piece
                .hexes
                .iter()
                .map(|h| [h[0] + offset[0], h[1] + offset[1]])
                .collect();
            on_map(&moved, "keeping its shape")
                .map_err(|e| format!("{e}; give `place` for the shape it ends in"))?;
            Ok(moved)
        }
    }
}

/// An attack with the scripted dice.
fn strike(
    scene: &Scene,
    pieces: &mut [Piece],
    me: usize,
    script: &PlaytestAttack,
) -> Result<(), String> {
    let attacker = &pieces[me];
    let Some(attack) = attacker
        .stats
        .as_ref()
        .and_then(|s| s.attacks.iter().find(|a| a.name == script.with))
        .cloned()
    else {
        return Err(format!(
            "`{}` has no attack named `{}` in its stats",
            attacker.id, script.with
        ));
    };
    let Some(target) = pieces.iter().position(|p| p.id == script.target && !p.out) else {
        return Err(format!("`{}` is not a target in play", script.target));
    };
    if target == me {
        return Err("a figure is immune to its own attacks".into());
    }
    let board = &scene.board;
    let (from, to) = (pieces[me].hexes.clone(), pieces[target].hexes.clone());
    let nearest = |a: &[Axial], b: &[Axial]| los::nearest_range(board, a, b);
    let range = match attack.kind {
        AttackKind::Melee => {
            if !from
                .iter()
                .any(|&a| to.iter().any(|&b| distance(a, b) == 1))
            {
                return Err(format!(
                    "{} is melee, and `{}` is not adjacent",
                    attack.name, script.target
                ));
            }
            nearest(&from, &to)
        }
        AttackKind::Range => {
            match los::best_verdicts(board, &from, &to, scene.rules) {
                Some((true, _)) => {}
                _ => {
                    return Err(format!(
                        "`{}` has no line of sight to `{}` ({})",
                        pieces[me].id,
                        script.target,
                        scene.rules.name()
                    ));
                }
            }
            nearest(&from, &to)
        }
        AttackKind::Area | AttackKind::Vertex => {
            let Some(origin) = script.origin.as_ref() else {
                return Err(format!("{} needs an `origin` hex", attack.name));
            };
            let origin = hex(scene, origin)?;
            let template = if attack.kind == AttackKind::Area {
                area::area(
                    board,
                    &from,
                    origin,
                    attack.origin,
                    attack.radius,
                    scene.rules,
                )
            } else {
                let Some(corner) = script.corner else {
                    return Err(format!(
                        "{} is a vertex attack and needs a `corner`",
                        attack.name
                    ));
                };
                area::vertex(
                    board,
                    &from,
                    origin,
                    usize::from(corner),
                    attack.origin,
                    scene.rules,
                )
            };
            if let Some(problem) = template.origin_problem {
                return Err(format!("{}: {problem}", attack.name));
            }
            if !to.iter().any(|h| template.hits.contains(h)) {
                return Err(format!(
                    "`{}` is not in the attack's template",
                    script.target
                ));
            }
            nearest(&[origin], &to)
        }
    };
    let range = range.unwrap_or(0);
    let expected_dice = attack.dice + script.attack_plus;
    if script.roll.len() != expected_dice as usize {
        return Err(format!(
            "{} rolls {expected_dice} dice here, and the script gives {}",
            attack.name,
            script.roll.len()
        ));
    }
    if script.aim && !pieces[me].aim {
        return Err(format!("`{}` has no Aim token to spend", pieces[me].id));
    }
    let defense_dice = pieces[target].stats.as_ref().and_then(|s| s.defense);
    let Some(defense_dice) = defense_dice else {
        return Err(format!("`{}` has no `defense` in its stats", script.target));
    };
    if script.defense.len() != defense_dice as usize {
        return Err(format!(
            "`{}` rolls {defense_dice} defence dice, and the script gives {}",
            script.target,
            script.defense.len()
        ));
    }
    if script.dodge && !pieces[target].dodge {
        return Err(format!("`{}` has no Dodge token to spend", script.target));
    }
    let resolved = dice::resolve(
        &script.roll,
        &Attack {
            dice: attack.dice,
            auto_miss: Faces::of(&attack.auto_miss).unwrap_or_default(),
            range,
            reach: attack.reach,
            aim: script.aim,
            plus: script.attack_plus,
            minus: false,
        },
        &script.defense,
        &Defense {
            dice: defense_dice,
            dodge: script.dodge,
            ..Defense::default()
        },
    )
    .map_err(|e| e.to_string())?;
    if script.aim {
        pieces[me].aim = false;
    }
    if script.dodge {
        pieces[target].dodge = false;
    }
    if let Some(said) = script.damage
        && said != resolved.damage
    {
        return Err(format!(
            "the script says {said} damage, and the dice give {} ({} attack dice make range {range}, {} blocked)",
            resolved.damage,
            resolved.hits.len(),
            resolved.blocked
        ));
    }
    let Some(health) = pieces[target].health else {
        return Err(format!("`{}` has no `health` in its stats", script.target));
    };
    let overkill = resolved.damage.saturating_sub(health);
    pieces[target].health = Some(health.saturating_sub(resolved.damage));
    if !script.push.is_empty() {
        if overkill == 0 {
            return Err("a push needs overkill damage, and there is none".into());
        }
        walk(
            scene,
            pieces,
            target,
            &MovePath::Steps(script.push.clone()),
            MoveAction::Push(overkill),
        )?;
    }
    if pieces[target].health == Some(0) {
        pieces[target].out = true;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
