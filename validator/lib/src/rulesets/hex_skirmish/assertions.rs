//! The designer's claims (`assert:`) on a hex-skirmish arena: sight and range by the ruleset's
//! own line of sight ([`super::view::sight`]), reach by its movement ([`super::moves`]), balance
//! by its self-play, judged as every ruleset's balance claim is
//! ([`crate::simulate::balance_finding`]). Movement here rolls no dice, so a reach claim's
//! worst case and average are the same count of turns.

use megahex_schema::HexRef;
use megahex_schema::rulesets::hex_skirmish::Scenario;
use megahex_schema::rulesets::hex_skirmish::assertions::{
    Assertion, BalanceClaim, OddsClaim, Place, RangeClaim, ReachClaim, SightClaim,
};

use super::arena::Arena;
use super::game::Game;
use super::state::State;
use crate::board::Axial;
use crate::claims::{claim_failed, query_arg};
use crate::diagnostic::{Code, Diagnostic};

#[cfg(test)]
mod tests;

/// The most turns a reach claim's answer is looked for beyond what it claims, to say how many
/// it takes.
const MORE_TURNS: u32 = 20;

fn kind_of(claim: &Assertion) -> &'static str {
    match claim {
        Assertion::Sight(_) => "sight",
        Assertion::Range(_) => "range",
        Assertion::Reach(_) => "reach",
        Assertion::Odds(_) => "odds",
        Assertion::Balance(_) => "balance",
    }
}

/// The claims' ends that name nothing on the map: reported with the other references.
pub fn check_places(scenario: &Scenario, arena: &Arena, out: &mut Vec<Diagnostic>) {
    let ids: Vec<&str> = scenario
        .units
        .iter()
        .map(|u| u.id.as_str())
        .chain(scenario.chests.iter().map(|c| c.id.as_str()))
        .collect();
    for (i, claim) in scenario.assertions.iter().enumerate() {
        let kind = kind_of(claim);
        let ends: Vec<(&str, Place)> = match claim {
            Assertion::Sight(SightClaim { from, to, .. })
            | Assertion::Range(RangeClaim { from, to, .. }) => {
                vec![("from", from.clone()), ("to", to.clone())]
            }
            Assertion::Reach(ReachClaim { figure, hex, .. }) => {
                vec![
                    ("figure", Place::Token(figure.clone())),
                    ("hex", hex.clone()),
                ]
            }
            Assertion::Odds(OddsClaim {
                attacker, defender, ..
            }) => vec![
                ("attacker", Place::Token(attacker.clone())),
                ("defender", Place::Token(defender.clone())),
            ],
            Assertion::Balance(BalanceClaim { team, .. }) => {
                if !scenario.teams.iter().any(|t| t.id == *team) {
                    out.push(Diagnostic::error(
                        Code::UnknownReference,
                        format!("/assert/{i}/{kind}/team"),
                        format!(
                            "assert[{i}] names team `{team}`, which this scenario does not have"
                        ),
                    ));
                }
                Vec::new()
            }
        };
        for (end, place) in ends {
            let pointer = format!("/assert/{i}/{kind}/{end}");
            match place {
                Place::Token(id) if !ids.contains(&id.as_str()) => out.push(
                    Diagnostic::error(
                        Code::UnknownReference,
                        pointer,
                        format!(
                            "assert[{i}] names `{id}`, which is no unit or chest of this scenario"
                        ),
                    )
                    .with_help(format!("known: {}", ids.join(", "))),
                ),
                Place::Hex(HexRef::Axial(at)) if arena.slot(at).is_none() => out.push(
                    Diagnostic::error(
                        Code::HexOffMap,
                        pointer,
                        format!(
                            "assert[{i}] names [{}, {}], which is not on the map",
                            at[0], at[1]
                        ),
                    )
                    .with_hexes([at]),
                ),
                Place::Hex(HexRef::Axial(_)) | Place::Token(_) => {}
                Place::Hex(other) => out.push(
                    Diagnostic::error(
                        Code::HexOffMap,
                        pointer,
                        format!("assert[{i}] names `{other}`, but a hex-skirmish map has no tiles"),
                    )
                    .with_help("write the hex as [q, r], or name a unit or chest"),
                ),
            }
        }
    }
}

/// Where an end stands at the start of the game, and the unit standing there.
fn place(game: &Game, state: &State, place: &Place) -> Option<(Axial, Option<usize>)> {
    match place {
        Place::Hex(HexRef::Axial(at)) => {
            let slot = game.arena.slot(*at)?;
            Some((*at, game.unit_at(state, slot)))
        }
        Place::Hex(_) => None,
        Place::Token(id) => super::view::resolve_arg(game, state, id).ok(),
    }
}

