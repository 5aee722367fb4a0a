//! Fenced code through syntect: a block whose info string names a language syntect knows (```` ```rust ````,
//! `python`, `sh`, `json`, `diff` …) is drawn in the colours of a syntect theme, a dark one for the dark and
//! high-contrast window themes and a light one for the light theme, brought down to the terminal's colour depth.
//! The grammar set and the themes are loaded once, on the first block that asks for them (never before the first
//! frame). Highlighting is bounded: [`MAX_LINES`] lines per block, no line past [`MAX_LINE_CHARS`], and a time
//! budget per body; what is past a bound is drawn plain, in the window's code colour.

use std::collections::BTreeSet;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Span;
use syntect::easy::HighlightLines;
use syntect::highlighting::{self, FontStyle, ThemeSet};
use syntect::parsing::{SyntaxReference, SyntaxSet};

use super::app::TaskData;
use super::markdown;
use super::theme::{Base, Depth, Theme, reduce};

/// The lines of one block that are highlighted; the rest is plain.
pub const MAX_LINES: usize = 400;
/// A line longer than this (in characters) is plain, and so is the rest of its block: the grammar's state past
/// a line it did not read cannot be trusted, and long lines are where regexes cost the most.
pub const MAX_LINE_CHARS: usize = 500;
/// The time one body's code blocks may take together; past it the rest is plain. Only a very long block or a
/// pathological input comes near it: a release build takes about 0.1–0.25 ms a line, and the first block in a
/// language also compiles the patterns its grammar needs (tens of ms, once per run). The result is cached, so
/// the cost is paid once per body.
pub const BODY_BUDGET: Duration = Duration::from_millis(150);

/// The syntect themes used, from its default set.
const DARK: &str = "base16-ocean.dark";
const HIGH_CONTRAST: &str = "base16-eighties.dark";
const LIGHT: &str = "InspiredGitHub";

struct Assets {
    syntaxes: SyntaxSet,
    dark: highlighting::Theme,
    high_contrast: highlighting::Theme,
    light: highlighting::Theme,
}

static ASSETS: OnceLock<Assets> = OnceLock::new();

/// The grammars and themes, loaded on first use.
fn assets() -> &'static Assets {
    ASSETS.get_or_init(|| {
        let mut themes = ThemeSet::load_defaults().themes;
        let mut take = |name: &str| themes.remove(name).unwrap_or_default();
        Assets {
            syntaxes: SyntaxSet::load_defaults_newlines(),
            dark: take(DARK),
            high_contrast: take(HIGH_CONTRAST),
            light: take(LIGHT),
        }
    })
}

/// Loads the grammars and themes now, as the first highlighted block would (the window never calls it: loading
/// stays lazy; the benchmark times it).
pub fn preload() {
    let _ = assets();
}

/// The languages [`warm`] has prepared (syntect's names), so that each is prepared once per run.
static WARMED: Mutex<BTreeSet<String>> = Mutex::new(BTreeSet::new());

/// Prepares the grammars `blocks` (info string, code) need — loads the set, and lets each language's grammar
/// build the patterns its code reaches, by highlighting that code once — so that the window's thread, which
/// draws the same code next, does not pay for it. The worker calls it with a task's code blocks before handing
/// the task over; each language is prepared once per run (later blocks in it are skipped), within
/// [`BODY_BUDGET`] per language. Nothing is kept but the compiled patterns inside the shared grammar set.
pub fn warm(blocks: &[(String, String)]) {
    warm_into(&WARMED, blocks);
}

