//! Fenced code through syntect, the task view's markdown cache, and long lines in the text panes and one-line
//! rows: no daemon, no terminal.

use std::collections::HashSet;
use std::time::Duration;

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::style::{Color, Style};
use ratatui::text::Line;
use relay_core::proto;

use super::screen;
use crate::ui::app::{Action, Data, Fetch, Model, Screen, TaskData, update};
use crate::ui::highlight::{self, Budget, MAX_LINE_CHARS, MAX_LINES};
use crate::ui::markdown::{self, CACHE_ENTRIES, Cache};
use crate::ui::theme::{Depth, Theme};

fn text(line: &Line<'_>) -> String {
    line.spans.iter().map(|s| s.content.as_ref()).collect()
}

/// The foreground colours a line's non-blank spans are drawn in.
fn colours(line: &Line<'_>) -> HashSet<Option<Color>> {
    line.spans
        .iter()
        .filter(|s| !s.content.trim().is_empty())
        .map(|s| s.style.fg)
        .collect()
}

const RUST: &str =
    "```rust\nfn main() {\n    let answer: u32 = 42; // the answer\n    println!(\"{answer}\");\n}\n```\n";

/// The rust block's lines through the highlighter, with all the time it needs (a debug build compiles the
/// grammar's regexes slowly; the window's time budget is for release builds).
fn highlighted(theme: &Theme) -> Vec<Line<'static>> {
    let code = RUST.trim_start_matches("```rust\n").trim_end_matches("\n```\n");
    let mut budget = Budget::new(Duration::from_secs(3600));
    let lines = highlight::lines("rust", code, theme, &mut budget).unwrap_or_default();
    lines.into_iter().map(Line::from).collect()
}

#[test]
fn rust_block_is_drawn_in_several_colours_when_its_language_is_known() {
    let theme = Theme::dark();
    let out = markdown::lines(RUST, &theme, "");
    let texts: Vec<String> = out.iter().map(text).collect();
    assert_eq!(
        texts,
        [
            " fn main() { ",
            "     let answer: u32 = 42; // the answer ",
            "     println!(\"{answer}\"); ",
            " } ",
        ],
        "the text is the code's, with the code block's margins"
    );
    assert!(
        colours(&out[0]).len() > 1,
        "the first line is highlighted: {:?}",
        out[0]
    );
    let out = highlighted(&theme);
    let all: HashSet<Option<Color>> = out.iter().flat_map(colours).collect();
    assert!(
        all.len() >= 3,
        "keywords, types, numbers, comments differ: {all:?}"
    );
    assert!(colours(&out[1]).len() > 1, "{:?}", out[1]);
}

#[test]
fn light_theme_highlights_with_a_light_palette_when_chosen() {
    let dark: HashSet<Option<Color>> = highlighted(&Theme::dark()).iter().flat_map(colours).collect();
    let light: HashSet<Option<Color>> = highlighted(&Theme::built_in("light", Depth::TrueColor))
        .iter()
        .flat_map(colours)
        .collect();
    assert!(light.len() > 1);
    assert_ne!(dark, light, "dark and light use different syntect themes");
}

#[test]
fn code_colours_follow_the_terminal_depth_when_it_has_fewer_colours() {
    for depth in [Depth::Ansi16, Depth::Ansi256] {
        let all: HashSet<Option<Color>> = highlighted(&Theme::built_in("dark", depth))
            .iter()
            .flat_map(colours)
            .collect();
        assert!(
            all.len() > 2,
            "{depth:?} keeps the code in several colours: {all:?}"
        );
        for colour in all.into_iter().flatten() {
            match (depth, colour) {
                (_, Color::Rgb(..)) => panic!("{depth:?}: a true colour {colour:?} was drawn"),
                (Depth::Ansi16, Color::Indexed(_)) => panic!("16 colours: an index {colour:?} was drawn"),
                _ => {}
            }
        }
    }
}

