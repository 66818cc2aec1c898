//! Turns to kill for every pair of enemies in a scenario: how long each unit takes to bring
//! down each enemy, striking with its best weapon every turn, or casting a spell while its
//! points last and then the best weapon, from the exact odds of a blow.

use super::duel::strikes_a_turn;
use super::game::{Game, Means};
use super::kill::{KillTable, MAX_TURNS, turns_to_kill_opening, turns_to_kill_planned};
use super::moves;
use super::state::State;
use super::{Blow, Damage, blow_odds};
use crate::odds::Odds;

/// One attacker against one enemy, with one weapon or spell.
#[derive(Debug, Clone, PartialEq)]
pub struct Matchup {
    /// The attacker's id.
    pub attacker: String,
    /// The enemy's id.
    pub defender: String,
    /// The weapon or spell struck with first.
    pub weapon: String,
    /// For a spell: how many times the attacker's spell points let it be cast, and the weapon
    /// struck with after (the one with the most expected damage against this enemy).
    pub then: Option<(u32, String)>,
    /// Chance that one strike of it lands (its damage may still all be soaked).
    pub hit: f64,
    /// The damage of one strike of it.
    pub odds: Odds,
    /// Strikes a turn (its `attacks`, at most one an action) until the enemy's hit points
    /// are gone.
    pub kill: KillTable,
    /// Actions the attacker spends moving from where it starts to a hex it can strike the
    /// enemy from, the enemy standing where it starts; `None` when there is no such hex.
    pub approach: Option<u32>,
    /// The same turns to kill counted from the start, moving first: turns on the way strike
    /// nothing, and the turn it arrives strikes with the actions left.
    pub from_start: Option<KillTable>,
}

impl Matchup {
    /// What it strikes with, in words: `Scald ×4, then Staff` for a spell.
    pub fn means(&self) -> String {
        match &self.then {
            None => self.weapon.clone(),
            Some((casts, weapon)) => format!("{} ×{casts}, then {weapon}", self.weapon),
        }
    }
}

/// Every ordered pair of enemies, attackers in file order: the best weapon (the most expected
/// damage), or a spell cast while its points last when that brings the enemy down sooner on
/// average.
pub fn matchups(game: &Game) -> Vec<Matchup> {
    let mut out = Vec::new();
    for (a, attacker) in game.units.iter().enumerate() {
        for (d, defender) in game.units.iter().enumerate() {
            if a == d || !attacker.enemy_of(defender) {
                continue;
            }
            let weapon = (0..attacker.weapons.len())
                .filter_map(|w| matchup(game, a, Means::Weapon(w), d))
                .max_by(|x, y| x.odds.expected().total_cmp(&y.odds.expected()));
            let turns = |m: &Matchup| m.kill.expected_turns.unwrap_or(f64::INFINITY);
            let spell = (0..attacker.spells.len())
                .filter_map(|s| matchup(game, a, Means::Spell(s), d))
                .filter(|m| m.then.is_some())
                .min_by(|x, y| turns(x).total_cmp(&turns(y)));
            let best = match (weapon, spell) {
                (Some(w), Some(s)) if turns(&s) < turns(&w) => Some(s),
                (Some(w), _) => Some(w),
                (None, s) => s,
            };
            out.extend(best);
        }
    }
    out
}

/// Unit `attacker` striking unit `defender` with `means` every turn, as many times a turn as
/// it may: the chance one strike lands, its damage, and the turns it takes. A spell is cast
/// while the attacker's spell points last, then its best weapon strikes. `None` if the
/// attacker has no such weapon or spell, or too few points to cast it once.
pub fn matchup(game: &Game, attacker: usize, means: Means, defender: usize) -> Option<Matchup> {
    let blow = game.blow(attacker, means, defender)?;
    let (me, them) = (&game.units[attacker], &game.units[defender]);
    let odds = blow_odds(&blow);
    // The chance it lands, soak or not: the same blow dealing exactly 1.
    let lands = blow_odds(&Blow {
        damage: Damage::Fixed(1),
        bonus: 0,
        soak: 0,
        ..blow
    });
    let strikes = strikes_a_turn(&me.attributes);
    let mut plan = vec![means];
    let (name, opening, then) = match means {
        Means::Weapon(w) => (me.weapons.get(w)?.name.clone(), Vec::new(), None),
        Means::Spell(s) => {
            let spell = me.spells.get(s)?;
            let casts = me
                .attributes
                .spell_points
                .checked_div(spell.cost)
                .unwrap_or(u32::MAX);
            if casts == 0 {
                return None;
            }
            // Every strike the table counts, at most.
            let most = MAX_TURNS as u32 * strikes.max(1);
            let (weapon, after) = best_weapon(game, attacker, defender)?;
            plan.extend(best_weapon_index(game, attacker, defender).map(Means::Weapon));
            let casts = casts.min(most);
            let opening = vec![odds.clone(); casts as usize];
            (spell.name.clone(), opening, Some((casts, weapon, after)))
        }
    };
    let after = then.as_ref().map_or(&odds, |(_, _, after)| after);
    let kill = turns_to_kill_opening(
        &opening,
        after,
        them.attributes.hit_points,
        strikes,
        MAX_TURNS,
    );
    let approach = approach_actions(game, attacker, defender, &plan);
    let from_start = approach.and_then(|actions| {
        let lead = lead_turns(actions, me.attributes.actions, strikes)?;
        Some(turns_to_kill_planned(
            &opening,
            after,
            them.attributes.hit_points,
            strikes,
            &lead,
            MAX_TURNS,
        ))
    });
    Some(Matchup {
        attacker: me.id.clone(),
        defender: them.id.clone(),
        weapon: name,
        then: then.map(|(casts, weapon, _)| (casts, weapon)),
        hit: lands.probabilities().get(1).copied().unwrap_or(0.0),
        odds,
        kill,
        approach,
        from_start,
    })
}

