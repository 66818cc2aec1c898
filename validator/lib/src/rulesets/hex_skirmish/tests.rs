//! The rules of seed 004 and the reference page, played through the engine with chosen dice.

use super::Damage;
use super::action::{Action, Dice, Illegal, Roll};
use super::game::Game;
use super::state::{End, State};

/// Dice taken from a list, in the order the game asks for them.
struct Fixed(Vec<u32>);

impl Dice for Fixed {
    fn die(&mut self, _roll: Roll, _sides: u32) -> Result<u32, Illegal> {
        (!self.0.is_empty())
            .then(|| self.0.remove(0))
            .ok_or_else(|| Illegal::new("out of dice"))
    }

    fn total(&mut self, roll: Roll, _damage: &Damage) -> Result<u32, Illegal> {
        self.die(roll, 0)
    }
}

fn game(body: &str) -> Game {
    let yaml = format!("format: 1\nruleset: hex-skirmish\n{body}");
    Game::new(&serde_yaml::from_str(&yaml).unwrap())
}

/// A line of open hexes along q from -3 to 3, with the units given.
fn on_a_line(units: &str) -> Game {
    game(&format!(
        "map: {{hexes: [{{at: [[-3, 0], [-2, 0], [-1, 0], [0, 0], [1, 0], [2, 0], [3, 0]]}}]}}\nteams: [{{id: a}}, {{id: b}}]\nunits:\n{units}"
    ))
}

fn slot(game: &Game, q: i32) -> usize {
    game.arena.slot([q, 0]).unwrap()
}

fn started(game: &Game) -> State {
    let mut state = game.start();
    game.begin_turn(&mut state);
    state
}

#[test]
fn initiative_decides_the_order_and_monsters_come_last() {
    let g = on_a_line(
        "  - {id: slow, team: a, at: [-3, 0], initiative: 1, actions: 1, attacks: 0, hit-points: 5}\n  - {id: beast, team: b, kind: monster, at: [3, 0], initiative: 9, actions: 1, attacks: 0, hit-points: 5}\n  - {id: quick, team: b, at: [0, 0], initiative: 6, actions: 1, attacks: 0, hit-points: 5}\n  - {id: also-slow, team: b, at: [1, 0], initiative: 1, actions: 1, attacks: 0, hit-points: 5}\n",
    );
    let mut state = g.start();
    let order: Vec<&str> = (0..5)
        .filter_map(|_| g.begin_turn(&mut state))
        .map(|u| g.units[u].id.as_str())
        .collect();
    // Highest initiative first, a tie in file order, the monster after every character, and
    // round 2 starting again from the top.
    assert_eq!(order, ["quick", "slow", "also-slow", "beast", "quick"]);
    assert_eq!(state.round, 2);
}

#[test]
fn a_turn_has_as_many_actions_as_the_attribute() {
    let g = on_a_line(
        "  - {id: walker, team: a, at: [-3, 0], initiative: 2, actions: 3, attacks: 0, hit-points: 5}\n  - {id: other, team: b, at: [3, 0], actions: 1, attacks: 0, hit-points: 5}\n",
    );
    let mut state = started(&g);
    for q in [-2, -1, 0] {
        g.apply(&mut state, Action::Step(slot(&g, q)), &mut Fixed(vec![]))
            .unwrap();
    }
    let fourth = g.check(&state, Action::Step(slot(&g, 1))).unwrap_err();
    assert!(
        fourth.message.contains("no actions left"),
        "{}",
        fourth.message
    );
}

#[test]
fn attacks_are_limited_and_end_the_non_offensive_part_of_a_turn() {
    let g = on_a_line(
        "  - {id: fighter, team: a, at: [0, 0], initiative: 2, actions: 4, attacks: 2, hit-points: 9, weapons: [{name: Club, damage: 1}]}\n  - {id: dummy, team: b, at: [1, 0], actions: 1, attacks: 0, hit-points: 20}\n",
    );
    let mut state = started(&g);
    let attack = Action::Attack {
        target: 1,
        weapon: 0,
    };
    // A strike of 1 against a defence of 10 misses; it still spends an action and an attack.
    g.apply(&mut state, attack, &mut Fixed(vec![1, 10]))
        .unwrap();
    let step = g.check(&state, Action::Step(slot(&g, -1))).unwrap_err();
    assert!(step.message.contains("cannot move"), "{}", step.message);
    g.apply(&mut state, attack, &mut Fixed(vec![1, 10]))
        .unwrap();
    let third = g.check(&state, attack).unwrap_err();
    assert!(
        third.message.contains("used its attacks"),
        "{}",
        third.message
    );
    assert_eq!(state.turn.unwrap().actions, 2);
}

