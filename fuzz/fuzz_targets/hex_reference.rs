//! Hex-reference parsing as the command line sees it: any text, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use megahex_schema::TileHex;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = text.parse::<TileHex>();
        let _ = serde_json::from_str::<megahex_schema::HexRef>(text);
    }
});
