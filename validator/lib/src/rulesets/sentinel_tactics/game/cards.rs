//! Power cards: which of a character's cards are in play, the Power Up phase that places or
//! replaces one, and incapacitation, which returns them all to the hand (docs/rules.md, "Power
//! cards in play").

use megahex_schema::rulesets::sentinel_tactics::{AttackStats, PlaceCard, PowerUp};

use super::{Game, State};
use crate::illegal::Illegal;

impl Game {
    /// The names of `figure`'s power cards in play now, in the order of its `cards`.
    pub fn cards_in_play(&self, state: &State, figure: usize) -> Vec<&str> {
        let bits = state.pieces[figure].in_play;
        self.figures[figure]
            .cards()
            .iter()
            .enumerate()
            .filter(|(at, _)| *at < 64 && bits & (1u64 << at) != 0)
            .map(|(_, name)| name.as_str())
            .collect()
    }

    /// The Power Up phase of the turn just begun: places `change`'s card from the hand, or
    /// replaces a card in play with a different one. Once a turn, before any action.
    pub fn power_up(&self, state: &mut State, change: &PowerUp) -> Result<(), Illegal> {
        let me = self.acting(state)?;
        let figure = &self.figures[me];
        let id = &figure.id;
        let Some(turn) = state.turn.as_ref() else {
            return Err(Illegal::from("no turn is under way"));
        };
        if turn.actions > 0 || turn.basics.contains(&true) || !turn.abilities.is_empty() {
            return Err(Illegal::from(format!(
                "`{id}` has already acted this turn; Power Up is the turn's first phase"
            )));
        }
        if turn.powered_up {
            return Err(Illegal::from(format!(
                "`{id}` has powered up this turn already; a Power Up places or replaces one card"
            )));
        }
        let Some(stats) = figure.stats.as_ref().filter(|s| !s.cards.is_empty()) else {
            return Err(Illegal::from(format!(
                "`{id}` has no power cards: its stats list none under `cards`"
            )));
        };
        let in_play = state.pieces[me].in_play;
        let bit = |name: &str| {
            figure.card_bit(name).ok_or_else(|| {
                Illegal::from(format!(
                    "`{id}` has no power card {name}; its cards: {}",
                    stats.cards.join(", ")
                ))
            })
        };
        let from_hand = |name: &str| -> Result<u64, Illegal> {
            let b = bit(name)?;
            match in_play & b {
                0 => Ok(b),
                _ => Err(Illegal::from(format!(
                    "{name} is in play already; the card put in play comes from the hand"
                ))),
            }
        };
        let now = match change {
            PowerUp::Place(place) => {
                let most = stats.most_cards_in_play();
                if in_play.count_ones() >= most {
                    return Err(Illegal::from(format!(
                        "`{id}` has {most} power cards in play ({}), as many as it may; replace one instead (`{{replace: …, with: {}}}`)",
                        self.cards_in_play(state, me).join(", "),
                        place.place
                    )));
                }
                in_play | from_hand(&place.place)?
            }
            PowerUp::Replace(swap) => {
                if swap.replace == swap.with {
                    return Err(Illegal::from(format!(
                        "{} cannot replace itself: \"You cannot pick up and put back down the same power card\"",
                        swap.replace
                    )));
                }
                let out = bit(&swap.replace)?;
                if in_play & out == 0 {
                    return Err(Illegal::from(format!(
                        "{} is not in play (in play: {}); only a card in play can be replaced",
                        swap.replace,
                        match self.cards_in_play(state, me).join(", ") {
                            none if none.is_empty() => "none".to_owned(),
                            some => some,
                        }
                    )));
                }
                (in_play & !out) | from_hand(&swap.with)?
            }
        };
        state.pieces[me].in_play = now;
        if let Some(turn) = state.turn.as_mut() {
            turn.powered_up = true;
        }
        Ok(())
    }

    /// The Power Up that places `figure`'s first card in the hand (in the order of its
    /// `cards`), when it has fewer in play than it may hold; the simple policy of self-play.
    pub fn card_to_place(&self, state: &State, figure: usize) -> Option<PowerUp> {
        let stats = self.figures[figure].stats.as_ref()?;
        let in_play = state.pieces[figure].in_play;
        if in_play.count_ones() >= stats.most_cards_in_play() {
            return None;
        }
        let (_, name) = stats
            .cards
            .iter()
            .enumerate()
            .find(|(at, _)| *at < 64 && in_play & (1u64 << at) == 0)?;
        Some(PowerUp::Place(PlaceCard {
            place: name.clone(),
        }))
    }

    /// Why the acting figure cannot use `attack` for its power card, if it cannot: the card
    /// is not in play.
    pub(crate) fn card_not_in_play(
        &self,
        state: &State,
        me: usize,
        attack: &AttackStats,
    ) -> Option<Illegal> {
        let card = attack.card.as_deref()?;
        let figure = &self.figures[me];
        let in_play = figure
            .card_bit(card)
            .is_some_and(|bit| state.pieces[me].in_play & bit != 0);
        if in_play {
            return None;
        }
        let now = self.cards_in_play(state, me).join(", ");
        Some(Illegal::from(format!(
            "`{}`'s {} is on the power card {card}, which is not in play (in play: {}); a Power Up can place or replace it first",
            figure.id,
            attack.name,
            if now.is_empty() { "none" } else { &now }
        )))
    }
}
