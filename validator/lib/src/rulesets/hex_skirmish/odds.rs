//! The exact odds of one strike: D10 + Strike against D10 + Defense, ties to the attacker
//! (seed 004, steps 2 to 4), then the weapon's damage plus the attacker's bonus, less the
//! target's soak, off its hit points (steps 6 to 8).

use std::fmt;

use super::Damage;
use crate::odds::Odds;

/// Sides of the strike and the defence die.
const D10: i32 = 10;

/// Largest attribute or bonus accepted, either sign: well beyond any character sheet.
pub const MAX_ATTRIBUTE: i32 = 99;

/// One attack of one unit on another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Strike {
    /// The attacker's Strike attribute.
    pub strike: i32,
    /// The defender's Defense attribute.
    pub defense: i32,
    /// The weapon's damage; unarmed is 1.
    pub damage: Damage,
    /// The attacker's Damage Bonus.
    pub bonus: i32,
    /// The defender's Soak.
    pub soak: i32,
}

/// An attribute outside the range the odds are worked out for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OddsError {
    /// Which one.
    pub what: &'static str,
    /// Its value.
    pub value: i32,
}

impl fmt::Display for OddsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} is outside -{MAX_ATTRIBUTE} to {MAX_ATTRIBUTE}",
            self.what, self.value
        )
    }
}

impl std::error::Error for OddsError {}

/// How many of the 100 equally likely pairs of rolls hit: D10 + `strike` is at least
/// D10 + `defense` ("the character with the higher value succeeds; ties go to the attacker").
pub fn hit_ways(strike: i32, defense: i32) -> u128 {
    let mut ways = 0;
    for attack in 1..=D10 {
        for defence in 1..=D10 {
            if attack + strike >= defence + defense {
                ways += 1;
            }
        }
    }
    ways
}

/// The exact distribution of the hit points one strike takes off: a miss takes none, and a hit
/// takes the damage plus the bonus less soak, never less than none.
pub fn odds(strike: &Strike) -> Result<Odds, OddsError> {
    for (what, value) in [
        ("--strike", strike.strike),
        ("--defense", strike.defense),
        ("--bonus", strike.bonus),
        ("--soak", strike.soak),
    ] {
        if value.abs() > MAX_ATTRIBUTE {
            return Err(OddsError { what, value });
        }
    }
    let hits = hit_ways(strike.strike, strike.defense);
    let pairs = (D10 * D10) as u128;
    let (values, outcomes) = strike.damage.distribution();
    let mut ways = vec![(pairs - hits) * outcomes];
    for (value, count) in values {
        let dealt = (value + i64::from(strike.bonus) - i64::from(strike.soak)).max(0) as usize;
        if ways.len() <= dealt {
            ways.resize(dealt + 1, 0);
        }
        ways[dealt] += hits * count;
    }
    Ok(Odds {
        ways,
        total: pairs * outcomes,
    })
}

/// A blow of any kind, as the game resolves it: a weapon's strike, or a spell that may roll no
/// strike and may allow a resistance check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Blow {
    /// The strike against the defence: D10 + Strike against D10 + Defense decides whether it
    /// lands. Without it the blow always lands (bar a resistance check).
    pub contested: bool,
    /// The target rolls D10 + Resistance against the attacker's D10 + Strike, and resists when
    /// it is higher.
    pub resistible: bool,
    /// The attacker's Strike.
    pub strike: i32,
    /// The target's Defense.
    pub defense: i32,
    /// The target's Resistance.
    pub resistance: i32,
    /// Damage before the bonus and soak.
    pub damage: Damage,
    /// Added to the damage.
    pub bonus: i32,
    /// Taken off the damage (0 where soak does not apply).
    pub soak: i32,
}

