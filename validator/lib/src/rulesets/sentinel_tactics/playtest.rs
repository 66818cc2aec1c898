//! Playtest replay (DESIGN §6): a scenario's `playtest:` turns are played out with the dice the
//! script gives, and the first action that breaks a rule is reported as `playtest-illegal` at
//! its place in the file.
//!
//! Every rule comes from [`crate::rulesets::sentinel_tactics::game`]: whose turn it is (the round and its turn order), the
//! action budget with each ability and basic action once a turn, Move paths (including the
//! multi-hex figures' rules), attacks on one or several targets with effect tokens, damage,
//! incapacitation and destruction, pushes, and the hazards a figure enters or ends its turn
//! in. This file only reads the script into those steps and checks the damage it claims.

use megahex_schema::HexRef;
use megahex_schema::rulesets::sentinel_tactics::{
    HazardRoll, MovePath, Pick, PlaytestAction, PlaytestAttack, PlaytestTurn, Scenario,
};

use crate::board::Axial;
use crate::diagnostic::{Code, Diagnostic};
use crate::illegal::{Illegal, IllegalStep};
use crate::rulesets::sentinel_tactics::game::figure::move_value_of;
use crate::rulesets::sentinel_tactics::game::{
    Figure, Game, Hit, Progress, State, TargetDice, Walk, Won,
};

type Replay<T> = Result<T, IllegalStep>;

/// The first illegal action of the scenario's playtest, if any.
pub fn replay(scenario: &Scenario, catalog: &megahex_schema::Catalog) -> Option<Diagnostic> {
    if scenario.playtest.is_empty() {
        return None;
    }
    replay_in(scenario, &Game::new(scenario, catalog))
}

/// [`replay`] in the scenario's game, already set up.
pub fn replay_in(scenario: &Scenario, game: &Game) -> Option<Diagnostic> {
    if scenario.playtest.is_empty() {
        return None;
    }
    played(scenario, game).illegal
}

/// The replay's findings: the first illegal action, and the objective the script completes
/// (information, at the turn that completes it).
pub fn findings(scenario: &Scenario, game: &Game) -> Vec<Diagnostic> {
    if scenario.playtest.is_empty() {
        return Vec::new();
    }
    let played = played(scenario, game);
    let mut out = Vec::new();
    if let Some((won, turn)) = &played.won {
        let mut finding = Diagnostic::info(
            Code::PlaytestWon,
            format!("/playtest/{}", turn - 1),
            format!(
                "playtest turn {turn} completes objective `{}`: team `{}` wins",
                won.objective, won.team
            ),
        );
        let after = scenario.playtest.len().saturating_sub(*turn);
        if after > 0 {
            finding = finding.with_help(format!(
                "the script plays {after} more turn(s) after the game is won; they are checked all the same"
            ));
        }
        out.push(finding);
    }
    out.extend(played.illegal);
    out
}

/// What a playtest's replay came to.
#[derive(Debug, Clone, PartialEq)]
pub struct Played {
    /// The first illegal action, if any.
    pub illegal: Option<Diagnostic>,
    /// The first objective the script completes, with the number of the playtest turn (from
    /// 1) that completed it; its round's end for `hold` and `survive` objectives.
    pub won: Option<(Won, usize)>,
}

/// Replays the scenario's playtest in its game, already set up: the first illegal action,
/// and who won, where the script plays to the end of the game.
pub fn played(scenario: &Scenario, game: &Game) -> Played {
    let mut state = game.start();
    let mut progress = Progress::default();
    let mut won = None;
    for (t, turn) in scenario.playtest.iter().enumerate() {
        let round = state.round.number;
        if let Err(illegal) = play_turn(game, &mut state, &mut progress, t, turn) {
            return Played {
                illegal: Some(illegal.into_diagnostic(&format!("playtest turn {}", t + 1))),
                won,
            };
        }
        // As self-play does: the objectives after the turn, the round's after it ends.
        let decided = progress.decided(game, &state, false);
        let round_over = game.end_turn(&mut state);
        if won.is_none() {
            won = decided
                .or_else(|| {
                    round_over
                        .then(|| progress.round_over(game, &state, round))
                        .flatten()
                })
                .map(|w| (w, t + 1));
        }
    }
    Played { illegal: None, won }
}

/// One turn being replayed: its hazard rolls, taken in the order the hazards strike, and the
/// progress the objectives count, which every hit adds to.
struct HazardDice<'a> {
    turn: usize,
    rolls: &'a [HazardRoll],
    next: usize,
    progress: &'a mut Progress,
}

