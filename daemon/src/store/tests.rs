use crate::testing::{backed_up, started, stopped};
use relay_core::paths::DataDir;

use super::*;

async fn fresh() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("relay.sqlite")).await.unwrap();
    (dir, store)
}

#[tokio::test]
async fn new_store_has_the_newest_schema_and_the_documented_pragmas() {
    let (_dir, store) = fresh().await;
    assert_eq!(store.schema_version(), SCHEMA_VERSION);
    let mut conn = store.pool.acquire().await.unwrap();
    let mode: String = sqlx::query_scalar("PRAGMA journal_mode")
        .fetch_one(&mut *conn)
        .await
        .unwrap();
    assert_eq!(mode, "wal");
    let sync: i64 = sqlx::query_scalar("PRAGMA synchronous")
        .fetch_one(&mut *conn)
        .await
        .unwrap();
    assert_eq!(sync, 1, "synchronous=NORMAL");
    let fk: i64 = sqlx::query_scalar("PRAGMA foreign_keys")
        .fetch_one(&mut *conn)
        .await
        .unwrap();
    assert_eq!(fk, 1);
    let busy: i64 = sqlx::query_scalar("PRAGMA busy_timeout")
        .fetch_one(&mut *conn)
        .await
        .unwrap();
    assert_eq!(busy, 5000);
    let app: i64 = sqlx::query_scalar("PRAGMA application_id")
        .fetch_one(&mut *conn)
        .await
        .unwrap();
    assert_eq!(app, i64::from(APPLICATION_ID));
}

/// `.cargo/config.toml` builds the bundled SQLite with the query planner stability guarantee; without it every
/// statement with `LIMIT ?` (task_get's among them) is compiled again on each execution.
#[tokio::test]
async fn sqlite_is_built_with_the_query_planner_stability_guarantee() {
    let (_dir, store) = fresh().await;
    let options: Vec<String> = sqlx::query_scalar("PRAGMA compile_options")
        .fetch_all(&store.pool)
        .await
        .unwrap();
    assert!(
        options.iter().any(|o| o == "ENABLE_QPSG"),
        "SQLite lacks ENABLE_QPSG (LIBSQLITE3_FLAGS in .cargo/config.toml): {options:?}"
    );
}

#[tokio::test]
async fn event_ids_stay_monotonic_when_the_newest_rows_are_deleted() {
    let (_dir, store) = fresh().await;
    let first = store.append_event("", &started()).await.unwrap();
    let second = store.append_event("", &stopped()).await.unwrap();
    assert!(second.id > first.id);
    sqlx::query("DELETE FROM event WHERE id = ?")
        .bind(second.id)
        .execute(&store.pool)
        .await
        .unwrap();
    let third = store.append_event("", &started()).await.unwrap();
    assert!(third.id > second.id, "ids are never reused");
    let replay = store.events_after(first.id, 10).await.unwrap();
    assert_eq!(replay.iter().map(|e| e.id).collect::<Vec<_>>(), vec![third.id]);
    assert_eq!(store.last_event_id(), third.id);
}

#[tokio::test]
async fn open_refuses_a_schema_newer_than_the_binary() {
    let (dir, store) = fresh().await;
    sqlx::query("PRAGMA user_version = 999")
        .execute(&store.pool)
        .await
        .unwrap();
    store.close().await;
    let path = dir.path().join("relay.sqlite");
    let err = Store::open(&path).await.unwrap_err();
    assert!(matches!(err, StoreError::TooNew { found: 999, .. }), "{err}");
    assert!(err.to_string().contains("upgrade relay"), "{err}");
}

#[tokio::test]
async fn open_refuses_a_file_that_is_not_a_database() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("relay.sqlite");
    std::fs::write(&path, "this is a shopping list, not a database\n").unwrap();
    let err = Store::open(&path).await.unwrap_err();
    assert!(matches!(err, StoreError::NotADatabase { .. }), "{err}");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "this is a shopping list, not a database\n"
    );
}

#[tokio::test]
async fn open_refuses_a_foreign_sqlite_database() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("relay.sqlite");
    let opts = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(&path)
        .create_if_missing(true);
    let mut conn = SqliteConnection::connect_with(&opts).await.unwrap();
    sqlx::query("CREATE TABLE recipes (name TEXT)")
        .execute(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
    let err = Store::open(&path).await.unwrap_err();
    assert!(matches!(err, StoreError::NotRelay { .. }), "{err}");
}

