//! The board's §2 points (issue 13): the done column (its header, its note, the archive brought back by "show
//! archived" and the filter), Review a/n on every task with a checklist, Enter on the tab a badge names, two-line
//! cards in six columns at 120 wide, "open in desktop", and the stage labels.

use crossterm::event::KeyCode;
use relay_core::board::StageLabels;
use relay_core::proto;

use super::{ch, key, screen};
use crate::ui::app::{Action, Data, Effect, Fetch, Level, Model, Screen, TAB_REVIEW, update};
use crate::ui::image::{ImageAction, ImageEffect};

fn task(number: i64, stage: &str, title: &str) -> proto::Task {
    proto::Task {
        key: format!("acme-{number}"),
        project: "acme".into(),
        number,
        title: title.into(),
        stage: stage.into(),
        version: 1,
        updated_at_ms: number,
        ..Default::default()
    }
}

fn counts(done: i64) -> Vec<proto::StageCount> {
    ["plan", "dev", "review", "test", "live", "done"]
        .iter()
        .map(|stage| proto::StageCount {
            stage: (*stage).into(),
            tasks: if *stage == "done" { done } else { 1 },
        })
        .collect()
}

/// A board with one task per open stage and `recent` done tasks on it, of `done_total` done tasks.
fn board(
    recent: &[proto::Task],
    done_total: i64,
    archived: i64,
    require_tracker_log: bool,
) -> proto::ProjectBoard {
    let mut tasks = vec![
        task(1, "plan", "Address book page"),
        task(
            2,
            "dev",
            "Checkout: pay with a saved card and keep it for the next time",
        ),
        task(3, "review", "Login with two-factor authentication"),
        task(4, "test", "Search suggestions while typing"),
        task(5, "live", "Order emails in Spanish"),
    ];
    tasks.extend(recent.iter().cloned());
    proto::ProjectBoard {
        project: Some(proto::Project {
            slug: "acme".into(),
            name: "Acme".into(),
            counts: counts(done_total),
            ..Default::default()
        }),
        rules_line: "Rules 1a2b3c4d".into(),
        tasks,
        last_event_id: 7,
        done: Some(proto::DoneColumn {
            recent: i64::try_from(recent.len()).unwrap(),
            archived,
            window_days: 7,
            cap: 200,
            require_tracker_log,
        }),
        ..Default::default()
    }
}

fn loaded(
    model: &mut Model,
    board: proto::ProjectBoard,
    plans: Vec<proto::PlanCard>,
    reviews: Vec<proto::ReviewCard>,
) -> Vec<Effect> {
    update(
        model,
        Action::Loaded {
            fetch: Fetch::Board("acme".into()),
            result: Ok(Data::Board {
                board: Box::new(board),
                inbox: Box::default(),
                sessions: Vec::new(),
                plans,
                reviews,
            }),
        },
    )
}

fn open_board() -> Model {
    let mut model = Model::new(Screen::Board("acme".into()));
    update(&mut model, Action::Live);
    model
}

fn archive_answer(query: &str, tasks: Vec<proto::Task>, total: i64) -> Action {
    Action::Loaded {
        fetch: Fetch::Archive {
            slug: "acme".into(),
            query: query.into(),
        },
        result: Ok(Data::Archive(Box::new(proto::ListArchivedTasksResponse {
            tasks,
            total,
        }))),
    }
}

fn done_keys(model: &Model) -> Vec<String> {
    model
        .board
        .column_tasks(5)
        .iter()
        .map(|t| t.key.clone())
        .collect()
}

