//! The window's colours, by role. The built-in themes are `themes/*.toml`, embedded; a user's
//! `<data dir>/theme.toml` picks one (`base = "light"`) and overrides roles on top of it. Unknown keys and bad
//! values are reported as warnings and the defaults kept. Colours are brought down to what the terminal shows
//! (true colour, 256 or 16 colours).

use std::path::Path;
use std::str::FromStr;

use ratatui::style::{Color, Modifier, Style};

/// The built-in themes: name and TOML text.
pub const BUILT_IN: [(&str, &str); 3] = [
    ("dark", include_str!("../../../themes/dark.toml")),
    ("light", include_str!("../../../themes/light.toml")),
    (
        "high-contrast",
        include_str!("../../../themes/high-contrast.toml"),
    ),
];

/// The user's theme file in the data directory.
pub const USER_FILE: &str = "theme.toml";

/// The roles a theme sets, in the order the files list them.
pub const ROLES: [&str; 9] = [
    "text", "muted", "title", "accent", "selected", "ok", "warn", "error", "brand",
];

const STYLE_KEYS: [&str; 7] = ["fg", "bg", "bold", "dim", "italic", "underlined", "reversed"];

#[derive(Debug, Clone, PartialEq, Eq)]
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
    /// The built-in theme this one starts from; it picks the colours of highlighted code.
    pub base: Base,
    /// What the terminal shows; highlighted code is brought down to it too.
    pub depth: Depth,
}

/// The built-in theme a theme starts from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Base {
    Dark,
    Light,
    HighContrast,
}

impl Base {
    /// The base a built-in theme's name means (`dark` when unknown, as [`Theme::built_in`] does).
    fn named(name: &str) -> Base {
        match name {
            "light" => Base::Light,
            "high-contrast" => Base::HighContrast,
            _ => Base::Dark,
        }
    }
}

/// How many colours the terminal shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Depth {
    TrueColor,
    Ansi256,
    Ansi16,
}

impl Depth {
    /// From the environment: `COLORTERM=truecolor|24bit` is true colour, a `TERM` with `256color` 256 colours,
    /// anything else 16.
    pub fn detect() -> Depth {
        let colorterm = std::env::var("COLORTERM").unwrap_or_default();
        let term = std::env::var("TERM").unwrap_or_default();
        if matches!(colorterm.as_str(), "truecolor" | "24bit") {
            Depth::TrueColor
        } else if term.contains("256color") {
            Depth::Ansi256
        } else {
            Depth::Ansi16
        }
    }
}

impl Theme {
    /// The built-in dark theme (the default), in full colour.
    pub fn dark() -> Theme {
        Theme::built_in("dark", Depth::TrueColor)
    }

    /// A built-in theme by name (`dark` when unknown), brought down to `depth`.
    pub fn built_in(name: &str, depth: Depth) -> Theme {
        let text = BUILT_IN
            .iter()
            .find(|(n, _)| *n == name)
            .map_or(BUILT_IN[0].1, |(_, text)| *text);
        let mut theme = Theme::plain();
        theme.base = Base::named(name);
        // The embedded files are checked by a test; a mistake in one would only leave a role plain.
        let _ = theme.apply(text, "built-in theme");
        theme.degrade(depth);
        theme
    }

    /// No colours at all: the base every file is applied to.
    fn plain() -> Theme {
        Theme {
            text: Style::new(),
            muted: Style::new(),
            title: Style::new(),
            accent: Style::new(),
            selected: Style::new().add_modifier(Modifier::REVERSED),
            ok: Style::new(),
            warn: Style::new(),
            error: Style::new(),
            brand: Style::new().add_modifier(Modifier::REVERSED),
            base: Base::Dark,
            depth: Depth::TrueColor,
        }
    }

    fn role_mut(&mut self, role: &str) -> Option<&mut Style> {
        Some(match role {
            "text" => &mut self.text,
            "muted" => &mut self.muted,
            "title" => &mut self.title,
            "accent" => &mut self.accent,
            "selected" => &mut self.selected,
            "ok" => &mut self.ok,
            "warn" => &mut self.warn,
            "error" => &mut self.error,
            "brand" => &mut self.brand,
            _ => return None,
        })
    }

