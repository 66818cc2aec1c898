//! How the simple policy's choice of attack compares with best play in a one-attack exchange:
//! for each figure against each enemy, at each range its attacks reach, the attack of most
//! expected damage (the policy's) against the attack most likely to bring the enemy to 0
//! health, both from the exact odds.

use megahex_schema::Catalog;
use megahex_schema::rulesets::sentinel_tactics::{AttackKind, Scenario};

use crate::rulesets::sentinel_tactics::dice::{self, Attack, Defense, Faces};
use crate::rulesets::sentinel_tactics::game::Game;

/// One exchange: who attacks whom at which range, the policy's attack and the best, each with
/// its chance of bringing the enemy to 0 health.
#[derive(Debug, Clone, PartialEq)]
pub struct AttackGap {
    /// The attacking figure's id.
    pub attacker: String,
    /// The enemy's id.
    pub enemy: String,
    /// Hexes between them.
    pub range: u32,
    /// The policy's attack and its chance.
    pub policy: (String, f64),
    /// The attack most likely to fell the enemy, and its chance.
    pub best: (String, f64),
}

/// Ranges a ranged attack is weighed at: no die makes a range past 6 without Reach.
const MOST_RANGE: u32 = 6;

/// Every exchange of the scenario's figures with stats against enemies with health: melee at
/// range 1, ranged attacks at 1 to 6. Area and vertex attacks, whose worth depends on the
/// template, are left out.
pub fn attack_gaps(scenario: &Scenario, catalog: &Catalog) -> Vec<AttackGap> {
    let game = Game::new(scenario, catalog);
    let mut gaps = Vec::new();
    for attacker in &game.figures {
        let Some(stats) = &attacker.stats else {
            continue;
        };
        for enemy in &game.figures {
            let (Some(health), Some(team)) = (enemy.health, &enemy.team) else {
                continue;
            };
            if attacker.team.is_none() || attacker.team.as_ref() == Some(team) || health == 0 {
                continue;
            }
            let defense = enemy.stats.as_ref().and_then(|s| s.defense).unwrap_or(0);
            for range in 1..=MOST_RANGE {
                // (name, expected damage, chance of `health` or more), in the order listed.
                let weighed: Vec<(String, f64, f64)> = stats
                    .attacks
                    .iter()
                    .filter(|a| match a.kind {
                        AttackKind::Melee => range == 1,
                        AttackKind::Range => true,
                        AttackKind::Area | AttackKind::Vertex => false,
                    })
                    .filter_map(|a| {
                        let odds = dice::odds(
                            &Attack {
                                dice: a.dice,
                                auto_miss: Faces::of(&a.auto_miss).unwrap_or_default(),
                                range,
                                reach: a.reach,
                                ..Attack::default()
                            },
                            &Defense {
                                dice: defense,
                                ..Defense::default()
                            },
                        )
                        .ok()?;
                        let fells: u128 = odds.ways.iter().skip(health as usize).sum();
                        let chance = fells as f64 / odds.total.max(1) as f64;
                        Some((a.name.clone(), odds.expected(), chance))
                    })
                    .collect();
                // The policy takes the first of the most expected damage, and only when it is
                // worth anything.
                let mut policy: Option<&(String, f64, f64)> = None;
                for w in weighed.iter().filter(|w| w.1 > 0.0) {
                    if policy.is_none_or(|p| w.1 > p.1) {
                        policy = Some(w);
                    }
                }
                let Some(policy) = policy else { continue };
                let mut best = policy;
                for w in &weighed {
                    if w.2 > best.2 {
                        best = w;
                    }
                }
                gaps.push(AttackGap {
                    attacker: attacker.id.clone(),
                    enemy: enemy.id.clone(),
                    range,
                    policy: (policy.0.clone(), policy.2),
                    best: (best.0.clone(), best.2),
                });
            }
        }
    }
    gaps
}

/// The report's `against best play:` line, or None when no exchange was weighed.
pub fn attack_gaps_line(gaps: &[AttackGap]) -> Option<String> {
    let (same, widest, gap) = crate::simulate::widest_gap(gaps, |g| g.best.1 - g.policy.1)?;
    let tail = match gap > 1e-12 {
        false => String::new(),
        true => format!(
            "; the widest gap: `{}` against `{}` at range {} fells it {:.1}% of the time with {} instead of {:.1}% with {}",
            widest.attacker,
            widest.enemy,
            widest.range,
            widest.best.1 * 100.0,
            widest.best.0,
            widest.policy.1 * 100.0,
            widest.policy.0
        ),
    };
    Some(format!(
        "in one attack of each figure on each enemy at each range its attacks reach, the policy's attack (most expected damage) brings the enemy to 0 health as often as the attack most likely to in {same} of {} cases{tail}",
        gaps.len()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against no defence dice every attack die that makes range is a point of damage
    /// (dice.rs: a defence die blocks an attack die it is not below). At range 1 every face
    /// makes range, so Steady (2 dice) always deals 2; Barrage (5 dice, 1 to 3 auto-miss)
    /// deals Binomial(5, 1/2): expected 2.5, at least 2 with 1 - 6/32 = 13/16, at least 3
    /// with 16/32. Against 2 health the policy's Barrage fells 13/16 of the time, Steady
    /// always; against 3 health Barrage is both (Steady cannot).
    #[test]
    fn the_attack_of_most_expected_damage_is_weighed_against_the_likeliest_to_fell() {
        let yaml = |health: u32| {
            format!(
                "format: 1
ruleset: sentinel-tactics
map:
  tiles:
    - {{tile: 1, side: megalopolis, at: [0, 0]}}
teams:
  - {{id: heroes}}
  - {{id: villains}}
tokens:
  - {{id: legacy, kind: character, character: legacy, team: heroes, at: [0, 0]}}
  - {{id: grunt, kind: minion, character: blade-battalion-soldier, team: villains, at: [0, 1]}}
stats:
  legacy: {{health: 10, actions: 2, defense: 0, movement: {{value: 3}}, attacks: [{{name: Steady, kind: melee, dice: 2}}, {{name: Barrage, kind: melee, dice: 5, auto-miss: [1, 2, 3]}}]}}
  blade-battalion-soldier: {{health: {health}, actions: 1, defense: 0, movement: {{value: 2}}, attacks: []}}
"
            )
        };
        let scenario: Scenario = serde_yaml::from_str(&yaml(2)).unwrap();
        let gaps = attack_gaps(&scenario, &Catalog::builtin());
        assert_eq!(gaps.len(), 1, "{gaps:?}");
        assert_eq!(gaps[0].policy.0, "Barrage");
        assert_eq!(gaps[0].best.0, "Steady");
        assert!((gaps[0].policy.1 - 13.0 / 16.0).abs() < 1e-12);
        assert!((gaps[0].best.1 - 1.0).abs() < 1e-12);
        let line = attack_gaps_line(&gaps).unwrap();
        assert!(line.contains("in 0 of 1 cases"), "{line}");
        assert!(
            line.contains("`legacy` against `grunt` at range 1 fells it 100.0% of the time with Steady instead of 81.2% with Barrage"),
            "{line}"
        );
        let scenario: Scenario = serde_yaml::from_str(&yaml(3)).unwrap();
        let gaps = attack_gaps(&scenario, &Catalog::builtin());
        assert_eq!(
            (gaps[0].policy.0.as_str(), gaps[0].best.0.as_str()),
            ("Barrage", "Barrage")
        );
        assert!((gaps[0].best.1 - 0.5).abs() < 1e-12);
        assert!(attack_gaps_line(&gaps).unwrap().contains("in 1 of 1 cases"));
    }
}