/// Most actions an approach is searched for: far beyond any arena's width.
const MOST_APPROACH: u32 = 500;

/// The fewest actions `attacker` spends moving from its start to a hex from which every means
/// of `plan` can strike `defender` where it starts (adjacent for melee, in range and sight
/// when ranged); `None` for a unit not on the map at the start, or no such hex.
pub fn approach_actions(
    game: &Game,
    attacker: usize,
    defender: usize,
    plan: &[Means],
) -> Option<u32> {
    let state = game.start();
    state.units[attacker].at?;
    state.units[defender].at?;
    moves::paths(game, &state, attacker, MOST_APPROACH)
        .reached()
        .filter(|(slot, _)| {
            plan.iter()
                .all(|means| strikes_from(game, &state, attacker, defender, *slot, *means))
        })
        .map(|(_, cost)| cost)
        .min()
}

/// Whether `attacker` standing on `slot` has `defender` within the reach of `means`.
fn strikes_from(
    game: &Game,
    state: &State,
    attacker: usize,
    defender: usize,
    slot: usize,
    means: Means,
) -> bool {
    let unit = &game.units[attacker];
    let reach = match means {
        Means::Weapon(w) => unit.weapons.get(w).map(|w| (&w.name, w.ranged, w.range)),
        Means::Spell(s) => unit.spells.get(s).map(|s| (&s.name, s.range > 1, s.range)),
    };
    reach.is_some_and(|(name, ranged, range)| {
        game.in_reach(state, slot, defender, name, ranged, range)
            .is_ok()
    })
}

/// The strikes of the turns before the attacker strikes in full: none in each turn spent
/// moving, and in the turn it arrives as many as the actions left allow. `None` when it has no
/// actions to move with.
fn lead_turns(approach: u32, actions: u32, strikes: u32) -> Option<Vec<u32>> {
    if approach == 0 {
        return Some(Vec::new());
    }
    let whole = approach.checked_div(actions)?;
    let mut lead = vec![0; whole as usize];
    let spent = approach % actions;
    if spent > 0 {
        lead.push(strikes.min(actions - spent));
    }
    Some(lead)
}

/// The weapon of `attacker` with the most expected damage against `defender`, and its odds.
pub fn best_weapon(game: &Game, attacker: usize, defender: usize) -> Option<(String, Odds)> {
    let w = best_weapon_index(game, attacker, defender)?;
    let blow = game.blow(attacker, Means::Weapon(w), defender)?;
    Some((
        game.units[attacker].weapons.get(w)?.name.clone(),
        blow_odds(&blow),
    ))
}

