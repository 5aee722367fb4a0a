//! The environment and policy tools (relaybay §7): environments_get and policy_get read; environment_propose and
//! policy_propose record a proposal and change nothing — the owner accepts or rejects it. There is no other write
//! tool: environments, access entries, levels and policy layers are the owner's.

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, ContentBlock};
use rmcp::schemars::{self, JsonSchema};
use rmcp::{tool, tool_router};
use serde::Deserialize;
use serde_json::Value;

use super::error::{bad_arguments, tool_error};
use super::params::Writer;
use super::server::RelayMcp;
use crate::caller::Caller;
use crate::environments::{EnvChange, EnvError, EnvMap, Scope};

#[derive(Debug, Deserialize, JsonSchema)]
pub struct EnvironmentsGet {
    /// The project's slug, e.g. `acme-shop`.
    pub project: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct PolicyGet {
    /// A project's slug; omit for the global policy.
    pub project: Option<String>,
    /// An environment of that project; omit for the project's policy.
    pub environment: Option<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct EnvironmentPropose {
    /// The project's slug.
    pub project: String,
    /// The change: {"environment": name, and any of "kind" (local/test/live; needed for a new one), "base_url",
    /// "notes", "sign_in_allowed", "login_state_path", "level" (none/read/ask/full/default), "overrides"
    /// ({capability: level or default}), "access" ([{"kind", "fields"}]) }. References only, never secrets.
    pub change: Value,
    /// Why the change is needed (shown to the owner).
    pub reason: String,
    #[serde(flatten)]
    pub writer: Writer,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct PolicyPropose {
    /// `global`, `<project>` or `<project>/<environment>`.
    pub scope: String,
    /// Merged into the scope's layer: objects key by key, other values replace, null removes a key.
    pub patch: Value,
    /// Why the change is needed (shown to the owner).
    pub reason: String,
    #[serde(flatten)]
    pub writer: Writer,
}

/// The tool error for an environment or policy failure.
fn env_failed(err: EnvError) -> CallToolResult {
    if !err.is_caller_error() {
        tracing::error!(error = %err, "store failure while answering an environment tool call");
        return tool_error(
            "relayd could not use its store; nothing changed. See its log (relay daemon logs) and try again."
                .into(),
        );
    }
    tool_error(err.to_string())
}

fn text(text: String) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

/// The map as agents read it: one block per environment, test secrets by name only unless the policy exposes
/// them.
pub(super) fn map_text(map: &EnvMap) -> String {
    let mut out = format!(
        "Environments of {} (policy preset {}, guard mode {}):\n",
        map.project, map.preset, map.guard_mode
    );
    if map.environments.is_empty() {
        out.push_str("- none yet (the owner adds them; propose one with environment_propose)\n");
    }
    for env in &map.environments {
        out.push_str(&format!("{}\n", environment_line(env)));
        let caps: Vec<String> = env
            .capabilities
            .iter()
            .map(|(cap, view)| format!("{cap} {}{}", view.level, suffix(&view.source)))
            .collect();
        out.push_str(&format!("  levels: {}\n", caps.join(", ")));
        if env.guard_mode != map.guard_mode {
            out.push_str(&format!("  guard mode: {}\n", env.guard_mode));
        }
        out.push_str(&format!(
            "  sign-in: {}{}\n",
            if env.sign_in_allowed {
                "allowed"
            } else {
                "not allowed"
            },
            env.login_state_path
                .as_deref()
                .map(|p| format!(" · login state: {p}"))
                .unwrap_or_default()
        ));
        for entry in &env.access {
            let fields: Vec<String> = entry.fields.iter().map(|(k, v)| format!("{k}={v}")).collect();
            let mut line = format!("  access #{} {}: {}", entry.id, entry.kind, fields.join(" "));
            if !entry.test_secrets.is_empty() {
                let shown: Vec<String> = entry
                    .test_secrets
                    .iter()
                    .map(|name| match entry.test_secret_values.get(name) {
                        Some(value) => format!("{name}={value}"),
                        None => name.clone(),
                    })
                    .collect();
                line.push_str(&format!(" · test secrets: {}", shown.join(", ")));
            }
            out.push_str(&line);
            out.push('\n');
        }
        if let Some(notes) = &env.notes {
            out.push_str(&format!("  notes: {notes}\n"));
        }
        out.push_str(&format!(
            "  changed {} by {}\n",
            relay_core::time::utc(env.changed_at_ms),
            env.changed_by
        ));
    }
    if !map.proposals.is_empty() {
        out.push_str("Pending proposals (the owner decides):\n");
        for proposal in &map.proposals {
            out.push_str(&format!(
                "- #{} {} by {}: {}\n",
                proposal.id, proposal.environment, proposal.proposed_by, proposal.reason
            ));
        }
    }
    out
}

fn suffix(source: &str) -> String {
    match source.is_empty() {
        true => String::new(),
        false => format!(" {source}"),
    }
}

/// `- live — live · agents: read (default) · https://…` (the snapshot's line too).
pub(crate) fn environment_line(env: &crate::environments::EnvView) -> String {
    let mut line = format!(
        "- {} — {} · agents: {}{}",
        env.name,
        env.kind,
        env.level.level,
        suffix(&env.level.source)
    );
    if let Some(url) = &env.base_url {
        line.push_str(&format!(" · {url}"));
    }
    line
}

#[tool_router(router = env_router, vis = "pub(super)")]
impl RelayMcp {
    /// A project's environments (stands) and access map: kinds, levels and their source, access entries.
    #[tool(annotations(read_only_hint = true, open_world_hint = false))]
    async fn environments_get(&self, Parameters(p): Parameters<EnvironmentsGet>) -> CallToolResult {
        match self
            .handle
            .environments()
            .map(&Caller::mcp_token(), &p.project)
            .await
        {
            Ok(map) => text(map_text(&map)),
            Err(err) => env_failed(err),
        }
    }

    /// The effective policy of the global scope, a project or an environment: each value with its layer.
    #[tool(annotations(read_only_hint = true, open_world_hint = false))]
    async fn policy_get(&self, Parameters(p): Parameters<PolicyGet>) -> CallToolResult {
        let scope = match (p.project, p.environment) {
            (None, None) => Scope::Global,
            (Some(project), None) => Scope::Project(project),
            (Some(project), Some(env)) => Scope::Environment(project, env),
            (None, Some(_)) => return bad_arguments("policy_get", "an environment needs its project"),
        };
        match self.handle.environments().effective(&scope).await {
            Ok(view) => {
                let mut out = format!("Policy of {} (layers: {}):\n", view.scope, view.chain.join(" → "));
                for line in &view.lines {
                    out.push_str(line);
                    out.push('\n');
                }
                for ignored in &view.ignored {
                    out.push_str(&format!("Ignored (does not validate): {ignored}\n"));
                }
                if let Some(broken) = &view.global_broken {
                    out.push_str(&format!(
                        "policy.json is broken now; its last valid version is in effect: {broken}\n"
                    ));
                }
                text(out)
            }
            Err(err) => env_failed(err),
        }
    }

    /// Proposes a change to an environment or its access map; nothing changes until the owner accepts it.
    #[tool(annotations(destructive_hint = false, open_world_hint = false))]
    async fn environment_propose(&self, Parameters(p): Parameters<EnvironmentPropose>) -> CallToolResult {
        let change: EnvChange = match serde_json::from_value(p.change) {
            Ok(change) => change,
            Err(err) => {
                return bad_arguments(
                    "environment_propose",
                    &format!("`change` is not a change ({err})"),
                );
            }
        };
        let caller = p.writer.caller();
        match self
            .handle
            .environments()
            .propose(&caller, &p.project, &change, &p.reason)
            .await
        {
            Ok(id) => text(format!(
                "Proposed #{id} for {} {}; nothing changed until the owner accepts it.",
                p.project, change.environment
            )),
            Err(err) => env_failed(err),
        }
    }

    /// Proposes a change to a policy layer; nothing changes until the owner accepts it.
    #[tool(annotations(destructive_hint = false, open_world_hint = false))]
    async fn policy_propose(&self, Parameters(p): Parameters<PolicyPropose>) -> CallToolResult {
        let scope = match Scope::parse(&p.scope) {
            Ok(scope) => scope,
            Err(err) => return env_failed(err),
        };
        let caller = p.writer.caller();
        match self
            .handle
            .environments()
            .propose_policy(&caller, &scope, &p.patch, &p.reason)
            .await
        {
            Ok(id) => text(format!(
                "Proposed policy change #{id} for {scope}; nothing changed until the owner accepts it."
            )),
            Err(err) => env_failed(err),
        }
    }
}
