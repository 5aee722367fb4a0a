//! Markdown bodies (descriptions, progress, reports, comments, step details) as styled lines: comrak parses to
//! an AST, which is walked to ratatui spans. Headings, emphasis, strong, inline code, code blocks (plain, in the
//! code style), lists, links (text and url), block quotes, tables as plain rows. Raw HTML is never rendered: agent
//! text is untrusted, so an HTML block or inline tag is shown as its literal text. The input is first bounded by
//! [`bounded`] (20,000 characters, control characters replaced), so a huge body costs a bounded time. A fenced
//! block whose info string names a language is highlighted through syntect (`highlight.rs`).
//!
//! The task view draws the same bodies on every frame: [`Cache`] keeps their rendered lines, keyed by the text,
//! the indent and the theme. The lines do not depend on the width (the paragraph wraps them when drawn), so a
//! resize needs no new rendering; changed data is a different text, hence a different entry.

use std::cell::RefCell;
use std::hash::{DefaultHasher, Hash, Hasher};

use comrak::nodes::{ListType, Node, NodeValue};
use comrak::{Arena, Options, parse_document};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

use super::highlight::{self, Budget};
use super::theme::Theme;
use super::view::bounded;

/// The most bodies a [`Cache`] keeps.
pub const CACHE_ENTRIES: usize = 256;
/// The most characters of source text a [`Cache`] keeps (its entries' texts together).
pub const CACHE_CHARS: usize = 1_000_000;
/// The most of a body's text (in bytes) an entry keeps to compare: a longer body (far past what the daemon
/// accepts, and drawn cut to 20,000 characters anyway) is known by this much of it, its length and the hash of
/// all of it.
pub const CACHE_MAX_BODY: usize = 200_000;

/// Rendered bodies, least recently used dropped first; interior mutability so that a view taking `&Model` can
/// fill it. Bounded by [`CACHE_ENTRIES`] and [`CACHE_CHARS`].
#[derive(Debug, Default)]
pub struct Cache {
    inner: RefCell<CacheInner>,
}

#[derive(Debug, Default)]
struct CacheInner {
    entries: Vec<Entry>,
    /// The characters of the entries' texts.
    chars: usize,
    /// Counts lookups, for least-recently-used.
    tick: u64,
    hits: u64,
    misses: u64,
}

#[derive(Debug)]
struct Entry {
    /// Of the whole text and the indent.
    hash: u64,
    /// The whole text's length in bytes.
    len: usize,
    /// The text, or its first [`CACHE_MAX_BODY`] bytes.
    text: String,
    indent: String,
    hard_breaks: bool,
    theme: Theme,
    lines: Vec<Line<'static>>,
    used: u64,
}

impl Cache {
    /// `text` as lines, each prefixed with `indent`, from the cache when it has them.
    pub fn lines(&self, text: &str, theme: &Theme, indent: &str) -> Vec<Line<'static>> {
        self.get(text, theme, indent, false)
    }

    /// `text` as a comment (its line breaks kept, as GitHub shows comments), from the cache when it has them.
    pub fn comment_lines(&self, text: &str, theme: &Theme, indent: &str) -> Vec<Line<'static>> {
        self.get(text, theme, indent, true)
    }

    fn get(&self, text: &str, theme: &Theme, indent: &str, hard_breaks: bool) -> Vec<Line<'static>> {
        // Re-entrancy cannot happen (rendering does not call back here); if it did, render without the cache.
        let Ok(mut inner) = self.inner.try_borrow_mut() else {
            return render(text, theme, indent, hard_breaks);
        };
        let mut hasher = DefaultHasher::new();
        (text, indent, hard_breaks).hash(&mut hasher);
        let hash = hasher.finish();
        inner.tick += 1;
        let tick = inner.tick;
        let kept = prefix(text);
        let found = inner.entries.iter_mut().find(|e| {
            e.hash == hash
                && e.len == text.len()
                && e.text == kept
                && e.indent == indent
                && e.hard_breaks == hard_breaks
                && e.theme == *theme
        });
        if let Some(entry) = found {
            entry.used = tick;
            let lines = entry.lines.clone();
            inner.hits += 1;
            return lines;
        }
        inner.misses += 1;
        let rendered = render(text, theme, indent, hard_breaks);
        while !inner.entries.is_empty()
            && (inner.entries.len() >= CACHE_ENTRIES || inner.chars + kept.len() > CACHE_CHARS)
        {
            let oldest = inner
                .entries
                .iter()
                .enumerate()
                .min_by_key(|(_, e)| e.used)
                .map_or(0, |(i, _)| i);
            let dropped = inner.entries.swap_remove(oldest);
            inner.chars -= dropped.text.len();
        }
        inner.chars += kept.len();
        inner.entries.push(Entry {
            hash,
            len: text.len(),
            text: kept.to_owned(),
            indent: indent.to_owned(),
            hard_breaks,
            theme: theme.clone(),
            lines: rendered.clone(),
            used: tick,
        });
        rendered
    }

    /// How many lookups were answered from the cache and how many rendered, and how many bodies it keeps.
    #[cfg(test)]
    pub fn stats(&self) -> (u64, u64, usize) {
        let inner = self.inner.borrow();
        (inner.hits, inner.misses, inner.entries.len())
    }
}

