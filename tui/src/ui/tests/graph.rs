//! The memory graph screen (`M`, issue 16): opened on a board's project, the hotspots, a file's story with its
//! sections and a walk to a co-edited file and back, the search, what agents are told, a path typed with `o`, the
//! selection kept across answers, the wait for a slow answer, the screen asked again every 10 s, and the graph off
//! or FalkorDB down said plainly with what to do — each drawn at 80×24 and 200×50.

use crossterm::event::KeyCode;
use relay_core::proto;

use super::{board_answer, ch, ctrl, key, screen};
use crate::ui::app::{Action, Data, Effect, Fetch, Model, Screen, update};
use crate::ui::graph::{Answer, GraphData, GraphFetch, STORY, TOLD};
use crate::ui::graph_story::{Ask, Block, Change, CoEdited, Decision, FileRow, Hit, Story, Told};

const NOW: i64 = 1_800_000_000_000;
const MIN: i64 = 60_000;
const SIZES: [(u16, u16); 2] = [(80, 24), (200, 50)];

fn status(enabled: bool, connected: bool) -> proto::GraphStatus {
    proto::GraphStatus {
        enabled,
        connected,
        url: enabled.then(|| "falkor://127.0.0.1:6379".to_owned()),
        url_source: "file".into(),
        last_error: (enabled && !connected).then(|| "Connection refused (os error 111)".to_owned()),
        last_pass_at_ms: connected.then_some(NOW - 4_000),
        projects: vec![proto::GraphProjectStatus {
            project: "acme".into(),
            graph: "relay_acme".into(),
            ..Default::default()
        }],
        ..Default::default()
    }
}

fn files() -> Vec<FileRow> {
    vec![
        FileRow {
            file: "src/auth.ts".into(),
            rank: Some(0.412),
            community: Some(1),
            edits: 7,
            agents: vec!["claude".into(), "codex".into()],
            last_at: Some(NOW - 2 * MIN),
        },
        FileRow {
            file: "src/session.ts".into(),
            rank: Some(0.301),
            community: Some(1),
            edits: 3,
            agents: vec!["claude".into()],
            last_at: Some(NOW - 30 * MIN),
        },
        FileRow {
            file: "docs/a/very/long/path/that/does/not/fit/in/a/narrow/terminal/column/at/all/readme.md"
                .into(),
            rank: None,
            community: None,
            edits: 1,
            agents: vec!["cursor".into()],
            last_at: Some(NOW - 90 * MIN),
        },
    ]
}

fn change(agent: &str, session: &str, at: i64, prompt: Option<&str>) -> Change {
    Change {
        at: Some(at),
        agent: agent.into(),
        session: session.into(),
        source: "transcript".into(),
        kind: "modify".into(),
        outcome: "applied".into(),
        prompt: prompt.map(str::to_owned),
        via: None,
    }
}

fn story(file: &str) -> Story {
    let mut refused = change(
        "codex",
        "c0dex5e55",
        NOW - 20 * MIN,
        Some("add rate limiting to login"),
    );
    refused.outcome = "failed".into();
    let mut filler = change(
        "claude",
        "89585d00-56e9",
        NOW - 3 * MIN,
        Some("switch the login flow to JWT tokens"),
    );
    filler.via = Some("ok".into());
    Story {
        file: file.into(),
        changes: vec![
            change(
                "claude",
                "89585d00-56e9",
                NOW - 2 * MIN,
                Some("switch the login flow to JWT tokens"),
            ),
            filler,
            change(
                "claude",
                "4417aa00",
                NOW - 60 * MIN,
                // Agent text: a line break, an escape and a bidi override are not drawn as such.
                Some("fix the\nlogin \u{1b}[2J redirect\u{202e}"),
            ),
            refused,
            Change {
                source: "patch".into(),
                ..change("codex", "", NOW - 25 * MIN, None)
            },
        ],
        ask: vec![
            Ask {
                agent: "claude".into(),
                edits: 5,
                last_at: Some(NOW - 2 * MIN),
            },
            Ask {
                agent: "codex".into(),
                edits: 2,
                last_at: Some(NOW - 20 * MIN),
            },
        ],
        blocks: vec![Block {
            at: Some(NOW - 5 * MIN),
            holder: "claude".into(),
            wanted: "codex".into(),
            attempts: 3,
            intent: Some("switch the login to JWT".into()),
        }],
        decisions: vec![Decision {
            id: "7".into(),
            text: "login tokens are JWTs; the session cookie goes".into(),
            at: Some(NOW - 10 * MIN),
            by: "claude".into(),
            superseded: false,
        }],
        with: vec![CoEdited {
            file: "src/session.ts".into(),
            sessions: 2,
        }],
        cypher: Vec::new(),
    }
}

