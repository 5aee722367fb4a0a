//! The pipeline step of the file-lock table ([`crate::coord`]): an edit claims its files (a refusal names the
//! holder's intent), a read notes presence (a heads-up when someone else edits the file), a tool's end renews the
//! session's locks, a prompt is remembered as the session's intent, Stop and SessionEnd release its locks.

use relay_core::hook::Decision;

use super::{HookCall, StepAnswer, StepFuture};

#[derive(Debug)]
pub struct Step;

impl super::Step for Step {
    fn name(&self) -> &'static str {
        "locks"
    }

    fn run<'a>(&'a self, call: &'a HookCall<'a>) -> StepFuture<'a> {
        Box::pin(async move {
            let (decision, contended) = call.handle.coord().decide(call.event, call.now_ms);
            if contended {
                // Written after the answer goes out: a claim never waits on SQLite.
                call.handle.spawn_contention_events();
            }
            match decision {
                Decision::Allow => StepAnswer::pass(),
                Decision::Context { text } => StepAnswer {
                    context: vec![text],
                    deny: None,
                    ask: None,
                },
                Decision::Deny { reason } => StepAnswer {
                    context: Vec::new(),
                    deny: Some(reason),
                    ask: None,
                },
                Decision::Ask { reason, context } => StepAnswer {
                    context: (!context.is_empty()).then_some(context).into_iter().collect(),
                    deny: None,
                    ask: Some(reason),
                },
            }
        })
    }
}
