//! A step the rules refuse, said the same way by every game's engine: what is wrong and what
//! the rules allow instead; and, once a playtest replay places it, the script step it refers
//! to. One type, so the first illegal step of any game's playtest is one `playtest-illegal`
//! finding, built in one place.

use crate::diagnostic::{Code, Diagnostic};

/// Why an action is not allowed, in a designer's words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Illegal {
    /// What is wrong.
    pub message: String,
    /// What the rules allow instead.
    pub help: Option<String>,
}

impl Illegal {
    /// An illegal action with no help line.
    pub fn new(message: impl Into<String>) -> Illegal {
        Illegal {
            message: message.into(),
            help: None,
        }
    }

    /// Adds what the rules allow instead.
    pub fn with_help(mut self, help: impl Into<String>) -> Illegal {
        self.help = Some(help.into());
        self
    }

    /// The same refusal, placed at a script step (a JSON pointer into the file).
    pub fn at(self, step: impl Into<String>) -> IllegalStep {
        IllegalStep {
            step: step.into(),
            illegal: self,
            at_key: false,
        }
    }
}

impl std::fmt::Display for Illegal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<String> for Illegal {
    fn from(message: String) -> Illegal {
        Illegal::new(message)
    }
}

impl From<&str> for Illegal {
    fn from(message: &str) -> Illegal {
        Illegal::new(message)
    }
}

/// A refused step of a playtest script, where it is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalStep {
    /// The JSON pointer of the step in the file.
    pub step: String,
    /// What the rules refuse.
    pub illegal: Illegal,
    /// Shown at the step's key rather than its value (a step that is missing something).
    pub at_key: bool,
}

impl IllegalStep {
    /// A refusal (a message, or an engine's [`Illegal`]) at `step`.
    pub fn new(step: impl Into<String>, refused: impl Into<Illegal>) -> IllegalStep {
        refused.into().at(step)
    }

    /// Adds what the rules allow instead.
    pub fn help(mut self, help: impl Into<String>) -> IllegalStep {
        self.illegal.help = Some(help.into());
        self
    }

    /// Shown at the step's key.
    pub fn at_key(mut self) -> IllegalStep {
        self.at_key = true;
        self
    }

    /// The `playtest-illegal` finding, its message led by `lead` (the turn or round the step
    /// is in) when there is one.
    pub fn into_diagnostic(self, lead: &str) -> Diagnostic {
        let message = match lead {
            "" => self.illegal.message,
            lead => format!("{lead}: {}", self.illegal.message),
        };
        let mut d = Diagnostic::error(Code::PlaytestIllegal, self.step, message);
        if let Some(help) = self.illegal.help {
            d = d.with_help(help);
        }
        if self.at_key {
            d = d.at_key();
        }
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_placed_step_is_one_finding_with_its_lead_help_and_place() {
        let d = Illegal::new("no such figure")
            .with_help("name a figure on the map")
            .at("/playtest/2/turn")
            .into_diagnostic("playtest turn 3");
        assert_eq!(d.code, Code::PlaytestIllegal);
        assert_eq!(d.message, "playtest turn 3: no such figure");
        assert_eq!(d.help.as_deref(), Some("name a figure on the map"));
        assert_eq!(d.pointer.as_deref(), Some("/playtest/2/turn"));
        assert!(!d.at_key);
        let bare = Illegal::from("spent")
            .at("/playtest")
            .at_key()
            .into_diagnostic("");
        assert_eq!(bare.message, "spent");
        assert!(bare.at_key && bare.help.is_none());
    }
}