fn answer(fetch: GraphFetch, status: proto::GraphStatus, answer: Result<Answer, String>) -> Action {
    Action::Loaded {
        fetch: Fetch::Graph(fetch),
        result: Ok(Data::Graph(Box::new(GraphData {
            status,
            project: Some("acme".into()),
            answer,
        }))),
    }
}

fn files_fetch() -> GraphFetch {
    GraphFetch::Files {
        project: Some("acme".into()),
    }
}

fn story_fetch(file: &str) -> GraphFetch {
    GraphFetch::Story {
        project: Some("acme".into()),
        file: file.into(),
    }
}

/// The window on acme's board, then `M`: the graph of acme, its files loaded.
fn graph_model() -> Model {
    let mut model = Model::new(Screen::Board("acme".into()));
    update(&mut model, Action::Live);
    model.now_ms = NOW;
    update(&mut model, board_answer("acme", proto::ProjectBoard::default()));
    model.in_flight.clear();
    assert_eq!(
        update(&mut model, ch('M')),
        vec![Effect::Fetch(Fetch::Graph(files_fetch()))],
        "M on a board asks for that project's graph"
    );
    update(
        &mut model,
        answer(files_fetch(), status(true, true), Ok(Answer::Files(files()))),
    );
    model
}

fn snapshot(name: &str, model: &Model) {
    for (width, height) in SIZES {
        let drawn = screen(model, width, height);
        for line in drawn.lines() {
            assert!(
                unicode_width::UnicodeWidthStr::width(line) <= usize::from(width),
                "{name} at {width}×{height}: a line runs past the edge: {line:?}"
            );
        }
        insta::assert_snapshot!(format!("graph_{name}_{width}x{height}"), drawn);
    }
}

#[test]
fn the_graph_screen_answers_why_a_file_looks_like_this_on_one_screen() {
    let mut model = graph_model();
    assert_eq!(model.screen, Screen::Graph);
    let text = screen(&model, 200, 50);
    for words in [
        "Memory graph › acme",
        "FalkorDB falkor://127.0.0.1:6379 · last pass just now",
        "3 files · 2 ranked (PageRank over files changed together)",
        "src/auth.ts",
        "0.412",
        "claude, codex",
    ] {
        assert!(text.contains(words), "{words:?} missing:\n{text}");
    }
    snapshot("hotspots", &model);

    // Enter on the top hotspot: its story, the five queries at once.
    assert_eq!(
        update(&mut model, key(KeyCode::Enter)),
        vec![Effect::Fetch(Fetch::Graph(story_fetch("src/auth.ts")))]
    );
    assert_eq!(model.graph.tab, STORY);
    update(
        &mut model,
        answer(
            story_fetch("src/auth.ts"),
            status(true, true),
            Ok(Answer::Story(Box::new(story("src/auth.ts")))),
        ),
    );
    let text = screen(&model, 200, 50);
    for words in [
        "Memory graph › acme › src/auth.ts",
        "src/auth.ts · 5 changes by 2 agents · rank 0.412",
        "Changed by · agents → sessions → the prompt behind each change",
        "claude · 3 changes · 2 sessions · last 2 min ago",
        "session 89585d00 · 2 min ago · 2 changes (modify ×2)",
        "\"switch the login flow to JWT tokens\" ×2 (then \"ok\")",
        "\"fix the login \u{fffd}[2J redirect\"",
        "session c0dex5e5",
        "1 refused or failed",
        "no prompt: a change relay saw in the repository",
        "Blocked on it",
        "codex refused ×3 while claude held it: \"switch the login to JWT\"",
        "Decisions about it",
        "claude: \"login tokens are JWTs; the session cookie goes\"",
        "Who to ask",
        "claude · 5 changes · last 2 min ago",
        "Changed with it · Enter walks to that file's story",
        "src/session.ts · in 2 sessions",
        " Selected ",
        "claude changed 3 times in 2 sessions",
    ] {
        assert!(text.contains(words), "{words:?} missing:\n{text}");
    }
    assert!(!text.contains('\u{1b}') && !text.contains('\u{202e}'), "{text}");
    snapshot("story", &model);

    // Walk: the co-edited file (the last line) opens its story; Back walks back before it leaves the screen.
    update(&mut model, key(KeyCode::End));
    assert_eq!(
        update(&mut model, key(KeyCode::Enter)),
        vec![Effect::Fetch(Fetch::Graph(story_fetch("src/session.ts")))]
    );
    assert!(screen(&model, 80, 24).contains("asking FalkorDB for the story of src/session.ts…"));
    update(
        &mut model,
        answer(
            story_fetch("src/session.ts"),
            status(true, true),
            Ok(Answer::Story(Box::new(story("src/session.ts")))),
        ),
    );
    assert_eq!(
        update(&mut model, key(KeyCode::Esc)),
        vec![Effect::Fetch(Fetch::Graph(story_fetch("src/auth.ts")))]
    );
    assert_eq!(model.graph.file.as_deref(), Some("src/auth.ts"));
    assert_eq!(model.screen, Screen::Graph);
    update(&mut model, key(KeyCode::Esc));
    assert_eq!(
        model.screen,
        Screen::Board("acme".into()),
        "then Back leaves the screen"
    );
}

