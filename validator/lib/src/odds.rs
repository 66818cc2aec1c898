//! An exact damage distribution, whichever game's dice made it: every ruleset's odds count
//! equally likely outcomes into one of these.

/// The exact damage distribution of an attack: `ways[d]` of the `total` equally likely rolls
/// deal `d` damage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Odds {
    /// Ways to deal each amount of damage, from 0 up to the most possible.
    pub ways: Vec<u128>,
    /// All equally likely outcomes (for d6 pools, 6^(attack dice + defence dice)).
    pub total: u128,
}

impl Odds {
    /// Probability of each amount of damage.
    pub fn probabilities(&self) -> Vec<f64> {
        self.ways
            .iter()
            .map(|&w| w as f64 / self.total as f64)
            .collect()
    }

    /// Expected damage.
    pub fn expected(&self) -> f64 {
        let sum: u128 = self
            .ways
            .iter()
            .enumerate()
            .map(|(d, &w)| d as u128 * w)
            .sum();
        sum as f64 / self.total as f64
    }
}
