//! Files: deterministic saving, atomic replacement, and recovery copies of unsaved work.
//!
//! A save writes a temporary file in the target's own folder, flushes it to disk, gives it the
//! original file's permissions, and renames it over the target, so a crash or a full disk never
//! leaves a half-written scenario. Recovery copies live in the user's cache folder, away from
//! the scenario repository.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use megahex_schema::AnyScenario;

pub use megahex::yaml::write::{flow, modeline, read_as, to_yaml};

/// A scenario of the ruleset its `ruleset:` names, read as [`read_as`] reads one.
pub fn read_any(text: &str) -> Option<AnyScenario> {
    let document = megahex::yaml::load(text, megahex::yaml::Limits::default()).ok()?;
    AnyScenario::deserialize_value(&document.value)
        .ok()
        .or_else(|| AnyScenario::deserialize_value(&serde_yaml::from_str(text).ok()?).ok())
}

/// The modeline for a document saved at `target`, given the modeline it had when read from
/// `source`: a relative `$schema=` path is rewritten so it still names the same schema file
/// from the new folder. A document that never had a file of its own (the sample, a new one)
/// gets a modeline when a Megahex `schema/scenario.schema.json` is found above `target`.
pub fn modeline_for(line: Option<&str>, source: Option<&Path>, target: &Path) -> Option<String> {
    let Some(source) = source else {
        return find_schema_modeline(target);
    };
    let line = line?;
    let Some((before, value)) = line.split_once("$schema=") else {
        return Some(line.to_owned());
    };
    let value = value.trim();
    if value.contains("://") || Path::new(value).is_absolute() {
        return Some(line.to_owned());
    }
    let from = canonical_dir(source)?;
    let to = canonical_dir(target)?;
    if from == to {
        return Some(line.to_owned());
    }
    let schema = normalize(&from.join(value));
    let relative = relative_path(&to, &schema)?;
    Some(format!("{before}$schema={}", relative.display()))
}

/// The modeline pointing at the nearest `schema/scenario.schema.json` above `target`, if any.
fn find_schema_modeline(target: &Path) -> Option<String> {
    let dir = canonical_dir(target)?;
    let schema = dir
        .ancestors()
        .map(|a| a.join("schema").join("scenario.schema.json"))
        .find(|p| p.is_file())?;
    let relative = relative_path(&dir, &schema)?;
    Some(format!(
        "# yaml-language-server: $schema={}",
        relative.display()
    ))
}

/// The folder holding `file`, resolved through symlinks, or `None` when it does not exist.
fn canonical_dir(file: &Path) -> Option<PathBuf> {
    let dir = match file.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    fs::canonicalize(dir).ok()
}

