//! Draws the memory graph screen (`graph.rs`): the graph's state on the border, the tabs, and the open tab —
//! the hotspots table, a file's story with the selected line in full below it, the search and its hits, or what
//! agents are told. A graph that is off or a FalkorDB that does not answer fills the screen with what to do.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};
use relay_core::display::human_age;
use relay_core::proto;

use super::app::Model;
use super::fit::{fit, one_line};
use super::graph::{GraphState, HOTSPOTS, SEARCH, STORY, TABS, TOLD, Tone};
use super::keymap::{Command, Scope};
use super::mouse::{Hits, Target};
use super::theme::Theme;

fn tone(theme: &Theme, tone: Tone) -> Style {
    match tone {
        Tone::Text => theme.text,
        Tone::Muted => theme.muted,
        Tone::Title => theme.title,
        Tone::Accent => theme.accent,
        Tone::Warn => theme.warn,
        Tone::Error => theme.error,
    }
}

fn key(model: &Model, command: Command) -> String {
    model.keymap.first_label(Scope::Graph, command)
}

pub fn render(model: &Model, theme: &Theme, area: Rect, buf: &mut Buffer, hits: &mut Hits) {
    let state = &model.graph;
    let project = state.project.as_deref().unwrap_or("no project yet");
    let Some(status) = state.status.as_ref().filter(|s| s.enabled && s.connected) else {
        let block = Block::bordered().title(format!(" Memory graph · {} ", one_line(project, 60)));
        let inner = block.inner(area);
        block.render(area, buf);
        match &state.status {
            None => say(
                vec![Line::styled(
                    waiting_words(model, "asking relayd about the graph"),
                    theme.muted,
                )],
                inner,
                buf,
            ),
            Some(status) if !status.enabled => off(model, theme, inner, buf),
            Some(status) => down(model, status, theme, inner, buf),
        }
        return;
    };
    let mut rows = vec![Constraint::Length(1)];
    let rebuild = status.projects.iter().find_map(|p| {
        (Some(p.project.as_str()) == state.project.as_deref())
            .then(|| p.needs_rebuild.clone())
            .flatten()
    });
    if rebuild.is_some() {
        rows.push(Constraint::Length(1));
    }
    rows.push(Constraint::Min(1));
    let parts = Layout::vertical(rows).split(area);
    tabs(model, status, theme, parts[0], buf, hits);
    if let Some(why) = rebuild {
        fit(
            Line::styled(
                format!(
                    "NEEDS REBUILD: {} — relay graph rebuild {project}",
                    one_line(&why, 300)
                ),
                theme.warn,
            ),
            usize::from(area.width),
        )
        .render(parts[1], buf);
    }
    let body = input_line(model, theme, parts[parts.len() - 1], buf);
    match state.tab {
        HOTSPOTS => hotspots(model, theme, body, buf, hits),
        STORY => story(model, theme, body, buf, hits),
        SEARCH => search(model, theme, body, buf, hits),
        _ => told(model, theme, body, buf, hits),
    }
}

/// "asking FalkorDB… 3 s" while an answer is awaited.
fn waiting_words(model: &Model, what: &str) -> String {
    match model.graph.waiting_since {
        Some(since) if model.now_ms - since >= 1_000 => {
            format!("{what}… {} s", (model.now_ms - since) / 1_000)
        }
        _ => format!("{what}…"),
    }
}