/// Plays one scripted turn, up to its end.
fn play_turn(
    game: &Game,
    state: &mut State,
    progress: &mut Progress,
    t: usize,
    turn: &PlaytestTurn,
) -> Replay<()> {
    let at = |key: &str| format!("/playtest/{t}/{key}");
    let fail = |pointer: String| move |illegal: Illegal| illegal.at(pointer);
    let Some(me) = game.figure(&turn.turn) else {
        return Err(IllegalStep::new(
            at("turn"),
            format!("`{}` is not a figure on the map", turn.turn),
        ));
    };
    let key = match turn.move_dice.is_empty() {
        true => "move-value",
        false => "move-dice",
    };
    state.pieces[me].move_value = move_value(&game.figures[me], turn).map_err(fail(at(key)))?;
    game.begin_turn(state, me).map_err(fail(at("turn")))?;
    if let Some(change) = &turn.power_up {
        game.power_up(state, change).map_err(fail(at("power-up")))?;
    }
    let mut hazards = HazardDice {
        turn: t,
        rolls: &turn.hazards,
        next: 0,
        progress,
    };
    for (a, action) in turn.actions.iter().enumerate() {
        let pointer = at(&format!("actions/{a}"));
        match action {
            PlaytestAction::Aim => game.aim(state).map_err(fail(pointer))?,
            PlaytestAction::Dodge => game.dodge(state).map_err(fail(pointer))?,
            PlaytestAction::Move(path) | PlaytestAction::Sprint(path) => {
                let (steps, place) = path_hexes(game, path).map_err(fail(pointer.clone()))?;
                let walk = if matches!(action, PlaytestAction::Move(_)) {
                    game.move_action(state, &steps, place.as_deref())
                } else {
                    game.sprint(state, &steps, place.as_deref())
                }
                .map_err(fail(pointer.clone()))?;
                hazards.walk(game, state, &walk, &pointer)?;
                hazards.progress.collect(game, state, me);
            }
            PlaytestAction::Attack(script) => {
                attack(game, state, script, &pointer, &mut hazards)?;
            }
        }
    }
    // To Be Continued: the hazards the figure stands in attack it.
    for strike in game.standing_strikes(state) {
        if !state.pieces[strike.target].attackable() {
            break;
        }
        hazards.strike(game, state, &strike, &at("turn"))?;
    }
    if hazards.next < hazards.rolls.len() {
        return Err(IllegalStep::new(
            at(&format!("hazards/{}", hazards.next)),
            format!(
                "{} hazard attack(s) struck this turn, and `hazards` gives {} roll(s)",
                hazards.next,
                hazards.rolls.len()
            ),
        ));
    }
    Ok(())
}

/// A script's hex; the error names it.
fn hex(game: &Game, reference: &HexRef) -> Result<Axial, Illegal> {
    game.scene
        .board
        .resolve(reference)
        .map_err(|e| Illegal::new(e.to_string()))
}

/// The steps of a Move or Sprint and the shape it ends in, if given.
fn path_hexes(game: &Game, path: &MovePath) -> Result<(Vec<Axial>, Option<Vec<Axial>>), Illegal> {
    let steps = path
        .steps()
        .iter()
        .map(|s| hex(game, s))
        .collect::<Result<Vec<_>, _>>()?;
    let place = path
        .place()
        .map(|p| {
            p.iter()
                .map(|h| hex(game, h))
                .collect::<Result<Vec<_>, _>>()
        })
        .transpose()?;
    Ok((steps, place))
}

