//! Every change to a Solar Sentinels deck is a [`DeckEdit`], applied through the shared history
//! ([`crate::history::History`]), so each can be undone and redone.

use megahex_schema::rulesets::solar_sentinels::{
    Boss, ConflictCard, Handicap, Hero, Mission, Scenario,
};

/// The deck being edited, with its undo and redo history.
pub type DeckEditing = crate::history::History<Scenario, DeckEdit>;

crate::versioned! {
    Scenario,
    DeckPatch {
        schema: Option<String>,
        format: u32,
        ruleset: megahex_schema::rulesets::solar_sentinels::RulesetTag,
        title: Option<String>,
        description: Option<String>,
        catalog: Option<String>,
        components: megahex_schema::rulesets::solar_sentinels::Components,
        dice: megahex_schema::rulesets::solar_sentinels::Dice,
        heroes: Vec<Hero>,
        conflict: Vec<ConflictCard>,
        bosses: Vec<Boss>,
        missions: Vec<Mission>,
        setup: megahex_schema::rulesets::solar_sentinels::Setup,
        playtest: Vec<megahex_schema::rulesets::solar_sentinels::PlaytestRound>,
        assertions: Vec<megahex_schema::rulesets::solar_sentinels::assertions::Assertion>,
    }
}

/// One change a designer makes to a deck.
#[derive(Debug, Clone, PartialEq)]
pub enum DeckEdit {
    /// The deck's title (`None` takes it away).
    SetTitle(Option<String>),
    /// The hero the setup plays.
    SetHero(String),
    /// The difficulty rank (`None`: no missions). The handicaps follow the rank: one for each
    /// rank above 1, new ones exhausting three yellow dice; fixed missions that no longer fit
    /// the rank are dealt at random instead.
    SetRank(Option<u32>),
    /// Replace a conflict card's fields (the inspector).
    UpdateCard {
        /// Position in `conflict`.
        index: usize,
        /// The new card.
        card: Box<ConflictCard>,
        /// Made while a number is dragged, after the drag's first change: one undo step takes
        /// the whole drag back.
        continues: bool,
    },
    /// Replace a hero's fields (the hero inspector). Its id stays: the setup refers to it.
    UpdateHero {
        /// Position in `heroes`.
        index: usize,
        /// The new hero, with the same id.
        hero: Box<Hero>,
        /// Made while a number is dragged, after the drag's first change, as for a card.
        continues: bool,
    },
    /// Replace a boss's fields (the boss inspector). Its id stays: the setup refers to it.
    UpdateBoss {
        /// Position in `bosses`.
        index: usize,
        /// The new boss, with the same id.
        boss: Box<Boss>,
        /// Made while a number is dragged, after the drag's first change, as for a card.
        continues: bool,
    },
    /// Replace a mission's condition or forfeit (the missions list). Its id stays: the setup
    /// refers to it.
    UpdateMission {
        /// Position in `missions`.
        index: usize,
        /// The new mission, with the same id.
        mission: Box<Mission>,
    },
    /// A new conflict card, at the bottom of a stack when the order is fixed.
    AddCard {
        /// The card.
        card: Box<ConflictCard>,
        /// The stack it goes in (0 to 2), with a fixed order.
        stack: usize,
    },
    /// Take a conflict card out of the deck (and out of its stack).
    RemoveCard {
        /// Position in `conflict`.
        index: usize,
    },
    /// Fix the stack order (top card first), or let the cards be shuffled again (`None`).
    SetStacks(Option<Vec<Vec<String>>>),
    /// Move a card (dragged in the stacks): from `(stack, place)` to just before place `to.1`
    /// of stack `to.0` (after its last card when past the end). It fixes the stack order.
    MoveCard {
        /// Where the card is: stack (0 to 2) and place, top first.
        from: (usize, usize),
        /// Where it goes, counted before it is taken out.
        to: (usize, usize),
    },
    /// Take the version another program saved, dropping the unsaved edits (undo brings them
    /// back).
    ReloadFromDisk(Box<Scenario>),
    /// A key written as YAML in the "More keys" boxes (`None` takes it out).
    SetKey {
        /// The key as the file writes it.
        key: &'static str,
        /// Its new value.
        value: Option<serde_yaml::Value>,
    },
}

