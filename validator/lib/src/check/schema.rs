//! Schema check: the committed JSON Schema, with errors in a designer's words.

use serde_json::Value;

use crate::diagnostic::{Code, Diagnostic, Edit, EditTo, Fix};
use crate::ids::closest;
use crate::yaml::escape_pointer_segment;

/// The compiled scenario schema; build it once per run.
pub struct SchemaChecker {
    schema: Value,
    validator: jsonschema::Validator,
}

/// Why the committed schema cannot be used: a broken build, never a user's file.
#[derive(Debug, thiserror::Error)]
pub enum SchemaError {
    /// The embedded text is not JSON.
    #[error("the built-in schema is not JSON: {0}")]
    NotJson(#[from] serde_json::Error),
    /// The schema does not compile to a validator.
    #[error("the built-in schema does not compile: {0}")]
    DoesNotCompile(String),
}

impl SchemaChecker {
    /// Compiles the committed schema.
    pub fn new() -> Result<SchemaChecker, SchemaError> {
        let schema: Value = serde_json::from_str(megahex_schema::COMMITTED_SCHEMA)?;
        let validator = jsonschema::validator_for(&schema)
            .map_err(|e| SchemaError::DoesNotCompile(e.to_string()))?;
        Ok(SchemaChecker { schema, validator })
    }

    /// The scenario schema itself, as JSON.
    pub fn schema(&self) -> &Value {
        &self.schema
    }

    /// Every schema violation in `instance`, as `schema` diagnostics with pointers.
    pub fn check(&self, instance: &Value) -> Vec<Diagnostic> {
        // Most files are valid: answering yes or no is much cheaper than collecting errors.
        if self.validator.is_valid(instance) {
            return Vec::new();
        }
        let mut out = Vec::new();
        for error in self.validator.iter_errors(instance) {
            self.convert(&error, instance, &mut out);
        }
        let mut seen = std::collections::HashSet::new();
        out.retain(|d| seen.insert((d.pointer.clone(), d.message.clone())));
        out
    }

