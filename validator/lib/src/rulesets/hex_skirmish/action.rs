//! The actions of a turn (seed 004, "Action Sequence"), each checked against the rules and then
//! resolved with the dice its caller gives: a script's dice in a playtest, rolled dice in
//! self-play. Nothing here rolls.

use super::game::{Game, Means};
use super::state::{Climb, State, Turn};
use super::{Blow, Damage};
use crate::board::hex::distance;

/// One action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Move one hex, to this slot.
    Step(usize),
    /// Attack a unit with one of the attacker's weapons (by index).
    Attack {
        /// The target unit.
        target: usize,
        /// Index into the attacker's weapons.
        weapon: usize,
    },
    /// Cast one of the caster's spells (by index) at a unit.
    Cast {
        /// Index into the caster's spells.
        spell: usize,
        /// The target unit.
        target: usize,
    },
    /// Open a chest (by index).
    Open(usize),
}

/// A die an action needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Roll {
    /// The attacker's D10 strike.
    Strike,
    /// The defender's D10 defence.
    Defense,
    /// The target's D10 resistance check.
    Resist,
    /// The total of an attack's or spell's damage dice.
    Damage,
    /// The total of the dice of damage a hex deals on entering.
    TerrainDamage,
    /// The d6 for the water monster.
    Monster,
}

/// Where the dice come from. `total` is asked only for a dice code and must lie between the
/// code's lowest and highest total.
pub trait Dice {
    /// One die of `sides` sides (10 or 6).
    fn die(&mut self, roll: Roll, sides: u32) -> Result<u32, Illegal>;
    /// The total of a damage code's dice.
    fn total(&mut self, roll: Roll, damage: &Damage) -> Result<u32, Illegal>;
}

/// Why an action is not allowed: the type every game's engine refuses a step with.
pub use crate::illegal::Illegal;

/// What an action did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Outcome {
    /// Hit points the target lost (attacks and spells).
    pub dealt: Option<u32>,
    /// The strike or spell hit (and was not resisted).
    pub hit: bool,
    /// The target died.
    pub killed: bool,
    /// The water monster surfaced: the mover's turn is over.
    pub monster_surfaced: bool,
    /// A climb began that later turns pay for: this turn's actions are spent.
    pub climb_started: bool,
}

impl Game {
    /// Whether `action` is allowed now, and why not.
    pub fn check(&self, state: &State, action: Action) -> Result<(), Illegal> {
        if state.end.is_some() {
            return Err(Illegal::new("the game is over"));
        }
        let turn = state
            .turn
            .ok_or_else(|| Illegal::new("no unit's turn is under way"))?;
        let me = &state.units[turn.unit];
        let name = &self.units[turn.unit].id;
        let Some(here) = me.at.filter(|_| me.active()) else {
            return Err(Illegal::new(format!("`{name}` is no longer on the map")));
        };
        if turn.actions == 0 {
            return Err(
                Illegal::new(format!("`{name}` has no actions left this turn")).with_help(
                    "a turn has as many actions as the unit's `actions`; start the next turn",
                ),
            );
        }
        let non_offensive = |what: &str| {
            if turn.attacked {
                Err(Illegal::new(format!("`{name}` has attacked this turn and cannot {what}"))
                    .with_help("once a character has attacked, it takes no further non-offensive action that turn"))
            } else {
                Ok(())
            }
        };
        match action {
            Action::Step(to) => {
                non_offensive("move")?;
                let at = self.arena.hex(to).at;
                if !self.arena.adjacent(here).contains(&to) {
                    return Err(Illegal::new(format!(
                        "[{}, {}] is not next to `{name}`'s hex: a move goes one hex at a time",
                        at[0], at[1]
                    )));
                }
                let Some(cost) = self.arena.step_cost(here, to) else {
                    return Err(Illegal::new(format!(
                        "[{}, {}] is {}, which no unit may enter",
                        at[0],
                        at[1],
                        self.arena.terrain(to).name
                    )));
                };
                if let Some(other) = self.unit_at(state, to) {
                    return Err(Illegal::new(format!(
                        "[{}, {}] is taken by `{}`",
                        at[0], at[1], self.units[other].id
                    )));
                }
                let climbing = self.arena.hex(here).levels != self.arena.hex(to).levels;
                if cost > turn.actions && !(climbing && self.rules.climb_carries_over) {
                    return Err(Illegal::new(format!(
                        "the step to [{}, {}] costs {cost} actions and `{name}` has {} left",
                        at[0], at[1], turn.actions
                    )));
                }
                Ok(())
            }
            Action::Attack { target, weapon } => {
                let weapon = self.units[turn.unit]
                    .weapons
                    .get(weapon)
                    .ok_or_else(|| Illegal::new(format!("`{name}` has no such weapon")))?;
                self.offensive(state, target)?;
                self.in_reach(
                    state,
                    here,
                    target,
                    &weapon.name,
                    weapon.ranged,
                    weapon.range,
                )
            }
            Action::Cast { spell, target } => {
                let spell = self.units[turn.unit]
                    .spells
                    .get(spell)
                    .ok_or_else(|| Illegal::new(format!("`{name}` has no such spell")))?;
                self.offensive(state, target)?;
                if me.spell_points < spell.cost {
                    return Err(Illegal::new(format!(
                        "{} costs {} spell points and `{name}` has {}",
                        spell.name, spell.cost, me.spell_points
                    )));
                }
                self.in_reach(
                    state,
                    here,
                    target,
                    &spell.name,
                    spell.range > 1,
                    spell.range,
                )
            }
            Action::Open(chest) => {
                non_offensive("open a chest")?;
                let (id, slot) = self
                    .chests
                    .get(chest)
                    .ok_or_else(|| Illegal::new("no such chest"))?;
                if state.opened[chest].is_some() {
                    return Err(Illegal::new(format!("chest `{id}` is already open")));
                }
                if *slot != here && !self.arena.adjacent(here).contains(slot) {
                    return Err(Illegal::new(format!(
                        "chest `{id}` is not on or next to `{name}`'s hex"
                    )));
                }
                Ok(())
            }
        }
    }

