//! A scripted model: a local HTTP server that plays the model for a real agent binary, so Claude Code and Codex run
//! whole turns offline while everything else — their hook runner, payloads, MCP client, permissions, transcripts —
//! is real.
//!
//! One server speaks one API: [`Api::Anthropic`] (the Messages API, `POST /v1/messages`, what Claude Code reads
//! `ANTHROPIC_BASE_URL` for) or [`Api::Responses`] (the OpenAI Responses API, `POST /v1/responses`, what Codex's
//! `wire_api = "responses"` provider posts to). Each answer is server-sent events when the request asks for
//! `stream`, else one JSON body.
//!
//! A test registers [`Conversation`]s: a needle (a word only that conversation's prompt contains) and a script of
//! [`Step`]s. A request that offers tools belongs to the conversation whose needle appears in its earliest message
//! (a later one may quote another agent's prompt, as relay's lock refusal does); its step is the number of model answers in the request's
//! history since the needle's message (assistant messages for Anthropic, runs of model output items for
//! Responses), so a retried request gets the same answer and a Stop hook's continuation gets the next one. A step is a fixed [`Reply`] or a function of the request ([`Turn`]), e.g. to pass the hook session
//! id relay's SessionStart line named. A request without tools (a title, a summary) is a side call and is answered
//! briefly. Past the end of its script a conversation answers `(end of script)` and the request is marked
//! [`Request::overrun`].
//!
//! Every request is recorded ([`ModelServer::requests`]) so a test can assert what reached the model's context.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{Method, StatusCode, Uri, header};
use axum::response::Response;
use axum::serve::ListenerExt;
use serde_json::{Value, json};

/// Which API the server speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Api {
    /// Anthropic Messages (`/v1/messages`): Claude Code.
    Anthropic,
    /// OpenAI Responses (`/v1/responses`): Codex.
    Responses,
}

/// One tool call in a reply.
#[derive(Clone, Debug, PartialEq)]
pub enum Call {
    /// A JSON tool: Anthropic `tool_use`, Responses `function_call` (arguments sent as a JSON string).
    Tool { name: String, input: Value },
    /// A freeform tool (Responses `custom_tool_call`): Codex's `apply_patch` takes the patch text as its input.
    Custom { name: String, input: String },
}

/// What the model answers in one step: optional text, then tool calls (none ends the turn).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Reply {
    pub text: Option<String>,
    pub calls: Vec<Call>,
}

impl Reply {
    /// A final answer: text and no tool call, which ends the turn.
    pub fn text(text: impl Into<String>) -> Reply {
        Reply {
            text: Some(text.into()),
            calls: Vec::new(),
        }
    }

    /// One JSON tool call.
    pub fn tool(name: &str, input: Value) -> Reply {
        Reply::calls(vec![Call::Tool {
            name: name.to_owned(),
            input,
        }])
    }

    /// Codex's `apply_patch` with this patch (`*** Begin Patch` … `*** End Patch`).
    pub fn patch(patch: impl Into<String>) -> Reply {
        Reply::calls(vec![Call::Custom {
            name: "apply_patch".to_owned(),
            input: patch.into(),
        }])
    }

    /// Several tool calls in one answer.
    pub fn calls(calls: Vec<Call>) -> Reply {
        Reply { text: None, calls }
    }
}

/// A step's answer computed from the request.
pub type StepFn = Arc<dyn Fn(&Turn<'_>) -> Reply + Send + Sync>;

/// One step of a script.
#[derive(Clone)]
pub enum Step {
    Fixed(Reply),
    Dynamic(StepFn),
}

impl std::fmt::Debug for Step {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Step::Fixed(reply) => f.debug_tuple("Fixed").field(reply).finish(),
            Step::Dynamic(_) => f.write_str("Dynamic(..)"),
        }
    }
}

impl From<Reply> for Step {
    fn from(reply: Reply) -> Step {
        Step::Fixed(reply)
    }
}

impl Step {
    /// A step computed from the request when it arrives.
    pub fn with(f: impl Fn(&Turn<'_>) -> Reply + Send + Sync + 'static) -> Step {
        Step::Dynamic(Arc::new(f))
    }
}

/// A conversation: the needle its prompt contains and its script.
#[derive(Clone, Debug)]
pub struct Conversation {
    pub needle: String,
    pub steps: Vec<Step>,
}

impl Conversation {
    pub fn new(needle: &str, steps: Vec<Step>) -> Conversation {
        Conversation {
            needle: needle.to_owned(),
            steps,
        }
    }
}

/// The request a step answers.
#[derive(Debug)]
pub struct Turn<'a> {
    /// The request body.
    pub body: &'a Value,
    /// The step's index in its script.
    pub step: usize,
}