    fn convert(
        &self,
        error: &jsonschema::ValidationError<'_>,
        root: &Value,
        out: &mut Vec<Diagnostic>,
    ) {
        use jsonschema::error::ValidationErrorKind as K;
        let pointer = error.instance_path().as_str().to_owned();
        let instance = root.pointer(&pointer).unwrap_or(&Value::Null);
        let name = field_name(&pointer);
        let schema_path = error.schema_path().as_str().to_owned();
        // The one edit the help names, where it names one.
        let mut fix = None;
        let (message, help) = match error.kind() {
            K::AdditionalProperties { unexpected } => {
                let allowed = self.allowed_keys(&schema_path);
                // At the top level the ruleset decides the keys: say which, and whose key it is.
                let ruleset = megahex_schema::Ruleset::of(root).filter(|_| pointer.is_empty());
                for key in unexpected {
                    let key_pointer = format!("{pointer}/{}", escape_pointer_segment(key));
                    let place = match ruleset {
                        Some(r) => format!("a {} scenario", r.as_str()),
                        None => name.clone(),
                    };
                    let mut d = Diagnostic::error(
                        Code::Schema,
                        key_pointer.clone(),
                        format!("unknown key `{key}` in {place}"),
                    )
                    .at_key();
                    let elsewhere = ruleset.and_then(|mine| self.ruleset_with_key(mine, key));
                    if let Some(other) = elsewhere {
                        d = d.with_help(format!(
                            "`{key}` is a {} key; a {} scenario takes: {}",
                            other.as_str(),
                            ruleset.map_or("", |r| r.as_str()),
                            allowed.join(", ")
                        ));
                    } else if let Some(suggestion) = closest(key, &allowed) {
                        d = d
                            .with_help(format!(
                                "did you mean `{suggestion}`? Allowed keys: {}",
                                allowed.join(", ")
                            ))
                            .with_fix(Fix {
                                title: format!("rename `{key}` to `{suggestion}`"),
                                edits: vec![Edit {
                                    pointer: key_pointer,
                                    to: EditTo::Key(suggestion.clone()),
                                }],
                            });
                    } else if !allowed.is_empty() {
                        d = d.with_help(format!("allowed keys: {}", allowed.join(", ")));
                    }
                    out.push(d);
                }
                return;
            }
            K::Required { property } => {
                let key = property.as_str().unwrap_or_default();
                let help = self
                    .property_description(&schema_path, key)
                    .map(|d| format!("`{key}`: {d}"));
                (format!("{name} is missing the required key `{key}`"), help)
            }
            K::Type { kind } => (
                format!(
                    "{name} should be {}, but is {}",
                    describe_type(kind),
                    describe_value(instance)
                ),
                self.description_at(&schema_path),
            ),
            K::Enum { options } => {
                let options: Vec<String> = options
                    .as_array()
                    .map(|a| a.iter().map(short_json).collect())
                    .unwrap_or_default();
                (
                    format!(
                        "{name} is {}, which is not one of: {}",
                        describe_value(instance),
                        options.join(", ")
                    ),
                    self.description_at(&schema_path),
                )
            }
            K::Constant { expected_value } => (
                format!("{name} must be {}", short_json(expected_value)),
                None,
            ),
            K::Minimum { limit } => (
                format!(
                    "{name} must be at least {limit}, but is {}",
                    short_json(instance)
                ),
                None,
            ),
            K::Maximum { limit } => (
                format!(
                    "{name} must be at most {limit}, but is {}",
                    short_json(instance)
                ),
                None,
            ),
            K::ExclusiveMinimum { limit } => (format!("{name} must be more than {limit}"), None),
            K::ExclusiveMaximum { limit } => (format!("{name} must be less than {limit}"), None),
            K::MinItems { limit } => (format!("{name} needs at least {limit} item(s)"), None),
            K::MaxItems { limit } => (format!("{name} takes at most {limit} item(s)"), None),
            K::MinLength { limit } => (format!("{name} needs at least {limit} character(s)"), None),
            K::MaxLength { limit } => (format!("{name} takes at most {limit} character(s)"), None),
            K::Pattern { .. } => (
                format!(
                    "{name} is {}, which is not in the expected form",
                    describe_value(instance)
                ),
                self.description_at(&schema_path),
            ),
            K::AnyOf { context } | K::OneOfNotValid { context }
                if !context.is_empty()
                    && context.iter().all(|branch| {
                        branch
                            .iter()
                            .all(|e| matches!(e.kind(), K::Constant { .. }))
                    }) =>
            {
                // An enum written as one constant per documented variant.
                let options: Vec<String> = context
                    .iter()
                    .flatten()
                    .filter_map(|e| match e.kind() {
                        K::Constant { expected_value } => Some(short_json(expected_value)),
                        _ => None,
                    })
                    .collect();
                (
                    format!(
                        "{name} is {}, which is not one of: {}",
                        describe_value(instance),
                        options.join(", ")
                    ),
                    self.description_at(&schema_path),
                )
            }
            K::AnyOf { context }
                if !context.is_empty()
                    && context.iter().all(|branch| {
                        branch.iter().all(|e| {
                            matches!(e.kind(), K::Required { .. })
                                && e.instance_path().as_str() == pointer
                        })
                    }) =>
            {
                // "One of these keys is needed", written as one `required` per branch.
                let keys: Vec<String> = context
                    .iter()
                    .flatten()
                    .filter_map(|e| match e.kind() {
                        K::Required { property } => Some(format!("`{}`", property.as_str()?)),
                        _ => None,
                    })
                    .collect();
                let owner = schema_path
                    .rsplit_once("/allOf")
                    .map_or(schema_path.as_str(), |(owner, _)| owner);
                let description = self
                    .node_at(owner)
                    .and_then(|n| n.get("description"))
                    .and_then(Value::as_str)
                    .map(str::to_owned);
                (
                    format!("{name} needs one of {}", keys.join(", ")),
                    description,
                )
            }
            K::AnyOf { context } | K::OneOfNotValid { context } => {
                // Whether a branch failed on the value itself with an error of this kind.
                let fails_here = |branch: &Vec<jsonschema::ValidationError<'static>>,
                                  kind: fn(&K) -> bool| {
                    branch
                        .iter()
                        .any(|e| kind(e.kind()) && e.instance_path().as_str() == pointer)
                };
                // Prefer the one alternative whose shape matches, and report its own errors.
                let matching: Vec<&Vec<jsonschema::ValidationError<'static>>> = context
                    .iter()
                    .filter(|branch| !fails_here(branch, |k| matches!(k, K::Type { .. })))
                    .collect();
                // Among several, an enum tagged by its key (`move:`, `attack:`) is the one
                // whose required key is there.
                let tagged: Vec<&Vec<jsonschema::ValidationError<'static>>> = matching
                    .iter()
                    .copied()
                    .filter(|branch| !fails_here(branch, |k| matches!(k, K::Required { .. })))
                    .collect();
                let chosen = match (matching.as_slice(), tagged.as_slice()) {
                    ([branch], _) | (_, [branch]) => Some(*branch),
                    _ => None,
                };
                if let Some(branch) = chosen {
                    for e in branch.iter() {
                        self.convert(e, root, out);
                    }
                    return;
                }
                let (title, description) = self.title_at(&schema_path);
                // An enum tagged by its key (or a bare name) whose tag is not one of its
                // kinds: name the written one, the nearest kind and every kind.
                let kinds = self.kinds_at(&schema_path);
                let written = match instance {
                    Value::Object(map) if map.len() == 1 => map.keys().next().cloned(),
                    Value::String(text) => Some(text.clone()),
                    _ => None,
                };
                if let Some(written) = written.filter(|w| !kinds.is_empty() && !kinds.contains(w)) {
                    let listed = kinds.join(", ");
                    let help = match closest(&written, &kinds) {
                        Some(near) => {
                            // A bare name is replaced; a kind written as a key is renamed.
                            let edit = match instance {
                                Value::String(_) => Edit {
                                    pointer: pointer.clone(),
                                    to: EditTo::Value(Value::String(near.clone())),
                                },
                                _ => Edit {
                                    pointer: format!(
                                        "{pointer}/{}",
                                        escape_pointer_segment(&written)
                                    ),
                                    to: EditTo::Key(near.clone()),
                                },
                            };
                            fix = Some(Fix {
                                title: format!("write `{near}` for `{written}`"),
                                edits: vec![edit],
                            });
                            format!("did you mean `{near}`? The kinds: {listed}")
                        }
                        None => format!("the kinds: {listed}"),
                    };
                    (
                        format!("{name}: `{written}` is not a kind it takes"),
                        Some(help),
                    )
                } else {
                    (
                        format!(
                            "{name} is {}, which is not a valid {}",
                            describe_value(instance),
                            title.unwrap_or_else(|| "value".into())
                        ),
                        description,
                    )
                }
            }
            K::Not { schema } if schema.get("required").is_some() => {
                let keys: Vec<String> = schema["required"]
                    .as_array()
                    .map(|keys| {
                        keys.iter()
                            .map(|k| format!("`{}`", k.as_str().unwrap_or_default()))
                            .collect()
                    })
                    .unwrap_or_default();
                (
                    format!("{name} takes only one of {}", keys.join(" and ")),
                    Some("keep the one you mean and remove the other".to_owned()),
                )
            }
            other => (format!("{name}: {}", error_text(error, other)), None),
        };
        let mut d = Diagnostic::error(Code::Schema, pointer, message);
        if let Some(help) = help {
            d = d.with_help(help);
        }
        d.fixes.extend(fix);
        out.push(d);
    }

