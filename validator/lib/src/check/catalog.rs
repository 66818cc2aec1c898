//! Catalog files a scenario names (`catalog:`) or a run is given (`--catalog`), read with the
//! scenario loader and its limits, so a broken catalog is reported in the catalog file itself,
//! at its line and column.

use std::path::{Component, Path, PathBuf};

use megahex_schema::Catalog;

use super::first_line;
use crate::typed::path_to_pointer;
use crate::yaml::{self, Limits, Span};

/// A catalog file's text, and its path as reports show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatalogFile {
    /// The path, relative to the working directory when it was given that way.
    pub path: String,
    /// The file's text.
    pub text: String,
}

impl CatalogFile {
    /// Reads `relative` against `base` (a scenario's folder), refusing a file over `max_bytes`
    /// from its size alone, as scenario files are.
    pub fn read(base: &Path, relative: &str, max_bytes: usize) -> Result<CatalogFile, ReadError> {
        CatalogFile::read_path(&base.join(relative), max_bytes)
    }

    /// A catalog file whose text was read elsewhere (by a web page's host, say), named by its
    /// path as [`CatalogFile::read_path`] names it.
    pub fn from_text(path: &Path, text: String) -> CatalogFile {
        CatalogFile {
            path: shown(path),
            text,
        }
    }

    /// Reads a catalog file, refusing one over `max_bytes` from its size alone.
    pub fn read_path(path: &Path, max_bytes: usize) -> Result<CatalogFile, ReadError> {
        let len = std::fs::metadata(path)?.len();
        if len > max_bytes as u64 {
            return Err(ReadError::TooLarge {
                bytes: len,
                limit: max_bytes,
            });
        }
        let text = std::fs::read_to_string(path)?;
        Ok(CatalogFile {
            path: shown(path),
            text,
        })
    }
}

/// Why a catalog file could not be read; its text is what a designer is told.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file system refused: no such file, no permission, not UTF-8.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// Refused from its size alone, as scenario files are.
    #[error("{}", over_the_limit(*bytes, *limit))]
    TooLarge {
        /// The file's size.
        bytes: u64,
        /// The limit it is over.
        limit: usize,
    },
    /// A reader's own reason: one that reads no files, a file missing from a git revision.
    #[error("{0}")]
    Other(String),
}

impl From<String> for ReadError {
    fn from(message: String) -> Self {
        ReadError::Other(message)
    }
}

impl From<&str> for ReadError {
    fn from(message: &str) -> Self {
        ReadError::Other(message.to_owned())
    }
}

/// Why a catalog cannot be used, at its place in the catalog file when that is known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatalogProblem {
    /// What is wrong, in words.
    pub message: String,
    /// Where in the catalog file.
    pub span: Option<Span>,
}

/// Parses and checks a catalog file: YAML syntax, the catalog's types, then its own rules.
pub fn load(text: &str, limits: Limits, max_bytes: usize) -> Result<Catalog, CatalogProblem> {
    let bom = if text.starts_with('\u{feff}') {
        '\u{feff}'.len_utf8()
    } else {
        0
    };
    let body = &text[bom..];
    let at = |span: Option<Span>| {
        span.map(|span| Span {
            offset: span.offset + bom,
            ..first_line(span, body)
        })
    };
    if text.len() > max_bytes {
        return Err(CatalogProblem {
            message: over_the_limit(text.len() as u64, max_bytes),
            span: None,
        });
    }
    let document = yaml::load(body, limits).map_err(|e| CatalogProblem {
        message: e.message,
        span: at(e.span),
    })?;
    let catalog: Catalog = serde_path_to_error::deserialize(&document.value).map_err(|e| {
        let pointer = path_to_pointer(&e.path().to_string());
        let field = pointer.rsplit('/').next().filter(|s| !s.is_empty());
        let message = match field {
            Some(field) => format!("`{field}`: {}", e.inner()),
            None => e.inner().to_string(),
        };
        CatalogProblem {
            message,
            span: at(document.locate(&pointer)),
        }
    })?;
    catalog.check().map_err(|e| CatalogProblem {
        span: at(e.pointer.as_deref().and_then(|p| document.locate(p))),
        message: e.message,
    })?;
    Ok(catalog)
}

