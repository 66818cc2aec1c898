//! The keys of a scenario no form covers yet, each written as YAML in a box of its own: a
//! designer reads and changes them in the editor, with the same keys, words and checks as the
//! file, instead of leaving for a text editor. Apply reads the text into the game's own types,
//! so a typo is refused with its place before it reaches the document; what the rules say
//! about the result comes from the background check as for any edit.

use std::collections::BTreeMap;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_yaml::Value;

/// A key offered as YAML, and what it holds, in the file's words.
#[derive(Debug, Clone, Copy)]
pub struct KeyDoc {
    /// The key as the file writes it (`objectives`, `water-monster`).
    pub key: &'static str,
    /// What it holds, shown beside it.
    pub what: &'static str,
}

/// A key being typed: the text, the text it started from, and why Apply was refused.
#[derive(Debug, Clone, Default)]
struct Draft {
    text: String,
    from: String,
    refused: Option<String>,
}

/// The drafts of every key being typed, kept between frames.
#[derive(Debug, Clone, Default)]
pub struct KeyTexts {
    drafts: BTreeMap<&'static str, Draft>,
}

/// A key's value as the box shows it: YAML without the document marker; empty when absent.
pub fn key_text(value: Option<&Value>) -> String {
    match value {
        None => String::new(),
        Some(value) => serde_yaml::to_string(value).unwrap_or_default(),
    }
}

/// What a box's text means: `None` (the key taken out) when blank, else its YAML value; a
/// YAML mistake with its line and column.
pub fn read_key_text(text: &str) -> Result<Option<Value>, String> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    serde_yaml::from_str::<Value>(text)
        .map(Some)
        .map_err(|e| match e.location() {
            Some(at) => format!("line {}, column {}: {e}", at.line(), at.column()),
            None => e.to_string(),
        })
}

/// `scenario` with `key` set to `value` (taken out for `None`), read back into its type: the
/// same reading a file gets, so what cannot be saved is refused here.
pub fn with_key<S: Serialize + DeserializeOwned>(
    scenario: &S,
    key: &str,
    value: Option<Value>,
) -> Result<S, String> {
    let mut whole = serde_yaml::to_value(scenario).map_err(|e| e.to_string())?;
    let Value::Mapping(map) = &mut whole else {
        return Err("the scenario is not a mapping".to_owned());
    };
    match value {
        Some(value) => {
            map.insert(Value::String(key.to_owned()), value);
        }
        None => {
            map.remove(key);
        }
    }
    serde_yaml::from_value(whole).map_err(|e| e.to_string())
}

/// The game's reading of a key's new value: `Err` with the reason it cannot hold it.
pub type Accepts<'a> = dyn Fn(&str, Option<Value>) -> Result<(), String> + 'a;

