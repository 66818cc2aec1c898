//! Attacks (rulebook "Attacking & Defending", "Types of Attacks", "Effect Tokens",
//! "Incapacitation").
//!
//! An attack is declared (which ability, origin, targets: checked against the rules, changing
//! nothing) and then resolved with its dice. "Any attack that hits multiple targets will always
//! use one attack roll for all of the targets, though each of the targets rolls defense
//! individually": one shared roll, each target's Attack+1 dice added for it alone, Aim on the
//! first target only, and each target's own defence. An Attack-1 or Defense-1 token takes one
//! die off its roll and is discarded; Attack+1 and Defense+1 tokens are spent one die each.
//! A character at 0 health is incapacitated (it loses all its tokens and keeps its hex); any
//! other target is destroyed. Damage past 0 becomes push, and an attack's `push` stat pushes a
//! target it deals damage to.

use crate::illegal::Illegal;
use megahex_schema::rulesets::sentinel_tactics::{AttackKind, AttackStats};

use super::figure::{Held, Status};
use super::{Game, State, best_pair};
use crate::board::Axial;
use crate::board::area::{self, Template};
use crate::board::distance;
use crate::board::los;
use crate::rulesets::sentinel_tactics::dice::{self, Attack, Defense, Faces};

/// The dice one target's part of an attack uses.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TargetDice {
    /// The target.
    pub target: usize,
    /// Attack+1 dice rolled for this target alone.
    pub extra: Vec<u8>,
    /// The target's defence dice, its Defense+1 dice included.
    pub defense: Vec<u8>,
    /// Defense+1 tokens the target spends.
    pub defense_plus: u32,
    /// The target spends its Dodge token.
    pub dodge: bool,
}

/// An attack checked against the rules, ready for its dice.
#[derive(Debug, Clone, PartialEq)]
pub struct Declared {
    /// The ability.
    pub attack: AttackStats,
    /// Area and vertex attacks: the origin hex.
    pub origin: Option<Axial>,
    /// Every target with the range its dice must make (before Reach), in token order.
    pub targets: Vec<(usize, u32)>,
    /// Dice in the one roll: the die code, one fewer for an Attack-1 token.
    pub roll_dice: u32,
    /// The attacker holds an Attack-1 token, used on this roll.
    pub minus: bool,
}

impl Declared {
    /// The range to `target`.
    pub fn range_to(&self, target: usize) -> Option<u32> {
        self.targets
            .iter()
            .find(|(t, _)| *t == target)
            .map(|&(_, r)| r)
    }
}

/// What an attack did to one target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hit {
    /// The target.
    pub target: usize,
    /// The dice as they fell.
    pub resolved: dice::Resolved,
    /// Range its dice had to make.
    pub range: u32,
    /// Health lost.
    pub damage: u32,
    /// Damage beyond the last health point.
    pub overkill: u32,
    /// How far it may be pushed: the overkill, plus the attack's `push` if it took damage.
    pub push: u32,
    /// Standing, incapacitated or destroyed afterwards.
    pub status: Status,
}

impl Game {
    /// The acting figure's attack named `with`.
    pub fn attack_named(&self, figure: usize, with: &str) -> Result<AttackStats, Illegal> {
        let me = &self.figures[figure];
        me.stats
            .as_ref()
            .and_then(|s| s.attacks.iter().find(|a| a.name == with))
            .cloned()
            .ok_or_else(|| {
                Illegal::new(format!(
                    "`{}` has no attack named `{with}` in its stats",
                    me.id
                ))
            })
    }

    /// The template of an area or vertex attack from `me`, and every target standing in it
    /// (the attacker is immune to its own attack), in token order.
    pub fn template_targets(
        &self,
        state: &State,
        me: usize,
        attack: &AttackStats,
        origin: Axial,
        corner: Option<u8>,
    ) -> Result<(Template, Vec<usize>), Illegal> {
        let board = &self.scene.board;
        let from = &state.pieces[me].hexes;
        let template = match attack.kind {
            AttackKind::Area => area::area(
                board,
                from,
                origin,
                attack.origin,
                attack.radius,
                self.scene.rules,
            ),
            AttackKind::Vertex => {
                let Some(corner) = corner else {
                    return Err(Illegal::from(format!(
                        "{} is a vertex attack and needs a `corner`",
                        attack.name
                    )));
                };
                area::vertex(
                    board,
                    from,
                    origin,
                    usize::from(corner),
                    attack.origin,
                    self.scene.rules,
                )
            }
            AttackKind::Melee | AttackKind::Range => {
                return Err(Illegal::from(format!("{} has no template", attack.name)));
            }
        };
        if let Some(problem) = &template.origin_problem {
            return Err(Illegal::from(format!("{}: {problem}", attack.name)));
        }
        let inside: Vec<usize> = state
            .pieces
            .iter()
            .enumerate()
            .filter(|&(i, p)| {
                i != me && p.attackable() && p.hexes.iter().any(|h| template.hits.contains(h))
            })
            .map(|(i, _)| i)
            .collect();
        Ok((template, inside))
    }