    /// Sets the roles `text` (a theme file) names; returns a warning for each key or value it cannot use.
    fn apply(&mut self, text: &str, source: &str) -> Vec<String> {
        let table = match toml::from_str::<toml::Table>(text) {
            Ok(table) => table,
            Err(err) => {
                let reason = err.message().to_owned();
                return vec![format!(
                    "{source}: not valid TOML ({reason}); the built-in theme is used"
                )];
            }
        };
        let mut warnings = Vec::new();
        for (role, value) in &table {
            if role == "base" {
                continue;
            }
            let Some(style) = self.role_mut(role) else {
                warnings.push(format!(
                    "{source}: unknown key `{role}` ignored; the roles are {}",
                    ROLES.join(", ")
                ));
                continue;
            };
            match parse_style(value) {
                Ok((parsed, mut problems)) => {
                    *style = parsed;
                    warnings.extend(problems.drain(..).map(|p| format!("{source}: {role}: {p}")));
                }
                Err(problem) => warnings.push(format!("{source}: {role}: {problem}; the default is kept")),
            }
        }
        warnings
    }

    /// Replaces colours the terminal cannot show with the nearest it can.
    fn degrade(&mut self, depth: Depth) {
        self.depth = depth;
        for role in ROLES {
            if let Some(style) = self.role_mut(role) {
                style.fg = style.fg.map(|c| reduce(c, depth));
                style.bg = style.bg.map(|c| reduce(c, depth));
            }
        }
    }
}

impl Default for Theme {
    fn default() -> Theme {
        Theme::dark()
    }
}

/// The theme for the window: the user's `theme.toml` in `data_dir` (its `base`, then its roles) if there is
/// one, else the dark theme; with the warnings to show.
pub fn load(data_dir: &Path, depth: Depth) -> (Theme, Vec<String>) {
    let path = data_dir.join(USER_FILE);
    match std::fs::read_to_string(&path) {
        Ok(text) => from_user_file(&text, &path.display().to_string(), depth),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
            (Theme::built_in("dark", depth), Vec::new())
        }
        Err(err) => (
            Theme::built_in("dark", depth),
            vec![format!(
                "cannot read {}: {err}; the dark theme is used",
                path.display()
            )],
        ),
    }
}

/// A user theme file's text applied over its base.
pub fn from_user_file(text: &str, source: &str, depth: Depth) -> (Theme, Vec<String>) {
    let mut warnings = Vec::new();
    let base = toml::from_str::<toml::Table>(text)
        .ok()
        .and_then(|t| t.get("base").cloned());
    let base = match base {
        None => "dark".to_owned(),
        Some(toml::Value::String(name)) if BUILT_IN.iter().any(|(n, _)| *n == name) => name,
        Some(other) => {
            let names: Vec<&str> = BUILT_IN.iter().map(|(n, _)| *n).collect();
            warnings.push(format!(
                "{source}: base {other} is not a built-in theme ({}); dark is used",
                names.join(", ")
            ));
            "dark".to_owned()
        }
    };
    let mut theme = Theme::built_in(&base, Depth::TrueColor);
    warnings.extend(theme.apply(text, source));
    theme.degrade(depth);
    (theme, warnings)
}

/// A role's style from `{ fg, bg, bold, … }`; unknown keys and bad values inside it are reported and skipped.
fn parse_style(value: &toml::Value) -> Result<(Style, Vec<String>), String> {
    let toml::Value::Table(table) = value else {
        return Err(format!(
            "expected a table such as {{ fg = \"cyan\", bold = true }}, found {value}"
        ));
    };
    let mut style = Style::new();
    let mut problems = Vec::new();
    for (key, value) in table {
        match (key.as_str(), value) {
            ("fg" | "bg", toml::Value::String(name)) => match Color::from_str(name) {
                Ok(color) if key == "fg" => style = style.fg(color),
                Ok(color) => style = style.bg(color),
                Err(_) => problems.push(format!(
                    "{key} = {name:?} is not a colour (a name such as \"cyan\" or \"dark-gray\", \"#rrggbb\" or 0-255); ignored"
                )),
            },
            ("fg" | "bg", toml::Value::Integer(index)) => match u8::try_from(*index) {
                Ok(index) if key == "fg" => style = style.fg(Color::Indexed(index)),
                Ok(index) => style = style.bg(Color::Indexed(index)),
                Err(_) => problems.push(format!("{key} = {index} is not a colour index 0-255; ignored")),
            },
            (flag, toml::Value::Boolean(on)) if STYLE_KEYS[2..].contains(&flag) => {
                let modifier = match flag {
                    "bold" => Modifier::BOLD,
                    "dim" => Modifier::DIM,
                    "italic" => Modifier::ITALIC,
                    "underlined" => Modifier::UNDERLINED,
                    _ => Modifier::REVERSED,
                };
                style = if *on {
                    style.add_modifier(modifier)
                } else {
                    style.remove_modifier(modifier)
                };
            }
            (key, _) if STYLE_KEYS.contains(&key) => {
                problems.push(format!("{key} = {value} has the wrong type; ignored"));
            }
            (key, _) => problems.push(format!(
                "unknown key `{key}` ignored; a style has {}",
                STYLE_KEYS.join(", ")
            )),
        }
    }
    Ok((style, problems))
}

