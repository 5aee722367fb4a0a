//! Pure display helpers every surface shares (CLI, window, MCP text, error messages): how long ago and how
//! big, as people read them. No clock: callers pass the age or the byte count.

/// How long ago, for people: `just now` (under 5 s), `12 s ago`, `2 min ago`, `3 h ago`, `2 d ago`. A time in
/// the future (clock skew between hosts) reads as `just now`.
///
/// ```
/// assert_eq!(relay_core::display::human_age(12_000), "12 s ago");
/// ```
pub fn human_age(age_ms: i64) -> String {
    let secs = age_ms.max(0) / 1000;
    match secs {
        0..5 => "just now".to_owned(),
        5..60 => format!("{secs} s ago"),
        60..3600 => format!("{} min ago", secs / 60),
        3600..172_800 => format!("{} h ago", secs / 3600),
        _ => format!("{} d ago", secs / 86_400),
    }
}

/// A byte count in limits and refusals: `812 bytes`, `245 KB`, `4.2 MB` (1 MB = 1,048,576 bytes), rounded
/// up so a size just over a limit never shows as equal to it.
pub fn human_size(bytes: u64) -> String {
    const KB: u64 = 1024;
    const MB: u64 = 1024 * 1024;
    if bytes < KB {
        format!("{bytes} bytes")
    } else if bytes < MB {
        format!("{} KB", bytes.div_ceil(KB))
    } else {
        // Tenths of a MB, rounded up so a file just over the limit never shows as equal to it.
        let tenths = (bytes * 10).div_ceil(MB);
        if tenths.is_multiple_of(10) {
            format!("{} MB", tenths / 10)
        } else {
            format!("{}.{} MB", tenths / 10, tenths % 10)
        }
    }
}

/// A stored file's size in a listing: `812 B`, `120 KB`, `4.8 MB` (rounded to the nearest KB, tenths of a
/// MB cut).
pub fn short_size(bytes: i64) -> String {
    const KB: i64 = 1_024;
    const MB: i64 = 1_024 * 1_024;
    if bytes < KB {
        format!("{bytes} B")
    } else if bytes < MB {
        format!("{} KB", (bytes + KB / 2) / KB)
    } else {
        format!("{}.{} MB", bytes / MB, (bytes % MB) * 10 / MB)
    }
}

/// Whether `c` reorders or hides text without showing itself: the bidirectional embeddings, overrides and
/// isolates (U+202A–U+202E, U+2066–U+2069), the direction marks (U+200E, U+200F, U+061C), the zero-width space
/// and the byte-order mark. Agent text with them can make a line read otherwise than it is.
pub fn is_invisible_format(c: char) -> bool {
    matches!(
        c,
        '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}' | '\u{200B}' | '\u{FEFF}'
    )
}

/// `text` as a terminal should show it: invisible format characters ([`is_invisible_format`]) removed, control
/// characters but line breaks and tabs shown as `�` (so no escape sequence reaches the terminal). Unchanged text
/// is borrowed.
pub fn visible(text: &str) -> std::borrow::Cow<'_, str> {
    let odd = |c: char| is_invisible_format(c) || (c.is_control() && c != '\n' && c != '\t');
    if !text.chars().any(odd) {
        return std::borrow::Cow::Borrowed(text);
    }
    std::borrow::Cow::Owned(
        text.chars()
            .filter(|c| !is_invisible_format(*c))
            .map(|c| if odd(c) { '\u{FFFD}' } else { c })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visible_drops_bidi_overrides_and_replaces_controls_when_shown_on_a_terminal() {
        assert_eq!(visible("plain\ttext\nnext"), "plain\ttext\nnext");
        assert!(matches!(visible("plain"), std::borrow::Cow::Borrowed(_)));
        // "evil.exe" written backwards by a right-to-left override reads as something else.
        assert_eq!(visible("report\u{202E}exe.txt"), "reportexe.txt");
        assert_eq!(visible("a\u{2066}b\u{2069}c\u{200F}"), "abc");
        assert_eq!(visible("red \u{1b}[31mtext"), "red \u{FFFD}[31mtext");
    }

    fn secs(n: i64) -> i64 {
        n * 1000
    }

    #[test]
    fn human_age_reads_as_people_say_it() {
        let cases = [
            (-3000, "just now"),
            (0, "just now"),
            (4999, "just now"),
            (12_000, "12 s ago"),
            (59_999, "59 s ago"),
        ];
        for (age, text) in cases {
            assert_eq!(human_age(age), text);
        }
        assert_eq!(human_age(secs(120)), "2 min ago");
        assert_eq!(human_age(secs(3 * 3600 + 5)), "3 h ago");
        assert_eq!(human_age(secs(3 * 86_400)), "3 d ago");
    }

    #[test]
    fn human_size_rounds_up_so_an_over_limit_size_never_equals_the_limit() {
        assert_eq!(human_size(812), "812 bytes");
        assert_eq!(human_size(245 * 1024), "245 KB");
        assert_eq!(human_size(10 * 1024 * 1024), "10 MB");
        assert_eq!(human_size(10 * 1024 * 1024 + 1), "10.1 MB");
        assert_eq!(human_size(4_404_019), "4.2 MB");
    }

    #[test]
    fn short_size_reads_like_a_person_would_say_it_when_formatted() {
        assert_eq!(short_size(812), "812 B");
        assert_eq!(short_size(120 * 1_024), "120 KB");
        assert_eq!(short_size(5 * 1_024 * 1_024 + 900 * 1_024), "5.8 MB");
    }
}
