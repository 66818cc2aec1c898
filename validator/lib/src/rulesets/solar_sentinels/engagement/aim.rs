//! What the engagement search with effects weighs a play by: the chance of defeating everyone,
//! the cheapest play's trade-off between that chance and the dice committed, or the Damage the
//! enemies left standing deal. One search walks the same states for each, so every effect it
//! plays for the chance it also plays for the other two.

/// What a play is weighed by.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Aim {
    /// The chance of defeating everyone.
    Chance,
    /// `rate × chance − dice committed`, the fewer dice among equals: the cheapest play's
    /// trade-off at one rate.
    Trade(f64),
    /// The least Damage the enemies left standing deal at Suffer Damage.
    LeastDamage,
    /// The best chance of defeating everyone, then the least Damage.
    ChanceThenDamage,
}

/// What a play from a state comes to: its chance of defeating everyone, and its cost (dice
/// committed for [`Aim::Trade`], Damage taken for the two Damage aims, 0 for the chance).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(super) struct Outcome {
    pub(super) chance: f64,
    pub(super) cost: f64,
}

/// Differences below this are rounding, not a better play.
const EPSILON: f64 = 1e-12;

impl Outcome {
    /// A round won at no further cost.
    pub(super) const WON: Outcome = Outcome {
        chance: 1.0,
        cost: 0.0,
    };

    /// `self` plus `p` times `other`: the sum over a roll's outcomes.
    pub(super) fn add(&mut self, p: f64, other: Outcome) {
        self.chance += p * other.chance;
        self.cost += p * other.cost;
    }

    /// The same play with `cost` more.
    pub(super) fn costing(self, cost: f64) -> Outcome {
        Outcome {
            chance: self.chance,
            cost: self.cost + cost,
        }
    }
}

impl Aim {
    /// Whether `a` is a better play than `b`.
    pub(super) fn beats(self, a: Outcome, b: Outcome) -> bool {
        match self {
            Aim::Chance => a.chance > b.chance,
            Aim::Trade(rate) => {
                let (x, y) = (rate * a.chance - a.cost, rate * b.chance - b.cost);
                x > y + EPSILON || ((x - y).abs() <= EPSILON && a.cost < b.cost - EPSILON)
            }
            Aim::LeastDamage => a.cost < b.cost - EPSILON,
            Aim::ChanceThenDamage => {
                a.chance > b.chance + EPSILON
                    || ((a.chance - b.chance).abs() <= EPSILON && a.cost < b.cost - EPSILON)
            }
        }
    }

    /// Whether no play can beat `o`, so the search may stop looking.
    pub(super) fn unbeatable(self, o: Outcome) -> bool {
        match self {
            Aim::Chance => o.chance >= 1.0,
            Aim::LeastDamage => o.cost <= 0.0,
            Aim::Trade(_) | Aim::ChanceThenDamage => o.chance >= 1.0 && o.cost <= 0.0,
        }
    }

    /// Whether the Damage of the enemies left standing counts.
    pub(super) fn counts_damage(self) -> bool {
        matches!(self, Aim::LeastDamage | Aim::ChanceThenDamage)
    }

    /// The better of `a` and `b`, `a` when neither beats the other.
    pub(super) fn best(self, a: Option<Outcome>, b: Outcome) -> Outcome {
        match a {
            Some(a) if !self.beats(b, a) => a,
            _ => b,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_aim_orders_plays_by_hand() {
        let sure_but_dear = Outcome {
            chance: 1.0,
            cost: 3.0,
        };
        let likely_and_cheap = Outcome {
            chance: 0.9,
            cost: 1.0,
        };
        // The chance alone, and the chance before the Damage.
        assert!(Aim::Chance.beats(sure_but_dear, likely_and_cheap));
        assert!(Aim::ChanceThenDamage.beats(sure_but_dear, likely_and_cheap));
        // The least Damage alone.
        assert!(Aim::LeastDamage.beats(likely_and_cheap, sure_but_dear));
        // At a rate of 10 a die is worth 0.1 of chance: 10 − 3 = 7 against 9 − 1 = 8; at 100,
        // 97 against 89.
        assert!(Aim::Trade(10.0).beats(likely_and_cheap, sure_but_dear));
        assert!(Aim::Trade(100.0).beats(sure_but_dear, likely_and_cheap));
        // Equal trade-offs: the fewer dice.
        let same_score = Outcome {
            chance: 0.8,
            cost: 0.0,
        };
        assert!(Aim::Trade(10.0).beats(same_score, likely_and_cheap));
    }
}
