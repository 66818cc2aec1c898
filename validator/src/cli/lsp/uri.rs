//! `file:` URIs and the paths they name: the server reads catalogs and `megahex.toml` from disk
//! beside the documents the client sends, and reports a catalog's findings on its URI.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use lsp_types::Uri;
use percent_encoding::{AsciiSet, CONTROLS, percent_decode_str, utf8_percent_encode};

/// The characters a path segment of a URI writes as `%XX`.
const ESCAPED: &AsciiSet = &CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'%')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'[')
    .add(b']')
    .add(b'\\')
    .add(b'^')
    .add(b'`')
    .add(b'{')
    .add(b'|')
    .add(b'}');

/// The local path a `file:` URI names, or `None` for any other scheme (an unsaved buffer).
pub fn to_path(uri: &Uri) -> Option<PathBuf> {
    let text = uri.as_str();
    let rest = text.strip_prefix("file://")?;
    // `file://host/path`: only the local host is a path here.
    let path = match rest.find('/') {
        Some(0) => rest,
        Some(slash) if &rest[..slash] == "localhost" => &rest[slash..],
        _ => return None,
    };
    let path = path.split(['?', '#']).next().unwrap_or_default();
    let decoded = percent_decode_str(path).decode_utf8().ok()?;
    // `file:///C:/folder` is the Windows path `C:/folder`.
    let windows = decoded.len() > 2
        && decoded.as_bytes()[2] == b':'
        && decoded.as_bytes()[1].is_ascii_alphabetic();
    let local = if windows { &decoded[1..] } else { &decoded[..] };
    Some(PathBuf::from(local))
}

/// The `file:` URI of an absolute path.
pub fn from_path(path: &Path) -> Option<Uri> {
    let text = path.to_str()?.replace('\\', "/");
    let rooted = if text.starts_with('/') {
        text
    } else {
        format!("/{text}")
    };
    Uri::from_str(&format!("file://{}", utf8_percent_encode(&rooted, ESCAPED))).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uri(text: &str) -> Uri {
        Uri::from_str(text).unwrap()
    }

    #[test]
    fn file_uris_name_decoded_paths_and_back() {
        let path = to_path(&uri("file:///home/me/my%20maps/city%23one.yaml")).unwrap();
        assert_eq!(path, PathBuf::from("/home/me/my maps/city#one.yaml"));
        assert_eq!(
            from_path(&path).unwrap().as_str(),
            "file:///home/me/my%20maps/city%23one.yaml"
        );
        assert_eq!(
            to_path(&uri("file://localhost/tmp/a.yaml")).unwrap(),
            PathBuf::from("/tmp/a.yaml")
        );
        assert_eq!(
            to_path(&uri("file:///C:/maps/a.yaml")).unwrap(),
            PathBuf::from("C:/maps/a.yaml")
        );
    }

    #[test]
    fn other_schemes_and_hosts_name_no_path() {
        assert_eq!(to_path(&uri("untitled:Untitled-1")), None);
        assert_eq!(to_path(&uri("file://server/share/a.yaml")), None);
    }
}
