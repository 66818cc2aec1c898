//! What the editor asks of a web page it runs in. A browser has no files to write and no path
//! to type: Save hands the page a download, Open asks it for its file picker. On the desktop
//! the workbench has no page and files are read and written as usual.

/// A file for the page to offer as a download.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Download {
    /// The file name the browser suggests.
    pub name: String,
    /// Its contents.
    pub bytes: Vec<u8>,
    /// Its media type, for the browser.
    pub mime: &'static str,
}

/// Requests from the editor to the page, taken by the page after each frame.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PageRequests {
    /// Files to download, oldest first.
    pub downloads: Vec<Download>,
    /// The designer asked to open a file: the page shows its file picker.
    pub pick_file: bool,
}

/// Why Reload does nothing in a page: the file was handed over once, and nothing keeps it.
pub const NO_RELOAD: &str = "A web page has no file to read again: open it again instead";

/// The media type of a YAML scenario.
pub const YAML: &str = "application/yaml";

/// The page's title: the scenario's own title (or its file name) and how many problems it has,
/// so a tab and a test can both read them, e.g. "Blade's Gambit — 2 problems — Megahex".
pub fn page_title(scenario_title: &str, problems: usize, checking: bool) -> String {
    let count = match problems {
        _ if checking => "checking…".to_owned(),
        0 => "no problems".to_owned(),
        1 => "1 problem".to_owned(),
        n => format!("{n} problems"),
    };
    format!("{scenario_title} — {count} — Megahex")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_title_names_the_scenario_and_counts_its_problems() {
        assert_eq!(
            page_title("Blade's Gambit", 2, false),
            "Blade's Gambit — 2 problems — Megahex"
        );
        assert_eq!(page_title("A", 1, false), "A — 1 problem — Megahex");
        assert_eq!(page_title("A", 0, false), "A — no problems — Megahex");
        assert_eq!(page_title("A", 3, true), "A — checking… — Megahex");
    }
}
