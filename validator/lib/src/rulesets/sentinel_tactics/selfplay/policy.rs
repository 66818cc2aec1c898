//! What a figure does with its turn in self-play: simple, documented choices made on the
//! rules of [`crate::rulesets::sentinel_tactics::game`], which refuses anything illegal.
//!
//! Each action goes to the first of these that helps:
//!
//! 1. the attack with the best expected damage it can make now (exact odds against each
//!    target's defence at its range; an area or vertex attack counts the enemies in its
//!    template less the allies), each ability once a turn unless unlimited. It spends its Aim
//!    token and all its Attack+1 tokens on the first target; defenders spend their Dodge and
//!    Defense+1 tokens. A push goes into a hazard space when one is in reach, and otherwise is
//!    not taken;
//! 2. a Move (or, once the Move is taken, a Sprint) toward the nearest hex of its team's
//!    `reach`, `hold` or `collect` objectives, or else toward a hex next to the nearest enemy:
//!    the reachable hex leaving the least movement to go, avoiding hazards where that costs
//!    nothing;
//! 3. Aim if it has attacks and no Aim token, else Dodge if it has no Dodge token.
//!
//! It rolls its move value at the end of the turn, when it stands back up, and at the start.

use megahex_schema::rulesets::sentinel_tactics::{AttackKind, FigureMovement};

/// The policy in one line, for the simulation report.
pub const POLICY: &str = "each figure makes the attack with the most expected damage it can (exact odds), else moves toward its team's nearest objective hex or the nearest enemy, else Aims or Dodges; a Power Up places the first card of its hand when there is room";

use super::{Rng, Setup, roll_move};
use crate::board::movement::{self, MoveAction, Mover, World};
use crate::board::{Axial, distance, neighbours};
use crate::rulesets::sentinel_tactics::game::Progress;
use crate::rulesets::sentinel_tactics::game::attack::target_defends;
use crate::rulesets::sentinel_tactics::game::{
    Basic, Declared, Hit, State, Status, Strike, TargetDice, Walk,
};
use crate::simulate::skill::{self, Player};

/// Plays figure `me`'s whole turn.
pub(super) fn take_turn(
    setup: &Setup,
    state: &mut State,
    score: &mut Progress,
    me: usize,
    seat: Player,
    rng: &mut Rng,
) {
    let game = &setup.game;
    let movement = game.figures[me].stats.as_ref().and_then(|s| s.movement);
    let was_down = state.pieces[me].status == Status::Incapacitated;
    if game.begin_turn(state, me).is_err() {
        return;
    }
    if was_down {
        // "... stands back up, regains full health, rerolls their movement".
        state.pieces[me].move_value = roll_move(movement, rng);
    }
    // Power Up: with room for a card (after standing up, its cards went back to the hand),
    // place the first one in the hand, in the order of its `cards`.
    if let Some(place) = game.card_to_place(state, me) {
        let _ = game.power_up(state, &place);
    }
    while game.actions_left(state) > 0 && state.pieces[me].status == Status::Active {
        let done = match seat {
            Player::Simple => simple_action(setup, state, score, me, rng),
            Player::Lookahead => lookahead_action(setup, state, score, me, rng),
        };
        if !done {
            break;
        }
    }
    end_of_turn(setup, state, score, me, rng);
}

/// To Be Continued: roll the next move value, then the hazards the figure stands in attack.
pub(super) fn end_of_turn(
    setup: &Setup,
    state: &mut State,
    score: &mut Progress,
    me: usize,
    rng: &mut Rng,
) {
    let game = &setup.game;
    let movement = game.figures[me].stats.as_ref().and_then(|s| s.movement);
    state.pieces[me].move_value = roll_move(movement, rng);
    for strike in game.standing_strikes(state) {
        if !state.pieces[me].attackable() {
            break;
        }
        strike_now(setup, state, score, &strike, rng);
    }
}

