//! The water monster's trigger (reference/hex-skirmish.md): a d6 is rolled as a character
//! steps into water, and the monster comes on a 1 at the first step in, 1-2 at the second and
//! 1-3 from the third on.

/// Which d6 faces call the monster at each step of a walk through water, the last entry holding
/// for every later step. The manual's numbers are the default; a scenario may change them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trigger {
    /// Faces (out of 6) that call the monster at step 1, 2, ...
    pub faces_by_step: Vec<u8>,
}

impl Default for Trigger {
    fn default() -> Self {
        Trigger {
            faces_by_step: vec![1, 2, 3],
        }
    }
}

impl Trigger {
    /// The faces that call the monster at the 1-based `step`.
    pub fn faces_at(&self, step: usize) -> u8 {
        let last = self.faces_by_step.last().copied().unwrap_or(0);
        self.faces_by_step
            .get(step.saturating_sub(1))
            .copied()
            .unwrap_or(last)
            .min(6)
    }

    /// The exact chance of `steps` consecutive steps in water without meeting the monster, as
    /// (ways, out of): one d6 a step, so `6^steps` equally likely rolls in all.
    pub fn unmet(&self, steps: usize) -> (u128, u128) {
        let mut ways: u128 = 1;
        let mut total: u128 = 1;
        for step in 1..=steps {
            ways *= u128::from(6 - self.faces_at(step));
            total *= 6;
        }
        (ways, total)
    }
}

/// Most water steps asked about at once: 6^48 still fits in 128 bits.
pub const MAX_STEPS: usize = 48;

#[cfg(test)]
mod tests {
    use super::*;

    /// Whole fractions compared by cross-multiplying.
    fn equals(fraction: (u128, u128), numerator: u128, denominator: u128) -> bool {
        fraction.0 * denominator == numerator * fraction.1
    }

    #[test]
    fn the_reference_pages_chances_hold() {
        // reference/hex-skirmish.md: not meeting the monster over 1 to 4 steps is 5/6, 5/9,
        // 5/18, 5/36 (5/6, then times 4/6, then 3/6 a step).
        let trigger = Trigger::default();
        assert!(equals(trigger.unmet(1), 5, 6));
        assert!(equals(trigger.unmet(2), 5, 9));
        assert!(equals(trigger.unmet(3), 5, 18));
        assert!(equals(trigger.unmet(4), 5, 36));
        assert_eq!(trigger.unmet(0), (1, 1));
        let (ways, total) = trigger.unmet(MAX_STEPS);
        assert!(ways > 0 && total > ways);
    }

    #[test]
    fn a_changed_trigger_is_followed() {
        let sure = Trigger {
            faces_by_step: vec![6],
        };
        assert_eq!(sure.unmet(1).0, 0);
        let never = Trigger {
            faces_by_step: vec![],
        };
        assert!(equals(never.unmet(5), 1, 1));
    }
}
