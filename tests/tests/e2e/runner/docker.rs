//! The docker backend end to end, on the real Docker engine `tests/run` starts, with the busybox image it
//! imports ([`IMAGE`]; nothing is pulled). Every test removes the containers its sessions made, whatever happens.

use std::time::Duration;

use relay_core::proto::{RunnerSession, RunnerSessionRequest};
use relay_tests::{TestDaemon, WAIT_TIMEOUT, run};

use super::{CONFIG, attach, repo};

/// The image `tests/run` builds from the machine's static busybox (`docker import`).
const IMAGE: &str = "relay-test/busybox:1";
/// An allowed image no engine has.
const MISSING: &str = "relay-test/missing:1";
/// relay's reference image (images/relay-dev: Debian, git, zsh, Claude Code), which `tests/run` builds.
const REFERENCE: &str = "relay-test/relay-dev:1";
/// The busybox image plus the C library of the `relay` under test, so the host's binary runs inside; made by
/// [`glibc_image`].
const GLIBC: &str = "relay-test/glibc:1";

fn docker(args: &[&str]) -> std::process::Output {
    std::process::Command::new("docker")
        .args(args)
        .output()
        .expect("the docker CLI (tests/run installs docker.io)")
}

fn docker_text(args: &[&str]) -> String {
    let out = docker(args);
    assert!(
        out.status.success(),
        "docker {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

/// Removes the containers named on drop (a failed assertion too), and their sessions' networks.
#[derive(Default)]
struct Containers(std::sync::Mutex<Vec<String>>);

impl Containers {
    fn add(&self, session: &RunnerSession) {
        if let Some(id) = &session.container {
            self.0.lock().unwrap().push(id.clone());
        }
    }
}

impl Drop for Containers {
    fn drop(&mut self) {
        for id in self.0.lock().unwrap().iter() {
            // The session's own network goes too (its relayd's home goes with the test: no later start reconciles it).
            let networks = docker(&[
                "inspect",
                "--format",
                "{{range $name, $_ := .NetworkSettings.Networks}}{{$name}} {{end}}",
                id,
            ]);
            let _ = docker(&["rm", "-f", id]);
            for network in String::from_utf8_lossy(&networks.stdout).split_whitespace() {
                if network.starts_with("relay-session-") {
                    let _ = docker(&["network", "rm", network]);
                }
            }
        }
    }
}

/// A relayd with a checkout whose docker sessions run [`IMAGE`] (32 MB of memory, 64 processes).
async fn daemon() -> TestDaemon {
    daemon_with("").await
}

/// The docker tests' daemon with `extra` lines of config.
async fn daemon_with(extra: &str) -> TestDaemon {
    daemon_allowing(&[], extra).await
}

/// The docker tests' daemon allowing `images` too, with `extra` lines of config (a key of theirs replaces the
/// tests' own: `docker_memory_limit_mb = 1024` for a program bigger than a shell).
async fn daemon_allowing(images: &[&str], extra: &str) -> TestDaemon {
    let image = docker(&["image", "inspect", IMAGE]);
    assert!(
        image.status.success(),
        "the test image {IMAGE} is missing: run the suite through tests/run, which starts dockerd and imports it"
    );
    let allowed: String = images.iter().map(|i| format!(", \"{i}\"")).collect();
    let ours = format!(
        "docker_allowed_images = [\"{IMAGE}\", \"{MISSING}\", \"{GLIBC}\"{allowed}]\ndocker_default_image = \"{IMAGE}\"\n\
         docker_memory_limit_mb = 32\ndocker_pids_limit = 64\ndocker_cpu_percent = 100\n\
         docker_log_max_size_mb = 1\ndocker_log_max_files = 2\n"
    );
    let key = |line: &str| line.split('=').next().unwrap_or_default().trim().to_owned();
    let replaced: Vec<String> = extra.lines().map(key).collect();
    let ours: String = ours
        .lines()
        .filter(|line| !replaced.contains(&key(line)))
        .map(|line| format!("{line}\n"))
        .collect();
    let config = format!("{ours}{extra}{CONFIG}");
    let daemon = TestDaemon::builder().config(&config).start().await;
    let checkout = repo(daemon.home().scratch());
    run(daemon.relay().args(["project", "add", "--repo"]).arg(&checkout))
        .await
        .assert_success();
    daemon
}

async fn session(daemon: &TestDaemon, name: &str) -> RunnerSession {
    daemon
        .client()
        .await
        .runner
        .get_runner_session(RunnerSessionRequest {
            session: name.to_owned(),
        })
        .await
        .unwrap()
        .into_inner()
}

/// Waits until the session is in `state`, answering it.
async fn until_state(daemon: &TestDaemon, name: &str, state: &str) -> RunnerSession {
    let wait = async {
        loop {
            let found = session(daemon, name).await;
            if found.state == state {
                return found;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    };
    match tokio::time::timeout(WAIT_TIMEOUT, wait).await {
        Ok(found) => found,
        Err(_) => panic!("{name} never became {state}: {:?}", session(daemon, name).await),
    }
}

async fn new_docker(daemon: &TestDaemon, branch: &str, containers: &Containers) -> RunnerSession {
    let out = run(daemon.relay().args([
        "session",
        "new",
        "--branch",
        branch,
        "--backend",
        "docker",
        "--json",
    ]))
    .await;
    let json: serde_json::Value = serde_json::from_str(&out.stdout).unwrap_or_else(|_| panic!("{out}"));
    let found = session(daemon, json["name"].as_str().unwrap()).await;
    containers.add(&found);
    out.assert_success();
    found
}

#[tokio::test]
async fn a_docker_session_runs_confined_in_its_own_container_and_stops_resumes_and_goes() {
    let daemon = daemon().await;
    let containers = Containers::default();
    let created = new_docker(&daemon, "boxed", &containers).await;
    assert_eq!(created.state, "running", "{created:?}");
    assert_eq!(created.backend, "docker");
    assert!(created.isolated);
    assert_eq!(created.image.as_deref(), Some(IMAGE));
    let id = created.container.clone().expect("a container id");

    // The container as the engine has it: idle entrypoint, labels, limits, only the workspace, unprivileged.
    let inspect = |format: &str| docker_text(&["inspect", "--format", format, &id]);
    assert_eq!(
        inspect("{{json .Config.Entrypoint}} {{json .Config.Cmd}}"),
        "[\"sleep\"] [\"infinity\"]"
    );
    assert_eq!(
        inspect("{{index .Config.Labels \"relay.session_id\"}}"),
        created.name
    );
    assert_eq!(inspect("{{.HostConfig.Privileged}}"), "false");
    assert_eq!(
        inspect("{{.HostConfig.Memory}} {{.HostConfig.MemorySwap}}"),
        "33554432 33554432"
    );
    assert_eq!(
        inspect("{{.HostConfig.PidsLimit}} {{.HostConfig.NanoCpus}}"),
        "64 1000000000"
    );
    assert_eq!(
        inspect("{{index .HostConfig.LogConfig.Config \"max-size\"}}"),
        "1m"
    );
    // The workspace is the one writable mount; relay's hook folder and binary are read-only.
    let mounts = inspect("{{range .Mounts}}{{.Source}}:{{.Destination}}:{{.RW}}\n{{end}}");
    let writable: Vec<&str> = mounts.lines().filter(|m| m.ends_with(":true")).collect();
    assert_eq!(
        writable,
        [format!("{}:/workspace:true", created.workspace)],
        "{mounts}"
    );
    assert_eq!(mounts.lines().count(), 3, "{mounts}");
    let network = inspect("{{.HostConfig.NetworkMode}}");
    assert_eq!(
        docker_text(&[
            "network",
            "inspect",
            "--format",
            "{{index .Options \"com.docker.network.bridge.enable_icc\"}}",
            &network
        ]),
        "false"
    );

    // Type, see the echo: the shell runs inside, in /workspace, with no Docker socket.
    let mut term = attach(&daemon, &created.name, false, 24, 80).await;
    term.keys("echo in-box-$((6*7)) $(pwd); ls /var/run/docker.sock\n")
        .await;
    term.until("in-box-42 /workspace").await;
    term.until("No such file").await;
    // The writer's size reaches the exec's TTY (the engine's exec resize).
    term.resize(30, 100).await;
    // The exec resize is its own request to the engine, sent beside the keys: give it a moment to land first.
    tokio::time::sleep(Duration::from_millis(300)).await;
    term.keys("echo size-$(stty size | tr ' ' x)\n").await;
    term.until("size-30x100").await;
    term.keys("echo made > from-box.txt\n").await;
    tokio::time::timeout(WAIT_TIMEOUT, async {
        while !std::path::Path::new(&created.workspace)
            .join("from-box.txt")
            .exists()
        {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await
    .expect("a file written inside lands in the workspace");

    // Stop: the terminal ends and the container stops; resume starts both again.
    let stopped = run(daemon.relay().args(["session", "stop", &created.name, "--json"])).await;
    stopped.assert_success();
    assert!(stopped.stdout.contains("\"state\": \"stopped\""), "{stopped}");
    assert_eq!(inspect("{{.State.Running}}"), "false");
    run(daemon.relay().args(["session", "resume", &created.name]))
        .await
        .assert_success();
    assert_eq!(inspect("{{.State.Running}}"), "true");
    let mut term = attach(&daemon, &created.name, false, 24, 80).await;
    term.keys("cat from-box.txt; echo again-$((1+1))\n").await;
    term.until("again-2").await;
    assert!(String::from_utf8_lossy(&term.seen).contains("made"));

    // Remove: container and workspace go.
    run(daemon.relay().args(["session", "stop", &created.name]))
        .await
        .assert_success();
    run(daemon.relay().args(["session", "rm", &created.name, "--force"]))
        .await
        .assert_success();
    assert!(
        !docker(&["inspect", &id]).status.success(),
        "the container was removed"
    );
    assert!(!std::path::Path::new(&created.workspace).exists());
}

#[tokio::test]
async fn an_image_outside_the_allow_list_is_refused_by_name_and_a_missing_one_fails_the_session_when_its_registry_is_out_of_reach()
 {
    let daemon = daemon().await;
    let containers = Containers::default();
    let refused = run(daemon.relay().args([
        "session",
        "new",
        "--branch",
        "other",
        "--backend",
        "docker",
        "--image",
        "ubuntu:24.04",
    ]))
    .await;
    assert_ne!(refused.code, Some(0), "{refused}");
    assert!(
        refused.stderr.contains("image 'ubuntu:24.04' is not allowed"),
        "{refused}"
    );
    assert!(refused.stderr.contains("docker_allowed_images"), "{refused}");
    let list = run(daemon.relay().args(["session", "list", "--json"])).await;
    assert!(!list.stdout.contains("other"), "nothing was made: {list}");

    let missing = run(daemon.relay().args([
        "session",
        "new",
        "--branch",
        "gone",
        "--backend",
        "docker",
        "--image",
        MISSING,
    ]))
    .await;
    assert_ne!(missing.code, Some(0), "{missing}");
    let failed = session(&daemon, "run-shop-2").await;
    containers.add(&failed);
    assert_eq!(failed.state, "failed", "{failed:?}");
    // Not in the engine, so relay pulls it — and the registry is out of reach here (no network), as it is
    // whenever a machine is offline: the session fails naming the image, why and what to do.
    let error = failed.error.unwrap_or_default();
    assert!(
        error.starts_with(&format!(
            "Failed to pull image '{MISSING}': the registry could not be reached ("
        )),
        "{error}"
    );
    assert!(
        error.contains(&format!("docker build -t {MISSING} ."))
            && error.contains("relay session retry run-shop-2"),
        "{error}"
    );
}

#[tokio::test]
async fn an_image_the_engine_lacks_is_pulled_with_its_progress_told_and_the_session_runs_on_it() {
    let scratch = tempfile::tempdir().unwrap();
    let registry = super::registry::Registry::serving(IMAGE, "relay-test/pulled", "1", scratch.path()).await;
    let image = registry.image.clone();
    let _ = docker(&["rmi", "-f", &image]);
    let daemon = daemon_allowing(&[&image], "").await;
    let containers = Containers::default();
    let out = run(daemon.relay().args([
        "session",
        "new",
        "--branch",
        "pulled",
        "--backend",
        "docker",
        "--image",
        &image,
        "--json",
    ]))
    .await;
    let json: serde_json::Value = serde_json::from_str(&out.stdout).unwrap_or_else(|_| panic!("{out}"));
    let created = session(&daemon, json["name"].as_str().unwrap()).await;
    containers.add(&created);
    let removed = scopeguard(&image);
    out.assert_success();
    assert_eq!(created.state, "running", "{created:?}");
    assert_eq!(created.image.as_deref(), Some(image.as_str()));
    // The engine has it now, and the clients were told how far the pull was.
    assert!(docker(&["image", "inspect", &image]).status.success());
    let events = run(daemon.relay().args(["events", "--json"])).await;
    let steps: Vec<serde_json::Value> = events
        .stdout
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|e| e["kind"] == "runner.image_pull_progressed")
        .collect();
    assert!(!steps.is_empty(), "no pull progress: {}", events.stdout);
    // The 4 MB layer no engine had was downloaded: the last step says all of it.
    let last = &steps.last().unwrap()["data"];
    assert_eq!(
        (&last["downloaded_mb"], &last["total_mb"], &last["percent"]),
        (&4.into(), &4.into(), &100.into()),
        "{steps:?}"
    );
    for step in &steps {
        let payload = &step["data"];
        assert_eq!(payload["session"], created.name.as_str(), "{step}");
        assert_eq!(payload["image"], image.as_str(), "{step}");
        assert!(
            payload["downloaded_mb"].as_u64().unwrap() <= payload["total_mb"].as_u64().unwrap().max(1),
            "{step}"
        );
    }
    let mut term = attach(&daemon, &created.name, false, 24, 80).await;
    term.keys("echo pulled-$((3*3))\n").await;
    term.until("pulled-9").await;
    drop(removed);
}

/// Removes `image` from the engine on drop.
fn scopeguard(image: &str) -> impl Drop {
    struct Remove(String);
    impl Drop for Remove {
        fn drop(&mut self) {
            let _ = docker(&["rmi", "-f", &self.0]);
        }
    }
    Remove(image.to_owned())
}

#[tokio::test]
async fn the_reference_image_gives_claude_code_git_and_zsh_in_a_docker_session() {
    assert!(
        docker(&["image", "inspect", REFERENCE]).status.success(),
        "the reference image {REFERENCE} is missing: run the suite through tests/run, which builds it with images/relay-dev/build.sh"
    );
    let daemon = daemon_allowing(
        &[REFERENCE],
        "docker_memory_limit_mb = 1024\ndocker_pids_limit = 512\n",
    )
    .await;
    let containers = Containers::default();
    // A shell: the tools are there.
    let out = run(daemon.relay().args([
        "session",
        "new",
        "--branch",
        "reference",
        "--backend",
        "docker",
        "--image",
        REFERENCE,
        "--json",
    ]))
    .await;
    let json: serde_json::Value = serde_json::from_str(&out.stdout).unwrap_or_else(|_| panic!("{out}"));
    let shell = session(&daemon, json["name"].as_str().unwrap()).await;
    containers.add(&shell);
    out.assert_success();
    let mut term = attach(&daemon, &shell.name, false, 24, 100).await;
    term.keys("claude --version; git --version; zsh --version; echo shell=$SHELL\n")
        .await;
    term.until("(Claude Code)").await;
    term.until("git version 2.").await;
    term.until("zsh 5.").await;
    term.until("shell=/bin/zsh").await;
    drop(term);

    // The claude profile: Claude Code itself runs in the container's terminal (signing in is not possible here:
    // no network, so it says it cannot reach Anthropic, in the same screen).
    let out = run(daemon.relay().args([
        "session",
        "new",
        "--branch",
        "reference-claude",
        "--backend",
        "docker",
        "--image",
        REFERENCE,
        "--profile",
        "claude",
        "--json",
    ]))
    .await;
    let json: serde_json::Value = serde_json::from_str(&out.stdout).unwrap_or_else(|_| panic!("{out}"));
    let agent = session(&daemon, json["name"].as_str().unwrap()).await;
    containers.add(&agent);
    out.assert_success();
    assert_eq!(agent.state, "running", "{agent:?}");
    let mut term = attach(&daemon, &agent.name, false, 30, 100).await;
    term.until_screen("Welcome to Claude Code", 30, 100).await;
}

#[tokio::test]
async fn a_pull_is_refused_when_the_engine_has_too_little_disk_naming_the_free_space() {
    let daemon = daemon_with("docker_pull_min_free_disk_mb = 10000000\n").await;
    let containers = Containers::default();
    let refused = run(daemon.relay().args([
        "session",
        "new",
        "--branch",
        "no-room",
        "--backend",
        "docker",
        "--image",
        MISSING,
    ]))
    .await;
    assert_ne!(refused.code, Some(0), "{refused}");
    let name = run(daemon.relay().args(["session", "list", "--json"])).await;
    let listed: serde_json::Value = serde_json::from_str(&name.stdout).unwrap_or_else(|_| panic!("{name}"));
    let failed_name = listed
        .as_array()
        .and_then(|all| all.iter().find(|s| s["branch"] == "no-room"))
        .and_then(|s| s["name"].as_str())
        .unwrap_or_else(|| panic!("no session on no-room: {listed}"))
        .to_owned();
    let failed = session(&daemon, &failed_name).await;
    containers.add(&failed);
    assert_eq!(failed.state, "failed", "{failed:?}");
    let error = failed.error.unwrap_or_default();
    assert!(
        error.starts_with(&format!("Failed to pull image '{MISSING}': only ")),
        "{error}"
    );
    assert!(
        error.contains("less than docker_pull_min_free_disk_mb (10000000 MB)")
            && error.contains(&format!("relay session retry {failed_name}")),
        "{error}"
    );
}

#[tokio::test]
async fn a_killed_or_out_of_memory_container_fails_its_session_saying_what_happened() {
    let daemon = daemon().await;
    let containers = Containers::default();
    let created = new_docker(&daemon, "fragile", &containers).await;
    let id = created.container.clone().unwrap();
    docker_text(&["kill", &id]);
    let failed = until_state(&daemon, &created.name, "failed").await;
    let error = failed.error.unwrap_or_default();
    assert!(error.contains("Container stopped from outside relay"), "{error}");
    assert!(error.contains("exit code 137: killed"), "{error}");
    assert!(
        error.contains(&format!("relay session retry {}", created.name)),
        "{error}"
    );

    // Retry starts the same container again; then the shell eats more than the 32 MB it may.
    run(daemon.relay().args(["session", "retry", &created.name]))
        .await
        .assert_success();
    let mut term = attach(&daemon, &created.name, false, 24, 80).await;
    term.keys("echo ready-$((2*2))\n").await;
    term.until("ready-4").await;
    term.keys("x=$(head -c 200000000 /dev/zero | tr '\\0' a); echo survived\n")
        .await;
    let failed = until_state(&daemon, &created.name, "failed").await;
    let error = failed.error.unwrap_or_default();
    assert!(
        error.starts_with("Container killed: out of memory (the limit is 32 MB"),
        "{error}"
    );
    assert!(error.contains("docker_memory_limit_mb"), "{error}");
}

#[tokio::test]
async fn a_docker_session_outlives_a_killed_relayd_and_resumes_in_its_container() {
    let daemon = daemon().await;
    let containers = Containers::default();
    let created = new_docker(&daemon, "durable", &containers).await;
    let id = created.container.clone().unwrap();
    let home = daemon.crash();
    assert_eq!(
        docker_text(&["inspect", "--format", "{{.State.Running}}", &id]),
        "true",
        "the container survives relayd"
    );
    let daemon = TestDaemon::builder().home(home).start().await;
    let back = session(&daemon, &created.name).await;
    assert_eq!(back.state, "stopped", "{back:?}");
    assert!(back.error.unwrap_or_default().contains("relayd restarted"));
    run(daemon.relay().args(["session", "resume", &created.name]))
        .await
        .assert_success();
    let resumed = session(&daemon, &created.name).await;
    assert_eq!(
        resumed.container.as_deref(),
        Some(id.as_str()),
        "the same container"
    );
    let mut term = attach(&daemon, &created.name, false, 24, 80).await;
    term.keys("echo back-$((3*3))\n").await;
    term.until("back-9").await;
}

/// A stand-in for the engine's socket: a Unix socket that forwards every connection to the real one, and can
/// go away and come back — the engine lost and back, without stopping the engine the other tests share.
struct Relay {
    path: std::path::PathBuf,
    task: Option<tokio::task::JoinHandle<()>>,
}

impl Relay {
    fn up(path: &std::path::Path) -> Relay {
        let _ = std::fs::remove_file(path);
        let listener = tokio::net::UnixListener::bind(path).unwrap();
        let task = tokio::spawn(async move {
            let mut connections = tokio::task::JoinSet::new();
            while let Ok((mut client, _)) = listener.accept().await {
                connections.spawn(async move {
                    if let Ok(mut engine) = tokio::net::UnixStream::connect("/var/run/docker.sock").await {
                        let _ = tokio::io::copy_bidirectional(&mut client, &mut engine).await;
                    }
                });
            }
        });
        Relay {
            path: path.to_owned(),
            task: Some(task),
        }
    }

    /// Every connection through it is cut and no new one is accepted (dropping the JoinSet aborts them).
    fn down(&mut self) {
        if let Some(task) = self.task.take() {
            task.abort();
        }
    }
}

impl Drop for Relay {
    fn drop(&mut self) {
        self.down();
        let _ = std::fs::remove_file(&self.path);
    }
}

#[tokio::test]
async fn a_lost_engine_fails_the_running_docker_sessions_and_retry_works_once_it_is_back() {
    let scratch = tempfile::tempdir().unwrap();
    let socket = scratch.path().join("engine.sock");
    let mut engine = Relay::up(&socket);
    let config = format!(
        "docker_socket = \"unix://{}\"\ndocker_allowed_images = [\"{IMAGE}\"]\ndocker_default_image = \"{IMAGE}\"\n{CONFIG}",
        socket.display()
    );
    let daemon = TestDaemon::builder().config(&config).start().await;
    let checkout = repo(daemon.home().scratch());
    run(daemon.relay().args(["project", "add", "--repo"]).arg(&checkout))
        .await
        .assert_success();
    let containers = Containers::default();
    let created = new_docker(&daemon, "remote", &containers).await;
    assert_eq!(created.state, "running", "{created:?}");
    let mut term = attach(&daemon, &created.name, false, 24, 80).await;
    term.keys("echo up-$((5*5))\n").await;
    term.until("up-25").await;

    engine.down();
    let failed = until_state(&daemon, &created.name, "failed").await;
    let error = failed.error.unwrap_or_default();
    assert!(error.starts_with("Docker daemon connection lost"), "{error}");
    assert!(
        error.contains(&format!("relay session retry {}", created.name)),
        "{error}"
    );
    // While it is gone, a new docker session fails saying where relay looked.
    let refused = run(daemon
        .relay()
        .args(["session", "new", "--branch", "later", "--backend", "docker"]))
    .await;
    assert_ne!(refused.code, Some(0), "{refused}");
    assert!(
        refused.stdout.contains("cannot reach the Docker engine")
            || refused.stderr.contains("cannot reach the Docker engine"),
        "{refused}"
    );

    let _engine = Relay::up(&socket);
    run(daemon.relay().args(["session", "retry", &created.name]))
        .await
        .assert_success();
    let mut term = attach(&daemon, &created.name, false, 24, 80).await;
    term.keys("echo back-$((4*4))\n").await;
    term.until("back-16").await;
}

#[tokio::test]
async fn two_networks_of_one_name_made_by_relayds_at_once_are_one_again_at_the_next_session() {
    // Two relayds that make the shared network at the same moment can make two of one name: Docker keys networks
    // by id, and the name alone is then "ambiguous" to it.
    // The CLI checks names first, so the two are made through the engine's API without that check.
    let name = format!("relay-e2e-dup-{}", std::process::id());
    let older = create_network_unchecked(&name);
    let newer = create_network_unchecked(&name);
    let daemon = daemon_with(&format!(
        "docker_network_mode = \"shared\"\ndocker_network = \"{name}\"\n"
    ))
    .await;
    let containers = Containers::default();
    let created = new_docker(&daemon, "twins", &containers).await;
    assert_eq!(created.state, "running", "{created:?}");
    let id = created.container.clone().expect("a container id");
    // On the older one; the newer one, unused, is gone.
    let networks = docker_text(&[
        "inspect",
        "-f",
        "{{range .NetworkSettings.Networks}}{{.NetworkID}}{{end}}",
        &id,
    ]);
    assert_eq!(networks, older);
    assert!(
        !docker(&["network", "inspect", &newer]).status.success(),
        "{newer} was left"
    );
    run(daemon.relay().args(["session", "stop", &created.name])).await;
    drop(containers);
    let _ = docker(&["network", "rm", &older]);
}

/// A network made through the engine's API with `CheckDuplicate` off, as two creations racing leave them; its id.
fn create_network_unchecked(name: &str) -> String {
    use std::io::{Read, Write};
    let socket = std::env::var("DOCKER_HOST")
        .ok()
        .and_then(|host| host.strip_prefix("unix://").map(str::to_owned))
        .unwrap_or_else(|| "/var/run/docker.sock".to_owned());
    let body = serde_json::json!({
        "Name": name,
        "CheckDuplicate": false,
        "Driver": "bridge",
        "Labels": {"relay": "shared"},
        "Options": {"com.docker.network.bridge.enable_icc": "false"},
    })
    .to_string();
    let mut stream = std::os::unix::net::UnixStream::connect(&socket).unwrap();
    write!(
        stream,
        "POST /v1.41/networks/create HTTP/1.0\r\nHost: docker\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let (_, json) = answer.split_once("\r\n\r\n").unwrap();
    let json: serde_json::Value = serde_json::from_str(json).unwrap_or_else(|_| panic!("{answer}"));
    json["Id"]
        .as_str()
        .unwrap_or_else(|| panic!("{answer}"))
        .to_owned()
}

/// Imports [`GLIBC`]: busybox and the shared libraries `ldd` lists for the `relay` under test (a fresh import on
/// every run, so it follows the machine's C library).
fn glibc_image() {
    let root = tempfile::tempdir().unwrap();
    let bin = root.path().join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    std::fs::copy("/bin/busybox", bin.join("busybox")).unwrap();
    let applets = std::process::Command::new("/bin/busybox")
        .arg("--list")
        .output()
        .unwrap();
    for applet in String::from_utf8_lossy(&applets.stdout).split_whitespace() {
        if applet != "busybox" {
            std::os::unix::fs::symlink("busybox", bin.join(applet)).unwrap();
        }
    }
    let ldd = std::process::Command::new("ldd")
        .arg(relay_tests::relay_bin())
        .output()
        .unwrap();
    let listed = String::from_utf8_lossy(&ldd.stdout).into_owned();
    let libs = listed
        .split_whitespace()
        .filter(|word| word.starts_with('/'))
        .collect::<Vec<_>>();
    assert!(!libs.is_empty(), "ldd listed no libraries for relay: {listed}");
    for lib in libs {
        let into = root.path().join(lib.trim_start_matches('/'));
        std::fs::create_dir_all(into.parent().unwrap()).unwrap();
        // The file itself, not a symlink into the host.
        std::fs::copy(lib, &into).unwrap();
    }
    let _ = docker(&["image", "rm", "-f", GLIBC]);
    let import = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "tar -C '{}' -c . | docker import - {GLIBC}",
            root.path().display()
        ))
        .output()
        .unwrap();
    assert!(
        import.status.success(),
        "docker import: {}",
        String::from_utf8_lossy(&import.stderr)
    );
}

#[tokio::test]
async fn relay_s_hooks_inside_a_container_reach_relayd_as_that_session_and_nothing_else() {
    glibc_image();
    let daemon = daemon().await;
    let containers = Containers::default();
    let out = run(daemon.relay().args([
        "session",
        "new",
        "--branch",
        "hooked",
        "--backend",
        "docker",
        "--image",
        GLIBC,
        "--json",
    ]))
    .await;
    let json: serde_json::Value = serde_json::from_str(&out.stdout).unwrap_or_else(|_| panic!("{out}"));
    let created = session(&daemon, json["name"].as_str().unwrap()).await;
    containers.add(&created);
    out.assert_success();
    assert_eq!(created.state, "running", "{created:?}");
    let id = created.container.clone().expect("a container id");
    // relay's hook folder and binary are mounted read-only beside the writable workspace.
    let mounts = docker_text(&[
        "inspect",
        "--format",
        "{{range .Mounts}}{{.Destination}}:{{.RW}} {{end}}",
        &id,
    ]);
    for mount in ["/workspace:true", "/run/relay:false", "/opt/relay/relay:false"] {
        assert!(mounts.contains(mount), "{mount} in {mounts}");
    }

    let mut term = attach(&daemon, &created.name, false, 50, 250).await;
    // Claude Code's SessionStart as the agent would send it, naming a host file as its transcript: it links
    // the agent session to this runner session exactly, and the transcript is not read.
    term.keys(
        "printf '%s' '{\"session_id\":\"box-agent-1\",\"hook_event_name\":\"SessionStart\",\"source\":\"startup\",\"cwd\":\"/workspace\",\"transcript_path\":\"/etc/passwd\"}' | /opt/relay/relay hook claude session-start; echo start-rc-$?\n",
    )
    .await;
    term.until("start-rc-0").await;
    let linked = session(&daemon, &created.name).await;
    assert_eq!(
        linked.agent_session_id.as_deref(),
        Some("box-agent-1"),
        "{linked:?}"
    );

    // An edit inside claims the file as the host has it: the session's workspace, not /workspace.
    term.keys(
        "printf '%s' '{\"session_id\":\"box-agent-1\",\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Edit\",\"tool_input\":{\"file_path\":\"/workspace/README\",\"old_string\":\"shop\",\"new_string\":\"shop!\"},\"cwd\":\"/workspace\"}' | /opt/relay/relay hook claude pre-tool; echo edit-rc-$?\n",
    )
    .await;
    term.until("edit-rc-0").await;
    let locks = run(daemon.relay().args(["locks", "--json"])).await;
    locks.assert_success();
    let listing: serde_json::Value = serde_json::from_str(&locks.stdout).unwrap();
    let held = &listing["locks"][0];
    assert_eq!(held["workspace"], created.workspace.as_str(), "{locks}");
    assert_eq!(held["path"], "README", "{locks}");
    assert_eq!(held["holder"]["session"], "box-agent-1", "{locks}");

    // Another relay command inside is refused at once, saying where to run it; and the socket itself answers
    // hook calls only, whatever a client inside tries.
    term.keys("/opt/relay/relay locks; echo locks-rc-$?\n").await;
    term.until("locks-rc-2").await;
    term.until("only answers the agent's hooks").await;
    let socket = docker_text(&[
        "inspect",
        "--format",
        "{{range .Mounts}}{{if eq .Destination \"/run/relay\"}}{{.Source}}{{end}}{{end}}",
        &id,
    ]);
    let mut raw = relay::client::connect(&std::path::Path::new(&socket).join("relay.sock"))
        .await
        .unwrap();
    let refused = raw
        .coord
        .list_locks(relay_core::proto::ListLocksRequest::default())
        .await
        .unwrap_err();
    assert_eq!(refused.code(), tonic::Code::PermissionDenied);
    assert!(
        refused.message().contains("answers relay's hook calls only"),
        "{refused:?}"
    );
    let board = raw
        .daemon
        .get_status(relay_core::proto::GetStatusRequest {})
        .await
        .unwrap_err();
    assert_eq!(board.code(), tonic::Code::Unimplemented, "{board:?}");

    // The container's CPU and memory, sampled every 5 s while it runs (a CPU share once two samples exist).
    let gauge = tokio::time::timeout(WAIT_TIMEOUT, async {
        loop {
            let status = daemon
                .client()
                .await
                .daemon
                .get_status(relay_core::proto::GetStatusRequest {})
                .await
                .unwrap()
                .into_inner();
            let containers = status.runner.unwrap_or_default().containers;
            if let Some(found) = containers.into_iter().find(|c| c.cpu_percent.is_some()) {
                return found;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    })
    .await
    .expect("a sampled container with a CPU reading");
    assert_eq!(gauge.session, created.name);
    assert_eq!(gauge.container, id);
    assert!(gauge.memory_mb > 0.0, "{gauge:?}");
    assert_eq!(gauge.memory_limit_mb, 32.0, "{gauge:?}");
    let text = run(daemon.relay().args(["daemon", "status"])).await;
    assert!(text.stdout.contains(&format!("{}: CPU ", created.name)), "{text}");

    run(daemon.relay().args(["session", "stop", &created.name]))
        .await
        .assert_success();
    run(daemon.relay().args(["session", "rm", &created.name, "--force"]))
        .await
        .assert_success();
}

/// A script for a session's terminal: one MCP call over HTTP/1.0 with busybox `nc` (busybox's `wget` cannot be
/// used in the static image; its input stays open a moment, as a server closes on a client's half-close), to the
/// address `RELAY_MCP_URL` names (or another port of that host, `$3`; `$4` a path other than `/mcp`), with
/// the token `$1` and the JSON-RPC body `$2`; it ends with `nc-rc-<nc's exit>`.
const MCP_CALL: &str = r#"u=${RELAY_MCP_URL#http://}; hp=${u%/mcp}; h=${hp%:*}; p=${3:-${hp##*:}}
n=$(printf '%s' "$2" | wc -c)
{ printf 'POST %s HTTP/1.0\r\nHost: %s\r\nAuthorization: Bearer %s\r\nAccept: application/json, text/event-stream\r\nContent-Type: application/json\r\nContent-Length: %s\r\n\r\n%s' "${4:-/mcp}" "$h:$p" "$1" "$n" "$2"; sleep 2; } | nc -w 5 "$h" "$p"
rc=$?; echo; echo "nc-rc-$rc"
"#;

/// The host folder mounted at `/run/relay` in `container`.
fn hook_dir(container: &str) -> std::path::PathBuf {
    docker_text(&[
        "inspect",
        "--format",
        "{{range .Mounts}}{{if eq .Destination \"/run/relay\"}}{{.Source}}{{end}}{{end}}",
        container,
    ])
    .into()
}

/// The name of the network `container` is on.
fn network_of(container: &str) -> String {
    inspect(
        container,
        "{{range $name, $_ := .NetworkSettings.Networks}}{{$name}}{{end}}",
    )
}

fn inspect(container: &str, format: &str) -> String {
    docker_text(&["inspect", "--format", format, container])
}

/// Whether a process in container `from` reaches a listener in container `to` (which is first seen to answer
/// itself, so a refusal is the network's, not a listener that is not up yet).
async fn reaches(from: &str, to: &str) -> bool {
    docker_text(&[
        "exec",
        "-d",
        to,
        "sh",
        "-c",
        "while true; do echo pong | nc -l -p 7000; done",
    ]);
    let address = inspect(to, "{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}");
    let itself = tokio::time::timeout(WAIT_TIMEOUT, async {
        loop {
            let out = docker(&["exec", to, "sh", "-c", "echo x | nc -w 2 127.0.0.1 7000"]);
            if String::from_utf8_lossy(&out.stdout).contains("pong") {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    })
    .await;
    assert!(itself.is_ok(), "{to}'s own listener never answered");
    let cross = docker(&[
        "exec",
        from,
        "sh",
        "-c",
        &format!("echo x | nc -w 2 {address} 7000"),
    ]);
    String::from_utf8_lossy(&cross.stdout).contains("pong")
}

#[tokio::test]
async fn docker_sessions_share_one_network_by_default_and_reach_no_other_session_on_it() {
    let daemon = daemon().await;
    let containers = Containers::default();
    let a = new_docker(&daemon, "shared-a", &containers).await;
    let b = new_docker(&daemon, "shared-b", &containers).await;
    let (ida, idb) = (a.container.clone().unwrap(), b.container.clone().unwrap());
    assert_eq!(network_of(&ida), "relay");
    assert_eq!(network_of(&idb), "relay");
    assert!(
        !reaches(&ida, &idb).await,
        "a reached b on the shared network (inter-container communication is on)"
    );
}

#[tokio::test]
async fn each_docker_session_has_a_network_of_its_own_that_goes_with_it_and_reaches_no_other_session() {
    let daemon = daemon_with("docker_network_mode = \"per-session\"\n").await;
    let containers = Containers::default();
    let a = new_docker(&daemon, "net-a", &containers).await;
    let b = new_docker(&daemon, "net-b", &containers).await;
    let (ida, idb) = (a.container.clone().unwrap(), b.container.clone().unwrap());
    let home = inspect(&ida, "{{index .Config.Labels \"relay.home\"}}");
    for (session, id) in [(&a, &ida), (&b, &idb)] {
        let network = network_of(id);
        assert_eq!(network, format!("relay-session-{home}-{}", session.name));
        let labels = docker_text(&["network", "inspect", "--format", "{{json .Labels}}", &network]);
        let labels: serde_json::Value = serde_json::from_str(&labels).unwrap();
        assert_eq!(labels["relay"], "session", "{labels}");
        assert_eq!(labels["relay.home"], home.as_str(), "{labels}");
        assert_eq!(labels["relay.session_id"], session.name.as_str(), "{labels}");
    }
    assert!(!reaches(&ida, &idb).await, "a reached b across their networks");

    // A network of the name the next session's would have, not relay's: that session fails naming it.
    let taken = format!("relay-session-{home}-run-shop-4");
    docker_text(&["network", "create", &taken]);
    let refused = run(daemon
        .relay()
        .args(["session", "new", "--branch", "net-c", "--backend", "docker"]))
    .await;
    assert_ne!(refused.code, Some(0), "{refused}");
    let failed = session(&daemon, "run-shop-4").await;
    containers.add(&failed);
    let error = failed.error.unwrap_or_default();
    assert!(
        error.contains(&format!(
            "the Docker network {taken} exists but relay did not make it"
        )),
        "{error}"
    );
    assert!(error.contains(&format!("docker network rm {taken}")), "{error}");
    // Once it is gone, retry makes relay's own.
    docker_text(&["network", "rm", &taken]);
    run(daemon.relay().args(["session", "retry", "run-shop-4"]))
        .await
        .assert_success();
    let c = session(&daemon, "run-shop-4").await;
    containers.add(&c);
    assert_eq!(c.state, "running", "{c:?}");

    // rm takes the session's network with its container.
    let network_a = network_of(&ida);
    run(daemon.relay().args(["session", "stop", &a.name]))
        .await
        .assert_success();
    run(daemon.relay().args(["session", "rm", &a.name, "--force"]))
        .await
        .assert_success();
    assert!(
        !docker(&["network", "inspect", &network_a]).status.success(),
        "{network_a} stayed after rm"
    );

    // A network a crash left behind (its session is gone) goes at the next start; live sessions keep theirs.
    let leftover = format!("relay-session-{home}-run-shop-99");
    docker_text(&[
        "network",
        "create",
        "--label",
        "relay=session",
        "--label",
        &format!("relay.home={home}"),
        "--label",
        "relay.session_id=run-shop-99",
        &leftover,
    ]);
    let network_b = network_of(&idb);
    let restarted = TestDaemon::builder().home(daemon.crash()).start().await;
    let gone = tokio::time::timeout(WAIT_TIMEOUT, async {
        while docker(&["network", "inspect", &leftover]).status.success() {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    })
    .await;
    assert!(gone.is_ok(), "{leftover} was not reconciled away");
    assert!(docker(&["network", "inspect", &network_b]).status.success());
    // b resumes on its own network.
    run(restarted.relay().args(["session", "resume", &b.name]))
        .await
        .assert_success();
    assert_eq!(network_of(&idb), network_b);
    for name in [&b.name, &c.name] {
        run(restarted.relay().args(["session", "stop", name])).await;
        run(restarted.relay().args(["session", "rm", name, "--force"])).await;
    }
    assert!(!docker(&["network", "inspect", &network_b]).status.success());
}

#[tokio::test]
async fn an_agent_in_a_container_calls_relay_s_mcp_with_its_session_s_token_and_reaches_nothing_else() {
    let daemon = daemon().await;
    let containers = Containers::default();
    let a = new_docker(&daemon, "mcp-a", &containers).await;
    let b = new_docker(&daemon, "mcp-b", &containers).await;
    std::fs::write(std::path::Path::new(&a.workspace).join("mcp.sh"), MCP_CALL).unwrap();
    let (dir_a, dir_b) = (
        hook_dir(a.container.as_deref().unwrap()),
        hook_dir(b.container.as_deref().unwrap()),
    );
    // The token and Claude Code's MCP settings are in the session's hook folder, private.
    use std::os::unix::fs::PermissionsExt;
    for file in ["mcp-token", "mcp.json"] {
        let mode = std::fs::metadata(dir_a.join(file)).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "{file}");
    }
    let settings: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir_a.join("mcp.json")).unwrap()).unwrap();
    let url = settings["mcpServers"]["relay"]["url"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(url.starts_with("http://") && url.ends_with("/mcp"), "{settings}");
    let token_b = std::fs::read_to_string(dir_b.join("mcp-token")).unwrap();

    let mut term = attach(&daemon, &a.name, false, 50, 250).await;
    term.keys("echo url-$RELAY_MCP_URL\n").await;
    term.until(&format!("url-{url}")).await;
    // An agent's call from inside: it writes the board as an agent.
    term.keys(
        "sh /workspace/mcp.sh \"$(cat /run/relay/mcp-token)\" '{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"task_create\",\"arguments\":{\"project\":\"shop\",\"title\":\"Made inside the box\",\"session\":\"run-shop-2\"}}}'\n",
    )
    .await;
    term.until("nc-rc-0").await;
    let seen = String::from_utf8_lossy(&term.seen).into_owned();
    assert!(
        seen.contains("200 OK") && seen.contains("Created **shop-1**"),
        "{seen}"
    );
    let tasks = run(daemon.relay().args(["task", "list", "-p", "shop", "--json"])).await;
    assert!(tasks.stdout.contains("Made inside the box"), "{tasks}");
    // A decision recorded from inside is the session's: the token says which session calls, not the arguments.
    term.seen.clear();
    term.keys(
        "sh /workspace/mcp.sh \"$(cat /run/relay/mcp-token)\" '{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":{\"name\":\"relay_report_decision\",\"arguments\":{\"project\":\"shop\",\"decision\":\"the box keeps its README short\",\"files\":[\"README\"]}}}' '' '/mcp?profile=full'\n",
    )
    .await;
    term.until("nc-rc-0").await;
    let seen = String::from_utf8_lossy(&term.seen).into_owned();
    assert!(
        seen.contains(&format!("as session {}'s (its container's token)", a.name)),
        "{seen}"
    );
    let events = run(daemon.relay().args(["events", "--json"])).await;
    let added: Vec<serde_json::Value> = events
        .stdout
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|e| e["kind"] == "decision.added")
        .collect();
    assert_eq!(added.len(), 1, "{}", events.stdout);
    assert_eq!(added[0]["data"]["actor"], a.name.as_str(), "{}", events.stdout);

    // b's token from a's container: refused (on the shared network one listener knows both tokens, and b's is
    // good only from b's container's address). So is relayd's own token.
    for (token, refusal) in [
        (
            token_b.trim().to_owned(),
            "this token belongs to another docker session's container",
        ),
        (daemon.token(), "not a running docker session's MCP token here"),
    ] {
        term.seen.clear();
        term.keys(&format!(
            "sh /workspace/mcp.sh {token} '{{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}}'\n"
        ))
        .await;
        term.until("nc-rc-0").await;
        let seen = String::from_utf8_lossy(&term.seen).into_owned();
        assert!(seen.contains("401 Unauthorized"), "{seen}");
        assert!(seen.contains(refusal), "{seen}");
        assert!(!seen.contains("task_list"), "{seen}");
    }
    // relayd's own HTTP port is not there for the container (it listens on loopback).
    term.keys(&format!(
        "sh /workspace/mcp.sh x '{{}}' {} 2>/dev/null\n",
        daemon.http_addr().port()
    ))
    .await;
    term.until("nc-rc-1").await;

    // Stopped, the session's token is forgotten: b's container (still running) cannot use a's old one either.
    let token_a = std::fs::read_to_string(dir_a.join("mcp-token")).unwrap();
    run(daemon.relay().args(["session", "stop", &a.name]))
        .await
        .assert_success();
    std::fs::write(std::path::Path::new(&b.workspace).join("mcp.sh"), MCP_CALL).unwrap();
    let mut term_b = attach(&daemon, &b.name, false, 50, 250).await;
    term_b
        .keys(&format!(
            "sh /workspace/mcp.sh {} '{{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/list\"}}'\n",
            token_a.trim()
        ))
        .await;
    term_b.until("nc-rc-").await;
    let seen = String::from_utf8_lossy(&term_b.seen).into_owned();
    assert!(seen.contains("401"), "{seen}");
    for name in [&a.name, &b.name] {
        run(daemon.relay().args(["session", "stop", name])).await;
        run(daemon.relay().args(["session", "rm", name, "--force"])).await;
    }
}