fn tabs(
    model: &Model,
    status: &proto::GraphStatus,
    theme: &Theme,
    area: Rect,
    buf: &mut Buffer,
    hits: &mut Hits,
) {
    let state = &model.graph;
    let mut spans = Vec::new();
    for (i, name) in TABS.iter().enumerate() {
        let style = if i == state.tab {
            theme.selected
        } else {
            theme.muted
        };
        spans.push(Span::raw(" "));
        spans.push(Span::styled(format!(" {} {name} ", i + 1), style));
    }
    let mut x = area.x;
    for (i, span) in spans.iter().enumerate() {
        let width = u16::try_from(span.width()).unwrap_or(u16::MAX);
        if i % 2 == 1 {
            hits.add(
                Rect::new(x, area.y, width, 1).intersection(area),
                Target::Tab(i / 2),
            );
        }
        x = x.saturating_add(width);
    }
    if model
        .graph
        .waiting_since
        .is_some_and(|s| model.now_ms - s >= 1_000)
    {
        spans.push(Span::styled(
            format!("  {}", waiting_words(model, "asking")),
            theme.warn,
        ));
    }
    let tabs = Line::from(spans);
    // The graph's state on the right when it fits: where FalkorDB is and when the projector last wrote.
    let right = format!(
        "FalkorDB {}{} ",
        status.url.as_deref().unwrap_or("connected"),
        status
            .last_pass_at_ms
            .map(|at| format!(" · last pass {}", human_age(model.now_ms - at)))
            .unwrap_or_default()
    );
    let right_width = u16::try_from(Line::raw(right.as_str()).width()).unwrap_or(u16::MAX);
    let tabs_width = u16::try_from(tabs.width()).unwrap_or(u16::MAX);
    fit(tabs, usize::from(area.width)).render(area, buf);
    if tabs_width.saturating_add(right_width).saturating_add(2) <= area.width {
        Line::styled(right, theme.muted)
            .render(Rect::new(area.right() - right_width, area.y, right_width, 1), buf);
    }
}

/// The line over the tab for what is being typed (a file's path, the search words, the filter).
fn input_line(model: &Model, theme: &Theme, area: Rect, buf: &mut Buffer) -> Rect {
    let state = &model.graph;
    let words: Option<Vec<Span<'static>>> = if state.path.typing {
        Some(vec![
            Span::styled(format!("open the story of: {}▏", state.path.query), theme.accent),
            Span::styled(
                "  a file of the repository (src/auth.ts) · Enter opens · Esc cancels",
                theme.muted,
            ),
        ])
    } else if state.tab == SEARCH {
        Some(search_words(model, theme))
    } else if matches!(state.tab, HOTSPOTS | STORY) && state.find.active() {
        let (shown, total, noun) = match state.tab {
            HOTSPOTS => (
                state.visible_files().len(),
                state
                    .files
                    .as_ref()
                    .and_then(|f| f.as_ref().ok())
                    .map_or(0, Vec::len),
                "files",
            ),
            _ => (
                state.ids().len(),
                state.story.as_ref().and_then(|s| s.as_ref().ok()).map_or(0, |s| {
                    super::graph::story_lines(s)
                        .iter()
                        .filter(|l| l.id.is_some())
                        .count()
                }),
                "lines",
            ),
        };
        Some(state.find.spans(shown, total, noun, theme))
    } else {
        None
    };
    let Some(words) = words else {
        return area;
    };
    if area.height < 3 {
        return area;
    }
    let [line, rest] = Layout::vertical([Constraint::Length(1), Constraint::Min(1)]).areas(area);
    fit(Line::from(words), usize::from(line.width)).render(line, buf);
    rest
}

fn search_words(model: &Model, theme: &Theme) -> Vec<Span<'static>> {
    let state = &model.graph;
    let find = key(model, Command::Find);
    if state.search.typing {
        return vec![
            Span::styled(format!("/{}▏", state.search.query), theme.accent),
            Span::styled(
                "  Enter searches every prompt and answer · whole words, end one with * for a prefix · Esc clears",
                theme.muted,
            ),
        ];
    }
    match (&state.searched, &state.hits) {
        (Some(words), Some((asked, Ok(hits)))) if asked == words => vec![
            Span::styled(format!("\"{}\"", one_line(words, 100)), theme.accent),
            Span::styled(
                format!("  {} · {find} searches again", count(hits.len(), "turn")),
                theme.muted,
            ),
        ],
        (Some(words), _) => vec![
            Span::styled(format!("\"{}\"", one_line(words, 100)), theme.accent),
            Span::styled(format!("  {find} searches again"), theme.muted),
        ],
        (None, _) => vec![Span::styled(
            format!("{find} types words to search every agent's prompts and answers for"),
            theme.muted,
        )],
    }
}