/// Why a catalog file of `len` bytes is refused unread.
fn over_the_limit(len: u64, max_bytes: usize) -> String {
    format!("the file is {len} bytes, over the {max_bytes}-byte limit for catalog files")
}

/// A path without `.` parts and with `dir/..` pairs folded, as a designer would write it.
fn shown(path: &Path) -> String {
    let mut parts: Vec<Component> = Vec::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir if matches!(parts.last(), Some(Component::Normal(_))) => {
                parts.pop();
            }
            other => parts.push(other),
        }
    }
    let folded: PathBuf = parts.iter().collect();
    folded.to_string_lossy().into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load_text(text: &str) -> Result<Catalog, CatalogProblem> {
        load(text, Limits::default(), 1 << 20)
    }

    #[test]
    fn a_repeated_figure_is_reported_at_its_id() {
        let text = "format: 1\nfigures:\n  - {id: sky, name: Sky, kind: character, hexes: 1}\n  - {id: sky, name: Sky Two, kind: character, hexes: 1}\n";
        let problem = load_text(text).unwrap_err();
        assert_eq!(problem.message, "figure id `sky` appears twice");
        let span = problem.span.unwrap();
        // `  - {id: sky`: the id starts at the 10th character.
        assert_eq!((span.line, span.column), (4, 10));
        assert_eq!(&text[span.offset..span.offset + span.len], "sky");
    }

    #[test]
    fn syntax_and_type_errors_have_their_place() {
        let problem = load_text("format: 1\nfigures: [\n").unwrap_err();
        assert!(problem.span.is_some(), "{problem:?}");
        let text = "format: 1\ntiles:\n  - id: M9\n    tile: nine\n";
        let problem = load_text(text).unwrap_err();
        assert!(
            problem.message.starts_with("`tile`:"),
            "{}",
            problem.message
        );
        assert_eq!(problem.span.map(|s| s.line), Some(4));
    }

    #[test]
    fn the_scenario_limits_hold() {
        // Nested deeper than a scenario may be.
        let deep = format!(
            "format: 1\nfigures: {}{}\n",
            "[".repeat(200),
            "]".repeat(200)
        );
        let problem = load_text(&deep).unwrap_err();
        assert!(problem.message.contains("deeper"), "{}", problem.message);
        // Aliases that expand past the node limit.
        let limits = Limits {
            max_depth: 128,
            max_nodes: 1000,
        };
        let mut bomb = String::from("a: &a [x, x, x, x, x, x, x, x, x, x]\n");
        for level in 0..4 {
            let items = vec![format!("*{}", (b'a' + level) as char); 10].join(", ");
            bomb.push_str(&format!(
                "{}: &{} [{items}]\n",
                (b'b' + level) as char,
                (b'b' + level) as char
            ));
        }
        assert!(load(&bomb, limits, 1 << 20).is_err());
        assert!(load("format: 1\n", Limits::default(), 4).is_err());
    }

    #[test]
    fn a_byte_order_mark_keeps_offsets_true() {
        let text = "\u{feff}format: 1\nfigures:\n  - {id: a, name: A, kind: character, hexes: 1}\n  - {id: a, name: B, kind: character, hexes: 1}\n";
        let span = load_text(text).unwrap_err().span.unwrap();
        assert_eq!(&text[span.offset..span.offset + span.len], "a");
    }

    #[test]
    fn paths_are_shown_folded() {
        assert_eq!(
            shown(Path::new("./tests/fixtures/invalid/../support/c.yaml")),
            "tests/fixtures/support/c.yaml"
        );
        assert_eq!(shown(Path::new("../up/c.yaml")), "../up/c.yaml");
    }
}