/// Every claim that does not hold, at its line. Ends that name nothing are left to
/// [`check_places`].
pub fn check(scenario: &Scenario) -> Vec<Diagnostic> {
    if scenario.assertions.is_empty() {
        return Vec::new();
    }
    let game = Game::new(scenario);
    let state = game.start();
    scenario
        .assertions
        .iter()
        .enumerate()
        .filter_map(|(i, claim)| {
            let pointer = format!("/assert/{i}");
            match claim {
                Assertion::Sight(claim) => sight_fails(&game, &state, claim, pointer),
                Assertion::Range(claim) => range_fails(&game, &state, claim, pointer),
                Assertion::Reach(claim) => reach_fails(&game, &state, claim, pointer),
                Assertion::Odds(claim) => odds_fails(&game, claim, pointer),
                Assertion::Balance(claim) => balance_fails(scenario, claim, pointer),
            }
        })
        .collect()
}

/// What the arena shows for a sight or range claim, true or false: the sight and the hexes
/// that block it, or the range. A text editor shows it beside the claim.
pub fn witness(scenario: &Scenario, claim: &Assertion) -> Option<String> {
    let game = Game::new(scenario);
    let state = game.start();
    match claim {
        Assertion::Sight(claim) => {
            let (from, _) = place(&game, &state, &claim.from)?;
            let (to, _) = place(&game, &state, &claim.to)?;
            let sight = super::view::sight(&game, from, to)?;
            let rule = super::view::rule_name(game.rules.los_blocking, game.rules.los_edges);
            Some(match (sight.visible, sight.blocked_by.as_slice()) {
                (true, _) => format!("{} sees {} under rule {rule}", claim.from, claim.to),
                (false, []) => {
                    format!("{} does not see {} under rule {rule}", claim.from, claim.to)
                }
                (false, blocked) => format!(
                    "{} does not see {} under rule {rule}: blocked at {}",
                    claim.from,
                    claim.to,
                    blocked
                        .iter()
                        .map(|h| format!("{h:?}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            })
        }
        Assertion::Range(claim) => {
            let (from, _) = place(&game, &state, &claim.from)?;
            let (to, _) = place(&game, &state, &claim.to)?;
            let range = super::view::sight(&game, from, to)?.range;
            Some(format!(
                "the range from {} to {} is {range} ({from:?} to {to:?})",
                claim.from, claim.to
            ))
        }
        _ => None,
    }
}

fn sight_fails(
    game: &Game,
    state: &State,
    claim: &SightClaim,
    pointer: String,
) -> Option<Diagnostic> {
    let (from, _) = place(game, state, &claim.from)?;
    let (to, _) = place(game, state, &claim.to)?;
    let sight = super::view::sight(game, from, to)?;
    if sight.visible == claim.visible {
        return None;
    }
    let rule = super::view::rule_name(game.rules.los_blocking, game.rules.los_edges);
    let (verdict, asserted) = match sight.visible {
        true => ("sees", "does not"),
        false => ("does not see", "does"),
    };
    Some(
        Diagnostic::error(
            Code::AssertionFailed,
            pointer,
            format!(
                "{} {verdict} {} under rule {rule}, but the claim says it {asserted}",
                claim.from, claim.to
            ),
        )
        .with_help(format!(
            "`megahex los FILE --from {} --to {}` explains the verdict; change the map or the units, or correct the claim",
            query_arg(&claim.from),
            query_arg(&claim.to)
        ))
        .with_hexes([vec![from, to], sight.blocked_by.clone()].concat()),
    )
}

fn range_fails(
    game: &Game,
    state: &State,
    claim: &RangeClaim,
    pointer: String,
) -> Option<Diagnostic> {
    let (from, _) = place(game, state, &claim.from)?;
    let (to, _) = place(game, state, &claim.to)?;
    let range = super::view::sight(game, from, to)?.range;
    let broken = crate::claims::range_broken(claim, range);
    claim_failed(pointer, &broken, |says| {
        format!(
            "the range from {} to {} is {range}, but the claim says it {}",
            claim.from, claim.to, says
        )
    })
    .map(|failed| {
        failed
            .with_help(format!(
                "`megahex los FILE --from {} --to {}` gives the range",
                query_arg(&claim.from),
                query_arg(&claim.to)
            ))
            .with_hexes([from, to])
    })
}

/// The fewest turns, up to `limit`, for `unit` to stand on `goal`, moving with all its actions
/// each turn.
fn turns_to(game: &Game, state: &State, unit: usize, goal: Axial, limit: u32) -> Option<u32> {
    let actions = game.units[unit].attributes.actions.max(1);
    (0..=limit).find(|&turns| {
        let budget = turns.saturating_mul(actions);
        super::moves::destinations(game, state, unit, budget)
            .iter()
            .any(|d| d.at == goal)
    })
}

fn reach_fails(
    game: &Game,
    state: &State,
    claim: &ReachClaim,
    pointer: String,
) -> Option<Diagnostic> {
    let (start, unit) = place(game, state, &Place::Token(claim.figure.clone()))?;
    let (goal, _) = place(game, state, &claim.hex)?;
    let Some(unit) = unit else {
        return Some(Diagnostic::error(
            Code::AssertionFailed,
            pointer,
            format!(
                "cannot check that `{}` reaches {}: `{}` is not a unit",
                claim.figure, claim.hex, claim.figure
            ),
        ));
    };
    if start == goal {
        return None;
    }
    let limit = claim.within_turns.saturating_add(MORE_TURNS);
    let taken = turns_to(game, state, unit, goal, limit);
    if taken.is_some_and(|t| t <= claim.within_turns) {
        return None;
    }
    let found = match taken {
        Some(turns) => format!("takes {turns} turns"),
        None => format!("does not get there in {limit} turns"),
    };
    Some(
        Diagnostic::error(
            Code::AssertionFailed,
            pointer,
            format!(
                "`{}` {found} to stand on {}, moving with its {} action(s) a turn, but the claim says within {}",
                claim.figure, claim.hex, game.units[unit].attributes.actions, claim.within_turns
            ),
        )
        .with_help(format!(
            "`megahex reach FILE --from {} --actions N` shows where it gets with N actions",
            claim.figure
        ))
        .with_hexes([start, goal]),
    )
}

/// One blow's odds, as `megahex odds --ruleset hex-skirmish` works them out from the two
/// units' attributes: where the units stand does not enter into it.
fn odds_fails(game: &Game, claim: &OddsClaim, pointer: String) -> Option<Diagnostic> {
    use super::game::Means;
    use crate::claims::{chance, damage, odds_broken};
    let attacker = game.unit(&claim.attacker)?;
    let defender = game.unit(&claim.defender)?;
    let spec = &game.units[attacker];
    let means = spec
        .weapons
        .iter()
        .position(|w| w.name == claim.attack)
        .map(Means::Weapon)
        .or_else(|| {
            spec.spells
                .iter()
                .position(|s| s.name == claim.attack)
                .map(Means::Spell)
        });
    let Some(blow) = means.and_then(|m| game.blow(attacker, m, defender)) else {
        let names: Vec<&str> = spec
            .weapons
            .iter()
            .map(|w| w.name.as_str())
            .chain(spec.spells.iter().map(|s| s.name.as_str()))
            .collect();
        return Some(
            Diagnostic::error(
                Code::AssertionFailed,
                pointer,
                format!(
                    "cannot check `{}`'s {}: it has no weapon or spell of that name",
                    claim.attacker, claim.attack
                ),
            )
            .with_help(format!("its weapons and spells: {}", names.join(", "))),
        );
    };
    let odds = super::odds::blow_odds(&blow);
    let expected = odds.expected();
    let at_least_one = 1.0 - odds.probabilities().first().copied().unwrap_or(1.0);
    let wrong = odds_broken(claim, expected, at_least_one);
    claim_failed(pointer, &wrong, |says| {
        format!(
            "one blow of `{}`'s {} on `{}`: expected damage {}, 1 damage or more {}; but the claim says {}",
            claim.attacker,
            claim.attack,
            claim.defender,
            damage(expected),
            chance(at_least_one),
            says
        )
    })
    .map(|failed| {
        failed
            .with_help("`megahex odds --ruleset hex-skirmish --strike S --defense D --damage DICE` works out one blow; change the units' attributes, or correct the claim")
    })
}

fn balance_fails(scenario: &Scenario, claim: &BalanceClaim, pointer: String) -> Option<Diagnostic> {
    if !scenario.teams.iter().any(|t| t.id == claim.team) {
        return None;
    }
    let results =
        match super::selfplay::simulate(scenario, claim.games, u64::from(claim.seed), &|| {}) {
            Ok(results) => results,
            Err(e) => return Some(crate::simulate::cannot_play(&claim.team, &e, pointer)),
        };
    let teams = scenario.teams.iter().map(|t| t.id.clone()).collect();
    crate::simulate::balance_finding(claim, &crate::simulate::summarise(teams, &results), pointer)
}
