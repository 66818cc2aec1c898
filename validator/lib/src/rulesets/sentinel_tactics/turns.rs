//! `turn-order-uneven`: a turn order that strays from "alternate turns" (rulebook, Advanced
//! Rules: "for skirmishes, just alternate turns"), or that leaves figures without a turn.
//!
//! Round 1 is played out with every figure standing, by the same turn order rules the game
//! uses, and compared with the teams simply alternating (in the order they first come up):
//! a team taking more turns in a row than alternating would give it is reported, as are
//! figures that take turns but that no turn order token gives one.

use megahex_schema::Catalog;
use megahex_schema::rulesets::sentinel_tactics::Scenario;

use crate::diagnostic::{Code, Diagnostic};
use crate::rulesets::sentinel_tactics::game::{Entry, Game, TurnOrder};

/// The longest run of consecutive turns each team has in a sequence: `(team, run, first turn)`.
fn longest_runs(turns: &[Option<String>]) -> Vec<(String, usize, usize)> {
    let mut best: Vec<(String, usize, usize)> = Vec::new();
    let mut i = 0;
    while i < turns.len() {
        let j = (i..turns.len())
            .find(|&j| turns[j] != turns[i])
            .unwrap_or(turns.len());
        if let Some(team) = &turns[i] {
            match best.iter_mut().find(|(t, _, _)| t == team) {
                Some(entry) if entry.1 < j - i => *entry = (team.clone(), j - i, i),
                Some(_) => {}
                None => best.push((team.clone(), j - i, i)),
            }
        }
        i = j;
    }
    best
}

/// Warnings for the scenario's turn order.
pub fn uneven(scenario: &Scenario, catalog: &Catalog) -> Vec<Diagnostic> {
    uneven_in(scenario, &Game::new(scenario, catalog))
}

/// [`uneven`] in the scenario's game, already set up.
pub fn uneven_in(scenario: &Scenario, game: &Game) -> Vec<Diagnostic> {
    let state = game.start();
    let round = game.order.first_round(&game.figures, &state.pieces);
    let pointer = if scenario.turn_order.is_empty() {
        "/teams"
    } else {
        "/turn-order"
    };
    let mut out = Vec::new();
    let left_out: Vec<String> = game
        .figures
        .iter()
        .enumerate()
        .filter(|&(i, f)| {
            f.takes_turns() && state.pieces[i].occupies() && !round.iter().any(|(g, _)| *g == i)
        })
        .map(|(_, f)| format!("`{}`", f.id))
        .collect();
    if !left_out.is_empty() {
        out.push(
            Diagnostic::warning(
                Code::TurnOrderUneven,
                pointer,
                format!(
                    "the turn order never gives a turn to {}: no turn order token names them or their team",
                    left_out.join(", ")
                ),
            )
            .with_help("add their team, or their token ids, to `turn-order`"),
        );
    }
    let teams: Vec<Option<String>> = round.iter().map(|(_, t)| t.clone()).collect();
    let mut order: Vec<String> = Vec::new();
    for team in teams.iter().flatten() {
        if !order.contains(team) {
            order.push(team.clone());
        }
    }
    let alternating = TurnOrder::from_entries(order.into_iter().map(Entry::Team).collect());
    let ideal: Vec<Option<String>> = alternating
        .first_round(&game.figures, &state.pieces)
        .into_iter()
        .map(|(_, t)| t)
        .collect();
    let ideal_runs = longest_runs(&ideal);
    for (team, run, first) in longest_runs(&teams) {
        let fair = ideal_runs
            .iter()
            .find(|(t, _, _)| *t == team)
            .map_or(1, |r| r.1);
        if run > fair {
            out.push(
                Diagnostic::warning(
                    Code::TurnOrderUneven,
                    pointer,
                    format!(
                        "the turn order gives team `{team}` {run} turns in a row in round 1 (turns {} to {}); alternating turns would give it at most {fair} in a row",
                        first + 1,
                        first + run
                    ),
                )
                .with_help("alternate the teams' turn order tokens, as the rulebook's skirmishes do (\"just alternate turns\"), or list the tokens in the order you mean"),
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn teams(names: &[&str]) -> Vec<Option<String>> {
        names.iter().map(|n| Some((*n).to_owned())).collect()
    }

    #[test]
    fn runs_are_counted_per_team_with_where_they_start() {
        let runs = longest_runs(&teams(&["a", "b", "b", "a", "b", "b", "b"]));
        assert_eq!(runs, vec![("a".to_owned(), 1, 0), ("b".to_owned(), 3, 4)]);
    }
}