/// The fenced code blocks of `text` that name a language: (info string, code), from the same bounded text
/// [`lines`] draws.
pub fn fenced_code(text: &str) -> Vec<(String, String)> {
    if !text.contains("```") && !text.contains("~~~") {
        return Vec::new();
    }
    let text = source(text);
    let arena = Arena::new();
    let root = parse_document(&arena, &text, &Options::default());
    root.descendants()
        .filter_map(|node| match &node.data().value {
            NodeValue::CodeBlock(code) if code.fenced && !code.info.trim().is_empty() => {
                Some((code.info.clone(), code.literal.trim_end_matches('\n').to_owned()))
            }
            _ => None,
        })
        .collect()
}

/// At most the first [`CACHE_MAX_BODY`] bytes of `text`, cut at a character boundary.
fn prefix(text: &str) -> &str {
    let mut end = text.len().min(CACHE_MAX_BODY);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// The text a body is parsed from: [`bounded`], with tabs first as four spaces (as CommonMark counts them), so
/// that code indented with tabs keeps its shape (the bound would make each one space).
fn source(text: &str) -> String {
    if text.contains('\t') {
        bounded(&text.replace('\t', "    "))
    } else {
        bounded(text)
    }
}

/// `text` as lines, each prefixed with `indent` (the window goes through [`Cache`]).
#[cfg(test)]
pub fn lines(text: &str, theme: &Theme, indent: &str) -> Vec<Line<'static>> {
    render(text, theme, indent, false)
}

/// A comment as lines: as [`lines`], but each line break in a paragraph is kept, as GitHub shows comments (a
/// comment is typed, not laid out as a document).
#[cfg(test)]
pub fn comment_lines(text: &str, theme: &Theme, indent: &str) -> Vec<Line<'static>> {
    render(text, theme, indent, true)
}

fn render(text: &str, theme: &Theme, indent: &str, hard_breaks: bool) -> Vec<Line<'static>> {
    let text = source(text);
    let arena = Arena::new();
    let mut options = Options::default();
    options.extension.strikethrough = true;
    options.extension.table = true;
    options.extension.autolink = true;
    options.extension.tasklist = true;
    let root = parse_document(&arena, &text, &options);
    let mut out = Writer {
        theme,
        indent: indent.to_owned(),
        hard_breaks,
        lines: Vec::new(),
        current: Vec::new(),
        prefix: Vec::new(),
        first_prefix: None,
        gap: false,
        depth: 0,
        budget: Budget::new(highlight::BODY_BUDGET),
    };
    out.blocks(root, Style::default());
    out.finish();
    out.lines
}

struct Writer<'t> {
    theme: &'t Theme,
    indent: String,
    /// A soft line break ends the line (comments) instead of being a space (documents).
    hard_breaks: bool,
    lines: Vec<Line<'static>>,
    /// The spans of the line being built.
    current: Vec<Span<'static>>,
    /// The prefixes of the enclosing block quotes and list items (`│ `, two spaces).
    prefix: Vec<String>,
    /// The bullet or number of a list item, on its first line only.
    first_prefix: Option<String>,
    /// A blank line is due before the next line (blocks are separated by one; none at either end).
    gap: bool,
    /// How deep the walk is: past [`MAX_DEPTH`] the rest of a subtree is shown as plain text.
    depth: usize,
    /// The time left for highlighting this body's code.
    budget: Budget,
}

/// The deepest nesting of blocks and inlines walked with their structure (a hostile body nests thousands).
const MAX_DEPTH: usize = 32;