impl crate::history::Change<Scenario> for DeckEdit {
    fn apply_to(&self, deck: &mut Scenario) -> Result<(), String> {
        match self {
            DeckEdit::SetTitle(title) => deck.title.clone_from(title),
            DeckEdit::SetHero(hero) => {
                if !deck.heroes.iter().any(|h| &h.id == hero) {
                    return Err(format!("the deck has no hero `{hero}`"));
                }
                deck.setup.hero.clone_from(hero);
            }
            DeckEdit::SetRank(rank) => set_rank(deck, *rank),
            DeckEdit::UpdateCard { index, card, .. } => {
                let clash = deck
                    .conflict
                    .iter()
                    .enumerate()
                    .any(|(i, c)| i != *index && c.id == card.id);
                if clash {
                    return Err(format!("another card is already called `{}`", card.id));
                }
                let slot = deck
                    .conflict
                    .get_mut(*index)
                    .ok_or_else(|| format!("there is no conflict card {index}"))?;
                let old_id = std::mem::replace(slot, (**card).clone()).id;
                for id in deck.setup.stacks.iter_mut().flatten().flatten() {
                    if *id == old_id {
                        id.clone_from(&card.id);
                    }
                }
            }
            DeckEdit::UpdateHero { index, hero, .. } => {
                replace_same_id(&mut deck.heroes, *index, hero, "hero", |h| &h.id)?;
            }
            DeckEdit::UpdateBoss { index, boss, .. } => {
                replace_same_id(&mut deck.bosses, *index, boss, "boss", |b| &b.id)?;
            }
            DeckEdit::UpdateMission { index, mission } => {
                replace_same_id(&mut deck.missions, *index, mission, "mission", |m| &m.id)?;
            }
            DeckEdit::AddCard { card, stack } => {
                if deck.conflict.iter().any(|c| c.id == card.id) {
                    return Err(format!("there is already a card `{}`", card.id));
                }
                deck.conflict.push((**card).clone());
                if let Some(stacks) = &mut deck.setup.stacks
                    && let Some(column) = stacks.get_mut(*stack)
                {
                    column.push(card.id.clone());
                }
            }
            DeckEdit::RemoveCard { index } => {
                if *index >= deck.conflict.len() {
                    return Err(format!("there is no conflict card {index}"));
                }
                let card = deck.conflict.remove(*index);
                for column in deck.setup.stacks.iter_mut().flatten() {
                    column.retain(|id| *id != card.id);
                }
            }
            DeckEdit::SetStacks(stacks) => deck.setup.stacks.clone_from(stacks),
            DeckEdit::MoveCard { from, to } => {
                deck.setup.stacks = Some(moved(columns(deck), *from, *to)?);
            }
            DeckEdit::ReloadFromDisk(theirs) => *deck = (**theirs).clone(),
            DeckEdit::SetKey { key, value } => {
                *deck = crate::key_text::with_key(deck, key, value.clone())?;
            }
        }
        Ok(())
    }