    /// An attack or spell may be made at `target` this turn.
    fn offensive(&self, state: &State, target: usize) -> Result<(), Illegal> {
        let Some(turn) = state.turn else {
            return Err(Illegal::new("no unit's turn is under way"));
        };
        let name = &self.units[turn.unit].id;
        if turn.attacks == 0 {
            return Err(Illegal::new(format!(
                "`{name}` has used its attacks for this turn ({} a turn)",
                self.units[turn.unit].attributes.attacks
            ))
            .with_help("`attacks` is how many of a unit's actions may be offensive"));
        }
        let Some(spec) = self.units.get(target) else {
            return Err(Illegal::new("no such target"));
        };
        if !state.units[target].active() {
            return Err(Illegal::new(format!("`{}` is not on the map", spec.id)));
        }
        if target == turn.unit || !self.units[turn.unit].enemy_of(spec) {
            return Err(Illegal::new(format!(
                "`{}` is on `{name}`'s own team",
                spec.id
            )));
        }
        Ok(())
    }

    /// The target is within the reach of the weapon or spell `name`: adjacent for melee, in
    /// range and sight when `ranged` (with the height bonus).
    pub(crate) fn in_reach(
        &self,
        state: &State,
        here: usize,
        target: usize,
        name: &str,
        ranged: bool,
        range: u32,
    ) -> Result<(), Illegal> {
        let there = state.units[target].at.unwrap_or(here);
        let d = distance(self.arena.hex(here).at, self.arena.hex(there).at);
        let target_id = &self.units[target].id;
        if !ranged {
            return if d <= 1 {
                Ok(())
            } else {
                Err(Illegal::new(format!(
                    "`{target_id}` is {d} hexes away; {} needs the target adjacent",
                    name
                )))
            };
        }
        let reach = self.arena.ranged_reach(here, range);
        if d > reach {
            return Err(Illegal::new(format!(
                "`{target_id}` is {d} hexes away; {} reaches {reach} from here",
                name
            )));
        }
        if !self.sees(here, there) {
            return Err(Illegal::new(format!(
                "`{target_id}` is out of sight, and {} is ranged",
                name
            ))
            .with_help("`megahex los` shows what blocks the line"));
        }
        Ok(())
    }

    /// Checks and then carries out an action with the dice given.
    pub fn apply(
        &self,
        state: &mut State,
        action: Action,
        dice: &mut dyn Dice,
    ) -> Result<Outcome, Illegal> {
        self.check(state, action)?;
        let Some(turn) = state.turn.as_mut() else {
            return Err(Illegal::new("no unit's turn is under way"));
        };
        let unit = turn.unit;
        let outcome = match action {
            Action::Step(to) => return self.step(state, to, dice),
            Action::Attack { target, weapon } => {
                turn.actions -= 1;
                turn.attacks -= 1;
                turn.attacked = true;
                let blow = self.blow(unit, Means::Weapon(weapon), target);
                self.strike(state, target, blow, dice)?
            }
            Action::Cast { spell, target } => {
                turn.actions -= 1;
                turn.attacks -= 1;
                turn.attacked = true;
                let cost = self.units[unit].spells.get(spell).map_or(0, |s| s.cost);
                state.units[unit].spell_points -= cost;
                let blow = self.blow(unit, Means::Spell(spell), target);
                self.strike(state, target, blow, dice)?
            }
            Action::Open(chest) => {
                turn.actions -= 1;
                let team = self.units[unit].team;
                state.opened[chest] = team;
                Outcome::default()
            }
        };
        self.check_objectives(state);
        Ok(outcome)
    }

