//! Screenshots (attachments) as files: the checks a path passes before it is read ([`check`]), the type told
//! by magic bytes ([`media`]), and the attachments folder — staging with SHA-256, atomic store, removal after
//! commit and the orphan sweep at start ([`files`]). The rows, limits per task and events live in the board
//! service (`crate::board`), which calls these.

pub mod check;
mod error;
pub mod files;

use std::borrow::Cow;
use std::path::Path;

use base64::Engine;
use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};

pub use check::{Folders, Policy};
pub use error::AttachError;
pub use files::Staged;
pub use relay_core::display::human_size;
pub use relay_core::media::MediaType;

/// Checks `given`, opens exactly the file that was checked and copies it into a temp file in `dir`.
pub fn stage_path(policy: &Policy, dir: &Path, given: &str) -> Result<Staged, AttachError> {
    let checked = policy.check(given)?;
    let file = policy.open(&checked)?;
    files::stage(dir, file, policy.max_bytes(), &format!("{given:?}"))
}

/// Decodes `content_base64`: the standard or URL-safe alphabet, padding optional, whitespace and a
/// `data:<type>;base64,` prefix ignored. Content that would decode to more than `max_bytes` is refused
/// before it is decoded.
pub fn decode_base64(text: &str, max_bytes: u64) -> Result<Vec<u8>, AttachError> {
    let text = text.trim();
    let text = match text.strip_prefix("data:") {
        Some(rest) => rest.split_once(',').map_or(rest, |(_, data)| data),
        None => text,
    };
    // Bytes, not chars: a 10 MB screenshot is 14 million characters.
    let raw = text.as_bytes();
    let compact: Cow<'_, [u8]> = if raw.iter().any(u8::is_ascii_whitespace) {
        Cow::Owned(raw.iter().copied().filter(|b| !b.is_ascii_whitespace()).collect())
    } else {
        Cow::Borrowed(raw)
    };
    if compact.is_empty() {
        return Err(AttachError::Base64 {
            problem: "it is empty".to_owned(),
        });
    }
    let decoded_len = (compact.len() as u64 / 4) * 3 + (compact.len() as u64 % 4).saturating_sub(1);
    let padding = compact.iter().rev().take_while(|b| **b == b'=').count() as u64;
    if decoded_len.saturating_sub(padding) > max_bytes {
        return Err(AttachError::TooLarge {
            what: "content_base64".to_owned(),
            size: human_size(decoded_len.saturating_sub(padding)),
            limit: human_size(max_bytes),
        });
    }
    let config = GeneralPurposeConfig::new().with_decode_padding_mode(DecodePaddingMode::Indifferent);
    let alphabet = if compact.iter().any(|b| matches!(b, b'-' | b'_')) {
        &base64::alphabet::URL_SAFE
    } else {
        &base64::alphabet::STANDARD
    };
    GeneralPurpose::new(alphabet, config)
        .decode(&compact)
        .map_err(|err| AttachError::Base64 {
            problem: err.to_string(),
        })
}

#[cfg(test)]
mod tests {
    use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};

    use super::*;

    #[test]
    fn decode_base64_accepts_standard_url_safe_wrapped_and_data_url_forms() {
        let bytes: Vec<u8> = (0u8..=255).collect();
        let standard = STANDARD.encode(&bytes);
        assert_eq!(decode_base64(&standard, 1024).unwrap(), bytes);
        assert_eq!(
            decode_base64(&URL_SAFE_NO_PAD.encode(&bytes), 1024).unwrap(),
            bytes
        );
        let wrapped: String = standard
            .as_bytes()
            .chunks(76)
            .map(|line| format!("{}\n", String::from_utf8_lossy(line)))
            .collect();
        assert_eq!(decode_base64(&wrapped, 1024).unwrap(), bytes);
        let data_url = format!("data:image/png;base64,{standard}");
        assert_eq!(decode_base64(&data_url, 1024).unwrap(), bytes);
    }

    #[test]
    fn decode_base64_refuses_garbage_and_oversize_content_before_decoding() {
        let err = decode_base64("not base64 at all!", 1024).unwrap_err();
        assert!(matches!(err, AttachError::Base64 { .. }), "{err}");
        assert!(err.to_string().contains("pass path instead"), "{err}");
        assert!(matches!(
            decode_base64("  ", 1024),
            Err(AttachError::Base64 { .. })
        ));
        let big = STANDARD.encode(vec![0u8; 2000]);
        let err = decode_base64(&big, 1000).unwrap_err();
        assert!(matches!(err, AttachError::TooLarge { .. }), "{err}");
        assert!(
            err.to_string()
                .starts_with("content_base64 is 2 KB; the limit is 1000 bytes"),
            "{err}"
        );
        assert_eq!(
            decode_base64(&STANDARD.encode(vec![0u8; 1000]), 1000)
                .unwrap()
                .len(),
            1000
        );
    }
}