    /// Checks an attack by the acting figure against the rules: the ability exists and is free
    /// this turn, an action is left, and each target can be attacked (melee: adjacent; range:
    /// in sight; area and vertex: every target in the template is named, and only those).
    /// Changes nothing.
    pub fn declare(
        &self,
        state: &State,
        with: &str,
        origin: Option<Axial>,
        corner: Option<u8>,
        targets: &[usize],
    ) -> Result<Declared, Illegal> {
        let me = self.acting(state)?;
        let attack = self.attack_named(me, with)?;
        self.can_use(state, &attack)?;
        let board = &self.scene.board;
        for (i, &t) in targets.iter().enumerate() {
            if targets[..i].contains(&t) {
                return Err(Illegal::from(format!(
                    "`{}` is named twice",
                    self.figures[t].id
                )));
            }
            if t == me {
                return Err(Illegal::from("a figure is immune to its own attacks"));
            }
            let piece = &state.pieces[t];
            if !piece.attackable() {
                return Err(Illegal::from(format!(
                    "`{}` is {} and cannot be attacked",
                    self.figures[t].id,
                    if piece.status == Status::Destroyed {
                        "destroyed"
                    } else {
                        "incapacitated"
                    }
                )));
            }
        }
        let from = &state.pieces[me].hexes;
        let ranged: Vec<(usize, u32)> = match attack.kind {
            AttackKind::Melee | AttackKind::Range => {
                let [target] = targets else {
                    return Err(Illegal::from(format!(
                        "{} attacks one target; give it as `target`",
                        attack.name
                    )));
                };
                let to = &state.pieces[*target].hexes;
                let id = &self.figures[*target].id;
                let range = if attack.kind == AttackKind::Melee {
                    best_pair(board, from, to, &|a, b| distance(a, b) == 1).ok_or_else(|| {
                        format!("{} is melee, and `{id}` is not adjacent", attack.name)
                    })?
                } else {
                    best_pair(board, from, to, &|a, b| self.sees(a, b)).ok_or_else(|| {
                        format!(
                            "`{}` has no line of sight to `{id}` ({})",
                            self.figures[me].id,
                            self.scene.rules.name()
                        )
                    })?
                };
                vec![(*target, range.2)]
            }
            AttackKind::Area | AttackKind::Vertex => {
                let Some(origin) = origin else {
                    return Err(Illegal::from(format!(
                        "{} needs an `origin` hex",
                        attack.name
                    )));
                };
                let (template, inside) =
                    self.template_targets(state, me, &attack, origin, corner)?;
                if let Some(&stray) = targets.iter().find(|t| !inside.contains(t)) {
                    return Err(Illegal::from(format!(
                        "`{}` is not in the attack's template",
                        self.figures[stray].id
                    )));
                }
                if let Some(&missed) = inside.iter().find(|t| !targets.contains(t)) {
                    let at = state.pieces[missed]
                        .hexes
                        .iter()
                        .find(|h| template.hits.contains(h))
                        .copied()
                        .unwrap_or(origin);
                    return Err(Illegal::from(format!(
                        "`{}` stands in the template on [{}, {}] and is not among the targets; the attack hits every target in it but its source",
                        self.figures[missed].id, at[0], at[1]
                    )));
                }
                inside
                    .iter()
                    .map(|&t| {
                        let range = state.pieces[t]
                            .hexes
                            .iter()
                            .filter(|h| template.hits.contains(h))
                            .filter_map(|&h| los::range(board, origin, h, 0))
                            .min()
                            .unwrap_or(0);
                        (t, range)
                    })
                    .collect()
            }
        };
        let minus = state.pieces[me].held.effects.attack_minus > 0;
        Ok(Declared {
            roll_dice: attack.dice.saturating_sub(u32::from(minus)),
            attack,
            origin,
            targets: ranged,
            minus,
        })
    }

