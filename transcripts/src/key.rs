//! Content-addressed keys: the same record read twice (a replay, a re-read of a whole file, a resumed parse)
//! gets the same key, so storing it again changes nothing.

use sha2::{Digest, Sha256};

/// 32 hex digits of SHA-256 over `parts`, each length-prefixed (so `["ab", "c"]` and `["a", "bc"]` differ).
///
/// ```
/// use relay_transcripts::content_key;
/// assert_eq!(content_key(&["a", "b"]), content_key(&["a", "b"]));
/// assert_ne!(content_key(&["ab", "c"]), content_key(&["a", "bc"]));
/// assert_eq!(content_key(&["x"]).len(), 32);
/// ```
pub fn content_key(parts: &[&str]) -> String {
    let mut hash = Sha256::new();
    for part in parts {
        hash.update((part.len() as u64).to_le_bytes());
        hash.update(part.as_bytes());
    }
    let digest = hash.finalize();
    let mut out = String::with_capacity(32);
    for byte in &digest[..16] {
        out.push_str(&format!("{byte:02x}"));
    }
    out
}

/// The first `n` characters of `text`.
pub(crate) fn head(text: &str, n: usize) -> &str {
    match text.char_indices().nth(n) {
        Some((at, _)) => &text[..at],
        None => text,
    }
}