fn archive_fetches(effects: &[Effect]) -> Vec<String> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Fetch(Fetch::Archive { query, .. }) => Some(query.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn the_done_column_counts_what_exists_says_what_it_leaves_out_and_shows_the_archive_on_a() {
    let mut model = open_board();
    let recent = [task(9, "done", "Upgrade the payment SDK")];
    let effects = loaded(
        &mut model,
        board(&recent, 1329, 1328, false),
        Vec::new(),
        Vec::new(),
    );
    assert!(
        archive_fetches(&effects).is_empty(),
        "no archive unless asked: {effects:?}"
    );
    let text = screen(&model, 160, 20);
    assert!(text.contains("Done 1 of 1329"), "{text}");
    assert!(
        text.contains("1,328 archived (over 7") && text.contains("days) · a shows"),
        "{text}"
    );

    // a: the archive is asked for (all of it), and its answer joins the column after the recent task.
    model.board.column = 5;
    let effects = update(&mut model, ch('a'));
    assert_eq!(archive_fetches(&effects), [""]);
    // The same again (a redraw, another key) asks nothing more.
    assert!(archive_fetches(&update(&mut model, key(KeyCode::Down))).is_empty());
    update(
        &mut model,
        archive_answer(
            "",
            vec![task(8, "done", "Old one"), task(7, "done", "Older one")],
            1328,
        ),
    );
    assert_eq!(done_keys(&model), ["acme-9", "acme-8", "acme-7"]);
    let text = screen(&model, 160, 20);
    assert!(text.contains("Done 3 of 1329"), "{text}");
    assert!(
        text.contains("2 of 1,328 archived · /") && text.contains("searches"),
        "{text}"
    );

    // A board fetched again (a live event) asks for the archive again.
    let effects = loaded(
        &mut model,
        proto::ProjectBoard {
            last_event_id: 8,
            ..board(&recent, 1329, 1328, false)
        },
        Vec::new(),
        Vec::new(),
    );
    assert_eq!(archive_fetches(&effects), [""]);

    // a again: the archive leaves the column, the selection stays on a card of it.
    model.board.rows[5] = 2;
    update(&mut model, ch('a'));
    assert_eq!(done_keys(&model), ["acme-9"]);
    assert_eq!(
        model.board.selected_task().map(|t| t.key.as_str()),
        Some("acme-9")
    );
}

#[test]
fn the_filter_searches_the_archive_and_an_older_querys_answer_is_dropped() {
    let mut model = open_board();
    loaded(
        &mut model,
        board(&[task(9, "done", "Payment SDK")], 40, 39, false),
        Vec::new(),
        Vec::new(),
    );
    update(&mut model, ch('/'));
    assert_eq!(archive_fetches(&update(&mut model, ch('p'))), ["p"]);
    assert_eq!(
        archive_fetches(&update(&mut model, ch('a'))),
        ["pa"],
        "typed, not show-archived"
    );
    assert!(!model.board.archive.shown);
    // The answer to "p" comes after "pa" was asked: dropped.
    update(
        &mut model,
        archive_answer("p", vec![task(3, "done", "Pricing page")], 1),
    );
    assert!(model.board.archive.page.is_none());
    update(
        &mut model,
        archive_answer("pa", vec![task(6, "done", "Payment page")], 1),
    );
    assert_eq!(done_keys(&model), ["acme-9", "acme-6"]);
    let text = screen(&model, 160, 20);
    assert!(text.contains("1 archived match"), "{text}");
    // Clearing the filter drops the archive again.
    update(&mut model, key(KeyCode::Esc));
    assert!(model.board.archive.page.is_none());
    assert_eq!(done_keys(&model), ["acme-9"]);
    // A failed read says so on the done column's line.
    update(&mut model, ch('a'));
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Archive {
                slug: "acme".into(),
                query: String::new(),
            },
            result: Err("relayd is offline".into()),
        },
    );
    let text = screen(&model, 160, 20);
    assert!(
        text.contains("archive: relayd is") && text.contains("offline"),
        "{text}"
    );
    // The failure came while live: nothing more is asked (no loop)...
    assert!(archive_fetches(&update(&mut model, key(KeyCode::Down))).is_empty());
    // ...but an answer that failed while offline is asked again when relayd is back.
    update(
        &mut model,
        Action::Offline {
            reason: "gone".into(),
            retry_ms: 100,
        },
    );
    update(&mut model, ch('a'));
    assert_eq!(archive_fetches(&update(&mut model, ch('a'))), [""]);
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Archive {
                slug: "acme".into(),
                query: String::new(),
            },
            result: Err("relayd is offline".into()),
        },
    );
    assert!(
        archive_fetches(&update(&mut model, key(KeyCode::Down))).is_empty(),
        "offline: not again"
    );
    assert_eq!(
        archive_fetches(&update(&mut model, Action::Live)),
        [""],
        "live again: asked again"
    );
}