/// Removes `.` and `a/..` pairs without touching the file system (the target may not exist).
fn normalize(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// `to` as seen from the folder `from`; both absolute and normalized.
fn relative_path(from: &Path, to: &Path) -> Option<PathBuf> {
    let from: Vec<_> = from.components().collect();
    let to_parts: Vec<_> = to.components().collect();
    let common = from
        .iter()
        .zip(&to_parts)
        .take_while(|(a, b)| a == b)
        .count();
    if common == 0 {
        return None;
    }
    let mut out = PathBuf::new();
    for _ in common..from.len() {
        out.push("..");
    }
    for part in &to_parts[common..] {
        out.push(part);
    }
    Some(out)
}

/// Writes `contents` to `path` atomically: temporary file, fsync, permissions, rename.
pub fn save_atomic(path: &Path, contents: impl AsRef<[u8]>) -> io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "scenario.yaml".into());
    let temp = dir.join(format!(".{name}.megahex-save-{}", std::process::id()));
    let result = (|| {
        let mut file = fs::File::create(&temp)?;
        file.write_all(contents.as_ref())?;
        file.sync_all()?;
        if let Ok(meta) = fs::metadata(path) {
            fs::set_permissions(&temp, meta.permissions())?;
        }
        fs::rename(&temp, path)?;
        // Make the rename itself durable where the platform allows opening a folder.
        if let Ok(folder) = fs::File::open(&dir) {
            let _ = folder.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result
}

/// The folder for recovery copies: `recovery` in the cache folder ([`crate::places`]).
pub fn recovery_dir() -> PathBuf {
    crate::places::cache_dir().join("recovery")
}

/// Where the recovery copy of a document lives: one file per scenario path (or one for the
/// unsaved sample), named by a stable hash of the absolute path.
pub fn recovery_path(dir: &Path, document: Option<&Path>) -> PathBuf {
    let key = match document {
        Some(p) => fs::canonicalize(p)
            .unwrap_or_else(|_| p.to_path_buf())
            .to_string_lossy()
            .into_owned(),
        None => "untitled".to_owned(),
    };
    // FNV-1a: stable across runs and builds, unlike the standard hasher.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in key.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    let stem = document
        .and_then(|p| p.file_stem())
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "untitled".into());
    dir.join(format!("{stem}-{hash:016x}.yaml"))
}

/// Saves a recovery copy of unsaved work, with a header naming the file it belongs to.
pub fn write_recovery(dir: &Path, document: Option<&Path>, text: &str) -> io::Result<PathBuf> {
    let path = recovery_path(dir, document);
    let origin = document.map_or_else(|| "(untitled)".to_owned(), |p| p.display().to_string());
    let copy = format!("# megahex-editor recovery copy of {origin}\n{text}");
    #[cfg(target_arch = "wasm32")]
    crate::browser_storage::set(&path.to_string_lossy(), &copy)?;
    #[cfg(not(target_arch = "wasm32"))]
    {
        fs::create_dir_all(dir)?;
        save_atomic(&path, copy)?;
    }
    Ok(path)
}

/// A recovery copy left by an earlier session, if there is one: its path and text.
pub fn find_recovery(dir: &Path, document: Option<&Path>) -> Option<(PathBuf, String)> {
    let path = recovery_path(dir, document);
    #[cfg(target_arch = "wasm32")]
    let text = crate::browser_storage::get(&path.to_string_lossy())?;
    #[cfg(not(target_arch = "wasm32"))]
    let text = fs::read_to_string(&path).ok()?;
    Some((path, text))
}

/// Removes the recovery copy once the work is saved or deliberately discarded.
pub fn clear_recovery(dir: &Path, document: Option<&Path>) {
    let path = recovery_path(dir, document);
    #[cfg(target_arch = "wasm32")]
    crate::browser_storage::remove(&path.to_string_lossy());
    #[cfg(not(target_arch = "wasm32"))]
    let _ = fs::remove_file(path);
}

/// A path typed by the user: `~/` is the home folder, relative paths start at the working
/// folder.
pub fn input_path(text: &str) -> PathBuf {
    let text = text.trim();
    let path = match (text.strip_prefix("~/"), std::env::var_os("HOME")) {
        (Some(rest), Some(home)) => PathBuf::from(home).join(rest),
        _ => PathBuf::from(text),
    };
    if path.is_absolute() {
        path
    } else {
        std::env::current_dir().unwrap_or_default().join(path)
    }
}

/// Adds `.yaml` to a name without an extension, so saved files are found by `megahex validate`.
pub fn with_yaml_extension(path: PathBuf) -> PathBuf {
    if path.extension().is_none() && !path.as_os_str().to_string_lossy().ends_with('/') {
        path.with_extension("yaml")
    } else {
        path
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use megahex_schema::rulesets::sentinel_tactics::Scenario;

    /// Each game's file reads as that game, whatever the checks say of it: a deck used to
    /// be read as a map and come back as nothing.
    #[test]
    fn any_file_reads_as_the_game_it_names() {
        let scenarios = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
        for (file, ruleset) in [
            (
                "city-blades-gambit.yaml",
                megahex_schema::Ruleset::SentinelTactics,
            ),
            (
                "skirmish-bush-maze.yaml",
                megahex_schema::Ruleset::HexSkirmish,
            ),
            (
                "solar-first-light.yaml",
                megahex_schema::Ruleset::SolarSentinels,
            ),
        ] {
            let text = fs::read_to_string(scenarios.join(file)).unwrap();
            assert_eq!(
                read_any(&text).map(|s| s.ruleset()),
                Some(ruleset),
                "{file}"
            );
        }
        assert_eq!(read_any("format: 1\nruleset: chess\n"), None);
    }

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "megahex-editor-storage-{name}-{}",
            std::process::id()
        ));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn atomic_save_replaces_the_file_and_keeps_its_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("atomic");
        let file = dir.join("s.yaml");
        fs::write(&file, "old\n").unwrap();
        fs::set_permissions(&file, fs::Permissions::from_mode(0o640)).unwrap();
        save_atomic(&file, "new\n").unwrap();
        assert_eq!(fs::read_to_string(&file).unwrap(), "new\n");
        assert_eq!(
            fs::metadata(&file).unwrap().permissions().mode() & 0o777,
            0o640
        );
        // No temporary files are left behind.
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
    }

    #[test]
    fn a_failed_save_leaves_the_old_file_whole() {
        let dir = scratch("failed");
        let file = dir.join("missing-folder").join("s.yaml");
        assert!(save_atomic(&file, "new\n").is_err());
        assert!(!file.exists());
    }

    #[test]
    fn recovery_copies_round_trip_per_document() {
        let dir = scratch("recovery");
        let a = dir.join("a.yaml");
        let b = dir.join("b.yaml");
        fs::write(&a, "").unwrap();
        fs::write(&b, "").unwrap();
        let cache = dir.join("cache");
        write_recovery(&cache, Some(&a), "format: 1\n").unwrap();
        let (path, text) = find_recovery(&cache, Some(&a)).unwrap();
        assert!(
            text.ends_with("format: 1\n") && text.starts_with("# megahex-editor recovery copy of")
        );
        assert!(path.starts_with(&cache));
        assert!(find_recovery(&cache, Some(&b)).is_none());
        clear_recovery(&cache, Some(&a));
        assert!(find_recovery(&cache, Some(&a)).is_none());
    }

    #[test]
    fn the_modeline_follows_the_file_to_a_new_folder() {
        let dir = scratch("modeline");
        fs::create_dir_all(dir.join("schema")).unwrap();
        fs::write(dir.join("schema/scenario.schema.json"), "{}").unwrap();
        fs::create_dir_all(dir.join("scenarios/deep")).unwrap();
        let line = "# yaml-language-server: $schema=../schema/scenario.schema.json";
        let source = dir.join("scenarios/a.yaml");
        // Same folder: unchanged.
        assert_eq!(
            modeline_for(Some(line), Some(&source), &dir.join("scenarios/b.yaml")).as_deref(),
            Some(line)
        );
        // One level deeper: one more `..`.
        assert_eq!(
            modeline_for(
                Some(line),
                Some(&source),
                &dir.join("scenarios/deep/c.yaml")
            )
            .as_deref(),
            Some("# yaml-language-server: $schema=../../schema/scenario.schema.json")
        );
        // No modeline stays none; URLs stay as they are.
        assert_eq!(modeline_for(None, Some(&source), &dir.join("x.yaml")), None);
        let url =
            "# yaml-language-server: $schema=https://megahex.dev/schema/scenario-1.schema.json";
        assert_eq!(
            modeline_for(Some(url), Some(&source), &dir.join("x.yaml")).as_deref(),
            Some(url)
        );
        // The untitled sample finds the schema above its new home.
        assert_eq!(
            modeline_for(Some(line), None, &dir.join("scenarios/deep/d.yaml")).as_deref(),
            Some("# yaml-language-server: $schema=../../schema/scenario.schema.json")
        );
    }

    #[test]
    fn saves_are_compact_and_read_back_as_the_same_scenario() {
        let scenarios = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
        let mut texts = vec![crate::document::SAMPLE_YAML.to_owned()];
        for entry in fs::read_dir(&scenarios).unwrap() {
            let text = fs::read_to_string(entry.unwrap().path()).unwrap();
            // The editor edits Sentinel Tactics maps; other rulesets are saved by their own tools.
            let value: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
            if value["ruleset"] == "sentinel-tactics" {
                texts.push(text);
            }
        }
        assert!(texts.len() > 3);
        for text in texts {
            let scenario: Scenario = serde_yaml::from_str(&text).unwrap();
            let saved = to_yaml(&scenario, None).unwrap();
            let back: Scenario = serde_yaml::from_str(&saved).unwrap();
            assert_eq!(back, scenario, "{saved}");
            // Deterministic, and written the way scenarios are written by hand.
            assert_eq!(to_yaml(&back, None).unwrap(), saved);
            assert!(saved.contains("\n  tiles:\n    - {tile: "), "{saved}");
            assert!(
                saved
                    .lines()
                    .all(|l| l.len() <= megahex::yaml::write::FLOW_WIDTH || !l.contains('{')),
                "{saved}"
            );
        }
    }

    #[test]
    fn the_modeline_is_found_and_kept() {
        let text = "# yaml-language-server: $schema=../schema/scenario.schema.json\nformat: 1\n";
        assert_eq!(
            modeline(text).as_deref(),
            Some("# yaml-language-server: $schema=../schema/scenario.schema.json")
        );
        assert_eq!(modeline("format: 1\n# yaml-language-server: late\n"), None);
    }

    #[test]
    fn typed_paths_are_resolved_and_get_an_extension() {
        let cwd = std::env::current_dir().unwrap();
        assert_eq!(input_path(" a/b.yaml "), cwd.join("a/b.yaml"));
        assert_eq!(input_path("/x/y.yml"), std::path::PathBuf::from("/x/y.yml"));
        assert_eq!(
            with_yaml_extension(std::path::PathBuf::from("/x/new")),
            std::path::PathBuf::from("/x/new.yaml")
        );
        assert_eq!(
            with_yaml_extension(std::path::PathBuf::from("/x/new.yml")),
            std::path::PathBuf::from("/x/new.yml")
        );
    }
}
