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