fn count(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

fn say(lines: Vec<Line<'static>>, area: Rect, buf: &mut Buffer) {
    Paragraph::new(lines).wrap(Wrap { trim: false }).render(area, buf);
}

fn off(model: &Model, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let _ = model;
    say(
        vec![
            Line::styled("The memory graph is off.", theme.warn),
            Line::raw(""),
            Line::raw(
                "relay keeps every agent's transcripts, edits and lock claims in its ledger; the graph makes them \
                 askable here: who changed a file, in which session, because of which prompt, who was refused it, \
                 which decisions name it and who to ask.",
            ),
            Line::raw(""),
            Line::raw("To turn it on, in a shell:"),
            Line::from(vec![
                Span::styled("  relay graph up", theme.accent),
                Span::styled(
                    "                        starts a FalkorDB that relayd runs for you",
                    theme.muted,
                ),
            ]),
            Line::from(vec![
                Span::styled("  relay graph enable falkor://HOST:PORT", theme.accent),
                Span::styled("  uses a FalkorDB you run", theme.muted),
            ]),
            Line::raw(""),
            Line::styled(
                "This screen fills by itself once it is on (it asks again every 10 s).",
                theme.muted,
            ),
        ],
        area,
        buf,
    );
}

fn down(model: &Model, status: &proto::GraphStatus, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let url = status.url.as_deref().unwrap_or("the configured URL");
    let why = status
        .last_error
        .as_deref()
        .map_or_else(|| "relay has not connected yet".to_owned(), |e| one_line(e, 400));
    say(
        vec![
            Line::styled(format!("FalkorDB at {url} does not answer: {why}."), theme.error),
            Line::raw(""),
            Line::raw(
                "Nothing is lost: relay keeps recording in its ledger and sends the graph what it missed when the \
                 server is back.",
            ),
            Line::raw(""),
            Line::from(vec![
                Span::styled("  relay graph status", theme.accent),
                Span::styled("  what relay last heard from it", theme.muted),
            ]),
            Line::from(vec![
                Span::styled("  relay graph up", theme.accent),
                Span::styled(
                    "      starts a FalkorDB that relayd runs (when you have none)",
                    theme.muted,
                ),
            ]),
            Line::raw(""),
            Line::styled(
                format!(
                    "This screen asks again every 10 s; {} asks now.",
                    model.keymap.first_label(Scope::Global, Command::Refresh)
                ),
                theme.muted,
            ),
        ],
        area,
        buf,
    );
}

fn failed(why: &str, theme: &Theme, area: Rect, buf: &mut Buffer) {
    say(
        vec![
            Line::styled(
                format!("The graph could not answer: {}", one_line(why, 1_000)),
                theme.error,
            ),
            Line::styled("Ctrl-R asks again.", theme.muted),
        ],
        area,
        buf,
    );
}

fn hotspots(model: &Model, theme: &Theme, area: Rect, buf: &mut Buffer, hits: &mut Hits) {
    let state = &model.graph;
    let rows = match &state.files {
        None => {
            say(
                vec![Line::styled(
                    waiting_words(model, "asking FalkorDB for the files"),
                    theme.muted,
                )],
                area,
                buf,
            );
            return;
        }
        Some(Err(why)) => return failed(why, theme, area, buf),
        Some(Ok(rows)) => rows,
    };
    if rows.is_empty() {
        say(
            vec![
                Line::raw("Nothing is in this project's graph yet."),
                Line::styled(
                    "relay reads each agent's transcripts every 30 s and when a session stops, and projects them into \
                     the graph every 5 s; a file shows here once an agent changed it, held its lock or a decision \
                     named it.",
                    theme.muted,
                ),
            ],
            area,
            buf,
        );
        return;
    }
    let shown = state.visible_files();
    let now = model.now_ms;
    hits.page = usize::from(area.height.saturating_sub(3)).max(1);
    let ranked = rows.iter().filter(|r| r.rank.is_some()).count();
    let title = format!(
        " {} · {ranked} ranked (PageRank over files changed together) ",
        count(rows.len(), "file"),
    );
    super::fit::Table {
        block: Block::bordered().title(fit(Line::raw(title), usize::from(area.width.saturating_sub(2)))),
        headers: &["rank", "file", "changes", "agents", "last change", "group"],
        columns: &[
            Constraint::Length(6),
            Constraint::Fill(4),
            Constraint::Length(7),
            Constraint::Fill(2),
            Constraint::Length(11),
            Constraint::Length(5),
        ],
        len: shown.len(),
        selected: state.selected[HOTSPOTS],
        empty: "No file contains that text (Esc clears the filter).",
    }
    .render(theme, area, buf, hits, |i| {
        let row = shown[i];
        vec![
            vec![Span::styled(
                row.rank.map_or_else(|| "—".to_owned(), |r| format!("{r:.3}")),
                theme.muted,
            )],
            state.find.marked(&one_line(&row.file, 300), theme.title, theme),
            vec![Span::raw(row.edits.to_string())],
            state
                .find
                .marked(&one_line(&row.agents.join(", "), 200), Style::default(), theme),
            vec![Span::styled(
                row.last_at.map_or_else(String::new, |at| human_age(now - at)),
                theme.muted,
            )],
            vec![Span::styled(
                row.community.map_or_else(String::new, |c| c.to_string()),
                theme.muted,
            )],
        ]
    });
}

/// The rows of a detail pane under a list (none when the screen is too short for one).
fn detail_rows(area: Rect) -> u16 {
    if area.height >= 16 {
        (area.height / 3).clamp(5, 10)
    } else {
        0
    }
}

fn story(model: &Model, theme: &Theme, area: Rect, buf: &mut Buffer, hits: &mut Hits) {
    let state = &model.graph;
    let Some(file) = &state.file else {
        say(
            vec![
                Line::raw("No file chosen yet."),
                Line::styled(
                    format!(
                        "Enter on a hotspot shows its story; {} opens a file by its path (src/auth.ts); a search's \
                         hits name the sessions to look at.",
                        key(model, Command::OpenFile)
                    ),
                    theme.muted,
                ),
            ],
            area,
            buf,
        );
        return;
    };
    let story = match &state.story {
        None => {
            say(
                vec![Line::styled(
                    waiting_words(
                        model,
                        &format!("asking FalkorDB for the story of {}", one_line(file, 200)),
                    ),
                    theme.muted,
                )],
                area,
                buf,
            );
            return;
        }
        Some(Err(why)) => return failed(why, theme, area, buf),
        Some(Ok(story)) => story,
    };
    let lines = state.story_lines();
    let selectable: Vec<usize> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.id.is_some())
        .map(|(i, _)| i)
        .collect();
    let selected = state.selected[STORY];
    let agents = {
        let mut seen: Vec<&str> = story.changes.iter().map(|c| c.agent.as_str()).collect();
        seen.sort_unstable();
        seen.dedup();
        seen.len()
    };
    let rank = state
        .files
        .as_ref()
        .and_then(|f| f.as_ref().ok())
        .and_then(|rows| rows.iter().find(|r| r.file == *file))
        .and_then(|r| r.rank.map(|rank| format!(" · rank {rank:.3}")))
        .unwrap_or_default();
    let title = format!(
        " {} · {} by {}{rank} ",
        one_line(file, 200),
        count(story.changes.len(), "change"),
        count(agents, "agent")
    );
    let [list_area, detail_area] =
        Layout::vertical([Constraint::Min(3), Constraint::Length(detail_rows(area))]).areas(area);
    let block = Block::bordered().title(fit(Line::raw(title), usize::from(area.width.saturating_sub(2))));
    let inner = block.inner(list_area);
    let height = usize::from(inner.height);
    hits.page = height.max(1);
    let at = selectable.get(selected).copied().unwrap_or(0);
    let top = at.saturating_sub(height.saturating_sub(1));
    let width = usize::from(inner.width);
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate().skip(top).take(height) {
        let mut spans = vec![Span::raw("  ".repeat(usize::from(line.depth)))];
        for (text, t) in &line.parts {
            let style = tone(theme, *t);
            if line.id.is_some() && state.find.active() {
                spans.extend(state.find.marked(text, style, theme));
            } else {
                spans.push(Span::styled(text.clone(), style));
            }
        }
        let mut drawn = fit(Line::from(spans), width);
        if line.id.is_some() && i == at {
            drawn = drawn.style(theme.selected);
        }
        out.push(drawn);
        if let Some(row) = selectable.iter().position(|s| *s == i) {
            let y = inner.y + u16::try_from(i - top).unwrap_or(u16::MAX);
            hits.add(Rect::new(inner.x, y, inner.width, 1), Target::Row(row));
        }
    }
    if selectable.is_empty() && state.find.active() {
        out.push(Line::styled(
            "No line contains that text (Esc clears the filter).",
            theme.muted,
        ));
    }
    let block = if lines.len() > height {
        block.title_bottom(super::view::position(top, top + height, lines.len()))
    } else {
        block
    };
    Paragraph::new(out).block(block).render(list_area, buf);
    if detail_area.height > 0 {
        let detail: Vec<Line> = selectable
            .get(selected)
            .and_then(|i| lines.get(*i))
            .map(|l| l.detail.iter().map(|d| Line::raw(d.clone())).collect())
            .unwrap_or_default();
        Paragraph::new(detail)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(" Selected "))
            .render(detail_area, buf);
    }
}