/// One action of the simple policy: the best attack, else an advance, else Aim or Dodge; false
/// when it does nothing.
fn simple_action(
    setup: &Setup,
    state: &mut State,
    score: &mut Progress,
    me: usize,
    rng: &mut Rng,
) -> bool {
    if let Some(best) = attack_choices(setup, state, me).into_iter().next() {
        return make_attack(setup, state, score, me, best, rng);
    }
    if advance(setup, state, score, me, rng) {
        return true;
    }
    let game = &setup.game;
    let held = state.pieces[me].held;
    let has_attacks = !setup.attack_index[me].is_empty();
    if has_attacks && !held.aim && game.can_take(state, Basic::Aim).is_ok() {
        game.aim(state).is_ok()
    } else if !held.dodge && game.can_take(state, Basic::Dodge).is_ok() {
        game.dodge(state).is_ok()
    } else {
        false
    }
}

/// What the stronger player may do with an action.
enum Pick {
    /// What the simple policy would do.
    Simple,
    /// One of the attacks, by its place among the most valuable.
    Attack(usize),
    Advance,
    Aim,
    Dodge,
    /// End the turn.
    Stop,
}

/// Most attack declarations the stronger player weighs, the most valuable first: an area
/// attack has one for every origin, and weighing them all would cost more than it tells.
const MOST_ATTACKS_WEIGHED: usize = 4;

/// One action of the stronger player: each option played on to the end of the game by the
/// simple policy on every side, keeping the one that won most.
fn lookahead_action(
    setup: &Setup,
    state: &mut State,
    score: &mut Progress,
    me: usize,
    rng: &mut Rng,
) -> bool {
    let game = &setup.game;
    let Some(team) = game.figures[me].team.clone() else {
        return simple_action(setup, state, score, me, rng);
    };
    let attacks = attack_choices(setup, state, me);
    let mut options = vec![Pick::Simple];
    options.extend((0..attacks.len().min(MOST_ATTACKS_WEIGHED)).map(Pick::Attack));
    options.push(Pick::Advance);
    if game.can_take(state, Basic::Aim).is_ok() && !state.pieces[me].held.aim {
        options.push(Pick::Aim);
    }
    if game.can_take(state, Basic::Dodge).is_ok() && !state.pieces[me].held.dodge {
        options.push(Pick::Dodge);
    }
    options.push(Pick::Stop);
    let act = |option: &Pick, state: &mut State, score: &mut Progress, rng: &mut Rng| match *option
    {
        Pick::Simple => simple_action(setup, state, score, me, rng),
        Pick::Attack(i) => attacks
            .get(i)
            .cloned()
            .is_some_and(|choice| make_attack(setup, state, score, me, choice, rng)),
        Pick::Advance => advance(setup, state, score, me, rng),
        Pick::Aim => game.aim(state).is_ok(),
        Pick::Dodge => game.dodge(state).is_ok(),
        Pick::Stop => false,
    };
    let chosen = skill::choose(options.len(), rng, |i, rng| {
        let (mut trial, mut trial_score) = (state.clone(), score.clone());
        if act(&options[i], &mut trial, &mut trial_score, rng) {
            while game.actions_left(&trial) > 0
                && trial.pieces[me].status == Status::Active
                && simple_action(setup, &mut trial, &mut trial_score, me, rng)
            {}
        }
        let result = super::finish_turn_and_play_on(setup, &mut trial, &mut trial_score, me, rng);
        skill::worth(&result, &team)
    });
    match chosen {
        Some(i) => act(&options[i], state, score, rng),
        None => false,
    }
}

/// One option for an attack: its declaration and its worth.
#[derive(Clone)]
struct Choice {
    declared: Declared,
    value: f64,
    /// Targets, the most valuable first (it gets the Aim and the Attack+1 dice).
    order: Vec<usize>,
}

/// Expected damage of an attack on a target at a range, from the exact odds.
fn expected(setup: &Setup, attack: usize, target: usize, range: u32) -> f64 {
    let a = &setup.attacks[attack];
    let defense = setup.game.figures[target]
        .stats
        .as_ref()
        .and_then(|s| s.defense)
        .unwrap_or(0);
    let need = range.saturating_sub(a.reach).clamp(1, 7);
    setup
        .expected
        .get(&(attack, defense, need))
        .copied()
        .unwrap_or(0.0)
}

