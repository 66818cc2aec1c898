//! The enemies of one engagement taken from a deck's cards: each card's Health, Damage and
//! effects under the hero's ability, as the engagement search sees them. Shared by
//! `megahex odds --deck` and the deck's `odds` claims.

use megahex_schema::rulesets::solar_sentinels::{Hero, Scenario};

use super::deck;
use super::dice::{Colour, Pool};
use super::engagement::Foe;
use super::game::BOSS_LEVEL;
use super::game::rules::{CardRules, hero_faces};

/// The cards engaged, as the search sees them.
#[derive(Debug, Clone)]
pub struct CardFoes {
    /// Each card as a foe.
    pub foes: Vec<Foe>,
    /// Each card's Damage.
    pub damage: Vec<u32>,
    /// Each card's id.
    pub cards: Vec<String>,
    /// What each face of each colour deals under the hero's ability, before any card's
    /// effects: by colour, miss, hit and crit.
    pub hero_dealing: [[u32; 3]; 5],
    /// Cards with effects the search leaves out, and those effects' names.
    pub left_out: Vec<(String, Vec<&'static str>)>,
}

/// Why a deck's cards cannot be engaged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CardsError {
    /// The deck changes the dice's faces, and the search plays the game's own dice.
    OtherDice,
    /// No conflict card or boss has this id.
    NoCard(String),
}

impl std::fmt::Display for CardsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CardsError::OtherDice => write!(
                f,
                "this deck changes the dice's faces; the engagement search plays the game's own dice"
            ),
            CardsError::NoCard(id) => {
                write!(
                    f,
                    "the deck has no conflict card or boss with the id `{id}`"
                )
            }
        }
    }
}

/// The cards `ids` (conflict cards or bosses) engaged by `hero` (none: no ability), with the
/// dice `exhausted` this round; or what stops the search.
pub fn foes_of_cards(
    deck: &Scenario,
    hero: Option<&Hero>,
    ids: &[String],
    exhausted: &Pool,
) -> Result<CardFoes, CardsError> {
    if deck::DiceBox::of(deck).faces != Colour::ALL.map(Colour::faces) {
        return Err(CardsError::OtherDice);
    }
    let faces = hero_faces(hero.and_then(|h| h.ability.as_ref()).map(|a| &a.effect));
    let mut out = CardFoes {
        foes: Vec::new(),
        damage: Vec::new(),
        cards: Vec::new(),
        hero_dealing: faces,
        left_out: Vec::new(),
    };
    for id in ids {
        let card = deck
            .conflict
            .iter()
            .find(|c| &c.id == id)
            .map(|c| (c.health, c.level, c.damage, &c.effects))
            .or_else(|| {
                deck.bosses
                    .iter()
                    .find(|b| &b.id == id)
                    .map(|b| (b.health, BOSS_LEVEL, b.damage, &b.effects))
            });
        let Some((health, level, damage, effects)) = card else {
            return Err(CardsError::NoCard(id.clone()));
        };
        let (foe, left_out) =
            Foe::of_card(health, level, &CardRules::of(effects), &faces, exhausted);
        out.foes.push(foe);
        out.damage.push(damage);
        out.cards.push(id.clone());
        if !left_out.is_empty() {
            out.left_out.push((id.clone(), left_out));
        }
    }
    Ok(out)
}