impl Turn<'_> {
    /// Every string in the request's history (messages or input items), joined by newlines: what reached the
    /// model's context besides the system prompt and the tool schemas.
    pub fn context(&self) -> String {
        history_text(self.body)
    }

    /// The hook session relay's SessionStart line named (`Your relay hook session: <id>.`), if it reached the
    /// model.
    pub fn hook_session(&self) -> Option<String> {
        hook_session_in(&whole_text(self.body))
    }

    /// The hook session; panics (failing the agent's turn, and so the test) when relay's line is missing.
    #[track_caller]
    pub fn require_hook_session(&self) -> String {
        self.hook_session()
            .unwrap_or_else(|| panic!("relay's SessionStart line did not reach the model: {}", self.body))
    }
}

/// The id in `Your relay hook session: <id>.`, searched in `text`.
pub fn hook_session_in(text: &str) -> Option<String> {
    const LINE: &str = "Your relay hook session: ";
    let start = text.find(LINE)? + LINE.len();
    let rest = &text[start..];
    let end = rest.find(|c: char| c == '.' || c.is_whitespace())?;
    Some(rest[..end].to_owned()).filter(|id| !id.is_empty())
}

/// One request the server received.
#[derive(Clone, Debug)]
pub struct Request {
    pub method: String,
    /// Path and query, e.g. `/v1/messages?beta=true`.
    pub path: String,
    /// The body as JSON (`Null` when it was empty or not JSON).
    pub body: Value,
    /// Whether it offered tools (a main request of the agent's loop) rather than being a side call.
    pub main: bool,
    /// The index of the conversation it matched, for main requests.
    pub conversation: Option<usize>,
    /// The step it was answered with.
    pub step: Option<usize>,
    /// It came after the conversation's last step (answered `(end of script)`).
    pub overrun: bool,
}

impl Request {
    /// [`Turn::context`] of this request.
    pub fn context(&self) -> String {
        history_text(&self.body)
    }

    /// Every string in the body, the system prompt and tool schemas included.
    pub fn text(&self) -> String {
        whole_text(&self.body)
    }

    /// The names of the tools it offered.
    pub fn tool_names(&self) -> Vec<String> {
        self.body["tools"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|tool| tool["name"].as_str().map(str::to_owned))
            .collect()
    }
}

#[derive(Debug)]
struct Shared {
    api: Api,
    conversations: Vec<Conversation>,
    requests: Vec<Request>,
}

#[derive(Clone)]
struct AppState {
    shared: Arc<Mutex<Shared>>,
    ids: Arc<AtomicUsize>,
}

/// A running scripted model on `127.0.0.1:<free port>`; stopped when dropped.
#[derive(Debug)]
pub struct ModelServer {
    addr: SocketAddr,
    shared: Arc<Mutex<Shared>>,
    task: tokio::task::JoinHandle<()>,
}

