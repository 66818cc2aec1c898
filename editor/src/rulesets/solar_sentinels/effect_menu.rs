//! The "+ effect" menu: every rule the deck format knows, with its text, at the timing picked
//! at the top; a click adds the rule's smallest valid line, ready to change. The list is read
//! from the committed schema, so it always matches what a file may hold.

use megahex_schema::rulesets::solar_sentinels::Effect;
use serde_json::{Map, Value};

use crate::schema_example::example;

/// One rule the menu offers.
#[derive(Debug, Clone, PartialEq)]
pub struct RuleChoice {
    /// Its key, as files write it (`commit-limit`, `hits-in-pairs`).
    pub name: String,
    /// What it does, from the schema.
    pub what: String,
    /// Its smallest value.
    pub value: Value,
}

/// The timings an effect takes, with their text, and every rule.
type Choices = (Vec<(String, String)>, Vec<RuleChoice>);

/// [`read_choices`], read once: the menu draws every frame while it is open, and the schema
/// does not change while the program runs.
pub fn choices() -> &'static Choices {
    static CHOICES: std::sync::OnceLock<Choices> = std::sync::OnceLock::new();
    CHOICES.get_or_init(read_choices)
}

/// The timings an effect takes (`during`, `after`, …) with their text, and every rule, read
/// from the committed schema's `Effect`.
fn read_choices() -> Choices {
    let Ok(schema) = serde_json::from_str::<Value>(megahex_schema::COMMITTED_SCHEMA) else {
        return (Vec::new(), Vec::new());
    };
    let Some(defs) = schema.get("$defs").and_then(Value::as_object) else {
        return (Vec::new(), Vec::new());
    };
    let branches = defs
        .get("Effect")
        .and_then(|e| e.get("oneOf"))
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let mut timings = Vec::new();
    let mut rule = None;
    for branch in &branches {
        let Some(name) = branch
            .get("required")
            .and_then(|r| r.get(0))
            .and_then(Value::as_str)
        else {
            continue;
        };
        let what = text_of(branch);
        timings.push((name.to_owned(), what));
        rule = rule.or_else(|| branch.get("properties")?.get(name).cloned());
    }
    let rules = rule.map_or_else(Vec::new, |rule| rule_choices(&rule, defs));
    (timings, rules)
}

fn text_of(node: &Value) -> String {
    node.get("description")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned()
}

/// Each branch of the rule's schema as a choice.
fn rule_choices(rule: &Value, defs: &Map<String, Value>) -> Vec<RuleChoice> {
    let resolved = match rule.get("$ref").and_then(Value::as_str) {
        Some(r) => r
            .strip_prefix("#/$defs/")
            .and_then(|name| defs.get(name))
            .unwrap_or(rule),
        None => rule,
    };
    let branches = resolved
        .get("oneOf")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    branches
        .iter()
        .filter_map(|branch| {
            let value = example(branch, defs)?;
            let name = match &value {
                Value::String(name) => name.clone(),
                Value::Object(map) => map.keys().next()?.clone(),
                _ => return None,
            };
            Some(RuleChoice {
                name,
                what: text_of(branch),
                value,
            })
        })
        .collect()
}

/// The effect a choice makes at `timing`, if the deck format reads it.
pub fn effect_of(timing: &str, choice: &RuleChoice) -> Option<Effect> {
    let mut line = Map::new();
    line.insert(timing.to_owned(), choice.value.clone());
    serde_json::from_value(Value::Object(line)).ok()
}

/// The menu's body: the timing row, then the rules; the effect of the rule clicked.
pub fn effect_menu(ui: &mut egui::Ui) -> Option<Effect> {
    let (timings, rules) = choices();
    let id = egui::Id::unique("effect-menu-timing");
    let mut timing: String = ui
        .data(|d| d.get_temp(id))
        .or_else(|| timings.first().map(|(t, _)| t.clone()))
        .unwrap_or_default();
    ui.horizontal(|ui| {
        for (name, what) in timings {
            ui.selectable_value(&mut timing, name.clone(), name.as_str())
                .on_hover_text(what);
        }
    });
    ui.data_mut(|d| d.insert_temp(id, timing.clone()));
    ui.separator();
    let mut picked = None;
    egui::ScrollArea::vertical()
        .max_height(320.0)
        .show(ui, |ui| {
            for choice in rules {
                if ui
                    .button(&choice.name)
                    .on_hover_text(&choice.what)
                    .clicked()
                {
                    picked = effect_of(&timing, choice);
                    ui.close();
                }
            }
        });
    picked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_the_format_knows_is_offered_and_reads_back_at_every_timing() {
        let (timings, rules) = choices();
        let names: Vec<&str> = timings.iter().map(|(t, _)| t.as_str()).collect();
        assert_eq!(names, ["during", "after", "instant", "special"]);
        // As many choices as the schema's rule has forms: none lost to the example builder.
        let schema: Value = serde_json::from_str(megahex_schema::COMMITTED_SCHEMA).unwrap();
        let forms = schema["$defs"]["Effect"]["oneOf"][0]["properties"]["during"]["$ref"]
            .as_str()
            .and_then(|r| r.strip_prefix("#/$defs/"))
            .map(|name| schema["$defs"][name]["oneOf"].as_array().unwrap().len())
            .unwrap();
        assert_eq!(rules.len(), forms);
        for choice in rules {
            assert!(!choice.what.is_empty(), "{} has no text", choice.name);
            for timing in &names {
                assert!(
                    effect_of(timing, choice).is_some(),
                    "{timing}: {} with {} does not read",
                    choice.name,
                    choice.value
                );
            }
        }
        assert!(rules.iter().any(|c| c.name == "commit-limit"));
    }
}
