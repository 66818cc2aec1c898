//! What seeded self-play reports, whichever ruleset played the games: each game's result, and
//! win rates with their intervals, game lengths and deciding objectives over many.
//!
//! Each ruleset plays its own games (`rulesets::*::selfplay`) with the in-tree generator
//! (`crate::rng`), so a seed gives the same games on every machine and thread count.

pub mod skill;

/// Why a scenario cannot be simulated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SimulateError {
    /// Stats the simulation needs, by figure.
    #[error("stats missing for the simulation: {0}")]
    MissingStats(String),
    /// More hexes than self-play handles.
    #[error("the map has {hexes} hexes; self-play handles maps up to {max}")]
    MapTooLarge {
        /// Hexes on the map.
        hexes: usize,
        /// The most this ruleset's self-play takes.
        max: usize,
    },
    /// Fewer than two teams with figures.
    #[error("the simulation needs two teams with figures on the map")]
    NoOpponents,
}

/// Plays `games` games on all cores, game `g` with the generator of `(seed, g)`, calling
/// `progress` after each: the same games for a seed whatever the number of threads, for every
/// ruleset's self-play.
pub(crate) fn play_games(
    games: u32,
    seed: u64,
    progress: &(dyn Fn() + Sync),
    play: impl Fn(&mut crate::rng::Rng) -> GameResult + Sync,
) -> Vec<GameResult> {
    play_numbered(games, seed, progress, |_, rng| play(rng))
}

/// [`play_games`] for any kind of result, telling each game its number.
pub(crate) fn play_numbered<T: Send>(
    games: u32,
    seed: u64,
    progress: &(dyn Fn() + Sync),
    play: impl Fn(u32, &mut crate::rng::Rng) -> T + Sync,
) -> Vec<T> {
    play_numbered_with(games, seed, progress, || (), |_, g, rng| play(g, rng))
}

/// [`play_numbered`] where each worker keeps a `memo` (from `start`) across its games: what
/// the players work out once and ask again. A game's result must not depend on what the memo
/// holds, so the report stays the same on any number of cores.
pub(crate) fn play_numbered_with<M, T: Send>(
    games: u32,
    seed: u64,
    progress: &(dyn Fn() + Sync),
    start: impl Fn() -> M + Sync + Send,
    play: impl Fn(&mut M, u32, &mut crate::rng::Rng) -> T + Sync + Send,
) -> Vec<T> {
    use rayon::prelude::*;
    // Long runs of games a worker, so each memo serves many of them.
    let run = (games as usize / (4 * rayon::current_num_threads().max(1))).max(1);
    (0..games)
        .into_par_iter()
        .with_min_len(run)
        .map_init(start, |memo, g| {
            let result = play(memo, g, &mut crate::rng::Rng::new(seed, u64::from(g)));
            progress();
            result
        })
        .collect()
}

/// The 95% Wilson interval of `wins` in `games`: it behaves near 0 and 1, where the plain
/// normal interval does not.
pub fn wilson(wins: u32, games: u32) -> (f64, f64) {
    if games == 0 {
        return (0.0, 0.0);
    }
    let (z, nf) = (1.959_963_984_540_054_f64, f64::from(games));
    let p = f64::from(wins) / nf;
    let centre = (p + z * z / (2.0 * nf)) / (1.0 + z * z / nf);
    let half = z / (1.0 + z * z / nf) * (p * (1.0 - p) / nf + z * z / (4.0 * nf * nf)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// One game's result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameResult {
    /// The winning team, if any.
    pub winner: Option<String>,
    /// The objective that decided the game.
    pub objective: Option<String>,
    /// Rounds played.
    pub rounds: u32,
    /// The round limit ended it.
    pub hit_limit: bool,
}

/// The policy that played the games, for the report: what it does, and how it compares with
/// best play where that is worked out.
#[derive(Debug, Clone, PartialEq)]
pub struct PolicyNote {
    /// The policy in one sentence.
    pub summary: &'static str,
    /// How it compares with best play on the scenario's own situations, where worked out.
    pub against_best: Option<String>,
}

/// Where the policy's choice is measured against best play: how many of `cases` the policy
/// matches (a `gap` of 0), and the case with the widest gap and that gap. None for no cases.
pub fn widest_gap<T>(cases: &[T], gap: impl Fn(&T) -> f64) -> Option<(usize, &T, f64)> {
    let widest = cases.iter().max_by(|x, y| gap(x).total_cmp(&gap(y)))?;
    let matched = cases.iter().filter(|c| gap(c) <= 1e-12).count();
    Some((matched, widest, gap(widest)))
}

/// Win rates, lengths and deciding objectives over many games.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Summary {
    /// Games played.
    pub games: u32,
    /// Per team: wins, share, and the 95% Wilson interval of the share.
    pub teams: Vec<(String, u32, f64, (f64, f64))>,
    /// Share of games ended by the round limit, undecided.
    pub round_limit_share: f64,
    /// Games by rounds played: `(rounds, games)`.
    pub lengths: Vec<(u32, u32)>,
    /// Games by deciding objective: `(objective id, games)`.
    pub objectives: Vec<(String, u32)>,
}