impl Writer<'_> {
    fn push(&mut self, text: impl Into<String>, style: Style) {
        self.current.push(Span::styled(text.into(), style));
    }

    /// Ends the line being built (an empty one too), after the blank line due.
    fn newline(&mut self) {
        if std::mem::take(&mut self.gap) {
            let lead = format!("{}{}", self.indent, self.prefix.concat());
            let lead = lead.trim_end();
            self.lines.push(if lead.is_empty() {
                Line::raw("")
            } else {
                Line::styled(lead.to_owned(), self.theme.muted)
            });
        }
        let mut lead = self.indent.clone();
        let mut prefixes = self.prefix.clone();
        if let (Some(first), Some(last)) = (self.first_prefix.take(), prefixes.last_mut()) {
            *last = first;
        }
        lead.push_str(&prefixes.concat());
        let mut spans = Vec::with_capacity(self.current.len() + 1);
        if !lead.is_empty() {
            spans.push(Span::styled(lead, self.theme.muted));
        }
        spans.append(&mut self.current);
        self.lines.push(Line::from(spans));
    }

    fn finish(&mut self) {
        if !self.current.is_empty() {
            self.newline();
        }
    }

    /// A blank line between blocks (none at the top, never two).
    fn gap(&mut self) {
        self.gap = !self.lines.is_empty();
    }

    /// A subtree too deep to walk with its structure: its text, on one line.
    fn flat<'a>(&mut self, node: Node<'a>, style: Style) {
        let mut text = String::new();
        for descendant in node.descendants() {
            match &descendant.data().value {
                NodeValue::Text(t) => text.push_str(t),
                NodeValue::Code(c) => text.push_str(&c.literal),
                NodeValue::CodeBlock(c) => text.push_str(&c.literal),
                NodeValue::HtmlInline(h) => text.push_str(h),
                NodeValue::HtmlBlock(h) => text.push_str(&h.literal),
                NodeValue::SoftBreak | NodeValue::LineBreak => text.push(' '),
                _ => {}
            }
        }
        self.push(text.replace('\n', " "), style);
    }

    fn blocks<'a>(&mut self, node: Node<'a>, style: Style) {
        for child in node.children() {
            self.block(child, style);
        }
    }

    fn block<'a>(&mut self, node: Node<'a>, style: Style) {
        if self.depth >= MAX_DEPTH {
            self.flat(node, style);
            self.finish();
            return;
        }
        self.depth += 1;
        self.block_inner(node, style);
        self.depth -= 1;
    }

    fn block_inner<'a>(&mut self, node: Node<'a>, style: Style) {
        let value = node.data().value.clone();
        match value {
            NodeValue::Paragraph => {
                self.inlines(node, style);
                self.finish();
                if !in_tight_item(node) {
                    self.gap();
                }
            }
            NodeValue::Heading(heading) => {
                let marks = "#".repeat(usize::from(heading.level.clamp(1, 6)));
                let style = self.theme.title.add_modifier(Modifier::BOLD);
                self.push(format!("{marks} "), self.theme.muted);
                self.inlines(node, style);
                self.finish();
                self.gap();
            }
            NodeValue::CodeBlock(code) => {
                let literal = code.literal.trim_end_matches('\n');
                let highlighted = if code.fenced {
                    highlight::lines(&code.info, literal, self.theme, &mut self.budget)
                } else {
                    None
                };
                match highlighted {
                    Some(lines) => {
                        for spans in lines {
                            self.push(" ", self.theme.accent);
                            self.current.extend(spans);
                            self.push(" ", self.theme.accent);
                            self.newline();
                        }
                    }
                    None => {
                        for line in literal.split('\n') {
                            self.push(format!(" {line} "), self.theme.accent);
                            self.newline();
                        }
                    }
                }
                self.gap();
            }
            NodeValue::HtmlBlock(html) => {
                // Shown as the text it is, never interpreted.
                for line in html.literal.trim_end_matches('\n').split('\n') {
                    self.push(line.to_owned(), self.theme.muted);
                    self.newline();
                }
                self.gap();
            }
            NodeValue::BlockQuote | NodeValue::MultilineBlockQuote(_) => {
                self.prefix.push("│ ".to_owned());
                self.blocks(node, style.add_modifier(Modifier::ITALIC));
                self.prefix.pop();
                self.gap();
            }
            NodeValue::List(list) => {
                for (number, item) in (list.start..).zip(node.children()) {
                    let bullet = match (&item.data().value, list.list_type) {
                        (NodeValue::TaskItem(task), _) => {
                            if task.symbol.is_some() {
                                "[x] ".to_owned()
                            } else {
                                "[ ] ".to_owned()
                            }
                        }
                        (_, ListType::Ordered) => format!("{number}. "),
                        (_, ListType::Bullet) => "• ".to_owned(),
                    };
                    let width = bullet.chars().count();
                    self.prefix.push(" ".repeat(width));
                    self.first_prefix = Some(bullet);
                    self.blocks(item, style);
                    self.finish();
                    if self.first_prefix.is_some() {
                        // An empty item: its bullet alone.
                        self.newline();
                    }
                    self.prefix.pop();
                }
                if self.prefix.is_empty() {
                    self.gap();
                }
            }
            NodeValue::ThematicBreak => {
                self.push("───", self.theme.muted);
                self.newline();
                self.gap();
            }
            NodeValue::Table(_) => {
                for row in node.children() {
                    let mut first = true;
                    for cell in row.children() {
                        if !first {
                            self.push(" │ ", self.theme.muted);
                        }
                        first = false;
                        self.inlines(cell, style);
                    }
                    self.newline();
                }
                self.gap();
            }
            _ => {
                // Anything else with block children (items, footnotes …): its children; inline content as text.
                if node.children().next().is_some() {
                    if node.first_child().is_some_and(|c| c.data().value.block()) {
                        self.blocks(node, style);
                    } else {
                        self.inlines(node, style);
                        self.finish();
                    }
                }
            }
        }
    }

    fn inlines<'a>(&mut self, node: Node<'a>, style: Style) {
        for child in node.children() {
            self.inline(child, style);
        }
    }

    fn inline<'a>(&mut self, node: Node<'a>, style: Style) {
        if self.depth >= MAX_DEPTH {
            self.flat(node, style);
            return;
        }
        self.depth += 1;
        self.inline_inner(node, style);
        self.depth -= 1;
    }

    fn inline_inner<'a>(&mut self, node: Node<'a>, style: Style) {
        let value = node.data().value.clone();
        match value {
            NodeValue::Text(text) => self.push(text.to_string(), style),
            NodeValue::SoftBreak if self.hard_breaks => self.newline(),
            NodeValue::SoftBreak => self.push(" ", style),
            NodeValue::LineBreak => self.newline(),
            NodeValue::Code(code) => self.push(code.literal, self.theme.accent),
            NodeValue::HtmlInline(html) | NodeValue::Raw(html) => self.push(html, style),
            NodeValue::Emph => self.inlines(node, style.add_modifier(Modifier::ITALIC)),
            NodeValue::Strong => self.inlines(node, style.add_modifier(Modifier::BOLD)),
            NodeValue::Strikethrough => self.inlines(node, style.add_modifier(Modifier::CROSSED_OUT)),
            NodeValue::Link(link) => {
                let text_start = self.current.len();
                self.inlines(node, style.add_modifier(Modifier::UNDERLINED));
                let text: String = self.current[text_start..]
                    .iter()
                    .map(|s| s.content.as_ref())
                    .collect();
                if text != link.url && !link.url.is_empty() {
                    self.push(format!(" <{}>", link.url), self.theme.muted);
                }
            }
            NodeValue::Image(link) => {
                self.push("[image: ", self.theme.muted);
                self.inlines(node, style);
                self.push(format!("] <{}>", link.url), self.theme.muted);
            }
            _ => self.inlines(node, style),
        }
    }
}

