//! The database on disk: schema guard, backup and restore, and surviving a crash.

use std::path::Path;

use relay_core::proto::CreateBackupRequest;
use relay_tests::{TestDaemon, TestHome, WAIT_TIMEOUT, replay, run};
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{Connection, SqliteConnection};

async fn open(path: &Path) -> SqliteConnection {
    SqliteConnection::connect_with(&SqliteConnectOptions::new().filename(path).create_if_missing(true))
        .await
        .unwrap_or_else(|e| panic!("cannot open {}: {e}", path.display()))
}

/// A home whose database was created by a daemon that then stopped cleanly.
async fn home_with_a_database() -> TestHome {
    let home = TestDaemon::start().await.stop().await;
    assert!(home.db().is_file());
    home
}

async fn backup(client: &mut relay::client::Client, path: &Path) -> relay_core::proto::Backup {
    client
        .daemon
        .create_backup(CreateBackupRequest {
            output_path: path.display().to_string(),
            overwrite: false,
        })
        .await
        .unwrap_or_else(|status| panic!("CreateBackup {}: {status}", path.display()))
        .into_inner()
}

/// Bytes that look like nothing in particular (xorshift), never a SQLite header.
fn noise(len: usize) -> Vec<u8> {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..len)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state.to_le_bytes()[0]
        })
        .collect()
}

#[tokio::test]
async fn start_is_refused_as_newer_when_the_database_comes_from_a_newer_binary() {
    let home = home_with_a_database().await;
    let mut conn = open(&home.db()).await;
    sqlx::query("PRAGMA user_version = 99")
        .execute(&mut conn)
        .await
        .expect("set user_version");
    conn.close().await.expect("close the database");

    let foreground = run(home.relay().args(["daemon", "run"])).await;
    crate::assert_refused_start(&home, &foreground);
    assert!(foreground.stderr.contains("newer"), "{foreground}");
    assert!(foreground.stderr.contains("99"), "{foreground}");

    let background = run(home.relay().args(["daemon", "start"])).await;
    crate::assert_refused_start(&home, &background);
    assert!(background.stderr.contains("newer"), "{background}");
}

#[tokio::test]
async fn restore_refuses_and_changes_nothing_when_the_input_is_not_a_database() {
    let home = home_with_a_database().await;
    let before = home.db_files();
    let junk = home.scratch().join("junk.sqlite");
    std::fs::write(&junk, noise(8192)).expect("write junk");

    let restore = run(home.relay().arg("restore").arg("--input").arg(&junk)).await;
    restore.assert_code(1);
    assert!(restore.stderr.contains("not a SQLite database"), "{restore}");
    assert!(restore.stderr.contains("nothing was changed"), "{restore}");
    assert!(
        home.db_files() == before,
        "the database files are byte-identical after a refused restore"
    );
}

#[tokio::test]
async fn restore_refuses_and_changes_nothing_when_the_input_is_a_foreign_sqlite_database() {
    let home = home_with_a_database().await;
    let before = home.db_files();
    let foreign = home.scratch().join("foreign.sqlite");
    let mut conn = open(&foreign).await;
    sqlx::query("CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT)")
        .execute(&mut conn)
        .await
        .expect("create");
    sqlx::query("INSERT INTO note (text) VALUES ('not relay')")
        .execute(&mut conn)
        .await
        .expect("insert");
    conn.close().await.expect("close");

    let restore = run(home.relay().arg("restore").arg("--input").arg(&foreign)).await;
    restore.assert_code(1);
    assert!(restore.stderr.contains("not a relay backup"), "{restore}");
    assert!(
        home.db_files() == before,
        "the database files are byte-identical after a refused restore"
    );

    // The untouched store still opens.
    let daemon = TestDaemon::start_in(home).await;
    assert_eq!(daemon.status().schema_version, relayd::store::SCHEMA_VERSION);
}

