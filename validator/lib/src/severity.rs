//! Per-code severity overrides, so a project can relax or tighten individual checks: the
//! command line's `--allow`, `--warn` and `--deny`, and the `[severity]` table of a
//! `megahex.toml` file.
//!
//! ```toml
//! [severity]
//! map-disconnected = "allow"   # not reported at all
//! tile-overlap = "warn"        # reported as a warning
//! unknown-reference = "deny"   # reported as an error, even where the check says warning
//! ```

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::diagnostic::{Code, Diagnostic, Severity};

/// The name of the project configuration file.
pub const CONFIG_FILE: &str = "megahex.toml";

/// What to do with the findings of one code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Level {
    /// Drop them.
    Allow,
    /// Report them as warnings.
    Warn,
    /// Report them as errors.
    Deny,
}

impl Level {
    /// Every level, in the order they are documented.
    pub const ALL: [Level; 3] = [Level::Allow, Level::Warn, Level::Deny];

    /// The name used in `megahex.toml` (and, with `--`, as the command-line flag).
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Allow => "allow",
            Level::Warn => "warn",
            Level::Deny => "deny",
        }
    }

    /// Looks a level up by its name.
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.as_str() == name)
    }
}

/// A level for some codes; codes without one keep the severity their check gives.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Overrides {
    levels: BTreeMap<Code, Level>,
}

impl Overrides {
    /// Sets the level of a code, replacing any earlier one.
    pub fn set(&mut self, code: Code, level: Level) {
        self.levels.insert(code, level);
    }

    /// The level set for a code, if any.
    pub fn get(&self, code: Code) -> Option<Level> {
        self.levels.get(&code).copied()
    }

    /// True when no code has a level.
    pub fn is_empty(&self) -> bool {
        self.levels.is_empty()
    }

    /// These overrides with `over`'s laid on top: the command line over the config file.
    pub fn overridden_by(mut self, over: &Overrides) -> Overrides {
        self.levels
            .extend(over.levels.iter().map(|(&c, &l)| (c, l)));
        self
    }

    /// Applies the levels to one file's findings: `allow` drops them, `warn` turns errors
    /// into warnings, `deny` makes them errors.
    pub fn apply(&self, diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
        if self.is_empty() {
            return diagnostics;
        }
        diagnostics
            .into_iter()
            .filter_map(|mut d| {
                match self.get(d.code) {
                    Some(Level::Allow) => return None,
                    Some(Level::Warn) if d.severity == Severity::Error => {
                        d.severity = Severity::Warning;
                    }
                    Some(Level::Deny) => d.severity = Severity::Error,
                    Some(Level::Warn) | None => {}
                }
                Some(d)
            })
            .collect()
    }
}

/// The settings of a `megahex.toml` file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProjectConfig {
    /// The `[severity]` table.
    pub severity: Overrides,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    #[serde(default)]
    severity: BTreeMap<String, String>,
}

/// The valid codes, for messages about a code that is not one.
pub fn code_list() -> String {
    Code::ALL
        .iter()
        .map(|c| c.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Why a `megahex.toml` cannot be used; its text names what is valid.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// Not TOML, or a key the file does not have.
    #[error("{0}")]
    Toml(#[from] toml::de::Error),
    /// A `[severity]` key that is no diagnostic code.
    #[error("[severity]: `{0}` is not a diagnostic code; the codes are: {codes}", codes = code_list())]
    UnknownCode(String),
    /// A level other than allow, warn and deny.
    #[error("[severity]: `{code} = \"{level}\"`: write \"allow\", \"warn\" or \"deny\"")]
    UnknownLevel {
        /// The code it is for.
        code: String,
        /// The level written.
        level: String,
    },
}

impl ProjectConfig {
    /// Parses a `megahex.toml` text. Unknown keys, unknown codes and unknown levels are errors
    /// (naming what is valid), so a typo never silently leaves a check as it was.
    pub fn from_toml(text: &str) -> Result<ProjectConfig, ConfigError> {
        let raw: RawConfig = toml::from_str(text)?;
        let mut severity = Overrides::default();
        for (name, level) in &raw.severity {
            let code =
                Code::from_name(name).ok_or_else(|| ConfigError::UnknownCode(name.clone()))?;
            let level = Level::from_name(level).ok_or_else(|| ConfigError::UnknownLevel {
                code: name.clone(),
                level: level.clone(),
            })?;
            severity.set(code, level);
        }
        Ok(ProjectConfig { severity })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(code: Code, severity: Severity) -> Diagnostic {
        Diagnostic {
            severity,
            ..Diagnostic::error(code, "", "m")
        }
    }

    #[test]
    fn levels_drop_soften_and_harden() {
        let mut overrides = Overrides::default();
        overrides.set(Code::MapDisconnected, Level::Allow);
        overrides.set(Code::TileOverlap, Level::Warn);
        overrides.set(Code::UnknownReference, Level::Deny);
        let out = overrides.apply(vec![
            finding(Code::MapDisconnected, Severity::Error),
            finding(Code::TileOverlap, Severity::Error),
            finding(Code::UnknownReference, Severity::Warning),
            finding(Code::DuplicateId, Severity::Error),
        ]);
        let got: Vec<(Code, Severity)> = out.iter().map(|d| (d.code, d.severity)).collect();
        assert_eq!(
            got,
            [
                (Code::TileOverlap, Severity::Warning),
                (Code::UnknownReference, Severity::Error),
                (Code::DuplicateId, Severity::Error),
            ]
        );
    }

    #[test]
    fn the_command_line_wins_over_the_file() {
        let mut file = Overrides::default();
        file.set(Code::Schema, Level::Allow);
        file.set(Code::TileOverlap, Level::Warn);
        let mut cli = Overrides::default();
        cli.set(Code::Schema, Level::Deny);
        let merged = file.overridden_by(&cli);
        assert_eq!(merged.get(Code::Schema), Some(Level::Deny));
        assert_eq!(merged.get(Code::TileOverlap), Some(Level::Warn));
    }

    #[test]
    fn config_files_parse_and_refuse_unknown_names() {
        let config = ProjectConfig::from_toml(
            "# project settings\n[severity]\nmap-disconnected = \"allow\"\ntile-overlap = \"warn\"\n",
        )
        .unwrap();
        assert_eq!(
            config.severity.get(Code::MapDisconnected),
            Some(Level::Allow)
        );
        assert_eq!(config.severity.get(Code::TileOverlap), Some(Level::Warn));
        assert_eq!(
            ProjectConfig::from_toml("").unwrap(),
            ProjectConfig::default()
        );

        let e = ProjectConfig::from_toml("[severity]\nmap-split = \"allow\"\n")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("[severity]: `map-split` is not a diagnostic code; the codes are: yaml-syntax, schema,"), "{e}");
        let e = ProjectConfig::from_toml("[severity]\nschema = \"off\"\n")
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "[severity]: `schema = \"off\"`: write \"allow\", \"warn\" or \"deny\""
        );
        let e = ProjectConfig::from_toml("[severty]\nschema = \"allow\"\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("severty"), "{e}");
        let e = ProjectConfig::from_toml("[severity]\nschema = 1\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 2"), "{e}");
    }
}
