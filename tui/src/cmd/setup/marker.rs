//! Which hook entries are relay's. An entry is relay's only when it is exactly what `relay setup` writes, give or
//! take the paths and port: a command hook running `<…/relay…> --home <dir> [--socket <path>] [--port <n>] hook
//! <agent> <phase>` (the phase the template gives that event, and `--wait` after it for the wake-up hook), or a
//! Claude Code http hook whose URL path is exactly `/hooks/claude-code` on a loopback address or the configured
//! host. A user's own hook that merely looks alike — piped, wrapped in a script, without `--home`, another phase —
//! is never claimed, so apply never rewrites it and remove never deletes it. No extra property marks relay's entries.

use std::path::Path;

use super::json::{Node, Out};

/// What a relay entry does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// The entry that forwards the event (command or http).
    Main,
    /// Claude Code's wake-up hook (`… hook claude stop --wait`, asyncRewake).
    Wake,
}

/// The relay command prefix that goes before `hook …`: the binary, `--home`, and `--socket` when the socket is not
/// the one `--home` alone leads to. Each word is shell-quoted.
pub fn command_prefix(relay: &Path, home: &Path, socket: Option<&Path>) -> String {
    let mut words = vec![
        shell_quote(&relay.to_string_lossy()),
        "--home".to_owned(),
        shell_quote(&home.to_string_lossy()),
    ];
    if let Some(socket) = socket {
        words.push("--socket".to_owned());
        words.push(shell_quote(&socket.to_string_lossy()));
    }
    words.join(" ")
}

/// `word` as the shell reads it back: as is when it holds only safe characters, else in single quotes (a quote
/// inside written `'\''`). Paths with spaces, `$` or backticks are quoted this way.
pub fn shell_quote(word: &str) -> String {
    let safe = !word.is_empty()
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"_@%+=:,./-".contains(&b));
    if safe {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// The words of a command line as a POSIX shell splits them, or `None` when it does more than run one program
/// (a pipe, `;`, `&`, a redirection, a substitution, a glob, a variable) or its quotes do not close.
pub fn shell_words(line: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next()? {
                        '\'' => break,
                        other => word.push(other),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next()? {
                        '"' => break,
                        '\\' => match chars.next()? {
                            escaped @ ('"' | '\\' | '$' | '`') => word.push(escaped),
                            other => {
                                word.push('\\');
                                word.push(other);
                            }
                        },
                        '$' | '`' => return None,
                        other => word.push(other),
                    }
                }
            }
            '\\' => {
                in_word = true;
                word.push(chars.next()?);
            }
            '|' | ';' | '&' | '<' | '>' | '(' | ')' | '$' | '`' | '*' | '?' | '[' | '#' | '~' | '\n'
            | '\r' => {
                return None;
            }
            other => {
                in_word = true;
                word.push(other);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Some(words)
}

/// The words after relay's global flags when `line` runs relay the way setup writes it: a program whose file
/// name starts with `relay`, then `--home <dir>` (required) and optionally `--socket <path>` / `--port <n>`, in
/// any order, `--flag=value` allowed.
pub fn relay_rest(line: &str) -> Option<Vec<String>> {
    let words = shell_words(line)?;
    let (program, args) = words.split_first()?;
    let name = Path::new(program).file_name()?.to_string_lossy();
    if !name.starts_with("relay") {
        return None;
    }
    let mut home = false;
    let mut i = 0;
    while i < args.len() {
        let arg = &args[i];
        let (flag, inline) = match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => (flag, Some(value)),
            _ => (arg.as_str(), None),
        };
        if !matches!(flag, "--home" | "--socket" | "--port") {
            break;
        }
        let value = match inline {
            Some(value) => value,
            None => {
                i += 1;
                args.get(i)?.as_str()
            }
        };
        if value.is_empty() || (flag == "--port" && value.parse::<u16>().is_err()) {
            return None;
        }
        home |= flag == "--home";
        i += 1;
    }
    home.then(|| args[i..].to_vec())
}

/// Whether `url` is relay's Claude Code hook endpoint: http(s), a loopback host (`127.0.0.1`, `localhost`,
/// `[::1]`) or `configured_host`, any port, and the path exactly `/hooks/claude-code`.
pub fn is_relay_hook_url(url: &str, configured_host: &str) -> bool {
    let Some(rest) = url
        .strip_prefix("http://")
        .or_else(|| url.strip_prefix("https://"))
    else {
        return false;
    };
    let (authority, path) = rest.find('/').map_or((rest, ""), |i| rest.split_at(i));
    if path != "/hooks/claude-code" || authority.contains('@') {
        return false;
    }
    let host = if let Some(v6) = authority.strip_prefix('[') {
        match v6.split_once(']') {
            Some((host, port)) if port.is_empty() || valid_port(port) => format!("[{host}]"),
            _ => return false,
        }
    } else {
        match authority.split_once(':') {
            Some((host, port)) if valid_port(port) => host.to_owned(),
            Some(_) => return false,
            None => authority.to_owned(),
        }
    };
    let host = host.to_ascii_lowercase();
    let configured = if configured_host.contains(':') {
        format!("[{configured_host}]")
    } else {
        configured_host.to_owned()
    };
    matches!(host.as_str(), "127.0.0.1" | "localhost" | "[::1]") || host == configured.to_ascii_lowercase()
}

