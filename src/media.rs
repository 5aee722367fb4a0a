//! What a screenshot is, told by its first bytes only: PNG, JPEG, WebP or GIF. A file name or a claimed type
//! never counts, so an SVG (or anything else) renamed `.png` is refused.

/// The image types relay keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MediaType {
    Png,
    Jpeg,
    Webp,
    Gif,
}

/// How many leading bytes [`MediaType::sniff`] needs to decide.
pub const SNIFF_LEN: usize = 12;

impl MediaType {
    pub const ALL: &'static [MediaType] = &[MediaType::Png, MediaType::Jpeg, MediaType::Webp, MediaType::Gif];

    /// The type the leading bytes say, if it is one relay keeps.
    pub fn sniff(head: &[u8]) -> Option<MediaType> {
        if head.starts_with(b"\x89PNG\r\n\x1a\n") {
            Some(MediaType::Png)
        } else if head.starts_with(&[0xFF, 0xD8, 0xFF]) {
            Some(MediaType::Jpeg)
        } else if head.len() >= 12 && head.starts_with(b"RIFF") && &head[8..12] == b"WEBP" {
            Some(MediaType::Webp)
        } else if head.starts_with(b"GIF87a") || head.starts_with(b"GIF89a") {
            Some(MediaType::Gif)
        } else {
            None
        }
    }

    pub const fn mime(self) -> &'static str {
        match self {
            MediaType::Png => "image/png",
            MediaType::Jpeg => "image/jpeg",
            MediaType::Webp => "image/webp",
            MediaType::Gif => "image/gif",
        }
    }

    /// The stored file's extension.
    pub const fn extension(self) -> &'static str {
        match self {
            MediaType::Png => "png",
            MediaType::Jpeg => "jpg",
            MediaType::Webp => "webp",
            MediaType::Gif => "gif",
        }
    }

    /// The short name people read: PNG, JPEG, WebP, GIF.
    pub const fn label(self) -> &'static str {
        match self {
            MediaType::Png => "PNG",
            MediaType::Jpeg => "JPEG",
            MediaType::Webp => "WebP",
            MediaType::Gif => "GIF",
        }
    }

    /// The label of a stored media type (`image/png` → PNG); the type itself when relay does not know it.
    pub fn label_of(mime: &str) -> &str {
        Self::ALL
            .iter()
            .find(|media| media.mime() == mime)
            .map_or(mime, |media| media.label())
    }
}

/// What refused content looks like, for the message: a few well-known formats by name, else its first bytes.
pub fn describe(head: &[u8]) -> String {
    if head.is_empty() {
        return "an empty file".to_owned();
    }
    let text = String::from_utf8_lossy(&head[..head.len().min(64)]).to_ascii_lowercase();
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    let known = if trimmed.starts_with("<svg") || (trimmed.starts_with("<?xml") && text.contains("svg")) {
        Some("SVG (XML text)")
    } else if trimmed.starts_with("<?xml") {
        Some("XML text")
    } else if trimmed.starts_with("<!doctype html") || trimmed.starts_with("<html") {
        Some("HTML")
    } else if head.starts_with(b"%PDF") {
        Some("PDF")
    } else if head.starts_with(b"BM") {
        Some("BMP")
    } else if head.starts_with(b"II*\0") || head.starts_with(b"MM\0*") {
        Some("TIFF")
    } else if head.len() >= 12 && &head[4..8] == b"ftyp" {
        Some("HEIC/AVIF (an ISO media container)")
    } else if head.starts_with(b"PK\x03\x04") {
        Some("a ZIP archive")
    } else if head.starts_with(b"\x7fELF") {
        Some("an executable")
    } else {
        None
    };
    match known {
        Some(name) => name.to_owned(),
        None => {
            let bytes: Vec<String> = head.iter().take(8).map(|b| format!("{b:02x}")).collect();
            format!("unrecognised data starting with bytes {}", bytes.join(" "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniff_knows_the_four_kept_types_when_given_their_magic_bytes() {
        assert_eq!(
            MediaType::sniff(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"),
            Some(MediaType::Png)
        );
        assert_eq!(
            MediaType::sniff(&[0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]),
            Some(MediaType::Jpeg)
        );
        assert_eq!(MediaType::sniff(b"RIFF\x24\0\0\0WEBPVP8 "), Some(MediaType::Webp));
        assert_eq!(MediaType::sniff(b"GIF87a\x01\0"), Some(MediaType::Gif));
        assert_eq!(MediaType::sniff(b"GIF89a\x01\0"), Some(MediaType::Gif));
    }

    #[test]
    fn sniff_refuses_everything_else_when_the_bytes_do_not_match() {
        for head in [
            &b"<svg xmlns=\"http://www.w3.org/2000/svg\">"[..],
            b"<?xml version=\"1.0\"?><svg",
            b"RIFF\x24\0\0\0WAVEfmt ",
            b"GIF90a",
            b"\x89PNX\r\n\x1a\n",
            b"BM\x36\0",
            b"",
            b"\xFF\xD8",
        ] {
            assert_eq!(MediaType::sniff(head), None, "{head:?}");
        }
    }

    #[test]
    fn describe_names_svg_and_shows_bytes_of_unknown_data_when_refusing() {
        assert_eq!(describe(b"  <svg width=\"1\"/>"), "SVG (XML text)");
        assert_eq!(describe(b"<?xml version=\"1.0\"?>\n<svg>"), "SVG (XML text)");
        assert_eq!(describe(b"%PDF-1.7"), "PDF");
        assert_eq!(describe(b""), "an empty file");
        assert_eq!(
            describe(&[1, 2, 3]),
            "unrecognised data starting with bytes 01 02 03"
        );
    }
}