/// The attacks worth making now (more expected damage to enemies than to allies), the most
/// valuable first; the first of equals in the order found.
fn attack_choices(setup: &Setup, state: &State, me: usize) -> Vec<Choice> {
    let game = &setup.game;
    let team = game.figures[me].team.clone();
    let enemy = |t: usize| game.figures[t].team != team;
    let mut found: Vec<Choice> = Vec::new();
    for &a in &setup.attack_index[me] {
        let stats = &setup.attacks[a];
        if game.can_use(state, stats).is_err() {
            continue;
        }
        let mut consider = |declared: Declared| {
            let mut worth: Vec<(usize, f64)> = declared
                .targets
                .iter()
                .map(|&(t, r)| {
                    let e = expected(setup, a, t, r);
                    (t, if enemy(t) { e } else { -e })
                })
                .collect();
            let value: f64 = worth.iter().map(|w| w.1).sum();
            if value > 0.0 {
                worth.sort_by(|x, y| y.1.total_cmp(&x.1));
                found.push(Choice {
                    order: worth.iter().map(|w| w.0).collect(),
                    declared,
                    value,
                });
            }
        };
        match stats.kind {
            AttackKind::Melee | AttackKind::Range => {
                for t in (0..game.figures.len()).filter(|&t| enemy(t) && t != me) {
                    if let Ok(d) = game.declare(state, &stats.name, None, None, &[t]) {
                        consider(d);
                    }
                }
            }
            AttackKind::Area | AttackKind::Vertex => {
                let corners: &[u8] = if stats.kind == AttackKind::Vertex {
                    &[0, 1, 2, 3, 4, 5]
                } else {
                    &[0]
                };
                // A template reaches `radius` hexes from its origin (a vertex, the hexes
                // around one corner of it), so origins farther from every enemy hit none.
                let radius = if stats.kind == AttackKind::Vertex {
                    1
                } else {
                    stats.radius
                };
                let enemy_hexes: Vec<Axial> = (0..game.figures.len())
                    .filter(|&t| enemy(t) && state.pieces[t].attackable())
                    .flat_map(|t| state.pieces[t].hexes.iter().copied())
                    .collect();
                for origin in origins(setup, state, me, stats.origin)
                    .into_iter()
                    .filter(|&o| enemy_hexes.iter().any(|&e| distance(o, e) <= radius))
                {
                    for &corner in corners {
                        let corner = (stats.kind == AttackKind::Vertex).then_some(corner);
                        let Ok((_, inside)) =
                            game.template_targets(state, me, stats, origin, corner)
                        else {
                            continue;
                        };
                        if !inside.iter().any(|&t| enemy(t)) {
                            continue;
                        }
                        if let Ok(d) =
                            game.declare(state, &stats.name, Some(origin), corner, &inside)
                        {
                            consider(d);
                        }
                    }
                }
            }
        }
    }
    // Stable, so the first of equals stays first, as the simple policy has always taken it.
    found.sort_by(|a, b| b.value.total_cmp(&a.value));
    found
}

/// Rolls and resolves an attack `me` declared, with the pushes it gives.
fn make_attack(
    setup: &Setup,
    state: &mut State,
    score: &mut Progress,
    me: usize,
    choice: Choice,
    rng: &mut Rng,
) -> bool {
    let game = &setup.game;
    let team = game.figures[me].team.clone();
    let held = state.pieces[me].held;
    let roll = rng.dice(choice.declared.roll_dice);
    let mut dice = Vec::with_capacity(choice.order.len());
    for (i, &t) in choice.order.iter().enumerate() {
        let extra = if i == 0 {
            rng.dice(held.effects.attack_plus)
        } else {
            Vec::new()
        };
        let range = choice.declared.range_to(t).unwrap_or(0);
        let all: Vec<u8> = roll.iter().chain(&extra).copied().collect();
        let part = TargetDice {
            target: t,
            extra,
            ..TargetDice::default()
        };
        // No defence roll (and no token spent on one) when no attack die makes range.
        if !target_defends(
            &choice.declared.attack,
            &all,
            held.aim && i == 0,
            range,
            &part,
        ) {
            dice.push(part);
            continue;
        }
        let defender = state.pieces[t].held;
        let plus = defender.effects.defense_plus;
        let n = game.defense_dice(state, t, plus).unwrap_or(0);
        dice.push(TargetDice {
            defense: rng.dice(n),
            defense_plus: plus,
            dodge: defender.dodge,
            ..part
        });
    }
    let Ok(hits) = game.resolve(state, &choice.declared, &roll, held.aim, &dice) else {
        return false;
    };
    score.record(&setup.game, team.as_deref(), &hits);
    for hit in &hits {
        push(setup, state, score, hit, rng);
    }
    true
}