/// The boxes, one collapsible section a key, under `heading`. Returns the key and its new
/// value when Apply was pressed on text that `accepts` (the game reading it into its types).
pub fn key_sections(
    ui: &mut egui::Ui,
    heading: &str,
    scenario: &Value,
    keys: &[KeyDoc],
    texts: &mut KeyTexts,
    accepts: &Accepts<'_>,
) -> Option<(&'static str, Option<Value>)> {
    let mut applied = None;
    egui::CollapsingHeader::new(egui::RichText::new(heading).strong())
        .id_salt("key-texts")
        .default_open(false)
        .show(ui, |ui| {
            // The boxes scroll in the room the side panel has left.
            egui::ScrollArea::vertical()
                .id_salt("key-texts-scroll")
                .max_height(ui.available_height().max(120.0))
                .show(ui, |ui| {
            ui.label(
                egui::RichText::new(
                    "Keys no form covers yet, as the file writes them. Apply checks the text; leave a box empty to take the key out.",
                )
                .weak(),
            );
            for doc in keys {
                let now = key_text(scenario.get(doc.key));
                let draft = texts.drafts.entry(doc.key).or_default();
                // An untouched box follows the document (an undo, a reload).
                if draft.text == draft.from {
                    draft.text.clone_from(&now);
                    draft.from.clone_from(&now);
                }
                let changed = draft.text != now;
                let title = match (changed, now.is_empty()) {
                    (true, _) => format!("{} (changed)", doc.key),
                    (false, true) => format!("{} (not written)", doc.key),
                    (false, false) => doc.key.to_owned(),
                };
                egui::CollapsingHeader::new(title)
                    .id_salt(("key-text", doc.key))
                    .show(ui, |ui| {
                        ui.label(egui::RichText::new(doc.what).weak());
                        let edit = egui::TextEdit::multiline(&mut draft.text)
                            .code_editor()
                            .desired_rows(4)
                            .desired_width(f32::INFINITY);
                        if ui.add(edit).changed() {
                            draft.refused = None;
                        }
                        ui.horizontal(|ui| {
                            let apply = ui
                                .add_enabled(changed, egui::Button::new("Apply"))
                                .on_hover_text("Check the text and put it in the scenario (Ctrl+Z undoes it)");
                            if apply.clicked() {
                                let read = read_key_text(&draft.text).and_then(|value| {
                                    accepts(doc.key, value.clone()).map(|()| value)
                                });
                                match read {
                                    Ok(value) => {
                                        draft.refused = None;
                                        applied = Some((doc.key, value));
                                    }
                                    Err(why) => draft.refused = Some(why),
                                }
                            }
                            if ui
                                .add_enabled(changed, egui::Button::new("Revert"))
                                .on_hover_text("Put back what the scenario holds")
                                .clicked()
                            {
                                draft.text.clone_from(&now);
                                draft.from.clone_from(&now);
                                draft.refused = None;
                            }
                        });
                        if let Some(why) = &draft.refused {
                            ui.colored_label(
                                ui.visuals().error_fg_color,
                                format!("Not applied: {why}"),
                            );
                        }
                    });
            }
                });
        });
    if let Some((key, _)) = &applied
        && let Some(draft) = texts.drafts.get_mut(key)
    {
        // The next frame shows the document's own text for the key again.
        draft.from.clone_from(&draft.text);
    }
    applied
}

/// The section as a game's side panel shows it: a separator, then the boxes for `keys` of
/// `scenario`, each checked by reading it back into the scenario's own type. Returns the key and
/// value to apply as the game's edit.
pub fn more_keys<S: Serialize + DeserializeOwned>(
    ui: &mut egui::Ui,
    scenario: &S,
    keys: &[KeyDoc],
    texts: &mut KeyTexts,
) -> Option<(&'static str, Option<Value>)> {
    let value = serde_yaml::to_value(scenario).ok()?;
    ui.separator();
    let accepts = |key: &str, value: Option<Value>| with_key(scenario, key, value).map(|_| ());
    key_sections(ui, "More keys (YAML)", &value, keys, texts, &accepts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, Serialize, serde::Deserialize)]
    #[serde(deny_unknown_fields, rename_all = "kebab-case")]
    struct Tiny {
        title: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        round_limit: Option<u32>,
    }

    #[test]
    fn a_key_is_set_taken_out_and_a_wrong_one_refused_with_its_reason() {
        let tiny = Tiny {
            title: "Duel".into(),
            round_limit: None,
        };
        let six = read_key_text("6\n").unwrap();
        let set = with_key(&tiny, "round-limit", six).unwrap();
        assert_eq!(set.round_limit, Some(6));
        let gone = with_key(&set, "round-limit", read_key_text("  \n").unwrap()).unwrap();
        assert_eq!(gone, tiny);
        let words = read_key_text("many").unwrap();
        let refused = with_key(&tiny, "round-limit", words).unwrap_err();
        assert!(refused.contains("invalid type"), "{refused}");
        let unknown = with_key(&tiny, "round-limits", read_key_text("6").unwrap()).unwrap_err();
        assert!(
            unknown.contains("unknown field `round-limits`"),
            "{unknown}"
        );
    }

    #[test]
    fn a_yaml_mistake_names_its_line_and_column() {
        let refused = read_key_text("- a\n- [b\n").unwrap_err();
        assert!(refused.starts_with("line "), "{refused}");
    }

    #[test]
    fn a_key_reads_back_as_its_box_shows_it() {
        let value: Value = serde_yaml::from_str("{id: red, name: Red team}").unwrap();
        let text = key_text(Some(&value));
        assert_eq!(read_key_text(&text).unwrap(), Some(value));
        assert_eq!(key_text(None), "");
    }
}