    /// One step, with what entering the hex does.
    fn step(&self, state: &mut State, to: usize, dice: &mut dyn Dice) -> Result<Outcome, Illegal> {
        let mut outcome = Outcome::default();
        let Some(turn) = state.turn.as_mut() else {
            return Err(Illegal::new("no unit's turn is under way"));
        };
        let unit = turn.unit;
        let here = state.units[unit].at.unwrap_or(to);
        let cost = self.arena.step_cost(here, to).unwrap_or(u32::MAX);
        if cost > turn.actions {
            state.units[unit].climb = Some(Climb {
                to,
                remaining: cost - turn.actions,
            });
            turn.actions = 0;
            outcome.climb_started = true;
            return Ok(outcome);
        }
        turn.actions -= cost;
        state.units[unit].at = Some(to);
        let terrain = self.arena.terrain(to);
        if let Some(damage) = terrain.enter_damage {
            let rolled = match damage.dice_range() {
                None => damage.with_total(0),
                Some(_) => damage.with_total(dice.total(Roll::TerrainDamage, &damage)?),
            };
            let soak = if self.rules.soak_terrain_damage {
                self.units[unit].attributes.soak.max(0) as u32
            } else {
                0
            };
            let dealt = rolled.saturating_sub(soak);
            if self.wound(state, unit, dealt) {
                outcome.killed = true;
                self.check_objectives(state);
                return Ok(outcome);
            }
        }
        let me = &mut state.units[unit];
        me.water_steps = if terrain.water { me.water_steps + 1 } else { 0 };
        let steps = me.water_steps as usize;
        if terrain.water
            && let Some(monster) = self.water_monster()
            && state.units[monster].at.is_none()
            && state.units[monster].hit_points > 0
        {
            let face = dice.die(Roll::Monster, 6)?;
            if face <= u32::from(self.trigger.faces_at(steps))
                && let Some(slot) = self.surfacing(state, to)
            {
                state.units[monster].at = Some(slot);
                outcome.monster_surfaced = true;
                if let Some(turn) = state.turn.as_mut() {
                    turn.actions = 0;
                }
            }
        }
        self.check_objectives(state);
        Ok(outcome)
    }

    /// Where the water monster comes up next to a unit in water: the first free water hex
    /// around it, else the nearest free water hex anywhere.
    fn surfacing(&self, state: &State, near: usize) -> Option<usize> {
        let water = |slot: &usize| self.arena.terrain(*slot).water && !self.occupied(state, *slot);
        if let Some(&slot) = self.arena.adjacent(near).iter().find(|s| water(s)) {
            return Some(slot);
        }
        let at = self.arena.hex(near).at;
        (0..self.arena.hexes().len())
            .filter(water)
            .min_by_key(|&s| (distance(at, self.arena.hex(s).at), s))
    }

    /// A blow at `target` (seed 004's steps 2 to 8): D10 + Strike against D10 + Defense, ties
    /// to the attacker; the resistance check, if the blow allows one, against the same
    /// D10 + Strike; then the damage plus the bonus, less soak.
    fn strike(
        &self,
        state: &mut State,
        target: usize,
        blow: Option<Blow>,
        dice: &mut dyn Dice,
    ) -> Result<Outcome, Illegal> {
        let blow = blow.ok_or_else(|| Illegal::new("no such weapon or spell"))?;
        let strike = if blow.contested || blow.resistible {
            dice.die(Roll::Strike, 10)? as i32 + blow.strike
        } else {
            0
        };
        let mut hit = true;
        if blow.contested {
            hit = strike >= dice.die(Roll::Defense, 10)? as i32 + blow.defense;
        }
        if hit && blow.resistible {
            hit = dice.die(Roll::Resist, 10)? as i32 + blow.resistance <= strike;
        }
        let mut outcome = Outcome {
            hit,
            dealt: Some(0),
            ..Outcome::default()
        };
        if !hit {
            return Ok(outcome);
        }
        let rolled = match blow.damage.dice_range() {
            None => blow.damage.with_total(0),
            Some(_) => blow
                .damage
                .with_total(dice.total(Roll::Damage, &blow.damage)?),
        };
        let dealt =
            (i64::from(rolled) + i64::from(blow.bonus) - i64::from(blow.soak)).max(0) as u32;
        outcome.dealt = Some(dealt);
        outcome.killed = self.wound(state, target, dealt);
        Ok(outcome)
    }

    /// Takes hit points off a unit; true if that kills it (it leaves the map).
    fn wound(&self, state: &mut State, unit: usize, dealt: u32) -> bool {
        let u = &mut state.units[unit];
        u.hit_points = u
            .hit_points
            .saturating_sub(dealt.min(i32::MAX as u32) as i32);
        if u.hit_points <= 0 {
            u.at = None;
            u.climb = None;
            if let Some(turn) = state.turn.filter(|t| t.unit == unit) {
                state.turn = Some(Turn { actions: 0, ..turn });
            }
            return true;
        }
        false
    }
}
