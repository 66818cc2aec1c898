//! How much damage an enemy can take in one round at best under its own effects: the bound the
//! satisfiability lints compare with its health. It is an upper bound, so a lint built on it
//! never calls a beatable enemy unbeatable.

use megahex_schema::rulesets::solar_sentinels::{Effect, Face};

use super::deck::DiceBox;
use super::dice::{Colour, Pool};
use super::game::rules::{CardRules, FaceTable};

/// Why no dice can defeat an enemy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unbeatable {
    /// Its health is more than the best roll can put on it.
    Health {
        /// The most damage it can take in one round.
        most: u32,
        /// What holds the damage down, in a designer's words.
        limits: Vec<String>,
    },
    /// It needs dice of more colours than may be assigned to it.
    Colours {
        /// Colours it needs.
        needs: u32,
        /// Colours that may be assigned to it.
        allowed: u32,
    },
}

/// The best one round can do against an enemy with `effects` and `health`, with `dice` in the
/// pool, each face dealing at most what `hero` says (the best hero's ability), and up to
/// `strategy` Strategy steps; `None` when it can be defeated.
pub fn unbeatable(
    effects: &[Effect],
    health: u32,
    dice: &Pool,
    faces: &DiceBox,
    hero: &FaceTable,
    strategy: u32,
) -> Option<Unbeatable> {
    let rules = CardRules::of(effects);
    let mut limits = Vec::new();
    let mut dice = *dice;
    let banned: Vec<&str> = Colour::ALL
        .into_iter()
        .filter(|c| rules.no_assign[*c as usize] || rules.no_commit[*c as usize])
        .map(Colour::name)
        .collect();
    for colour in Colour::ALL {
        if rules.no_assign[colour as usize] || rules.no_commit[colour as usize] {
            dice.0[colour as usize] = 0;
        }
    }
    if !banned.is_empty() {
        limits.push(format!("bans {}", list(&banned)));
    }
    let value = |colour: Colour| best_face(colour, faces, &rules, hero);
    let usable: Vec<Colour> = Colour::ALL
        .into_iter()
        .filter(|c| dice.count(*c) > 0 && value(*c) > 0)
        .collect();
    let mut cap = dice.len();
    let mut limit = |most: u32, what: &str, limits: &mut Vec<String>| {
        cap = cap.min(most);
        limits.push(format!("{most} dice {what}"));
    };
    if let Some(max) = rules.commit_per_round {
        limit(max, "committed", &mut limits);
    }
    if let Some(max) = rules.commit_per_step {
        limit(max.saturating_mul(strategy), "committed", &mut limits);
    }
    if let Some(max) = rules.assign_per_card {
        limit(max, "assigned", &mut limits);
    }
    if let Some(max) = rules.assign_per_roll {
        limit(max.saturating_mul(strategy), "assigned", &mut limits);
    }
    let per_colour = match rules.one_die_per_colour {
        true => {
            limits.push(format!("{strategy} dice of a colour"));
            strategy
        }
        false => u32::MAX,
    };
    if rules.one_colour {
        limits.push("one colour".into());
    }
    let damage_cap = match rules.max_damage_per_step {
        Some(most) => {
            limits.push(format!("{most} damage a step"));
            most.saturating_mul(strategy)
        }
        None => u32::MAX,
    };
    if rules.min_colours > 0 {
        let allowed = match rules.one_colour {
            true => usable.len().min(1) as u32,
            false => (usable.len() as u32).min(cap),
        };
        if allowed < rules.min_colours {
            return Some(Unbeatable::Colours {
                needs: rules.min_colours,
                allowed,
            });
        }
    }
    let best_of = |colours: &[Colour]| {
        let dice: Vec<(Colour, u32)> = colours
            .iter()
            .flat_map(|&c| {
                std::iter::repeat_n((c, value(c)), dice.count(c).min(per_colour) as usize)
            })
            .collect();
        most_with_escort(dice, cap, rules.escort)
    };
    let most = match rules.one_colour {
        true => usable.iter().map(|c| best_of(&[*c])).max().unwrap_or(0),
        false => best_of(&usable),
    }
    .min(damage_cap);
    (most < health).then_some(Unbeatable::Health { most, limits })
}

/// The most a die of `colour` can deal to a card with `rules`: its best face, once the card
/// changes faces and values.
fn best_face(colour: Colour, faces: &DiceBox, rules: &CardRules, hero: &FaceTable) -> u32 {
    let own = faces.faces(colour);
    [
        (own.miss, Face::Miss),
        (own.hit, Face::Hit),
        (own.crit, Face::Crit),
    ]
    .into_iter()
    .filter(|(count, _)| *count > 0)
    .map(|(_, face)| rules.value(colour, face, hero))
    .max()
    .unwrap_or(0)
}

/// The best face value of each colour over every hero's ability: an upper bound for any hero.
pub fn best_hero_faces(tables: impl IntoIterator<Item = FaceTable>) -> FaceTable {
    let mut best = [[0, 1, 2]; 5];
    for table in tables {
        for (row, other) in best.iter_mut().zip(table) {
            for (value, v) in row.iter_mut().zip(other) {
                *value = (*value).max(v);
            }
        }
    }
    best
}