#[test]
fn unknown_or_missing_language_keeps_the_plain_code_style_when_drawn() {
    let theme = Theme::dark();
    for body in [
        "```klingon\nqapla' batlh\n```",
        "```\nqapla' batlh\n```",
        "```text\nqapla' batlh\n```",
        "    qapla' batlh\n",
    ] {
        let out = markdown::lines(body, &theme, "");
        assert_eq!(out.len(), 1, "{body:?}: {out:?}");
        assert_eq!(text(&out[0]), " qapla' batlh ", "{body:?}");
        assert!(
            out[0].spans.iter().all(|s| s.style == theme.accent),
            "{body:?}: {out:?}"
        );
    }
}

#[test]
fn info_strings_name_the_language_when_written_the_usual_ways() {
    let theme = Theme::dark();
    for info in [
        "rust,ignore",
        "Rust",
        "rs",
        "python",
        "py",
        "sh",
        "bash",
        "json",
        "diff",
        "yaml",
    ] {
        let body = format!("```{info}\nx = [1, \"two\"] # 3\n```");
        let out = markdown::lines(&body, &theme, "");
        assert!(
            out[0].spans.iter().any(|s| s.style != theme.accent),
            "{info}: {out:?}"
        );
    }
}

#[test]
fn huge_block_is_highlighted_up_to_the_bound_and_plain_after_it() {
    let theme = Theme::dark();
    let code: String = (0..MAX_LINES + 50)
        .map(|i| format!("let x{i} = {i};\n"))
        .collect();
    let mut budget = Budget::new(Duration::from_secs(3600));
    let out = highlight::lines("rust", &code, &theme, &mut budget).unwrap();
    assert_eq!(
        out.len(),
        MAX_LINES + 51,
        "every line is drawn (the last one empty)"
    );
    assert!(out[MAX_LINES - 1].len() > 1, "the last highlighted line");
    let after = &out[MAX_LINES];
    assert_eq!(after.len(), 1);
    assert_eq!(after[0].content, format!("let x{MAX_LINES} = {MAX_LINES};"));
    assert_eq!(after[0].style, theme.accent);
}

#[test]
fn long_line_and_the_rest_of_its_block_are_plain_when_past_the_line_bound() {
    let theme = Theme::dark();
    let long = format!("let s = \"{}\";", "a".repeat(MAX_LINE_CHARS));
    let code = format!("let a = 1;\n{long}\nlet b = 2;");
    let mut budget = Budget::new(Duration::from_secs(3600));
    let out = highlight::lines("rust", &code, &theme, &mut budget).unwrap();
    assert!(out[0].len() > 1);
    assert_eq!(out[1].len(), 1);
    assert_eq!(out[1][0].content, long);
    assert_eq!(
        out[2].len(),
        1,
        "the grammar did not read the long line: the rest is plain"
    );
}

#[test]
fn spent_budget_leaves_the_rest_of_the_body_plain_when_time_runs_out() {
    let theme = Theme::dark();
    let mut budget = Budget::new(Duration::ZERO);
    let first = highlight::lines("rust", "let a = 1;\nlet b = 2;", &theme, &mut budget).unwrap();
    assert!(first[0].len() > 1, "a block's first line is always highlighted");
    assert_eq!(first[1].len(), 1, "then the budget is spent");
    let next = highlight::lines("rust", "let c = 3;", &theme, &mut budget).unwrap();
    assert_eq!(next[0].len(), 1, "a later block of the same body is plain");
    assert_eq!(next[0][0].style, theme.accent);
}

