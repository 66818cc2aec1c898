//! Deterministic byte edits of a text, for the tests that mangle real files: a failure
//! reproduces from its seed.

/// xorshift: the next number from `state`.
pub(crate) fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// `text` with one to `most` bytes replaced, inserted or removed, the new bytes drawn from
/// `alphabet`.
pub(crate) fn edit(text: &[u8], most: u64, alphabet: &[u8], state: &mut u64) -> Vec<u8> {
    let mut bytes = text.to_vec();
    for _ in 0..=(next(state) % most) {
        if bytes.is_empty() {
            break;
        }
        let at = (next(state) as usize) % bytes.len();
        let byte = alphabet[(next(state) as usize) % alphabet.len()];
        match next(state) % 3 {
            0 => bytes[at] = byte,
            1 => bytes.insert(at, byte),
            _ => {
                bytes.remove(at);
            }
        }
    }
    bytes
}
