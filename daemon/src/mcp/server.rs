//! The MCP server handler: tools of the connection's profile, the resources, and the checks every tool call
//! passes before it reaches a tool (the tool exists in this profile, every argument is a parameter of it).

use std::sync::Arc;

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::model::{
    CacheScope, CallToolRequestParams, CallToolResponse, ContentBlock, CustomRequest, CustomResult,
    ErrorCode, Implementation, ListResourceTemplatesResult, ListResourcesResult, ListToolsResult,
    PaginatedRequestParams, ProtocolVersion, ReadResourceRequestParams, ReadResourceResponse,
    ReadResourceResult, ResultType, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};

use super::arguments;
use super::budget::Budget;
use super::error::bad_arguments;
use super::instructions::instructions;
use super::params::{UNLISTED_CALLER_PARAMETERS, tidy_schema, with_enums};
use super::profile::Profile;
use super::resources;
use crate::board::Board;
use crate::handle::DaemonHandle;

/// What rmcp's argument decoding says before its serde message.
const DESERIALIZE_PREFIX: &str = "failed to deserialize parameters: ";

/// One MCP connection's server: cheap to clone, built per request in stateless mode.
#[derive(Clone)]
pub struct RelayMcp {
    pub(super) handle: DaemonHandle,
    shared: Arc<Shared>,
}

/// What every request of one profile shares, built once.
struct Shared {
    profile: Profile,
    router: ToolRouter<RelayMcp>,
    /// The tools of the full profile this profile leaves out.
    missing: Vec<String>,
    instructions: String,
    /// The most one answer holds (`mcp_answer_tokens`).
    budget: Budget,
}

impl RelayMcp {
    /// The server for `profile` over `handle`; clone it for each request.
    pub fn new(handle: DaemonHandle, profile: Profile) -> RelayMcp {
        let mut router = ToolRouter::new();
        let mut missing = Vec::new();
        // One router per area of the board; each area's tools live in their own file.
        let mut all = Self::tool_router();
        all += Self::attach_router();
        all += Self::plan_router();
        all += Self::review_router();
        all += Self::env_router();
        all += Self::graph_router();
        for mut route in all {
            if !profile.includes(&route.attr.name) {
                missing.push(route.attr.name.to_string());
                continue;
            }
            let schema = tidy_schema(&route.attr.input_schema);
            route.attr.input_schema = Arc::new(with_enums(&route.attr.name, schema));
            router.add_route(route);
        }
        missing.sort();
        let config = handle.config();
        let rules = relay_core::rules::effective(&config.rules, None, config.rules_mode);
        let instructions = instructions(&rules, profile, &missing);
        let budget = Budget::of(config);
        RelayMcp {
            handle,
            shared: Arc::new(Shared {
                profile,
                router,
                missing,
                instructions,
                budget,
            }),
        }
    }

    pub(super) fn board(&self) -> Board<'_> {
        self.handle.board()
    }

    /// The most one answer of this server holds.
    pub(super) fn budget(&self) -> Budget {
        self.shared.budget
    }

    /// The tools this connection lists, sorted by name.
    pub fn tools(&self) -> Vec<Tool> {
        self.shared.router.list_all()
    }

    #[cfg(test)]
    pub fn instructions(&self) -> &str {
        &self.shared.instructions
    }

    /// Refuses a call of a tool this profile does not have (a JSON-RPC error, as for any unknown tool).
    fn known_tool(&self, name: &str) -> Result<Tool, ErrorData> {
        if let Some(tool) = self.shared.router.get(name) {
            return Ok(tool.clone());
        }
        let profile = self.shared.profile;
        let message = if let Some(home) = Profile::smallest_with(name)
            && self.shared.missing.iter().any(|missing| missing == name)
        {
            format!(
                "tool `{name}` is not in the {} profile of this connection; connect to /mcp?profile={} to use it",
                profile.as_str(),
                home.as_str()
            )
        } else {
            let names: Vec<String> = self.tools().into_iter().map(|t| t.name.to_string()).collect();
            format!(
                "unknown tool `{name}`; this connection's tools: {}",
                names.join(", ")
            )
        };
        Err(ErrorData::invalid_params(message, None))
    }
}

/// Tools whose extra arguments are task fields: the board judges their names ("unknown task field …").
const FIELD_TOOLS: &[&str] = &["task_create", "task_update"];

