//! The odds of the engagement being edited: the selected enemy against the setup's hero and
//! pool, from the ruleset's exact search (the numbers `megahex odds --deck … --cards` prints),
//! with what the card's effects and the hero's ability do to the dice; effects the search does
//! not play are named.

use std::collections::HashMap;
use std::sync::mpsc::{Receiver, TryRecvError};

use egui::{Color32, RichText};
use megahex::rulesets::solar_sentinels::deck::DiceBox;
use megahex::rulesets::solar_sentinels::dice::{Pool, at_least, pool_odds};
use megahex::rulesets::solar_sentinels::engagement::{Foe, leave_out_when_too_big};
use megahex::rulesets::solar_sentinels::game::rules::{CardRules, hero_faces};
use megahex_schema::rulesets::solar_sentinels::{Effect, Scenario};

/// Strategy steps the panel works out at most: a third step on the whole box takes over a
/// second, too long between two frames.
const PANEL_STRATEGY: u32 = 2;

/// The pool the setup starts with: the deck's dice less those the handicaps banish or exhaust.
pub fn starting_pool(deck: &Scenario) -> Pool {
    megahex::rulesets::solar_sentinels::deck::after_handicaps(
        DiceBox::of(deck).pool,
        &deck.setup.handicaps,
    )
    .0
}

/// The dice the setup's handicaps exhaust: what a card that takes only colours in the exhausted
/// area (`needs-exhausted-colour`) can be given in the first round.
pub fn starting_exhausted(deck: &Scenario) -> Pool {
    megahex::rulesets::solar_sentinels::deck::after_handicaps(
        DiceBox::of(deck).pool,
        &deck.setup.handicaps,
    )
    .1
}

/// The chance of defeating `health` in one roll of the `n` strongest dice of `pool`, for
/// n = 1, 2, …
pub fn chance_by_dice(deck: &Scenario, pool: &Pool, health: u32) -> Vec<f64> {
    let faces = DiceBox::of(deck);
    let mut taken = Pool::default();
    pool.strongest_first()
        .into_iter()
        .map(|colour| {
            taken.0[colour as usize] += 1;
            at_least(&pool_odds(&taken, |c| faces.faces(c)), health)
        })
        .collect()
}

/// Best-play chances by pool, enemy and Strategy: worked out, or being worked out on a
/// thread of their own (a web page's worker), as a card with effects can take seconds and the
/// editor must keep drawing meanwhile.
#[derive(Default)]
pub struct OddsCache(HashMap<(Pool, Foe, u32), Answer>);

/// One best-play chance (`None` when the search refused it), or the channel it will come on.
enum Answer {
    Ready(Option<f64>),
    Working(Receiver<Option<f64>>),
}

/// What the panel can show of a best-play chance this frame.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Asked {
    Known(Option<f64>),
    /// Being worked out, or waiting for another to be.
    Working,
}

impl OddsCache {
    /// The chance when known. The first ask starts a thread for it once no other is working,
    /// so clicking through cards never piles up searches.
    fn best_play(&mut self, pool: Pool, foe: Foe, strategy: u32) -> Asked {
        for answer in self.0.values_mut() {
            if let Answer::Working(receiver) = answer {
                match receiver.try_recv() {
                    Ok(found) => *answer = Answer::Ready(found),
                    // A search that panicked gives no chance, as one it refused.
                    Err(TryRecvError::Disconnected) => *answer = Answer::Ready(None),
                    Err(TryRecvError::Empty) => {}
                }
            }
        }
        let key = (pool, foe, strategy);
        if let Some(Answer::Ready(found)) = self.0.get(&key) {
            return Asked::Known(*found);
        }
        let busy = self.0.values().any(|a| matches!(a, Answer::Working(_)));
        if !busy {
            // On a thread, or in a web page's worker; the panel may be gone by the time it
            // answers, and nothing is lost if so.
            let receiver = crate::background::offload(super::jobs::BestPlay {
                pool,
                foe,
                strategy,
            });
            self.0.insert(key, Answer::Working(receiver));
        }
        Asked::Working
    }

