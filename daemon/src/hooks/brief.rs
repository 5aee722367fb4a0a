//! The pre-tool brief step: the first time a session edits a file the memory graph knows something about, its
//! agent gets a short brief in the pre-tool hook's context — who else is on the file and why, the last decisions,
//! who to ask. Read from the graph's in-memory cache ([`crate::graph::cache`]), never from FalkorDB; off with
//! `graph_pre_tool_brief = false`. Agents without a pre-tool context channel drop it (the dialect does).

use relay_core::hook::Phase;

use super::{HookCall, StepAnswer, StepFuture};

#[derive(Debug)]
pub struct Step;

impl super::Step for Step {
    fn name(&self) -> &'static str {
        "brief"
    }

    fn run<'a>(&'a self, call: &'a HookCall<'a>) -> StepFuture<'a> {
        Box::pin(async move {
            let event = call.event;
            if event.phase != Phase::PreTool || call.denied() || !call.handle.config().graph_pre_tool_brief {
                return StepAnswer::pass();
            }
            let Some(files) = &event.edit else {
                return StepAnswer::pass();
            };
            let files: Vec<std::path::PathBuf> = files.iter().map(|f| event.resolve(f)).collect();
            let refs: Vec<&std::path::Path> = files.iter().map(std::path::PathBuf::as_path).collect();
            let session = event.session_id.to_string();
            match call
                .handle
                .graph()
                .briefs()
                .pre_tool(&session, &refs, call.now_ms)
            {
                Some(text) if text.len() < call.context_left() => StepAnswer {
                    context: vec![text],
                    deny: None,
                    ask: None,
                },
                _ => StepAnswer::pass(),
            }
        })
    }
}