/// Hexes an area or vertex attack of `me` may take as origin: within `reach` of one of its
/// hexes (the game checks sight).
fn origins(setup: &Setup, state: &State, me: usize, reach: u32) -> Vec<Axial> {
    let from = &state.pieces[me].hexes;
    setup
        .game
        .scene
        .board
        .hexes()
        .iter()
        .map(|h| h.at)
        .filter(|&o| from.iter().any(|&s| distance(s, o) <= reach))
        .collect()
}

/// A push the policy takes: into a hazard space within the push, if there is one.
fn push(setup: &Setup, state: &mut State, score: &mut Progress, hit: &Hit, rng: &mut Rng) {
    let game = &setup.game;
    if hit.push == 0 || !state.pieces[hit.target].occupies() {
        return;
    }
    let target = hit.target;
    // Every push goes its whole length where the map allows: into a hazard if one can, else
    // as far from the attacker as it ends.
    let paths = game.push_paths(state, target, hit.push);
    let enters_hazard = |path: &Vec<Axial>| {
        if game.hazards.is_empty() {
            return false;
        }
        let mut trial = state.clone();
        game.push(&mut trial, target, path, hit.push)
            .is_ok_and(|walk| !walk.strikes.is_empty())
    };
    let attacker: Vec<Axial> = game
        .acting(state)
        .map(|me| state.pieces[me].hexes.clone())
        .unwrap_or_default();
    let away = |path: &Vec<Axial>| {
        let end = path.last().copied().unwrap_or([0, 0]);
        attacker
            .iter()
            .map(|&h| distance(h, end))
            .min()
            .unwrap_or(0)
    };
    let chosen = match paths.iter().find(|p| enters_hazard(p)) {
        Some(path) => Some(path),
        None => paths.iter().max_by_key(|p| away(p)),
    };
    let Some(path) = chosen else {
        return;
    };
    if let Ok(walk) = game.push(state, target, path, hit.push) {
        walk_strikes(setup, state, score, &walk, rng);
    }
}

/// Resolves a walk's hazard strikes in order, stopping the figure where one takes it down.
fn walk_strikes(
    setup: &Setup,
    state: &mut State,
    score: &mut Progress,
    walk: &Walk,
    rng: &mut Rng,
) {
    for strike in &walk.strikes {
        if !state.pieces[strike.target].attackable() {
            break;
        }
        strike_now(setup, state, score, strike, rng);
        if !state.pieces[walk.figure].attackable() {
            if let Some(step) = strike.step {
                setup.game.halt(state, walk, step);
            }
            break;
        }
    }
}

/// A hazard attacks with rolled dice; the target spends its Dodge and Defense+1 tokens.
fn strike_now(
    setup: &Setup,
    state: &mut State,
    score: &mut Progress,
    strike: &Strike,
    rng: &mut Rng,
) {
    let game = &setup.game;
    let Ok((code, _)) = game.strike_attack(strike) else {
        return;
    };
    let roll = rng.dice(code.dice);
    let defender = state.pieces[strike.target].held;
    let dice = match game.strike_defended(strike, &roll) {
        false => TargetDice {
            target: strike.target,
            ..TargetDice::default()
        },
        true => {
            let plus = defender.effects.defense_plus;
            let n = game.defense_dice(state, strike.target, plus).unwrap_or(0);
            TargetDice {
                target: strike.target,
                extra: Vec::new(),
                defense: rng.dice(n),
                defense_plus: plus,
                dodge: defender.dodge,
            }
        }
    };
    if let Ok(hit) = game.resolve_strike(state, strike, &roll, &dice) {
        score.record(&setup.game, None, std::slice::from_ref(&hit));
    }
}

