//! Fixtures for the daemon's own unit tests.

use std::net::SocketAddr;

use relay_core::config::{Config, Flags};

use crate::handle::DaemonHandle;
use crate::store::Store;
use crate::token::Token;

/// A handle over a real store in a temp data dir, its configuration adjusted by `adjust`.
pub(crate) async fn fixture_with(adjust: impl FnOnce(&mut Config)) -> (tempfile::TempDir, DaemonHandle) {
    fixture_on(adjust, std::sync::Arc::new(crate::clock::SystemClock)).await
}

/// A handle whose clock is `clock`.
pub(crate) async fn fixture_on(
    adjust: impl FnOnce(&mut Config),
    clock: std::sync::Arc<dyn crate::clock::Clock>,
) -> (tempfile::TempDir, DaemonHandle) {
    let dir = tempfile::tempdir().unwrap();
    let flags = Flags {
        home: Some(dir.path().to_path_buf()),
        ..Flags::default()
    };
    let mut config = Config::load_with(&flags, |_| None).unwrap();
    config.event_buffer = 64;
    adjust(&mut config);
    let store = Store::open(&config.data_dir.db()).await.unwrap();
    let (token, _) = Token::load_or_create(&config.data_dir).unwrap();
    let addr: SocketAddr = "127.0.0.1:8765".parse().unwrap();
    (dir, DaemonHandle::with_clock(config, store, token, addr, clock))
}

/// A handle with a small event buffer, for lag tests.
pub(crate) async fn fixture_with_buffer(event_buffer: usize) -> (tempfile::TempDir, DaemonHandle) {
    fixture_with(|config| config.event_buffer = event_buffer).await
}

/// A handle over the scale fixture ([`crate::store::scale`]): 10,000 tasks, 100,000 events, one big task.
pub(crate) async fn scale_fixture() -> (tempfile::TempDir, DaemonHandle) {
    let dir = tempfile::tempdir().unwrap();
    let flags = Flags {
        home: Some(dir.path().to_path_buf()),
        ..Flags::default()
    };
    let config = Config::load_with(&flags, |_| None).unwrap();
    crate::store::scale::seed(&config.data_dir.db(), crate::store::scale::Scale::FULL)
        .await
        .unwrap();
    let store = Store::open(&config.data_dir.db()).await.unwrap();
    let (token, _) = Token::load_or_create(&config.data_dir).unwrap();
    let addr: SocketAddr = "127.0.0.1:8765".parse().unwrap();
    let clock = std::sync::Arc::new(crate::clock::SystemClock);
    (dir, DaemonHandle::with_clock(config, store, token, addr, clock))
}

pub(crate) async fn fixture() -> (tempfile::TempDir, DaemonHandle) {
    fixture_with(|_| {}).await
}

/// Payloads for tests that need any event in the log.
pub(crate) fn started() -> relay_core::event::payload::DaemonStarted {
    relay_core::event::payload::DaemonStarted {
        pid: 1,
        version: "test".to_owned(),
    }
}

pub(crate) fn stopped() -> relay_core::event::payload::DaemonStopped {
    relay_core::event::payload::DaemonStopped { pid: 1 }
}

pub(crate) fn backed_up() -> relay_core::event::payload::BackupCreated {
    relay_core::event::payload::BackupCreated {
        bytes: 0,
        last_event_id: 0,
    }
}

pub(crate) mod falkordb;