fn search(model: &Model, theme: &Theme, area: Rect, buf: &mut Buffer, hits: &mut Hits) {
    let state = &model.graph;
    let Some(words) = &state.searched else {
        say(
            vec![Line::styled(
                "Search every prompt and answer the agents wrote (FalkorDB's full-text index over the ledger's turns).",
                theme.muted,
            )],
            area,
            buf,
        );
        return;
    };
    let found = match &state.hits {
        Some((asked, result)) if asked == words => result,
        _ => {
            say(
                vec![Line::styled(waiting_words(model, "searching"), theme.muted)],
                area,
                buf,
            );
            return;
        }
    };
    let found = match found {
        Err(why) => return failed(why, theme, area, buf),
        Ok(found) => found,
    };
    if found.is_empty() {
        say(
            vec![Line::styled(
                format!("No prompt or answer contains \"{}\".", one_line(words, 100)),
                theme.muted,
            )],
            area,
            buf,
        );
        return;
    }
    let now = model.now_ms;
    let [list_area, detail_area] =
        Layout::vertical([Constraint::Min(4), Constraint::Length(detail_rows(area))]).areas(area);
    hits.page = usize::from(list_area.height.saturating_sub(3)).max(1);
    let selected = state.selected[SEARCH];
    super::fit::Table {
        block: Block::bordered(),
        headers: &["when", "agent", "session", "who", "text"],
        columns: &[
            Constraint::Length(9),
            Constraint::Length(12),
            Constraint::Length(8),
            Constraint::Length(9),
            Constraint::Fill(1),
        ],
        len: found.len(),
        selected,
        empty: "",
    }
    .render(theme, list_area, buf, hits, |i| {
        let hit = &found[i];
        vec![
            vec![Span::styled(
                hit.at.map_or_else(String::new, |at| human_age(now - at)),
                theme.muted,
            )],
            vec![Span::styled(one_line(&hit.agent, 60), theme.accent)],
            vec![Span::raw(hit.session.chars().take(8).collect::<String>())],
            vec![Span::styled(
                if hit.role == "user" { "prompt" } else { "answer" }.to_owned(),
                theme.muted,
            )],
            vec![Span::raw(one_line(&hit.text, 400))],
        ]
    });
    if detail_area.height > 0
        && let Some(hit) = found.get(selected)
    {
        let mut text: Vec<Line> = vec![Line::styled(
            format!(
                "{} {} in session {} · {}",
                hit.agent,
                if hit.role == "user" {
                    "was asked"
                } else {
                    "answered"
                },
                if hit.session.is_empty() { "?" } else { &hit.session },
                hit.at
                    .map_or_else(|| "when unknown".to_owned(), |at| human_age(now - at))
            ),
            theme.muted,
        )];
        text.extend(hit.text.lines().take(200).map(|l| Line::raw(one_line(l, 2_000))));
        Paragraph::new(text)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(" Selected "))
            .render(detail_area, buf);
    }
}