impl ModelServer {
    /// Starts a server for `api` with these conversations.
    pub async fn start(api: Api, conversations: Vec<Conversation>) -> ModelServer {
        let shared = Arc::new(Mutex::new(Shared {
            api,
            conversations,
            requests: Vec::new(),
        }));
        let state = AppState {
            shared: Arc::clone(&shared),
            ids: Arc::new(AtomicUsize::new(1)),
        };
        let app = Router::new().fallback(handle).with_state(state);
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
            .await
            .unwrap_or_else(|e| panic!("cannot bind the scripted model: {e}"));
        let addr = listener
            .local_addr()
            .unwrap_or_else(|e| panic!("the scripted model's address: {e}"));
        let listener = listener.tap_io(|tcp| {
            let _ = tcp.set_nodelay(true);
        });
        let task = tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        ModelServer { addr, shared, task }
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// `http://127.0.0.1:<port>`: Claude Code's `ANTHROPIC_BASE_URL`; Codex's `base_url` adds `/v1`.
    pub fn base_url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Adds a conversation (e.g. a second agent's) to a running server.
    pub fn add(&self, conversation: Conversation) {
        self.lock().conversations.push(conversation);
    }

    /// Every request so far, in arrival order.
    pub fn requests(&self) -> Vec<Request> {
        self.lock().requests.clone()
    }

    /// The main requests of conversation `needle`, in arrival order.
    pub fn conversation(&self, needle: &str) -> Vec<Request> {
        let shared = self.lock();
        let Some(index) = shared.conversations.iter().position(|c| c.needle == needle) else {
            panic!("no conversation {needle:?} on this scripted model");
        };
        shared
            .requests
            .iter()
            .filter(|r| r.conversation == Some(index))
            .cloned()
            .collect()
    }

    /// Panics unless conversation `needle` was answered through every step of its script and no further.
    #[track_caller]
    pub fn assert_script_done(&self, needle: &str) {
        let requests = self.conversation(needle);
        let steps = {
            let shared = self.lock();
            shared
                .conversations
                .iter()
                .find(|c| c.needle == needle)
                .map_or(0, |c| c.steps.len())
        };
        let answered = requests.iter().filter_map(|r| r.step).max().map_or(0, |s| s + 1);
        let overrun: Vec<&Request> = requests.iter().filter(|r| r.overrun).collect();
        assert!(
            answered >= steps && overrun.is_empty(),
            "conversation {needle:?}: {steps} steps scripted, {answered} answered, {} past the end\n{}",
            overrun.len(),
            describe(&requests)
        );
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Shared> {
        self.shared
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Drop for ModelServer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// One line per request, for failure messages.
pub fn describe(requests: &[Request]) -> String {
    requests
        .iter()
        .map(|r| {
            format!(
                "  {} {} main={} step={:?} overrun={}",
                r.method, r.path, r.main, r.step, r.overrun
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

async fn handle(State(state): State<AppState>, method: Method, uri: Uri, body: Bytes) -> Response {
    let path = uri
        .path_and_query()
        .map_or_else(|| uri.path().to_owned(), |p| p.as_str().to_owned());
    let body: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let mut request = Request {
        method: method.to_string(),
        path,
        body: body.clone(),
        main: false,
        conversation: None,
        step: None,
        overrun: false,
    };
    let (api, decision) = {
        let mut shared = state
            .shared
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let api = shared.api;
        let route = match api {
            Api::Anthropic => "/v1/messages",
            Api::Responses => "/v1/responses",
        };
        if method != Method::POST || uri.path() != route {
            shared.requests.push(request);
            return plain(StatusCode::NOT_FOUND, "not scripted");
        }
        (api, decide(&shared, &mut request, &body))
    };
    let reply = match decision {
        Decision::Ready(reply) => reply,
        // Run the step off the runtime: it may run a command and take its time (a test's own single-threaded
        // runtime serves this server too).
        Decision::Run(f, step) => {
            let owned = body.clone();
            match tokio::task::spawn_blocking(move || f(&Turn { body: &owned, step })).await {
                Ok(reply) => reply,
                Err(err) => {
                    request.overrun = true;
                    Reply::text(format!("(the scripted step failed: {err})"))
                }
            }
        }
    };
    state
        .shared
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .requests
        .push(request);
    let stream = body["stream"].as_bool().unwrap_or(false);
    let model = body["model"].as_str().unwrap_or("scripted").to_owned();
    let mut next_id = || state.ids.fetch_add(1, Ordering::Relaxed);
    match api {
        Api::Anthropic => anthropic(&reply, &model, stream, &mut next_id),
        Api::Responses => responses(&reply, &model, stream, &mut next_id),
    }
}

/// The answer to a request, or the step to compute it with.
enum Decision {
    Ready(Reply),
    Run(StepFn, usize),
}

/// Matches a request to its conversation and step, filling in `request`'s fields.
fn decide(shared: &Shared, request: &mut Request, body: &Value) -> Decision {
    let has_tools = body["tools"].as_array().is_some_and(|tools| !tools.is_empty());
    if !has_tools {
        return Decision::Ready(Reply::text("OK"));
    }
    request.main = true;
    let Some(index) = conversation_of(shared, body) else {
        return Decision::Ready(Reply::text("(no script for this conversation)"));
    };
    let step = answers_in_history(shared.api, body, &shared.conversations[index].needle);
    request.step = Some(step);
    request.conversation = Some(index);
    match shared.conversations[index].steps.get(step) {
        Some(Step::Fixed(reply)) => Decision::Ready(reply.clone()),
        Some(Step::Dynamic(f)) => Decision::Run(Arc::clone(f), step),
        None => {
            request.overrun = true;
            Decision::Ready(Reply::text("(end of script)"))
        }
    }
}

/// The conversation whose needle appears earliest in the request's history (a later message may quote another
/// conversation's prompt: relay's lock refusal names the holder's intent).
fn conversation_of(shared: &Shared, body: &Value) -> Option<usize> {
    let items = match shared.api {
        Api::Anthropic => &body["messages"],
        Api::Responses => &body["input"],
    };
    for item in items.as_array().into_iter().flatten() {
        let mut text = String::new();
        collect_strings(item, &mut text);
        if let Some(index) = shared.conversations.iter().position(|c| text.contains(&c.needle)) {
            return Some(index);
        }
    }
    None
}

/// How many model answers the request's history holds since the first message that contains `needle` (the
/// conversation's prompt): the step to answer with. Counting from the prompt keeps a resumed session's earlier
/// turns out of the count.
fn answers_in_history(api: Api, body: &Value, needle: &str) -> usize {
    let (items, is_answer): (&Value, fn(&Value) -> bool) = match api {
        Api::Anthropic => (&body["messages"], |m| m["role"] == "assistant"),
        Api::Responses => (&body["input"], |item| {
            match item["type"].as_str().unwrap_or("message") {
                "message" => item["role"] == "assistant",
                "function_call" | "custom_tool_call" | "reasoning" | "local_shell_call" => true,
                _ => false,
            }
        }),
    };
    let mut seen = false;
    let mut runs = 0;
    let mut in_run = false;
    for item in items.as_array().into_iter().flatten() {
        if !seen {
            let mut text = String::new();
            collect_strings(item, &mut text);
            seen = text.contains(needle);
            continue;
        }
        let answer = is_answer(item);
        // Anthropic: one assistant message per answer. Responses: one answer's items are consecutive.
        if answer && (!in_run || api == Api::Anthropic) {
            runs += 1;
        }
        in_run = answer;
    }
    runs
}

/// Every string in the history part of a request: Anthropic `messages`, Responses `input`.
fn history_text(body: &Value) -> String {
    let mut out = String::new();
    collect_strings(&body["messages"], &mut out);
    collect_strings(&body["input"], &mut out);
    out
}

fn whole_text(body: &Value) -> String {
    let mut out = String::new();
    collect_strings(body, &mut out);
    out
}

fn collect_strings(value: &Value, out: &mut String) {
    match value {
        Value::String(text) => {
            out.push_str(text);
            out.push('\n');
        }
        Value::Array(items) => items.iter().for_each(|v| collect_strings(v, out)),
        Value::Object(fields) => fields.values().for_each(|v| collect_strings(v, out)),
        _ => {}
    }
}

fn plain(status: StatusCode, text: &str) -> Response {
    Response::builder()
        .status(status)
        .header(header::CONTENT_TYPE, "text/plain")
        .body(Body::from(text.to_owned()))
        .unwrap_or_default()
}

fn json_response(value: &Value) -> Response {
    Response::builder()
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(value.to_string()))
        .unwrap_or_default()
}

fn sse(events: &[(&str, Value)]) -> Response {
    let mut text = String::new();
    for (event, data) in events {
        text.push_str(&format!("event: {event}\ndata: {data}\n\n"));
    }
    Response::builder()
        .header(header::CONTENT_TYPE, "text/event-stream")
        .header(header::CACHE_CONTROL, "no-cache")
        .body(Body::from(text))
        .unwrap_or_default()
}

fn anthropic(reply: &Reply, model: &str, stream: bool, next_id: &mut impl FnMut() -> usize) -> Response {
    let mut content = Vec::new();
    if let Some(text) = &reply.text {
        content.push(json!({"type": "text", "text": text}));
    }
    for call in &reply.calls {
        let (name, input) = match call {
            Call::Tool { name, input } => (name.clone(), input.clone()),
            Call::Custom { name, input } => (name.clone(), json!({"input": input})),
        };
        content.push(json!({"type": "tool_use", "id": format!("toolu_{:04}", next_id()), "name": name, "input": input}));
    }
    let stop_reason = if reply.calls.is_empty() {
        "end_turn"
    } else {
        "tool_use"
    };
    let id = format!("msg_{:04}", next_id());
    let usage = json!({"input_tokens": 10, "output_tokens": 5, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0});
    if !stream {
        return json_response(&json!({
            "id": id, "type": "message", "role": "assistant", "model": model, "content": content,
            "stop_reason": stop_reason, "stop_sequence": null, "usage": usage,
        }));
    }
    let mut events = vec![(
        "message_start",
        json!({"type": "message_start", "message": {"id": id, "type": "message", "role": "assistant", "model": model,
            "content": [], "stop_reason": null, "stop_sequence": null, "usage": usage}}),
    )];
    for (index, block) in content.iter().enumerate() {
        let (start, delta) = if block["type"] == "text" {
            (
                json!({"type": "text", "text": ""}),
                json!({"type": "text_delta", "text": block["text"]}),
            )
        } else {
            (
                json!({"type": "tool_use", "id": block["id"], "name": block["name"], "input": {}}),
                json!({"type": "input_json_delta", "partial_json": block["input"].to_string()}),
            )
        };
        events.push((
            "content_block_start",
            json!({"type": "content_block_start", "index": index, "content_block": start}),
        ));
        events.push((
            "content_block_delta",
            json!({"type": "content_block_delta", "index": index, "delta": delta}),
        ));
        events.push((
            "content_block_stop",
            json!({"type": "content_block_stop", "index": index}),
        ));
    }
    events.push((
        "message_delta",
        json!({"type": "message_delta", "delta": {"stop_reason": stop_reason, "stop_sequence": null},
               "usage": {"output_tokens": 5}}),
    ));
    events.push(("message_stop", json!({"type": "message_stop"})));
    sse(&events)
}

fn responses(reply: &Reply, model: &str, stream: bool, next_id: &mut impl FnMut() -> usize) -> Response {
    let mut output = Vec::new();
    if let Some(text) = &reply.text {
        output.push(
            json!({"type": "message", "id": format!("msg_{:04}", next_id()), "role": "assistant",
            "status": "completed", "content": [{"type": "output_text", "text": text, "annotations": []}]}),
        );
    }
    for call in &reply.calls {
        let n = next_id();
        output.push(match call {
            Call::Tool { name, input } => json!({"type": "function_call", "id": format!("fc_{n:04}"),
                "call_id": format!("call_{n:04}"), "name": name, "arguments": input.to_string(), "status": "completed"}),
            Call::Custom { name, input } => json!({"type": "custom_tool_call", "id": format!("ctc_{n:04}"),
                "call_id": format!("call_{n:04}"), "name": name, "input": input, "status": "completed"}),
        });
    }
    let usage = json!({"input_tokens": 10, "input_tokens_details": {"cached_tokens": 0}, "output_tokens": 5,
        "output_tokens_details": {"reasoning_tokens": 0}, "total_tokens": 15});
    let id = format!("resp_{:04}", next_id());
    let completed = json!({"id": id, "object": "response", "status": "completed", "model": model,
        "output": output, "usage": usage});
    if !stream {
        return json_response(&completed);
    }
    let mut events = vec![(
        "response.created",
        json!({"type": "response.created", "response": {"id": id, "object": "response", "status": "in_progress",
            "model": model, "output": []}}),
    )];
    for (index, item) in output.iter().enumerate() {
        events.push((
            "response.output_item.added",
            json!({"type": "response.output_item.added", "output_index": index, "item": item}),
        ));
        events.push((
            "response.output_item.done",
            json!({"type": "response.output_item.done", "output_index": index, "item": item}),
        ));
    }
    events.push((
        "response.completed",
        json!({"type": "response.completed", "response": completed}),
    ));
    sse(&events)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hook_session_is_read_from_relays_line() {
        assert_eq!(
            hook_session_in(
                "SessionStart hook additional context: Your relay hook session: 9f39-ab. Pass it"
            ),
            Some("9f39-ab".to_owned())
        );
        assert_eq!(hook_session_in("nothing here"), None);
    }

    #[test]
    fn the_step_is_the_number_of_model_answers_since_the_prompt() {
        let anthropic = json!({"messages": [{"role": "user", "content": "x"}, {"role": "assistant", "content": []},
            {"role": "user", "content": "go: a"}, {"role": "assistant", "content": []},
            {"role": "user", "content": []}, {"role": "assistant", "content": []}, {"role": "user", "content": "b"}]});
        assert_eq!(answers_in_history(Api::Anthropic, &anthropic, "go:"), 2);
        let responses = json!({"input": [
            {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "go: a"}]},
            {"type": "reasoning"}, {"type": "custom_tool_call"}, {"type": "custom_tool_call_output"},
            {"type": "message", "role": "assistant", "content": []},
            {"type": "message", "role": "user", "content": []},
        ]});
        assert_eq!(answers_in_history(Api::Responses, &responses, "go:"), 2);
    }

    async fn post(server: &ModelServer, path: &str, body: Value) -> (u16, String, String) {
        let answer = relay::http_client::request_with_body(
            server.addr(),
            "POST",
            path,
            &[("content-type", "application/json")],
            body.to_string().into_bytes(),
        )
        .await
        .unwrap_or_else(|e| panic!("POST {path}: {e}"));
        let kind = answer
            .headers
            .get("content-type")
            .and_then(|value| value.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        (answer.status, kind, answer.body)
    }

    #[tokio::test]
    async fn both_apis_answer_streamed_or_not_and_side_calls_briefly() {
        let tools = json!([{"name": "Edit"}]);
        let anthropic = ModelServer::start(
            Api::Anthropic,
            vec![Conversation::new(
                "go:",
                vec![
                    Reply::tool("Edit", json!({"file_path": "/a"})).into(),
                    Reply::text("done").into(),
                ],
            )],
        )
        .await;
        let first =
            json!({"model": "m", "tools": tools, "messages": [{"role": "user", "content": "go: edit"}]});
        let (status, kind, body) = post(&anthropic, "/v1/messages", first.clone()).await;
        assert_eq!((status, kind.as_str()), (200, "application/json"), "{body}");
        let message: Value = serde_json::from_str(&body).unwrap_or_default();
        assert_eq!(message["stop_reason"], "tool_use", "{body}");
        assert_eq!(message["content"][0]["input"]["file_path"], "/a", "{body}");
        let mut streamed = first.clone();
        streamed["stream"] = json!(true);
        streamed["messages"] = json!([{"role": "user", "content": "go: edit"}, {"role": "assistant", "content": []},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t", "content": "ok"}]}]);
        let (status, kind, body) = post(&anthropic, "/v1/messages?beta=true", streamed).await;
        assert_eq!((status, kind.as_str()), (200, "text/event-stream"), "{body}");
        assert!(
            body.contains("event: message_start") && body.contains("\"text\":\"done\""),
            "{body}"
        );
        assert!(body.contains("\"stop_reason\":\"end_turn\""), "{body}");
        let (_, _, side) = post(&anthropic, "/v1/messages", json!({"model": "m", "messages": []})).await;
        assert!(side.contains("\"OK\""), "{side}");
        let recorded = anthropic.requests();
        assert_eq!(recorded.len(), 3);
        assert_eq!(
            (recorded[0].step, recorded[1].step, recorded[2].main),
            (Some(0), Some(1), false)
        );
        anthropic.assert_script_done("go:");

        let responses = ModelServer::start(
            Api::Responses,
            vec![Conversation::new(
                "go:",
                vec![Reply::patch("*** Begin Patch\n*** End Patch\n").into()],
            )],
        )
        .await;
        let input = json!({"model": "m", "tools": tools, "input": [{"type": "message", "role": "user",
            "content": [{"type": "input_text", "text": "go: patch"}]}]});
        let (status, _, body) = post(&responses, "/v1/responses", input.clone()).await;
        assert_eq!(status, 200);
        let response: Value = serde_json::from_str(&body).unwrap_or_default();
        assert_eq!(response["output"][0]["type"], "custom_tool_call", "{body}");
        assert_eq!(response["output"][0]["name"], "apply_patch", "{body}");
        let mut streamed = input;
        streamed["stream"] = json!(true);
        let (_, kind, body) = post(&responses, "/v1/responses", streamed).await;
        assert_eq!(kind, "text/event-stream");
        assert!(
            body.contains("event: response.output_item.done") && body.contains("event: response.completed"),
            "{body}"
        );
        // Not a model route: 404, recorded.
        let (status, _, _) = post(&responses, "/v1/models", json!({})).await;
        assert_eq!(status, 404);
        assert_eq!(responses.requests().len(), 3);
    }
}