/// An argument the tool has no parameter for, as the problem to report.
fn unknown_argument(tool: &Tool, request: &CallToolRequestParams) -> Option<String> {
    if FIELD_TOOLS.contains(&tool.name.as_ref()) {
        return None;
    }
    let properties = tool.input_schema.get("properties").and_then(|p| p.as_object());
    let arguments = request.arguments.as_ref()?;
    let writes = properties.is_some_and(|p| p.contains_key("session"));
    let unknown: Vec<&str> = arguments
        .keys()
        .map(String::as_str)
        .filter(|name| properties.is_none_or(|p| !p.contains_key(*name)))
        .filter(|name| !(writes && UNLISTED_CALLER_PARAMETERS.contains(name)))
        .collect();
    if unknown.is_empty() {
        return properties.and_then(|properties| unknown_item_field(properties, arguments));
    }
    let mut known: Vec<&str> = properties
        .map(|p| p.keys().map(String::as_str).collect())
        .unwrap_or_default();
    known.sort_unstable();
    let hint = if tool.name.starts_with("task_") {
        "; task_patch(task, fields={…}) reaches every editable task field"
    } else {
        ""
    };
    Some(format!(
        "no parameter named {}; its parameters are {}{hint}",
        unknown
            .iter()
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", "),
        if known.is_empty() {
            "none".to_owned()
        } else {
            known.join(", ")
        }
    ))
}

/// A key inside an object of an array argument (a plan step, a review step) that its item schema does not name:
/// `steps[0]: no field "description"; a step has title, details`. Refused like an unknown argument rather than
/// dropped, so a `status` or a `description` sent inside a step is never lost without a word.
fn unknown_item_field(
    properties: &serde_json::Map<String, serde_json::Value>,
    arguments: &serde_json::Map<String, serde_json::Value>,
) -> Option<String> {
    for (name, value) in arguments {
        let Some(items) = value.as_array() else {
            continue;
        };
        let Some(fields) = properties
            .get(name)
            .and_then(|schema| schema.get("items"))
            .and_then(|items| items.get("properties"))
            .and_then(|fields| fields.as_object())
        else {
            continue;
        };
        for (index, item) in items.iter().enumerate() {
            let Some(item) = item.as_object() else {
                continue;
            };
            if let Some(key) = item.keys().find(|key| !fields.contains_key(*key)) {
                let mut known: Vec<&str> = fields.keys().map(String::as_str).collect();
                known.sort_unstable();
                let noun = name.strip_suffix('s').unwrap_or(name);
                return Some(format!(
                    "{name}[{index}]: no field {key:?}; a {noun} has {}",
                    known.join(", ")
                ));
            }
        }
    }
    None
}

/// A write's `hook_session` to link to its `session` once the write succeeded (relaybay §4, rule 2).
enum HookLink {
    /// Link this Claude Code id to this session.
    Link { session: String, hook_session: String },
    /// task_bind_session never links (the caller may be binding another session): say so.
    NotByBind,
    /// A hook_session without the session it belongs to links nothing: say so.
    NoSession,
}

fn hook_link(tool: &Tool, request: &CallToolRequestParams) -> Option<HookLink> {
    let read_only = tool
        .annotations
        .as_ref()
        .and_then(|a| a.read_only_hint)
        .unwrap_or(false);
    if read_only {
        return None;
    }
    let arguments = request.arguments.as_ref()?;
    let text = |name: &str| {
        arguments
            .get(name)
            .and_then(|v| v.as_str())
            .map(str::trim)
            .filter(|v| !relay_core::board::clears(v))
            .map(str::to_owned)
    };
    let hook_session = text("hook_session")?;
    if tool.name == "task_bind_session" {
        return Some(HookLink::NotByBind);
    }
    Some(match text("session") {
        Some(session) => HookLink::Link {
            session,
            hook_session,
        },
        None => HookLink::NoSession,
    })
}

impl RelayMcp {
    /// Links the write's hook session after it succeeded, adding the warning or note line to its answer.
    async fn link_hook_session(&self, link: HookLink, response: CallToolResponse) -> CallToolResponse {
        let CallToolResponse::Complete(mut result) = response else {
            return response;
        };
        if result.is_error == Some(true) {
            return CallToolResponse::Complete(result);
        }
        let line = match link {
            HookLink::NotByBind => Some(
                "Note: task_bind_session does not link hook_session (you may be binding another session); \
                 pass hook_session with your session on another write, e.g. plan_set or task_set_stage."
                    .to_owned(),
            ),
            HookLink::NoSession => Some(
                "Note: hook_session was not linked: it needs the session it belongs to; pass session too (your \
                 relay session name) on this or another write."
                    .to_owned(),
            ),
            HookLink::Link {
                session,
                hook_session,
            } => match self
                .handle
                .claude()
                .link_hook_session(&session, &hook_session)
                .await
            {
                Ok(line) => line,
                Err(err) => {
                    tracing::warn!(error = %err, "hook_session not linked");
                    Some(format!("Warning: hook_session {hook_session} not linked: {err}"))
                }
            },
        };
        if let Some(line) = line {
            result.content.push(ContentBlock::text(line));
        }
        CallToolResponse::Complete(result)
    }
}

