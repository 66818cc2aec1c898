//! What may be committed at a Strategy step while enemies with commit rules stand: the same
//! reading as the simulation's legal moves (`game::legal::CommitLimits`), on dice counted by
//! colour. With no limit left on the round, committing a die more never lowers the chance (it
//! can stay unassigned and is rolled again), so only the commits no legal one contains are
//! worth trying.

use super::Counts;
use super::foes::CommitRules;

/// The standing enemies' commit rules together, with the dice committed so far this round.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Allowed {
    /// Dice the round's limits still allow.
    round: Option<u32>,
    /// Dice one step may commit.
    step: Option<u32>,
    banned: [bool; 5],
    whole_colour: bool,
    /// Every allowed commit is worth trying, not only the largest: while a card keeps misses
    /// from being rolled again, a die held back can be rolled fresh later.
    pub(super) every: bool,
}

impl Allowed {
    /// What `standing` enemies' rules allow when `committed` dice are committed already.
    pub(super) fn of<'a>(
        standing: impl IntoIterator<Item = &'a CommitRules>,
        committed: u32,
    ) -> Allowed {
        let mut allowed = Allowed::default();
        let tighter = |slot: &mut Option<u32>, most: u32| {
            *slot = Some(slot.map_or(most, |old| old.min(most)));
        };
        for rules in standing {
            if let Some(max) = rules.per_round {
                tighter(&mut allowed.round, max.saturating_sub(committed));
            }
            if let Some(max) = rules.per_step {
                tighter(&mut allowed.step, max);
            }
            for (banned, by) in allowed.banned.iter_mut().zip(rules.banned) {
                *banned |= by;
            }
            allowed.whole_colour |= rules.whole_colour;
        }
        allowed
    }

    /// Every commit from `reserve` (dice by colour) worth trying: each legal one while a limit
    /// on the round stands, else the legal ones that no other legal one contains.
    pub(super) fn commits(&self, reserve: Counts) -> Vec<Counts> {
        let most = [self.round, self.step].into_iter().flatten().min();
        let mut all = Vec::new();
        let mut commit = [0u8; 5];
        self.grow(0, reserve, most.unwrap_or(u32::MAX), &mut commit, &mut all);
        if self.round.is_some() || self.every {
            return all;
        }
        let within = |small: &Counts, big: &Counts| small.iter().zip(big).all(|(s, b)| s <= b);
        all.iter()
            .filter(|c| !all.iter().any(|o| o != *c && within(c, o)))
            .copied()
            .collect()
    }

    fn grow(
        &self,
        colour: usize,
        reserve: Counts,
        room: u32,
        commit: &mut Counts,
        out: &mut Vec<Counts>,
    ) {
        if colour == 5 {
            out.push(*commit);
            return;
        }
        let have = reserve[colour];
        let counts: Vec<u8> = match (self.banned[colour], self.whole_colour) {
            (true, _) => vec![0],
            (false, true) => vec![0, have],
            (false, false) => (0..=have).collect(),
        };
        let mut seen = Vec::with_capacity(counts.len());
        for n in counts {
            if u32::from(n) > room || seen.contains(&n) {
                continue;
            }
            seen.push(n);
            commit[colour] = n;
            self.grow(colour + 1, reserve, room - u32::from(n), commit, out);
        }
        commit[colour] = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commits_each_rule_allows_by_hand() {
        let reserve = [2, 0, 1, 0, 0];
        // No rule: commit everything.
        assert_eq!(Allowed::default().commits(reserve), vec![[2, 0, 1, 0, 0]]);
        // Two a step: the most a step allows, every way.
        let two = CommitRules {
            per_step: Some(2),
            ..CommitRules::default()
        };
        let mut found = Allowed::of([&two], 0).commits(reserve);
        found.sort_unstable();
        assert_eq!(found, vec![[1, 0, 1, 0, 0], [2, 0, 0, 0, 0]]);
        // Two in the round, one committed already: none or any one die.
        let round = CommitRules {
            per_round: Some(2),
            ..CommitRules::default()
        };
        let mut found = Allowed::of([&round], 1).commits(reserve);
        found.sort_unstable();
        assert_eq!(
            found,
            vec![[0, 0, 0, 0, 0], [0, 0, 1, 0, 0], [1, 0, 0, 0, 0]]
        );
        // The first colour banned, and whole colours with one die a step: the lone die only.
        let banned = CommitRules {
            banned: [true, false, false, false, false],
            ..CommitRules::default()
        };
        assert_eq!(
            Allowed::of([&banned], 0).commits(reserve),
            vec![[0, 0, 1, 0, 0]]
        );
        let whole = CommitRules {
            whole_colour: true,
            per_step: Some(1),
            ..CommitRules::default()
        };
        assert_eq!(
            Allowed::of([&whole], 0).commits(reserve),
            vec![[0, 0, 1, 0, 0]]
        );
    }
}