/// The place of [`best_weapon`] among the attacker's weapons.
fn best_weapon_index(game: &Game, attacker: usize, defender: usize) -> Option<usize> {
    let unit = game.units.get(attacker)?;
    (0..unit.weapons.len())
        .filter_map(|w| {
            let blow = game.blow(attacker, Means::Weapon(w), defender)?;
            Some((w, blow_odds(&blow).expected()))
        })
        .max_by(|x, y| x.1.total_cmp(&y.1))
        .map(|(w, _)| w)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(yaml: &str) -> Game {
        Game::new(&serde_yaml::from_str(yaml).unwrap())
    }

    #[test]
    fn sure_strikes_kill_on_schedule_and_the_better_weapon_is_chosen() {
        // Strike 9 against Defense 0 always hits. The axe deals 3, the knife 1: 10 hit points
        // fall to the axe in 4 strikes, which two attacks a turn make in 2 turns.
        let g = game(
            "format: 1\nruleset: hex-skirmish\nmap: {hexagon: {radius: 2}}\nteams: [{id: a}, {id: b}]\nunits:\n  - {id: x, team: a, at: [0, 0], actions: 2, attacks: 2, strike: 9, hit-points: 5, weapons: [{name: Knife, damage: 1}, {name: Axe, damage: 3}]}\n  - {id: y, team: b, at: [1, 0], actions: 2, attacks: 1, hit-points: 10}\n",
        );
        let pairs = matchups(&g);
        assert_eq!(pairs.len(), 2);
        let first = &pairs[0];
        assert_eq!(
            (first.attacker.as_str(), first.defender.as_str()),
            ("x", "y")
        );
        assert_eq!(first.weapon, "Axe");
        assert_eq!(first.hit, 1.0);
        assert_eq!(first.kill.expected_turns, Some(2.0));
        // y, unarmed for 1 against x's 5 hit points, with a 55 % strike: every strike is
        // geometric, so 5 / 0.55 strikes on average, one a turn.
        let second = &pairs[1];
        assert_eq!(second.weapon, "unarmed");
        let expected = second.kill.expected_turns.unwrap();
        assert!((expected - 5.0 / 0.55).abs() < 1e-9, "{expected}");
    }

    #[test]
    fn a_spell_is_cast_while_its_points_last_then_the_weapon() {
        // Zap lands without a strike roll for 3 (no soak here); unarmed with Strike 9 always
        // hits for 1. 4 spell points pay two casts: 6 in turns 1 and 2, then 1 a turn for the
        // last 2 of 8 hit points: 4 turns, against 8 unarmed.
        let scenario = |points: u32| {
            format!(
                "format: 1\nruleset: hex-skirmish\nmap: {{hexagon: {{radius: 2}}}}\nteams: [{{id: a}}, {{id: b}}]\nunits:\n  - {{id: x, team: a, at: [0, 0], actions: 1, attacks: 1, strike: 9, hit-points: 5, spell-points: {points}, spells: [{{name: Zap, cost: 2, damage: 3, strike: false}}]}}\n  - {{id: y, team: b, at: [1, 0], actions: 1, attacks: 1, hit-points: 8}}\n"
            )
        };
        let g = game(&scenario(4));
        let pairs = matchups(&g);
        let x_on_y = &pairs[0];
        assert_eq!(x_on_y.means(), "Zap ×2, then unarmed");
        assert_eq!(x_on_y.kill.expected_turns, Some(4.0));
        assert_eq!(x_on_y.kill.dead_by_turn[..4], [0.0, 0.0, 0.0, 1.0]);
        // Its twin with 1 point: no cast, so the weapon alone.
        let g = game(&scenario(1));
        let x_on_y = &matchups(&g)[0];
        assert_eq!(x_on_y.means(), "unarmed");
        assert_eq!(x_on_y.kill.expected_turns, Some(8.0));
    }

    #[test]
    fn the_approach_spends_turns_before_the_first_strike() {
        // y stands 3 hexes away on open ground: x walks 2 hexes (one turn of its 2 actions) to
        // stand beside it, then strikes once a turn, a sure 1 against 2 hit points: down in turn
        // 3, against 2 turns from beside it. With a bow of range 3 it shoots from where it is.
        let scenario = |weapon: &str| {
            format!(
                "format: 1\nruleset: hex-skirmish\nmap: {{hexagon: {{radius: 3}}}}\nteams: [{{id: a}}, {{id: b}}]\nunits:\n  - {{id: x, team: a, at: [0, 0], actions: 2, attacks: 1, strike: 9, hit-points: 5{weapon}}}\n  - {{id: y, team: b, at: [3, 0], actions: 2, attacks: 1, hit-points: 2}}\n"
            )
        };
        let g = game(&scenario(""));
        let x_on_y = &matchups(&g)[0];
        assert_eq!(x_on_y.approach, Some(2));
        assert_eq!(x_on_y.kill.expected_turns, Some(2.0));
        let from_start = x_on_y.from_start.as_ref().expect("it gets there");
        assert_eq!(from_start.expected_turns, Some(3.0));
        let g = game(&scenario(
            ", weapons: [{name: Bow, kind: ranged, damage: 1, range: 3}]",
        ));
        let x_on_y = &matchups(&g)[0];
        assert_eq!(x_on_y.approach, Some(0));
        assert_eq!(
            x_on_y.from_start.as_ref().and_then(|k| k.expected_turns),
            Some(2.0)
        );
    }
}