/// The best total of at most `cap` of `dice` (colour, value), where each die not of the
/// `escort` colour needs one escort die beside it.
fn most_with_escort(mut dice: Vec<(Colour, u32)>, cap: u32, escort: Option<Colour>) -> u32 {
    dice.sort_by_key(|d| std::cmp::Reverse(d.1));
    let take = |list: &[u32], n: u32| list.iter().take(n as usize).sum::<u32>();
    let Some(escort) = escort else {
        let values: Vec<u32> = dice.iter().map(|d| d.1).collect();
        return take(&values, cap);
    };
    let values_of = |escorts: bool| -> Vec<u32> {
        dice.iter()
            .filter(|d| (d.0 == escort) == escorts)
            .map(|d| d.1)
            .collect()
    };
    let (guards, others) = (values_of(true), values_of(false));
    (0..=guards.len() as u32)
        .filter(|k| *k <= cap)
        .map(|k| take(&guards, k) + take(&others, k.min(cap - k)))
        .max()
        .unwrap_or(0)
}

/// "a", "a and b", "a, b and c".
fn list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use megahex_schema::rulesets::solar_sentinels::{
        AssignScope, BanScope, DieColour, Face, Rule, Scenario,
    };

    use super::*;

    fn plain() -> DiceBox {
        let deck: Scenario = serde_json::from_value(serde_json::json!({
            "format": 1, "ruleset": "solar-sentinels",
            "heroes": [], "conflict": [], "bosses": [], "setup": {"hero": "x"}
        }))
        .unwrap();
        DiceBox::of(&deck)
    }

    const PLAIN: FaceTable = [[0, 1, 2]; 5];

    fn during(rule: Rule) -> Effect {
        Effect::During(rule)
    }

    #[test]
    fn with_no_effects_only_more_than_the_whole_box_can_deal_is_unbeatable() {
        let dice = plain();
        // 17 dice, each with a crit: 34 at most.
        assert_eq!(unbeatable(&[], 34, &dice.pool, &dice, &PLAIN, 1), None);
        assert_eq!(
            unbeatable(&[], 35, &dice.pool, &dice, &PLAIN, 1),
            Some(Unbeatable::Health {
                most: 34,
                limits: vec![]
            })
        );
    }

    #[test]
    fn an_assign_limit_of_two_dice_deals_at_most_four() {
        let dice = plain();
        let limit = [during(Rule::AssignLimit {
            max: 2,
            per: AssignScope::Card,
        })];
        assert_eq!(unbeatable(&limit, 4, &dice.pool, &dice, &PLAIN, 3), None);
        assert!(unbeatable(&limit, 5, &dice.pool, &dice, &PLAIN, 3).is_some());
        // Per roll, each Strategy step may assign two more.
        let per_roll = [during(Rule::AssignLimit {
            max: 2,
            per: AssignScope::Roll,
        })];
        assert_eq!(unbeatable(&per_roll, 8, &dice.pool, &dice, &PLAIN, 2), None);
        assert!(unbeatable(&per_roll, 9, &dice.pool, &dice, &PLAIN, 2).is_some());
    }

    #[test]
    fn crits_worth_nothing_leave_one_a_die() {
        let dice = plain();
        let no_crits = [during(Rule::FaceValue {
            face: Face::Crit,
            colours: vec![],
            value: 0,
        })];
        assert_eq!(
            unbeatable(&no_crits, 17, &dice.pool, &dice, &PLAIN, 1),
            None
        );
        assert!(unbeatable(&no_crits, 18, &dice.pool, &dice, &PLAIN, 1).is_some());
    }

    #[test]
    fn one_colour_and_bans_keep_to_the_best_colour_left() {
        let dice = plain();
        // Four purple dice, 2 each at best; red is banned.
        let effects = [
            during(Rule::OneColour),
            during(Rule::Ban {
                colours: vec![DieColour::Red],
                from: BanScope::Assign,
            }),
        ];
        assert_eq!(unbeatable(&effects, 8, &dice.pool, &dice, &PLAIN, 1), None);
        assert!(unbeatable(&effects, 9, &dice.pool, &dice, &PLAIN, 1).is_some());
    }

    #[test]
    fn an_escort_die_lets_one_other_die_in() {
        let dice = plain();
        // The one red die escorts one other: 2 + 2.
        let effects = [during(Rule::Escort(DieColour::Red))];
        assert_eq!(unbeatable(&effects, 4, &dice.pool, &dice, &PLAIN, 1), None);
        assert!(unbeatable(&effects, 5, &dice.pool, &dice, &PLAIN, 1).is_some());
    }

    #[test]
    fn more_colours_than_may_be_assigned_is_unbeatable_at_any_health() {
        let dice = plain();
        let effects = [
            during(Rule::MinColours(3)),
            during(Rule::AssignLimit {
                max: 2,
                per: AssignScope::Card,
            }),
        ];
        assert_eq!(
            unbeatable(&effects, 1, &dice.pool, &dice, &PLAIN, 1),
            Some(Unbeatable::Colours {
                needs: 3,
                allowed: 2
            })
        );
    }

    #[test]
    fn swapped_faces_make_misses_the_hits() {
        let dice = plain();
        // With crits worth 0 and hits and misses swapped, a red die (no misses) deals nothing
        // and every other die deals 1 at best: 16.
        let effects = [
            during(Rule::SwapHitsAndMisses { except: vec![] }),
            during(Rule::FaceValue {
                face: Face::Crit,
                colours: vec![],
                value: 0,
            }),
        ];
        assert_eq!(unbeatable(&effects, 16, &dice.pool, &dice, &PLAIN, 1), None);
        assert!(unbeatable(&effects, 17, &dice.pool, &dice, &PLAIN, 1).is_some());
    }
}
