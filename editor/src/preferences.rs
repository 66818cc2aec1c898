//! The designer's choices that outlive a session (whether turning a tile turns what stands on
//! it, the hex size measured on their printed tiles), kept in a small `key = value` file
//! beside the recent-files list.

use std::path::PathBuf;

/// The choices, and where they are kept (`None`: this session only, as in tests).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Preferences {
    file: Option<PathBuf>,
    /// Turning a tile turns what stands on it.
    pub carry_on_turn: bool,
    /// Millimetres across a hex's flats on the designer's tiles, once entered for an export.
    pub print_mm: Option<f64>,
}

/// `$XDG_CONFIG_HOME/megahex/editor-preferences`, or `~/.config/megahex/editor-preferences`.
pub fn preferences_file() -> Option<PathBuf> {
    crate::recent::recent_file().map(|f| f.with_file_name("editor-preferences"))
}

impl Preferences {
    /// The choices kept in `file`; a missing or unreadable file, or a line that is not
    /// understood, leaves the default.
    pub fn load(file: Option<PathBuf>) -> Preferences {
        let text = file
            .as_deref()
            .and_then(|f| std::fs::read_to_string(f).ok())
            .unwrap_or_default();
        let mut preferences = Preferences {
            file,
            ..Preferences::default()
        };
        for line in text.lines() {
            match line.split_once('=').map(|(k, v)| (k.trim(), v.trim())) {
                Some(("carry-on-turn", value)) => preferences.carry_on_turn = value == "true",
                Some(("print-mm", value)) => {
                    preferences.print_mm = value
                        .parse::<f64>()
                        .ok()
                        .filter(|mm| mm.is_finite() && (5.0..=200.0).contains(mm));
                }
                _ => {}
            }
        }
        preferences
    }

    /// Writes the choices. Failing to write them loses only a preference, never a scenario, so
    /// the error is dropped.
    pub fn save(&self) {
        let Some(file) = &self.file else {
            return;
        };
        if let Some(dir) = file.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let mut text = format!("carry-on-turn = {}\n", self.carry_on_turn);
        if let Some(mm) = self.print_mm {
            text.push_str(&format!("print-mm = {mm}\n"));
        }
        let _ = crate::storage::save_atomic(file, &text);
    }

    /// Keeps the measured hex size if it changed.
    pub fn remember_print_mm(&mut self, mm: f64) {
        if self.print_mm != Some(mm) {
            self.print_mm = Some(mm);
            self.save();
        }
    }

    /// Keeps `carry_on_turn` if it changed.
    pub fn remember_carry_on_turn(&mut self, carry: bool) {
        if self.carry_on_turn != carry {
            self.carry_on_turn = carry;
            self.save();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_choice_is_kept_for_the_next_session() {
        let dir = std::env::temp_dir().join(format!("megahex-prefs-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let file = dir.join("editor-preferences");
        let mut first = Preferences::load(Some(file.clone()));
        assert!(!first.carry_on_turn, "off until chosen");
        first.remember_carry_on_turn(true);
        assert!(Preferences::load(Some(file.clone())).carry_on_turn);
        first.remember_carry_on_turn(false);
        assert!(!Preferences::load(Some(file.clone())).carry_on_turn);

        assert_eq!(first.print_mm, None, "no hex size until one is measured");
        first.remember_print_mm(34.5);
        let next = Preferences::load(Some(file.clone()));
        assert_eq!(next.print_mm, Some(34.5));
        assert!(!next.carry_on_turn, "each choice is kept on its own");
        std::fs::write(&file, "print-mm = 9000\n").unwrap();
        assert_eq!(
            Preferences::load(Some(file)).print_mm,
            None,
            "a size out of range is not taken"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