#[test]
fn pathological_code_renders_in_bounded_time_when_a_body_is_hostile() {
    // Lines built to make backtracking grammars work hard (unclosed strings, raw-string hashes, nested
    // generics, escapes), across languages; the body is cut at 20,000 characters and the budget caps the rest.
    let theme = Theme::dark();
    let nasty = [
        format!("r{}\"{}", "#".repeat(200), "\\\"".repeat(140)),
        format!("{}{}", "Vec<".repeat(120), "'a, ".repeat(60)),
        format!("\"{}", "\\x\\u{".repeat(80)),
        "/*".repeat(240),
    ];
    for language in ["rust", "python", "sh", "json"] {
        let code: String = (0..60).map(|i| format!("{}\n", nasty[i % nasty.len()])).collect();
        let body = format!("```{language}\n{code}```\n");
        let out = markdown::lines(&body, &theme, "");
        assert!(out.len() >= 40, "{language}: the lines are drawn");
        // What bounds the time: once the budget is spent no line goes through the grammar again — each is drawn
        // as its plain text in the code colour (the first line of a block always gets one try).
        let mut spent = Budget::new(Duration::ZERO);
        let first = highlight::lines(language, &code, &theme, &mut spent).expect("a known language");
        for (line, spans) in code.split('\n').zip(&first).skip(1) {
            assert_eq!(
                spans.len(),
                1,
                "{language}: one plain span once the budget is spent"
            );
            assert_eq!(spans[0].content, line, "{language}");
            assert_eq!(spans[0].style, theme.accent, "{language}");
        }
        let again = highlight::lines(language, &code, &theme, &mut spent).expect("a known language");
        assert!(
            again
                .iter()
                .zip(code.split('\n'))
                .all(|(spans, line)| spans.len() == 1 && spans[0].content == line),
            "{language}: a spent budget highlights nothing"
        );
    }
}

#[test]
fn control_characters_in_code_never_reach_the_terminal_when_drawn() {
    let theme = Theme::dark();
    let body = "```rust\nlet s = \"\u{1b}[31mred\u{7}\u{9b}2J\";\n```";
    let out = markdown::lines(body, &theme, "");
    let drawn = text(&out[0]);
    assert!(!drawn.chars().any(char::is_control), "{drawn:?}");
    assert!(drawn.contains("�[31mred�"), "{drawn:?}");
    // Straight through the highlighter too (its input is cleaned before parsing; it cleans again).
    let mut budget = Budget::new(Duration::from_secs(3600));
    let spans = highlight::lines("rust", "let a = \"\u{1b}]0;x\u{7}\";", &theme, &mut budget).unwrap();
    let joined: String = spans[0].iter().map(|s| s.content.as_ref()).collect();
    assert!(!joined.chars().any(char::is_control), "{joined:?}");
    assert_eq!(joined, "let a = \"�]0;x�\";");
}

#[test]
fn cache_answers_again_and_renders_anew_when_the_text_theme_or_indent_changes() {
    let cache = Cache::default();
    let dark = Theme::dark();
    let first = cache.lines(RUST, &dark, "");
    assert_eq!(cache.stats(), (0, 1, 1));
    assert_eq!(cache.lines(RUST, &dark, ""), first);
    assert_eq!(cache.stats(), (1, 1, 1), "the same body is not rendered again");
    let changed = RUST.replace("42", "43");
    assert_ne!(
        cache.lines(&changed, &dark, ""),
        first,
        "changed data is rendered"
    );
    let light = Theme::built_in("light", Depth::TrueColor);
    assert_ne!(cache.lines(RUST, &light, ""), first, "another theme is rendered");
    cache.lines(RUST, &dark, "  ");
    assert_eq!(cache.stats(), (1, 4, 4));
}

#[test]
fn cache_stays_bounded_and_keeps_the_recent_bodies_when_full() {
    let cache = Cache::default();
    let theme = Theme::dark();
    cache.lines("kept", &theme, "");
    for i in 0..CACHE_ENTRIES + 40 {
        cache.lines(&format!("body {i}"), &theme, "");
        // The first body is used all along: least recently used never picks it.
        cache.lines("kept", &theme, "");
    }
    let (hits, misses, entries) = cache.stats();
    assert_eq!(entries, CACHE_ENTRIES);
    assert_eq!(misses, CACHE_ENTRIES as u64 + 41);
    assert_eq!(hits, CACHE_ENTRIES as u64 + 40);
    cache.lines("body 0", &theme, "");
    assert_eq!(cache.stats().1, misses + 1, "the oldest body was dropped");
    // By size too: a few large bodies push the older ones out.
    let big = "x".repeat(150_000);
    for i in 0..10 {
        cache.lines(&format!("{i}{big}"), &theme, "");
    }
    assert!(cache.stats().2 < CACHE_ENTRIES);
}