/// The exact odds of a blow, counting every D10 the game rolls for it (the strike, the
/// defence and the resistance check, which share the attacker's one strike roll) and every
/// outcome of the damage dice.
pub fn blow_odds(blow: &Blow) -> Odds {
    let clamp = |v: i32| v.clamp(-MAX_ATTRIBUTE, MAX_ATTRIBUTE);
    let (strike, defense, resistance) = (
        clamp(blow.strike),
        clamp(blow.defense),
        clamp(blow.resistance),
    );
    let faces = |rolled: bool| if rolled { D10 } else { 1 };
    let (attack_faces, defence_faces, resist_faces) = (
        faces(blow.contested || blow.resistible),
        faces(blow.contested),
        faces(blow.resistible),
    );
    let mut lands: u128 = 0;
    for attack in 1..=attack_faces {
        let total = attack + strike;
        let hits = if blow.contested {
            (1..=D10).filter(|d| total >= d + defense).count() as u128
        } else {
            1
        };
        let holds = if blow.resistible {
            (1..=D10).filter(|r| r + resistance <= total).count() as u128
        } else {
            1
        };
        lands += hits * holds;
    }
    let rolls = (attack_faces * defence_faces * resist_faces) as u128;
    let (values, outcomes) = blow.damage.distribution();
    let mut ways = vec![(rolls - lands) * outcomes];
    for (value, count) in values {
        let dealt = (value + i64::from(blow.bonus) - i64::from(blow.soak)).max(0) as usize;
        if ways.len() <= dealt {
            ways.resize(dealt + 1, 0);
        }
        ways[dealt] += lands * count;
    }
    Odds {
        ways,
        total: rolls * outcomes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixed(strike: i32, defense: i32, damage: u32, bonus: i32, soak: i32) -> Strike {
        Strike {
            strike,
            defense,
            damage: Damage::Fixed(damage),
            bonus,
            soak,
        }
    }

    #[test]
    fn the_reference_pages_hit_chances_hold() {
        // reference/hex-skirmish.md, P(D10 + S >= D10 + D) by S - D, to two places.
        let table = [
            (-5, 0.15),
            (-4, 0.21),
            (-3, 0.28),
            (-2, 0.36),
            (-1, 0.45),
            (0, 0.55),
            (1, 0.64),
            (2, 0.72),
            (3, 0.79),
            (4, 0.85),
            (5, 0.90),
        ];
        for (difference, expected) in table {
            let p = hit_ways(3 + difference, 3) as f64 / 100.0;
            assert!(
                (p - expected).abs() < 0.005,
                "{difference}: {p} vs {expected}"
            );
        }
        // By hand: equal attributes hit on the 45 pairs where the attack die is higher and
        // the 10 ties; one point ahead adds the 9 pairs where it is exactly one lower.
        assert_eq!(hit_ways(0, 0), 55);
        assert_eq!(hit_ways(1, 0), 64);
        // Only the difference matters; nine ahead always hits, ten behind never does.
        assert_eq!(hit_ways(7, 4), hit_ways(3, 0));
        assert_eq!(hit_ways(9, 0), 100);
        assert_eq!(hit_ways(0, 10), 0);
    }

    #[test]
    fn a_dice_weapon_against_soak_by_hand() {
        // Strike 2 against Defense 2 hits 55 of 100. 1d6 + 1 bonus - 3 soak: faces 1 and 2 deal
        // nothing, 3 to 6 deal 1 to 4.
        let strike = Strike {
            damage: "1d6".parse().unwrap(),
            ..fixed(2, 2, 0, 1, 3)
        };
        let odds = odds(&strike).unwrap();
        assert_eq!(odds.total, 600);
        assert_eq!(odds.ways, vec![45 * 6 + 55 * 2, 55, 55, 55, 55]);
        let expected = 0.55 * (1.0 + 2.0 + 3.0 + 4.0) / 6.0;
        assert!((odds.expected() - expected).abs() < 1e-12);
    }

    #[test]
    fn soak_never_heals_and_a_miss_takes_nothing() {
        let odds = odds(&fixed(0, 0, 1, 0, 5)).unwrap();
        assert_eq!(odds.ways, vec![100]);
        let odds = super::odds(&fixed(0, 0, 4, 1, 2)).unwrap();
        assert_eq!(odds.ways, vec![45, 0, 0, 55]);
    }

    #[test]
    fn a_weapons_blow_has_the_odds_of_its_strike() {
        for (strike, defense, damage, bonus, soak) in [
            (2, 2, "1d6", 1, 3),
            (0, 4, "2d4+1", 0, 0),
            (5, -1, "3", 2, 1),
        ] {
            let damage: Damage = damage.parse().unwrap();
            let by_strike = odds(&Strike {
                strike,
                defense,
                damage,
                bonus,
                soak,
            })
            .unwrap();
            let by_blow = blow_odds(&Blow {
                contested: true,
                resistible: false,
                strike,
                defense,
                resistance: 0,
                damage,
                bonus,
                soak,
            });
            assert_eq!(by_blow.probabilities(), by_strike.probabilities());
        }
    }

    #[test]
    fn a_resisted_spell_by_hand() {
        // Strike 0 against Defense 0 and Resistance 0, 1 damage: it lands when the defence die
        // and the resistance die are both at most the strike die s, (s/10)^2 for each s, so
        // (1 + 4 + ... + 100) / 1000 = 385 / 1000.
        let blow = Blow {
            contested: true,
            resistible: true,
            strike: 0,
            defense: 0,
            resistance: 0,
            damage: Damage::Fixed(1),
            bonus: 0,
            soak: 0,
        };
        let odds = blow_odds(&blow);
        assert_eq!(odds.ways[1] * 1000, 385 * odds.total);
        // Without a strike roll, only the resistance check decides: r <= s for s, r from 1
        // to 10, 55 of 100.
        let odds = blow_odds(&Blow {
            contested: false,
            ..blow
        });
        assert_eq!(odds.ways[1] * 100, 55 * odds.total);
        // Neither: it always lands.
        let odds = blow_odds(&Blow {
            contested: false,
            resistible: false,
            ..blow
        });
        assert_eq!(odds.ways, vec![0, 1]);
    }

    #[test]
    fn attributes_out_of_range_are_refused() {
        let e = odds(&fixed(100, 0, 1, 0, 0)).unwrap_err();
        assert_eq!(e.what, "--strike");
    }
}