#[test]
fn ties_go_to_the_attacker_and_soak_never_heals() {
    let g = on_a_line(
        "  - {id: fighter, team: a, at: [0, 0], initiative: 2, actions: 4, attacks: 4, strike: 2, damage-bonus: 1, hit-points: 9, weapons: [{name: Sword, damage: 1d6}]}\n  - {id: knight, team: b, at: [1, 0], actions: 1, attacks: 0, hit-points: 20, defense: 3, soak: 4}\n",
    );
    let mut state = started(&g);
    let attack = Action::Attack {
        target: 1,
        weapon: 0,
    };
    // 6 + 2 against 5 + 3: a tie, which the attacker wins. 1d6 rolled 6, +1, -4 soak: 3.
    let hit = g
        .apply(&mut state, attack, &mut Fixed(vec![6, 5, 6]))
        .unwrap();
    assert_eq!((hit.hit, hit.dealt), (true, Some(3)));
    // 5 + 2 against 5 + 3: a miss, so no damage die is asked for.
    let miss = g.apply(&mut state, attack, &mut Fixed(vec![5, 5])).unwrap();
    assert_eq!((miss.hit, miss.dealt), (false, Some(0)));
    // A hit that rolls 1: 1 + 1 - 4 is below zero, and deals nothing.
    let soaked = g
        .apply(&mut state, attack, &mut Fixed(vec![9, 1, 1]))
        .unwrap();
    assert_eq!(soaked.dealt, Some(0));
    assert_eq!(state.units[1].hit_points, 17);
}

#[test]
fn a_spell_costs_an_action_an_attack_and_its_points_and_may_be_resisted() {
    let g = on_a_line(
        "  - {id: mage, team: a, at: [-2, 0], initiative: 2, actions: 3, attacks: 2, strike: 1, hit-points: 6, spell-points: 5, spells: [{name: Bolt, cost: 3, damage: 4, range: 3, resistance: true}]}\n  - {id: target, team: b, at: [1, 0], actions: 1, attacks: 0, hit-points: 20, resistance: 2, soak: 1}\n",
    );
    let mut state = started(&g);
    let cast = Action::Cast {
        spell: 0,
        target: 1,
    };
    // 7 + 1 against 2: it hits; the resistance check 7 + 2 beats 8, so it is resisted.
    let resisted = g
        .apply(&mut state, cast, &mut Fixed(vec![7, 2, 7]))
        .unwrap();
    assert!(!resisted.hit);
    assert_eq!(state.units[0].spell_points, 2);
    let turn = state.turn.unwrap();
    assert_eq!((turn.actions, turn.attacks), (2, 1));
    // Two points left: the next bolt is refused although an action and an attack remain.
    let broke = g.check(&state, cast).unwrap_err();
    assert!(broke.message.contains("spell points"), "{}", broke.message);
}

#[test]
fn a_landed_spell_deals_its_damage_less_soak_without_the_bonus() {
    let g = on_a_line(
        "  - {id: mage, team: a, at: [-2, 0], initiative: 2, actions: 3, attacks: 1, strike: 1, damage-bonus: 5, hit-points: 6, spell-points: 5, spells: [{name: Bolt, cost: 3, damage: 4, range: 3, resistance: true}]}\n  - {id: target, team: b, at: [1, 0], actions: 1, attacks: 0, hit-points: 20, resistance: 2, soak: 1}\n",
    );
    let mut state = started(&g);
    let cast = Action::Cast {
        spell: 0,
        target: 1,
    };
    // 7 + 1 against 2, then 6 + 2 against 8: a tie, which the caster wins. 4 - 1 soak.
    let landed = g
        .apply(&mut state, cast, &mut Fixed(vec![7, 2, 6]))
        .unwrap();
    assert_eq!(landed.dealt, Some(3));
}