    /// The chance, waiting for it.
    #[cfg(test)]
    fn best_play_now(&mut self, pool: Pool, foe: Foe, strategy: u32) -> Option<f64> {
        loop {
            if let Asked::Known(found) = self.best_play(pool, foe, strategy) {
                return found;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }
}

/// The odds section under the card and boss inspectors: an enemy of `health` with `effects`.
pub fn odds_panel(
    ui: &mut egui::Ui,
    cache: &mut OddsCache,
    deck: &Scenario,
    health: u32,
    level: u8,
    effects: &[Effect],
) {
    ui.label(RichText::new("Engagement odds").strong());
    let Some(hero) = megahex::rulesets::solar_sentinels::deck::hero(deck) else {
        ui.label(RichText::new("Choose a hero for the odds.").weak());
        return;
    };
    let pool = starting_pool(deck);
    let steps = hero.strategy.min(PANEL_STRATEGY);
    let faces = hero_faces(hero.ability.as_ref().map(|a| &a.effect));
    let exhausted = starting_exhausted(deck);
    let (mut foe, mut left_out) = Foe::of_card(
        health.max(1),
        level,
        &CardRules::of(effects),
        &faces,
        &exhausted,
    );
    left_out.extend(leave_out_when_too_big(&mut foe, &pool, steps, 1));
    ui.label(format!(
        "Alone against {} with the starting pool ({pool}):",
        hero.name.as_deref().unwrap_or(&hero.id)
    ));
    let found = match cache.best_play(pool, foe, steps) {
        Asked::Known(found) => found,
        Asked::Working => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("working out the best play…");
            });
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(100));
            None
        }
    };
    if let Some(p) = found {
        let note = match hero.strategy > PANEL_STRATEGY {
            true => format!(
                " (the first {PANEL_STRATEGY} of {} Strategy steps)",
                hero.strategy
            ),
            false => format!(
                " ({steps} Strategy step{})",
                if steps == 1 { "" } else { "s" }
            ),
        };
        let shown = match p {
            // A sum of many chances can fall short of 1 by rounding alone.
            p if p > 1.0 - 1e-9 => "100%".to_owned(),
            p if p > 0.999 => "over 99.9%".to_owned(),
            p => format!("{:.1}%", p * 100.0),
        };
        ui.label(format!("defeated with the best play: {shown}{note}"));
        if !left_out.is_empty() {
            ui.label(
                RichText::new(format!("Not counted: {}", left_out.join(", ")))
                    .color(Color32::from_rgb(230, 170, 60)),
            )
            .on_hover_text(
                "Effects the exact search does not play; the chance above leaves them out.",
            );
        }
    }
    let chances = chance_by_dice(deck, &pool, health);
    for aim in [0.8, 0.9, 0.95] {
        let fewest = chances.iter().position(|p| *p >= aim);
        ui.label(match fewest {
            Some(k) => format!(
                "{:.0}% in one roll: the {} strongest dice",
                aim * 100.0,
                k + 1
            ),
            None => format!("{:.0}% in one roll: not with this pool", aim * 100.0),
        });
    }
    chance_bars(ui, &chances);
    ui.label(
        RichText::new(
            "Bars: the chance in one roll of the 1, 2, 3 … strongest dice (the line is 80%), before the card's effects and the hero's ability.",
        )
            .weak()
            .small(),
    );
}