/// A paragraph directly in an item of a tight list: no blank line after it.
fn in_tight_item<'a>(node: Node<'a>) -> bool {
    let Some(item) = node.parent() else {
        return false;
    };
    let Some(list) = item.parent() else {
        return false;
    };
    match &list.data().value {
        NodeValue::List(list) => list.tight,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(text: &str) -> Vec<String> {
        let theme = Theme::default();
        lines(text, &theme, "")
            .iter()
            .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
            .collect()
    }

    fn span<'a>(lines: &'a [Line<'static>], text: &str) -> &'a Span<'static> {
        lines
            .iter()
            .flat_map(|l| l.spans.iter())
            .find(|s| s.content == text)
            .unwrap_or_else(|| panic!("no span {text:?} in {lines:?}"))
    }

    #[test]
    fn headings_emphasis_strong_and_code() {
        let theme = Theme::default();
        let out = lines("# Title\n\nSome *soft* and **bold** with `x = 1`.", &theme, "");
        assert_eq!(
            plain("# Title\n\nSome *soft* and **bold** with `x = 1`."),
            ["# Title", "", "Some soft and bold with x = 1."]
        );
        assert!(span(&out, "Title").style.add_modifier.contains(Modifier::BOLD));
        assert!(span(&out, "soft").style.add_modifier.contains(Modifier::ITALIC));
        assert!(span(&out, "bold").style.add_modifier.contains(Modifier::BOLD));
        assert_eq!(span(&out, "x = 1").style, theme.accent);
    }

    #[test]
    fn lists_nest_and_number() {
        assert_eq!(
            plain("- one\n- two\n  - inner\n\n3. three\n4. four"),
            ["• one", "• two", "  • inner", "", "3. three", "4. four"]
        );
        assert_eq!(plain("- [x] done\n- [ ] open"), ["[x] done", "[ ] open"]);
        assert_eq!(plain("- one\n-\n- three"), ["• one", "• ", "• three"]);
    }

    #[test]
    fn code_blocks_keep_their_lines() {
        // No language: the plain code style (highlighting is tested in tests/code.rs).
        let theme = Theme::default();
        let out = lines("```\nfn main() {\n    x();\n}\n```\nafter", &theme, "  ");
        let text: Vec<String> = out
            .iter()
            .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
            .collect();
        assert_eq!(text, ["   fn main() { ", "       x(); ", "   } ", "", "  after"]);
        assert_eq!(span(&out, "     x(); ").style, theme.accent);
    }

    #[test]
    fn links_show_text_and_url_quotes_are_marked() {
        assert_eq!(
            plain("See [the docs](https://example.com/d) or https://a.b/c."),
            ["See the docs <https://example.com/d> or https://a.b/c."]
        );
        assert_eq!(plain("> quoted\n> more\n\nafter"), ["│ quoted more", "", "after"]);
    }

    #[test]
    fn raw_html_is_shown_as_text_never_rendered() {
        assert_eq!(
            plain("<script>alert(1)</script>\n\nhi <b>there</b>"),
            ["<script>alert(1)</script>", "", "hi <b>there</b>"]
        );
    }

    #[test]
    fn huge_and_hostile_bodies_stay_bounded() {
        let huge = "*a* ".repeat(50_000);
        let out = plain(&huge);
        let chars: usize = out.iter().map(|l| l.chars().count()).sum();
        assert!(chars < 25_000, "{chars}");
        assert!(
            out.last()
                .is_some_and(|l| l.contains("more characters not shown"))
        );
        assert_eq!(plain("bell\u{7} here"), ["bell� here"]);
    }

    #[test]
    fn nesting_past_the_depth_bound_is_shown_as_its_text_on_one_line() {
        // Within the bound every quote is drawn with its bar.
        assert_eq!(plain("> > > x"), ["│ │ │ x"]);
        let bars = "│ ".repeat(MAX_DEPTH);
        // 5,000 quotes deep: the first 32 keep their bars; the rest of the subtree is its text, on one line,
        // emphasis and code included.
        let hostile = format!("{}deep *soft* and `code`\nnext line", "> ".repeat(5_000));
        assert_eq!(plain(&hostile), [format!("{bars}deep soft and code next line")]);
        // The bound is the same for one level past it.
        let just_past = format!("{}x", "> ".repeat(MAX_DEPTH + 1));
        assert_eq!(plain(&just_past), [format!("{bars}x")]);
    }

    #[test]
    fn comment_keeps_its_line_breaks_when_a_document_joins_them() {
        let theme = Theme::default();
        let text = |lines: Vec<Line<'static>>| -> Vec<String> {
            lines
                .iter()
                .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
                .collect()
        };
        let body = "first line\nsecond *line*\n\nnew paragraph";
        assert_eq!(
            text(comment_lines(body, &theme, "")),
            ["first line", "second line", "", "new paragraph"]
        );
        assert_eq!(
            text(lines(body, &theme, "")),
            ["first line second line", "", "new paragraph"]
        );
        // The cache tells the two apart.
        let cache = Cache::default();
        assert_eq!(cache.lines(body, &theme, "").len(), 3);
        assert_eq!(cache.comment_lines(body, &theme, "").len(), 4);
    }
}
