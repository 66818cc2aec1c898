//! Playtest replay: the scenario's scripted turns, played under the rules with the script's
//! dice. The first action the rules refuse, or whose result differs from what the script
//! expects, is reported at its line as `playtest-illegal`.

use std::collections::VecDeque;

use megahex_schema::rulesets::hex_skirmish::{PlaytestAction, Scenario, Steps};

use super::Damage;
use super::action::{Action, Dice, Illegal, Roll};
use super::game::Game;
use super::state::End;
use crate::diagnostic::Diagnostic;

/// The dice one scripted action gives.
#[derive(Debug, Default)]
struct ScriptDice {
    strike: Option<u8>,
    defense: Option<u8>,
    resist: Option<u8>,
    damage: Option<u32>,
    monster: VecDeque<u8>,
    terrain: VecDeque<u32>,
    /// Where the step being taken goes, for messages.
    stepping_into: Option<[i32; 2]>,
}

impl Dice for ScriptDice {
    fn die(&mut self, roll: Roll, _sides: u32) -> Result<u32, Illegal> {
        let (given, key) = match roll {
            Roll::Strike => (self.strike, "strike"),
            Roll::Defense => (self.defense, "defense"),
            Roll::Resist => (self.resist, "resist"),
            Roll::Monster => {
                let [q, r] = self.stepping_into.unwrap_or_default();
                return self.monster.pop_front().map(u32::from).ok_or_else(|| Illegal {
                    message: format!(
                        "the step into [{q}, {r}] is a step in water, and the script gives no `monster` d6 for it"
                    ),
                    help: Some(
                        "write the move as {path: [...], monster: [d6, ...]}, one d6 for each step into or through water while the monster lurks".into(),
                    ),
                });
            }
            Roll::Damage | Roll::TerrainDamage => (None, "damage"),
        };
        given.map(u32::from).ok_or_else(|| Illegal {
            message: format!("the script gives no `{key}` roll, and this action needs one"),
            help: Some(format!("add `{key}: N` with the D10 rolled (1 to 10)")),
        })
    }

    fn total(&mut self, roll: Roll, damage: &Damage) -> Result<u32, Illegal> {
        let (low, high) = damage.dice_range().unwrap_or((0, 0));
        let (given, key) = match roll {
            Roll::TerrainDamage => (self.terrain.pop_front(), "terrain-damage"),
            _ => (self.damage, "damage"),
        };
        let Some(total) = given else {
            let [q, r] = self.stepping_into.unwrap_or_default();
            let what = if roll == Roll::TerrainDamage {
                format!("[{q}, {r}] deals {damage} on entering")
            } else {
                format!("the blow lands for {damage}")
            };
            return Err(Illegal {
                message: format!("{what}, and the script gives no `{key}` total for it"),
                help: Some(format!(
                    "add `{key}` with the total the dice rolled ({low} to {high})"
                )),
            });
        };
        if !(low..=high).contains(&total) {
            return Err(Illegal::new(format!(
                "`{key}` {total} is not a total {damage} can roll ({low} to {high})"
            )));
        }
        Ok(total)
    }
}

/// Replays the scenario's playtest; at most one finding, the first illegal action.
pub fn replay(scenario: &Scenario) -> Vec<Diagnostic> {
    if scenario.playtest.is_empty() {
        return Vec::new();
    }
    let game = Game::new(scenario);
    match play(&game, scenario) {
        Ok(()) => Vec::new(),
        Err((pointer, illegal)) => vec![illegal.at(pointer).into_diagnostic("")],
    }
}

/// A refused step and where the script writes it.
type Failure = (String, Illegal);

fn play(game: &Game, scenario: &Scenario) -> Result<(), Failure> {
    let mut state = game.start();
    for (t, turn) in scenario.playtest.iter().enumerate() {
        let here = format!("/playtest/{t}");
        let Some(unit) = game.begin_turn(&mut state) else {
            return Err((here, Illegal::new(over(game, state.end))));
        };
        if game.units[unit].id != turn.unit {
            return Err((
                format!("{here}/unit"),
                Illegal {
                    message: format!(
                        "it is `{}`'s turn (round {}), not `{}`'s",
                        game.units[unit].id, state.round, turn.unit
                    ),
                    help: Some(
                        "units act by initiative, highest first, then monsters; each once a round"
                            .into(),
                    ),
                },
            ));
        }
        for (a, action) in turn.actions.iter().enumerate() {
            let at = format!("{here}/actions/{a}");
            act(game, &mut state, action, &at)?;
        }
    }
    Ok(())
}

fn over(game: &Game, end: Option<End>) -> String {
    match end {
        Some(End::Won { team, objective }) => format!(
            "the game is over: team `{}` met objective `{}`",
            game.teams[team], game.objectives[objective].id
        ),
        _ => "the game is over: the round limit has passed".into(),
    }
}