/// [`warm`] with the record of prepared languages given, so a test can start from none whatever ran before it
/// in the process. Returns the languages (syntect's names, e.g. `Rust`) prepared by this call, in block order.
pub(crate) fn warm_into(warmed: &Mutex<BTreeSet<String>>, blocks: &[(String, String)]) -> Vec<String> {
    let theme = Theme::dark();
    let mut prepared = Vec::new();
    for (info, code) in blocks {
        let Some(syntax) = syntax(info) else {
            continue;
        };
        {
            let Ok(mut warmed) = warmed.lock() else {
                return prepared;
            };
            if !warmed.insert(syntax.name.clone()) {
                continue;
            }
        }
        let mut budget = Budget::new(BODY_BUDGET);
        let _ = lines(info, code, &theme, &mut budget);
        prepared.push(syntax.name.clone());
    }
    prepared
}

/// The named fenced code blocks of the task's markdown bodies the task view draws (description, progress, the
/// newest report, plan and review step details, comments), for [`warm`].
pub fn task_blocks(data: &TaskData) -> Vec<(String, String)> {
    let task = data.detail.task.as_ref();
    let bodies = [
        task.and_then(|t| t.description.as_deref()),
        task.and_then(|t| t.progress.as_deref()),
        data.detail.reports.first().map(|r| r.body.as_str()),
    ]
    .into_iter()
    .flatten()
    .chain(
        data.plan
            .iter()
            .flat_map(|p| p.steps.iter().filter_map(|s| s.details.as_deref())),
    )
    .chain(
        data.review
            .iter()
            .flat_map(|r| r.steps.iter().filter_map(|s| s.details.as_deref())),
    )
    .chain(
        data.comments
            .iter()
            .flat_map(|c| c.comments.iter().map(|c| c.body.as_str())),
    );
    bodies.flat_map(markdown::fenced_code).collect()
}

/// The time left for the code blocks of one body.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    deadline: Option<Instant>,
    allowed: Duration,
}

impl Budget {
    /// A budget of `allowed`, started by the first block that is highlighted.
    pub fn new(allowed: Duration) -> Budget {
        Budget {
            deadline: None,
            allowed,
        }
    }

    fn start(&mut self) {
        if self.deadline.is_none() {
            self.deadline = Some(Instant::now() + self.allowed);
        }
    }

    fn spent(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// The syntax an info string names (its first word: `rust`, `rust,ignore`, `py`, `sh` …); `None` for none, for
/// plain text and for a language syntect does not know.
fn syntax(info: &str) -> Option<&'static SyntaxReference> {
    let word = info
        .split(|c: char| c.is_whitespace() || c == ',' || c == '{')
        .next()
        .unwrap_or_default()
        .trim_start_matches('.')
        .to_ascii_lowercase();
    let token = match word.as_str() {
        "" | "text" | "txt" | "plain" | "plaintext" | "output" => return None,
        "shell" | "console" | "zsh" | "shell-session" => "bash",
        "patch" => "diff",
        "c++" => "cpp",
        "golang" => "go",
        "jsonc" | "json5" => "json",
        "rb" => "ruby",
        // syntect's default grammars have no TOML; its strings, numbers, comments and arrays read the same in
        // Python's grammar, which is closer than plain text.
        "toml" => "py",
        other => other,
    };
    let syntaxes = &assets().syntaxes;
    syntaxes
        .find_syntax_by_token(token)
        .filter(|s| s.name != "Plain Text")
}

/// `code`'s lines as spans: highlighted when `info` names a known language (up to the bounds, the rest in the
/// window's code colour), `None` when it does not (the caller draws the block plain). Control characters are
/// shown as `�`, never sent to the terminal.
pub fn lines(info: &str, code: &str, theme: &Theme, budget: &mut Budget) -> Option<Vec<Vec<Span<'static>>>> {
    if info.trim().is_empty() {
        return None;
    }
    let syntax = syntax(info)?;
    let assets = assets();
    let code_theme = match theme.base {
        Base::Dark => &assets.dark,
        Base::HighContrast => &assets.high_contrast,
        Base::Light => &assets.light,
    };
    let default_fg = code_theme.settings.foreground;
    let mut highlighter = HighlightLines::new(syntax, code_theme);
    let mut highlighting = !budget.spent();
    budget.start();
    let mut out = Vec::new();
    let mut with_newline = String::new();
    for (i, line) in code.split('\n').enumerate() {
        highlighting = highlighting
            && i < MAX_LINES
            && line.chars().count() <= MAX_LINE_CHARS
            && (i == 0 || !budget.spent());
        let regions = if highlighting {
            with_newline.clear();
            with_newline.push_str(line);
            with_newline.push('\n');
            highlighter.highlight_line(&with_newline, &assets.syntaxes).ok()
        } else {
            None
        };
        let Some(regions) = regions else {
            highlighting = false;
            out.push(vec![Span::styled(clean(line), theme.accent)]);
            continue;
        };
        let spans = regions
            .into_iter()
            .map(|(style, text)| (style, text.trim_end_matches('\n')))
            .filter(|(_, text)| !text.is_empty())
            .map(|(style, text)| Span::styled(clean(text), span_style(style, default_fg, theme)))
            .collect();
        out.push(spans);
    }
    Some(out)
}