fn valid_port(port: &str) -> bool {
    port.strip_prefix(':').unwrap_or(port).parse::<u16>().is_ok()
}

/// What the templates say about one event: the words after the global flags for each role
/// (`["hook", "claude", "stop"]`), and whether an http entry is relay's there.
#[derive(Clone, Debug, Default)]
pub struct EventMarks {
    pub commands: Vec<(Role, Vec<String>)>,
    pub http: bool,
}

/// The role of `handler` when it is relay's, given what the templates write for its event.
pub fn classify(
    handler: &Node,
    command_key: &str,
    marks: &EventMarks,
    configured_host: &str,
) -> Option<Role> {
    let kind = match handler.get("type") {
        None => "command",
        Some(kind) => kind.as_str()?,
    };
    match kind {
        "command" => {
            let rest = relay_rest(handler.get(command_key)?.as_str()?)?;
            marks
                .commands
                .iter()
                .find(|(_, words)| *words == rest)
                .map(|(role, _)| *role)
        }
        "http" if marks.http => {
            is_relay_hook_url(handler.get("url")?.as_str()?, configured_host).then_some(Role::Main)
        }
        _ => None,
    }
}

/// The marks of a template handler: `Some((words after the prefix, is_http))`.
pub fn template_mark(handler: &Out, command_key: &str, prefix: &str) -> Option<(Vec<String>, bool)> {
    let Out::Object(fields) = handler else {
        return None;
    };
    let field = |name: &str| {
        fields.iter().find_map(|(key, value)| match value {
            Out::String(text) if key == name => Some(text.as_str()),
            _ => None,
        })
    };
    if field("type") == Some("http") {
        return Some((Vec::new(), true));
    }
    let command = field(command_key)?;
    let rest = command.strip_prefix(prefix)?;
    Some((rest.split_whitespace().map(str::to_owned).collect(), false))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shell_quote_wraps_spaces_dollars_backticks_and_quotes() {
        assert_eq!(shell_quote("/usr/bin/relay"), "/usr/bin/relay");
        assert_eq!(shell_quote("/my apps/relay"), "'/my apps/relay'");
        assert_eq!(shell_quote("/a$b/`x`"), "'/a$b/`x`'");
        assert_eq!(shell_quote("it's"), r"'it'\''s'");
        for word in ["/my apps/relay", "/a$b/`x`", "it's", "plain"] {
            assert_eq!(shell_words(&shell_quote(word)), Some(vec![word.to_owned()]));
        }
    }

    #[test]
    fn relay_rest_reads_only_the_shape_setup_writes() {
        let rest = |line: &str| relay_rest(line);
        let words = |list: &[&str]| Some(list.iter().map(|w| (*w).to_owned()).collect::<Vec<_>>());
        assert_eq!(
            rest("'/opt/my relay/relay' --home /d hook claude stop --wait"),
            words(&["hook", "claude", "stop", "--wait"])
        );
        assert_eq!(
            rest("relay --socket /s --home=/d --port 9 hook cursor pre-tool"),
            words(&["hook", "cursor", "pre-tool"])
        );
        assert_eq!(rest("relay hook claude pre-tool"), None, "no --home: not ours");
        assert_eq!(rest("relay --home /d hook claude pre-tool | tee /tmp/log"), None);
        assert_eq!(rest("bash -c 'relay --home /d hook claude pre-tool'"), None);
        assert_eq!(rest("relay --home $HOME/x hook claude pre-tool"), None);
        assert_eq!(rest("myrelay --home /d hook claude pre-tool"), None);
        assert_eq!(rest("relay --home /d --port nine hook claude pre-tool"), None);
    }

    #[test]
    fn hook_urls_are_ours_only_on_loopback_with_the_exact_path() {
        assert!(is_relay_hook_url(
            "http://127.0.0.1:8765/hooks/claude-code",
            "127.0.0.1"
        ));
        assert!(is_relay_hook_url(
            "http://localhost:1/hooks/claude-code",
            "127.0.0.1"
        ));
        assert!(is_relay_hook_url(
            "http://[::1]:8765/hooks/claude-code",
            "127.0.0.1"
        ));
        assert!(is_relay_hook_url(
            "http://10.0.0.5:8765/hooks/claude-code",
            "10.0.0.5"
        ));
        assert!(!is_relay_hook_url(
            "http://10.0.0.5:8765/hooks/claude-code",
            "127.0.0.1"
        ));
        assert!(!is_relay_hook_url(
            "http://127.0.0.1:8765/hooks/claude-code/x",
            "127.0.0.1"
        ));
        assert!(!is_relay_hook_url(
            "http://127.0.0.1:8765/hooks/claude-code?x=1",
            "127.0.0.1"
        ));
        assert!(!is_relay_hook_url(
            "http://evil@127.0.0.1/hooks/claude-code",
            "127.0.0.1"
        ));
        assert!(!is_relay_hook_url(
            "ftp://127.0.0.1/hooks/claude-code",
            "127.0.0.1"
        ));
    }
}
