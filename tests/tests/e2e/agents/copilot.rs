//! The GitHub Copilot CLI itself (the provisioned `copilot` binary) with its model a BYOK provider — the scripted
//! Anthropic API, `COPILOT_OFFLINE=true` — and relay's hooks as `relay setup --agent copilot --apply` writes them.

use relay_tests::TestDaemon;
use relay_tests::agents::{Copilot, repo};
use relay_tests::model::{Api, Conversation, ModelServer, Reply};
use serde_json::json;

use super::codex::{AUTH, FREE, JWT, claude_holds_auth};

#[tokio::test]
async fn copilot_is_refused_a_file_another_agent_holds_and_edits_a_free_one() {
    let daemon = TestDaemon::start().await;
    let repo = repo(
        &daemon.home().scratch().join("repo"),
        &[("src/auth.ts", AUTH), ("src/theme.ts", FREE)],
    );
    let copilot = Copilot::new(&daemon.home().scratch().join("copilot"));
    copilot.setup_relay(&daemon).await;
    claude_holds_auth(&daemon, &repo).await;
    let model = ModelServer::start(
        Api::Anthropic,
        vec![Conversation::new(
            "cp-lock",
            vec![
                Reply::tool(
                    "edit",
                    json!({"path": repo.join("src/auth.ts"), "old_str": "'session'", "new_str": "'token'"}),
                )
                .into(),
                Reply::tool(
                    "edit",
                    json!({"path": repo.join("src/theme.ts"), "old_str": "'light'", "new_str": "'dark'"}),
                )
                .into(),
                Reply::text("Theme done; auth is someone else's.").into(),
            ],
        )],
    )
    .await;
    let turn = copilot
        .run(&model, &repo, "cp-lock: token auth and a dark theme")
        .await;
    turn.assert_success();
    model.assert_script_done("cp-lock");
    let refused = model.conversation("cp-lock")[1].context();
    assert!(
        refused.contains("File `src/auth.ts` is locked by Claude Code"),
        "{refused}"
    );
    assert!(
        refused.contains(&format!("They're working on: \"{JWT}\"")),
        "{refused}"
    );
    assert_eq!(
        std::fs::read_to_string(repo.join("src/auth.ts")).unwrap_or_default(),
        AUTH,
        "untouched"
    );
    assert_eq!(
        std::fs::read_to_string(repo.join("src/theme.ts")).unwrap_or_default(),
        "export const theme = 'dark';\n"
    );
    copilot.keep_transcripts("copilot-lock");
}

#[tokio::test]
async fn copilot_releases_its_locks_when_its_turn_ends() {
    // Locks live 5 minutes here, so only a release can end the edit's lock before the check.
    let daemon = TestDaemon::builder()
        .config("lock_ttl_secs = 300\n")
        .start()
        .await;
    let repo = repo(&daemon.home().scratch().join("repo"), &[("src/theme.ts", FREE)]);
    let copilot = Copilot::new(&daemon.home().scratch().join("copilot"));
    copilot.setup_relay(&daemon).await.assert_success();
    // Only the end of the turn may release the lock: take sessionEnd out of the installed hooks.
    let hooks = copilot.home().join(".copilot/hooks/relay.json");
    let mut installed: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&hooks).unwrap()).unwrap();
    assert!(
        installed["hooks"]["agentStop"].is_array(),
        "setup writes the agentStop entry: {installed}"
    );
    installed["hooks"].as_object_mut().unwrap().remove("sessionEnd");

    std::fs::write(&hooks, installed.to_string()).unwrap();
    let model = ModelServer::start(
        Api::Anthropic,
        vec![Conversation::new(
            "cp-stop",
            vec![
                Reply::tool(
                    "edit",
                    json!({"path": repo.join("src/theme.ts"), "old_str": "'light'", "new_str": "'dark'"}),
                )
                .into(),
                Reply::text("Dark theme done.").into(),
            ],
        )],
    )
    .await;
    copilot
        .run(&model, &repo, "cp-stop: a dark theme")
        .await
        .assert_success();
    model.assert_script_done("cp-stop");
    let locks = relay_tests::run(daemon.relay().args(["locks", "--json"])).await;
    locks.assert_success();
    let listed: serde_json::Value = serde_json::from_str(&locks.stdout).unwrap();
    let held: Vec<&serde_json::Value> = listed["locks"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|lock| lock["state"] == "held")
        .collect();
    assert_eq!(
        std::fs::read_to_string(repo.join("src/theme.ts")).unwrap_or_default(),
        "export const theme = 'dark';\n",
        "the edit went through (and claimed its lock)"
    );
    assert!(
        listed["locks"].as_array().is_some_and(|all| !all.is_empty()),
        "the edit's lock is listed: {listed}"
    );
    assert!(
        held.is_empty(),
        "the turn ended and its lock is still held: {listed}"
    );
    copilot.keep_transcripts("copilot-stop");
}
