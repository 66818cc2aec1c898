//! Share links: a whole scenario in a link's fragment, so a link carries it with no server.
//! The text is deflated and written in URL-safe base64 after `#s=`, with the file name after
//! `&name=`. A browser never sends the fragment to the server that serves the page.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

/// The largest scenario a link may unpack to: a link is not a way to fill a browser's memory.
pub const MAX_SCENARIO_BYTES: usize = 4 << 20;

/// The fragment (without `#`) that carries `text` under the file name `name`. Characters of
/// the name a URL would have to escape become `-`.
pub fn fragment(name: &str, text: &str) -> String {
    let packed = miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 9);
    let name = crate::ids::dashed(name);
    format!("s={}&name={name}", URL_SAFE_NO_PAD.encode(packed))
}

/// A scenario unpacked from a link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shared {
    /// The file name the link gave, or `shared.yaml`.
    pub name: String,
    /// The scenario's text.
    pub text: String,
}

/// The scenario a fragment (with or without its `#`) carries; `Ok(None)` when it carries none,
/// and why it cannot be read when it is damaged (a link cut short when it was copied, say).
pub fn read_fragment(fragment: &str) -> Result<Option<Shared>, String> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let mut data = None;
    let mut name = None;
    for part in fragment.split('&') {
        if let Some(value) = part.strip_prefix("s=") {
            data = Some(value);
        } else if let Some(value) = part.strip_prefix("name=") {
            name = Some(value);
        }
    }
    let Some(data) = data else {
        return Ok(None);
    };
    let damaged = "the link's scenario is damaged (was the link cut short when it was copied?)";
    let packed = URL_SAFE_NO_PAD
        .decode(data.trim_end_matches('='))
        .map_err(|_| damaged.to_owned())?;
    let bytes = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, MAX_SCENARIO_BYTES)
        .map_err(|_| damaged.to_owned())?;
    let text =
        String::from_utf8(bytes).map_err(|_| "the link's scenario is not UTF-8 text".to_owned())?;
    let name = name
        .filter(|n| !n.is_empty())
        .unwrap_or("shared.yaml")
        .to_owned();
    Ok(Some(Shared { name, text }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scenario_comes_back_from_its_link_byte_for_byte() {
        let text = crate::document::SAMPLE_YAML;
        let link = fragment("sample.yaml", text);
        assert!(link.len() < text.len(), "the link is shorter than the text");
        let shared = read_fragment(&format!("#{link}")).unwrap().unwrap();
        assert_eq!(shared.text, text);
        assert_eq!(shared.name, "sample.yaml");
    }

    #[test]
    fn a_name_is_kept_to_what_a_link_carries_plainly() {
        let link = fragment("my map (v2)/é.yaml", "title: x\n");
        let shared = read_fragment(&link).unwrap().unwrap();
        assert_eq!(shared.name, "my-map--v2---.yaml");
    }

    #[test]
    fn a_fragment_without_a_scenario_is_none_and_a_cut_one_says_so() {
        assert_eq!(read_fragment(""), Ok(None));
        assert_eq!(read_fragment("#top"), Ok(None));
        let link = fragment("a.yaml", &"title: a long scenario\n".repeat(50));
        let cut = &link[..link.find("&name").unwrap() / 2];
        let error = read_fragment(cut).unwrap_err();
        assert!(error.contains("cut short"), "{error}");
        // Neither base64 nor deflate.
        assert!(read_fragment("s=%%%").is_err());
        assert!(read_fragment("s=AAAA").is_err());
    }

    #[test]
    fn a_link_that_unpacks_past_the_limit_is_refused() {
        let huge = "#".repeat(MAX_SCENARIO_BYTES + 1);
        let link = fragment("big.yaml", &huge);
        assert!(read_fragment(&link).is_err());
    }
}
