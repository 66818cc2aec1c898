//! Whole-game self-play for a deck: every hero at each asked rank, many seeded games each, and
//! what they show: win rates with intervals, rounds played, what ended the lost games, the
//! bosses faced, and what each card did. Game `g` of a run is seeded from the run's seed and
//! `g`, so a seed gives the same report whatever the number of threads.

use std::collections::BTreeMap;

use megahex_schema::rulesets::solar_sentinels::Scenario;

use super::deck;
use super::game::{CardTally, Ending, GameRecord, Searches, Table, play_game};
use crate::simulate::{play_numbered_with, wilson};

/// What to play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// Games for each hero and rank.
    pub games: u32,
    /// The run's seed.
    pub seed: u64,
    /// Ranks to play; `None` plays without missions.
    pub ranks: Vec<Option<u32>>,
}

impl Plan {
    /// The setup's own rank (or none).
    pub fn ranks_of(deck: &Scenario) -> Vec<Option<u32>> {
        vec![deck.setup.rank]
    }

    /// Why the deck cannot be played at one of the plan's ranks, as `validate` says of a setup
    /// (`rank-setup`): a rank draws more missions than the deck has.
    pub fn unplayable(&self, deck: &Scenario) -> Option<String> {
        let have = deck.missions.len();
        let rank = self
            .ranks
            .iter()
            .flatten()
            .copied()
            .find(|&rank| deck::missions_drawn(rank) > have)?;
        let highest = (1..=6).rev().find(|&r| deck::missions_drawn(r) <= have);
        Some(format!(
            "rank {rank} draws {} missions, but the deck has {have} (rank-setup); {}",
            deck::missions_drawn(rank),
            match highest {
                Some(r) => format!("play ranks up to {r}, or add missions"),
                None => "play without missions (`--ranks none`), or add missions".to_owned(),
            }
        ))
    }
}

/// One hero at one rank.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// Hero id.
    pub hero: String,
    /// Rank, if missions were played.
    pub rank: Option<u32>,
    /// Games played.
    pub games: u32,
    /// Games won.
    pub wins: u32,
    /// The 95% Wilson interval of the win rate.
    pub interval: (f64, f64),
    /// Mean rounds a game.
    pub rounds: f64,
}

impl Row {
    /// Share of games won.
    pub fn share(&self) -> f64 {
        share(self.wins, self.games)
    }
}

fn share(part: u32, whole: u32) -> f64 {
    match whole {
        0 => 0.0,
        n => f64::from(part) / f64::from(n),
    }
}

/// What one card did over all games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardRow {
    /// Card id.
    pub id: String,
    /// Times activated.
    pub activated: u32,
    /// Times defeated.
    pub defeated: u32,
    /// Health it took from heroes.
    pub damage: u64,
}