impl RelayMcp {
    /// An answer that names tools this connection's profile leaves out (task_get's `(review_get)` on a core
    /// connection) ends with a note saying where they are, so the agent never calls a tool it cannot reach.
    fn name_missing_tools(&self, response: CallToolResponse) -> CallToolResponse {
        let CallToolResponse::Complete(mut result) = response else {
            return response;
        };
        let named: Vec<&str> = self
            .shared
            .missing
            .iter()
            .map(String::as_str)
            .filter(|tool| {
                result
                    .content
                    .iter()
                    .filter_map(|block| block.as_text())
                    .any(|text| names_tool(&text.text, tool))
            })
            .collect();
        if let Some(note) = missing_note(self.shared.profile, &named) {
            result.content.push(ContentBlock::text(note));
        }
        CallToolResponse::Complete(result)
    }
}

/// Whether `text` names `tool` as a word (not inside a longer name).
pub(super) fn names_tool(text: &str, tool: &str) -> bool {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(tool).any(|(at, _)| {
        !text[..at].chars().next_back().is_some_and(word)
            && !text[at + tool.len()..].chars().next().is_some_and(word)
    })
}

/// `Note: review_get and plan_get are not tools of this connection (the core profile); /mcp?profile=full has
/// them.`
pub(super) fn missing_note(profile: Profile, named: &[&str]) -> Option<String> {
    let home = Profile::ALL
        .iter()
        .copied()
        .find(|p| named.iter().all(|tool| p.includes(tool)))?;
    let (list, verb, them) = match named {
        [] => return None,
        [one] => ((*one).to_owned(), "is not a tool", "it"),
        [rest @ .., last] => (format!("{} and {last}", rest.join(", ")), "are not tools", "them"),
    };
    Some(format!(
        "Note: {list} {verb} of this connection (the {} profile); /mcp?profile={} has {them}.",
        profile.as_str(),
        home.as_str()
    ))
}

/// rmcp answers arguments serde cannot decode with a bare serde message; say which tool and what to do.
fn explain_decode_error(tool: &str, response: CallToolResponse) -> CallToolResponse {
    let CallToolResponse::Complete(result) = &response else {
        return response;
    };
    if result.is_error != Some(true) {
        return response;
    }
    let problem = result.content.iter().find_map(|block| {
        block
            .as_text()?
            .text
            .strip_prefix(DESERIALIZE_PREFIX)
            .map(str::to_owned)
    });
    match problem {
        Some(problem) => bad_arguments(tool, &plain(&problem)).into(),
        None => response,
    }
}

/// A serde message without Rust's words (the arguments check before decoding catches the usual mistakes; this is
/// for what is left, such as a negative limit): `expected u32` → `expected a whole number of 0 or more`.
fn plain(problem: &str) -> String {
    let mut text = problem
        .replace("invalid type: ", "")
        .replace("invalid value: ", "");
    for (rust, words) in [
        ("u8", "a whole number of 0 or more"),
        ("u16", "a whole number of 0 or more"),
        ("u32", "a whole number of 0 or more"),
        ("u64", "a whole number of 0 or more"),
        ("usize", "a whole number of 0 or more"),
        ("i32", "a whole number"),
        ("i64", "a whole number"),
        ("a boolean", "true or false"),
        ("a string", "text"),
    ] {
        text = text.replace(&format!("expected {rust}"), &format!("expected {words}"));
    }
    while let Some(at) = text.find("expected struct ") {
        let rest = &text[at + "expected struct ".len()..];
        let end = rest
            .find(|c: char| !c.is_alphanumeric() && c != '_')
            .unwrap_or(rest.len());
        text = format!("{}expected an object{}", &text[..at], &rest[end..]);
    }
    text
}