/// A small bar chart: the chance for each number of dice.
fn chance_bars(ui: &mut egui::Ui, chances: &[f64]) {
    let (width, height) = (ui.available_width().min(300.0), 60.0);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, height), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 2.0, Color32::from_gray(30));
    let n = chances.len().max(1) as f32;
    let bar = rect.width() / n;
    for (i, p) in chances.iter().enumerate() {
        let top = rect.bottom() - rect.height() * (*p as f32);
        let x = rect.left() + bar * i as f32;
        let colour = if *p >= 0.8 {
            Color32::from_rgb(90, 170, 90)
        } else {
            Color32::from_rgb(170, 140, 70)
        };
        painter.rect_filled(
            egui::Rect::from_min_max(
                egui::pos2(x + 1.0, top),
                egui::pos2(x + bar - 1.0, rect.bottom()),
            ),
            0.0,
            colour,
        );
    }
    let line = rect.bottom() - rect.height() * 0.8;
    painter.hline(
        rect.x_range(),
        line,
        egui::Stroke::new(1.0, Color32::from_gray(160)),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use megahex::rulesets::solar_sentinels::dice::Colour;

    use crate::rulesets::solar_sentinels::example_deck as example;

    #[test]
    fn one_strongest_die_against_health_one_is_the_red_die() {
        // The red die never misses: health 1 falls to it alone, every time.
        let deck = example();
        let pool = starting_pool(&deck);
        let chances = chance_by_dice(&deck, &pool, 1);
        assert_eq!(chances[0], 1.0);
        // Health 2 on the red die alone: its one crit face, 1 in 6.
        let chances = chance_by_dice(&deck, &pool, 2);
        assert!((chances[0] - 1.0 / 6.0).abs() < 1e-12);
    }

    #[test]
    fn the_card_s_effects_count_in_the_best_play() {
        let deck = example();
        let pool = starting_pool(&deck);
        let hero = deck
            .heroes
            .iter()
            .find(|h| h.id == deck.setup.hero)
            .unwrap();
        let faces = hero_faces(hero.ability.as_ref().map(|a| &a.effect));
        let mut cache = OddsCache::default();
        // Health 1 with no effect: the red die alone never misses.
        let (plain, _) = Foe::of_card(1, 1, &CardRules::of(&[]), &faces, &Pool::default());
        let certain = cache.best_play_now(pool, plain, 2).unwrap();
        assert!((certain - 1.0).abs() < 1e-9, "{certain}");
        // The same card taking no die of any colour is never defeated.
        let ban_all: Vec<Effect> = serde_json::from_value(serde_json::json!([
            {"during": {"ban": {"colours": ["yellow", "green", "blue", "purple", "red"]}}}
        ]))
        .unwrap();
        let (banned, left_out) =
            Foe::of_card(1, 1, &CardRules::of(&ban_all), &faces, &Pool::default());
        assert!(left_out.is_empty());
        assert_eq!(cache.best_play_now(pool, banned, 2), Some(0.0));
    }

    #[test]
    fn the_best_play_is_worked_out_off_the_drawing_thread() {
        let red = Pool([0, 0, 0, 0, 1]);
        let mut cache = OddsCache::default();
        // The first ask starts the search and returns at once.
        assert_eq!(cache.best_play(red, Foe::plain(1), 1), Asked::Working);
        // Another card waits for it rather than starting a second search.
        cache.best_play(red, Foe::plain(2), 1);
        let working = cache.0.values().filter(|a| matches!(a, Answer::Working(_)));
        assert!(working.count() <= 1);
        // The red die never misses Health 1, and crits Health 2 one time in 6.
        assert_eq!(cache.best_play_now(red, Foe::plain(1), 1), Some(1.0));
        let two = cache.best_play_now(red, Foe::plain(2), 1).unwrap();
        assert!((two - 1.0 / 6.0).abs() < 1e-12, "{two}");
    }

    #[test]
    fn the_starting_pool_leaves_out_the_rank_handicaps() {
        // Rank 2 exhausts yellow, yellow and green: 17 - 3 dice.
        let deck = example();
        let pool = starting_pool(&deck);
        assert_eq!(pool.len(), 14);
        assert_eq!(pool.count(Colour::Yellow), 2);
        assert_eq!(pool.count(Colour::Green), 3);
    }
}