#[test]
fn a_done_card_without_the_tracker_mark_says_not_logged_when_the_mark_is_required() {
    let mut logged = task(9, "done", "Logged");
    logged.tracker_ref = Some("SHOP-1".into());
    logged.tracker_logged = true;
    let unlogged = task(8, "done", "Unlogged");
    for (required, expected) in [(true, 1), (false, 0)] {
        let mut model = open_board();
        loaded(
            &mut model,
            board(&[logged.clone(), unlogged.clone()], 2, 0, required),
            Vec::new(),
            Vec::new(),
        );
        let text = screen(&model, 160, 20);
        assert_eq!(text.matches("not logged").count(), expected, "{text}");
    }
}

#[test]
fn every_task_with_a_checklist_has_its_review_badge_and_enter_opens_the_tab_its_badge_names() {
    let mut model = open_board();
    let plan = |key: &str| proto::PlanCard {
        key: key.into(),
        status: "accepted".into(),
        steps: 3,
        done: 1,
        ..Default::default()
    };
    let review = |key: &str, accepted, rejected| proto::ReviewCard {
        key: key.into(),
        steps: 2,
        accepted,
        rejected,
    };
    loaded(
        &mut model,
        board(&[], 0, 0, false),
        vec![plan("acme-2"), plan("acme-3")],
        vec![review("acme-1", 0, 1), review("acme-3", 2, 0)],
    );
    // The plan-stage task's checklist shows too (not only the review queue's).
    let text = screen(&model, 160, 20);
    assert!(
        text.contains("Review 0/2") && text.contains("Review 2/2"),
        "{text}"
    );
    let opens = |model: &mut Model, column: usize| {
        model.board.column = column;
        let effects = update(model, key(KeyCode::Enter));
        assert!(
            effects.contains(&Effect::Fetch(Fetch::Task(format!("acme-{}", column + 1)))),
            "{effects:?}"
        );
        let tab = model.task.tab;
        update(model, key(KeyCode::Esc));
        tab
    };
    assert_eq!(
        opens(&mut model, 2),
        TAB_REVIEW,
        "in review with a checklist: the Review tab"
    );
    assert_eq!(opens(&mut model, 1), 1, "a plan badge: the Plan tab");
    assert_eq!(
        opens(&mut model, 0),
        TAB_REVIEW,
        "a checklist and no plan: the Review tab"
    );
    assert_eq!(opens(&mut model, 3), 0, "no badge: the Overview");
}

#[test]
fn open_in_desktop_is_refused_without_the_template_or_a_desktop_session_and_opens_the_link_with_it() {
    let mut model = open_board();
    let mut bound = board(&[], 0, 0, false);
    bound.tasks[0].session = Some("local_4f2a-9c".into());
    bound.tasks[1].session = Some("ana".into());
    loaded(&mut model, bound, Vec::new(), Vec::new());
    let refused = |model: &mut Model| {
        let effects = update(model, ch('O'));
        assert!(
            effects.iter().all(|e| !matches!(e, Effect::Image(_))),
            "{effects:?}"
        );
        let flash = model.flash.clone().unwrap();
        assert_eq!(flash.level, Level::Error);
        flash.lines.join(" ")
    };
    assert!(refused(&mut model).contains("set desktop_link_template in config.toml"));
    model.settings.desktop_link_template = "claude://session/{id}".into();
    model.board.column = 1;
    assert!(refused(&mut model).contains("ana is not a desktop session"));
    model.board.column = 2;
    assert!(refused(&mut model).contains("acme-3 has no bound session"));
    model.board.column = 0;
    let effects = update(&mut model, ch('O'));
    assert_eq!(
        effects,
        [Effect::Image(ImageEffect::OpenLink {
            link: "claude://session/local_4f2a-9c".into()
        })]
    );
    // The card says it opens there.
    assert!(screen(&model, 160, 20).contains("acme-1 ○ ↗"));
    update(
        &mut model,
        Action::Image(ImageAction::LinkOpened(Err("xdg-open was not found".into()))),
    );
    assert!(model.flash.as_ref().unwrap().lines[0].contains("open in desktop: xdg-open was not found"));
}