/// How to read what the guard cut from a tool's answer. The list tools page themselves within the budget (their
/// answers end with the next page's call) and never reach the guard; these are for the answers that have no
/// page of their own.
fn rest_of(tool: &str) -> &'static str {
    match tool {
        "task_get" => {
            "Read older reports with task_get(task, reports_before=<the oldest report id shown>), comments with \
             comments_list(task), the plan with plan_get(task), the checklist with review_get(task)."
        }
        "review_get" => {
            "Read the steps after the cut with review_get(task, from_step=<the next step's position>)."
        }
        "plan_get" => {
            "task_get(task) has the plan's one-line summary; with a shell, `relay plan show <task>` prints every step."
        }
        "project_list" => "project_snapshot(project) reads one project.",
        "rules_get" => "relay://rules/{project} is the same text as a resource.",
        _ => "Narrow the call (a project, a stage, a task, a smaller limit) to read the rest.",
    }
}

/// The one place every answer's size is enforced: the text of an answer over the budget is cut at a line and
/// says how to read the rest (the budget's [`Budget::enforce`]).
fn bounded(budget: Budget, tool: &str, response: CallToolResponse) -> CallToolResponse {
    let CallToolResponse::Complete(mut result) = response else {
        return response;
    };
    let total: usize = result
        .content
        .iter()
        .filter_map(|block| block.as_text())
        .map(|text| text.text.chars().count())
        .sum();
    if total <= budget.chars() {
        return CallToolResponse::Complete(result);
    }
    // The first block is the tool's answer; the ones after it are short added lines (a hook link note).
    let others = total
        - result
            .content
            .first()
            .and_then(|block| block.as_text())
            .map_or(0, |text| text.text.chars().count());
    if let Some(first) = result.content.first_mut()
        && let Some(text) = first.as_text()
    {
        let cut = budget.less(others).enforce(text.text.clone(), rest_of(tool));
        *first = ContentBlock::text(cut);
    }
    CallToolResponse::Complete(result)
}

impl ServerHandler for RelayMcp {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_resources()
                .build(),
        )
        .with_server_info(Implementation::new("relayd", relay_core::VERSION))
        .with_instructions(self.shared.instructions.clone())
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let cache_hints = context
            .protocol_version()
            .is_some_and(|v| v >= ProtocolVersion::V_2026_07_28);
        Ok(ListToolsResult {
            result_type: Some(ResultType::COMPLETE),
            tools: self.tools(),
            meta: None,
            next_cursor: None,
            ttl_ms: cache_hints.then_some(0),
            cache_scope: cache_hints.then_some(CacheScope::Public),
        })
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.shared.router.get(name).cloned()
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let tool = self.known_tool(&request.name)?;
        if let Some(problem) = unknown_argument(&tool, &request) {
            return Ok(bad_arguments(&tool.name, &problem).into());
        }
        let mut request = request;
        let arguments = request.arguments.get_or_insert_with(Default::default);
        let field_tool = FIELD_TOOLS.contains(&tool.name.as_ref());
        let board_judges = |name: &str| field_tool && relay_core::board::task_field(name).is_some();
        if let Err(problem) = arguments::normalise(&tool.input_schema, arguments, board_judges) {
            return Ok(bad_arguments(&tool.name, &problem).into());
        }
        let link = hook_link(&tool, &request);
        let context = ToolCallContext::new(self, request, context);
        let response = self.shared.router.call(context).await?;
        let response = explain_decode_error(&tool.name, response);
        let response = match link {
            Some(link) => self.link_hook_session(link, response).await,
            None => response,
        };
        let response = bounded(self.budget(), &tool.name, response);
        Ok(self.name_missing_tools(response))
    }

    async fn on_custom_request(
        &self,
        request: CustomRequest,
        _context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, ErrorData> {
        Err(ErrorData::new(
            ErrorCode::METHOD_NOT_FOUND,
            format!(
                "unknown method `{}`; relayd serves initialize, ping, tools/list, tools/call, resources/list, \
                 resources/templates/list and resources/read",
                request.method
            ),
            None,
        ))
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        Ok(ListResourcesResult::with_all_items(
            resources::list(self.board()).await?,
        ))
    }

    async fn list_resource_templates(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        Ok(ListResourceTemplatesResult::with_all_items(resources::templates()))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let contents = resources::read(self.board(), self.budget(), &request.uri).await?;
        Ok(ReadResourceResult::new(vec![contents]).into())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn rust_words_become_plain_words_when_serde_names_a_type() {
        assert_eq!(
            super::plain("invalid value: integer `-1`, expected u32 at line 1"),
            "integer `-1`, expected a whole number of 0 or more at line 1"
        );
        assert_eq!(
            super::plain("invalid type: string \"x\", expected struct PlanStepParam"),
            "string \"x\", expected an object"
        );
    }
}