/// Control characters as `�` (the body was cleaned before parsing; this keeps the guarantee local).
fn clean(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { '�' } else { c })
        .collect()
}

/// A syntect style in the window: the theme's own foreground stays the window's text colour (so plain code
/// follows the terminal's palette in the dark theme), other colours brought down to the terminal's depth; the
/// code theme's background is never drawn.
fn span_style(style: highlighting::Style, default_fg: Option<highlighting::Color>, theme: &Theme) -> Style {
    let mut out = theme.text;
    if Some(style.foreground) != default_fg {
        let highlighting::Color { r, g, b, .. } = style.foreground;
        out = out.fg(colour(r, g, b, theme.depth));
    }
    for (flag, modifier) in [
        (FontStyle::BOLD, Modifier::BOLD),
        (FontStyle::ITALIC, Modifier::ITALIC),
        (FontStyle::UNDERLINE, Modifier::UNDERLINED),
    ] {
        if style.font_style.contains(flag) {
            out = out.add_modifier(modifier);
        }
    }
    out
}

/// A code colour at `depth`. True colour and 256 colours as the theme does ([`reduce`]); on 16 colours by hue, not
/// by distance: the nearest of the 16 by distance turns most of a theme's soft colours grey, which would leave
/// the code one colour.
fn colour(r: u8, g: u8, b: u8, depth: Depth) -> Color {
    if depth != Depth::Ansi16 {
        return reduce(Color::Rgb(r, g, b), depth);
    }
    let (r, g, b) = (f32::from(r), f32::from(g), f32::from(b));
    let max = r.max(g).max(b);
    let min = r.min(g).min(b);
    let lightness = (max + min) / 2.0;
    if max - min < 40.0 {
        return match lightness {
            l if l < 60.0 => Color::Black,
            l if l < 150.0 => Color::DarkGray,
            l if l < 220.0 => Color::Gray,
            _ => Color::White,
        };
    }
    let hue = if max == r {
        60.0 * ((g - b) / (max - min)).rem_euclid(6.0)
    } else if max == g {
        60.0 * ((b - r) / (max - min) + 2.0)
    } else {
        60.0 * ((r - g) / (max - min) + 4.0)
    };
    let bright = lightness >= 160.0;
    match hue {
        h if !(20.0..340.0).contains(&h) => pick(bright, Color::LightRed, Color::Red),
        h if h < 70.0 => pick(bright, Color::LightYellow, Color::Yellow),
        h if h < 160.0 => pick(bright, Color::LightGreen, Color::Green),
        h if h < 200.0 => pick(bright, Color::LightCyan, Color::Cyan),
        h if h < 260.0 => pick(bright, Color::LightBlue, Color::Blue),
        _ => pick(bright, Color::LightMagenta, Color::Magenta),
    }
}

fn pick(bright: bool, light: Color, dark: Color) -> Color {
    if bright { light } else { dark }
}
