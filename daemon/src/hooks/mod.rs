//! The hook pipeline: one agent hook call in, the agent's answer out.
//!
//! [`DaemonHandle::handle_hook`] reads the payload into one [`HookEvent`] (the product from its fingerprint),
//! runs the [`STEPS`] in order over it, merges what they said with [`merge`] and renders the answer in the
//! product's dialect. The steps:
//!
//! 0. [`guard`] — relaybay §7's guard: a shell command or an MCP tool's input against the access map of the
//!    session's environments (deny / ask / warn; `live.action` for calls touching live);
//! 1. [`locks`] — the file-lock table: claims for edits, presence for reads, heartbeats, release at Stop;
//! 2. [`undo`] — a snapshot of the uncommitted work before a command that discards it, and whose work it is;
//! 3. `brief` — the memory graph's pre-tool brief, the first time a session edits a file (from memory);
//! 4. [`claude`] — Claude Code's sessions, the owner's comments, plan reminders and Stop blocks;
//! 5. `ledger` — a Stop hook's transcript handed to the ledger's ingest queue (never waited on).
//!
//! **The merge rule.** The first step that denies decides the answer, with its reason (then the first that asks,
//! with the other steps' context alongside); the context lines of a
//! denied call are dropped (they come with the next call, and a step sees [`HookCall::denied`] so it does not use
//! up what it would say, such as delivering a comment). Otherwise the context lines of every step are joined in
//! step order, within one shared budget of [`CONTEXT_BUDGET`] characters: each step is told what is left
//! ([`HookCall::context_left`]) and keeps within it; lines past the budget are cut with a line saying so.
//!
//! Nothing on this path waits for another agent: steps read memory and the store, and hand slow writes (the
//! `lock.contended` events) to background tasks. Adding a step is one file here and one line in [`STEPS`].

mod brief;
pub mod claude;
mod guard;
mod ledger;
mod locks;
pub mod undo;

use std::future::Future;
use std::pin::Pin;

use relay_core::hook::{Agent, Decision, HookError, HookEvent, Phase, allow, answer, read_event};

use crate::handle::DaemonHandle;
pub use crate::runner::hooks::ContainerOrigin;

/// The most characters of context one hook answer carries, all steps together.
pub const CONTEXT_BUDGET: usize = 10_000;

/// The pipeline, in order.
pub static STEPS: &[&(dyn Step + Sync)] = &[
    &guard::Step,
    &locks::Step,
    &undo::Step,
    &brief::Step,
    &claude::Step,
    &ledger::Step,
];

/// What `relay hook` prints on stdout (empty, or one line of JSON in the agent's dialect) before exiting 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HookAnswer {
    pub stdout: String,
}

/// One hook call as the steps see it: the event, the clock reading it is judged at, and what the steps before
/// said.
#[derive(Debug)]
pub struct HookCall<'a> {
    pub handle: &'a DaemonHandle,
    pub event: &'a HookEvent,
    pub now_ms: i64,
    denied: bool,
    context_used: usize,
}

impl HookCall<'_> {
    /// Whether an earlier step refused the call (the answer is that refusal, whatever this step says).
    pub fn denied(&self) -> bool {
        self.denied
    }

    /// Characters of context this step may still add.
    pub fn context_left(&self) -> usize {
        CONTEXT_BUDGET.saturating_sub(self.context_used)
    }
}

/// What one step says about a call.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StepAnswer {
    /// Lines for the agent's context, in order.
    pub context: Vec<String>,
    /// A refusal's reason.
    pub deny: Option<String>,
    /// The owner is asked in the agent's permission prompt, with this reason (pre-tool only; weaker than a deny).
    pub ask: Option<String>,
}

impl StepAnswer {
    /// Nothing to say: the call goes on.
    pub fn pass() -> StepAnswer {
        StepAnswer::default()
    }
}

/// A step's work on one call.
pub type StepFuture<'a> = Pin<Box<dyn Future<Output = StepAnswer> + Send + 'a>>;

/// One step of the pipeline. A step never fails the call: it logs what went wrong and passes.
pub trait Step: std::fmt::Debug {
    /// The step's name, for logs.
    fn name(&self) -> &'static str;
    fn run<'a>(&'a self, call: &'a HookCall<'a>) -> StepFuture<'a>;
}