    /// The other ruleset whose scenario body has `key` at its top level, if one does.
    fn ruleset_with_key(
        &self,
        mine: megahex_schema::Ruleset,
        key: &str,
    ) -> Option<megahex_schema::Ruleset> {
        let branches = self.schema.get("allOf")?.as_array()?;
        megahex_schema::Ruleset::ALL
            .iter()
            .copied()
            .zip(branches)
            .filter(|(r, _)| *r != mine)
            .find(|(_, branch)| {
                let body = branch
                    .pointer("/then/$ref")
                    .and_then(Value::as_str)
                    .and_then(|t| self.schema.pointer(t.strip_prefix('#')?));
                body.and_then(|b| b.get("properties"))
                    .is_some_and(|p| p.get(key).is_some())
            })
            .map(|(r, _)| r)
    }

    /// Follows a schema path (resolving `$ref`s) to the schema node it names.
    fn node_at(&self, schema_path: &str) -> Option<&Value> {
        let mut node = &self.schema;
        for segment in schema_path.split('/').skip(1) {
            let segment = segment.replace("~1", "/").replace("~0", "~");
            if segment == "$ref" {
                let target = node.get("$ref")?.as_str()?;
                node = self.schema.pointer(target.strip_prefix('#')?)?;
                continue;
            }
            node = match node {
                Value::Object(map) => map.get(&segment)?,
                Value::Array(items) => items.get(segment.parse::<usize>().ok()?)?,
                _ => return None,
            };
        }
        Some(node)
    }

