//! The guard's view of a command line: at most [`MAX_TEXT`] bytes, cut into at most [`MAX_SEGMENTS`] command
//! segments at `|`, `;`, `&` and newlines outside quotes, each split into shell words once.
//!
//! The scanner never fails: an unterminated quote runs to the end of the text, a lone backslash is a character,
//! NUL bytes are ordinary characters. Its work is linear in the text it reads.

use std::borrow::Cow;
use std::ops::Range;

use crate::policy::pattern::cap_at;

/// The most bytes of a call the guard reads.
pub const MAX_TEXT: usize = 8 * 1024;
/// The most command segments the guard reads.
pub const MAX_SEGMENTS: usize = 200;

/// One shell word: its text with the quotes removed (borrowed from the command when it had no quotes or
/// backslashes), and whether any of it was quoted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word<'a> {
    pub text: Cow<'a, str>,
    pub quoted: bool,
}

/// One command segment: its text as written, its words and the index of its command word ([`command_index`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment<'a> {
    pub text: &'a str,
    pub words: Vec<Word<'a>>,
    pub command: Option<usize>,
}

impl<'a> Segment<'a> {
    /// Splits one segment's text into words and finds its command word.
    pub fn new(text: &'a str) -> Segment<'a> {
        let words = words(text);
        let command = command_index(&words);
        Segment { text, words, command }
    }
}

/// The first [`MAX_TEXT`] bytes of `text`, cut at a character boundary.
pub fn cap(text: &str) -> &str {
    cap_at(text, MAX_TEXT)
}

/// Splits `text` (already capped) into at most `limit` non-empty segments.
///
/// ```
/// use relay_core::guard::shell::segments;
/// let found = segments("ssh app uptime; rm -rf build && echo 'a;b'", 200);
/// let texts: Vec<&str> = found.iter().map(|s| s.text).collect();
/// assert_eq!(texts, ["ssh app uptime", "rm -rf build", "echo 'a;b'"]);
/// ```
pub fn segments(text: &str, limit: usize) -> Vec<Segment<'_>> {
    segment_texts(text, limit).into_iter().map(Segment::new).collect()
}

/// The texts of [`segments`], trimmed, without splitting them into words.
pub fn segment_texts(text: &str, limit: usize) -> Vec<&str> {
    segment_ranges(text, limit)
        .into_iter()
        .map(|range| &text[range])
        .collect()
}

/// Where the segments of [`segments`] are in `text` (byte ranges, trimmed, non-empty, in order). Every
/// separator the scanner cuts at is an ASCII byte outside quotes, so the scan runs over bytes: a byte of a
/// multi-byte character is never one of them.
pub fn segment_ranges(text: &str, limit: usize) -> Vec<Range<usize>> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    if limit == 0 {
        return out;
    }
    let mut start = 0;
    let mut at = 0;
    while at < bytes.len() {
        // Outside quotes: ordinary bytes are skipped in one tight loop.
        while at < bytes.len() && !SPECIAL[usize::from(bytes[at])] {
            at += 1;
        }
        let Some(&b) = bytes.get(at) else {
            break;
        };
        match b {
            // An escaped byte is skipped; a multi-byte character's other bytes are never special.
            b'\\' => at += 2,
            b'\'' => {
                // To the closing quote, or the end.
                at = bytes[at + 1..]
                    .iter()
                    .position(|&c| c == b'\'')
                    .map_or(bytes.len(), |close| at + 1 + close + 1);
            }
            b'"' => at = double_quote_end(bytes, at + 1),
            _ => {
                push_range(&mut out, text, start..at);
                if out.len() >= limit {
                    return out;
                }
                at += 1;
                start = at;
            }
        }
    }
    push_range(&mut out, text, start..text.len());
    out
}

/// The bytes the segment scanner stops at outside quotes: the separators, quotes and the backslash.
static SPECIAL: [bool; 256] = {
    let mut table = [false; 256];
    let mut special: &[u8] = b"|;&\n\\'\"";
    while let [b, rest @ ..] = special {
        table[*b as usize] = true;
        special = rest;
    }
    table
};

/// The byte after the `"` that closes a double quote opened before `at` (a backslash escapes the next byte), or
/// the end of the text.
fn double_quote_end(bytes: &[u8], mut at: usize) -> usize {
    while at < bytes.len() {
        match bytes[at] {
            b'\\' => at += 2,
            b'"' => return at + 1,
            _ => at += 1,
        }
    }
    bytes.len()
}

fn push_range(out: &mut Vec<Range<usize>>, text: &str, range: Range<usize>) {
    let Some(piece) = text.get(range.clone()) else {
        return;
    };
    let lead = piece.len() - piece.trim_start().len();
    let trimmed = piece.trim();
    if !trimmed.is_empty() {
        let start = range.start + lead;
        out.push(start..start + trimmed.len());
    }
}

