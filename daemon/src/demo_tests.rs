//! `relay demo` on a real store: the workspace the spec describes, the refusal of a used database, and --force.

use relay_core::config::{Config, Flags};

use super::*;

fn config(home: &Path) -> Config {
    let flags = Flags {
        home: Some(home.to_path_buf()),
        ..Flags::default()
    };
    Config::load_with(&flags, |_| None).unwrap()
}

async fn open(home: &Path) -> DaemonHandle {
    let config = config(home);
    let store = Store::open(&config.data_dir.db()).await.unwrap();
    DaemonHandle::new(
        config,
        store,
        Token::ephemeral(),
        SocketAddr::from(([127, 0, 0, 1], 0)),
    )
}

#[tokio::test]
async fn demo_seeds_the_workspace_of_the_spec() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("demo");
    let seeded = seed(config(&home), false).await.unwrap();
    assert_eq!((seeded.projects, seeded.tasks), (2, 11));
    assert!(!home.join("token").exists(), "the token is not created");

    let handle = open(&home).await;
    let board = handle.board();
    let projects = board.projects().await.unwrap();
    let slugs: Vec<&str> = projects.iter().map(|p| p.slug.as_str()).collect();
    assert_eq!(slugs, vec!["acme-shop", "demo-api"]);
    let tasks = board.tasks(&crate::board::TaskFilter::default()).await.unwrap();
    assert_eq!(tasks.len(), 11);
    for stage in ["plan", "dev", "review", "test", "live", "done"] {
        assert!(tasks.iter().any(|t| t.stage == stage), "a task in {stage}");
    }
    assert!(tasks.iter().any(|t| t.next_step_stale()), "a stale next step");

    // The review task: three steps, two screenshots, bound to a session linked exactly to the demo hook id.
    let review = tasks.iter().find(|t| t.stage == "review").unwrap();
    let checklist = board.review(&review.key()).await.unwrap();
    assert_eq!(checklist.steps.len(), 3);
    assert_eq!(board.attachments(&review.key()).await.unwrap().len(), 2);
    let mut conn = handle.store().read().await.unwrap();
    let linked = crate::store::hook_session::by_cc(&mut conn, REVIEW_HOOK_SESSION)
        .await
        .unwrap()
        .unwrap();
    assert!(linked.cc_exact);
    assert_eq!(Some(linked.name.as_str()), review.session.as_deref());
    drop(conn);

    // The M task's accepted plan: done as planned with a report link, done with a deviation, in progress,
    // pending.
    let planned = tasks.iter().find(|t| t.title.starts_with("Checkout")).unwrap();
    let plan = board.plan(&planned.key(), false).await.unwrap();
    assert_eq!(plan.status, "accepted");
    let statuses: Vec<&str> = plan.steps.iter().map(|s| s.status.as_str()).collect();
    assert_eq!(statuses, vec!["done", "done", "in_progress", "pending"]);
    assert!(
        plan.steps[0]
            .link
            .as_deref()
            .is_some_and(|l| l.starts_with("report:"))
    );
    assert!(
        plan.steps[1]
            .conformance
            .as_deref()
            .is_some_and(|c| c.starts_with("deviation: "))
    );
    assert_eq!(planned.session.as_deref(), Some(DESKTOP_SESSION));

    // The S task without a plan: its session reported a three-item todo.
    let typo = tasks
        .iter()
        .find(|t| t.title.starts_with("Fix the typo"))
        .unwrap();
    let plan = board.plan(&typo.key(), false).await.unwrap();
    assert!(plan.steps.is_empty());
    assert_eq!(plan.todo.len(), 3, "{plan:?}");
}

#[tokio::test]
async fn a_used_database_is_refused_and_force_keeps_it_aside() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("demo");
    seed(config(&home), false).await.unwrap();
    let err = seed(config(&home), false).await.unwrap_err();
    assert!(matches!(err, DemoError::NotEmpty { projects: 2, .. }), "{err}");
    assert!(err.to_string().contains("--force"), "{err}");

    let seeded = seed(config(&home), true).await.unwrap();
    let aside = seeded.kept_aside.unwrap();
    assert!(aside.exists(), "{}", aside.display());
    assert!(aside.to_string_lossy().contains("relay.sqlite.before-demo-"));
    assert_eq!(seeded.tasks, 11);
}