    /// The object schema that owns a keyword path such as `.../additionalProperties`.
    fn parent_node(&self, schema_path: &str) -> Option<&Value> {
        let parent = schema_path.rsplit_once('/').map(|(p, _)| p).unwrap_or("");
        let node = self.node_at(parent)?;
        match node.get("$ref").and_then(Value::as_str) {
            Some(target) => self.schema.pointer(target.strip_prefix('#')?),
            None => Some(node),
        }
    }

    fn allowed_keys(&self, schema_path: &str) -> Vec<String> {
        self.parent_node(schema_path)
            .and_then(|n| n.get("properties"))
            .and_then(Value::as_object)
            .map(|props| {
                props
                    .keys()
                    .filter(|k| !k.starts_with('$'))
                    .cloned()
                    .collect()
            })
            .unwrap_or_default()
    }

    fn property_description(&self, schema_path: &str, key: &str) -> Option<String> {
        // For `if/then` rules the owning object is above the `allOf`; search up the path.
        let mut path = schema_path.to_owned();
        loop {
            if let Some(description) = self
                .parent_node(&path)
                .and_then(|n| n.pointer(&format!("/properties/{}", escape_pointer_segment(key))))
                .and_then(|p| p.get("description"))
                .and_then(Value::as_str)
            {
                return Some(description.to_owned());
            }
            path = path.rsplit_once('/')?.0.to_owned();
        }
    }

    fn description_at(&self, schema_path: &str) -> Option<String> {
        self.parent_node(schema_path)
            .and_then(|n| n.get("description"))
            .and_then(Value::as_str)
            .map(str::to_owned)
    }

    /// The kinds of an enum tagged by its key: for each `oneOf`/`anyOf` branch at
    /// `schema_path`, the one key it requires, or the name it must be.
    fn kinds_at(&self, schema_path: &str) -> Vec<String> {
        let Some(Value::Array(branches)) = self.node_at(schema_path) else {
            return Vec::new();
        };
        let mut kinds = Vec::new();
        for branch in branches {
            let branch = match branch.get("$ref").and_then(Value::as_str) {
                Some(target) => target
                    .strip_prefix('#')
                    .and_then(|t| self.schema.pointer(t))
                    .unwrap_or(branch),
                None => branch,
            };
            let required = branch.get("required").and_then(Value::as_array);
            if let Some([key]) = required.map(Vec::as_slice)
                && let Some(key) = key.as_str()
            {
                kinds.push(key.to_owned());
            } else if let Some(name) = branch.get("const").and_then(Value::as_str) {
                kinds.push(name.to_owned());
            } else if let Some(names) = branch.get("enum").and_then(Value::as_array) {
                kinds.extend(names.iter().filter_map(Value::as_str).map(str::to_owned));
            } else {
                // A branch of another shape: not a tagged enum.
                return Vec::new();
            }
        }
        kinds
    }