#[test]
fn enter_on_a_line_that_leads_nowhere_says_what_enter_does() {
    let mut model = graph_model();
    update(&mut model, key(KeyCode::Enter));
    update(
        &mut model,
        answer(
            story_fetch("src/auth.ts"),
            status(true, true),
            Ok(Answer::Story(Box::new(story("src/auth.ts")))),
        ),
    );
    model.in_flight.clear();
    assert!(update(&mut model, key(KeyCode::Enter)).is_empty());
    let flash = model.flash.as_ref().unwrap().lines.join(" ");
    assert!(
        flash.contains("Enter walks to a file changed with this one"),
        "{flash}"
    );
}

#[test]
fn the_graph_off_or_falkordb_down_is_said_with_what_to_do() {
    let mut model = Model::new(Screen::Projects);
    update(&mut model, Action::Live);
    model.now_ms = NOW;
    model.in_flight.clear();
    assert_eq!(
        update(&mut model, ch('M')),
        vec![Effect::Fetch(Fetch::Graph(GraphFetch::Files { project: None }))],
        "elsewhere than a board: relayd picks the first project with a graph"
    );
    // Before the first answer: it says what it waits for.
    assert!(screen(&model, 80, 24).contains("asking relayd about the graph…"));
    update(
        &mut model,
        answer(
            GraphFetch::Files { project: None },
            status(false, false),
            Err("the memory graph is off or FalkorDB does not answer".into()),
        ),
    );
    let text = screen(&model, 80, 24);
    for words in [
        "The memory graph is off.",
        "relay graph up",
        "relay graph enable falkor://HOST:PORT",
    ] {
        assert!(text.contains(words), "{words:?} missing:\n{text}");
    }
    snapshot("off", &model);

    update(
        &mut model,
        answer(
            files_fetch(),
            status(true, false),
            Err("the memory graph is off or FalkorDB does not answer".into()),
        ),
    );
    let text = screen(&model, 200, 50);
    for words in [
        "FalkorDB at falkor://127.0.0.1:6379 does not answer: Connection refused (os error 111).",
        "Nothing is lost",
        "relay graph status",
        "relay graph up",
        "Ctrl-R asks now",
    ] {
        assert!(text.contains(words), "{words:?} missing:\n{text}");
    }
    snapshot("down", &model);

    // A query relayd refuses is shown in its words.
    update(
        &mut model,
        answer(
            files_fetch(),
            status(true, true),
            Err("the graph relay_acme holds nothing yet; relay fills it within seconds".into()),
        ),
    );
    assert!(
        screen(&model, 200, 50)
            .contains("The graph could not answer: the graph relay_acme holds nothing yet")
    );
    // Offline: the worker's error keeps the screen and says why.
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Graph(files_fetch()),
            result: Err("relayd is offline; the window reconnects by itself".into()),
        },
    );
    assert_eq!(model.screen, Screen::Graph);
}