/// The merge rule (see the module documentation): the first deny wins; otherwise the contexts in step order
/// within `budget` characters.
pub fn merge(answers: impl IntoIterator<Item = StepAnswer>, budget: usize) -> Decision {
    let mut lines = Vec::new();
    let mut ask = None;
    for answer in answers {
        if let Some(reason) = answer.deny {
            return Decision::Deny { reason };
        }
        if ask.is_none() {
            ask = answer.ask;
        }
        lines.extend(answer.context);
    }
    let mut text = String::new();
    let mut cut = 0;
    for line in lines {
        let separator = usize::from(!text.is_empty());
        if cut > 0 || text.len() + separator + line.len() > budget {
            cut += 1;
            continue;
        }
        if separator == 1 {
            text.push('\n');
        }
        text.push_str(&line);
    }
    if cut > 0 {
        tracing::warn!(cut, budget, "hook context over its budget; lines cut");
        if !text.is_empty() {
            text.push('\n');
        }
        text.push_str(&format!(
            "({cut} more line(s) cut: relay's hook context is limited to {budget} characters.)"
        ));
    }
    match (ask, text.is_empty()) {
        (Some(reason), _) => Decision::Ask {
            reason,
            context: text,
        },
        (None, true) => Decision::Allow,
        (None, false) => Decision::Context { text },
    }
}

impl DaemonHandle {
    /// Answers one agent hook call through the pipeline. Anything unusable in the payload is answered with the
    /// declared agent's allow form (and a debug log line that never quotes the payload).
    pub async fn handle_hook(&self, agent: Agent, phase: Phase, body: &[u8]) -> HookAnswer {
        self.handle_hook_with(agent, phase, body, |_| true).await
    }

    /// A hook call that came in on a docker session's own hook socket ([`crate::runner::hooks`]): the event is
    /// made that session's ([`ContainerOrigin::adopt`]) — or, when it names an agent session another container
    /// owns, answered with the allow form and nothing done.
    pub async fn handle_container_hook(
        &self,
        agent: Agent,
        phase: Phase,
        body: &[u8],
        origin: &ContainerOrigin,
    ) -> HookAnswer {
        let runner = self.runner();
        self.handle_hook_with(agent, phase, body, |event| origin.adopt(event, &runner))
            .await
    }

    /// Reads the payload, lets `admit` adjust the event or refuse it (the allow form, nothing done), and runs
    /// the pipeline.
    async fn handle_hook_with(
        &self,
        agent: Agent,
        phase: Phase,
        body: &[u8],
        admit: impl FnOnce(&mut HookEvent) -> bool,
    ) -> HookAnswer {
        let answered = match read_event(agent, phase, body) {
            Ok(mut event) => match admit(&mut event) {
                true => {
                    let decision = self.run_steps(STEPS, &event).await;
                    answer(event.agent, event.phase, &decision)
                }
                false => allow(event.agent, event.phase),
            },
            Err(err) => {
                tracing::debug!(agent = agent.cli_name(), phase = phase.cli_name(), problem = %problem(&err), "hook answered with the allow form");
                allow(agent, phase)
            }
        };
        HookAnswer {
            stdout: answered.stdout(),
        }
    }

    /// Runs `steps` in order over one event and merges their answers.
    async fn run_steps(&self, steps: &[&(dyn Step + Sync)], event: &HookEvent) -> Decision {
        let mut call = HookCall {
            handle: self,
            event,
            now_ms: self.now_ms(),
            denied: false,
            context_used: 0,
        };
        let mut answers = Vec::with_capacity(steps.len());
        for step in steps {
            let answer = step.run(&call).await;
            if answer.deny.is_some() {
                tracing::debug!(step = step.name(), "hook call refused");
            }
            call.denied |= answer.deny.is_some();
            call.context_used += answer.context.iter().map(|line| line.len() + 1).sum::<usize>();
            answers.push(answer);
        }
        merge(answers, CONTEXT_BUDGET)
    }
}

/// The error's words without any of the payload (`NotJson` quotes its start).
fn problem(err: &HookError) -> String {
    match err {
        HookError::NotJson { agent, source, .. } => format!("{agent} hook payload is not JSON ({source})"),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests;