/// A brief's text as relay writes it, each line quoted with a bar (control characters replaced).
fn quoted_block(text: &str, theme: &Theme) -> Vec<Line<'static>> {
    text.lines()
        .map(|l| {
            Line::from(vec![
                Span::styled("  │ ", theme.muted),
                Span::raw(one_line(l, 2_000)),
            ])
        })
        .collect()
}

fn told(model: &Model, theme: &Theme, area: Rect, buf: &mut Buffer, hits: &mut Hits) {
    let state = &model.graph;
    let Some(file) = &state.file else {
        say(
            vec![
                Line::raw("No file chosen yet."),
                Line::styled(
                    format!(
                        "Pick one on the Hotspots tab (Enter) or with {}: this tab shows, word for word, what relay \
                         tells an agent about it.",
                        key(model, Command::OpenFile)
                    ),
                    theme.muted,
                ),
            ],
            area,
            buf,
        );
        return;
    };
    let told = match &state.told {
        None => {
            say(
                vec![Line::styled(
                    waiting_words(model, "asking relayd what agents are told"),
                    theme.muted,
                )],
                area,
                buf,
            );
            return;
        }
        Some(Err(why)) => return failed(why, theme, area, buf),
        Some(Ok(told)) => told,
    };
    let mut lines = vec![
        Line::styled(
            format!("What agents are told about {}", one_line(file, 300)),
            theme.title,
        ),
        Line::raw(""),
        Line::styled(
            "Before an agent's first edit of it — the pre-tool hook's context (Claude Code's additionalContext; an \
             agent whose hook has no such channel is told nothing), once per file per session, read from relayd's \
             memory:",
            theme.text,
        ),
    ];
    match &told.pre_tool {
        Ok(brief) if !brief.enabled => lines.push(Line::styled(
            "  off: graph_pre_tool_brief = false in config.toml, so the hook tells agents nothing",
            theme.warn,
        )),
        Ok(brief) => match &brief.text {
            Some(text) => lines.extend(quoted_block(text, theme)),
            None => lines.push(Line::styled(
                format!(
                    "  nothing: no other session, decision or agent to ask is on record for it ({} of this project \
                     held in memory; filled after each projection pass)",
                    count(usize::try_from(brief.cached_files).unwrap_or(0), "file")
                ),
                theme.muted,
            )),
        },
        Err(why) => lines.push(Line::styled(format!("  could not be read: {}", one_line(why, 400)), theme.error)),
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        "When an agent calls relay_session_brief for it (MCP; at most 500 tokens):",
        theme.text,
    ));
    match &told.session_brief {
        Ok(text) => lines.extend(quoted_block(text, theme)),
        Err(why) => lines.push(Line::styled(
            format!("  could not be read: {}", one_line(why, 400)),
            theme.error,
        )),
    }
    let block = Block::bordered();
    let inner = block.inner(area);
    let rows = Paragraph::new(lines.clone())
        .wrap(Wrap { trim: false })
        .line_count(inner.width);
    let max = u16::try_from(rows.saturating_sub(usize::from(inner.height))).unwrap_or(u16::MAX);
    hits.scroll_max = Some(max);
    hits.page = usize::from(inner.height.saturating_sub(1)).max(1);
    Paragraph::new(lines)
        .block(block)
        .wrap(Wrap { trim: false })
        .scroll((state.scroll.min(max), 0))
        .render(area, buf);
}

/// The header's place: `Memory graph › acme › src/auth.ts`.
pub fn crumbs(state: &GraphState) -> Vec<String> {
    let mut path = vec!["Memory graph".to_owned()];
    if let Some(project) = &state.project {
        path.push(project.clone());
    }
    if let Some(file) = &state.file
        && matches!(state.tab, STORY | TOLD)
    {
        path.push(one_line(file, 200));
    }
    path
}