#[tokio::test]
async fn upgrade_keeps_a_pre_migration_copy_when_a_newer_migration_arrives() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("relay.sqlite");
    let store = Store::open_with(&path, &MIGRATIONS[..1]).await.unwrap();
    store.close().await;
    // An event as schema 1 wrote it (this binary's writer needs the newest schema).
    let opts = sqlx::sqlite::SqliteConnectOptions::new().filename(&path);
    let mut conn = SqliteConnection::connect_with(&opts).await.unwrap();
    sqlx::query("INSERT INTO event (at_ms, kind, subject, data) VALUES (1, 'daemon.started', '', '{\"project\":\"p\"}')")
        .execute(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();

    // The real upgrade path, from schema 1 to this binary's newest.
    let upgraded = Store::open(&path).await.unwrap();
    assert_eq!(upgraded.schema_version(), SCHEMA_VERSION);
    assert_eq!(upgraded.last_event_id(), 1);
    upgraded.close().await;

    let copy = migrate::pre_migration_path(&path, 1);
    let info = inspect(&copy).await.unwrap();
    assert_eq!(info.schema_version, 1);
    assert_eq!(
        info.last_event_id, 1,
        "the copy holds the data as it was before the upgrade"
    );
}

#[tokio::test]
async fn failed_migration_leaves_the_schema_where_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("relay.sqlite");
    Store::open(&path).await.unwrap().close().await;
    let mut next = MIGRATIONS.to_vec();
    next.push(Migration {
        version: SCHEMA_VERSION + 1,
        name: "9999_broken",
        sql: "CREATE TABLE ok (id INTEGER); SELEC nonsense;",
    });
    let err = Store::open_with(&path, &next).await.unwrap_err();
    assert!(
        matches!(
            err,
            StoreError::Migration {
                name: "9999_broken",
                at: SCHEMA_VERSION,
                ..
            }
        ),
        "{err}"
    );
    let info = inspect(&path).await.unwrap();
    assert_eq!(info.schema_version, SCHEMA_VERSION);
}

#[tokio::test]
async fn backup_is_a_valid_relay_database_while_writes_go_on() {
    let (dir, store) = fresh().await;
    let store = std::sync::Arc::new(store);
    let writer = {
        let store = store.clone();
        tokio::spawn(async move {
            for _ in 0..200 {
                store.append_event("", &started()).await.unwrap();
            }
        })
    };
    let mut infos = Vec::new();
    for n in 0..5 {
        let dest = dir.path().join(format!("backup-{n}.sqlite"));
        infos.push(store.backup(&dest, false).await.unwrap());
    }
    writer.await.unwrap();
    for info in &infos {
        let checked = backup::check_restorable(&info.path).await.unwrap();
        assert_eq!(checked.last_event_id, info.last_event_id);
        assert!(info.bytes > 0);
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(
            std::fs::metadata(&info.path).unwrap().permissions().mode() & 0o777,
            0o600
        );
    }
    let err = store.backup(&infos[0].path, false).await.unwrap_err();
    assert!(matches!(err, StoreError::BackupExists { .. }), "{err}");
    store.backup(&infos[0].path, true).await.unwrap();
}

#[tokio::test]
async fn restore_refuses_a_non_relay_file_and_changes_nothing() {
    let (dir, store) = fresh().await;
    store.append_event("", &started()).await.unwrap();
    store.close().await;
    let data = DataDir::new(dir.path());
    let before = std::fs::read(data.db()).unwrap();
    let junk = dir.path().join("junk.bin");
    std::fs::write(&junk, vec![7u8; 4096]).unwrap();
    let err = restore(&data, &junk).await.unwrap_err();
    assert!(matches!(err, StoreError::NotADatabase { .. }), "{err}");
    assert_eq!(std::fs::read(data.db()).unwrap(), before);
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert!(
        !names.iter().any(|n| n.to_string_lossy().contains("pre-restore")),
        "{names:?}"
    );
}

