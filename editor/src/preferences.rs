//! The designer's choices that outlive a session (whether turning a tile turns what stands on
//! it, the hex size measured on their printed tiles), kept in a small TOML file beside the
//! recent-files list (`carry-on-turn = true`, `print-mm = 30.5`).

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

/// `editor-preferences` in the settings folder ([`crate::places`]).
pub fn preferences_file() -> Option<PathBuf> {
    crate::places::config_dir().map(|dir| dir.join("editor-preferences"))
}

impl Preferences {
    /// The choices kept in `file`; a missing or unreadable file, a key it does not know, or a
    /// value out of range leaves the default.
    pub fn load(file: Option<PathBuf>) -> Preferences {
        let table: toml::Table = file
            .as_deref()
            .and_then(|f| std::fs::read_to_string(f).ok())
            .and_then(|text| toml::from_str(&text).ok())
            .unwrap_or_default();
        // A whole number of millimetres is written without a point (`print-mm = 30`).
        let print_mm = match table.get("print-mm") {
            Some(toml::Value::Float(mm)) => Some(*mm),
            Some(toml::Value::Integer(mm)) => Some(*mm as f64),
            _ => None,
        };
        Preferences {
            file,
            carry_on_turn: table
                .get("carry-on-turn")
                .and_then(toml::Value::as_bool)
                .unwrap_or_default(),
            print_mm: print_mm.filter(|mm| mm.is_finite() && (5.0..=200.0).contains(mm)),
        }
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

    /// The file earlier versions wrote reads the same: a whole number of millimetres has no
    /// point, and a key this version does not know is passed over.
    #[test]
    fn an_earlier_versions_file_reads_as_it_was_written() {
        let dir = std::env::temp_dir().join(format!("megahex-prefs-old-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("editor-preferences");
        std::fs::write(&file, "carry-on-turn = true\nprint-mm = 30\nzoom = 2\n").unwrap();
        let read = Preferences::load(Some(file.clone()));
        assert!(read.carry_on_turn);
        assert_eq!(read.print_mm, Some(30.0));
        std::fs::write(&file, "carry-on-turn = false\nprint-mm = 30.25\n").unwrap();
        let read = Preferences::load(Some(file));
        assert!(!read.carry_on_turn);
        assert_eq!(read.print_mm, Some(30.25));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
