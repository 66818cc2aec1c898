//! How self-play's round compares with best play: each hero with its whole pool (after the
//! rank's handicaps) against each boss standing alone, the final round of a game. Best play is
//! the exact engagement search; the policy's chance is counted over many rounds it plays.

use megahex_schema::rulesets::solar_sentinels::Scenario;

use super::play::{activate_boss, boss_down, engage, new_state};
use super::{Searches, Table};
use crate::rng::Rng;
use crate::rulesets::solar_sentinels::engaged::foes_of_cards;
use crate::rulesets::solar_sentinels::engagement::defeat_all_foes;

/// One hero against one boss alone.
#[derive(Debug, Clone, PartialEq)]
pub struct RoundGap {
    /// The hero's id.
    pub hero: String,
    /// The boss's id.
    pub boss: String,
    /// Rounds the policy defeated the boss in, of `rounds`.
    pub policy_wins: u32,
    /// Rounds the policy played.
    pub rounds: u32,
    /// Best play's exact chance.
    pub best: f64,
}

impl RoundGap {
    /// The policy's share of rounds won.
    pub fn policy(&self) -> f64 {
        f64::from(self.policy_wins) / f64::from(self.rounds.max(1))
    }
}

/// Each hero (at the setup's rank) against each boss the exact search weighs whole: the
/// policy's rounds (`rounds` each, seeded from `seed`) and best play's chance. Bosses with an
/// effect the search leaves out are skipped, since their best play is not known exactly.
pub fn round_gaps(deck: &Scenario, rounds: u32, seed: u64) -> Vec<RoundGap> {
    use rayon::prelude::*;
    let table = Table::new(deck);
    let pairs: Vec<(usize, usize)> = (0..deck.heroes.len())
        .flat_map(|h| (table.conflict..table.cards.len()).map(move |b| (h, b)))
        .collect();
    // The exact searches are the slow part (about a second each for a whole box), so the pairs
    // share the cores.
    pairs
        .par_iter()
        .filter_map(|&(h, boss)| round_gap(deck, &table, h, boss, rounds, seed))
        .collect()
}

fn round_gap(
    deck: &Scenario,
    table: &Table,
    hero: usize,
    boss: usize,
    rounds: u32,
    seed: u64,
) -> Option<RoundGap> {
    let hero = &deck.heroes[hero];
    let mut start = new_state(
        table,
        hero,
        deck.setup.rank,
        Default::default(),
        Vec::new(),
        Vec::new(),
    );
    activate_boss(&mut start, boss);
    start.round = 1;
    let id = table.cards[boss].id.clone();
    let found = foes_of_cards(
        deck,
        Some(hero),
        std::slice::from_ref(&id),
        &start.exhausted,
    )
    .ok()?;
    if !found.left_out.is_empty() {
        return None;
    }
    let best = defeat_all_foes(&start.pool, &found.foes, hero.strategy, &|_, _| {}).ok()?;
    let won = crate::simulate::play_numbered_with(
        rounds,
        seed,
        &|| {},
        || Searches::new(table.dice.faces),
        |searches, _, rng: &mut Rng| {
            let mut s = start.clone();
            engage(&mut s, table, rng, searches) && boss_down(&s)
        },
    );
    Some(RoundGap {
        hero: hero.id.clone(),
        boss: id,
        policy_wins: won.iter().filter(|w| **w).count() as u32,
        rounds,
        best,
    })
}

/// The report's `against best play:` line: how often self-play's round matches best play
/// within its 95% interval, and the widest gap.
pub fn round_gaps_line(gaps: &[RoundGap]) -> Option<String> {
    let (_, widest, gap) = crate::simulate::widest_gap(gaps, |g| g.best - g.policy())?;
    let within = gaps
        .iter()
        .filter(|g| {
            let (lo, hi) = crate::simulate::wilson(g.policy_wins, g.rounds);
            lo <= g.best && g.best <= hi
        })
        .count();
    let rounds = widest.rounds;
    Some(format!(
        "in the final round of each hero, whole pool, against each boss alone ({rounds} rounds each), self-play's chance is within its 95% interval of best play's exact one in {within} of {} cases; the widest gap: {} against {} wins {:.1}% where best play wins {:.1}% ({:+.1} points); best play commits every die at once, self-play keeps dice back for later rounds, which wins more games",
        gaps.len(),
        widest.hero,
        widest.boss,
        widest.policy() * 100.0,
        widest.best * 100.0,
        -gap * 100.0
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A box of `reds` red dice (no misses, five hits, one crit) and one hero of Strategy 2
    /// against one boss.
    fn deck(reds: u32, boss: serde_json::Value) -> Scenario {
        let reds = serde_json::json!({"red": {"count": reds}});
        super::super::tests::boss_alone_deck(reds, boss)
    }

    #[test]
    fn one_red_die_against_a_boss_of_two_is_eleven_in_thirty_six_at_best() {
        // Best play wins when the first roll crits (1/6), or hits and the die, kept, crits on
        // the second roll (5/6 x 1/6): 11/36. Self-play rolls the hit again, as best play does.
        let d = deck(
            1,
            serde_json::json!({"id": "boss", "health": 2, "damage": 1, "entourage": 0}),
        );
        let gaps = round_gaps(&d, 4000, 3);
        assert_eq!(gaps.len(), 1);
        assert!((gaps[0].best - 11.0 / 36.0).abs() < 1e-12, "{gaps:?}");
        // Four standard errors of 4,000 rounds at 11/36 are 0.029.
        assert!((gaps[0].policy() - 11.0 / 36.0).abs() < 0.029, "{gaps:?}");
        let line = round_gaps_line(&gaps).unwrap();
        assert!(line.contains("in 1 of 1 cases"), "{line}");
    }

    #[test]
    fn a_boss_that_takes_one_a_step_is_chipped_at_before_the_last_step() {
        // Two red dice (every face deals at least 1) against Health 2 that takes at most 1 a
        // step: one die in each step always wins, so best play's chance is 1, and self-play,
        // chipping 1 in the first step, wins every round. (With so few dice the advisor and
        // the "waiting cannot help" rule carried the old policy here too; the commit itself is
        // tested in `game/tests.rs`.)
        let d = deck(
            2,
            serde_json::json!({"id": "boss", "health": 2, "damage": 1, "entourage": 0,
                               "effects": [{"during": {"max-damage-per-step": 1}}]}),
        );
        let gaps = round_gaps(&d, 500, 3);
        assert!((gaps[0].best - 1.0).abs() < 1e-12, "{gaps:?}");
        assert_eq!(gaps[0].policy_wins, 500, "{gaps:?}");
    }
}
