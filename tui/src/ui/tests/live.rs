//! Actions on live (issue 17): the newest `live.action` events above the Activity feed, refreshed by every such
//! event of the project filter whatever the kind filter; the task view's own on its Overview tab, refreshed by the
//! task's actions only — drawn at 80×24 and 200×50 with a 200-character command cut with `…`.

use relay_core::proto;

use super::screen;
use crate::ui::activity::ActivityFilter;
use crate::ui::app::{Action, Data, Effect, Fetch, Model, Screen, TaskData, update};

const NOW: i64 = 1_800_000_000_000;
const SIZES: [(u16, u16); 2] = [(80, 24), (200, 50)];

fn action(id: i64, key: Option<&str>, decision: &str, command: &str) -> proto::ActivityRow {
    let data = serde_json::json!({
        "project": "acme",
        "environment": "live",
        "key": key,
        "session": "worker-1",
        "agent": "claude",
        "tool": "Bash",
        "command": command,
        "decision": decision,
        "level": "read",
        "rule": "ssh-mutating",
    });
    proto::ActivityRow {
        event: Some(proto::Event {
            id,
            kind: "live.action".into(),
            subject: "acme/live".into(),
            data_json: data.to_string(),
            project: Some("acme".into()),
            at_ms: NOW - 3 * 60_000,
        }),
        what: String::new(),
        actor: "claude".into(),
    }
}

fn actions() -> Vec<proto::ActivityRow> {
    let long = format!(
        "psql -h db.acme.com -U app PGPASSWORD='***' -c 'select 1' {}",
        "x".repeat(160)
    );
    vec![
        action(
            12,
            Some("acme-7"),
            "deny",
            "ssh prod-app 'systemctl restart shop'",
        ),
        action(11, None, "warn", &long[..200]),
    ]
}

fn event(id: i64, kind: &str, project: &str, data: serde_json::Value) -> proto::Event {
    proto::Event {
        id,
        kind: kind.into(),
        subject: format!("{project}/live"),
        data_json: data.to_string(),
        project: Some(project.into()),
        at_ms: NOW,
    }
}

fn activity_model(filter: ActivityFilter) -> Model {
    let mut model = Model::new(Screen::Activity);
    model.now_ms = NOW;
    model.activity.filter = filter.clone();
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Activity(filter),
            result: Ok(Data::Activity {
                page: Box::default(),
                slugs: vec!["acme".into()],
                live: actions(),
            }),
        },
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
        insta::assert_snapshot!(format!("live_{name}_{width}x{height}"), drawn);
    }
}

#[test]
fn activity_shows_the_newest_actions_on_live_above_the_feed() {
    let model = activity_model(ActivityFilter::default());
    let drawn = screen(&model, 200, 50);
    for words in [
        "Actions on live · the newest 2 · t → live.action lists them all",
        "  3m  deny  acme/live  acme-7 (claude)  Bash  ssh prod-app 'systemctl restart shop'  (ssh-mutating)",
        "warn  acme/live  worker-1 (claude)  Bash  psql -h db.acme.com -U app PGPASSWORD='***'",
    ] {
        assert!(drawn.contains(words), "{words:?} missing:\n{drawn}");
    }
    let narrow = screen(&model, 80, 24);
    assert!(narrow.contains("…"), "a long command is cut with …:\n{narrow}");
    snapshot("activity", &model);
}

#[test]
fn actions_on_live_are_refreshed_by_their_events_whatever_the_kind_filter() {
    let filter = ActivityFilter {
        project: Some("acme".into()),
        kind: Some("task.updated".into()),
    };
    let mut model = activity_model(filter.clone());
    let ours = event(20, "live.action", "acme", serde_json::json!({"project": "acme"}));
    assert!(
        update(&mut model, Action::Event(ours)).contains(&Effect::Fetch(Fetch::Activity(filter.clone()))),
        "an action on live of the project refreshes the block"
    );
    model.in_flight.clear();
    let other = event(21, "live.action", "beta", serde_json::json!({"project": "beta"}));
    assert!(
        !update(&mut model, Action::Event(other)).contains(&Effect::Fetch(Fetch::Activity(filter))),
        "another project's does not"
    );
}

#[test]
fn the_task_view_shows_its_own_actions_on_live_and_follows_them() {
    let mut model = Model::new(Screen::Task("acme-7".into()));
    model.now_ms = NOW;
    let own = crate::ui::live::of_task(actions(), "acme-7");
    assert_eq!(own.len(), 1, "only the task's own");
    let data = TaskData {
        detail: proto::TaskDetail {
            task: Some(proto::Task {
                key: "acme-7".into(),
                project: "acme".into(),
                title: "Restart the shop".into(),
                stage: "dev".into(),
                updated_at_ms: NOW - 60_000,
                ..Default::default()
            }),
            ..Default::default()
        },
        live: Some(Ok(own)),
        ..Default::default()
    };
    update(
        &mut model,
        Action::Loaded {
            fetch: Fetch::Task("acme-7".into()),
            result: Ok(Data::Task(Box::new(data))),
        },
    );
    let drawn = screen(&model, 200, 50);
    assert!(drawn.contains("Actions on live (1)"), "{drawn}");
    assert!(
        drawn.contains("deny  acme/live  acme-7 (claude)  Bash  ssh prod-app"),
        "{drawn}"
    );
    snapshot("task", &model);
    let ours = event(
        30,
        "live.action",
        "acme",
        serde_json::json!({"project": "acme", "key": "acme-7"}),
    );
    assert!(update(&mut model, Action::Event(ours)).contains(&Effect::Fetch(Fetch::Task("acme-7".into()))));
    model.in_flight.clear();
    let others = event(
        31,
        "live.action",
        "acme",
        serde_json::json!({"project": "acme", "key": "acme-8"}),
    );
    assert!(
        !update(&mut model, Action::Event(others)).contains(&Effect::Fetch(Fetch::Task("acme-7".into())))
    );
}