impl HazardDice<'_> {
    /// Resolves the strikes of a walk in order, stopping the figure where one takes it down.
    fn walk(&mut self, game: &Game, state: &mut State, walk: &Walk, cause: &str) -> Replay<()> {
        for strike in &walk.strikes {
            if !state.pieces[strike.target].attackable() {
                break;
            }
            self.strike(game, state, strike, cause)?;
            if !state.pieces[walk.figure].attackable() {
                if let Some(step) = strike.step {
                    game.halt(state, walk, step);
                }
                break;
            }
        }
        Ok(())
    }

    /// One hazard attack, with the next roll of the turn's `hazards`.
    fn strike(
        &mut self,
        game: &Game,
        state: &mut State,
        strike: &crate::rulesets::sentinel_tactics::game::Strike,
        cause: &str,
    ) -> Replay<()> {
        game.strike_attack(strike)
            .map_err(|message| IllegalStep::new(cause.to_owned(), message))?;
        let source = &game.hazards[strike.hazard].name;
        let target = &game.figures[strike.target].id;
        let Some(roll) = self.rolls.get(self.next) else {
            return Err(IllegalStep::new(
                cause.to_owned(),
                format!(
                    "{source} attacks `{target}` on [{}, {}]; give its dice as hazard roll {} of this turn's `hazards`",
                    strike.at[0],
                    strike.at[1],
                    self.next + 1
                ),
            ));
        };
        let pointer = format!("/playtest/{}/hazards/{}", self.turn, self.next);
        self.next += 1;
        let fail = |message: Illegal| {
            IllegalStep::new(
                pointer.clone(),
                format!("{source} attacking `{target}`: {message}"),
            )
        };
        let dice = TargetDice {
            target: strike.target,
            extra: Vec::new(),
            defense: roll.defense.clone(),
            defense_plus: roll.defense_plus,
            dodge: roll.dodge,
        };
        let hit = game
            .resolve_strike(state, strike, &roll.roll, &dice)
            .map_err(fail)?;
        claimed(game, &hit, roll.damage).map_err(fail)?;
        self.progress.record(game, None, std::slice::from_ref(&hit));
        self.push(game, state, &hit, &roll.push, &pointer)
    }

    /// A scripted push of a target hit, and the hazards it enters.
    fn push(
        &mut self,
        game: &Game,
        state: &mut State,
        hit: &Hit,
        path: &[HexRef],
        pointer: &str,
    ) -> Replay<()> {
        let fail = |message: Illegal| IllegalStep::new(pointer.to_owned(), message);
        // No push scripted: none is due, or the target has left the map; else the push is
        // checked as given (empty), which is legal only where the map stops every step.
        if path.is_empty() && (hit.push == 0 || !state.pieces[hit.target].occupies()) {
            return Ok(());
        }
        if hit.push == 0 {
            return Err(fail(
                "a push needs overkill damage, or an attack with a `push` stat that deals damage, and there is none".into(),
            ));
        }
        if !state.pieces[hit.target].occupies() {
            return Err(fail(
                format!(
                    "`{}` was destroyed and is no longer on the map",
                    game.figures[hit.target].id
                )
                .into(),
            ));
        }
        let steps = path
            .iter()
            .map(|h| hex(game, h))
            .collect::<Result<Vec<_>, _>>()
            .map_err(fail)?;
        let walk = game
            .push(state, hit.target, &steps, hit.push)
            .map_err(fail)?;
        self.walk(game, state, &walk, pointer)
    }
}

/// A damage claim the dice do not bear out.
fn claimed(game: &Game, hit: &Hit, said: Option<u32>) -> Result<(), Illegal> {
    match said {
        Some(said) if said != hit.damage => Err(Illegal::from(format!(
            "the script says {said} damage to `{}`, and the dice give {} ({} attack dice make range {}, {} blocked)",
            game.figures[hit.target].id,
            hit.damage,
            hit.resolved.hits.len(),
            hit.range,
            hit.resolved.blocked
        ))),
        _ => Ok(()),
    }
}