/// The 16 ANSI colours with xterm's values, for finding the nearest.
const ANSI16: [(Color, (u8, u8, u8)); 16] = [
    (Color::Black, (0, 0, 0)),
    (Color::Red, (205, 0, 0)),
    (Color::Green, (0, 205, 0)),
    (Color::Yellow, (205, 205, 0)),
    (Color::Blue, (0, 0, 238)),
    (Color::Magenta, (205, 0, 205)),
    (Color::Cyan, (0, 205, 205)),
    (Color::Gray, (229, 229, 229)),
    (Color::DarkGray, (127, 127, 127)),
    (Color::LightRed, (255, 0, 0)),
    (Color::LightGreen, (0, 255, 0)),
    (Color::LightYellow, (255, 255, 0)),
    (Color::LightBlue, (92, 92, 255)),
    (Color::LightMagenta, (255, 0, 255)),
    (Color::LightCyan, (0, 255, 255)),
    (Color::White, (255, 255, 255)),
];

/// The colour as `depth` can show it: `#rrggbb` becomes the nearest of the 256-colour cube and grey ramp, or of
/// the 16 ANSI colours; a 256-colour index becomes one of the 16 on a 16-colour terminal.
pub fn reduce(color: Color, depth: Depth) -> Color {
    match (color, depth) {
        (_, Depth::TrueColor) => color,
        (Color::Rgb(r, g, b), Depth::Ansi256) => Color::Indexed(index256(r, g, b)),
        (Color::Rgb(r, g, b), Depth::Ansi16) => nearest16((r, g, b)),
        (Color::Indexed(i), Depth::Ansi16) if i >= 16 => nearest16(rgb_of_index(i)),
        (Color::Indexed(i), Depth::Ansi16) => ANSI16.get(usize::from(i)).map_or(color, |(c, _)| *c),
        _ => color,
    }
}

fn distance(a: (u8, u8, u8), b: (u8, u8, u8)) -> u32 {
    let d = |x: u8, y: u8| (i32::from(x) - i32::from(y)).unsigned_abs();
    d(a.0, b.0).pow(2) + d(a.1, b.1).pow(2) + d(a.2, b.2).pow(2)
}

fn nearest16(rgb: (u8, u8, u8)) -> Color {
    ANSI16
        .iter()
        .min_by_key(|(_, value)| distance(rgb, *value))
        .map_or(Color::Reset, |(c, _)| *c)
}

const CUBE: [u8; 6] = [0, 95, 135, 175, 215, 255];

fn rgb_of_index(i: u8) -> (u8, u8, u8) {
    match i {
        0..16 => ANSI16.get(usize::from(i)).map_or((0, 0, 0), |(_, v)| *v),
        16..232 => {
            let i = usize::from(i - 16);
            let at = |n: usize| CUBE.get(n % 6).copied().unwrap_or(0);
            (at(i / 36), at(i / 6), at(i))
        }
        _ => {
            let v = 8 + (i - 232) * 10;
            (v, v, v)
        }
    }
}