/// The character at byte `at` of `text` and its length (`at` is a character boundary).
fn char_at(text: &str, at: usize) -> (char, usize) {
    let b = text.as_bytes()[at];
    if b < 0x80 {
        return (char::from(b), 1);
    }
    text[at..]
        .chars()
        .next()
        .map_or((char::REPLACEMENT_CHARACTER, 1), |c| (c, c.len_utf8()))
}

/// Splits one segment into shell words (POSIX quoting; an unterminated quote runs to the end). A word without
/// quotes or backslashes is borrowed from `text`.
pub fn words(text: &str) -> Vec<Word<'_>> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut at = 0;
    loop {
        while at < bytes.len() {
            let (c, len) = char_at(text, at);
            if !c.is_whitespace() {
                break;
            }
            at += len;
        }
        if at >= bytes.len() {
            return out;
        }
        let start = at;
        while at < bytes.len() {
            let b = bytes[at];
            if matches!(b, b'\'' | b'"' | b'\\') {
                break;
            }
            let (c, len) = char_at(text, at);
            if c.is_whitespace() {
                break;
            }
            at += len;
        }
        if at >= bytes.len() || !matches!(bytes[at], b'\'' | b'"' | b'\\') {
            out.push(Word {
                text: Cow::Borrowed(&text[start..at]),
                quoted: false,
            });
            continue;
        }
        let (word, end) = quoted_word(text, start, at);
        out.push(word);
        at = end;
    }
}

/// The rest of a word that has quotes or backslashes, from `at` (its plain beginning is `text[start..at]`): the
/// word and the byte where it ended (a whitespace outside quotes, or the end).
fn quoted_word(text: &str, start: usize, at: usize) -> (Word<'_>, usize) {
    let mut current = String::from(&text[start..at]);
    let mut quoted = false;
    let mut quote: Option<char> = None;
    let mut chars = text[at..].char_indices();
    while let Some((offset, c)) = chars.next() {
        match quote {
            Some('\'') => match c {
                '\'' => quote = None,
                _ => current.push(c),
            },
            Some(_) => match c {
                '"' => quote = None,
                '\\' => match chars.next() {
                    Some((_, next @ ('"' | '\\' | '$' | '`'))) => current.push(next),
                    Some((_, next)) => {
                        current.push('\\');
                        current.push(next);
                    }
                    None => current.push('\\'),
                },
                _ => current.push(c),
            },
            None => match c {
                '\'' | '"' => {
                    quote = Some(c);
                    quoted = true;
                }
                '\\' => {
                    if let Some((_, next)) = chars.next() {
                        current.push(next);
                    }
                }
                c if c.is_whitespace() => {
                    let word = Word {
                        text: Cow::Owned(current),
                        quoted,
                    };
                    return (word, at + offset);
                }
                _ => current.push(c),
            },
        }
    }
    let word = Word {
        text: Cow::Owned(current),
        quoted,
    };
    (word, text.len())
}

/// The words of a script given inside one word (`"uptime; rm -rf x"`): split on spaces and shell operators, no
/// quoting (the quotes were the outer word's).
pub fn inner_words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || matches!(c, ';' | '|' | '&' | '(' | ')' | '`'))
        .map(|word| word.trim_matches(|c| c == '\'' || c == '"'))
        .filter(|word| !word.is_empty())
}

/// The part of a word after its last `/` (its command name, as written).
pub fn basename(word: &str) -> &str {
    &word[basename_at(word)..]
}

/// Where [`basename`] begins in `word`.
pub fn basename_at(word: &str) -> usize {
    word.bytes().rposition(|b| b == b'/').map_or(0, |at| at + 1)
}

/// Whether `word` runs `name` (lower-case ASCII): its part after the last `/` is `name`, in any case.
pub fn runs(word: &str, name: &str) -> bool {
    let Some(cut) = word.len().checked_sub(name.len()) else {
        return false;
    };
    word.get(cut..)
        .is_some_and(|tail| tail.eq_ignore_ascii_case(name))
        && (cut == 0 || word.as_bytes()[cut - 1] == b'/')
}

/// `text` lower-cased (ASCII), borrowed when it has no upper-case letter.
pub fn lower(text: &str) -> Cow<'_, str> {
    match text.bytes().any(|b| b.is_ascii_uppercase()) {
        true => Cow::Owned(text.to_ascii_lowercase()),
        false => Cow::Borrowed(text),
    }
}

/// A word's command name: the part after the last `/`, lower-cased.
pub fn command_name(word: &str) -> Cow<'_, str> {
    lower(basename(word))
}

