//! The window's terminal notification ("Waiting for your acceptance: …" when a task moves to review or test): OSC 9
//! where the terminal shows it as a desktop notification (iTerm2, kitty, WezTerm, Ghostty, Windows Terminal), OSC
//! 777 where that is the dialect (foot, urxvt, VTE terminals), the bell otherwise — and inside tmux, which passes a
//! bell on to the terminal around it. The text is agent text: control and invisible format characters are
//! dropped, so it can never end the sequence early or send one of its own.

use std::io::Write;

/// How this terminal is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Osc9,
    Osc777,
    Bell,
}

impl Kind {
    /// From the environment the window runs in.
    pub fn detect() -> Kind {
        let var = |name: &str| std::env::var(name).unwrap_or_default();
        Kind::from_env(
            &var("TMUX"),
            &var("TERM"),
            &var("TERM_PROGRAM"),
            &var("VTE_VERSION"),
            &var("WT_SESSION"),
        )
    }

    fn from_env(tmux: &str, term: &str, program: &str, vte: &str, windows_terminal: &str) -> Kind {
        if !tmux.is_empty() {
            return Kind::Bell;
        }
        if matches!(program, "iTerm.app" | "WezTerm" | "ghostty")
            || term.contains("kitty")
            || term.contains("ghostty")
            || !windows_terminal.is_empty()
        {
            Kind::Osc9
        } else if term.starts_with("foot") || term.starts_with("rxvt") || !vte.is_empty() {
            Kind::Osc777
        } else {
            Kind::Bell
        }
    }
}

/// The bytes that raise `text` as a `kind` notification.
pub fn sequence(kind: Kind, text: &str) -> String {
    let clean: String = text
        .chars()
        .filter(|c| !c.is_control() && !relay_core::display::is_invisible_format(*c))
        .take(200)
        .collect();
    match kind {
        Kind::Osc9 => format!("\x1b]9;{clean}\x07"),
        // OSC 777's fields are split by `;`: the body keeps none of its own.
        Kind::Osc777 => format!("\x1b]777;notify;relay;{}\x07", clean.replace(';', ",")),
        Kind::Bell => "\x07".to_owned(),
    }
}

/// The bytes that put `text` on the system clipboard through the terminal (OSC 52, the clipboard selection).
/// Inside tmux the sequence is passed through to the terminal around it.
pub fn clipboard(text: &str, in_tmux: bool) -> String {
    use base64::Engine;
    let payload = base64::engine::general_purpose::STANDARD.encode(text.as_bytes());
    let osc = format!("\x1b]52;c;{payload}\x07");
    if in_tmux {
        // tmux's passthrough: the sequence wrapped, its escapes doubled.
        format!("\x1bPtmux;{}\x1b\\", osc.replace('\x1b', "\x1b\x1b"))
    } else {
        osc
    }
}

/// Writes `text` to the clipboard (between frames).
pub fn copy(text: &str) {
    let in_tmux = std::env::var_os("TMUX").is_some_and(|v| !v.is_empty());
    let mut out = std::io::stdout();
    let _ = out.write_all(clipboard(text, in_tmux).as_bytes());
    let _ = out.flush();
}

/// Writes the notification to the terminal (between frames; a failed write is not worth stopping the window).
pub fn raise(kind: Kind, text: &str) {
    let mut out = std::io::stdout();
    let _ = out.write_all(sequence(kind, text).as_bytes());
    let _ = out.flush();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_terminal_is_told_in_its_dialect_and_tmux_rings_the_bell() {
        assert_eq!(Kind::from_env("", "xterm-kitty", "", "", ""), Kind::Osc9);
        assert_eq!(
            Kind::from_env("", "xterm-256color", "iTerm.app", "", ""),
            Kind::Osc9
        );
        assert_eq!(Kind::from_env("", "foot", "", "", ""), Kind::Osc777);
        assert_eq!(Kind::from_env("", "xterm-256color", "", "7600", ""), Kind::Osc777);
        assert_eq!(
            Kind::from_env("/tmp/tmux-0/default,1,0", "xterm-kitty", "", "", ""),
            Kind::Bell
        );
        assert_eq!(Kind::from_env("", "xterm", "", "", ""), Kind::Bell);
    }

    #[test]
    fn a_copy_is_base64_in_osc_52_and_wrapped_for_tmux() {
        assert_eq!(clipboard("acme-4", false), "\x1b]52;c;YWNtZS00\x07");
        assert_eq!(
            clipboard("acme-4", true),
            "\x1bPtmux;\x1b\x1b]52;c;YWNtZS00\x07\x1b\\"
        );
    }

    #[test]
    fn agent_text_cannot_end_the_sequence_when_notified() {
        let hostile = "Waiting for your acceptance: a-1 x\x07\x1b]0;owned\x07; y\u{202E}";
        assert_eq!(
            sequence(Kind::Osc9, hostile),
            "\x1b]9;Waiting for your acceptance: a-1 x]0;owned; y\x07"
        );
        assert_eq!(sequence(Kind::Osc777, "a;b"), "\x1b]777;notify;relay;a,b\x07");
        assert_eq!(sequence(Kind::Bell, "anything"), "\x07");
    }
}
