//! The guard's view of a command line: at most [`MAX_TEXT`] bytes, cut into at most [`MAX_SEGMENTS`] command
//! segments at `|`, `;`, `&` and newlines outside quotes, each split into shell words once.
//!
//! The scanner never fails: an unterminated quote runs to the end of the text, a lone backslash is a character,
//! NUL bytes are ordinary characters. Its work is linear in the text it reads.

use crate::policy::pattern::cap_at;

/// The most bytes of a call the guard reads.
pub const MAX_TEXT: usize = 8 * 1024;
/// The most command segments the guard reads.
pub const MAX_SEGMENTS: usize = 200;

/// One shell word: its text with the quotes removed, and whether any of it was quoted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word {
    pub text: String,
    pub quoted: bool,
}

/// One command segment: its text as written and its words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    pub text: String,
    pub words: Vec<Word>,
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
/// let texts: Vec<&str> = found.iter().map(|s| s.text.as_str()).collect();
/// assert_eq!(texts, ["ssh app uptime", "rm -rf build", "echo 'a;b'"]);
/// ```
pub fn segments(text: &str, limit: usize) -> Vec<Segment> {
    segment_texts(text, limit)
        .into_iter()
        .map(|text| Segment {
            text: text.to_owned(),
            words: words(text),
        })
        .collect()
}

/// The texts of [`segments`], trimmed, without splitting them into words.
pub fn segment_texts(text: &str, limit: usize) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for (at, c) in text.char_indices() {
        if out.len() >= limit {
            return out;
        }
        if escaped {
            escaped = false;
            continue;
        }
        match quote {
            Some('\'') => {
                if c == '\'' {
                    quote = None;
                }
            }
            Some(_) => match c {
                '\\' => escaped = true,
                '"' => quote = None,
                _ => {}
            },
            None => match c {
                '\\' => escaped = true,
                '\'' | '"' => quote = Some(c),
                '|' | ';' | '&' | '\n' => {
                    push_segment(&mut out, &text[start..at]);
                    start = at + c.len_utf8();
                }
                _ => {}
            },
        }
    }
    if out.len() < limit {
        push_segment(&mut out, &text[start..]);
    }
    out
}

fn push_segment<'a>(out: &mut Vec<&'a str>, text: &'a str) {
    let text = text.trim();
    if !text.is_empty() {
        out.push(text);
    }
}

/// Splits one segment into shell words (POSIX quoting; an unterminated quote runs to the end).
pub fn words(text: &str) -> Vec<Word> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    let mut in_word = false;
    let mut quote: Option<char> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match quote {
            Some('\'') => match c {
                '\'' => quote = None,
                _ => current.push(c),
            },
            Some(_) => match c {
                '"' => quote = None,
                '\\' => match chars.next() {
                    Some(next @ ('"' | '\\' | '$' | '`')) => current.push(next),
                    Some(next) => {
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
                    in_word = true;
                }
                '\\' => {
                    in_word = true;
                    if let Some(next) = chars.next() {
                        current.push(next);
                    }
                }
                c if c.is_whitespace() => {
                    if in_word {
                        out.push(Word {
                            text: std::mem::take(&mut current),
                            quoted,
                        });
                    }
                    quoted = false;
                    in_word = false;
                }
                _ => {
                    in_word = true;
                    current.push(c);
                }
            },
        }
    }
    if in_word {
        out.push(Word {
            text: current,
            quoted,
        });
    }
    out
}

/// The words of a script given inside one word (`"uptime; rm -rf x"`): split on spaces and shell operators, no
/// quoting (the quotes were the outer word's).
pub fn inner_words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || matches!(c, ';' | '|' | '&' | '(' | ')' | '`'))
        .map(|word| word.trim_matches(|c| c == '\'' || c == '"'))
        .filter(|word| !word.is_empty())
}

/// A word's command name: the part after the last `/`, lower-cased.
pub fn command_name(word: &str) -> String {
    word.rsplit('/').next().unwrap_or(word).to_ascii_lowercase()
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
pub fn command_index(words: &[Word]) -> Option<usize> {
    let mut index = 0;
    while index < words.len() {
        let word = &words[index].text;
        if is_assignment(word) {
            index += 1;
            continue;
        }
        match command_name(word).as_str() {
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
fn skip_options(words: &[Word], mut index: usize, takes_value: &[&str]) -> usize {
    while index < words.len() {
        let word = &words[index].text;
        if word == "--" {
            return index + 1;
        }
        if !word.starts_with('-') || word == "-" {
            return index;
        }
        index += if takes_value.contains(&word.as_str()) {
            2
        } else {
            1
        };
    }
    index
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(segments: &[Segment]) -> Vec<&str> {
        segments.iter().map(|s| s.text.as_str()).collect()
    }

    fn word_texts(text: &str) -> Vec<String> {
        words(text).into_iter().map(|w| w.text).collect()
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
        let find = |text: &str| command_index(&words(text)).map(|i| words(text)[i].text.clone());
        assert_eq!(find("FOO=1 BAR=2 ssh app").as_deref(), Some("ssh"));
        assert_eq!(
            find("sudo -u root env -i X=1 /usr/bin/ssh app").as_deref(),
            Some("/usr/bin/ssh")
        );
        assert_eq!(find("timeout 10 kubectl get pods").as_deref(), Some("kubectl"));
        assert_eq!(find("X=1"), None);
    }
}
