//! `Subscribe` over the real socket: Hello, then a snapshot or a replay, then live events, until shutdown.

use relay_core::proto::{CreateBackupRequest, SnapshotReason, SubscribeRequest, update};
use relay_tests::{EXIT_TIMEOUT, TestDaemon, WAIT_TIMEOUT, next_event, next_update, replay};

#[tokio::test]
async fn subscribe_opens_with_hello_then_an_initial_snapshot_when_no_since_is_given() {
    let daemon = TestDaemon::start().await;
    let status = daemon.get_status().await;
    let mut stream = daemon
        .client()
        .await
        .daemon
        .subscribe(SubscribeRequest::default())
        .await
        .expect("Subscribe")
        .into_inner();

    let update::Update::Hello(hello) = next_update(&mut stream).await else {
        panic!("Hello comes first")
    };
    assert_eq!(hello.protocol_version, 2);
    assert_eq!(hello.daemon_version, relay_core::VERSION);

    let update::Update::Snapshot(snapshot) = next_update(&mut stream).await else {
        panic!("then a Snapshot")
    };
    assert_eq!(snapshot.reason(), SnapshotReason::Initial);
    assert_eq!(snapshot.last_event_id, status.last_event_id);
    assert!(snapshot.last_event_id > 0, "daemon.started is in the log");
    let snapshot_status = snapshot.status.expect("the snapshot carries the status");
    assert_eq!(snapshot_status.pid, daemon.pid());
    assert_eq!(snapshot_status.last_event_id, snapshot.last_event_id);
}

#[tokio::test]
async fn backup_arrives_as_an_event_with_a_larger_id_when_subscribed() {
    let daemon = TestDaemon::start().await;
    let mut client = daemon.client().await;
    let mut stream = client
        .daemon
        .subscribe(SubscribeRequest::default())
        .await
        .expect("Subscribe")
        .into_inner();
    assert!(matches!(next_update(&mut stream).await, update::Update::Hello(_)));
    let update::Update::Snapshot(snapshot) = next_update(&mut stream).await else {
        panic!("a Snapshot")
    };

    let path = daemon.home().scratch().join("live.sqlite").display().to_string();
    let backup = client
        .daemon
        .create_backup(CreateBackupRequest {
            output_path: path.clone(),
            overwrite: false,
        })
        .await
        .expect("CreateBackup")
        .into_inner();

    let event = next_event(&mut stream).await;
    assert_eq!(event.kind, "backup.created");
    assert!(
        event.id > snapshot.last_event_id,
        "{event:?} after {}",
        snapshot.last_event_id
    );
    assert_eq!(event.subject, path);
    let data: serde_json::Value = serde_json::from_str(&event.data_json).expect("data_json is JSON");
    assert_eq!(data["bytes"], backup.bytes, "{data}");
    assert_eq!(daemon.get_status().await.last_event_id, event.id);
}

#[tokio::test]
async fn subscribe_replays_the_log_when_since_event_id_is_given() {
    let daemon = TestDaemon::start().await;
    let mut client = daemon.client().await;
    for name in ["a", "b", "c"] {
        let path = daemon
            .home()
            .scratch()
            .join(format!("{name}.sqlite"))
            .display()
            .to_string();
        client
            .daemon
            .create_backup(CreateBackupRequest {
                output_path: path,
                overwrite: false,
            })
            .await
            .expect("backup");
    }
    let head = daemon.get_status().await.last_event_id;

    let everything = replay(&mut client, 0, head).await;
    assert_eq!(
        everything.iter().map(|e| e.id).collect::<Vec<_>>(),
        (1..=head).collect::<Vec<_>>()
    );
    assert_eq!(everything[0].kind, "daemon.started");
    assert_eq!(
        everything.iter().filter(|e| e.kind == "backup.created").count(),
        3
    );

    let tail = replay(&mut client, 2, head).await;
    assert_eq!(
        tail[..],
        everything[2..],
        "since_event_id = 2 replays what follows event 2"
    );

    // After the replay, live events follow on the same stream.
    let mut stream = client
        .daemon
        .subscribe(SubscribeRequest {
            since_event_id: Some(head),
        })
        .await
        .expect("Subscribe")
        .into_inner();
    assert!(matches!(next_update(&mut stream).await, update::Update::Hello(_)));
    let path = daemon.home().scratch().join("d.sqlite").display().to_string();
    client
        .daemon
        .create_backup(CreateBackupRequest {
            output_path: path.clone(),
            overwrite: false,
        })
        .await
        .expect("backup");
    let live = next_event(&mut stream).await;
    assert_eq!(
        (live.id, live.kind.as_str(), live.subject.as_str()),
        (head + 1, "backup.created", path.as_str())
    );
}

#[tokio::test]
async fn stream_ends_when_the_daemon_stops() {
    let mut daemon = TestDaemon::start().await;
    let mut stream = daemon
        .client()
        .await
        .daemon
        .subscribe(SubscribeRequest::default())
        .await
        .expect("Subscribe")
        .into_inner();
    assert!(matches!(next_update(&mut stream).await, update::Update::Hello(_)));
    assert!(matches!(
        next_update(&mut stream).await,
        update::Update::Snapshot(_)
    ));

    daemon.terminate();
    let end = tokio::time::timeout(WAIT_TIMEOUT, stream.message())
        .await
        .expect("the stream ends on shutdown");
    assert!(matches!(end, Ok(None)), "the stream ends cleanly, got {end:?}");
    let exit = daemon.wait_exit(EXIT_TIMEOUT).await;
    assert!(
        exit.success(),
        "relayd exited with {exit} with a subscriber attached\n{}",
        daemon.log_text()
    );
}
