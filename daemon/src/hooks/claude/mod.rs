//! Claude Code's side of the hooks (relaybay §4): its sessions as the hooks report them ([`session`]: status,
//! activity, the linking rules, the exact link an agent makes with `hook_session`), what the hooks tell an exactly
//! linked agent ([`context`]: owner comments, Stop blocks, the unread line, plan reminders), and the wake-up hook
//! ([`wake`]). [`Step`] is their place in the hook pipeline.

pub mod context;
pub mod session;
pub mod wake;

use relay_core::hook::Agent;

use super::{HookCall, StepAnswer};
use crate::handle::DaemonHandle;

/// Claude Code's hook behaviour over one daemon handle.
#[derive(Clone, Copy, Debug)]
pub struct Claude<'h> {
    handle: &'h DaemonHandle,
}

impl DaemonHandle {
    pub fn claude(&self) -> Claude<'_> {
        Claude { handle: self }
    }
}

/// The pipeline step: a Claude Code call updates its session and gets the owner's comments, reminders and Stop
/// blocks. A store failure is logged and the call goes on with what the other steps said.
#[derive(Debug)]
pub struct Step;

impl super::Step for Step {
    fn name(&self) -> &'static str {
        "claude"
    }

    fn run<'a>(&'a self, call: &'a HookCall<'a>) -> super::StepFuture<'a> {
        Box::pin(async move {
            let event = call.event;
            if event.agent != Agent::Claude {
                return StepAnswer::pass();
            }
            // Comments are delivered only on a call that goes through, within the context the steps before left.
            let budget = (!call.denied()).then(|| call.context_left().min(context::COMMENT_BUDGET));
            match call.handle.claude().hook_within(event, budget).await {
                Ok(seen) => StepAnswer {
                    context: seen.context,
                    deny: seen.block,
                    ask: None,
                },
                Err(err) => {
                    tracing::warn!(error = %err, "a Claude Code hook call was not recorded");
                    StepAnswer::pass()
                }
            }
        })
    }
}