fn index256(r: u8, g: u8, b: u8) -> u8 {
    let level = |v: u8| -> u8 {
        CUBE.iter()
            .enumerate()
            .min_by_key(|(_, c)| (i32::from(**c) - i32::from(v)).unsigned_abs())
            .map_or(0, |(i, _)| i as u8)
    };
    let (lr, lg, lb) = (level(r), level(g), level(b));
    let cube = 16 + 36 * lr + 6 * lg + lb;
    let grey_level = ((u16::from(r) + u16::from(g) + u16::from(b)) / 3).saturating_sub(8) / 10;
    let grey = 232 + grey_level.min(23) as u8;
    if distance((r, g, b), rgb_of_index(grey)) < distance((r, g, b), rgb_of_index(cube)) {
        grey
    } else {
        cube
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_themes_parse_without_a_warning_when_embedded() {
        for (name, text) in BUILT_IN {
            let mut theme = Theme::plain();
            assert_eq!(theme.apply(text, name), Vec::<String>::new(), "{name}");
            let keys: Vec<String> = toml::from_str::<toml::Table>(text)
                .unwrap()
                .keys()
                .cloned()
                .collect();
            let mut roles: Vec<String> = ROLES.iter().map(|r| (*r).to_owned()).collect();
            roles.sort();
            assert_eq!(keys, roles, "{name} sets every role");
        }
        assert_eq!(Theme::dark().muted, Style::new().fg(Color::DarkGray));
        assert_eq!(
            Theme::built_in("light", Depth::TrueColor).accent.fg,
            Some(Color::Rgb(5, 80, 174))
        );
    }

    #[test]
    fn user_file_overrides_roles_over_its_base_when_present() {
        let text = "base = \"light\"\naccent = { fg = \"magenta\", bold = true }\n";
        let (theme, warnings) = from_user_file(text, "theme.toml", Depth::TrueColor);
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(
            theme.accent,
            Style::new().fg(Color::Magenta).add_modifier(Modifier::BOLD)
        );
        assert_eq!(
            theme.ok,
            Theme::built_in("light", Depth::TrueColor).ok,
            "the rest is the base's"
        );
    }

    #[test]
    fn unknown_keys_and_bad_values_warn_and_keep_the_defaults_when_read() {
        let text = "base = \"solarized\"\nacent = { fg = \"red\" }\nok = \"green\"\nwarn = { fg = \"orangeish\", sparkle = true }\n";
        let (theme, warnings) = from_user_file(text, "theme.toml", Depth::TrueColor);
        let dark = Theme::dark();
        assert_eq!(theme.ok, dark.ok);
        assert_eq!(
            theme.warn,
            Style::new(),
            "the role's table was read; its bad colour skipped"
        );
        let all = warnings.join("\n");
        for needle in [
            "base \"solarized\" is not a built-in theme",
            "unknown key `acent` ignored; the roles are text, muted",
            "ok: expected a table",
            "fg = \"orangeish\" is not a colour",
            "unknown key `sparkle`",
        ] {
            assert!(all.contains(needle), "{needle} in:\n{all}");
        }
        let (broken, warnings) = from_user_file("text = {", "theme.toml", Depth::TrueColor);
        assert_eq!(broken, dark);
        assert!(warnings[0].contains("not valid TOML"), "{warnings:?}");
    }

    #[test]
    fn colours_degrade_to_the_palette_when_the_terminal_has_fewer() {
        let blue = Color::Rgb(5, 80, 174);
        assert_eq!(reduce(blue, Depth::TrueColor), blue);
        assert_eq!(reduce(blue, Depth::Ansi256), Color::Indexed(25));
        assert_eq!(reduce(blue, Depth::Ansi16), Color::Blue);
        assert_eq!(
            reduce(Color::Rgb(110, 119, 129), Depth::Ansi256),
            Color::Indexed(243)
        );
        assert_eq!(reduce(Color::Rgb(255, 255, 255), Depth::Ansi16), Color::White);
        assert_eq!(reduce(Color::Indexed(196), Depth::Ansi16), Color::LightRed);
        assert_eq!(reduce(Color::Cyan, Depth::Ansi16), Color::Cyan);
        let light = Theme::built_in("light", Depth::Ansi16);
        assert!(
            [light.text.fg, light.accent.fg, light.selected.bg]
                .iter()
                .all(|c| !matches!(c, Some(Color::Rgb(..)) | Some(Color::Indexed(..)))),
            "{light:?}"
        );
    }
}