/// Whether a word is a `NAME=value` assignment.
pub fn is_assignment(word: &str) -> bool {
    match word.split_once('=') {
        Some((name, _)) => {
            !name.is_empty()
                && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
                && !name.as_bytes()[0].is_ascii_digit()
        }
        None => false,
    }
}

/// The index of the segment's command word: after `NAME=value` assignments and the wrappers `sudo`, `env`,
/// `time`, `nohup`, `exec`, `command`, `nice`, `timeout` (with their options).
pub fn command_index(words: &[Word<'_>]) -> Option<usize> {
    let mut index = 0;
    while index < words.len() {
        let word = &words[index].text;
        if is_assignment(word) {
            index += 1;
            continue;
        }
        match command_name(word).as_ref() {
            "sudo" | "doas" => {
                index = skip_options(
                    words,
                    index + 1,
                    &["-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-U"],
                )
            }
            "env" => {
                index = skip_options(words, index + 1, &["-u", "-C", "-S", "--unset", "--chdir"]);
            }
            "nice" => index = skip_options(words, index + 1, &["-n"]),
            "timeout" => {
                index = skip_options(words, index + 1, &["-k", "-s", "--signal", "--kill-after"]);
                index += 1; // the duration
            }
            "time" | "nohup" | "exec" | "command" | "builtin" => index += 1,
            _ => return Some(index),
        }
    }
    None
}

/// Skips option words from `index`: `takes_value` options consume the next word when not attached.
fn skip_options(words: &[Word<'_>], mut index: usize, takes_value: &[&str]) -> usize {
    while index < words.len() {
        let word = words[index].text.as_ref();
        if word == "--" {
            return index + 1;
        }
        if !word.starts_with('-') || word == "-" {
            return index;
        }
        index += if takes_value.contains(&word) { 2 } else { 1 };
    }
    index
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts<'a>(segments: &[Segment<'a>]) -> Vec<&'a str> {
        segments.iter().map(|s| s.text).collect()
    }

    fn word_texts(text: &str) -> Vec<String> {
        words(text).into_iter().map(|w| w.text.into_owned()).collect()
    }

    #[test]
    fn segments_split_at_operators_when_outside_quotes() {
        let found = segments("a | b; c && d || e\nf & g", MAX_SEGMENTS);
        assert_eq!(texts(&found), ["a", "b", "c", "d", "e", "f", "g"]);
        let quoted = segments(
            r#"psql -c "drop table x; select 1" | tee 'a|b'; echo \; done"#,
            MAX_SEGMENTS,
        );
        assert_eq!(
            texts(&quoted),
            [
                r#"psql -c "drop table x; select 1""#,
                "tee 'a|b'",
                r"echo \; done"
            ]
        );
    }

    #[test]
    fn segments_stop_at_the_limit_when_there_are_many() {
        let text = "a;".repeat(1000);
        assert_eq!(segments(&text, MAX_SEGMENTS).len(), MAX_SEGMENTS);
        assert!(segments(&";".repeat(10_000), MAX_SEGMENTS).is_empty());
    }

    #[test]
    fn an_unterminated_quote_runs_to_the_end_when_scanned() {
        let found = segments("ssh app 'rm -rf /; reboot", MAX_SEGMENTS);
        assert_eq!(texts(&found), ["ssh app 'rm -rf /; reboot"]);
        assert_eq!(
            word_texts("ssh app 'rm -rf /; reboot"),
            ["ssh", "app", "rm -rf /; reboot"]
        );
        assert_eq!(word_texts("echo \"abc"), ["echo", "abc"]);
    }

    #[test]
    fn words_follow_posix_quoting_when_split() {
        assert_eq!(
            word_texts(r#"a "b c" 'd e' f\ g "h\"i" ''"#),
            ["a", "b c", "d e", "f g", "h\"i", ""]
        );
        let quoted: Vec<bool> = words("a 'b' c\"d\"").iter().map(|w| w.quoted).collect();
        assert_eq!(quoted, [false, true, true]);
    }

    #[test]
    fn the_command_word_is_found_after_assignments_and_wrappers() {
        let find = |text: &str| command_index(&words(text)).map(|i| words(text)[i].text.to_string());
        assert_eq!(find("FOO=1 BAR=2 ssh app").as_deref(), Some("ssh"));
        assert_eq!(
            find("sudo -u root env -i X=1 /usr/bin/ssh app").as_deref(),
            Some("/usr/bin/ssh")
        );
        assert_eq!(find("timeout 10 kubectl get pods").as_deref(), Some("kubectl"));
        assert_eq!(find("X=1"), None);
    }
}