#[cfg(unix)]
#[tokio::test]
async fn the_link_is_the_openers_only_argument_and_a_missing_opener_is_a_message() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("args");
    let script = dir.path().join("opener");
    std::fs::write(
        &script,
        format!("#!/bin/sh\nprintf '%s|' \"$@\" > {}\n", out.display()),
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o700)).unwrap();
    let opener = crate::ui::screenshot::Viewer::Configured(script.into_os_string());
    let link = "claude://session/local_a%20b;rm -rf x";
    let Action::Image(ImageAction::LinkOpened(Ok(said))) = crate::ui::screenshot::open_link(&opener, link)
    else {
        panic!("the opener did not start");
    };
    assert!(said.contains(link), "{said}");
    for _ in 0..200 {
        if out.exists() && !std::fs::read_to_string(&out).unwrap().is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        format!("{link}|"),
        "one argument, no shell"
    );
    let missing = crate::ui::screenshot::Viewer::System("relay-no-such-opener");
    let Action::Image(ImageAction::LinkOpened(Err(why))) = crate::ui::screenshot::open_link(&missing, link)
    else {
        panic!("a missing opener was not refused");
    };
    assert!(why.contains("relay-no-such-opener was not found"), "{why}");
}

/// Six columns at 120 wide with two-line titles and next steps, the stages under their configured labels.
#[test]
fn six_columns_fit_120_wide_with_two_line_cards_and_the_stage_labels() {
    let mut model = open_board();
    model.settings.stage_labels = StageLabels::with([("dev", "Build"), ("live", "Shipped")]).unwrap();
    let mut b = board(&[task(9, "done", "Upgrade the payment SDK to v5")], 3, 2, false);
    b.tasks[1].next_step = Some("Handle the 3-D Secure challenge when paying with a saved card".into());
    b.tasks[1].waiting_on = Some("owner".into());
    loaded(&mut model, b, Vec::new(), Vec::new());
    let text = screen(&model, 120, 16);
    insta::assert_snapshot!("board_six_columns_120x16", text);
    assert!(
        text.contains(" Build 1 ") && text.contains(" Shipped 1 "),
        "{text}"
    );
    // The stage picker and the task header use the labels too.
    model.board.column = 1;
    update(&mut model, ch('m'));
    let picker = screen(&model, 120, 16);
    assert!(
        picker.contains("2 Build*") && picker.contains("5 Shipped"),
        "{picker}"
    );
    // Narrower than 120: two pages, named by the labels.
    model.form = None;
    let paged = screen(&model, 119, 16);
    assert!(
        paged.contains("Plan · Build · Review · Test | Shipped · Done"),
        "{paged}"
    );
}

#[test]
fn open_in_desktop_on_the_task_view_opens_its_bound_desktop_session() {
    let mut model = Model::new(Screen::Task("acme-2".into()));
    update(&mut model, Action::Live);
    model.settings.desktop_link_template = "claude://session/{id}".into();
    let mut bound = task(2, "dev", "Checkout");
    bound.session = Some("local_77".into());
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Task("acme-2".into()),
            result: Ok(Data::Task(Box::new(crate::ui::app::TaskData {
                detail: proto::TaskDetail {
                    task: Some(bound),
                    ..Default::default()
                },
                ..Default::default()
            }))),
        },
    );
    let effects = update(&mut model, ch('O'));
    assert_eq!(
        effects,
        [Effect::Image(ImageEffect::OpenLink {
            link: "claude://session/local_77".into()
        })]
    );
    // The header names the stage by its label.
    assert!(screen(&model, 100, 20).contains("[Dev] v1"));
}