fn act(
    game: &Game,
    state: &mut super::state::State,
    action: &PlaytestAction,
    at: &str,
) -> Result<(), Failure> {
    let fail = |pointer: String| move |illegal: Illegal| (pointer, illegal);
    let target_of = |id: &str, pointer: String| {
        game.unit(id)
            .ok_or_else(|| (pointer, Illegal::new(format!("no unit is called `{id}`"))))
    };
    let unit = state.turn.map_or(0, |t| t.unit);
    let spec = &game.units[unit];
    match action {
        PlaytestAction::Move(steps) => {
            let (path_at, mut dice) = match steps {
                Steps::Path(_) => (format!("{at}/move"), ScriptDice::default()),
                Steps::Rolled(rolled) => (
                    format!("{at}/move/path"),
                    ScriptDice {
                        monster: rolled.monster.iter().copied().collect(),
                        terrain: rolled.terrain_damage.iter().copied().collect(),
                        ..ScriptDice::default()
                    },
                ),
            };
            let path = steps.path();
            for (k, &hex) in path.iter().enumerate() {
                let pointer = format!("{path_at}/{k}");
                let slot = game.arena.slot(hex).ok_or_else(|| {
                    (
                        pointer.clone(),
                        Illegal::new(format!("[{}, {}] is not on the map", hex[0], hex[1])),
                    )
                })?;
                dice.stepping_into = Some(hex);
                let outcome = game
                    .apply(state, Action::Step(slot), &mut dice)
                    .map_err(fail(pointer.clone()))?;
                let stopped = if outcome.monster_surfaced {
                    Some("the water monster surfaced, which ends the mover's turn")
                } else if outcome.killed {
                    Some("the unit died on entering it")
                } else if outcome.climb_started {
                    Some("the climb there takes the rest of the turn's actions")
                } else {
                    None
                };
                if let (Some(why), Some(next)) = (stopped, path.get(k + 1)) {
                    return Err((
                        format!("{path_at}/{}", k + 1),
                        Illegal::new(format!(
                            "the move cannot go on to [{}, {}]: at [{}, {}] {why}",
                            next[0], next[1], hex[0], hex[1]
                        )),
                    ));
                }
            }
            let left = (dice.monster.len(), dice.terrain.len());
            if left != (0, 0) {
                return Err((
                    format!("{at}/move"),
                    Illegal::new(format!(
                        "the script gives {} `monster` and {} `terrain-damage` rolls the move did not use",
                        left.0, left.1
                    )),
                ));
            }
            Ok(())
        }
        PlaytestAction::Attack(attack) => {
            let target = target_of(&attack.target, format!("{at}/attack/target"))?;
            let weapon = match &attack.with {
                None => 0,
                Some(name) => spec
                    .weapons
                    .iter()
                    .position(|w| w.name == *name)
                    .ok_or_else(|| {
                        let names: Vec<&str> =
                            spec.weapons.iter().map(|w| w.name.as_str()).collect();
                        (
                            format!("{at}/attack/with"),
                            Illegal {
                                message: format!("`{}` has no weapon called `{name}`", spec.id),
                                help: Some(format!("its weapons: {}", names.join(", "))),
                            },
                        )
                    })?,
            };
            let mut dice = ScriptDice {
                strike: Some(attack.strike),
                defense: Some(attack.defense),
                damage: attack.damage,
                ..ScriptDice::default()
            };
            let outcome = game
                .apply(state, Action::Attack { target, weapon }, &mut dice)
                .map_err(fail(format!("{at}/attack")))?;
            expect(outcome.dealt, attack.dealt, format!("{at}/attack/dealt"))
        }
        PlaytestAction::Cast(cast) => {
            let target = target_of(&cast.target, format!("{at}/cast/target"))?;
            let spell = spec
                .spells
                .iter()
                .position(|s| s.name == cast.spell)
                .ok_or_else(|| {
                    (
                        format!("{at}/cast/spell"),
                        Illegal::new(format!(
                            "`{}` has no spell called `{}`",
                            spec.id, cast.spell
                        )),
                    )
                })?;
            let mut dice = ScriptDice {
                strike: cast.strike,
                defense: cast.defense,
                resist: cast.resist,
                damage: cast.damage,
                ..ScriptDice::default()
            };
            let outcome = game
                .apply(state, Action::Cast { spell, target }, &mut dice)
                .map_err(fail(format!("{at}/cast")))?;
            expect(outcome.dealt, cast.dealt, format!("{at}/cast/dealt"))
        }
        PlaytestAction::Open(id) => {
            let chest = game
                .chests
                .iter()
                .position(|(c, _)| c == id)
                .ok_or_else(|| {
                    (
                        format!("{at}/open"),
                        Illegal::new(format!("no chest is called `{id}`")),
                    )
                })?;
            game.apply(state, Action::Open(chest), &mut ScriptDice::default())
                .map(|_| ())
                .map_err(fail(format!("{at}/open")))
        }
    }
}

fn expect(dealt: Option<u32>, expected: Option<u32>, pointer: String) -> Result<(), Failure> {
    match (dealt, expected) {
        (Some(got), Some(want)) if got != want => Err((
            pointer,
            Illegal::new(format!(
                "the script expects {want} damage, and the rules give {got}"
            ))
            .with_help("damage is the weapon's roll plus the damage bonus, less the target's soak; a miss deals 0"),
        )),
        _ => Ok(()),
    }
}