    fn label(&self, before: &Scenario) -> String {
        let card = |i: &usize| {
            before
                .conflict
                .get(*i)
                .map_or_else(|| "a card".to_owned(), |c| format!("`{}`", c.id))
        };
        let named = |what: &str, id: Option<&str>| match id {
            Some(id) => format!("edit {what} `{id}`"),
            None => format!("edit a {what}"),
        };
        match self {
            DeckEdit::SetTitle(_) => "change the title".into(),
            DeckEdit::SetHero(hero) => format!("play `{hero}`"),
            DeckEdit::SetRank(Some(rank)) => format!("set rank {rank}"),
            DeckEdit::SetRank(None) => "play without missions".into(),
            DeckEdit::UpdateCard { index, .. } => format!("edit {}", card(index)),
            DeckEdit::UpdateHero { index, .. } => {
                named("hero", before.heroes.get(*index).map(|h| h.id.as_str()))
            }
            DeckEdit::UpdateBoss { index, .. } => {
                named("boss", before.bosses.get(*index).map(|b| b.id.as_str()))
            }
            DeckEdit::UpdateMission { index, .. } => named(
                "mission",
                before.missions.get(*index).map(|m| m.id.as_str()),
            ),
            DeckEdit::AddCard { card, .. } => format!("add `{}`", card.id),
            DeckEdit::RemoveCard { index } => format!("remove {}", card(index)),
            DeckEdit::SetStacks(Some(_)) => "fix the stack order".into(),
            DeckEdit::SetStacks(None) => "shuffle the stacks".into(),
            DeckEdit::MoveCard { from, to } => {
                let columns = columns(before);
                let id = columns
                    .get(from.0)
                    .and_then(|c| c.get(from.1))
                    .map_or("a card", String::as_str);
                format!("move `{id}` to stack {}", to.0 + 1)
            }
            DeckEdit::ReloadFromDisk(_) => "reload from disk".into(),
            DeckEdit::SetKey { key, .. } => format!("edit {key}"),
        }
    }

    fn continues_a_gesture(&self) -> bool {
        matches!(
            self,
            DeckEdit::UpdateCard {
                continues: true,
                ..
            } | DeckEdit::UpdateHero {
                continues: true,
                ..
            } | DeckEdit::UpdateBoss {
                continues: true,
                ..
            }
        )
    }
}

/// Puts `new` in place of the entry at `index`, which must have the same id: the setup (and a
/// playtest) refer to heroes, bosses and missions by id, and renaming them is not an edit here.
fn replace_same_id<T: Clone>(
    list: &mut [T],
    index: usize,
    new: &T,
    what: &str,
    id: impl Fn(&T) -> &String,
) -> Result<(), String> {
    let slot = list
        .get_mut(index)
        .ok_or_else(|| format!("there is no {what} {index}"))?;
    if id(slot) != id(new) {
        return Err(format!(
            "the {what} `{}` keeps its id: other parts of the deck refer to it",
            id(slot)
        ));
    }
    slot.clone_from(new);
    Ok(())
}

/// The rank, with one handicap for each rank above 1 and fixed missions only where they fit.
fn set_rank(deck: &mut Scenario, rank: Option<u32>) {
    deck.setup.rank = rank;
    let wanted = rank.map_or(0, |r| r.saturating_sub(1)) as usize;
    deck.setup.handicaps.truncate(wanted);
    while deck.setup.handicaps.len() < wanted {
        let handicap = next_handicap(deck);
        deck.setup.handicaps.push(handicap);
    }
    let fits = |r: u32| {
        deck.setup
            .missions
            .as_ref()
            .is_some_and(|m| m.drawn.len() == r as usize + 3 && m.kept.len() == r as usize + 2)
    };
    if !rank.is_some_and(fits) {
        deck.setup.missions = None;
    }
}

/// A new rank's handicap: the engine's choice for a rank without one, from the dice the
/// earlier handicaps left.
fn next_handicap(deck: &Scenario) -> Handicap {
    use megahex::rulesets::solar_sentinels::deck::{DiceBox, after_handicaps, weakest_handicap};
    let (left, _) = after_handicaps(DiceBox::of(deck).pool, &deck.setup.handicaps);
    weakest_handicap(&left)
}

/// The stacks as the panel shows them: the fixed order, or the cards in file order dealt 15
/// (the deck's stack size) to a stack.
pub fn columns(deck: &Scenario) -> Vec<Vec<String>> {
    if let Some(stacks) = &deck.setup.stacks {
        return stacks.clone();
    }
    let size = (deck.components.stack_size as usize).max(1);
    let mut columns = vec![Vec::new(); 3];
    for (i, card) in deck.conflict.iter().enumerate() {
        columns[(i / size).min(2)].push(card.id.clone());
    }
    columns
}

