//! `megahex diff` for Sentinel Tactics: the map (tiles and hexes), the pieces (tokens and
//! objectives, by id), every other key, and the consequences in [`consequences`].

mod consequences;
mod map;

#[cfg(test)]
mod tests;

use megahex_schema::Catalog;
use megahex_schema::rulesets::sentinel_tactics::Scenario;
use serde_json::Value;

use crate::diff::{ChangeKind, ItemChange, ScenarioDiff, TokenChange, fields};
use crate::scene::Scene;

/// One side of the comparison: a scenario and the catalog it was checked against.
pub struct Version<'a> {
    /// The scenario.
    pub scenario: &'a Scenario,
    /// Its catalog.
    pub catalog: &'a Catalog,
}

/// The differences between two versions of a scenario, and their consequences.
pub fn diff(old: &Version<'_>, new: &Version<'_>) -> ScenarioDiff {
    let old_scene = Scene::new(old.scenario, old.catalog);
    let new_scene = Scene::new(new.scenario, new.catalog);
    ScenarioDiff {
        ruleset: new.scenario.ruleset.as_str().to_owned(),
        tiles: map::tile_changes(&old.scenario.map.tiles, &new.scenario.map.tiles),
        hexes: map::hex_changes(&old_scene.board, &new_scene.board),
        tokens: token_changes(old.scenario, &old_scene, new.scenario, &new_scene),
        objectives: objective_changes(old.scenario, new.scenario),
        fields: other_fields(old.scenario, new.scenario),
        consequences: consequences::weigh(
            &consequences::Side {
                version: old,
                scene: &old_scene,
            },
            &consequences::Side {
                version: new,
                scene: &new_scene,
            },
        ),
    }
}

/// The keys the map and the piece lists do not cover.
fn other_fields(old: &Scenario, new: &Scenario) -> Vec<fields::FieldChange> {
    let without_pieces = |scenario: &Scenario| {
        let mut value = serde_json::to_value(scenario).unwrap_or(Value::Null);
        if let Value::Object(map) = &mut value {
            for key in ["map", "tokens", "objectives"] {
                map.remove(key);
            }
        }
        value
    };
    fields::changes(&without_pieces(old), &without_pieces(new), "")
}

/// A list item's keys but some, as JSON.
fn item_value<T: serde::Serialize>(item: &T, leave_out: &str) -> Value {
    let mut value = serde_json::to_value(item).unwrap_or(Value::Null);
    if let Value::Object(map) = &mut value {
        map.remove(leave_out);
    }
    value
}

/// Tokens by id: new ones, gone ones, ones standing elsewhere (by the hexes they resolve to, so
/// `3/10` and the same hex written `q,r` are the same place) and ones with other keys changed.
fn token_changes(
    old: &Scenario,
    old_scene: &Scene,
    new: &Scenario,
    new_scene: &Scene,
) -> Vec<TokenChange> {
    let hexes_of = |scene: &Scene, id: &str| {
        let mut hexes = scene.token(id).map(|t| t.hexes.clone()).unwrap_or_default();
        hexes.sort_unstable();
        hexes
    };
    let mut out = Vec::new();
    for (j, token) in new.tokens.iter().enumerate() {
        let new_at = hexes_of(new_scene, &token.id);
        let Some(before) = old.tokens.iter().find(|t| t.id == token.id) else {
            out.push(TokenChange {
                id: token.id.clone(),
                kinds: vec![ChangeKind::Added],
                old_at: Vec::new(),
                new_at,
                fields: Vec::new(),
            });
            continue;
        };
        let old_at = hexes_of(old_scene, &token.id);
        let changed = fields::changes(
            &item_value(before, "at"),
            &item_value(token, "at"),
            &format!("/tokens/{j}"),
        );
        let mut kinds = Vec::new();
        if old_at != new_at || (old_at.is_empty() && before.at != token.at) {
            kinds.push(ChangeKind::Moved);
        }
        if !changed.is_empty() {
            kinds.push(ChangeKind::Changed);
        }
        if !kinds.is_empty() {
            out.push(TokenChange {
                id: token.id.clone(),
                kinds,
                old_at,
                new_at,
                fields: changed,
            });
        }
    }
    for token in old
        .tokens
        .iter()
        .filter(|t| new.tokens.iter().all(|n| n.id != t.id))
    {
        out.push(TokenChange {
            id: token.id.clone(),
            kinds: vec![ChangeKind::Removed],
            old_at: hexes_of(old_scene, &token.id),
            new_at: Vec::new(),
            fields: Vec::new(),
        });
    }
    out
}

/// Objectives by id.
fn objective_changes(old: &Scenario, new: &Scenario) -> Vec<ItemChange> {
    let mut out = Vec::new();
    for (j, objective) in new.objectives.iter().enumerate() {
        match old.objectives.iter().find(|o| o.id == objective.id) {
            None => out.push(ItemChange {
                id: objective.id.clone(),
                kind: ChangeKind::Added,
                fields: Vec::new(),
            }),
            Some(before) => {
                let changed = fields::changes(
                    &item_value(before, "id"),
                    &item_value(objective, "id"),
                    &format!("/objectives/{j}"),
                );
                if !changed.is_empty() {
                    out.push(ItemChange {
                        id: objective.id.clone(),
                        kind: ChangeKind::Changed,
                        fields: changed,
                    });
                }
            }
        }
    }
    for objective in old
        .objectives
        .iter()
        .filter(|o| new.objectives.iter().all(|n| n.id != o.id))
    {
        out.push(ItemChange {
            id: objective.id.clone(),
            kind: ChangeKind::Removed,
            fields: Vec::new(),
        });
    }
    out
}
