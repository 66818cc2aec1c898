//! Diagnostics: findings as plain data, ready for any report format.

use serde::Serialize;
use strum::VariantArray;

use crate::yaml::Span;

/// Stable diagnostic codes. Their kebab-case names are a contract with CI users and are each
/// documented in `docs/diagnostics.md`.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::VariantArray,
)]
#[strum(serialize_all = "kebab-case")]
pub enum Code {
    /// The file is not well-formed YAML (or is refused as hostile).
    YamlSyntax,
    /// The document does not match the scenario schema.
    Schema,
    /// The `format` is newer or older than this build reads.
    UnsupportedFormat,
    /// The scenario's `catalog:` file cannot be used.
    CatalogInvalid,
    /// A tile or side that the catalog does not have.
    TileUnknown,
    /// One physical tile placed twice.
    TileDuplicate,
    /// Two tiles cover the same hex.
    TileOverlap,
    /// The map falls apart into pieces.
    MapDisconnected,
    /// A token stands off the map.
    TokenOffMap,
    /// A hex reference (other than a token's) points off the map.
    HexOffMap,
    /// Two targets in one hex.
    HexOccupied,
    /// A multi-hex figure's hexes are wrong.
    FootprintInvalid,
    /// An id used twice.
    DuplicateId,
    /// A reference to something that does not exist.
    UnknownReference,
    /// No figure of the team can reach an objective.
    ObjectiveUnreachable,
    /// An objective that cannot be completed whatever happens.
    ObjectiveImpossible,
    /// A scripted playtest action breaks the rules.
    PlaytestIllegal,
    /// The turn order gives a team more turns in a row than alternating turns would, or
    /// gives some figures no turn at all.
    TurnOrderUneven,
    // The codes below are raised by one ruleset's checks each; docs/diagnostics.md says which.
    // The list is shared so that every report format numbers them the same way.
    /// A terrain name that no terrain type has.
    TerrainUnknown,
    /// A unit starts on terrain no unit may enter.
    HexImpassable,
    /// A unit with more attacks than actions.
    AttacksOverActions,
    /// A spell its caster can never pay for.
    SpellUnaffordable,
    /// A deck holds more or fewer cards, bosses, heroes, missions or dice than it is built for
    ///.
    ComponentCount,
    /// The setup breaks the difficulty rank's table.
    RankSetup,
    /// Mandatory enemies that the cleanup discard can never get past.
    MandatoryEnemy,
    /// An enemy that no dice can defeat under its own effects.
    EnemyUnbeatable,
    /// A boss its shield and entourage can make unbeatable.
    BossUnbeatable,
    /// An effect or setup that leaves no die that may be committed.
    NoLegalDice,
    /// An effect written as text, which no simulation applies.
    EffectNotSimulated,
    /// Fairness report: how far a team is from an objective.
    ObjectiveDistance,
    /// Fairness report: who can hit whom on turn 1.
    TurnOneExposure,
    /// Fairness report: stats it needed and did not find.
    StatsMissing,
    /// A designer's claim about the scenario (`assert:`) does not hold.
    AssertionFailed,
    /// A scripted playtest completes an objective: which, for whom, at which turn.
    PlaytestWon,
    /// One character on the map as two tokens (one panel, one figure).
    CharacterDuplicate,
    /// A figure's power cards do not add up: a card named that it does not have, or more in
    /// play than it may hold.
    PowerCards,
}

impl Code {
    /// Every code, in documentation order.
    pub const ALL: [Code; Code::VARIANTS.len()] = {
        let mut all = [Code::YamlSyntax; Code::VARIANTS.len()];
        let mut i = 0;
        while i < all.len() {
            all[i] = Code::VARIANTS[i];
            i += 1;
        }
        all
    };

    /// The stable kebab-case name.
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// Looks a code up by its name, for command-line options.
    pub fn from_name(name: &str) -> Option<Code> {
        name.parse().ok()
    }

    /// One line on what the code means, for SARIF rules and `--help`.
    pub fn summary(self) -> &'static str {
        match self {
            Code::YamlSyntax => "The file is not a well-formed YAML document.",
            Code::Schema => "The scenario does not match the scenario schema.",
            Code::UnsupportedFormat => "The scenario's format version is not one this build reads.",
            Code::CatalogInvalid => "The catalog file named by the scenario cannot be used.",
            Code::TileUnknown => "A tile number or side is not in the catalog.",
            Code::TileDuplicate => "One physical tile is placed twice; each tile shows one side.",
            Code::TileOverlap => "Two tiles cover the same hex.",
            Code::MapDisconnected => "The map is in several separate pieces.",
            Code::TokenOffMap => "A token stands on a hex that is not on the map.",
            Code::HexOffMap => "A hex reference points at a hex that is not on the map.",
            Code::HexOccupied => "Two targets stand in one hex.",
            Code::FootprintInvalid => {
                "A figure covers the wrong number of hexes, or hexes that do not touch."
            }
            Code::DuplicateId => "Two teams, tokens or objectives share an id.",
            Code::UnknownReference => {
                "A reference names a team, token, figure or tile that does not exist."
            }
            Code::ObjectiveUnreachable => "No figure of the team can reach the objective.",
            Code::ObjectiveImpossible => "The objective can never be completed.",
            Code::PlaytestIllegal => "A scripted playtest action breaks the rules.",
            Code::TurnOrderUneven => {
                "The turn order gives a team more turns in a row than alternating turns would."
            }
            Code::TerrainUnknown => "A hex names a terrain type that the scenario does not define.",
            Code::HexImpassable => "A unit starts on terrain that no unit may enter.",
            Code::AttacksOverActions => "A unit has more attacks than actions.",
            Code::SpellUnaffordable => "A unit's spell can never be cast: too dear, or no attacks.",
            Code::ComponentCount => "A deck has more or fewer components than it is built for.",
            Code::RankSetup => "The setup does not follow its difficulty rank's table.",
            Code::MandatoryEnemy => "Mandatory enemies that the cleanup discard can never pass.",
            Code::EnemyUnbeatable => "An enemy no dice can defeat under its own effects.",
            Code::BossUnbeatable => "A boss its shield and entourage can make unbeatable.",
            Code::NoLegalDice => "An effect or setup leaves no die that may be committed.",
            Code::EffectNotSimulated => {
                "An effect is written as text, so no simulation applies it."
            }
            Code::ObjectiveDistance => {
                "How far the team's nearest figure is from the objective, and how many turns it takes."
            }
            Code::TurnOneExposure => "Which enemy figures a figure can hit from where it starts.",
            Code::StatsMissing => "Figures whose stats the fairness report needed.",
            Code::AssertionFailed => {
                "A claim the scenario makes about itself in `assert:` is false."
            }
            Code::PlaytestWon => "The scripted playtest completes an objective: the game is won.",
            Code::CharacterDuplicate => {
                "One character stands on the map as two tokens; a character is one panel and one figure."
            }
            Code::PowerCards => {
                "A figure's power cards do not add up: a card it does not have, or more in play than it may hold."
            }
        }
    }
}

