//! The stronger player and the skill report, whichever ruleset plays.
//!
//! The stronger player is flat Monte Carlo over the simple policy: at each decision it tries
//! every option the ruleset offers, plays each on to the end with the simple policy for every
//! side a fixed number of times, and keeps the option that won most. Every option sees the same
//! dice in its `k`-th playout (common random numbers), so a difference between options is the
//! option's, not the dice's. The skill report plays each team as the stronger player against
//! simple opponents on the seeds of the simple games, and compares the two win rates game by
//! game.

use super::GameResult;
use crate::rng::Rng;

/// Who chooses for a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    /// The ruleset's simple policy.
    Simple,
    /// Flat Monte Carlo over the simple policy ([`ROLLOUTS`] playouts an option).
    Lookahead,
}

/// Playouts of each option at each decision of the stronger player.
pub const ROLLOUTS: u64 = 12;

/// The lookahead in one line, for the report.
pub const LOOKAHEAD: &str = "at each decision, every option is played on to the end 12 times by the simple policy on both sides, with the same dice for every option; an option replaces the simple policy's choice when it wins more on the same dice by 1.645 standard errors, the best such option first";

/// A stronger player's win rate must beat the simple one's by this much (a share of games)
/// before the report calls a scenario decided by play, and stay under it to call it decided by
/// dice.
pub const SKILL_MARGIN: f64 = 0.05;

/// The option the stronger player takes. Option 0 is what the simple policy would do; another
/// replaces it only when, over [`ROLLOUTS`] playouts on the same dice, it beats option 0 by more
/// than [`SWITCH_Z`] standard errors of the paired differences: with many options and few
/// playouts, the plain best mean is often an option that was only lucky, and playing it loses
/// more than it gains. Among those that clear the bar, the best mean wins, the first on ties.
/// `score` plays option `i` on with the generator it is given and scores it from 0 (lost) to 1
/// (won). None when there are no options.
pub(crate) fn choose(
    options: usize,
    rng: &mut Rng,
    mut score: impl FnMut(usize, &mut Rng) -> f64,
) -> Option<usize> {
    if options <= 1 {
        return options.checked_sub(1);
    }
    let base = rng.next();
    let scores: Vec<Vec<f64>> = (0..options)
        .map(|option| {
            (0..ROLLOUTS)
                .map(|k| score(option, &mut Rng::new(base, k)))
                .collect()
        })
        .collect();
    let n = ROLLOUTS as f64;
    let mut best = (0.0, 0);
    for (option, these) in scores.iter().enumerate().skip(1) {
        let diffs: Vec<f64> = these.iter().zip(&scores[0]).map(|(a, b)| a - b).collect();
        let mean = diffs.iter().sum::<f64>() / n;
        let variance = diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0);
        let clears = mean > SWITCH_Z * (variance / n).sqrt();
        if clears && mean > best.0 {
            best = (mean, option);
        }
    }
    Some(best.1)
}

/// How many standard errors an option must win by to replace the simple policy's choice.
pub const SWITCH_Z: f64 = 1.645;

