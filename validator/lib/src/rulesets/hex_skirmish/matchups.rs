//! Turns to kill for every pair of enemies in a scenario: how long each unit takes to bring
//! down each enemy, striking with its best weapon every turn, from the exact odds of a blow.

use super::game::{Game, Means};
use super::kill::{KillTable, MAX_TURNS, turns_to_kill};
use super::{Blow, Damage, blow_odds};
use crate::odds::Odds;

/// One attacker against one enemy.
#[derive(Debug, Clone, PartialEq)]
pub struct Matchup {
    /// The attacker's id.
    pub attacker: String,
    /// The enemy's id.
    pub defender: String,
    /// The weapon with the most expected damage against this enemy.
    pub weapon: String,
    /// Chance that one strike lands (its damage may still all be soaked).
    pub hit: f64,
    /// The damage of one strike.
    pub odds: Odds,
    /// Strikes a turn (its `attacks`) until the enemy's hit points are gone.
    pub kill: KillTable,
}

/// Every ordered pair of enemies, attackers in file order. Spells are left out: their spell
/// points run out, so they cannot be struck with every turn.
pub fn matchups(game: &Game) -> Vec<Matchup> {
    let mut out = Vec::new();
    for (a, attacker) in game.units.iter().enumerate() {
        for (d, defender) in game.units.iter().enumerate() {
            if a == d || !attacker.enemy_of(defender) {
                continue;
            }
            let best = (0..attacker.weapons.len())
                .filter_map(|w| matchup(game, a, Means::Weapon(w), d))
                .max_by(|x, y| x.odds.expected().total_cmp(&y.odds.expected()));
            out.extend(best);
        }
    }
    out
}

/// Unit `attacker` striking unit `defender` with `means` every turn, `attacks` times a turn:
/// the chance one strike lands, its damage, and the turns it takes. `None` if the attacker has
/// no such weapon or spell.
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
    let kill = turns_to_kill(
        &odds,
        them.attributes.hit_points,
        me.attributes.attacks,
        MAX_TURNS,
    );
    let weapon = match means {
        Means::Weapon(w) => me.weapons.get(w)?.name.clone(),
        Means::Spell(s) => me.spells.get(s)?.name.clone(),
    };
    Some(Matchup {
        attacker: me.id.clone(),
        defender: them.id.clone(),
        weapon,
        hit: lands.probabilities().get(1).copied().unwrap_or(0.0),
        odds,
        kill,
    })
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
}