/// A scripted attack: one target, or every target of an area or vertex attack.
fn attack(
    game: &Game,
    state: &mut State,
    script: &PlaytestAttack,
    pointer: &str,
    hazards: &mut HazardDice<'_>,
) -> Replay<()> {
    let fail = |message: Illegal| IllegalStep::new(pointer.to_owned(), message);
    let target = |id: &str| {
        game.figure(id)
            .ok_or_else(|| fail(format!("`{id}` is not a target on the map").into()))
    };
    let origin = script
        .origin
        .as_ref()
        .map(|o| hex(game, o))
        .transpose()
        .map_err(fail)?;
    // Each target's dice, its damage claim and its push, with where the script says them.
    struct Part<'s> {
        dice: TargetDice,
        damage: Option<u32>,
        push: &'s [HexRef],
        pointer: String,
    }
    let (roll, parts): (Vec<u8>, Vec<Part>) = match (&script.target, script.targets.as_slice()) {
        (Some(_), [_, ..]) => {
            return Err(fail(
                "give `target` (one target) or `targets` (several), not both".into(),
            ));
        }
        (None, []) => {
            return Err(fail(
                "name the target: `target:` for one, or `targets:` for an area or vertex attack"
                    .into(),
            ));
        }
        (Some(id), []) => {
            let plus = script.attack_plus as usize;
            if plus > script.roll.len() {
                return Err(fail(format!(
                    "`attack-plus: {plus}` needs {plus} extra dice at the end of `roll`, and it has {}",
                    script.roll.len()
                ).into()));
            }
            let (shared, extra) = script.roll.split_at(script.roll.len() - plus);
            let part = Part {
                dice: TargetDice {
                    target: target(id)?,
                    extra: extra.to_vec(),
                    defense: script.defense.clone(),
                    defense_plus: script.defense_plus,
                    dodge: script.dodge,
                },
                damage: script.damage,
                push: &script.push,
                pointer: pointer.to_owned(),
            };
            (shared.to_vec(), vec![part])
        }
        (None, targets) => {
            if script.attack_plus > 0
                || script.dodge
                || !script.defense.is_empty()
                || script.defense_plus > 0
                || script.damage.is_some()
                || !script.push.is_empty()
            {
                return Err(fail(
                    "with `targets`, give each target's dice, damage and push under it (Attack+1 dice as its `extra-dice`)".into(),
                ));
            }
            let mut parts = Vec::with_capacity(targets.len());
            for (i, t) in targets.iter().enumerate() {
                parts.push(Part {
                    dice: TargetDice {
                        target: target(&t.target)?,
                        extra: t.extra_dice.clone(),
                        defense: t.defense.clone(),
                        defense_plus: t.defense_plus,
                        dodge: t.dodge,
                    },
                    damage: t.damage,
                    push: &t.push,
                    pointer: format!("{pointer}/attack/targets/{i}"),
                });
            }
            (script.roll.clone(), parts)
        }
    };
    let named: Vec<usize> = parts.iter().map(|p| p.dice.target).collect();
    let declared = game
        .declare(state, &script.with, origin, script.corner, &named)
        .map_err(fail)?;
    if script.target.is_some() && roll.len() != declared.roll_dice as usize {
        let plus = script.attack_plus;
        return Err(fail(
            format!(
                "{} rolls {} dice here{}{}, and the script gives {}",
                declared.attack.name,
                declared.roll_dice + plus,
                if plus > 0 {
                    format!(" with {plus} Attack+1 dice")
                } else {
                    String::new()
                },
                if declared.minus {
                    " (one fewer for the Attack-1 token)"
                } else {
                    ""
                },
                script.roll.len()
            )
            .into(),
        ));
    }
    let dice: Vec<TargetDice> = parts.iter().map(|p| p.dice.clone()).collect();
    let hits = game
        .resolve(state, &declared, &roll, script.aim, &dice)
        .map_err(fail)?;
    for (part, hit) in parts.iter().zip(&hits) {
        claimed(game, hit, part.damage)
            .map_err(|message| IllegalStep::new(part.pointer.clone(), message))?;
    }
    let team = state
        .turn
        .as_ref()
        .and_then(|turn| game.figures[turn.figure].team.as_deref());
    hazards.progress.record(game, team, &hits);
    for (part, hit) in parts.iter().zip(&hits) {
        hazards.push(game, state, hit, part.push, &part.pointer)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;

/// The move value for a scripted turn: a printed one, or the one the script's movement dice
/// (or its `move-value`) give a figure that rolls. "If a card lists a target as having a move
/// value, rather than movement, that target does not need to roll": a printed value cannot be
/// replaced, and a rolled one is a die the figure's pick takes from its movement dice.
fn move_value(figure: &Figure, turn: &PlaytestTurn) -> Result<Option<u32>, Illegal> {
    let id = &figure.id;
    if let Some(printed) = figure.static_move() {
        if !turn.move_dice.is_empty() {
            return Err(Illegal::from(format!(
                "`{id}` has a printed move value of {printed} and rolls no movement dice; leave out `move-dice`"
            )));
        }
        return match turn.move_value {
            Some(given) if given != printed => Err(Illegal::from(format!(
                "`{id}` has a printed move value of {printed}, not {given}: a printed value is not rolled"
            ))),
            _ => Ok(Some(printed)),
        };
    }
    let Some(rolled) = figure.rolled_move() else {
        // No stats for its movement: the script's word is all there is.
        return Ok(turn.move_value);
    };
    let pick = match rolled.pick {
        Pick::Highest => "highest",
        Pick::Lowest => "lowest",
        Pick::Median => "median",
    };
    if turn.move_dice.is_empty() {
        return match turn.move_value {
            Some(given) if !(1..=6).contains(&given) => Err(Illegal::from(format!(
                "`{id}` keeps one of {} movement dice ({pick}), so its move value is 1 to 6, not {given}",
                rolled.dice
            ))),
            given => Ok(given),
        };
    }
    if turn.move_dice.len() != rolled.dice as usize {
        return Err(Illegal::from(format!(
            "`{id}` rolls {} movement dice, and `move-dice` gives {}",
            rolled.dice,
            turn.move_dice.len()
        )));
    }
    let value = move_value_of(rolled.pick, &turn.move_dice);
    match (turn.move_value, value) {
        (Some(given), Some(value)) if given != value => Err(Illegal::from(format!(
            "`{id}` takes the {pick} of its movement dice {:?}: a move value of {value}, not {given}",
            turn.move_dice
        ))),
        _ => Ok(value),
    }
}