fn task_model(description: &str, comment: &str) -> Model {
    let key = "acme-1";
    let mut model = Model::new(Screen::Task(key.into()));
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Task(key.into()),
            result: Ok(Data::Task(Box::new(TaskData {
                detail: proto::TaskDetail {
                    task: Some(proto::Task {
                        key: key.into(),
                        project: "acme".into(),
                        title: "Checkout".into(),
                        stage: "dev".into(),
                        description: Some(description.into()),
                        version: 1,
                        ..Default::default()
                    }),
                    ..Default::default()
                },
                comments: Some(proto::ListCommentsResponse {
                    comments: vec![proto::Comment {
                        author: "claude".into(),
                        author_kind: "agent".into(),
                        body: comment.into(),
                        ..Default::default()
                    }],
                    ..Default::default()
                }),
                ..Default::default()
            }))),
        },
    );
    model
}

#[test]
fn task_view_draws_from_the_cache_when_redrawn_and_anew_when_the_data_changes() {
    let mut model = task_model(RUST, "A reply.");
    let first = screen(&model, 80, 24);
    let (_, misses, _) = model.task.markdown.stats();
    assert!(misses >= 1);
    assert_eq!(screen(&model, 80, 24), first);
    assert_eq!(
        model.task.markdown.stats().1,
        misses,
        "a second frame renders nothing"
    );
    // Another width needs no new rendering: the lines are wrapped when drawn.
    let wide = screen(&model, 200, 60);
    assert_eq!(model.task.markdown.stats().1, misses);
    assert!(wide.contains("let answer: u32 = 42;"), "{wide}");
    // New data (the same task fetched again after an event) is rendered, and shown.
    let fresh = task_model(&RUST.replace("42", "43"), "A reply.");
    let Some(data) = fresh.task.data.clone() else {
        panic!("no task data")
    };
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Task("acme-1".into()),
            result: Ok(Data::Task(Box::new(data))),
        },
    );
    let after = screen(&model, 80, 24);
    assert!(after.contains("let answer: u32 = 43;"), "{after}");
    assert_eq!(model.task.markdown.stats().1, misses + 1);
    // Another task, then back: the first task's bodies are still kept (the data is fetched again on return).
    let Some(first_data) = model.task.data.clone() else {
        panic!("no task data")
    };
    let mut effects = Vec::new();
    model.open(Screen::Task("acme-2".into()), &mut effects);
    assert!(model.task.data.is_none(), "the other task's state starts empty");
    update(&mut model, Action::Key(KeyEvent::from(KeyCode::Esc)));
    assert_eq!(model.screen, Screen::Task("acme-1".into()));
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Task("acme-1".into()),
            result: Ok(Data::Task(Box::new(first_data))),
        },
    );
    let (hits, misses, _) = model.task.markdown.stats();
    assert_eq!(screen(&model, 80, 24), after);
    assert_eq!(model.task.markdown.stats().1, misses, "nothing rendered again");
    assert!(model.task.markdown.stats().0 > hits);
}

/// The rows of `screen` between the first and last, without the frame's borders.
fn rows(screen: &str) -> Vec<String> {
    screen
        .lines()
        .map(|l| l.trim_matches('│').trim().to_owned())
        .collect()
}

#[test]
fn long_words_and_urls_wrap_in_the_task_tabs_when_wider_than_the_pane() {
    let url = format!("https://example.com/{}/END", "segment".repeat(30));
    let long = format!("{}TAIL", "word ".repeat(60));
    let description = format!("See {url}\n\n{long}");
    let comment = format!("A reply with {url} in it.");
    for (width, height) in [(80u16, 24u16), (200, 60)] {
        let mut model = task_model(&description, &comment);
        let overview = screen(&model, width, height);
        assert!(
            overview.contains("/END"),
            "{width}×{height}: the URL's end is shown:\n{overview}"
        );
        assert!(
            overview.contains("TAIL"),
            "{width}×{height}: the long line's end:\n{overview}"
        );
        let joined: String = rows(&overview).concat();
        assert!(
            joined.contains(&url),
            "{width}×{height}: the URL wraps whole:\n{overview}"
        );
        update(&mut model, Action::Key(KeyEvent::from(KeyCode::Char('4'))));
        let comments = screen(&model, width, height);
        assert!(
            comments.contains("/END"),
            "{width}×{height}: comments wrap:\n{comments}"
        );
    }
}