/// Summarises the games between `teams` (in the order reports list them). Wilson's interval,
/// because it behaves near 0 and 1 where the plain normal interval does not.
pub fn summarise(mut teams: Vec<String>, results: &[GameResult]) -> Summary {
    let n = results.len() as u32;
    for r in results {
        if let Some(w) = &r.winner
            && !teams.contains(w)
        {
            teams.push(w.clone());
        }
    }
    let wilson = |wins: u32| wilson(wins, n);
    let team_rows = teams
        .into_iter()
        .map(|t| {
            let wins = results
                .iter()
                .filter(|r| r.winner.as_deref() == Some(t.as_str()))
                .count() as u32;
            let share = if n == 0 {
                0.0
            } else {
                f64::from(wins) / f64::from(n)
            };
            (t, wins, share, wilson(wins))
        })
        .collect();
    let mut lengths: std::collections::BTreeMap<u32, u32> = Default::default();
    let mut objectives: std::collections::BTreeMap<String, u32> = Default::default();
    for r in results {
        *lengths.entry(r.rounds).or_default() += 1;
        if let Some(o) = &r.objective {
            *objectives.entry(o.clone()).or_default() += 1;
        }
    }
    let limited = results.iter().filter(|r| r.hit_limit).count() as u32;
    Summary {
        games: n,
        teams: team_rows,
        round_limit_share: if n == 0 {
            0.0
        } else {
            f64::from(limited) / f64::from(n)
        },
        lengths: lengths.into_iter().collect(),
        objectives: objectives.into_iter().collect(),
    }
}

/// The finding of a `balance` claim on a summary of its games: an error when the team's 95%
/// Wilson interval lies outside the claimed win rates, a warning when it straddles an edge
/// (more games would tell), nothing when it lies inside. Every ruleset's claim is judged by
/// [`win_rate_finding`].
pub fn balance_finding(
    claim: &megahex_schema::claims::BalanceClaim,
    summary: &Summary,
    pointer: String,
) -> Option<crate::diagnostic::Diagnostic> {
    let (wins, _, interval) = summary
        .teams
        .iter()
        .find(|(team, ..)| *team == claim.team)
        .map(|(_, wins, share, interval)| (*wins, *share, *interval))?;
    let played = WinRate {
        who: format!("team `{}`", claim.team),
        wins,
        games: summary.games,
        interval,
        seed: claim.seed,
    };
    win_rate_finding(&played, claim.win_rate, pointer)
}

/// How often someone won, over how many seeded games.
#[derive(Debug, Clone, PartialEq)]
pub struct WinRate {
    /// Who, in words (``team `heroes` ``, "the player").
    pub who: String,
    /// Games won.
    pub wins: u32,
    /// Games played.
    pub games: u32,
    /// The 95% Wilson interval of the share won.
    pub interval: (f64, f64),
    /// The seed the games were played from.
    pub seed: u32,
}

/// A win-rate claim `[low, high]` judged on games played: an error when the interval lies
/// outside, a warning when it straddles an edge, nothing when it lies inside.
pub fn win_rate_finding(
    played: &WinRate,
    [low, high]: [f64; 2],
    pointer: String,
) -> Option<crate::diagnostic::Diagnostic> {
    use crate::diagnostic::{Code, Diagnostic};
    let (from, to) = played.interval;
    if low <= from && to <= high {
        return None;
    }
    let share = f64::from(played.wins) / f64::from(played.games.max(1));
    let found = format!(
        "{} won {} of {} games ({:.1}%, 95% interval {:.1}% to {:.1}%, seed {})",
        played.who,
        played.wins,
        played.games,
        share * 100.0,
        from * 100.0,
        to * 100.0,
        played.seed
    );
    let wanted = format!("{:.1}% to {:.1}%", low * 100.0, high * 100.0);
    let outside = to < low || from > high;
    let help = "`megahex simulate FILE --games N --seed S` plays the same games; more games narrow the interval";
    Some(match outside {
        true => Diagnostic::error(
            Code::AssertionFailed,
            pointer,
            format!("{found}, outside the claimed {wanted}"),
        )
        .with_help(help),
        false => Diagnostic::warning(
            Code::AssertionFailed,
            pointer,
            format!("{found}: it straddles an edge of the claimed {wanted}, so the claim is not shown true or false"),
        )
        .with_help(help),
    })
}

/// A `balance` claim that self-play cannot judge (missing stats, one team), and why.
pub fn cannot_play(
    team: &str,
    why: &dyn std::fmt::Display,
    pointer: String,
) -> crate::diagnostic::Diagnostic {
    crate::diagnostic::Diagnostic::error(
        crate::diagnostic::Code::AssertionFailed,
        pointer,
        format!("cannot check the balance of team `{team}` by self-play: {why}"),
    )
    .with_help("`megahex simulate FILE` says what self-play needs")
}