#[tokio::test]
async fn restore_replaces_the_database_and_keeps_the_previous_one() {
    let (dir, store) = fresh().await;
    store.append_event("", &started()).await.unwrap();
    let backup_path = dir.path().join("b.sqlite");
    store.backup(&backup_path, false).await.unwrap();
    store.append_event("", &started()).await.unwrap();
    store.close().await;

    let data = DataDir::new(dir.path());
    let restored = restore(&data, &backup_path).await.unwrap();
    assert_eq!(restored.info.last_event_id, 1);
    let previous = restored.previous.unwrap();
    assert_eq!(inspect(&previous).await.unwrap().last_event_id, 2);
    let reopened = Store::open(&data.db()).await.unwrap();
    assert_eq!(reopened.last_event_id(), 1);
}

#[tokio::test]
async fn events_of_one_write_commit_together_and_publish_in_order() {
    let (_dir, store) = fresh().await;
    let mut live = store.events().subscribe();
    let mut write = store.begin_write().await.unwrap();
    let first = write.emit("", &started()).await.unwrap();
    let second = write.emit("/x", &backed_up()).await.unwrap();
    assert_eq!(store.last_event_id(), 0, "nothing is visible before the commit");
    let events = write.commit().await.unwrap();
    assert_eq!(
        events.iter().map(|e| e.id).collect::<Vec<_>>(),
        vec![first, second]
    );
    assert_eq!(store.last_event_id(), second);
    assert_eq!(live.recv().await.unwrap().id, first);
    assert_eq!(live.recv().await.unwrap().id, second);
}

#[tokio::test]
async fn dropped_write_rolls_back_and_the_next_write_proceeds() {
    let (_dir, store) = fresh().await;
    {
        let mut write = store.begin_write().await.unwrap();
        write.emit("", &started()).await.unwrap();
    }
    assert!(
        store.events_after(0, 10).await.unwrap().is_empty(),
        "the dropped write left nothing"
    );
    let event = store.append_event("", &stopped()).await.unwrap();
    assert_eq!(store.events_after(0, 10).await.unwrap().len(), 1);
    assert_eq!(store.last_event_id(), event.id);
}

#[tokio::test]
async fn the_upgrade_to_schema_5_backfills_each_event_project_from_its_payload() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("relay.sqlite");
    Store::open_with(&path, &MIGRATIONS[..4])
        .await
        .unwrap()
        .close()
        .await;
    let opts = sqlx::sqlite::SqliteConnectOptions::new().filename(&path);
    let mut conn = SqliteConnection::connect_with(&opts).await.unwrap();
    for data in [
        r#"{"project":"acme","key":"acme-1"}"#,
        r#"{"pid":1}"#,
        r#"{"project":7}"#,
    ] {
        sqlx::query("INSERT INTO event (at_ms, kind, subject, data) VALUES (1, 'task.created', '', ?)")
            .bind(data)
            .execute(&mut conn)
            .await
            .unwrap();
    }
    conn.close().await.unwrap();

    let store = Store::open(&path).await.unwrap();
    let events = store.events_after(0, 10).await.unwrap();
    let projects: Vec<Option<&str>> = events.iter().map(|e| e.project.as_deref()).collect();
    assert_eq!(projects, [Some("acme"), None, None]);
    let written = store
        .append_event(
            "acme-2",
            &relay_core::event::payload::TaskCreated {
                project: "acme".into(),
                key: "acme-2".into(),
                ..Default::default()
            },
        )
        .await
        .unwrap();
    assert_eq!(written.project.as_deref(), Some("acme"));
    assert_eq!(
        store.events_after(3, 10).await.unwrap()[0].project.as_deref(),
        Some("acme")
    );
}

#[test]
fn task_row_has_one_field_per_row_of_the_task_fields_table_in_order() {
    let table: Vec<&str> = relay_core::board::TASK_FIELDS
        .iter()
        .map(|field| field.name)
        .collect();
    assert_eq!(board::TASK_ROW_FIELDS, table.as_slice());
}

#[test]
fn migrations_are_every_file_of_the_migrations_directory_numbered_in_order() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../migrations");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "sql"))
        .map(|path| path.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let listed: Vec<String> = MIGRATIONS.iter().map(|m| m.name.to_owned()).collect();
    assert_eq!(listed, files);
    for (index, migration) in MIGRATIONS.iter().enumerate() {
        assert_eq!(migration.version as usize, index + 1, "{}", migration.name);
        let file = std::fs::read_to_string(dir.join(format!("{}.sql", migration.name))).unwrap();
        assert_eq!(migration.sql, file, "{}", migration.name);
    }
}