/// Moves toward the team's nearest objective hex, or the nearest enemy: a Move, or a Sprint
/// once the Move is taken. Returns false when no move gets closer.
fn advance(
    setup: &Setup,
    state: &mut State,
    score: &mut Progress,
    me: usize,
    rng: &mut Rng,
) -> bool {
    let game = &setup.game;
    let figure = &game.figures[me];
    let action = if game.can_take(state, Basic::Move).is_ok() {
        match state.pieces[me].move_value {
            Some(budget) => MoveAction::Move {
                budget,
                mobility: figure.mobility(),
            },
            None => return false,
        }
    } else if game.can_take(state, Basic::Sprint).is_ok() {
        MoveAction::Sprint
    } else {
        return false;
    };
    let board = &game.scene.board;
    let costs = &setup.costs[usize::from(figure.mobility())];
    let goals = goals(setup, state, score, me);
    let hexes = state.pieces[me].hexes.clone();
    if goals.is_empty() || hexes.is_empty() {
        return false;
    }
    let left = |at: Axial| {
        board.slot(at).map_or(u32::MAX, |from| {
            goals
                .iter()
                .map(|&g| costs[from][g])
                .min()
                .unwrap_or(u32::MAX)
        })
    };
    let now = hexes.iter().map(|&h| left(h)).min().unwrap_or(u32::MAX);
    let taken: Vec<Axial> = state
        .pieces
        .iter()
        .enumerate()
        .filter(|&(i, p)| i != me && p.occupies())
        .flat_map(|(_, p)| p.hexes.iter().copied())
        .collect();
    let occupied = |at: Axial| taken.contains(&at);
    let hazard = |at: Axial| game.hazards.iter().any(|h| h.zone.contains(&at));
    let world = World {
        occupied: &occupied,
        hazard: &hazard,
    };
    let mover = Mover {
        hexes: hexes.clone(),
        movement: figure.movement.into(),
    };
    let mut options: Vec<movement::Destination> = movement::reach(board, &mover, action, &world)
        .into_iter()
        .filter(|d| d.path.len() > 1 && left(d.at) < now)
        .collect();
    // Closest to the goal, then fewest hazards on the way, then cheapest, then board order.
    options.sort_by_cached_key(|d| (left(d.at), d.hazards.len(), d.cost, board.slot(d.at)));
    let any_configuration = hexes.len() > 1 && figure.movement == FigureMovement::AnyConfiguration;
    let mut plans: Vec<(Vec<Axial>, Option<Vec<Axial>>)> = Vec::with_capacity(options.len());
    for option in options {
        let place = if any_configuration {
            // Its shape moved along from the hex the path starts from, or any free shape with
            // a hex on the end point.
            let (start, end) = (option.path[0], option.at);
            let kept: Vec<Axial> = hexes
                .iter()
                .map(|h| [h[0] + end[0] - start[0], h[1] + end[1] - start[1]])
                .collect();
            let free = |at: Axial| board.contains(at) && !occupied(at);
            if kept.iter().all(|&h| free(h)) {
                Some(kept)
            } else {
                match movement::shape_around(end, hexes.len(), &free) {
                    Some(shape) => Some(shape),
                    None => continue,
                }
            }
        } else {
            None
        };
        plans.push((option.path[1..].to_vec(), place));
    }
    for (path, place) in plans {
        let walked = match action {
            MoveAction::Sprint => game.sprint(state, &path, place.as_deref()),
            _ => game.move_action(state, &path, place.as_deref()),
        };
        if let Ok(walk) = walked {
            walk_strikes(setup, state, score, &walk, rng);
            score.collect(&setup.game, state, me);
            return true;
        }
    }
    false
}

/// Board slots the figure heads for: its team's open objective hexes, else hexes next to
/// standing enemies.
fn goals(setup: &Setup, state: &State, score: &Progress, me: usize) -> Vec<usize> {
    let game = &setup.game;
    let board = &game.scene.board;
    let team = game.figures[me].team.as_deref();
    let mut out: Vec<usize> = score
        .goal_hexes(game, team)
        .into_iter()
        .filter_map(|h| board.slot(h))
        .collect();
    if out.is_empty() {
        for (t, figure) in game.figures.iter().enumerate() {
            if figure.team.as_deref() != team && state.pieces[t].attackable() {
                out.extend(
                    state.pieces[t]
                        .hexes
                        .iter()
                        .flat_map(|&h| neighbours(h))
                        .filter_map(|h| board.slot(h)),
                );
            }
        }
    }
    out
}