impl Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// How serious a finding is; errors fail validation, warnings fail it under `--deny-warnings`.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Informational, never fails a run.
    Info,
    /// Suspicious but playable.
    Warning,
    /// The scenario is not legal.
    Error,
}

/// One finding about one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Stable code.
    pub code: Code,
    /// Severity.
    pub severity: Severity,
    /// What is wrong, in a designer's words.
    pub message: String,
    /// How to fix it.
    pub help: Option<String>,
    /// JSON pointer to the offending node, when the document was parsed.
    pub pointer: Option<String>,
    /// Where in the source; filled from `pointer` after checking.
    pub span: Option<Span>,
    /// Map hexes involved, as global axial [q, r].
    pub hexes: Vec<[i32; 2]>,
    /// Locate at the mapping key named by `pointer` rather than its value (unknown keys).
    pub at_key: bool,
    /// The other file the finding stands in, such as a broken catalog; `span` is then the line
    /// of the checked file that names it.
    pub origin: Option<Box<Origin>>,
    /// Edits that fix it, where the check knows them: a text editor offers them as quick
    /// fixes, the first as the preferred one.
    pub fixes: Vec<Fix>,
}

/// One way to fix a finding: edits to the document's data, by pointer, which a front end
/// writes into the designer's text keeping the rest as written
/// ([`crate::language::fix::apply`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fix {
    /// What it does, in a designer's words (`use tile 6 ... instead of the second tile 8`).
    pub title: String,
    /// The edits, all made at once.
    pub edits: Vec<Edit>,
}

/// One edit of a fix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    /// The node edited.
    pub pointer: String,
    /// What it becomes.
    pub to: EditTo,
}

/// What an edited node becomes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditTo {
    /// The key naming the node is renamed (a misspelt key).
    Key(String),
    /// The node's value is replaced (or added, where its mapping lacks the key).
    Value(serde_json::Value),
}

/// A place in another file than the one checked, with that file's text for snippets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin {
    /// The file's path, as reports show it.
    pub path: String,
    /// Its text.
    pub source: String,
    /// Where in it, when known.
    pub span: Option<Span>,
}

impl Diagnostic {
    /// An error at a pointer.
    pub fn error(code: Code, pointer: impl Into<String>, message: impl Into<String>) -> Self {
        Diagnostic {
            code,
            severity: Severity::Error,
            message: message.into(),
            help: None,
            pointer: Some(pointer.into()),
            span: None,
            hexes: Vec::new(),
            at_key: false,
            origin: None,
            fixes: Vec::new(),
        }
    }

    /// A warning at a pointer.
    pub fn warning(code: Code, pointer: impl Into<String>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(code, pointer, message)
        }
    }

    /// Information at a pointer: never fails a run.
    pub fn info(code: Code, pointer: impl Into<String>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Info,
            ..Diagnostic::error(code, pointer, message)
        }
    }

    /// Adds a fix suggestion.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Places the finding in another file, keeping this one's location as the reference to it.
    pub fn in_file(mut self, origin: Origin) -> Self {
        self.origin = Some(Box::new(origin));
        self
    }

    /// Points the location at the key rather than its value.
    pub fn at_key(mut self) -> Self {
        self.at_key = true;
        self
    }

    /// Adds a fix, after those already known.
    pub fn with_fix(mut self, fix: Fix) -> Self {
        self.fixes.push(fix);
        self
    }

    /// Adds the map hexes involved.
    pub fn with_hexes(mut self, hexes: impl IntoIterator<Item = [i32; 2]>) -> Self {
        self.hexes.extend(hexes);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_names_round_trip_and_are_unique() {
        let mut names: Vec<&str> = Code::ALL.iter().map(|c| c.as_str()).collect();
        for code in Code::ALL {
            assert_eq!(Code::from_name(code.as_str()), Some(code));
        }
        names.sort();
        names.dedup();
        assert_eq!(names.len(), Code::ALL.len());
    }
}