/// `columns` with the card at `from` (stack, place) moved to just before place `to.1` of stack
/// `to.0`, places counted before the card is taken out; past the end means after the last.
pub fn moved(
    mut columns: Vec<Vec<String>>,
    from: (usize, usize),
    to: (usize, usize),
) -> Result<Vec<Vec<String>>, String> {
    let missing = || format!("stack {} has no card {}", from.0 + 1, from.1 + 1);
    let source = columns.get_mut(from.0).ok_or_else(missing)?;
    if from.1 >= source.len() {
        return Err(missing());
    }
    let card = source.remove(from.1);
    let target = columns
        .get_mut(to.0)
        .ok_or_else(|| format!("there is no stack {}", to.0 + 1))?;
    // Taking the card out moved the places below it in its own stack up by one.
    let place = match from.0 == to.0 && from.1 < to.1 {
        true => to.1 - 1,
        false => to.1,
    };
    target.insert(place.min(target.len()), card);
    Ok(columns)
}

/// A fresh card id like `enemy-4`.
pub fn fresh_card_id(deck: &Scenario) -> String {
    crate::ids::fresh_id("enemy", 1, deck.conflict.iter().map(|c| c.id.as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::History;
    use megahex_schema::rulesets::solar_sentinels::DieColour;

    use crate::rulesets::solar_sentinels::example_deck as example;

    #[test]
    fn a_moved_card_lands_where_it_was_dropped() {
        let columns = || {
            vec![
                vec!["a".to_owned(), "b".into(), "c".into()],
                vec!["d".to_owned()],
                vec![],
            ]
        };
        fn ids(c: &[Vec<String>]) -> Vec<Vec<&str>> {
            c.iter()
                .map(|s| s.iter().map(String::as_str).collect())
                .collect()
        }
        // Down its own stack, dropped on `c`: before `c`.
        let down = moved(columns(), (0, 0), (0, 2)).unwrap();
        assert_eq!(ids(&down), [vec!["b", "a", "c"], vec!["d"], vec![]]);
        // Up its own stack, dropped on `a`: on top.
        let up = moved(columns(), (0, 2), (0, 0)).unwrap();
        assert_eq!(ids(&up), [vec!["c", "a", "b"], vec!["d"], vec![]]);
        // Below the last card of its own stack, then into an empty stack.
        let last = moved(columns(), (0, 0), (0, 3)).unwrap();
        assert_eq!(ids(&last), [vec!["b", "c", "a"], vec!["d"], vec![]]);
        let across = moved(columns(), (0, 1), (2, 0)).unwrap();
        assert_eq!(ids(&across), [vec!["a", "c"], vec!["d"], vec!["b"]]);
        assert!(moved(columns(), (1, 1), (0, 0)).is_err());
        assert!(moved(columns(), (0, 0), (3, 0)).is_err());
    }

    #[test]
    fn moving_a_card_fixes_the_order_and_undoes_in_one_step() {
        let deck = example();
        assert!(deck.setup.stacks.is_none());
        let mut history = History::new(deck.clone());
        let first = columns(&deck)[0][0].clone();
        history
            .apply(DeckEdit::MoveCard {
                from: (0, 0),
                to: (1, 0),
            })
            .unwrap();
        let stacks = history.scenario().setup.stacks.clone().unwrap();
        assert_eq!(stacks[1][0], first);
        assert_eq!(stacks[0].len() + 1, columns(&deck)[0].len());
        history.undo();
        assert_eq!(history.scenario(), &deck);
    }

    #[test]
    fn a_card_edit_renames_it_in_a_fixed_order_and_undoes() {
        let mut deck = example();
        deck.setup.stacks = Some(columns(&deck));
        let mut history = History::new(deck.clone());
        let mut card = deck.conflict[3].clone();
        let old = card.id.clone();
        card.id = "renamed".into();
        card.health += 1;
        history
            .apply(DeckEdit::UpdateCard {
                index: 3,
                card: Box::new(card),
                continues: false,
            })
            .unwrap();
        let now = history.scenario();
        assert_eq!(now.conflict[3].id, "renamed");
        let stacks = now.setup.stacks.as_ref().unwrap();
        assert!(stacks.iter().flatten().any(|id| id == "renamed"));
        assert!(!stacks.iter().flatten().any(|id| *id == old));
        history.undo();
        assert_eq!(history.scenario(), &deck);
    }

    #[test]
    fn a_dragged_hero_number_is_one_undo_step_and_its_id_stays() {
        let deck = example();
        let mut history = History::new(deck.clone());
        for (strategy, continues) in [(3, false), (4, true), (5, true)] {
            let mut hero = deck.heroes[1].clone();
            hero.strategy = strategy;
            history
                .apply(DeckEdit::UpdateHero {
                    index: 1,
                    hero: Box::new(hero),
                    continues,
                })
                .unwrap();
        }
        assert_eq!(history.scenario().heroes[1].strategy, 5);
        assert_eq!(history.undo_label(), Some("edit hero `ilse-corona`"));
        history.undo();
        assert_eq!(history.scenario(), &deck);
        assert_eq!(history.undo(), None, "the drag was one step");

        let mut renamed = deck.bosses[0].clone();
        renamed.id = "someone-else".into();
        let refused = history.apply(DeckEdit::UpdateBoss {
            index: 0,
            boss: Box::new(renamed),
            continues: false,
        });
        assert!(refused.unwrap_err().contains("keeps its id"));
        let missing = history.apply(DeckEdit::UpdateMission {
            index: 99,
            mission: Box::new(deck.missions[0].clone()),
        });
        assert_eq!(missing, Err("there is no mission 99".to_owned()));
        assert_eq!(history.scenario(), &deck);
    }

    #[test]
    fn the_rank_brings_its_handicaps_and_drops_missions_that_no_longer_fit() {
        let deck = example();
        assert_eq!(deck.setup.rank, Some(2));
        let mut history = History::new(deck);
        history.apply(DeckEdit::SetRank(Some(4))).unwrap();
        let now = history.scenario();
        assert_eq!(now.setup.handicaps.len(), 3);
        // The first keeps yellow, yellow and green (4 yellow and 4 green in the box, so 2 and
        // 3 left); the next ones take the weakest dice left: the last two yellows and a green
        // (2 greens left), then those two greens and a blue.
        assert_eq!(
            now.setup.handicaps[1],
            Handicap::Exhaust(vec![DieColour::Yellow, DieColour::Yellow, DieColour::Green])
        );
        assert_eq!(
            now.setup.handicaps[2],
            Handicap::Exhaust(vec![DieColour::Green, DieColour::Green, DieColour::Blue])
        );
        assert_eq!(now.setup.missions, None);
        history.apply(DeckEdit::SetRank(None)).unwrap();
        assert!(history.scenario().setup.handicaps.is_empty());
    }

    #[test]
    fn columns_deal_the_file_order_fifteen_a_stack() {
        let deck = example();
        let columns = columns(&deck);
        assert_eq!(
            columns.iter().map(Vec::len).collect::<Vec<_>>(),
            [15, 15, 15]
        );
        assert_eq!(columns[1][0], deck.conflict[15].id);
    }

    #[test]
    fn removing_a_card_takes_it_out_of_its_stack() {
        let mut deck = example();
        deck.setup.stacks = Some(columns(&deck));
        let id = deck.conflict[0].id.clone();
        let mut history = History::new(deck);
        history.apply(DeckEdit::RemoveCard { index: 0 }).unwrap();
        let stacks = history.scenario().setup.stacks.clone().unwrap();
        assert_eq!(stacks[0].len(), 14);
        assert!(!stacks.iter().flatten().any(|c| *c == id));
    }
}
