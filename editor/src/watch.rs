//! Notices when another program changes the open file. The file's folder is watched rather
//! than the file, because most editors save by writing a new file and renaming it over the old
//! one, which a watch on the old file would not see. Events are debounced, so one save (often
//! several events) is one change, and only events naming the open file count.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use notify::{RecommendedWatcher, RecursiveMode};
use notify_debouncer_mini::{DebounceEventResult, Debouncer, new_debouncer};

/// How long the folder must be quiet before a change is reported.
pub const DEBOUNCE: Duration = Duration::from_millis(300);

/// What tells one version of a file from another without reading it: size, modification and
/// change times, and (on Unix) the inode, which a save by rename replaces. Reading a file
/// changes none of these.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stamp {
    len: u64,
    modified: Option<std::time::SystemTime>,
    changed: (i64, i64),
    inode: u64,
}

impl Stamp {
    /// The stamp of the file at `path`, or `None` if it cannot be read.
    pub fn of(path: &Path) -> Option<Stamp> {
        let meta = std::fs::metadata(path).ok()?;
        #[cfg(unix)]
        let (changed, inode) = {
            use std::os::unix::fs::MetadataExt;
            ((meta.ctime(), meta.ctime_nsec()), meta.ino())
        };
        #[cfg(not(unix))]
        let (changed, inode) = ((0, 0), 0);
        Some(Stamp {
            len: meta.len(),
            modified: meta.modified().ok(),
            changed,
            inode,
        })
    }
}

/// A watch on one file, through its folder.
pub struct FileWatcher {
    /// The file watched, as the document names it.
    path: PathBuf,
    /// Dropping it stops the watch.
    _debouncer: Debouncer<RecommendedWatcher>,
    /// One message per debounced batch that named the file.
    changes: Receiver<()>,
    /// Woken when a change arrives, so an idle window notices it at once.
    wake: Arc<Mutex<Option<egui::Context>>>,
}

impl FileWatcher {
    /// Starts watching `path`'s folder for changes to `path`.
    pub fn watch(path: &Path, delay: Duration) -> Result<FileWatcher, String> {
        let name: OsString = path
            .file_name()
            .ok_or_else(|| format!("{} has no file name to watch", path.display()))?
            .to_owned();
        let folder = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let (tx, changes) = mpsc::channel();
        let wake: Arc<Mutex<Option<egui::Context>>> = Arc::new(Mutex::new(None));
        let wake_in_thread = Arc::clone(&wake);
        let mut debouncer = new_debouncer(delay, move |result: DebounceEventResult| {
            let ours = match result {
                Ok(events) => events
                    .iter()
                    .any(|e| e.path.file_name() == Some(name.as_os_str())),
                // The watch itself had trouble (overflow): look at the file, to be safe.
                Err(_) => true,
            };
            if ours {
                // The receiver is gone only when the editor stopped watching.
                let _ = tx.send(());
                if let Ok(ctx) = wake_in_thread.lock()
                    && let Some(ctx) = ctx.as_ref()
                {
                    ctx.request_repaint();
                }
            }
        })
        .map_err(|e| format!("cannot watch {}: {e}", folder.display()))?;
        debouncer
            .watcher()
            .watch(&folder, RecursiveMode::NonRecursive)
            .map_err(|e| format!("cannot watch {}: {e}", folder.display()))?;
        Ok(FileWatcher {
            path: path.to_path_buf(),
            _debouncer: debouncer,
            changes,
            wake,
        })
    }

    /// The file being watched.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The window to wake when the file changes.
    pub fn wake(&self, ctx: &egui::Context) {
        if let Ok(mut slot) = self.wake.lock()
            && slot.is_none()
        {
            *slot = Some(ctx.clone());
        }
    }

    /// True if the file changed since the last call.
    pub fn changed(&self) -> bool {
        let mut any = false;
        while self.changes.try_recv().is_ok() {
            any = true;
        }
        any
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    fn wait_for(watcher: &FileWatcher, limit: Duration) -> bool {
        let start = Instant::now();
        while start.elapsed() < limit {
            if watcher.changed() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        false
    }

    #[test]
    fn a_rename_over_the_file_is_seen_and_other_files_are_not() {
        let dir = std::env::temp_dir().join(format!("megahex-editor-watch-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("watched.yaml");
        std::fs::write(&file, "a").unwrap();
        let watcher = FileWatcher::watch(&file, Duration::from_millis(50)).unwrap();
        assert_eq!(watcher.path(), file);
        // Another file in the folder: nothing (given time to arrive if it were reported).
        std::fs::write(dir.join("other.yaml"), "x").unwrap();
        assert!(!wait_for(&watcher, Duration::from_millis(600)));
        // Saved the way editors do: a new file renamed over the old one.
        std::fs::write(dir.join(".watched.yaml.tmp"), "b").unwrap();
        std::fs::rename(dir.join(".watched.yaml.tmp"), &file).unwrap();
        assert!(wait_for(&watcher, Duration::from_secs(10)));
        // A plain write is seen too.
        std::fs::write(&file, "c").unwrap();
        assert!(wait_for(&watcher, Duration::from_secs(10)));
    }
}
