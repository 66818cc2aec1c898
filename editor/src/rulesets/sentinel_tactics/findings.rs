//! What the background check works out for a Sentinel Tactics map beyond its problems: which
//! team the starting position favours, seeded self-play, and the best replacement for each
//! tile placed twice. Worked out on the check's thread, shown by the side panel.

use megahex_schema::Catalog;
use megahex_schema::rulesets::sentinel_tactics::{Scenario, TilePlacement};

/// Games played for the verdict's win rates: enough for an interval of about ±7 points, few
/// enough (a fifth of a second on a convention map) to follow every edit.
pub const SELF_PLAY_GAMES: u32 = 200;

/// The seed of those games, so the same scenario always shows the same rates.
pub const SELF_PLAY_SEED: u64 = 1;

/// The map's findings beyond its problems.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Findings {
    /// Which team the starting position favours.
    pub verdict: Option<megahex::rulesets::sentinel_tactics::fairness::Verdict>,
    /// Seeded self-play over [`SELF_PLAY_GAMES`] games: the win rates, or why it cannot be
    /// played (missing stats, one team).
    pub selfplay: Option<Result<megahex::simulate::Summary, String>>,
    /// For each tile placed twice, the inventory solver's best replacement: `(index in
    /// map.tiles, placement)`.
    pub replacements: Vec<(usize, TilePlacement)>,
}

/// The findings of `scenario`; replacements only when the check found a tile placed twice.
pub fn findings(scenario: &Scenario, catalog: &Catalog, tile_placed_twice: bool) -> Findings {
    Findings {
        verdict: Some(megahex::rulesets::sentinel_tactics::fairness::verdict(
            scenario, catalog,
        )),
        selfplay: Some(self_play(scenario, catalog)),
        replacements: if tile_placed_twice {
            replacements(scenario, catalog)
        } else {
            Vec::new()
        },
    }
}

/// Plays the verdict's self-play games.
fn self_play(scenario: &Scenario, catalog: &Catalog) -> Result<megahex::simulate::Summary, String> {
    let results = megahex::rulesets::sentinel_tactics::selfplay::simulate(
        scenario,
        catalog,
        SELF_PLAY_GAMES,
        SELF_PLAY_SEED,
        &|| {},
    )
    .map_err(|e| e.to_string())?;
    Ok(megahex::rulesets::sentinel_tactics::selfplay::summarise(
        scenario, &results,
    ))
}

/// The best replacement for each tile placed twice, judged as `megahex inventory` judges them.
fn replacements(scenario: &Scenario, catalog: &Catalog) -> Vec<(usize, TilePlacement)> {
    use megahex::rulesets::sentinel_tactics::{inventory, replacement_judge};
    let judge = replacement_judge(scenario, catalog, true);
    let owned = inventory::Owned::whole_box(catalog);
    inventory::propose(scenario, catalog, &owned, 1, &judge)
        .into_iter()
        .filter_map(|change| Some((change.index, change.proposals.first()?.placement)))
        .collect()
}