/// A game's worth to `team`: 1 won, 0 lost, ½ undecided.
pub(crate) fn worth(result: &GameResult, team: &str) -> f64 {
    match result.winner.as_deref() {
        Some(w) if w == team => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

/// One team played by the stronger player against simple opponents, on the seeds of the simple
/// games.
#[derive(Debug, Clone, PartialEq)]
pub struct SkillRow {
    /// The team the stronger player took.
    pub team: String,
    /// Games in each set.
    pub games: u32,
    /// Its wins when the simple policy played it.
    pub simple_wins: u32,
    /// Its wins when the stronger player played it.
    pub strong_wins: u32,
    /// The gain in win rate, strong less simple, and its 95% interval (paired by seed).
    pub gain: f64,
    /// The 95% interval of the gain.
    pub interval: (f64, f64),
}

/// What the skill report concludes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// A stronger player of some team wins more by at least [`SKILL_MARGIN`].
    Play,
    /// No team gains as much as [`SKILL_MARGIN`] from the stronger player.
    Dice,
    /// The games cannot tell either way; more would.
    Unclear,
}

/// The skill report: each team's gain from the stronger player, and the verdict.
#[derive(Debug, Clone, PartialEq)]
pub struct SkillReport {
    /// What was compared, in words.
    pub what: &'static str,
    /// The stronger player in one line.
    pub player: &'static str,
    /// One row a team.
    pub rows: Vec<SkillRow>,
    /// Decided by play, by dice, or unclear.
    pub verdict: Verdict,
}

/// Compares `simple` games with, for each team, games where the stronger player took that team
/// (`strong[t]`, played on the same seeds as the first games of `simple`).
pub fn skill_report(
    player: &'static str,
    teams: &[String],
    simple: &[GameResult],
    strong: &[Vec<GameResult>],
) -> SkillReport {
    let sides: Vec<(String, Vec<GameResult>, Vec<GameResult>)> = teams
        .iter()
        .zip(strong)
        .map(|(team, strong)| (team.clone(), simple.to_vec(), strong.clone()))
        .collect();
    paired_report(
        "each team played by a stronger player against simple opponents",
        player,
        &sides,
    )
}

/// The skill report from `(side, simple games, stronger games)`, the two sets played on the
/// same seeds; `what` says in words what was compared.
pub fn paired_report(
    what: &'static str,
    player: &'static str,
    sides: &[(String, Vec<GameResult>, Vec<GameResult>)],
) -> SkillReport {
    let rows: Vec<SkillRow> = sides
        .iter()
        .map(|(side, simple, strong)| row(side, simple, strong))
        .collect();
    let verdict = if rows.iter().any(|r| r.interval.0 >= SKILL_MARGIN) {
        Verdict::Play
    } else if rows.iter().all(|r| r.interval.1 < SKILL_MARGIN) {
        Verdict::Dice
    } else {
        Verdict::Unclear
    };
    SkillReport {
        what,
        player,
        rows,
        verdict,
    }
}

/// A team's gain, with the normal interval of the mean of paired differences (each game's
/// strong result less its simple twin's: -1, 0 or 1).
fn row(team: &str, simple: &[GameResult], strong: &[GameResult]) -> SkillRow {
    let won = |r: &GameResult| u32::from(r.winner.as_deref() == Some(team));
    let pairs: Vec<(u32, u32)> = simple
        .iter()
        .zip(strong)
        .map(|(a, b)| (won(a), won(b)))
        .collect();
    let n = pairs.len() as u32;
    let simple_wins = pairs.iter().map(|p| p.0).sum();
    let strong_wins = pairs.iter().map(|p| p.1).sum();
    let diffs: Vec<f64> = pairs
        .iter()
        .map(|&(a, b)| f64::from(b) - f64::from(a))
        .collect();
    let nf = f64::from(n.max(1));
    let gain = diffs.iter().sum::<f64>() / nf;
    let variance = if n > 1 {
        diffs.iter().map(|d| (d - gain).powi(2)).sum::<f64>() / (nf - 1.0)
    } else {
        0.0
    };
    let half = 1.959_963_984_540_054 * (variance / nf).sqrt();
    SkillRow {
        team: team.to_owned(),
        games: n,
        simple_wins,
        strong_wins,
        gain,
        interval: (gain - half, gain + half),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(winner: Option<&str>) -> GameResult {
        GameResult {
            winner: winner.map(str::to_owned),
            objective: None,
            rounds: 1,
            hit_limit: winner.is_none(),
        }
    }

    #[test]
    fn the_choice_is_the_option_that_wins_most_on_the_same_dice() {
        // Option 1 wins on a 2+ of a d6, option 0 (the simple choice) on a 6, option 2 never:
        // on the same dice option 1 wins whenever option 0 does and 5 times in 6 more.
        let chosen = choose(3, &mut Rng::new(5, 0), |option, rng| {
            let face = rng.roll(6);
            let needs = [6, 2, 7][option];
            f64::from(u8::from(face >= needs))
        });
        assert_eq!(chosen, Some(1));
        // An option no better than the simple choice on the same dice never replaces it.
        let kept = choose(2, &mut Rng::new(5, 0), |_, rng| f64::from(rng.roll(2) - 1));
        assert_eq!(kept, Some(0));
        assert_eq!(choose(0, &mut Rng::new(5, 0), |_, _| 1.0), None);
        assert_eq!(choose(1, &mut Rng::new(5, 0), |_, _| 0.0), Some(0));
    }

    #[test]
    fn paired_gains_and_the_verdict() {
        let teams = ["a".to_owned(), "b".to_owned()];
        // Ten games; a wins 3 played simply and 8 played strong (gain 0.5); the pairs differ
        // in 5 games by +1 and agree in 5, so the differences' mean is 0.5, their sample
        // variance (5 × 0.25 + 5 × 0.25) / 9 = 5/18, and the half-width 1.96 × sqrt(5/180).
        let simple: Vec<GameResult> = (0..10)
            .map(|g| game(Some(if g < 3 { "a" } else { "b" })))
            .collect();
        let strong_a: Vec<GameResult> = (0..10)
            .map(|g| game(Some(if g < 8 { "a" } else { "b" })))
            .collect();
        let strong_b = simple.clone();
        let report = skill_report("x", &teams, &simple, &[strong_a, strong_b]);
        let a = &report.rows[0];
        assert_eq!((a.simple_wins, a.strong_wins, a.games), (3, 8, 10));
        assert!((a.gain - 0.5).abs() < 1e-12);
        let half = 1.959_963_984_540_054 * (5.0_f64 / 180.0).sqrt();
        assert!((a.interval.0 - (0.5 - half)).abs() < 1e-12);
        assert_eq!(report.rows[1].gain, 0.0);
        assert_eq!(report.verdict, Verdict::Play);
        // With nothing gained anywhere, the dice decide.
        let same = skill_report("x", &teams, &simple, &[simple.clone(), simple.clone()]);
        assert_eq!(same.verdict, Verdict::Dice);
        assert_eq!(worth(&game(None), "a"), 0.5);
        assert_eq!(worth(&game(Some("b")), "a"), 0.0);
    }
}
