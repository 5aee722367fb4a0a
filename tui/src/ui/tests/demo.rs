//! Every screen drawn from the demo data (`relay demo`), fetched from a real relayd through the window's own
//! worker, at 80×24 and 200×60. Ages are drawn against the daemon's clock right after seeding, so they read
//! `now` and the snapshots do not depend on when the test runs.

use std::time::Duration;

use relay_core::config::{Config, Flags};
use relay_core::proto;

use super::{screen, styles};
use crate::client::{self, Client};
use crate::ui::app::{Action, Data, Effect, Fetch, Model, Screen, TAB_COMMENTS, TAB_REVIEW, Write, update};
use crate::ui::theme::{Depth, Theme};
use crate::ui::worker;

const SIZES: [(u16, u16); 2] = [(80, 24), (200, 60)];

pub(super) struct Demo {
    _home: tempfile::TempDir,
    pub(super) client: Client,
    daemon: tokio::task::JoinHandle<()>,
}

pub(super) async fn demo() -> Demo {
    demo_with("").await
}

/// The demo with `config` added to the config.toml it writes (`[rules]` for a description template, …).
pub(super) async fn demo_with(config: &str) -> Demo {
    let home = tempfile::tempdir().unwrap();
    let flags = Flags {
        home: Some(home.path().to_path_buf()),
        ..Flags::default()
    };
    relayd::demo::seed(Config::load_with(&flags, |_| None).unwrap(), false)
        .await
        .unwrap();
    // Loaded again: the demo wrote config.toml (port 0).
    if !config.is_empty() {
        let path = home.path().join("config.toml");
        let written = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, format!("{written}\n{config}")).unwrap();
    }
    let config = Config::load_with(&flags, |_| None).unwrap();
    let socket = config.socket.clone();
    let daemon = tokio::spawn(async move {
        relayd::run(config).await.unwrap();
    });
    for _ in 0..500 {
        if let Some((client, _)) = client::probe(&socket).await {
            return Demo {
                _home: home,
                client,
                daemon,
            };
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("the demo relayd did not answer on {}", socket.display());
}

impl Demo {
    pub(super) async fn load(&self, model: &mut Model, fetch: Fetch) {
        let result = worker::fetch_data(&mut self.client.clone(), &fetch)
            .await
            .map_err(|s| s.to_string());
        assert!(result.is_ok(), "{fetch:?}: {result:?}");
        if let Ok(Data::Inbox(inbox)) | Ok(Data::Board { inbox, .. }) = &result {
            model.now_ms = inbox.now_ms;
        }
        update(model, Action::Loaded { fetch, result });
    }

    pub(super) async fn model(&self, screen: Screen) -> Model {
        let mut model = Model::new(screen);
        update(&mut model, Action::Live);
        // The header's inbox count, and a clock from the daemon.
        self.load(&mut model, Fetch::Inbox).await;
        let fetch = model.screen_fetch();
        self.load(&mut model, fetch).await;
        model.in_flight.clear();
        model
    }

    /// The selected session's snapshots, as the sessions screen asks for them once its list is in.
    pub(super) async fn load_session_snapshots(&self, model: &mut Model) {
        let name = model.sessions.visible()[model.sessions.selected].name.clone();
        self.load(model, Fetch::SessionSnapshots(name)).await;
        model.in_flight.clear();
    }

    pub(super) async fn stop(mut self) {
        let _ = self.client.daemon.stop_daemon(proto::StopDaemonRequest {}).await;
        let _ = tokio::time::timeout(Duration::from_secs(10), self.daemon).await;
    }
}

/// The screen's text at both sizes, and its colours in the dark and the light theme at both sizes.
pub(super) fn snapshot(name: &str, model: &Model) {
    for (width, height) in SIZES {
        let drawn = screen(model, width, height);
        // However narrow, the footer ends saying how to leave and where the keys are (a form or the palette says how to close it).
        let footer = drawn.lines().last().unwrap_or_default().trim_end();
        assert!(
            model.flash.is_some()
                || model.form.is_some()
                || model.palette.is_some()
                || footer.ends_with("q quit · ? help"),
            "{name} at {width}×{height}: the footer is {footer:?}"
        );
        insta::assert_snapshot!(format!("{name}_{width}x{height}"), drawn);
        for theme in ["dark", "light"] {
            let theme_value = Theme::built_in(theme, Depth::TrueColor);
            insta::assert_snapshot!(
                format!("{name}_{theme}_styles_{width}x{height}"),
                styles(model, &theme_value, width, height)
            );
        }
    }
}

fn task_in(model: &Model, stage: &str, pick: impl Fn(&proto::Task) -> bool) -> String {
    let board = model.board.board.as_ref().unwrap();
    board
        .tasks
        .iter()
        .find(|t| t.stage == stage && pick(t))
        .map(|t| t.key.clone())
        .unwrap_or_else(|| panic!("the demo has a {stage} task"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_screen_matches_its_snapshot_when_drawn_from_the_demo() {
    let demo = demo().await;

    let projects = demo.model(Screen::Projects).await;
    snapshot("projects", &projects);

    let mut board = demo.model(Screen::Board("acme-shop".into())).await;
    snapshot("board", &board);
    board.board.column = 4;
    snapshot("board_page_2", &board);
    board.board.column = 2;
    update(
        &mut board,
        Action::Key(crossterm::event::KeyEvent::from(crossterm::event::KeyCode::Char(
            'm',
        ))),
    );
    snapshot("board_stage_form", &board);
    board.form = None;

    let review_key = task_in(&board, "review", |_| true);
    let mut review = demo.model(Screen::Task(review_key.clone())).await;
    snapshot("task_overview", &review);
    review.task.tab = TAB_REVIEW;
    snapshot("task_review", &review);
    review.task.tab = TAB_COMMENTS;
    snapshot("task_comments", &review);
    review.help = true;
    review.task.tab = TAB_REVIEW;
    snapshot("help_review", &review);

    let plan_key = task_in(&board, "dev", |t| t.size.as_deref() == Some("M"));
    let mut plan = demo.model(Screen::Task(plan_key)).await;
    plan.task.tab = 1;
    snapshot("task_plan", &plan);
    plan.task.tab = crate::ui::app::TAB_HISTORY;
    snapshot("task_history", &plan);

    let inbox = demo.model(Screen::Inbox).await;
    snapshot("inbox", &inbox);

    let mut sessions = demo.model(Screen::Sessions).await;
    demo.load_session_snapshots(&mut sessions).await;
    snapshot("sessions", &sessions);
    let mut shop_sessions = Model::new(Screen::Sessions);
    shop_sessions.sessions.project = Some("acme-shop".into());
    demo.load(&mut shop_sessions, Fetch::Inbox).await;
    update(&mut shop_sessions, Action::Live);
    demo.load(&mut shop_sessions, Fetch::Sessions(Some("acme-shop".into())))
        .await;
    demo.load_session_snapshots(&mut shop_sessions).await;
    snapshot("sessions_acme_shop", &shop_sessions);

    let activity = demo.model(Screen::Activity).await;
    snapshot("activity", &activity);
    let mut status_changes = Model::new(Screen::Activity);
    status_changes.activity.filter.kind = Some("session.status_changed".into());
    update(&mut status_changes, Action::Live);
    demo.load(&mut status_changes, Fetch::Inbox).await;
    let fetch = status_changes.screen_fetch();
    demo.load(&mut status_changes, fetch).await;
    snapshot("activity_status_changes", &status_changes);

    // The owner's action through the worker: accept step 1 with a comment, then read the review back.
    let write = Write::DecideStep {
        key: review_key.clone(),
        step: 1,
        decision: proto::ReviewDecision::Accept,
        comment: Some("Checked on my phone too.".into()),
    };
    let answer = worker::run(demo.client.clone(), Effect::Write(write)).await;
    let Action::Wrote {
        result: Ok(outcome), ..
    } = answer
    else {
        panic!("the decision was refused: {answer:?}");
    };
    assert!(outcome.summary.contains("step 1: accepted"), "{outcome:?}");
    let mut client = demo.client.clone();
    let after = client
        .review
        .get_review(proto::GetReviewRequest {
            key: review_key.clone(),
        })
        .await
        .unwrap()
        .into_inner();
    let step = &after.steps[0];
    assert_eq!(step.status, "accepted");
    assert!(
        step.comments
            .iter()
            .any(|c| c.body.contains("Checked on my phone too.")),
        "{step:?}"
    );

    // A refused write answers the daemon's reason: a stale version.
    let stale = Write::SetStage {
        key: review_key,
        stage: "test".into(),
        expected_version: 1_000,
    };
    let answer = worker::run(demo.client.clone(), Effect::Write(stale)).await;
    let Action::Wrote {
        result: Err(reason), ..
    } = answer
    else {
        panic!("a stale version was accepted: {answer:?}");
    };
    assert!(reason.contains("fetched again"), "{reason}");

    demo.stop().await;
}
