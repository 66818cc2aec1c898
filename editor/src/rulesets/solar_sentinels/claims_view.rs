//! The deck's claims in words, for the shared checklist.

use megahex_schema::rulesets::solar_sentinels::Scenario;
use megahex_schema::rulesets::solar_sentinels::assertions::Assertion;

use crate::claims_view::{bounds_text, checklist};
use crate::document::Problem;

/// The checklist of a deck's claims.
pub fn claims_section(
    ui: &mut egui::Ui,
    deck: Option<&Scenario>,
    problems: &[Problem],
    checking: bool,
) {
    let texts: Vec<String> = deck
        .map(|d| {
            d.assertions
                .iter()
                .map(|claim| match claim {
                    Assertion::Balance(c) => {
                        let who = c
                            .hero
                            .as_deref()
                            .map_or("the player".to_owned(), |h| format!("the player with {h}"));
                        format!(
                            "{who} wins {:.0}% to {:.0}% ({} games, seed {})",
                            c.win_rate[0] * 100.0,
                            c.win_rate[1] * 100.0,
                            c.games,
                            c.seed
                        )
                    }
                    Assertion::Odds(c) => format!(
                        "{} defeats {} in one engagement: chance {}",
                        c.hero.as_deref().unwrap_or("the setup's hero"),
                        c.cards.join(", "),
                        bounds_text(&c.defeat_all)
                    ),
                })
                .collect()
        })
        .unwrap_or_default();
    checklist(ui, &texts, problems, checking);
}
