//! Turn order and rounds (rulebook "Turns": "When all of the players' turn order tokens are
//! face down, the round is complete"; DESIGN §3).
//!
//! `turn-order` lists turn order tokens. A team id gives the turn to any figure of that team
//! that has not gone this round; a token id gives it to that figure. A list shorter than the
//! figures repeats within the round, skipping entries with no figure left to go; a new round
//! starts at the top of the list. The round is complete when no entry has a figure left to go:
//! every figure that takes turns has had exactly one. Destroyed figures drop out; incapacitated
//! characters keep their turn. Without a `turn-order`, the teams alternate in `teams` order.

use megahex_schema::rulesets::sentinel_tactics::Scenario;

use super::figure::{Figure, Piece, Status};

/// One turn order token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    /// Any figure of this team that has not gone.
    Team(String),
    /// This figure (an index into the game's figures).
    Figure(usize),
}

/// The turn order of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnOrder {
    entries: Vec<Entry>,
}

/// Where a round stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Round {
    /// The round's number, from 1.
    pub number: u32,
    /// Which figures have had their turn this round.
    pub gone: Vec<bool>,
    /// The next entry of the turn order to look at.
    pub next: usize,
}

/// The turn that is due: the entry giving it, and the figures that may take it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Due {
    /// Index of the entry in the turn order.
    pub entry: usize,
    /// Figures that may take the turn, in token order.
    pub figures: Vec<usize>,
}

impl TurnOrder {
    /// The scenario's turn order over these figures. Entries naming nothing known are left out
    /// (the checks report them).
    pub fn new(scenario: &Scenario, figures: &[Figure]) -> TurnOrder {
        let entries = if scenario.turn_order.is_empty() {
            scenario
                .teams
                .iter()
                .map(|t| Entry::Team(t.id.clone()))
                .collect()
        } else {
            scenario
                .turn_order
                .iter()
                .filter_map(|id| {
                    if scenario.teams.iter().any(|t| &t.id == id) {
                        Some(Entry::Team(id.clone()))
                    } else {
                        figures.iter().position(|f| &f.id == id).map(Entry::Figure)
                    }
                })
                .collect()
        };
        TurnOrder { entries }
    }

    /// A turn order of these entries.
    pub fn from_entries(entries: Vec<Entry>) -> TurnOrder {
        TurnOrder { entries }
    }

    /// The entries, in order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The figures `entry` could give a turn to now.
    fn candidates(
        &self,
        entry: &Entry,
        figures: &[Figure],
        pieces: &[Piece],
        gone: &[bool],
    ) -> Vec<usize> {
        let eligible = |i: usize| eligible(figures, pieces, gone, i);
        match entry {
            Entry::Team(team) => (0..figures.len())
                .filter(|&i| figures[i].team.as_deref() == Some(team.as_str()) && eligible(i))
                .collect(),
            Entry::Figure(i) => (eligible(*i)).then_some(*i).into_iter().collect(),
        }
    }

    /// The turn due in `round`: the first entry from `round.next` on with a figure left to go.
    /// `None` when the round is complete.
    pub fn due(&self, round: &Round, figures: &[Figure], pieces: &[Piece]) -> Option<Due> {
        (round.next..self.entries.len()).find_map(|entry| {
            let figures = self.candidates(&self.entries[entry], figures, pieces, &round.gone);
            (!figures.is_empty()).then_some(Due { entry, figures })
        })
    }

    /// Records that the figure took the turn `due` gave, moving on to the next entry; wraps to
    /// the top of the list while figures are left to go, as a short list repeats.
    pub fn advance(
        &self,
        round: &mut Round,
        due: &Due,
        figure: usize,
        figures: &[Figure],
        pieces: &[Piece],
    ) {
        round.gone[figure] = true;
        round.next = due.entry + 1;
        // The list ran out: start it again if anyone it names is left to go.
        if !self.any_due(round.next, &round.gone, figures, pieces)
            && self.any_due(0, &round.gone, figures, pieces)
        {
            round.next = 0;
        }
    }

    /// Is the round over: no entry has a figure left to go?
    pub fn complete(&self, round: &Round, figures: &[Figure], pieces: &[Piece]) -> bool {
        !self.any_due(round.next, &round.gone, figures, pieces)
    }

    /// Whether [`TurnOrder::due`] would find a turn from entry `next` on, without listing who
    /// may take it.
    fn any_due(&self, next: usize, gone: &[bool], figures: &[Figure], pieces: &[Piece]) -> bool {
        self.entries.iter().skip(next).any(|entry| {
            let eligible = |i: usize| eligible(figures, pieces, gone, i);
            match entry {
                Entry::Team(team) => (0..figures.len())
                    .any(|i| figures[i].team.as_deref() == Some(team.as_str()) && eligible(i)),
                Entry::Figure(i) => eligible(*i),
            }
        })
    }

    /// The first round's sequence of turns when every figure is standing, as the team of each
    /// turn (`None` for a figure with no team): for checking how evenly the order alternates.
    pub fn first_round(
        &self,
        figures: &[Figure],
        pieces: &[Piece],
    ) -> Vec<(usize, Option<String>)> {
        let mut round = Round::first(figures.len());
        let mut turns = Vec::new();
        while let Some(due) = self.due(&round, figures, pieces) {
            let figure = due.figures[0];
            turns.push((figure, figures[figure].team.clone()));
            self.advance(&mut round, &due, figure, figures, pieces);
        }
        turns
    }
}

/// May figure `i` be given a turn: it takes turns, it is in play, and it has not gone.
fn eligible(figures: &[Figure], pieces: &[Piece], gone: &[bool], i: usize) -> bool {
    figures[i].takes_turns()
        && matches!(pieces[i].status, Status::Active | Status::Incapacitated)
        && !gone[i]
}

impl Round {
    /// Round 1, nobody gone.
    pub fn first(figures: usize) -> Round {
        Round {
            number: 1,
            gone: vec![false; figures],
            next: 0,
        }
    }

    /// The round after this one.
    pub fn next_round(&self) -> Round {
        Round {
            number: self.number + 1,
            gone: vec![false; self.gone.len()],
            next: 0,
        }
    }
}