#[test]
fn long_code_lines_wrap_in_the_task_view_when_wider_than_the_pane() {
    let code = format!("```rust\nlet s = \"{}END\";\n```", "x".repeat(150));
    let model = task_model(&code, "");
    let drawn = screen(&model, 80, 24);
    assert!(drawn.contains("END\";"), "{drawn}");
}

#[test]
fn inbox_and_activity_rows_end_in_an_ellipsis_when_too_long() {
    let long_title = format!("A title that goes on {}", "and on ".repeat(40));
    let mut model = Model::new(Screen::Inbox);
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Inbox,
            result: Ok(Data::Inbox(Box::new(proto::Inbox {
                total: 1,
                waiting_on_you: vec![proto::InboxTask {
                    key: "acme-1".into(),
                    title: long_title.clone(),
                    stage: "dev".into(),
                    waiting_on: Some("owner".into()),
                    ..Default::default()
                }],
                ..Default::default()
            }))),
        },
    );
    for (width, height) in [(80u16, 24u16), (200, 60)] {
        let drawn = screen(&model, width, height);
        let row = drawn
            .lines()
            .find(|l| l.contains("acme-1"))
            .unwrap_or_else(|| panic!("no row:\n{drawn}"));
        assert!(row.ends_with("…│"), "{width}×{height}: {row:?}");
    }

    let mut model = Model::new(Screen::Projects);
    update(&mut model, Action::Live);
    update(&mut model, Action::Key(KeyEvent::from(KeyCode::Char('e'))));
    let fetch = Fetch::Activity(Default::default());
    update(
        &mut model,
        Action::Loaded {
            fetch,
            result: Ok(Data::Activity {
                page: Box::new(proto::ListActivityResponse {
                    rows: vec![proto::ActivityRow {
                        event: Some(proto::Event {
                            id: 1,
                            kind: "task.updated".into(),
                            subject: "acme-1".into(),
                            ..Default::default()
                        }),
                        what: format!("description changed to {long_title}"),
                        actor: "claude".into(),
                    }],
                    ..Default::default()
                }),
                slugs: vec!["acme".into()],
                live: Vec::new(),
            }),
        },
    );
    for (width, height) in [(80u16, 24u16), (200, 60)] {
        let drawn = screen(&model, width, height);
        let row = drawn
            .lines()
            .find(|l| l.contains("task.updated"))
            .unwrap_or_else(|| panic!("no row:\n{drawn}"));
        assert!(row.ends_with("…│"), "{width}×{height}: {row:?}");
        assert_eq!(row.chars().count(), usize::from(width));
    }
}

#[test]
fn highlighted_spans_keep_the_window_text_style_for_plain_code_when_dark() {
    // The code theme's own foreground becomes the window's text colour (the terminal's, in the dark theme).
    let theme = Theme::dark();
    let out = markdown::lines("```rust\nanswer\n```", &theme, "");
    let ident = out[0]
        .spans
        .iter()
        .find(|s| s.content == "answer")
        .unwrap_or_else(|| panic!("{out:?}"));
    assert_eq!(ident.style, Style::new().patch(theme.text));
}

#[test]
fn selected_review_step_stays_in_view_when_earlier_details_wrap() {
    let long = format!("{} END", "These details are long enough to wrap. ".repeat(40));
    let titles = ["Login works", "Logout works", "Reset works", "Fourth step title"];
    let steps = titles
        .iter()
        .zip(1..)
        .map(|(title, position)| proto::ReviewStep {
            position,
            title: (*title).into(),
            status: "open".into(),
            details: Some(long.clone()),
            ..Default::default()
        })
        .collect();
    let mut model = task_model("", "");
    if let Some(data) = model.task.data.as_mut() {
        data.review = Some(proto::Review {
            key: "acme-1".into(),
            summary: "0 of 4 accepted".into(),
            steps,
            ..Default::default()
        });
    }
    update(&mut model, Action::Key(KeyEvent::from(KeyCode::Char('3'))));
    for (i, title) in titles.iter().enumerate() {
        for (width, height) in [(80u16, 24u16), (200, 60)] {
            let drawn = screen(&model, width, height);
            assert!(
                drawn.contains(title),
                "step {} at {width}×{height}:\n{drawn}",
                i + 1
            );
        }
        update(&mut model, Action::Key(KeyEvent::from(KeyCode::Char('j'))));
    }
}