/// Runs `sql` on `db` with the `sqlite3` command-line shell (installed by tests/run), which can do what relay's
/// own connection never would (`writable_schema`); returns its output.
fn sqlite3(db: &Path, sql: &str) -> String {
    let output = std::process::Command::new("sqlite3")
        .arg(db)
        .arg(sql)
        .output()
        .unwrap_or_else(|e| {
            panic!("cannot run sqlite3 ({e}): tests/run installs it, or apt-get install sqlite3")
        });
    assert!(
        output.status.success(),
        "sqlite3 {} {sql:?} failed: {}",
        db.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// A stopped daemon's home and a backup it wrote (in the scratch folder) while it ran.
async fn home_and_backup() -> (TestHome, std::path::PathBuf) {
    let daemon = TestDaemon::start().await;
    let file = daemon.home().scratch().join("backup.sqlite");
    backup(&mut daemon.client().await, &file).await;
    (daemon.stop().await, file)
}

/// `relay restore` must refuse `input` with one line, `relay: error: refused to restore INPUT: <why>; nothing was
/// changed`, where `why` is exactly `why` (or, when `more` is true, starts with it: SQLite's findings after the
/// ones a test provoked depend on the rows), and leave the database byte for byte as it was.
async fn assert_restore_refused(home: &TestHome, input: &Path, why: &str, more: bool) {
    let before = home.db_files();
    let restore = run(home.relay().arg("restore").arg("--input").arg(input)).await;
    restore.assert_code(1);
    let head = format!("relay: error: refused to restore {}: {why}", input.display());
    let tail = "; nothing was changed\n";
    if more {
        assert!(
            restore.stderr.starts_with(&head) && restore.stderr.ends_with(tail),
            "expected {head:?}…{tail:?}: {restore}"
        );
    } else {
        assert_eq!(restore.stderr, format!("{head}{tail}"), "{restore}");
    }
    assert_eq!(restore.stderr.lines().count(), 1, "one line: {restore}");
    assert!(
        home.db_files() == before,
        "the database files are byte-identical after a refused restore"
    );
}

#[tokio::test]
async fn restore_refuses_and_changes_nothing_when_the_input_comes_from_a_newer_relay() {
    let (home, file) = home_and_backup().await;
    sqlite3(&file, "PRAGMA user_version = 99");
    let supported = relayd::store::SCHEMA_VERSION;
    let why = format!(
        "{} has schema version 99, newer than this relay understands ({supported}); upgrade relay, or restore a backup made by this version",
        file.display()
    );
    assert_restore_refused(&home, &file, &why, false).await;
}

#[tokio::test]
async fn restore_refuses_and_changes_nothing_when_the_input_fails_its_integrity_check() {
    let (home, file) = home_and_backup().await;
    // The project table's root becomes the event table's: two b-trees claim one page, and one page is lost.
    let roots = sqlite3(
        &file,
        "SELECT name || '=' || rootpage FROM sqlite_schema WHERE name IN ('event', 'project') ORDER BY name",
    );
    let root = |name: &str| -> u32 {
        roots
            .lines()
            .find_map(|line| line.strip_prefix(&format!("{name}=")))
            .and_then(|page| page.parse().ok())
            .unwrap_or_else(|| panic!("no root page of {name} in {roots:?}"))
    };
    let (event, project) = (root("event"), root("project"));
    sqlite3(
        &file,
        &format!(
            "PRAGMA writable_schema = ON; UPDATE sqlite_schema SET rootpage = {event} WHERE name = 'project'"
        ),
    );
    assert_ne!(
        sqlite3(&file, "PRAGMA quick_check").trim(),
        "ok",
        "the damage is seen by SQLite itself"
    );
    // SQLite's findings (in the words of the SQLite bundled with relay), on one line: first the pages, then
    // the event rows read as projects (which depend on those rows).
    let why = format!(
        "{} failed its integrity check: 2nd reference to page {event}; Page {project}: never used; ",
        file.display()
    );
    assert_restore_refused(&home, &file, &why, true).await;
}

#[tokio::test]
async fn restore_is_refused_when_the_daemon_runs() {
    let daemon = TestDaemon::start().await;
    let file = daemon.home().scratch().join("backup.sqlite");
    backup(&mut daemon.client().await, &file).await;
    let last = daemon.get_status().await.last_event_id;

    let restore = run(daemon.relay().arg("restore").arg("--input").arg(&file)).await;
    restore.assert_code(1);
    assert!(
        restore.stderr.contains(&format!("pid {}", daemon.pid())),
        "{restore}"
    );
    assert!(restore.stderr.contains("relay daemon stop"), "{restore}");
    assert_eq!(
        daemon.get_status().await.last_event_id,
        last,
        "the running daemon's store is untouched"
    );
}

#[tokio::test]
async fn restarted_daemon_serves_the_backup_when_it_was_restored() {
    let daemon = TestDaemon::start().await;
    let mut client = daemon.client().await;
    let earlier = daemon.home().scratch().join("earlier.sqlite");
    let chosen = daemon.home().scratch().join("chosen.sqlite");
    backup(&mut client, &earlier).await;
    let backup = backup(&mut client, &chosen).await;
    assert_eq!(backup.schema_version, relayd::store::SCHEMA_VERSION);
    assert_eq!(backup.path, chosen.display().to_string());
    let n = backup.last_event_id;
    let original = replay(&mut client, 0, n).await;
    drop(client);
    let home = daemon.stop().await;

    let restore = run(home.relay().arg("restore").arg("--input").arg(&chosen)).await;
    restore.assert_success();
    assert!(
        restore.stdout.contains(&format!("events up to #{n})")),
        "{restore}"
    );
    let kept = restore
        .stdout
        .lines()
        .find_map(|line| line.strip_prefix("the database it replaced is kept as "))
        .unwrap_or_else(|| panic!("restore names where the old database went: {restore}"));
    assert!(Path::new(kept).is_file(), "{kept} exists");

    let daemon = TestDaemon::start_in(home).await;
    let status = daemon.get_status().await;
    // The backup's log, then the one `daemon.started` this start appended.
    assert_eq!(status.last_event_id, n + 1, "{status:?}");
    let restored = replay(&mut daemon.client().await, 0, n + 1).await;
    assert_eq!(
        restored[..restored.len() - 1],
        original[..],
        "the restored log is the backup's"
    );
    assert_eq!(restored.last().map(|e| e.kind.as_str()), Some("daemon.started"));
    let chosen_subject = chosen.display().to_string();
    let earlier_subject = earlier.display().to_string();
    assert!(
        restored
            .iter()
            .any(|e| e.kind == "backup.created" && e.subject == earlier_subject)
    );
    assert!(
        !restored.iter().any(|e| e.subject == chosen_subject),
        "the chosen backup's own event came after the backup was taken"
    );
}

// Multi-threaded, so the writer keeps a request in flight while the test thread kills the daemon.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acknowledged_events_survive_when_the_daemon_is_killed_mid_write() {
    let daemon = TestDaemon::start().await;
    let scratch = daemon.home().scratch().to_path_buf();
    let mut client = daemon.client().await;
    let (acks, mut acked) = tokio::sync::mpsc::unbounded_channel();
    let writer = tokio::spawn(async move {
        for i in 0..10_000 {
            let path = scratch.join(format!("backup-{i}.sqlite"));
            let request = CreateBackupRequest {
                output_path: path.display().to_string(),
                overwrite: false,
            };
            match client.daemon.create_backup(request).await {
                Ok(response) => {
                    if acks
                        .send((path.display().to_string(), response.into_inner()))
                        .is_err()
                    {
                        return;
                    }
                }
                Err(_) => return,
            }
        }
    });

    let mut acknowledged = Vec::new();
    while acknowledged.len() < 5 {
        let ack = tokio::time::timeout(WAIT_TIMEOUT, acked.recv())
            .await
            .expect("a CreateBackup acknowledged");
        acknowledged.push(ack.expect("the writer is still writing"));
    }
    // SIGKILL while the writer has a request in flight.
    let home = daemon.crash();
    tokio::time::timeout(WAIT_TIMEOUT, writer)
        .await
        .expect("the writer notices the crash")
        .expect("writer task");
    while let Ok(ack) = acked.try_recv() {
        acknowledged.push(ack);
    }

    let daemon = TestDaemon::start_in(home).await;
    let head = daemon.get_status().await.last_event_id;
    let log = replay(&mut daemon.client().await, 0, head).await;
    let ids: Vec<i64> = log.iter().map(|e| e.id).collect();
    assert!(
        ids.windows(2).all(|w| w[0] < w[1]),
        "replayed ids strictly increase: {ids:?}"
    );
    assert_eq!(
        log.last().map(|e| e.kind.as_str()),
        Some("daemon.started"),
        "the restart is the newest event"
    );

    let mut previous = 0;
    for (path, ack) in &acknowledged {
        let event = log
            .iter()
            .find(|e| e.kind == "backup.created" && e.subject == *path)
            .unwrap_or_else(|| panic!("the acknowledged backup {path} lost its event; log ids {ids:?}"));
        assert!(
            event.id > ack.last_event_id,
            "{path}: its event follows the events it contains"
        );
        assert!(event.id > previous, "acknowledged events keep their order");
        previous = event.id;
    }

    let home = daemon.stop().await;
    let mut conn = open(&home.db()).await;
    let check: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&mut conn)
        .await
        .expect("integrity_check");
    conn.close().await.expect("close");
    assert_eq!(check, "ok");
}