/// The whole report.
#[derive(Debug, Clone, PartialEq)]
pub struct DeckSummary {
    /// Games played in all.
    pub games: u32,
    /// Games won in all.
    pub wins: u32,
    /// The 95% Wilson interval of the overall win rate.
    pub interval: (f64, f64),
    /// Per hero and rank.
    pub rows: Vec<Row>,
    /// What ended lost games: `damage: card`, `effect: card`, or `stalled`, with counts.
    pub losses: Vec<(String, u32)>,
    /// Bosses: (id, games faced, games won).
    pub bosses: Vec<(String, u32, u32)>,
    /// Per conflict card and boss, in deck order.
    pub cards: Vec<CardRow>,
    /// Effect kinds the games leave out, with how many cards have each.
    pub skipped: Vec<(&'static str, u32)>,
    /// Rolls assigned in all games, and how many of them by the exact advisor.
    pub assigned: (u64, u64),
}

impl DeckSummary {
    /// Share of all games won.
    pub fn share(&self) -> f64 {
        share(self.wins, self.games)
    }
}

/// Plays the plan with every hero of `deck` (checked, without errors).
pub fn simulate(deck: &Scenario, plan: &Plan, progress: &(dyn Fn() + Sync)) -> DeckSummary {
    let table = Table::new(deck);
    let runs = runs(deck, plan);
    let records = play(deck, &table, plan, &runs, false, progress);
    summarise(deck, &table, &runs, plan.games, &records)
}

/// Each hero at each rank of the plan, in the order the report lists them.
fn runs(deck: &Scenario, plan: &Plan) -> Vec<(usize, Option<u32>)> {
    (0..deck.heroes.len())
        .flat_map(|h| plan.ranks.iter().map(move |r| (h, *r)))
        .collect()
}

/// The plan's games, `plan.games` for each run in turn; `plain` assigns every roll greedily.
fn play(
    deck: &Scenario,
    table: &Table,
    plan: &Plan,
    runs: &[(usize, Option<u32>)],
    plain: bool,
    progress: &(dyn Fn() + Sync),
) -> Vec<GameRecord> {
    let total = plan.games.saturating_mul(runs.len() as u32);
    play_numbered_with(
        total,
        plan.seed,
        progress,
        || Searches {
            plain,
            ..Searches::new(table.dice.faces)
        },
        |searches, g, rng| {
            let (hero, rank) = runs[(g / plan.games.max(1)) as usize];
            play_game(table, &deck.heroes[hero], rank, rng, searches)
        },
    )
}

/// The skill report of a deck: each hero (at each rank) played by self-play's policy, whose
/// exact advisor assigns the rolls it can weigh, against the same games with every roll
/// assigned greedily: what careful dice play is worth in this deck.
pub fn skill(
    deck: &Scenario,
    plan: &Plan,
    progress: &(dyn Fn() + Sync),
) -> crate::simulate::skill::SkillReport {
    let table = Table::new(deck);
    let runs = runs(deck, plan);
    let careful = play(deck, &table, plan, &runs, false, progress);
    let plain = play(deck, &table, plan, &runs, true, progress);
    let results = |records: &[GameRecord], label: &str| -> Vec<crate::simulate::GameResult> {
        records
            .iter()
            .map(|r| crate::simulate::GameResult {
                winner: (r.ending == Ending::Won).then(|| label.to_owned()),
                objective: None,
                rounds: r.rounds,
                hit_limit: r.ending == Ending::Stalled,
            })
            .collect()
    };
    let games = plan.games.max(1) as usize;
    let sides: Vec<(String, Vec<_>, Vec<_>)> = runs
        .iter()
        .zip(careful.chunks(games).zip(plain.chunks(games)))
        .map(|((hero, rank), (careful, plain))| {
            let label = match rank {
                Some(rank) => format!("{} (rank {rank})", deck.heroes[*hero].id),
                None => deck.heroes[*hero].id.clone(),
            };
            let pair = (results(plain, &label), results(careful, &label));
            (label, pair.0, pair.1)
        })
        .collect();
    crate::simulate::skill::paired_report(
        "each hero played by self-play's policy (its exact advisor assigns the rolls it weighs) against the same games with every roll assigned greedily",
        SKILL_POLICY,
        &sides,
    )
}

/// What the Solar Sentinels skill report compares, in one line.
pub const SKILL_POLICY: &str = "self-play's policy; the simple player assigns every roll greedily, most damage first, never asking the exact advisor";

fn summarise(
    deck: &Scenario,
    table: &Table,
    runs: &[(usize, Option<u32>)],
    games: u32,
    records: &[GameRecord],
) -> DeckSummary {
    let rows: Vec<Row> = runs
        .iter()
        .zip(records.chunks(games.max(1) as usize))
        .map(|((hero, rank), chunk)| {
            let wins = chunk.iter().filter(|r| r.ending == Ending::Won).count() as u32;
            let n = chunk.len() as u32;
            let rounds: u64 = chunk.iter().map(|r| u64::from(r.rounds)).sum();
            Row {
                hero: deck.heroes[*hero].id.clone(),
                rank: *rank,
                games: n,
                wins,
                interval: wilson(wins, n),
                rounds: rounds as f64 / f64::from(n.max(1)),
            }
        })
        .collect();
    let mut losses: BTreeMap<String, u32> = BTreeMap::new();
    let mut bosses: Vec<(String, u32, u32)> = table.cards[table.conflict..]
        .iter()
        .map(|b| (b.id.clone(), 0, 0))
        .collect();
    let mut tally = vec![(0u32, 0u32, 0u64); table.cards.len()];
    for record in records {
        let cause = match record.ending {
            Ending::Won => None,
            Ending::Damage(card) => Some(format!("damage: {}", table.cards[card].id)),
            Ending::Effect(card) => Some(format!("effect: {}", table.cards[card].id)),
            Ending::Stalled => Some("stalled".to_owned()),
        };
        if let Some(cause) = cause {
            *losses.entry(cause).or_default() += 1;
        }
        if let Some(boss) = record.boss {
            let row = &mut bosses[boss - table.conflict];
            row.1 += 1;
            row.2 += u32::from(record.ending == Ending::Won);
        }
        for (sum, card) in tally.iter_mut().zip(&record.cards) {
            let CardTally {
                activated,
                defeated,
                damage,
            } = *card;
            sum.0 += activated;
            sum.1 += defeated;
            sum.2 += u64::from(damage);
        }
    }
    let mut losses: Vec<(String, u32)> = losses.into_iter().collect();
    losses.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let wins = rows.iter().map(|r| r.wins).sum();
    let played = records.len() as u32;
    DeckSummary {
        games: played,
        wins,
        interval: wilson(wins, played),
        rows,
        losses,
        bosses,
        cards: table
            .cards
            .iter()
            .zip(tally)
            .map(|(card, (activated, defeated, damage))| CardRow {
                id: card.id.clone(),
                activated,
                defeated,
                damage,
            })
            .collect(),
        skipped: table.skipped_effects(),
        assigned: records.iter().fold((0, 0), |(all, advised), r| {
            (
                all + u64::from(r.assigned.0),
                advised + u64::from(r.assigned.1),
            )
        }),
    }
}

/// The difference of two decks' overall win rates (`b` minus `a`) and its 95% interval
/// (the normal interval of a difference of two shares).
pub fn difference(a: &DeckSummary, b: &DeckSummary) -> (f64, (f64, f64)) {
    let (pa, pb) = (a.share(), b.share());
    let variance = |p: f64, n: u32| p * (1.0 - p) / f64::from(n.max(1));
    let half = 1.959_963_984_540_054 * (variance(pa, a.games) + variance(pb, b.games)).sqrt();
    let d = pb - pa;
    (d, (d - half, d + half))
}
