//! `megahex inventory`: which tiles to use instead, when a map uses a tile twice or one the
//! designer does not own.

use std::path::PathBuf;

use clap::Args;
use megahex::rulesets::sentinel_tactics::inventory::{self, Change, Owned};
use megahex_schema::{AnyScenario, Catalog};
use serde::{Deserialize, Serialize};

use crate::cli::load::{Errors, check_file};
use crate::cli::output::print;
use crate::cli::output::{EXIT_FINDINGS, fail};

/// The scenario and the tiles owned.
#[derive(Debug, Args)]
pub struct InventoryArgs {
    /// The scenario file.
    pub scenario: PathBuf,
    /// The tile numbers owned, as `1,2,3,5,8` (a number twice for two copies). Default: one
    /// of each tile in the catalog, the box.
    #[arg(long, value_name = "TILES", conflicts_with = "collection")]
    own: Option<String>,
    /// A collection file listing the tiles owned (see docs/cli.md).
    #[arg(long, value_name = "FILE")]
    collection: Option<PathBuf>,
    /// Replacements to list for each placement.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=200))]
    proposals: u32,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// A collection file: `collection: {tiles: [1, 2, 3]}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CollectionFile {
    collection: Collection,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Collection {
    tiles: Vec<u32>,
}

/// Lists the replacements.
pub fn run(args: &InventoryArgs, catalog: &Catalog) -> i32 {
    let (scenario, catalog) = match load(&args.scenario, catalog) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let AnyScenario::SentinelTactics(scenario) = scenario else {
        return fail(
            "megahex inventory works on sentinel-tactics maps, which are built from tiles",
        );
    };
    let owned = match owned(args, &catalog) {
        Ok(owned) => owned,
        Err(message) => return fail(&message),
    };
    let judge = megahex::rulesets::sentinel_tactics::replacement_judge(&scenario, &catalog, true);
    let changes = inventory::propose(&scenario, &catalog, &owned, args.proposals as usize, &judge);
    let path = args.scenario.display().to_string();
    if args.json {
        return match serde_json::to_string(&json(&path, &changes)) {
            Ok(text) => print(&(text + "\n")),
            Err(e) => fail(format!("cannot encode the answer: {e}")),
        };
    }
    print(&human(&path, &changes))
}

/// Reads the scenario without printing its findings (the duplicate is why the solver is asked;
/// `megahex validate` shows the rest), saying in a line how many errors it has.
fn load(path: &std::path::Path, catalog: &Catalog) -> Result<(AnyScenario, Catalog), i32> {
    let checker = megahex::Checker::new(catalog.clone())
        .map_err(fail)?
        .without_play();
    let loaded = check_file(&checker, path, Errors::Count)?;
    let Some(scenario) = loaded.scenario else {
        eprintln!(
            "megahex: {} is not a scenario the solver can read ({} error(s); `megahex validate` shows them)",
            path.display(),
            loaded.errors
        );
        return Err(EXIT_FINDINGS);
    };
    Ok((scenario, loaded.catalog))
}

fn owned(args: &InventoryArgs, catalog: &Catalog) -> Result<Owned, String> {
    if let Some(list) = &args.own {
        let tiles = list
            .split(',')
            .map(|t| {
                t.trim().parse::<u32>().map_err(|_| {
                    format!(
                        "--own takes tile numbers like 1,2,3,5,8; `{}` is not one",
                        t.trim()
                    )
                })
            })
            .collect::<Result<Vec<u32>, String>>()?;
        return Ok(Owned::from_list(tiles));
    }
    if let Some(path) = &args.collection {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let file: CollectionFile = serde_yaml::from_str(&text).map_err(|e| {
            let at = e
                .location()
                .map(|l| format!(":{}:{}", l.line(), l.column()))
                .unwrap_or_default();
            format!(
                "{}{at}: not a collection file ({e}); write `collection: {{tiles: [1, 2, 3]}}`",
                path.display()
            )
        })?;
        return Ok(Owned::from_list(file.collection.tiles));
    }
    Ok(Owned::whole_box(catalog))
}

fn placement_text(p: &megahex_schema::rulesets::sentinel_tactics::TilePlacement) -> String {
    format!(
        "{{tile: {}, side: {}, at: [{}, {}], rotation: {}}}",
        p.tile,
        p.side.as_str(),
        p.at[0],
        p.at[1],
        p.rotation
    )
}

fn human(path: &str, changes: &[Change]) -> String {
    if changes.is_empty() {
        return format!("{path}: every placement uses a tile owned; nothing to change\n");
    }
    let mut out = format!("{path}: {} placement(s) to change\n", changes.len());
    for change in changes {
        out.push_str(&format!(
            "\nmap.tiles[{}] {}: {}\n",
            change.index,
            placement_text(&change.current),
            change.why
        ));
        if change.proposals.is_empty() {
            out.push_str(
                "  no free tile fits here legally: own more tiles, or take this tile off the map\n",
            );
        }
        for (rank, p) in change.proposals.iter().enumerate() {
            let s = &p.score;
            out.push_str(&format!(
                "  {}. {}\n     score {:.0}: {} level(s) of elevation, {} terrain tag(s), {} marked hex(es), {} figure sight pair(s) changed\n",
                rank + 1,
                placement_text(&p.placement),
                s.total,
                s.elevation,
                s.terrain,
                s.marked_hexes,
                s.sight_pairs
            ));
        }
    }
    out
}

#[derive(Serialize)]
struct JsonAnswer<'a> {
    file: &'a str,
    changes: Vec<JsonChange<'a>>,
}

#[derive(Serialize)]
struct JsonChange<'a> {
    index: usize,
    current: &'a megahex_schema::rulesets::sentinel_tactics::TilePlacement,
    why: &'a str,
    proposals: Vec<JsonProposal<'a>>,
}

#[derive(Serialize)]
struct JsonProposal<'a> {
    placement: &'a megahex_schema::rulesets::sentinel_tactics::TilePlacement,
    score: f64,
    elevation: u32,
    terrain: u32,
    marked_hexes: u32,
    sight_pairs: u32,
}

fn json<'a>(path: &'a str, changes: &'a [Change]) -> JsonAnswer<'a> {
    JsonAnswer {
        file: path,
        changes: changes
            .iter()
            .map(|c| JsonChange {
                index: c.index,
                current: &c.current,
                why: &c.why,
                proposals: c
                    .proposals
                    .iter()
                    .map(|p| JsonProposal {
                        placement: &p.placement,
                        score: p.score.total,
                        elevation: p.score.elevation,
                        terrain: p.score.terrain,
                        marked_hexes: p.score.marked_hexes,
                        sight_pairs: p.score.sight_pairs,
                    })
                    .collect(),
            })
            .collect(),
    }
}