#[tokio::test]
async fn backup_names_the_folder_and_exits_2_when_the_folder_does_not_exist() {
    let daemon = TestDaemon::start().await;
    let missing = daemon.home().scratch().join("no-such-folder");
    let output = run(daemon
        .relay()
        .arg("backup")
        .arg("--output")
        .arg(missing.join("b.sqlite")))
    .await;
    output.assert_code(2);
    assert!(
        output
            .stderr
            .contains(&format!("the folder {} does not exist", missing.display())),
        "{output}"
    );
    assert!(
        !daemon.log_text().contains("store failure"),
        "a user mistake is not logged as a store failure"
    );
}

#[tokio::test]
async fn backup_refuses_an_existing_file_unless_overwrite_is_given() {
    let daemon = TestDaemon::start().await;
    let file = daemon.home().scratch().join("backup.sqlite");
    run(daemon.relay().arg("backup").arg("--output").arg(&file))
        .await
        .assert_success();
    let first = std::fs::read(&file).expect("the first backup");

    let again = run(daemon.relay().arg("backup").arg("--output").arg(&file)).await;
    again.assert_code(1);
    assert!(
        again.stderr.contains("already exists") && again.stderr.contains("--overwrite"),
        "{again}"
    );
    assert!(
        std::fs::read(&file).expect("the backup") == first,
        "a refused backup leaves the file alone"
    );

    let replaced = run(daemon
        .relay()
        .arg("backup")
        .arg("--overwrite")
        .arg("--output")
        .arg(&file))
    .await;
    replaced.assert_success();
    let head = daemon.get_status().await.last_event_id;
    assert!(
        replaced.stdout.contains(&format!("events up to #{})", head - 1)),
        "{replaced}"
    );
}
