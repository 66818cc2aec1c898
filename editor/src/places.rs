//! Where the editor keeps what outlives a session, in each system's own place for it: on
//! Linux `$XDG_CONFIG_HOME/megahex` (else `~/.config/megahex`) for the recent-files list and
//! the preferences and `$XDG_CACHE_HOME/megahex` (else `~/.cache/megahex`) for recovery copies,
//! as before; on macOS and Windows the folders those systems give programs.

use std::path::PathBuf;

use directories::ProjectDirs;

fn project() -> Option<ProjectDirs> {
    ProjectDirs::from("", "", "megahex")
}

/// The folder for the designer's settings and recent files; `None` when the system gives no
/// home folder (then they last one session).
pub fn config_dir() -> Option<PathBuf> {
    project().map(|p| p.config_dir().to_path_buf())
}

/// The folder for recovery copies: the system's cache folder for programs, or the temporary
/// folder when there is none.
pub fn cache_dir() -> PathBuf {
    // A web page has no folders: recovery copies go to the browser's storage under this name.
    if cfg!(target_arch = "wasm32") {
        return PathBuf::from("/megahex");
    }
    project().map_or_else(
        || std::env::temp_dir().join("megahex"),
        |p| p.cache_dir().to_path_buf(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On Linux the folders are today's: a designer's recent files, preferences and recovery
    /// copies are found where earlier versions kept them.
    #[cfg(target_os = "linux")]
    #[test]
    fn linux_keeps_the_xdg_folders() {
        let Some(home) = std::env::var_os("HOME").map(PathBuf::from) else {
            return;
        };
        let config = std::env::var_os("XDG_CONFIG_HOME")
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
            .unwrap_or_else(|| home.join(".config"));
        let cache = std::env::var_os("XDG_CACHE_HOME")
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
            .unwrap_or_else(|| home.join(".cache"));
        assert_eq!(config_dir(), Some(config.join("megahex")));
        assert_eq!(cache_dir(), cache.join("megahex"));
    }
}