    fn title_at(&self, schema_path: &str) -> (Option<String>, Option<String>) {
        let node = self.parent_node(schema_path);
        let get = |key: &str| {
            node.and_then(|n| n.get(key))
                .and_then(Value::as_str)
                .map(str::to_owned)
        };
        (get("title"), get("description"))
    }
}

fn error_text(
    error: &jsonschema::ValidationError<'_>,
    _: &jsonschema::error::ValidationErrorKind,
) -> String {
    error.to_string()
}

/// The key or index a pointer ends in, as a designer would name it.
fn field_name(pointer: &str) -> String {
    if pointer.is_empty() {
        return "the scenario".into();
    }
    let segments: Vec<&str> = pointer.split('/').skip(1).collect();
    let mut name = String::new();
    for segment in &segments {
        if segment.parse::<usize>().is_ok() {
            name.push_str(&format!("[{segment}]"));
        } else {
            if !name.is_empty() {
                name.push('.');
            }
            name.push_str(&segment.replace("~1", "/").replace("~0", "~"));
        }
    }
    format!("`{name}`")
}

fn describe_type(kind: &jsonschema::error::TypeKind) -> String {
    use jsonschema::error::TypeKind;
    let word = |t: &str| match t {
        "integer" => "a whole number".to_owned(),
        "number" => "a number".to_owned(),
        "string" => "text".to_owned(),
        "array" => "a list".to_owned(),
        "object" => "a mapping of keys".to_owned(),
        "boolean" => "true or false".to_owned(),
        "null" => "empty".to_owned(),
        other => other.to_owned(),
    };
    match kind {
        TypeKind::Single(t) => word(&t.to_string()),
        TypeKind::Multiple(set) => {
            let words: Vec<String> = set
                .iter()
                .filter(|t| t.to_string() != "null")
                .map(|t| word(&t.to_string()))
                .collect();
            words.join(" or ")
        }
    }
}

fn describe_value(value: &Value) -> String {
    match value {
        Value::Null => "empty".into(),
        Value::Bool(b) => format!("`{b}`"),
        Value::Number(n) => format!("the number {n}"),
        Value::String(s) => format!("the text {}", short_json(&Value::String(s.clone()))),
        Value::Array(items) => format!("a list of {} item(s)", items.len()),
        Value::Object(_) => "a mapping".into(),
    }
}

fn short_json(value: &Value) -> String {
    let text = value.to_string();
    if text.chars().count() > 40 {
        let cut: String = text.chars().take(37).collect();
        format!("{cut}...")
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn messages(yaml_json: Value) -> Vec<(String, String)> {
        let checker = SchemaChecker::new().unwrap();
        checker
            .check(&yaml_json)
            .into_iter()
            .map(|d| (d.pointer.unwrap_or_default(), d.message))
            .collect()
    }

    #[test]
    fn a_typo_inside_a_tagged_action_is_found_in_that_action() {
        // `attack:` picks the attack branch of the action's alternatives, so the typo is named
        // rather than "not a valid action".
        let checker = SchemaChecker::new().unwrap();
        let diags = checker.check(&serde_json::json!({
            "format": 1, "ruleset": "sentinel-tactics",
            "map": {"tiles": [{"tile": 1, "side": "megalopolis", "at": [0, 0]}]},
            "playtest": [{"turn": "legacy", "actions": [
                {"attack": {"with": "Punch", "targt": "blade", "roll": [6]}}
            ]}]
        }));
        let typo = diags
            .iter()
            .find(|d| d.pointer.as_deref() == Some("/playtest/0/actions/0/attack/targt"))
            .unwrap_or_else(|| panic!("{diags:?}"));
        assert!(typo.message.contains("unknown key `targt`"), "{typo:?}");
        assert!(
            typo.help
                .as_deref()
                .unwrap_or_default()
                .contains("did you mean `target`"),
            "{typo:?}"
        );
    }

    #[test]
    fn typo_in_a_key_names_the_key_and_suggests_the_right_one() {
        let checker = SchemaChecker::new().unwrap();
        let diags = checker.check(&serde_json::json!({
            "format": 1, "ruleset": "sentinel-tactics",
            "map": {"tiles": [{"tile": 1, "side": "megalopolis", "at": [0, 0], "rotaton": 1}]}
        }));
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert_eq!(diags[0].pointer.as_deref(), Some("/map/tiles/0/rotaton"));
        assert!(diags[0].message.contains("unknown key `rotaton`"));
        assert!(
            diags[0]
                .help
                .as_deref()
                .unwrap_or_default()
                .contains("did you mean `rotation`")
        );
    }

    #[test]
    fn a_misspelt_effect_kind_names_the_nearest_kind_and_every_kind() {
        let checker = SchemaChecker::new().unwrap();
        let effect = |rule: Value| {
            serde_json::json!({
                "format": 1, "ruleset": "solar-sentinels",
                "conflict": [{"id": "c", "level": 1, "health": 2, "damage": 1,
                              "effects": [{"during": rule}]}],
                "setup": {"hero": "h"}
            })
        };
        for (rule, written, near) in [
            (
                serde_json::json!({"comit-limit": {"max": 3}}),
                "comit-limit",
                Some("commit-limit"),
            ),
            (serde_json::json!("fle"), "fle", Some("flee")),
            (serde_json::json!({"teleport": 2}), "teleport", None),
        ] {
            let diags = checker.check(&effect(rule));
            let found = diags
                .iter()
                .find(|d| d.pointer.as_deref() == Some("/conflict/0/effects/0/during"))
                .unwrap_or_else(|| panic!("{diags:?}"));
            assert!(
                found
                    .message
                    .contains(&format!("`{written}` is not a kind")),
                "{found:?}"
            );
            let help = found.help.as_deref().unwrap_or_default();
            assert!(help.contains("commit-limit, assign-limit"), "{help}");
            assert!(help.contains("flee"), "{help}");
            match near {
                Some(near) => assert!(help.contains(&format!("did you mean `{near}`")), "{help}"),
                None => assert!(!help.contains("did you mean"), "{help}"),
            }
        }
    }

    #[test]
    fn wrong_values_get_plain_words() {
        let found = messages(serde_json::json!({
            "format": 1, "ruleset": "sentinel-tactics",
            "map": {"tiles": [{"tile": 1, "side": "mars", "at": [0, 0], "rotation": 7}]},
            "tokens": [{"id": "x", "kind": "character", "at": [0, 0]}]
        }));
        let text = format!("{found:?}");
        assert!(text.contains("/map/tiles/0/side"), "{text}");
        assert!(
            text.contains("not one of: \\\"megalopolis\\\", \\\"insula-primalis\\\""),
            "{text}"
        );
        assert!(text.contains("must be at most 5"), "{text}");
        assert!(
            text.contains("missing the required key `character`"),
            "{text}"
        );
    }

    #[test]
    fn a_bad_hex_reference_is_named_as_such() {
        let found = messages(serde_json::json!({
            "format": 1, "ruleset": "sentinel-tactics",
            "map": {"tiles": [{"tile": 1, "side": "megalopolis", "at": [0, 0]}]},
            "tokens": [{"id": "x", "kind": "pylon", "at": "three"}]
        }));
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].0, "/tokens/0/at");
        assert!(found[0].1.contains("not in the expected form"), "{found:?}");
    }

    #[test]
    fn a_key_within_a_few_edits_is_suggested_and_a_far_one_is_not() {
        let allowed: Vec<String> = ["rotation", "side", "tile"].map(str::to_owned).into();
        assert_eq!(closest("rotaton", &allowed).as_deref(), Some("rotation"));
        assert_eq!(closest("sdie", &allowed).as_deref(), Some("side"));
        assert_eq!(closest("elevation", &allowed), None);
    }
}
