//! What the in-process benchmarks share: a daemon handle on a real store in a temp home, and percentiles. Each
//! bench includes it with `mod common;` and uses what it needs.

#![allow(dead_code)]

use std::net::SocketAddr;
use std::time::Duration;

use relay_core::config::{Config, Flags};
use relayd::DaemonHandle;
use relayd::store::Store;
use relayd::token::Token;

/// A handle over a real store in `home`, its configuration adjusted by `adjust`.
pub async fn daemon_with(home: &std::path::Path, adjust: impl FnOnce(&mut Config)) -> DaemonHandle {
    let flags = Flags {
        home: Some(home.to_path_buf()),
        ..Flags::default()
    };
    let mut config = Config::load_with(&flags, |_| None).unwrap();
    adjust(&mut config);
    std::fs::create_dir_all(home).unwrap();
    let store = Store::open(&config.data_dir.db()).await.unwrap();
    let (token, _) = Token::load_or_create(&config.data_dir).unwrap();
    let addr: SocketAddr = "127.0.0.1:0".parse().unwrap();
    DaemonHandle::new(config, store, token, addr)
}

pub async fn daemon(home: &std::path::Path) -> DaemonHandle {
    daemon_with(home, |_| {}).await
}

/// Median, p95 and p99 of the samples.
pub fn summary(mut samples: Vec<Duration>) -> (Duration, Duration, Duration) {
    samples.sort();
    let at = |p: f64| samples[((samples.len() as f64 - 1.0) * p).round() as usize];
    (at(0.5), at(0.95), at(0.99))
}

pub fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1000.0)
}