#[test]
fn the_selection_stays_on_its_file_when_the_answer_changes_and_slash_filters() {
    let mut model = graph_model();
    update(&mut model, key(KeyCode::Down));
    assert_eq!(model.graph.ids()[model.graph.selected[0]], "src/session.ts");
    // The next answer has a new file on top: the selection stays on src/session.ts.
    let mut more = files();
    more.insert(
        0,
        FileRow {
            file: "src/new.ts".into(),
            rank: Some(0.9),
            edits: 1,
            ..FileRow::default()
        },
    );
    update(
        &mut model,
        answer(files_fetch(), status(true, true), Ok(Answer::Files(more))),
    );
    assert_eq!(model.graph.ids()[model.graph.selected[0]], "src/session.ts");
    // `/` filters by file or agent; the match is marked, the count shown.
    update(&mut model, ch('/'));
    for c in "cursor".chars() {
        update(&mut model, ch(c));
    }
    assert_eq!(model.graph.visible_files().len(), 1);
    assert!(screen(&model, 80, 24).contains("/cursor▏  1 of 4 files"));
    update(&mut model, key(KeyCode::Esc));
    assert_eq!(model.graph.visible_files().len(), 4);
    assert_eq!(model.screen, Screen::Graph, "Esc cleared the filter first");
}

#[test]
fn o_opens_a_typed_path_and_the_search_sends_its_words_on_enter() {
    let mut model = graph_model();
    model.in_flight.clear();
    assert!(update(&mut model, ch('o')).is_empty());
    for c in "./src/cart.ts".chars() {
        update(&mut model, ch(c));
    }
    assert!(screen(&model, 80, 24).contains("open the story of: ./src/cart.ts▏"));
    assert_eq!(
        update(&mut model, key(KeyCode::Enter)),
        vec![Effect::Fetch(Fetch::Graph(story_fetch("src/cart.ts")))]
    );

    // Search: `/` types the words, Enter sends them; an answer for older words is dropped.
    let search = |text: &str| GraphFetch::Search {
        project: Some("acme".into()),
        text: text.into(),
    };
    update(&mut model, ch('3'));
    update(&mut model, ch('/'));
    for c in "jwt".chars() {
        assert!(
            update(&mut model, ch(c)).is_empty(),
            "nothing is sent while typing"
        );
    }
    assert_eq!(
        update(&mut model, key(KeyCode::Enter)),
        vec![Effect::Fetch(Fetch::Graph(search("jwt")))]
    );
    update(
        &mut model,
        answer(
            search("jw"),
            status(true, true),
            Ok(Answer::Search(vec![Hit {
                text: "an older answer".into(),
                ..Hit::default()
            }])),
        ),
    );
    let hits = vec![
        Hit {
            role: "user".into(),
            text: "switch the login flow to JWT tokens".into(),
            at: Some(NOW - 3 * MIN),
            agent: "claude".into(),
            session: "89585d00-56e9".into(),
        },
        Hit {
            role: "assistant".into(),
            text: "I switched the login to JWT; the cookie is gone.\nNext I will update the tests.".into(),
            at: Some(NOW - 2 * MIN),
            agent: "claude".into(),
            session: "89585d00-56e9".into(),
        },
    ];
    update(
        &mut model,
        answer(search("jwt"), status(true, true), Ok(Answer::Search(hits))),
    );
    let text = screen(&model, 200, 50);
    assert!(!text.contains("an older answer"), "{text}");
    for words in [
        "\"jwt\"  2 turns",
        "switch the login flow to JWT tokens",
        "prompt",
        "answer",
    ] {
        assert!(text.contains(words), "{words:?} missing:\n{text}");
    }
    update(&mut model, key(KeyCode::Down));
    assert!(
        screen(&model, 200, 50).contains("Next I will update the tests."),
        "the hit in full below"
    );
    snapshot("search", &model);
}