    /// Defence dice `target` rolls when it spends `plus` Defense+1 tokens: its `defense`, one
    /// fewer for a Defense-1 token, one more per Defense+1 token.
    pub fn defense_dice(&self, state: &State, target: usize, plus: u32) -> Result<u32, Illegal> {
        let figure = &self.figures[target];
        // A target with no roster figure (a pylon with health) has no defence dice.
        let base = match figure.stats.as_ref() {
            Some(stats) => stats
                .defense
                .ok_or_else(|| format!("`{}` has no `defense` in its stats", figure.id))?,
            None if figure.kind.is_figure() => {
                return Err(Illegal::from(format!(
                    "`{}` has no stats; give at least `health` and `defense` under `stats:`",
                    figure.id
                )));
            }
            None => 0,
        };
        let held = &state.pieces[target].held.effects;
        if plus > held.defense_plus {
            return Err(Illegal::from(format!(
                "`{}` spends {plus} Defense+1 token(s) and holds {}",
                figure.id, held.defense_plus
            )));
        }
        Ok((base + plus).saturating_sub(u32::from(held.defense_minus > 0)))
    }

    /// Resolves a declared attack with its dice: `roll` is the one attack roll, `aim` spends
    /// the attacker's Aim token (on the first target of `dice`), and `dice` gives each target's
    /// part, in the order they are resolved.
    pub fn resolve(
        &self,
        state: &mut State,
        declared: &Declared,
        roll: &[u8],
        aim: bool,
        dice: &[TargetDice],
    ) -> Result<Vec<Hit>, Illegal> {
        let me = self.acting(state)?;
        let attack = &declared.attack;
        let id = &self.figures[me].id;
        if dice.len() != declared.targets.len()
            || dice.iter().any(|d| declared.range_to(d.target).is_none())
        {
            return Err(Illegal::from(format!(
                "{} hits {}; give each of them once",
                attack.name,
                self.names(declared.targets.iter().map(|&(t, _)| t))
            )));
        }
        if roll.len() != declared.roll_dice as usize {
            return Err(Illegal::from(format!(
                "{} rolls {} dice here{}, and the script gives {}",
                attack.name,
                declared.roll_dice,
                if declared.minus {
                    " (one fewer for the Attack-1 token)"
                } else {
                    ""
                },
                roll.len()
            )));
        }
        let held = state.pieces[me].held;
        if aim && !held.aim {
            return Err(Illegal::from(format!("`{id}` has no Aim token to spend")));
        }
        let extra: u32 = dice.iter().map(|d| d.extra.len() as u32).sum();
        if extra > held.effects.attack_plus {
            return Err(Illegal::from(format!(
                "`{id}` spends {extra} Attack+1 token(s) and holds {}",
                held.effects.attack_plus
            )));
        }
        // Check every defender's dice before anything changes.
        for (i, d) in dice.iter().enumerate() {
            let range = declared.range_to(d.target).unwrap_or(0);
            let all: Vec<u8> = roll.iter().chain(&d.extra).copied().collect();
            let defends = target_defends(attack, &all, aim && i == 0, range, d);
            self.check_defense(state, d, defends)?;
        }
        self.take_ability(state, attack, extra)?;
        {
            let spent = &mut state.pieces[me].held;
            spent.aim &= !aim;
            spent.effects.attack_plus -= extra;
            if declared.minus {
                spent.effects.attack_minus -= 1;
            }
        }
        let mut hits = Vec::with_capacity(dice.len());
        for (i, d) in dice.iter().enumerate() {
            let range = declared.range_to(d.target).unwrap_or(0);
            let all: Vec<u8> = roll.iter().chain(&d.extra).copied().collect();
            hits.push(self.land(state, attack, &all, aim && i == 0, range, d)?);
        }
        Ok(hits)
    }

    /// The ids of some figures, for messages.
    pub(crate) fn names(&self, figures: impl Iterator<Item = usize>) -> String {
        let names: Vec<String> = figures
            .map(|f| format!("`{}`", self.figures[f].id))
            .collect();
        names.join(", ")
    }