#[test]
fn tab_indented_code_keeps_its_indentation_when_drawn() {
    let theme = Theme::dark();
    let out = markdown::lines(
        "```go\nfunc main() {\n\tif ok {\n\t\treturn\n\t}\n}\n```",
        &theme,
        "",
    );
    let texts: Vec<String> = out.iter().map(text).collect();
    assert_eq!(
        texts,
        [
            " func main() { ",
            "     if ok { ",
            "         return ",
            "     } ",
            " } "
        ]
    );
}

#[test]
fn worker_prepares_each_language_of_a_tasks_code_once_when_the_task_is_fetched() {
    let mut model = task_model(
        &format!("{RUST}\n```\nno language\n```\n"),
        "```python\nprint(1)\n```",
    );
    let Some(data) = model.task.data.as_mut() else {
        panic!("no task data")
    };
    data.review = Some(proto::Review {
        steps: vec![proto::ReviewStep {
            details: Some("```diff\n-a\n+b\n```".into()),
            ..Default::default()
        }],
        ..Default::default()
    });
    let blocks = highlight::task_blocks(data);
    let infos: Vec<&str> = blocks.iter().map(|(info, _)| info.as_str()).collect();
    assert_eq!(
        infos,
        ["rust", "diff", "python"],
        "named blocks only, in body order"
    );
    assert!(blocks[0].1.starts_with("fn main() {"), "{blocks:?}");
    // A record of its own: the process-wide one depends on which tests ran before in this process.
    let warmed = std::sync::Mutex::new(std::collections::BTreeSet::new());
    assert_eq!(
        highlight::warm_into(&warmed, &blocks),
        ["Rust", "Diff", "Python"],
        "each named block's language is prepared"
    );
    assert_eq!(
        highlight::warm_into(&warmed, &blocks),
        Vec::<String>::new(),
        "a language is prepared once"
    );
    // The window draws the same code as before: preparing changes nothing it shows.
    let theme = Theme::dark();
    assert_eq!(markdown::lines(RUST, &theme, "").len(), 4);
}

#[test]
fn huge_bodies_are_kept_too_when_past_the_compared_prefix() {
    let cache = Cache::default();
    let theme = Theme::dark();
    let huge = format!("```rust\nlet a = 1;\n```\n{}", "word ".repeat(60_000));
    cache.lines(&huge, &theme, "");
    cache.lines(&huge, &theme, "");
    assert_eq!(cache.stats(), (1, 1, 1), "a huge body is rendered once");
    let same_start = format!("{huge}more");
    cache.lines(&same_start, &theme, "");
    assert_eq!(
        cache.stats(),
        (1, 2, 2),
        "a change past the compared prefix is still seen"
    );
}

#[test]
fn theme_records_its_base_and_depth_when_loaded_for_the_code_colours() {
    use crate::ui::theme::{Base, from_user_file};
    let (light, _) = from_user_file("base = \"light\"\n", "theme.toml", Depth::Ansi256);
    assert_eq!((light.base, light.depth), (Base::Light, Depth::Ansi256));
    let (contrast, _) = from_user_file("base = \"high-contrast\"\n", "theme.toml", Depth::Ansi16);
    assert_eq!(
        (contrast.base, contrast.depth),
        (Base::HighContrast, Depth::Ansi16)
    );
    let (unknown, warnings) = from_user_file("base = \"solarized\"\n", "theme.toml", Depth::TrueColor);
    assert_eq!(unknown.base, Base::Dark);
    assert!(!warnings.is_empty());
}