#[test]
fn death_at_zero_hit_points_removes_the_unit_and_decides_a_defeat() {
    let g = game(
        "map: {hexagon: {radius: 2}}\nteams: [{id: a}, {id: b}]\nunits:\n  - {id: axe, team: a, at: [0, 0], initiative: 2, actions: 2, attacks: 1, strike: 9, hit-points: 5, weapons: [{name: Axe, damage: 3}]}\n  - {id: goblin, team: b, at: [1, 0], actions: 1, attacks: 0, hit-points: 3}\nobjectives:\n  - {id: win, team: a, kind: defeat}\n",
    );
    let mut state = started(&g);
    let hit = g
        .apply(
            &mut state,
            Action::Attack {
                target: 1,
                weapon: 0,
            },
            &mut Fixed(vec![1, 10]),
        )
        .unwrap();
    assert!(hit.killed);
    assert_eq!(state.units[1].at, None);
    assert_eq!(
        state.end,
        Some(End::Won {
            team: 0,
            objective: 0
        })
    );
}

#[test]
fn the_water_monster_comes_up_on_the_trigger_of_each_consecutive_step() {
    // Three water hexes in a row east of a dry start; the monster lurks.
    let g = game(
        "map:\n  hexes:\n    - {at: [[-1, 0], [0, 1]]}\n    - {at: [[0, 0], [1, 0], [2, 0], [1, 1], [2, -1]], terrain: water}\nteams: [{id: a}]\nunits:\n  - {id: wader, team: a, at: [-1, 0], actions: 9, attacks: 0, hit-points: 5}\n",
    );
    let step = |state: &mut State, q: i32, roll: u32| {
        g.apply(
            state,
            Action::Step(g.arena.slot([q, 0]).unwrap()),
            &mut Fixed(vec![roll]),
        )
        .unwrap()
    };
    // The first step in: a 2 is safe (only a 1 calls it); the second: a 3 is safe (1-2).
    let mut state = started(&g);
    assert!(!step(&mut state, 0, 2).monster_surfaced);
    assert!(!step(&mut state, 1, 3).monster_surfaced);
    // The third: a 3 calls it (1-3). It comes up beside the wader and the turn is over.
    let out = step(&mut state, 2, 3);
    assert!(out.monster_surfaced);
    let monster = g.water_monster().unwrap();
    let at = state.units[monster].at.unwrap();
    assert!(
        g.arena
            .adjacent(g.arena.slot([2, 0]).unwrap())
            .contains(&at)
    );
    assert!(g.arena.terrain(at).water);
    assert_eq!(state.turn.unwrap().actions, 0);
}

#[test]
fn a_climb_too_dear_for_this_turn_carries_over_unless_the_rules_say_not() {
    let map = "map:\n  hexes:\n    - {at: [0, 0]}\n    - {at: [1, 0], terrain: building, levels: 2}\nteams: [{id: a}]\nunits:\n  - {id: climber, team: a, at: [0, 0], actions: 4, attacks: 0, hit-points: 5}\n";
    let g = game(map);
    let roof = g.arena.slot([1, 0]).unwrap();
    let mut state = started(&g);
    // Two levels cost 6: four actions now, two of the next turn.
    let out = g
        .apply(&mut state, Action::Step(roof), &mut Fixed(vec![]))
        .unwrap();
    assert!(out.climb_started);
    assert_eq!(state.units[0].at, g.arena.slot([0, 0]));
    g.begin_turn(&mut state);
    assert_eq!(state.units[0].at, Some(roof));
    assert_eq!(state.turn.unwrap().actions, 2);
    let strict = game(&format!("rules: {{climb-carries-over: false}}\n{map}"));
    let state = started(&strict);
    assert!(strict.check(&state, Action::Step(roof)).is_err());
}

#[test]
fn survive_is_met_at_the_end_of_its_round_and_the_round_limit_ends_a_game() {
    let g = on_a_line(
        "  - {id: a1, team: a, at: [-3, 0], actions: 1, attacks: 0, hit-points: 5}\n  - {id: b1, team: b, at: [3, 0], actions: 1, attacks: 0, hit-points: 5}\nobjectives:\n  - {id: hold, team: b, kind: survive, rounds: 2}\n",
    );
    let mut state = g.start();
    while g.begin_turn(&mut state).is_some() {}
    assert_eq!(
        state.end,
        Some(End::Won {
            team: 1,
            objective: 0
        })
    );
    assert_eq!(state.round, 2);
    let g = on_a_line(
        "  - {id: a1, team: a, at: [-3, 0], actions: 1, attacks: 0, hit-points: 5}\nround-limit: 3\n",
    );
    let mut state = g.start();
    while g.begin_turn(&mut state).is_some() {}
    assert_eq!((state.end, state.round), (Some(End::RoundLimit), 3));
}