#[test]
fn the_told_tab_shows_word_for_word_what_agents_are_told() {
    let mut model = graph_model();
    update(&mut model, key(KeyCode::Enter));
    let told_fetch = GraphFetch::Told {
        project: Some("acme".into()),
        file: "src/auth.ts".into(),
    };
    assert_eq!(
        update(&mut model, ch('4')),
        vec![Effect::Fetch(Fetch::Graph(told_fetch.clone()))]
    );
    assert_eq!(model.graph.tab, TOLD);
    let pre_tool = "relay memory graph, before you edit:\n`src/auth.ts`:\n- claude (session 89585d00, 2 min ago, held it 3×): \"switch the login flow to JWT tokens\"\n- ask: claude (5 edits), codex (2 edits)";
    let told = |enabled: bool, text: Option<&str>| {
        Told {
        file: "src/auth.ts".into(),
        pre_tool: Ok(proto::PreToolBrief {
            project: "acme".into(),
            text: text.map(str::to_owned),
            enabled,
            cached_files: 12,
            paths: vec!["src/auth.ts".into()],
        }),
        session_brief: Ok("`src/auth.ts`:\n- claude (session 89585d00, 2 min ago): \"switch the login flow to JWT tokens\"\n- decided (claude, 10 min ago): \"login tokens are JWTs; the session cookie goes\"".into()),
    }
    };
    update(
        &mut model,
        answer(
            told_fetch.clone(),
            status(true, true),
            Ok(Answer::Told(Box::new(told(true, Some(pre_tool))))),
        ),
    );
    let text = screen(&model, 200, 50);
    for words in [
        "What agents are told about src/auth.ts",
        "Before an agent's first edit of it",
        "│ relay memory graph, before you edit:",
        "│ - ask: claude (5 edits), codex (2 edits)",
        "When an agent calls relay_session_brief for it",
        "│ - decided (claude, 10 min ago): \"login tokens are JWTs; the session cookie goes\"",
    ] {
        assert!(text.contains(words), "{words:?} missing:\n{text}");
    }
    snapshot("told", &model);
    update(
        &mut model,
        answer(
            told_fetch.clone(),
            status(true, true),
            Ok(Answer::Told(Box::new(told(false, Some(pre_tool))))),
        ),
    );
    assert!(screen(&model, 200, 50).contains("off: graph_pre_tool_brief = false"));
    update(
        &mut model,
        answer(
            told_fetch,
            status(true, true),
            Ok(Answer::Told(Box::new(told(true, None)))),
        ),
    );
    assert!(
        screen(&model, 200, 50)
            .contains("nothing: no other session, decision or agent to ask is on record for it (12 files")
    );
}

#[test]
fn a_slow_answer_shows_how_long_it_waits_and_the_screen_asks_again_every_10_s() {
    let mut model = graph_model();
    model.in_flight.clear();
    update(&mut model, key(KeyCode::Enter));
    assert!(model.graph.waiting_since.is_some());
    update(&mut model, Action::Clock(NOW + 3_000));
    assert!(model.dirty, "the clock redraws the wait");
    assert!(
        screen(&model, 80, 24).contains("asking FalkorDB for the story of src/auth.ts… 3 s"),
        "{}",
        screen(&model, 80, 24)
    );
    update(
        &mut model,
        answer(
            story_fetch("src/auth.ts"),
            status(true, true),
            Ok(Answer::Story(Box::new(story("src/auth.ts")))),
        ),
    );
    assert!(model.graph.waiting_since.is_none());
    // 10 s after the answer the screen asks again (the projector's pass lands unannounced), once.
    assert!(update(&mut model, Action::Clock(NOW + 9_000)).is_empty());
    assert_eq!(
        update(&mut model, Action::Clock(NOW + 13_100)),
        vec![Effect::Fetch(Fetch::Graph(story_fetch("src/auth.ts")))]
    );
    assert!(
        update(&mut model, Action::Clock(NOW + 14_000)).is_empty(),
        "not twice at once"
    );
    // Ctrl-R asks now; elsewhere nothing is polled.
    model.in_flight.clear();
    assert_eq!(
        update(&mut model, ctrl('r')),
        vec![Effect::Fetch(Fetch::Graph(story_fetch("src/auth.ts")))]
    );
    model.in_flight.clear();
    update(&mut model, ch('p'));
    assert!(update(&mut model, Action::Clock(NOW + 60_000)).is_empty());
}