    /// Are a defender's dice right for what it holds, and for whether it `defends` at all (an
    /// attack roll with no die that makes range is not defended)?
    fn check_defense(&self, state: &State, d: &TargetDice, defends: bool) -> Result<(), Illegal> {
        let id = &self.figures[d.target].id;
        let piece = &state.pieces[d.target];
        if !piece.attackable() {
            return Err(Illegal::from(format!("`{id}` cannot be attacked")));
        }
        if piece.health.is_none() {
            return Err(Illegal::from(format!(
                "`{id}` has no `health` in its stats"
            )));
        }
        if !defends {
            let spent = [
                (!d.defense.is_empty(), "rolls no defence dice"),
                (d.defense_plus > 0, "spends no Defense+1 token"),
                (d.dodge, "spends no Dodge token"),
            ];
            if let Some((_, what)) = spent.iter().find(|(given, _)| *given) {
                return Err(Illegal::from(format!(
                    "no attack die makes range against `{id}`, so it {what} (\"if at least one of your attack dice makes range, the target of your attack would roll defense dice\"); leave out its `defense`, `defense-plus` and `dodge`"
                )));
            }
            return Ok(());
        }
        let want = self.defense_dice(state, d.target, d.defense_plus)?;
        if d.defense.len() != want as usize {
            return Err(Illegal::from(format!(
                "`{id}` rolls {want} defence dice{}, and the script gives {}",
                if piece.held.effects.defense_minus > 0 {
                    " (one fewer for its Defense-1 token)"
                } else {
                    ""
                },
                d.defense.len()
            )));
        }
        if d.dodge && !piece.held.dodge {
            return Err(Illegal::from(format!("`{id}` has no Dodge token to spend")));
        }
        Ok(())
    }

    /// One attack roll landing on one target: its defence, the damage, and what becomes of it.
    pub(crate) fn land(
        &self,
        state: &mut State,
        attack: &AttackStats,
        roll: &[u8],
        aim: bool,
        range: u32,
        d: &TargetDice,
    ) -> Result<Hit, Illegal> {
        let defends = target_defends(attack, roll, aim, range, d);
        self.check_defense(state, d, defends)?;
        let piece = &state.pieces[d.target];
        // A Defense-1 token is used on a defence roll; with none rolled it stays.
        let minus = defends && piece.held.effects.defense_minus > 0;
        let resolved = dice::resolve(
            roll,
            &attack_dice(attack, range, aim, d),
            &d.defense,
            &Defense {
                dice: d.defense.len() as u32,
                dodge: d.dodge,
                plus: d.defense_plus,
                minus,
            },
        )
        .map_err(|e| e.to_string())?;
        let figure = &self.figures[d.target];
        let piece = &mut state.pieces[d.target];
        let health = piece.health.unwrap_or(0);
        piece.held.dodge &= !d.dodge;
        piece.held.effects.defense_plus -= d.defense_plus;
        if minus {
            piece.held.effects.defense_minus -= 1;
        }
        let damage = resolved.damage;
        let overkill = damage.saturating_sub(health);
        let left = health.saturating_sub(damage);
        piece.health = Some(left);
        if left == 0 {
            if figure.is_character() {
                // "They lose all tokens ... and their token is flipped to the incapacitated side."
                piece.status = Status::Incapacitated;
                piece.held = Held::default();
                // "any power cards in play are returned to their hand".
                piece.in_play = 0;
            } else {
                piece.status = Status::Destroyed;
            }
        }
        let push = overkill + if damage > 0 { attack.push } else { 0 };
        Ok(Hit {
            target: d.target,
            resolved,
            range,
            damage,
            overkill,
            push,
            status: piece.status,
        })
    }
}

/// The attack dice one target's part of an attack rolls: the ability's, at `range`, with Aim
/// and the Attack+1 dice rolled for it (`roll` holds those too).
fn attack_dice(attack: &AttackStats, range: u32, aim: bool, d: &TargetDice) -> Attack {
    Attack {
        dice: attack.dice,
        auto_miss: Faces::of(&attack.auto_miss).unwrap_or_default(),
        range,
        reach: attack.reach,
        aim,
        plus: d.extra.len() as u32,
        minus: false,
    }
}

/// Whether the target of `d` rolls defence against `roll` (its Attack+1 dice included): only
/// when at least one die makes range. A roll the dice rules refuse is left for
/// [`dice::resolve`] to report, so it counts as defended here.
pub fn target_defends(
    attack: &AttackStats,
    roll: &[u8],
    aim: bool,
    range: u32,
    d: &TargetDice,
) -> bool {
    dice::makes_range(roll, &attack_dice(attack, range, aim, d)).unwrap_or(true)
}
