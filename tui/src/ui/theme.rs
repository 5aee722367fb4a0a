//! The window's colours, by role. One built-in theme for now; themes/*.toml and user overrides come later.

use ratatui::style::{Color, Modifier, Style};

#[derive(Debug, Clone)]
pub struct Theme {
    pub text: Style,
    pub muted: Style,
    pub title: Style,
    pub accent: Style,
    pub selected: Style,
    pub ok: Style,
    pub warn: Style,
    pub error: Style,
    pub brand: Style,
}

impl Theme {
    /// Named ANSI colours only, so it reads on 16-colour terminals and follows the terminal's palette.
    pub fn dark() -> Theme {
        Theme {
            text: Style::new(),
            muted: Style::new().fg(Color::DarkGray),
            title: Style::new().add_modifier(Modifier::BOLD),
            accent: Style::new().fg(Color::Cyan),
            selected: Style::new().add_modifier(Modifier::REVERSED),
            ok: Style::new().fg(Color::Green),
            warn: Style::new().fg(Color::Yellow),
            error: Style::new().fg(Color::Red),
            brand: Style::new().add_modifier(Modifier::BOLD | Modifier::REVERSED),
        }
    }
}

impl Default for Theme {
    fn default() -> Theme {
        Theme::dark()
    }
}
